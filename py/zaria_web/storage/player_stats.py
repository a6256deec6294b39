"""Statistics per player: each person's games, wins, scores and the game's own figures.

Players are matched by name, trimmed and without regard to case
(``" ann "`` and ``"Ann"`` are one player, :func:`player_key`); the spelling of
their latest game is the one shown. Only people are counted here: a computer's
seat has no figures of its own (its strength is the optimal player's, whose
scores the statistics screen shows beside a person's).

- every player: games, wins (a game with two or more seats, ties included: a
  game played alone is not a win), best and average final score, their last
  :data:`MAX_SCORES` final scores (a line of scores by game), and the games
  counted with a log (``logged``);
- the game's own figures (:attr:`PlayerStats.figures`), named by its ``figures``
  module (:mod:`zaria_web.games`): the numbers the game gave each seat when it
  ended (:attr:`SeatGame.figures`, added up game after game), and what that module's
  ``count_log`` counts from the game's log. This module only adds them up and
  stores them, each under its own name, apart from the shared figures: a player
  holds its own game's figures only (format 2 of the statistics,
  :mod:`zaria_web.storage.stats`; format 1 held every game's, :func:`own_figures`).

Each game's summary keeps at most :data:`MAX_PLAYERS` players, those who played
most recently (:attr:`PlayerStats.last` is the number of the summary's game they
last played in).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeGuard

from zaria_web import games
from zaria_web.play.log import GameLog
from zaria_web.storage.stored import MAX_NUMBER, count, whole
from zaria_web.ui.names import clean_name

#: Players kept per game (the most recent).
MAX_PLAYERS = 50
#: Final scores kept per player (the most recent), for the line of scores by game.
MAX_SCORES = 50
#: The longest name kept (names are typed with a shorter limit).
MAX_NAME = 100
#: The most figures of its own a game keeps per player or per summary, and the
#: longest name of one.
MAX_FIGURES = 32
MAX_FIGURE_NAME = 40


def player_key(name: str) -> str:
    """The name players are matched by: as a typed name is cleaned (trimmed, inner
    spaces single, invisible characters dropped, at most the length of a name), in
    any case.

    >>> player_key("  Ann ") == player_key("ANN") == player_key("ann\u200b")
    True
    """
    return (clean_name(name) or name.strip()).casefold()


def shown_name(p: PlayerStats) -> str:
    """A player's name as shown: names read from storage are held to the rules of
    typed ones."""
    return clean_name(p.name) or p.name.strip()


@dataclass(frozen=True)
class PlayerStats:
    """One person's figures in one game's summary."""

    name: str
    last: int = 0
    games: int = 0
    wins: int = 0
    best: int | None = None
    total: int = 0
    scores: tuple[int, ...] = ()
    logged: int = 0
    #: The game's own figures, by name (whole numbers, or a total such as a cost).
    figures: Mapping[str, float] = field(default_factory=dict)

    @property
    def average(self) -> float | None:
        return self.total / self.games if self.games else None

    def figure(self, name: str) -> float:
        """The game's own figure ``name`` (0 until counted)."""
        return self.figures.get(name, 0)

    def tally(self, name: str) -> int:
        """The game's own figure ``name`` as a whole number (a count)."""
        return int(self.figure(name))

    def add(self, **more: float) -> PlayerStats:
        """This player with ``more`` added to the game's own figures of those names.

        >>> PlayerStats("Ann", figures={"a": 1}).add(a=2, b=1).figures
        {'a': 3, 'b': 1}
        """
        return replace(self, figures=added(self.figures, more))

    def to_dict(self) -> dict[str, Any]:
        """The JSON-safe form stored (format 2: the game's own figures apart)."""
        shared = {k: getattr(self, k) for k in ("name", "best", "total", *COUNTS)}
        return {**shared, "scores": list(self.scores), FIGURES: stored_figures(self.figures)}

    @classmethod
    def from_dict(cls, d: Any, fmt: int = 2) -> PlayerStats:
        """Read back :meth:`to_dict`, or a player stored in format 1 (``fmt``: the
        statistics' format, see :func:`own_figures`); raises ValueError on anything else."""
        if not isinstance(d, dict):
            raise ValueError("a player is not an object")
        name, best, scores = d.get("name"), d.get("best"), d.get("scores")
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
            raise ValueError("bad player name")
        if not (best is None or whole(best)) or not whole(d.get("total")):
            raise ValueError("bad best or total score")
        if not _scores(scores):
            raise ValueError("bad scores")
        counts: dict[str, Any] = {k: d.get(k) for k in COUNTS}
        if not all(count(v) for v in counts.values()):
            raise ValueError("bad player count")
        own = own_figures(d, SHARED, fmt)
        total = d["total"]
        return cls(name=name, best=best, total=total, scores=tuple(scores), figures=own, **counts)


#: The counts every stored player holds (each a whole number, at least 0).
COUNTS: tuple[str, ...] = ("last", "games", "wins", "logged")
#: What a stored player holds beside the game's own figures.
SHARED = frozenset(("name", "best", "total", "scores", *COUNTS))


def added(figures: Mapping[str, float], more: Mapping[str, float]) -> dict[str, float]:
    """``figures`` with each of ``more`` added to the figure of its name (a figure at
    0 is no figure, as when read back: :func:`read_figures`)."""
    out = dict(figures)
    for name, n in more.items():
        out[name] = out.get(name, 0) + n
    return {k: v for k, v in out.items() if v != 0}


