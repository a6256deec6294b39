"""Bad arguments to the engines' public API: the engine's own error, a message id, no change.

One table per game of ``(method, call, error class, message id)``, plus the rows
both games share (dice, seats, actions, rollers), run against each game. Every
row checks that the error is an :class:`IllegalActionError` carrying a message id
whose catalogue text can be filled from its parameters, and that ``to_dict()`` is
the same after the error as before.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from zaria.checks import StateReader, integer, is_whole
from zaria.dice import ScriptSyntaxError, check_dice, parse_dice, parse_script
from zaria.errors import (
    BadStrictError,
    IllegalActionError,
    InvalidDiceError,
    MissingDiceError,
    NoSuchSeatError,
    NothingToUndoError,
    SeatsError,
    StateError,
    UnknownActionError,
)
from zaria.farkle.errors import (
    BadDieIndexError,
    BadSetupError,
    NoRollError,
    OutOfTurnError,
)
from zaria.farkle.game import Bank, FarkleGame, Toggle
from zaria.farkle.game import Roll as FarkleRoll
from zaria.game import Seat, Undo
from zaria.i18n import LANGUAGES, Translator, catalogue
from zaria.penta.errors import PentaBoxValueError
from zaria.penta.game import (
    BadHoldError,
    HoldBeforeRollError,
    PentaGame,
    ToggleHold,
    UnknownBoxError,
)
from zaria.penta.game import Roll as PentaRoll
from zaria.penta.scoring import Box, box_options, joker_score, score

Game = PentaGame | FarkleGame
EN = catalogue("en")


def penta(rolled: bool = True) -> PentaGame:
    g = PentaGame.new([Seat("Ana"), Seat("Bo")])
    if rolled:
        g.apply_roll([1, 2, 3, 4, 5])
    return g


def farkle(rolled: bool = True) -> FarkleGame:
    g = FarkleGame.new([Seat("Ana"), Seat("Bo")])
    if rolled:
        g.apply_roll([1, 5, 2, 2, 3, 4])
    return g


def check_error(err: BaseException, msg_id: str) -> None:
    """``err`` is the engine's own, with ``msg_id``, and every language can say it."""
    assert isinstance(err, IllegalActionError), type(err)
    assert err.msg_id == msg_id
    assert str(err)
    if not msg_id.startswith(("err.penta.", "err.farkle.")):
        # The errors both games share are in the common catalogues.
        assert msg_id in EN, msg_id
    for lang in LANGUAGES:
        Translator(lang)(msg_id, **err.params)  # a placeholder without a parameter raises


def refused(
    game: Game, call: Callable[[], object], error: type[Exception], msg_id: str
) -> IllegalActionError:
    before = game.to_dict()
    with pytest.raises(error) as info:
        call()
    check_error(info.value, msg_id)
    assert game.to_dict() == before
    assert isinstance(info.value, IllegalActionError)
    return info.value


@dataclass(frozen=True)
class Case:
    """``call(game)`` raises ``error`` with ``msg_id``; ``method`` is the one tried."""

    method: str
    call: Callable[[Any], object]
    error: type[Exception]
    msg_id: str


def _ids(cases: list[tuple[str, Case]]) -> list[str]:
    return [name for name, _ in cases]


# ------------------------------------------------------------------ rows both games share

BAD_DICE: list[tuple[str, object, str]] = [
    ("None", None, "err.dice_type"),
    ("an int", 5, "err.dice_type"),
    ("a str of digits", "12345", "err.dice_type"),
    ("bytes", b"\x01\x02\x03\x04\x05", "err.dice_type"),
    ("floats", [1.0] * 6, "err.die_value"),
    ("bools", [True] * 6, "err.die_value"),
    ("digit strings", ["1"] * 6, "err.die_value"),
    ("Arabic-Indic digits", ["٣"] * 6, "err.die_value"),
    ("zero", [0] * 6, "err.die_value"),
    ("seven", [7] * 6, "err.die_value"),
    ("negative", [-1] * 6, "err.die_value"),
    ("None inside", [None] * 6, "err.die_value"),
    ("too few", [1, 2], "err.dice_count"),
    ("too many", [1] * 7, "err.dice_count"),
    ("empty", [], "err.dice_count"),
]


class _NotARoller:
    roll = 5


