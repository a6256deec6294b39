"""The five-dice family: Penta, the printed rules and Yatzy as three rules values.

Each member's scoring of every box is checked over all 252 rolls against a table
written here from the rules text, with its own code; a handful of rolls are named by
hand. Then the joker and the bonuses of each member, its game's saves, and the
refusals.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations_with_replacement
from typing import Any

import pytest

from zaria.dice import RandomRoller
from zaria.errors import StateError
from zaria.game import Seat
from zaria.penta.errors import BadRulesError, JokerForbidsError, UnknownBoxError
from zaria.penta.game import PentaGame, Totals
from zaria.penta.members import members, rules_named
from zaria.penta.players import CasualPlayer
from zaria.penta.rules import Joker, Rules
from zaria.penta.scoring import PENTA, PRINTED, Box
from zaria.yatzy import YATZY, YatzyBox

ROLLS = list(combinations_with_replacement(range(1, 7), 5))


# --- the rules texts, as tables ----------------------------------------------------------


def _faces(dice: tuple[int, ...]) -> dict[int, int]:
    return {f: dice.count(f) for f in range(1, 7) if f in dice}


def _upper(face: int) -> Callable[[tuple[int, ...]], int]:
    return lambda d: face * d.count(face)


def _penta_text() -> dict[str, Callable[[tuple[int, ...]], int]]:
    """RULES.md's score sheet: Three/Four of a kind the sum of all five dice, Full house
    25 (three of one face, two of another), Small straight 30 (four faces in a row),
    Large straight 40 (five in a row), Chance the sum, Penta 50."""

    def in_a_row(d: tuple[int, ...], n: int) -> bool:
        return any(all(f in d for f in range(a, a + n)) for a in range(1, 8 - n))

    names = ("aces", "twos", "threes", "fours", "fives", "sixes")
    table = {name: _upper(f) for f, name in enumerate(names, 1)}
    table |= {
        "three_kind": lambda d: sum(d) if max(_faces(d).values()) >= 3 else 0,
        "four_kind": lambda d: sum(d) if max(_faces(d).values()) >= 4 else 0,
        "full_house": lambda d: 25 if sorted(_faces(d).values()) == [2, 3] else 0,
        "small_straight": lambda d: 30 if in_a_row(d, 4) else 0,
        "large_straight": lambda d: 40 if in_a_row(d, 5) else 0,
        "chance": sum,
        "penta": lambda d: 50 if len(set(d)) == 1 else 0,
    }
    return table


def _yatzy_text() -> dict[str, Callable[[tuple[int, ...]], int]]:
    """Scandinavian Yatzy: One pair the highest pair × 2; Two pairs two different pairs
    (not four of a kind), their sum; Three/Four of a kind the sum of those dice; Small
    straight 1-2-3-4-5 = 15; Large straight 2-3-4-5-6 = 20; Full house three and two of
    different faces, the sum of all dice; Chance the sum; Yatzy 50."""

    def pairs(d: tuple[int, ...]) -> list[int]:
        return sorted((f for f, c in _faces(d).items() if c >= 2), reverse=True)

    def of_a_kind(d: tuple[int, ...], n: int) -> int:
        return next((n * f for f, c in _faces(d).items() if c >= n), 0)

    names = ("ones", "twos", "threes", "fours", "fives", "sixes")
    table = {name: _upper(f) for f, name in enumerate(names, 1)}
    table |= {
        "one_pair": lambda d: 2 * pairs(d)[0] if pairs(d) else 0,
        "two_pairs": lambda d: 2 * sum(pairs(d)) if len(pairs(d)) == 2 else 0,
        "three_kind": lambda d: of_a_kind(d, 3),
        "four_kind": lambda d: of_a_kind(d, 4),
        "small_straight": lambda d: 15 if sorted(d) == [1, 2, 3, 4, 5] else 0,
        "large_straight": lambda d: 20 if sorted(d) == [2, 3, 4, 5, 6] else 0,
        "full_house": lambda d: sum(d) if sorted(_faces(d).values()) == [2, 3] else 0,
        "chance": sum,
        "yatzy": lambda d: 50 if len(set(d)) == 1 else 0,
    }
    return table


TEXTS = {"penta": _penta_text(), "printed": _penta_text(), "yatzy": _yatzy_text()}


def test_the_family_has_three_members() -> None:
    assert [r.id for r in members()] == ["penta", "printed", "yatzy"]
    assert [rules_named(r.id) for r in members()] == [PENTA, PRINTED, YATZY]
    with pytest.raises(ValueError, match="unknown rules 'hasbro'"):
        rules_named("hasbro")


@pytest.mark.parametrize("rules", [PENTA, PRINTED, YATZY], ids=lambda r: r.id)
def test_every_box_scores_every_roll_as_the_rules_text_says(rules: Rules) -> None:
    text = TEXTS[rules.id]
    assert [b.value for b in rules.order] == list(text)
    for roll in ROLLS:
        for box in rules.order:
            assert rules.score(box, roll) == text[box.value](roll), (box, roll)


@pytest.mark.parametrize(
    ("box", "dice", "points"),
    [
        (YatzyBox.TWO_PAIRS, (3, 3, 3, 3, 5), 0),  # four of a kind is not two pairs
        (YatzyBox.TWO_PAIRS, (2, 2, 5, 5, 5), 14),
        (YatzyBox.TWO_PAIRS, (1, 1, 6, 6, 4), 14),
        (YatzyBox.FULL_HOUSE, (2, 2, 5, 5, 5), 19),
        (YatzyBox.FULL_HOUSE, (5, 5, 5, 5, 5), 0),  # five of a kind is not a full house
        (YatzyBox.ONE_PAIR, (2, 2, 5, 5, 6), 10),  # the highest pair
        (YatzyBox.ONE_PAIR, (6, 6, 6, 6, 6), 12),
        (YatzyBox.THREE_KIND, (4, 4, 4, 4, 2), 12),  # the three equal dice only
        (YatzyBox.FOUR_KIND, (4, 4, 4, 4, 2), 16),
        (YatzyBox.FOUR_KIND, (4, 4, 4, 2, 2), 0),
        (YatzyBox.SMALL_STRAIGHT, (5, 4, 3, 2, 1), 15),
        (YatzyBox.SMALL_STRAIGHT, (2, 3, 4, 5, 6), 0),
        (YatzyBox.LARGE_STRAIGHT, (2, 3, 4, 5, 6), 20),
        (YatzyBox.LARGE_STRAIGHT, (1, 3, 4, 5, 6), 0),
        (YatzyBox.YATZY, (3, 3, 3, 3, 3), 50),
        (Box.FULL_HOUSE, (2, 2, 5, 5, 5), 25),
        (Box.THREE_KIND, (4, 4, 4, 4, 2), 18),  # Penta: the sum of all five
        (Box.SMALL_STRAIGHT, (1, 3, 4, 5, 6), 30),
    ],
)
def test_named_rolls(box: Any, dice: tuple[int, ...], points: int) -> None:
    rules = YATZY if isinstance(box, YatzyBox) else PENTA
    assert rules.score(box, dice) == points
    if rules is PENTA:
        assert PRINTED.score(box, dice) == points


# --- the joker and the bonuses -------------------------------------------------------------


def test_five_of_a_kind_with_the_box_at_0_is_a_joker_only_in_the_printed_rules() -> None:
    free = {Box.FOURS, Box.CHANCE, Box.LARGE_STRAIGHT}
    fives = (4, 4, 4, 4, 4)
    # The printed rules: the own upper box is forced, no bonus without the 50.
    assert PRINTED.options(fives, free, 0) == {Box.FOURS: (20, 0)}
    assert PRINTED.options(fives, free - {Box.FOURS}, 0) == {
        Box.LARGE_STRAIGHT: (40, 0),
        Box.CHANCE: (20, 0),
    }
    # Penta: an ordinary roll, a Large straight worth 0.
    assert PENTA.options(fives, free, 0) == {
        Box.FOURS: (20, 0),
        Box.LARGE_STRAIGHT: (0, 0),
        Box.CHANCE: (20, 0),
    }
    # With 50 in the box, both: a forced joker and the 100 bonus.
    for rules in (PENTA, PRINTED):
        assert rules.options(fives, free, 50) == {Box.FOURS: (20, 100)}
        assert rules.options(fives, {Box.ACES, Box.TWOS}, 50) == {
            Box.ACES: (0, 100),
            Box.TWOS: (0, 100),
        }


def test_yatzy_has_no_joker_and_no_further_bonus() -> None:
    free = {YatzyBox.FOURS, YatzyBox.FULL_HOUSE, YatzyBox.LARGE_STRAIGHT}
    expected = {
        YatzyBox.FOURS: (20, 0),
        YatzyBox.LARGE_STRAIGHT: (0, 0),
        YatzyBox.FULL_HOUSE: (0, 0),
    }
    for held in (None, 0, 50):
        assert YATZY.options((4, 4, 4, 4, 4), free, held) == expected
    assert (YATZY.joker, YATZY.extra_bonus, PENTA.joker, PRINTED.joker) == (
        Joker.NONE,
        0,
        Joker.WHILE_FULL,
        Joker.WHEN_FILLED,
    )


@pytest.mark.parametrize(("rules", "bonus"), [(PENTA, 35), (PRINTED, 35), (YATZY, 50)])
def test_the_upper_bonus_at_63(rules: Rules, bonus: int) -> None:
    just = {b: 3 * rules.face(b) for b in rules.upper}  # three of each face: 63
    short = just | {rules.upper[0]: 2}
    assert Totals.of(just, 0, rules).upper_bonus == bonus
    assert Totals.of(short, 0, rules).upper_bonus == 0
    assert rules.upper_bonus_for(60, 3) == bonus and rules.upper_bonus_for(63, 3) == 0


def test_the_printed_joker_in_a_game_forces_the_box_and_keeps_the_state_on_refusal() -> None:
    g = PentaGame.new([Seat("Ana")], rules=PRINTED)
    g.apply_roll([2, 3, 4, 5, 1])
    g.record(Box.PENTA)  # sacrificed: 0
    g.apply_roll([6, 6, 6, 6, 6])
    before = g.to_dict()
    with pytest.raises(JokerForbidsError):
        g.record(Box.CHANCE)
    assert g.to_dict() == before
    g.record(Box.SIXES)
    assert g.sheets[0][Box.SIXES] == 30 and g.penta_bonuses == [0]


def test_a_yatzy_game_lasts_fifteen_rounds_and_counts_the_50_bonus() -> None:
    g = PentaGame.new([Seat("Ana")], rules=YATZY)
    for box in YATZY.order:
        g.apply_roll([6, 6, 6, 2, 2])
        g.record(box)
    assert g.over and g.round == 15
    t = g.totals(0)
    # 6s: 18, 2s: 4; pair 12, two pairs 16, three 18, four 0, straights 0, house 22,
    # chance 22, Yatzy 0; the upper total 22 earns no bonus.
    assert (t.upper, t.upper_bonus, t.lower, t.total) == (22, 0, 90, 112)


def test_a_box_of_another_member_is_refused() -> None:
    g = PentaGame.new([Seat("Ana")], rules=YATZY)
    g.apply_roll([1, 1, 2, 2, 3])
    with pytest.raises(UnknownBoxError):
        g.record(Box.ACES)
    with pytest.raises(UnknownBoxError):
        YATZY.score(Box.ACES, (1, 1, 1, 1, 1))
    with pytest.raises(BadRulesError):
        PentaGame.new([Seat("Ana")], rules="yatzy")  # type: ignore[arg-type]


# --- saves ------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [PENTA, PRINTED, YATZY], ids=lambda r: r.id)
def test_every_members_game_round_trips_at_every_step(rules: Rules) -> None:
    player, roller = CasualPlayer(), RandomRoller(5)
    g = PentaGame.new([Seat("Ana"), Seat("Cy", True, "casual")], rules=rules)
    steps = 0
    while not g.over:
        g.apply(player.choose(g), roller)
        d = g.to_dict()
        back = PentaGame.from_dict(d)
        assert back == g and back.rules is rules and back.to_dict() == d
        steps += 1
    assert steps > 2 * rules.rounds
    d = g.to_dict()
    assert d["game"] == rules.game
    assert d.get("rules") == (None if rules is PENTA else rules.id)
    assert list(d["sheets"][0]) == [b.value for b in rules.order]


def _finished_yatzy() -> dict[str, Any]:
    g = PentaGame.new([Seat("Ana")], rules=YATZY)
    for box in YATZY.order:
        g.apply_roll([5, 5, 5, 5, 5])
        g.record(box)
    return g.to_dict()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"rules": "farkle"}, "unknown rules"),
        ({"game": "penta"}, "not a game of yatzy rules"),
        ({"penta_bonuses": [1]}, "penta_bonuses"),
        ({"round": 13}, "round 15"),
    ],
)
def test_a_yatzy_save_is_checked_against_its_rules(change: dict[str, Any], message: str) -> None:
    d = _finished_yatzy()
    # five 5s in each box in turn: upper 25; pair 10, three 15, four 20, chance 25, Yatzy 50
    assert PentaGame.from_dict(d).totals(0).total == 145
    with pytest.raises(StateError, match=message):
        PentaGame.from_dict(d | change)


def test_a_penta_save_has_no_rules_and_a_printed_one_names_them() -> None:
    penta = PentaGame.new([Seat("Ana")]).to_dict()
    printed = PentaGame.new([Seat("Ana")], rules=PRINTED).to_dict()
    assert "rules" not in penta and printed["rules"] == "printed"
    assert {k: v for k, v in printed.items() if k != "rules"} == penta
    with pytest.raises(StateError, match="wrong keys"):
        PentaGame.from_dict(penta | {"rules": "penta"})
    sheet = {b.value: None for b in YATZY.order}
    with pytest.raises(StateError, match="exactly the 13 boxes"):
        PentaGame.from_dict(penta | {"sheets": [sheet]})


def test_a_yatzy_box_cannot_hold_what_no_roll_scores() -> None:
    d = _finished_yatzy()
    d["sheets"][0]["full_house"] = 25  # Penta's full house: no Yatzy roll scores it
    with pytest.raises(StateError, match="full_house cannot hold 25"):
        PentaGame.from_dict(d)
