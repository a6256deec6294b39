"""Statistics of finished games, kept in the browser's storage (``zaria.stats2``).

When a game ends, its screen's update asks for it to be counted (a
:class:`RecordGame` effect, with the game's :class:`~zaria.outcome.Outcome`
and seats, whether its winners are counted by name, and the game's own figures
for each seat), and the app counts it (:func:`record`) where it performs every
write, after the update (:mod:`zaria_web.app`). A screen's update only reads the
statistics (:func:`look`).

What counts:

- a game counts once in *games played*, whoever played it;
- best and average score, and the game's own figures it sums over the people
  (its ``figures`` module's ``SUMMED``: a rate of them is shown), are over the
  people's results only (a game against the computer counts the person's
  score, not the computer's);
- for a game that asks for it, wins are counted by player name, computers included;
- each summary counts one :class:`~zaria_web.storage.counted.Counted`: the games of a
  game with house rules are counted per set of them, the rules page's game under
  the game's name, as before house rules existed, and each other set under
  ``<game>:<rules id>``;
- games played with real dice (a score pad) are counted apart, under
  ``<game>:real`` (whatever the house rules);
- games with scripted or seeded dice do not count, nor does a game this tab
  plays while another tab holds it (a stale copy: see
  :class:`zaria_web.storage.saves.SaveStore`), so one game is never counted twice (the
  game screen passes whether its dice were, :func:`record` checks).

The stored value (format 2, under :data:`KEY`) is ``{"format": 2, "<game>": {...},
...}``, one summary per game, plus one ``"<game>:<rules id>": {...}`` per other set
of house rules that has games (each key a :meth:`Counted.encode
<zaria_web.storage.counted.Counted.encode>`), read through
:func:`zaria_web.storage.stored.decode_json`. A summary, and each of its players,
holds the shared figures and, under ``figures``, its own game's figures only, each
by its own name (:func:`~zaria_web.storage.player_stats.own_figures`). A rules id
written otherwise than this version writes it (the options in another order) is
read as the rules it names (:meth:`Counted.parse <zaria_web.storage.counted.Counted.parse>`).
A key this version cannot count (an unknown game or rules id, from an older or
newer app or an imported file) is kept as it is, beside the figures it counts:
each write of the statistics writes it back unchanged (:func:`split`).

Format 1, stored under :data:`FORMAT1_KEY` (``zaria.stats``), is the same object
with ``"format": 1``, each summary and player holding every game's figures beside
the shared ones (at 0 where they are not its game's). While there is nothing
under :data:`KEY`, the statistics are read from there, through the migration
(:func:`migrate`): each summary and player keeps every figure it holds that is
not 0, whatever game named it, so nothing counted is lost, and the statistics
are shown as they were. The first game counted (or an import) then writes them in
format 2 under :data:`KEY`, which is read from then on; format 1 is left as it
was, never written again. Reading format 2 through the migration gives it back
unchanged, so the migration may run any number of times.

A page of the earlier version still open in another tab reads and writes
:data:`FORMAT1_KEY` only: it never sees format 2, so it neither sets it aside as
unreadable nor writes format 1 over it. It goes on showing, and counting into,
format 1; the games it counts once format 2 is written are in format 1 only,
which this version no longer reads (reloading that tab brings it this version).
A page of a later version is expected to store its own format under a key of its
own in the same way; should a later format be found under :data:`KEY`, it is left
as it is, neither set aside nor written over, and read as statistics that cannot
be read (:class:`~zaria_web.storage.stored.Newer`).

An unreadable value (under either key) is set aside under ``zaria.badstats`` and
counting restarts; the player is told once (``stats.corrupt``: the value set
aside is gone from its key, so it is not found again). When format 2 is set
aside, format 1, if it is still there, is read again: the statistics as they were
before format 2 was first written. When storage refuses to read them, nothing is
counted or cleared, so that statistics nobody could see are never replaced
(``stats.unavailable``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from zaria.game import Seat
from zaria.outcome import Outcome
from zaria_web import games
from zaria_web.games import Live
from zaria_web.play.log import GameLog
from zaria_web.runtime.effects import Effects, Write
from zaria_web.runtime.host import Host
from zaria_web.screen import GAMES, Context
from zaria_web.storage import stored
from zaria_web.storage.archive import Entry
from zaria_web.storage.counted import BadCounted, Counted
from zaria_web.storage.player_stats import (
    FIGURES,
    PlayerStats,
    SeatGame,
    add_game,
    added,
    own_figures,
    parse_players,
    stored_figures,
)
from zaria_web.storage.stored import Status, Unreadable

KEY = "zaria.stats2"
#: Where the statistics were stored in format 1 (and where a page of the earlier
#: version still reads and writes them).
FORMAT1_KEY = "zaria.stats"
BAD_KEY = "zaria.badstats"
FORMAT = 2
#: The formats the statistics may be read from: format 1 through the migration.
FORMATS = (1, FORMAT)
#: Wins by name are kept for this many names at most (the most wins first).
MAX_NAMES = 50
#: What every set of statistics has a summary of, even an empty one: each game as
#: played before house rules and score pads existed.
GAME_SUMMARIES = Live(lambda: tuple(Counted(g) for g in GAMES))


def _counted(key: str) -> Counted | None:
    """What ``key`` counts, or None for a key this version cannot count."""
    try:
        return Counted.parse(key)
    except BadCounted:
        return None


def split(data: dict[str, Any]) -> tuple[dict[Counted, Any], dict[str, Any]]:
    """A stored statistics object's entries this version counts (by what they count),
    and those it keeps as they are: the keys it cannot count, and a second spelling
    of rules already counted (never merged: the two may overlap, and nothing is lost
    by keeping it).

    >>> counted, kept = split({"format": 1, "farkle:standard": {"g": 1}, "farkle": {"g": 2}})
    >>> counted == {Counted("farkle"): {"g": 2}}, kept
    (True, {'farkle:standard': {'g': 1}})
    """
    found = {key: _counted(key) for key in data if key != "format"}

    def other_spelling(key: str) -> bool:
        what = found[key]
        return what is None or what.encode() != key

    counted: dict[Counted, Any] = {}
    kept: dict[str, Any] = {}
    # A key written as this version writes it comes first and wins a clash.
    for key in sorted(found, key=other_spelling):
        what = found[key]
        if what is None or what in counted:
            kept[key] = data[key]
        else:
            counted[what] = data[key]
    return counted, kept


@dataclass(frozen=True)
class Summary:
    """One game's statistics.

    >>> s = Summary(games=4, scored=4, total=800, best=260, best_name="Ann")
    >>> s.average, s.rate("milestone"), s.add(milestone=1).rate("milestone")
    (200.0, 0.0, 0.25)
    """

    games: int = 0
    scored: int = 0
    total: int = 0
    best: int | None = None
    best_name: str = ""
    wins: tuple[tuple[str, int], ...] = ()
    #: Each person's figures (:mod:`zaria_web.storage.player_stats`), most games first.
    players: tuple[PlayerStats, ...] = ()
    #: The game's own figures summed over the people's results, by name.
    figures: Mapping[str, float] = field(default_factory=dict)

    @property
    def average(self) -> float | None:
        """The people's average final score, if any was counted."""
        return self.total / self.scored if self.scored else None

    def rate(self, name: str) -> float | None:
        """The game's own figure ``name`` per person's result (0–1 for a count of
        results with something), if any was counted."""
        return self.figures.get(name, 0) / self.scored if self.scored else None

    def add(self, **more: float) -> Summary:
        """This summary with ``more`` added to the game's own figures of those names."""
        return replace(self, figures=added(self.figures, more))

    def to_dict(self) -> dict[str, Any]:
        """The JSON-safe form stored (format 2)."""
        return {
            "games": self.games,
            "scored": self.scored,
            "total": self.total,
            "best": self.best,
            "best_name": self.best_name,
            "wins": [[name, n] for name, n in self.wins],
            "players": [p.to_dict() for p in self.players],
            FIGURES: stored_figures(self.figures),
        }

    @classmethod
    def from_dict(cls, d: Any, fmt: int = FORMAT) -> Summary:
        """Read back :meth:`to_dict`, or a summary of statistics stored in format
        ``fmt``; raises ValueError on anything else."""
        if not isinstance(d, dict):
            raise ValueError("not an object")
        counts: list[int] = []
        # A total may be below zero (a game's penalty): the scores are whole numbers.
        for key in ("games", "scored", "total"):
            value = d.get(key)
            if not isinstance(value, int) or not (
                stored.whole(value) if key == "total" else stored.count(value)
            ):
                raise ValueError(f"bad count {key!r}")
            counts.append(value)
        best, best_name = d.get("best"), d.get("best_name")
        if not (best is None or stored.whole(best)) or not isinstance(best_name, str):
            raise ValueError("bad best score")
        wins, own = _wins(d.get("wins")), own_figures(d, SHARED, fmt)
        games_, scored, total = counts
        players = _players(d.get("players"), fmt)
        return cls(games_, scored, total, best, best_name, wins, players, own)


