"""Penta's screen: what Penta adds to the shared game screen.

It is built for a member of the five-dice family (:class:`~zaria_web.penta.member.Member`):
:data:`SPEC` is Penta's, and :func:`spec_for` makes another member's, which its own
package registers as a game of its own.

The box a person has selected, the auto-record countdown, the coach, the
decisions reviewed at the end, the sheet and settings toggles, the house rule
chosen on the form (Penta's rules or the printed rules, :mod:`zaria_web.penta.house`:
the game carries them, and everything below reads them from it), and the strategy
table of the game's rules that the optimal player and the coach read (each rules'
table downloaded once per page, when the first game under them starts or is resumed;
a visitor who never plays the printed rules never downloads theirs). Everything else (the form,
the computer's turns, saving, the end) is
:class:`~zaria_web.play.screen.GameScreen`'s; the HTML is :mod:`zaria_web.penta.view`'s.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from zaria.errors import StateError
from zaria.game import Seat
from zaria.penta import players
from zaria.penta.game import STATE_VERSION, PentaGame, Record, Roll, Toggle
from zaria.penta.players import LEVELS
from zaria.penta.rules import Rules
from zaria.penta.scoring import Box
from zaria.penta.strategy import SheetState, Strategy, load_table, prepare
from zaria_web.acts import Intent, Maker, checked, datum, table
from zaria_web.penta import figures, house, review, saved, view
from zaria_web.penta.duplicate import duplicate
from zaria_web.penta.feel import felt
from zaria_web.penta.member import Member, box_key
from zaria_web.play.intents import BackToGame, KeepPlaying, KeyHold, Play
from zaria_web.play.log import Note, Turn
from zaria_web.play.screen import GameScreen, GameSpec
from zaria_web.play.seats import default_number, shown_name
from zaria_web.runtime.data_files import Arrived, DataFile, Failed
from zaria_web.runtime.effects import Effects, Timer
from zaria_web.screen import Refresh, any_case
from zaria_web.storage.counted import Counted
from zaria_web.storage.settings import ChangeSetting
from zaria_web.ui.html import Markup


def table_file(rules: Rules) -> DataFile[Strategy]:
    """The download of ``rules``' strategy table (``data/<its table file>``), read into
    the optimal player's strategy with its dice tables built."""

    def read(data: bytes) -> Strategy:
        t0 = time.perf_counter()
        strategy = Strategy(load_table(data, rules))
        t1 = time.perf_counter()
        prepare()
        file.times["prepare_ms"] = (time.perf_counter() - t1) * 1000
        file.times["table_ms"] = (t1 - t0) * 1000
        return strategy

    file: DataFile[Strategy] = DataFile(f"data/{rules.table_file}", read)
    return file


#: Each offered rules' strategy table, by rules id, shared by every game of the
#: page's life (another member's are added by :func:`spec_for`).
TABLES: dict[str, DataFile[Strategy]] = {r.id: table_file(r) for r in house.OFFERED}
#: Penta's own table (the rules page's game).
TABLE = TABLES[house.DEFAULT.id]
TABLE_URL = TABLE.url


@dataclass(frozen=True)
class SelectBox(Intent, acts="box"):
    """Select ``box`` (again: unselect it) before validating."""

    box: Box = datum("box", Box)


@dataclass(frozen=True)
class SetRules(Intent, acts="penta-rules"):
    """The form's house rule: the rules the next game is played by (a rules id)."""

    rules: str = datum("value", absent="")


@dataclass(frozen=True)
class Validate(Intent, acts="validate"):
    """Record the roll in the selected box."""


@dataclass(frozen=True)
class Tick:
    """A second of the auto-record countdown went by."""


@dataclass(frozen=True)
class SheetFocus(Intent, acts="sheet-focus"):
    """The person moved the focus into the sheet (a box, by keyboard): they are
    choosing, so the auto-record countdown stops for this roll (WCAG 2.2.1)."""


@dataclass(frozen=True)
class IntoSheet:
    """The key S: the focus goes into the sheet, on the chosen box, else the one the
    countdown records in, else the first box the roll may take (rather than a dozen
    Tabs from Roll); the countdown stops, as for any move into the sheet. Pressed in
    the sheet, S goes back to the Roll button, by the dice."""


