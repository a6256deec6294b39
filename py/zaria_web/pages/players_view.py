"""The statistics screen's players: a table of each person's figures, and the
charts of the one chosen (their scores game by game and the game's own chart,
such as Penta's final scores against the optimal player's). The figures and the
chart that are a game's own are its package's ``figures`` module's.

Pure drawing of a :class:`~zaria_web.storage.stats.Summary`'s players: the same
summary and choice give the same HTML. The table scrolls inside its own box
when it is wider than the screen, so the page never scrolls sideways; the
names stay put while the figures scroll, and a shade at the edge with more
columns beyond it, with a hint under the table, says that there are more
(the CSS shows the hint only when the box can scroll).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from zaria.i18n import Translator
from zaria_web import games
from zaria_web.storage.player_stats import PlayerStats, player_key, shown_name
from zaria_web.ui.charts import line_chart
from zaria_web.ui.html import Markup, bdi, el, frag, tr_html


def _figures(game: str) -> Any:
    return games.named(game).figures()


def _cells(tr: Translator, game: str, p: PlayerStats) -> list[str]:
    """The figures of one row, after the name."""
    dash = "–"
    num = tr.number
    cells = [
        num(p.games),
        num(p.wins),
        dash if p.best is None else num(p.best),
        dash if p.average is None else num(round(p.average)),
    ]
    cells += _figures(game).cells(tr, p)
    return cells


def _columns(tr: Translator, game: str) -> list[str]:
    common = ["games", "wins", "best", "average"]
    return [tr(f"stats.col.{c}") for c in (*common, *_figures(game).COLUMNS)]


def _row(tr: Translator, game: str, section: str, i: int, p: PlayerStats, chosen: bool,
         many: bool) -> Markup:  # fmt: skip
    name = bdi(shown_name(p))
    if many:
        name = el(
            "button",
            name,
            type="button",
            class_="player-pick",
            id=f"{section}-pick-{i}",
            data_act="stats-player",
            data_section=section,
            data_player=player_key(p.name),
            aria_pressed="true" if chosen else "false",
        )
    cells = [el("td", c, class_="num") for c in _cells(tr, game, p)]
    return el("tr", el("th", name, scope="row"), cells, class_="chosen" if chosen else None)


def players_table(
    tr: Translator, game: str, section: str, players: Sequence[PlayerStats], chosen: str
) -> Markup:
    """The players' figures, a row each (the name chooses whose charts are shown)."""
    many = len(players) > 1
    head = [el("th", c, scope="col") for c in _columns(tr, game)]
    rows = [
        _row(tr, game, section, i, p, player_key(p.name) == chosen, many)
        for i, p in enumerate(players)
    ]
    note = tr(_figures(game).NOTE)
    table = el(
        "table",
        el("caption", tr("stats.players"), id=f"{section}-players"),
        el("thead", el("tr", el("th", tr("common.player"), scope="col"), head)),
        el("tbody", rows),
        class_="players-table",
        id=f"{section}-players-table",
    )
    scroll = el(
        "div",
        table,
        el("p", tr("stats.scroll_hint"), class_="scroll-hint", aria_hidden="true"),
        class_="table-scroll players-scroll",
        role="region",
        tabindex="0",
        aria_labelledby=f"{section}-players",
    )
    return frag(scroll, el("p", note, class_="stats-players-note"))


def player_charts(tr: Translator, game: str, section: str, p: PlayerStats) -> Markup:
    """The chosen player's last scores game by game (across them, the line the game
    draws, such as the optimal player's mean) and the game's own chart."""
    if not p.scores:
        return Markup()
    first = p.games - len(p.scores) + 1
    xs = list(range(first, p.games + 1))
    figures = _figures(game)
    target, label = figures.target(tr)
    title = tr_html(tr, "stats.scores_by_game", name=bdi(shown_name(p)))
    line = line_chart(
        tr, f"{section}-line", title, tr("stats.game"), tr("stats.score"), xs,
        [(shown_name(p), list(p.scores))], target=target, target_label=label,
    )  # fmt: skip
    spread = figures.chart(tr, section, p)
    return el("div", line, spread, class_="stats-charts")


def players_part(tr: Translator, game: str, section: str, players: Sequence[PlayerStats],
                 chosen: str | None) -> Markup:  # fmt: skip
    """The players' table and the chosen player's charts (the first player's when
    none is chosen, or the one chosen is no longer there)."""
    if not players:
        return Markup()
    pick = next((p for p in players if player_key(p.name) == chosen), players[0])
    key = player_key(pick.name)
    table = players_table(tr, game, section, players, key)
    return el("div", table, player_charts(tr, game, section, pick), class_="stats-players")
