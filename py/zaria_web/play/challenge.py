"""A game's challenges on duplicate dice: the daily dice, and duels by link.

Both are a solo, strict game on :class:`~zaria.dice.DuplicateDice`: every die is a
function of the challenge's seed and of where it falls, so that everyone who plays
the seed meets the same dice wherever they throw. They are modes of the one game
screen (``penta-daily``, ``penta-duel``): its form is the challenge's introduction,
its end the result.

- **The daily dice** (``#/daily/<game>``): one seed per game and calendar day
  (:func:`~zaria.dice.daily_seed`, the device's date). One attempt counts: the
  attempts started on the device are counted (:mod:`zaria_web.storage.daily`) and
  shown with the result, which is kept with the day's figures.
- **A duel** (``#/duel/<token>``, :mod:`zaria_web.duel`): a link carrying the seed
  and every result so far; whoever opens it plays the same dice, then sees every
  result side by side (each replayed from its moves, and marked "not verified"
  when they do not give its score) and passes the link on with theirs. A duel is
  also started from home, on a seed of its own.

At the end, the computer (the game's grader: Penta's optimal player, Farkle's
Expert) plays the same seed, and its score stands beside the player's. A game
brings all this as its spec's :class:`Duplicate`.
"""

from __future__ import annotations

import datetime
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Generic, TypeVar

from zaria.dice import daily_seed
from zaria.errors import IllegalActionError
from zaria.game import Game
from zaria.i18n import Translator
from zaria.moves import MoveCode, MovesError
from zaria.outcome import Outcome
from zaria_web import duel as duels
from zaria_web.acts import Intent, datum
from zaria_web.games import DAILY, DUEL
from zaria_web.play.log import GameLog
from zaria_web.runtime.effects import Share

G = TypeVar("G", bound=Game[Any])

#: The longest seed a saved challenge holds (a link's is checked as long).
MAX_SEED = 100


@dataclass(frozen=True)
class Duplicate(Generic[G]):
    """What a game brings to be played on duplicate dice (its spec's ``duplicate``)."""

    #: Its moves, one character each (:mod:`zaria.moves`).
    code: MoveCode
    #: The id of the rules its challenges are played by (a link carries it).
    rules: str
    #: The challenge's solo strict game, finished through ``moves`` on ``seed``'s
    #: dice; raises :class:`~zaria.moves.MovesError` when they do not play.
    replayed: Callable[[str, str], G]
    #: The grader's game on ``seed``'s dice: its score and its moves; None while it
    #: cannot play yet (its table is still coming).
    grade: Callable[[str], tuple[int, str] | None]
    #: The message naming the grader ("the optimal player"), and the message saying
    #: what a challenge is ("13 rounds, alone").
    grader: str
    format: str
    #: A finished game's points (given as its seed and moves), round by round or turn
    #: by turn (a label and the points), to set results side by side.
    rows: Callable[[Translator, str, str], list[tuple[str, int]]]
    #: The row of symbols a result is shared with, a round or a turn each (it tells
    #: how each went, never the dice): from the screen, whose part knows the review.
    symbols: Callable[[Any], str]
    #: What each symbol of that row means, in the player's language (its legend).
    legend: Callable[[Translator], dict[str, str]]
    #: The challenge of the game under other rules, by their id (None: not played),
    #: for a game whose duels may be played by its house rules: a link carries the
    #: id, and a duel started here is played by the rules its form offers.
    variant: Callable[[str], Duplicate[G] | None] = field(default=lambda rules: None)
    #: The rules a duel started here may be played by: each one's id and the message
    #: naming it (empty: only :attr:`rules`, and the form offers no choice).
    offered: tuple[tuple[str, str], ...] = ()

    def for_rules(self, rules: str | None) -> Duplicate[G]:
        """The challenge played by the rules ``rules`` (None: :attr:`rules`); raises
        :class:`~zaria_web.duel.LinkError` for rules the game does not play."""
        if rules is None or rules == self.rules:
            return self
        found = self.variant(rules)
        if found is None:
            raise duels.LinkError("err.link.rules", f"rules {rules[:40]!r} are not played")
        return found


def score(game: Game[Any]) -> int:
    """A finished solo game's score."""
    outcome = game.outcome()
    return 0 if outcome is None else int(outcome.totals[0])


@dataclass(frozen=True)
class Other:
    """A result of a duel, read back: its name and score, whether its moves give that
    score, and its points row by row (empty when its moves do not play)."""

    name: str
    score: int
    verified: bool
    rows: tuple[int, ...] = ()
    #: Their game turn by turn, as the game log writes it (None: not replayed).
    log: GameLog | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Standing:
    """A result's place among a duel's results (equal scores share a place)."""

    place: int
    name: str
    score: int
    #: Whether it is the reader's own result.
    you: bool = False
    verified: bool = True


