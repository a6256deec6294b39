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
from zaria_web.ui.html import Markup, attrs, bdi, bdi_list, die_face, h, tr_html
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
    rolling: bool = False
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


def _end_buttons(tr: Translator) -> str:
    return (
        '<div class="btn-row fk-end">'
        f"{button(tr('common.new_game'), 'new', 'fk-new')}"
        f"{button(tr('common.play_again'), 'again', 'fk-again', primary=True)}</div>"
    )


def race_chart(tr: Translator, v: OverView) -> str:
    """The race on the end screen: each player's score by round, the target dashed."""
    if not v.race or len(v.race[0]) < 2:
        return ""
    series = [(seat_name(tr, s), list(r)) for s, r in zip(v.seats, v.race, strict=True)]
    return charts.line_chart(
        tr,
        "fk-race",
        tr("farkle.race.title"),
        tr("farkle.race.round"),
        tr("farkle.race.score"),
        list(range(len(v.race[0]))),
        series,
        target=v.target,
        target_label=tr("farkle.target", points=v.target),
    )


PACES = ("normal", "fast", "instant")


def button(label: str, act: str, ident: str, primary: bool = False) -> str:
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


def _players(tr: Translator, v: TableView) -> str:
    n = len(v.seats)
    # In the last round, the seats still to play are the current one and the next ones.
    to_play = (
        {(v.current + j) % n for j in range(v.turns_left)} if v.last_round_by is not None else set()
    )
    items = []
    penalty = v.rules.farkle_penalty
    for i, seat in enumerate(v.seats):
        name = seat_name(tr, seat)
        shown = max(0, min(seat.banked, v.target))  # a penalty can take a total below zero
        share = shown * 100 // v.target
        tags = []
        if seat.computer:
            level = tr("farkle.level." + seat.level)
            tags.append(
                f'<span class="fk-tag-ai">{h(tr("common.computer_level", level=level))}</span>'
            )
        if i == v.current:
            tags.append(f'<span class="fk-tag-now">{h(tr("farkle.you_play"))}</span>')
        elif v.last_round_by is not None and i not in to_play:
            tags.append(f'<span class="fk-tag-done">{h(tr("farkle.done"))}</span>')
        tag = f'<span class="fk-tag">{"".join(tags)}</span>' if tags else ""
        bar = attrs(
            class_="fk-bar",
            role="progressbar",
            aria_valuemin=0,
            aria_valuemax=v.target,
            aria_valuenow=shown,
            aria_label=tr("farkle.progress", name=name, total=seat.banked, target=v.target),
        )
        cls = (
            "fk-player" + (" current" if i == v.current else "") + (" ai" if seat.computer else "")
        )
        items.append(
            f"<li{attrs(class_=cls, aria_current='true' if i == v.current else None)}>"
            f'<span class="fk-pname">{bdi(name)}</span>{tag}'
            f'<span class="fk-ptotal num">{h(tr.number(seat.banked))}</span>'
            f"{lost_marks(tr, seat.farkles) if penalty else ''}"
            f'<span{bar}><span class="fk-fill" style="width:{share}%"></span></span></li>'
        )
    return (
        f'<section class="fk-players" aria-labelledby="fk-players-title">'
        f'<h2 class="sr-only" id="fk-players-title">{h(tr("common.players"))}</h2>'
        f'<ol class="fk-plist">{"".join(items)}</ol>{_marks_key(tr, v)}</section>'
    )


def _marks_key(tr: Translator, v: TableView) -> str:
    """What the marks beside a score mean, once someone has one (screen readers hear
    each player's marks named already)."""
    penalty = v.rules.farkle_penalty
    if not penalty or not any(seat.farkles for seat in v.seats):
        return ""
    said = tr("farkle.house.marks_key", limit=FARKLES_FOR_PENALTY, points=tr.number(penalty))
    return (
        f'<p class="fk-marks-key" id="fk-marks-key" aria-hidden="true">'
        f'<span class="fk-mark on fk-key-mark"></span> {h(said)}</p>'
    )