@dataclass(frozen=True)
class StepBox:
    """An arrow key: the next box the roll may go in (``step`` 1) or the previous one
    (-1), round the sheet's end, is chosen and said with its points, the focus staying
    where it is (on the dice): every box is heard without leaving them. The first press
    lands on the box the countdown names, if one runs (said already), else on the first
    box (or the last, going up)."""

    step: int


@dataclass(frozen=True)
class ToggleSheet(Intent, acts="toggle-sheet"):
    """Show every player's column of the sheet, or only the current one's (on a phone)."""


@dataclass(frozen=True)
class ToggleSettings(Intent, acts="toggle-settings"):
    """Open or close the settings panel."""


@dataclass(frozen=True)
class RetryTable(Intent, acts="table-retry"):
    """Download the strategy table again."""


def acts_for(member: Member) -> dict[str, Maker]:
    """The controls of ``member``'s screen (a box is one of its sheet's)."""
    box_type = member.box_type
    return {
        # The engine's actions (which know nothing of the page), each played as one Play.
        "roll": lambda d: Play(Roll()),
        "hold": lambda d: Play(Toggle(int(d["index"]))),
        # The coach's checkbox: a setting ticked on or off.
        "coach": lambda d: ChangeSetting("coach", "on" if checked(d.get("value", "")) else "off"),
        **table(SelectBox, Validate, ToggleSheet, ToggleSettings, RetryTable, SheetFocus, SetRules),
        "box": lambda d: SelectBox(box_type(d["box"])),
    }


ACTS = acts_for(house.PENTA_GAME)


def _kept(game: PentaGame) -> Note:
    """The log's line of the dice held for a reroll."""
    kept = [d for d, held in zip(game.dice or (), game.held, strict=True) if held]
    return Note.of("penta.announce.keeps", dice=", ".join(map(str, kept)) if kept else "—")


