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
from zaria.penta.rules import Rules
from zaria.penta.scoring import Box
from zaria_web.penta import house
from zaria_web.penta.member import Member, box_key
from zaria_web.penta.review import Coach, Decision, Keep, Score, choice_of, costliest_first
from zaria_web.penta.review import verdict as review_verdict
from zaria_web.play.seats import MAX_HUMANS, SeatForm, default_number, shown_name
from zaria_web.ui import widgets
from zaria_web.ui.html import Markup, bdi, bdi_list, die_face, el, frag, tr_html


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
    #: By die: the number of the roll it tumbles for (0: it does not).
    rolled: tuple[int, ...]
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
    #: Whether New game is offered (not in a challenge: one attempt counts).
    new_game: bool = True
    #: The player's own choices, alone (a challenge), so neither the coach nor the
    #: settings (the computer's pace, auto-record) apply to it.
    own_play: bool = False


seat_name = shown_name


def _real_kicker(tr: Translator) -> Markup:
    return el("p", tr("stats.real_dice"), class_="pad-kicker", id="penta-real")


#: The end ranking's columns (the parts of each total are in the final sheets).
END_COLUMNS = ("common.rank", "common.player", "penta.total")


def rules_tag(tr: Translator, rules: Rules, member: Member = house.PENTA_GAME) -> Markup | None:
    """The rules a game of ``member`` is played by, said on its table and its end when
    they are not the rules page's game."""
    if rules is member.default:
        return None
    return el("p", tr(member.label_key(rules)), class_="penta-rules-tag")


def countdown_text(tr: Translator, box: Box | None, left: int, rules: Rules) -> str:
    """The auto-record countdown in words: the seconds left and the box of ``rules``'
    sheet it records in."""
    name = tr(box_key(rules, box)) if box is not None else ""
    return tr("penta.countdown", s=left, box=name)


def box_label(tr: Translator, name: str, points: int, bonus: int) -> str:
    """What a box open to the roll says to a screen reader: its name, what it scores."""
    key = "penta.box.option.one" if points == 1 else "penta.box.option"
    label = tr(key, box=name, points=points)
    return label + (" " + tr("penta.announce.bonus", bonus=bonus) if bonus else "")


def _countdown_mark(s: TableState, box: Box) -> Markup | None:
    """The countdown's bar in ``box``, when it is the box the countdown records in."""
    if s.countdown is None or s.countdown_box is not box:
        return None
    style = _bar_style(s, s.countdown)
    return el("span", class_="auto-mark", aria_hidden="true", style=style, data_fresh=True)


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
    tr: Translator, game: PentaGame, key: str, seat: int, box: str, points: int, bonus: int
) -> str:
    """ "Ann scores 25 in Full house." (``key`` says whether it was recorded
    automatically)."""
    name = seat_name(tr, game.seats[seat])
    text = tr(key, name=name, box=tr(f"{game.rules.game}.box.{box}"), points=points)
    if bonus:
        text += " " + tr("penta.announce.bonus", bonus=bonus)
    return text


def scored_html(
    tr: Translator, game: PentaGame, key: str, seat: int, box: str, points: int, bonus: int
) -> Markup:
    """:func:`scored_text` as HTML, the name isolated."""
    name = bdi(seat_name(tr, game.seats[seat]))
    said = tr_html(tr, key, name=name, box=tr(f"{game.rules.game}.box.{box}"), points=points)
    return frag(said, frag(" ", tr("penta.announce.bonus", bonus=bonus)) if bonus else None)


def _end_buttons(tr: Translator) -> Markup:
    return el(
        "div",
        widgets.button(tr("common.new_game"), "new", "penta-new-game"),
        widgets.button(tr("common.play_again"), "again", "penta-again", "btn primary big"),
        class_="btn-row end",
    )


