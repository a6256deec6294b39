"""penta messages: fr."""

MESSAGES: dict[str, str] = {}
