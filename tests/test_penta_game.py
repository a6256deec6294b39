"""Penta's game state machine: turns, rolls, holds, recording, errors, saving, whole games."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from zaria import errors
from zaria.dice import RandomRoller, ScriptedRoller
from zaria.errors import (
    IllegalActionError,
    InvalidDiceError,
    MissingDiceError,
    SeatsError,
    StateError,
    UnknownActionError,
)
from zaria.game import Game, Outcome, Place, Seat
from zaria.penta.game import (
    AllHeldError,
    BadHoldError,
    BoxUsedError,
    GameOverError,
    HoldBeforeRollError,
    JokerForbidsError,
    NoRollsLeftError,
    NotRolledError,
    PentaActionError,
    PentaGame,
    Record,
    Roll,
    Scored,
    Toggle,
    ToggleHold,
    Totals,
    Undo,
    UnknownBoxError,
)
from zaria.penta.scoring import BOXES, UPPER, Box

B = Box


def solo() -> PentaGame:
    return PentaGame.new([Seat("Ana")])


def turn(g: PentaGame, dice: tuple[int, ...], box: Box) -> None:
    """One turn of a single roll recorded in ``box``."""
    g.apply_roll(dice)
    g.score(box)


def refused(
    g: PentaGame, action: Callable[[], object], error: type[Exception], msg_id: str
) -> IllegalActionError:
    """Check ``action`` raises ``error`` with ``msg_id`` and leaves ``g`` unchanged."""
    before = g.to_dict()
    with pytest.raises(error) as info:
        action()
    assert g.to_dict() == before
    err = info.value
    assert isinstance(err, IllegalActionError)
    assert err.msg_id == msg_id
    return err


# ---------------------------------------------------------------- a new game


def test_new_game_state() -> None:
    g = PentaGame.new([Seat("Ana"), Seat("Bo", computer=True, level="optimal")])
    assert g.seats == (Seat("Ana"), Seat("Bo", True, "optimal"))
    assert (g.current, g.round, g.dice, g.rolls_used, g.rolls_left) == (0, 1, None, 0, 3)
    assert g.held == (False,) * 5
    assert not g.over
    assert g.sheets == [dict.fromkeys(BOXES), dict.fromkeys(BOXES)]
    assert g.penta_bonuses == [0, 0]
    assert g.last_scored is None
    assert g.dice_to_roll() == 5
    assert g.options() == {}
    assert g.winners() == []
    assert g.legal_actions() == [Roll()]
    assert g.totals(1) == Totals(0, 0, 0, 0)
    assert g.upper_needed(0) == 63


@pytest.mark.parametrize("count", [1, 7])
def test_new_accepts_one_to_seven_seats(count: int) -> None:
    g = PentaGame.new([Seat(f"P{i}") for i in range(count)])
    assert len(g.seats) == len(g.sheets) == len(g.penta_bonuses) == count


@pytest.mark.parametrize(
    ("seats", "msg_id"),
    [
        ([], "err.seat_count"),
        ([Seat(f"P{i}") for i in range(8)], "err.seat_count"),
        ([Seat("Ana"), Seat("  ")], "err.seat_name"),
        ([Seat("")], "err.seat_name"),
        (["Ana"], "err.seat_type"),
    ],
)
def test_new_refuses_bad_seats(seats: list[Any], msg_id: str) -> None:
    with pytest.raises(SeatsError) as info:
        PentaGame.new(seats)
    assert info.value.msg_id == msg_id
    assert isinstance(info.value, ValueError)


# ---------------------------------------------------------------- rolling and holding


def test_first_roll_throws_five_dice() -> None:
    g = solo()
    g.apply_roll([3, 1, 4, 1, 5])
    assert g.dice == (3, 1, 4, 1, 5)
    assert (g.rolls_used, g.rolls_left) == (1, 2)
    assert g.held == (False,) * 5
    assert g.dice_to_roll() == 5


def test_held_dice_keep_their_faces_and_holds_persist() -> None:
    g = solo()
    g.apply_roll([6, 2, 3, 6, 1])
    g.toggle_hold(0)
    g.toggle_hold(3)
    assert g.held == (True, False, False, True, False)
    assert g.dice_to_roll() == 3
    g.apply_roll([6, 5, 4])  # fills positions 1, 2, 4 in order
    assert g.dice == (6, 6, 5, 6, 4)
    assert g.held == (True, False, False, True, False)
    g.toggle_hold(1)
    g.toggle_hold(0)  # release a held die: it is rolled again
    assert g.held == (False, True, False, True, False)
    g.apply_roll([2, 6, 6])
    assert g.dice == (2, 6, 6, 6, 6)
    assert g.rolls_left == 0
    assert g.held == (False, True, False, True, False)


def test_set_held() -> None:
    g = solo()
    g.apply_roll([5, 5, 1, 5, 2])
    g.set_held([True, True, False, True, False])
    assert g.dice_to_roll() == 2
    g.set_held((False,) * 5)
    assert g.dice_to_roll() == 5


def test_recording_clears_dice_and_holds_for_the_next_turn() -> None:
    g = solo()
    g.apply_roll([5, 5, 1, 5, 2])
    g.toggle_hold(0)
    g.score(B.FIVES)
    assert (g.dice, g.held, g.rolls_used, g.dice_to_roll()) == (None, (False,) * 5, 0, 5)


@pytest.mark.parametrize(
    ("values", "msg_id"),
    [
        ([1, 2, 3, 4], "err.dice_count"),
        ([1, 2, 3, 4, 5, 6], "err.dice_count"),
        ([1, 2, 3, 4, 7], "err.die_value"),
        ([0, 2, 3, 4, 5], "err.die_value"),
        ([True, 2, 3, 4, 5], "err.die_value"),
        (["1", 2, 3, 4, 5], "err.die_value"),
    ],
)
def test_bad_first_roll(values: list[Any], msg_id: str) -> None:
    g = solo()
    refused(g, lambda: g.apply_roll(values), InvalidDiceError, msg_id)


def test_reroll_needs_one_value_per_die_not_held() -> None:
    g = solo()
    g.apply_roll([1, 2, 3, 4, 5])
    g.set_held([True, True, True, False, False])
    refused(g, lambda: g.apply_roll([6, 6, 6]), InvalidDiceError, "err.dice_count")
    refused(g, lambda: g.apply_roll([6]), InvalidDiceError, "err.dice_count")


def test_no_fourth_roll() -> None:
    g = solo()
    for _ in range(3):
        g.apply_roll([1, 2, 3, 4, 5])
    err = refused(
        g, lambda: g.apply_roll([1, 2, 3, 4, 5]), NoRollsLeftError, "err.penta.no_rolls_left"
    )
    assert "Ana" in str(err) and "3 rolls" in str(err)
    assert Roll() not in g.legal_actions()


def test_no_reroll_with_every_die_held() -> None:
    g = solo()
    g.apply_roll([1, 2, 3, 4, 5])
    g.set_held([True] * 5)
    assert g.dice_to_roll() == 0
    refused(g, lambda: g.apply_roll([]), AllHeldError, "err.penta.all_held")
    assert Roll() not in g.legal_actions()


def test_no_hold_before_the_first_roll() -> None:
    g = solo()
    refused(g, lambda: g.toggle_hold(0), HoldBeforeRollError, "err.penta.hold_before_roll")
    refused(g, lambda: g.set_held([True] * 5), HoldBeforeRollError, "err.penta.hold_before_roll")


def test_no_hold_after_the_third_roll() -> None:
    g = solo()
    g.apply_roll([1, 2, 3, 4, 5])
    g.toggle_hold(0)
    g.apply_roll([6, 6, 6, 6])
    g.apply_roll([6, 6, 6, 6])
    refused(g, lambda: g.toggle_hold(1), NoRollsLeftError, "err.penta.no_rolls_left")
    refused(g, lambda: g.set_held([False] * 5), NoRollsLeftError, "err.penta.no_rolls_left")
    assert not any(isinstance(a, ToggleHold) for a in g.legal_actions())


@pytest.mark.parametrize("index", [-1, 5, True, 1.0, "0"])
def test_bad_hold_index(index: Any) -> None:
    g = solo()
    g.apply_roll([1, 2, 3, 4, 5])
    refused(g, lambda: g.toggle_hold(index), BadHoldError, "err.penta.hold_index")


@pytest.mark.parametrize("held", [[True] * 4, [True] * 6, [1, 0, 0, 0, 0], "TTTTT"])
def test_bad_hold_pattern(held: Any) -> None:
    g = solo()
    g.apply_roll([1, 2, 3, 4, 5])
    refused(g, lambda: g.set_held(held), BadHoldError, "err.penta.held_shape")


# ---------------------------------------------------------------- recording


def test_record_scores_the_box_and_passes_the_turn() -> None:
    g = PentaGame.new([Seat("Ana"), Seat("Bo")])
    g.apply_roll([2, 3, 4, 5, 6])
    assert g.options()[B.LARGE_STRAIGHT] == (40, 0)
    g.score(B.LARGE_STRAIGHT)
    assert g.sheets[0][B.LARGE_STRAIGHT] == 40
    assert g.last_scored == Scored(0, B.LARGE_STRAIGHT, 40, 0)
    assert (g.current, g.round) == (1, 1)
    g.apply_roll([1, 1, 3, 4, 6])
    g.score(B.FULL_HOUSE)  # a sacrifice: any free box takes any roll, at 0
    assert g.sheets[1][B.FULL_HOUSE] == 0
    assert (g.current, g.round) == (0, 2)


def test_record_may_follow_any_roll() -> None:
    g = solo()
    g.apply_roll([2, 2, 2, 5, 5])
    g.score(B.FULL_HOUSE)
    g.apply_roll([1, 2, 3, 4, 5])
    g.apply_roll([6, 6, 6, 6, 6])
    g.score(B.PENTA)
    assert g.sheets[0][B.FULL_HOUSE] == 25 and g.sheets[0][B.PENTA] == 50


def test_record_before_rolling() -> None:
    g = solo()
    refused(g, lambda: g.score(B.CHANCE), NotRolledError, "err.penta.not_rolled")


def test_record_in_a_used_box() -> None:
    g = solo()
    turn(g, (6, 6, 6, 1, 2), B.CHANCE)
    g.apply_roll([1, 2, 3, 4, 5])
    err = refused(g, lambda: g.score(B.CHANCE), BoxUsedError, "err.penta.box_used")
    assert err.params == {"box": "chance", "points": 21}
    assert Record(B.CHANCE) not in g.legal_actions()


def test_record_in_something_not_a_box() -> None:
    g = solo()
    g.apply_roll([1, 2, 3, 4, 5])
    refused(g, lambda: g.score("chance"), UnknownBoxError, "err.penta.unknown_box")  # type: ignore[arg-type]


def test_options_list_every_free_box_with_its_score() -> None:
    g = solo()
    turn(g, (1, 1, 1, 1, 1), B.ACES)
    g.apply_roll([3, 3, 3, 5, 5])
    opts = g.options()
    assert list(opts) == [b for b in BOXES if b is not B.ACES]
    assert opts[B.FULL_HOUSE] == (25, 0)
    assert opts[B.THREE_KIND] == (19, 0)
    assert opts[B.FOUR_KIND] == (0, 0)


# ---------------------------------------------------------------- the joker in a game


def test_joker_forces_the_upper_box_and_earns_the_bonus() -> None:
    g = solo()
    turn(g, (2, 2, 2, 2, 2), B.PENTA)
    g.apply_roll([4, 4, 4, 4, 4])
    assert g.options() == {B.FOURS: (20, 100)}
    err = refused(g, lambda: g.score(B.CHANCE), JokerForbidsError, "err.penta.joker_forbids")
    assert err.params["allowed"] == ["fours"]
    assert [a for a in g.legal_actions() if isinstance(a, Record)] == [Record(B.FOURS)]
    g.score(B.FOURS)
    assert g.last_scored == Scored(0, B.FOURS, 20, 100)
    assert g.penta_bonuses == [1]
    assert g.totals(0) == Totals(upper=20, upper_bonus=0, lower=50, penta_bonus=100)
    assert g.totals(0).total == 170


def test_joker_in_lower_then_upper_at_zero() -> None:
    g = solo()
    turn(g, (5, 5, 5, 5, 5), B.PENTA)
    turn(g, (5, 5, 5, 1, 2), B.FIVES)
    for box in (B.THREE_KIND, B.FOUR_KIND, B.FULL_HOUSE, B.SMALL_STRAIGHT, B.CHANCE):
        turn(g, (1, 2, 3, 4, 6), box)
    g.apply_roll([5, 5, 5, 5, 5])
    assert g.options() == {B.LARGE_STRAIGHT: (40, 100)}
    g.score(B.LARGE_STRAIGHT)
    g.apply_roll([5, 5, 5, 5, 5])
    # Fives and the whole lower section are used: any free upper box, at 0, bonus kept.
    assert g.options() == {b: (0, 100) for b in UPPER if b is not B.FIVES}
    assert not g.no_scoring_box()  # the 100 bonus is points for the total
    g.score(B.ACES)
    assert g.sheets[0][B.ACES] == 0
    assert g.penta_bonuses == [2]
    assert g.totals(0).penta_bonus == 200


def test_sacrificed_penta_box_gives_no_bonus_and_no_joker() -> None:
    g = solo()
    turn(g, (1, 2, 3, 4, 6), B.PENTA)
    assert g.sheets[0][B.PENTA] == 0
    g.apply_roll([4, 4, 4, 4, 4])
    opts = g.options()
    assert set(opts) == set(BOXES) - {B.PENTA}
    assert opts[B.LARGE_STRAIGHT] == (0, 0)
    g.score(B.CHANCE)
    assert g.penta_bonuses == [0]
    assert g.sheets[0][B.CHANCE] == 20


def test_penta_with_penta_box_free_goes_anywhere() -> None:
    g = solo()
    g.apply_roll([3, 3, 3, 3, 3])
    assert set(g.options()) == set(BOXES)
    g.score(B.CHANCE)
    assert g.sheets[0][B.CHANCE] == 15
    assert g.penta_bonuses == [0]


# ---------------------------------------------------------------- no box scores


def test_no_scoring_box_and_must_sacrifice() -> None:
    g = solo()
    for box in (B.ACES, B.THREES, B.FOURS, B.SIXES, B.CHANCE):
        turn(g, (1, 3, 4, 6, 6), box)
    g.apply_roll([1, 1, 3, 4, 6])  # scores only in the five boxes now used
    assert all(points == 0 for points, _ in g.options().values())
    assert g.no_scoring_box()
    assert not g.must_sacrifice()  # rolls remain
    g.apply_roll([1, 1, 3, 4, 6])
    assert not g.must_sacrifice()
    g.apply_roll([1, 1, 3, 4, 6])
    assert g.must_sacrifice()
    g.score(B.LARGE_STRAIGHT)
    assert g.sheets[0][B.LARGE_STRAIGHT] == 0
    assert not g.no_scoring_box() and not g.must_sacrifice()  # no dice yet


def test_must_sacrifice_is_false_when_some_box_scores() -> None:
    g = solo()
    for _ in range(3):
        g.apply_roll([1, 1, 3, 4, 6])
    assert not g.no_scoring_box()
    assert not g.must_sacrifice()


# ---------------------------------------------------------------- totals


@pytest.mark.parametrize(
    ("upper", "bonus", "needed"),
    [
        ((3, 6, 9, 12, 15, 18), 35, 0),  # exactly 63
        ((4, 4, 9, 12, 15, 18), 0, 1),  # 62
        ((5, 10, 15, 20, 25, 30), 35, 0),
        ((0, 0, 0, 0, 0, 0), 0, 63),
    ],
)
def test_upper_bonus_threshold(upper: tuple[int, ...], bonus: int, needed: int) -> None:
    sheet: dict[Box, int | None] = dict.fromkeys(BOXES)
    sheet.update(zip(UPPER, upper, strict=True))
    t = Totals.of(sheet)
    assert (t.upper, t.upper_bonus, t.total) == (sum(upper), bonus, sum(upper) + bonus)


def test_upper_bonus_in_a_game_at_63_and_62() -> None:
    g = PentaGame.new([Seat("Ana"), Seat("Bo")])
    ana = [(1, 1, 1, 2, 3), (2, 2, 2, 1, 3), (3, 3, 3, 1, 2), (4, 4, 4, 1, 2)]
    bo = [(1, 1, 1, 1, 2), (2, 2, 1, 3, 4), (3, 3, 3, 1, 2), (4, 4, 4, 1, 2)]
    for box, a, b in zip(UPPER, ana, bo, strict=False):
        turn(g, a, box)
        turn(g, b, box)
    # Ana 3 + 6 + 9 + 12 = 30, Bo 4 + 4 + 9 + 12 = 29
    assert (g.upper_needed(0), g.upper_needed(1)) == (33, 34)
    for dice in ((5, 5, 5, 1, 2), (6, 6, 6, 1, 2)):
        box = UPPER[dice[0] - 1]
        turn(g, dice, box)
        turn(g, dice, box)
    assert (g.totals(0).upper, g.totals(0).upper_bonus, g.upper_needed(0)) == (63, 35, 0)
    assert (g.totals(1).upper, g.totals(1).upper_bonus, g.upper_needed(1)) == (62, 0, 1)


def test_totals_add_up() -> None:
    t = Totals(upper=70, upper_bonus=35, lower=150, penta_bonus=200)
    assert t.total == 455
    sheet = {b: 0 for b in BOXES} | {B.SIXES: 24, B.CHANCE: 22, B.PENTA: 50}
    assert Totals.of(sheet, 2) == Totals(upper=24, upper_bonus=0, lower=72, penta_bonus=200)


# ---------------------------------------------------------------- game over


def finished_solo() -> PentaGame:
    g = solo()
    for box in BOXES:
        turn(g, (1, 2, 3, 4, 6), box)
    return g


def test_game_over_after_thirteen_turns() -> None:
    g = finished_solo()
    assert g.over
    assert (g.round, g.current, g.dice, g.rolls_used) == (13, 0, None, 0)
    assert g.legal_actions() == [Undo()]  # the last record may still be undone
    assert g.dice_to_roll() == 0
    assert g.winners() == [0]
    assert None not in g.sheets[0].values()


def test_every_action_is_refused_once_over() -> None:
    g = finished_solo()
    refused(g, lambda: g.apply_roll([1, 2, 3, 4, 5]), GameOverError, "err.penta.game_over")
    refused(g, lambda: g.toggle_hold(0), GameOverError, "err.penta.game_over")
    refused(g, lambda: g.set_held([False] * 5), GameOverError, "err.penta.game_over")
    refused(g, lambda: g.score(B.CHANCE), GameOverError, "err.penta.game_over")
    refused(g, lambda: g.apply(Roll(), RandomRoller(1)), GameOverError, "err.penta.game_over")


# ---------------------------------------------------------------- the action API


def test_legal_actions_after_a_roll() -> None:
    g = solo()
    turn(g, (1, 2, 3, 4, 6), B.ACES)
    g.apply_roll([2, 2, 3, 3, 3])
    actions = g.legal_actions()
    assert actions[0] == Roll()
    assert actions[1:6] == [ToggleHold(i) for i in range(5)]
    assert actions[6:] == [Record(b) for b in BOXES if b is not B.ACES]


def test_apply_drives_a_turn() -> None:
    g = solo()
    roller = ScriptedRoller([(6, 6, 2, 6, 1), (6, 6)], RandomRoller(0))
    g.apply(Roll(), roller)
    g.apply(ToggleHold(0))
    g.apply(ToggleHold(1))
    g.apply(ToggleHold(3))
    g.apply(Roll(), roller)
    assert g.dice == (6, 6, 6, 6, 6)
    g.apply(Record(B.PENTA))
    assert g.sheets[0][B.PENTA] == 50


def test_apply_roll_is_checked_before_the_roller_is_used() -> None:
    g = solo()
    for _ in range(3):
        g.apply_roll([1, 2, 3, 4, 5])
    roller = ScriptedRoller([(6, 6, 6, 6, 6)], RandomRoller(0))
    refused(g, lambda: g.apply(Roll(), roller), NoRollsLeftError, "err.penta.no_rolls_left")
    assert roller.remaining == 1


def test_apply_roll_needs_a_roller() -> None:
    g = solo()
    err = refused(g, lambda: g.apply(Roll()), MissingDiceError, "err.missing_dice")
    assert "roller" in str(err)


def test_apply_roll_refuses_a_roller_giving_bad_dice() -> None:
    class Broken:
        def roll(self, n: int) -> tuple[int, ...]:
            return (7,) * n

    g = solo()
    refused(g, lambda: g.apply(Roll(), Broken()), InvalidDiceError, "err.die_value")


def test_apply_refuses_unknown_actions() -> None:
    g = solo()
    refused(g, lambda: g.apply("roll"), UnknownActionError, "err.unknown_action")  # type: ignore[arg-type]


def test_errors_are_value_errors_with_a_readable_message() -> None:
    g = solo()
    err = refused(g, lambda: g.score(B.FULL_HOUSE), NotRolledError, "err.penta.not_rolled")
    assert isinstance(err, PentaActionError) and isinstance(err, ValueError)
    assert str(err) == "cannot record in full_house: Ana (round 1) has not rolled yet"


# ---------------------------------------------------------------- saving


def test_round_trip_and_copy() -> None:
    g = PentaGame.new([Seat("Ana"), Seat("Bo", computer=True, level="optimal")])
    turn(g, (3, 3, 3, 3, 3), B.PENTA)
    g.apply_roll([1, 2, 3, 4, 5])
    g.toggle_hold(2)
    d = g.to_dict()
    assert json.loads(json.dumps(d)) == d
    assert d["game"] == "penta" and d["version"] == 2
    back = PentaGame.from_dict(d)
    assert back == g and back.to_dict() == d
    assert back.held == g.held and back.last_scored == g.last_scored
    c = g.copy()
    assert c == g
    c.score(B.CHANCE)
    assert c != g and g.dice == (1, 2, 3, 4, 5)
    assert g.sheets[1][B.CHANCE] is None


def test_properties_return_copies() -> None:
    g = solo()
    g.sheets[0][B.CHANCE] = 30
    g.penta_bonuses[0] = 5
    assert g.sheets[0][B.CHANCE] is None and g.penta_bonuses == [0]


def test_finished_game_round_trips() -> None:
    g = finished_solo()
    assert PentaGame.from_dict(g.to_dict()) == g


def saved() -> dict[str, Any]:
    """A two-seat game in round 2 with Bo to play, after one roll with a die held."""
    g = PentaGame.new([Seat("Ana"), Seat("Bo")])
    turn(g, (5, 5, 5, 5, 5), B.PENTA)
    turn(g, (2, 3, 4, 5, 6), B.LARGE_STRAIGHT)
    turn(g, (5, 5, 5, 5, 5), B.FIVES)
    g.apply_roll([1, 2, 2, 2, 6])
    g.toggle_hold(1)
    return g.to_dict()


def test_saved_sample_is_valid() -> None:
    d = saved()
    assert PentaGame.from_dict(d).to_dict() == d
    assert d["penta_bonuses"] == [1, 0] and d["current"] == 1 and d["round"] == 2


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(d: dict[str, Any]) -> None:
        *keys, last = path.split(".")
        target: Any = d
        for k in keys:
            target = target[int(k)] if isinstance(target, list) else target[k]
        if isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value

    return edit


def _drop(key: str) -> Callable[[dict[str, Any]], None]:
    return lambda d: d.pop(key)


BAD_STATES: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("other game", _set("game", "farkle"), "not a Penta game"),
    ("version 3", _set("version", 3), "unsupported version 3"),
    ("version true", _set("version", True), "unsupported version"),
    ("version float", _set("version", 1.0), "unsupported version 1.0"),
    ("missing key", _drop("held"), "wrong keys"),
    ("extra key", _set("extra", 1), "wrong keys"),
    ("no seats", _set("seats", []), "1 to 7 seats"),
    ("seat name", _set("seats.0.name", ""), "seat 1 has no name"),
    ("seat name type", _set("seats.0.name", 5), "seat 0: a seat's name must be a string"),
    ("seat computer", _set("seats.0.computer", "yes"), "computer must be True or False"),
    ("seat level", _set("seats.1.level", None), "seat 1: a seat's level must be a string"),
    ("seat not object", _set("seats.0", "Ana"), "seat 0: a seat must be an object"),
    ("seats not a list", _set("seats", "Ana"), "seats must be a list"),
    ("current float", _set("current", 1.0), "current must be an integer from 0 to 1, got 1.0"),
    ("current range", _set("current", 2), "current must be an integer from 0 to 1"),
    ("current type", _set("current", "1"), "current must be an integer"),
    ("round range", _set("round", 14), "round must be an integer from 1 to 13"),
    ("rolls_used range", _set("rolls_used", 4), "rolls_used must be an integer from 0 to 3"),
    ("rolls without dice", _set("rolls_used", 0), "do not match rolls_used"),
    ("dice without rolls", _set("dice", None), "do not match rolls_used"),
    ("die face", _set("dice.0", 7), "dice must be 5 faces"),
    ("dice count", _set("dice", [1, 2, 3]), "dice must have 5 items"),
    ("held type", _set("held.0", 1), "held must be 5 booleans"),
    ("held count", _set("held", [True]), "held must have 5 items"),
    ("sheet keys", _set("sheets.0", {"aces": None}), "exactly the 13 boxes"),
    ("box value", _set("sheets.0.full_house", 20), "full_house cannot hold 20"),
    ("upper value", _set("sheets.1.fours", 6), "fours cannot hold 6"),
    ("chance zero", _set("sheets.1.chance", 0), "chance cannot hold 0"),
    ("box bool", _set("sheets.1.penta", True), "penta cannot hold True"),
    ("too many filled", _set("sheets.1.chance", 20), "seat 1 has 2 boxes filled"),
    ("too few filled", _set("sheets.1.large_straight", None), "seat 1 has 0 boxes filled"),
    ("sheets count", lambda d: d["sheets"].pop(), "sheets must have 2 items"),
    ("bonus without 50", _set("sheets.0.penta", 0), "without a Penta scored 50"),
    ("bonus count", _set("penta_bonuses.0", 2), "2 Penta bonuses but only 2 boxes"),
    ("bonus negative", _set("penta_bonuses.1", -1), "penta_bonuses[1] must be"),
    ("last missing", _set("last_scored", None), "last_scored must name seat 0"),
    ("last seat", _set("last_scored.seat", 1), "last_scored says 25 in fives"),
    ("last points", _set("last_scored.points", 20), "the sheet disagrees"),
    ("last box", _set("last_scored.box", "yahtzee"), "'yahtzee' is not a box"),
    ("last bonus", _set("last_scored.bonus", 50), "bonus must be 0 or 100"),
]


@pytest.mark.parametrize(
    ("edit", "message"), [row[1:] for row in BAD_STATES], ids=[row[0] for row in BAD_STATES]
)
def test_from_dict_refuses(edit: Callable[[dict[str, Any]], None], message: str) -> None:
    d = saved()
    edit(d)
    with pytest.raises(StateError, match=message.replace("[", r"\[").replace("]", r"\]")):
        PentaGame.from_dict(d)


def test_from_dict_refuses_non_objects() -> None:
    with pytest.raises(StateError, match="expected an object"):
        PentaGame.from_dict([])  # type: ignore[arg-type]


def test_from_dict_checks_last_scored_on_a_fresh_game() -> None:
    d = PentaGame.new([Seat("Ana")]).to_dict()
    d["last_scored"] = {"seat": 0, "box": "aces", "points": 0, "bonus": 0}
    with pytest.raises(StateError):
        PentaGame.from_dict(d)


def test_from_dict_checks_a_finished_game_stands_at_its_end() -> None:
    d = finished_solo().to_dict()
    d["round"] = 12
    with pytest.raises(StateError, match="finished game"):
        PentaGame.from_dict(d)


def test_from_dict_refuses_held_dice_before_a_roll() -> None:
    d = PentaGame.new([Seat("Ana")]).to_dict()
    d["held"] = [True, False, False, False, False]
    with pytest.raises(StateError, match="held before"):
        PentaGame.from_dict(d)


# ---------------------------------------------------------------- whole scripted games


def test_scripted_solitaire_game() -> None:
    g = PentaGame.new([Seat("Ana")])

    # Turn 1: 6 6 6 2 3, hold the 6s, re-roll 6 1, hold the fourth 6, re-roll a 6: Penta 50.
    g.apply_roll([6, 6, 6, 2, 3])
    g.set_held([True, True, True, False, False])
    g.apply_roll([6, 1])
    assert g.dice == (6, 6, 6, 6, 1)
    g.toggle_hold(3)
    g.apply_roll([6])
    g.score(B.PENTA)
    script = [
        ((1, 1, 1, 5, 2), B.ACES),  # 2: 3
        ((2, 2, 2, 6, 5), B.TWOS),  # 3: 6
        ((3, 3, 3, 3, 1), B.THREES),  # 4: 12
        ((4, 4, 4, 4, 4), B.FOURS),  # 5: joker, Fours free and forced: 20 + bonus 100
        ((5, 5, 5, 1, 2), B.FIVES),  # 6: 15
        ((6, 6, 6, 5, 5), B.SIXES),  # 7: 18; upper 3+6+12+20+15+18 = 74 -> bonus 35
        ((2, 3, 4, 5, 6), B.LARGE_STRAIGHT),  # 8: 40
        ((1, 2, 3, 4, 6), B.SMALL_STRAIGHT),  # 9: 30
        ((3, 3, 5, 5, 5), B.FULL_HOUSE),  # 10: 25
        ((6, 6, 6, 6, 6), B.FOUR_KIND),  # 11: joker, Sixes used: lower at full value, 30 + 100
        ((1, 1, 3, 4, 6), B.THREE_KIND),  # 12: sacrifice, 0
        ((5, 6, 6, 4, 3), B.CHANCE),  # 13: 24
    ]
    for dice, box in script:
        assert not g.over
        g.apply_roll(dice)
        g.score(box)
    assert g.over and g.round == 13
    assert g.sheets[0] == {
        B.ACES: 3,
        B.TWOS: 6,
        B.THREES: 12,
        B.FOURS: 20,
        B.FIVES: 15,
        B.SIXES: 18,
        B.THREE_KIND: 0,
        B.FOUR_KIND: 30,
        B.FULL_HOUSE: 25,
        B.SMALL_STRAIGHT: 30,
        B.LARGE_STRAIGHT: 40,
        B.CHANCE: 24,
        B.PENTA: 50,
    }
    # lower: 0 + 30 + 25 + 30 + 40 + 24 + 50 = 199; two Penta bonuses = 200
    # total: 74 + 35 + 199 + 200 = 508
    assert g.totals(0) == Totals(upper=74, upper_bonus=35, lower=199, penta_bonus=200)
    assert g.totals(0).total == 508
    assert g.penta_bonuses == [2]
    assert g.winners() == [0]


Script = list[tuple[tuple[int, ...], Box]]

# Thirteen one-roll turns whose upper section makes exactly 63.
# upper: 3 + 6 + 9 + 12 + 15 + 18 = 63 -> bonus 35
# lower: 27 + 21 + 25 + 30 + 40 + 26 + 50 = 219; total 63 + 35 + 219 = 317
EXACT_63: Script = [
    ((1, 1, 1, 2, 3), B.ACES),
    ((2, 2, 2, 1, 3), B.TWOS),
    ((3, 3, 3, 1, 2), B.THREES),
    ((4, 4, 4, 1, 2), B.FOURS),
    ((5, 5, 5, 1, 2), B.FIVES),
    ((6, 6, 6, 1, 2), B.SIXES),
    ((6, 6, 6, 5, 4), B.THREE_KIND),
    ((5, 5, 5, 5, 1), B.FOUR_KIND),
    ((2, 2, 3, 3, 3), B.FULL_HOUSE),
    ((1, 2, 3, 4, 4), B.SMALL_STRAIGHT),
    ((1, 2, 3, 4, 5), B.LARGE_STRAIGHT),
    ((6, 6, 5, 5, 4), B.CHANCE),
    ((3, 3, 3, 3, 3), B.PENTA),
]
# The same with Aces 4 and Twos 4: upper 62, no bonus; total 62 + 219 = 281.
SHORT_62: Script = [((1, 1, 1, 1, 2), B.ACES), ((2, 2, 1, 3, 4), B.TWOS), *EXACT_63[2:]]


def play_rounds(g: PentaGame, scripts: list[Script]) -> None:
    """Play 13 rounds, seat ``s`` following ``scripts[s]``; check the seat order."""
    for r in range(13):
        for s, script in enumerate(scripts):
            assert not g.over
            assert (g.round, g.current) == (r + 1, s)
            assert g.winners() == []
            dice, box = script[r]
            g.apply_roll(dice)
            g.score(box)


def test_two_players_tie_and_share_the_win() -> None:
    g = PentaGame.new([Seat("Ana"), Seat("Bo")])
    play_rounds(g, [EXACT_63, EXACT_63])
    assert g.over
    assert [g.totals(s).total for s in (0, 1)] == [317, 317]
    assert g.totals(0) == Totals(upper=63, upper_bonus=35, lower=219, penta_bonus=0)
    assert g.winners() == [0, 1]
    assert g.outcome() == Outcome((317, 317))
    assert g.outcome() is not None and g.outcome().ranking == (Place(1, (0, 1)),)  # type: ignore[union-attr]


def test_three_players_in_seat_order() -> None:
    g = PentaGame.new([Seat("Ana"), Seat("Bo"), Seat("Cy", computer=True)])
    play_rounds(g, [SHORT_62, EXACT_63, SHORT_62])
    assert g.over and (g.round, g.current) == (13, 2)
    assert g.totals(0) == Totals(upper=62, upper_bonus=0, lower=219, penta_bonus=0)
    assert [g.totals(s).total for s in range(3)] == [281, 317, 281]
    assert [g.upper_needed(s) for s in range(3)] == [1, 0, 1]
    assert g.winners() == [1]


def test_three_players_two_share_the_win() -> None:
    g = PentaGame.new([Seat("Ana"), Seat("Bo"), Seat("Cy")])
    play_rounds(g, [EXACT_63, SHORT_62, EXACT_63])
    assert g.winners() == [0, 2]
    assert g.outcome() == Outcome((317, 281, 317))


# ---------------------------------------------------------------- the names both games share


def test_roll_with_its_values_is_apply_roll() -> None:
    g, by_method = solo(), solo()
    g.apply(Roll((2, 3, 4, 5, 6)))
    by_method.apply_roll([2, 3, 4, 5, 6])
    assert g == by_method and g.dice == (2, 3, 4, 5, 6)
    g.set_held([False, True, True, True, True])
    g.apply(Roll((1,)), roller=None)  # the values need no roller
    assert g.dice == (1, 3, 4, 5, 6)
    refused(g, lambda: g.apply(Roll((1, 2))), InvalidDiceError, "err.dice_count")
    g.apply(Roll((6,)))
    refused(g, lambda: g.apply(Roll((6,))), NoRollsLeftError, "err.penta.no_rolls_left")


def test_toggle_and_record_are_the_shared_names_of_toggle_hold_and_score() -> None:
    assert PentaGame.toggle_hold is PentaGame.toggle and PentaGame.score is PentaGame.record
    assert ToggleHold is Toggle and ToggleHold(2) == Toggle(2)
    g = solo()
    g.apply_roll([5, 5, 1, 2, 3])
    assert Toggle(0) in g.legal_actions()
    g.apply(Toggle(0))
    g.toggle_hold(1)
    assert g.held == (True, True, False, False, False)
    g.record(B.FIVES)
    assert g.sheets[0][B.FIVES] == 10


def test_can_roll_is_a_method_as_in_farkle() -> None:
    g = solo()
    assert g.can_roll() is True
    g.apply_roll([1, 2, 3, 4, 5])
    g.set_held([True] * 5)
    assert g.can_roll() is False and Roll() not in g.legal_actions()
    g.set_held([False] * 5)
    g.apply_roll([1, 2, 3, 4, 5])
    g.apply_roll([1, 2, 3, 4, 5])
    assert g.can_roll() is False


def test_outcome_is_none_until_the_end() -> None:
    g = solo()
    for box in BOXES:
        assert g.outcome() is None
        turn(g, (6, 6, 6, 6, 6) if box is B.PENTA else (1, 1, 1, 1, 2), box)
    # Aces 4, Twos 2, Three and Four of a kind 6 each, Chance 6, Penta 50
    assert g.outcome() == Outcome((74,))


def test_game_over_is_the_error_both_games_share() -> None:
    assert issubclass(GameOverError, errors.GameOverError)
    assert issubclass(GameOverError, PentaActionError)
    from zaria.farkle.errors import GameOverError as FarkleGameOver

    assert issubclass(FarkleGameOver, errors.GameOverError)


def test_a_penta_game_is_a_game() -> None:
    assert isinstance(solo(), Game)


def test_errors_and_state_live_in_their_own_modules() -> None:
    import zaria.penta.errors
    import zaria.penta.game
    import zaria.penta.state

    for name in zaria.penta.errors.__all__:
        assert getattr(zaria.penta.game, name) is getattr(zaria.penta.errors, name)
    assert zaria.penta.game.STATE_VERSION == zaria.penta.state.STATE_VERSION == 2
    with pytest.raises(StateError, match="unsupported version 3"):
        zaria.penta.state.parse_state({"game": "penta", "version": 3})
