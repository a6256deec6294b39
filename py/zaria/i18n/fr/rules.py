"""The rules pages: fr."""

MESSAGES: dict[str, str] = {}
