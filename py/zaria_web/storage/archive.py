"""Finished games, kept in the browser's storage (``zaria.games``) to be opened again.

When a game ends, its screen's update makes its :class:`Entry` and asks for it to
be counted and kept (:class:`zaria_web.storage.stats.RecordGame`); the app calls
:func:`add` after the update, where it performs every write, for every game the
statistics count (not with scripted or seeded dice, not in a tab another tab
has taken the game from: :func:`zaria_web.storage.stats.record`'s conditions). A
screen's update only reads the games kept (:func:`look`). An entry holds what
the end screen needs to be drawn again: the engine's state, the screen's extras
(a game's own fields, such as a review), the game's log when there is one, with the date,
the seats, the totals and the winners for the list, and what the statistics
counted it under (:class:`~zaria_web.storage.counted.Counted`, stored as its key).
A game counted under house rules this version does not know (a newer version's key)
is read all the same, its key kept as it is (:attr:`Entry.unknown`): it is listed,
and written back unchanged.

The stored value is ``{"format": 1, "games": [...]}``, oldest first, at most
:data:`MAX_GAMES` games and :data:`MAX_CHARS` characters (the oldest go first),
read through :func:`zaria_web.storage.stored.decode_json`. A game is kept once: its id
is made from its final state, and a game already there is not added again.

When storage is full, the oldest games are dropped one by one until the new one
fits; when even alone it does not fit, nothing is changed and the player is told
(``games.full``). An unreadable value is set aside under ``zaria.badgames`` and
the player is told once (``games.corrupt``), as the statistics do.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from zaria.game import Game, Seat
from zaria_web.runtime.effects import Effects
from zaria_web.runtime.host import Host
from zaria_web.runtime.routes import GAME_ID
from zaria_web.screen import GAMES, Context
from zaria_web.storage import stored
from zaria_web.storage.counted import BadCounted, Counted
from zaria_web.storage.stored import Status, Unreadable

KEY = "zaria.games"
BAD_KEY = "zaria.badgames"
FORMAT = 1
#: The most games kept (the oldest go first).
MAX_GAMES = 50
#: The most characters the stored list may take: below what
#: :func:`zaria_web.storage.stored.read` accepts, with room for the statistics in an export.
MAX_CHARS = 900_000
#: The longest date read back.
_MAX_DATE = 40
#: House rules this version does not know, as a newer version may name them.
_RULES = re.compile(r"[0-9a-z][0-9a-z.-]{0,79}")


@dataclass(frozen=True)
class Entry:
    """One finished game, as kept."""

    id: str
    counted: Counted  # what the statistics counted it under: the game, its rules, its dice
    date: str  # ISO 8601, from Host.now_iso()
    seats: tuple[Seat, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    state: dict[str, Any] = field(compare=False)  # the engine's (game.to_dict())
    extras: dict[str, Any] = field(compare=False)  # the screen's own fields of a save
    log: dict[str, Any] | None = field(default=None, compare=False)
    #: The key it was counted under when this version cannot read it (house rules
    #: of a newer version): kept as it is, written back as it was read; ``counted``
    #: then names only the game and its dice.
    unknown: str = ""

    @property
    def game(self) -> str:
        """The game played (its name in the registry, :mod:`zaria_web.games`)."""
        return self.counted.game

    @property
    def real(self) -> bool:
        """Whether it was played with real dice (a score pad)."""
        return self.counted.real

    @property
    def screen(self) -> str:
        """The game screen that draws this game's end screen."""
        return f"{self.game}-pad" if self.real else self.game

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "id": self.id,
            "game": self.game,
            "real": self.real,
            "date": self.date,
            "key": self.unknown or self.counted.encode(),
            "seats": [s.to_dict() for s in self.seats],
            "totals": list(self.totals),
            "winners": list(self.winners),
            "state": self.state,
            "extras": self.extras,
        }
        if self.log is not None:
            d["log"] = self.log
        return d

    @classmethod
    def from_dict(cls, d: Any) -> Entry:
        """Read back :meth:`to_dict`; raises ValueError on anything else (the
        engine's state is checked when the game is drawn)."""
        if not isinstance(d, dict):
            raise ValueError("a game is not an object")
        ident, game, real, date, key = (d.get(k) for k in ("id", "game", "real", "date", "key"))
        if not isinstance(date, str) or not _text(date, _MAX_DATE) or not isinstance(key, str):
            raise ValueError("a game's date or key is missing")
        if not isinstance(ident, str) or not GAME_ID.fullmatch(ident):
            raise ValueError("a game's id is not one of this app's")
        counted, unknown = _counted(key, game, real)
        seats, totals, winners = _result(d.get("seats"), d.get("totals"), d.get("winners"))
        state, extras, log = d.get("state"), d.get("extras"), d.get("log")
        if not isinstance(state, dict) or not isinstance(extras, dict):
            raise ValueError("a game's state is missing")
        if not (log is None or isinstance(log, dict)):
            raise ValueError("a game's log is not an object")
        return cls(ident, counted, date, seats, totals, winners, state, extras, log, unknown)


