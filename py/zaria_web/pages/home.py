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
from zaria_web.runtime.effects import Effects
from zaria_web.screen import GAMES, PLAYED, Context, Enter, Page, StorageChanged
from zaria_web.storage.saves import PREFIX as SAVE_PREFIX
from zaria_web.ui import widgets
from zaria_web.ui.html import attrs, die_face, h


class HomeScreen(Page):
    """Pick a game, resume one, or see the statistics (its controls are the app's)."""

    name = "home"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        #: Which games have a game in progress (their Resume buttons).
        self.in_progress: dict[str, bool] = {}
        self._look()

    def _look(self) -> None:
        self.in_progress = {g: self.ctx.saves.has(g) for g in PLAYED}

    def update(self, intent: Any, out: Effects) -> None:
        other = isinstance(intent, StorageChanged) and intent.key is not None
        if other and not intent.key.startswith(SAVE_PREFIX):
            return  # not a game in progress
        if isinstance(intent, Enter | StorageChanged):
            self._look()

    def _slot(self, game: str) -> str:
        tr = self.ctx.tr
        saved = self.in_progress.get(game, False)
        card = attrs(type="button", class_="game-card " + game, data_act="open", data_game=game)
        badge = f'<span class="game-badge">{h(tr("home.in_progress"))}</span>' if saved else ""
        resume = ""
        if saved:
            button = attrs(
                type="button",
                class_="btn primary resume",
                id=f"resume-{game}",
                data_act="open",
                data_game=game,
            )
            resume = f"<button{button}>{h(tr('home.resume'))}</button>"
        # The score pad: the same game with the table's own dice.
        pad = f"{game}-pad"
        real_label = tr("home.real_resume" if self.in_progress.get(pad) else "home.real_dice")
        real = attrs(
            type="button", class_="btn real-dice", id=f"real-{game}", data_act="open", data_game=pad
        )
        icon = '<span class="real-icon" aria-hidden="true"></span>'
        resume += f"<button{real}>{icon}{h(real_label)}</button>"
        # The game's rules, within its group (named by the game).
        resume += widgets.button(
            tr("nav.rules"), "rules", f"home-rules-{game}", "btn home-rules", data_game=game
        )
        return (
            f'<div class="game-slot" role="group" aria-labelledby="name-{game}">'
            f"<button{card}>"
            f'<span class="game-art" aria-hidden="true">{die_face(games.named(game).art)}</span>'
            f'<span class="game-name" id="name-{game}">{h(tr("game." + game))}</span>'
            f'<span class="game-desc">{h(tr(f"game.{game}.desc"))}</span>{badge}</button>'
            f"{resume}</div>"
        )

    def view(self) -> str:
        tr = self.ctx.tr
        slots = "".join(self._slot(g) for g in GAMES)
        stats = attrs(
            type="button", class_="btn home-link stats-link", data_act="open", data_game="stats"
        )
        settings = attrs(
            type="button",
            class_="btn home-link",
            id="home-settings",
            data_act="open",
            data_game="settings",
        )
        return (
            f'<section class="home" aria-labelledby="home-title">'
            f'<p class="tagline" id="tagline">{h(tr("app.tagline"))}</p>'
            f'<h1 class="sr-only" id="home-title">{h(tr("home.title"))}</h1>'
            f'<div class="game-grid">{slots}</div>'
            f'<nav class="btn-row home-links" aria-label="{h(tr("home.more"))}"><button{stats}>'
            '<span class="stats-icon" aria-hidden="true"></span>'
            f"{h(tr('home.stats'))}</button>"
            f"<button{settings}>{h(tr('home.settings'))}</button></nav>"
            "</section>"
        )
