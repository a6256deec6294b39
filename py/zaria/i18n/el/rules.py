"""The rules pages: el."""

MESSAGES: dict[str, str] = {}
