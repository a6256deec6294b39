"""penta messages: en."""

MESSAGES: dict[str, str] = {}
