"""Playing with real dice: the phone keeps the score, the table throws the dice.

A score pad is a game screen (:class:`~zaria_web.play.screen.GameScreen`) whose
throws are entered instead of drawn: the player taps the faces that came up on a
keypad of the six faces (or types the digits 1–6), fixes a wrong tap by tapping
the entered die, and plays the throw with the game's Roll button. The throw
reaches the engine as any other chance outcome, ``Roll(values)``, so every rule
applies and a bad entry gets the engine's own error with the game untouched.

There is no computer seat and no timer (nobody at a real table waits on a
countdown), and the coach is off until asked for, by one tap. Games played this
way are saved like the others (under the pad's own name: ``penta-pad``,
``farkle-pad``) and counted apart in the statistics (``<game>:real``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from zaria.errors import StateError
from zaria.game import Game
from zaria_web.counted import Counted
from zaria_web.effects import Effects, Focus, Timer
from zaria_web.play.dice import Dice
from zaria_web.play.screen import GameScreen, KeyHold, Play, TakeBack
from zaria_web.screen import Context
from zaria_web.widgets import PadView

G = TypeVar("G", bound=Game[Any])

#: The faces of a die, as the keypad shows them.
FACES = range(1, 7)


@dataclass(frozen=True)
class EnterFace:
    """A face of the throw was tapped (or typed)."""

    face: int


@dataclass(frozen=True)
class ClearFace:
    """The ``index``-th die entered was tapped: it goes (a wrong tap fixed)."""

    index: int


@dataclass(frozen=True)
class ToggleCoach:
    """Show or hide the coach's advice."""


ACTS: dict[str, Callable[[Mapping[str, str]], Any]] = {
    "face": lambda d: EnterFace(int(d["face"])),
    "unface": lambda d: ClearFace(int(d["index"])),
    "pad-coach": lambda d: ToggleCoach(),
}


class PadScreen(GameScreen[G]):
    """The score pad's part of a game's screen: mixed in before the game's own
    screen (``class PentaPad(PadScreen, PentaScreen)``)."""

    #: The game this pad keeps the score of (its statistics are ``<game>:real``).
    game_name: ClassVar[str]
    coach_act = "pad-coach"
    real_dice = True

    def __init__(self, ctx: Context) -> None:
        #: The faces entered for the throw to come, in the order tapped.
        self.entry: list[int] = []
        self.coach_on = False
        super().__init__(ctx)
        self.form.computer = False
        self.dice = self._no_dice(self.dice)

    @staticmethod
    def _no_dice(old: Dice) -> Dice:
        """No dice are drawn here: an address's script or seed has no say in the game."""
        dice = Dice({})
        dice.rolls = old.rolls
        return dice

    # -- the entry ----------------------------------------------------------------------
    def needed(self) -> int:
        """How many dice the throw to enter has (0 when nothing is to be thrown)."""
        game = self.live()
        if game is None or not self.human_turn() or not game.can_roll():
            return 0
        return int(game.dice_to_roll())

    def pad_view(self) -> PadView | None:
        needed = self.needed()
        return PadView(tuple(self.entry), needed, self.coach_on) if needed else None

    def coach_wanted(self) -> bool:
        return self.coach_on

    # -- intents --------------------------------------------------------------------------
    def intent(self, act: str, data: Mapping[str, str]) -> Any | None:
        make = ACTS.get(act)
        return make(data) if make is not None else super().intent(act, data)

    def digits_pick_dice(self) -> bool:
        """Whether the digit keys pick dice of the throw on the table (Farkle's set
        aside) rather than enter the next throw; once a face is entered they enter."""
        return False

    def game_key(self, key: str) -> Any | None:
        digit = key in ("1", "2", "3", "4", "5", "6")
        if digit and self.needed() and (self.entry or not self.digits_pick_dice()):
            return EnterFace(int(key))  # digits are the faces of the throw here
        if key == "Backspace" and self.entry:
            return ClearFace(len(self.entry) - 1)
        return super().game_key(key)

    def update(self, intent: Any, out: Effects) -> None:
        if isinstance(intent, EnterFace):
            self._enter(intent.face, out)
        elif isinstance(intent, ClearFace):
            if 0 <= intent.index < len(self.entry):
                del self.entry[intent.index]
                out.focus(f"#{self.prefix}-pad-key-1")
        elif isinstance(intent, ToggleCoach):
            self.coach_on = not self.coach_on
        elif isinstance(intent, Play) and self._throws(intent.action):
            self._throw(out)
        else:
            super().update(intent, out)
            if isinstance(intent, Play | KeyHold | TakeBack):
                # A change of the dice held changes the size of the throw to come.
                del self.entry[self.needed() :]
        roll_button = Focus(f"#{self.prefix}-roll")
        if roll_button in out.items and self.needed() and not self.entry:
            out.focus(f"#{self.prefix}-pad-key-1")  # a new turn: its throw is entered first

    def _throws(self, action: Any) -> bool:
        """Whether ``action`` is the game's Roll without its dice (the Roll button)."""
        return isinstance(action, self.roll) and getattr(action, "values", None) is None

    def _enter(self, face: int, out: Effects) -> None:
        needed = self.needed()
        if face not in FACES or len(self.entry) >= needed:
            key = "pad.bad_face" if face not in FACES else "pad.full" if needed else "pad.nothing"
            self.note = (key, {"n": needed, "face": face})
            out.announce(self.ctx.tr(key, n=needed, face=face), assertive=True)
            return
        self.entry.append(face)
        self.note = None
        if len(self.entry) == needed:
            out.focus(f"#{self.prefix}-roll")  # the throw is complete: play it

    def _throw(self, out: Effects) -> None:
        needed = self.needed()
        if not needed:
            return
        if len(self.entry) < needed:
            left = needed - len(self.entry)
            self.note = ("pad.missing", {"n": left})
            out.announce(self.ctx.tr("pad.missing", n=left), assertive=True)
            return
        entered, self.entry = tuple(self.entry), []
        super().update(Play(self.roll(entered)), out)

    # -- what the pad leaves out -----------------------------------------------------------
    def start(self, out: Effects) -> None:
        self.form.computer = False
        self.entry = []
        super().start(out)
        self.dice = Dice({})
        out.focus(f"#{self.prefix}-pad-key-1")

    def own_timer(self) -> Timer | None:
        return None  # no auto-record at a real table

    def stats_key(self) -> Counted:
        return Counted(self.game_name, real=True)

    def extras(self) -> dict[str, Any]:
        return {**super().extras(), "entry": list(self.entry), "coach": self.coach_on}

    def check_save(self, game: G, state: dict[str, Any]) -> None:
        super().check_save(game, state)
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
