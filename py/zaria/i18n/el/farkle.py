"""farkle messages: el."""

MESSAGES: dict[str, str] = {}
