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
from zaria_web.ui.html import Markup, el


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

    def view(self) -> Markup:
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
) -> Markup:
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
    contents = [el("li", el("a", head, href=f"#{ident}")) for ident, head, _ in sections]
    body = [
        el(
            "section",
            el("h2", head, id=ident, tabindex="-1"),
            html,
            class_="rules-section",
            aria_labelledby=ident,
        )
        for ident, head, html in sections
    ]
    toc = el(
        "nav",
        el("p", tr("rules.contents"), id="rules-toc-label", class_="rules-toc-label"),
        el("ol", contents),
        class_="rules-toc",
        aria_labelledby="rules-toc-label",
    )
    panel = el(
        "div",
        el("h1", title, id="rules-title", class_="rules-title"),
        _lesson(tr, game),
        toc,
        body,
        class_="panel rules-panel",
    )
    return el(
        "article",
        el("div", _back(tr, back or game, "top"), class_="rules-bar"),
        panel,
        el("div", _back(tr, back or game, "bottom"), class_="rules-bar"),
        class_="rules",
        data_game=game,
        aria_labelledby="rules-title",
    )


def _lesson(tr: Translator, game: str) -> Markup:
    """The way to ``game``'s lesson (:mod:`zaria_web.play.lesson`), if it has one."""
    if not games.named(game).lesson:
        return Markup()
    button = el(
        "button",
        tr("lesson.rules"),
        type="button",
        class_="btn lesson-go",
        id="rules-lesson",
        data_act="open",
        data_game=game + games.LESSON,
    )
    return el("p", button, class_="rules-lesson")


def _back(tr: Translator, game: str, where: str) -> Markup:
    """A back button: to ``game`` (a game's screen), or home."""
    home = game == "home"
    return el(
        "button",
        el("span", "←", aria_hidden="true"),
        " ",
        tr("nav.home" if home else "rules.back"),
        type="button",
        class_="btn primary rules-back",
        id=f"rules-back-{where}",
        data_act="home" if home else "open",
        data_game=None if home else game,
    )
