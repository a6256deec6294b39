"""Climb's own figures in the statistics: the ones each player rolled."""

from __future__ import annotations

from dataclasses import replace

from zaria.i18n import Translator
from zaria_web.play.log import GameLog
from zaria_web.storage.player_stats import PlayerStats
from zaria_web.storage.stats import Summary

COLUMNS = ("ones",)
NOTE = "stats.players_note.climb"


def count_log(p: PlayerStats, log: GameLog, seat: int) -> PlayerStats:
    """``p`` with the finished turns of ``seat`` in one more game's log."""
    turns = log.finished(seat)
    lost = sum(t.kind == "bust" for t in turns)
    return replace(p, logged=p.logged + 1).add(turns=len(turns), lost=lost)


def summary_rows(tr: Translator, s: Summary) -> list[tuple[str, str]]:
    return []


def cells(tr: Translator, p: PlayerStats) -> list[str]:
    return [tr.number(p.tally("lost"))]


def target(tr: Translator) -> tuple[int | None, str]:
    return None, ""


def chart(tr: Translator, section: str, p: PlayerStats) -> str:
    return ""
