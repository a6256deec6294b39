"""Farkle's own figures in the statistics (see :mod:`zaria_web.storage.stats` and
:mod:`zaria_web.storage.player_stats`): each player's points banked per finished turn,
lost turns and hot dice, counted from the game log (its own figures ``turns``,
``banked``, ``lost`` and ``hot``); and its games counted per
set of house rules (:class:`~zaria_web.storage.counted.Counted`).
"""

from __future__ import annotations

from dataclasses import replace

from zaria.farkle.rules import DEFAULT_RULES, FarkleRules
from zaria.i18n import Translator
from zaria_web.play.log import GameLog
from zaria_web.storage.counted import Counted
from zaria_web.storage.player_stats import PlayerStats
from zaria_web.storage.stats import Summary
from zaria_web.ui.html import Markup

#: The players table's own columns (``stats.col.*``) and the note under it.
COLUMNS = ("per_turn", "lost", "hot")
#: Every figure it keeps per player (its players' only: statistics of format 1 held
#: them in every game's players, see :func:`zaria_web.storage.player_stats.own_figures`).
STORED = ("turns", "banked", "lost", "hot")
NOTE = "stats.players_note.farkle"
DASH = "–"
#: The id of the rules page's set of house rules (its part of the statistics' panel).
DEFAULT_RULES_ID = DEFAULT_RULES.id


def count_log(p: PlayerStats, log: GameLog, seat: int) -> PlayerStats:
    """``p`` with the finished turns of ``seat`` in one more game's log: the points
    banked, the turns lost, the hot dice."""
    turns = [t for t in log.finished(seat) if t.kind in ("bank", "bust")]
    return replace(p, logged=p.logged + 1).add(
        turns=len(turns),
        banked=sum(t.points for t in turns if t.kind == "bank"),
        lost=sum(t.kind == "bust" for t in turns),
        hot=sum(int(t.facts.get("hot_dice", 0)) for t in turns),
    )


def summary_rows(tr: Translator, s: Summary) -> list[tuple[str, str]]:
    """The summary's own figures: none beyond the shared ones (the wins are shared)."""
    return []


def cells(tr: Translator, p: PlayerStats) -> list[str]:
    """A player's own figures, in the order of :data:`COLUMNS`."""
    turns = p.tally("turns")
    return [
        tr.number(round(p.figure("banked") / turns)) if turns else DASH,
        tr.number(p.tally("lost")) if p.logged else DASH,
        tr.number(p.tally("hot")) if p.logged else DASH,
    ]


def target(tr: Translator) -> tuple[int | None, str]:
    """No line is drawn across a player's scores."""
    return None, ""


def chart(tr: Translator, section: str, p: PlayerStats) -> Markup:
    """No chart beside the line of scores."""
    return Markup()


# -- house rules -------------------------------------------------------------------
def canonical_rules(rules_id: str, exact: bool) -> str | None:
    """The id of the house rules ``rules_id`` names, as this version writes it (None:
    the rules page's); raises ValueError for rules it does not know. With ``exact``
    false, an id written otherwise (an older or newer app's spelling) is read too.

    >>> canonical_rules("additive-penalty500-open350", exact=False)
    'additive-open350-penalty500'
    >>> canonical_rules("standard-open0", exact=False) is None
    True
    """
    rules = FarkleRules.from_id(rules_id, exact=exact)
    return None if rules.is_default else rules.id


def counted(rules: FarkleRules) -> Counted:
    """What Farkle games under ``rules`` are counted under."""
    return Counted("farkle", None if rules.is_default else rules.id)


def rules_label(tr: Translator, rules_id: str | None) -> str:
    """The heading of the games counted under ``rules_id`` (None: the rules page's)."""
    rules = DEFAULT_RULES if rules_id is None else FarkleRules.from_id(rules_id)
    return " · ".join(tr(key, **params) for key, params in rules.summary())
