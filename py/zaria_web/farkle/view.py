"""Farkle's table and end screen as HTML: pure functions of a snapshot.

Nothing here changes the game. The controller (:mod:`zaria_web.farkle.screen`)
builds a :class:`TableView` or :class:`OverView` from the engine and its own
few fields; every word goes through the translator.

House rules show where they matter: the rules in force under the round and
target (and on the end screen) when they are not the rules page's game, each
player's lost turns in a row beside the score when the penalty is on, the
reason beside a Bank the opening minimum refuses, and the scoring card of the
table in force.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from zaria.farkle.events import Event, EventKind
from zaria.farkle.odds import bust_table
from zaria.farkle.rules import (
    DEFAULT_RULES,
    FARKLES_FOR_PENALTY,
    FarkleRules,
    ScoringRow,
    ScoringTable,
    scoring_rows,
)
from zaria.farkle.scoring import MAX_DICE, score_selection
from zaria.i18n import Translator
from zaria.outcome import Outcome
from zaria_web.play.seats import computer_name
from zaria_web.ui import charts, widgets
from zaria_web.ui.html import Markup, bdi, bdi_list, die_face, el, frag, tr_html
from zaria_web.ui.widgets import Note, dice_text, note_text, ranked


@dataclass(frozen=True)
class SeatView:
    """A player as the table shows them."""

    name: str
    computer: bool
    level: str
    banked: int
    #: Lost turns in a row (shown when the penalty rule is on).
    farkles: int = 0


@dataclass(frozen=True)
class DieView:
    """A die of the current roll; ``pos`` counts from 1 (the key that toggles it)."""

    pos: int
    value: int
    selected: bool
    #: The number of the roll it tumbles for (0: it does not).
    rolling: int = 0
    refused: bool = False


@dataclass(frozen=True)
class GroupView:
    """Dice set aside from one roll of the turn, with their points."""

    roll_no: int
    dice: tuple[int, ...]
    points: int
    hot: bool = False


@dataclass(frozen=True)
class TableView:
    """Everything the table shows."""

    seats: tuple[SeatView, ...]
    current: int
    target: int
    round: int
    dice: tuple[DieView, ...]
    groups: tuple[GroupView, ...]
    turn_total: int
    selection: tuple[int, ...]
    selection_points: int
    selection_left: tuple[int, ...]
    hot_pending: bool
    dice_to_roll: int
    risk: Fraction
    can_roll: bool
    can_bank: bool
    events: tuple[Event, ...] = ()
    turns_left: int = 0
    last_round_by: int | None = None
    note: Note | None = None
    notice: Note | None = None
    dice_error: str | None = None
    confirm: bool = False
    pace: str = "normal"
    card_open: bool = False
    rules: FarkleRules = DEFAULT_RULES
    #: The least the current player may bank (the opening minimum until it has banked).
    opening_needed: int = 0
    #: The computer player: "ready", "preparing" (its tables are being made or
    #: downloaded) or "failed" (its table could not be downloaded).
    computer_state: str = "ready"
    #: With real dice: the throw being entered, the coach's advice and its switch.
    pad: widgets.PadView | None = None
    #: The Undo button: whether it may be pressed (None: a strict game, no button).
    undo: bool | None = None
    coach: str | None = None
    coach_switch: bool | None = None
    #: A game of so many turns (a challenge's), rather than to the target.
    turn_limit: int | None = None
    #: Whether New game is offered (not in a challenge: one attempt counts).
    new_game: bool = True

    @property
    def human(self) -> bool:
        """Whether a human plays the current turn."""
        return not self.seats[self.current].computer

    @property
    def started(self) -> bool:
        """Whether the current turn has rolled."""
        return bool(self.dice)


@dataclass(frozen=True)
class FinalTurn:
    """A turn of the last round: whose it was, and how it went when that is known."""

    seat: int
    #: The turn's events (banked, lost, penalty); None when not known.
    events: tuple[Event, ...] | None = None


@dataclass(frozen=True)
class OverView:
    """The end of the game: totals, the winners and the last round that ended it."""

    seats: tuple[SeatView, ...]
    target: int
    outcome: Outcome
    events: tuple[Event, ...] = ()
    rules: FarkleRules = DEFAULT_RULES
    #: The undos each player used.
    undos: tuple[int, ...] = ()
    #: The player who reached the target and started the last round.
    last_round_by: int | None = None
    #: The other players' last turns, in the order played.
    final_round: tuple[FinalTurn, ...] = ()
    #: The turns each player played.
    turns: tuple[int, ...] = ()
    #: Whether the only player kept the name they were given by default.
    default_name: bool = False
    #: Each player's total after each round (None: no turn that round), from round 0.
    race: tuple[tuple[int | None, ...], ...] = ()
    #: Whether New game and Play again are offered (not on a game looked at again).
    again: bool = True
    #: A game of so many turns (a challenge's), rather than to the target.
    turn_limit: int | None = None


def _goal(tr: Translator, target: int, turn_limit: int | None) -> str:
    """What a game is played for: the target, or so many turns (a challenge)."""
    if turn_limit is None:
        return tr("farkle.target", points=target)
    return tr("farkle.turns_game", n=turn_limit)


def _end_buttons(tr: Translator) -> Markup:
    return el(
        "div",
        button(tr("common.new_game"), "new", "fk-new"),
        button(tr("common.play_again"), "again", "fk-again", primary=True),
        class_="btn-row fk-end",
    )


def race_chart(tr: Translator, v: OverView) -> Markup:
    """The race on the end screen: each player's score by round, the target dashed."""
    if not v.race or len(v.race[0]) < 2:
        return Markup()
    series = [(seat_name(tr, s), list(r)) for s, r in zip(v.seats, v.race, strict=True)]
    return charts.line_chart(
        tr,
        "fk-race",
        tr("farkle.race.title"),
        tr("farkle.race.round"),
        tr("farkle.race.score"),
        list(range(len(v.race[0]))),
        series,
        target=v.target if v.turn_limit is None else None,
        target_label=tr("farkle.target", points=v.target),
    )


