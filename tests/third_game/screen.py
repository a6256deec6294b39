"""Climb's part of the one game screen: its spec, its part and its views.

Its controls: Roll and Stop (keys R and S); the shared screen does the rest (the
form, the computer's turns, the hand-over card, Undo, the log, the end, the save).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from third_game.engine import ROUNDS, STATE_VERSION, ClimbGame, Roll, Stop, Toggle
from zaria.game import Seat
from zaria_web.play.intents import Play
from zaria_web.play.log import Note, Turn
from zaria_web.play.screen import GameScreen, GameSpec, PartDefaults
from zaria_web.play.seats import MAX_HUMANS, shown_name
from zaria_web.runtime.effects import Effects
from zaria_web.screen import any_case
from zaria_web.storage.counted import Counted
from zaria_web.ui import widgets
from zaria_web.ui.html import Markup, el, frag

PREFIX = "climb"
LEVELS = ("normal",)
#: The computer stops once its turn holds this many points.
COMPUTER_STOPS_AT = 8

ACTS: dict[str, Callable[[Mapping[str, str]], Any]] = {
    "roll": lambda d: Play(Roll()),
    "stop": lambda d: Play(Stop()),
}


class Computer:
    """The computer: it rolls until its turn holds :data:`COMPUTER_STOPS_AT` points."""

    def plan(self, game: ClimbGame) -> None:
        return None


def next_action(game: ClimbGame, plan: Any) -> Roll | Stop:
    return Stop() if game.points >= COMPUTER_STOPS_AT else Roll()


def button(label: str, act: str, ident: str, enabled: bool = True, primary: bool = False) -> Markup:
    kind = "btn primary big" if primary else "btn"
    return el(
        "button", label, type="button", class_=kind, data_act=act, id=ident, disabled=not enabled
    )


class ClimbPart(PartDefaults[ClimbGame]):
    """Climb's own part of the screen: it keeps nothing beside the shared model, and
    leaves to the defaults every hook it does not need."""

    def __init__(self, s: GameScreen[ClimbGame]) -> None:
        super().__init__(s)
        self._total_before = 0

    @property
    def game(self) -> ClimbGame:
        assert self.s.game is not None
        return self.s.game

    def tr(self, key: str, **params: Any) -> str:
        return self.s.ctx.tr(key, **params)

    # -- the form and the game's life ---------------------------------------------------
    def levels(self) -> tuple[str, ...]:
        return LEVELS

    def new_game(self, seats: list[Seat], duplicate: str | None = None) -> ClimbGame:
        return ClimbGame.new(seats, strict=self.s.form.strict)

    def player(self, seat: Seat) -> Computer:
        return Computer()

    def ended(self, out: Effects) -> None:
        out.focus(f"#{PREFIX}-end-title")
        out.announce(self._winners(), assertive=True)

    def _winners(self) -> str:
        outcome = self.game.outcome()
        assert outcome is not None
        names = ", ".join(shown_name(self.s.ctx.tr, self.game.seats[w]) for w in outcome.winners)
        return self.tr("climb.end.winners", names=names)

    def keys(self) -> dict[str, Any]:
        game = self.s.live()
        if game is None or not self.s.human_turn():
            return {}
        keys: dict[str, Any] = {"r": Play(Roll())}
        if game.points:
            keys["s"] = Play(Stop())
        return any_case(keys)

    # -- playing ------------------------------------------------------------------------
    def before_play(self, action: Any) -> None:
        self._total_before = self.game.totals[self.game.current]

    def played(self, action: Any, out: Effects) -> None:
        game = self.game
        if isinstance(action, Roll):
            self.s.rolled = frozenset({0})
            key = "climb.log.bust" if game.busted else "climb.log.roll"
            out.announce(self.tr(key, face=game.die or 0))
        self.s.note = None

    def die_said(self, index: int) -> str:
        return self.tr("climb.die", value=self.game.die or 0)

    def feel(self, action: Any, seat: int, out: Effects) -> None:
        computer = self.game.seats[seat].computer
        if isinstance(action, Roll) and not self.s.real_dice:
            out.sound("roll", soft=computer)
        elif isinstance(action, Stop):
            out.sound("score", soft=computer)

    def stats_key(self) -> Counted:
        return Counted(PREFIX, real=self.s.real_dice)

    def stats_extra(self) -> dict[str, Any]:
        return {"wins": True}

    def turn_outcome(self) -> Markup:
        last = self.s.log.turns[-1] if self.s.log.turns else None
        if last is None or not last.kind:
            return Markup()
        said = last.steps[-1]
        return frag(widgets.note_text(self.s.ctx.tr, (said.msg_id, dict(said.params))))

    # -- the game log -------------------------------------------------------------------
    def log_played(self, action: Any, turn: Turn) -> None:
        game = self.game
        seat = turn.seat
        if isinstance(action, Roll) and game.busted:
            turn.steps.append(Note.of("climb.log.bust"))
            turn.kind, turn.total = "bust", game.totals[seat]
        elif isinstance(action, Roll):
            turn.steps.append(Note.of("climb.log.roll", face=game.die or 0))
        elif isinstance(action, Stop):
            total = game.totals[seat]
            turn.steps.append(Note.of("climb.log.bank", points=total - self._total_before))
            turn.kind, turn.points, turn.total = "bank", total - self._total_before, total

    def taken_back(self, turn: Turn) -> Note:
        return Note.of("climb.log.taken_back")

    # -- drawing ------------------------------------------------------------------------
    def view_setup(self) -> Markup:
        tr, form = self.s.ctx.tr, self.s.form
        rows = widgets.name_rows(tr, form.names, PREFIX, "player-row")
        add = button(tr("common.setup.add"), "seat-add", f"{PREFIX}-add")
        computer = el(
            "input", type="checkbox", id=f"{PREFIX}-computer", data_act="seat-computer",
            checked=form.computer, value="off" if form.computer else "on",
        )  # fmt: skip
        return el(
            "section",
            el("h2", tr("climb.setup.title"), id=f"{PREFIX}-setup-title"),
            el("ol", rows, class_="player-list"),
            add if len(form.names) < MAX_HUMANS else None,
            widgets.game_options(tr, PREFIX, form.strict, None),
            el("label", computer, el("span", tr("common.computer")), class_="check"),
            el(
                "div",
                widgets.button(tr("nav.back"), "home"),
                button(tr("common.setup.start"), "start", f"{PREFIX}-start", primary=True),
                class_="btn-row end",
            ),
            class_=f"{PREFIX} setup panel",
            aria_labelledby=f"{PREFIX}-setup-title",
        )

    def view_table(self) -> Markup:
        game, tr = self.game, self.s.ctx.tr
        human = self.s.human_turn()
        name = shown_name(tr, game.seats[game.current])
        scores = [
            el("li", f"{shown_name(tr, seat)}: {game.totals[i]}", id=f"{PREFIX}-total-{i}")
            for i, seat in enumerate(game.seats)
        ]
        die = None if game.die is None else el("p", self.die_said(0), id=f"{PREFIX}-die")
        undo = widgets.undo_button(tr, PREFIX, None if game.strict else self.s.undo_offered())
        pad = self.s.pad_view()
        keypad = None if pad is None else widgets.dice_pad(tr, PREFIX, pad)
        buttons = el(
            "div",
            button(tr("climb.roll"), "roll", f"{PREFIX}-roll", human),
            button(tr("climb.stop"), "stop", f"{PREFIX}-stop", human and game.points > 0),
            undo,
            button(tr("common.new_game"), "new", f"{PREFIX}-new"),
            class_="btn-row",
        )
        return el(
            "section",
            el("h2", tr("climb.turn", name=name, n=game.round, of=ROUNDS), id=f"{PREFIX}-turn"),
            el("ol", scores, class_=f"{PREFIX}-totals"),
            die,
            el("p", tr("climb.points", points=game.points), id=f"{PREFIX}-points"),
            keypad,
            buttons,
            class_=f"{PREFIX} table",
            aria_labelledby=f"{PREFIX}-turn",
        )

    def view_end(self) -> Markup:
        game, tr = self.game, self.s.ctx.tr
        outcome = game.outcome()
        assert outcome is not None
        places = [
            el(
                "li",
                f"{place}. {shown_name(tr, game.seats[seat])}: {outcome.totals[seat]}",
                id=f"{PREFIX}-place-{seat}",
            )
            for place, seat in widgets.ranked(outcome)
        ]
        again = self.s.offers_again and frag(
            button(tr("common.new_game"), "new", f"{PREFIX}-new"),
            button(tr("climb.again"), "again", f"{PREFIX}-again", primary=True),
        )
        return el(
            "section",
            el("h2", self._winners(), id=f"{PREFIX}-end-title", tabindex="-1", data_end_title=True),
            el("ol", places, class_=f"{PREFIX}-ranking"),
            el("div", again, class_="btn-row"),
            class_=f"{PREFIX} end",
            aria_labelledby=f"{PREFIX}-end-title",
        )


SPEC: GameSpec[ClimbGame] = GameSpec(
    name=PREFIX,
    prefix=PREFIX,
    state_version=STATE_VERSION,
    max_dice=1,
    acts=ACTS,
    toggle=Toggle,
    roll=Roll,
    from_dict=ClimbGame.from_dict,
    next_action=next_action,
    game_round=lambda game: min(game.round, ROUNDS),
    decision_steps=frozenset({"climb.log.bank"}),
    round_key="climb.log.round",
    log_notes={
        "climb.log.roll": frozenset({"face"}),
        "climb.log.bust": frozenset(),
        "climb.log.bank": frozenset({"points"}),
        "climb.log.taken_back": frozenset(),
    },
    turn_kinds=("bank", "bust"),
    part=ClimbPart,
    busted=lambda game: game.busted,
)
