"""The rules page of a game, in the player's language.

The page is the same for every game: a title, the contents, the game's sections
(its package's ``rules`` module, see :mod:`zaria_web.ui.rules_text`) and back
buttons. The words come from the ``rules.*`` messages; box names, button labels
and the app's own messages are the catalogue's, so the page always names things
the way the game screens show them, and every figure it quotes is computed by
the engine at render time.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from zaria.i18n import Translator
from zaria_web import games
from zaria_web.runtime.effects import Effects, Go
from zaria_web.screen import Context, Page
from zaria_web.ui.html import attrs, h


class RulesScreen(Page):
    """One game's rules; ``game`` (a registered game's name) is set by the app before showing it.

    Its only control, back to the game, is the app's; Escape goes back too.
    """

    name = "rules"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.game = games.NAMES[0]
        #: The screen the page returns to (the game's own, or its score pad).
        self.back = ""

    def _game(self) -> str:
        return self.game if self.game in games.NAMES else games.NAMES[0]

    def view(self) -> str:
        return rules_page(self.ctx.tr, self._game(), self.ctx.settings, self._back())

    def _back(self) -> str:
        """Where the back buttons lead: home, when the rules were opened from it; else
        the game (or its score pad) they were opened from."""
        if self.back == "home":
            return "home"
        return self.back if self.back.startswith(self._game()) else self._game()

    def keys(self) -> dict[str, Go]:
        return {"Escape": Go(self._back())}

    def update(self, intent: Any, out: Effects) -> None:
        if isinstance(intent, Go):
            out.go(intent.screen)


# -- the page ------------------------------------------------------------------
def rules_page(
    tr: Translator, game: str, settings: Mapping[str, str] | None = None, back: str | None = None
) -> str:
    """The whole rules page of ``game``: title, contents, sections, back buttons.

    The sections are the game's (its package's ``rules.sections``); ``settings``
    the player's, which a page may quote (Penta's auto-record delay); ``back`` the
    screen its back buttons return to (the game's own, or its score pad).

    >>> page = rules_page(Translator("en"), "farkle")
    >>> 'data-act="open" data-game="farkle"' in page, "<table" in page
    (True, True)
    """
    sections = games.named(game).module("rules").sections(tr, settings or {})
    title = tr("rules.title", game=tr("game." + game))
    contents = "".join(f'<li><a href="#{ident}">{h(head)}</a></li>' for ident, head, _ in sections)
    body = "".join(
        f'<section class="rules-section" aria-labelledby="{ident}">'
        f'<h2 id="{ident}" tabindex="-1">{h(head)}</h2>{html}</section>'
        for ident, head, html in sections
    )
    return (
        f'<article class="rules" data-game="{game}" aria-labelledby="rules-title">'
        f'<div class="rules-bar">{_back(tr, back or game, "top")}</div>'
        f'<div class="panel rules-panel">'
        f'<h1 id="rules-title" class="rules-title">{h(title)}</h1>'
        f'<nav class="rules-toc" aria-labelledby="rules-toc-label">'
        f'<p id="rules-toc-label" class="rules-toc-label">{h(tr("rules.contents"))}</p>'
        f"<ol>{contents}</ol></nav>{body}</div>"
        f'<div class="rules-bar">{_back(tr, back or game, "bottom")}</div></article>'
    )


def _back(tr: Translator, game: str, where: str) -> str:
    """A back button: to ``game`` (a game's screen), or home."""
    home = game == "home"
    button = attrs(
        type="button",
        class_="btn primary rules-back",
        id=f"rules-back-{where}",
        data_act="home" if home else "open",
        data_game=None if home else game,
    )
    label = h(tr("nav.home" if home else "rules.back"))
    return f'<button{button}><span aria-hidden="true">←</span> {label}</button>'
