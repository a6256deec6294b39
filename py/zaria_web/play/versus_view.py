"""The HTML of a challenge on duplicate dice (:mod:`zaria_web.play.versus`): its
introduction before the game, its result after it (above the game's own end).

Pure functions of the screen's model and its challenge (``v``, a
:class:`~zaria_web.play.versus.Versus`, which is given :func:`view` to draw itself):
they change nothing.
"""

from __future__ import annotations

from typing import Any

from zaria.i18n import Translator
from zaria_web.duel import MAX_PLAYERS
from zaria_web.games import DAILY
from zaria_web.pages.archive_view import day
from zaria_web.play import challenge as ch
from zaria_web.play.seats import DEFAULT_NAME
from zaria_web.storage.daily import day_of
from zaria_web.ui import widgets
from zaria_web.ui.html import Markup, bdi, el, frag
from zaria_web.ui.names import NAME_LENGTH


def view(s: Any, v: Any) -> Markup:
    """The challenge's screen: its introduction, or its result over the game's end."""
    game = s.game
    if s.phase == "end" and game is not None and game.over and v.challenge is not None:
        return frag(result(s, v), s.part.view_end(), s.log_view())
    return intro(s, v)


def _title(tr: Translator, v: Any) -> str:
    kind = "daily" if v.kind == DAILY else "duel"
    return tr(f"challenge.{kind}.title", game=tr("game." + v.game_name))


def intro(s: Any, v: Any) -> Markup:
    """What the challenge is, whose results it carries, and the button to play it."""
    tr, prefix = s.ctx.tr, s.prefix
    offer = v.offer or v.challenge
    daily = v.kind == DAILY
    attempts = daily and offer is not None and _attempts(tr, v, offer)
    of_day = offer is not None and offer.duel is not None and ch.daily_date(v.game_name, offer.seed)
    live = s.game is not None and not s.game.over
    buttons = el(
        "div",
        widgets.button(tr("challenge.play"), "start", f"{prefix}-play", "btn primary"),
        live and widgets.button(tr("challenge.back"), "back", f"{prefix}-back", "btn"),
        widgets.button(
            tr("nav.rules"), "rules", f"{prefix}-challenge-rules", "btn", data_game=v.game_name
        ),
        class_="btn-row",
    )
    return el(
        "section",
        el("h2", _title(tr, v), id=f"{prefix}-challenge-title", tabindex="-1"),
        el("p", _lead(tr, daily, offer), class_="challenge-lead"),
        of_day and _of_day(tr, daily or of_day == v.today, of_day, prefix),
        _results_so_far(tr, offer, prefix),
        _rules_choice(tr, v, offer, prefix),
        el(
            "ul",
            el("li", tr(v.dup.format)),
            _rules_named(tr, v, offer),
            el("li", tr("challenge.strict")),
            daily and el("li", tr("challenge.one_attempt")),
            class_="challenge-rules",
        ),
        attempts and el("p", attempts, class_="challenge-attempts", id=f"{prefix}-attempts"),
        _name_field(tr, prefix, s.form.names[0]),
        buttons,
        class_="panel challenge",
        id=f"{prefix}-challenge",
        aria_labelledby=f"{prefix}-challenge-title",
    )


def _rules_choice(tr: Translator, v: Any, offer: Any, prefix: str) -> Markup | None:
    """The rules a duel started here, or the daily dice, are played by, when the game
    offers a choice."""
    if not v.dup.offered or offer is None or offer.duel is not None:
        return None
    chosen = offer.rules or v.dup.rules
    name = f"{prefix}-challenge-rules-choice"
    choices = [
        widgets.radio(name, "challenge-rules", rules, tr(key), rules == chosen)
        for rules, key in v.dup.offered
    ]
    label = el("span", tr("challenge.rules_choice"), class_="fk-seglabel", id=f"{name}-label")
    return el(
        "div",
        label,
        choices,
        class_="fk-segs challenge-rules-choice",
        role="radiogroup",
        aria_labelledby=f"{name}-label",
    )


def _rules_named(tr: Translator, v: Any, offer: Any) -> Markup | None:
    """The rules a duel is played by, when they are not the game's own (a link's)."""
    rules = None if offer is None else offer.rules
    if rules is None or rules == v.dup.rules:
        return None
    key = dict(v.dup.offered).get(rules)
    return key and el("li", tr(key), class_="challenge-rules-named")


