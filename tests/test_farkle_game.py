"""The Farkle game state machine: turns, hot dice, lost turns, last round, refusals."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from zaria.dice import ScriptedRoller
from zaria.errors import (
    IllegalActionError,
    InvalidDiceError,
    SeatsError,
    StateError,
    UnknownActionError,
)
from zaria.farkle.errors import (
    BadDieIndexError,
    BadSetupError,
    DieCannotScoreError,
    DieSetAsideError,
    GameOverError,
    MissingDiceError,
    NoRollError,
    NothingSetAsideError,
    NothingToBankError,
    OutOfTurnError,
    SelectionNotScoringError,
)
from zaria.farkle.game import Bank, Event, EventKind, FarkleGame, Roll, Toggle
from zaria.game import Seat


def new(n: int = 2, target: int = 10000) -> FarkleGame:
    return FarkleGame.new([Seat(f"P{i}") for i in range(n)], target)


def select(game: FarkleGame, *indices: int) -> None:
    for i in indices:
        game.toggle(i)


def bank_roll(game: FarkleGame, roll: tuple[int, ...], keep: tuple[int, ...]) -> None:
    """Roll ``roll`` at the start of a turn, set aside ``keep`` and bank."""
    game.apply_roll(roll)
    select(game, *keep)
    game.bank()


def lose_turn(game: FarkleGame) -> None:
    game.apply_roll((2, 3, 4, 6, 2, 3))


def roundtrip(game: FarkleGame) -> FarkleGame:
    d = game.to_dict()
    back = FarkleGame.from_dict(json.loads(json.dumps(d)))
    assert back.to_dict() == d
    return back


# --------------------------------------------------------------------- setup


def test_new_game() -> None:
    g = new(3)
    assert g.current == 0 and g.banked == (0, 0, 0) and g.target == 10000
    assert g.roll is None and g.selected == () and g.set_aside == () and g.turn_total == 0
    assert g.dice_in_play == 6 and g.dice_to_roll() == 6
    assert not g.last_round and g.last_round_by is None and not g.over
    assert g.winners() == [] and g.events == () and g.last_event is None
    assert g.legal_actions() == [Roll()]
    assert g.can_roll() and not g.can_bank()
    assert g.bust_risk() == Fraction(5, 216)
    assert g.round == 1


@pytest.mark.parametrize("target", [5000, 10000, 15000])
def test_targets(target: int) -> None:
    assert new(1, target).target == target


@pytest.mark.parametrize(
    ("seats", "target", "error", "msg_id"),
    [
        (0, 10000, SeatsError, "err.seat_count"),
        (8, 10000, SeatsError, "err.seat_count"),
        (2, 7000, BadSetupError, "err.farkle.bad_target"),
        (2, 0, BadSetupError, "err.farkle.bad_target"),
        (2, 10000.0, BadSetupError, "err.farkle.bad_target"),
        (2, True, BadSetupError, "err.farkle.bad_target"),
    ],
)
def test_bad_setup(seats: int, target: int, error: type[Exception], msg_id: str) -> None:
    with pytest.raises(error) as info:
        FarkleGame.new([Seat(f"P{i}") for i in range(seats)], target)
    assert isinstance(info.value, IllegalActionError)
    assert info.value.msg_id == msg_id


def test_seven_seats_allowed() -> None:
    assert len(new(7).seats) == 7


# ------------------------------------------------------------------ one turn


def test_rules_example_only_the_one_may_be_set_aside() -> None:
    g = new()
    g.apply_roll((1, 2, 3, 4, 6, 6))
    assert g.scoreable == (True, False, False, False, False, False)
    assert g.legal_actions() == [Toggle(0)]
    before = g.to_dict()
    with pytest.raises(DieCannotScoreError) as info:
        g.toggle(1)
    assert info.value.params["value"] == 2 and "2" in str(info.value)
    assert g.to_dict() == before
    g.toggle(0)
    assert g.selected == (0,) and g.selection_points() == 100
    assert g.can_roll() and g.can_bank()
    assert g.dice_to_roll() == 5 and g.bust_risk() == Fraction(25, 324)


def test_triple_die_may_be_tapped_but_alone_does_not_score() -> None:
    g = new()
    g.apply_roll((2, 2, 2, 3, 4, 6))
    g.toggle(0)
    assert g.selected == (0,)
    assert not g.selection_scores() and g.selection_points() == 0
    assert not g.can_roll() and not g.can_bank()
    assert Roll() not in g.legal_actions() and Bank() not in g.legal_actions()
    before = g.to_dict()
    with pytest.raises(SelectionNotScoringError) as info:
        g.apply_roll((1, 1, 1, 1, 1))
    assert info.value.params["die"] == 2
    with pytest.raises(SelectionNotScoringError):
        g.bank()
    assert g.to_dict() == before
    select(g, 1, 2)
    assert g.selection_points() == 200 and g.can_roll() and g.can_bank()
    g.toggle(1)  # release
    assert g.selected == (0, 2) and not g.can_roll()


def test_two_fives_then_a_five_is_not_a_triple() -> None:
    g = new()
    g.apply_roll((5, 5, 2, 3, 4, 6))
    select(g, 0, 1)
    assert g.selection_points() == 100
    g.apply_roll((3, 5, 2, 6))
    assert g.set_aside == (((5, 5), 100),)
    assert g.turn_total == 100
    assert g.dice_set_aside == (5, 5)
    g.toggle(1)
    assert g.selection_points() == 50 and g.turn_points() == 150
    g.bank()
    assert g.banked == (150, 0)
    assert g.events == (Event(EventKind.BANKED, 0, 150),)


def test_roll_commits_selection_and_rolls_the_rest() -> None:
    g = new()
    g.apply_roll((1, 5, 2, 3, 4, 4))
    select(g, 0)
    assert g.dice_to_roll() == 5
    g.apply_roll((1, 1, 1, 2, 3))
    assert g.roll == (1, 1, 1, 2, 3) and g.selected == () and g.turn_total == 100
    assert g.dice_in_play == 5
    select(g, 0, 1, 2)
    assert g.selection_points() == 1000 and g.dice_to_roll() == 2
    assert g.bust_risk() == Fraction(4, 9)


def test_hot_dice_across_several_rolls() -> None:
    g = new()
    g.apply_roll((1, 1, 1, 2, 3, 4))
    select(g, 0, 1, 2)
    assert not g.hot_dice_pending()
    g.apply_roll((5, 5, 5))
    assert g.dice_set_aside == (1, 1, 1)
    select(g, 0, 1, 2)
    assert g.hot_dice_pending()
    assert g.dice_to_roll() == 6 and g.bust_risk() == Fraction(5, 216)
    g.apply_roll((2, 2, 3, 4, 6, 5))
    assert g.events == (Event(EventKind.HOT_DICE, 0, 1500),)
    assert g.last_event is not None and g.last_event.kind is EventKind.HOT_DICE
    assert g.turn_total == 1500 and g.dice_in_play == 6 and g.dice_set_aside == ()
    assert g.set_aside == (((1, 1, 1), 1000), ((5, 5, 5), 500))
    g.toggle(5)
    g.apply_roll((1, 3, 3, 3, 4))
    assert g.events == ()
    assert g.dice_set_aside == (5,) and g.turn_total == 1550
    select(g, 0, 1, 2, 3)
    g.bank()
    assert g.banked == (1550 + 400, 0)


def test_hot_dice_from_one_roll_then_bank() -> None:
    g = new()
    g.apply_roll((1, 2, 3, 4, 5, 6))
    select(g, *range(6))
    assert g.hot_dice_pending() and g.selection_points() == 1500
    g.bank()  # banking with hot dice pending: no hot-dice event, points banked
    assert g.banked == (1500, 0)
    assert [e.kind for e in g.events] == [EventKind.BANKED]


def test_hot_dice_then_lost_turn() -> None:
    g = new()
    g.apply_roll((2, 2, 3, 3, 6, 6))
    select(g, *range(6))
    g.apply_roll((2, 3, 4, 6, 2, 3))
    assert [e.kind for e in g.events] == [EventKind.HOT_DICE, EventKind.LOST_TURN]
    assert g.banked == (0, 0) and g.current == 1 and g.roll is None


def test_lost_turn() -> None:
    g = new()
    bank_roll(g, (1, 2, 3, 4, 6, 6), (0,))
    g.apply_roll((1, 1, 1, 5, 2, 3))
    select(g, 0, 1, 2, 3)
    g.apply_roll((4, 6))
    assert g.events == (Event(EventKind.LOST_TURN, 1, 1050, (4, 6)),)
    assert g.banked == (100, 0)
    assert g.current == 0 and g.roll is None and g.turn_total == 0 and g.set_aside == ()
    assert g.turns == (1, 1) and g.round == 2
    assert g.legal_actions() == [Roll()]


def test_lost_turn_on_first_roll() -> None:
    g = new()
    g.apply_roll((2, 2, 3, 4, 6, 6))
    assert g.last_event == Event(EventKind.LOST_TURN, 0, 0, (2, 2, 3, 4, 6, 6))
    assert g.current == 1 and g.banked == (0, 0)


def test_bank_passes_the_turn_and_wraps() -> None:
    g = new(3)
    for seat in range(3):
        assert g.current == seat
        bank_roll(g, (5, 2, 3, 4, 6, 6), (0,))
    assert g.current == 0 and g.banked == (50, 50, 50) and g.turns == (1, 1, 1)


def test_no_minimum_to_bank() -> None:
    g = new()
    g.apply_roll((5, 2, 3, 4, 6, 6))
    g.toggle(0)
    assert g.can_bank()
    g.bank()
    assert g.banked == (50, 0)


# ---------------------------------------------------------------- last round


def test_last_round_three_players() -> None:
    g = new(3, target=5000)
    six_ones = (1, 1, 1, 1, 1, 1)
    bank_roll(g, (5, 2, 3, 4, 6, 6), (0,))  # P0 50
    bank_roll(g, six_ones, tuple(range(6)))  # P1 3000
    bank_roll(g, (5, 2, 3, 4, 6, 6), (0,))  # P2 50
    bank_roll(g, (5, 2, 3, 4, 6, 6), (0,))  # P0 100
    assert not g.last_round
    bank_roll(g, six_ones, tuple(range(6)))  # P1 6000: reaches the target
    assert [e.kind for e in g.events] == [EventKind.BANKED, EventKind.LAST_ROUND]
    assert g.events[1] == Event(EventKind.LAST_ROUND, 1, 6000)
    assert g.last_round and g.last_round_by == 1 and g.turns_left == 2
    assert g.current == 2 and not g.over
    roundtrip(g)
    bank_roll(g, six_ones, tuple(range(6)))  # P2 3050: still plays; does not re-trigger
    assert g.last_round_by == 1 and g.turns_left == 1 and g.current == 0
    lose_turn(g)  # P0's last turn
    assert g.over and g.current == 1
    assert [e.kind for e in g.events] == [EventKind.LOST_TURN, EventKind.GAME_OVER]
    assert g.winners() == [1]
    assert g.turns == (3, 2, 2)  # P0 played a third turn, in the last round
    # the trigger player does not play again
    assert g.legal_actions() == [] and not g.can_roll() and not g.can_bank()
    before = g.to_dict()
    with pytest.raises(GameOverError):
        g.apply_roll(six_ones)
    with pytest.raises(GameOverError):
        g.bank()
    with pytest.raises(GameOverError):
        g.toggle(0)
    assert g.to_dict() == before
    roundtrip(g)


def test_last_round_can_be_won_by_a_later_player() -> None:
    g = new(2, target=5000)
    six_ones = (1, 1, 1, 1, 1, 1)
    bank_roll(g, six_ones, tuple(range(6)))  # P0 3000
    bank_roll(g, (5, 2, 3, 4, 6, 6), (0,))  # P1 50
    bank_roll(g, (1, 2, 2, 2, 3, 4), (0, 1, 2, 3))  # P0 3300
    bank_roll(g, six_ones, tuple(range(6)))  # P1 3050
    bank_roll(g, (1, 1, 1, 5, 5, 5), tuple(range(6)))  # P0 5800: last round
    assert g.last_round_by == 0 and g.current == 1 and g.turns_left == 1
    g.apply_roll(six_ones)
    select(g, *range(6))
    g.apply_roll((2, 2, 2, 2, 2, 2))  # hot dice, then six 2s
    select(g, *range(6))
    g.bank()  # P1 3050 + 6000 = 9050
    assert g.over and g.winners() == [1] and g.current == 0


def test_tie_shares_the_win() -> None:
    g = new(2, target=5000)
    for _ in range(2):
        bank_roll(g, (1, 1, 1, 5, 5, 5), tuple(range(6)))  # two triplets: 2,500
        bank_roll(g, (1, 1, 1, 5, 5, 5), tuple(range(6)))
    assert g.over  # P0 reached 5,000 first, P1 matched it in the last round
    assert g.banked == (5000, 5000) and g.winners() == [0, 1]


def test_solitaire_ends_when_the_target_is_reached() -> None:
    g = new(1, target=5000)
    bank_roll(g, (1, 1, 1, 5, 5, 5), tuple(range(6)))
    assert not g.over and g.current == 0 and g.turns == (1,)
    bank_roll(g, (1, 1, 1, 5, 5, 5), tuple(range(6)))
    assert g.over and g.winners() == [0] and g.last_round_by == 0 and g.turns_left == 0
    assert [e.kind for e in g.events] == [
        EventKind.BANKED,
        EventKind.LAST_ROUND,
        EventKind.GAME_OVER,
    ]


@pytest.mark.parametrize(("target", "over"), [(5000, True), (10000, False), (15000, False)])
def test_target_decides_the_last_round(target: int, over: bool) -> None:
    g = new(1, target=target)
    for _ in range(2):
        bank_roll(g, (1, 1, 1, 5, 5, 5), tuple(range(6)))  # 5,000 in two turns
    assert g.over is over and g.last_round is over


# ------------------------------------------------------------------ refusals


def _midturn() -> FarkleGame:
    """Seat 0 set aside a 1 and rolled 5 dice: 5, 2, 3, 3, 4."""
    g = new(2)
    g.apply_roll((1, 2, 3, 4, 6, 6))
    g.toggle(0)
    g.apply_roll((5, 2, 3, 3, 4))
    return g


def _midturn_selected() -> FarkleGame:
    """As :func:`_midturn`, with the 5 selected: the next roll has four dice."""
    g = _midturn()
    g.toggle(0)
    return g


Case = tuple[str, Callable[[], FarkleGame], Callable[[FarkleGame], Any], type[Exception], str]

BAD: list[Case] = [
    (
        "non-scoring die",
        _midturn,
        lambda g: g.toggle(1),
        DieCannotScoreError,
        "err.farkle.die_cannot_score",
    ),
    (
        "index past the dice",
        _midturn,
        lambda g: g.toggle(6),
        BadDieIndexError,
        "err.farkle.bad_index",
    ),
    ("negative index", _midturn, lambda g: g.toggle(-1), BadDieIndexError, "err.farkle.bad_index"),
    (
        "index not an int",
        _midturn,
        lambda g: g.toggle("0"),  # type: ignore[arg-type]
        BadDieIndexError,
        "err.farkle.bad_index",
    ),
    ("bool index", _midturn, lambda g: g.toggle(True), BadDieIndexError, "err.farkle.bad_index"),
    (
        "die from an earlier roll",
        _midturn,
        lambda g: g.toggle(5),
        DieSetAsideError,
        "err.farkle.die_set_aside",
    ),
    (
        "nothing selected then roll",
        _midturn,
        lambda g: g.apply_roll((1, 1, 1, 1)),
        NothingSetAsideError,
        "err.farkle.nothing_set_aside",
    ),
    (
        "nothing selected then roll via apply",
        _midturn,
        lambda g: g.apply(Roll((1, 1, 1, 1))),
        NothingSetAsideError,
        "err.farkle.nothing_set_aside",
    ),
    (
        "nothing selected then bank",
        _midturn,
        lambda g: g.bank(),
        NothingSetAsideError,
        "err.farkle.nothing_set_aside",
    ),
    (
        "bank with no points",
        lambda: new(2),
        lambda g: g.bank(),
        NothingToBankError,
        "err.farkle.nothing_to_bank",
    ),
    (
        "select before rolling",
        lambda: new(2),
        lambda g: g.toggle(0),
        NoRollError,
        "err.farkle.no_roll",
    ),
    (
        "roll out of turn",
        lambda: new(2),
        lambda g: g.apply_roll((1,) * 6, seat=1),
        OutOfTurnError,
        "err.farkle.out_of_turn",
    ),
    (
        "toggle out of turn",
        _midturn,
        lambda g: g.toggle(0, seat=1),
        OutOfTurnError,
        "err.farkle.out_of_turn",
    ),
    (
        "bank out of turn",
        _midturn,
        lambda g: g.apply(Bank(), seat=1),
        OutOfTurnError,
        "err.farkle.out_of_turn",
    ),
    (
        "too few dice",
        lambda: new(2),
        lambda g: g.apply_roll((1, 1, 1)),
        InvalidDiceError,
        "err.dice_count",
    ),
    (
        "too many dice after a set-aside",
        _midturn_selected,
        lambda g: g.apply_roll((1, 1, 1, 1, 1)),
        InvalidDiceError,
        "err.dice_count",
    ),
    (
        "bad die value",
        lambda: new(2),
        lambda g: g.apply_roll((1, 1, 1, 1, 1, 7)),
        InvalidDiceError,
        "err.die_value",
    ),
    (
        "roll without dice or roller",
        lambda: new(2),
        lambda g: g.apply(Roll()),
        MissingDiceError,
        "err.missing_dice",
    ),
]


@pytest.mark.parametrize("case", BAD, ids=[c[0] for c in BAD])
def test_bad_input_is_refused_and_changes_nothing(case: Case) -> None:
    _, make, act, error, msg_id = case
    g = make()
    before = copy.deepcopy(g.to_dict())
    with pytest.raises(error) as info:
        act(g)
    assert isinstance(info.value, IllegalActionError)
    assert info.value.msg_id == msg_id
    assert str(info.value)
    assert g.to_dict() == before


def test_refusal_messages_name_action_and_state() -> None:
    g = _midturn()
    with pytest.raises(DieSetAsideError) as info:
        g.toggle(5)
    assert "1 was set aside" in str(info.value) and "5, 2, 3, 3, 4" in str(info.value)
    with pytest.raises(OutOfTurnError) as info2:
        g.bank(seat=1)
    assert info2.value.params == {"action": "bank", "seat": 1, "current": 0}
    with pytest.raises(NothingSetAsideError) as info3:
        g.apply_roll((1, 1, 1, 1))
    assert "roll" in str(info3.value) and "5, 2, 3, 3, 4" in str(info3.value)


def test_acting_as_the_current_seat_is_accepted() -> None:
    g = new(2)
    g.apply_roll((1, 2, 3, 4, 6, 6), seat=0)
    g.toggle(0, seat=0)
    g.bank(seat=0)
    g.apply(Roll((5, 2, 3, 4, 6, 6)), seat=1)
    assert g.current == 1 and g.roll == (5, 2, 3, 4, 6, 6)


# ----------------------------------------------------------- the action API


def test_apply_and_legal_actions() -> None:
    g = new(2)
    roller = ScriptedRoller([(1, 5, 2, 2, 3, 4), (5, 5, 5, 6)], _NoMoreDice())
    g.apply(Roll(), roller=roller)
    assert g.roll == (1, 5, 2, 2, 3, 4)
    assert g.legal_actions() == [Toggle(0), Toggle(1)]
    g.apply(Toggle(1))
    assert g.legal_actions() == [Toggle(0), Toggle(1), Roll(), Bank()]
    g.apply(Toggle(0))
    g.apply(Roll(), roller=roller)
    assert g.roll == (5, 5, 5, 6) and g.turn_total == 150
    for i in range(3):
        g.apply(Toggle(i))
    g.apply(Bank())
    assert g.banked == (650, 0)
    with pytest.raises(UnknownActionError):
        g.apply("bank")  # type: ignore[arg-type]


class _NoMoreDice:
    def roll(self, n: int) -> tuple[int, ...]:
        raise AssertionError("no more scripted dice")


def test_refused_roll_does_not_use_the_roller() -> None:
    g = _midturn()
    roller = ScriptedRoller([], _NoMoreDice())
    with pytest.raises(NothingSetAsideError):
        g.apply(Roll(), roller=roller)


def test_actions_are_small_frozen_values() -> None:
    assert repr(Toggle(2)) == "Toggle(index=2)"
    assert Roll() == Roll(None) and Bank() == Bank()
    assert repr(EventKind.HOT_DICE) == "EventKind.HOT_DICE"
    with pytest.raises(AttributeError):
        Toggle(1).index = 2  # type: ignore[misc]


def test_copy_is_independent() -> None:
    g = _midturn()
    c = g.copy()
    c.toggle(0)
    assert g.selected == () and c.selected == (0,)
    assert c != g and g.copy() == g


# ------------------------------------------------------------- persistence


def test_roundtrip_keeps_every_field() -> None:
    g = _midturn()
    g.toggle(0)
    back = roundtrip(g)
    assert back == g
    assert back.roll == (5, 2, 3, 3, 4) and back.selected == (0,)
    assert back.set_aside == (((1,), 100),) and back.turn_total == 100
    assert back.can_roll() and back.bust_risk() == Fraction(17, 108)
    d = g.to_dict()
    assert d["game"] == "farkle" and d["version"] == 3


def _corrupt(change: Callable[[dict[str, Any]], object]) -> dict[str, Any]:
    g = _midturn()
    g.toggle(0)
    d = g.to_dict()
    change(d)
    return d


CORRUPT: list[tuple[str, Callable[[dict[str, Any]], object]]] = [
    ("wrong game", lambda d: d.update(game="penta")),
    ("wrong version", lambda d: d.update(version=4)),
    ("version 1 with the house-rule keys", lambda d: d.update(version=1)),
    ("bool version", lambda d: d.update(version=True)),
    ("float version", lambda d: d.update(version=1.0)),
    ("missing key", lambda d: d.pop("roll")),
    ("unknown key", lambda d: d.update(extra=1)),
    ("no seats", lambda d: d.update(seats=[], banked=[], turns=[])),
    ("bad seat", lambda d: d["seats"].__setitem__(0, {"name": 3})),
    ("bad target", lambda d: d.update(target=7000)),
    ("float target", lambda d: d.update(target=10000.0)),
    ("blank seat name", lambda d: d["seats"][0].update(name=" ")),
    ("banked length", lambda d: d.update(banked=[0])),
    ("banked not a multiple of 50", lambda d: d["banked"].__setitem__(1, 120)),
    ("negative banked", lambda d: d["banked"].__setitem__(1, -50)),
    ("current out of range", lambda d: d.update(current=2)),
    ("turn counts", lambda d: d.update(turns=[0, 1])),
    ("set-aside points wrong", lambda d: d["set_aside"][0].__setitem__(1, 150)),
    ("set-aside dice do not score", lambda d: d["set_aside"][0].__setitem__(0, [2])),
    ("roll size", lambda d: d.update(roll=[5, 2, 3, 3])),
    ("roll scores nothing", lambda d: d.update(roll=[2, 2, 3, 3, 4], selected=[])),
    ("roll value", lambda d: d.update(roll=[5, 2, 3, 3, 9])),
    ("no roll after set-aside", lambda d: d.update(roll=None, selected=[])),
    ("selected out of range", lambda d: d.update(selected=[5])),
    ("selected non-scoring die", lambda d: d.update(selected=[1])),
    ("selected unsorted", lambda d: d.update(selected=[0, 0])),
    ("last round without target", lambda d: d.update(last_round_by=0, turns_left=1)),
    ("over without last round", lambda d: d.update(over=True)),
    ("target reached without last round", lambda d: d["banked"].__setitem__(1, 10000)),
    ("over not a bool", lambda d: d.update(over=0)),
    (
        "bad event",
        lambda d: d.update(events=[{"kind": "boom", "seat": 0, "points": 0, "dice": []}]),
    ),
    (
        "event seat",
        lambda d: d.update(events=[{"kind": "banked", "seat": 5, "points": 0, "dice": []}]),
    ),
    ("not a dict", lambda d: d.clear()),
]


@pytest.mark.parametrize("case", CORRUPT, ids=[c[0] for c in CORRUPT])
def test_from_dict_refuses_corrupt_states(
    case: tuple[str, Callable[[dict[str, Any]], object]],
) -> None:
    with pytest.raises(StateError):
        FarkleGame.from_dict(_corrupt(case[1]))


def test_from_dict_refuses_non_dicts() -> None:
    bad: object
    for bad in (None, [], "farkle", 3):
        with pytest.raises(StateError):
            FarkleGame.from_dict(bad)


def test_from_dict_checks_the_last_round() -> None:
    g = new(3, target=5000)
    bank_roll(g, (1, 1, 1, 5, 5, 5), tuple(range(6)))
    bank_roll(g, (5, 2, 3, 4, 6, 6), (0,))
    bank_roll(g, (5, 2, 3, 4, 6, 6), (0,))
    bank_roll(g, (1, 1, 1, 5, 5, 5), tuple(range(6)))  # P0 5000: last round
    d = g.to_dict()
    assert FarkleGame.from_dict(d) == g
    for change in (
        {"turns_left": 1},  # seat 1 cannot be playing with one turn left
        {"last_round_by": 1},
        {"over": True},
        {"banked": [5000, 5000, 50]},  # seat 1 reached the target before its last turn
    ):
        with pytest.raises(StateError):
            FarkleGame.from_dict({**d, **change})
