"""Farkle's screen: the new game dialog, the table, computer turns and the end.

The controller turns intents (a tap, a key) into one engine call each and keeps
only what the engine does not: the form, which dice just rolled, the last
refusal, the pending computer step. It saves the game after every action and
renders through :mod:`zaria_web.farkle.view` and
:mod:`zaria_web.farkle.setup_view`.

What the table says about the last action (a lost turn, hot dice, the last
round, a bank) comes from the engine's own ``events``, which the save keeps, so
a reloaded page shows the same banner.

Dice come from :func:`~zaria_web.play.dice.dice_source`. The save records the
size of every roll of the game; when the page is reloaded with the same
``?dice=`` or ``?seed=``, the source is wound forward by those rolls, so the
script continues where the game was rather than starting over.

The house rules are chosen in the dialog and kept by the game (its save carries
them). The computer gets ready for them once the table is drawn: Expert's
tables are built for the rules in force (up to a few seconds under a minimum
and a penalty, in the page as natively), Master's win-probability table is
downloaded (``data/farkle_master_<rules>.bin``). Meanwhile the table says the
computer is being prepared, and the computer's turn waits; a failed download
is said, with a button to try again.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from zaria.errors import IllegalActionError, StateError
from zaria.farkle.events import Event, EventKind
from zaria.farkle.game import FarkleGame, Roll
from zaria.farkle.master import MasterTable, install_table, last_turn
from zaria.farkle.players import LEVELS, player_for
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
from zaria_web import saved_state
from zaria_web.data_files import DataFile
from zaria_web.farkle import setup_view, view
from zaria_web.names import NAME_LENGTH, clean_saved_seats, in_every_language, seat_names
from zaria_web.play.dice import DiceSource, dice_source
from zaria_web.screen import Context

GAME = "farkle"
#: Milliseconds between two visible steps of a computer turn, by pace.
PACE_MS = {"normal": 1000, "fast": 300, "instant": 0}
#: A computer turn never needs this many steps; a guard against a runaway loop.
MAX_STEPS = 500
_LOUD = (
    EventKind.LOST_TURN,
    EventKind.PENALTY,
    EventKind.HOT_DICE,
    EventKind.LAST_ROUND,
    EventKind.GAME_OVER,
)
#: Milliseconds between drawing the table and building Expert's tables: long
#: enough for the page to show that the computer is being prepared first.
PREPARE_MS = 50


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


@dataclass
class Setup:
    """The new game form."""

    names: list[str] = field(default_factory=lambda: [""])
    computer: bool = True
    level: str = "normal"
    target: int = 10000
    rules: FarkleRules = DEFAULT_RULES
    #: Whether a rules change made a chosen Master give way to Expert (the dialog says so).
    fell_back: bool = False


class _LoggedRoller:
    """Passes rolls on to the dice source and notes the size of each."""

    def __init__(self, source: DiceSource, log: list[int]) -> None:
        self.source = source
        self.log = log

    def roll(self, n: int) -> tuple[int, ...]:
        self.log.append(n)
        return self.source.roller.roll(n)


class FarkleScreen:
    """The Farkle screen's controller."""

    name = GAME

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.setup = Setup()
        self.game: FarkleGame | None = None
        self.mode = "setup"  # "setup" or "table" (the table shows the end when the game is over)
        self.confirm = False
        self.note: view.Note | None = None
        self.notice: view.Note | None = None
        self.rolled = False
        self.refused: int | None = None
        self.card_open = False
        self.rolls: list[int] = []
        self.source = dice_source(ctx.params)
        self._timer: int | None = None
        self._prep: int | None = None
        self._batch: list[tuple[str, bool]] | None = None
        #: Whether this screen is the one shown: late downloads act only then.
        self.active = False
        self._resume()

    # -- saving ---------------------------------------------------------------
    def _save(self) -> None:
        game = self.game
        if game is None:
            return
        if game.over:
            self.ctx.saves.clear(GAME)
            return
        self.ctx.saves.save(
            GAME,
            {
                "engine": game.to_dict(),
                "rolls": list(self.rolls),
                "dice": self.ctx.params.get("dice", ""),
                "seed": self.ctx.params.get("seed", ""),
            },
        )

    def _resume(self) -> None:
        loaded = self.ctx.saves.load(GAME)
        if loaded.notice:
            self.notice = (loaded.notice, {})
        state = loaded.state
        if state is None:
            return
        # Every field the screen reads is checked here, before anything is cleared
        # (see zaria_web.saved_state).
        try:
            saved = saved_state.engine_state(state, "engine", STATE_VERSION)
            game = FarkleGame.from_dict(self._clean_names(saved))
            extras = saved_state.farkle_extras(state, MAX_DICE)
            if any(s.computer and s.level not in LEVELS for s in game.seats):
                raise StateError("farkle save: unknown computer level")
            if any(s.level == "master" for s in game.seats if s.computer) and not (
                master_available(game.rules)
            ):
                raise StateError(f"farkle save: no Master table for the rules {game.rules.id!r}")
        except saved_state.NewerState as exc:
            self.notice = (self.ctx.saves.reject(GAME, str(exc), "save.newer"), {})
            return
        except Exception as exc:  # whatever a hostile dict makes the engine raise
            self.notice = (self.ctx.saves.reject(GAME, str(exc) or type(exc).__name__), {})
            return
        if game.over:
            self.ctx.saves.clear(GAME)
            return
        same_dice = extras.dice == self.ctx.params.get("dice", "") and (
            extras.seed == self.ctx.params.get("seed", "")
        )
        if same_dice and self.source.reproducible:
            for n in extras.rolls:
                self.source.roller.roll(n)
        self.rolls = list(extras.rolls)
        self.game = game
        self.setup = self._setup_from(game)
        self.mode = "table"
        self.notice = ("farkle.resumed", {})
        self._prepare_level()
        self._schedule()

    @staticmethod
    def _setup_from(game: FarkleGame) -> Setup:
        computer = next((s for s in game.seats if s.computer), None)
        return Setup(
            names=[s.name for s in game.seats if not s.computer] or [""],
            computer=computer is not None,
            level=computer.level if computer is not None else "normal",
            target=game.target,
            rules=game.rules,
        )

    # -- speaking ---------------------------------------------------------------
    def _say(self, text: str, assertive: bool = False) -> None:
        if not text:
            return
        if self._batch is not None:
            self._batch.append((text, assertive))
        else:
            self.ctx.host.announce(text, assertive=assertive)

    def _name(self, seat: int) -> str:
        assert self.game is not None
        s = self.game.seats[seat]
        return self.ctx.tr("farkle.ai_name") if s.computer else s.name

    def _seat_views(self) -> tuple[view.SeatView, ...]:
        game = self.game
        assert game is not None
        return tuple(
            view.SeatView(s.name, s.computer, s.level, b, f)
            for s, b, f in zip(game.seats, game.banked, game.farkles, strict=True)
        )

    def _events_text(self, events: tuple[Event, ...]) -> str:
        """The words that announce what an action brought about."""
        game = self.game
        assert game is not None
        tr = self.ctx.tr
        evs = tuple(view.EventView(e.kind.value, e.seat, e.points, e.dice) for e in events)
        parts = []
        for _kind, head, detail in view.event_lines(tr, self._seat_views(), evs, game.turns_left):
            parts.append(head + (" " if head[-1:] in ".!?;" else ". ") + detail)
        if game.over:
            winners = [self._name(w) for w in game.winners()]
            parts.append(
                tr("farkle.over.wins", name=winners[0])
                if len(winners) == 1
                else tr("farkle.over.tie", names=", ".join(winners))
            )
        elif game.roll is None:
            parts.append(tr("farkle.turn_of", name=self._name(game.current)))
        return " ".join(parts)

    # -- timers -----------------------------------------------------------------
    def _pace(self) -> int:
        return PACE_MS.get(self.ctx.settings.get("pace", "normal"), PACE_MS["normal"])

    def _cancel(self) -> None:
        if self._timer is not None:
            self.ctx.host.clear_timeout(self._timer)
            self._timer = None

    def _ai_turn(self) -> bool:
        game = self.game
        return (
            game is not None
            and not game.over
            and self.mode == "table"
            and game.seats[game.current].computer
        )

    def _schedule(self) -> None:
        """Start the computer's next step if it is its turn (and nothing is in the way:
        the question about a new game, or the computer still being prepared)."""
        self._cancel()
        if self._ai_turn() and not self.confirm and self.computer_state() == "ready":
            self._timer = self.ctx.host.set_timeout(self._pace(), self._tick)

    def _tick(self) -> None:
        self._timer = None
        if not self._ai_turn() or self.confirm or self.computer_state() != "ready":
            return
        if self._pace() == 0:
            # Instant: the whole turn at once, announced as one message.
            batch: list[tuple[str, bool]] = []
            self._batch = batch
            steps = 0
            try:
                while self._ai_turn() and steps < MAX_STEPS:
                    self._ai_step()
                    steps += 1
            finally:
                self._batch = None
            loud = any(a for _, a in batch)
            self._say(" ".join(t for t, _ in batch), assertive=loud)
        else:
            self._ai_step()
        self._schedule()
        self.ctx.redraw()

    # -- getting the computer ready -----------------------------------------------
    def _levels(self) -> set[str]:
        game = self.game
        return set() if game is None else {s.level for s in game.seats if s.computer}

    def _master_file(self) -> DataFile[MasterTable] | None:
        """The download Master needs for this game's rules (None: no Master plays them)."""
        game = self.game
        if game is None or "master" not in self._levels():
            return None
        return MASTER_FILES.get(game.rules)

    def computer_state(self) -> str:
        """The computer's state: ready, preparing (its tables are being built or
        downloaded) or failed (its table could not be downloaded)."""
        game = self.game
        if game is None:
            return "ready"
        download = self._master_file()
        if download is not None and not download.ready:
            return "failed" if download.error is not None and not download.loading else "preparing"
        if "expert" in self._levels() and game.rules not in EXPERT_BUILT:
            return "preparing"
        return "ready"

    def _prepare_level(self) -> None:
        """Get the computer ready for this game's rules, after the table is drawn: start
        Master's download, and build Expert's tables on a timer (the page shows that the
        computer is being prepared while they are built)."""
        game = self.game
        if game is None:
            return
        download = self._master_file()
        if download is not None:
            download.request(self.ctx.host, self._computer_arrived)
        needs_expert = "expert" in self._levels() and game.rules not in EXPERT_BUILT
        if needs_expert and self._prep is None:
            self._prep = self.ctx.host.set_timeout(PREPARE_MS, self._build_expert)

    def _build_expert(self) -> None:
        self._prep = None
        game = self.game
        if game is None or game.rules in EXPERT_BUILT:
            return
        t0 = time.perf_counter()
        expert_table(game.rules)
        EXPERT_BUILT[game.rules] = (time.perf_counter() - t0) * 1000
        self._computer_arrived()

    def _computer_arrived(self) -> None:
        """The computer's tables are ready (or its download failed): carry on, if shown."""
        if self.active:
            self._schedule()
            self.ctx.redraw()

    def _act_retry(self, data: Mapping[str, str]) -> None:
        """Download Master's table again, after a failed download."""
        download = self._master_file()
        if download is not None and download.error is not None and not download.loading:
            self.ctx.focus_after("#fk-turn")  # the button goes while the table downloads
            download.request(self.ctx.host, self._computer_arrived)

    # -- the computer -------------------------------------------------------------
    def _ai_step(self) -> None:
        """One visible step of the computer's turn: roll, set aside, or bank."""
        game = self.game
        assert game is not None
        seat = game.seats[game.current]
        if game.roll is None:
            self._roll()
            return
        plan = player_for(seat.level or "normal", game.rules).plan(game)
        change = set(game.selected) ^ set(plan.keep)
        if change:
            for i in sorted(change):
                game.toggle(i)
            self.rolled = False
            kept = sorted(game.selected_dice)
            self._say(
                self.ctx.tr(
                    "farkle.event.ai_keeps",
                    name=self._name(game.current),
                    dice=view.dice_text(kept),
                )
            )
            self._save()
        elif plan.bank:
            self._bank()
        else:
            self._roll()

    # -- actions ----------------------------------------------------------------
    def _roll(self) -> None:
        game = self.game
        assert game is not None
        seat = game.current
        hot_before = game.hot_dice_pending()
        game.apply(Roll(), roller=_LoggedRoller(self.source, self.rolls))
        self.rolled = True
        self.refused = None
        self.note = None
        self.notice = None
        events = game.events
        lost = any(e.kind is EventKind.LOST_TURN for e in events)
        tr = self.ctx.tr
        rolled = next((e.dice for e in events if e.kind is EventKind.LOST_TURN), game.roll or ())
        said = tr("farkle.event.rolled", name=self._name(seat), dice=view.dice_text(rolled))
        extra = self._events_text(events)
        if hot_before or lost:
            self._say(f"{extra} {said}" if not lost else f"{said} {extra}", assertive=True)
        else:
            self._say(said)
        self._save()
        self._after_turn_change(lost)

    def _bank(self) -> None:
        game = self.game
        assert game is not None
        game.bank()
        self.rolled = False
        self.refused = None
        self.note = None
        self.notice = None
        loud = any(e.kind in _LOUD for e in game.events)
        self._say(self._events_text(game.events), assertive=loud)
        self._save()
        self._after_turn_change(True)

    def _after_turn_change(self, ended: bool) -> None:
        game = self.game
        assert game is not None
        if game.over:
            self._cancel()
            self._record_stats()
            self.ctx.focus_after("#fk-over-title")
            return
        if not ended:
            if not game.seats[game.current].computer and game.roll is not None:
                first = next((i for i, ok in enumerate(game.scoreable) if ok), 0)
                self.ctx.focus_after(f"#fk-die-{first + 1}")
            return
        if game.seats[game.current].computer:
            if self._batch is None:
                self._schedule()
        else:
            self.ctx.focus_after("#fk-roll")

    def _record_stats(self) -> None:
        game = self.game
        assert game is not None
        try:
            from zaria_web import stats
        except ImportError:
            return
        stats.record_farkle(
            self.ctx,
            totals=list(game.banked),
            names=[s.name for s in game.seats],
            humans=[not s.computer for s in game.seats],
            winners=game.winners(),
            reproducible=self.source.reproducible,
            rules=game.rules,
        )

    def _toggle(self, pos: int) -> None:
        game = self.game
        assert game is not None
        hot_before = game.hot_dice_pending()
        self.rolled = False
        self.notice = None
        try:
            game.toggle(pos - 1)
        except IllegalActionError:
            self.refused = pos if game.roll is not None and pos <= len(game.roll) else None
            raise
        self.refused = None
        self.note = None
        if game.hot_dice_pending() and not hot_before:
            points = game.turn_points()
            self._say(
                self.ctx.tr("farkle.hot_dice")
                + " "
                + self.ctx.tr("farkle.event.hot_pending", points=points),
                assertive=True,
            )
        self._save()

    def _clean_names(self, saved: dict[str, Any]) -> dict[str, Any]:
        """A saved game's names, held to the rules of typed ones (see zaria_web.names)."""
        tr = self.ctx.tr
        return clean_saved_seats(
            saved,
            lambda n: tr("farkle.setup.default_name", n=n),
            tr("farkle.ai_name"),
            in_every_language("farkle.ai_name"),
        )

    def _start(self) -> None:
        tr = self.ctx.tr
        computer = in_every_language("farkle.ai_name") if self.setup.computer else []
        names = seat_names(
            self.setup.names, lambda n: tr("farkle.setup.default_name", n=n), computer
        )
        seats = [Seat(n) for n in names]
        rules = self.setup.rules
        if self.setup.computer:
            level = self.setup.level
            if level not in setup_view.levels_for(rules):
                level = "expert"  # the dialog never offers it; a last guard
            seats.append(Seat(tr("farkle.ai_name"), computer=True, level=level))
        self._cancel()
        self.ctx.saves.clear(GAME)
        if self.game is not None:
            # A second game of the page's life: a fresh source (a script starts over).
            self.source = dice_source(self.ctx.params)
        self.game = FarkleGame.new(seats, self.setup.target, rules)
        self.rolls = []
        self.mode = "table"
        self.confirm = False
        self.note = None
        self.notice = None
        self.rolled = False
        self.refused = None
        self._save()
        self._say(tr("farkle.turn_of", name=self._name(0)))
        self.ctx.focus_after("#fk-roll")
        self._prepare_level()
        self._schedule()

    # -- intents ----------------------------------------------------------------
    def on_action(self, act: str, data: Mapping[str, str]) -> None:
        handler: Callable[[Mapping[str, str]], None] | None = getattr(
            self, "_act_" + act.removeprefix("fk-").replace("-", "_"), None
        )
        if handler is None or not act.startswith("fk-"):
            return
        try:
            handler(data)
        except IllegalActionError as exc:
            self.note = (exc.msg_id, dict(exc.params))
            self._say(self.ctx.tr(exc.msg_id, **exc.params), assertive=True)
        if data.get("event") != "input":
            self.ctx.redraw()

    def _human_turn(self) -> bool:
        game = self.game
        return (
            self.mode == "table"
            and not self.confirm
            and game is not None
            and not game.over
            and not game.seats[game.current].computer
        )

    def _wait_for_computer(self) -> bool:
        """True (and says so) when a play control is used during the computer's turn."""
        if self._ai_turn():
            self.note = ("farkle.ai_wait", {})
            self._say(self.ctx.tr("farkle.ai_wait"))
            return True
        return False

    def _act_toggle(self, data: Mapping[str, str]) -> None:
        if self._wait_for_computer() or not self._human_turn():
            return
        self._toggle(int(data.get("pos", "0")))

    def _act_roll(self, data: Mapping[str, str]) -> None:
        if self._wait_for_computer() or not self._human_turn():
            return
        self._roll()

    def _act_bank(self, data: Mapping[str, str]) -> None:
        if self._wait_for_computer() or not self._human_turn():
            return
        self._bank()

    def _act_new(self, data: Mapping[str, str]) -> None:
        game = self.game
        if self.mode == "table" and game is not None and not game.over:
            self.confirm = True
            self._cancel()
            self.ctx.focus_after("#fk-keep")
            return
        self._open_setup()

    def _act_confirm(self, data: Mapping[str, str]) -> None:
        self.confirm = False
        self._open_setup()

    def _act_keep(self, data: Mapping[str, str]) -> None:
        self.confirm = False
        self.ctx.focus_after("#fk-new")
        self._schedule()

    def _open_setup(self) -> None:
        self._cancel()
        self.mode = "setup"
        self.note = None
        self.notice = None
        self.ctx.focus_after("#fk-name-0")

    def _act_back(self, data: Mapping[str, str]) -> None:
        if self.game is not None and not self.game.over:
            self.mode = "table"
            self._schedule()

    def _act_again(self, data: Mapping[str, str]) -> None:
        if self.game is not None and self.game.over:
            self._start()

    def _act_start(self, data: Mapping[str, str]) -> None:
        self._start()

    def _act_card(self, data: Mapping[str, str]) -> None:
        self.card_open = not self.card_open

    def _act_name(self, data: Mapping[str, str]) -> None:
        i = int(data.get("i", "-1"))
        if 0 <= i < len(self.setup.names):
            self.setup.names[i] = data.get("value", "")[:NAME_LENGTH]

    def _act_add(self, data: Mapping[str, str]) -> None:
        if len(self.setup.names) < setup_view.MAX_HUMANS:
            self.setup.names.append("")
            self.ctx.focus_after(f"#fk-name-{len(self.setup.names) - 1}")

    def _act_remove(self, data: Mapping[str, str]) -> None:
        i = int(data.get("i", "-1"))
        if len(self.setup.names) > 1 and 0 <= i < len(self.setup.names):
            del self.setup.names[i]
            self.ctx.focus_after(f"#fk-name-{min(i, len(self.setup.names) - 1)}")

    def _act_computer(self, data: Mapping[str, str]) -> None:
        self.setup.computer = data.get("value") == "on"

    def _act_level(self, data: Mapping[str, str]) -> None:
        if data.get("value") in setup_view.levels_for(self.setup.rules):
            self.setup.level = data["value"]
            self.setup.fell_back = False

    def _act_rule(self, data: Mapping[str, str]) -> None:
        """A house-rule option changed; a chosen Master gives way to Expert, saying so,
        when it has no table for the new rules."""
        option = next((o for o in RULE_OPTIONS if o.field == data.get("field")), None)
        if option is None:
            return
        value = next((v for v in option.values if str(v) == data.get("value")), None)
        if value is None:
            return
        setup = self.setup
        changes: dict[str, Any] = {option.field: value}
        setup.rules = replace(setup.rules, **changes)
        setup.fell_back = setup.level == "master" and not master_available(setup.rules)
        if setup.fell_back:
            setup.level = "expert"
            tr = self.ctx.tr
            self._say(
                tr(
                    "farkle.house.master_fallback",
                    master=tr("farkle.level.master"),
                    expert=tr("farkle.level.expert"),
                )
            )

    def _act_target(self, data: Mapping[str, str]) -> None:
        value = data.get("value", "")
        if value.isdigit() and int(value) in TARGETS:
            self.setup.target = int(value)

    def _act_pace(self, data: Mapping[str, str]) -> None:
        value = data.get("value", "")
        if value in PACE_MS and value != self.ctx.settings.get("pace"):
            self.ctx.set_setting("pace", value)
            if self._timer is not None:
                self._schedule()

    def on_key(self, key: str) -> bool:
        if self.mode != "table" or self.game is None or self.game.over:
            return False
        if self.confirm:
            if key == "Escape":
                self.on_action("fk-keep", {})
                return True
            return False
        k = key.lower()
        if k == "r":
            self.on_action("fk-roll", {})
        elif k == "b":
            self.on_action("fk-bank", {})
        elif k in ("1", "2", "3", "4", "5", "6"):
            self.on_action("fk-toggle", {"pos": k})
        else:
            return False
        return True

    def enter(self) -> None:
        self.active = True
        self._schedule()

    def leave(self) -> None:
        self.active = False
        self._cancel()

    # -- drawing ----------------------------------------------------------------
    def table_view(self) -> view.TableView:
        """The snapshot the table is drawn from."""
        game = self.game
        assert game is not None
        roll = game.roll or ()
        selected = set(game.selected)
        dice = tuple(
            view.DieView(i + 1, v, i in selected, self.rolled, self.refused == i + 1)
            for i, v in enumerate(roll)
        )
        groups = []
        count = 0
        for n, (g, points) in enumerate(game.set_aside, start=1):
            count += len(g)
            hot = count % MAX_DICE == 0
            groups.append(view.GroupView(n, g, points, hot))
        sel = game.selected_dice
        return view.TableView(
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
            events=tuple(
                view.EventView(e.kind.value, e.seat, e.points, e.dice) for e in game.events
            ),
            turns_left=game.turns_left,
            last_round_by=game.last_round_by,
            note=self.note,
            notice=self.notice,
            dice_error=self.source.describe(self.ctx.tr),
            confirm=self.confirm,
            pace=self.ctx.settings.get("pace", "normal"),
            card_open=self.card_open,
            rules=game.rules,
            opening_needed=game.opening_needed,
            computer_state=self.computer_state(),
        )

    def render(self) -> str:
        tr = self.ctx.tr
        game = self.game
        if self.mode == "setup" or game is None:
            s = self.setup
            return setup_view.render_setup(
                tr,
                setup_view.SetupView(
                    names=tuple(s.names),
                    computer=s.computer,
                    level=s.level,
                    target=s.target,
                    pace=self.ctx.settings.get("pace", "normal"),
                    can_go_back=game is not None and not game.over,
                    notice=self.notice,
                    dice_error=self.source.describe(self.ctx.tr),
                    card_open=self.card_open,
                    rules=s.rules,
                    fell_back=s.fell_back,
                ),
            )
        if game.over:
            return view.render_over(
                tr,
                view.OverView(
                    seats=self._seat_views(),
                    target=game.target,
                    winners=tuple(game.winners()),
                    events=tuple(
                        view.EventView(e.kind.value, e.seat, e.points, e.dice) for e in game.events
                    ),
                    rules=game.rules,
                ),
            )
        # Coming back to the screen during the computer's turn picks its play up again.
        if self._timer is None and self._batch is None:
            self._schedule()
        html = view.render_table(tr, self.table_view())
        self.rolled = False
        return html


__all__ = ["FarkleScreen", "Setup"]
