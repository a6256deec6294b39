"""The home screen: the two games as big buttons."""

from __future__ import annotations

from collections.abc import Mapping

from zaria_web.html import attrs, h
from zaria_web.screen import Context

GAMES = ("penta", "farkle")


class HomeScreen:
    """Pick a game."""

    name = "home"

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def render(self) -> str:
        tr = self.ctx.tr
        cards = "".join(
            f"<button{attrs(type='button', class_='game-card ' + g, data_act='open', data_game=g)}>"
            f'<span class="game-art" aria-hidden="true"></span>'
            f'<span class="game-name">{h(tr("game." + g))}</span>'
            f'<span class="game-desc">{h(tr(f"game.{g}.desc"))}</span></button>'
            for g in GAMES
        )
        notices = "".join(f'<p class="notice" role="status">{h(n)}</p>' for n in self.ctx.notices)
        return (
            f'<section class="home" aria-labelledby="home-title">'
            f'<p class="tagline" id="tagline">{h(tr("app.tagline"))}</p>'
            f'<h1 class="sr-only" id="home-title">{h(tr("home.title"))}</h1>'
            f"{notices}"
            f'<div class="game-grid">{cards}</div></section>'
        )

    def on_action(self, act: str, data: Mapping[str, str]) -> None:
        return None

    def on_key(self, key: str) -> bool:
        return False

    def leave(self) -> None:
        return None
