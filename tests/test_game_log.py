"""The game log of both games: every player's turns, step by step, in the language of
the moment, with each turn's outcome; undo, saving and reading back, the view."""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fake_host import FakeHost, Page
from test_play_framework import FARKLE, GAMES, PENTA, Game, game, ids, open_game, screen, started
from zaria.i18n import Translator
from zaria_web.app import App
from zaria_web.farkle.screen import SPEC as FARKLE_SPEC
from zaria_web.penta.screen import SPEC as PENTA_SPEC
from zaria_web.play.log import GameLog, Note, Turn
from zaria_web.play.screen import READ_MS
from zaria_web.ui.widgets import log_line

#: Penta: 1, 1, 2, 3, 4, keep the 1s, then 1, 1, 1: a Penta (50).
PENTA_DICE = "11234,111"
#: Farkle: 1 of 1, 5, 5, 2, 3, 4; 1, 1, 1, 5 of 1, 1, 1, 5, 6; the last 5: hot dice;
#: 2, 3, 4, 6, 2, 3 loses the turn. Then a 1 of 1, 5, 5, 2, 3, 4, banked (100).
FARKLE_DICE = "155234,11156,5,234623,155234"


#: Every step and kind of turn either game's log may hold.
MESSAGES = {**PENTA_SPEC.log_notes, **FARKLE_SPEC.log_notes}
KINDS = PENTA_SPEC.turn_kinds + FARKLE_SPEC.turn_kinds
FACTS = {**PENTA_SPEC.turn_facts, **FARKLE_SPEC.turn_facts}


def read(d: Any, seats: int) -> GameLog:
    """A log of steps and turns of either game."""
    return GameLog.from_dict(d, seats, MESSAGES, KINDS, FACTS)


def lines(app: App, turn: Turn, lang: str = "en") -> list[str]:
    name = game(app).seats[turn.seat].name
    words = {**PENTA_SPEC.log_words, **FARKLE_SPEC.log_words}
    return [log_line(Translator(lang), n, name, words) for n in turn.steps]


def penta_turn(app: App) -> None:
    app.action("roll", {})
    app.action("hold", {"index": "0"})
    app.action("hold", {"index": "1"})
    app.action("roll", {})
    app.action("box", {"box": "penta"})
    app.action("validate", {})


def farkle_bust(app: App) -> None:
    app.action("roll", {})
    app.action("toggle", {"pos": "1"})
    app.action("roll", {})
    for pos in "1234":
        app.action("toggle", {"pos": pos})
    app.action("roll", {})
    app.action("toggle", {"pos": "1"})
    app.action("roll", {})  # hot dice: all six again, and nothing scores


def farkle_bank(app: App) -> None:
    app.action("roll", {})
    app.action("toggle", {"pos": "1"})
    app.action("bank", {})


def test_penta_logs_the_rolls_the_dice_kept_and_the_box() -> None:
    app, host = started(PENTA, dice=PENTA_DICE)
    penta_turn(app)
    (turn,) = screen(app).log.turns
    assert lines(app, turn) == [
        "Rolled 1, 1, 2, 3, 4",
        "Ann keeps 1, 1",
        "Rolled 1, 1, 1, 1, 1",
        "Ann scores 50 in Penta.",
    ]
    assert (turn.seat, turn.round, turn.kind, turn.points, turn.total, turn.facts["box"]) == (
        0,
        1,
        "record",
        50,
        50,
        "penta",
    )
    assert screen(app).log.finished(0) == [turn]
    page = Page(host.screen_html)
    assert page.text["penta-turn-log-title"] == "Ann’s last turn"
    assert "Ann scores 50 in Penta." in page.text["penta-turn-log-steps"]


