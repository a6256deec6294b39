"""The game log: every player's turns, step by step, kept as message ids.

Each turn holds its steps (the rolls, what was kept or set aside, the decision)
as :class:`Note` values, a message id and its parameters, so that the log is
drawn in the language of the moment; the turn's outcome is in plain fields
(:attr:`Turn.kind`, :attr:`Turn.points`, :attr:`Turn.total`, …) for whoever
counts turns. The game screen keeps one :class:`GameLog` per game and saves it
(:meth:`GameLog.to_dict`); :meth:`GameLog.from_dict` reads a saved one back and
refuses anything malformed with a :class:`ValueError`.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

#: The message ids a game's log steps may use, each with its parameters (the name
#: of the turn's player is given when it is drawn): its spec's ``log_notes``. A
#: saved log with any other is refused, as is a finished turn of another kind than
#: the game's ``turn_kinds``.
Notes = Mapping[str, frozenset[str]]
#: The facts a game's turns may note, by name, each with its default (its kind).
Facts = Mapping[str, int | str]
#: Bounds on a saved log: no game comes near them.
MAX_TURNS = 20_000
#: The largest number a log holds (points and totals are far below it).
MAX_NUMBER = 10**9
MAX_STEPS = 2_000
MAX_TEXT = 200

Value = str | int


@dataclass(frozen=True)
class Note:
    """One line of the log, in message-id form (translated when drawn)."""

    msg_id: str
    params: tuple[tuple[str, Value], ...] = ()  # sorted (name, value) pairs

    @classmethod
    def of(cls, msg_id: str, **params: Value) -> Note:
        """``Note.of("penta.announce.roll", dice="1, 2")``, its parameters sorted."""
        return cls(msg_id, tuple(sorted(params.items())))

    def to_list(self) -> list[Any]:
        return [self.msg_id, dict(self.params)]


@dataclass
class Turn:
    """One player's turn: its steps and, once it is over, how it ended."""

    seat: int
    round: int
    steps: list[Note] = field(default_factory=list)
    kind: str = ""  # "" while the turn is in progress
    points: int = 0  # what the turn scored (a record with its bonuses, a bank)
    total: int = 0  # the seat's game total after the turn
    #: What the game notes of the turn beside its steps (the box recorded, how many
    #: times it had all its dice score), by name: a whole number or a short text.
    facts: dict[str, int | str] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "round": self.round,
            "steps": [n.to_list() for n in self.steps],
            "kind": self.kind,
            "points": self.points,
            "total": self.total,
            "facts": dict(self.facts),
        }


def _int(d: dict[str, Any], key: str, low: int | None = None, high: int = MAX_NUMBER) -> int:
    value = d.get(key)
    if type(value) is not int or (low is not None and value < low) or abs(value) > high:
        raise ValueError(f"game log: {key} is not a whole number in [{low}, {high}]: {value!r}")
    return value


def _text(value: Any, what: str) -> str:
    if type(value) is not str or len(value) > MAX_TEXT:
        raise ValueError(f"game log: {what} is not a short text: {value!r}")
    return value


def _note(raw: Any, notes: Notes) -> Note:
    if type(raw) is not list or len(raw) != 2 or type(raw[1]) is not dict:
        raise ValueError(f"game log: a step is not [message, parameters]: {raw!r}")
    msg_id, params = raw
    if type(msg_id) is not str or msg_id not in notes:
        raise ValueError(f"game log: unknown message {msg_id!r}")
    if set(params) != notes[msg_id]:
        raise ValueError(f"game log: {msg_id} with the parameters {sorted(params)}")
    for name, value in params.items():
        _text(name, "a parameter's name")
        if type(value) is not int:
            _text(value, f"parameter {name}")
        elif abs(value) > MAX_NUMBER:
            raise ValueError(f"game log: parameter {name} is out of range: {value}")
    return Note.of(msg_id, **params)


