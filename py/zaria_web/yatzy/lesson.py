"""Yatzy's lesson (:mod:`zaria_web.play.lesson`), made of the family's steps
(:mod:`zaria_web.penta.lesson`): a few turns on scripted dice that meet what a
beginner needs once.

The first turn rolls, holds three 4s, rolls again and scores 16 in Fours. A few
turns later (played silently: Ones, Twos, Threes and Sixes bring the upper section
to 52) three 5s take it to 67 and its bonus of 50; then a Full house scores the sum
of its dice, a Yatzy its 50, Two pairs the four dice of its pairs, and One pair
only the highest of two pairs.
"""

from __future__ import annotations

from zaria.yatzy import YatzyBox as Box
from zaria_web.penta.lesson import hold, roll, score, script, turns
from zaria_web.play.lesson import Step

#: The turns played silently before the upper bonus: Ones 3, Twos 6, Threes 9,
#: Sixes 18 (with the first turn's 16 in Fours, 52 of the 63 the bonus needs).
_LATER = turns(
    ((1, 1, 1, 2, 3), Box.ONES),
    ((2, 2, 2, 3, 4), Box.TWOS),
    ((3, 3, 3, 1, 2), Box.THREES),
    ((6, 6, 6, 1, 2), Box.SIXES),
)

SCRIPT = script(
    roll("penta.lesson.roll", (4, 4, 2, 6, 4)),
    hold("yatzy.lesson.hold", (0, 1, 4), "yatzy.lesson.wrong.hold"),
    roll("penta.lesson.reroll", (4, 1)),
    score(Box.FOURS, "yatzy.lesson.fours"),
    Step("yatzy.lesson.later", setup=_LATER),
    roll("yatzy.lesson.roll_bonus", (5, 5, 5, 2, 3)),
    score(Box.FIVES, "yatzy.lesson.fives"),
    roll("yatzy.lesson.bonus", (3, 6, 3, 6, 6)),
    score(Box.FULL_HOUSE, "yatzy.lesson.full_house"),
    roll("penta.lesson.again", (2, 2, 2, 2, 2)),
    score(Box.YATZY, "yatzy.lesson.yatzy"),
    roll("yatzy.lesson.roll_pairs", (1, 6, 3, 6, 1)),
    score(Box.TWO_PAIRS, "yatzy.lesson.two_pairs"),
    roll("penta.lesson.roll_last", (5, 6, 5, 6, 2)),
    score(Box.ONE_PAIR, "yatzy.lesson.one_pair"),
    Step("yatzy.lesson.end"),
)