BAD_ROLLERS: list[tuple[str, object]] = [
    ("no roller", None),
    ("an int", 5),
    ("a roll attribute that is not callable", _NotARoller()),
    ("a function", lambda n: (1,) * n),
]

BAD_ACTIONS: list[tuple[str, object]] = [
    ("None", None),
    ("a str", "roll"),
    ("an int", 0),
    ("the other game's action", "other"),
]

BAD_SEAT_NUMBERS: list[tuple[str, object]] = [
    ("negative", -1),
    ("one past the last", 2),
    ("far out", 10**9),
    ("a float", 0.0),
    ("True", True),
    ("False", False),
    ("a str", "1"),
    ("a list", [0]),
]

BAD_TABLES: list[tuple[str, Callable[[], object], str]] = [
    ("None", lambda: None, "err.seat_list"),
    ("an int", lambda: 3, "err.seat_list"),
    ("a str", lambda: "Ana", "err.seat_list"),
    ("no seat", lambda: [], "err.seat_count"),
    ("eight seats", lambda: [Seat(f"P{i}") for i in range(8)], "err.seat_count"),
    ("a name for a seat", lambda: ["Ana"], "err.seat_type"),
    ("None for a seat", lambda: [Seat("Ana"), None], "err.seat_type"),
    ("a dict for a seat", lambda: [{"name": "Ana"}], "err.seat_type"),
    ("a blank name", lambda: [Seat("Ana"), Seat(" \t")], "err.seat_name"),
    ("an empty name", lambda: [Seat("")], "err.seat_name"),
    ("a number for a name", lambda: [Seat(5)], "err.seat_field"),  # type: ignore[arg-type]
    ("1 for computer", lambda: [Seat("Ana", computer=1)], "err.seat_field"),  # type: ignore[arg-type]
    ("None for level", lambda: [Seat("Ana", level=None)], "err.seat_field"),  # type: ignore[arg-type]
]

GAMES: list[tuple[str, Callable[[bool], Game]]] = [("penta", penta), ("farkle", farkle)]


def _roll_action(game: Game) -> object:
    return PentaRoll() if isinstance(game, PentaGame) else FarkleRoll()


@pytest.mark.parametrize(("game_name", "make"), GAMES, ids=[g for g, _ in GAMES])
@pytest.mark.parametrize(
    ("values", "msg_id"), [c[1:] for c in BAD_DICE], ids=[c[0] for c in BAD_DICE]
)
def test_apply_roll_refuses_bad_dice(
    game_name: str, make: Callable[[bool], Game], values: Any, msg_id: str
) -> None:
    g = make(False)
    refused(g, lambda: g.apply_roll(values), InvalidDiceError, msg_id)


@pytest.mark.parametrize(("game_name", "make"), GAMES, ids=[g for g, _ in GAMES])
@pytest.mark.parametrize("roller", [c[1] for c in BAD_ROLLERS], ids=[c[0] for c in BAD_ROLLERS])
def test_apply_roll_action_without_a_roller(
    game_name: str, make: Callable[[bool], Game], roller: Any
) -> None:
    g = make(False)
    action: Any = _roll_action(g)
    refused(g, lambda: g.apply(action, roller=roller), MissingDiceError, "err.missing_dice")


@pytest.mark.parametrize(("game_name", "make"), GAMES, ids=[g for g, _ in GAMES])
def test_a_roller_giving_no_dice_is_refused_as_bad_dice(
    game_name: str, make: Callable[[bool], Game]
) -> None:
    class Empty:
        def roll(self, n: int) -> None:
            return None

    g = make(False)
    action: Any = _roll_action(g)
    refused(g, lambda: g.apply(action, roller=Empty()), InvalidDiceError, "err.dice_type")


@pytest.mark.parametrize(("game_name", "make"), GAMES, ids=[g for g, _ in GAMES])
@pytest.mark.parametrize("action", [c[1] for c in BAD_ACTIONS], ids=[c[0] for c in BAD_ACTIONS])
def test_apply_refuses_what_is_not_an_action(
    game_name: str, make: Callable[[bool], Game], action: Any
) -> None:
    g = make(True)
    if action == "other":  # the other game's action value
        action = Toggle(0) if isinstance(g, PentaGame) else ToggleHold(0)
    refused(g, lambda: g.apply(action), UnknownActionError, "err.unknown_action")