def stored_figures(figures: Mapping[str, float]) -> dict[str, float]:
    """A game's own figures as stored: a fraction to three decimals."""
    return {k: v if isinstance(v, int) else round(v, 3) for k, v in figures.items()}


#: Where a stored player or summary of format 2 holds the game's own figures.
FIGURES = "figures"


def own_figures(d: dict[str, Any], shared: frozenset[str], fmt: int) -> dict[str, float]:
    """The game's own figures of a stored player or summary ``d`` (``shared``: the
    names of the figures every game has).

    In format 2 they are under :data:`FIGURES`, and ``d`` holds nothing else beside
    the ``shared`` ones. In format 1 they are beside the shared ones, and every game's
    are there (at 0 where they are not the game's): each is kept whatever game named
    it, and only those at 0 go (:func:`read_figures`), so nothing counted is lost.
    Raises ValueError.

    >>> own_figures({"games": 2, "hot": 3, "bonus": 0}, frozenset({"games"}), 1)
    {'hot': 3}
    >>> own_figures({"games": 2, "figures": {"hot": 3}}, frozenset({"games"}), 2)
    {'hot': 3}
    """
    if fmt == 1:
        return read_figures(d, shared)
    figures = d.get(FIGURES, {})
    if not isinstance(figures, dict) or not set(d) <= shared | {FIGURES}:
        raise ValueError("bad figures")
    return read_figures(figures, frozenset())


def read_figures(d: dict[str, Any], shared: frozenset[str]) -> dict[str, float]:
    """The game's own figures in a stored object ``d``: whatever it holds under
    names other than the ``shared`` ones, each a number (whatever game named them);
    raises ValueError for anything else there, a negative or unbounded number, or
    too many of them. A figure at 0 is no figure (as :func:`added` leaves none).

    >>> read_figures({"games": 2, "hot": 3, "cost": 1.5, "bonus": 0}, frozenset({"games"}))
    {'hot': 3, 'cost': 1.5}
    """
    own = {k: v for k, v in d.items() if k not in shared}
    if len(own) > MAX_FIGURES or any(len(k) > MAX_FIGURE_NAME for k in own):
        raise ValueError("too many figures")
    if not all(_number(v) for v in own.values()):
        raise ValueError("bad figure")
    return {k: v for k, v in own.items() if v != 0}


def _scores(v: object) -> TypeGuard[list[int]]:
    """Stored scores: a list of whole numbers, at most :data:`MAX_SCORES` of them."""
    return isinstance(v, list) and len(v) <= MAX_SCORES and all(whole(s) for s in v)


def _number(v: object) -> bool:
    """A stored figure: a whole number or a finite float, from 0 to the largest stored."""
    if not (whole(v) or isinstance(v, float)):
        return False
    return math.isfinite(v) and 0 <= v <= MAX_NUMBER  # type: ignore[arg-type,operator]


def parse_players(raw: Any, fmt: int = 2) -> tuple[PlayerStats, ...]:
    """A summary's stored players (in the statistics' format ``fmt``); raises
    ValueError when malformed."""
    if not isinstance(raw, list) or len(raw) > MAX_PLAYERS:
        raise ValueError("bad players")
    players = tuple(PlayerStats.from_dict(p, fmt) for p in raw)
    if len({player_key(p.name) for p in players}) != len(players):
        raise ValueError("a player twice")
    return players


@dataclass(frozen=True)
class SeatGame:
    """What one person's seat did in one finished game: its name, total, whether it
    won, and the game's own figures for it (each added to the player's figure of
    that name)."""

    name: str
    total: int
    won: bool = False
    figures: Mapping[str, float] = field(default_factory=dict)


def add_game(
    players: Sequence[PlayerStats],
    game: int,
    seats: Sequence[SeatGame | None],
    played: str | None = None,
    log: GameLog | None = None,
) -> tuple[PlayerStats, ...]:
    """``players`` after the summary's game number ``game``, where each seat is a
    person's :class:`SeatGame` or None (a computer); ``log``, when there is one,
    gives the game's own figures (the ``figures.count_log`` of the game ``played``).
    The most recent :data:`MAX_PLAYERS` are kept."""
    count_log = None if log is None or played is None else games.named(played).figures().count_log
    found = {player_key(p.name): p for p in players}
    for i, s in enumerate(seats):
        if s is None or not (key := player_key(s.name)):
            continue
        p = found.get(key) or PlayerStats(name="")
        best = s.total if p.best is None else max(p.best, s.total)
        p = replace(
            p,
            name=(clean_name(s.name) or s.name.strip())[:MAX_NAME],
            last=game,
            games=p.games + 1,
            wins=p.wins + s.won,
            best=best,
            total=p.total + s.total,
            scores=(*p.scores, s.total)[-MAX_SCORES:],
            figures=added(p.figures, s.figures),
        )
        if count_log is not None:
            p = count_log(p, log, i)
        found[key] = p
    ranked = sorted(found.values(), key=lambda p: -p.last)[:MAX_PLAYERS]
    return tuple(sorted(ranked, key=lambda p: (-p.games, player_key(p.name))))
