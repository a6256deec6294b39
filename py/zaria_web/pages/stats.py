"""The statistics screen: what :mod:`zaria_web.storage.stats` counted, and a way to clear it.

A panel per registered game. The figures of a game with house rules are per set
of them: once games under other rules were counted, each set that has games gets
its own part of the game's panel, headed by the rules in force (its package's
``figures.rules_label``), the rules page's game first. Until then the panel
looks as it always did. A game's own figures are its ``figures.summary_rows``.

Clearing asks first, in the page (a confirmation panel with the safe choice
focused), because it cannot be undone; so does an import. One question is open
at a time: asking one closes the other. Each takes the place of the buttons
that asked it, and the CSS keeps it in view (it sticks to the bottom of the
window rather than fall below it). What the clearing came to is said there too:
the app clears (:class:`~zaria_web.runtime.effects.ClearStats`) and answers with
:class:`Cleared`, as it answers every write a screen asks for.

The figures are read when the screen is shown, and again when storage changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from zaria_web import games
from zaria_web.acts import Intent, Maker, datum, table
from zaria_web.pages import archive_view, daily_view, duel_view
from zaria_web.pages.players_view import players_part
from zaria_web.runtime.effects import Effects, Go
from zaria_web.screen import Context, Enter, Leave, Page, StorageChanged
from zaria_web.storage import daily, duels, stats, transfer
from zaria_web.storage.counted import Counted
from zaria_web.storage.player_stats import player_key
from zaria_web.ui.html import Markup, bdi, el, frag, tr_html
from zaria_web.ui.names import clean_name
from zaria_web.ui.widgets import button


@dataclass(frozen=True)
class AskClear(Intent, acts="stats-clear"):
    """Clear the statistics? (asked first: it cannot be undone)."""


@dataclass(frozen=True)
class Clear(Intent, acts="stats-clear-yes"):
    """Yes, clear them."""


@dataclass(frozen=True)
class Cleared:
    """The app cleared the statistics and the finished games (``done``), or could not
    read them and kept them."""

    done: bool


@dataclass(frozen=True)
class KeepThem(Intent, acts="stats-clear-no"):
    """No, keep them."""


@dataclass(frozen=True)
class ChoosePlayer(Intent, acts="stats-player"):
    """Show this player's charts in this part of the screen (:func:`section_of`)."""

    section: str = datum("section", absent="")
    player: str = datum("player", absent="")


def section_of(counted: Counted) -> str:
    """The part of the screen (and the start of its ids) that the figures of what is
    ``counted`` fill.

    >>> section_of(Counted("penta")), section_of(Counted("farkle", "additive-open500"))
    ('penta', 'farkle-additive-open500')
    >>> section_of(Counted("penta", real=True))
    'penta-real'
    """
    return "-".join((counted.game, *_apart(counted)))


def _apart(counted: Counted) -> tuple[str, ...]:
    """What sets the figures of ``counted`` apart from its game's own: its house rules,
    or the real dice (nothing for the game as the rules page describes it)."""
    if counted.real:
        return ("real",)
    return () if counted.rules is None else (counted.rules,)


#: The page's controls, by ``data-act``: the intent each reports.
ACTS: dict[str, Maker] = {
    **table(AskClear, Clear, KeepThem, ChoosePlayer),
    **transfer.ACTS,  # export and import
}


