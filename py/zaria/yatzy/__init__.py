"""Scandinavian Yatzy: a member of the five-dice family (:mod:`zaria.penta.rules`).

Fifteen boxes, in sheet order:

* Ones … Sixes: the dice showing that face, summed; 63 or more in them earn a 50 bonus;
* One pair: the highest pair, its two dice summed ([2, 2, 5, 5, 6] → 10);
* Two pairs: two pairs of different faces, their four dice summed (four of a kind is
  one face, not two pairs: [3, 3, 3, 3, 5] → 0);
* Three of a kind, Four of a kind: three (four) equal dice, those dice summed
  ([4, 4, 4, 4, 2] → 12 and 16);
* Small straight: exactly 1-2-3-4-5, 15; Large straight: exactly 2-3-4-5-6, 20;
* Full house: three of one face and two of another, the sum of the five dice
  ([2, 2, 5, 5, 5] → 19; five of a kind is not one);
* Chance: the sum of the five dice; Yatzy: five of a kind, 50.

No joker and no bonus for a further Yatzy: five of a kind is an ordinary roll
whatever the Yatzy box holds. The game itself is :class:`zaria.penta.game.PentaGame`
played with ``rules=YATZY``; its optimal player reads ``zaria/data/yatzy_table.bin``.

>>> YATZY.score(YatzyBox.TWO_PAIRS, (3, 3, 3, 3, 5))
0
>>> YATZY.score(YatzyBox.FULL_HOUSE, (2, 2, 5, 5, 5))
19
"""

from __future__ import annotations

from enum import Enum

from zaria.penta.rules import Joker, Kind, Rules, Scoring

__all__ = ["BOXES", "YATZY", "YatzyBox"]


class YatzyBox(Enum):
    """The 15 boxes of the Yatzy sheet, in sheet order."""

    ONES = "ones"
    TWOS = "twos"
    THREES = "threes"
    FOURS = "fours"
    FIVES = "fives"
    SIXES = "sixes"
    ONE_PAIR = "one_pair"
    TWO_PAIRS = "two_pairs"
    THREE_KIND = "three_kind"
    FOUR_KIND = "four_kind"
    SMALL_STRAIGHT = "small_straight"
    LARGE_STRAIGHT = "large_straight"
    FULL_HOUSE = "full_house"
    CHANCE = "chance"
    YATZY = "yatzy"

    def __repr__(self) -> str:
        return f"YatzyBox.{self.name}"


BOXES: tuple[YatzyBox, ...] = tuple(YatzyBox)

YATZY = Rules(
    id="yatzy",
    game="yatzy",
    boxes={
        **{b: Scoring(Kind.FACE, face=f) for f, b in enumerate(BOXES[:6], 1)},
        YatzyBox.ONE_PAIR: Scoring(Kind.KIND_SUM, n=2),
        YatzyBox.TWO_PAIRS: Scoring(Kind.TWO_PAIRS),
        YatzyBox.THREE_KIND: Scoring(Kind.KIND_SUM, n=3),
        YatzyBox.FOUR_KIND: Scoring(Kind.KIND_SUM, n=4),
        YatzyBox.SMALL_STRAIGHT: Scoring(Kind.EXACT, faces=(1, 2, 3, 4, 5), points=15),
        YatzyBox.LARGE_STRAIGHT: Scoring(Kind.EXACT, faces=(2, 3, 4, 5, 6), points=20),
        YatzyBox.FULL_HOUSE: Scoring(Kind.FULL_HOUSE_SUM),
        YatzyBox.CHANCE: Scoring(Kind.CHANCE),
        YatzyBox.YATZY: Scoring(Kind.FIVE, points=50),
    },
    upper_bonus=50,
    upper_threshold=63,
    joker=Joker.NONE,
    extra_bonus=0,
    table_file="yatzy_table.bin",
    table_code=2,
    box_type=YatzyBox,
)