PACES = ("normal", "fast", "instant")


def button(label: str, act: str, ident: str, primary: bool = False) -> Markup:
    """A plain text button that reports ``act``."""
    return widgets.button(label, act, ident, "btn primary" if primary else "btn")


def seat_name(tr: Translator, seat: SeatView) -> str:
    """The name shown for a seat: the computer is called by its name in the language."""
    return computer_name(tr) if seat.computer else seat.name


def dice_count(tr: Translator, n: int) -> str:
    """``1 die`` / ``4 dice`` in the language."""
    return tr("farkle.dice.one") if n == 1 else tr("farkle.dice.many", n=n)


def turns_left_text(tr: Translator, n: int) -> str:
    return tr("farkle.turns_left.one") if n == 1 else tr("farkle.turns_left.many", n=n)


def event_lines(
    tr: Translator,
    seats: tuple[SeatView, ...],
    events: tuple[Event, ...],
    turns_left: int,
    html: bool = False,
) -> list[tuple[str, str, str]]:
    """``(kind, headline, detail)`` for each event worth a banner, in order; as
    HTML (:class:`~zaria_web.ui.html.Markup`, names isolated) when ``html`` is set."""

    def say(key: str, **params: object) -> str:
        return tr_html(tr, key, **params) if html else tr(key, **params)

    out: list[tuple[str, str, str]] = []
    for e in events:
        name: str = seat_name(tr, seats[e.seat])
        if html:
            name = bdi(name)
        total = seats[e.seat].banked
        if e.kind is EventKind.LOST_TURN:
            # With the penalty, the total does not stay: the penalty's line says what it is.
            penalized = any(x.kind is EventKind.PENALTY and x.seat == e.seat for x in events)
            key = "farkle.house.lost" if penalized else "farkle.event.lost"
            key += "" if e.points else "_nothing"
            out.append(
                ("lost", say("farkle.lost_turn"), say(key, name=name, points=e.points, total=total))
            )
        elif e.kind is EventKind.PENALTY:
            head = say("farkle.house.penalty_title", points=e.points)
            detail = say("farkle.house.penalty_event", name=name, points=e.points, total=total)
            out.append(("penalty", head, detail))
        elif e.kind is EventKind.HOT_DICE:
            out.append(("hot", say("farkle.hot_dice"), say("farkle.event.hot", points=e.points)))
        elif e.kind is EventKind.BANKED:
            head = say("farkle.event.banked", name=name, points=e.points)
            out.append(("banked", head, say("farkle.event.new_total", total=total)))
        elif e.kind is EventKind.LAST_ROUND:
            detail = say("farkle.event.last_round", name=name, total=e.points)
            if turns_left:
                left = turns_left_text(tr, turns_left)
                detail += " " + say("farkle.event.last_round_left", left=left)
            out.append(("last", say("farkle.last_round"), Markup(detail) if html else detail))
    return out


# -- pieces ----------------------------------------------------------------------