@pytest.mark.parametrize("game_name", ["penta", "farkle"])
@pytest.mark.parametrize("strict", [None, 0, 1, "yes", "False", [True]])
def test_new_refuses_a_strict_setting_that_is_not_a_bool(game_name: str, strict: Any) -> None:
    cls = PentaGame if game_name == "penta" else FarkleGame
    with pytest.raises(BadStrictError) as info:
        cls.new([Seat("Ana")], strict=strict)
    check_error(info.value, "err.strict_flag")
    assert repr(strict) in str(info.value)


@pytest.mark.parametrize(("game_name", "make"), GAMES, ids=[g for g, _ in GAMES])
@pytest.mark.parametrize("rolled", [False, True], ids=["before a roll", "after a roll"])
def test_undo_with_nothing_to_undo(
    game_name: str, make: Callable[[bool], Game], rolled: bool
) -> None:
    g = make(rolled)
    refused(g, g.undo, NothingToUndoError, "err.undo.nothing")
    refused(g, lambda: g.apply(Undo()), NothingToUndoError, "err.undo.nothing")


@pytest.mark.parametrize(("game_name", "make"), GAMES, ids=[g for g, _ in GAMES])
@pytest.mark.parametrize(
    ("table", "msg_id"), [c[1:] for c in BAD_TABLES], ids=[c[0] for c in BAD_TABLES]
)
def test_new_refuses_bad_seats(
    game_name: str, make: Callable[[bool], Game], table: Callable[[], Any], msg_id: str
) -> None:
    cls = PentaGame if game_name == "penta" else FarkleGame
    with pytest.raises(SeatsError) as info:
        cls.new(table())
    check_error(info.value, msg_id)


# ------------------------------------------------------------------ seats and seat numbers


def _seat_calls(game: Game) -> list[tuple[str, Callable[[object], object]]]:
    if isinstance(game, PentaGame):
        p = game
        return [
            ("totals", p.totals),
            ("upper_needed", p.upper_needed),
            ("free_boxes", p.free_boxes),
            ("undo", lambda s: p.undo(seat=s)),  # type: ignore[arg-type]
        ]
    f = game
    return [
        ("leader_total", f.leader_total),
        ("apply_roll", lambda s: f.apply_roll([1, 1, 1, 1, 1], seat=s)),  # type: ignore[arg-type]
        ("toggle", lambda s: f.toggle(0, seat=s)),  # type: ignore[arg-type]
        ("bank", lambda s: f.bank(seat=s)),  # type: ignore[arg-type]
        ("apply", lambda s: f.apply(Bank(), seat=s)),  # type: ignore[arg-type]
        ("undo", lambda s: f.undo(seat=s)),  # type: ignore[arg-type]
    ]


SEAT_METHODS = {
    "penta": ["totals", "upper_needed", "free_boxes", "undo"],
    "farkle": ["leader_total", "apply_roll", "toggle", "bank", "apply", "undo"],
}
SEAT_ROWS = [(g, m) for g, methods in SEAT_METHODS.items() for m in methods]


@pytest.mark.parametrize(("game_name", "method"), SEAT_ROWS, ids=[f"{g}-{m}" for g, m in SEAT_ROWS])
@pytest.mark.parametrize(
    "seat", [c[1] for c in BAD_SEAT_NUMBERS], ids=[c[0] for c in BAD_SEAT_NUMBERS]
)
def test_seat_numbers_must_be_seats_of_the_game(game_name: str, method: str, seat: Any) -> None:
    g = penta() if game_name == "penta" else farkle()
    call = dict(_seat_calls(g))[method]
    err = refused(g, lambda: call(seat), NoSuchSeatError, "err.no_such_seat")
    assert repr(seat) in str(err) and "0 to 1" in str(err)


def test_totals_of_minus_one_is_not_the_last_seat() -> None:
    g = penta(rolled=False)
    g.apply_roll([6, 6, 6, 6, 6])
    g.score(Box.PENTA)  # Ana 50; Bo, the last seat, 0
    assert g.totals(0).total == 50
    refused(g, lambda: g.totals(-1), NoSuchSeatError, "err.no_such_seat")
    refused(g, lambda: g.upper_needed(-2), NoSuchSeatError, "err.no_such_seat")


