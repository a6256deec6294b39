"""A finished game opened again from the statistics: its end screen, as it was.

The end screen is drawn by the game's own screen (the same code as at the end of
play), in its read-only mode (``viewer``): built from the kept
engine state, extras and log (:mod:`zaria_web.storage.archive`), it loads no save and
never plays, saves or counts anything, so the game in progress is untouched.
Its Play again and New game buttons give way to Back, to the statistics.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from typing import Any

from zaria_web.pages.archive_view import when
from zaria_web.play import seats
from zaria_web.play.intents import ToggleLog
from zaria_web.play.screen import GameScreen, game_screen
from zaria_web.runtime.effects import Effects, Go
from zaria_web.screen import Context, Enter, Page, Refresh, StorageChanged
from zaria_web.storage import archive, saved_state
from zaria_web.ui.html import Markup, el
from zaria_web.ui.widgets import button


def end_screen(ctx: Context, entry: archive.Entry) -> GameScreen[Any]:
    """The game screen of ``entry`` at its end, read-only; raises ValueError (or what
    a hostile state makes the engine raise) when the game cannot be built again."""
    screen = game_screen(ctx, entry.screen, viewer=True)
    state = {"engine": entry.state, **entry.extras}
    engine = saved_state.engine_state(state, screen.spec.state_version)
    game = screen.spec.from_dict(seats.clean_seats(ctx.tr, engine))
    screen.check_save(game, state)
    if not game.over:
        raise ValueError("the game kept is not over")
    screen.game, screen.phase = game, "end"
    if entry.log is not None:
        with contextlib.suppress(ValueError):  # a log unread: the end screen without it
            screen.log = screen.read_log(entry.log, len(game.seats))
    return screen


class PastScreen(Page):
    """One finished game's end screen, named by its id (``#/game/<id>``)."""

    name = "game"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.ident = ""
        self.entry: archive.Entry | None = None
        self.screen: GameScreen[Any] | None = None
        #: Why the game is not shown: "missing" (not kept), "broken" (cannot be drawn).
        self.problem = ""

    def show(self, ident: str) -> None:
        """Open the game ``ident`` (read from storage by the update that shows it)."""
        self.ident = ident

    def _load(self, out: Effects) -> None:
        self.entry, self.screen, self.problem = None, None, ""
        self.entry = archive.find(archive.look(self.ctx.host, out).value or [], self.ident)
        if self.entry is None:
            self.problem = "missing"
            return
        try:
            self.screen = end_screen(self.ctx, self.entry)
        except Exception:  # whatever a hostile state makes the engine raise
            self.problem = "broken"

    # -- intents ---------------------------------------------------------------
    def intent(self, act: str, data: Mapping[str, str]) -> Any | None:
        if act == "log":
            return ToggleLog()  # the game's log, folded or not, as at the end of play
        return Go("stats") if act == "past-back" else None

    def keys(self) -> dict[str, Go]:
        return {"Escape": Go("stats")}

    def update(self, intent: Any, out: Effects) -> None:
        if isinstance(intent, Go):
            out.go(intent.screen)
        elif isinstance(intent, ToggleLog) and self.screen is not None:
            self.screen.log_open = not self.screen.log_open
        elif isinstance(intent, Enter | StorageChanged | Refresh):
            self._load(out)
            if isinstance(intent, Enter):
                out.focus(".past .end-title, .past #fk-over-title, #past-title")

    # -- drawing -------------------------------------------------------------------
    def view(self) -> Markup:
        tr = self.ctx.tr
        back = button(tr("past.back"), "past-back", "past-back", "btn primary")
        if self.screen is None or self.entry is None:
            key = "past.missing" if self.problem == "missing" else "past.broken"
            title = el(
                "h1", tr("past.title"), id="past-title", class_="screen-title", tabindex="-1"
            )
            return el(
                "section",
                title,
                el("p", tr(key), class_="past-problem"),
                el("div", back, class_="btn-row"),
                class_="panel past past-missing",
                aria_labelledby="past-title",
            )
        kicker = tr("past.when", date=when(tr, self.entry.date))
        return el(
            "div",
            el("p", kicker, class_="past-when"),
            self.screen.view(),
            el("div", back, class_="btn-row end past-end"),
            class_="past",
        )
