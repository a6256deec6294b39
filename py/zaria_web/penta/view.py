"""Penta's HTML: the setup form, the table (dice, controls, score sheet), the end.

Pure functions of a snapshot: nothing here changes the game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from zaria.game import Seat
from zaria.i18n import Translator
from zaria.outcome import Outcome
from zaria.penta.game import PentaGame, Totals
from zaria.penta.players import LEVELS
from zaria.penta.scoring import LOWER, UPPER, UPPER_BONUS_THRESHOLD, Box
from zaria_web.penta.review import Coach, Decision, Keep, Score, choice_of, costliest_first
from zaria_web.penta.review import verdict as review_verdict
from zaria_web.play.seats import MAX_HUMANS, SeatForm, default_number, shown_name
from zaria_web.ui import widgets
from zaria_web.ui.html import Markup, attrs, bdi, bdi_list, die_face, h, tr_html


def autorecord_choice(tr: Translator) -> tuple[str, dict[str, str]]:
    """The auto-record setting's label and the words for its values, in order: the
    delay after the third roll before the selected box is recorded, or off."""
    seconds = {s: tr("penta.autorecord.seconds", s=int(s)) for s in ("3", "5", "10")}
    return tr("penta.autorecord"), {**seconds, "off": tr("penta.autorecord.off")}


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
    #: The throw being entered, with real dice (None: the app's own dice).
    pad: widgets.PadView | None = None
    #: The coach's switch: what it reports, and whether it is on.
    coach_act: str = "coach"
    coach_switch: bool = False
    #: The Undo button: whether it may be pressed (None: a strict game, no button).
    undo: bool | None = None
    #: The box the countdown will record in, and the countdown's whole length (s).
    countdown_box: Box | None = None
    countdown_of: int = 3


seat_name = shown_name


def _real_kicker(tr: Translator) -> str:
    return f'<p class="pad-kicker" id="penta-real">{h(tr("stats.real_dice"))}</p>'


#: The end ranking's columns (the parts of each total are in the final sheets).
END_COLUMNS = ("common.rank", "common.player", "penta.total")


def countdown_text(tr: Translator, box: Box | None, left: int) -> str:
    """The auto-record countdown in words: the seconds left and the box it records in."""
    name = tr("penta.box." + box.value) if box is not None else ""
    return tr("penta.countdown", s=left, box=name)


def _box_label(tr: Translator, name: str, points: int, bonus: int) -> str:
    """What a box open to the roll says to a screen reader: its name, what it scores."""
    key = "penta.box.option.one" if points == 1 else "penta.box.option"
    label = tr(key, box=name, points=points)
    return label + (" " + tr("penta.announce.bonus", bonus=bonus) if bonus else "")


def _bar_style(s: TableState, left: int) -> str:
    """The countdown bar's share of the delay at the start and at the end of this second."""
    of = max(s.countdown_of, left, 1)
    return f"--from:{left / of:.3f};--to:{(left - 1) / of:.3f}"


def _col(i: int, current: int) -> str:
    """The class of player ``i``'s column: the one drawn apart (see :func:`shown_seat`)
    is ``cur``, the only one a phone draws."""
    return "cur" if i == current else "other"


def shown_seat(game: PentaGame) -> int:
    """Whose column the sheet draws apart: the player's whose turn it is, or while
    the computer plays, the last person's before it (a person keeps their own sheet
    in sight; the computer's dice and choice are on the table and in its turn's log).

    >>> from zaria.game import Seat
    >>> g = PentaGame.new([Seat("Ann"), Seat("Computer", computer=True)])
    >>> shown_seat(g)
    0
    """
    n = len(game.seats)
    for back in range(n):
        seat = (game.current - back) % n
        if not game.seats[seat].computer:
            return seat
    return game.current


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