def _players(tr: Translator, v: TableView) -> Markup:
    n = len(v.seats)
    # In the last round, the seats still to play are the current one and the next ones.
    to_play = (
        {(v.current + j) % n for j in range(v.turns_left)} if v.last_round_by is not None else set()
    )
    items = [_player(tr, v, i, seat, i in to_play) for i, seat in enumerate(v.seats)]
    return el(
        "section",
        el("h2", tr("common.players"), class_="sr-only", id="fk-players-title"),
        el("ol", items, class_="fk-plist"),
        _marks_key(tr, v),
        class_="fk-players",
        aria_labelledby="fk-players-title",
    )


def _player(tr: Translator, v: TableView, i: int, seat: SeatView, to_play: bool) -> Markup:
    """A player's line: name, what they are doing, total, lost turns and progress."""
    name = seat_name(tr, seat)
    tags = []
    if seat.computer:
        level = tr("farkle.level." + seat.level)
        tags.append(el("span", tr("common.computer_level", level=level), class_="fk-tag-ai"))
    if i == v.current:
        tags.append(el("span", tr("farkle.you_play"), class_="fk-tag-now"))
    elif v.last_round_by is not None and not to_play:
        tags.append(el("span", tr("farkle.done"), class_="fk-tag-done"))
    bar = _progress(tr, v, seat, name)
    cls = "fk-player" + (" current" if i == v.current else "") + (" ai" if seat.computer else "")
    return el(
        "li",
        el("span", bdi(name), class_="fk-pname"),
        tags and el("span", tags, class_="fk-tag"),
        el("span", tr.number(seat.banked), class_="fk-ptotal num"),
        lost_marks(tr, seat.farkles) if v.rules.farkle_penalty else None,
        bar,
        class_=cls,
        aria_current="true" if i == v.current else None,
    )


def _progress(tr: Translator, v: TableView, seat: SeatView, name: str) -> Markup:
    """How far a player is: towards the target, or through a game of so many turns
    (a challenge's, played for the most points, has no target to reach)."""
    if v.turn_limit is None:
        now, most = max(0, min(seat.banked, v.target)), v.target  # a penalty: below zero
        label = tr("farkle.progress", name=name, total=seat.banked, target=v.target)
    else:
        now, most = max(0, min(v.round - 1, v.turn_limit)), v.turn_limit
        label = tr("farkle.progress_turns", name=name, n=now, of=most)
    return el(
        "span",
        el("span", class_="fk-fill", style=f"width:{now * 100 // most}%"),
        class_="fk-bar",
        role="progressbar",
        aria_valuemin=0,
        aria_valuemax=most,
        aria_valuenow=now,
        aria_label=label,
    )


def _marks_key(tr: Translator, v: TableView) -> Markup:
    """What the marks beside a score mean, once someone has one (screen readers hear
    each player's marks named already)."""
    penalty = v.rules.farkle_penalty
    if not penalty or not any(seat.farkles for seat in v.seats):
        return Markup()
    said = tr("farkle.house.marks_key", limit=FARKLES_FOR_PENALTY, points=tr.number(penalty))
    return el(
        "p",
        el("span", class_="fk-mark on fk-key-mark"),
        " ",
        said,
        class_="fk-marks-key",
        id="fk-marks-key",
        aria_hidden="true",
    )


def lost_marks(tr: Translator, count: int) -> Markup:
    """A player's lost turns in a row as marks, one slot per lost turn up to the penalty."""
    marks = [
        el("span", class_="fk-mark on" if i < count else "fk-mark")
        for i in range(FARKLES_FOR_PENALTY)
    ]
    label = tr("farkle.house.farkles", count=count, limit=FARKLES_FOR_PENALTY)
    return el(
        "span",
        marks,
        class_="fk-farkles",
        role="img",
        aria_label=label,
        title=label,
        data_count=count,
    )


def _die_button(tr: Translator, d: DieView, enabled: bool) -> Markup:
    key = "farkle.die.selected" if d.selected else "farkle.die"
    cls = "die fk-die" + (" rolling" if d.rolling else "") + (" refused" if d.refused else "")
    return el(
        "button",
        die_face(d.value),
        el("span", d.pos, class_="fk-dkey", aria_hidden="true"),
        type="button",
        class_=cls,
        id=f"fk-die-{d.pos}",
        # Drawn anew (not kept) so that its tumble plays once per roll, or its shake
        # again at each refusal.
        data_fresh=True if d.refused else d.rolling or None,
        data_act="toggle",
        data_pos=d.pos,
        aria_pressed="true" if d.selected else "false",
        aria_label=tr(key, n=d.pos, value=d.value),
        aria_keyshortcuts=str(d.pos),
        disabled=not enabled,
    )


