"""penta messages: el."""

MESSAGES: dict[str, str] = {}
