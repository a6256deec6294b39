"""Undo in both engines: the last record (Penta) or bank (Farkle), one step, until the next roll.

What both games share is parametrised over a small :class:`Spec` per game (how to
get to a decision, make it, and roll next); then each rule an undo must take back
with the decision: a Penta joker and its 100, the upper bonus crossing 63, a
Farkle bank after hot dice, one that started the last round and one that ended
the game, the lost-turn count and the opening minimum.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from zaria.errors import (
    ComputerMoveError,
    IllegalActionError,
    NothingToUndoError,
    NotYourUndoError,
    StateError,
    StrictGameError,
    UndoError,
)
from zaria.farkle.events import EventKind
from zaria.farkle.game import Bank, FarkleGame
from zaria.farkle.game import Roll as FarkleRoll
from zaria.farkle.players import player_for as farkle_player
from zaria.farkle.rules import FarkleRules
from zaria.game import Seat, Undo
from zaria.i18n import LANGUAGES, Translator
from zaria.penta.game import PentaGame, Record
from zaria.penta.game import Roll as PentaRoll
from zaria.penta.players import player_for as penta_player
from zaria.penta.scoring import BOXES, Box

Game = PentaGame | FarkleGame
LOSE = (2, 3, 4, 6, 2, 3)  # six Farkle dice that score nothing


@dataclass(frozen=True)
class Spec:
    """How one game gets to a decision that ends a turn, makes it, and rolls next."""

    name: str
    new: Callable[..., Game]  # (seats, strict=…)
    ready: Callable[[Any], None]  # roll (and select) so that the decision is possible
    decide: Callable[[Any], None]  # record / bank
    decision: Any  # the decision's action value


def _penta_ready(g: PentaGame) -> None:
    g.apply_roll([1, 2, 3, 4, 6])


def _farkle_ready(g: FarkleGame) -> None:
    g.apply_roll([1, 2, 3, 4, 6, 6])
    g.toggle(0)


PENTA = Spec(
    "penta",
    lambda seats, **kw: PentaGame.new(seats, **kw),
    _penta_ready,
    lambda g: g.record(Box.CHANCE),
    Record(Box.CHANCE),
)
FARKLE = Spec(
    "farkle",
    lambda seats, **kw: FarkleGame.new(seats, **kw),
    _farkle_ready,
    lambda g: g.bank(),
    Bank(),
)
SPECS = [PENTA, FARKLE]
BOTH = pytest.mark.parametrize("spec", SPECS, ids=[s.name for s in SPECS])
TWO = [Seat("Ana"), Seat("Bo")]


def without_undos(d: dict[str, Any]) -> dict[str, Any]:
    """``d`` but for the undo counts, the one part an undo must move."""
    return {k: v for k, v in d.items() if k != "undos"}


def undone(g: Game, before: dict[str, Any], seat: int) -> None:
    """``g`` is exactly ``before``, with one more undo counted for ``seat``."""
    d = g.to_dict()
    assert without_undos(d) == without_undos(before)
    expected = list(before["undos"])
    expected[seat] += 1
    assert d["undos"] == expected
    assert not g.can_undo() and Undo() not in g.legal_actions()


def refused(g: Game, call: Callable[[], object], error: type[UndoError], msg_id: str) -> None:
    """``call`` raises ``error`` with ``msg_id``, sayable in every language, and changes nothing."""
    before = g.to_dict()
    with pytest.raises(error) as info:
        call()
    assert info.value.msg_id == msg_id and isinstance(info.value, IllegalActionError)
    for lang in LANGUAGES:
        assert Translator(lang)(msg_id, **info.value.params) != msg_id
    assert g.to_dict() == before


def reload(g: Game) -> Game:
    return type(g).from_dict(json.loads(json.dumps(g.to_dict())))


# ------------------------------------------------------------------ what both games share


@BOTH
def test_undo_gives_back_the_state_before_the_decision(spec: Spec) -> None:
    g = spec.new(TWO)
    spec.ready(g)
    before = g.to_dict()
    assert not g.can_undo() and g.undo_seat is None
    spec.decide(g)
    assert g.can_undo() and g.undo_seat == 0 and Undo() in g.legal_actions()
    g.undo()
    undone(g, before, 0)
    assert g.undos == (1, 0)
    # The player may then make the same decision again, or another, and undo it once more.
    assert spec.decision in g.legal_actions()
    g.apply(spec.decision)
    g.apply(Undo())
    undone(g, {**before, "undos": [1, 0]}, 0)
    assert g.undos == (2, 0)


@BOTH
def test_undo_is_refused_once_the_next_roll_is_made(spec: Spec) -> None:
    g = spec.new(TWO)
    spec.ready(g)
    spec.decide(g)
    g.apply_roll([5, 5, 5, 5, 5] if isinstance(g, PentaGame) else [5, 2, 2, 3, 4, 6])
    assert not g.can_undo() and Undo() not in g.legal_actions()
    refused(g, g.undo, NothingToUndoError, "err.undo.nothing")
    refused(g, lambda: g.apply(Undo()), NothingToUndoError, "err.undo.nothing")


@BOTH
def test_undo_is_one_step(spec: Spec) -> None:
    g = spec.new(TWO)
    spec.ready(g)
    spec.decide(g)
    g.undo()
    refused(g, g.undo, NothingToUndoError, "err.undo.nothing")


@BOTH
def test_a_computer_seat_s_decision_cannot_be_undone(spec: Spec) -> None:
    g = spec.new([Seat("Cy", computer=True), Seat("Ana")])
    spec.ready(g)
    spec.decide(g)  # made for the computer seat
    assert not g.can_undo() and g.undo_seat is None and Undo() not in g.legal_actions()
    refused(g, g.undo, ComputerMoveError, "err.undo.computer")
    assert "Cy" in Translator("en")("err.undo.computer", name="Cy")


@BOTH
def test_a_strict_game_has_no_undo_and_keeps_it_saved(spec: Spec) -> None:
    g = spec.new(TWO, strict=True)
    assert g.strict and not spec.new(TWO).strict
    spec.ready(g)
    spec.decide(g)
    assert not g.can_undo() and Undo() not in g.legal_actions()
    refused(g, g.undo, StrictGameError, "err.undo.strict")
    d = g.to_dict()
    assert d["strict"] is True and d["undo"] is None
    back = reload(g)
    assert back.strict and back == g
    d["undos"] = [1, 0]  # a strict game never undid anything
    with pytest.raises(StateError, match="undos"):
        type(g).from_dict(d)


@BOTH
def test_only_the_deciding_seat_may_undo(spec: Spec) -> None:
    g = spec.new(TWO)
    spec.ready(g)
    spec.decide(g)
    assert g.current == 1 and g.undo_seat == 0  # the turn passed to Bo
    refused(g, lambda: g.undo(seat=1), NotYourUndoError, "err.undo.not_yours")
    if isinstance(g, FarkleGame):
        refused(g, lambda: g.apply(Undo(), seat=1), NotYourUndoError, "err.undo.not_yours")
    g.undo(seat=0)
    assert g.current == 0 and g.undos == (1, 0)


@BOTH
def test_undo_survives_a_reload(spec: Spec) -> None:
    g = spec.new(TWO)
    spec.ready(g)
    before = g.to_dict()
    spec.decide(g)
    back = reload(g)
    assert back == g and back.can_undo() and back.undo_seat == 0
    back.undo()
    undone(back, before, 0)
    # the undone state, and its count, survive a reload too
    again = reload(back)
    assert again == back and again.undos == (1, 0) and not again.can_undo()
    # a copy taken before the undo still has it, independently
    c = g.copy()
    g.undo()
    assert c.can_undo() and not g.can_undo() and g == back


@BOTH
def test_the_snapshot_in_a_save_costs_at_most_the_state_it_keeps(spec: Spec) -> None:
    g = spec.new(TWO)
    spec.ready(g)
    spec.decide(g)
    with_undo = len(json.dumps(g.to_dict()))
    without = len(json.dumps({**g.to_dict(), "undo": None}))
    # the snapshot keeps only the fields the decision changes: less than the whole state
    assert without < with_undo < 2 * without


@BOTH
@pytest.mark.parametrize(
    "change",
    [
        "a field of the snapshot",
        "a missing field",
        "not an object",
        "a computer seat",
        "strict",
    ],
)
def test_a_save_s_snapshot_must_be_the_game_before_the_decision(spec: Spec, change: str) -> None:
    g = spec.new(TWO)
    spec.ready(g)
    spec.decide(g)
    d = g.to_dict()
    if change == "a field of the snapshot":
        # Penta: another seat's turn; Farkle: another total
        key = "current" if isinstance(g, PentaGame) else "banked"
        d["undo"][key] = 1 if key == "current" else [50, 0]
    elif change == "a missing field":
        del d["undo"]["current"]
    elif change == "not an object":
        d["undo"] = []
    elif change == "a computer seat":
        d["seats"][0]["computer"] = True
    else:
        d["strict"] = True
    with pytest.raises(StateError):
        type(g).from_dict(d)


@BOTH
def test_a_save_from_today_s_version_loads_with_nothing_to_undo(spec: Spec) -> None:
    g = spec.new(TWO)
    spec.ready(g)
    spec.decide(g)
    d = g.to_dict()
    for key in ("strict", "undos", "undo"):
        del d[key]
    d["version"] -= 1  # Penta 1, Farkle 2
    old = type(g).from_dict(d)
    assert not old.strict and old.undos == (0, 0) and not old.can_undo()
    assert old.to_dict()["version"] == d["version"] + 1
    refused(old, old.undo, NothingToUndoError, "err.undo.nothing")
    assert without_undos({**old.to_dict(), "undo": g.to_dict()["undo"]}) == without_undos(
        {**g.to_dict(), "version": d["version"] + 1}
    )


def test_a_farkle_save_from_before_house_rules_still_loads() -> None:
    g = FarkleGame.new(TWO)
    _farkle_ready(g)
    g.bank()
    d = g.to_dict()
    for key in ("strict", "undos", "undo", "rules", "farkles", "opened"):
        del d[key]
    d["version"] = 1
    old = FarkleGame.from_dict(d)
    assert old.banked == (100, 0) and old.undos == (0, 0) and not old.can_undo()


# ------------------------------------------------------------------ Penta's rules


def penta_turn(g: PentaGame, dice: tuple[int, ...], box: Box) -> None:
    g.apply_roll(dice)
    g.record(box)


def test_penta_undo_of_a_joker_takes_back_its_100() -> None:
    g = PentaGame.new([Seat("Ana")])
    penta_turn(g, (6, 6, 6, 6, 6), Box.PENTA)
    g.apply_roll([6, 6, 6, 6, 6])
    before = g.to_dict()
    g.record(Box.SIXES)  # the joker: 30 in Sixes, and the 100 bonus
    assert g.penta_bonuses == [1] and g.totals(0).total == 50 + 30 + 100
    assert g.last_scored == (0, Box.SIXES, 30, 100)
    g.undo()
    undone(g, before, 0)
    assert g.penta_bonuses == [0] and g.totals(0).total == 50
    assert g.dice == (6, 6, 6, 6, 6) and g.rolls_used == 1 and g.round == 2
    assert g.last_scored == (0, Box.PENTA, 50, 0)
    assert g.options()[Box.SIXES] == (30, 100)  # the same choice is offered again


def test_penta_undo_of_the_upper_bonus_goes_back_below_63() -> None:
    g = PentaGame.new([Seat("Ana")])
    for face, box in zip(range(1, 6), BOXES[:5], strict=True):
        penta_turn(g, (face, face, face, 6, 5 if face != 5 else 4), box)
    assert g.totals(0).upper == 45 and g.upper_needed(0) == 18
    g.apply_roll([6, 6, 6, 1, 2])
    g.toggle(0)  # a hold, with a re-roll left: it must come back as it was
    before = g.to_dict()
    g.record(Box.SIXES)
    assert g.totals(0).upper == 63 and g.totals(0).upper_bonus == 35
    g.undo()
    undone(g, before, 0)
    assert g.totals(0).upper_bonus == 0 and g.upper_needed(0) == 18
    assert g.held == (True, False, False, False, False) and g.rolls_left == 2


def test_penta_game_ending_record_can_be_undone() -> None:
    g = PentaGame.new(TWO)
    for box in BOXES:
        penta_turn(g, (1, 2, 3, 4, 6), box)
        if box is not BOXES[-1]:
            penta_turn(g, (1, 2, 3, 4, 6), box)
    g.apply_roll([2, 2, 2, 2, 2])
    before = g.to_dict()
    g.record(Box.PENTA)  # Bo's last box ends the game
    assert g.over and g.outcome() is not None and g.legal_actions() == [Undo()]
    back = reload(g)
    back.undo(seat=1)
    undone(back, before, 1)
    assert not back.over and back.outcome() is None and back.current == 1
    assert Record(Box.PENTA) in back.legal_actions()


def test_penta_undo_after_a_reroll_of_the_next_seat_is_refused_but_holds_stay_free() -> None:
    g = PentaGame.new(TWO)
    _penta_ready(g)
    g.record(Box.CHANCE)
    g.apply_roll([3, 3, 3, 1, 2])  # Bo rolls: Ana's record stays
    g.toggle(0)
    g.toggle(0)  # holds are free, not undos
    assert g.held == (False,) * 5 and not g.can_undo()
    assert PentaRoll() in g.legal_actions()


# ------------------------------------------------------------------ Farkle's rules


def farkle_take(g: FarkleGame, roll: tuple[int, ...], keep: tuple[int, ...]) -> None:
    g.apply_roll(roll)
    for i in keep:
        g.toggle(i)


def test_farkle_undo_of_a_bank_after_hot_dice() -> None:
    g = FarkleGame.new(TWO)
    farkle_take(g, (1, 1, 1, 5, 5, 5), tuple(range(6)))
    g.apply_roll((1, 2, 3, 4, 6, 6))  # hot dice: six dice again, the 2,500 kept
    assert g.events[0].kind is EventKind.HOT_DICE
    g.toggle(0)
    before = g.to_dict()
    g.bank()
    assert g.banked == (2600, 0) and g.current == 1
    g.undo()
    undone(g, before, 0)
    assert g.turn_total == 2500 and g.set_aside == (((1, 1, 1, 5, 5, 5), 2500),)
    assert g.selected == (0,) and g.dice_in_play == 6 and g.turn_points() == 2600
    assert g.can_roll() and g.can_bank()  # roll on, or bank again


def _two_triplets(g: FarkleGame) -> None:
    farkle_take(g, (1, 1, 1, 5, 5, 5), tuple(range(6)))
    g.bank()  # 2,500


def test_farkle_undo_of_the_bank_that_started_the_last_round() -> None:
    g = FarkleGame.new(TWO, 5000)
    _two_triplets(g)
    farkle_take(g, (1, 2, 3, 4, 6, 6), (0,))
    g.bank()
    farkle_take(g, (1, 1, 1, 5, 5, 5), tuple(range(6)))
    before = g.to_dict()
    g.bank()  # 5,000: «Dernier tour !»
    assert g.last_round_by == 0 and g.turns_left == 1 and g.current == 1
    assert [e.kind for e in g.events] == [EventKind.BANKED, EventKind.LAST_ROUND]
    g.undo()
    undone(g, before, 0)
    assert g.last_round_by is None and g.turns_left == 0 and not g.last_round
    assert g.banked == (2500, 100) and g.current == 0


def test_farkle_undo_of_the_bank_that_ended_the_game() -> None:
    g = FarkleGame.new(TWO, 5000)
    _two_triplets(g)
    _two_triplets(g)  # Bo 2,500
    _two_triplets(g)  # Ana 5,000: the last round
    farkle_take(g, (1, 2, 3, 4, 6, 6), (0,))
    before = g.to_dict()
    g.bank()  # Bo's last turn: the game is over, Ana wins
    assert g.over and g.winners() == [0] and g.legal_actions() == [Undo()]
    back = reload(g)
    back.apply(Undo(), seat=1)
    undone(back, before, 1)
    assert not back.over and back.outcome() is None and back.current == 1
    assert back.turns_left == 1 and back.last_round_by == 0 and back.can_roll()


def test_farkle_undo_gives_back_the_lost_turns_and_the_opening() -> None:
    g = FarkleGame.new([Seat("Ana")], rules=FarkleRules(opening_minimum=350, farkle_penalty=500))
    g.apply_roll(LOSE)
    g.apply_roll(LOSE)
    assert g.farkles == (2,) and g.opened == (False,) and g.opening_needed == 350
    farkle_take(g, (1, 1, 1, 2, 3, 4), (0, 1, 2))
    before = g.to_dict()
    g.bank()
    assert g.farkles == (0,) and g.opened == (True,) and g.opening_needed == 0
    g.undo()
    undone(g, before, 0)
    assert g.farkles == (2,) and g.opened == (False,) and g.banked == (0,)
    assert g.opening_needed == 350


def test_farkle_undo_is_refused_after_a_lost_turn() -> None:
    g = FarkleGame.new(TWO)
    _farkle_ready(g)
    g.bank()
    g.apply_roll(LOSE)  # Bo rolls and loses his turn
    refused(g, g.undo, NothingToUndoError, "err.undo.nothing")


# ------------------------------------------------------------------ random games


def _computer_choice(g: Game) -> Any:
    seat = g.seats[g.current]
    if isinstance(g, PentaGame):
        return penta_player(seat.level).choose(g)
    return farkle_player(seat.level).choose(g)


def _random_game(rng: random.Random, spec: Spec) -> Game:
    seats = [Seat("Ana"), Seat("Bo")]
    if rng.random() < 0.5:
        seats.append(Seat("Cy", computer=True, level="casual" if spec is PENTA else "normal"))
    if spec is FARKLE:
        return FarkleGame.new(seats, rng.choice((5000, 10000)))
    return PentaGame.new(seats)


def _is_decision(action: Any) -> bool:
    return isinstance(action, Record | Bank)


@BOTH
@pytest.mark.parametrize("seed", range(12))
def test_random_decisions_undone_give_back_the_state_and_play_goes_on(
    spec: Spec, seed: int
) -> None:
    """At random points of random games, a decision undone gives back the state
    before it; the game is then played on (sometimes another decision) to its end."""
    rng = random.Random(seed)
    g = _random_game(rng, spec)
    roll_action = PentaRoll() if isinstance(g, PentaGame) else FarkleRoll()
    undos = 0
    for _ in range(20000):
        if g.over:
            break
        legal = [a for a in g.legal_actions() if not isinstance(a, Undo)]
        if g.seats[g.current].computer:
            action = _computer_choice(g)
        else:
            decisions = [a for a in legal if _is_decision(a)]
            action = rng.choice(decisions if decisions and rng.random() < 0.4 else legal)
        assert action in legal
        before = g.to_dict()
        seat = g.current
        g.apply(action, roller=_Roller(rng))
        if _is_decision(action) and not g.seats[seat].computer and rng.random() < 0.5:
            assert g.undo_seat == seat
            g.undo(seat=seat) if rng.random() < 0.5 else g.apply(Undo())
            undone(g, before, seat)
            undos += 1
            assert action in g.legal_actions()  # the same decision is open again
            assert reload(g) == g
        elif g.can_undo():
            assert _is_decision(action) and g.undo_seat == seat
    assert g.over
    assert sum(g.undos) == undos > 0
    assert roll_action not in g.legal_actions()


class _Roller:
    """Dice from ``rng``: the test's one source of chance."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def roll(self, n: int) -> tuple[int, ...]:
        return tuple(self._rng.randint(1, 6) for _ in range(n))