def standings(name: str, points: int, others: Sequence[Other]) -> tuple[Standing, ...]:
    """The player's result (``name``, ``points``) and the others', highest first.

    >>> ranked = standings("Bea", 208, (Other("Ann", 249, True), Other("Cy", 208, False)))
    >>> [(r.place, r.name, r.you) for r in ranked]
    [(1, 'Ann', False), (2, 'Bea', True), (2, 'Cy', False)]
    """
    every = [Standing(0, name, points, you=True)] + [
        Standing(0, o.name, o.score, verified=o.verified) for o in others
    ]
    outcome = Outcome(tuple(r.score for r in every))
    return tuple(
        replace(every[i], place=p.place)
        for p in outcome.ranking
        for i in sorted(p.seats, key=lambda i: (not every[i].you, i))
    )


def outcome_words(tr: Translator, ranked: Sequence[Standing], reader: bool = True) -> str:
    """Who won a duel, in words: "Ann wins by 41", or who tie at what score ("You
    win" for the reader's own win when ``reader``; a text sent to others names
    everyone). Empty with fewer than two results."""
    if len(ranked) < 2:
        return ""
    top = [r for r in ranked if r.place == 1]
    mine = reader and any(r.you for r in top)
    if len(top) == 1:
        margin = tr.number(top[0].score - ranked[1].score)
        if mine:
            return tr("challenge.outcome.win_you", margin=margin)
        return tr("challenge.outcome.win", name=top[0].name, margin=margin)
    score = tr.number(top[0].score)
    if mine:
        names = [r.name for r in top if not r.you]
        return tr("challenge.outcome.tie_you", names=", ".join(names), score=score)
    return tr("challenge.outcome.tie", names=", ".join(r.name for r in top), score=score)


@dataclass
class Challenge:
    """A challenge: daily or duel (``kind``), its seed, the day of a daily, the duel
    answered (its results so far; None for a duel started here or a daily), and
    once played, the player's moves, the grader's score and moves, and the others'
    results read back."""

    kind: str
    seed: str
    date: str = ""
    duel: duels.Duel | None = None
    moves: list[str] = field(default_factory=list)
    grade: tuple[int, str] | None = None
    others: tuple[Other, ...] = ()
    #: The attempts started at a daily on this device (shown with its result).
    attempts: int = 0
    #: The row of symbols kept with a daily's result, when its game was replayed
    #: from the moves kept (Penta's review of its choices is not in them).
    kept_symbols: str = ""
    #: The id of the rules it is played by (None: the game's challenges' own; a duel
    #: answered is played by the rules its link names).
    rules: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """What a save keeps of it (the others are read back from the duel)."""
        return {
            "kind": self.kind,
            "seed": self.seed,
            "date": self.date,
            "duel": "" if self.duel is None else duels.encode(self.duel),
            "moves": "".join(self.moves),
            "grade": None if self.grade is None else list(self.grade),
            "attempts": self.attempts,
            **({} if self.rules is None else {"rules": self.rules}),
        }

    @classmethod
    def from_dict(cls, raw: Any, game: str, kind: str) -> Challenge:
        """A saved challenge of ``game``'s ``kind``; raises ValueError for a bad one."""
        if not isinstance(raw, dict) or raw.get("kind") != kind:
            raise ValueError(f"a challenge save is {str(raw)[:40]}")
        seed, date, token, moves = (raw.get(k) for k in ("seed", "date", "duel", "moves"))
        texts = (seed, date, token, moves)
        if not all(isinstance(t, str) for t in texts) or not seed or len(str(seed)) > MAX_SEED:
            raise ValueError("a challenge save's fields are not text")
        duel = duels.decode(str(token), (game,)) if token else None
        if duel is not None and duel.seed != seed:
            raise ValueError("a challenge save answers a duel on other dice")
        attempts = _attempts(raw.get("attempts", 0))  # none in a save of the first version
        made = cls(kind, str(seed), str(date), duel, list(str(moves)), attempts=attempts)
        made.rules = _rules(raw, duel)
        made.grade = _grade(raw.get("grade"))
        return made

    def result(self, name: str, game: Game[Any]) -> duels.Result:
        """The player's result (``name``'s) in a link."""
        return duels.Result(name, score(game), "".join(self.moves))

    def link_duel(self, game_name: str, rules: str, mine: duels.Result) -> duels.Duel | None:
        """The duel a link passes on: every result so far and the player's; None when
        it is full already (the link then carries the results without theirs)."""
        base = self.duel or duels.Duel(game_name, rules, self.seed)
        try:
            return base.with_result(mine)
        except duels.LinkError:
            return None


def daily(game: str, date: str) -> Challenge:
    """``game``'s daily dice of ``date`` (an ISO date: the device's day)."""
    return Challenge(DAILY, daily_seed(game, datetime.date.fromisoformat(date)), date)