#: What a stored summary holds beside the game's own figures.
SHARED = frozenset(("games", "scored", "total", "best", "best_name", "wins", "players"))


def _wins(wins: object) -> tuple[tuple[str, int], ...]:
    """A summary's wins, each a name and a count; raises ValueError."""
    if not isinstance(wins, list) or len(wins) > MAX_NAMES:
        raise ValueError("bad wins")
    pairs = []
    for w in wins:
        if not (isinstance(w, list) and len(w) == 2 and isinstance(w[0], str)):
            raise ValueError("bad wins")
        if not stored.count(w[1]):
            raise ValueError("bad wins")
        pairs.append((w[0], w[1]))
    return tuple(pairs)


def _players(raw: Any, fmt: int) -> tuple[PlayerStats, ...]:
    """A summary's players: none in values stored before they were counted, and none
    when they are malformed (the game's own figures still load, and counting the
    players starts again)."""
    try:
        return () if raw is None else parse_players(raw, fmt)
    except ValueError:
        return ()


def empty() -> dict[Counted, Summary]:
    """The statistics when nothing was counted: an empty summary of each game."""
    return {c: Summary() for c in GAME_SUMMARIES}


def parse(raw: str) -> dict[Counted, Summary]:
    """The statistics stored as ``raw`` (format 2, or format 1 through the
    migration); raises :class:`~zaria_web.storage.stored.Unreadable` for anything
    else (:class:`~zaria_web.storage.stored.Newer` for a later format).

    Every game has a summary (empty when nothing was counted); a game under other
    house rules, and each game played with real dice, has one once it was counted.

    >>> parse('{"format": 2}') == parse('{"format": 1}') == empty()
    True
    """
    return parse_value(stored.decode_json(raw))[0]


