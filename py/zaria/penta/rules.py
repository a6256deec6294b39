"""The five-dice score sheet as one family: a :class:`Rules` value per member.

Every member plays five dice, three rolls a turn, one box filled per turn, a
turn for each box; what differs is a value, not code:

* the boxes in sheet order and how each scores (a :class:`Scoring` each);
* the upper bonus and the upper total that earns it;
* the joker rule (:class:`Joker`): where a further five of a kind may go;
* the extra bonus a further five of a kind earns while the five-of-a-kind box
  holds its full score.

Three members: :data:`~zaria.penta.scoring.PENTA` (the rules page's game),
:data:`~zaria.penta.scoring.PRINTED` (the rules printed in the American box: the
joker whenever the five-of-a-kind box is filled, with 50 or with 0) and
Scandinavian Yatzy (:data:`zaria.yatzy.YATZY`, whose boxes are its own enum);
:mod:`zaria.penta.members` names them all. The six upper boxes come first on every
sheet and the five-of-a-kind box last: the optimal player's table is laid out on that.

>>> from zaria.penta.scoring import PENTA, PRINTED, Box
>>> PENTA.score(Box.FULL_HOUSE, (2, 2, 5, 5, 5)), PRINTED.id, len(PENTA.boxes)
(25, 'printed', 13)
>>> PRINTED.options((4, 4, 4, 4, 4), {Box.FOURS, Box.CHANCE}, 0)
{Box.FOURS: (20, 0)}
>>> PENTA.options((4, 4, 4, 4, 4), {Box.FOURS, Box.CHANCE}, 0)
{Box.FOURS: (20, 0), Box.CHANCE: (20, 0)}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property
from itertools import combinations_with_replacement
from typing import Any

from zaria.checks import is_whole
from zaria.dice import check_dice
from zaria.penta.errors import PentaBoxValueError, UnknownBoxError

__all__ = [
    "Joker",
    "Kind",
    "Rules",
    "Scoring",
]

#: The 252 sorted rolls of five dice.
ROLLS: tuple[tuple[int, ...], ...] = tuple(combinations_with_replacement(range(1, 7), 5))


class Joker(Enum):
    """When a further five of a kind is a joker (its own upper box if free, else any free
    lower box at full value, else any free upper box at 0)."""

    NONE = "none"  # never: it is an ordinary roll
    WHILE_FULL = "while_full"  # only while the five-of-a-kind box holds its full score
    WHEN_FILLED = "when_filled"  # whenever that box is filled, with its score or with 0

    def __repr__(self) -> str:
        return f"Joker.{self.name}"


class Kind(Enum):
    """How a box scores five dice (see :class:`Scoring` for each one's parameters)."""

    FACE = "face"  # the dice showing ``face``, summed
    KIND_TOTAL = "kind_total"  # at least ``n`` equal dice: the sum of all five
    KIND_SUM = "kind_sum"  # ``n`` equal dice (the highest such face): those n summed
    TWO_PAIRS = "two_pairs"  # two pairs of different faces: the four dice summed
    FULL_HOUSE = "full_house"  # three of one face and two of another: ``points``
    FULL_HOUSE_SUM = "full_house_sum"  # the same: the sum of the five dice
    RUN = "run"  # ``n`` consecutive faces among the dice: ``points``
    EXACT = "exact"  # exactly the faces ``faces``: ``points``
    CHANCE = "chance"  # any dice: their sum
    FIVE = "five"  # five equal dice: ``points``

    def __repr__(self) -> str:
        return f"Kind.{self.name}"


@dataclass(frozen=True)
class Scoring:
    """How one box scores: its :class:`Kind` and the parameters that kind reads.

    >>> Scoring(Kind.KIND_SUM, n=2).points_for((2, 2, 5, 5, 6))
    10
    """

    kind: Kind
    face: int = 0
    n: int = 0
    points: int = 0
    faces: tuple[int, ...] = ()

    def points_for(self, dice: Sequence[int]) -> int:
        """What sorted ``dice`` (five faces, already checked) score here."""
        return _SCORERS[self.kind](self, dice, Counter(dice))

    @property
    def fixed(self) -> bool:
        """True for a box worth a set number of points (a joker takes them in full)."""
        return self.kind in (Kind.FULL_HOUSE, Kind.RUN, Kind.EXACT, Kind.FIVE)


def _face(s: Scoring, dice: Sequence[int], counts: Counter[int]) -> int:
    return s.face * counts[s.face]


def _kind_total(s: Scoring, dice: Sequence[int], counts: Counter[int]) -> int:
    return sum(dice) if max(counts.values()) >= s.n else 0


def _kind_sum(s: Scoring, dice: Sequence[int], counts: Counter[int]) -> int:
    faces = [f for f, c in counts.items() if c >= s.n]
    return s.n * max(faces) if faces else 0


def _two_pairs(s: Scoring, dice: Sequence[int], counts: Counter[int]) -> int:
    pairs = [f for f, c in counts.items() if c >= 2]
    return 2 * sum(pairs) if len(pairs) == 2 else 0


def _full_house(s: Scoring, dice: Sequence[int], counts: Counter[int]) -> int:
    return s.points if sorted(counts.values()) == [2, 3] else 0


def _full_house_sum(s: Scoring, dice: Sequence[int], counts: Counter[int]) -> int:
    return sum(dice) if sorted(counts.values()) == [2, 3] else 0


def _run(s: Scoring, dice: Sequence[int], counts: Counter[int]) -> int:
    faces = set(dice)
    starts = range(1, 8 - s.n)
    return s.points if any(faces >= set(range(a, a + s.n)) for a in starts) else 0


def _exact(s: Scoring, dice: Sequence[int], counts: Counter[int]) -> int:
    return s.points if tuple(sorted(dice)) == s.faces else 0


def _chance(s: Scoring, dice: Sequence[int], counts: Counter[int]) -> int:
    return sum(dice)


def _five(s: Scoring, dice: Sequence[int], counts: Counter[int]) -> int:
    return s.points if len(counts) == 1 else 0


_SCORERS: dict[Kind, Callable[[Scoring, Sequence[int], Counter[int]], int]] = {
    Kind.FACE: _face,
    Kind.KIND_TOTAL: _kind_total,
    Kind.KIND_SUM: _kind_sum,
    Kind.TWO_PAIRS: _two_pairs,
    Kind.FULL_HOUSE: _full_house,
    Kind.FULL_HOUSE_SUM: _full_house_sum,
    Kind.RUN: _run,
    Kind.EXACT: _exact,
    Kind.CHANCE: _chance,
    Kind.FIVE: _five,
}


@dataclass(frozen=True, eq=False)
class Rules:
    """One member of the family: its boxes and their scoring, bonuses and joker rule.

    ``boxes`` maps each box (a member of the game's box enum, in sheet order) to its
    :class:`Scoring`. ``id`` names the rules in saves and on the command line,
    ``game`` the game they are played as (a house rule keeps its game's name).
    ``extra_bonus`` is earned by each further five of a kind while the five-of-a-kind
    box holds its full score; ``table_code`` marks the member's strategy table file.
    """

    id: str
    game: str
    boxes: Mapping[Any, Scoring]
    upper_bonus: int
    upper_threshold: int
    joker: Joker
    extra_bonus: int
    table_file: str
    table_code: int
    box_type: type[Enum] = field(repr=False, default=Enum)

    def __post_init__(self) -> None:
        scorings = list(self.boxes.values())
        kinds = [s.kind for s in scorings]
        if [(s.kind, s.face) for s in scorings[:6]] != [(Kind.FACE, f) for f in range(1, 7)]:
            raise ValueError(f"rules {self.id}: the sheet must open with the six upper boxes")
        if kinds[-1] is not Kind.FIVE or kinds.count(Kind.FIVE) != 1:
            raise ValueError(f"rules {self.id}: the sheet must end with the five-of-a-kind box")
        if self.joker is Joker.NONE and self.extra_bonus:
            raise ValueError(f"rules {self.id}: an extra bonus needs a joker rule")

    def __repr__(self) -> str:
        return f"<Rules {self.id}>"

    # A member is one value, compared by identity: a copy of it is itself.
    def __copy__(self) -> Rules:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Rules:
        return self

    # --- the sheet -----------------------------------------------------------------

    @cached_property
    def order(self) -> tuple[Any, ...]:
        """The boxes in sheet order."""
        return tuple(self.boxes)

    @property
    def upper(self) -> tuple[Any, ...]:
        """The six upper boxes, Ones (Aces) to Sixes."""
        return self.order[:6]

    @property
    def lower(self) -> tuple[Any, ...]:
        """Every box below the upper section, the five-of-a-kind box last."""
        return self.order[6:]

    @property
    def five_box(self) -> Any:
        """The five-of-a-kind box (Penta, Yahtzee, Yatzy)."""
        return self.order[-1]

    @property
    def five_score(self) -> int:
        """What five of a kind scores in its own box."""
        return self.boxes[self.five_box].points

    @property
    def rounds(self) -> int:
        """Turns per player: one per box."""
        return len(self.boxes)

    @property
    def tracks_five(self) -> bool:
        """Whether what the five-of-a-kind box holds (0 or its score) changes later turns."""
        return self.joker is not Joker.NONE or self.extra_bonus > 0

    def is_upper(self, box: object) -> bool:
        """True for the six upper boxes."""
        return box in self.order[:6]

    def face(self, box: object) -> int:
        """The face an upper box counts (Ones → 1); 0 for the other boxes."""
        return self.boxes[box].face if box in self.boxes else 0

    def box_named(self, name: str) -> Any:
        """The box called ``name`` (its id, e.g. ``"full_house"``); ValueError if none is."""
        for box in self.order:
            if isinstance(name, str) and box.value == name.strip().lower():
                return box
        names = ", ".join(b.value for b in self.order)
        raise ValueError(f"unknown box {name!r}; boxes are: {names}")

    # --- scoring -------------------------------------------------------------------

    def check_box(self, box: object) -> Any:
        """``box`` if it is one of the sheet's boxes; else the engine's own error."""
        if box not in self.boxes:
            raise UnknownBoxError(
                "err.penta.unknown_box", f"cannot score in {box!r}: not a box", box=repr(box)
            )
        return box

    def score(self, box: Any, dice: Sequence[int]) -> int:
        """Points that ``dice`` (five faces) score in ``box``, without any joker."""
        scoring = self.boxes[self.check_box(box)]
        return scoring.points_for(tuple(sorted(check_dice(dice, 5))))

    def joker_score(self, box: Any, dice: Sequence[int]) -> int:
        """Points of a five of a kind used as a joker in ``box``: a fixed box's points
        in full, the others their plain score (0 in an upper box of another face)."""
        scoring = self.boxes[self.check_box(box)]
        dice = check_dice(dice, 5)
        return scoring.points if scoring.fixed else scoring.points_for(tuple(sorted(dice)))

    def joker_applies(self, dice: Sequence[int], five_box: int | None) -> bool:
        """Whether ``dice`` are a joker while the five-of-a-kind box holds ``five_box``."""
        if len(set(dice)) != 1 or five_box is None or self.joker is Joker.NONE:
            return False
        return self.joker is Joker.WHEN_FILLED or five_box == self.five_score

    def extra_for(self, dice: Sequence[int], five_box: int | None) -> int:
        """The extra bonus ``dice`` earn while the five-of-a-kind box holds ``five_box``."""
        full = five_box is not None and five_box == self.five_score
        return self.extra_bonus if full and len(set(dice)) == 1 else 0

    def check_five_box(self, value: object) -> int | None:
        """``value`` if the five-of-a-kind box can hold it (None: free)."""
        if value is None or (is_whole(value) and value in (0, self.five_score)):
            return value
        raise PentaBoxValueError(
            "err.penta.penta_box",
            f"the {self.five_box.value} box holds None (free), 0 or {self.five_score}, "
            f"not {value!r}",
            value=repr(value),
        )

    def _check_free(self, free: object) -> AbstractSet[Any]:
        if not isinstance(free, set | frozenset) or not free <= self.boxes.keys():
            raise UnknownBoxError(
                "err.penta.unknown_box",
                f"free boxes must be a set of boxes, not {free!r}",
                box=repr(free),
            )
        return free

    def options(
        self, dice: Sequence[int], free: AbstractSet[Any], five_box: int | None
    ) -> dict[Any, tuple[int, int]]:
        """The boxes ``dice`` may be recorded in, each with ``(points, bonus)``, in sheet
        order: every free box at its plain score, but for a joker (see :class:`Joker`)."""
        dice = check_dice(dice, 5)
        free = self._check_free(free)
        five_box = self.check_five_box(five_box)
        ordered = [b for b in self.order if b in free]
        bonus = self.extra_for(dice, five_box)
        if not self.joker_applies(dice, five_box):
            return {b: (self.score(b, dice), bonus) for b in ordered}
        own = self.upper[dice[0] - 1]
        if own in free:
            return {own: (self.score(own, dice), bonus)}
        lower = [b for b in ordered if b in self.lower and b is not self.five_box]
        if lower:
            return {b: (self.joker_score(b, dice), bonus) for b in lower}
        return {b: (0, bonus) for b in ordered}

    @cached_property
    def box_values(self) -> dict[Any, frozenset[int]]:
        """The points each box can hold, jokers included (a saved sheet is checked on it)."""
        values: dict[Any, set[int]] = {b: set() for b in self.order}
        for roll in ROLLS:
            for box, scoring in self.boxes.items():
                values[box].add(scoring.points_for(roll))
        if self.joker is not Joker.NONE:
            for roll in (r for r in ROLLS if len(set(r)) == 1):
                for box in self.lower[:-1]:
                    values[box].add(self.joker_score(box, roll))
        return {b: frozenset(v) for b, v in values.items()}

    def upper_bonus_for(self, upper: int, points: int) -> int:
        """The upper bonus earned by adding ``points`` to an upper total of ``upper``."""
        reached = upper < self.upper_threshold <= upper + points
        return self.upper_bonus if reached else 0
