"""The home screen: the games as big buttons, Resume for a game in progress,
and the way to the statistics.

A game's card and its Resume button both open the game's screen, which resumes
the saved game; Resume is there so that a game in progress is never missed.
Its accessible name is just "Resume": the game's name is the group's label,
and the card stays the only button named after the game.
"""

from __future__ import annotations

from typing import Any

from zaria_web import games
from zaria_web.games import DAILY, DUEL
from zaria_web.runtime.effects import Effects
from zaria_web.screen import GAMES, PLAYED, Context, Enter, Page, StorageChanged
from zaria_web.storage import daily, stored
from zaria_web.storage.saves import PREFIX as SAVE_PREFIX
from zaria_web.ui import widgets
from zaria_web.ui.html import Markup, die_face, el


class HomeScreen(Page):
    """Pick a game, resume one, or see the statistics (its controls are the app's)."""

    name = "home"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        #: Which games have a game in progress (their Resume buttons).
        self.in_progress: dict[str, bool] = {}
        self.played_today: dict[str, bool] = {}
        self._look()

    def _look(self) -> None:
        self.in_progress = {g: self.ctx.saves.has(g) for g in PLAYED}
        # Today's daily dice played already (read only: the screen sets aside nothing).
        today = self.ctx.host.now_iso()[:10]
        days = stored.read(self.ctx.host, daily.KEY, daily.parse).value or {}
        self.played_today = {g: daily.day_of(days, g, today).done for g in GAMES}

    def update(self, intent: Any, out: Effects) -> None:
        other = isinstance(intent, StorageChanged) and intent.key is not None
        if other and not intent.key.startswith(SAVE_PREFIX):
            return  # not a game in progress
        if isinstance(intent, Enter | StorageChanged):
            self._look()

    def _slot(self, game: str) -> Markup:
        tr = self.ctx.tr
        saved = self.in_progress.get(game, False)
        card = el(
            "button",
            el("span", die_face(games.named(game).art), class_="game-art", aria_hidden="true"),
            el("span", tr("game." + game), class_="game-name", id=f"name-{game}"),
            el("span", tr(f"game.{game}.desc"), class_="game-desc"),
            saved and el("span", tr("home.in_progress"), class_="game-badge"),
            type="button",
            class_="game-card " + game,
            data_act="open",
            data_game=game,
        )
        resume = saved and widgets.button(
            tr("home.resume"), "open", f"resume-{game}", "btn primary resume", data_game=game
        )
        # The score pad: the same game with the table's own dice.
        pad = f"{game}-pad"
        real_label = tr("home.real_resume" if self.in_progress.get(pad) else "home.real_dice")
        real = el(
            "button",
            el("span", class_="real-icon", aria_hidden="true"),
            real_label,
            type="button",
            class_="btn real-dice",
            id=f"real-{game}",
            data_act="open",
            data_game=pad,
        )
        challenges = games.named(game).duplicate and self._challenges(game)
        # The game's rules, within its group (named by the game).
        rules = widgets.button(
            tr("nav.rules"), "rules", f"home-rules-{game}", "btn home-rules", data_game=game
        )
        return el(
            "div",
            card,
            resume,
            real,
            challenges,
            rules,
            class_="game-slot",
            role="group",
            aria_labelledby=f"name-{game}",
        )

    def _challenges(self, game: str) -> Markup:
        """The game's daily dice (marked once played today) and a duel of one's own."""
        tr = self.ctx.tr
        done = self.played_today.get(game, False)
        label = tr("home.daily_done" if done else "home.daily")
        return el(
            "div",
            widgets.button(
                label,
                "open",
                f"daily-{game}",
                "btn challenge-btn daily-btn",
                data_game=game + DAILY,
            ),
            widgets.button(
                tr("home.duel"),
                "open",
                f"duel-{game}",
                "btn challenge-btn duel-btn",
                data_game=game + DUEL,
            ),
            class_="challenge-row",
        )

    def view(self) -> Markup:
        tr = self.ctx.tr
        stats = el(
            "button",
            el("span", class_="stats-icon", aria_hidden="true"),
            tr("home.stats"),
            type="button",
            class_="btn home-link stats-link",
            data_act="open",
            data_game="stats",
        )
        settings = widgets.button(
            tr("home.settings"), "open", "home-settings", "btn home-link", data_game="settings"
        )
        return el(
            "section",
            el("p", tr("app.tagline"), class_="tagline", id="tagline"),
            el("h1", tr("home.title"), class_="sr-only", id="home-title"),
            el("div", [self._slot(g) for g in GAMES], class_="game-grid"),
            el(
                "nav",
                stats,
                settings,
                class_="btn-row home-links",
                aria_label=tr("home.more"),
            ),
            class_="home",
            aria_labelledby="home-title",
        )