def test_penta_a_turn_s_points_count_the_bonuses_it_earned() -> None:
    # A second Penta: 50 bonus... the box is gone, a Penta in Chance scores 5 + 100.
    app, _ = started(PENTA, dice="11111,11111")
    app.action("roll", {})
    app.action("box", {"box": "penta"})
    app.action("validate", {})
    app.action("roll", {})
    app.action("box", {"box": "aces"})
    app.action("validate", {})
    first, second = screen(app).log.turns
    assert (first.points, first.total) == (50, 50)
    second_box = second.facts["box"]
    assert (second.kind, second_box, second.points, second.total) == ("record", "aces", 105, 155)
    assert lines(app, second)[-1] == "Penta bonus +100!"


def test_farkle_logs_set_asides_hot_dice_a_lost_turn_and_a_bank() -> None:
    app, host = started(FARKLE, dice=FARKLE_DICE)
    farkle_bust(app)
    farkle_bank(app)
    bust, bank = screen(app).log.turns
    assert lines(app, bust) == [
        "Ann rolls 1, 5, 5, 2, 3, 4.",
        "Ann sets aside 1.",
        "Ann rolls 1, 1, 1, 5, 6.",
        "Ann sets aside 1, 1, 1, 5.",
        "Ann rolls 5.",
        "Ann sets aside 5.",
        "All six dice are back in play; the turn keeps its 1,200 points.",
        "Ann rolls 2, 3, 4, 6, 2, 3.",
        "Ann loses the 1,200 points of this turn; the banked total stays at 0.",
    ]
    assert (bust.round, bust.kind, bust.points, bust.total, bust.facts["hot_dice"]) == (
        1,
        "bust",
        0,
        0,
        1,
    )
    assert lines(app, bank) == [
        "Ann rolls 1, 5, 5, 2, 3, 4.",
        "Ann sets aside 1.",
        "Ann banks 100",
        "New total: 100.",
    ]
    assert (bank.round, bank.kind, bank.points, bank.total, bank.facts.get("hot_dice", 0)) == (
        2,
        "bank",
        100,
        100,
        0,
    )
    assert screen(app).log.finished(0) == [bust, bank]
    # The earlier turn is folded under the latest, by round: drawn once unfolded.
    assert "Game log (1 turn)" in host.screen_html and "Round 1" not in host.screen_html
    app.action("log", {})
    assert "Round 1" in Page(host.screen_html).text["fk-log-all"]


def test_farkle_a_penalty_is_taken_off_the_turn_s_total() -> None:
    app, _host = open_game(FARKLE, {"dice": "234623,234623,234623"})
    app.action("rule", {"field": "farkle_penalty", "value": "500"})
    app.action("seat-computer", {"value": "off", "event": "change"})
    app.action("start", {})
    for _ in range(3):
        app.action("roll", {})
    third = screen(app).log.turns[-1]
    assert (third.kind, third.total) == ("bust", -500)
    assert lines(app, third)[-1] == "Player 1 lost a third turn in a row: −500, total −500."


@pytest.mark.parametrize("g", GAMES, ids=ids)
def test_the_computer_s_turns_are_logged_with_their_outcome(g: Game) -> None:
    app, host = started(g, computer=True, dice=PENTA_DICE if g is PENTA else FARKLE_DICE)
    app.set_setting("pace", "instant")
    if g is PENTA:
        penta_turn(app)
    else:
        farkle_bust(app)
    host.advance(0)  # the computer's whole turn
    log = screen(app).log
    assert game(app).current == 0 and [t.seat for t in log.turns] == [0, 1]
    turn = log.turns[1]
    said = lines(app, turn)
    assert said[0].startswith("Rolled" if g is PENTA else "Computer rolls")
    assert turn.kind in (("record",) if g is PENTA else ("bank", "bust"))
    assert turn.total == (game(app).totals(1).total if g is PENTA else game(app).banked[1])
    # What the computer held or set aside is written once, before the roll or bank.
    assert all(a != b for a, b in itertools.pairwise(said))
    keeps = "keeps" if g is PENTA else "sets aside"
    assert any(keeps in line for line in said) or turn.kind == "bust" or len(said) <= 2
    if g is PENTA:
        assert turn.facts["box"] and turn.facts["box"] not in {b for b in game(app).options()}
    assert Page(host.screen_html).text[f"{g.prefix}-turn-log-title"] == "Computer’s last turn"