def _facts(raw: dict[str, Any], facts: Facts) -> dict[str, int | str]:
    """A turn's facts, each of the kind of its default in ``facts`` (the game's). A log
    written before turns had facts kept them beside the turn's other fields."""
    found = raw.get("facts", raw)
    if type(found) is not dict:
        raise ValueError(f"game log: a turn's facts are not an object: {found!r}")
    if "facts" in raw and set(found) - set(facts):
        raise ValueError(f"game log: unknown facts of a turn: {sorted(set(found) - set(facts))}")
    read: dict[str, int | str] = {}
    for name, default in facts.items():
        if name in found:
            is_int = type(default) is int
            read[name] = _int(found, name, 0) if is_int else _text(found[name], name)
    return read


def _turn(raw: Any, seats: int, notes: Notes, kinds: tuple[str, ...], facts: Facts) -> Turn:
    if type(raw) is not dict:
        raise ValueError(f"game log: a turn is not an object: {raw!r}")
    seat = _int(raw, "seat", 0)
    if seat >= seats:
        raise ValueError(f"game log: seat {seat} of a game of {seats}")
    steps = raw.get("steps")
    if type(steps) is not list or len(steps) > MAX_STEPS:
        raise ValueError("game log: a turn's steps are not a list")
    kind = raw.get("kind")
    if kind != "" and kind not in kinds:
        raise ValueError(f"game log: unknown kind of turn {kind!r}")
    return Turn(
        seat=seat,
        round=_int(raw, "round", 1, MAX_TURNS),
        steps=[_note(s, notes) for s in steps],
        kind=kind,
        points=_int(raw, "points", 0),
        total=_int(raw, "total"),
        facts=_facts(raw, facts),
    )


@dataclass
class GameLog:
    """Every player's turns of one game, in the order they were played."""

    turns: list[Turn] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"turns": [t.to_dict() for t in self.turns]}

    @classmethod
    def from_dict(
        cls, d: Any, seats: int, notes: Notes, kinds: tuple[str, ...], facts: Facts | None = None
    ) -> GameLog:
        """The log saved as ``d`` of a game of ``seats`` seats whose steps may say
        ``notes``, whose turns end in one of ``kinds`` and note the ``facts`` the game
        notes (each with its default); a :class:`ValueError` for anything malformed
        (only the last turn may be in progress)."""
        if type(d) is not dict or type(d.get("turns")) is not list:
            raise ValueError("game log: not an object with a list of turns")
        raw = d["turns"]
        if len(raw) > MAX_TURNS:
            raise ValueError("game log: too many turns")
        turns = [_turn(t, seats, notes, kinds, facts or {}) for t in raw]
        if any(not t.kind for t in turns[:-1]):
            raise ValueError("game log: a turn before the last is not finished")
        if any(a.round > b.round for a, b in itertools.pairwise(turns)):
            raise ValueError("game log: its rounds go back")
        return cls(turns)

    def finished(self, seat: int) -> list[Turn]:
        """That seat's finished turns, in order."""
        return [t for t in self.turns if t.seat == seat and t.kind]

    def open_turn(self) -> Turn | None:
        """The turn in progress (the last, if it is not finished)."""
        last = self.turns[-1] if self.turns else None
        return last if last is not None and not last.kind else None

    def step(self, seat: int, round_: int, note: Note) -> Turn:
        """Write ``note`` in ``seat``'s turn in progress (a new turn if it has none)."""
        turn = self.open_turn()
        if turn is None or turn.seat != seat:
            turn = Turn(seat, round_)
            self.turns.append(turn)
        turn.steps.append(note)
        return turn

    def reopen(self, seat: int, decision: frozenset[str], note: Note) -> Turn | None:
        """The last decision of ``seat`` is taken back: its last turn is open again,
        without the steps at its end whose message is one of ``decision``'s, and
        with ``note`` saying so."""
        last = self.turns[-1] if self.turns else None
        if last is None or last.seat != seat or not last.kind:
            return None
        last.kind, last.points, last.total = "", 0, 0
        while last.steps and last.steps[-1].msg_id in decision:
            last.steps.pop()
        last.steps.append(note)
        return last

    def rounds(self) -> list[tuple[int, list[Turn]]]:
        """The turns grouped by round, in order."""
        groups: list[tuple[int, list[Turn]]] = []
        for turn in self.turns:
            if not groups or groups[-1][0] != turn.round:
                groups.append((turn.round, []))
            groups[-1][1].append(turn)
        return groups
