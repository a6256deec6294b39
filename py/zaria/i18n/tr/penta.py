"""penta messages: tr."""

MESSAGES: dict[str, str] = {}
