"""A duel by link: the same dice for everyone, and every result so far in the address.

A duel is played on duplicate dice (:class:`zaria.dice.DuplicateDice`): the link
carries the seed, the game and its rules, and each player's name, score and moves
(:mod:`zaria.moves`), so that whoever opens it plays the same dice and can watch
the others' games again. It passes from hand to hand, each link carrying every
result so far, up to :data:`MAX_PLAYERS`.

The address is ``#/duel/<token>``: the token is a version byte, the duel as
compressed JSON and a CRC-32 of both, in URL-safe base64. Anyone can type an
address, so a token is read as hostile: one that is damaged, altered, from a newer
version or too long raises :class:`LinkError` with the notice to show, and a
result whose moves do not give its score is the caller's to mark "not verified"
(:meth:`Duel.verified`).
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from zaria.checks import is_whole
from zaria.errors import IllegalActionError
from zaria.moves import MAX_MOVES, MovesError
from zaria_web.games import NAMES
from zaria_web.ui.names import clean_name

#: The version of the token this code writes; a later one is refused as "newer".
VERSION = 1
#: The most players a duel carries.
MAX_PLAYERS = 6
#: The longest token read, in characters (six Penta games take about 460).
MAX_TOKEN = 4000
#: The most a token inflates to: a bigger one is not a duel (a compression bomb).
MAX_JSON = 32_000
#: The highest score taken (Farkle's ten turns stay far below it).
MAX_SCORE = 1_000_000
#: The address a duel is at, before its token.
PREFIX = "#/duel/"


class LinkError(IllegalActionError):
    """A duel link that cannot be read: ``msg_id`` is the notice to show."""


@dataclass(frozen=True)
class Result:
    """One player's game in a duel: their name, the score they claim, their moves."""

    name: str
    score: int
    moves: str


@dataclass(frozen=True)
class Duel:
    """A duel: the game (its registry name), its rules' id, the seed of its dice and
    the results so far, in the order they were played."""

    game: str
    rules: str
    seed: str
    results: tuple[Result, ...] = ()

    def with_result(self, result: Result) -> Duel:
        """The duel with ``result`` added; raises :class:`LinkError` when it is full."""
        if len(self.results) >= MAX_PLAYERS:
            raise LinkError(
                "err.link.full", f"a duel has at most {MAX_PLAYERS} players", most=MAX_PLAYERS
            )
        return Duel(self.game, self.rules, self.seed, (*self.results, result))

    def verified(self, score_of: Callable[[str, str], int]) -> tuple[bool, ...]:
        """Whether each result's moves, replayed on the seed's dice, give its score
        (``score_of(seed, moves)``, raising :class:`~zaria.moves.MovesError` for moves
        that do not play)."""
        out = []
        for r in self.results:
            try:
                out.append(score_of(self.seed, r.moves) == r.score)
            except MovesError:
                out.append(False)
        return tuple(out)


def encode(duel: Duel) -> str:
    """The token of ``duel`` (see the module's docstring).

    >>> d = decode(encode(Duel("penta", "", "duel/x", (Result("Ann", 231, "r"),))))
    >>> d.results[0].name, d.results[0].score
    ('Ann', 231)
    """
    data = {
        "g": duel.game,
        "r": duel.rules,
        "s": duel.seed,
        "p": [[r.name, r.score, r.moves] for r in duel.results],
    }
    body = bytes([VERSION]) + zlib.compress(json.dumps(data, separators=(",", ":")).encode(), 9)
    raw = body + zlib.crc32(body).to_bytes(4, "big")
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def link(base: str, duel: Duel) -> str:
    """The address of ``duel`` on the site at ``base`` (its address without a hash)."""
    return base.split("#", 1)[0] + PREFIX + encode(duel)


def _damaged(why: str) -> LinkError:
    return LinkError("err.link.damaged", f"the duel link is damaged: {why}")


def _unpack(token: str) -> bytes:
    """The JSON of ``token``, its length, checksum and version checked."""
    if not isinstance(token, str) or len(token) > MAX_TOKEN:
        size = len(token) if isinstance(token, str) else 0
        raise LinkError(
            "err.link.too_long", f"the duel link is too long ({size} characters)", most=MAX_TOKEN
        )
    try:
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    except (binascii.Error, ValueError):
        raise _damaged("not base64") from None
    body, crc = raw[:-4], raw[-4:]
    if len(raw) < 6 or zlib.crc32(body).to_bytes(4, "big") != crc:
        raise _damaged("its checksum does not match")
    if body[0] > VERSION:
        raise LinkError("err.link.newer", f"the duel link is of a newer version ({body[0]})")
    if body[0] != VERSION:
        raise _damaged(f"version {body[0]}")
    inflate = zlib.decompressobj()
    try:
        text = inflate.decompress(body[1:], MAX_JSON)
    except zlib.error:
        raise _damaged("not compressed data") from None
    if inflate.unconsumed_tail or not inflate.eof:
        raise _damaged("too big or cut short")
    return text


def _result(item: Any) -> Result:
    if not isinstance(item, list) or len(item) != 3:
        raise _damaged(f"a result is {item!r}")
    name, score, moves = item
    shown = clean_name(name) if isinstance(name, str) else ""
    if not shown:
        raise _damaged(f"a name is {name!r}")
    if not is_whole(score) or not 0 <= score <= MAX_SCORE:
        raise _damaged(f"a score is {score!r}")
    if not isinstance(moves, str) or len(moves) > MAX_MOVES:
        raise _damaged("a player's moves are not text")
    return Result(shown, int(score), moves)


def decode(token: str, games: Sequence[str] = NAMES) -> Duel:
    """The duel of ``token``, a game of ``games`` (the registry's); raises
    :class:`LinkError`."""
    try:
        data = json.loads(_unpack(token))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise _damaged("not JSON") from None
    if not isinstance(data, dict) or set(data) != {"g", "r", "s", "p"}:
        raise _damaged("its fields are wrong")
    game, rules, seed, players = data["g"], data["r"], data["s"], data["p"]
    if game not in games:
        raise _damaged(f"no game is called {game!r}")
    if not isinstance(rules, str) or len(rules) > 200:
        raise _damaged("its rules are not an id")
    if not isinstance(seed, str) or not 0 < len(seed) <= 100:
        raise _damaged("its seed is not text")
    if not isinstance(players, list) or len(players) > MAX_PLAYERS:
        raise _damaged(f"it does not carry 0 to {MAX_PLAYERS} results")
    return Duel(game, rules, seed, tuple(_result(p) for p in players))