def test_farkle_seat_given_as_text_names_what_was_given() -> None:
    g = farkle(rolled=False)
    g.apply_roll([1, 2, 3, 4, 6, 6])
    g.toggle(0)
    g.bank()  # seat 1 to play
    err = refused(g, lambda: g.apply_roll([1] * 6, seat="1"), NoSuchSeatError, "err.no_such_seat")  # type: ignore[arg-type]
    assert "'1'" in str(err) and "seat 1's turn" not in str(err)
    refused(g, lambda: g.bank(seat=True), NoSuchSeatError, "err.no_such_seat")
    refused(g, lambda: g.apply_roll([1] * 6, seat=0.0), NoSuchSeatError, "err.no_such_seat")  # type: ignore[arg-type]
    # A real seat out of turn is still an out-of-turn error; the right one plays.
    refused(g, lambda: g.apply_roll([1] * 6, seat=0), OutOfTurnError, "err.farkle.out_of_turn")
    g.apply_roll([1, 2, 3, 4, 6, 6], seat=1)
    assert g.current == 1 and g.leader_total(1) == 100


@pytest.mark.parametrize(
    "make",
    [
        lambda: Seat(None),  # type: ignore[arg-type]
        lambda: Seat(5),  # type: ignore[arg-type]
        lambda: Seat("Ana", computer=1),  # type: ignore[arg-type]
        lambda: Seat("Ana", computer="yes"),  # type: ignore[arg-type]
        lambda: Seat("Ana", computer=None),  # type: ignore[arg-type]
        lambda: Seat("Ana", level=3),  # type: ignore[arg-type]
    ],
)
def test_a_seat_refuses_fields_of_the_wrong_type(make: Callable[[], Seat]) -> None:
    with pytest.raises(SeatsError) as info:
        make()
    check_error(info.value, "err.seat_field")


@pytest.mark.parametrize(
    "d", [None, [], "Ana", {}, {"name": 5}, {"name": "Ana", "computer": 1}, {"name": None}]
)
def test_seat_from_dict_refuses_what_to_dict_cannot_give(d: Any) -> None:
    with pytest.raises(StateError):
        Seat.from_dict(d)


def test_seat_from_dict_reads_to_dict() -> None:
    seat = Seat("Bo", computer=True, level="expert")
    assert Seat.from_dict(seat.to_dict()) == seat
    assert Seat.from_dict({"name": "Ana"}) == Seat("Ana")


_SEAT = st.builds(
    Seat,
    name=st.text(max_size=4),
    computer=st.booleans(),
    level=st.sampled_from(["", "normal", "optimal"]),
)


@given(seats=st.lists(_SEAT, max_size=8))
def test_new_accepts_exactly_the_seats_from_dict_accepts(seats: list[Seat]) -> None:
    for cls in (PentaGame, FarkleGame):
        table = [s.to_dict() for s in seats]
        try:
            game = cls.new(seats)
        except SeatsError:
            # A saved game with this table is refused too: build one from a good game.
            d = cls.new([Seat(f"P{i}") for i in range(max(1, min(len(seats), 7)))]).to_dict()
            if 1 <= len(seats) <= 7:
                d["seats"] = table
                with pytest.raises(StateError):
                    cls.from_dict(d)
            continue
        assert cls.from_dict(game.to_dict()) == game


# ------------------------------------------------------------------ Penta's own methods

PENTA: list[tuple[str, Case]] = [
    *[
        (
            f"{name} {label}",
            Case(
                name,
                lambda g, v=v, name=name: getattr(g, name)(v),
                BadHoldError,
                "err.penta.hold_index",
            ),
        )
        for name in ("toggle", "toggle_hold")  # the shared name and the earlier one
        for label, v in [
            ("None", None),
            ("-1", -1),
            ("5", 5),
            ("1.0", 1.0),
            ("True", True),
            ("'0'", "0"),
        ]
    ],
    *[
        (
            f"set_held {label}",
            Case("set_held", lambda g, v=v: g.set_held(v), BadHoldError, "err.penta.held_shape"),
        )
        for label, v in [
            ("None", None),
            ("an int", 5),
            ("a str", "TTFFF"),
            ("four", [True] * 4),
            ("six", [False] * 6),
            ("ints", [1, 0, 1, 0, 1]),
            ("a set", {True, False}),
        ]
    ],
    *[
        (
            f"{name} {label}",
            Case(
                name,
                lambda g, v=v, name=name: getattr(g, name)(v),
                UnknownBoxError,
                "err.penta.unknown_box",
            ),
        )
        for name in ("record", "score")  # the shared name and the earlier one
        for label, v in [("None", None), ("a name", "aces"), ("an int", 0)]
    ],
    (
        "apply ToggleHold(None)",
        Case("apply", lambda g: g.apply(ToggleHold(None)), BadHoldError, "err.penta.hold_index"),
    ),
    (
        "apply_roll with a re-roll of the wrong size",
        Case(
            "apply_roll", lambda g: g.apply_roll([1, 2, 3, 4]), InvalidDiceError, "err.dice_count"
        ),
    ),
]