def _result(
    seats_raw: object, totals: object, winners: object
) -> tuple[tuple[Seat, ...], tuple[int, ...], tuple[int, ...]]:
    """A kept game's seats, each one's total and the winners; raises ValueError."""
    if not isinstance(seats_raw, list) or not 1 <= len(seats_raw) <= 7:
        raise ValueError("a game's seats are missing")
    seats = tuple(Seat.from_dict(s) for s in seats_raw)  # raises SeatsError, a ValueError
    n = len(seats)
    if not (isinstance(totals, list) and len(totals) == n and all(map(stored.whole, totals))):
        raise ValueError("a game's totals are not one number per seat")
    if not (isinstance(winners, list) and all(stored.whole(w) and 0 <= w < n for w in winners)):
        raise ValueError("a game's winners are not seats")
    return seats, tuple(totals), tuple(winners)


def _counted(key: str, game: object, real: object) -> tuple[Counted, str]:
    """What a kept game was counted under, read from its key, and the key itself when
    it names house rules this version does not know (a newer version's: the game is
    kept and listed all the same); raises ValueError unless the key is that of the
    game and dice stored beside it."""
    if game not in GAMES or not isinstance(real, bool):
        raise ValueError(f"not a game of this app: {game!r}")
    try:
        counted = Counted.parse(key)
    except BadCounted:
        rules = key.removeprefix(f"{game}:")
        if real or rules == key or not _RULES.fullmatch(rules):
            raise
        return Counted(str(game)), key
    if (counted.game, counted.real) != (game, real):
        raise ValueError(f"a game's key {key!r} is not that of its game and dice")
    return counted, ""


def _text(v: object, limit: int) -> bool:
    return isinstance(v, str) and 0 < len(v) <= limit


