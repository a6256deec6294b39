"""Penta's scoring rules, one table row per rule and edge case."""

from __future__ import annotations

from itertools import product

import pytest

from zaria.errors import InvalidDiceError
from zaria.penta.scoring import (
    BOXES,
    JOKER_LOWER,
    LOWER,
    UPPER,
    Box,
    box_options,
    is_penta,
    joker_score,
    score,
    score_all,
)

B = Box

# (box, dice, points): the plain score, no joker.
SCORE_TABLE = [
    # upper section: the sum of the dice showing the box's face
    (B.ACES, (1, 1, 3, 4, 6), 2),
    (B.ACES, (2, 3, 4, 5, 6), 0),
    (B.TWOS, (2, 5, 2, 6, 2), 6),
    (B.THREES, (3, 1, 3, 3, 3), 12),
    (B.FOURS, (4, 4, 4, 4, 4), 20),
    (B.FIVES, (5, 1, 2, 3, 4), 5),
    (B.SIXES, (1, 2, 3, 4, 5), 0),
    (B.SIXES, (6, 6, 6, 6, 6), 30),
    # Three of a kind: at least three equal, sum of all five
    (B.THREE_KIND, (3, 3, 1, 3, 2), 12),
    (B.THREE_KIND, (3, 3, 1, 1, 2), 0),
    (B.THREE_KIND, (5, 5, 5, 5, 2), 22),
    (B.THREE_KIND, (6, 6, 6, 6, 6), 30),
    (B.THREE_KIND, (2, 2, 3, 3, 3), 13),
    # Four of a kind: at least four equal, sum of all five
    (B.FOUR_KIND, (2, 2, 6, 2, 2), 14),
    (B.FOUR_KIND, (2, 2, 2, 6, 6), 0),
    (B.FOUR_KIND, (5, 5, 5, 5, 5), 25),
    # Full house: three of one face and two of another
    (B.FULL_HOUSE, (2, 3, 2, 3, 3), 25),
    (B.FULL_HOUSE, (1, 1, 6, 6, 6), 25),
    (B.FULL_HOUSE, (3, 3, 3, 3, 2), 0),
    (B.FULL_HOUSE, (4, 4, 4, 4, 4), 0),  # five of a kind is not a Full house
    (B.FULL_HOUSE, (1, 1, 2, 2, 3), 0),
    (B.FULL_HOUSE, (1, 2, 3, 4, 5), 0),
    # Small straight: four consecutive faces among the dice
    (B.SMALL_STRAIGHT, (1, 2, 3, 4, 6), 30),
    (B.SMALL_STRAIGHT, (1, 3, 4, 5, 6), 30),
    (B.SMALL_STRAIGHT, (5, 3, 2, 4, 5), 30),
    (B.SMALL_STRAIGHT, (6, 4, 3, 6, 5), 30),
    (B.SMALL_STRAIGHT, (1, 2, 3, 4, 5), 30),  # a large straight holds a small one
    (B.SMALL_STRAIGHT, (1, 2, 3, 5, 6), 0),
    (B.SMALL_STRAIGHT, (1, 2, 4, 5, 6), 0),
    (B.SMALL_STRAIGHT, (1, 1, 3, 4, 6), 0),
    (B.SMALL_STRAIGHT, (3, 3, 3, 3, 3), 0),  # five of a kind is not a straight
    # Large straight: five consecutive faces
    (B.LARGE_STRAIGHT, (1, 2, 3, 4, 5), 40),
    (B.LARGE_STRAIGHT, (2, 3, 4, 5, 6), 40),
    (B.LARGE_STRAIGHT, (6, 2, 5, 3, 4), 40),
    (B.LARGE_STRAIGHT, (1, 2, 3, 4, 6), 0),
    (B.LARGE_STRAIGHT, (1, 3, 4, 5, 6), 0),
    (B.LARGE_STRAIGHT, (2, 3, 4, 5, 5), 0),
    (B.LARGE_STRAIGHT, (4, 4, 4, 4, 4), 0),
    # Chance: any dice, sum of all five
    (B.CHANCE, (1, 1, 3, 4, 6), 15),
    (B.CHANCE, (1, 1, 1, 1, 1), 5),
    (B.CHANCE, (6, 6, 6, 6, 6), 30),
    # Penta: five equal dice score 50
    (B.PENTA, (1, 1, 1, 1, 1), 50),
    (B.PENTA, (6, 6, 6, 6, 6), 50),
    (B.PENTA, (1, 1, 1, 1, 2), 0),
]


@pytest.mark.parametrize(("box", "dice", "points"), SCORE_TABLE)
def test_score_table(box: Box, dice: tuple[int, ...], points: int) -> None:
    assert score(box, dice) == points


def test_table_covers_every_box() -> None:
    assert {row[0] for row in SCORE_TABLE} == set(BOXES)


def test_sacrifice_example_scores_only_in_five_boxes() -> None:
    # The rules' example: 1, 1, 3, 4, 6 scores only in Aces, Threes, Fours, Sixes, Chance.
    scores = score_all((1, 1, 3, 4, 6))
    assert [b for b, p in scores.items() if p > 0] == [B.ACES, B.THREES, B.FOURS, B.SIXES, B.CHANCE]
    assert scores[B.FULL_HOUSE] == 0
    assert scores[B.LARGE_STRAIGHT] == 0


def test_score_all_is_in_sheet_order() -> None:
    assert list(score_all((2, 3, 4, 5, 6))) == list(BOXES)
    assert score_all((6, 6, 6, 6, 6)) == {
        B.ACES: 0,
        B.TWOS: 0,
        B.THREES: 0,
        B.FOURS: 0,
        B.FIVES: 0,
        B.SIXES: 30,
        B.THREE_KIND: 30,
        B.FOUR_KIND: 30,
        B.FULL_HOUSE: 0,
        B.SMALL_STRAIGHT: 0,
        B.LARGE_STRAIGHT: 0,
        B.CHANCE: 30,
        B.PENTA: 50,
    }