def parse_format1(raw: str) -> dict[Counted, Summary]:
    """The statistics stored as ``raw`` under :data:`FORMAT1_KEY`: format 1 only, as
    the earlier version reads them there (a later format there is unreadable)."""
    return parse_value(stored.decode_json(raw), (1,))[0]


def _format(data: Any, formats: Sequence[int]) -> int:
    """The format of a decoded statistics object, one of ``formats``; raises
    :class:`~zaria_web.storage.stored.Unreadable`, :class:`~zaria_web.storage.stored.Newer`
    for a format later than this version's where this version's is read."""
    fmt = data.get("format") if isinstance(data, dict) else None
    if type(fmt) is int and fmt in formats:
        return fmt
    if type(fmt) is int and fmt > FORMAT and FORMAT in formats:
        raise stored.Newer(f"statistics of format {fmt}, later than {FORMAT}")
    raise Unreadable("unknown statistics format")


def parse_value(
    data: Any, formats: Sequence[int] = FORMATS
) -> tuple[dict[Counted, Summary], dict[str, Any]]:
    """The summaries of a decoded statistics object, in one of ``formats``, and what it
    holds that this version keeps as it is (:func:`split`); raises
    :class:`~zaria_web.storage.stored.Unreadable`."""
    fmt = _format(data, formats)
    counted, kept = split(data)
    others = sorted((c for c in counted if c not in GAME_SUMMARIES), key=Counted.encode)
    try:
        summaries = {
            c: Summary.from_dict(counted[c], fmt) if c in counted else Summary()
            for c in (*GAME_SUMMARIES, *others)
        }
    except ValueError as exc:
        raise Unreadable(str(exc)) from exc
    return summaries, kept


def migrate(data: Any) -> dict[str, Any]:
    """The decoded statistics ``data`` in format 2, from format 1 (or 2: unchanged);
    raises :class:`~zaria_web.storage.stored.Unreadable`.

    >>> old = {"format": 1, "penta": {"games": 1, "scored": 1, "total": 250, "best": 250,
    ...        "best_name": "Ann", "wins": [], "bonus": 1, "hot": 0}}
    >>> new = migrate(old)
    >>> new["format"], new["penta"]["figures"], migrate(new) == new
    (2, {'bonus': 1}, True)
    """
    return value(*parse_value(data))