def lost_marks(tr: Translator, count: int) -> str:
    """A player's lost turns in a row as marks, one slot per lost turn up to the penalty."""
    marks = "".join(
        f'<span class="fk-mark{" on" if i < count else ""}"></span>'
        for i in range(FARKLES_FOR_PENALTY)
    )
    label = tr("farkle.house.farkles", count=count, limit=FARKLES_FOR_PENALTY)
    box = attrs(class_="fk-farkles", role="img", aria_label=label, title=label, data_count=count)
    return f"<span{box}>{marks}</span>"


def _die_button(tr: Translator, d: DieView, enabled: bool) -> str:
    key = "farkle.die.selected" if d.selected else "farkle.die"
    cls = "die fk-die" + (" rolling" if d.rolling else "") + (" refused" if d.refused else "")
    button_attrs = attrs(
        type="button",
        class_=cls,
        id=f"fk-die-{d.pos}",
        # Drawn anew (not kept) so that its tumble or shake plays again.
        data_fresh=d.rolling or d.refused,
        data_act="toggle",
        data_pos=d.pos,
        aria_pressed="true" if d.selected else "false",
        aria_label=tr(key, n=d.pos, value=d.value),
        aria_keyshortcuts=str(d.pos),
        disabled=not enabled,
    )
    return (
        f"<button{button_attrs}>{die_face(d.value)}"
        f'<span class="fk-dkey" aria-hidden="true">{d.pos}</span></button>'
    )


def _slots(count: int) -> str:
    """The tray's empty places after ``count`` dice: it always has six, so that no
    die moves when fewer are rolled."""
    return '<span class="fk-slot" aria-hidden="true"></span>' * max(0, MAX_DICE - count)


def _ghost(value: int | None) -> str:
    """A die drawn, not played: the dice about to be rolled, or a roll that scored nothing."""
    return (
        f'<span class="die fk-die ghost">{die_face(value)}'
        '<span class="fk-dkey" aria-hidden="true"></span></span>'
    )


def _tray(tr: Translator, v: TableView) -> str:
    bust = next((e for e in v.events if e.kind is EventKind.LOST_TURN), None)
    if v.pad is not None and v.pad.entered and not v.dice:
        # Real dice: the throw being entered lands in the tray (tap a die to take it back).
        inner = widgets.pad_slots(tr, "fk", v.pad, "fk-die") + _slots(v.pad.needed)
        label = tr("pad.entry")
        return (
            f"<div{attrs(class_='fk-tray entering', role='group', aria_label=label)}>{inner}</div>"
        )
    if v.dice:
        inner = "".join(_die_button(tr, d, v.human) for d in v.dice) + _slots(len(v.dice))
        label = tr("farkle.dice_in_play")
        cls = "fk-tray"
    elif bust is not None:
        faces = "".join(_ghost(x) for x in bust.dice) + _slots(len(bust.dice))
        label = tr("farkle.bust_dice", dice=dice_text(bust.dice))
        inner = f'<span class="sr-only">{h(label)}</span>{faces}'
        cls = "fk-tray bust"
    else:
        inner = "".join(_ghost(None) for _ in range(v.dice_to_roll)) + _slots(v.dice_to_roll)
        label = tr("farkle.dice_in_play")
        cls = "fk-tray waiting"
    role = "group" if v.dice else "img"
    return f"<div{attrs(class_=cls, role=role, aria_label=label)}>{inner}</div>"


def _banner(tr: Translator, v: TableView) -> str:
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
    items = "".join(
        f'<li class="fk-event {kind}">'
        f"{f'<strong>{h(head)}</strong> ' if head else ''}<span>{h(detail)}</span></li>"
        for kind, head, detail in lines
    )
    return f'<ul class="fk-events">{items}</ul>' if items else ""


def _turn_heading(tr: Translator, v: TableView) -> str:
    name = bdi(seat_name(tr, v.seats[v.current]))
    # Every player's heading, unseen, in the same place as the one shown: the heading is
    # as high for each player's turn, and the dice under it stay put.
    ghosts = "".join(
        f'<span class="fk-turn-ghost" aria-hidden="true">'
        f"{tr_html(tr, 'common.turn_of', name=bdi(seat_name(tr, seat)))}</span>"
        for i, seat in enumerate(v.seats)
        if i != v.current
    )
    return (
        f'<div class="fk-turnhead"><h2 class="fk-turn" id="fk-turn" tabindex="-1">'
        f"{tr_html(tr, 'common.turn_of', name=name)}</h2>{ghosts}</div>"
    )