def _lead(tr: Translator, daily: bool, offer: Any) -> str:
    """The sentence under the title: the day's dice, a duel to answer, or one to start."""
    if daily:
        return tr("challenge.daily.lead", date=day(tr, offer.date) if offer else "")
    return tr("challenge.duel.answer" if offer and offer.duel else "challenge.duel.lead")


def _results_so_far(tr: Translator, offer: Any, prefix: str) -> Markup | None:
    """A duel link's results, and whether the link is full already."""
    if offer is None or offer.duel is None:
        return None
    return frag(_standings(tr, offer.duel.results, prefix), _full_ahead(tr, offer.duel.results))


def _of_day(tr: Translator, today: bool, date: str, prefix: str) -> Markup:
    """What a daily's link played here counts as: today's daily (used up by playing
    it), or a duel on another day's dice."""
    said = (
        tr("challenge.daily.from_link")
        if today
        else tr("challenge.duel.of_day", date=day(tr, date))
    )
    return el("p", said, class_="challenge-of-day", id=f"{prefix}-of-day")


def _attempts(tr: Translator, v: Any, offer: Any) -> str:
    """The attempts started at the day's dice by the offer's rules on this device, if
    any (each rules' daily dice are a daily of their own)."""
    count = day_of(v.days, v.day_key(offer), offer.date).attempts
    return "" if count == 0 else tr("challenge.attempts", count=count)


def _standings(tr: Translator, results: Any, prefix: str) -> Markup:
    """The results a duel link carries: who played, and their scores."""
    rows = [
        el("li", tr("challenge.duel.result", name=r.name, score=tr.number(r.score)))
        for r in results
    ]
    return el("ol", rows, class_="challenge-standings", id=f"{prefix}-standings")


def result(s: Any, v: Any) -> Markup:
    """The result: the score beside the grader's, the row of symbols, the attempts,
    a duel's results side by side, and the link to share."""
    tr, prefix, mine = s.ctx.tr, s.prefix, v.challenge
    assert mine is not None
    daily = v.kind == DAILY
    heading = _title(tr, v) + (f" · {day(tr, mine.date)}" if daily else "")
    symbols = v.row(s)
    attempts = daily and tr("challenge.attempts", count=max(mine.attempts, 1))
    return el(
        "section",
        el("h2", heading, id=f"{prefix}-result-title", class_="challenge-title", tabindex="-1"),
        el("p", v.grade_line(s), class_="challenge-grade", id=f"{prefix}-grade"),
        symbols and _symbols(symbols),
        symbols and _legend(tr, v, symbols, prefix),
        attempts and el("p", attempts, class_="challenge-attempts", id=f"{prefix}-attempts"),
        _ranking(s, v),
        mine.duel is not None and _side_by_side(s, v),
        mine.duel is not None and _watch(s, mine.others),
        _share(s, v),
        el(
            "div",
            _next(tr, v, prefix),
            *_other_dailies(tr, v, prefix),
            widgets.button(tr("nav.home"), "home", f"{prefix}-challenge-home", "btn"),
            class_="btn-row",
        ),
        class_="panel challenge-result",
        id=f"{prefix}-result",
        aria_labelledby=f"{prefix}-result-title",
    )


def _next(tr: Translator, v: Any, prefix: str) -> Markup:
    """What comes next: a new duel; the next day's dice, or today's once the day
    shown is over (a page left open over midnight)."""
    mine = v.challenge
    if v.kind != DAILY:
        return widgets.button(tr("challenge.duel.new"), "duel-new", f"{prefix}-duel-new", "btn")
    if mine is not None and v.today and mine.date < v.today:
        return widgets.button(
            tr("challenge.daily.today"), "daily-today", f"{prefix}-today", "btn primary"
        )
    return el("p", tr("challenge.tomorrow"), class_="challenge-next")