def _end_buttons(tr: Translator) -> str:
    new = attrs(type="button", class_="btn", data_act="new", id="penta-new-game")
    again = attrs(type="button", class_="btn primary big", data_act="again", id="penta-again")
    return (
        f'<div class="btn-row end"><button{new}>{h(tr("common.new_game"))}</button>'
        f"<button{again}>{h(tr('common.play_again'))}</button></div>"
    )


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
        # The score just made is said by the app already (announced), not again here.
        role = 'aria-live="off"' if key == "penta.last" else 'role="status"'
        return f'<p class="penta-msg {kind}" {role}>{h(text)}</p>'

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
            [(p, tr("common.pace." + p)) for p in ("normal", "fast", "instant")],
            tr("common.pace"),
        )
        label, words = autorecord_choice(tr)
        auto = self._select("autorecord", list(words.items()), label)
        return f'<div class="penta-settings">{pace}{auto}</div>'

    # -- setup ----------------------------------------------------------------
    def _computer_fields(self, setup: SeatForm) -> str:
        """The form's computer: whether it plays, and at which level."""
        tr = self.tr
        levels = [(lv, tr("penta.level." + lv)) for lv in LEVELS]
        return (
            f'<fieldset class="computer"><legend>{h(tr("common.setup.computer_legend"))}</legend>'
            f'<label class="check"><input{attrs(type="checkbox", id="penta-computer", checked=setup.computer, data_act="seat-computer")}>'
            f"<span>{h(tr('common.setup.computer'))}</span></label>"
            f"{widgets.level_choice(tr, 'penta', levels, setup.level, setup.computer)}"
            f"</fieldset>"
        )

    def _handover(self, setup: SeatForm) -> bool | None:
        """The hand-over setting, offered when several people share the device."""
        return self.settings.get("handover", "on") == "on" if len(setup.names) > 1 else None

    def setup(
        self,
        setup: SeatForm,
        message: tuple[str, dict[str, Any]] | None,
        dice_error: str | None,
        can_go_back: bool = False,
        computer_choice: bool = True,
    ) -> str:
        """The new game form; without ``computer_choice`` (a score pad) no computer plays."""
        tr = self.tr
        rows = widgets.name_rows(tr, setup.names, "penta", "player-row")
        add = (
            f"<button{attrs(type='button', class_='btn', data_act='seat-add', id='penta-add')}>"
            f"+ {h(tr('common.setup.add'))}</button>"
            if len(setup.names) < MAX_HUMANS
            else ""
        )
        error = f'<p class="notice" role="alert">{h(dice_error)}</p>' if dice_error else ""
        computer = self._computer_fields(setup) if computer_choice else ""
        # Real dice are thrown on the table: the score pad is not passed around.
        handover = self._handover(setup) if computer_choice else None
        back = (
            widgets.button(tr("farkle.setup.back"), "back", "penta-back")
            if can_go_back
            else widgets.button(tr("nav.back"), "home")
        )
        return (
            f'<section class="penta setup panel" aria-labelledby="penta-setup-title">'
            f'<h2 id="penta-setup-title">{h(tr("penta.setup.title"))}</h2>'
            f"{'' if computer_choice else _real_kicker(tr)}{error}{self._message(message)}"
            f'<fieldset class="players"><legend>{h(tr("common.players"))}</legend>'
            f'<ol class="player-list">{rows}</ol>{add}'
            f"{widgets.game_options(tr, 'penta', setup.strict, handover)}</fieldset>"
            f"{computer}"
            f"{self.settings_panel() if computer_choice else ''}"
            f'<div class="btn-row end">{back}'
            f"<button{attrs(type='button', class_='btn primary big', data_act='start', id='penta-start')}>"
            f"{h(tr('common.setup.start'))}</button></div></section>"
        )

    # -- the table ------------------------------------------------------------
    def _dice(self, s: TableState) -> str:
        tr = self.tr
        game = s.game
        human = not game.seats[game.current].computer
        can_hold = human and game.dice is not None and game.rolls_left > 0
        dice = game.dice or (None,) * 5
        out = []
        entering = self._entering(s)
        runs = held_runs(game.held if game.dice is not None else ())
        for i, value in enumerate(dice):
            held = bool(game.dice is not None and game.held[i])
            if i in entering:
                out.append(self._entered_die(s, i, entering[i]))
                continue
            if value is None:
                label = tr("penta.die.blank", n=i + 1)
            else:
                label = tr("penta.die.held" if held else "penta.die", n=i + 1, value=value)
            classes = "die" + (" rolling" if s.rolled[i] else "") + (" held" if held else "")
            mark = self._coach_mark(s, i)
            if mark:
                classes += " suggested"
                label += " " + tr("penta.coach.keep_die")
            out.append(
                f"<button{attrs(type='button', class_=classes, id=f'die-{i}', data_fresh=s.rolled[i], data_act='hold', data_index=i, data_value=value, aria_pressed='true' if held else 'false', aria_label=label, disabled=not can_hold)}>"
                f"{die_face(value)}{mark}{_held_tag(tr, runs.get(i, 0))}</button>"
            )
        return f'<div class="dice-tray" role="group" aria-label="{h(tr("penta.dice"))}">{"".join(out)}</div>'

    def _entering(self, s: TableState) -> dict[int, int]:
        """With real dice, once a throw is being entered: the place in the tray of each
        die to throw (the dice not held), and its index in the entry."""
        pad, game = s.pad, s.game
        if pad is None or not pad.entered:
            return {}
        free = [i for i in range(5) if game.dice is None or not game.held[i]]
        return {pos: k for k, pos in enumerate(free)}

    def _entered_die(self, s: TableState, pos: int, k: int) -> str:
        """A die of the throw being entered: its face once tapped (tap it to take it
        back), blank until then."""
        assert s.pad is not None
        if k >= len(s.pad.entered):
            return f'<span class="die pad-die ghost" id="die-{pos}" aria-hidden="true">{die_face(None)}</span>'
        value = s.pad.entered[k]
        label = self.tr("pad.entered", n=k + 1, value=value)
        return (
            f"<button{attrs(type='button', class_='die pad-die', id=f'die-{pos}', data_act='unface', data_index=k, data_value=value, aria_label=label)}>"
            f"{die_face(value)}</button>"
        )

    def _controls(self, s: TableState) -> str:
        tr = self.tr
        game = s.game
        human = not game.seats[game.current].computer
        can_roll = human and game.can_roll() and (s.pad is None or s.pad.complete)
        roll_label = (
            tr("common.roll") if game.dice is None else tr("penta.roll_left", n=game.rolls_left)
        )
        roll = (
            f"<button{attrs(type='button', class_='btn primary roll', id='penta-roll', data_act='roll', disabled=not can_roll, aria_keyshortcuts='R', aria_describedby='penta-roll-why' if _all_held(s) else None)}>"
            # The word and its key on one line, the rolls left on a second one kept while
            # empty: the button keeps its size through the turn.
            f'<span class="roll-line"><span class="label">{h(tr("pad.throw" if s.pad else "common.roll"))}</span>'
            '<kbd aria-hidden="true">R</kbd></span>'
            f'<span class="sub" aria-hidden="true">{h(roll_label) if game.dice is not None else ""}</span></button>'
        )
        validate = (
            f"<button{attrs(type='button', class_='btn validate', id='penta-validate', data_act='validate', disabled=not (human and s.selected is not None), aria_keyshortcuts='V')}>"
            f'<span class="label">{h(tr("penta.validate"))}</span> <kbd aria-hidden="true">V</kbd></button>'
        )
        pips = "".join(
            f'<span class="roll-pip{" used" if i < game.rolls_used else ""}"></span>'
            for i in range(3)
        )
        rolls = (
            f'<p class="rolls-left"><span class="roll-pips" aria-hidden="true">{pips}</span>'
            f"{h(tr('penta.rolls_left', n=game.rolls_left))}</p>"
        )
        undo = widgets.undo_button(tr, "penta", s.undo)
        # Validate first: after the sheet, a chosen box is one Tab from it.
        return f'<div class="penta-controls">{rolls}<div class="btn-row">{validate}{roll}{undo}</div></div>'

    def _status(self, s: TableState) -> str:
        tr = self.tr
        game = s.game
        seat = game.seats[game.current]
        parts = []
        # Under the dice, not over them; once the dice are rolled (or while the computer
        # plays) its line stays, unseen, so that nothing under it moves.
        if len(game.seats) > 1:
            cue = tr_html(tr, "penta.your_turn", name=bdi(self._seat_name(seat)))
            spent = game.dice is not None or seat.computer
            hidden = attrs(
                class_="handover spent" if spent else "handover",
                aria_hidden="true" if spent else None,
            )
            parts.append(f"<p{hidden}>{cue}</p>")
        if _all_held(s):
            # The disabled Roll button says why, to the eye and to screen readers.
            parts.append(
                f'<p class="roll-why" id="penta-roll-why">{h(tr("err.penta.all_held"))}</p>'
            )
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
            parts.append(f'<p class="penta-msg">{h(tr("common.computer_preparing"))}</p>')
        if seat.computer:
            parts.append(
                f'<p class="penta-msg thinking">{tr_html(tr, "common.computer_playing", name=bdi(self._seat_name(seat)))}</p>'
            )
        if s.countdown is not None:
            parts.append(self._countdown(s, s.countdown))
        if game.dice is not None and game.must_sacrifice() and not seat.computer:
            parts.append(
                f'<p class="penta-msg warn sacrifice" role="status">{h(tr("penta.sacrifice"))}</p>'
            )
        elif s.message is not None and (s.message[0] != "penta.sacrifice"):
            parts.append(self._message(s.message, s.game))
        if s.coach is not None or s.coach_switch:
            parts.append(self._coach(s))
        return f'<div class="penta-status" aria-live="polite">{"".join(parts)}</div>'

    def _board(self, s: TableState) -> str:
        """Every player's total in large figures, the player to play marked: under the
        dice on a wide screen (a phone has the others' totals above its sheet)."""
        game = s.game
        if len(game.seats) == 1:
            return ""
        items = "".join(
            f"<li{attrs(class_='now' if i == game.current else None, aria_current='true' if i == game.current else None)}>"
            f'<span class="pname">{bdi(self._seat_name(seat))}</span>'
            f'<span class="num">{h(self.tr.number(game.totals(i).total))}</span></li>'
            for i, seat in enumerate(game.seats)
        )
        return f'<ol class="penta-board" aria-label="{h(self.tr("penta.board"))}">{items}</ol>'

    def _coach_mark(self, s: TableState, i: int) -> str:
        """The coach's mark on die ``i`` when it suggests keeping it (else nothing);
        the die's name says it too."""
        if s.coach is None or i not in s.coach.keep_positions:
            return ""
        return '<span class="coach-mark" aria-hidden="true">★</span>'

    def _countdown(self, s: TableState, left: int) -> str:
        """The auto-record countdown: the box it records in, the seconds left, and a
        bar that shrinks through the second now running (the table is redrawn each
        second, so each drawing animates one second's share of the whole)."""
        bar = _bar_style(s, left)
        return (
            f'<p class="penta-msg countdown" role="timer" aria-live="off" id="penta-countdown">'
            f'<span class="countdown-text">{h(countdown_text(self.tr, s.countdown_box, left))}</span>'
            f'<span class="countdown-track" aria-hidden="true">'
            f'<span class="countdown-bar" style="{bar}" data-fresh></span></span></p>'
        )

    def _coach(self, s: TableState) -> str:
        tr = self.tr
        c = s.coach
        if c is None:
            # The coach's place is kept while it waits for a roll (the computer's turn
            # too): switched on, it shows at once, and it comes and goes no more.
            return (
                f'<div class="coach-box" id="penta-coach-box" data-reveal aria-hidden="true">'
                f"<strong>{h(tr('penta.coach'))}</strong>"
                f'<p class="coach-explain">{h(tr("penta.coach.waiting"))}</p></div>'
            )
        lines = []
        if isinstance(c.best, Keep):
            value = tr.decimal(c.best_keep_value or 0)
            if c.best.dice:
                dice = " ".join(map(str, c.best.dice))
                lines.append(tr("penta.coach.best_keep", dice=dice, value=value))
                lines.append(tr("penta.coach.marked"))
            else:
                lines.append(tr("penta.coach.best_reroll", value=value))
        else:
            box = c.best.box
            lines.append(
                tr(
                    "penta.coach.best_box",
                    box=tr("penta.box." + box.value),
                    value=tr.decimal(c.boxes[box]),
                )
            )
        if c.held_value is not None:
            lines.append(tr("penta.coach.held", value=tr.decimal(c.held_value)))
        items = "".join(f"<li>{h(line)}</li>" for line in lines)
        return (
            f'<div class="coach-box" id="penta-coach-box" data-reveal><strong>{h(tr("penta.coach"))}</strong><ul>{items}</ul>'
            f'<p class="coach-explain">{h(tr("penta.coach.explain"))}</p></div>'
        )

    def _header(self, s: TableState) -> str:
        tr = self.tr
        game = s.game
        seat = game.seats[game.current]
        # Every player's heading, unseen, in the same place as the one shown: the header
        # is as high for each player's turn, and the dice under it stay put.
        ghosts = "".join(
            f'<span class="turn-ghost" aria-hidden="true">{tr_html(tr, "penta.turn_of", name=bdi(self._seat_name(other)))}</span>'
            for other in game.seats
            if other is not seat
        )
        coach = (
            f'<label class="check coach-toggle"><input{attrs(type="checkbox", id="penta-coach", data_act=s.coach_act, checked=s.coach_switch)}>'
            f"<span>{h(tr('penta.coach'))}</span></label>"
        )
        return (
            f'<div class="penta-head"><div><div class="turn-slot">'
            f'<h2 class="turn-name">{tr_html(tr, "penta.turn_of", name=bdi(self._seat_name(seat)))}</h2>'
            f"{ghosts}</div>"
            f'<p class="round">{h(tr("penta.round", n=game.round, of=13))}</p></div>{coach}</div>'
        )

    def _box_row(self, s: TableState, box: Box, apart: int) -> str:
        """One box's row: each player's score, the current player's option if free
        (``apart``: the column drawn apart, :func:`shown_seat`)."""
        tr = self.tr
        game = s.game
        cur = game.current
        options = game.options() if not game.seats[cur].computer else {}
        last = game.last_scored
        cells = []
        for i, sheet in enumerate(game.sheets):
            value = sheet[box]
            if i == cur and value is None:
                cells.append(self._box_cell(s, box, options, s.coach, _col(i, apart)))
                continue
            flash = " flash" if last is not None and last.seat == i and last.box is box else ""
            shown = "" if value is None else tr.number(value)
            cells.append(f'<td class="{_col(i, apart)} num{flash}">{h(shown)}</td>')
        return f'<tr class="box-row {box.value}"><th scope="row">{h(tr("penta.box." + box.value))}</th>{"".join(cells)}</tr>'

    def _sum_rows(self, totals: list[Totals], cur: int, part: str) -> str:
        """The sums under the upper section (``upper``) or the lower one (``lower``)."""
        tr = self.tr

        def row(key: str, values: list[str], cls: str) -> str:
            cells = "".join(
                f'<td class="{_col(i, cur)} num">{h(v)}</td>' for i, v in enumerate(values)
            )
            return f'<tr class="sum {cls}"><th scope="row">{h(tr(key))}</th>{cells}</tr>'

        def bonus(t: Totals) -> str:
            if t.upper_bonus:
                return tr.number(t.upper_bonus)
            return tr("penta.bonus_need", n=UPPER_BONUS_THRESHOLD - t.upper)

        if part == "upper":
            return row(
                "penta.upper_total", [tr.number(t.upper) for t in totals], "upper-total"
            ) + row("penta.upper_bonus", [bonus(t) for t in totals], "bonus")
        return (
            row("penta.lower_total", [tr.number(t.lower) for t in totals], "lower-total")
            + row(
                "penta.penta_bonus",
                [tr.number(t.penta_bonus) for t in totals],
                # A short phone leaves out the row while nobody has a Penta bonus.
                "pbonus" + ("" if any(t.penta_bonus for t in totals) else " none"),
            )
            + row("penta.total", [tr.number(t.total) for t in totals], "grand")
        )

    def _sheet(self, s: TableState) -> str:
        tr = self.tr
        game = s.game
        n = len(game.seats)
        cur = shown_seat(game)
        totals = [game.totals(i) for i in range(n)]
        head = "".join(
            f'<th scope="col" class="{_col(i, cur)}"><span class="pname">{bdi(self._seat_name(seat))}</span>'
            # Read as "Ann, total 12", not "Ann 12".
            f'<span class="sr-only">, {h(tr("penta.sheet.head_total"))} </span>'
            f'<span class="ptotal num">{h(tr.number(totals[i].total))}</span></th>'
            for i, seat in enumerate(game.seats)
        )
        rows = (
            "".join(self._box_row(s, b, cur) for b in UPPER)
            + self._sum_rows(totals, cur, "upper")
            + "".join(self._box_row(s, b, cur) for b in LOWER)
            + self._sum_rows(totals, cur, "lower")
        )
        cls = "sheet" + (" show-all" if s.show_all else "") + f" cols-{n}"
        # Every player's column scrolls sideways on a phone: reachable by keyboard too.
        wrap = attrs(
            class_="sheet-wrap",
            role="region" if s.show_all else None,
            tabindex="0" if s.show_all else None,
            aria_label=tr("penta.sheet.all") if s.show_all else None,
        )
        return (
            f"<div{wrap}>{self._sheet_tools(s, totals, cur)}"
            # The key S moves the focus into the sheet (onto a box).
            f'<table class="{cls}" aria-label="{h(tr("penta.sheet"))}">'
            f'<thead><tr><th scope="col" class="corner">{h(tr("penta.sheet.box"))} <kbd aria-hidden="true">S</kbd></th>{head}</tr></thead>'
            f"<tbody>{rows}</tbody></table></div>"
        )

    def _sheet_tools(self, s: TableState, totals: list[Totals], apart: int) -> str:
        """Above the sheet on a phone: every player's total, the toggle that shows their
        columns, and once shown, a hint that they scroll sideways."""
        tr = self.tr
        game = s.game
        n = len(game.seats)
        if n == 1:
            return ""
        toggle = (
            f"<button{attrs(type='button', class_='btn small sheet-toggle', data_act='toggle-sheet', id='penta-sheet-toggle', aria_expanded='true' if s.show_all else 'false')}>"
            f"{h(tr('penta.sheet.show_all' if not s.show_all else 'penta.sheet.show_mine'))}</button>"
        )
        # On a phone only one player's column is drawn: every total stays in sight here
        # (the same chips on every turn, so that the sheet and the dice under them stay
        # put), that player's marked, and the toggle shows their whole columns.
        others = "".join(
            f"<li{attrs(class_='apart' if i == apart else None)}>"
            f'<span class="pname">{bdi(self._seat_name(seat))}</span> <span class="num">{h(tr.number(totals[i].total))}</span></li>'
            for i, seat in enumerate(game.seats)
        )
        # Shown (by the style) only while the sheet scrolls sideways.
        hint = (
            f'<p class="scroll-hint" id="penta-scroll-hint">{h(tr("penta.sheet.scroll_hint"))}</p>'
            if n > 2
            else ""
        )
        return f'<ul class="others-strip">{others}</ul>{toggle}{hint}'

    def _box_cell(
        self,
        s: TableState,
        box: Box,
        options: dict[Box, tuple[int, int]],
        coach: Coach | None,
        col: str = "cur",
    ) -> str:
        tr = self.tr
        name = tr("penta.box." + box.value)
        if s.game.dice is None or s.game.seats[s.game.current].computer:
            selected = s.selected is box
            # The row's header names the box: the cell says it is still to fill.
            return (
                f'<td class="{col} free{" selected" if selected else ""}">'
                f'<span class="sr-only">{h(tr("penta.box.free"))}</span></td>'
            )
        allowed = box in options
        points, bonus = options.get(box, (0, 0))
        shown = tr.number(points) + (f" +{bonus}" if bonus else "")
        selected = s.selected is box
        extra = ""
        if coach is not None and box in coach.boxes:
            best = coach.best == Score(box)
            extra = (
                f'<span class="coach-ev{" best" if best else ""}">'
                f"{'★ ' if best else ''}{h(tr.decimal(coach.boxes[box]))}</span>"
            )
        label = (
            _box_label(tr, name, points, bonus) if allowed else tr("penta.box.forbidden", box=name)
        )
        classes = f"{col} free" + (" selected" if selected else "")
        classes += " zero" if allowed and points + bonus == 0 else ""
        mark = ""
        if s.countdown is not None and s.countdown_box is box:
            classes += " auto"  # the box the countdown records in, and its bar
            mark = f'<span class="auto-mark" aria-hidden="true" style="{_bar_style(s, s.countdown)}" data-fresh></span>'
        return (
            f'<td class="{classes}">'
            # Once a box is chosen the others leave the Tab order, so that Tab goes on to
            # Validate; they stay clickable, and unchoosing the box brings them back.
            f"<button{attrs(type='button', class_='box-btn', id='box-' + box.value, data_act='box', data_box=box.value, aria_pressed='true' if selected else 'false', aria_label=label, disabled=not allowed, tabindex='-1' if s.selected is not None and not selected else None, data_focus_act='sheet-focus' if s.countdown is not None else None)}>"
            f'<span class="pot num">{h(shown) if allowed else "—"}</span>{extra}'
            f"{mark}</button></td>"
        )

    def table(self, s: TableState) -> str:
        tr = self.tr
        tools = (
            f'<div class="penta-tools"><button{attrs(type="button", class_="btn small", data_act="new", id="penta-new")}>{h(tr("common.new_game"))}</button>'
            f"<button{attrs(type='button', class_='btn small', data_act='rules', data_game='penta', id='penta-rules')}>{h(tr('nav.rules'))}</button>"
            # Open or closed is state: the redraws of a computer turn or a countdown keep it.
            f"<details{attrs(class_='penta-more', id='penta-more', open=s.settings_open)}>"
            f"<summary{attrs(class_='btn small', id='penta-more-summary', data_act='toggle-settings')}>"
            f"{h(tr('penta.settings'))}</summary>{self.settings_panel()}</details></div>"
        )
        play = (
            f'<div class="play-area panel">{self._header(s)}{self._dice(s)}'
            f"{widgets.dice_pad(tr, 'penta', s.pad, compact=True) if s.pad else ''}</div>"
        )
        # The buttons come after the sheet, so that Tab goes from the chosen box to
        # Validate; on a wide screen they are drawn under the dice all the same. What
        # is said about the turn has a place of its own, where its coming and going
        # moves no button: under them on a wide screen, above them on a phone, where
        # the buttons keep to the bottom of the screen.
        controls = f'<div class="controls-area panel" data-pinned>{self._controls(s)}</div>'
        status = f'<div class="status-area panel">{self._status(s)}{self._board(s)}</div>'
        return (
            f'<section class="penta table-screen" aria-label="{h(tr("game.penta"))}" data-strategy="{"wait" if s.waiting_for_table or s.strategy_missing else "ready"}">'
            f'<div class="penta-layout">{play}{status}<div class="sheet-area panel">{self._sheet(s)}</div>{controls}</div>'
            f"{tools}</section>"
        )

    # -- the end --------------------------------------------------------------
    def end(self, game: PentaGame, decisions: list[Decision], again: bool = True) -> str:
        """The end screen, in the order both games share: the title, the ranking, the
        buttons (New game and Play again, in reach without scrolling through the rest;
        none with ``again`` off: a game looked at again), the final score sheets, the
        review of each person's choices."""
        tr = self.tr
        n = len(game.seats)
        outcome = Outcome(tuple(game.totals(i).total for i in range(n)))
        reviews = "".join(
            self._review(game, i, [d for d in decisions if d.seat == i])
            for i in range(n)
            if not game.seats[i].computer
        )
        return (
            f'<section class="penta end panel" aria-labelledby="penta-end-title">'
            f'<h2 id="penta-end-title" class="end-title" tabindex="-1">{self._end_title(game, outcome)}</h2>'
            f"{self._ranking(game, outcome)}"
            f"{widgets.undo_summary(tr, 'penta', [self._seat_name(x) for x in game.seats], game.undos)}"
            f"{_end_buttons(tr) if again else ''}{self._final_sheet(game)}"
            f'<section class="end-review" aria-labelledby="penta-review-title">'
            f'<h3 id="penta-review-title">{h(tr("penta.review.title"))}</h3>'
            f'<p class="review-note">{h(tr("penta.review.note"))}</p>{reviews}</section></section>'
        )

    def _end_title(self, game: PentaGame, outcome: Outcome) -> str:
        """Who won; alone, the score (with the name the person typed, if any)."""
        tr = self.tr
        if len(game.seats) == 1:
            name = game.seats[0].name
            score = game.totals(0).total
            if default_number(name) is not None:
                return h(tr("penta.end.solo", score=score))
            return tr_html(tr, "penta.end.solo_named", name=bdi(name), score=score)
        winners = outcome.winners
        names = bdi_list(self._seat_name(game.seats[w]) for w in winners)
        return tr_html(tr, "penta.end.tie" if len(winners) > 1 else "penta.end.winner", names=names)

    def _ranking(self, game: PentaGame, outcome: Outcome) -> str:
        tr = self.tr
        winners = set(outcome.winners)
        rows = []
        for place, i in widgets.ranked(outcome):
            crown = '&nbsp;<span class="crown" aria-hidden="true">★</span>' if i in winners else ""
            rows.append(
                f'<tr class="{"winner" if i in winners else ""}"><td class="num">{place}</td>'
                f'<th scope="row">{bdi(self._seat_name(game.seats[i]))}{crown}</th>'
                f'<td class="num total">{h(tr.number(game.totals(i).total))}</td></tr>'
            )
        head = "".join(f'<th scope="col">{h(tr(k))}</th>' for k in END_COLUMNS)
        return (
            f'<table class="ranking"><caption>{h(tr("penta.end.ranking"))}</caption>'
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        )

    def _final_sheet(self, game: PentaGame) -> str:
        """Every player's final score sheet: one column each, every box and sum."""
        tr = self.tr
        totals = [game.totals(i) for i in range(len(game.seats))]

        def row(label: str, values: list[int], cls: str) -> str:
            cells = "".join(f'<td class="num">{h(tr.number(v))}</td>' for v in values)
            return f'<tr class="{cls}"><th scope="row">{h(label)}</th>{cells}</tr>'

        def boxes(part: tuple[Box, ...]) -> str:
            return "".join(
                row(tr("penta.box." + b.value), [sheet[b] or 0 for sheet in game.sheets], "es-box")
                for b in part
            )

        body = (
            boxes(UPPER)
            + row(tr("penta.upper_total"), [t.upper for t in totals], "es-sum")
            + row(tr("penta.upper_bonus"), [t.upper_bonus for t in totals], "es-sum")
            + boxes(LOWER)
            + row(tr("penta.lower_total"), [t.lower for t in totals], "es-sum")
            + row(tr("penta.penta_bonus"), [t.penta_bonus for t in totals], "es-sum")
            + row(tr("penta.total"), [t.total for t in totals], "es-sum es-total")
        )
        head = "".join(f'<th scope="col">{bdi(self._seat_name(x))}</th>' for x in game.seats)
        title = tr("penta.end.sheets")
        # On a phone a sheet of several players scrolls sideways: the keyboard reaches it too.
        return (
            f'<div class="table-scroll" role="region" tabindex="0" aria-label="{h(title)}">'
            f'<table class="end-sheet cols-{len(game.seats)}" id="penta-end-sheet"><caption>{h(title)}</caption>'
            f'<thead><tr><th scope="col">{h(tr("penta.sheet.box"))}</th>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table></div>"
        )

    def _choice(self, d: Decision) -> str:
        """What was chosen and what was best, as one sentence of the review."""
        tr = self.tr
        chosen, best = choice_of(d.chosen), choice_of(d.best)
        params: dict[str, object] = {}
        for role, choice in (("", chosen), ("best_", best)):
            if isinstance(choice, Score):
                params[role + "box"] = tr("penta.box." + choice.box.value)
            elif choice.dice:
                params[role + "kept"] = self._faces(choice.dice, "rv-kept")
        key = f"penta.review.{_kind(chosen)}_{_kind(best)}"
        return tr_html(tr, key, **params)

    def _faces(self, dice: tuple[int, ...], cls: str) -> Markup:
        """Small die faces, named for screen readers by their values."""
        faces = "".join(f'<span class="rv-die">{die_face(v)}</span>' for v in dice)
        label = self.tr("penta.review.dice", dice=widgets.dice_text(dice))
        return Markup(
            f'<span class="rv-dice {cls}" role="img" aria-label="{h(label)}">{faces}</span>'
        )

    def _review_item(self, d: Decision) -> str:
        tr = self.tr
        when = h(tr("penta.review.when", round=d.round, roll=d.roll))
        dice = self._faces(d.dice, "rv-roll") if d.dice else ""
        cost = h(tr("penta.review.cost", cost=tr.decimal(d.cost)))
        return (
            f'<li class="rv-item"><p class="rv-head"><span class="rv-when">{when}</span> {dice}'
            f' <span class="rv-cost num">{cost}</span></p><p class="rv-text">{self._choice(d)}</p></li>'
        )

    def _review(self, game: PentaGame, seat: int, decisions: list[Decision]) -> str:
        """A person's review: a verdict, the total cost, each costly choice, costliest first."""
        tr = self.tr
        name = self._seat_name(game.seats[seat])
        total = sum(d.cost for d in decisions)
        verdict = tr("penta.review.verdict." + review_verdict(total))
        head = f'<h4>{bdi(name)}</h4><p class="review-verdict">{h(verdict)}</p>'
        if not decisions:
            return f'<div class="review">{head}</div>'
        items = "".join(self._review_item(d) for d in costliest_first(decisions))
        key = "penta.review.total.one" if len(decisions) == 1 else "penta.review.total"
        return (
            f'<div class="review">{head}'
            f'<p class="review-total">{h(tr(key, cost=tr.decimal(total), n=len(decisions)))}</p>'
            f"<details open><summary>{h(tr('penta.review.details'))}</summary>"
            f'<ol class="rv-list">{items}</ol></details></div>'
        )


