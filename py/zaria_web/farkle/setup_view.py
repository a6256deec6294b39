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
from zaria_web.ui.html import Markup, el
from zaria_web.ui.widgets import Note, button, game_options, level_choice, name_rows, radio

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


def _players(tr: Translator, v: SetupView) -> Markup:
    rows = name_rows(tr, v.names, "fk", "fk-prow", numbered=True)
    add = len(v.names) < MAX_HUMANS and el(
        "button",
        el("span", "+", aria_hidden="true"),
        " ",
        tr("common.setup.add"),
        type="button",
        class_="btn fk-add",
        id="fk-add",
        data_act="seat-add",
    )
    return el(
        "fieldset",
        el("legend", tr("farkle.setup.players")),
        el("ol", rows, class_="fk-names"),
        add,
        game_options(tr, "fk", v.strict, v.handover),
        class_="fk-fs",
    )


def _level_note(tr: Translator, v: SetupView) -> Markup:
    """Why Master is not offered (and, just after the rules changed, that Expert plays)."""
    if master_available(v.rules):
        return Markup()
    key = "farkle.house.master_fallback" if v.fell_back else "farkle.house.master_unavailable"
    text = tr(key, master=tr("farkle.level.master"), expert=tr("farkle.level.expert"))
    return el("p", text, class_="fk-levelnote", id="fk-level-note")


def _computer(tr: Translator, v: SetupView) -> Markup:
    box = el(
        "input", type="checkbox", id="fk-computer", checked=v.computer, data_act="seat-computer"
    )
    levels = [(lv, tr("farkle.level." + lv)) for lv in levels_for(v.rules)]
    note = _level_note(tr, v)
    choice = level_choice(tr, "fk", levels, v.level, v.computer, "fk-level-note" if note else None)
    return el(
        "fieldset",
        el("legend", tr("common.setup.computer_legend")),
        el("label", box, el("span", tr("common.setup.computer")), class_="fk-check"),
        choice,
        note,
        pace_select(tr, v.pace),
        class_="fk-fs",
    )


def value_text(tr: Translator, option: RuleOption, value: int | str) -> str:
    """The words naming ``value`` of a house-rule option ("500 points", "Additive")."""
    key, params = option.value_label(value)
    return tr(key, **params)


def _house(tr: Translator, v: SetupView) -> Markup:
    """The house rules: one radio group per option, the rules page's game first."""
    groups = []
    for option in RULE_OPTIONS:
        name = RULE_GROUPS.get(option.field, "fk-" + option.field)
        current = getattr(v.rules, option.field)
        choices = [
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
        ]
        groups.append(
            el(
                "div",
                el("span", tr(option.label), class_="fk-seglabel", id=f"{name}-label"),
                choices,
                class_="fk-segs fk-rule",
                role="radiogroup",
                aria_labelledby=f"{name}-label",
            )
        )
    legend = el("legend", tr("farkle.house.title"))
    return el("fieldset", legend, groups, class_="fk-fs fk-house-fs")


def _target(tr: Translator, v: SetupView) -> Markup:
    choices = [
        radio("fk-target", "target", str(t), tr.number(t), t == v.target, False) for t in TARGETS
    ]
    legend = el("legend", tr("farkle.setup.target"))
    return el("fieldset", legend, el("div", choices, class_="fk-segs"), class_="fk-fs")


def render_setup(tr: Translator, v: SetupView) -> Markup:
    """The new game dialog, titled «Humans + 1 AI» (or «Humans» without the computer)
    under the game's name («New game of Farkle»), which also names the dialog."""
    if v.can_go_back:
        back = button(tr("farkle.setup.back"), "back", "fk-back")
    else:
        back = button(tr("nav.back"), "home")
    start = button(tr("common.setup.start"), "start", "fk-start", "btn primary fk-start")
    kicker = tr("farkle.setup.kicker")  # the title says who plays; this, which game
    if not v.computer_choice:
        kicker += " · " + tr("stats.real_dice")
    grid = el(
        "div",
        el(
            "div",
            _players(tr, v),
            _computer(tr, v) if v.computer_choice else None,
            class_="fk-setup-col",
        ),
        el("div", _target(tr, v), _house(tr, v), class_="fk-setup-col"),
        class_="fk-setup-grid",
    )
    panel = el(
        "div",
        el("p", kicker, class_="fk-kicker", id="fk-setup-kicker"),
        el("h2", _title(tr, v), id="fk-setup-title"),
        notices(tr, v.notice, v.dice_error),
        grid,
        el("div", back, start, class_="btn-row fk-end"),
        class_="panel fk-setup-panel",
    )
    return el(
        "section",
        panel,
        scoring_card(tr, v.card_open, v.rules.scoring),
        class_="farkle fk-setup",
        aria_labelledby="fk-setup-kicker fk-setup-title",
    )