_SLOT = el("span", class_="fk-slot", aria_hidden="true")


def _slots(count: int) -> Markup:
    """The tray's empty places after ``count`` dice: it always has six, so that no
    die moves when fewer are rolled."""
    return Markup(_SLOT * max(0, MAX_DICE - count))


def _ghost(value: int | None) -> Markup:
    """A die drawn, not played: the dice about to be rolled, or a roll that scored nothing."""
    key = el("span", class_="fk-dkey", aria_hidden="true")
    return el("span", die_face(value), key, class_="die fk-die ghost")


def _tray(tr: Translator, v: TableView) -> Markup:
    bust = next((e for e in v.events if e.kind is EventKind.LOST_TURN), None)
    if v.pad is not None and v.pad.entered and not v.dice:
        # Real dice: the throw being entered lands in the tray (tap a die to take it back).
        inner = frag(widgets.pad_slots(tr, "fk", v.pad, "fk-die"), _slots(v.pad.needed))
        label = tr("pad.entry")
        return el("div", inner, class_="fk-tray entering", role="group", aria_label=label)
    if v.dice:
        inner = frag([_die_button(tr, d, v.human) for d in v.dice], _slots(len(v.dice)))
        label = tr("farkle.dice_in_play")
        cls = "fk-tray"
    elif bust is not None:
        faces = frag([_ghost(x) for x in bust.dice], _slots(len(bust.dice)))
        label = tr("farkle.bust_dice", dice=dice_text(bust.dice))
        inner = frag(el("span", label, class_="sr-only"), faces)
        cls = "fk-tray bust"
    else:
        inner = frag([_ghost(None) for _ in range(v.dice_to_roll)], _slots(v.dice_to_roll))
        label = tr("farkle.dice_in_play")
        cls = "fk-tray waiting"
    role = "group" if v.dice else "img"
    return el("div", inner, class_=cls, role=role, aria_label=label)


def _banner(tr: Translator, v: TableView) -> Markup:
    # The last round is named once, by the head's line with the turns left: its
    # banner only says who reached the target.
    lines = [
        (kind, "" if kind == "last" else head, detail)
        for kind, head, detail in event_lines(tr, v.seats, v.events, 0, html=True)
    ]
    if v.hot_pending:
        lines.append(
            (
                "hot",
                tr("farkle.hot_dice"),
                tr("farkle.event.hot_pending", points=v.turn_total + v.selection_points),
            )
        )
    items = [
        el(
            "li",
            head and frag(el("strong", head), " "),
            el("span", detail),
            class_=f"fk-event {kind}",
        )
        for kind, head, detail in lines
    ]
    return el("ul", items, class_="fk-events") if items else Markup()


def _turn_heading(tr: Translator, v: TableView) -> Markup:
    name = bdi(seat_name(tr, v.seats[v.current]))
    # Every player's heading, unseen, in the same place as the one shown: the heading is
    # as high for each player's turn, and the dice under it stay put.
    ghosts = [
        el(
            "span",
            tr_html(tr, "common.turn_of", name=bdi(seat_name(tr, seat))),
            class_="fk-turn-ghost",
            aria_hidden="true",
        )
        for i, seat in enumerate(v.seats)
        if i != v.current
    ]
    heading = el(
        "h2",
        tr_html(tr, "common.turn_of", name=name),
        class_="fk-turn",
        id="fk-turn",
        tabindex="-1",
    )
    return el("div", heading, ghosts, class_="fk-turnhead")


def _hint(tr: Translator, v: TableView) -> Markup:
    """What to do now (or that the computer plays), under the buttons."""
    name = bdi(seat_name(tr, v.seats[v.current]))
    humans = sum(1 for s in v.seats if not s.computer)
    sub = Markup()
    if not v.human:
        sub = tr_html(tr, "common.computer_playing", name=name)
    elif not v.started:
        hint = tr("farkle.start_hint")
        sub = (
            frag(tr_html(tr, "farkle.pass_to", name=name), " ", hint) if humans > 1 else frag(hint)
        )
    elif not v.selection:
        sub = frag(tr("farkle.pick_hint"))
    return el("p", sub, class_="fk-sub", id="fk-sub") if sub else Markup()


def _status(tr: Translator, v: TableView, said: Markup) -> Markup:
    """Everything said about the turn, below the dice and the buttons: what the
    player tapped was refused, what just happened, what to do, the notices.

    It comes after what is tapped, so that its lines, which come and go between
    two taps, never move a die or a button.
    """
    text = note_text(tr, v.note) if v.note else ""
    note = el("p", text, class_="fk-note", id="fk-note")
    return el("div", note, _banner(tr, v), _hint(tr, v), said, class_="fk-status")