def daily_date(game: str, seed: str) -> str | None:
    """The day whose daily dice of ``game`` the seed ``seed`` is, if it is one (a daily's
    result shared as a duel link carries it).

    >>> daily_date("penta", "daily/penta/2026-12-04"), daily_date("penta", "duel/penta/x")
    ('2026-12-04', None)
    """
    prefix = f"daily/{game}/"
    date = seed.removeprefix(prefix)
    if date == seed:
        return None
    try:
        return datetime.date.fromisoformat(date).isoformat()
    except ValueError:
        return None


def same_result(a: duels.Result, b: duels.Result, defaults: Sequence[str]) -> bool:
    """Whether ``a`` and ``b`` are one game: the same moves and score, by the same name
    or by a default name in any language (a player who kept "Player 1" and changed
    language since)."""
    if (a.score, a.moves) != (b.score, b.moves):
        return False
    return a.name == b.name or (a.name in defaults and b.name in defaults)


def fresh_duel(game: str) -> Challenge:
    """A duel on dice of its own, started here (its seed is drawn once, at random)."""
    return Challenge(DUEL, f"duel/{game}/{secrets.token_hex(6)}")


def answering(duel: duels.Duel) -> Challenge:
    """The challenge of a duel link opened: its dice, its results so far."""
    return Challenge(DUEL, duel.seed, duel=duel, rules=duel.rules)


def read_back(dup: Duplicate[Any], tr: Translator, duel: duels.Duel) -> tuple[Other, ...]:
    """Every result of ``duel``, replayed from its moves on the duel's dice: whether
    they give its score, and its points row by row."""
    out = []
    for r in duel.results:
        try:
            game = dup.replayed(duel.seed, r.moves)
            rows = tuple(points for _, points in dup.rows(tr, duel.seed, r.moves))
        except (MovesError, IllegalActionError, ValueError):
            out.append(Other(r.name, r.score, False))
            continue
        out.append(Other(r.name, r.score, score(game) == r.score, rows))
    return tuple(out)


@dataclass(frozen=True)
class ShareResult(Intent, acts="share"):
    """Share the result (``what``: ``result``, the day's text; ``duel``, a challenge)."""

    what: str = datum("what", absent="result")


@dataclass(frozen=True)
class ChallengeRules(Intent, acts="challenge-rules"):
    """The rules a duel started here is played by (one its form offers)."""

    rules: str = datum("value", absent="")


@dataclass(frozen=True)
class NewDuel(Intent, acts="duel-new"):
    """Start another duel, on new dice."""


@dataclass(frozen=True)
class TodaysDice(Intent, acts="daily-today"):
    """Offer today's daily dice (the result shown is an earlier day's)."""


@dataclass(frozen=True)
class DailyByRules(Intent, acts="daily-rules"):
    """From a daily's result, today's daily dice by other rules the game offers (its
    result, when played already)."""

    rules: str = datum("rules", absent="")


#: The ids of the text fields a challenge's result shows.
LINK_FIELD = "link"


def share_effect(tr: Translator, prefix: str, text: str, url: str) -> Share:
    """The share of ``text`` and ``url``, its title in the player's language."""
    return Share(tr("app.name"), text, url, f"#{prefix}-{LINK_FIELD}")


@dataclass(frozen=True)
class Shared(Intent, acts="shared"):
    """The page shared the result (``how``: ``shared``, ``copied``), or could not
    (``failed``: the link's field is selected, to be copied by hand)."""

    how: str = datum("value", absent="failed")


#: What the result says once the page answered, by how it shared.
SHARED = {
    "shared": "challenge.shared",
    "copied": "challenge.copied",
    "failed": "challenge.copy_failed",
}


def _grade(raw: Any) -> tuple[int, str] | None:
    """A saved challenge's grade: the grader's score and moves (ValueError if bad)."""
    if raw is None:
        return None
    if not (isinstance(raw, list) and len(raw) == 2):
        raise ValueError("a challenge save's grade is not a score and moves")
    if not isinstance(raw[0], int) or not isinstance(raw[1], str):
        raise ValueError("a challenge save's grade is not a score and moves")
    return int(raw[0]), str(raw[1])


def _rules(raw: dict[str, Any], duel: duels.Duel | None) -> str | None:
    """A saved challenge's rules id (None: the game's own; a save from before rules
    were kept names none, and answers its duel's); ValueError if bad."""
    rules = raw.get("rules", None if duel is None else duel.rules)
    if rules is not None and (not isinstance(rules, str) or len(rules) > 200):
        raise ValueError("a challenge save's rules are not an id")
    if duel is not None and rules != duel.rules:
        raise ValueError("a challenge save answers a duel by other rules")
    return rules


def _attempts(raw: Any) -> int:
    """A saved challenge's count of attempts at its day (ValueError if bad)."""
    if not isinstance(raw, int) or isinstance(raw, bool) or not 0 <= raw < 10**6:
        raise ValueError("a challenge save's attempts are not a count")
    return raw
