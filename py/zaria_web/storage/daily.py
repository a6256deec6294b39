"""The daily dice as this device played them: for each game and day, the attempts
started and the result (the score, the computer's on the same dice, the moves, the
row of symbols shared and the name played under).

Stored under :data:`KEY` as ``{"format": 1, "days": {game: {"2026-12-04": day}}}``,
read through the guarded decoder (:mod:`zaria_web.storage.stored`) like every
stored value: an unreadable one is set aside and the player told. Only the app's
loop writes it, performing :class:`StartDay` and :class:`RecordDay`.

One attempt counts, but nothing on a player's own device can enforce it: the
attempts started are counted and shown beside the result instead.
"""

from __future__ import annotations

import datetime
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from zaria.moves import MAX_MOVES
from zaria_web.runtime.effects import Effects, Performed
from zaria_web.runtime.host import Host
from zaria_web.storage import stored
from zaria_web.ui.names import clean_name

KEY = "zaria.daily"
BAD_KEY = "zaria.baddaily"
FORMAT = 1
#: The days kept per game (the oldest give way): more than a year of them.
MAX_DAYS = 400
#: The longest row of symbols kept (a round or a turn each).
MAX_SYMBOLS = 40
_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_GAME = re.compile(r"[a-z]{1,30}")


@dataclass(frozen=True)
class Day:
    """One game's daily dice of one day on this device: the attempts started, and
    once finished the score, the grader's score on the same dice (None while
    unknown), the moves and the row of symbols."""

    attempts: int = 0
    score: int | None = None
    computer: int | None = None
    moves: str = ""
    symbols: str = ""
    #: The name played under (empty: the default one).
    name: str = ""

    @property
    def done(self) -> bool:
        return self.score is not None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"attempts": self.attempts}
        if self.score is not None:
            out |= {"score": self.score, "moves": self.moves, "symbols": self.symbols}
        if self.computer is not None:
            out["computer"] = self.computer
        if self.name:
            out["name"] = self.name
        return out

    @classmethod
    def from_dict(cls, raw: Any) -> Day:
        """A stored day; raises :class:`~zaria_web.storage.stored.Unreadable`."""
        if not isinstance(raw, dict) or not set(raw) <= {
            "attempts",
            "score",
            "computer",
            "moves",
            "symbols",
            "name",
        }:
            raise stored.Unreadable(f"a day is {str(raw)[:40]}")
        attempts, score, computer = raw.get("attempts"), raw.get("score"), raw.get("computer")
        moves, symbols = raw.get("moves", ""), raw.get("symbols", "")
        if not stored.count(attempts) or not all(
            v is None or stored.whole(v) for v in (score, computer)
        ):
            raise stored.Unreadable("a day's figures are not whole numbers")
        if not isinstance(moves, str) or len(moves) > MAX_MOVES:
            raise stored.Unreadable("a day's moves are not text")
        if not isinstance(symbols, str) or len(symbols) > MAX_SYMBOLS:
            raise stored.Unreadable("a day's symbols are not text")
        name = raw.get("name", "")
        if not isinstance(name, str) or clean_name(name) != name:
            raise stored.Unreadable("a day's name is not a name")
        return cls(int(attempts or 0), score, computer, moves, symbols, name)


#: Each game's days, by ISO date.
Days = dict[str, dict[str, Day]]


def parse(text: str) -> Days:
    """The stored days (see the module's docstring); raises Unreadable.

    >>> parse('{"format": 1, "days": {"penta": {"2026-12-04": {"attempts": 1}}}}')["penta"]
    {'2026-12-04': Day(attempts=1, score=None, computer=None, moves='', symbols='', name='')}
    """
    data = stored.decode_json(text)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise stored.Unreadable("not the daily dice of this version")
    games = data.get("days")
    if not isinstance(games, dict):
        raise stored.Unreadable("no days")
    out: Days = {}
    for game, days in games.items():
        if not _GAME.fullmatch(game) or not isinstance(days, dict) or len(days) > MAX_DAYS:
            raise stored.Unreadable(f"the days of {game[:30]!r}")
        if not all(_DAY.fullmatch(d) for d in days):
            raise stored.Unreadable(f"a day of {game!r} is not a date")
        out[game] = {d: Day.from_dict(v) for d, v in days.items()}
    return out


def encode(days: Days) -> str:
    games = {g: {d: v.to_dict() for d, v in sorted(ds.items())} for g, ds in days.items()}
    return json.dumps({"format": FORMAT, "days": games}, sort_keys=True)


def read(host: Host, notify: Callable[[str], None] | None = None) -> stored.Read[Days]:
    """Read the days (an unreadable value set aside: the app's to call, where it writes)."""
    return stored.read_or_set_aside(host, KEY, parse, BAD_KEY, notify, "daily")