def game_id(state: dict[str, Any]) -> str:
    """The id of a finished game: from its final state, so that it is kept once."""
    text = json.dumps(state, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def entry(
    date: str, counted: Counted, game: Game[Any], extras: dict[str, Any], log: Any = None
) -> Entry:
    """The entry of ``game``, just finished; ``counted`` is what the statistics count
    it under, ``log`` its log (with a ``to_dict()``), if any."""
    outcome = game.outcome()
    if outcome is None:
        raise ValueError("only a finished game is kept")
    state = game.to_dict()
    return Entry(
        id=game_id(state),
        counted=counted,
        date=date,
        seats=tuple(game.seats),
        totals=tuple(outcome.totals),
        winners=tuple(outcome.winners),
        state=state,
        extras=dict(extras),
        log=None if log is None else log.to_dict(),
    )


def parse(raw: str) -> list[Entry]:
    """The games stored as ``raw``, oldest first; raises
    :class:`~zaria_web.storage.stored.Unreadable` for anything else.

    >>> parse('{"format": 1, "games": []}')
    []
    """
    return parse_value(stored.decode_json(raw))


def parse_value(data: Any) -> list[Entry]:
    """The games of a decoded value (the stored one, or an export's); raises
    :class:`~zaria_web.storage.stored.Unreadable`."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise Unreadable("unknown format of the finished games")
    games = data.get("games")
    if not isinstance(games, list):
        raise Unreadable("no list of finished games")
    try:
        return [Entry.from_dict(g) for g in games]
    except (ValueError, TypeError) as exc:
        raise Unreadable(str(exc)) from exc


def read(host: Host, notify: Callable[[str], None] | None = None) -> stored.Read[list[Entry]]:
    """Read the games; an unreadable value is set aside (``notify`` is told
    ``games.corrupt``); ``notify`` is told ``games.unavailable`` when storage
    cannot be read. This writes (the value set aside): a screen's update reads
    them with :func:`look`."""
    return stored.read_or_set_aside(host, KEY, parse, BAD_KEY, notify, "games")


def look(host: Host, out: Effects) -> stored.Read[list[Entry]]:
    """Read the games within a screen's update: as :func:`read`, the setting aside
    and the notice asked of the app (``out``)."""
    return stored.look(host, KEY, parse, BAD_KEY, "games", out)


def load(host: Host, notify: Callable[[str], None] | None = None) -> list[Entry]:
    """The games kept, oldest first (none when they could not be read)."""
    return read(host, notify).value or []


def encode(games: list[Entry]) -> str:
    """The stored form of ``games``."""
    return json.dumps({"format": FORMAT, "games": [g.to_dict() for g in games]}, sort_keys=True)


def bounded(games: list[Entry]) -> list[Entry]:
    """The newest of ``games`` that are kept: at most :data:`MAX_GAMES`, and at
    most :data:`MAX_CHARS` characters once stored (always the newest one)."""
    kept = games[-MAX_GAMES:]
    while len(kept) > 1 and len(encode(kept)) > MAX_CHARS:
        kept = kept[1:]
    return kept


def store(host: Host, games: list[Entry]) -> bool:
    """Store ``games`` (bounded); when storage is full, drop the oldest until it
    fits. False when even the newest alone does not fit (nothing is changed)."""
    kept = bounded(games)
    while kept:
        if host.storage_set(KEY, encode(kept)):
            return True
        kept = kept[1:]
    return not games


def add(ctx: Context, new: Entry) -> bool:
    """Keep ``new``, a finished game; False when it is not kept: the games could not
    be read (nothing is stored over them), it is kept already, or storage is full
    (the player is told)."""
    found = read(ctx.host, ctx.saves.tell)
    if found.status is Status.FAILED:
        return False
    games = found.value or []
    if any(g.id == new.id for g in games):
        return False
    if not store(ctx.host, [*games, new]):
        ctx.saves.tell("games.full")
        return False
    return True


def drop_oldest(ctx: Context) -> bool:
    """Drop the oldest finished game to make room for a game in progress that storage
    cannot hold (:attr:`zaria_web.storage.saves.SaveStore.make_room`); whether one was dropped.
    The player is told (``games.made_room``), once per screen."""
    found = read(ctx.host)
    games = found.value
    if not games:
        return False  # none, or none that could be read: nothing is written over them
    if len(games) == 1:
        ctx.host.storage_remove(KEY)
    elif not ctx.host.storage_set(KEY, encode(games[1:])):
        return False
    ctx.saves.tell("games.made_room")
    return True


def find(games: list[Entry], ident: str) -> Entry | None:
    """The game called ``ident``, if it is kept."""
    return next((g for g in games if g.id == ident), None)


def clear(host: Host) -> bool:
    """Forget every game; False when they cannot be read (and are kept)."""
    return stored.remove(host, KEY)
