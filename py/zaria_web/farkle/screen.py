"""Farkle's screen: what Farkle adds to the shared game screen.

The target and the house rules of the new game form, the last die the engine
refused (it shakes), the scoring card, and getting the computer ready for the
rules in force; everything else (the form's seats, the computer's turns, saving,
the end) is :class:`~zaria_web.play.screen.GameScreen`'s. The HTML is
:mod:`zaria_web.farkle.view`'s and :mod:`zaria_web.farkle.setup_view`'s.

What the table says about the last action (a lost turn, hot dice, the last
round, a bank) comes from the engine's own ``events``, which the save keeps, so
a reloaded page shows the same banner.

The computer gets ready for the house rules once the table is drawn: Expert's
tables are built for the rules in force (up to a few seconds under a minimum
and a penalty, in the page as natively) on a short timer, so the page first
shows that the computer is being prepared; Master's win-probability table is
downloaded (``data/farkle_master_<rules>.bin``). Meanwhile the computer's turn
waits; a failed download is said, with a button to try again.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Any

from zaria.errors import StateError
from zaria.farkle import moves, players
from zaria.farkle.events import Event, EventKind
from zaria.farkle.game import DEFAULT_TARGET, Bank, FarkleGame, Roll, Toggle
from zaria.farkle.master import MasterTable, install_table, last_turn
from zaria.farkle.players import LEVELS
from zaria.farkle.rules import (
    DEFAULT_RULES,
    MASTER_RULES,
    RULE_OPTIONS,
    FarkleRules,
    master_available,
    master_table_name,
)
from zaria.farkle.scoring import MAX_DICE, non_scoring_dice
from zaria.farkle.state import TARGETS
from zaria.farkle.state import VERSION as STATE_VERSION
from zaria.farkle.strategy import expert_table
from zaria.game import Seat
from zaria_web.acts import Intent, Maker, datum, table
from zaria_web.farkle import figures, setup_view, view
from zaria_web.farkle.duplicate import DUPLICATE
from zaria_web.farkle.feel import computer_held, felt
from zaria_web.farkle.pad import pad_coach
from zaria_web.play.intents import KeyHold, Play
from zaria_web.play.log import Note, Turn
from zaria_web.play.screen import GameScreen, GameSpec
from zaria_web.play.seats import DEFAULT_NAME, SetLevel, shown_name
from zaria_web.runtime.data_files import Arrived, DataFile, Failed
from zaria_web.runtime.effects import Effects, Timer
from zaria_web.screen import any_case
from zaria_web.storage.counted import Counted
from zaria_web.ui.html import Markup, el, frag, join
from zaria_web.ui.names import in_every_language
from zaria_web.ui.widgets import dice_text

#: Milliseconds between drawing the table and building Expert's tables: long
#: enough for the page to show that the computer is being prepared first.
PREPARE_MS = 50
#: The events said assertively (they change the game's course).
_LOUD = (
    EventKind.LOST_TURN,
    EventKind.PENALTY,
    EventKind.HOT_DICE,
    EventKind.LAST_ROUND,
    EventKind.GAME_OVER,
)


def _read_master(data: bytes) -> MasterTable:
    """Install a downloaded Master table, with the last-turn table it plays from."""
    table = install_table(data)
    last_turn(table.rules)
    return table


#: Master's tables, downloaded when a Master game first needs one (shared by the
#: page's every game).
MASTER_FILES = {
    rules: DataFile(f"data/{master_table_name(rules)}", _read_master) for rules in MASTER_RULES
}
#: The rule sets whose Expert tables are built, and how long each took (ms).
EXPERT_BUILT: dict[FarkleRules, float] = {}


@dataclass(frozen=True)
class SetRule(Intent, acts="rule"):
    """A house-rule option of the form (``field`` of :class:`FarkleRules`) changed."""

    field: str = datum("field")
    value: str = datum("value", absent="")


@dataclass(frozen=True)
class SetTarget(Intent, acts="target"):
    target: int = datum("value", int)


@dataclass(frozen=True)
class ToggleCard(Intent, acts="card"):
    """Open or close the scoring card."""


@dataclass(frozen=True)
class BuildExpert:
    """Build Expert's tables for the rules in force (the page shows it is preparing)."""


@dataclass(frozen=True)
class RetryMaster(Intent, acts="retry"):
    """Download Master's table again."""


