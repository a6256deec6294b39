"""Playing with real dice: the phone keeps the score, the table throws the dice.

A score pad is a mode of the game screen (:class:`~zaria_web.play.screen.GameScreen`
given a :class:`Pad`, see :mod:`zaria_web.play.modes`) whose throws are entered instead of
drawn: the player taps the faces that came up on a keypad of the six faces (or types
the digits 1–6), fixes a wrong tap by tapping the entered die, and plays the throw
with the game's Roll button. The throw reaches the engine as any other chance
outcome, ``Roll(values)``, so every rule applies and a bad entry gets the engine's
own error with the game untouched.

There is no computer seat and no timer (nobody at a real table waits on a
countdown), and the coach is off until asked for, by one tap. Games played this
way are saved like the others (under the pad's own name: ``penta-pad``,
``farkle-pad``) and counted apart in the statistics (``<game>:real``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from zaria.errors import StateError
from zaria.game import Game
from zaria_web.acts import Intent, Maker, datum, table
from zaria_web.play.dice import Dice
from zaria_web.play.intents import KeyHold, Play, TakeBack
from zaria_web.play.modes import Mode
from zaria_web.runtime.effects import Effects, Focus
from zaria_web.screen import Context
from zaria_web.ui.widgets import Note, PadView

#: The faces of a die, as the keypad shows them.
FACES = range(1, 7)


@dataclass(frozen=True)
class EnterFace(Intent, acts="face"):
    """A face of the throw was tapped (or typed)."""

    face: int = datum("face", int)


@dataclass(frozen=True)
class ClearFace(Intent, acts="unface"):
    """The ``index``-th die entered was tapped: it goes (a wrong tap fixed)."""

    index: int = datum("index", int)


@dataclass(frozen=True)
class ToggleCoach(Intent, acts="pad-coach"):
    """Show or hide the coach's advice."""


#: The keypad's controls, by ``data-act``: the intent each reports.
ACTS: dict[str, Maker] = table(EnterFace, ClearFace, ToggleCoach)


class Rules(Protocol):
    """What the pad reads of the game it keeps the score of (the screen's spec)."""

    @property
    def roll(self) -> type: ...

    @property
    def digits_pick_dice(self) -> Callable[[Any], bool]: ...


class Table(Protocol):
    """What the pad reads and changes of the game's screen
    (:class:`~zaria_web.play.screen.GameScreen`)."""

    ctx: Context
    prefix: str
    note: Note | None

    @property
    def game(self) -> Game[Any] | None: ...

    @property
    def spec(self) -> Rules: ...

    def live(self) -> Game[Any] | None: ...

    def human_turn(self) -> bool: ...

    def shared_update(self, intent: Any, out: Effects) -> None: ...


