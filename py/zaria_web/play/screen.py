"""The game screen both games share: what a game of either does around its rules.

:class:`GameScreen` holds the phases (the new game form, the table, the end),
the seat form, the question before abandoning a game, Play again, the save and
its resumption, the computer's turns at the chosen pace, the end of the game
counted in the statistics, and the keys every game has. It is one concrete class
for every game: a game gives it a :class:`GameSpec` (values and pure functions)
whose factory makes the game's :class:`GamePart` (its own model, intents and
views: :mod:`zaria_web.penta.screen`, :mod:`zaria_web.farkle.screen`). A score
pad (:mod:`zaria_web.play.pad`) and a game looked at again from the statistics
are modes of the same screen: the screen is given one :class:`~zaria_web.play.modes.Mode`
value, which supplies the dice, sees the intents first, frames the view and says
whether the game is saved and counted.

Every action, a person's or the computer's, goes through :meth:`GameScreen.play`:
one engine call, ``game.apply(action, roller=dice)``. The computer's turn is the
engine's player (``player.plan(game)``, then the engine's ``next_action``), one
visible step at a time: a change of the dice held (all at once), or one action;
an action the game wants seen first (Penta's chosen box) is shown on one step
and played on the next. At the instant pace a whole turn is played at once.

The dice come from one :class:`~zaria_web.play.dice.Dice` per game, whose roll
log the save keeps: a scripted or seeded game continues exactly after a reload.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from zaria.errors import IllegalActionError
from zaria.game import Game, Seat, Undo
from zaria.i18n import Translator
from zaria_web import games
from zaria_web.acts import Maker, table
from zaria_web.play import seats, versus_view
from zaria_web.play.challenge import Duplicate
from zaria_web.play.intents import (
    BackToGame,
    ComputerStep,
    ConfirmNew,
    HandoverReady,
    KeepPlaying,
    KeyHold,
    NewGame,
    Play,
    ReadOn,
    Start,
    TakeBack,
    TakeDevice,
    ToggleLog,
)
from zaria_web.play.lesson import OFFER, Lesson, offer, setting_key
from zaria_web.play.log import Facts, GameLog, Note, Notes, Turn
from zaria_web.play.modes import Mode
from zaria_web.play.pad import Pad
from zaria_web.play.seats import SeatForm
from zaria_web.play.versus import Versus
from zaria_web.runtime.data_files import Arrived, Failed
from zaria_web.runtime.effects import Effects, Timer, Write
from zaria_web.screen import Context, Enter, Leave, Page, Refresh, any_case
from zaria_web.storage import archive, saved_state, stats
from zaria_web.storage.counted import Counted
from zaria_web.storage.saves import ForgetSave, RejectSave
from zaria_web.storage.settings import PACE_MS, ChangeSetting
from zaria_web.ui import widgets
from zaria_web.ui.html import Markup, el, frag
from zaria_web.ui.widgets import Note as Said
from zaria_web.ui.widgets import PadView

G = TypeVar("G", bound=Game[Any])

#: A computer turn never needs this many steps; a guard against a runaway loop.
MAX_STEPS = 500


#: The vibrations of a person's roll and of a lost turn (milliseconds on, off, on).
ROLL_BUZZ = (20,)
BUST_BUZZ = (60, 40, 60)

#: How long the hand-over card ignores taps: a double tap meant for the last turn
#: (150 ms apart, or a slow 400) never starts the next person's turn.
HANDOVER_PAUSE_MS = 600
#: How long a person's outcome (a lost turn, a bank, the box just filled) stays on the
#: table before the computer's first step, at each pace (the instant pace has none).
READ_MS = {"normal": 2000, "fast": 1000}


#: The controls every game has, by ``data-act``: the intent each reports.
ACTS: dict[str, Maker] = {
    **table(Start, NewGame, ConfirmNew, KeepPlaying, BackToGame, ChangeSetting, TakeBack),
    **table(TakeDevice, ReadOn, ToggleLog),
    **seats.ACTS,
}


@dataclass(frozen=True)
class GameSpec(Generic[G]):
    """What makes a game of the shared screen: values and pure functions, and the
    factory of its :class:`GamePart` (the game's own model beside the shared one)."""

    #: The screen's name, and the prefix of its element ids (``#<prefix>-new``).
    name: str
    prefix: str
    #: The engine's state version, and the most dice a roll has (for checking saves).
    state_version: int
    max_dice: int
    #: The game's own controls, by ``data-act`` (before the shared ones).
    acts: Mapping[str, Maker]
    #: The engine's actions that change the dice held and roll (with or without values).
    toggle: type
    roll: type
    #: The engine's game, from a saved dict; the action a computer's plan plays next;
    #: the round being played (from 1).
    from_dict: Callable[[dict[str, Any]], G]
    next_action: Callable[[G, Any], Any]
    game_round: Callable[[G], int]
    #: The messages of the steps a decision writes at the end of its turn (an undo
    #: takes them out of the log again), and the log's heading of a round.
    decision_steps: frozenset[str]
    round_key: str
    #: The log's steps (message ids, each with its parameters), the kinds of a
    #: finished turn, and the parameters that name a message (``box``: the box's
    #: name under ``penta.box.``), all a saved log may hold (:mod:`zaria_web.play.log`).
    log_notes: Notes
    turn_kinds: tuple[str, ...]
    #: The game's own part of the screen (its model and what the screen asks of it).
    part: Callable[[GameScreen[G]], GamePart[G]]
    #: The notice a resumed game shows, if any (not on a score pad).
    resumed_note: Said | None = None
    #: Whether the app's own dice have a coach (the setting); a pad's is its switch.
    coach: bool = False
    #: Whether the computer's ``action`` is shown one step before it is played.
    shows_first: Callable[[Any], bool] = lambda action: False
    #: Whether the action just played lost the turn (Farkle's roll of nothing).
    busted: Callable[[G], bool] = lambda game: False
    #: On a score pad, whether the digit keys pick dice of the throw on the table
    #: (Farkle's set-aside) rather than enter the next throw.
    digits_pick_dice: Callable[[G], bool] = lambda game: False
    log_words: Mapping[str, str] = field(default_factory=dict)
    #: What its turns note beside their steps, by name, with each default (a box
    #: recorded): :attr:`zaria_web.play.log.Turn.facts`.
    turn_facts: Facts = field(default_factory=dict)
    #: The game's own rows of the settings screen: each setting's key, its label and
    #: the words for its values, in order (shown after the computer's pace).
    settings: Callable[[Translator], Mapping[str, tuple[str, Mapping[str, str]]]] = lambda tr: {}
    #: What it brings to be played on duplicate dice (the daily dice and duels), if
    #: it has them (:mod:`zaria_web.play.challenge`).
    duplicate: Duplicate[G] | None = None


class GamePart(Protocol[G]):
    """A game's own part of the screen: its model beside the shared one (Penta's box
    selected and countdown, Farkle's house rules), and what the shared screen asks
    of it. It reads the shared model through the screen it was made for."""

    def levels(self) -> tuple[str, ...]:
        """The computer levels the form offers now."""

    def computer_level(self, chosen: str) -> str:
        """The level the computer plays at, for the level ``chosen`` on the form."""

    def new_game(self, seats: list[Seat], duplicate: str | None = None) -> G:
        """A new game for ``seats`` (the form's other choices are the part's); with
        ``duplicate``, a challenge's solo strict game (:mod:`zaria_web.play.challenge`)
        by the rules of that id (its :class:`~zaria_web.play.challenge.Duplicate`'s)."""

    def check_save(self, game: G, state: dict[str, Any]) -> None:
        """Read the game's own fields of a save (raises for a bad one)."""

    def extras(self) -> dict[str, Any]:
        """The game's own fields of its save."""

    def player(self, seat: Seat) -> Any | None:
        """The engine's computer player for ``seat`` (None while it is not ready)."""

    def before_play(self, action: Any) -> None:
        """``action`` is about to be played (a person's decision is reviewed)."""

    def played(self, action: Any, out: Effects) -> None:
        """``action`` was just played: say so, move the focus, note what the table shows."""

    def refused(self, action: Any) -> None:
        """``action`` was refused by the engine (the note says why)."""

    def held(self, out: Effects) -> None:
        """The computer changed the dice held."""

    def die_said(self, index: int) -> str:
        """Die ``index`` as a screen reader names it: its value, and whether it is held."""

    def started(self, out: Effects) -> None:
        """A game just started."""

    def ended(self, out: Effects) -> None:
        """The game just ended (the app counts it after this update)."""

    def busy(self, out: Effects) -> None:
        """A person tried to play during the computer's turn."""

    def undone(self, out: Effects) -> None:
        """The last decision was just taken back."""

    def entered(self, out: Effects) -> None:
        """The screen is shown (again)."""

    def update(self, intent: Any, out: Effects) -> None:
        """An intent of the game's own (or one the shared screen does not know)."""

    def after_update(self, intent: Any, out: Effects) -> None:
        """Any intent, once the shared screen has updated for it."""

    def keys(self) -> dict[str, Any]:
        """The shortcuts of the game's own during a person's turn, with their intents."""

    def timer(self) -> Timer | None:
        """A timer of the game's own during a person's turn (Penta's countdown)."""

    def prepare_timer(self) -> Timer | None:
        """A timer getting the computer ready, whoever's turn it is (Farkle's Expert)."""

    def stats_key(self) -> Counted:
        """Where the statistics count this game (its game, rules and dice)."""

    def stats_extra(self) -> dict[str, Any]:
        """The game's own figures for the statistics."""

    def turn_outcome(self) -> Markup:
        """How the turn that just ended went, as HTML, for the hand-over card."""

    def feel(self, action: Any, seat: int, out: Effects) -> None:
        """The sound and celebration of ``action``, just played by ``seat``."""

    def log_before(self, action: Any) -> list[Note]:
        """The log's steps that the game before ``action`` tells (what was kept)."""

    def log_played(self, action: Any, turn: Turn) -> None:
        """Write what ``action``, just played in ``turn``, did; a decision finishes it."""

    def taken_back(self, turn: Turn) -> Note:
        """The log's line saying that ``turn``'s decision was taken back."""

    def view_setup(self) -> Markup:
        """The new game form."""

    def view_table(self) -> Markup:
        """The table of the game in progress."""

    def view_end(self) -> Markup:
        """The end of the game, its title marked ``data-end-title`` (where the focus goes
        when a finished game is opened again)."""


class PartDefaults(Generic[G]):
    """What a game's part does where it needs nothing of its own: a part subclasses
    it and writes only the hooks of :class:`GamePart` its game uses (the game, its
    form and views, its computer player, its log's records, its statistics' key)."""

    def __init__(self, s: GameScreen[G]) -> None:
        self.s = s

    def computer_level(self, chosen: str) -> str:
        return chosen

    def check_save(self, game: G, state: dict[str, Any]) -> None:
        return None

    def extras(self) -> dict[str, Any]:
        return {}

    def before_play(self, action: Any) -> None:
        return None

    def refused(self, action: Any) -> None:
        return None

    def held(self, out: Effects) -> None:
        return None

    def started(self, out: Effects) -> None:
        out.focus(f"#{self.s.prefix}-roll")

    def undone(self, out: Effects) -> None:
        out.focus(f"#{self.s.prefix}-roll")

    def entered(self, out: Effects) -> None:
        return None

    def busy(self, out: Effects) -> None:
        return None

    def update(self, intent: Any, out: Effects) -> None:
        return None

    def after_update(self, intent: Any, out: Effects) -> None:
        return None

    def keys(self) -> dict[str, Any]:
        return {}

    def timer(self) -> Timer | None:
        return None

    def prepare_timer(self) -> Timer | None:
        return None

    def stats_extra(self) -> dict[str, Any]:
        return {}

    def turn_outcome(self) -> Markup:
        return Markup()

    def feel(self, action: Any, seat: int, out: Effects) -> None:
        return None

    def log_before(self, action: Any) -> list[Note]:
        return []


class GameScreen(Page, Generic[G]):
    """A game's screen, for every game: the shared model and update, with the
    game's spec and part, played in one ``mode`` (free play when none is given)."""

    def __init__(self, ctx: Context, spec: GameSpec[G], mode: Mode | None = None) -> None:
        super().__init__(ctx)
        self.spec = spec
        self.mode = mode = Mode() if mode is None else mode
        self.name = spec.name + mode.suffix
        self.prefix = spec.prefix
        self.phase = "setup"  # "setup", "play" or "end"
        self.part: GamePart[G] = spec.part(self)
        self.form = SeatForm(level=self.part.levels()[0], computer=mode.computer_seats)
        self.game: G | None = None
        self.confirm = self.reading = self.undo_asked = False
        self.dice = mode.dice(self)
        #: What the table says about the last action: a refusal, an event (an id and
        #: its parameters, so that it follows a change of language).
        self.note: Said | None = None
        #: A notice about the game itself (resumed, a save set aside).
        self.notice: Said | None = None
        #: The computer's next action, shown before it is played.
        self.pending: Any = None
        #: The positions of the dice that just rolled (they tumble, once), and the
        #: number of that roll among this screen's: a die is drawn anew only for a
        #: new roll, so that a redraw meanwhile neither cuts nor restarts its tumble.
        self.rolled: frozenset[int] = frozenset()
        self.roll_serial = 0
        #: Whether this screen is the one shown: its timers run only then.
        self.active = False
        #: The person the device goes to: the table waits for them (the hand-over
        #: card), and whether the card's pause is over; the last person who played.
        self.handover: int | None = None
        self.last_human: int | None = None
        self.handover_ready = self.log_open = False
        #: A person's turn just ended and the computer's begins: the person's outcome
        #: (a lost turn, a bank, a box) stays on the table a while first (READ_MS)
        #: (``reading``, set above). Undo was pressed once to take back another
        #: person's decision (the next person has the device): pressed again, it does;
        #: anything else forgets it (``undo_asked``).
        #: Every player's turns, step by step (saved), and whether its earlier turns
        self.log = GameLog()  # are shown (``log_open``, set above)
        #: The writes of storage the screen has asked for before its first update.
        self.writes: list[Write] = []
        if mode.saves:
            self._resume()

    # -- the model ----------------------------------------------------------------
    def live(self) -> G | None:
        """The game being played on the table, if any (not over)."""
        game = self.game
        return game if self.phase == "play" and game is not None and not game.over else None

    def human_turn(self) -> bool:
        game = self.live()
        if game is None or self.confirm or self.handover is not None:
            return False
        return not game.seats[game.current].computer

    def computer_turn(self) -> bool:
        game = self.live()
        return game is not None and game.seats[game.current].computer

    @property
    def pad(self) -> Pad | None:
        """The score pad the throws are entered on, when the mode is one."""
        return self.mode if isinstance(self.mode, Pad) else None

    @property
    def versus(self) -> Versus | None:
        """The challenge on duplicate dice, when the mode is one."""
        return self.mode if isinstance(self.mode, Versus) else None

    @property
    def real_dice(self) -> bool:
        """Whether the throws are real dice entered by the players (a score pad)."""
        return self.mode.real_dice

    @property
    def offers_again(self) -> bool:
        """Whether the end screen offers New game and Play again (not to a game looked
        at again from the statistics, nor a challenge)."""
        return self.mode.offers_again

    def coach_wanted(self) -> bool:
        """Whether the coach's advice is shown (the mode's say, else the setting)."""
        said = self.mode.coach(self)
        if said is not None:
            return said
        return self.spec.coach and self.ctx.settings.get("coach") == "on"

    def pad_view(self) -> PadView | None:
        """The throw being entered, on a score pad (:mod:`zaria_web.play.pad`)."""
        return self.mode.pad_view(self)

    def history_entry(self) -> str:
        """The screen's history entry: its name, or a duel link being answered."""
        return self.mode.history_entry(self)

    def answer(self, found: Any) -> bool:
        """A duel link opened: whether this screen takes it (see
        :meth:`~zaria_web.play.versus.Versus.answer`)."""
        return self.mode.answer(self, found)

    def pace_ms(self) -> int:
        return PACE_MS.get(self.ctx.settings.get("pace", "normal"), PACE_MS["normal"])

    # -- intents --------------------------------------------------------------------
    def intent(self, act: str, data: Mapping[str, str]) -> Any | None:
        # A control whose data the page and the app disagree on raises: the page
        # shows it as an unexpected error rather than ignore the tap.
        own = self.mode.intent(act, data)
        if own is not None:
            return own
        make = self.spec.acts.get(act) or ACTS.get(act)
        return None if make is None else make(data)

    def keys(self) -> dict[str, Any]:
        if self.live() is None:  # a game over: only the mode's keys (a lesson's Escape)
            return self.mode.keys(self) if self.game is not None else {}
        if self.confirm:
            # The question is open: only Escape (keep playing) applies.
            return {"Escape": KeepPlaying()}
        taken = any_case({"u": TakeBack()})
        if self.handover is not None:
            # The card's button has the focus; no other key plays for the next person.
            return taken
        # The entry's keys come before the game's (a digit enters a face), Undo first.
        return {**self.part.keys(), **self.mode.keys(self), **taken}

    def update(self, intent: Any, out: Effects) -> None:
        # What resuming found to write (a save refused, or over) is written by the app.
        for write in self.writes:
            out.write(write)
        self.writes.clear()
        self.mode.update(self, intent, out)
        self.part.after_update(intent, out)

    def tumble(self, positions: Iterable[int]) -> None:
        """The dice at ``positions`` were just rolled: they tumble on the next drawing."""
        self.rolled = frozenset(positions)
        self.roll_serial += 1

    def tumbling(self, position: int) -> int:
        """The number of the roll the die at ``position`` tumbles for (0: it does not),
        the value of its ``data-fresh``."""
        return self.roll_serial if position in self.rolled else 0

    def shared_update(self, intent: Any, out: Effects) -> None:
        """The update of the intents every game has (:data:`SHARED`, by the intent's
        type); the game's own go to its part."""
        if not isinstance(intent, QUIET):
            self.rolled = frozenset()  # the dice tumble on the drawing after their roll only
        asked, self.undo_asked = self.undo_asked, False
        handle = SHARED.get(type(intent))
        if isinstance(intent, TakeBack):
            self.take_back(out, asked)
        elif handle is not None:
            handle(self, intent, out)
        elif isinstance(intent, seats.SeatIntent):
            self.form.update(intent, self.part.levels(), self.prefix, out, self.ctx.tr)
        else:
            self.part.update(intent, out)

    def _enter(self, intent: Enter, out: Effects) -> None:
        self.active = True
        self.part.entered(out)

    def _leave(self, intent: Leave, out: Effects) -> None:
        self.active = False
        self.reading = False  # whoever comes back has read it

    def _start(self, intent: Start, out: Effects) -> None:
        if self.phase != "play":  # a stale tap on a form or end screen already gone
            self.start(out)

    def _keep_playing(self, intent: KeepPlaying, out: Effects) -> None:
        self.confirm = False
        out.focus(f"#{self.prefix}-new")

    def _back_to_game(self, intent: BackToGame, out: Effects) -> None:
        if self.game is not None and not self.game.over:
            self.phase = "play"

    def _setting(self, intent: ChangeSetting, out: Effects) -> None:
        out.setting(intent.key, intent.value)

    def _step_due(self, intent: ComputerStep | ReadOn, out: Effects) -> None:
        self.reading = False
        if isinstance(intent, ComputerStep):
            self.computer_plays(out)

    def _handover_ready(self, intent: HandoverReady, out: Effects) -> None:
        self.handover_ready = self.handover is not None
        if self.handover_ready:  # a stray tap on the backdrop may have taken it away
            out.focus(f"#{self.prefix}-handover")

    def _toggle_log(self, intent: ToggleLog, out: Effects) -> None:
        self.log_open = not self.log_open

    def _person_plays(self, intent: Play | KeyHold, out: Effects) -> None:
        """A person's action (a tap, or a die's number key): played on their turn,
        refused aloud during the computer's."""
        if self.human_turn():
            toggle = self.spec.toggle
            action = intent.action if isinstance(intent, Play) else toggle(intent.index)
            if self.play(action, out) and isinstance(intent, KeyHold):
                out.announce(self.part.die_said(intent.index))
        elif self.computer_turn():
            self.part.busy(out)

    # -- playing ----------------------------------------------------------------------
    def play(self, action: Any, out: Effects) -> bool:
        """Play ``action`` (a person's or the computer's): one engine call; False
        when the engine refused it (the table says why, at once)."""
        game = self.game
        assert game is not None
        before, round_ = game.current, self.spec.game_round(game)
        kept = self.part.log_before(action)
        self.part.before_play(action)
        try:
            game.apply(action, roller=self.dice)
        except IllegalActionError as exc:
            self.note = (exc.msg_id, dict(exc.params))
            out.announce(self.ctx.tr(exc.msg_id, **exc.params), assertive=True)
            self.part.refused(action)
            return False
        self.pending = None
        self.mode.moved(action)
        self._log_played(action, before, round_, kept)
        if not game.seats[before].computer:
            self.last_human = before
            # The device in hand answers a person's roll, and more strongly a lost turn.
            if self.spec.busted(game):
                out.vibrate(*BUST_BUZZ)
            elif isinstance(action, self.spec.roll):
                out.vibrate(*ROLL_BUZZ)
        self.part.played(action, out)
        self.part.feel(action, before, out)
        if game.over:
            self.finish(out)
        elif game.current != before:
            self.reading = not game.seats[before].computer and game.seats[game.current].computer
            self.hand_over(out)
        return True

    def _log_played(self, action: Any, seat: int, round_: int, kept: list[Note]) -> None:
        """Write ``action``, just played by ``seat`` in ``round_``, in the game log: the
        steps the game before it told first (unless the computer's hold wrote them)."""
        turn = self.log.open_turn()
        if turn is None or turn.seat != seat:
            turn = Turn(seat, round_)
            self.log.turns.append(turn)
        turn.steps += [n for n in kept if turn.steps[-1:] != [n]]
        self.part.log_played(action, turn)
        if not turn.steps:
            self.log.turns.remove(turn)  # an action that said nothing (a hold)

    def log_step(self, note: Note) -> None:
        """Write ``note`` in the turn in progress (the computer's hold)."""
        game = self.game
        assert game is not None
        self.log.step(game.current, self.spec.game_round(game), note)

    # -- passing the device -------------------------------------------------------------
    def hand_over(self, out: Effects) -> None:
        """The turn passed: when it is another person's now (two or more share the
        device), the table waits for them with the outcome still shown."""
        game = self.live()
        # Real dice are thrown on the table: the score pad stays where it is.
        if game is None or self.real_dice or self.ctx.settings.get("handover", "on") != "on":
            return
        seat = game.seats[game.current]
        humans = sum(not s.computer for s in game.seats)
        if seat.computer or humans < 2 or game.current == self.last_human:
            return
        self.handover, self.handover_ready = game.current, False
        out.announce(self.handover_said())
        out.focus(f"#{self.prefix}-handover")

    def handover_said(self) -> str:
        """What the hand-over card says aloud ("Ben's turn"); nothing without a card."""
        game = self.game
        if self.handover is None or game is None:
            return ""
        name = seats.shown_name(self.ctx.tr, game.seats[self.handover])
        return self.ctx.tr("common.handover.title", name=name)

    def take_device(self, out: Effects) -> None:
        """The next person tapped the card (after its pause): their turn starts."""
        if self.handover is None or not self.handover_ready or self.confirm:
            return  # a tap meant for the turn that just ended
        self.handover, self.handover_ready = None, False
        self.note = None
        out.focus(f"#{self.prefix}-roll")

    def handover_choice(self) -> bool | None:
        """The hand-over setting as the form offers it: when several people play."""
        on = self.ctx.settings.get("handover", "on") == "on"
        return on if len(self.form.names) > 1 and not self.real_dice else None

    def handover_card(self) -> Markup:
        """The card over the table while the device goes to the next person."""
        game = self.game
        if self.handover is None or game is None:
            return Markup()
        name = seats.shown_name(self.ctx.tr, game.seats[self.handover])
        return widgets.handover_card(
            self.ctx.tr,
            self.prefix,
            name,
            self.part.turn_outcome(),
            ready=self.handover_ready,
            undo=self.undo_offered(),
        )

    def undo_offered(self) -> bool:
        """Whether the Undo button may be pressed: a person's decision to take back."""
        game = self.live()
        if game is None or self.confirm or not game.can_undo():
            return False
        seat = game.undo_seat
        return seat is not None and not game.seats[seat].computer

    def take_back(self, out: Effects, asked: bool = False) -> None:
        """Undo the last decision, once, until the next roll (the engine's rules: not
        a computer's, not in a strict game); the player chooses again. Another
        person's decision, once the device has passed on, is taken back only when
        Undo is pressed twice in a row (``asked``: the first press asked)."""
        game = self.live()
        if game is None or self.confirm:
            return
        seat = game.undo_seat
        if (
            seat is not None
            and seat != game.current
            and self.handover is None
            and not asked
            and game.can_undo()
            and not game.seats[seat].computer
        ):
            self.undo_asked = True
            name = seats.shown_name(self.ctx.tr, game.seats[seat])
            self.note = ("common.undo_ask", {"name": name})
            out.announce(self.ctx.tr("common.undo_ask", name=name), assertive=True)
            return
        try:
            game.apply(Undo())
        except IllegalActionError as exc:
            self.note = (exc.msg_id, dict(exc.params))
            out.announce(self.ctx.tr(exc.msg_id, **exc.params), assertive=True)
            return
        assert seat is not None
        self.pending = None
        self.handover = None  # the turn is back with the person who took it back
        last = self.log.turns[-1] if self.log.turns else None
        if last is not None and last.seat == seat and last.kind:
            self.log.reopen(seat, self.spec.decision_steps, self.part.taken_back(last))
        name = seats.shown_name(self.ctx.tr, game.seats[seat])
        self.note = ("common.undone", {"name": name})
        self.part.undone(out)
        out.announce(self.ctx.tr("common.undone", name=name))

    def computer_plays(self, out: Effects) -> None:
        """The computer's next step, or its whole turn at the instant pace."""
        if self.pace_ms():
            self.computer_step(out)
            return
        steps = 0
        while self.computer_turn() and steps < MAX_STEPS and self.computer_step(out):
            steps += 1

    def computer_step(self, out: Effects) -> bool:
        """One visible step of the computer's turn (the game log writes it); False
        when it cannot play now."""
        game = self.live()
        if game is None or self.confirm or not game.seats[game.current].computer:
            return False
        return self._computer_step(game, out)

    def _computer_step(self, game: G, out: Effects) -> bool:
        if self.pending is not None:
            return self.play(self.pending, out)
        player = self.part.player(game.seats[game.current])
        if player is None:
            return False  # not ready: it plays once its tables are here
        plan = player.plan(game)
        action = self.spec.next_action(game, plan)
        if isinstance(action, self.spec.toggle):
            while isinstance(action, self.spec.toggle):
                game.apply(action)
                action = self.spec.next_action(game, plan)
            self.part.held(out)
            out.sound("hold", soft=True)  # the computer's holds click, quietly
            return True
        if self.spec.shows_first(action):
            self.pending = action
            return True
        return self.play(action, out)

    def timer(self) -> Timer | None:
        game = self.live()
        if not self.active or self.confirm or game is None:
            return None
        preparing = self.part.prepare_timer()
        if preparing is not None:
            return preparing
        if self.handover is not None:
            return None if self.handover_ready else Timer(HANDOVER_PAUSE_MS, HandoverReady())
        if game.seats[game.current].computer:
            if self.part.player(game.seats[game.current]) is None:
                return None  # not ready: an update (a download's answer) brings it in
            pace = self.pace_ms()
            if self.reading and pace:
                pace = max(pace, READ_MS.get(self.ctx.settings.get("pace", "normal"), pace))
            return Timer(pace, ComputerStep())
        return self.part.timer() if self.mode.timed else None

    # -- the game's life --------------------------------------------------------------
    def start(self, out: Effects) -> None:
        level = self.part.computer_level(self.form.level)
        self.form.computer = self.form.computer and self.mode.computer_seats
        seated = self.form.seats(self.ctx.tr, level)
        game = self.game = self.mode.new_game(self, seated, out)
        # Each game has fresh dice: a dice script starts over.
        own = self.mode.game_dice(self, game)
        self.dice = self.mode.dice(self) if own is None else own
        self.phase = "play"
        self.confirm = False
        self.note = self.notice = self.pending = None
        self.handover, self.handover_ready, self.last_human = None, False, None
        self.reading = False
        self.log = GameLog()
        out.scroll_top()  # the form may have been scrolled: the table starts at its top
        out.hush()  # the last game's end, still in the alert region, is over
        self.part.started(out)
        self.mode.started(self, out)

    def ask_new(self, out: Effects) -> None:
        if self.live() is not None and not self.confirm:
            self.confirm = True  # nothing runs behind the question
            out.focus(f"#{self.prefix}-keep")
            return
        self.open_setup(out)

    def open_setup(self, out: Effects) -> None:
        """The new game form; a game in progress stays until another starts."""
        self.phase = "setup"
        self.confirm = False
        self.note = self.notice = self.pending = None
        out.focus(f"#{self.prefix}-name-0")

    def finish(self, out: Effects) -> None:
        game = self.game
        assert game is not None
        outcome = game.outcome()
        assert outcome is not None
        self.phase = "end"
        self.mode.finish(self, out)
        self.part.ended(out)
        self.mode.ended(self, out)

    def record(self, out: Effects) -> None:
        """Count the game just ended in the statistics, and keep it to be opened again."""
        game = self.game
        outcome = None if game is None else game.outcome()
        assert game is not None and outcome is not None
        counted, now = self.part.stats_key(), self.ctx.host.now_iso()
        kept = archive.entry(now, counted, game, self.extras(), self.log)
        seated, dice = tuple(game.seats), self.dice.reproducible
        extra = self.part.stats_extra()
        out.write(stats.RecordGame(counted, outcome, seated, dice, kept, self.log, **extra))

    def extras(self) -> dict[str, Any]:
        """The game's own fields of its save, and its mode's."""
        return {**self.part.extras(), **self.mode.extras()}

    def check_save(self, game: G, state: dict[str, Any]) -> None:
        """Read the game's own fields of a save, and its mode's (raises for a bad one)."""
        self.part.check_save(game, state)
        self.mode.check_save(self, game, state)

    # -- saving -----------------------------------------------------------------------
    def saved(self) -> dict[str, Any] | None:
        game = self.game
        # A challenge's result is kept until the next (its link, its grade).
        if game is None or not self.mode.saves or (game.over and not self.mode.keeps_over):
            return None
        # The card waiting for the next person comes back after a reload too.
        handover = {} if self.handover is None else {"handover": self.handover}
        return {
            "engine": game.to_dict(),
            **self.dice.saved(),
            **handover,
            "log": self.log.to_dict(),
            **self.extras(),
        }

    def _resume(self) -> None:
        saves = self.ctx.saves
        loaded = saves.load(self.name)
        if loaded.notice:
            self.notice = (loaded.notice, {})
        if loaded.refused is not None:
            self.writes.append(RejectSave(self.name, loaded.refused))
        state = loaded.state
        read = None if state is None else self._read_save(state)
        if state is None or read is None:
            return
        game, dice = read
        if game.over and not self.mode.keeps_over:
            self.writes.append(ForgetSave(self.name))
            return
        self.game = game
        self.form = SeatForm.of(game.seats, self.form.level, game.strict)
        self.dice = self.mode.game_dice(self, game) or self.dice  # None: the screen's own
        self.dice.resume(dice, self.dice.params)
        self.phase = "end" if game.over else "play"
        self.notice = self.mode.resumed_note(self.spec.resumed_note)
        self.log = self._saved_log(state, len(game.seats))
        # A card only for the person whose turn it is (anything else is ignored).
        waiting = state.get("handover")
        wanted = not self.real_dice and self.ctx.settings.get("handover", "on") == "on"
        if type(waiting) is int and waiting == game.current and not game.seats[waiting].computer:
            self.handover = waiting if wanted else None

    def _read_save(self, state: dict[str, Any]) -> tuple[G, dict[str, Any]] | None:
        """The game of a save and its dice's fields; None for a save refused (the
        refusal is written, and the notice says so).

        Every field the screen reads is checked here, before anything is cleared:
        a save that loads must play to its end (see zaria_web.storage.saved_state)."""
        try:
            saved = saved_state.engine_state(state, self.spec.state_version)
            game = self.spec.from_dict(seats.clean_seats(self.ctx.tr, saved))
            dice = saved_state.dice_fields(state, self.spec.max_dice)
            self.check_save(game, state)
        except saved_state.NewerState as exc:
            self.writes.append(RejectSave(self.name, str(exc)))
            self.notice = ("save.newer", {})
            return None
        except Exception as exc:  # whatever a hostile dict makes the engine raise
            self.writes.append(RejectSave(self.name, str(exc) or type(exc).__name__))
            self.notice = ("save.rejected", {})
            return None
        return game, dice

    def _saved_log(self, state: dict[str, Any], seats: int) -> GameLog:
        """The saved game log: none in an older save; a malformed one is dropped (the
        game itself is sound: it goes on, with the log from here)."""
        try:
            return self.read_log(state.get("log", {"turns": []}), seats)
        except Exception:  # whatever a hostile value makes the reader raise
            return GameLog()

    def read_log(self, raw: Any, seats: int) -> GameLog:
        """A saved log of this game (a ValueError for a malformed one)."""
        spec = self.spec
        return GameLog.from_dict(raw, seats, spec.log_notes, spec.turn_kinds, spec.turn_facts)

    # -- drawing ----------------------------------------------------------------------
    def view(self) -> Markup:
        own = self.mode.view(self)
        if own is not None:  # a challenge's introduction offers the lesson too
            return frag(self.lesson_offer(), own) if self.phase == "setup" else own
        return self.mode.frame(self, self.game_view())

    def game_view(self) -> Markup:
        """The view of the game: its form, its table or its end."""
        if self.phase == "setup" or self.game is None:
            return frag(self.lesson_offer(), self.part.view_setup())
        if self.phase == "end":
            return frag(self.part.view_end(), self.log_view())
        # While a person's outcome is shown before the computer plays, a tap anywhere on
        # the table says it has been read. (The wrapper is always there, so that a
        # redraw keeps the table's elements.)
        reading = self.reading and not self.confirm and self.handover is None
        table = el(
            "div",
            self.part.view_table(),
            self.log_view(),
            class_="table-wrap",
            data_act="read-on" if reading else None,
        )
        if self.confirm:
            card = widgets.confirm_new(self.ctx.tr, self.prefix)
        elif self.handover is not None:
            card = self.handover_card()
        else:
            return table
        # The table stays in sight behind the card, out of reach of taps and Tab.
        return frag(el("div", table, inert=True), card)

    def lesson_offer(self) -> Markup:
        """The line offering the game's lesson, on its form and a challenge's
        introduction, until a lesson was finished or the offer dismissed."""
        game = self.spec.name
        if self.phase != "setup" or not self.mode.offers_lesson or not games.named(game).lesson:
            return Markup()
        if self.ctx.settings.get(setting_key(game)) != OFFER:
            return Markup()
        return offer(self.ctx.tr, game)

    def log_view(self) -> Markup:
        """The game log under the table: the latest turn (in progress, or the last one
        played) step by step, and the earlier turns by round, folded; at the end, every
        turn, folded."""
        game = self.game
        if game is None or not self.log.turns:
            return Markup()
        names = tuple(seats.shown_name(self.ctx.tr, s) for s in game.seats)
        latest = self.phase != "end"
        return widgets.game_log(
            self.ctx.tr,
            self.prefix,
            names,
            self.log,
            latest=latest,
            open_=self.log_open,
            round_key=self.spec.round_key,
            words=self.spec.log_words,
        )


#: What comes from elsewhere than the table (a download, another screen's): the
#: dice rolled just before still tumble through the redraw it brings.
QUIET = (Arrived, Failed, Refresh)

#: The shared update of each intent every game has, by the intent's type (Undo,
#: which reads whether it was asked just before, and the form's are apart).
SHARED: dict[type, Callable[[GameScreen[Any], Any, Effects], None]] = {
    Enter: GameScreen._enter,
    Leave: GameScreen._leave,
    Start: GameScreen._start,
    NewGame: lambda s, i, out: s.ask_new(out),
    ConfirmNew: lambda s, i, out: s.open_setup(out),
    KeepPlaying: GameScreen._keep_playing,
    BackToGame: GameScreen._back_to_game,
    ChangeSetting: GameScreen._setting,
    ComputerStep: GameScreen._step_due,
    ReadOn: GameScreen._step_due,
    HandoverReady: GameScreen._handover_ready,
    TakeDevice: lambda s, i, out: s.take_device(out),
    ToggleLog: GameScreen._toggle_log,
    Play: GameScreen._person_plays,
    KeyHold: GameScreen._person_plays,
}


def mode_of(spec: GameSpec[Any], kind: str) -> Mode:
    """The mode a game's screen of ``kind`` plays in (``""``: free play,
    :data:`~zaria_web.games.PAD`, a challenge's :data:`~zaria_web.games.DAILY`,
    :data:`~zaria_web.games.DUEL`, or a lesson's :data:`~zaria_web.games.LESSON`)."""
    if kind == games.PAD:
        return Pad()
    if kind in games.CHALLENGES and spec.duplicate is not None:
        return Versus(spec.name, kind, spec.duplicate, versus_view.view)
    registered = games.named(spec.name)
    if kind == games.LESSON and registered.lesson:
        return Lesson(registered.lesson_script(), spec.name)
    return Mode()


def game_screen(ctx: Context, name: str, viewer: bool = False) -> GameScreen[Any]:
    """The screen called ``name`` (a registered game's, its pad's ``<game>-pad``, its
    challenge's ``<game>-daily``, ``<game>-duel``, or its lesson's ``<game>-lesson``);
    ``viewer``: a finished game
    looked at again, neither resumed nor saved."""
    game, kind = games.split(name)
    spec = games.named(game).spec()
    mode = mode_of(spec, kind)
    return GameScreen(ctx, spec, mode.looked_at() if viewer else mode)