def _stats(tr: Translator, v: TableView) -> Markup:
    if v.selection_points:
        sel = f"+{tr.number(v.selection_points)}"
        sel_cls = "good"
    elif v.selection:
        sel = tr("farkle.selection.partial", dice=dice_text(v.selection_left))
        sel_cls = "warn"
    else:
        sel = tr("farkle.selection.none")
        sel_cls = "muted"
    risk_label = tr("farkle.risk", dice=dice_count(tr, v.dice_to_roll))

    def stat(label: str, value: str, cls: str, ident: str, outer: str = "fk-stat") -> Markup:
        return el("div", el("dt", label), el("dd", value, class_=cls, id=ident), class_=outer)

    return el(
        "dl",
        stat(tr("farkle.turn_total"), tr.number(v.turn_total), "num", "fk-turn-total"),
        stat(tr("farkle.selection"), sel, f"num {sel_cls}", "fk-selection"),
        stat(risk_label, tr.percent(v.risk), "num", "fk-risk", "fk-stat risk"),
        class_="fk-stats",
    )


def _actions(tr: Translator, v: TableView) -> Markup:
    why = None
    if v.human and v.opening_needed and v.turn_total + v.selection_points < v.opening_needed:
        reason = tr("farkle.house.not_opened", minimum=v.opening_needed)
        why = el("p", reason, class_="fk-bank-why", id="fk-bank-why")
    # The line of the total after a bank keeps its place while empty: Bank keeps its size.
    text = ""
    if v.can_bank:
        total = v.seats[v.current].banked + v.turn_total + v.selection_points
        text = tr("farkle.bank_total", total=total)
    # Roll's second line, the dice it throws, balances Bank's: both words at one height.
    throws = dice_count(tr, v.dice_to_roll) if v.human and v.can_roll and not v.pad else ""
    roll = el(
        "button",
        _action_line(tr("pad.throw" if v.pad else "common.roll"), "R"),
        el("span", throws, class_="fk-after", id="fk-roll-after", aria_hidden="true"),
        type="button",
        class_="btn primary fk-roll",
        id="fk-roll",
        data_act="roll",
        disabled=not (v.human and v.can_roll and (v.pad is None or v.pad.complete)),
        aria_keyshortcuts="R",
    )
    bank = el(
        "button",
        _action_line(tr("farkle.bank"), "B"),
        el("span", text, class_="fk-after", id="fk-bank-after", aria_hidden="true"),
        type="button",
        class_="btn fk-bank",
        id="fk-bank",
        data_act="bank",
        disabled=not (v.human and v.can_bank),
        aria_keyshortcuts="B",
        aria_describedby="fk-bank-why" if why else None,
    )
    return el("div", roll, bank, widgets.undo_button(tr, "fk", v.undo), why, class_="fk-actions")


def _action_line(label: str, key: str) -> Markup:
    """A button's word and its key."""
    return el("span", el("span", label), el("kbd", key, aria_hidden="true"), class_="fk-line")


def mini_dice(dice: tuple[int, ...]) -> Markup:
    return frag(el("span", die_face(d), class_="fk-mini") for d in dice)


def _groups(tr: Translator, v: TableView) -> Markup:
    if not v.groups:
        body = el("p", tr("farkle.set_aside.none"), class_="fk-empty")
    else:
        rows = []
        for g in v.groups:
            label = tr(
                "farkle.set_aside.group", n=g.roll_no, dice=dice_text(g.dice), points=g.points
            )
            hot = g.hot and el("span", tr("farkle.hot_dice"), class_="fk-hot-chip")
            rows.append(
                el(
                    "li",
                    el("span", label, class_="sr-only"),
                    el(
                        "span",
                        tr("farkle.set_aside.roll", n=g.roll_no),
                        class_="fk-gno",
                        aria_hidden="true",
                    ),
                    el("span", mini_dice(g.dice), class_="fk-gdice", aria_hidden="true"),
                    el("span", f"+{tr.number(g.points)}", class_="fk-gpts num", aria_hidden="true"),
                    hot,
                    class_="fk-group",
                )
            )
        body = el("ol", rows, class_="fk-glist")
    title = el("h3", tr("farkle.set_aside"), id="fk-aside-title")
    return el("section", title, body, class_="fk-aside", aria_labelledby="fk-aside-title")


