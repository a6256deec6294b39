"""farkle messages: tr."""

MESSAGES: dict[str, str] = {}