def _other_dailies(tr: Translator, v: Any, prefix: str) -> list[Markup]:
    """Today's daily dice by each of the game's other rules (a daily of their own; the
    game's own rules, whose id is empty, are ``…-daily-own``)."""
    return [
        widgets.button(
            tr("challenge.daily.by_rules", rules=tr(key)),
            "daily-rules",
            f"{prefix}-daily-{rules or 'own'}",
            "btn",
            data_rules=rules,
        )
        for rules, key in v.other_dailies()
    ]


def _ranking(s: Any, v: Any) -> Markup:
    """Who won the duel, in words, and every result it holds ranked (none alone)."""
    tr, prefix = s.ctx.tr, s.prefix
    ranked = v.standings(s)
    if not ranked:
        return Markup()
    rows = [
        el(
            "tr",
            el("td", r.place, class_="num"),
            el(
                "th",
                bdi(tr("challenge.you", name=r.name) if r.you else r.name),
                not r.verified
                and el("span", " " + tr("challenge.not_verified"), class_="not-verified"),
                scope="row",
            ),
            el("td", tr.number(r.score), class_="num"),
            class_="winner" if r.place == 1 else None,
        )
        for r in ranked
    ]
    keys = ("common.rank", "common.player", "challenge.total")
    head = [el("th", tr(k), scope="col") for k in keys]
    return el(
        "div",
        el("p", ch.outcome_words(tr, ranked), class_="challenge-outcome", id=f"{prefix}-outcome"),
        el(
            "table",
            el("caption", tr("challenge.ranking")),
            el("thead", el("tr", head)),
            el("tbody", rows),
            class_="vs-table vs-ranking",
            id=f"{prefix}-ranking",
        ),
        class_="challenge-standing",
    )


def _share(s: Any, v: Any) -> Markup:
    """The share buttons and the link, in a read-only field labelled "Link"."""
    tr, prefix = s.ctx.tr, s.prefix
    url = v.link(s)
    full = v.is_full(s)
    field_id, note_id = f"{prefix}-{ch.LINK_FIELD}", f"{prefix}-share-note"
    daily = v.kind == DAILY
    share = daily and widgets.button(
        tr("challenge.share"),
        "share",
        f"{prefix}-share",
        "btn primary",
        data_what="result",
        aria_describedby=note_id,
    )
    invite = widgets.button(
        tr("challenge.challenge"),
        "share",
        f"{prefix}-invite",
        "btn",
        data_what="duel",
        aria_describedby=note_id,
    )
    note = tr("challenge.share_note" if daily else "challenge.invite_note")
    return el(
        "div",
        el("div", share, invite, class_="btn-row"),
        el("p", note, class_="challenge-share-note", id=note_id),
        el(
            "p",
            v.shared and tr(v.shared),
            class_="challenge-shared",
            role="status",
            id=f"{prefix}-shared",
        ),
        full and el("p", tr("err.link.full", most=MAX_PLAYERS), class_="challenge-full"),
        el("label", tr("challenge.link"), for_=field_id, class_="challenge-link-label"),
        el(
            "input",
            type="text",
            id=field_id,
            value=url,
            readonly=True,
            class_="challenge-link",
            spellcheck="false",
            dir="ltr",
        ),
        class_="challenge-share",
    )


def _side_by_side(s: Any, v: Any) -> Markup:
    """Every result of the duel beside the player's: the totals (each one's moves
    replayed: "not verified" when they do not give its score), then the points of
    each round or turn."""
    tr, mine, game = s.ctx.tr, v.challenge, s.game
    assert mine is not None
    moves = "".join(mine.moves)
    try:
        own = v.played_by(mine).rows(tr, mine.seed, moves)
    except Exception:  # the player's own game cannot be replayed: totals only
        own = []
    you = tr("challenge.you", name=v.player_name(s))
    heads = [el("th", you, scope="col")] + [el("th", o.name, scope="col") for o in mine.others]
    totals = [el("td", tr.number(ch.score(game)))] + [
        el(
            "td",
            tr.number(o.score),
            not o.verified
            and el("span", " " + tr("challenge.not_verified"), class_="not-verified"),
        )
        for o in mine.others
    ]
    body = [el("tr", el("th", tr("challenge.total"), scope="row"), totals, class_="total-row")]
    for i, (label, points) in enumerate(own):
        cells = [el("td", tr.number(points))]
        for o in mine.others:
            cells.append(_their_cell(tr, points, o.rows[i] if i < len(o.rows) else None))
        body.append(el("tr", el("th", label, scope="row"), cells))
    return el(
        "div",
        el(
            "table",
            el("caption", tr("challenge.side_by_side")),
            el("thead", el("tr", el("td"), heads)),
            el("tbody", body),
            class_="vs-table",
        ),
        class_="vs-wrap",
    )