class PentaPart:
    """Penta's part of the game screen: its model beside the shared one, and the
    shared screen's questions answered (see :class:`~zaria_web.play.screen.GamePart`)."""

    def __init__(self, s: GameScreen[PentaGame], member: Member = house.PENTA_GAME) -> None:
        self.s = s
        self.member = member
        #: The rules the form's next game is played by (a resumed game's are its own).
        self.rules: Rules = member.default
        self.selected: Box | None = None
        #: The player's total before the action being played (a turn's points).
        self._total_before = 0
        self.countdown: int | None = None
        #: The box the countdown records in, and its whole length in seconds.
        self.countdown_box: Box | None = None
        self.countdown_of = 3
        #: The countdown was stopped for this roll (the person moved into the sheet).
        self.paused = False
        self.auto = False
        self.decisions: list[review.Decision] = []
        self.show_all = False
        self.settings_open = False
        #: The decision a person's action being played is reviewed as (dropped when
        #: the engine refuses the action).
        self._decision: review.Decision | None = None
        #: The computer's dice held were said since its last roll (a keep it does not
        #: change is said with its next roll instead).
        self._keep_said = False

    @property
    def table(self) -> DataFile[Strategy]:
        """The strategy table of the game's rules (the form's before a game)."""
        game = self.s.game
        return TABLES[(self.rules if game is None else game.rules).id]

    @property
    def strategy(self) -> Strategy | None:
        return self.table.value

    def after_update(self, intent: Any, out: Effects) -> None:
        if isinstance(intent, ChangeSetting) and intent.key == "autorecord":
            self._start_countdown(intent.value)
        if self.s.confirm:
            self.countdown = None  # no countdown behind the question
        elif isinstance(intent, KeepPlaying | BackToGame):
            self._start_countdown()
        if not self.table.failed:  # after a failure, the button (or coming back) asks again
            self._want_table(out)  # a game may have started, or come back to the table

    # -- the shared screen's hooks ----------------------------------------------------
    def levels(self) -> tuple[str, ...]:
        return LEVELS

    def computer_level(self, chosen: str) -> str:
        return chosen

    def new_game(self, seats: list[Seat], duplicate: str | None = None) -> PentaGame:
        self.decisions = []
        self.selected = None
        if duplicate is not None:  # a challenge: its rules, as its link names them
            return PentaGame.new(seats, strict=True, rules=self.member.rules_of(duplicate))
        return PentaGame.new(seats, strict=self.s.form.strict, rules=self.rules)

    def check_save(self, game: PentaGame, state: dict[str, Any]) -> None:
        if any(s.computer and s.level not in LEVELS for s in game.seats):
            raise StateError("penta save: unknown computer level")
        name = self.member.name
        if game.rules not in self.member.offered:
            raise StateError(
                f"{name} save: the rules {game.rules.id!r} are not {name.capitalize()}'s"
            )
        options = frozenset(game.options())
        extras = saved.penta_extras(state, len(game.seats), options, game.rules)
        self.selected = extras.selected
        self.decisions = [review.Decision(**d) for d in extras.decisions]
        self.rules = game.rules

    def extras(self) -> dict[str, Any]:
        return {
            "selected": None if self.selected is None else self.selected.value,
            "decisions": [d.to_dict() for d in self.decisions],
        }

    def player(self, seat: Seat) -> players.OptimalPlayer | players.CasualPlayer | None:
        if self.strategy is None:
            return None  # the computer plays once the table is here
        return players.player_for(seat.level or LEVELS[0], self.strategy)

    def entered(self, out: Effects) -> None:
        self._want_table(out)
        self._start_countdown()

    def _want_table(self, out: Effects) -> None:
        """Download the strategy table once a game is being played, and only then: every
        game needs it (the computer's turns, the coach, the box the countdown records
        in, the review of each person's decisions as they are made), while the form,
        a finished game, the rules or another game never do. Opening the screen again
        after a failed download tries again, as the button does."""
        if self.s.live() is not None:
            self.table.request(out)

    def started(self, out: Effects) -> None:
        self.countdown = None
        out.focus("#penta-roll")

    def ended(self, out: Effects) -> None:
        game = self.s.game
        assert game is not None
        self.countdown = None
        out.focus("#penta-end-title")
        tr = self.s.ctx.tr
        if len(game.seats) == 1:  # alone: the score, as the end screen's title says it
            seat, score = game.seats[0], tr.number(game.totals(0).total)
            if default_number(seat.name) is None:
                said = tr("penta.end.solo_named", name=seat.name, score=score)
            else:
                said = tr("penta.end.solo", score=score)
            out.announce(said, assertive=True)
            return
        names = ", ".join(shown_name(tr, game.seats[w]) for w in game.winners())
        out.announce(tr("penta.end.winners", names=names), assertive=True)

    def undone(self, out: Effects) -> None:
        game = self.s.game
        assert game is not None
        # The review forgets the record taken back: the player chooses again.
        self.decisions = [
            d
            for d in self.decisions
            if not (
                d.seat == game.current and d.round == game.round and d.chosen.startswith("box:")
            )
        ]
        self.selected = None
        self._start_countdown()
        out.focus(".box-btn:not(:disabled)")

    def stats_extra(self) -> dict[str, Any]:
        game = self.s.game
        assert game is not None
        seats = len(game.seats)
        # The cost of each person's choices is known only when the strategy was there
        # to review them.
        costs = None if self.strategy is None else figures.seat_costs(self.decisions, seats)
        bonus = [game.totals(s).upper_bonus > 0 for s in range(seats)]
        return {"figures": figures.seat_figures(bonus, costs)}

    # -- playing ------------------------------------------------------------------------
    def before_play(self, action: Any) -> None:
        game = self.s.game
        assert game is not None
        decision = None
        self._total_before = game.totals(game.current).total
        if not game.seats[game.current].computer:
            choice = (
                review.Score(action.box)
                if isinstance(action, Record)
                else review.Keep(review.held_dice(game))
                if isinstance(action, Roll)
                else None
            )
            decision = None if choice is None else review.review(game, self.strategy, choice)
        if decision is not None:
            self.decisions.append(decision)  # before the game may end: what it keeps has it
        self._decision = decision

    def refused(self, action: Any) -> None:
        if self._decision is not None:
            self.decisions.remove(self._decision)  # refused: nothing was decided
            self._decision = None

    def played(self, action: Any, out: Effects) -> None:
        game = self.s.game
        assert game is not None
        if isinstance(action, Roll):
            self._rolled(out)
        elif isinstance(action, Record):
            self._recorded(action.box, out)
        self.countdown, self.paused = None, False
        self._start_countdown()
        if self.countdown is not None:
            # Said once, when it starts (the countdown itself is not read out each second).
            out.announce(self._countdown_said())

    def feel(self, action: Any, seat: int, out: Effects) -> None:
        assert self.s.game is not None
        felt(self.s.game, action, seat, self.s.real_dice, out)

    # -- the game log -------------------------------------------------------------------
    def log_before(self, action: Any) -> list[Note]:
        game = self.s.game
        if isinstance(action, Roll) and game is not None and game.rolls_used:
            return [_kept(game)]  # what a reroll keeps
        return []

    def log_played(self, action: Any, turn: Turn) -> None:
        game = self.s.game
        assert game is not None
        if isinstance(action, Roll):
            dice = ", ".join(str(d) for d in game.dice or ())
            turn.steps.append(Note.of("penta.announce.roll", dice=dice))
        elif isinstance(action, Record) and game.last_scored is not None:
            scored, box = game.last_scored, action.box.value
            key = "penta.announce.auto" if self.auto else "penta.announce.scored"
            turn.steps.append(Note.of(key, box=box, points=scored.points))
            if scored.bonus:
                turn.steps.append(Note.of("penta.announce.bonus", bonus=scored.bonus))
            # The turn's points: the box's, with the Penta bonus and an upper bonus reached.
            total = game.totals(scored.seat).total
            turn.kind, turn.total = "record", total
            turn.facts["box"] = box
            turn.points = total - self._total_before

    def taken_back(self, turn: Turn) -> Note:
        """The line of a record taken back; the turn forgets its box."""
        return Note.of("penta.log.taken_back", box=turn.facts.pop("box", ""))

    def _rolled(self, out: Effects) -> None:
        game = self.s.game
        assert game is not None
        self.s.tumble(i for i in range(5) if not game.held[i] or game.rolls_used == 1)
        self.selected = None
        self.s.note = ("penta.sacrifice", {}) if game.must_sacrifice() else None
        tr = self.s.ctx.tr
        dice = ", ".join(str(d) for d in game.dice or ())
        seat = game.seats[game.current]
        if not seat.computer:
            out.announce(tr("penta.announce.roll", dice=dice))
            if game.rolls_left == 0:
                # The dice are shut now: the focus on one of them goes to Roll (which
                # stays in reach, marked unavailable), not to the page; in the sheet,
                # it stays.
                out.focus("body:not(:has(.sheet :focus)) #penta-roll")
            return
        # The computer's throws are said with its name, and what it kept again.
        if game.rolls_used > 1 and not self._keep_said:
            out.announce(self._keeps_said())
        self._keep_said = False
        out.announce(tr("penta.announce.roll_by", name=shown_name(tr, seat), dice=dice))

    def _recorded(self, box: Box, out: Effects) -> None:
        game = self.s.game
        assert game is not None
        scored = game.last_scored
        assert scored is not None
        self.selected = None
        # Kept as ids and values, so that the message follows a change of language.
        params: dict[str, Any] = {
            "key": "penta.announce.auto" if self.auto else "penta.announce.scored",
            "seat": scored.seat,
            "box": box.value,
            "points": scored.points,
            "bonus": scored.bonus,
        }
        self.s.note = ("penta.last", params)
        out.announce(view.scored_text(self.s.ctx.tr, game, **params))
        if not game.over:
            # A person's turn starts at the Roll button; during the computer's, focus
            # waits on the screen rather than on a control that is now disabled.
            computer = game.seats[game.current].computer
            out.focus("#screen" if computer else "#penta-roll")

    # -- the countdown ------------------------------------------------------------------
    def _start_countdown(self, setting: str | None = None) -> None:
        """Start counting down to auto-record, when a person has rolled their last
        roll and selected nothing (the delay is the setting's)."""
        value = setting or self.s.ctx.settings.get("autorecord", "3")
        seconds = int(value) if value.isdigit() and int(value) > 0 else None
        game = self.s.live()
        # Without the table there is no best box to record: no countdown until it comes.
        waiting = (
            game is not None
            and self.strategy is not None
            and not game.seats[game.current].computer
            and game.dice is not None
            and game.rolls_left == 0
            and self.selected is None
            and not self.paused
        )
        # Nobody at a real table waits on it; a challenge is the player's own choices,
        # and a lesson the learner's.
        waiting = waiting and self.s.mode.timed
        self.countdown = seconds if waiting else None
        self.countdown_of = seconds or 3
        self.countdown_box = self._best_box() if waiting else None

    def _countdown_said(self) -> str:
        tr, left, game = self.s.ctx.tr, self.countdown or 0, self.s.game
        rules = house.DEFAULT if game is None else game.rules
        said = view.countdown_text(tr, self.countdown_box, left, rules)
        return f"{said} {tr('penta.countdown_how')}"

    def _best_box(self) -> Box | None:
        """The box the optimal player records the current roll in."""
        game = self.s.game
        if game is None or game.dice is None or self.strategy is None:
            return None
        state = SheetState.from_sheet(game.sheets[game.current], game.rules)
        return self.strategy.best_box(state, game.dice)

    def timer(self) -> Timer | None:
        return None if self.countdown is None else Timer(1000, Tick())

    def prepare_timer(self) -> Timer | None:
        return None

    def _tick(self, out: Effects) -> None:
        if self.countdown is None or not self.s.human_turn():
            return
        self.countdown -= 1
        if self.countdown > 0:
            return
        self.countdown = None
        box = self._best_box()
        if box is not None:
            self.auto = True
            try:
                self.s.play(Record(box), out)
            finally:
                self.auto = False

    # -- Penta's own intents ------------------------------------------------------------
    def update(self, intent: Any, out: Effects) -> None:
        handle = OWN.get(type(intent))
        if handle is not None:
            handle(self, intent, out)
        elif isinstance(intent, Arrived | Failed) and intent.file in TABLES.values():
            intent.file.answer(intent)
            self._start_countdown()
        elif isinstance(intent, Refresh) and self.countdown is None:
            self._start_countdown()  # the table came for another screen

    def _select(self, intent: SelectBox, out: Effects) -> None:
        game = self.s.game
        if self.s.human_turn() and game is not None and intent.box in game.options():
            self.selected = None if self.selected is intent.box else intent.box
            self._start_countdown()

    def _validate(self, intent: Validate, out: Effects) -> None:
        box = self._to_validate()
        if self.s.human_turn() and box is not None:
            self.s.play(Record(box), out)

    def _to_validate(self) -> Box | None:
        """The box Validate records in: the one chosen, else the one the countdown
        names (recorded at once rather than in a few seconds)."""
        if self.selected is not None or self.countdown is None:
            return self.selected
        return self.countdown_box

    def _step_box(self, intent: StepBox, out: Effects) -> None:
        game = self.s.game
        if not self.s.human_turn() or game is None:
            return
        options = game.options()
        boxes = [b for b in game.rules.order if b in options]
        if not boxes:
            return
        if self.selected in boxes:
            box = boxes[(boxes.index(self.selected) + intent.step) % len(boxes)]
        elif self.countdown is not None and self.countdown_box in boxes:
            box = self.countdown_box
        else:
            box = boxes[0 if intent.step > 0 else -1]
        self.selected = box
        self._start_countdown()  # a box chosen: no countdown
        points, bonus = options[box]
        tr = self.s.ctx.tr
        out.announce(view.box_label(tr, tr(box_key(game.rules, box)), points, bonus))

    def _into_sheet(self, intent: SheetFocus | IntoSheet, out: Effects) -> None:
        box = self._box_to_focus() if isinstance(intent, IntoSheet) else None
        if box is not None:
            # One selector matches, whichever side the focus is on: into the sheet
            # from anywhere else, back to Roll from the sheet.
            out.focus(
                f"body:not(:has(.sheet :focus)) #box-{box.value}, "
                "body:has(.sheet :focus) #penta-roll"
            )
        if self.countdown is not None and self.s.human_turn():
            self.countdown, self.paused = None, True
            out.announce(self.s.ctx.tr("penta.countdown_paused"))

    def _toggle_sheet(self, intent: ToggleSheet, out: Effects) -> None:
        self.show_all = not self.show_all

    def _toggle_settings(self, intent: ToggleSettings, out: Effects) -> None:
        self.settings_open = not self.settings_open

    def _retry_table(self, intent: RetryTable, out: Effects) -> None:
        if self.table.failed:
            out.focus("#screen")  # the button goes while the table downloads
            self.table.request(out)

    def _set_rules(self, intent: SetRules, out: Effects) -> None:
        """The form's house rule changed (rules it does not offer change nothing)."""
        try:
            self.rules = self.member.rules_of(intent.rules)
        except ValueError:
            return

    def keys(self) -> dict[str, Any]:
        game = self.s.game
        if not self.s.human_turn() or game is None:
            return {}
        keys: dict[str, Any] = {}
        rolled = game.dice is not None
        # Every die held, R is refused aloud (the reason), rather than ignored.
        if game.can_roll() or (rolled and game.rolls_left and not self.s.real_dice):
            keys["r"] = Play(Roll())
        if self._to_validate() is not None:
            keys["v"] = Validate()
        if rolled and game.rolls_left:
            keys |= {str(n): KeyHold(n - 1) for n in range(1, 6)}
        if rolled and self.s.pad_view() is None:
            keys |= {"s": IntoSheet(), "ArrowDown": StepBox(1), "ArrowUp": StepBox(-1)}
        return any_case(keys)

    def _box_to_focus(self) -> Box | None:
        """Where the key S puts the focus (see :class:`IntoSheet`)."""
        game = self.s.game
        assert game is not None
        if self.selected is not None:
            return self.selected
        if self.countdown is not None and self.countdown_box is not None:
            return self.countdown_box
        options = game.options()
        return next((b for b in game.rules.order if b in options), None)

    # -- drawing ------------------------------------------------------------------------
    def _view(self) -> view.PentaView:
        return view.PentaView(self.s.ctx.tr, self.s.ctx.settings, self.member)

    def view_setup(self) -> Markup:
        can_go_back = self.s.game is not None and not self.s.game.over
        problem = self.s.notice or self.s.note
        dice_error = None if self.s.real_dice else self.s.dice.source.describe(self.s.ctx.tr)
        return self._view().setup(
            self.s.form,
            problem,
            dice_error,
            can_go_back,
            computer_choice=not self.s.real_dice,
            rules=self.rules,
        )

    def view_end(self) -> Markup:
        assert self.s.game is not None
        return self._view().end(self.s.game, self.decisions, again=self.s.offers_again)

    def view_table(self) -> Markup:
        game = self.s.game
        assert game is not None
        pending = self.s.pending.box if isinstance(self.s.pending, Record) else None
        human = self.s.human_turn()
        coach_on = self.s.coach_wanted() and human
        return self._view().table(
            view.TableState(
                game=game,
                selected=pending or self.selected,
                rolled=tuple(self.s.tumbling(i) for i in range(5)),
                countdown=self.countdown,
                countdown_box=self.countdown_box,
                countdown_of=self.countdown_of,
                message=self.s.note,
                coach=review.coach(game, self.strategy) if coach_on else None,
                confirm_new=self.s.confirm,
                show_all=self.show_all,
                settings_open=self.settings_open,
                waiting_for_table=self.strategy is None and self.s.computer_turn(),
                table_error=self.table.error if self.table.failed else None,
                dice_error=self.s.dice.source.describe(self.s.ctx.tr),
                strategy_missing=self.strategy is None,
                pad=self.s.pad_view(),
                undo=None if game.strict else self.s.undo_offered(),
                coach_act="pad-coach" if self.s.real_dice else "coach",
                coach_switch=self.s.coach_wanted(),
                new_game=self.s.offers_again,
                own_play=self.s.mode.own_play,
            )
        )

    def die_said(self, index: int) -> str:
        game = self.s.game
        assert game is not None and game.dice is not None
        key = "penta.die.held" if game.held[index] else "penta.die"
        return self.s.ctx.tr(key, n=index + 1, value=game.dice[index])

    def held(self, out: Effects) -> None:
        game = self.s.game
        assert game is not None
        out.announce(self._keeps_said())
        self._keep_said = True
        self.s.log_step(_kept(game))

    def _keeps_said(self) -> str:
        """ "Computer keeps 2, 2, 2": the dice held by the player to play."""
        game = self.s.game
        assert game is not None
        kept = [d for d, held in zip(game.dice or (), game.held, strict=True) if held]
        name = shown_name(self.s.ctx.tr, game.seats[game.current])
        dice = ", ".join(map(str, kept)) if kept else "—"
        return self.s.ctx.tr("penta.announce.keeps", name=name, dice=dice)

    def turn_outcome(self) -> Markup:
        game = self.s.game
        if game is None or self.s.note is None or self.s.note[0] != "penta.last":
            return Markup()
        return view.scored_html(self.s.ctx.tr, game, **self.s.note[1])

    # -- what Penta leaves to the shared screen ------------------------------------------
    def stats_key(self) -> Counted:
        game = self.s.game
        rules = self.member.default if game is None else game.rules
        return figures.Figures(self.member).counted(rules.id, real=self.s.real_dice)

    def busy(self, out: Effects) -> None:
        return None  # the table shows whose turn it is; a tap on it plays nothing