class Pad(Mode):
    """A score pad, the mode of a game's screen played with real dice: the throw
    being entered, and the coach's switch. The screen hands it every intent first
    (:meth:`update`), and it passes on what is not its own."""

    suffix = "-pad"
    real_dice = True
    computer_seats = False
    #: Nobody at a real table waits on a countdown.
    timed = False
    tells_resumed = False
    offers_lesson = False  # the lesson plays the app's dice, not the table's

    def __init__(self) -> None:
        #: The faces entered for the throw to come, in the order tapped.
        self.entry: list[int] = []
        self.coach_on = False

    def dice(self, s: Any) -> Dice:
        """No dice of the app's (the URL's script does not apply to real dice)."""
        return Dice({})

    def coach(self, s: Any) -> bool:
        """The coach is the pad's own switch, off until asked for."""
        return self.coach_on

    def started(self, s: Any, out: Effects) -> None:
        """A new game: its first throw is entered first."""
        self.entry = []
        out.focus(f"#{s.prefix}-pad-key-1")

    def acts(self) -> Mapping[str, Maker]:
        return ACTS

    # -- the entry ----------------------------------------------------------------------
    def needed(self, s: Table) -> int:
        """How many dice the throw to enter has (0 when nothing is to be thrown)."""
        game = s.live()
        if game is None or not s.human_turn() or not game.can_roll():
            return 0
        return int(game.dice_to_roll())

    def pad_view(self, s: Table) -> PadView | None:
        needed = self.needed(s)
        return PadView(tuple(self.entry), needed, self.coach_on) if needed else None

    # -- intents --------------------------------------------------------------------------
    def keys(self, s: Table) -> dict[str, Any]:
        """The keys of the entry: the digits enter faces (unless they pick dice of the
        throw on the table, see ``GameSpec.digits_pick_dice``), Backspace takes one back."""
        keys: dict[str, Any] = {}
        picks = s.game is not None and s.spec.digits_pick_dice(s.game)
        if self.needed(s) and (self.entry or not picks):
            keys |= {str(face): EnterFace(face) for face in range(1, 7)}  # faces of the throw
        if self.entry:
            keys["Backspace"] = ClearFace(len(self.entry) - 1)
        return keys

    def update(self, s: Table, intent: Any, out: Effects) -> None:
        if isinstance(intent, EnterFace):
            self._enter(s, intent.face, out)
        elif isinstance(intent, ClearFace):
            if 0 <= intent.index < len(self.entry):
                del self.entry[intent.index]
                out.focus(f"#{s.prefix}-pad-key-1")
        elif isinstance(intent, ToggleCoach):
            self.coach_on = not self.coach_on
        elif isinstance(intent, Play) and self._throws(s, intent.action):
            self._throw(s, out)
        else:
            s.shared_update(intent, out)
            if isinstance(intent, Play | KeyHold | TakeBack):
                # A change of the dice held changes the size of the throw to come.
                del self.entry[self.needed(s) :]
        roll_button = Focus(f"#{s.prefix}-roll")
        if roll_button in out.items and self.needed(s) and not self.entry:
            out.focus(f"#{s.prefix}-pad-key-1")  # a new turn: its throw is entered first

    @staticmethod
    def _throws(s: Table, action: Any) -> bool:
        """Whether ``action`` is the game's Roll without its dice (the Roll button)."""
        return isinstance(action, s.spec.roll) and getattr(action, "values", None) is None

    def _enter(self, s: Table, face: int, out: Effects) -> None:
        needed = self.needed(s)
        if face not in FACES or len(self.entry) >= needed:
            key = "pad.bad_face" if face not in FACES else "pad.full" if needed else "pad.nothing"
            s.note = (key, {"n": needed, "face": face})
            out.announce(s.ctx.tr(key, n=needed, face=face), assertive=True)
            return
        self.entry.append(face)
        s.note = None
        if len(self.entry) == needed:
            out.focus(f"#{s.prefix}-roll")  # the throw is complete: play it

    def _throw(self, s: Table, out: Effects) -> None:
        needed = self.needed(s)
        if not needed:
            return
        if len(self.entry) < needed:
            left = needed - len(self.entry)
            s.note = ("pad.missing", {"n": left})
            out.announce(s.ctx.tr("pad.missing", n=left), assertive=True)
            return
        entered, self.entry = tuple(self.entry), []
        s.shared_update(Play(s.spec.roll(entered)), out)

    # -- saving ---------------------------------------------------------------------------
    def extras(self) -> dict[str, Any]:
        return {"entry": list(self.entry), "coach": self.coach_on}

    def check_save(self, s: Any, game: Game[Any], state: dict[str, Any]) -> None:
        entry = state.get("entry", [])
        faces = isinstance(entry, list) and all(type(f) is int and f in FACES for f in entry)
        if not faces or len(entry) > 6:
            raise StateError(f"score pad save: the dice entered must be faces 1 to 6: {entry!r}")
        # The throw to come has the dice the game rolls next (Penta's five less those
        # held, Farkle's dice left), none when it rolls no more: never more are entered.
        throw = int(game.dice_to_roll()) if not game.over and game.can_roll() else 0
        if len(entry) > throw:
            raise StateError(
                f"score pad save: {len(entry)} dice entered for a throw of {throw}: {entry!r}"
            )
        coach = state.get("coach", False)
        if not isinstance(coach, bool):
            raise StateError(f"score pad save: the coach is on or off, not {coach!r}")
        self.entry, self.coach_on = list(entry), coach
