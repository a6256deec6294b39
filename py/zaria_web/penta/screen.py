"""Penta's screen: setup, the table, computer turns, auto-record, coach, review.

The controller turns intents into engine calls and keeps only what the engine
does not: the box the player has selected, the countdown, which dice just
rolled, and the decisions reviewed at the end. Rendering is
:mod:`zaria_web.penta.view`'s job.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from zaria.errors import IllegalActionError
from zaria.game import Seat
from zaria.penta.advisor import CasualPlayer, OptimalPlayer, Player, hold_pattern
from zaria.penta.game import STATE_VERSION, PentaGame, Roll
from zaria.penta.scoring import Box
from zaria.penta.strategy import SheetState, Strategy, Table, load_table, prepare
from zaria_web import saved_state
from zaria_web.names import NAME_LENGTH, clean_saved_seats, in_every_language, seat_names
from zaria_web.penta import view as penta_view
from zaria_web.penta.view import LEVELS, MAX_HUMANS
from zaria_web.play.dice import DiceSource, dice_source
from zaria_web.screen import Context

GAME = "penta"
TABLE_URL = "data/penta_table.bin"
#: Milliseconds between a computer's steps, by pace.
PACE_MS = {"normal": 1000, "fast": 300, "instant": 0}

# The strategy table is shared by every game of the page's life.
_table: Table | None = None
_strategy: Strategy | None = None
#: Milliseconds the table took to download and to read, for the benchmark.
TABLE_TIMES: dict[str, float] = {}


@dataclass
class Decision:
    """A human decision that scored less expected value than the best option."""

    seat: int
    round: int
    roll: int
    chosen: str
    best: str
    cost: float

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass
class Setup:
    """The new-game form: human names, the computer and its level."""

    names: list[str] = field(default_factory=lambda: [""])
    computer: bool = True
    level: str = "optimal"


class PentaScreen:
    """The Penta screen's controller."""

    name = GAME

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.phase = "setup"
        self.setup = Setup()
        self.game: PentaGame | None = None
        self.selected: Box | None = None
        self.rolled: tuple[bool, ...] = (False,) * 5
        self.countdown: int | None = None
        self.decisions: list[Decision] = []
        self.message: tuple[str, dict[str, Any]] | None = None
        self.computer_box: Box | None = None
        self.confirm_new = False
        self.show_all = False
        self.settings_open = False
        self.table_error: str | None = None
        #: Whether this screen is the one shown: timers and late callbacks act only then.
        self.active = False
        self._timer: int | None = None
        self.source: DiceSource = dice_source(ctx.params)
        self._load_table()
        self._resume()

    # -- the strategy table ---------------------------------------------------
    def _load_table(self) -> None:
        if _table is None:
            TABLE_TIMES["requested"] = time.perf_counter()
            self.ctx.host.load_bytes(TABLE_URL, self._table_loaded, self._table_failed)

    def _table_loaded(self, data: bytes) -> None:
        global _table, _strategy
        t0 = time.perf_counter()
        try:
            table = load_table(data)
        except Exception as exc:  # cut short or damaged on the way: as good as not arrived
            self._table_failed(f"{TABLE_URL}: {exc}")
            return
        _table = table
        _strategy = Strategy(_table)
        t1 = time.perf_counter()
        prepare()
        TABLE_TIMES["read_ms"] = (t1 - t0) * 1000
        TABLE_TIMES["prepare_ms"] = (time.perf_counter() - t1) * 1000
        TABLE_TIMES["fetch_and_read_ms"] = (t1 - TABLE_TIMES.get("requested", t0)) * 1000
        self.table_error = None
        if self.active:
            self._schedule()
            self.ctx.redraw()

    def _table_failed(self, error: str) -> None:
        self.table_error = error
        if self.active:
            self.ctx.redraw()

    def _act_table_retry(self, data: Mapping[str, str]) -> None:
        """Download the strategy table again, after a failed download."""
        if _table is None and self.table_error is not None:
            self.table_error = None
            self.ctx.focus_after("#screen")  # the button goes while the table downloads
            self._load_table()

    @property
    def strategy(self) -> Strategy | None:
        return _strategy

    # -- saving ---------------------------------------------------------------
    def _save(self) -> None:
        if self.game is None or self.phase != "play":
            return
        self.ctx.saves.save(
            GAME,
            {
                "game": self.game.to_dict(),
                "level": self.setup.level,
                "selected": None if self.selected is None else self.selected.value,
                "decisions": [d.to_dict() for d in self.decisions],
                "reproducible": self.source.reproducible,
            },
        )

    def _resume(self) -> None:
        loaded = self.ctx.saves.load(GAME)
        if loaded.notice:
            self.message = (loaded.notice, {})
        if loaded.state is None:
            return
        state = loaded.state
        # Every field the screen reads is checked here, before anything is cleared:
        # a save that loads must play to its end (see zaria_web.saved_state).
        try:
            saved = saved_state.engine_state(state, "game", STATE_VERSION)
            game = PentaGame.from_dict(self._clean_names(saved))
            extras = saved_state.penta_extras(
                state, len(game.seats), LEVELS, frozenset(game.options())
            )
        except saved_state.NewerState as exc:
            self.message = (self.ctx.saves.reject(GAME, str(exc), "save.newer"), {})
            return
        except Exception as exc:  # whatever a hostile dict makes the engine raise
            self.message = (self.ctx.saves.reject(GAME, str(exc) or type(exc).__name__), {})
            return
        if game.over:
            self.ctx.saves.clear(GAME)
            return
        self.game = game
        self.setup = Setup(
            names=[s.name for s in game.seats if not s.computer] or [""],
            computer=any(s.computer for s in game.seats),
            level=extras.level,
        )
        self.selected = extras.selected
        self.decisions = [Decision(**d) for d in extras.decisions]
        self.source.reproducible = self.source.reproducible or extras.reproducible
        self.phase = "play"
        self._schedule()

    # -- timers ---------------------------------------------------------------
    def _cancel(self) -> None:
        if self._timer is not None:
            self.ctx.host.clear_timeout(self._timer)
            self._timer = None
        self.countdown = None

    def _after(self, ms: int, fn: Any) -> None:
        self._cancel()
        self._timer = self.ctx.host.set_timeout(ms, fn)

    def _autorecord_seconds(self) -> int | None:
        value = self.ctx.settings.get("autorecord", "3")
        return int(value) if value.isdigit() and int(value) > 0 else None

    def _schedule(self) -> None:
        """Start whatever runs by itself now: a computer step or the countdown."""
        game = self.game
        self._cancel()
        # Nothing runs off-screen, nor while the player decides whether to abandon the game.
        if not self.active or self.confirm_new or game is None or game.over or self.phase != "play":
            return
        seat = game.seats[game.current]
        if seat.computer:
            if self.strategy is None:
                return  # resumes when the table has loaded
            pace = PACE_MS.get(self.ctx.settings.get("pace", "normal"), 1000)
            if pace == 0:
                while self.game is not None and self._computer_turn_active():
                    self._computer_step()
                return
            self._after(pace, self._computer_tick)
            return
        seconds = self._autorecord_seconds()
        if game.dice is not None and game.rolls_left == 0 and self.selected is None and seconds:
            self.countdown = seconds
            self._timer = self.ctx.host.set_timeout(1000, self._countdown_tick)

    def _countdown_tick(self) -> None:
        self._timer = None
        if not self.active or self.countdown is None or self.game is None:
            return
        self.countdown -= 1
        if self.countdown > 0:
            self._timer = self.ctx.host.set_timeout(1000, self._countdown_tick)
            self.ctx.redraw()
            return
        self.countdown = None
        box = self._optimal_box()
        if box is not None:
            self._record(box, auto=True)
        self.ctx.redraw()

    def _computer_turn_active(self) -> bool:
        game = self.game
        return game is not None and not game.over and game.seats[game.current].computer

    def _computer_tick(self) -> None:
        self._timer = None
        if not self.active:
            return
        self._computer_step()
        self.ctx.redraw()

    # -- the players ----------------------------------------------------------
    def _state(self) -> SheetState:
        assert self.game is not None
        return SheetState.from_sheet(self.game.sheets[self.game.current])

    def _optimal_box(self) -> Box | None:
        game = self.game
        if game is None or game.dice is None or self.strategy is None:
            return None
        return self.strategy.best_box(self._state(), game.dice)

    def _computer_choice(self) -> tuple[str, Any]:
        """The computer's next step: ``("roll", None)``, ``("hold", held)`` or ``("box", box)``."""
        game = self.game
        assert game is not None and self.strategy is not None
        if game.dice is None:
            return "roll", None
        player: Player = (
            CasualPlayer() if self.setup.level == "casual" else OptimalPlayer(self.strategy)
        )
        state = self._state()
        if game.rolls_left > 0:
            keep = player.keep(state, game.dice, game.rolls_left)
            if len(keep) < 5:
                held = list(hold_pattern(game.dice, keep, game.held))
                return ("hold", held) if held != list(game.held) else ("roll", None)
        return "box", player.box(state, game.dice)

    def _computer_step(self) -> None:
        """One visible step of the computer's turn; schedules the next."""
        game = self.game
        if game is None or not self._computer_turn_active() or self.strategy is None:
            return
        kind, arg = self._computer_choice()
        if kind == "roll":
            self._roll()
        elif kind == "hold":
            game.set_held(arg)
            self._save()
        elif self.computer_box is None:
            # First show the chosen box, then record it on the next step.
            self.computer_box = arg
            self.selected = arg
        else:
            box = self.computer_box
            self.computer_box = None
            self._record(box)
            return
        if PACE_MS.get(self.ctx.settings.get("pace", "normal"), 1000):
            self._schedule()

    # -- actions --------------------------------------------------------------
    def _roll(self) -> None:
        game = self.game
        assert game is not None
        before = game.dice
        self._review_keep()
        # The game checks the roll is allowed before the dice are drawn, so a refused
        # roll does not use up a group of a dice script.
        game.apply(Roll(), self.source.roller)
        self.rolled = tuple(before is None or not h for h in game.held)
        self.selected = None
        self.computer_box = None
        self.message = None
        if game.must_sacrifice():
            self.message = ("penta.sacrifice", {})
        dice = ", ".join(str(d) for d in game.dice or ())
        self.ctx.host.announce(self.ctx.tr("penta.announce.roll", dice=dice))
        self._save()
        if not game.seats[game.current].computer:
            if game.rolls_left == 0:
                # The Roll button and the dice are disabled now: a box is what is left to choose.
                self.ctx.focus_after(".box-btn:not(:disabled)")
            self._schedule()

    def _record(self, box: Box, auto: bool = False) -> None:
        game = self.game
        assert game is not None
        seat = game.current
        if not game.seats[seat].computer:
            self._review_box(box)
        self._cancel()
        game.score(box)
        self.selected = None
        self.computer_box = None
        self.rolled = (False,) * 5
        scored = game.last_scored
        assert scored is not None
        # Kept as ids and values, so that the message follows a change of language.
        params: dict[str, Any] = {
            "key": "penta.announce.auto" if auto else "penta.announce.scored",
            "seat": seat,
            "box": box.value,
            "points": scored.points,
            "bonus": scored.bonus,
        }
        self.message = ("penta.last", params)
        self.ctx.host.announce(penta_view.scored_text(self.ctx.tr, game, **params))
        if game.over:
            self._finish()
            return
        # A human's turn starts at the Roll button; during the computer's, focus
        # waits on the screen rather than on a control that is now disabled.
        self.ctx.focus_after("#screen" if game.seats[game.current].computer else "#penta-roll")
        self._save()
        self._schedule()

    def _finish(self) -> None:
        game = self.game
        assert game is not None
        self.phase = "end"
        self._cancel()
        self.ctx.saves.clear(GAME)
        try:
            from zaria_web import stats

            n = len(game.seats)
            stats.record_penta(
                self.ctx,
                totals=[game.totals(s).total for s in range(n)],
                names=[seat.name for seat in game.seats],
                humans=[not seat.computer for seat in game.seats],
                upper_bonus=[game.totals(s).upper_bonus > 0 for s in range(n)],
                reproducible=self.source.reproducible,
            )
        except (ImportError, AttributeError):
            pass
        self.ctx.focus_after("#penta-end-title")
        names = ", ".join(penta_view.seat_name(self.ctx.tr, game.seats[w]) for w in game.winners())
        self.ctx.host.announce(self.ctx.tr("penta.end.winners", names=names), assertive=True)

    def _clean_names(self, saved: dict[str, Any]) -> dict[str, Any]:
        """A saved game's names, held to the rules of typed ones (see zaria_web.names)."""
        tr = self.ctx.tr
        return clean_saved_seats(
            saved,
            lambda n: tr("penta.setup.default_name", n=n),
            tr("penta.computer_name"),
            in_every_language("penta.computer_name"),
        )

    def _start(self, names: list[str]) -> None:
        tr = self.ctx.tr
        computer = in_every_language("penta.computer_name") if self.setup.computer else []
        humans = seat_names(names, lambda n: tr("penta.setup.default_name", n=n), computer)
        seats = [Seat(n) for n in humans]
        if self.setup.computer:
            seats.append(Seat(tr("penta.computer_name"), computer=True, level=self.setup.level))
        self._cancel()
        self.ctx.saves.clear(GAME)
        self.source = dice_source(self.ctx.params)
        self.game = PentaGame.new(seats)
        self.decisions = []
        self.selected = None
        self.computer_box = None
        self.rolled = (False,) * 5
        self.message = None
        self.confirm_new = False
        self.phase = "play"
        self.ctx.focus_after("#penta-roll")
        self._save()
        self._schedule()

    # -- review ---------------------------------------------------------------
    def _options_values(self) -> tuple[dict[tuple[int, ...], float], dict[Box, float]] | None:
        game = self.game
        if game is None or game.dice is None or self.strategy is None:
            return None
        tv = self.strategy.turn(self._state())
        boxes = {v.box: v.expected for v in tv.box_values(game.dice)}
        keeps = tv.keep_values(game.dice, game.rolls_left) if game.rolls_left else {}
        return keeps, boxes

    def _note(self, chosen: str, chosen_value: float, best: str, best_value: float) -> None:
        game = self.game
        assert game is not None
        cost = best_value - chosen_value
        if cost > 0.005:
            self.decisions.append(
                Decision(game.current, game.round, game.rolls_used, chosen, best, round(cost, 2))
            )

    def _best_label(
        self, keeps: dict[tuple[int, ...], float], boxes: dict[Box, float]
    ) -> tuple[str, float]:
        best_box = max(boxes, key=lambda b: boxes[b])
        label, value = "box:" + best_box.value, boxes[best_box]
        if keeps:
            keep = max(keeps, key=lambda k: (keeps[k], len(k)))
            if keeps[keep] > value:
                label, value = "keep:" + "".join(map(str, keep)), keeps[keep]
        return label, value

    def _review_keep(self) -> None:
        game = self.game
        if game is None or game.dice is None or game.seats[game.current].computer:
            return
        values = self._options_values()
        if values is None:
            return
        keeps, boxes = values
        kept = tuple(sorted(d for d, h in zip(game.dice, game.held, strict=True) if h))
        if kept not in keeps:
            return
        best, best_value = self._best_label(keeps, boxes)
        self._note("keep:" + "".join(map(str, kept)), keeps[kept], best, best_value)

    def _review_box(self, box: Box) -> None:
        values = self._options_values()
        if values is None:
            return
        keeps, boxes = values
        if box not in boxes:
            return
        best, best_value = self._best_label(keeps, boxes)
        self._note("box:" + box.value, boxes[box], best, best_value)

    # -- intents --------------------------------------------------------------
    def on_action(self, act: str, data: Mapping[str, str]) -> None:
        handler = getattr(self, "_act_" + act.replace("-", "_"), None)
        if handler is None:
            return
        try:
            handler(data)
        except IllegalActionError as exc:
            self.message = (exc.msg_id, dict(exc.params))
            self.ctx.host.announce(self.ctx.tr(exc.msg_id, **exc.params), assertive=True)
        if data.get("event") != "input":
            self.ctx.redraw()

    def _human_turn(self) -> bool:
        game = self.game
        return (
            self.phase == "play"
            and game is not None
            and not game.over
            and not game.seats[game.current].computer
        )

    def _act_roll(self, data: Mapping[str, str]) -> None:
        if self._human_turn() and self.game is not None and self.game.can_roll():
            self._roll()

    def _act_hold(self, data: Mapping[str, str]) -> None:
        if self._human_turn() and self.game is not None:
            self.game.toggle_hold(int(data["index"]))
            self.rolled = (False,) * 5
            self._save()

    def _act_box(self, data: Mapping[str, str]) -> None:
        if not self._human_turn() or self.game is None:
            return
        box = Box(data["box"])
        if box not in self.game.options():
            return
        self._cancel()
        self.selected = None if self.selected is box else box
        self._save()

    def _act_validate(self, data: Mapping[str, str]) -> None:
        if self._human_turn() and self.selected is not None:
            self._record(self.selected)

    def _act_setup_name(self, data: Mapping[str, str]) -> None:
        i = int(data["index"])
        if 0 <= i < len(self.setup.names):
            self.setup.names[i] = data.get("value", "")[:NAME_LENGTH]

    def _act_setup_add(self, data: Mapping[str, str]) -> None:
        if len(self.setup.names) < MAX_HUMANS:
            self.setup.names.append("")
            self.ctx.host.focus(f"#penta-name-{len(self.setup.names) - 1}")

    def _act_setup_remove(self, data: Mapping[str, str]) -> None:
        i = int(data["index"])
        if len(self.setup.names) > 1 and 0 <= i < len(self.setup.names):
            del self.setup.names[i]
            # Focus goes to the name that took this row's place, or the one above it.
            self.ctx.focus_after(f"#penta-name-{min(i, len(self.setup.names) - 1)}")

    def _act_setup_computer(self, data: Mapping[str, str]) -> None:
        self.setup.computer = data.get("value") == "on"

    def _act_setup_level(self, data: Mapping[str, str]) -> None:
        if data.get("value") in LEVELS:
            self.setup.level = data["value"]

    def _act_setting(self, data: Mapping[str, str]) -> None:
        self.ctx.set_setting(data["key"], data.get("value", ""))
        key = data["key"]
        if key in ("pace", "autorecord"):
            self._schedule()

    def _act_coach(self, data: Mapping[str, str]) -> None:
        self._act_setting({"key": "coach", "value": data.get("value", "off")})

    def _act_start(self, data: Mapping[str, str]) -> None:
        self._start(self.setup.names)

    def _act_new(self, data: Mapping[str, str]) -> None:
        if self.phase == "play" and self.game is not None and not self.confirm_new:
            self.confirm_new = True
            self._cancel()  # no countdown or computer step behind the question
            self.ctx.focus_after("#confirm-no")
            return
        self._cancel()
        self.ctx.saves.clear(GAME)
        self.confirm_new = False
        self.message = None
        self.phase = "setup"
        self.game = None
        self.ctx.focus_after("#penta-name-0")

    def _act_keep_playing(self, data: Mapping[str, str]) -> None:
        self.confirm_new = False
        self.ctx.focus_after("#penta-new")
        self._schedule()

    def _act_again(self, data: Mapping[str, str]) -> None:
        self._start(self.setup.names)

    def _act_toggle_sheet(self, data: Mapping[str, str]) -> None:
        self.show_all = not self.show_all

    def _act_toggle_settings(self, data: Mapping[str, str]) -> None:
        self.settings_open = not self.settings_open

    def on_key(self, key: str) -> bool:
        if self.phase == "play" and self.confirm_new:
            # The confirmation is open: only Escape (keep playing) applies.
            if key == "Escape":
                self.on_action("keep-playing", {})
                return True
            return False
        if not self._human_turn() or self.game is None:
            return False
        k = key.lower()
        if k == "r" and self.game.can_roll():
            self.on_action("roll", {})
            return True
        if k == "v" and self.selected is not None:
            self.on_action("validate", {})
            return True
        if k in "12345" and len(k) == 1 and self.game.dice is not None and self.game.rolls_left:
            self.on_action("hold", {"index": str(int(k) - 1)})
            return True
        return False

    def enter(self) -> None:
        self.active = True
        self._schedule()

    def leave(self) -> None:
        self.active = False
        self._cancel()

    # -- drawing --------------------------------------------------------------
    def coach_values(self) -> penta_view.Coach | None:
        """The advisor's figures for the current human roll, when coach mode is on."""
        game = self.game
        if (
            self.ctx.settings.get("coach") != "on"
            or game is None
            or game.dice is None
            or not self._human_turn()
        ):
            return None
        values = self._options_values()
        if values is None:
            return None
        keeps, boxes = values
        scored = game.totals(game.current).total
        best, _ = self._best_label(keeps, boxes)
        held = tuple(sorted(d for d, h in zip(game.dice, game.held, strict=True) if h))
        best_keep = max(keeps, key=lambda k: (keeps[k], len(k))) if keeps else None
        return penta_view.Coach(
            boxes={b: scored + v for b, v in boxes.items()},
            best=best,
            best_keep=best_keep,
            best_keep_value=None if best_keep is None else scored + keeps[best_keep],
            held_value=scored + keeps[held] if held in keeps else None,
        )

    def render(self) -> str:
        view = penta_view.PentaView(self.ctx.tr, self.ctx.settings)
        if self.phase == "setup" or self.game is None:
            return view.setup(self.setup, self.message, self.source.describe(self.ctx.tr))
        if self.phase == "end":
            return view.end(self.game, self.decisions)
        html = view.table(
            penta_view.TableState(
                game=self.game,
                selected=self.selected,
                rolled=self.rolled,
                countdown=self.countdown,
                message=self.message,
                coach=self.coach_values(),
                confirm_new=self.confirm_new,
                show_all=self.show_all,
                settings_open=self.settings_open,
                waiting_for_table=self.strategy is None and self._computer_turn_active(),
                table_error=self.table_error,
                dice_error=self.source.describe(self.ctx.tr),
                strategy_missing=self.strategy is None,
            )
        )
        # The dice tumble once, when rolled, not again at every later redraw.
        self.rolled = (False,) * 5
        return html
