"""Farkle messages: French. «Tour perdu !», «Dés chauds !», «Dernier tour !» and
«Humains + 1 IA» are the app's own words, quoted by the rules text."""

MESSAGES: dict[str, str] = {
    "farkle.lost_turn": "Tour perdu !",
    "farkle.hot_dice": "Dés chauds !",
    "farkle.last_round": "Dernier tour !",
    "farkle.setup.title_ai": "Humains + 1 IA",
}