class PentaView:
    """Renders the screens of a member of the family (Penta's) in one language."""

    def __init__(
        self, tr: Translator, settings: Mapping[str, str], member: Member = house.PENTA_GAME
    ) -> None:
        self.tr = tr
        self.settings = settings
        self.member = member

    # -- pieces ---------------------------------------------------------------
    def _seat_name(self, seat: Seat) -> str:
        return seat_name(self.tr, seat)

    def _message(
        self, message: tuple[str, dict[str, Any]] | None, game: PentaGame | None = None
    ) -> Markup:
        """A notice of the form (said as it comes), or on the table (``game``) what was
        just scored or refused: the app says those already, so they are only shown."""
        if message is None:
            return Markup()
        key, params = message
        if key == "penta.last":
            if game is None:
                return Markup()  # the last score belongs to a game that is gone
            return el("p", scored_html(self.tr, game, **params), class_="penta-msg last")
        role = None if game is not None else "status"
        return el("p", self.tr(key, **params), class_="penta-msg warn", role=role)

    def _select(self, key: str, options: list[tuple[str, str]], label: str) -> Markup:
        current = self.settings.get(key, "")
        select = widgets.select("penta-" + key, "setting", options, current, data_key=key)
        return el("label", el("span", label), select, class_="field inline")

    def settings_panel(self) -> Markup:
        tr = self.tr
        pace = self._select(
            "pace",
            [(p, tr("common.pace." + p)) for p in ("normal", "fast", "instant")],
            tr("common.pace"),
        )
        label, words = autorecord_choice(tr)
        auto = self._select("autorecord", list(words.items()), label)
        return el("div", pace, auto, class_="penta-settings")

    # -- setup ----------------------------------------------------------------
    def _computer_fields(self, setup: SeatForm) -> Markup:
        """The form's computer: whether it plays, and at which level."""
        tr = self.tr
        levels = [(lv, tr("penta.level." + lv)) for lv in LEVELS]
        box = el(
            "input",
            type="checkbox",
            id="penta-computer",
            checked=setup.computer,
            data_act="seat-computer",
        )
        return el(
            "fieldset",
            el("legend", tr("common.setup.computer_legend")),
            el("label", box, el("span", tr("common.setup.computer")), class_="check"),
            widgets.level_choice(tr, "penta", levels, setup.level, setup.computer),
            class_="computer",
        )

    def _handover(self, setup: SeatForm) -> bool | None:
        """The hand-over setting, offered when several people share the device."""
        return self.settings.get("handover", "on") == "on" if len(setup.names) > 1 else None

    def _rules_fields(self, chosen: Rules) -> Markup | None:
        """The house rule: when a Penta is a joker (Penta's rules or the printed rules);
        none for a member that offers no choice."""
        tr, member = self.tr, self.member
        if not member.house_rules:
            return None
        choices = [
            widgets.radio("penta-rules", "penta-rules", r.id, tr(member.joker_key(r)), r is chosen)
            for r in member.offered
        ]
        group = el(
            "div",
            el("span", tr("penta.rules.joker"), class_="fk-seglabel", id="penta-rules-label"),
            choices,
            class_="fk-segs penta-rules-choice",
            role="radiogroup",
            aria_labelledby="penta-rules-label",
        )
        return el("fieldset", el("legend", tr("penta.rules.house")), group, class_="house")

    def setup(
        self,
        setup: SeatForm,
        message: tuple[str, dict[str, Any]] | None,
        dice_error: str | None,
        can_go_back: bool = False,
        computer_choice: bool = True,
        rules: Rules | None = None,
    ) -> Markup:
        """The new game form; without ``computer_choice`` (a score pad) no computer plays."""
        tr = self.tr
        rows = widgets.name_rows(tr, setup.names, "penta", "player-row")
        add = len(setup.names) < MAX_HUMANS and widgets.button(
            f"+ {tr('common.setup.add')}", "seat-add", "penta-add"
        )
        error = dice_error and el("p", dice_error, class_="notice", role="alert")
        # Real dice are thrown on the table: the score pad is not passed around.
        handover = self._handover(setup) if computer_choice else None
        back = (
            widgets.button(tr("farkle.setup.back"), "back", "penta-back")
            if can_go_back
            else widgets.button(tr("nav.back"), "home")
        )
        start = widgets.button(tr("common.setup.start"), "start", "penta-start", "btn primary big")
        players = el(
            "fieldset",
            el("legend", tr("common.players")),
            el("ol", rows, class_="player-list"),
            add,
            widgets.game_options(tr, "penta", setup.strict, handover),
            class_="players",
        )
        return el(
            "section",
            el("h2", tr(self.member.word("setup.title")), id="penta-setup-title"),
            None if computer_choice else _real_kicker(tr),
            error,
            self._message(message),
            players,
            self._rules_fields(rules or self.member.default),
            computer_choice and self._computer_fields(setup),
            computer_choice and self.settings_panel(),
            el("div", back, start, class_="btn-row end"),
            class_="penta setup panel",
            aria_labelledby="penta-setup-title",
        )

    # -- the table ------------------------------------------------------------
    def _dice(self, s: TableState) -> Markup:
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
                el(
                    "button",
                    die_face(value),
                    mark,
                    _held_tag(tr, runs.get(i, 0)),
                    type="button",
                    class_=classes,
                    id=f"die-{i}",
                    data_fresh=s.rolled[i] or None,
                    data_act="hold",
                    data_index=i,
                    data_value=value,
                    aria_pressed="true" if held else "false",
                    aria_label=label,
                    disabled=not can_hold,
                )
            )
        return el("div", out, class_="dice-tray", role="group", aria_label=tr("penta.dice"))

    def _entering(self, s: TableState) -> dict[int, int]:
        """With real dice, once a throw is being entered: the place in the tray of each
        die to throw (the dice not held), and its index in the entry."""
        pad, game = s.pad, s.game
        if pad is None or not pad.entered:
            return {}
        free = [i for i in range(5) if game.dice is None or not game.held[i]]
        return {pos: k for k, pos in enumerate(free)}

    def _entered_die(self, s: TableState, pos: int, k: int) -> Markup:
        """A die of the throw being entered: its face once tapped (tap it to take it
        back), blank until then."""
        assert s.pad is not None
        if k >= len(s.pad.entered):
            face = die_face(None)
            return el("span", face, class_="die pad-die ghost", id=f"die-{pos}", aria_hidden="true")
        value = s.pad.entered[k]
        return el(
            "button",
            die_face(value),
            type="button",
            class_="die pad-die",
            id=f"die-{pos}",
            data_act="unface",
            data_index=k,
            data_value=value,
            aria_label=self.tr("pad.entered", n=k + 1, value=value),
        )

    def _controls(self, s: TableState) -> Markup:
        tr = self.tr
        game = s.game
        human = not game.seats[game.current].computer
        can_roll = human and game.can_roll() and (s.pad is None or s.pad.complete)
        roll = self._roll_button(s, can_roll)
        validate = el(
            "button",
            el("span", tr("penta.validate"), class_="label"),
            " ",
            el("kbd", "V", aria_hidden="true"),
            type="button",
            class_="btn validate",
            id="penta-validate",
            data_act="validate",
            # The countdown's box is validated at once, as the chosen one is.
            disabled=not (human and (s.selected is not None or _counting(s))),
            aria_keyshortcuts="V",
        )
        pips = [
            el("span", class_="roll-pip used" if i < game.rolls_used else "roll-pip")
            for i in range(3)
        ]
        rolls = el(
            "p",
            el("span", pips, class_="roll-pips", aria_hidden="true"),
            tr("penta.rolls_left", n=game.rolls_left),
            class_="rolls-left",
        )
        undo = widgets.undo_button(tr, "penta", s.undo)
        # Validate first: after the sheet, a chosen box is one Tab from it.
        buttons = el("div", validate, roll, undo, class_="btn-row")
        return el("div", rolls, buttons, class_="penta-controls")

    def _roll_button(self, s: TableState, can_roll: bool) -> Markup:
        tr = self.tr
        game = s.game
        roll_label = (
            tr("common.roll") if game.dice is None else tr("penta.roll_left", n=game.rolls_left)
        )
        word = el("span", tr("pad.throw" if s.pad else "common.roll"), class_="label")
        return el(
            "button",
            # The word and its key on one line, the rolls left on a second one kept while
            # empty: the button keeps its size through the turn.
            el("span", word, el("kbd", "R", aria_hidden="true"), class_="roll-line"),
            el(
                "span",
                roll_label if game.dice is not None else "",
                class_="sub",
                aria_hidden="true",
            ),
            type="button",
            class_="btn primary roll",
            id="penta-roll",
            data_act="roll",
            # Shut during a person's turn, it keeps the focus (a key that holds the
            # last die, the third roll): marked unavailable rather than disabled.
            disabled=not can_roll and not _stays(s),
            aria_disabled="true" if not can_roll and _stays(s) else None,
            aria_keyshortcuts="R",
            aria_describedby="penta-roll-why" if _all_held(s) else None,
        )

    def _status(self, s: TableState) -> Markup:
        tr = self.tr
        game = s.game
        seat = game.seats[game.current]
        parts = [self._turn_cue(s), *self._problems(s)]
        if seat.computer:
            name = bdi(self._seat_name(seat))
            said = tr_html(tr, "common.computer_playing", name=name)
            parts.append(el("p", said, class_="penta-msg thinking"))
        if s.countdown is not None:
            parts.append(self._countdown(s, s.countdown))
        if game.dice is not None and game.must_sacrifice() and not seat.computer:
            parts.append(
                el("p", tr("penta.sacrifice"), class_="penta-msg warn sacrifice", role="status")
            )
        elif s.message is not None and (s.message[0] != "penta.sacrifice"):
            parts.append(self._message(s.message, s.game))
        if s.coach is not None or s.coach_switch:
            parts.append(self._coach(s))
        # Not a live region: what happens is said once, by the app (a score, a refusal);
        # a live region here read it a second time.
        return el("div", parts, class_="penta-status")

    def _turn_cue(self, s: TableState) -> Markup | None:
        """Whose turn it is, under the dice, with several players; once the dice are
        rolled (or while the computer plays) its line stays, unseen, so that nothing
        under it moves."""
        game = s.game
        seat = game.seats[game.current]
        if len(game.seats) == 1:
            return None
        cue = tr_html(self.tr, "penta.your_turn", name=bdi(self._seat_name(seat)))
        spent = game.dice is not None or seat.computer
        return el(
            "p",
            cue,
            class_="handover spent" if spent else "handover",
            aria_hidden="true" if spent else None,
        )

    def _problems(self, s: TableState) -> list[Markup]:
        """Why Roll is shut, a faulty dice script, the computer's table missing."""
        tr = self.tr
        parts = []
        if _all_held(s):
            # The disabled Roll button says why, to the eye and to screen readers.
            parts.append(el("p", tr("err.penta.all_held"), class_="roll-why", id="penta-roll-why"))
        if s.dice_error:
            parts.append(el("p", s.dice_error, class_="notice", role="alert"))
        if s.table_error:
            retry = widgets.button(tr("boot.retry"), "table-retry", "penta-table-retry")
            parts.append(
                el(
                    "p",
                    tr("penta.table_error"),
                    " ",
                    retry,
                    class_="notice table-error",
                    role="alert",
                )
            )
        elif s.waiting_for_table:
            parts.append(el("p", tr("common.computer_preparing"), class_="penta-msg"))
        return parts

    def _board(self, s: TableState) -> Markup:
        """Every player's total in large figures, the player to play marked: under the
        dice on a wide screen (a phone has the others' totals above its sheet)."""
        game = s.game
        if len(game.seats) == 1:
            return Markup()
        items = [
            el(
                "li",
                el("span", bdi(self._seat_name(seat)), class_="pname"),
                el("span", self.tr.number(game.totals(i).total), class_="num"),
                class_="now" if i == game.current else None,
                aria_current="true" if i == game.current else None,
            )
            for i, seat in enumerate(game.seats)
        ]
        return el("ol", items, class_="penta-board", aria_label=self.tr("penta.board"))

    def _coach_mark(self, s: TableState, i: int) -> Markup:
        """The coach's mark on die ``i`` when it suggests keeping it (else nothing);
        the die's name says it too."""
        if s.coach is None or i not in s.coach.keep_positions:
            return Markup()
        return el("span", "★", class_="coach-mark", aria_hidden="true")

    def _countdown(self, s: TableState, left: int) -> Markup:
        """The auto-record countdown: the box it records in, the seconds left, and a
        bar that shrinks through the second now running (the table is redrawn each
        second, so each drawing animates one second's share of the whole)."""
        bar = el("span", class_="countdown-bar", style=_bar_style(s, left), data_fresh=True)
        return el(
            "p",
            el(
                "span",
                countdown_text(self.tr, s.countdown_box, left, s.game.rules),
                class_="countdown-text",
            ),
            el("span", bar, class_="countdown-track", aria_hidden="true"),
            class_="penta-msg countdown",
            role="timer",
            aria_live="off",
            id="penta-countdown",
        )

    def _coach(self, s: TableState) -> Markup:
        tr = self.tr
        c = s.coach
        if c is None:
            # The coach's place is kept while it waits for a roll (the computer's turn
            # too): switched on, it shows at once, and it comes and goes no more.
            return el(
                "div",
                el("strong", tr("penta.coach")),
                el("p", tr("penta.coach.waiting"), class_="coach-explain"),
                class_="coach-box",
                id="penta-coach-box",
                data_reveal=True,
                aria_hidden="true",
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
                    box=tr(box_key(self.member.default, box)),
                    value=tr.decimal(c.boxes[box]),
                )
            )
        if c.held_value is not None:
            lines.append(tr("penta.coach.held", value=tr.decimal(c.held_value)))
        return el(
            "div",
            el("strong", tr("penta.coach")),
            el("ul", [el("li", line) for line in lines]),
            el("p", tr("penta.coach.explain"), class_="coach-explain"),
            class_="coach-box",
            id="penta-coach-box",
            data_reveal=True,
            aria_live="polite",  # the advice on each roll, said as it comes
        )

    def _header(self, s: TableState) -> Markup:
        tr = self.tr
        game = s.game
        seat = game.seats[game.current]
        # Every player's heading, unseen, in the same place as the one shown: the header
        # is as high for each player's turn, and the dice under it stay put.
        ghosts = [
            el(
                "span",
                tr_html(tr, "penta.turn_of", name=bdi(self._seat_name(other))),
                class_="turn-ghost",
                aria_hidden="true",
            )
            for other in game.seats
            if other is not seat
        ]
        box = el(
            "input",
            type="checkbox",
            id="penta-coach",
            data_act=s.coach_act,
            checked=s.coach_switch,
        )
        coach = not s.own_play and el(
            "label", box, el("span", tr("penta.coach")), class_="check coach-toggle"
        )
        name = tr_html(tr, "penta.turn_of", name=bdi(self._seat_name(seat)))
        turn = el("div", el("h2", name, class_="turn-name"), ghosts, class_="turn-slot")
        round_ = el("p", tr("penta.round", n=game.round, of=game.rules.rounds), class_="round")
        rules = rules_tag(tr, game.rules, self.member)
        return el("div", el("div", turn, round_, rules), coach, class_="penta-head")

    def _box_row(self, s: TableState, box: Box, apart: int) -> Markup:
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
            cells.append(el("td", shown, class_=f"{_col(i, apart)} num{flash}"))
        head = el("th", tr(box_key(s.game.rules, box)), scope="row")
        return el("tr", head, cells, class_=f"box-row {box.value}")

    def _sum_rows(self, totals: list[Totals], cur: int, part: str, rules: Rules) -> Markup:
        """The sums under the upper section (``upper``) or the lower one (``lower``)
        of ``rules``' sheet (the lower one's bonus row only where there is an extra
        bonus)."""
        threshold = rules.upper_threshold
        tr = self.tr

        def row(key: str, values: list[str], cls: str) -> Markup:
            cells = [el("td", v, class_=f"{_col(i, cur)} num") for i, v in enumerate(values)]
            return el("tr", el("th", tr(key), scope="row"), cells, class_=f"sum {cls}")

        def bonus(t: Totals) -> str:
            if t.upper_bonus:
                return tr.number(t.upper_bonus)
            return tr("penta.bonus_need", n=threshold - t.upper)

        if part == "upper":
            return frag(
                row("penta.upper_total", [tr.number(t.upper) for t in totals], "upper-total"),
                row("penta.upper_bonus", [bonus(t) for t in totals], "bonus"),
            )
        return frag(
            row("penta.lower_total", [tr.number(t.lower) for t in totals], "lower-total"),
            row(
                "penta.penta_bonus",
                [tr.number(t.penta_bonus) for t in totals],
                # A short phone leaves out the row while nobody has a Penta bonus.
                "pbonus" + ("" if any(t.penta_bonus for t in totals) else " none"),
            )
            if rules.extra_bonus
            else None,
            row("penta.total", [tr.number(t.total) for t in totals], "grand"),
        )

    def _sheet(self, s: TableState) -> Markup:
        tr = self.tr
        game = s.game
        n = len(game.seats)
        cur = shown_seat(game)
        totals = [game.totals(i) for i in range(n)]
        rules = game.rules
        rows = frag(
            [self._box_row(s, b, cur) for b in rules.upper],
            self._sum_rows(totals, cur, "upper", rules),
            [self._box_row(s, b, cur) for b in rules.lower],
            self._sum_rows(totals, cur, "lower", rules),
        )
        cls = "sheet" + (" show-all" if s.show_all else "") + f" cols-{n}"
        table = el(
            "table",
            el("thead", self._sheet_head(s, totals, cur)),
            el("tbody", rows),
            class_=cls,
            aria_label=tr("penta.sheet"),
            data_arrows=True,  # the arrow keys go from box to box (web/page/events.js)
        )
        # Every player's column scrolls sideways on a phone: reachable by keyboard too.
        return el(
            "div",
            self._sheet_tools(s, totals, cur),
            table,
            class_="sheet-wrap",
            role="region" if s.show_all else None,
            tabindex="0" if s.show_all else None,
            aria_label=tr("penta.sheet.all") if s.show_all else None,
        )

    def _sheet_head(self, s: TableState, totals: list[Totals], cur: int) -> Markup:
        """The sheet's head row: each player's name and total."""
        tr = self.tr
        head = [
            el(
                "th",
                el("span", bdi(self._seat_name(seat)), class_="pname"),
                # Read as "Ann, total 12", not "Ann 12".
                el("span", f", {tr('penta.sheet.head_total')} ", class_="sr-only"),
                el("span", tr.number(totals[i].total), class_="ptotal num"),
                scope="col",
                class_=_col(i, cur),
            )
            for i, seat in enumerate(s.game.seats)
        ]
        # The key S moves the focus into the sheet (onto a box).
        corner = el(
            "th",
            tr("penta.sheet.box"),
            " ",
            el("kbd", "S", aria_hidden="true"),
            scope="col",
            class_="corner",
        )
        return el("tr", corner, head)

    def _sheet_tools(self, s: TableState, totals: list[Totals], apart: int) -> Markup:
        """Above the sheet on a phone: every player's total, the toggle that shows their
        columns, and once shown, a hint that they scroll sideways."""
        tr = self.tr
        game = s.game
        n = len(game.seats)
        if n == 1:
            return Markup()
        toggle = el(
            "button",
            tr("penta.sheet.show_all" if not s.show_all else "penta.sheet.show_mine"),
            type="button",
            class_="btn small sheet-toggle",
            data_act="toggle-sheet",
            id="penta-sheet-toggle",
            aria_expanded="true" if s.show_all else "false",
        )
        # On a phone only one player's column is drawn: every total stays in sight here
        # (the same chips on every turn, so that the sheet and the dice under them stay
        # put), that player's marked, and the toggle shows their whole columns.
        others = [
            el(
                "li",
                el("span", bdi(self._seat_name(seat)), class_="pname"),
                " ",
                el("span", tr.number(totals[i].total), class_="num"),
                class_="apart" if i == apart else None,
            )
            for i, seat in enumerate(game.seats)
        ]
        # Shown (by the style) only while the sheet scrolls sideways.
        hint = n > 2 and el(
            "p", tr("penta.sheet.scroll_hint"), class_="scroll-hint", id="penta-scroll-hint"
        )
        return frag(el("ul", others, class_="others-strip"), toggle, hint)

    def _box_cell(
        self,
        s: TableState,
        box: Box,
        options: dict[Box, tuple[int, int]],
        coach: Coach | None,
        col: str = "cur",
    ) -> Markup:
        tr = self.tr
        name = tr(box_key(s.game.rules, box))
        selected = s.selected is box
        if s.game.dice is None or s.game.seats[s.game.current].computer:
            # The row's header names the box: the cell says it is still to fill.
            free = el("span", tr("penta.box.free"), class_="sr-only")
            return el("td", free, class_=f"{col} free" + (" selected" if selected else ""))
        allowed = box in options
        points, bonus = options.get(box, (0, 0))
        shown = tr.number(points) + (f" +{bonus}" if bonus else "")
        label = (
            box_label(tr, name, points, bonus) if allowed else tr("penta.box.forbidden", box=name)
        )
        classes = f"{col} free" + (" selected" if selected else "")
        classes += " zero" if allowed and points + bonus == 0 else ""
        mark = _countdown_mark(s, box)
        classes += " auto" if mark else ""  # the box the countdown records in, and its bar
        button = el(
            "button",
            el("span", shown if allowed else "—", class_="pot num"),
            _coach_value(tr, coach, box),
            mark,
            type="button",
            class_="box-btn",
            id="box-" + box.value,
            data_act="box",
            data_box=box.value,
            aria_pressed="true" if selected else "false",
            aria_label=label,
            disabled=not allowed,
            # Once a box is chosen the others leave the Tab order, so that Tab goes on to
            # Validate; they stay clickable, and unchoosing the box brings them back.
            tabindex="-1" if s.selected is not None and not selected else None,
            data_focus_act="sheet-focus" if s.countdown is not None else None,
        )
        return el("td", button, class_=classes)

    def _tools(self, s: TableState) -> Markup:
        """Under the table: a new game, the rules, the settings and the keys."""
        tr = self.tr
        more = not s.own_play and el(
            "details",
            el(
                "summary",
                tr("penta.settings"),
                class_="btn small",
                id="penta-more-summary",
                data_act="toggle-settings",
            ),
            self.settings_panel(),
            class_="penta-more",
            id="penta-more",
            # Open or closed is state: the redraws of a computer turn or a countdown keep it.
            open=s.settings_open,
        )
        name = self.member.name
        rules = widgets.button(tr("nav.rules"), "rules", "penta-rules", "btn small", data_game=name)
        tools = el(
            "div",
            s.new_game and widgets.button(tr("common.new_game"), "new", "penta-new", "btn small"),
            rules,
            more,
            keys_hint(tr, s.undo is not None),
            class_="penta-tools",
        )
        return tools

    def table(self, s: TableState) -> Markup:
        tr = self.tr
        tools = self._tools(s)
        play = el(
            "div",
            self._header(s),
            self._dice(s),
            widgets.dice_pad(tr, "penta", s.pad, compact=True) if s.pad else None,
            class_="play-area panel",
        )
        # The buttons come after the sheet, so that Tab goes from the chosen box to
        # Validate; on a wide screen they are drawn under the dice all the same. What
        # is said about the turn has a place of its own, where its coming and going
        # moves no button: under them on a wide screen, above them on a phone, where
        # the buttons keep to the bottom of the screen.
        controls = el("div", self._controls(s), class_="controls-area panel", data_pinned=True)
        status = el("div", self._status(s), self._board(s), class_="status-area panel")
        sheet = self._sheet_area(s)
        layout = el("div", play, status, sheet, controls, class_="penta-layout")
        return el(
            "section",
            layout,
            tools,
            class_="penta table-screen",
            aria_label=tr("game." + self.member.name),
            data_strategy="wait" if s.waiting_for_table or s.strategy_missing else "ready",
        )

    def _sheet_area(self, s: TableState) -> Markup:
        """The sheet's place. On a phone it scrolls in its own box: a region that Tab
        reaches, so that keys scroll it even while no box can be chosen."""
        return el(
            "div",
            self._sheet(s),
            class_="sheet-area panel",
            role="region",
            aria_label=self.tr("penta.sheet"),
            tabindex="0",
        )

    # -- the end --------------------------------------------------------------
    def end(self, game: PentaGame, decisions: list[Decision], again: bool = True) -> Markup:
        """The end screen, in the order both games share: the title, the ranking, the
        buttons (New game and Play again, in reach without scrolling through the rest;
        none with ``again`` off: a game looked at again), the final score sheets, the
        review of each person's choices."""
        tr = self.tr
        n = len(game.seats)
        outcome = Outcome(tuple(game.totals(i).total for i in range(n)))
        reviews = [
            self._review(game, i, [d for d in decisions if d.seat == i])
            for i in range(n)
            if not game.seats[i].computer
        ]
        review = el(
            "section",
            el("h3", tr("penta.review.title"), id="penta-review-title"),
            el("p", tr("penta.review.note"), class_="review-note"),
            reviews,
            class_="end-review",
            aria_labelledby="penta-review-title",
        )
        names = [self._seat_name(x) for x in game.seats]
        title = self._end_title(game, outcome)
        return el(
            "section",
            el(
                "h2",
                title,
                id="penta-end-title",
                class_="end-title",
                tabindex="-1",
                data_end_title=True,
            ),
            rules_tag(tr, game.rules, self.member),
            len(game.seats) > 1 and self._ranking(game, outcome),  # alone: the title's score
            widgets.undo_summary(tr, "penta", names, game.undos),
            again and _end_buttons(tr),
            self._final_sheet(game),
            review,
            class_="penta end panel",
            aria_labelledby="penta-end-title",
        )

    def _end_title(self, game: PentaGame, outcome: Outcome) -> Markup:
        """Who won; alone, the score (with the name the person typed, if any)."""
        tr = self.tr
        if len(game.seats) == 1:
            name = game.seats[0].name
            score = game.totals(0).total
            if default_number(name) is not None:
                return frag(tr("penta.end.solo", score=score))
            return tr_html(tr, "penta.end.solo_named", name=bdi(name), score=score)
        winners = outcome.winners
        names = bdi_list(self._seat_name(game.seats[w]) for w in winners)
        return tr_html(tr, "penta.end.tie" if len(winners) > 1 else "penta.end.winner", names=names)

    def _ranking(self, game: PentaGame, outcome: Outcome) -> Markup:
        tr = self.tr
        winners = set(outcome.winners)
        rows = []
        for place, i in widgets.ranked(outcome):
            crown = i in winners and frag(
                "\u00a0", el("span", "★", class_="crown", aria_hidden="true")
            )
            rows.append(
                el(
                    "tr",
                    el("td", place, class_="num"),
                    el("th", bdi(self._seat_name(game.seats[i])), crown, scope="row"),
                    el("td", tr.number(game.totals(i).total), class_="num total"),
                    class_="winner" if i in winners else "",
                )
            )
        head = [el("th", tr(k), scope="col") for k in END_COLUMNS]
        return el(
            "table",
            el("caption", tr("penta.end.ranking")),
            el("thead", el("tr", head)),
            el("tbody", rows),
            class_="ranking",
        )

    def _final_sheet(self, game: PentaGame) -> Markup:
        """Every player's final score sheet: one column each, every box and sum."""
        tr = self.tr
        totals = [game.totals(i) for i in range(len(game.seats))]

        def row(label: str, values: list[int], cls: str) -> Markup:
            cells = [el("td", tr.number(v), class_="num") for v in values]
            return el("tr", el("th", label, scope="row"), cells, class_=cls)

        def boxes(part: tuple[Box, ...]) -> list[Markup]:
            return [
                row(tr(box_key(game.rules, b)), [sheet[b] or 0 for sheet in game.sheets], "es-box")
                for b in part
            ]

        body = frag(
            boxes(game.rules.upper),
            row(tr("penta.upper_total"), [t.upper for t in totals], "es-sum"),
            row(tr("penta.upper_bonus"), [t.upper_bonus for t in totals], "es-sum"),
            boxes(game.rules.lower),
            row(tr("penta.lower_total"), [t.lower for t in totals], "es-sum"),
            row(tr("penta.penta_bonus"), [t.penta_bonus for t in totals], "es-sum")
            if game.rules.extra_bonus
            else None,
            row(tr("penta.total"), [t.total for t in totals], "es-sum es-total"),
        )
        head = [el("th", bdi(self._seat_name(x)), scope="col") for x in game.seats]
        title = tr("penta.end.sheets")
        table = el(
            "table",
            el("caption", title),
            el("thead", el("tr", el("th", tr("penta.sheet.box"), scope="col"), head)),
            el("tbody", body),
            class_=f"end-sheet cols-{len(game.seats)}",
            id="penta-end-sheet",
        )
        # On a phone a sheet of several players scrolls sideways: the keyboard reaches it too.
        return el(
            "div", table, class_="table-scroll", role="region", tabindex="0", aria_label=title
        )

    def _choice(self, d: Decision) -> Markup:
        """What was chosen and what was best, as one sentence of the review."""
        tr = self.tr
        rules = self.member.default  # every rules it offers has the same boxes
        chosen, best = choice_of(d.chosen, rules), choice_of(d.best, rules)
        params: dict[str, object] = {}
        for role, choice in (("", chosen), ("best_", best)):
            if isinstance(choice, Score):
                params[role + "box"] = tr(box_key(rules, choice.box))
            elif choice.dice:
                params[role + "kept"] = self._faces(choice.dice, "rv-kept")
        key = f"penta.review.{_kind(chosen)}_{_kind(best)}"
        return tr_html(tr, key, **params)

    def _faces(self, dice: tuple[int, ...], cls: str) -> Markup:
        """Small die faces, named for screen readers by their values."""
        faces = [el("span", die_face(v), class_="rv-die") for v in dice]
        label = self.tr("penta.review.dice", dice=widgets.dice_text(dice))
        return el("span", faces, class_=f"rv-dice {cls}", role="img", aria_label=label)

    def _review_item(self, d: Decision) -> Markup:
        tr = self.tr
        when = tr("penta.review.when", round=d.round, roll=d.roll)
        dice = self._faces(d.dice, "rv-roll") if d.dice else None
        cost = tr("penta.review.cost", cost=tr.decimal(d.cost))
        head = el(
            "p",
            el("span", when, class_="rv-when"),
            " ",
            dice,
            " ",
            el("span", cost, class_="rv-cost num"),
            class_="rv-head",
        )
        return el("li", head, el("p", self._choice(d), class_="rv-text"), class_="rv-item")

    def _review(self, game: PentaGame, seat: int, decisions: list[Decision]) -> Markup:
        """A person's review: a verdict, the total cost, each costly choice, costliest first."""
        tr = self.tr
        name = self._seat_name(game.seats[seat])
        total = sum(d.cost for d in decisions)
        verdict = tr("penta.review.verdict." + review_verdict(total))
        head = frag(el("h4", bdi(name)), el("p", verdict, class_="review-verdict"))
        if not decisions:
            return el("div", head, class_="review")
        items = [self._review_item(d) for d in costliest_first(decisions)]
        key = "penta.review.total.one" if len(decisions) == 1 else "penta.review.total"
        said = tr(key, cost=tr.decimal(total), n=len(decisions))
        details = el(
            "details",
            el("summary", tr("penta.review.details")),
            el("ol", items, class_="rv-list"),
            open=True,
        )
        return el("div", head, el("p", said, class_="review-total"), details, class_="review")


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