def kept(raw: str | None) -> dict[str, Any]:
    """What the statistics stored as ``raw`` (in either format) hold that this
    version keeps as it is (nothing when there are none, or they cannot be read)."""
    try:
        return {} if raw is None else parse_value(stored.decode_json(raw))[1]
    except Unreadable:
        return {}


def value(summaries: dict[Counted, Summary], keep: dict[str, Any]) -> dict[str, Any]:
    """The statistics as stored (format 2, :data:`KEY`): the summaries, each under its key
    (:meth:`Counted.encode <zaria_web.storage.counted.Counted.encode>`), and what is
    kept as it is."""
    return {**keep, "format": FORMAT, **{c.encode(): s.to_dict() for c, s in summaries.items()}}


def read(
    host: Host, notify: Callable[[str], None] | None = None
) -> stored.Read[dict[Counted, Summary]]:
    """Read the statistics; an unreadable value is set aside (``notify`` is told
    ``stats.corrupt``); ``notify`` is told ``stats.unavailable`` when storage
    cannot be read. The result's ``value`` is None unless its status is OK.

    Format 2 is read; when there is none, format 1 (:data:`FORMAT1_KEY`), through
    the migration.

    This writes (the value set aside): the app's to call, where it writes. A
    screen's update reads them with :func:`look`."""
    found = stored.read_or_set_aside(host, KEY, parse, BAD_KEY, notify, "stats")
    if found.status is Status.ABSENT:
        found = stored.read_or_set_aside(host, FORMAT1_KEY, parse_format1, BAD_KEY, notify, "stats")
    return found


def look(host: Host, out: Effects) -> stored.Read[dict[Counted, Summary]]:
    """Read the statistics within a screen's update: as :func:`read`, the setting
    aside and the notice asked of the app (``out``)."""
    found = stored.look(host, KEY, parse, BAD_KEY, "stats", out)
    if found.status is Status.ABSENT:
        found = stored.look(host, FORMAT1_KEY, parse_format1, BAD_KEY, "stats", out)
    return found


def load(host: Host, notify: Callable[[str], None] | None = None) -> dict[Counted, Summary]:
    """The statistics of each game (empty summaries when none could be read)."""
    return read(host, notify).value or empty()


def clear(host: Host) -> bool:
    """Forget all statistics, in both formats (format 1 would otherwise be read
    again); False when they cannot be read (and are kept)."""
    if not (stored.readable(host, KEY) and stored.readable(host, FORMAT1_KEY)):
        return False
    return stored.remove(host, KEY) and stored.remove(host, FORMAT1_KEY)


def _best(s: Summary, scores: list[tuple[int, str]]) -> tuple[int | None, str]:
    """The best score of ``s`` and who made it, after the people's ``scores`` (score,
    name) of one more game: the earlier one stays on a tie."""
    best, best_name = s.best, s.best_name
    for score, name in scores:
        if best is None or score > best:
            best, best_name = score, name
    return best, best_name


def _ranked_wins(
    wins: tuple[tuple[str, int], ...], winners: list[str]
) -> tuple[tuple[str, int], ...]:
    """The wins counted so far with one more for each of ``winners``: the most first
    (then by name), at most :data:`MAX_NAMES` of them."""
    counts = dict(wins)
    for name in winners:
        counts[name] = counts.get(name, 0) + 1
    return tuple(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:MAX_NAMES])


#: A game's own figures for each seat of one finished game, by name (one number a seat).
SeatFigures = Mapping[str, Sequence[float]]


def _summed(played: str | None, figures: SeatFigures, people: list[int]) -> dict[str, float]:
    """The people's figures that the game ``played`` sums in its summary."""
    summed = () if played is None else getattr(games.named(played).figures(), "SUMMED", ())
    return {k: sum(figures[k][i] for i in people) for k in summed if k in figures}