@pytest.mark.parametrize("g", GAMES, ids=ids)
def test_the_computer_s_turn_is_logged_step_by_step_while_it_plays(g: Game) -> None:
    # The computer's first Penta roll is scripted too: a random one (a large straight)
    # may be recorded at once, with no second step to log.
    dice = PENTA_DICE + ",11236" if g is PENTA else FARKLE_DICE
    app, host = started(g, computer=True, dice=dice)
    if g is PENTA:
        penta_turn(app)
    else:
        farkle_bust(app)
    host.advance(READ_MS["normal"])  # the person's turn is read first
    first = screen(app).log.turns[-1]
    assert first.seat == 1 and not first.kind and len(first.steps) == 1
    host.advance(1000)
    assert screen(app).log.turns[-1] is first and len(first.steps) == 2


@pytest.mark.parametrize("g", GAMES, ids=ids)
def test_an_undone_decision_leaves_its_turn_open_with_a_line_saying_so(g: Game) -> None:
    app, host = started(g, dice=PENTA_DICE if g is PENTA else "155234,155234")
    if g is PENTA:
        penta_turn(app)
    else:
        farkle_bank(app)
    app.action("undo", {})
    (turn,) = screen(app).log.turns
    assert (turn.kind, turn.points, turn.total, turn.facts.get("box", "")) == ("", 0, 0, "")
    if g is PENTA:
        assert lines(app, turn)[-2:] == ["Rolled 1, 1, 1, 1, 1", "Ann took back Penta."]
        app.action("box", {"box": "aces"})
        app.action("validate", {})
    else:
        assert lines(app, turn) == ["Ann rolls 1, 5, 5, 2, 3, 4.", "Ann took back the bank of 100."]
        app.action("bank", {})
    (turn,) = screen(app).log.turns
    assert turn.kind == ("record" if g is PENTA else "bank")
    assert turn.points == (5 if g is PENTA else 100)
    assert "took back" in Page(host.screen_html).text[f"{g.prefix}-turn-log-steps"]


@pytest.mark.parametrize("g", GAMES, ids=ids)
def test_a_language_switch_redraws_the_same_log_in_other_words(g: Game) -> None:
    app, host = started(g, dice=PENTA_DICE if g is PENTA else FARKLE_DICE)
    penta_turn(app) if g is PENTA else farkle_bust(app)
    before = [t.steps[:] for t in screen(app).log.turns]
    english = Page(host.screen_html).text[f"{g.prefix}-turn-log-steps"]
    app.set_language("fr")
    assert [t.steps for t in screen(app).log.turns] == before
    french = Page(host.screen_html).text[f"{g.prefix}-turn-log-steps"]
    turn = screen(app).log.turns[-1]
    assert french != english
    for line in lines(app, turn, "fr"):
        assert line in french
    title = f'<h2 id="{g.prefix}-turn-log-title">Tour précédent d’<bdi>Ann</bdi></h2>'
    assert title in host.screen_html  # «d’Ann»: elided before the vowel


@pytest.mark.parametrize("g", GAMES, ids=ids)
def test_the_log_is_saved_with_the_game_and_read_back(g: Game) -> None:
    app, host = started(g, dice=PENTA_DICE if g is PENTA else FARKLE_DICE)
    penta_turn(app) if g is PENTA else farkle_bust(app)
    app.action("roll", {})  # the next turn, in progress
    log = screen(app).log
    assert len(log.turns) == 2 and not log.turns[1].kind
    again, host2 = open_game(g, host=FakeHost(dict(host.storage)))
    assert screen(again).log == log
    assert Page(host2.screen_html).text[f"{g.prefix}-turn-log-title"] == "Ann’s turn"