#: Penta's own intents, by type: the part's update of each.
OWN: dict[type, Callable[[PentaPart, Any, Effects], None]] = {
    SelectBox: PentaPart._select,
    Validate: PentaPart._validate,
    Tick: lambda part, intent, out: part._tick(out),
    SheetFocus: PentaPart._into_sheet,
    IntoSheet: PentaPart._into_sheet,
    StepBox: PentaPart._step_box,
    ToggleSheet: PentaPart._toggle_sheet,
    ToggleSettings: PentaPart._toggle_settings,
    RetryTable: PentaPart._retry_table,
    SetRules: PentaPart._set_rules,
}


def _shows_first(action: Any) -> bool:
    return isinstance(action, Record)  # the chosen box is shown, then recorded


def spec_for(member: Member) -> GameSpec[PentaGame]:
    """``member`` for the shared game screen (its rules' strategy tables added to
    :data:`TABLES`)."""
    for rules in member.offered:
        TABLES.setdefault(rules.id, table_file(rules))
    return GameSpec(
        name=member.name,
        prefix="penta",  # the family's element ids, which its views and stylesheet use
        state_version=STATE_VERSION,
        max_dice=5,
        acts=acts_for(member),
        toggle=Toggle,
        roll=Roll,
        from_dict=PentaGame.from_dict,
        next_action=players.next_action,
        game_round=lambda game: game.round,
        decision_steps=frozenset(
            {"penta.announce.scored", "penta.announce.auto", "penta.announce.bonus"}
        ),
        round_key="penta.log.round",
        log_notes={
            "penta.announce.roll": frozenset({"dice"}),
            "penta.announce.keeps": frozenset({"dice"}),
            "penta.announce.scored": frozenset({"box", "points"}),
            "penta.announce.auto": frozenset({"box", "points"}),
            "penta.announce.bonus": frozenset({"bonus"}),
            "penta.log.taken_back": frozenset({"box"}),
        },
        turn_kinds=("record",),
        turn_facts={"box": ""},
        log_words={"box": member.word("box.")},
        part=lambda s: PentaPart(s, member),
        coach=True,
        shows_first=_shows_first,
        settings=lambda tr: {"autorecord": view.autorecord_choice(tr)},
        duplicate=duplicate(TABLES, member),
    )


#: Penta, for the shared game screen.
SPEC: GameSpec[PentaGame] = spec_for(house.PENTA_GAME)