def _held_tag(tr: Translator, run: int) -> Markup:
    """The word under held dice: once under each run of them, spanning it (``--run``),
    so that side by side they read «Held» once, never «Held Held». The dice say it in
    their own names for screen readers; this is for the eye."""
    if not run:
        return el("span", class_="held-tag", aria_hidden="true")
    word = tr("penta.held" if run == 1 else "penta.held.many")
    return el("span", word, class_="held-tag", aria_hidden="true", style=f"--run:{run}")


def _coach_value(tr: Translator, coach: Coach | None, box: Box) -> Markup | None:
    """The coach's expected final score for ``box`` in its cell, the best one starred."""
    if coach is None or box not in coach.boxes:
        return None
    best = coach.best == Score(box)
    value = tr.decimal(coach.boxes[box])
    return el(
        "span", f"★ {value}" if best else value, class_="coach-ev best" if best else "coach-ev"
    )


def keys_hint(tr: Translator, undo: bool) -> Markup:
    """The keyboard's shortcuts, in one line (not on a touch screen); ``undo``: the
    game has Undo (a strict one has not)."""
    keys: list[tuple[Markup, str]] = [
        (el("kbd", "R"), "common.roll"),
        (frag(el("kbd", "1"), "–", el("kbd", "5")), "penta.keys.dice"),
        (frag(el("kbd", "↑"), " ", el("kbd", "↓")), "penta.keys.boxes"),
        (el("kbd", "V"), "penta.validate"),
        (el("kbd", "S"), "penta.keys.sheet"),
    ]
    if undo:
        keys.append((el("kbd", "U"), "common.undo"))
    said = [frag(" · " if i else " ", key, " ", tr(word)) for i, (key, word) in enumerate(keys)]
    return el("p", el("span", tr("penta.keys")), said, class_="penta-keys", id="penta-keys")


def _counting(s: TableState) -> bool:
    """Whether the countdown runs, naming the box it records in."""
    return s.countdown is not None and s.countdown_box is not None


def _stays(s: TableState) -> bool:
    """Whether the Roll button, shut, stays in reach of the focus: during a person's
    turn, once rolled (every die held, or the last roll made), with the app's dice."""
    game = s.game
    human = not game.seats[game.current].computer
    return human and s.pad is None and game.dice is not None


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