def add_result(
    s: Summary,
    totals: list[int],
    names: list[str],
    humans: list[bool],
    winners: list[int] | None = None,
    *,
    won: Sequence[int] | None = None,
    figures: SeatFigures | None = None,
    log: GameLog | None = None,
    played: str | None = None,
) -> Summary:
    """``s`` with one more finished game.

    The players' figures (:mod:`zaria_web.storage.player_stats`) count ``won`` as the
    game's winners (``winners`` when not given), each person's ``figures`` (the game's
    own, one number a seat) and, from ``log``, the own figures of the game ``played``
    (its package's ``figures.count_log``); the summary sums the people's figures that
    game's ``figures.SUMMED`` names.

    >>> s = add_result(Summary(), [180, 240], ["Ann", "Computer"], [True, False], winners=[1])
    >>> s.games, s.scored, s.best, s.best_name, s.wins
    (1, 1, 180, 'Ann', (('Computer', 1),))
    """
    seats, figures = len(totals), figures or {}
    _check(totals, names, humans, [*(winners or ()), *(won or ())], figures)
    people = [i for i in range(seats) if humans[i]]
    best, best_name = _best(s, [(totals[i], names[i]) for i in people])
    winning = (winners or []) if won is None else won
    seat_games = _seat_games(totals, names, humans, winning, figures)
    ranked = _ranked_wins(s.wins, [names[w] for w in sorted(set(winners or []))])
    more = _summed(played, figures, people)
    return replace(
        s,
        games=s.games + 1,
        scored=s.scored + len(people),
        total=s.total + sum(totals[i] for i in people),
        best=best,
        best_name=best_name,
        wins=ranked,
        players=add_game(s.players, s.games + 1, seat_games, played, log),
        figures=added(s.figures, more),
    )


def _check(
    totals: list[int],
    names: list[str],
    humans: list[bool],
    winners: list[int],
    figures: SeatFigures,
) -> None:
    seats = len(totals)
    if not seats or len(names) != seats or len(humans) != seats:
        raise ValueError(f"one total, name and human flag per seat: {totals} {names} {humans}")
    if not all(0 <= w < seats for w in winners):
        raise ValueError(f"winners must be seat indexes: {winners}")
    for name, each in figures.items():
        if len(each) != seats:
            raise ValueError(f"one {name!r} figure per seat: {list(each)}")


def _seat_games(
    totals: list[int],
    names: list[str],
    humans: list[bool],
    winners: Sequence[int],
    figures: SeatFigures,
) -> list[SeatGame | None]:
    """Each person's part of a game (None for a computer); a game played alone
    has no winner."""
    won = set(winners) if len(totals) > 1 else set()
    return [
        SeatGame(names[i], totals[i], won=i in won, figures={k: v[i] for k, v in figures.items()})
        if humans[i]
        else None
        for i in range(len(totals))
    ]


@dataclass(frozen=True)
class RecordGame(Write):
    """Count a finished game under ``counted`` and, when it counts, keep it to be
    opened again (``entry``): the finished games kept are those the statistics count.

    The other fields are :func:`record`'s: the game's outcome and seats, whether its
    dice were scripted or seeded, its log, and what the game counts of its own."""

    counted: Counted
    outcome: Outcome
    seats: tuple[Seat, ...]
    reproducible: bool
    entry: Entry = field(compare=False)
    log: GameLog | None = field(default=None, compare=False)
    wins: bool = False
    figures: SeatFigures | None = None


def record(
    ctx: Context,
    counted: Counted,
    outcome: Outcome,
    seats: Sequence[Seat],
    reproducible: bool,
    wins: bool = False,
    log: GameLog | None = None,
    figures: SeatFigures | None = None,
) -> bool:
    """Count a finished game under ``counted``: each seat's total and name, whether
    each is a person, and the winners by name when ``wins`` is set; the game's log
    and its own ``figures`` for each seat give the players' own figures
    (:mod:`zaria_web.storage.player_stats`, :func:`add_result`). False when it does
    not count (see the module's docs) or the statistics could not be read (nothing is
    stored over them).

    This writes: the app calls it (a :class:`RecordGame` effect), after the update."""
    game = counted.game
    if reproducible or game in ctx.saves.conflicts:
        return False
    found = read(ctx.host, ctx.saves.tell)
    if found.status is Status.FAILED:
        return False
    summaries = found.value or empty()
    summaries[counted] = add_result(
        summaries.get(counted, Summary()),
        list(outcome.totals),
        [s.name for s in seats],
        [not s.computer for s in seats],
        winners=list(outcome.winners) if wins else None,
        won=outcome.winners,
        figures=figures,
        log=log,
        played=game,
    )
    text = json.dumps(value(summaries, kept(found.raw)), sort_keys=True)
    return ctx.host.storage_set(KEY, text)
