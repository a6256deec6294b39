"""Penta's HTML: the setup form, the table (dice, controls, score sheet), the end.

Pure functions of a snapshot: nothing here changes the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from zaria.game import Seat
from zaria.i18n import Translator
from zaria.penta.game import PentaGame, Totals
from zaria.penta.players import LEVELS as LEVELS  # the levels the setup form offers
from zaria.penta.scoring import LOWER, UPPER, UPPER_BONUS_THRESHOLD, Box
from zaria_web.html import Markup, attrs, bdi, bdi_list, die_face, h, tr_html
from zaria_web.names import NAME_LENGTH

if TYPE_CHECKING:
    from zaria_web.penta.screen import Decision, Setup

MAX_HUMANS = 6


@dataclass
class Coach:
    """The advisor's figures for the current roll, as expected final scores."""

    boxes: dict[Box, float]
    best: str
    best_keep: tuple[int, ...] | None
    best_keep_value: float | None
    held_value: float | None


@dataclass
class TableState:
    """Everything the table shows."""

    game: PentaGame
    selected: Box | None
    rolled: tuple[bool, ...]
    countdown: int | None
    message: tuple[str, dict[str, Any]] | None
    coach: Coach | None
    confirm_new: bool
    show_all: bool
    waiting_for_table: bool
    table_error: str | None
    dice_error: str | None
    strategy_missing: bool = False
    settings_open: bool = False


def _fmt(tr: Translator, value: float) -> str:
    """``value`` to one decimal, the language's way (250.4, 250,4).

    >>> _fmt(Translator("tr"), 1250.44), _fmt(Translator("en"), 2)
    ('1.250,4', '2.0')
    """
    tenths = round(abs(value) * 10)
    sign = "-" if value < 0 and tenths else ""
    return f"{sign}{tr.number(tenths // 10)}{tr('penta.decimal')}{tenths % 10}"


def seat_name(tr: Translator, seat: Seat) -> str:
    """A player's name; the computer is called by its name in the current language."""
    return tr("penta.computer_name") if seat.computer else seat.name


def scored_text(
    tr: Translator,
    game: PentaGame,
    key: str,
    seat: int,
    box: str,
    points: int,
    bonus: int,
    html: bool = False,
) -> str:
    """ "Ann scores 25 in Full house." (``key`` says whether it was recorded
    automatically); as HTML, with the name isolated, when ``html`` is set."""
    name = seat_name(tr, game.seats[seat])
    if html:
        text: str = tr_html(tr, key, name=bdi(name), box=tr("penta.box." + box), points=points)
        if bonus:
            text += " " + h(tr("penta.announce.bonus", bonus=bonus))
        return Markup(text)
    text = tr(key, name=name, box=tr("penta.box." + box), points=points)
    if bonus:
        text += " " + tr("penta.announce.bonus", bonus=bonus)
    return text