@pytest.mark.parametrize("case", [c for _, c in PENTA], ids=_ids(PENTA))
def test_penta_refuses_bad_arguments(case: Case) -> None:
    g = penta()
    refused(g, lambda: case.call(g), case.error, case.msg_id)


def test_penta_holds_are_checked_after_the_roll_is() -> None:
    g = penta(rolled=False)
    refused(g, lambda: g.set_held(None), HoldBeforeRollError, "err.penta.hold_before_roll")  # type: ignore[arg-type]


# ------------------------------------------------------------------ Farkle's own methods

FARKLE: list[tuple[str, Case]] = [
    *[
        (
            f"toggle {label}",
            Case("toggle", lambda g, v=v: g.toggle(v), BadDieIndexError, "err.farkle.bad_index"),
        )
        for label, v in [
            ("None", None),
            ("-1", -1),
            ("6", 6),
            ("1.0", 1.0),
            ("True", True),
            ("'0'", "0"),
        ]
    ],
    (
        "apply Toggle(None)",
        Case("apply", lambda g: g.apply(Toggle(None)), BadDieIndexError, "err.farkle.bad_index"),
    ),
    (
        "apply Roll(None values), a bad roller",
        Case(
            "apply", lambda g: g.apply(FarkleRoll(), roller=3), MissingDiceError, "err.missing_dice"
        ),
    ),
    (
        "apply Roll with bad values",
        Case(
            "apply", lambda g: g.apply(FarkleRoll(values=(7,))), InvalidDiceError, "err.die_value"
        ),
    ),
]


@pytest.mark.parametrize("case", [c for _, c in FARKLE], ids=_ids(FARKLE))
def test_farkle_refuses_bad_arguments(case: Case) -> None:
    g = farkle()
    g.toggle(1)  # the 5 is selected: a roll would commit it first, so it scores
    refused(g, lambda: case.call(g), case.error, case.msg_id)


def test_farkle_toggle_before_a_roll() -> None:
    g = farkle(rolled=False)
    refused(g, lambda: g.toggle(None), NoRollError, "err.farkle.no_roll")  # type: ignore[arg-type]


@pytest.mark.parametrize("target", [None, "10000", 10000.0, 10000.5, True, 7000, -5000, [10000]])
def test_farkle_new_refuses_targets_that_are_not_one_of_the_three(target: Any) -> None:
    with pytest.raises(BadSetupError) as info:
        FarkleGame.new([Seat("Ana")], target)
    check_error(info.value, "err.farkle.bad_target")


# ------------------------------------------------------------------ every public method is tried


def _methods_with_arguments(cls: type) -> set[str]:
    names = set()
    for name, member in inspect.getmembers(cls, callable):
        if name.startswith("_"):
            continue
        params = [p for p in inspect.signature(member).parameters if p not in ("self", "cls")]
        if params:
            names.add(name)
    return names


COVERED = {
    # the shared rows: apply_roll (dice, seats), apply (actions, rollers), new (seats);
    # from_dict in the state tests below
    "penta": {"apply_roll", "apply", "new", "from_dict"}
    | set(SEAT_METHODS["penta"])
    | {c.method for _, c in PENTA},
    "farkle": {"apply_roll", "apply", "new", "from_dict"}
    | set(SEAT_METHODS["farkle"])
    | {c.method for _, c in FARKLE},
}


