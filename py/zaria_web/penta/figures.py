"""Penta's own figures in the statistics (see :mod:`zaria_web.storage.stats` and
:mod:`zaria_web.storage.player_stats`): the upper-bonus rate, each player's Pentas and
the cost of their choices against optimal play, and their final scores beside
the optimal player's.

Its own figures, by name: ``bonus`` (games with the upper bonus: each seat's
figure when the game ends, summed over the people in the summary too),
``reviewed`` and ``cost`` (games whose choices were reviewed, and their total cost
in expected points: the strategy table was loaded when the game ended) and
``pentas`` (counted from the game log, of the ``logged`` games).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Protocol

from zaria.i18n import Translator
from zaria_web.penta import house, optimal
from zaria_web.penta.member import Member
from zaria_web.play.log import GameLog
from zaria_web.storage.counted import Counted
from zaria_web.storage.player_stats import PlayerStats, shown_name
from zaria_web.storage.stats import SeatFigures, Summary
from zaria_web.ui.charts import histogram
from zaria_web.ui.html import Markup, bdi, el, frag, tr_html

#: The width of a bin of the distribution of final scores.
BIN = 50
#: The note under the players table.
NOTE = "stats.players_note.penta"
#: The figures the summary sums over the people's results.
SUMMED = ("bonus",)
#: Every figure it keeps per player (its players' only: statistics of format 1 held
#: them in every game's players, see :func:`zaria_web.storage.player_stats.own_figures`).
STORED = ("bonus", "pentas", "reviewed", "cost")
DASH = "–"


class Reviewed(Protocol):
    """A reviewed decision: its seat and what it cost (:class:`zaria_web.penta.review.Decision`)."""

    @property
    def seat(self) -> int: ...
    @property
    def cost(self) -> float: ...


def seat_costs(decisions: Sequence[Reviewed], seats: int) -> list[float]:
    """Each seat's total cost of its reviewed decisions.

    >>> from types import SimpleNamespace as D
    >>> seat_costs([D(seat=0, cost=1.5), D(seat=1, cost=2.0), D(seat=0, cost=0.25)], 2)
    [1.75, 2.0]
    """
    costs = [0.0] * seats
    for d in decisions:
        if 0 <= d.seat < seats:
            costs[d.seat] += d.cost
    return costs


def seat_figures(bonus: Sequence[bool], costs: Sequence[float] | None) -> SeatFigures:
    """The figures of a finished game for each seat: whether it earned the upper
    bonus and, when its choices were reviewed (``costs`` is not None), their cost.

    >>> seat_figures([True, False], None)
    {'bonus': [1, 0]}
    >>> seat_figures([False], [2.5])
    {'bonus': [0], 'reviewed': [1], 'cost': [2.5]}
    """
    out: dict[str, Sequence[float]] = {"bonus": [int(b) for b in bonus]}
    if costs is not None:
        out |= {"reviewed": [1] * len(costs), "cost": list(costs)}
    return out


class Figures:
    """A member's own figures (:class:`~zaria_web.penta.member.Member`), as a game's
    ``figures`` module gives them: Penta's are this module's.

    The count of five of a kind (its box's full score, and each extra bonus) is kept
    as ``pentas`` whatever the member, the name Penta's statistics were stored under;
    the players table heads it ``stats.col.<column>``.

    >>> Figures(house.PENTA_GAME).counted("printed")
    Counted(game='penta', rules='printed', real=False)
    """

    def __init__(self, member: Member, column: str = "pentas") -> None:
        self.member = member
        self.COLUMNS = ("bonus", column, "cost")
        self.NOTE = f"stats.players_note.{member.name}"
        self.DEFAULT_RULES_ID = member.default.id

    def count_log(self, p: PlayerStats, log: GameLog, seat: int) -> PlayerStats:
        """``p`` with the five of a kinds of ``seat`` in one more game's log: the full
        score in their box and each extra bonus."""
        rules, fives = self.member.default, 0
        for t in log.finished(seat):
            if t.kind != "record":
                continue
            if t.facts.get("box") == rules.five_box.value and t.points >= rules.five_score:
                fives += 1
            if rules.extra_bonus:
                fives += t.points // rules.extra_bonus
        return replace(p, logged=p.logged + 1).add(pentas=fives)

    def target(self, tr: Translator) -> tuple[int | None, str]:
        """The line drawn across a player's scores: the optimal player's mean, if known."""
        dist = self._distribution()
        if dist is None:
            return None, ""
        return round(dist.mean), tr("stats.optimal_mean", mean=tr.number(round(dist.mean)))

    def _distribution(self) -> optimal.Distribution | None:
        file = self.member.scores_file
        return None if file is None else optimal.load(file)

    def chart(self, tr: Translator, section: str, p: PlayerStats) -> Markup:
        """The spread of a player's final scores beside the optimal player's."""
        dist = self._distribution()
        if dist is None or not p.scores:
            return Markup()
        edges = _edges(p.scores, dist)
        name = shown_name(p)
        series = [
            (name, optimal.scores_in(p.scores, edges)),
            (tr("stats.optimal_player"), optimal.regroup(dist, edges)),
        ]
        n = len(p.scores)
        key = "stats.distribution_one" if n == 1 else "stats.distribution"
        title = tr_html(tr, key, name=bdi(name), n=n)
        drawn = histogram(
            tr, f"{section}-dist", title, tr("stats.final_score"), tr("stats.share"), edges,
            series, open_ends=True,
        )  # fmt: skip
        note = tr("stats.optimal_note", games=dist.games, mean=tr.decimal(dist.mean, 1))
        return frag(drawn, el("p", note, class_="stats-chart-note"))

    def canonical_rules(self, rules_id: str, exact: bool) -> str | None:
        """The id of the rules ``rules_id`` names, as this version writes it (None: the
        rules page's game); raises ValueError for rules it does not know (``exact``
        changes nothing: every id is written one way)."""
        rules = self.member.rules_of(rules_id) if rules_id else None
        if rules is None:
            raise ValueError("an empty rules id")
        return None if rules is self.member.default else rules.id

    def counted(self, rules_id: str, real: bool = False) -> Counted:
        """What a game under the rules ``rules_id`` is counted under (a score pad's
        apart, whatever the rules)."""
        if real:
            return Counted(self.member.name, real=True)
        return Counted(self.member.name, self.canonical_rules(rules_id, exact=True))

    def rules_label(self, tr: Translator, rules_id: str | None) -> str:
        """The heading of the games counted under ``rules_id`` (None: the rules page's)."""
        m = self.member
        return tr(m.label_key(m.default if rules_id is None else m.rules_of(rules_id)))


def summary_rows(tr: Translator, s: Summary) -> list[tuple[str, str]]:
    """The summary's own figures: how often the people earned the upper bonus."""
    rate = s.rate("bonus")
    if rate is None:
        return []
    return [(tr("stats.bonus_rate"), tr.percent(rate, 0))]


def cells(tr: Translator, p: PlayerStats) -> list[str]:
    """A player's own figures, in the order of :data:`COLUMNS`."""
    reviewed = p.tally("reviewed")
    return [
        tr.percent(p.figure("bonus") / p.games, 0) if p.games else DASH,
        tr.number(p.tally("pentas")) if p.logged else DASH,
        tr.decimal(p.figure("cost") / reviewed, 1) if reviewed else DASH,
    ]


def _edges(scores: list[int] | tuple[int, ...], dist: optimal.Distribution) -> list[int]:
    """Bins of :data:`BIN` points covering the player's scores and all but the
    optimal player's rarest 1 % at each end."""
    low = min(min(scores), dist.percentile(0.01)) // BIN * BIN
    high = max(max(scores), dist.percentile(0.99)) // BIN * BIN + BIN
    return list(range(max(low, 0), high + 1, BIN))


#: Penta's own figures.
PENTA = Figures(house.PENTA_GAME)
COLUMNS = PENTA.COLUMNS
count_log = PENTA.count_log
target = PENTA.target
chart = PENTA.chart
#: The id of the rules page's game in the statistics' panel (its part's anchor).
DEFAULT_RULES_ID = PENTA.DEFAULT_RULES_ID
canonical_rules = PENTA.canonical_rules
counted = PENTA.counted
rules_label = PENTA.rules_label