class PentaView:
    """Renders Penta's screens in one language."""

    def __init__(self, tr: Translator, settings: Mapping[str, str]) -> None:
        self.tr = tr
        self.settings = settings

    # -- pieces ---------------------------------------------------------------
    def _seat_name(self, seat: Seat) -> str:
        return seat_name(self.tr, seat)

    def _message(
        self, message: tuple[str, dict[str, Any]] | None, game: PentaGame | None = None
    ) -> str:
        if message is None:
            return ""
        key, params = message
        if key == "penta.last":
            if game is None:
                return ""  # the last score belongs to a game that is gone
            text = scored_text(self.tr, game, **params, html=True)
        else:
            text = self.tr(key, **params)
        kind = "last" if key == "penta.last" else "warn"
        return f'<p class="penta-msg {kind}" role="status">{h(text)}</p>'

    def _select(self, key: str, options: list[tuple[str, str]], label: str) -> str:
        current = self.settings.get(key, "")
        opts = "".join(
            f"<option{attrs(value=v, selected=v == current)}>{h(t)}</option>" for v, t in options
        )
        return (
            f'<label class="field inline"><span>{h(label)}</span>'
            f"<select{attrs(id='penta-' + key, data_act='setting', data_key=key)}>{opts}</select>"
            "</label>"
        )

    def settings_panel(self) -> str:
        tr = self.tr
        pace = self._select(
            "pace",
            [(p, tr("penta.pace." + p)) for p in ("normal", "fast", "instant")],
            tr("penta.pace"),
        )
        auto = self._select(
            "autorecord",
            [(s, tr("penta.autorecord.seconds", s=int(s))) for s in ("3", "5", "10")]
            + [("off", tr("penta.autorecord.off"))],
            tr("penta.autorecord"),
        )
        return f'<div class="penta-settings">{pace}{auto}</div>'

    # -- setup ----------------------------------------------------------------
    def setup(
        self, setup: Setup, message: tuple[str, dict[str, Any]] | None, dice_error: str | None
    ) -> str:
        tr = self.tr
        rows = []
        for i, name in enumerate(setup.names):
            remove = (
                f"<button{attrs(type='button', class_='icon-btn remove', data_act='setup-remove', data_index=i, id=f'penta-remove-{i}', aria_label=tr('penta.setup.remove', n=i + 1))}>"
                '<span aria-hidden="true">×</span></button>'
                if len(setup.names) > 1
                else ""
            )
            rows.append(
                f'<li class="player-row"><label class="sr-only" for="penta-name-{i}">'
                f"{h(tr('penta.setup.player', n=i + 1))}</label>"
                f"<input{attrs(type='text', id=f'penta-name-{i}', value=name, placeholder=tr('penta.setup.default_name', n=i + 1), maxlength=NAME_LENGTH, autocomplete='off', dir='auto', data_act='setup-name', data_index=i)}>"
                f"{remove}</li>"
            )
        add = (
            f"<button{attrs(type='button', class_='btn', data_act='setup-add', id='penta-add')}>"
            f"+ {h(tr('penta.setup.add'))}</button>"
            if len(setup.names) < MAX_HUMANS
            else ""
        )
        levels = "".join(
            f"<option{attrs(value=lv, selected=lv == setup.level)}>"
            f"{h(tr('penta.level.' + lv))}</option>"
            for lv in LEVELS
        )
        error = f'<p class="notice" role="alert">{h(dice_error)}</p>' if dice_error else ""
        return (
            f'<section class="penta setup panel" aria-labelledby="penta-setup-title">'
            f'<h2 id="penta-setup-title">{h(tr("penta.setup.title"))}</h2>'
            f"{error}{self._message(message)}"
            f'<fieldset class="players"><legend>{h(tr("penta.setup.humans"))}</legend>'
            f'<ol class="player-list">{"".join(rows)}</ol>{add}</fieldset>'
            f'<fieldset class="computer"><legend>{h(tr("penta.setup.computer_legend"))}</legend>'
            f'<label class="check"><input{attrs(type="checkbox", id="penta-computer", checked=setup.computer, data_act="setup-computer")}>'
            f"<span>{h(tr('penta.setup.computer'))}</span></label>"
            f'<label class="field inline"><span>{h(tr("penta.setup.level"))}</span>'
            f"<select{attrs(id='penta-level', data_act='setup-level', disabled=not setup.computer)}>{levels}</select></label>"
            f"</fieldset>"
            f"{self.settings_panel()}"
            f'<div class="btn-row end"><button{attrs(type="button", class_="btn", data_act="home")}>{h(tr("nav.back"))}</button>'
            f"<button{attrs(type='button', class_='btn primary big', data_act='start', id='penta-start')}>"
            f"{h(tr('penta.setup.start'))}</button></div></section>"
        )

    # -- the table ------------------------------------------------------------
    def _dice(self, s: TableState) -> str:
        tr = self.tr
        game = s.game
        human = not game.seats[game.current].computer
        can_hold = human and game.dice is not None and game.rolls_left > 0
        dice = game.dice or (None,) * 5
        out = []
        for i, value in enumerate(dice):
            held = bool(game.dice is not None and game.held[i])
            if value is None:
                label = tr("penta.die.blank", n=i + 1)
            else:
                label = tr("penta.die.held" if held else "penta.die", n=i + 1, value=value)
            classes = "die" + (" rolling" if s.rolled[i] else "") + (" held" if held else "")
            out.append(
                f"<button{attrs(type='button', class_=classes, id=f'die-{i}', data_act='hold', data_index=i, data_value=value, aria_pressed='true' if held else 'false', aria_label=label, disabled=not can_hold)}>"
                f"{die_face(value)}"
                f'<span class="held-tag" aria-hidden="true">{h(tr("penta.held")) if held else ""}</span>'
                "</button>"
            )
        return f'<div class="dice-tray" role="group" aria-label="{h(tr("penta.dice"))}">{"".join(out)}</div>'

    def _controls(self, s: TableState) -> str:
        tr = self.tr
        game = s.game
        human = not game.seats[game.current].computer
        can_roll = human and game.can_roll()
        roll_label = (
            tr("penta.roll") if game.dice is None else tr("penta.roll_left", n=game.rolls_left)
        )
        roll = (
            f"<button{attrs(type='button', class_='btn primary roll', id='penta-roll', data_act='roll', disabled=not can_roll, aria_keyshortcuts='R')}>"
            f'<span class="label">{h(tr("penta.roll"))}</span>'
            f'<span class="sub" aria-hidden="true">{h(roll_label) if game.dice is not None else ""}</span>'
            '<kbd aria-hidden="true">R</kbd></button>'
        )
        validate = (
            f"<button{attrs(type='button', class_='btn validate', id='penta-validate', data_act='validate', disabled=not (human and s.selected is not None), aria_keyshortcuts='V')}>"
            f'{h(tr("penta.validate"))} <kbd aria-hidden="true">V</kbd></button>'
        )
        pips = "".join(
            f'<span class="roll-pip{" used" if i < game.rolls_used else ""}"></span>'
            for i in range(3)
        )
        rolls = (
            f'<p class="rolls-left"><span class="roll-pips" aria-hidden="true">{pips}</span>'
            f"{h(tr('penta.rolls_left', n=game.rolls_left))}</p>"
        )
        return (
            f'<div class="penta-controls">{rolls}<div class="btn-row">{roll}{validate}</div></div>'
        )

    def _status(self, s: TableState) -> str:
        tr = self.tr
        game = s.game
        seat = game.seats[game.current]
        parts = []
        if s.dice_error:
            parts.append(f'<p class="notice" role="alert">{h(s.dice_error)}</p>')
        if s.table_error:
            retry = attrs(
                type="button", class_="btn", id="penta-table-retry", data_act="table-retry"
            )
            parts.append(
                f'<p class="notice table-error" role="alert">{h(tr("penta.table_error"))} '
                f"<button{retry}>{h(tr('boot.retry'))}</button></p>"
            )
        elif s.waiting_for_table:
            parts.append(f'<p class="penta-msg">{h(tr("penta.table_loading"))}</p>')
        if seat.computer:
            parts.append(
                f'<p class="penta-msg thinking">{tr_html(tr, "penta.computer_playing", name=bdi(self._seat_name(seat)))}</p>'
            )
        if s.countdown is not None:
            parts.append(
                f'<p class="penta-msg countdown" role="timer" id="penta-countdown">'
                f"{h(tr('penta.countdown', s=s.countdown))}</p>"
            )
        if game.dice is not None and game.must_sacrifice() and not seat.computer:
            parts.append(
                f'<p class="penta-msg warn sacrifice" role="status">{h(tr("penta.sacrifice"))}</p>'
            )
        elif s.message is not None and (s.message[0] != "penta.sacrifice"):
            parts.append(self._message(s.message, s.game))
        if s.coach is not None:
            parts.append(self._coach(s))
        return f'<div class="penta-status" aria-live="polite">{"".join(parts)}</div>'

    def _coach(self, s: TableState) -> str:
        tr = self.tr
        c = s.coach
        assert c is not None
        lines = []
        if c.best.startswith("keep:"):
            dice = " ".join(c.best[5:]) or "—"
            lines.append(
                tr("penta.coach.best_keep", dice=dice, value=_fmt(tr, c.best_keep_value or 0))
            )
        else:
            box = Box(c.best[4:])
            lines.append(
                tr(
                    "penta.coach.best_box",
                    box=tr("penta.box." + box.value),
                    value=_fmt(tr, c.boxes[box]),
                )
            )
        if c.held_value is not None:
            lines.append(tr("penta.coach.held", value=_fmt(tr, c.held_value)))
        items = "".join(f"<li>{h(line)}</li>" for line in lines)
        return (
            f'<div class="coach-box"><strong>{h(tr("penta.coach"))}</strong><ul>{items}</ul></div>'
        )

    def _header(self, s: TableState) -> str:
        tr = self.tr
        game = s.game
        seat = game.seats[game.current]
        cue = ""
        if len(game.seats) > 1 and game.dice is None and not seat.computer:
            cue = f'<p class="handover" role="status">{tr_html(tr, "penta.your_turn", name=bdi(seat.name))}</p>'
        coach_on = self.settings.get("coach") == "on"
        coach = (
            f'<label class="check coach-toggle"><input{attrs(type="checkbox", id="penta-coach", data_act="coach", checked=coach_on)}>'
            f"<span>{h(tr('penta.coach'))}</span></label>"
        )
        return (
            f'<div class="penta-head"><div><h2 class="turn-name">{tr_html(tr, "penta.turn_of", name=bdi(self._seat_name(seat)))}</h2>'
            f'<p class="round">{h(tr("penta.round", n=game.round, of=13))}</p></div>{coach}</div>{cue}'
        )

    def _sheet(self, s: TableState) -> str:
        tr = self.tr
        game = s.game
        n = len(game.seats)
        cur = game.current
        options = game.options() if not game.seats[cur].computer else {}
        coach = s.coach
        totals = [game.totals(i) for i in range(n)]

        def col_class(i: int) -> str:
            return "cur" if i == cur else "other"

        head = "".join(
            f'<th scope="col" class="{col_class(i)}"><span class="pname">{bdi(self._seat_name(seat))}</span>'
            f'<span class="ptotal num">{h(tr.number(totals[i].total))}</span></th>'
            for i, seat in enumerate(game.seats)
        )

        def box_row(box: Box) -> str:
            cells = []
            for i in range(n):
                value = game.sheets[i][box]
                if i == cur and value is None:
                    cells.append(self._box_cell(s, box, options, coach))
                else:
                    flash = (
                        " flash"
                        if game.last_scored is not None
                        and game.last_scored.seat == i
                        and game.last_scored.box is box
                        else ""
                    )
                    shown = "" if value is None else tr.number(value)
                    cells.append(f'<td class="{col_class(i)} num{flash}">{h(shown)}</td>')
            return f'<tr class="box-row {box.value}"><th scope="row">{h(tr("penta.box." + box.value))}</th>{"".join(cells)}</tr>'

        def sum_row(key: str, values: list[str], cls: str) -> str:
            cells = "".join(
                f'<td class="{col_class(i)} num">{h(v)}</td>' for i, v in enumerate(values)
            )
            return f'<tr class="sum {cls}"><th scope="row">{h(tr(key))}</th>{cells}</tr>'

        def bonus_text(t: Totals) -> str:
            if t.upper_bonus:
                return tr.number(t.upper_bonus)
            need = UPPER_BONUS_THRESHOLD - t.upper
            return tr("penta.bonus_need", n=need)

        upper = "".join(box_row(b) for b in UPPER)
        lower = "".join(box_row(b) for b in LOWER)
        rows = (
            upper
            + sum_row("penta.upper_total", [tr.number(t.upper) for t in totals], "upper-total")
            + sum_row("penta.upper_bonus", [bonus_text(t) for t in totals], "bonus")
            + lower
            + sum_row("penta.lower_total", [tr.number(t.lower) for t in totals], "lower-total")
            + sum_row("penta.penta_bonus", [tr.number(t.penta_bonus) for t in totals], "pbonus")
            + sum_row("penta.total", [tr.number(t.total) for t in totals], "grand")
        )
        toggle = (
            f"<button{attrs(type='button', class_='btn small sheet-toggle', data_act='toggle-sheet', id='penta-sheet-toggle', aria_expanded='true' if s.show_all else 'false')}>"
            f"{h(tr('penta.sheet.show_all' if not s.show_all else 'penta.sheet.show_mine'))}</button>"
            if n > 1
            else ""
        )
        cls = "sheet" + (" show-all" if s.show_all else "") + f" cols-{n}"
        # On a phone only the current player's column is drawn: the others' totals
        # stay in sight here, and the toggle shows their whole columns.
        others = "".join(
            f'<li><span class="pname">{bdi(self._seat_name(seat))}</span> <span class="num">{h(tr.number(totals[i].total))}</span></li>'
            for i, seat in enumerate(game.seats)
            if i != cur
        )
        strip = f'<ul class="others-strip">{others}</ul>' if others else ""
        return (
            f'<div class="sheet-wrap">{strip}{toggle}<table class="{cls}" aria-label="{h(tr("penta.sheet"))}">'
            f'<thead><tr><th scope="col" class="corner">{h(tr("penta.sheet.box"))}</th>{head}</tr></thead>'
            f"<tbody>{rows}</tbody></table></div>"
        )

    def _box_cell(
        self,
        s: TableState,
        box: Box,
        options: dict[Box, tuple[int, int]],
        coach: Coach | None,
    ) -> str:
        tr = self.tr
        name = tr("penta.box." + box.value)
        if s.game.dice is None or s.game.seats[s.game.current].computer:
            selected = s.selected is box
            return (
                f'<td class="cur free{" selected" if selected else ""}">'
                f'<span class="sr-only">{h(name)}</span></td>'
            )
        allowed = box in options
        points, bonus = options.get(box, (0, 0))
        shown = tr.number(points) + (f" +{bonus}" if bonus else "")
        selected = s.selected is box
        extra = ""
        if coach is not None and box in coach.boxes:
            best = coach.best == "box:" + box.value
            extra = (
                f'<span class="coach-ev{" best" if best else ""}">'
                f"{'★ ' if best else ''}{h(_fmt(tr, coach.boxes[box]))}</span>"
            )
        label = (
            tr("penta.box.option", box=name, points=points)
            if allowed
            else tr("penta.box.forbidden", box=name)
        )
        if bonus:
            label += " " + tr("penta.announce.bonus", bonus=bonus)
        return (
            f'<td class="cur free{" selected" if selected else ""}{" zero" if allowed and points + bonus == 0 else ""}">'
            f"<button{attrs(type='button', class_='box-btn', id='box-' + box.value, data_act='box', data_box=box.value, aria_pressed='true' if selected else 'false', aria_label=label, disabled=not allowed)}>"
            f'<span class="pot num">{h(shown) if allowed else "—"}</span>{extra}</button></td>'
        )

    def table(self, s: TableState) -> str:
        tr = self.tr
        confirm = ""
        if s.confirm_new:
            confirm = (
                f'<div class="confirm panel" role="alertdialog" aria-labelledby="confirm-text">'
                f'<p id="confirm-text">{h(tr("penta.confirm_new"))}</p><div class="btn-row">'
                f"<button{attrs(type='button', class_='btn', data_act='keep-playing', id='confirm-no')}>{h(tr('penta.keep_playing'))}</button>"
                f"<button{attrs(type='button', class_='btn primary', data_act='new', id='confirm-yes')}>{h(tr('penta.new_game'))}</button>"
                "</div></div>"
            )
        tools = (
            f'<div class="penta-tools"><button{attrs(type="button", class_="btn small", data_act="new", id="penta-new")}>{h(tr("penta.new_game"))}</button>'
            f"<button{attrs(type='button', class_='btn small', data_act='rules', data_game='penta', id='penta-rules')}>{h(tr('nav.rules'))}</button>"
            # Open or closed is state: the redraws of a computer turn or a countdown keep it.
            f"<details{attrs(class_='penta-more', id='penta-more', open=s.settings_open)}>"
            f"<summary{attrs(class_='btn small', id='penta-more-summary', data_act='toggle-settings')}>"
            f"{h(tr('penta.settings'))}</summary>{self.settings_panel()}</details></div>"
        )
        play = (
            f'<div class="play-area panel">{self._header(s)}{self._dice(s)}{self._status(s)}'
            f"{self._controls(s)}</div>"
        )
        return (
            f'<section class="penta table-screen" aria-label="{h(tr("game.penta"))}" data-strategy="{"wait" if s.waiting_for_table or s.strategy_missing else "ready"}">{confirm}'
            f'<div class="penta-layout">{play}<div class="sheet-area panel">{self._sheet(s)}</div></div>'
            f"{tools}</section>"
        )

    # -- the end --------------------------------------------------------------
    def end(self, game: PentaGame, decisions: list[Decision]) -> str:
        tr = self.tr
        n = len(game.seats)
        order = sorted(range(n), key=lambda i: -game.totals(i).total)
        winners = set(game.winners())
        rank_rows = []
        place = 0
        last_total: int | None = None
        for pos, i in enumerate(order):
            t = game.totals(i)
            if t.total != last_total:
                place = pos + 1
                last_total = t.total
            crown = '&nbsp;<span class="crown" aria-hidden="true">★</span>' if i in winners else ""
            rank_rows.append(
                f'<tr class="{"winner" if i in winners else ""}"><td class="num">{place}</td>'
                f'<th scope="row">{bdi(self._seat_name(game.seats[i]))}{crown}</th>'
                f'<td class="num total">{h(tr.number(t.total))}</td>'
                f'<td class="num part">{h(tr.number(t.upper))}</td><td class="num part">{h(tr.number(t.upper_bonus))}</td>'
                f'<td class="num part">{h(tr.number(t.lower))}</td><td class="num part">{h(tr.number(t.penta_bonus))}</td></tr>'
            )
        names = bdi_list(self._seat_name(game.seats[w]) for w in sorted(winners))
        title = tr_html(
            tr, "penta.end.tie" if len(winners) > 1 else "penta.end.winner", names=names
        )
        head = "".join(
            f'<th scope="col">{h(tr(k))}</th>'
            for k in (
                # The total first: on a phone the parts it sums scroll into view after it.
                "penta.end.place",
                "penta.end.player",
                "penta.total",
                "penta.upper_total",
                "penta.upper_bonus",
                "penta.lower_total",
                "penta.penta_bonus",
            )
        )
        reviews = "".join(
            self._review(game, i, [d for d in decisions if d.seat == i])
            for i in range(n)
            if not game.seats[i].computer
        )
        return (
            f'<section class="penta end panel" aria-labelledby="penta-end-title">'
            f'<h2 id="penta-end-title" class="end-title" tabindex="-1">{title}</h2>'
            # On a phone the table scrolls sideways: the keyboard must reach it too.
            f'<div class="table-scroll" role="region" tabindex="0" aria-labelledby="penta-end-title">'
            f'<table class="ranking"><thead><tr>{head}</tr></thead>'
            f"<tbody>{''.join(rank_rows)}</tbody></table></div>"
            f'<div class="btn-row end"><button{attrs(type="button", class_="btn", data_act="new", id="penta-new-game")}>{h(tr("penta.new_game"))}</button>'
            f"<button{attrs(type='button', class_='btn primary big', data_act='again', id='penta-again')}>{h(tr('penta.play_again'))}</button></div>"
            f'<h3>{h(tr("penta.review.title"))}</h3><p class="review-note">{h(tr("penta.review.note"))}</p>'
            f"{reviews}</section>"
        )

    def _choice(self, label: str) -> str:
        tr = self.tr
        kind, _, what = label.partition(":")
        if kind == "box":
            return tr("penta.review.box", box=tr("penta.box." + what))
        return tr("penta.review.keep", dice=" ".join(what) or "—")

    def _review(self, game: PentaGame, seat: int, decisions: list[Decision]) -> str:
        tr = self.tr
        name = game.seats[seat].name
        if not decisions:
            return f'<div class="review"><h4>{bdi(name)}</h4><p>{h(tr("penta.review.perfect"))}</p></div>'
        total = sum(d.cost for d in decisions)
        items = "".join(
            f"<li>{h(tr('penta.review.item', round=d.round, roll=d.roll, chosen=self._choice(d.chosen), best=self._choice(d.best), cost=_fmt(tr, d.cost)))}</li>"
            for d in decisions
        )
        return (
            f'<div class="review"><h4>{bdi(name)}</h4>'
            f'<p class="review-total">{h(tr("penta.review.total", cost=_fmt(tr, total), n=len(decisions)))}</p>'
            f"<details><summary>{h(tr('penta.review.details'))}</summary><ol>{items}</ol></details></div>"
        )