ACTS: dict[str, Maker] = {
    # The engine's actions (which know nothing of the page), each played as one Play.
    "roll": lambda d: Play(Roll()),
    "bank": lambda d: Play(Bank()),
    "toggle": lambda d: Play(Toggle(int(d["pos"]) - 1)),
    **table(SetRule, SetTarget, ToggleCard, RetryMaster),
}
#: The shortcuts during play: the intent of each key.
KEYS: dict[str, Any] = any_case({"r": Play(Roll()), "b": Play(Bank())}) | {
    str(n): KeyHold(n - 1) for n in range(1, MAX_DICE + 1)
}


class FarklePart:
    """Farkle's part of the game screen: its model beside the shared one, and the
    shared screen's questions answered (see :class:`~zaria_web.play.screen.GamePart`)."""

    def __init__(self, s: GameScreen[FarkleGame]) -> None:
        self.s = s
        self.target = 10000
        self.rules: FarkleRules = DEFAULT_RULES
        #: Whether a rules change made a chosen Master give way to Expert (the form says so).
        self.fell_back = False
        #: The position (from 1) of the die the engine just refused to set aside.
        self.refused_pos: int | None = None
        self.card_open = False
        #: Whether hot dice were pending before the action being played.
        self._hot_before = False

    # -- the shared screen's hooks ----------------------------------------------------
    def levels(self) -> tuple[str, ...]:
        return setup_view.levels_for(self.rules)

    def computer_level(self, chosen: str) -> str:
        return chosen if chosen in self.levels() else "expert"  # the form never offers it

    def new_game(self, seats: list[Seat], duplicate: str | None = None) -> FarkleGame:
        if duplicate is not None:  # a challenge: ten turns alone, by the standard rules
            return FarkleGame.new(
                seats, DEFAULT_TARGET, DEFAULT_RULES, strict=True, turns=moves.SOLO_TURNS
            )
        return FarkleGame.new(seats, self.target, self.rules, strict=self.s.form.strict)

    def check_save(self, game: FarkleGame, state: dict[str, Any]) -> None:
        if any(s.computer and s.level not in LEVELS for s in game.seats):
            raise StateError("farkle save: unknown computer level")
        if any(s.level == "master" for s in game.seats if s.computer) and not (
            master_available(game.rules)
        ):
            raise StateError(f"farkle save: no Master table for the rules {game.rules.id!r}")
        self.target, self.rules = game.target, game.rules

    def extras(self) -> dict[str, Any]:
        return {}

    def player(self, seat: Seat) -> players.ComputerPlayer | None:
        game = self.s.game
        if game is None or self.computer_state() != "ready":
            return None
        return players.player_for(seat.level or LEVELS[0], game.rules)

    def started(self, out: Effects) -> None:
        self.refused_pos = None
        out.announce(self.s.ctx.tr("common.turn_of", name=self._name(0)))
        out.focus("#fk-roll")
        self._prepare(out)

    def entered(self, out: Effects) -> None:
        self._prepare(out)

    def ended(self, out: Effects) -> None:
        out.focus("#fk-over-title")

    def stats_key(self) -> Counted:
        assert self.s.game is not None
        if self.s.real_dice:
            return Counted("farkle", real=True)
        return figures.counted(self.s.game.rules)

    def stats_extra(self) -> dict[str, Any]:
        return {"wins": True}

    def undone(self, out: Effects) -> None:
        self.refused_pos = None
        out.focus("#fk-bank")

    def busy(self, out: Effects) -> None:
        self.s.note = ("common.computer_wait", {})
        out.announce(self.s.ctx.tr("common.computer_wait"))

    def refused(self, action: Any) -> None:
        game = self.s.game
        if isinstance(action, Toggle) and game is not None and game.roll is not None:
            pos = action.index + 1
            self.refused_pos = pos if pos <= len(game.roll) else None

    # -- what is said -------------------------------------------------------------------
    def _name(self, seat: int) -> str:
        assert self.s.game is not None
        return shown_name(self.s.ctx.tr, self.s.game.seats[seat])

    def _events_text(self, events: tuple[Event, ...]) -> str:
        """The words that announce what an action brought about."""
        game = self.s.game
        assert game is not None
        tr = self.s.ctx.tr
        lines = view.event_lines(tr, self._seat_views(), events, game.turns_left)
        parts = [
            head + (" " if head[-1:] in ".!?;" else ". ") + detail for _, head, detail in lines
        ]
        if game.over:
            winners = [self._name(w) for w in game.winners()]
            parts.append(
                tr("farkle.over.wins", name=winners[0])
                if len(winners) == 1
                else tr("farkle.over.tie", names=", ".join(winners))
            )
        elif game.roll is None:
            parts.append(tr("common.turn_of", name=self._name(game.current)))
        return " ".join(parts)

    def held(self, out: Effects) -> None:
        game = self.s.game
        assert game is not None
        kept = sorted(game.selected_dice)
        tr = self.s.ctx.tr
        out.announce(
            tr("farkle.event.ai_keeps", name=self._name(game.current), dice=dice_text(kept))
        )
        computer_held(game, out)
        self.s.log_step(Note.of("farkle.event.ai_keeps", dice=dice_text(kept)))

    # -- the game log -------------------------------------------------------------------
    def log_before(self, action: Any) -> list[Note]:
        game = self.s.game
        if isinstance(action, Roll | Bank) and game is not None and game.selected:
            # What the roll or the bank sets aside first.
            return [Note.of("farkle.event.ai_keeps", dice=dice_text(sorted(game.selected_dice)))]
        return []

    def log_played(self, action: Any, turn: Turn) -> None:
        game = self.s.game
        assert game is not None
        if isinstance(action, Roll):
            self._log_roll(game, turn)
        elif isinstance(action, Bank):
            self._log_bank(game, turn)

    def _log_roll(self, game: FarkleGame, turn: Turn) -> None:
        events = game.events
        for e in events:
            if e.kind is EventKind.HOT_DICE:
                turn.facts["hot_dice"] = int(turn.facts.get("hot_dice", 0)) + 1
                turn.steps.append(Note.of("farkle.event.hot", points=e.points))
        lost = next((e for e in events if e.kind is EventKind.LOST_TURN), None)
        dice = lost.dice if lost is not None else game.roll or ()
        turn.steps.append(Note.of("farkle.event.rolled", dice=dice_text(dice)))
        if lost is not None:
            self._log_lost(turn, lost, events)

    def _log_bank(self, game: FarkleGame, turn: Turn) -> None:
        banked = next(e for e in game.events if e.kind is EventKind.BANKED)
        total = game.banked[banked.seat]
        turn.steps.append(Note.of("farkle.event.banked", points=banked.points))
        turn.steps.append(Note.of("farkle.event.new_total", total=total))
        for e in game.events:
            if e.kind is EventKind.LAST_ROUND and not game.over:
                turn.steps.append(Note.of("farkle.event.last_round", total=e.points))
        turn.kind, turn.points, turn.total = "bank", banked.points, total

    def _log_lost(self, turn: Turn, lost: Event, events: tuple[Event, ...]) -> None:
        game = self.s.game
        assert game is not None
        total = game.banked[lost.seat]
        penalty = next((e for e in events if e.kind is EventKind.PENALTY), None)
        if penalty is not None:
            # The total does not stay: the penalty's line says what it became.
            turn.steps.append(
                Note.of("farkle.house.lost", points=lost.points)
                if lost.points
                else Note.of("farkle.house.lost_nothing")
            )
            turn.steps.append(Note.of("farkle.final.penalty", points=penalty.points, total=total))
        else:
            turn.steps.append(
                Note.of("farkle.event.lost", points=lost.points, total=total)
                if lost.points
                else Note.of("farkle.event.lost_nothing", total=total)
            )
        turn.kind, turn.points, turn.total = "bust", 0, total

    def taken_back(self, turn: Turn) -> Note:
        return Note.of("farkle.log.taken_back", points=turn.points)

    def before_play(self, action: Any) -> None:
        assert self.s.game is not None
        self._hot_before = self.s.game.hot_dice_pending()

    def played(self, action: Any, out: Effects) -> None:
        game = self.s.game
        assert game is not None
        self.refused_pos = None
        self.s.note = self.s.notice = None
        if isinstance(action, Toggle):
            if game.hot_dice_pending() and not self._hot_before:
                tr = self.s.ctx.tr
                points = game.turn_points()
                hot = tr("farkle.hot_dice") + " " + tr("farkle.event.hot_pending", points=points)
                out.announce(hot, assertive=True)
            return
        events = game.events
        if isinstance(action, Roll):
            self._rolled(events, out)
        else:
            loud = any(e.kind in _LOUD for e in events)
            out.announce(self._events_text(events), assertive=loud)
        if not game.over:
            self._focus_after(game, action, out)

    @staticmethod
    def _focus_after(game: FarkleGame, action: Any, out: Effects) -> None:
        """Where the focus goes after a roll or a bank, the game going on."""
        ended = game.roll is None
        human = not game.seats[game.current].computer
        if human and ended:
            out.focus("#fk-roll")
        elif human and isinstance(action, Roll):
            first = next((i for i, ok in enumerate(game.scoreable) if ok), 0)
            out.focus(f"#fk-die-{first + 1}")
        elif not human and ended:
            # The computer's turn: Roll and Bank shut, the focus goes to the heading
            # that says whose turn it is (and comes to Roll when a person's turn does).
            out.focus("#fk-turn")

    def feel(self, action: Any, seat: int, out: Effects) -> None:
        assert self.s.game is not None
        felt(self.s.game, action, seat, self.s.real_dice, out)

    def _rolled(self, events: tuple[Event, ...], out: Effects) -> None:
        game = self.s.game
        assert game is not None
        lost = next((e for e in events if e.kind is EventKind.LOST_TURN), None)
        rolled = lost.dice if lost is not None else game.roll or ()
        self.s.tumble(range(len(rolled)))
        seat = game.current if lost is None else lost.seat
        said = self.s.ctx.tr("farkle.event.rolled", name=self._name(seat), dice=dice_text(rolled))
        extra = self._events_text(events)
        if lost is not None:
            out.announce(f"{said} {extra}", assertive=True)
        elif self._hot_before:
            out.announce(f"{extra} {said}", assertive=True)
        else:
            out.announce(said)

    # -- getting the computer ready -----------------------------------------------------
    def _levels(self) -> set[str]:
        game = self.s.game
        return set() if game is None else {s.level for s in game.seats if s.computer}

    def _master_file(self) -> DataFile[MasterTable] | None:
        """The download Master needs for this game's rules (None: no Master plays them)."""
        game = self.s.game
        if game is None or "master" not in self._levels():
            return None
        return MASTER_FILES.get(game.rules)

    def _needs_expert(self) -> bool:
        game = self.s.game
        if game is None or game.rules in EXPERT_BUILT:
            return False
        # On a score pad, Expert is the coach's (once asked for); else a computer seat's.
        return self.s.coach_wanted() if self.s.real_dice else "expert" in self._levels()

    def computer_state(self) -> str:
        """The computer's state: ready, preparing (its tables are being built or
        downloaded) or failed (its table could not be downloaded)."""
        download = self._master_file()
        if download is not None and not download.ready:
            return "failed" if download.failed else "preparing"
        return "preparing" if self._needs_expert() else "ready"

    def _prepare(self, out: Effects) -> None:
        """Start Master's download if this game needs it (Expert's tables are built
        on :meth:`timer`'s timer)."""
        download = self._master_file()
        if download is not None:
            download.request(out)

    def prepare_timer(self) -> Timer | None:
        # Expert's tables are built once the table is drawn, whoever's turn it is.
        return Timer(PREPARE_MS, BuildExpert(), heavy=True) if self._needs_expert() else None

    def timer(self) -> Timer | None:
        return None

    def _build_expert(self) -> None:
        game = self.s.game
        if game is None or not self._needs_expert():
            return
        t0 = time.perf_counter()
        expert_table(game.rules)
        EXPERT_BUILT[game.rules] = (time.perf_counter() - t0) * 1000

    # -- Farkle's own intents -----------------------------------------------------------
    def update(self, intent: Any, out: Effects) -> None:
        if isinstance(intent, SetRule):
            self._set_rule(intent, out)
        elif isinstance(intent, SetTarget):
            if intent.target in TARGETS:
                self.target = intent.target
        elif isinstance(intent, ToggleCard):
            self.card_open = not self.card_open
        elif isinstance(intent, BuildExpert):
            self._build_expert()
        elif isinstance(intent, RetryMaster):
            download = self._master_file()
            if download is not None and download.failed:
                out.focus("#fk-turn")  # the button goes while the table downloads
                download.request(out)
        elif isinstance(intent, Arrived | Failed):
            intent.file.answer(intent)

    def after_update(self, intent: Any, out: Effects) -> None:
        if isinstance(intent, SetLevel) and self.s.form.level == intent.level:
            self.fell_back = False

    def _set_rule(self, intent: SetRule, out: Effects) -> None:
        """A house-rule option changed; a chosen Master gives way to Expert, saying so,
        when it has no table for the new rules."""
        option = next((o for o in RULE_OPTIONS if o.field == intent.field), None)
        if option is None:
            return
        value = next((v for v in option.values if str(v) == intent.value), None)
        if value is None:
            return
        changes: dict[str, Any] = {option.field: value}
        self.rules = replace(self.rules, **changes)
        self.fell_back = self.s.form.level == "master" and not master_available(self.rules)
        if self.fell_back:
            self.s.form.level = "expert"
            tr = self.s.ctx.tr
            master, expert = tr("farkle.level.master"), tr("farkle.level.expert")
            out.announce(tr("farkle.house.master_fallback", master=master, expert=expert))

    def keys(self) -> dict[str, Any]:
        return KEYS

    def die_said(self, index: int) -> str:
        game = self.s.game
        assert game is not None and game.roll is not None
        key = "farkle.die.selected" if index in game.selected else "farkle.die"
        return self.s.ctx.tr(key, n=index + 1, value=game.roll[index])

    # -- drawing ------------------------------------------------------------------------
    def _seat_views(self) -> tuple[view.SeatView, ...]:
        game = self.s.game
        assert game is not None
        return tuple(
            # Default names follow the language, as the computer's does.
            view.SeatView(shown_name(self.s.ctx.tr, s), s.computer, s.level, b, f)
            for s, b, f in zip(game.seats, game.banked, game.farkles, strict=True)
        )

    def view_setup(self) -> Markup:
        form = self.s.form
        return setup_view.render_setup(
            self.s.ctx.tr,
            setup_view.SetupView(
                names=tuple(form.names),
                computer=form.computer,
                level=form.level,
                target=self.target,
                pace=self.s.ctx.settings.get("pace", "normal"),
                can_go_back=self.s.game is not None and not self.s.game.over,
                notice=self.s.notice,
                dice_error=None if self.s.real_dice else self.s.dice.source.describe(self.s.ctx.tr),
                card_open=self.card_open,
                rules=self.rules,
                fell_back=self.fell_back,
                computer_choice=not self.s.real_dice,
                strict=self.s.form.strict,
                handover=self.s.handover_choice(),
            ),
        )

    def view_end(self) -> Markup:
        game = self.s.game
        assert game is not None
        outcome = game.outcome()
        assert outcome is not None
        # The last round: every player after the one who reached the target, in
        # turn order; the engine's events tell how the very last turn went.
        by, n = game.last_round_by, len(game.seats)
        after = [] if by is None else [(by + k) % n for k in range(1, n)]
        last = tuple(e for e in game.events if e.kind is not EventKind.GAME_OVER)
        final = tuple(
            view.FinalTurn(seat, last if k == len(after) - 1 else None)
            for k, seat in enumerate(after)
        )
        return view.render_over(
            self.s.ctx.tr,
            view.OverView(
                seats=self._seat_views(),
                target=game.target,
                outcome=outcome,
                events=game.events,
                rules=game.rules,
                undos=game.undos,
                last_round_by=by,
                final_round=final,
                turns=game.turns,
                default_name=game.seats[0].name in in_every_language(DEFAULT_NAME, n=1),
                race=self._race(),
                again=self.s.offers_again,
                turn_limit=game.turn_limit,
            ),
        )

    def _race(self) -> tuple[tuple[int | None, ...], ...]:
        """Each player's total after each round of the game log, from 0 before the first."""
        assert self.s.game is not None
        # No more rounds than the game played, whatever a stored log says.
        played = max(self.s.game.turns, default=0)
        rounds = min(played, max((t.round for t in self.s.log.turns if t.kind), default=0))
        race = []
        for seat in range(len(self.s.game.seats)):
            row: list[int | None] = [0] + [None] * rounds
            for turn in self.s.log.finished(seat):
                if turn.round <= rounds:
                    row[turn.round] = turn.total
            race.append(tuple(row))
        return tuple(race)

    def view_table(self) -> Markup:
        game = self.s.game
        assert game is not None
        selected = set(game.selected)
        dice = tuple(
            view.DieView(i + 1, v, i in selected, self.s.tumbling(i), self.refused_pos == i + 1)
            for i, v in enumerate(game.roll or ())
        )
        groups = []
        count = 0
        for n, (g, points) in enumerate(game.set_aside, start=1):
            count += len(g)
            groups.append(view.GroupView(n, g, points, count % MAX_DICE == 0))
        sel = game.selected_dice
        v = view.TableView(
            seats=self._seat_views(),
            current=game.current,
            target=game.target,
            round=game.round,
            dice=dice,
            groups=tuple(groups),
            turn_total=game.turn_total,
            selection=tuple(sorted(sel)),
            selection_points=game.selection_points(),
            selection_left=non_scoring_dice(sel, game.rules.scoring) if sel else (),
            hot_pending=game.hot_dice_pending(),
            dice_to_roll=game.dice_to_roll(),
            risk=game.bust_risk(),
            can_roll=game.can_roll(),
            can_bank=game.can_bank(),
            events=game.events,
            turns_left=game.turns_left,
            last_round_by=game.last_round_by,
            note=self.s.note,
            notice=self.s.notice,
            dice_error=self.s.dice.source.describe(self.s.ctx.tr),
            confirm=self.s.confirm,
            pace=self.s.ctx.settings.get("pace", "normal"),
            card_open=self.card_open,
            rules=game.rules,
            opening_needed=game.opening_needed,
            computer_state=self.computer_state(),
            pad=self.s.pad_view(),
            undo=None if game.strict else self.s.undo_offered(),
            coach=self.coach_text(),
            coach_switch=self.s.coach_wanted() if self.s.real_dice else None,
            turn_limit=game.turn_limit,
            new_game=self.s.offers_again,
        )
        return view.render_table(self.s.ctx.tr, v)

    def coach_text(self) -> str | None:
        """The coach's advice, where the screen gives one (the score pad's, once asked
        for: the app's own Farkle has no coach)."""
        game = self.s.live()
        coached = self.s.real_dice and self.s.coach_wanted()
        if not coached or game is None or not self.s.human_turn():
            return None
        master = MASTER_FILES.get(game.rules)
        ready = master is not None and master.ready
        return pad_coach(self.s.ctx.tr, game, ready, game.rules in EXPERT_BUILT)

    def turn_outcome(self) -> Markup:
        game = self.s.game
        if game is None:
            return Markup()
        # The turns left are on the table's own last-round line, behind the card.
        lines = view.event_lines(self.s.ctx.tr, self._seat_views(), game.events, 0, html=True)
        return join(" ", (frag(el("strong", head), " ", detail) for _, head, detail in lines))