@pytest.mark.parametrize(
    "dice", [(1, 2, 3, 4), (1, 2, 3, 4, 5, 6), (0, 1, 2, 3, 4), (1, 2, 3, 4, 7)]
)
def test_score_rejects_bad_dice(dice: tuple[int, ...]) -> None:
    with pytest.raises(InvalidDiceError):
        score(B.CHANCE, dice)


def test_consistency_over_every_roll() -> None:
    # Relations between boxes that hold for each of the 6**5 rolls.
    for dice in product(range(1, 7), repeat=5):
        s = score_all(dice)
        assert sum(s[b] for b in UPPER) == s[B.CHANCE] == sum(dice)
        if s[B.FOUR_KIND]:
            assert s[B.THREE_KIND] == s[B.FOUR_KIND]
        if s[B.LARGE_STRAIGHT]:
            assert s[B.SMALL_STRAIGHT] == 30
        if s[B.PENTA]:
            assert is_penta(dice)
            assert s[B.FOUR_KIND] == s[B.THREE_KIND] == sum(dice)
            assert s[B.FULL_HOUSE] == s[B.SMALL_STRAIGHT] == s[B.LARGE_STRAIGHT] == 0
        if s[B.FULL_HOUSE]:
            assert s[B.THREE_KIND] == sum(dice) and not s[B.FOUR_KIND]


# ---------------------------------------------------------------- joker

FOURS5 = (4, 4, 4, 4, 4)
ALL = frozenset(BOXES)


@pytest.mark.parametrize(
    ("box", "points"),
    [
        (B.THREE_KIND, 20),
        (B.FOUR_KIND, 20),
        (B.FULL_HOUSE, 25),
        (B.SMALL_STRAIGHT, 30),
        (B.LARGE_STRAIGHT, 40),
        (B.CHANCE, 20),
        (B.FOURS, 20),
        (B.ACES, 0),
        (B.SIXES, 0),
    ],
)
def test_joker_score(box: Box, points: int) -> None:
    assert joker_score(box, FOURS5) == points


def test_joker_own_upper_box_free_is_the_only_choice() -> None:
    # Five 4s with the Penta box at 50 and Fours free: only Fours, 20 + 100.
    assert box_options(FOURS5, ALL - {B.PENTA}, 50) == {B.FOURS: (20, 100)}


def test_joker_own_upper_box_used_gives_lower_boxes_at_full_value() -> None:
    free = ALL - {B.PENTA, B.FOURS}
    assert box_options(FOURS5, free, 50) == {
        B.THREE_KIND: (20, 100),
        B.FOUR_KIND: (20, 100),
        B.FULL_HOUSE: (25, 100),
        B.SMALL_STRAIGHT: (30, 100),
        B.LARGE_STRAIGHT: (40, 100),
        B.CHANCE: (20, 100),
    }


def test_joker_only_free_lower_boxes_are_offered() -> None:
    free = {B.ACES, B.FULL_HOUSE, B.CHANCE}
    assert box_options(FOURS5, free, 50) == {B.FULL_HOUSE: (25, 100), B.CHANCE: (20, 100)}


def test_joker_lower_all_used_allows_any_free_upper_box_at_zero() -> None:
    free = {B.ACES, B.TWOS, B.SIXES}
    assert box_options(FOURS5, free, 50) == {B.ACES: (0, 100), B.TWOS: (0, 100), B.SIXES: (0, 100)}


def test_penta_box_sacrificed_means_no_bonus_and_no_joker() -> None:
    opts = box_options(FOURS5, ALL - {B.PENTA}, 0)
    assert set(opts) == ALL - {B.PENTA}
    assert opts[B.LARGE_STRAIGHT] == (0, 0)
    assert opts[B.FULL_HOUSE] == (0, 0)
    assert opts[B.FOURS] == (20, 0)
    assert opts[B.CHANCE] == (20, 0)
    assert all(bonus == 0 for _, bonus in opts.values())


def test_penta_box_free_lets_a_penta_go_anywhere_as_an_ordinary_roll() -> None:
    opts = box_options(FOURS5, ALL, None)
    assert set(opts) == ALL
    assert opts[B.PENTA] == (50, 0)
    assert opts[B.FOURS] == (20, 0)
    assert opts[B.FULL_HOUSE] == (0, 0)
    assert opts[B.LARGE_STRAIGHT] == (0, 0)
    assert opts[B.ACES] == (0, 0)


def test_no_joker_for_an_ordinary_roll_after_a_penta() -> None:
    dice = (4, 4, 4, 4, 2)
    assert box_options(dice, ALL - {B.PENTA}, 50) == {
        b: (score(b, dice), 0) for b in BOXES if b is not B.PENTA
    }


def test_joker_lower_excludes_the_penta_box() -> None:
    assert set(JOKER_LOWER) == set(LOWER) - {B.PENTA}


def test_box_helpers() -> None:
    assert [b.face for b in UPPER] == [1, 2, 3, 4, 5, 6]
    assert all(b.upper for b in UPPER) and not any(b.upper for b in LOWER)
    assert B.CHANCE.face == 0
    assert Box.parse(" Full_House ") is B.FULL_HOUSE
    with pytest.raises(ValueError, match="unknown box 'yahtzee'"):
        Box.parse("yahtzee")
    with pytest.raises(ValueError, match="unknown box None"):
        Box.parse(None)  # type: ignore[arg-type]
    assert repr(B.PENTA) == "Box.PENTA"