def _saved(host: FakeHost, g: Game) -> dict[str, Any]:
    saved: dict[str, Any] = json.loads(host.storage[f"zaria.save.{g.name}"])
    return saved


@pytest.mark.parametrize("g", GAMES, ids=ids)
@pytest.mark.parametrize(
    "bad",
    [
        "not a log",
        {"turns": [{"seat": 7}]},
        {"turns": [[]]},
        {"turns": [{"seat": 0, "round": 1, "steps": [["no.such.message", {}]], "kind": "bank"}]},
        # A message id that is not text (unhashable: a crash of the reader before).
        {"turns": [{"seat": 0, "round": 1, "steps": [[["farkle.event.rolled"], {}]]}]},
        {"turns": [{"seat": 0, "round": 1, "steps": [[{"a": 1}, {}]]}]},
    ],
)
def test_a_malformed_saved_log_is_dropped_and_the_game_goes_on(g: Game, bad: Any) -> None:
    app, host = started(g, dice=PENTA_DICE if g is PENTA else FARKLE_DICE)
    penta_turn(app) if g is PENTA else farkle_bust(app)
    state = _saved(host, g)
    state["state"]["log"] = bad
    host.storage[f"zaria.save.{g.name}"] = json.dumps(state)
    again, _host2 = open_game(g, host=FakeHost(dict(host.storage)))
    assert screen(again).phase == "play" and game(again).to_dict() == game(app).to_dict()
    assert screen(again).log == GameLog()
    again.action("roll", {})  # the log starts again from here
    assert [t.seat for t in screen(again).log.turns] == [0]


@pytest.mark.parametrize("g", GAMES, ids=ids)
def test_an_older_save_without_a_log_resumes_with_an_empty_one(g: Game) -> None:
    app, host = started(g, dice=PENTA_DICE if g is PENTA else FARKLE_DICE)
    penta_turn(app) if g is PENTA else farkle_bust(app)
    state = _saved(host, g)
    assert state["state"]["log"]["turns"]
    del state["state"]["log"]
    host.storage[f"zaria.save.{g.name}"] = json.dumps(state)
    again, host2 = open_game(g, host=FakeHost(dict(host.storage)))
    assert screen(again).phase == "play" and screen(again).log == GameLog()
    assert not Page(host2.screen_html).has(f"{g.prefix}-turn-log")


@pytest.mark.parametrize("g", GAMES, ids=ids)
def test_the_earlier_turns_fold_and_unfold(g: Game) -> None:
    app, host = started(g, dice=PENTA_DICE if g is PENTA else FARKLE_DICE)
    penta_turn(app) if g is PENTA else farkle_bust(app)
    app.action("roll", {})
    html = host.screen_html
    assert f'<details class="log-all" id="{g.prefix}-log-all">' in html  # closed
    app.action("log", {})
    assert f'<details class="log-all" id="{g.prefix}-log-all" open>' in host.screen_html
    app.action("log", {})
    assert f'<details class="log-all" id="{g.prefix}-log-all">' in host.screen_html


@pytest.mark.parametrize("g", GAMES, ids=ids)
def test_a_new_game_starts_a_new_log(g: Game) -> None:
    app, _ = started(g, dice=PENTA_DICE if g is PENTA else FARKLE_DICE)
    penta_turn(app) if g is PENTA else farkle_bust(app)
    assert screen(app).log.turns
    app.action("new", {})
    app.action("confirm-new", {})
    app.action("start", {})
    assert screen(app).log == GameLog()


# -- the log's own form ---------------------------------------------------------------------