def _busted(game: FarkleGame) -> bool:
    return any(e.kind is EventKind.LOST_TURN for e in game.events)


def _digits_pick_dice(game: FarkleGame) -> bool:
    # A throw on the table: the digits set its dice aside, as the dice show.
    return game.roll is not None


#: Farkle, for the shared game screen.
SPEC: GameSpec[FarkleGame] = GameSpec(
    name="farkle",
    prefix="fk",
    state_version=STATE_VERSION,
    max_dice=MAX_DICE,
    acts=ACTS,
    toggle=Toggle,
    roll=Roll,
    from_dict=FarkleGame.from_dict,
    next_action=players.next_action,
    game_round=lambda game: game.round,
    decision_steps=frozenset(
        {
            "farkle.event.ai_keeps",
            "farkle.event.banked",
            "farkle.event.new_total",
            "farkle.event.last_round",
        }
    ),
    round_key="farkle.round",
    log_notes={
        "farkle.event.rolled": frozenset({"dice"}),
        "farkle.event.ai_keeps": frozenset({"dice"}),
        "farkle.event.hot": frozenset({"points"}),
        "farkle.event.banked": frozenset({"points"}),
        "farkle.event.new_total": frozenset({"total"}),
        "farkle.event.lost": frozenset({"points", "total"}),
        "farkle.event.lost_nothing": frozenset({"total"}),
        "farkle.house.lost": frozenset({"points"}),
        "farkle.house.lost_nothing": frozenset(),
        "farkle.event.last_round": frozenset({"total"}),
        "farkle.final.penalty": frozenset({"points", "total"}),
        "farkle.log.taken_back": frozenset({"points"}),
    },
    turn_kinds=("bank", "bust"),
    turn_facts={"hot_dice": 0},
    part=FarklePart,
    resumed_note=("farkle.resumed", {}),
    busted=_busted,
    digits_pick_dice=_digits_pick_dice,
    duplicate=DUPLICATE,
)