def look(host: Host, out: Effects) -> Days:
    """The days, read within a screen's update (empty when none can be read)."""
    return stored.look(host, KEY, parse, BAD_KEY, "daily", out).value or {}


def day_of(days: Mapping[str, Mapping[str, Day]], game: str, date: str) -> Day:
    """``game``'s day ``date`` (a day not played yet: no attempts)."""
    return days.get(game, {}).get(date, Day())


def _change(host: Host, game: str, date: str, how: Callable[[Day], Day], notify: Any) -> bool:
    """Change ``game``'s day ``date`` in storage; False when it could not be read
    (nothing is written over what nobody could see) or stored."""
    found = read(host, notify)
    if found.status not in (stored.Status.OK, stored.Status.ABSENT):
        return False
    days = found.value or {}
    mine = dict(days.get(game, {}))
    mine[date] = how(mine.get(date, Day()))
    for old in sorted(mine)[: max(0, len(mine) - MAX_DAYS)]:
        del mine[old]
    return stored.write(host, KEY, encode({**days, game: mine}))


@dataclass(frozen=True)
class StartDay(Performed):
    """Count one more attempt at ``game``'s daily dice of ``date``."""

    game: str
    date: str

    def perform(self, host: Host, notify: Callable[[str], None]) -> bool:
        return _change(host, self.game, self.date, _attempt, notify)


def _attempt(day: Day) -> Day:
    return replace(day, attempts=day.attempts + 1)


@dataclass(frozen=True)
class RecordDay(Performed):
    """Keep the result of ``game``'s daily dice of ``date`` (the first one only: one
    attempt counts), or the grader's score of a result kept without it."""

    game: str
    date: str
    score: int
    computer: int | None
    moves: str
    symbols: str
    name: str = ""

    def perform(self, host: Host, notify: Callable[[str], None]) -> bool:
        return _change(host, self.game, self.date, self._kept, notify)

    def _kept(self, day: Day) -> Day:
        if day.done:
            return day if day.computer is not None else replace(day, computer=self.computer)
        attempts, symbols = max(day.attempts, 1), self.symbols[:MAX_SYMBOLS]
        return Day(attempts, self.score, self.computer, self.moves, symbols, clean_name(self.name))


@dataclass(frozen=True)
class Summary:
    """A game's daily dice in figures: the days played, the streak (days in a row up
    to today, or yesterday while today is still to play), the best score, and each
    day played, the latest first (date, score, the grader's)."""

    days: int
    streak: int
    best: int | None
    played: tuple[tuple[str, int, int | None], ...]


def summary(days: Mapping[str, Day], today: str) -> Summary:
    """``days`` (one game's) summed up on ``today``.

    >>> d = {"2026-12-02": Day(1, 200, 250), "2026-12-03": Day(2, 180, None)}
    >>> s = summary(d, "2026-12-04")
    >>> s.days, s.streak, s.best, s.played[0]
    (2, 2, 200, ('2026-12-03', 180, None))
    >>> summary(d, "2026-12-05").streak
    0
    """
    played = sorted(((d, v) for d, v in days.items() if v.score is not None), reverse=True)
    dates = {d for d, _ in played}
    streak = 0
    try:
        day = datetime.date.fromisoformat(today)
    except ValueError:
        day = None
    if day is not None and today not in dates:
        day -= datetime.timedelta(days=1)  # today's is still to play: the streak holds
    while day is not None and day.isoformat() in dates:
        streak += 1
        day -= datetime.timedelta(days=1)
    scores = [v.score for _, v in played if v.score is not None]
    rows = tuple((d, v.score or 0, v.computer) for d, v in played)
    return Summary(len(played), streak, max(scores) if scores else None, rows)


#: The name the player last played a challenge under (plain text), offered again by
#: the forms of the daily dice and of duels.
NAME_KEY = "zaria.name"


def last_name(host: Host) -> str:
    """The name last played under, as the forms show it (empty when none can be read)."""
    found = stored.read(host, NAME_KEY, _name)
    return found.value or ""


def _name(text: str) -> str:
    name = clean_name(text)
    if name != text:
        raise stored.Unreadable("not a name")
    return name


@dataclass(frozen=True)
class RememberName(Performed):
    """Remember ``name``, the one a challenge was just started under."""

    name: str

    def perform(self, host: Host, notify: Callable[[str], None]) -> bool:
        return stored.write(host, NAME_KEY, clean_name(self.name))


def clear(host: Host) -> bool:
    """Forget the daily dice played; False when they cannot be read (and are kept)."""
    return stored.remove(host, KEY)