def _hint(tr: Translator, v: TableView) -> str:
    """What to do now (or that the computer plays), under the buttons."""
    name = bdi(seat_name(tr, v.seats[v.current]))
    humans = sum(1 for s in v.seats if not s.computer)
    sub = ""
    if not v.human:
        sub = tr_html(tr, "common.computer_playing", name=name)
    elif not v.started:
        hint = h(tr("farkle.start_hint"))
        sub = (tr_html(tr, "farkle.pass_to", name=name) + " " + hint) if humans > 1 else hint
    elif not v.selection:
        sub = h(tr("farkle.pick_hint"))
    return f'<p class="fk-sub" id="fk-sub">{sub}</p>' if sub else ""


def _status(tr: Translator, v: TableView, said: str) -> str:
    """Everything said about the turn, below the dice and the buttons: what the
    player tapped was refused, what just happened, what to do, the notices.

    It comes after what is tapped, so that its lines, which come and go between
    two taps, never move a die or a button.
    """
    text = note_text(tr, v.note) if v.note else ""
    note = f'<p class="fk-note" id="fk-note">{h(text)}</p>'
    return f'<div class="fk-status">{note}{_banner(tr, v)}{_hint(tr, v)}{said}</div>'


def _stats(tr: Translator, v: TableView) -> str:
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
    return (
        '<dl class="fk-stats">'
        f'<div class="fk-stat"><dt>{h(tr("farkle.turn_total"))}</dt>'
        f'<dd class="num" id="fk-turn-total">{h(tr.number(v.turn_total))}</dd></div>'
        f'<div class="fk-stat"><dt>{h(tr("farkle.selection"))}</dt>'
        f'<dd class="num {sel_cls}" id="fk-selection">{h(sel)}</dd></div>'
        f'<div class="fk-stat risk"><dt>{h(risk_label)}</dt>'
        f'<dd class="num" id="fk-risk">{h(tr.percent(v.risk))}</dd></div>'
        "</dl>"
    )


def _actions(tr: Translator, v: TableView) -> str:
    roll = attrs(
        type="button",
        class_="btn primary fk-roll",
        id="fk-roll",
        data_act="roll",
        disabled=not (v.human and v.can_roll and (v.pad is None or v.pad.complete)),
        aria_keyshortcuts="R",
    )
    why = ""
    if v.human and v.opening_needed and v.turn_total + v.selection_points < v.opening_needed:
        reason = tr("farkle.house.not_opened", minimum=v.opening_needed)
        why = f'<p class="fk-bank-why" id="fk-bank-why">{h(reason)}</p>'
    bank = attrs(
        type="button",
        class_="btn fk-bank",
        id="fk-bank",
        data_act="bank",
        disabled=not (v.human and v.can_bank),
        aria_keyshortcuts="B",
        aria_describedby="fk-bank-why" if why else None,
    )
    # The line of the total after a bank keeps its place while empty: Bank keeps its size.
    text = ""
    if v.can_bank:
        total = v.seats[v.current].banked + v.turn_total + v.selection_points
        text = tr("farkle.bank_total", total=total)
    after = f'<span class="fk-after" id="fk-bank-after" aria-hidden="true">{h(text)}</span>'
    # Roll's second line, the dice it throws, balances Bank's: both words at one height.
    throws = dice_count(tr, v.dice_to_roll) if v.human and v.can_roll and not v.pad else ""
    return (
        '<div class="fk-actions">'
        f'<button{roll}><span class="fk-line"><span>{h(tr("pad.throw" if v.pad else "common.roll"))}</span>'
        '<kbd aria-hidden="true">R</kbd></span>'
        f'<span class="fk-after" id="fk-roll-after" aria-hidden="true">{h(throws)}</span></button>'
        f'<button{bank}><span class="fk-line"><span>{h(tr("farkle.bank"))}</span>'
        f'<kbd aria-hidden="true">B</kbd></span>{after}</button>'
        f"{widgets.undo_button(tr, 'fk', v.undo)}{why}"
        "</div>"
    )