_values = st.one_of(st.integers(-(10**6), 10**6), st.text(max_size=20))
_notes = st.sampled_from(sorted(MESSAGES)).flatmap(
    lambda m: st.fixed_dictionaries({k: _values for k in MESSAGES[m]}).map(
        lambda p: Note.of(m, **p)
    )
)
_turns = st.builds(
    Turn,
    seat=st.integers(0, 3),
    round=st.integers(1, 30),
    steps=st.lists(_notes, max_size=6),
    kind=st.sampled_from(["record", "bank", "bust"]),
    points=st.integers(0, 5000),
    total=st.integers(-3000, 20000),
    facts=st.fixed_dictionaries(
        {}, optional={"hot_dice": st.integers(0, 4), "box": st.sampled_from(["", "aces", "penta"])}
    ),
)


@given(st.lists(_turns, max_size=8), st.booleans())
def test_a_log_reads_back_what_it_wrote(turns: list[Turn], in_progress: bool) -> None:
    turns.sort(key=lambda t: t.round)  # a game's rounds only go forward
    if in_progress and turns:
        turns[-1].kind = ""
    log = GameLog(turns)
    assert read(json.loads(json.dumps(log.to_dict())), 4) == log


@pytest.mark.parametrize(
    "bad",
    [
        None,
        [],
        {"turns": {}},
        {"turns": [{"seat": 4, "round": 1, "steps": [], "kind": "bank"}]},
        {"turns": [{"seat": 0, "round": 0, "steps": [], "kind": "bank"}]},
        {"turns": [{"seat": True, "round": 1, "steps": [], "kind": "bank"}]},
        {"turns": [{"seat": 0, "round": 1, "steps": [["farkle.event.rolled", {}]]}]},
        {"turns": [{"seat": 0, "round": 1, "steps": [["farkle.event.rolled", [1]]]}]},
        {"turns": [{"seat": 0, "round": 1, "steps": [["farkle.event.rolled", {"dice": 1.5}]]}]},
        {"turns": [{"seat": 0, "round": 1, "steps": [], "kind": "win"}]},
        {"turns": [{"seat": 0, "round": 1, "steps": [], "kind": "", "points": 0, "total": 0}] * 2},
        {"turns": [{"seat": 0, "round": 1, "steps": [], "kind": "bank", "points": -1}]},
    ],
)
def test_a_malformed_log_is_refused(bad: Any) -> None:
    with pytest.raises(ValueError):
        read(bad, 4)


def test_a_game_s_log_holds_only_its_own_steps_and_kinds_of_turn() -> None:
    fields = {"seat": 0, "round": 1, "points": 5, "total": 5, "hot_dice": 0, "box": ""}
    farkle_step = {**fields, "steps": [["farkle.event.rolled", {"dice": "1"}]], "kind": ""}
    penta_turn = {**fields, "steps": [], "kind": "record"}
    penta = (PENTA_SPEC.log_notes, PENTA_SPEC.turn_kinds)
    farkle = (FARKLE_SPEC.log_notes, FARKLE_SPEC.turn_kinds)
    assert GameLog.from_dict({"turns": [farkle_step]}, 1, *farkle).turns[0].steps
    with pytest.raises(ValueError, match=r"unknown message 'farkle\.event\.rolled'"):
        GameLog.from_dict({"turns": [farkle_step]}, 1, *penta)
    assert GameLog.from_dict({"turns": [penta_turn]}, 1, *penta).turns[0].kind == "record"
    with pytest.raises(ValueError, match="unknown kind of turn 'record'"):
        GameLog.from_dict({"turns": [penta_turn]}, 1, *farkle)


def test_a_sound_log_with_every_field_reads_back() -> None:
    turn = {"seat": 1, "round": 2, "steps": [], "kind": "bank", "points": 50}
    full = {**turn, "total": 50, "facts": {"hot_dice": 2}}
    assert read({"turns": [full]}, 2).turns == [Turn(1, 2, [], "bank", 50, 50, {"hot_dice": 2})]