def _their_cell(tr: Translator, mine: int, theirs: int | None) -> Markup:
    """Another player's points of a row, with what they gained or lost there against
    the player's (``18 (−6)``): in words, and in colour."""
    if theirs is None:
        return el("td", "—")
    if theirs == mine:
        return el("td", tr.number(theirs))
    diff = theirs - mine
    sign = "+" if diff > 0 else ""
    return el(
        "td",
        tr.number(theirs),
        el("span", f" ({sign}{tr.number(diff)})", class_="vs-diff"),
        class_="vs-more" if diff > 0 else "vs-less",
    )


#: How the page draws each symbol of a result's row (the shared text keeps the
#: symbols themselves, which every phone draws): a square of a colour.
SYMBOL_CLASSES = {
    "🟩": "good",
    "🟨": "fair",
    "🟥": "poor",
    "⬜": "unknown",
    "⬛": "lost",
    "⭐": "star",
}


def _symbols(row: str) -> Markup:
    """A result's row of symbols, each drawn as shared (the legend says them in words)."""
    squares = [el("span", class_=f"sym sym-{SYMBOL_CLASSES.get(c, 'unknown')}") for c in row]
    return el("p", squares, class_="challenge-symbols", aria_hidden="true")


def _legend(tr: Translator, v: Any, row: str, prefix: str) -> Markup:
    """What each symbol of the row means, and how many times it is there (the row
    itself is hidden from screen readers: this is what they read of it)."""
    meanings = v.dup.legend(tr)
    items = [
        el(
            "li",
            el("span", class_=f"sym sym-{SYMBOL_CLASSES.get(c, 'unknown')}", aria_hidden="true"),
            el("span", f"{tr.number(row.count(c))} ×", class_="sym-count"),
            " ",
            meaning,
        )
        for c, meaning in meanings.items()
        if c in row
    ]
    ident = f"{prefix}-legend"
    return el(
        "div",
        el("p", tr(f"{v.game_name}.challenge.legend"), id=f"{ident}-title"),
        el("ul", items, aria_labelledby=f"{ident}-title"),
        class_="challenge-legend",
        id=ident,
    )


def _watch(s: Any, others: tuple[ch.Other, ...]) -> Markup:
    """Each other player's game, turn by turn (folded: the player unfolds it)."""
    tr, prefix = s.ctx.tr, s.prefix
    games = []
    for i, o in enumerate(others):
        if o.log is None or not o.log.turns:
            continue
        ident = f"{prefix}-watch-{i}"
        turns = widgets.log_rounds(
            tr, ident, (o.name,), o.log.turns, s.spec.round_key, s.spec.log_words
        )
        games.append(
            el(
                "details",
                el("summary", tr("challenge.watch", name=o.name), id=f"{ident}-summary"),
                el("div", turns, class_="log-rounds"),
                class_="log-all challenge-watch",
                id=ident,
            )
        )
    return el("div", games, class_="game-log") if games else Markup()


def _name_field(tr: Translator, prefix: str, name: str) -> Markup:
    """The player's name, as the link will show it (the seat form's first name)."""
    ident = f"{prefix}-name-0"
    return el(
        "div",
        el("label", tr("challenge.name"), for_=ident, class_="challenge-name"),
        el(
            "input",
            type="text",
            id=ident,
            value=name,
            placeholder=tr(DEFAULT_NAME, n=1),
            maxlength=NAME_LENGTH,
            autocomplete="off",
            spellcheck="false",
            dir="auto",
            data_act="seat-name",
            data_index=0,
            class_="challenge-name-field",
        ),
    )


def _full_ahead(tr: Translator, results: Any) -> Markup:
    """Said before playing a duel that is full: the player's score will not be added."""
    if len(results) < MAX_PLAYERS:
        return Markup()
    return el("p", tr("challenge.duel.full_ahead", most=MAX_PLAYERS), class_="challenge-full")
