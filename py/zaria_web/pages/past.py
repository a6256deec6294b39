"""A finished game opened again from the statistics: its end screen, as it was.

The end screen is drawn by the game's own screen (the same code as at the end of
play), in its read-only mode (``viewer``): built from the kept
engine state, extras and log (:mod:`zaria_web.storage.archive`), it loads no save and
never plays, saves or counts anything, so the game in progress is untouched.
Its Play again and New game buttons give way to Back, to the statistics.

A day of the daily dice played here (:mod:`zaria_web.storage.daily`, which keeps
its moves) opens the same way, as ``#/game/daily<game><yyyymmdd>``: its result,
the game replayed from the moves kept on that day's dice, shared again if wished;
so does a duel (:mod:`zaria_web.storage.duels`, ``#/game/duel<hash>``).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Mapping
from typing import Any

from zaria_web.pages.archive_view import day, when
from zaria_web.play import challenge as ch
from zaria_web.play import seats
from zaria_web.play.intents import ToggleLog
from zaria_web.play.screen import GameScreen, game_screen
from zaria_web.play.versus import ACTS as VERSUS_ACTS
from zaria_web.runtime.effects import Effects, Go
from zaria_web.screen import Context, Enter, Page, Refresh, StorageChanged
from zaria_web.storage import archive, daily, duels, saved_state
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


_DAILY = re.compile(r"daily([a-z]+)([0-9]{4})([0-9]{2})([0-9]{2})")


def daily_ident(game: str, date: str) -> str:
    """The id a day of ``game``'s daily dice is opened by.

    >>> daily_ident("penta", "2026-12-07")
    'dailypenta20261207'
    """
    return f"daily{game}{date.replace('-', '')}"


def _daily_of(ident: str) -> tuple[str, str] | None:
    """The game and day an id names, when it names a day of the daily dice."""
    found = _DAILY.fullmatch(ident)
    if found is None:
        return None
    game, *parts = found.groups()
    return game, "-".join(parts)


def daily_screen(ctx: Context, game: str, date: str, kept: daily.Day) -> GameScreen[Any]:
    """The result of ``game``'s daily dice of ``date`` as kept, read-only; raises
    ValueError (or what moves kept by another version make the engine raise) when
    its game cannot be played again from the moves kept."""
    screen = game_screen(ctx, f"{game}-daily", viewer=True)
    dup, versus = screen.spec.duplicate, screen.versus
    if dup is None or versus is None or not kept.done:
        raise ValueError(f"no daily dice of {game!r} on {date}")
    mine = ch.daily(game, date)
    mine.moves, mine.attempts, mine.kept_symbols = list(kept.moves), kept.attempts, kept.symbols
    mine.grade = None if kept.computer is None else (kept.computer, "")
    screen.game, screen.phase = dup.replayed(mine.seed, kept.moves), "end"
    versus.challenge = mine
    return screen


def duel_screen(ctx: Context, game: str, kept: duels.Duel) -> GameScreen[Any]:
    """A duel played here, its result as kept (every result its link held, read back
    from their moves), read-only; raises ValueError (or what a hostile value makes the
    engine raise) when its game cannot be played again from the moves kept."""
    screen = game_screen(ctx, f"{game}-duel", viewer=True)
    dup, versus = screen.spec.duplicate, screen.versus
    if dup is None or versus is None:
        raise ValueError(f"{game!r} has no duels")
    versus.check_save(screen, None, {"challenge": kept.challenge})  # raises for a bad one
    mine = versus.challenge
    assert mine is not None
    replayed = versus.played_by(mine).replayed  # by the duel's rules
    screen.game, screen.phase = replayed(mine.seed, "".join(mine.moves)), "end"
    return screen


class PastScreen(Page):
    """One finished game's end screen, named by its id (``#/game/<id>``)."""

    name = "game"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.ident = ""
        self.entry: archive.Entry | None = None
        self.screen: GameScreen[Any] | None = None
        #: When the game shown ended (as stored: a moment, or a day of the daily dice).
        self.date = ""
        #: Why the game is not shown: "missing" (not kept), "broken" (cannot be drawn).
        self.problem = ""

    def show(self, ident: str) -> None:
        """Open the game ``ident`` (read from storage by the update that shows it)."""
        self.ident = ident

    def _load(self, out: Effects) -> None:
        self.entry, self.screen, self.problem, self.date = None, None, "", ""
        if (found := _daily_of(self.ident)) is not None:
            self._load_day(*found, out)
            return
        if (duel := duels.find(duels.look(self.ctx.host, out), self.ident)) is not None:
            self._load_duel(*duel)
            return
        self.entry = archive.find(archive.look(self.ctx.host, out).value or [], self.ident)
        if self.entry is None:
            self.problem = "missing"
            return
        self.date = when(self.ctx.tr, self.entry.date)
        try:
            self.screen = end_screen(self.ctx, self.entry)
        except Exception:  # whatever a hostile state makes the engine raise
            self.problem = "broken"

    def _load_duel(self, game: str, kept: duels.Duel) -> None:
        self.date = day(self.ctx.tr, kept.date)
        try:
            self.screen = duel_screen(self.ctx, game, kept)
        except Exception:  # a challenge kept by another version, or by a hostile hand
            self.problem = "broken"

    def _load_day(self, game: str, date: str, out: Effects) -> None:
        kept = daily.day_of(daily.look(self.ctx.host, out), game, date)
        if not kept.done:
            self.problem = "missing"
            return
        self.date = day(self.ctx.tr, date)
        try:
            self.screen = daily_screen(self.ctx, game, date, kept)
        except Exception:  # moves kept by another version, or by a hostile hand
            self.problem = "broken"

    # -- intents ---------------------------------------------------------------
    def intent(self, act: str, data: Mapping[str, str]) -> Any | None:
        if act == "log":
            return ToggleLog()  # the game's log, folded or not, as at the end of play
        if act in ("share", "shared") and self.screen is not None and self.screen.versus:
            return VERSUS_ACTS[act](data)  # a daily's result, shared again
        return Go("stats") if act == "past-back" else None

    def keys(self) -> dict[str, Go]:
        return {"Escape": Go("stats")}

    def update(self, intent: Any, out: Effects) -> None:
        if isinstance(intent, Go):
            out.go(intent.screen)
        elif isinstance(intent, ToggleLog) and self.screen is not None:
            self.screen.log_open = not self.screen.log_open
        elif isinstance(intent, ch.ShareResult | ch.Shared) and self.screen is not None:
            self.screen.update(intent, out)
        elif isinstance(intent, Enter | StorageChanged | Refresh):
            self._load(out)
            if isinstance(intent, Enter):
                out.focus(".past [data-end-title], #past-title")

    # -- drawing -------------------------------------------------------------------
    def view(self) -> Markup:
        tr = self.ctx.tr
        back = button(tr("past.back"), "past-back", "past-back", "btn primary")
        if self.screen is None:
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
        kicker = tr("past.when", date=self.date)
        return el(
            "div",
            el("p", kicker, class_="past-when"),
            self.screen.view(),
            el("div", back, class_="btn-row end past-end"),
            class_="past",
        )