def test_a_log_written_before_turns_had_facts_keeps_them() -> None:
    # Such a log kept every game's fields on every turn, beside the turn's own.
    old = {"seat": 0, "round": 1, "steps": [], "kind": "record", "points": 50, "total": 50}
    old |= {"hot_dice": 0, "box": "penta"}
    penta = (PENTA_SPEC.log_notes, PENTA_SPEC.turn_kinds, PENTA_SPEC.turn_facts)
    (turn,) = GameLog.from_dict({"turns": [old]}, 1, *penta).turns
    assert turn.facts == {"box": "penta"}
    farkle = (FARKLE_SPEC.log_notes, FARKLE_SPEC.turn_kinds, FARKLE_SPEC.turn_facts)
    old |= {"kind": "bank", "hot_dice": 3}
    assert GameLog.from_dict({"turns": [old]}, 1, *farkle).turns[0].facts == {"hot_dice": 3}


def test_a_turn_notes_only_its_own_game_s_facts() -> None:
    turn = {"seat": 0, "round": 1, "steps": [], "kind": "bank", "points": 0, "total": 0}
    farkle = (FARKLE_SPEC.log_notes, FARKLE_SPEC.turn_kinds, FARKLE_SPEC.turn_facts)
    with pytest.raises(ValueError, match=r"unknown facts of a turn: \['box'\]"):
        GameLog.from_dict({"turns": [{**turn, "facts": {"box": "aces"}}]}, 1, *farkle)
    with pytest.raises(ValueError, match="hot_dice is not a whole number"):
        GameLog.from_dict({"turns": [{**turn, "facts": {"hot_dice": "2"}}]}, 1, *farkle)


def test_farkle_s_end_screen_shows_the_race_by_round_and_the_whole_log() -> None:
    app, host = open_game(FARKLE, {"dice": "155234,111111,111111"})
    app.action("target", {"value": "5000"})
    app.action("seat-name", {"index": "0", "value": "Ann", "event": "input"})
    app.action("seat-computer", {"value": "off", "event": "change"})
    app.action("start", {})
    farkle_bank(app)  # 100 in round 1
    app.action("roll", {})
    for pos in "123456":
        app.action("toggle", {"pos": pos})
    app.action("roll", {})  # hot dice
    for pos in "123456":
        app.action("toggle", {"pos": pos})
    app.action("bank", {})  # 6,100 in round 2: the game is over
    assert screen(app).phase == "end"
    html = host.screen_html
    race = html[html.index('id="fk-race') : html.index("</figure>")]
    assert "The race: each player’s score by round" in race and "Target 5,000" in race
    assert "<table" in race and "6,100" in race and "100" in race
    assert [t.total for t in screen(app).log.finished(0)] == [100, 6100]
    # The whole log, folded: both turns, once unfolded.
    assert "Game log (2 turns)" in html and 'id="fk-log-all"' in html
    app.action("log", {})
    folded = Page(host.screen_html).text["fk-log-all"]
    assert "Ann banks 6,000 New total: 6,100." in folded
    assert "one more turn" not in folded  # the bank ended the game: no last round


def _turn(round_: int, total: int = 0) -> dict[str, Any]:
    return {"seat": 0, "round": round_, "steps": [], "kind": "bank", "points": 0,
            "total": total, "facts": {}}  # fmt: skip


@pytest.mark.parametrize(
    "turns",
    [
        [_turn(10**6)],  # a round no game reaches
        [_turn(3), _turn(2)],  # rounds going back
        [_turn(1, total=10**400)],  # a number no sum or chart can take
    ],
    ids=["huge round", "rounds back", "huge total"],
)
def test_a_log_with_numbers_no_game_has_is_refused(turns: list[dict[str, Any]]) -> None:
    with pytest.raises(ValueError, match="game log"):
        read({"turns": turns}, 1)


def test_farkle_s_race_has_no_more_rounds_than_the_game_played() -> None:
    app, _host = started(FARKLE, dice=FARKLE_DICE)
    farkle_bust(app)
    s = screen(app)
    played = max(game(app).turns)
    s.log.turns[-1].round = 50  # what a stored log could claim
    race = s.part._race()  # type: ignore[attr-defined]
    assert len(race[0]) == played + 1
