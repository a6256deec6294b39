"""Statistics per player: each person's games, wins, scores and the game's own figures.

Players are matched by name, trimmed and without regard to case
(``" ann "`` and ``"Ann"`` are one player, :func:`player_key`); the spelling of
their latest game is the one shown. Only people are counted here: a computer's
seat has no figures of its own (its strength is the optimal player's, whose
scores the statistics screen shows beside a person's).

- every player: games, wins (a game with two or more seats, ties included: a
  game played alone is not a win), best and average final score, and their last
  :data:`MAX_SCORES` final scores (a line of scores by game);
- Penta: games with the upper bonus; Pentas scored (50 in the Penta box and each
  100-point joker bonus), counted from the game log (games with a log:
  ``logged``); the total cost of their choices against optimal play, in expected
  points, over the games whose choices were reviewed (the strategy table was
  loaded when the game ended: ``reviewed``);
- Farkle, from the game log: finished turns, points banked in them, lost turns
  and hot dice.

Each game's summary keeps at most :data:`MAX_PLAYERS` players, those who played
most recently (:attr:`PlayerStats.last` is the number of the summary's game they
last played in).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol, TypeGuard

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
    bonus: int = 0
    logged: int = 0
    pentas: int = 0
    reviewed: int = 0
    cost: float = 0.0
    turns: int = 0
    banked: int = 0
    lost: int = 0
    hot: int = 0

    @property
    def average(self) -> float | None:
        return self.total / self.games if self.games else None

    @property
    def bonus_rate(self) -> float | None:
        return self.bonus / self.games if self.games else None

    @property
    def average_cost(self) -> float | None:
        """The average cost per reviewed game, in expected points."""
        return self.cost / self.reviewed if self.reviewed else None

    @property
    def per_turn(self) -> float | None:
        """Farkle: the points banked per finished turn (a lost turn banks nothing)."""
        return self.banked / self.turns if self.turns else None

    def to_dict(self) -> dict[str, Any]:
        d = {k: v for k, v in self.__dict__.items() if k not in ("scores", "cost")}
        return {**d, "scores": list(self.scores), "cost": round(self.cost, 3)}

    @classmethod
    def from_dict(cls, d: Any) -> PlayerStats:
        """Read back :meth:`to_dict`; raises ValueError on anything else."""
        if not isinstance(d, dict):
            raise ValueError("a player is not an object")
        name, best, scores, cost = d.get("name"), d.get("best"), d.get("scores"), d.get("cost")
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
            raise ValueError("bad player name")
        if not (best is None or whole(best)) or not whole(d.get("total")):
            raise ValueError("bad best or total score")
        if not _scores(scores):
            raise ValueError("bad scores")
        if not _number(cost):
            raise ValueError("bad cost")
        counts: dict[str, Any] = {k: d.get(k) for k in COUNTS}
        if not all(count(v) for v in counts.values()):
            raise ValueError("bad player count")
        total = d["total"]
        return cls(
            name=name,
            best=best,
            total=total,
            scores=tuple(scores),
            cost=float(cost),  # type: ignore[arg-type]
            **counts,
        )


#: The counts a stored player holds (each a whole number, at least 0).
COUNTS: tuple[str, ...] = ("last", "games", "wins", "bonus", "logged", "pentas", "reviewed")
COUNTS += ("turns", "banked", "lost", "hot")


def _scores(v: object) -> TypeGuard[list[int]]:
    """Stored scores: a list of whole numbers, at most :data:`MAX_SCORES` of them."""
    return isinstance(v, list) and len(v) <= MAX_SCORES and all(whole(s) for s in v)


def _number(v: object) -> bool:
    """A stored cost: a whole number or a finite float, from 0 to the largest stored."""
    if not (whole(v) or isinstance(v, float)):
        return False
    return math.isfinite(v) and 0 <= v <= MAX_NUMBER  # type: ignore[arg-type,operator]


def parse_players(raw: Any) -> tuple[PlayerStats, ...]:
    """A summary's stored players; raises ValueError when malformed."""
    if not isinstance(raw, list) or len(raw) > MAX_PLAYERS:
        raise ValueError("bad players")
    players = tuple(PlayerStats.from_dict(p) for p in raw)
    if len({player_key(p.name) for p in players}) != len(players):
        raise ValueError("a player twice")
    return players


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


@dataclass(frozen=True)
class SeatGame:
    """What one person's seat did in one finished game."""

    name: str
    total: int
    won: bool = False
    bonus: bool = False
    cost: float | None = None  # None: the game's choices were not reviewed


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
            bonus=p.bonus + s.bonus,
        )
        if s.cost is not None:
            p = replace(p, reviewed=p.reviewed + 1, cost=p.cost + s.cost)
        if count_log is not None:
            p = count_log(p, log, i)
        found[key] = p
    ranked = sorted(found.values(), key=lambda p: -p.last)[:MAX_PLAYERS]
    return tuple(sorted(ranked, key=lambda p: (-p.games, player_key(p.name))))
