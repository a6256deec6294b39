"""Farkle's new game dialog as HTML: a pure function of the form's state.

The house rules are three radio groups like the target's (:data:`RULE_OPTIONS`,
defaults first). The computer's levels follow them: Master is offered only for
the rule sets it has a table for, and otherwise a line beside the level says so.
"""

from __future__ import annotations

from dataclasses import dataclass

from zaria.farkle.players import LEVELS as ALL_LEVELS
from zaria.farkle.rules import (
    DEFAULT_RULES,
    RULE_OPTIONS,
    FarkleRules,
    RuleOption,
    master_available,
)
from zaria.farkle.state import TARGETS
from zaria.i18n import Translator
from zaria_web.farkle.view import notices, pace_select, scoring_card
from zaria_web.play.seats import MAX_HUMANS
from zaria_web.ui.html import attrs, h
from zaria_web.ui.widgets import Note, game_options, level_choice, name_rows, radio

#: The radio group of each house-rule option (ids are ``<name>-<value>``).
RULE_GROUPS = {"opening_minimum": "fk-opening", "farkle_penalty": "fk-penalty", "table": "fk-table"}


def levels_for(rules: FarkleRules) -> tuple[str, ...]:
    """The computer levels the dialog offers under ``rules``.

    >>> levels_for(DEFAULT_RULES), levels_for(FarkleRules(table="additive"))
    (('normal', 'expert', 'master'), ('normal', 'expert'))
    """
    return tuple(lv for lv in ALL_LEVELS if lv != "master" or master_available(rules))


@dataclass(frozen=True)
class SetupView:
    """The form: human names, the computer (in or out, its level), target and pace."""

    names: tuple[str, ...]
    computer: bool
    level: str
    target: int
    pace: str
    can_go_back: bool = False
    notice: Note | None = None
    dice_error: str | None = None
    card_open: bool = False
    rules: FarkleRules = DEFAULT_RULES
    #: Whether the rules just chosen made a chosen Master give way to Expert.
    fell_back: bool = False
    #: Whether a computer may play (not on a score pad, played with real dice).
    computer_choice: bool = True
    #: A strict game: nothing can be undone.
    strict: bool = False
    #: The hand-over setting, when several people share the device (else None).
    handover: bool | None = None


def _title(tr: Translator, v: SetupView) -> str:
    return tr("farkle.setup.title_computer") if v.computer else tr("farkle.setup.title")


def _players(tr: Translator, v: SetupView) -> str:
    rows = name_rows(tr, v.names, "fk", "fk-prow", numbered=True)
    add = ""
    if len(v.names) < MAX_HUMANS:
        add = (
            f"<button{attrs(type='button', class_='btn fk-add', id='fk-add', data_act='seat-add')}>"
            f'<span aria-hidden="true">+</span> {h(tr("common.setup.add"))}</button>'
        )
    return (
        f'<fieldset class="fk-fs"><legend>{h(tr("farkle.setup.players"))}</legend>'
        f'<ol class="fk-names">{rows}</ol>{add}{game_options(tr, "fk", v.strict, v.handover)}</fieldset>'
    )


def _level_note(tr: Translator, v: SetupView) -> str:
    """Why Master is not offered (and, just after the rules changed, that Expert plays)."""
    if master_available(v.rules):
        return ""
    key = "farkle.house.master_fallback" if v.fell_back else "farkle.house.master_unavailable"
    text = tr(key, master=tr("farkle.level.master"), expert=tr("farkle.level.expert"))
    return f'<p class="fk-levelnote" id="fk-level-note">{h(text)}</p>'


def _computer(tr: Translator, v: SetupView) -> str:
    box = attrs(type="checkbox", id="fk-computer", checked=v.computer, data_act="seat-computer")
    levels = [(lv, tr("farkle.level." + lv)) for lv in levels_for(v.rules)]
    note = _level_note(tr, v)
    choice = level_choice(tr, "fk", levels, v.level, v.computer, "fk-level-note" if note else None)
    return (
        f'<fieldset class="fk-fs"><legend>{h(tr("common.setup.computer_legend"))}</legend>'
        f'<label class="fk-check"><input{box}><span>{h(tr("common.setup.computer"))}</span></label>'
        f"{choice}{note}{pace_select(tr, v.pace)}</fieldset>"
    )


def value_text(tr: Translator, option: RuleOption, value: int | str) -> str:
    """The words naming ``value`` of a house-rule option ("500 points", "Additive")."""
    key, params = option.value_label(value)
    return tr(key, **params)


def _house(tr: Translator, v: SetupView) -> str:
    """The house rules: one radio group per option, the rules page's game first."""
    groups = []
    for option in RULE_OPTIONS:
        name = RULE_GROUPS.get(option.field, "fk-" + option.field)
        current = getattr(v.rules, option.field)
        choices = "".join(
            radio(
                name,
                "rule",
                str(value),
                value_text(tr, option, value),
                value == current,
                False,
                data_field=option.field,
            )
            for value in option.values
        )
        groups.append(
            f'<div class="fk-segs fk-rule" role="radiogroup" aria-labelledby="{name}-label">'
            f'<span class="fk-seglabel" id="{name}-label">{h(tr(option.label))}</span>'
            f"{choices}</div>"
        )
    return (
        f'<fieldset class="fk-fs fk-house-fs"><legend>{h(tr("farkle.house.title"))}</legend>'
        f"{''.join(groups)}</fieldset>"
    )


def _target(tr: Translator, v: SetupView) -> str:
    choices = "".join(
        radio("fk-target", "target", str(t), tr.number(t), t == v.target, False) for t in TARGETS
    )
    return (
        f'<fieldset class="fk-fs"><legend>{h(tr("farkle.setup.target"))}</legend>'
        f'<div class="fk-segs">{choices}</div></fieldset>'
    )


def render_setup(tr: Translator, v: SetupView) -> str:
    """The new game dialog, titled «Humans + 1 AI» (or «Humans» without the computer)
    under the game's name («New game of Farkle»), which also names the dialog."""
    back = ""
    if v.can_go_back:
        back = (
            f"<button{attrs(type='button', class_='btn', id='fk-back', data_act='back')}>"
            f"{h(tr('farkle.setup.back'))}</button>"
        )
    else:
        back = (
            f"<button{attrs(type='button', class_='btn', data_act='home')}>"
            f"{h(tr('nav.back'))}</button>"
        )
    start = attrs(type="button", class_="btn primary fk-start", id="fk-start", data_act="start")
    kicker = tr("farkle.setup.kicker")  # the title says who plays; this, which game
    if not v.computer_choice:
        kicker += " · " + tr("stats.real_dice")
    return (
        '<section class="farkle fk-setup" aria-labelledby="fk-setup-kicker fk-setup-title">'
        f'<div class="panel fk-setup-panel">'
        f'<p class="fk-kicker" id="fk-setup-kicker">{h(kicker)}</p>'
        f'<h2 id="fk-setup-title">{h(_title(tr, v))}</h2>'
        f"{notices(tr, v.notice, v.dice_error)}"
        f'<div class="fk-setup-grid">'
        f'<div class="fk-setup-col">{_players(tr, v)}{_computer(tr, v) if v.computer_choice else ""}</div>'
        f'<div class="fk-setup-col">{_target(tr, v)}{_house(tr, v)}</div></div>'
        f'<div class="btn-row fk-end">{back}'
        f"<button{start}>{h(tr('common.setup.start'))}</button></div>"
        f"</div>{scoring_card(tr, v.card_open, v.rules.scoring)}</section>"
    )
