"""The duels played on this device, as the daily dice are kept (:mod:`zaria_web.storage.daily`):
for each game and duel (its seed), the day it was played, the score, the grader's on
the same dice, the best of the other results known, and the challenge as a save keeps
it (its link and moves), to open its result again.

Stored under :data:`KEY` as ``{"format": 1, "duels": {game: {seed: duel}}}``, read
through the guarded decoder like every stored value (an unreadable one is set aside
and the player told). Only the app's loop writes it, performing :class:`RecordDuel`.
A duel is kept once, with its first result (one game a duel); a link come back with
more results updates the best of the others.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from zaria_web.runtime.effects import Effects, Performed
from zaria_web.runtime.host import Host
from zaria_web.storage import stored

KEY = "zaria.duels"
BAD_KEY = "zaria.badduels"
FORMAT = 1
#: The duels kept per game (the oldest give way).
MAX_DUELS = 200
_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_GAME = re.compile(r"[a-z]{1,30}")
_SEED = re.compile(r"[0-9a-z/_-]{1,100}")


@dataclass(frozen=True)
class Duel:
    """One duel played here: the day, the score, the grader's (None while unknown), the
    best of the others' results known (None: nobody else yet), and the challenge as a
    game screen's save keeps it."""

    date: str
    score: int
    computer: int | None
    best: int | None
    challenge: dict[str, Any]

    @property
    def won(self) -> bool:
        """Whether the player's score beats every other result known (some are known)."""
        return self.best is not None and self.score > self.best

    def to_dict(self) -> dict[str, Any]:
        return {
            "date": self.date,
            "score": self.score,
            "computer": self.computer,
            "best": self.best,
            "challenge": self.challenge,
        }

    @classmethod
    def from_dict(cls, raw: Any) -> Duel:
        """A stored duel; raises :class:`~zaria_web.storage.stored.Unreadable`."""
        if not isinstance(raw, dict):
            raise stored.Unreadable(f"a duel is {str(raw)[:40]}")
        date, score, computer, best = (raw.get(k) for k in ("date", "score", "computer", "best"))
        challenge = raw.get("challenge")
        if not isinstance(date, str) or not _DAY.fullmatch(date):
            raise stored.Unreadable("a duel's day is not a date")
        if not stored.whole(score) or not all(
            v is None or stored.whole(v) for v in (computer, best)
        ):
            raise stored.Unreadable("a duel's figures are not whole numbers")
        if not isinstance(challenge, dict):
            raise stored.Unreadable("a duel's challenge is not an object")
        return cls(date, int(score), computer, best, challenge)  # type: ignore[arg-type]


#: Each game's duels, by seed.
Duels = dict[str, dict[str, Duel]]


def parse(text: str) -> Duels:
    """The stored duels (see the module's docstring); raises Unreadable.

    >>> parse('{"format": 1, "duels": {}}')
    {}
    """
    data = stored.decode_json(text)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise stored.Unreadable("not the duels of this version")
    games = data.get("duels")
    if not isinstance(games, dict):
        raise stored.Unreadable("no duels")
    out: Duels = {}
    for game, duels in games.items():
        if not _GAME.fullmatch(game) or not isinstance(duels, dict) or len(duels) > MAX_DUELS:
            raise stored.Unreadable(f"the duels of {game[:30]!r}")
        if not all(_SEED.fullmatch(seed) for seed in duels):
            raise stored.Unreadable(f"a duel of {game!r} has no seed")
        out[game] = {seed: Duel.from_dict(v) for seed, v in duels.items()}
    return out


def encode(duels: Duels) -> str:
    games = {g: {seed: d.to_dict() for seed, d in ds.items()} for g, ds in duels.items()}
    return json.dumps({"format": FORMAT, "duels": games}, sort_keys=True)


def read(host: Host, notify: Callable[[str], None] | None = None) -> stored.Read[Duels]:
    """Read the duels (an unreadable value set aside: the app's to call, where it writes)."""
    return stored.read_or_set_aside(host, KEY, parse, BAD_KEY, notify, "duels")


def look(host: Host, out: Effects) -> Duels:
    """The duels, read within a screen's update (none when they cannot be read)."""
    return stored.look(host, KEY, parse, BAD_KEY, "duels", out).value or {}


@dataclass(frozen=True)
class RecordDuel(Performed):
    """Keep ``game``'s duel on ``seed``: its first result, and the best of the others'
    results and the grader's score as they become known."""

    game: str
    seed: str
    duel: Duel

    def perform(self, host: Host, notify: Callable[[str], None]) -> bool:
        found = read(host, notify)
        if found.status not in (stored.Status.OK, stored.Status.ABSENT):
            return False  # nothing is written over what nobody could see
        everything = found.value or {}
        mine = dict(everything.get(self.game, {}))
        mine[self.seed] = self._kept(mine.get(self.seed))
        for old in sorted(mine, key=lambda s: mine[s].date)[: max(0, len(mine) - MAX_DUELS)]:
            del mine[old]
        return stored.write(host, KEY, encode({**everything, self.game: mine}))

    def _kept(self, old: Duel | None) -> Duel:
        new = self.duel
        if old is None:
            return new
        best = max((b for b in (old.best, new.best) if b is not None), default=None)
        computer = old.computer if old.computer is not None else new.computer
        challenge = new.challenge if best != old.best else old.challenge  # the fuller link
        return replace(old, best=best, computer=computer, challenge=challenge)


@dataclass(frozen=True)
class Summary:
    """A game's duels in figures: how many, how many won, the best score, and each
    duel, the latest first (its seed, day, score and the best of the others')."""

    played: int
    won: int
    best: int | None
    rows: tuple[tuple[str, str, int, int | None], ...]


def summary(duels: Mapping[str, Duel]) -> Summary:
    """``duels`` (one game's) summed up.

    >>> a, b = Duel("2026-12-02", 200, None, 180, {}), Duel("2026-12-03", 150, 250, 190, {})
    >>> d = {"a": a, "b": b}
    >>> s = summary(d)
    >>> s.played, s.won, s.best, s.rows[0]
    (2, 1, 200, ('b', '2026-12-03', 150, 190))
    """
    ordered = sorted(duels.items(), key=lambda item: item[1].date, reverse=True)
    rows = tuple((seed, d.date, d.score, d.best) for seed, d in ordered)
    best = max((d.score for d in duels.values()), default=None)
    return Summary(len(duels), sum(d.won for d in duels.values()), best, rows)


def ident(game: str, seed: str) -> str:
    """The id a duel is opened by from the finished games (``#/game/<id>``).

    >>> ident("penta", "duel/penta/0a1b2c3d4e5f")
    'duela0192c503e53ac6a'
    """
    return "duel" + hashlib.sha256(f"{game}:{seed}".encode()).hexdigest()[:16]


def find(duels: Duels, wanted: str) -> tuple[str, Duel] | None:
    """The game and duel whose id is ``wanted``, if it is kept."""
    for game, kept in duels.items():
        for seed, duel in kept.items():
            if ident(game, seed) == wanted:
                return game, duel
    return None


def clear(host: Host) -> bool:
    """Forget the duels played; False when they cannot be read (and are kept)."""
    return stored.remove(host, KEY)
