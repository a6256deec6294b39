"""The rules pages: tr."""

MESSAGES: dict[str, str] = {}
