"""The intents every game's screen has (the shared controls and timers), apart from
the screen so that its parts (:mod:`zaria_web.play.pad`, the games' own) can make
them too."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from zaria_web.acts import Intent


@dataclass(frozen=True)
class Start(Intent, acts=("start", "again")):
    """Start the game the form describes (also Play again, with the same players)."""


@dataclass(frozen=True)
class NewGame(Intent, acts="new"):
    """The New game button: asks first when a game is in progress."""


@dataclass(frozen=True)
class ConfirmNew(Intent, acts="confirm-new"):
    """Yes, leave this game for the new game form (it is kept until a new one starts)."""


@dataclass(frozen=True)
class KeepPlaying(Intent, acts="keep-playing"):
    """No, go on with the game in progress."""


@dataclass(frozen=True)
class BackToGame(Intent, acts="back"):
    """From the new game form back to the game in progress."""


@dataclass(frozen=True)
class ComputerStep:
    """The computer's next visible step is due."""


@dataclass(frozen=True)
class Play:
    """A person plays ``action`` (an engine action: a roll, a hold, a box, …)."""

    action: Any


@dataclass(frozen=True)
class KeyHold:
    """A person holds or lets go (sets aside or puts back) die ``index`` by its number
    key. Played as a tap on the die, and said aloud: the focus stays where it was, so
    nothing else would tell a screen reader what changed."""

    index: int


@dataclass(frozen=True)
class TakeBack(Intent, acts="undo"):
    """Undo the last decision that ended a turn (a Penta record, a Farkle bank)."""


@dataclass(frozen=True)
class TakeDevice(Intent, acts="take-device"):
    """The next person has the device: their turn starts (the hand-over card's button)."""


@dataclass(frozen=True)
class ToggleLog(Intent, acts="log"):
    """Open or close the game log's earlier turns."""


@dataclass(frozen=True)
class ReadOn(Intent, acts="read-on"):
    """A tap on the table while a person's outcome is shown before the computer plays:
    read, so the computer goes on at its pace (see ``READ_MS``)."""


@dataclass(frozen=True)
class HandoverReady:
    """The pause after a change of player is over: the hand-over card may be tapped."""
