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
from zaria.penta.scoring import Box
from zaria_web.penta import house, optimal
from zaria_web.play.log import GameLog
from zaria_web.storage.counted import Counted
from zaria_web.storage.player_stats import PlayerStats, shown_name
from zaria_web.storage.stats import SeatFigures, Summary
from zaria_web.ui.charts import histogram
from zaria_web.ui.html import Markup, bdi, el, frag, tr_html

#: A Penta record scoring this much or more carried a joker bonus (no box scores 100).
JOKER_BONUS = 100
PENTA_BOX_SCORE = 50
#: The width of a bin of the distribution of final scores.
BIN = 50
#: The players table's own columns (``stats.col.*``) and the note under it.
COLUMNS = ("bonus", "pentas", "cost")
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


def count_log(p: PlayerStats, log: GameLog, seat: int) -> PlayerStats:
    """``p`` with the Pentas of ``seat`` in one more game's log: 50 in the Penta box
    and each 100-point joker bonus."""
    pentas = 0
    for t in log.finished(seat):
        if t.kind != "record":
            continue
        if t.facts.get("box") == Box.PENTA.value and t.points >= PENTA_BOX_SCORE:
            pentas += 1
        pentas += t.points // JOKER_BONUS
    return replace(p, logged=p.logged + 1).add(pentas=pentas)


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


def target(tr: Translator) -> tuple[int | None, str]:
    """The line drawn across a player's scores: the optimal player's mean, if known."""
    dist = optimal.load()
    if dist is None:
        return None, ""
    return round(dist.mean), tr("stats.optimal_mean", mean=tr.number(round(dist.mean)))


def _edges(scores: list[int] | tuple[int, ...], dist: optimal.Distribution) -> list[int]:
    """Bins of :data:`BIN` points covering the player's scores and all but the
    optimal player's rarest 1 % at each end."""
    low = min(min(scores), dist.percentile(0.01)) // BIN * BIN
    high = max(max(scores), dist.percentile(0.99)) // BIN * BIN + BIN
    return list(range(max(low, 0), high + 1, BIN))


def chart(tr: Translator, section: str, p: PlayerStats) -> Markup:
    """The spread of a player's final scores beside the optimal player's."""
    dist = optimal.load()
    if dist is None or not p.scores:
        return Markup()
    edges = _edges(p.scores, dist)
    name = shown_name(p)
    series = [
        (name, optimal.scores_in(p.scores, edges)),
        (tr("stats.optimal_player"), optimal.regroup(dist, edges)),
    ]
    title = tr_html(tr, "stats.distribution", name=bdi(name), n=len(p.scores))
    drawn = histogram(
        tr, f"{section}-dist", title, tr("stats.final_score"), tr("stats.share"), edges,
        series, open_ends=True,
    )  # fmt: skip
    note = tr("stats.optimal_note", games=dist.games, mean=tr.decimal(dist.mean, 1))
    return frag(drawn, el("p", note, class_="stats-chart-note"))


# -- house rules -------------------------------------------------------------------
#: The id of the rules page's game in the statistics' panel (its part's anchor).
DEFAULT_RULES_ID = house.DEFAULT.id


def canonical_rules(rules_id: str, exact: bool) -> str | None:
    """The id of the rules ``rules_id`` names, as this version writes it (None: the
    rules page's game); raises ValueError for rules it does not know (``exact`` changes
    nothing: every id is written one way).

    >>> canonical_rules("printed", exact=True), canonical_rules("penta", exact=False)
    ('printed', None)
    """
    rules = house.rules_of(rules_id) if rules_id else None
    if rules is None:
        raise ValueError("an empty rules id")
    return None if rules is house.DEFAULT else rules.id


def counted(rules_id: str, real: bool = False) -> Counted:
    """What a Penta game under the rules ``rules_id`` is counted under (a score pad's
    apart, whatever the rules).

    >>> counted("printed"), counted("penta").encode()
    (Counted(game='penta', rules='printed', real=False), 'penta')
    """
    if real:
        return Counted("penta", real=True)
    return Counted("penta", canonical_rules(rules_id, exact=True))


def rules_label(tr: Translator, rules_id: str | None) -> str:
    """The heading of the games counted under ``rules_id`` (None: the rules page's)."""
    rules = house.DEFAULT if rules_id is None else house.rules_of(rules_id)
    return tr(house.label_key(rules))