def held_runs(held: Sequence[bool]) -> dict[int, int]:
    """The dice held side by side, as the place of each run's first die and its length.

    >>> held_runs([True, True, False, True, False]), held_runs([])
    ({0: 2, 3: 1}, {})
    """
    runs: dict[int, int] = {}
    start = None
    for i, on in enumerate([*held, False]):
        if on and start is None:
            start = i
        elif not on and start is not None:
            runs[start] = i - start
            start = None
    return runs


def _held_tag(tr: Translator, run: int) -> str:
    """The word under held dice: once under each run of them, spanning it (``--run``),
    so that side by side they read «Held» once, never «Held Held». The dice say it in
    their own names for screen readers; this is for the eye."""
    if not run:
        return '<span class="held-tag" aria-hidden="true"></span>'
    word = h(tr("penta.held" if run == 1 else "penta.held.many"))
    return f'<span class="held-tag" aria-hidden="true" style="--run:{run}">{word}</span>'


def _all_held(s: TableState) -> bool:
    """Whether the person to play has held every die, so that Roll cannot throw."""
    game = s.game
    human = not game.seats[game.current].computer
    can_roll = human and game.can_roll() and (s.pad is None or s.pad.complete)
    return (
        human and s.pad is None and game.dice is not None and game.rolls_left > 0 and not can_roll
    )


def _kind(choice: Keep | Score) -> str:
    """How a review sentence names a choice: a box, some dice kept, or all rerolled."""
    if isinstance(choice, Score):
        return "box"
    return "keep" if choice.dice else "all"