def pace_select(tr: Translator, pace: str) -> Markup:
    opts = [el("option", tr("common.pace." + p), value=p, selected=p == pace) for p in PACES]
    return el(
        "label",
        el("span", tr("common.pace")),
        el("select", opts, id="fk-pace", data_act="setting", data_key="pace"),
        class_="fk-field fk-pace",
    )


def keys_hint(tr: Translator) -> Markup:
    return el(
        "p",
        el("span", tr("farkle.keys")),
        " ",
        el("kbd", "R"),
        f" {tr('common.roll')} · ",
        el("kbd", "B"),
        f" {tr('farkle.bank')} · ",
        el("span", el("kbd", "1"), "–", el("kbd", "6"), class_="fk-range"),
        f" {tr('farkle.keys.dice')}",
        class_="fk-keys",
    )


#: Between the points of one row: a line may break only after a slash.
SEPARATOR = "\u00a0/ "


def points_text(tr: Translator, row: ScoringRow) -> str:
    """A scoring row's points in words: ``1,000``, ``200 / 300 / …``, or for a
    multiple of the three of a kind ``2 × three of a kind`` and each face's points.

    >>> from zaria.farkle.rules import ADDITIVE
    >>> print(points_text(Translator("en"), scoring_rows(ADDITIVE)[4]).replace(SEPARATOR, " / "))
    2 × three of a kind (1s … 6s: 2,000 / 400 / 600 / 800 / 1,000 / 1,200)
    """
    if not row.points:
        return tr("farkle.house.no_combination")
    values = SEPARATOR.join(tr.number(p) for p in row.points)
    if not row.factor:
        return values
    times = tr("farkle.house.times_three", factor=row.factor)
    return f"{times} ({tr('farkle.house.by_face', points=values)})"


def most_points_note(tr: Translator, table: ScoringTable) -> str:
    """The note that a selection scores its most points, with this table's examples."""
    if table == DEFAULT_RULES.scoring:
        return tr("farkle.card.max")
    return tr(
        "farkle.house.card.max",
        four_ones=score_selection((1, 1, 1, 1), table),
        six_twos=score_selection((2,) * 6, table),
    )


def scoring_card(
    tr: Translator, is_open: bool = False, table: ScoringTable | None = None
) -> Markup:
    """The reference card of ``table`` (the standard one by default): combinations,
    points, the most-points note and the risks.

    Whether it is open is the controller's state (``card``), so that it stays
    open while the table is redrawn.
    """
    table = table or DEFAULT_RULES.scoring
    body = [
        _card_row(tr("farkle.combo." + row.key), points_text(tr, row))
        for row in scoring_rows(table)
    ]
    risks = [_card_row(dice_count(tr, k), tr.percent(p)) for k, p in bust_table(table)]
    caption = tr(f"farkle.house.summary.table.{table.name}")
    head = el(
        "tr",
        el("th", tr("farkle.card.combo"), scope="col"),
        el("th", tr("farkle.card.points"), scope="col"),
    )
    return el(
        "details",
        el("summary", tr("farkle.card.title"), id="fk-card-summary", data_act="card"),
        el(
            "table",
            el("caption", caption, id="fk-card-table"),
            el("thead", head),
            el("tbody", body),
            class_="fk-ctable",
        ),
        el("p", most_points_note(tr, table), class_="fk-cnote"),
        el("p", tr("farkle.card.same_roll"), class_="fk-cnote"),
        el(
            "table",
            el("caption", tr("farkle.card.risk")),
            el("tbody", risks),
            class_="fk-ctable risk",
        ),
        class_="fk-card",
        id="fk-card",
        open=is_open,
        data_table=table.name,
    )


def _card_row(label: str, value: str) -> Markup:
    return el("tr", el("th", label, scope="row"), el("td", value, class_="num"))


def house_lines(tr: Translator, rules: FarkleRules) -> list[str]:
    """The house rules in force, one phrase each; none for the rules page's game."""
    if rules.is_default:
        return []
    return [tr(key, **params) for key, params in rules.summary()]


def house_summary(tr: Translator, rules: FarkleRules, ident: str) -> Markup:
    """The rules in force as a short list (nothing for the rules page's game)."""
    lines = house_lines(tr, rules)
    if not lines:
        return Markup()
    items = [el("li", line) for line in lines]
    return el("ul", items, class_="fk-house", id=ident, aria_label=tr("farkle.house.title"))


def _computer_status(tr: Translator, state: str) -> Markup:
    """Whether the computer player is being prepared, or could not be."""
    if state == "preparing":
        said = tr("common.computer_preparing")
        return el("p", said, class_="notice fk-prep", id="fk-prep", role="status")
    if state == "failed":
        return el(
            "p",
            tr("farkle.computer.failed"),
            " ",
            button(tr("boot.retry"), "retry", "fk-retry"),
            class_="notice fk-error",
            id="fk-computer-error",
            role="alert",
        )
    return Markup()