def mini_dice(dice: tuple[int, ...]) -> str:
    return "".join(f'<span class="fk-mini">{die_face(d)}</span>' for d in dice)


def _groups(tr: Translator, v: TableView) -> str:
    if not v.groups:
        body = f'<p class="fk-empty">{h(tr("farkle.set_aside.none"))}</p>'
    else:
        rows = []
        for g in v.groups:
            label = tr(
                "farkle.set_aside.group", n=g.roll_no, dice=dice_text(g.dice), points=g.points
            )
            hot = f'<span class="fk-hot-chip">{h(tr("farkle.hot_dice"))}</span>' if g.hot else ""
            rows.append(
                f'<li class="fk-group"><span class="sr-only">{h(label)}</span>'
                f'<span class="fk-gno" aria-hidden="true">'
                f"{h(tr('farkle.set_aside.roll', n=g.roll_no))}</span>"
                f'<span class="fk-gdice" aria-hidden="true">{mini_dice(g.dice)}</span>'
                f'<span class="fk-gpts num" aria-hidden="true">+{h(tr.number(g.points))}</span>'
                f"{hot}</li>"
            )
        body = f'<ol class="fk-glist">{"".join(rows)}</ol>'
    return (
        f'<section class="fk-aside" aria-labelledby="fk-aside-title">'
        f'<h3 id="fk-aside-title">{h(tr("farkle.set_aside"))}</h3>{body}</section>'
    )


def pace_select(tr: Translator, pace: str) -> str:
    opts = "".join(
        f"<option{attrs(value=p, selected=p == pace)}>{h(tr('common.pace.' + p))}</option>"
        for p in PACES
    )
    return (
        f'<label class="fk-field fk-pace"><span>{h(tr("common.pace"))}</span>'
        f"<select{attrs(id='fk-pace', data_act='setting', data_key='pace')}>{opts}</select></label>"
    )


