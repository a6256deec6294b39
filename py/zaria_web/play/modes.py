"""The ways a game screen is played, each one value the screen is given.

A :class:`~zaria_web.play.screen.GameScreen` plays its game in one :class:`Mode`:
free play (this module's :class:`Mode` itself), a score pad for real dice
(:class:`~zaria_web.play.pad.Pad`), a challenge on duplicate dice
(:class:`~zaria_web.play.versus.Versus`), a lesson on scripted dice, or any of
them looked at again once finished (:meth:`Mode.looked_at`). The mode supplies the
dice, sees every intent first (and may keep it from the game), frames the view,
and says whether the game is saved, resumed and counted; the screen asks it
instead of testing what kind of game it is.

Every hook has free play's behaviour here, so a mode overrides only what it
changes. Each is given the screen (``s``) and reads it through the protocol of its
own module (a pad's, a challenge's), as the screen's parts do.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from zaria.game import Seat
from zaria_web.acts import Maker
from zaria_web.play.dice import Dice
from zaria_web.runtime.effects import Effects
from zaria_web.ui.html import Markup
from zaria_web.ui.widgets import Note, PadView


class Mode:
    """Free play: the app's dice (a URL's script or seed, or chance), computer seats
    on offer, the game saved while it lasts and counted once over."""

    #: What the screen's name adds to the game's (``penta-pad``, ``farkle-daily``).
    suffix = ""
    #: Whether the game is written to storage while it lasts, and resumed from it.
    saves = True
    #: Whether a game that is over stays saved (a challenge's result is kept).
    keeps_over = False
    #: Whether a finished game is counted in the statistics and kept in the archive.
    counted = True
    #: Whether the throws are real dice entered by the players.
    real_dice = False
    #: Whether the end offers New game and Play again, and the table New game.
    offers_again = True
    #: Whether the form offers computer seats (and a computer seat at first).
    computer_seats = True
    #: Whether the game's own timers run on a person's turn (Penta's countdown).
    timed = True
    #: Whether the table is the player's own play: no coach, no settings on it.
    own_play = False
    #: Whether a resumed game shows the game's notice saying so.
    tells_resumed = True
    #: Whether the form (or a challenge's introduction) offers the game's lesson.
    offers_lesson = True

    # -- the dice -----------------------------------------------------------------------
    def dice(self, s: Any) -> Dice:
        """Fresh dice for a new game: the URL's script or seed, or chance."""
        return Dice(s.ctx.params)

    def game_dice(self, s: Any, game: Any) -> Dice | None:
        """The dice of ``game`` once made or resumed, when the mode's depend on it."""
        return None

    # -- intents --------------------------------------------------------------------------
    def intent(self, act: str, data: Mapping[str, str]) -> Any | None:
        """The intent of the mode's own control ``act`` (before the game's), if any."""
        make = self.acts().get(act)
        return None if make is None else make(data)

    def acts(self) -> Mapping[str, Maker]:
        """The mode's own controls, by ``data-act``."""
        return {}

    def keys(self, s: Any) -> dict[str, Any]:
        """The mode's own keys during a game (they win over the game's)."""
        return {}

    def update(self, s: Any, intent: Any, out: Effects) -> None:
        """Every intent comes here first; what the mode lets through is the screen's."""
        s.shared_update(intent, out)

    # -- the game's life -----------------------------------------------------------------
    def new_game(self, s: Any, seats: list[Seat], out: Effects) -> Any:
        """The game the form's ``seats`` start."""
        return s.part.new_game(seats)

    def started(self, s: Any, out: Effects) -> None:
        """A game just started."""

    def moved(self, action: Any) -> None:
        """``action`` was just played."""

    def finish(self, s: Any, out: Effects) -> None:
        """The game just ended: it is counted (unless another tab holds it)."""
        if self.counted and s.name not in s.ctx.saves.conflicts:
            s.record(out)

    def ended(self, s: Any, out: Effects) -> None:
        """The end is drawn (after the game's part has said it)."""

    # -- what the screen shows -------------------------------------------------------------
    def coach(self, s: Any) -> bool | None:
        """Whether the coach is shown, when the mode decides (None: the setting)."""
        return None

    def pad_view(self, s: Any) -> PadView | None:
        """The throw being entered, when the throws are real dice."""
        return None

    def resumed_note(self, note: Note | None) -> Note | None:
        """The notice a resumed game shows (the game's ``note``)."""
        return note if self.tells_resumed else None

    def view(self, s: Any) -> Markup | None:
        """The whole view, when the mode draws it instead of the game (None)."""
        return None

    def frame(self, s: Any, view: Markup) -> Markup:
        """The game's ``view``, framed by what the mode adds."""
        return view

    def history_entry(self, s: Any) -> str:
        """The screen's history entry."""
        return str(s.name)

    def answer(self, s: Any, found: Any) -> bool:
        """A duel link was opened: whether this screen takes it."""
        return False

    # -- saving ----------------------------------------------------------------------------
    def extras(self) -> dict[str, Any]:
        """The mode's own fields of the save."""
        return {}

    def check_save(self, s: Any, game: Any, state: dict[str, Any]) -> None:
        """Read the mode's own fields of a save (raises for a bad one)."""

    def looked_at(self) -> Mode:
        """This mode, for a finished game looked at again: not resumed, not saved,
        no new game offered (the mode itself, changed)."""
        self.saves = self.offers_again = False
        return self