def notices(tr: Translator, notice: Note | None, dice_error: str | None) -> Markup:
    return frag(
        dice_error and el("p", dice_error, class_="notice fk-error", role="alert"),
        notice is not None and el("p", note_text(tr, notice), class_="notice fk-notice"),
    )


# -- screens ---------------------------------------------------------------------


def _coach(tr: Translator, v: TableView) -> Markup:
    """The score pad's coach: its switch, and its advice once switched on."""
    if v.coach_switch is None:
        return Markup()
    box = el("input", type="checkbox", id="fk-coach", data_act="pad-coach", checked=v.coach_switch)
    advice = v.coach and el("p", v.coach, class_="fk-coach", id="fk-coach-text")
    label = el("label", box, el("span", tr("penta.coach")), class_="check")
    return el("div", label, advice, class_="fk-coachbox")


def _table_head(tr: Translator, v: TableView) -> Markup:
    """The round, the target, the last round and the rules in force; Rules, New game."""
    last = v.last_round_by is not None and el(
        "p",
        el("strong", tr("farkle.last_round")),
        " ",
        turns_left_text(tr, v.turns_left),
        class_="fk-lastround",
        id="fk-lastround",
    )
    goal = (
        tr("farkle.target", points=v.target)
        if v.turn_limit is None
        else tr("farkle.turn_of", n=min(v.round, v.turn_limit), of=v.turn_limit)
    )
    meta = el(
        "p",
        el("span", tr("farkle.round", n=v.round)) if v.turn_limit is None else None,
        " · " if v.turn_limit is None else None,
        el("span", goal),
        class_="fk-meta",
    )
    rules = widgets.button(tr("nav.rules"), "rules", "fk-rules", "btn fk-rules", data_game="farkle")
    new = v.new_game and widgets.button(tr("common.new_game"), "new", "fk-new", "btn fk-new")
    return frag(
        el("div", meta, last, house_summary(tr, v.rules, "fk-house"), class_="fk-head"),
        el("div", rules, new, class_="fk-head-tools"),
    )


def render_table(tr: Translator, v: TableView) -> Markup:
    """The table during a game."""
    said = frag(notices(tr, v.notice, v.dice_error), _computer_status(tr, v.computer_state))
    # One place holds every notice, however many there are.
    said = el("div", said, class_="fk-notices") if said else Markup()
    cls = "fk-table panel" + ("" if v.human else " ai-turn")
    # What is tapped (the dice, the buttons) comes first, what is said after it; each
    # in a box of its own that only a phone on its side draws (side by side).
    play = el(
        "div",
        _tray(tr, v),
        widgets.dice_pad(tr, "fk", v.pad, compact=not v.dice) if v.pad else None,
        _coach(tr, v),
        _actions(tr, v),
        class_="fk-play",
    )
    info = el("div", _status(tr, v, said), _stats(tr, v), _groups(tr, v), class_="fk-info")
    # Not a region named by its heading: a screen reader would say "Lee's turn" twice.
    table = el("section", _turn_heading(tr, v), play, info, class_=cls)
    prefs = el(
        "div",
        # The computer's pace only matters when the computer plays.
        any(s.computer for s in v.seats) and pace_select(tr, v.pace),
        keys_hint(tr),
        class_="fk-prefs",
    )
    side = el(
        "div",
        _players(tr, v),
        scoring_card(tr, v.card_open, v.rules.scoring),
        prefs,
        class_="fk-side",
    )
    body = el("div", _table_head(tr, v), table, side, class_="fk-layout")
    ready = "wait" if v.computer_state != "ready" else "ready"
    return el("section", body, class_="farkle", aria_label=tr("game.farkle"), data_computer=ready)


def _over_title(tr: Translator, v: OverView) -> Markup:
    """Who won; alone, the total and the turns it took."""
    if len(v.seats) == 1:
        seat = v.seats[0]
        n = v.turns[0] if v.turns else 0
        turns = tr("farkle.over.turns.one") if n == 1 else tr("farkle.over.turns.many", n=n)
        if v.default_name:
            return frag(tr("farkle.over.solo", total=seat.banked, turns=turns))
        return tr_html(
            tr, "farkle.over.solo_named", name=bdi(seat.name), total=seat.banked, turns=turns
        )
    names = [seat_name(tr, v.seats[w]) for w in v.outcome.winners]
    if len(names) == 1:
        return tr_html(tr, "farkle.over.wins", name=bdi(names[0]))
    return tr_html(tr, "farkle.over.tie", names=bdi_list(names))