def keys_hint(tr: Translator) -> str:
    return (
        f'<p class="fk-keys"><span>{h(tr("farkle.keys"))}</span> '
        f"<kbd>R</kbd> {h(tr('common.roll'))} · <kbd>B</kbd> {h(tr('farkle.bank'))} · "
        f'<span class="fk-range"><kbd>1</kbd>–<kbd>6</kbd></span> {h(tr("farkle.keys.dice"))}</p>'
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


def scoring_card(tr: Translator, is_open: bool = False, table: ScoringTable | None = None) -> str:
    """The reference card of ``table`` (the standard one by default): combinations,
    points, the most-points note and the risks.

    Whether it is open is the controller's state (``card``), so that it stays
    open while the table is redrawn.
    """
    table = table or DEFAULT_RULES.scoring
    body = "".join(
        f'<tr><th scope="row">{h(tr("farkle.combo." + row.key))}</th>'
        f'<td class="num">{h(points_text(tr, row))}</td></tr>'
        for row in scoring_rows(table)
    )
    risks = "".join(
        f'<tr><th scope="row">{h(dice_count(tr, k))}</th>'
        f'<td class="num">{h(tr.percent(p))}</td></tr>'
        for k, p in bust_table(table)
    )
    caption = tr(f"farkle.house.summary.table.{table.name}")
    return (
        f"<details{attrs(class_='fk-card', id='fk-card', open=is_open, data_table=table.name)}>"
        f"<summary{attrs(id='fk-card-summary', data_act='card')}>"
        f"{h(tr('farkle.card.title'))}</summary>"
        f'<table class="fk-ctable"><caption id="fk-card-table">{h(caption)}</caption>'
        f'<thead><tr><th scope="col">{h(tr("farkle.card.combo"))}</th>'
        f'<th scope="col">{h(tr("farkle.card.points"))}</th></tr></thead>'
        f"<tbody>{body}</tbody></table>"
        f'<p class="fk-cnote">{h(most_points_note(tr, table))}</p>'
        f'<p class="fk-cnote">{h(tr("farkle.card.same_roll"))}</p>'
        f'<table class="fk-ctable risk"><caption>{h(tr("farkle.card.risk"))}</caption>'
        f"<tbody>{risks}</tbody></table></details>"
    )


def house_lines(tr: Translator, rules: FarkleRules) -> list[str]:
    """The house rules in force, one phrase each; none for the rules page's game."""
    if rules.is_default:
        return []
    return [tr(key, **params) for key, params in rules.summary()]


def house_summary(tr: Translator, rules: FarkleRules, ident: str) -> str:
    """The rules in force as a short list (nothing for the rules page's game)."""
    lines = house_lines(tr, rules)
    if not lines:
        return ""
    items = "".join(f"<li>{h(line)}</li>" for line in lines)
    return (
        f"<ul{attrs(class_='fk-house', id=ident, aria_label=tr('farkle.house.title'))}>{items}</ul>"
    )


def _computer_status(tr: Translator, state: str) -> str:
    """Whether the computer player is being prepared, or could not be."""
    if state == "preparing":
        return f'<p class="notice fk-prep" id="fk-prep" role="status">{h(tr("common.computer_preparing"))}</p>'
    if state == "failed":
        retry = attrs(type="button", class_="btn", id="fk-retry", data_act="retry")
        return (
            f'<p class="notice fk-error" id="fk-computer-error" role="alert">'
            f"{h(tr('farkle.computer.failed'))} <button{retry}>{h(tr('boot.retry'))}</button></p>"
        )
    return ""


def notices(tr: Translator, notice: Note | None, dice_error: str | None) -> str:
    out = ""
    if dice_error:
        text = dice_error
        out += f'<p class="notice fk-error" role="alert">{h(text)}</p>'
    if notice is not None:
        out += f'<p class="notice fk-notice">{h(note_text(tr, notice))}</p>'
    return out


# -- screens ---------------------------------------------------------------------


def _coach(tr: Translator, v: TableView) -> str:
    """The score pad's coach: its switch, and its advice once switched on."""
    if v.coach_switch is None:
        return ""
    box = attrs(type="checkbox", id="fk-coach", data_act="pad-coach", checked=v.coach_switch)
    advice = f'<p class="fk-coach" id="fk-coach-text">{h(v.coach)}</p>' if v.coach else ""
    return f'<div class="fk-coachbox"><label class="check"><input{box}><span>{h(tr("penta.coach"))}</span></label>{advice}</div>'


def render_table(tr: Translator, v: TableView) -> str:
    """The table during a game."""
    last = ""
    if v.last_round_by is not None:
        last = (
            f'<p class="fk-lastround" id="fk-lastround">'
            f"<strong>{h(tr('farkle.last_round'))}</strong> "
            f"{h(turns_left_text(tr, v.turns_left))}</p>"
        )
    head = (
        '<div class="fk-head">'
        f'<p class="fk-meta"><span>{h(tr("farkle.round", n=v.round))}</span> · '
        f"<span>{h(tr('farkle.target', points=v.target))}</span></p>{last}"
        f"{house_summary(tr, v.rules, 'fk-house')}</div>"
        '<div class="fk-head-tools">'
        f"<button{attrs(type='button', class_='btn fk-rules', id='fk-rules', data_act='rules', data_game='farkle')}>"
        f"{h(tr('nav.rules'))}</button>"
        f"<button{attrs(type='button', class_='btn fk-new', id='fk-new', data_act='new')}>"
        f"{h(tr('common.new_game'))}</button></div>"
    )
    said = notices(tr, v.notice, v.dice_error) + _computer_status(tr, v.computer_state)
    # One place holds every notice, however many there are.
    said = f'<div class="fk-notices">{said}</div>' if said else ""
    cls = "fk-table panel" + ("" if v.human else " ai-turn")
    # What is tapped (the dice, the buttons) comes first, what is said after it; each
    # in a box of its own that only a phone on its side draws (side by side).
    table = (
        # Not a region named by its heading: a screen reader would say "Lee's turn" twice.
        f'<section class="{cls}">'
        f'{_turn_heading(tr, v)}<div class="fk-play">{_tray(tr, v)}'
        f"{widgets.dice_pad(tr, 'fk', v.pad, compact=not v.dice) if v.pad else ''}{_coach(tr, v)}"
        f'{_actions(tr, v)}</div><div class="fk-info">{_status(tr, v, said)}{_stats(tr, v)}'
        f"{_groups(tr, v)}</div></section>"
    )
    side = (
        f'<div class="fk-side">{_players(tr, v)}{scoring_card(tr, v.card_open, v.rules.scoring)}'
        # The computer's pace only matters when the computer plays.
        f'<div class="fk-prefs">{pace_select(tr, v.pace) if any(s.computer for s in v.seats) else ""}'
        f"{keys_hint(tr)}</div></div>"
    )
    body = f'<div class="fk-layout">{head}{table}{side}</div>'
    ready = "wait" if v.computer_state != "ready" else "ready"

    return (
        f'<section class="farkle" aria-label="{h(tr("game.farkle"))}" data-computer="{ready}">{body}'
        "</section>"
    )


def _over_title(tr: Translator, v: OverView) -> str:
    """Who won; alone, the total and the turns it took."""
    if len(v.seats) == 1:
        seat = v.seats[0]
        n = v.turns[0] if v.turns else 0
        turns = tr("farkle.over.turns.one") if n == 1 else tr("farkle.over.turns.many", n=n)
        if v.default_name:
            return h(tr("farkle.over.solo", total=seat.banked, turns=turns))
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


def _final_round(tr: Translator, v: OverView) -> str:
    """The last round: who reached the target, then each other player's last turn
    and whether it passed the leader of the moment."""
    if v.last_round_by is None or len(v.seats) == 1:
        return ""
    leader = v.last_round_by
    first = tr_html(
        tr,
        "farkle.final.started",
        name=bdi(seat_name(tr, v.seats[leader])),
        total=v.seats[leader].banked,
    )
    items = [f'<li class="fk-final-turn started">{first}</li>']
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
            f'<li class="fk-final-turn {cls}"><span>{_final_turn_text(tr, v, turn)}</span> '
            f"<strong>{verdict}</strong></li>"
        )
    return (
        '<section class="fk-final" id="fk-final" aria-labelledby="fk-final-title">'
        f'<h3 id="fk-final-title">{h(tr("farkle.final.title"))}</h3>'
        f'<ol class="fk-final-list">{"".join(items)}</ol></section>'
    )


