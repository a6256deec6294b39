"""The game screen both games share: what a game of either does around its rules.

:class:`GameScreen` holds the phases (the new game form, the table, the end),
the seat form, the question before abandoning a game, Play again, the save and
its resumption, the computer's turns at the chosen pace, the end of the game
counted in the statistics, and the keys every game has. A game's screen
(:mod:`zaria_web.penta.screen`, :mod:`zaria_web.farkle.screen`) adds only its
own intents, the hooks below, and its views.

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

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from zaria.errors import IllegalActionError
from zaria.game import Game, Seat, Undo
from zaria_web import archive, saved_state, stats, widgets
from zaria_web.counted import Counted
from zaria_web.effects import Effects, Timer
from zaria_web.html import attrs
from zaria_web.play import seats
from zaria_web.play.dice import Dice
from zaria_web.play.log import GameLog, Note, Turn
from zaria_web.play.seats import SeatForm
from zaria_web.screen import Context, Enter, Leave, Page
from zaria_web.settings import PACE_MS, ChangeSetting, setting_intent
from zaria_web.widgets import Note as Said
from zaria_web.widgets import PadView

G = TypeVar("G", bound=Game[Any])

#: A computer turn never needs this many steps; a guard against a runaway loop.
MAX_STEPS = 500


@dataclass(frozen=True)
class Start:
    """Start the game the form describes (also Play again, with the same players)."""


@dataclass(frozen=True)
class NewGame:
    """The New game button: asks first when a game is in progress."""


@dataclass(frozen=True)
class ConfirmNew:
    """Yes, leave this game for the new game form (it is kept until a new one starts)."""


@dataclass(frozen=True)
class KeepPlaying:
    """No, go on with the game in progress."""


@dataclass(frozen=True)
class BackToGame:
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
class TakeBack:
    """Undo the last decision that ended a turn (a Penta record, a Farkle bank)."""


@dataclass(frozen=True)
class TakeDevice:
    """The next person has the device: their turn starts (the hand-over card's button)."""


@dataclass(frozen=True)
class ToggleLog:
    """Open or close the game log's earlier turns."""


@dataclass(frozen=True)
class ReadOn:
    """A tap on the table while a person's outcome is shown before the computer plays:
    read, so the computer goes on at its pace (see ``READ_MS``)."""


@dataclass(frozen=True)
class HandoverReady:
    """The pause after a change of player is over: the hand-over card may be tapped."""


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
ACTS: dict[str, Callable[[Mapping[str, str]], Any]] = {
    "start": lambda d: Start(),
    "again": lambda d: Start(),
    "new": lambda d: NewGame(),
    "confirm-new": lambda d: ConfirmNew(),
    "keep-playing": lambda d: KeepPlaying(),
    "back": lambda d: BackToGame(),
    "setting": setting_intent,
    "undo": lambda d: TakeBack(),
    "take-device": lambda d: TakeDevice(),
    "read-on": lambda d: ReadOn(),
    "log": lambda d: ToggleLog(),
    **seats.ACTS,
}


class GameScreen(Page, Generic[G]):
    """A game's screen: the model and update both games share."""

    #: The prefix of the screen's element ids (``#<prefix>-name-0``, ``#<prefix>-new``).
    prefix: ClassVar[str]
    #: The engine's state version, and the most dice a roll has (for checking saves).
    state_version: ClassVar[int]
    max_dice: ClassVar[int]
    #: The game's own controls, by ``data-act`` (before the shared ones).
    acts: ClassVar[dict[str, Callable[[Mapping[str, str]], Any]]] = {}
    #: The engine's actions that change the dice held and roll (with or without values).
    toggle: ClassVar[type]
    roll: ClassVar[type]
    #: The notice a resumed game shows, if any.
    resumed_note: ClassVar[Said | None] = None
    #: The control that switches the coach on and off.
    coach_act: ClassVar[str] = "coach"
    #: Whether the throws are real dice entered by the players (a score pad).
    real_dice: ClassVar[bool] = False
    #: Whether the end screen offers New game and Play again (not to a game
    #: looked at again from the statistics).
    offers_again: ClassVar[bool] = True
    #: The messages of the steps a decision writes at the end of its turn (an undo
    #: takes them out of the log again).
    decision_steps: ClassVar[frozenset[str]] = frozenset()
    #: The game log's heading of a round ("Round {n}").
    round_key: ClassVar[str] = "farkle.round"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.phase = "setup"  # "setup", "play" or "end"
        self.form = SeatForm(level=self.levels()[0])
        self.game: G | None = None
        self.confirm = False
        self.dice = Dice(ctx.params)
        #: What the table says about the last action: a refusal, an event (an id and
        #: its parameters, so that it follows a change of language).
        self.note: Said | None = None
        #: A notice about the game itself (resumed, a save set aside).
        self.notice: Said | None = None
        #: The computer's next action, shown before it is played.
        self.pending: Any = None
        #: The positions of the dice that just rolled (they tumble, once).
        self.rolled: frozenset[int] = frozenset()
        #: Whether this screen is the one shown: its timers run only then.
        self.active = False
        #: The person the device goes to: the table waits for them (the hand-over
        #: card), and whether the card's pause is over; the last person who played.
        self.handover: int | None = None
        self.handover_ready = False
        self.last_human: int | None = None
        #: A person's turn just ended and the computer's begins: the person's outcome
        #: (a lost turn, a bank, a box) stays on the table a while first (READ_MS).
        self.reading = False
        #: Undo was pressed once to take back another person's decision (the next
        #: person has the device): pressed again, it does; anything else forgets it.
        self.undo_asked = False
        #: Every player's turns, step by step (saved with the game), and whether
        #: its earlier turns are shown.
        self.log = GameLog()
        self.log_open = False
        self._resume()

    # -- what each game provides -----------------------------------------------
    def levels(self) -> tuple[str, ...]:
        """The computer levels the form offers now."""
        raise NotImplementedError

    def new_game(self, seats: list[Seat]) -> G:
        raise NotImplementedError

    def from_dict(self, d: dict[str, Any]) -> G:
        raise NotImplementedError

    def check_save(self, game: G, state: dict[str, Any]) -> None:
        """Read the game's own fields of a save (raises for a bad one)."""

    def extras(self) -> dict[str, Any]:
        """The game's own fields of its save."""
        return {}

    def player(self, seat: Seat) -> Any | None:
        """The engine's computer player for ``seat`` (None while it is not ready)."""
        raise NotImplementedError

    def next_action(self, game: G, plan: Any) -> Any:
        raise NotImplementedError

    def shows_first(self, action: Any) -> bool:
        """Whether the computer's ``action`` is shown one step before it is played."""
        return False

    def played(self, action: Any, out: Effects) -> None:
        """``action`` was just played: say so, move the focus, note what the table shows."""

    def refused(self, action: Any) -> None:
        """``action`` was refused by the engine (the note says why)."""

    def held(self, out: Effects) -> None:
        """The computer changed the dice held."""

    def die_said(self, index: int) -> str:
        """Die ``index`` as a screen reader names it: its value, and whether it is held
        (set aside)."""
        raise NotImplementedError

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

    def setting_changed(self, key: str, value: str) -> None:
        """A setting changed on this screen."""

    def update_game(self, intent: Any, out: Effects) -> None:
        """An intent of the game's own."""

    def game_key(self, key: str) -> Any | None:
        """A shortcut of the game's own during play."""
        return None

    def own_timer(self) -> Timer | None:
        """A timer of the game's own during a person's turn (Penta's countdown)."""
        return None

    def stats_key(self) -> Counted:
        return Counted(self.name)

    def turn_outcome(self) -> str:
        """How the turn that just ended went, as HTML, for the hand-over card."""
        return ""

    def busted(self) -> bool:
        """Whether the action just played lost the turn (Farkle's roll of nothing)."""
        return False

    def feel(self, action: Any, seat: int, out: Effects) -> None:
        """The sound and celebration of ``action``, just played by ``seat``
        (:mod:`zaria_web.penta.feel`, :mod:`zaria_web.farkle.feel`)."""

    def game_round(self) -> int:
        """The round being played (from 1)."""
        raise NotImplementedError

    def log_before(self, action: Any) -> list[Note]:
        """The log's steps that the game before ``action`` tells (what was kept)."""
        return []

    def log_played(self, action: Any, turn: Turn) -> None:
        """Write what ``action``, just played in ``turn``, did; a decision finishes it."""

    def taken_back(self, turn: Turn) -> Note:
        """The log's line saying that ``turn``'s decision was taken back."""
        raise NotImplementedError

    def pad_view(self) -> PadView | None:
        """The throw being entered, on a score pad (:mod:`zaria_web.play.pad`)."""
        return None

    def coach_wanted(self) -> bool:
        """Whether the coach's advice is shown (the setting; a pad's own switch)."""
        return self.ctx.settings.get("coach") == "on"

    def stats_extra(self) -> dict[str, Any]:
        return {}

    def view_setup(self) -> str:
        raise NotImplementedError

    def view_table(self) -> str:
        raise NotImplementedError

    def view_end(self) -> str:
        raise NotImplementedError

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

    def pace_ms(self) -> int:
        return PACE_MS.get(self.ctx.settings.get("pace", "normal"), PACE_MS["normal"])

    # -- intents --------------------------------------------------------------------
    def intent(self, act: str, data: Mapping[str, str]) -> Any | None:
        # A control whose data the page and the app disagree on raises: the page
        # shows it as an unexpected error rather than ignore the tap.
        make = self.acts.get(act) or ACTS.get(act)
        return None if make is None else make(data)

    def key(self, key: str) -> Any | None:
        if self.live() is None:
            return None
        if self.confirm:
            # The question is open: only Escape (keep playing) applies.
            return KeepPlaying() if key == "Escape" else None
        if key.lower() == "u":
            return TakeBack()
        if self.handover is not None:
            # The card's button has the focus; no other key plays for the next person.
            return None
        return self.game_key(key)

    def update(self, intent: Any, out: Effects) -> None:
        self.rolled = frozenset()  # the dice tumble on the drawing after their roll only
        asked, self.undo_asked = self.undo_asked, False
        if isinstance(intent, Enter):
            self.active = True
            self.entered(out)
        elif isinstance(intent, Leave):
            self.active = False
            self.reading = False  # whoever comes back has read it
        elif isinstance(intent, Start):
            if self.phase != "play":  # a stale tap on a form or end screen already gone
                self.start(out)
        elif isinstance(intent, NewGame):
            self.ask_new(out)
        elif isinstance(intent, ConfirmNew):
            self.open_setup(out)
        elif isinstance(intent, KeepPlaying):
            self.confirm = False
            out.focus(f"#{self.prefix}-new")
        elif isinstance(intent, BackToGame):
            if self.game is not None and not self.game.over:
                self.phase = "play"
        elif isinstance(intent, ChangeSetting):
            out.setting(intent.key, intent.value)
            self.setting_changed(intent.key, intent.value)
        elif isinstance(intent, ComputerStep | ReadOn):
            self.reading = False
            if isinstance(intent, ComputerStep):
                self.computer_plays(out)
        elif isinstance(intent, TakeBack):
            self.take_back(out, asked)
        elif isinstance(intent, HandoverReady):
            self.handover_ready = self.handover is not None
            if self.handover_ready:  # a stray tap on the backdrop may have taken it away
                out.focus(f"#{self.prefix}-handover")
        elif isinstance(intent, TakeDevice):
            self.take_device(out)
        elif isinstance(intent, ToggleLog):
            self.log_open = not self.log_open
        elif isinstance(intent, Play | KeyHold):
            if self.human_turn():
                action = intent.action if isinstance(intent, Play) else self.toggle(intent.index)
                if self.play(action, out) and isinstance(intent, KeyHold):
                    out.announce(self.die_said(intent.index))
            elif self.computer_turn():
                self.busy(out)
        elif isinstance(intent, seats.SeatIntent):
            self.form.update(intent, self.levels(), self.prefix, out, self.ctx.tr)
        else:
            self.update_game(intent, out)

    # -- playing ----------------------------------------------------------------------
    def play(self, action: Any, out: Effects) -> bool:
        """Play ``action`` (a person's or the computer's): one engine call; False
        when the engine refused it (the table says why, at once)."""
        game = self.game
        assert game is not None
        before, round_ = game.current, self.game_round()
        kept = self.log_before(action)
        try:
            game.apply(action, roller=self.dice)
        except IllegalActionError as exc:
            self.note = (exc.msg_id, dict(exc.params))
            out.announce(self.ctx.tr(exc.msg_id, **exc.params), assertive=True)
            self.refused(action)
            return False
        self.pending = None
        self._log_played(action, before, round_, kept)
        if not game.seats[before].computer:
            self.last_human = before
            # The device in hand answers a person's roll, and more strongly a lost turn.
            if self.busted():
                out.vibrate(*BUST_BUZZ)
            elif isinstance(action, self.roll):
                out.vibrate(*ROLL_BUZZ)
        self.played(action, out)
        self.feel(action, before, out)
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
        self.log_played(action, turn)
        if not turn.steps:
            self.log.turns.remove(turn)  # an action that said nothing (a hold)

    def log_step(self, note: Note) -> None:
        """Write ``note`` in the turn in progress (the computer's hold)."""
        game = self.game
        assert game is not None
        self.log.step(game.current, self.game_round(), note)

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

    def handover_card(self) -> str:
        """The card over the table while the device goes to the next person."""
        game = self.game
        if self.handover is None or game is None:
            return ""
        name = seats.shown_name(self.ctx.tr, game.seats[self.handover])
        return widgets.handover_card(
            self.ctx.tr,
            self.prefix,
            name,
            self.turn_outcome(),
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
            self.log.reopen(seat, self.decision_steps, self.taken_back(last))
        name = seats.shown_name(self.ctx.tr, game.seats[seat])
        self.note = ("common.undone", {"name": name})
        self.undone(out)
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
        player = self.player(game.seats[game.current])
        if player is None:
            return False  # not ready: it plays once its tables are here
        plan = player.plan(game)
        action = self.next_action(game, plan)
        if isinstance(action, self.toggle):
            while isinstance(action, self.toggle):
                game.apply(action)
                action = self.next_action(game, plan)
            self.held(out)
            out.sound("hold", soft=True)  # the computer's holds click, quietly
            return True
        if self.shows_first(action):
            self.pending = action
            return True
        return self.play(action, out)

    def timer(self) -> Timer | None:
        game = self.live()
        if not self.active or self.confirm or game is None:
            return None
        if self.handover is not None:
            return None if self.handover_ready else Timer(HANDOVER_PAUSE_MS, HandoverReady())
        if game.seats[game.current].computer:
            if self.player(game.seats[game.current]) is None:
                return None  # not ready: an update (a download's answer) brings it in
            pace = self.pace_ms()
            if self.reading and pace:
                pace = max(pace, READ_MS.get(self.ctx.settings.get("pace", "normal"), pace))
            return Timer(pace, ComputerStep())
        return self.own_timer()

    # -- the game's life --------------------------------------------------------------
    def computer_level(self) -> str:
        return self.form.level

    def start(self, out: Effects) -> None:
        self.game = self.new_game(self.form.seats(self.ctx.tr, self.computer_level()))
        # Each game has fresh dice: a dice script starts over.
        self.dice = Dice(self.ctx.params)
        self.phase = "play"
        self.confirm = False
        self.note = self.notice = self.pending = None
        self.handover, self.handover_ready, self.last_human = None, False, None
        self.reading = False
        self.log = GameLog()
        out.scroll_top()  # the form may have been scrolled: the table starts at its top
        self.started(out)

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
        # A game this tab plays while another holds it is a stale copy: not counted.
        if self.name not in self.ctx.saves.conflicts:
            # The app counts it, and keeps it to be opened again if it counts.
            counted, now = self.stats_key(), self.ctx.host.now_iso()
            kept = archive.entry(now, counted, game, self.extras(), self.log)
            seated, dice = tuple(game.seats), self.dice.reproducible
            extra = self.stats_extra()
            out.write(stats.RecordGame(counted, outcome, seated, dice, kept, self.log, **extra))
        self.ended(out)

    # -- saving -----------------------------------------------------------------------
    def saved(self) -> dict[str, Any] | None:
        game = self.game
        if game is None or game.over:
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
        state = loaded.state
        if state is None:
            return
        # Every field the screen reads is checked here, before anything is cleared:
        # a save that loads must play to its end (see zaria_web.saved_state).
        try:
            saved = saved_state.engine_state(state, self.state_version)
            game = self.from_dict(seats.clean_seats(self.ctx.tr, saved))
            dice = saved_state.dice_fields(state, self.max_dice)
            self.check_save(game, state)
        except saved_state.NewerState as exc:
            self.notice = (saves.reject(self.name, str(exc), "save.newer"), {})
            return
        except Exception as exc:  # whatever a hostile dict makes the engine raise
            self.notice = (saves.reject(self.name, str(exc) or type(exc).__name__), {})
            return
        if game.over:
            saves.clear(self.name)
            return
        self.game = game
        self.form = SeatForm.of(game.seats, self.form.level, game.strict)
        self.dice.resume(dice, self.ctx.params)
        self.phase = "play"
        self.notice = self.resumed_note
        self.log = self._saved_log(state, len(game.seats))
        # A card only for the person whose turn it is (anything else is ignored).
        waiting = state.get("handover")
        wanted = not self.real_dice and self.ctx.settings.get("handover", "on") == "on"
        if type(waiting) is int and waiting == game.current and not game.seats[waiting].computer:
            self.handover = waiting if wanted else None

    def _saved_log(self, state: dict[str, Any], seats: int) -> GameLog:
        """The saved game log: none in an older save; a malformed one is dropped (the
        game itself is sound: it goes on, with the log from here)."""
        try:
            return GameLog.from_dict(state.get("log", {"turns": []}), seats)
        except Exception:  # whatever a hostile value makes the reader raise
            return GameLog()

    # -- drawing ----------------------------------------------------------------------
    def view(self) -> str:
        if self.phase == "setup" or self.game is None:
            return self.view_setup()
        if self.phase == "end":
            return self.view_end() + self.log_view()
        table = self.view_table() + self.log_view()
        # While a person's outcome is shown before the computer plays, a tap anywhere on
        # the table says it has been read. (The wrapper is always there, so that a
        # redraw keeps the table's elements.)
        reading = self.reading and not self.confirm and self.handover is None
        table = (
            f'<div class="table-wrap"{attrs(data_act="read-on" if reading else None)}>{table}</div>'
        )
        if self.confirm:
            card = widgets.confirm_new(self.ctx.tr, self.prefix)
        elif self.handover is not None:
            card = self.handover_card()
        else:
            return table
        # The table stays in sight behind the card, out of reach of taps and Tab.
        return f"<div inert>{table}</div>{card}"

    def log_view(self) -> str:
        """The game log under the table: the latest turn (in progress, or the last one
        played) step by step, and the earlier turns by round, folded; at the end, every
        turn, folded."""
        game = self.game
        if game is None or not self.log.turns:
            return ""
        names = tuple(seats.shown_name(self.ctx.tr, s) for s in game.seats)
        latest = self.phase != "end"
        return widgets.game_log(
            self.ctx.tr,
            self.prefix,
            names,
            self.log,
            latest=latest,
            open_=self.log_open,
            round_key=self.round_key,
        )
