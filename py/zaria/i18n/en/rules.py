"""The rules pages: en."""

MESSAGES: dict[str, str] = {}