class StatsScreen(Page):
    """Games played, best and average scores, the wins, each game's own figures."""

    name = "stats"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.confirming = False
        #: What the last clearing came to (a message id), shown by the buttons.
        self.said: str | None = None
        #: The statistics as last read (on showing the screen, or a change in storage).
        self.summaries: dict[Counted, stats.Summary] = stats.empty()
        #: The player whose charts each section shows (by :func:`player_key`).
        self.chosen: dict[str, str] = {}
        #: Export, import and the finished games kept.
        self.transfer = transfer.Transfer()
        #: The daily dice played, as last read.
        self.days: daily.Days = {}
        #: The duels played, as last read.
        self.duels: duels.Duels = {}

    def _read(self, out: Effects) -> None:
        """Read the statistics (an unreadable value is set aside by the app)."""
        self.summaries = stats.look(self.ctx.host, out).value or stats.empty()
        self.days = daily.look(self.ctx.host, out)
        self.duels = duels.look(self.ctx.host, out)

    # -- drawing -------------------------------------------------------------
    def view(self) -> Markup:
        tr = self.ctx.tr
        summaries = self.summaries
        panels = [self._game_panel(g.name, summaries) for g in games.GAMES]
        # Statistics that could not be read are not offered for clearing.
        anything = any(s.games for s in summaries.values()) or bool(self.transfer.games)
        # The daily dice and the duels are cleared too.
        anything = anything or any(self.days.values()) or any(self.duels.values())
        return el(
            "section",
            el("h1", tr("stats.title"), id="stats-title", class_="screen-title"),
            el("div", panels, class_="stats-grid"),
            el("p", tr("stats.note"), class_="stats-note"),
            archive_view.games_list(tr, self.transfer.games, self.days, self.duels),
            self.transfer.view(tr, sum(s.games for s in summaries.values())),
            self._controls(anything),
            class_="stats",
            aria_labelledby="stats-title",
        )

    def _panel(self, game: str, s: stats.Summary) -> Markup:
        if s.games:
            return self._frame(game, self._figures(Counted(game), s))
        # "No finished games yet" would be untrue above the daily dice or duels played.
        played = any(d.done for d in self.days.get(game, {}).values()) or self.duels.get(game)
        return self._frame(game, Markup() if played else self._none())

    def _frame(self, game: str, body: Markup) -> Markup:
        title = f"stats-{game}"
        return el(
            "section",
            el("h2", self.ctx.tr("game." + game), id=title),
            body,
            self._real(game),
            daily_view.section(
                self.ctx.tr, game, self.days.get(game, {}), self.ctx.host.now_iso()[:10]
            ),
            duel_view.section(self.ctx.tr, game, self.duels.get(game, {})),
            class_=f"panel stats-panel stats-{game}",
            aria_labelledby=title,
        )

    def _real(self, game: str) -> Markup:
        """The games played with real dice, apart, once there are any."""
        real = Counted(game, real=True)
        s = self.summaries.get(real)
        if s is None or not s.games:
            return Markup()
        ident = f"stats-{section_of(real)}"
        return el(
            "section",
            el("h3", self.ctx.tr("stats.real_dice"), id=ident),
            self._figures(real, s),
            class_="stats-rules stats-real",
            aria_labelledby=ident,
        )

    def _none(self) -> Markup:
        return el("p", self.ctx.tr("stats.none"), class_="stats-empty")

    def _game_panel(self, game: str, summaries: dict[Counted, stats.Summary]) -> Markup:
        """A game's figures, one part per set of house rules that has games."""
        counted = sorted(
            (what.rules or "", what)
            for what, s in summaries.items()
            if what.game == game and not what.real and s.games
        )
        if not counted or [what for _, what in counted] == [Counted(game)]:
            return self._panel(game, summaries[Counted(game)])
        figures = games.named(game).figures()
        parts = []
        for _, what in counted:
            ident = f"stats-{game}-{what.rules or figures.DEFAULT_RULES_ID}"
            parts.append(
                el(
                    "section",
                    el("h3", figures.rules_label(self.ctx.tr, what.rules), id=ident),
                    self._figures(what, summaries[what]),
                    class_="stats-rules",
                    aria_labelledby=ident,
                )
            )
        return self._frame(game, frag(parts))

    def _figures(self, counted: Counted, s: stats.Summary) -> Markup:
        """One summary's figures and, for Farkle, its wins."""
        tr = self.ctx.tr
        game = counted.game
        rows = [(tr("stats.games"), tr.number(s.games))]
        if s.best is not None:
            best = tr.number(s.best)
            # Names read from storage are held to the rules of typed ones.
            if name := clean_name(s.best_name):
                best = tr_html(tr, "stats.best_by", score=s.best, name=bdi(name))
            rows.append((tr("stats.best"), best))
        if s.average is not None:
            rows.append((tr("stats.average"), tr.number(round(s.average))))
        rows += games.named(game).figures().summary_rows(tr, s)
        items = [el("div", el("dt", k), el("dd", v, class_="num"), class_="stat") for k, v in rows]
        # The rules page's game keeps the marks it had before house rules existed.
        apart = "".join(_apart(counted)) or None
        listed = el("dl", items, class_="stat-list", data_game=game, data_rules=apart)
        section = section_of(counted)
        ident = f"wins-{section}"
        players = players_part(tr, game, section, s.players, self.chosen.get(section))
        return frag(listed, self._wins(ident, s), players)

    def _wins(self, ident: str, s: stats.Summary) -> Markup:
        if not s.wins:
            return Markup()
        tr = self.ctx.tr
        rows = [
            el(
                "tr",
                el("th", bdi(clean_name(name)), scope="row"),
                el("td", tr.number(n), class_="num"),
            )
            for name, n in s.wins
        ]
        head = el(
            "tr",
            el("th", tr("common.player"), scope="col"),
            el("th", tr("stats.wins"), scope="col"),
        )
        return el(
            "table",
            el("caption", tr("stats.wins")),
            el("thead", head),
            el("tbody", rows),
            class_="wins",
            id=ident,
        )

    def _controls(self, anything: bool) -> Markup:
        tr = self.ctx.tr
        back = button(tr("nav.home"), "home", "stats-home")
        if self.confirming:
            no = button(tr("stats.clear_no"), "stats-clear-no", "stats-clear-no")
            yes = button(tr("stats.clear_yes"), "stats-clear-yes", "stats-clear-yes", "btn primary")
            return el(
                "div",
                el("p", tr("stats.clear_confirm"), id="clear-q"),
                el("div", no, yes, class_="btn-row"),
                class_="panel stats-confirm",
                role="group",
                aria_labelledby="clear-q",
            )
        clear = button(tr("stats.clear"), "stats-clear", "stats-clear", disabled=not anything)
        trouble = " trouble" if self.said == "stats.unavailable" else ""
        said = self.said and el(
            "p", tr(self.said), class_=f"notice stats-said{trouble}", id="stats-said"
        )
        return el("div", el("div", back, clear, class_="btn-row"), said, class_="stats-controls")

    def _choose(self, intent: ChoosePlayer, out: Effects) -> None:
        for key, s in self.summaries.items():
            if section_of(key) != intent.section:
                continue
            found = [i for i, p in enumerate(s.players) if player_key(p.name) == intent.player]
            if found:
                self.chosen[intent.section] = intent.player
                out.focus(f"#{intent.section}-pick-{found[0]}")  # the button just pressed

    # -- intents ---------------------------------------------------------------
    def intent(self, act: str, data: Mapping[str, str]) -> Any | None:
        make = ACTS.get(act)
        return None if make is None else make(data)

    def keys(self) -> dict[str, Any]:
        if self.confirming:
            return {"Escape": KeepThem()}
        if self.transfer.waiting is not None:
            return {"Escape": transfer.ReplaceNo()}
        return {"Escape": Go("home")}  # as the rules go back to their game

    def update(self, intent: Any, out: Effects) -> None:
        if self.transfer.update(self.ctx, intent, out):
            self._read(out)  # the statistics were replaced by a file's
        elif isinstance(intent, ChoosePlayer):
            self._choose(intent, out)
        elif isinstance(intent, AskClear | KeepThem | Clear | Cleared):
            self._clearing(intent, out)
        elif isinstance(intent, Go):
            out.go(intent.screen)
        elif isinstance(intent, Leave):
            self.confirming, self.said = False, None
        elif isinstance(intent, Enter | StorageChanged):
            self._read(out)
        if self.transfer.waiting is not None or self.transfer.said is not None:
            self.confirming, self.said = False, None  # the import asked or said last

    def _clearing(self, intent: AskClear | KeepThem | Clear | Cleared, out: Effects) -> None:
        """The question before clearing, and the clearing, which the app does and
        answers (:class:`Cleared`)."""
        if isinstance(intent, AskClear):
            self.confirming, self.said = True, None
            self.transfer.close()  # one question at a time
            out.focus("#stats-clear-no")
        elif isinstance(intent, KeepThem):
            self.confirming = False
            out.focus("#stats-clear")
        elif isinstance(intent, Clear) and self.confirming:  # only once asked
            self.confirming = False
            out.clear_stats(Cleared)  # the finished games go with the statistics
        elif isinstance(intent, Cleared):
            self._cleared(intent.done, out)

    def _cleared(self, cleared: bool, out: Effects) -> None:
        """Say what the clearing came to, with the figures as storage holds them now."""
        self._read(out)
        self.transfer.read(self.ctx, out)
        self.transfer.close()
        self.said = "stats.cleared" if cleared else "stats.unavailable"
        out.announce(self.ctx.tr(self.said))
        # Clear is disabled once nothing is left: the focus goes to its neighbour.
        out.focus("#stats-home")
