"""Farkle's house rules: one frozen value, chosen for a new game and saved with it.

Three options, each defaulting to the game the rules page describes:

* **opening minimum** (0, 350, 500 or 1,000): until a player has banked once, a
  bank of fewer points than that is refused;
* **three lost turns in a row** (no penalty, −500 or −1,000): the third lost turn
  in a row takes that many points off the player's total (which may go below
  zero); the count starts again after the penalty and after every bank;
* **scoring table**: ``standard`` (the rules page's), ``additive`` or ``doubling``
  (:class:`ScoringTable`). Every table scores a selection for its most points, and
  a tap is refused only for a die that fits no combination of the roll.

A game takes the rules as one :class:`FarkleRules` value
(``FarkleGame.new(seats, target, rules=...)``); :data:`RULE_OPTIONS` lists what a
New game dialog offers, :meth:`FarkleRules.summary` says which rules are in force
(message ids with their parameters) and :func:`master_available` whether the
Master computer can play them (its win-probability table is shipped).

>>> rules = FarkleRules(opening_minimum=500, table="additive")
>>> rules.id, rules.scoring.kind_points(1, 4)
('additive-open500', 2000)
>>> FarkleRules.from_id(rules.id) == rules, master_available(rules)
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from zaria.checks import is_whole
from zaria.farkle.errors import BadRulesError

#: Lost turns in a row that cost the penalty.
FARKLES_FOR_PENALTY = 3
OPENING_MINIMUMS = (0, 350, 500, 1000)
FARKLE_PENALTIES = (0, 500, 1000)


@dataclass(frozen=True)
class ScoringTable:
    """A scoring table: what each combination of one roll is worth.

    ``kinds`` are the values of four, five and six of a kind: points (the standard
    table) or, with ``kinds_multiply``, multiples of the three of a kind of that
    face. ``two_triplets`` is ``None`` when two triplets are no combination of
    their own (they then score as two three of a kinds).
    """

    name: str
    kinds: tuple[int, int, int]
    kinds_multiply: bool
    straight: int
    three_pairs: int
    two_triplets: int | None

    def kind_points(self, face: int, count: int) -> int:
        """Points of ``count`` (3 to 6) dice showing ``face``.

        >>> STANDARD.kind_points(2, 4), ADDITIVE.kind_points(2, 4), DOUBLING.kind_points(6, 6)
        (1000, 400, 4800)
        """
        triple = 1000 if face == 1 else 100 * face
        if count == 3:
            return triple
        value = self.kinds[count - 4]
        return value * triple if self.kinds_multiply else value

    def __repr__(self) -> str:
        return f"ScoringTable({self.name!r})"


STANDARD = ScoringTable("standard", (1000, 2000, 3000), False, 1500, 1500, 2500)
ADDITIVE = ScoringTable("additive", (2, 3, 4), True, 1500, 750, 2500)
DOUBLING = ScoringTable("doubling", (2, 4, 8), True, 1500, 1500, None)
TABLES: dict[str, ScoringTable] = {t.name: t for t in (STANDARD, ADDITIVE, DOUBLING)}


def _check(name: str, value: object, allowed: tuple[Any, ...]) -> None:
    ok = value in allowed and (is_whole(value) if isinstance(allowed[0], int) else True)
    if not ok or isinstance(value, bool):
        raise BadRulesError(
            "err.farkle.bad_rule",
            f"{name} {value!r} is not one of {', '.join(map(str, allowed))}",
            rule=name,
            value=str(value),
        )


@dataclass(frozen=True)
class FarkleRules:
    """The house rules of a game (the defaults are the rules page's game)."""

    opening_minimum: int = 0
    farkle_penalty: int = 0
    table: str = "standard"

    def __post_init__(self) -> None:
        _check("opening_minimum", self.opening_minimum, OPENING_MINIMUMS)
        _check("farkle_penalty", self.farkle_penalty, FARKLE_PENALTIES)
        _check("table", self.table, tuple(TABLES))

    @property
    def scoring(self) -> ScoringTable:
        """The scoring table in force."""
        return TABLES[self.table]

    @property
    def is_default(self) -> bool:
        return self == DEFAULT_RULES

    @property
    def id(self) -> str:
        """A short stable name: the table, then ``-open<points>``, ``-penalty<points>``.

        >>> DEFAULT_RULES.id, FarkleRules(350, 1000, "doubling").id
        ('standard', 'doubling-open350-penalty1000')
        """
        parts = [self.table]
        if self.opening_minimum:
            parts.append(f"open{self.opening_minimum}")
        if self.farkle_penalty:
            parts.append(f"penalty{self.farkle_penalty}")
        return "-".join(parts)

    @classmethod
    def from_id(cls, text: str, exact: bool = True) -> FarkleRules:
        """The rules named by :attr:`id`; raises :class:`BadRulesError`.

        With ``exact=False`` a name written otherwise than :attr:`id` writes it (the
        options in another order, a zero option spelt out) is read as the rules it
        names, as an older or newer app may have written it.

        >>> FarkleRules.from_id("additive-penalty500-open350", exact=False).id
        'additive-open350-penalty500'
        """
        parts = text.split("-") if isinstance(text, str) else []
        fields: dict[str, Any] = {"table": parts[0] if parts else text}
        for part in parts[1:]:
            for key, prefix in (("opening_minimum", "open"), ("farkle_penalty", "penalty")):
                digits = part.removeprefix(prefix)
                if digits != part and digits.isdigit() and key not in fields:
                    fields[key] = int(digits)
                    break
            else:
                raise BadRulesError(
                    "err.farkle.bad_rule",
                    f"{text!r} does not name house rules",
                    rule="id",
                    value=str(text),
                )
        rules = cls(**fields)
        if exact and rules.id != text:  # e.g. "standard-open0" or the options out of order
            raise BadRulesError(
                "err.farkle.bad_rule",
                f"{text!r} is not written as {rules.id!r}",
                rule="id",
                value=text,
            )
        return rules

    def to_dict(self) -> dict[str, Any]:
        return {
            "opening_minimum": self.opening_minimum,
            "farkle_penalty": self.farkle_penalty,
            "table": self.table,
        }

    @classmethod
    def from_dict(cls, d: Any) -> FarkleRules:
        """The rules of :meth:`to_dict`; raises :class:`BadRulesError`."""
        keys = {"opening_minimum", "farkle_penalty", "table"}
        if not isinstance(d, dict) or set(d) != keys:
            raise BadRulesError(
                "err.farkle.bad_rule",
                f"house rules must be a dict with {', '.join(sorted(keys))}, not {d!r}",
                rule="rules",
                value=repr(d),
            )
        return cls(d["opening_minimum"], d["farkle_penalty"], d["table"])

    def summary(self) -> tuple[tuple[str, dict[str, Any]], ...]:
        """The rules in force as ``(message id, parameters)`` lines, table first.

        >>> FarkleRules(500, 1000).summary()  # doctest: +NORMALIZE_WHITESPACE
        (('farkle.house.summary.table.standard', {}),
         ('farkle.house.summary.opening', {'points': 500}),
         ('farkle.house.summary.penalty', {'points': 1000, 'count': 3}))
        """
        lines: list[tuple[str, dict[str, Any]]] = [(f"farkle.house.summary.table.{self.table}", {})]
        if self.opening_minimum:
            lines.append(("farkle.house.summary.opening", {"points": self.opening_minimum}))
        else:
            lines.append(("farkle.house.summary.no_opening", {}))
        if self.farkle_penalty:
            lines.append(
                (
                    "farkle.house.summary.penalty",
                    {"points": self.farkle_penalty, "count": FARKLES_FOR_PENALTY},
                )
            )
        else:
            lines.append(("farkle.house.summary.no_penalty", {"count": FARKLES_FOR_PENALTY}))
        return tuple(lines)


DEFAULT_RULES = FarkleRules()


@dataclass(frozen=True)
class RuleOption:
    """One option of the New game dialog: the :class:`FarkleRules` field it sets,
    the values offered (the default first) and the message id of its label."""

    field: str
    values: tuple[int, ...] | tuple[str, ...]
    label: str

    @property
    def default(self) -> int | str:
        return self.values[0]

    def value_label(self, value: int | str) -> tuple[str, dict[str, Any]]:
        """The message id and parameters naming ``value`` of this option."""
        if self.field == "table":
            return f"farkle.house.table.{value}", {}
        if value == 0:
            return f"farkle.house.{self.field}.none", {}
        return f"farkle.house.{self.field}.points", {"points": value}


RULE_OPTIONS = (
    RuleOption("opening_minimum", OPENING_MINIMUMS, "farkle.house.opening_minimum"),
    RuleOption("farkle_penalty", FARKLE_PENALTIES, "farkle.house.farkle_penalty"),
    RuleOption("table", tuple(TABLES), "farkle.house.table"),
)

#: The rule sets whose Master table is shipped in ``zaria/data`` (see :mod:`zaria.farkle.master`).
MASTER_RULES: tuple[FarkleRules, ...] = (DEFAULT_RULES,)


def master_available(rules: FarkleRules) -> bool:
    """Whether the Master computer can play under ``rules`` (its table is shipped)."""
    return rules in MASTER_RULES


def master_table_name(rules: FarkleRules) -> str:
    """The file name, in ``zaria/data``, of the Master table for ``rules``.

    >>> master_table_name(DEFAULT_RULES)
    'farkle_master_standard.bin'
    """
    return f"farkle_master_{rules.id}.bin"


@dataclass(frozen=True)
class ScoringRow:
    """One row of a scoring card: the combination's message id suffix
    (``farkle.combo.<key>``) and its points, by face where they depend on it.

    ``factor`` is set when the row is a multiple of the three of a kind (the
    points are then listed for the faces 1 … 6); ``points`` is empty for a
    combination the table does not have.
    """

    key: str
    points: tuple[int, ...]
    factor: int = 0


def scoring_rows(table: ScoringTable = STANDARD) -> tuple[ScoringRow, ...]:
    """The rows of ``table``'s scoring card, in the rules page's order.

    >>> [(r.key, r.points, r.factor) for r in scoring_rows(ADDITIVE)][4]
    ('four_kind', (2000, 400, 600, 800, 1000, 1200), 2)
    """
    rows = [
        ScoringRow("single_one", (100,)),
        ScoringRow("single_five", (50,)),
        ScoringRow("three_ones", (table.kind_points(1, 3),)),
        ScoringRow("three_kind", tuple(table.kind_points(f, 3) for f in range(2, 7))),
    ]
    for count, key in ((4, "four_kind"), (5, "five_kind"), (6, "six_kind")):
        if table.kinds_multiply:
            faces = tuple(table.kind_points(f, count) for f in range(1, 7))
            rows.append(ScoringRow(key, faces, table.kinds[count - 4]))
        else:
            rows.append(ScoringRow(key, (table.kind_points(2, count),)))
    rows.append(ScoringRow("straight", (table.straight,)))
    rows.append(ScoringRow("three_pairs", (table.three_pairs,)))
    triplets = () if table.two_triplets is None else (table.two_triplets,)
    rows.append(ScoringRow("two_triplets", triplets))
    return tuple(rows)