@pytest.mark.parametrize(("game_name", "cls"), [("penta", PentaGame), ("farkle", FarkleGame)])
def test_every_public_method_taking_an_argument_is_in_the_table(game_name: str, cls: type) -> None:
    methods = _methods_with_arguments(cls)
    assert methods, cls
    assert methods <= COVERED[game_name], sorted(methods - COVERED[game_name])


# ------------------------------------------------------------------ saved states


@pytest.mark.parametrize(("game_name", "make"), GAMES, ids=[g for g, _ in GAMES])
@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("version", 1.0),
        ("version", True),
        ("current", 0.0),
        ("current", False),
        ("seats", [{"name": "Ana", "computer": 1, "level": ""}]),
        ("seats", [{"name": " ", "computer": False, "level": ""}]),
        ("seats", None),
    ],
)
def test_from_dict_refuses_floats_bools_and_bad_seats(
    game_name: str, make: Callable[[bool], Game], key: str, value: object
) -> None:
    g = make(False)
    d = g.to_dict()
    # A bad first seat keeps the others, so only that seat is wrong.
    d[key] = value + d["seats"][1:] if isinstance(value, list) else value
    with pytest.raises(StateError):
        type(g).from_dict(d)


@pytest.mark.parametrize("game_name", ["penta", "farkle"])
@pytest.mark.parametrize("d", [None, [], "state", 3])
def test_from_dict_refuses_what_is_not_a_dict(game_name: str, d: Any) -> None:
    cls = PentaGame if game_name == "penta" else FarkleGame
    with pytest.raises(StateError):
        cls.from_dict(d)


def test_farkle_from_dict_refuses_a_float_target() -> None:
    d = farkle(rolled=False).to_dict()
    d["target"] = 10000.0
    with pytest.raises(StateError, match="target"):
        FarkleGame.from_dict(d)


# ------------------------------------------------------------------ dice helpers


@pytest.mark.parametrize(
    ("values", "msg_id"), [c[1:] for c in BAD_DICE], ids=[c[0] for c in BAD_DICE]
)
def test_check_dice_refuses(values: Any, msg_id: str) -> None:
    with pytest.raises(InvalidDiceError) as info:
        check_dice(values, 6)
    check_error(info.value, msg_id)


@pytest.mark.parametrize("count", [5.0, True, "5", -1])
def test_check_dice_refuses_a_count_that_is_not_a_number_of_dice(count: Any) -> None:
    with pytest.raises(InvalidDiceError) as info:
        check_dice([1, 2, 3, 4, 5], count)
    check_error(info.value, "err.dice_count")


@pytest.mark.parametrize(
    ("text", "msg_id"),
    [
        (None, "err.dice_type"),
        (12345, "err.dice_type"),
        (["1", "2"], "err.dice_type"),
        ("²,1,1,1,1", "err.die_value"),
        ("٣,1,1,1,1", "err.die_value"),
        ("٣٣٣٣٣", "err.die_value"),
        ("１,1,1,1,1", "err.die_value"),  # a fullwidth 1
        ("1,1,1,1,x", "err.die_value"),
        ("1,1,1,1," + "9" * 5000, "err.die_value"),  # int() refuses so many digits
        ("1,1,1,1,03", "err.die_value"),
        ("1,1,1,1,+3", "err.die_value"),
        ("1,1,1,1", "err.dice_count"),
        ("", "err.dice_count"),
    ],
)
def test_parse_dice_reads_only_the_ascii_digits(text: Any, msg_id: str) -> None:
    with pytest.raises(InvalidDiceError) as info:
        parse_dice(text, 5)
    check_error(info.value, msg_id)


def test_parse_dice_names_the_text_it_refused() -> None:
    with pytest.raises(InvalidDiceError, match=r"die value '٣' is not a face from 1 to 6"):
        parse_dice("٣", 1)
    with pytest.raises(InvalidDiceError, match=r"die value 10 is not a face"):
        parse_dice("10", 1)
    assert parse_dice(" 1,2 3\t4,,5 ", 5) == (1, 2, 3, 4, 5)


@pytest.mark.parametrize("text", ["٣٣", "²", "1,１", "12a", "", "1,,2", "0", "7"])
def test_parse_script_refuses_anything_but_the_digits_1_to_6(text: str) -> None:
    with pytest.raises(ScriptSyntaxError) as info:
        parse_script(text)
    check_error(info.value, "error.dice_script")
    assert isinstance(info.value, InvalidDiceError)