def render_over(tr: Translator, v: OverView) -> str:
    """The end screen, in the order both games share: the title, the ranking with
    every player's final total, the last round, the buttons."""
    winners = v.outcome.winners
    rows = []
    for rank, i in ranked(v.outcome):
        seat = v.seats[i]
        share = max(0, min(seat.banked, v.target)) * 100 // v.target
        win = " winner" if i in winners else ""
        rows.append(
            f'<tr class="fk-rank{win}"><td class="num">{rank}</td>'
            f'<th scope="row">{bdi(seat_name(tr, seat))}</th>'
            f'<td class="num">{h(tr.number(seat.banked))}'
            f'<span class="fk-bar" aria-hidden="true">'
            f'<span class="fk-fill" style="width:{share}%"></span></span></td></tr>'
        )
    return (
        f'<section class="farkle fk-over panel" aria-labelledby="fk-over-title">'
        f'<p class="fk-kicker">{h(tr("game.farkle"))} · '
        f"{h(tr('farkle.target', points=v.target))}</p>"
        f'<h2 id="fk-over-title" tabindex="-1">{_over_title(tr, v)}</h2>'
        f"{house_summary(tr, v.rules, 'fk-over-house')}"
        f'<table class="fk-ranking"><caption>{h(tr("farkle.over.ranking"))}</caption>'
        f'<thead><tr><th scope="col">{h(tr("common.rank"))}</th>'
        f'<th scope="col">{h(tr("common.player"))}</th>'
        f'<th scope="col">{h(tr("farkle.over.total"))}</th></tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
        f"{widgets.undo_summary(tr, 'fk', [seat_name(tr, x) for x in v.seats], v.undos)}"
        f"{_end_buttons(tr) if v.again else ''}{_final_round(tr, v)}{race_chart(tr, v)}"
        "</section>"
    )