def _final_turn_text(tr: Translator, v: OverView, turn: FinalTurn) -> Markup:
    """How a last turn went, from its events (its final total alone when unknown)."""
    name = bdi(seat_name(tr, v.seats[turn.seat]))
    total = v.seats[turn.seat].banked
    kinds = {e.kind: e for e in turn.events or ()}
    if EventKind.PENALTY in kinds:
        penalty = kinds[EventKind.PENALTY].points
        return tr_html(tr, "farkle.final.penalty", name=name, points=penalty, total=total)
    if EventKind.LOST_TURN in kinds:
        lost = kinds[EventKind.LOST_TURN].points
        key = "farkle.final.lost" if lost else "farkle.final.lost_nothing"
        return tr_html(tr, key, name=name, points=lost, total=total)
    if EventKind.BANKED in kinds:
        points = kinds[EventKind.BANKED].points
        return tr_html(tr, "farkle.final.banked", name=name, points=points, total=total)
    return tr_html(tr, "farkle.final.played", name=name, total=total)


def _final_round(tr: Translator, v: OverView) -> Markup:
    """The last round: who reached the target, then each other player's last turn
    and whether it passed the leader of the moment."""
    if v.last_round_by is None or len(v.seats) == 1:
        return Markup()
    leader = v.last_round_by
    first = tr_html(
        tr,
        "farkle.final.started",
        name=bdi(seat_name(tr, v.seats[leader])),
        total=v.seats[leader].banked,
    )
    items = [el("li", first, class_="fk-final-turn started")]
    for turn in v.final_round:
        total, best = v.seats[turn.seat].banked, v.seats[leader].banked
        other = bdi(seat_name(tr, v.seats[leader]))
        if total > best:
            cls, verdict = "passes", tr_html(tr, "farkle.final.passes", other=other)
            leader = turn.seat
        elif total == best:
            cls, verdict = "ties", tr_html(tr, "farkle.final.ties", other=other)
        else:
            cls, verdict = "behind", tr_html(tr, "farkle.final.behind", other=other)
        items.append(
            el(
                "li",
                el("span", _final_turn_text(tr, v, turn)),
                " ",
                el("strong", verdict),
                class_=f"fk-final-turn {cls}",
            )
        )
    return el(
        "section",
        el("h3", tr("farkle.final.title"), id="fk-final-title"),
        el("ol", items, class_="fk-final-list"),
        class_="fk-final",
        id="fk-final",
        aria_labelledby="fk-final-title",
    )


def render_over(tr: Translator, v: OverView) -> Markup:
    """The end screen, in the order both games share: the title, the ranking with
    every player's final total, the last round, the buttons."""
    winners = v.outcome.winners
    rows = []
    for rank, i in ranked(v.outcome):
        seat = v.seats[i]
        share = max(0, min(seat.banked, v.target)) * 100 // v.target
        bar = el(
            "span",
            el("span", class_="fk-fill", style=f"width:{share}%"),
            class_="fk-bar",
            aria_hidden="true",
        )
        rows.append(
            el(
                "tr",
                el("td", rank, class_="num"),
                el("th", bdi(seat_name(tr, seat)), scope="row"),
                el("td", tr.number(seat.banked), bar, class_="num"),
                class_="fk-rank winner" if i in winners else "fk-rank",
            )
        )
    head = el(
        "tr",
        el("th", tr("common.rank"), scope="col"),
        el("th", tr("common.player"), scope="col"),
        el("th", tr("farkle.over.total"), scope="col"),
    )
    ranking = el(
        "table",
        el("caption", tr("farkle.over.ranking")),
        el("thead", head),
        el("tbody", rows),
        class_="fk-ranking",
    )
    kicker = f"{tr('game.farkle')} · {_goal(tr, v.target, v.turn_limit)}"
    return el(
        "section",
        el("p", kicker, class_="fk-kicker"),
        el("h2", _over_title(tr, v), id="fk-over-title", tabindex="-1", data_end_title=True),
        house_summary(tr, v.rules, "fk-over-house"),
        len(v.seats) > 1 and ranking,  # alone: the title says the total
        widgets.undo_summary(tr, "fk", [seat_name(tr, x) for x in v.seats], v.undos),
        v.again and _end_buttons(tr),
        _final_round(tr, v),
        race_chart(tr, v),
        class_="farkle fk-over panel",
        aria_labelledby="fk-over-title",
    )