@pytest.mark.parametrize("text", [None, 123, ["12"], b"12"])
def test_parse_script_refuses_what_is_not_text(text: Any) -> None:
    with pytest.raises(InvalidDiceError) as info:
        parse_script(text)
    check_error(info.value, "err.dice_type")


# ------------------------------------------------------------------ the shared checks


def test_is_whole() -> None:
    assert [is_whole(v) for v in (0, -3, 10**30)] == [True] * 3
    assert [is_whole(v) for v in (True, False, 1.0, "1", None, 1 + 0j)] == [False] * 6


@pytest.mark.parametrize("text", ["٣", "²", "1_000", " 1", "1 ", "+1", "", "--1", "1.0"])
def test_integer_reads_only_ascii_digits(text: str) -> None:
    with pytest.raises(ValueError):
        integer(text)


def test_integer_reads_ascii_integers() -> None:
    assert (integer("0"), integer("-7"), integer("10000")) == (0, -7, 10000)


def test_state_reader_names_the_game_and_the_field() -> None:
    read = StateReader("demo")
    assert read.whole(3, "x", 0, 3) == 3 and read.list_of([1], "y", 1) == [1]
    for value in (4, -1, 3.0, True, "3", None):
        with pytest.raises(StateError, match=r"^demo: x must be an integer from 0 to 3"):
            read.whole(value, "x", 0, 3)
    with pytest.raises(StateError, match=r"^demo: x must be an integer of at least 0"):
        read.whole(-1, "x")
    with pytest.raises(StateError, match=r"^demo: y must have 1 items, got 2"):
        read.list_of([1, 2], "y", 1)
    with pytest.raises(StateError, match=r"^demo: y must be a list, got tuple"):
        read.list_of((1,), "y")


# -- Penta's scoring functions ----------------------------------------------------------

SCORING_ROWS: list[tuple[str, Callable[[], object], type[IllegalActionError], str]] = [
    ("score-None", lambda: score(None, (1, 1, 1, 1, 1)), UnknownBoxError, "err.penta.unknown_box"),  # type: ignore[arg-type]
    (
        "score-text",
        lambda: score("aces", (1, 1, 1, 1, 1)),
        UnknownBoxError,
        "err.penta.unknown_box",
    ),  # type: ignore[arg-type]
    (
        "joker-int",
        lambda: joker_score(3, (4, 4, 4, 4, 4)),
        UnknownBoxError,
        "err.penta.unknown_box",
    ),  # type: ignore[arg-type]
    (
        "options-free-None",
        lambda: box_options((1, 2, 3, 4, 5), None, None),
        UnknownBoxError,
        "err.penta.unknown_box",
    ),  # type: ignore[arg-type]
    (
        "options-free-text",
        lambda: box_options((1, 2, 3, 4, 5), {"aces"}, None),
        UnknownBoxError,
        "err.penta.unknown_box",
    ),  # type: ignore[arg-type]
    (
        "options-free-list",
        lambda: box_options((1, 2, 3, 4, 5), [Box.ACES], None),
        UnknownBoxError,
        "err.penta.unknown_box",
    ),  # type: ignore[arg-type]
    (
        "options-penta-7",
        lambda: box_options((4,) * 5, {Box.ACES}, 7),
        PentaBoxValueError,
        "err.penta.penta_box",
    ),
    (
        "options-penta-True",
        lambda: box_options((4,) * 5, {Box.ACES}, True),
        PentaBoxValueError,
        "err.penta.penta_box",
    ),  # type: ignore[arg-type]
    (
        "options-penta-50.0",
        lambda: box_options((4,) * 5, {Box.ACES}, 50.0),
        PentaBoxValueError,
        "err.penta.penta_box",
    ),  # type: ignore[arg-type]
    ("score-dice-None", lambda: score(Box.ACES, None), InvalidDiceError, "err.dice_type"),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(
    ("call", "error", "msg_id"), [r[1:] for r in SCORING_ROWS], ids=[r[0] for r in SCORING_ROWS]
)
def test_penta_scoring_functions_refuse_bad_arguments(
    call: Callable[[], object], error: type[IllegalActionError], msg_id: str
) -> None:
    with pytest.raises(error) as info:
        call()
    check_error(info.value, msg_id)
