"""Farkle messages: English."""

MESSAGES: dict[str, str] = {
    "farkle.lost_turn": "Turn lost!",
    "farkle.hot_dice": "Hot dice!",
    "farkle.last_round": "Last round!",
    "farkle.setup.title_ai": "Humans + 1 AI",
}
