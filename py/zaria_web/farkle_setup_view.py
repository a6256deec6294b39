"""Farkle's new game dialog as HTML: a pure function of the form's state."""

from __future__ import annotations

from dataclasses import dataclass

from zaria.farkle.state import TARGETS
from zaria.i18n import Translator
from zaria_web.farkle_view import Note, notices, pace_select, scoring_card
from zaria_web.html import attrs, h
from zaria_web.names import NAME_LENGTH

MAX_HUMANS = 6
LEVELS = ("normal", "expert")


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


def _title(tr: Translator, v: SetupView) -> str:
    return tr("farkle.setup.title_ai") if v.computer else tr("farkle.setup.title")


def _players(tr: Translator, v: SetupView) -> str:
    rows = []
    for i, name in enumerate(v.names):
        remove = ""
        if len(v.names) > 1:
            remove_attrs = attrs(
                type="button",
                class_="icon-btn fk-remove",
                id=f"fk-remove-{i}",
                data_act="fk-remove",
                data_i=i,
                aria_label=tr("farkle.setup.remove", n=i + 1),
            )
            remove = f'<button{remove_attrs}><span aria-hidden="true">×</span></button>'
        field = attrs(
            type="text",
            id=f"fk-name-{i}",
            value=name,
            placeholder=tr("farkle.setup.default_name", n=i + 1),
            maxlength=NAME_LENGTH,
            autocomplete="off",
            spellcheck="false",
            dir="auto",
            data_act="fk-name",
            data_i=i,
        )
        rows.append(
            f'<li class="fk-prow"><label class="sr-only" for="fk-name-{i}">'
            f"{h(tr('farkle.setup.player', n=i + 1))}</label>"
            f'<span class="fk-pnum" aria-hidden="true">{i + 1}</span>'
            f"<input{field}>{remove}</li>"
        )
    add = ""
    if len(v.names) < MAX_HUMANS:
        add = (
            f"<button{attrs(type='button', class_='btn fk-add', id='fk-add', data_act='fk-add')}>"
            f'<span aria-hidden="true">+</span> {h(tr("farkle.setup.add"))}</button>'
        )
    return (
        f'<fieldset class="fk-fs"><legend>{h(tr("farkle.setup.players"))}</legend>'
        f'<ol class="fk-names">{"".join(rows)}</ol>{add}</fieldset>'
    )


def _choice(name: str, act: str, value: str, label: str, checked: bool, disabled: bool) -> str:
    field = attrs(
        type="radio",
        name=name,
        id=f"{name}-{value}",
        value=value,
        checked=checked,
        disabled=disabled,
        data_act=act,
    )
    return f'<label class="fk-seg"><input{field}><span>{h(label)}</span></label>'


def _computer(tr: Translator, v: SetupView) -> str:
    box = attrs(type="checkbox", id="fk-computer", checked=v.computer, data_act="fk-computer")
    levels = "".join(
        _choice("fk-level", "fk-level", lv, tr("farkle.level." + lv), lv == v.level, not v.computer)
        for lv in LEVELS
    )
    return (
        f'<fieldset class="fk-fs"><legend>{h(tr("farkle.setup.computer_legend"))}</legend>'
        f'<label class="fk-check"><input{box}><span>{h(tr("farkle.setup.computer"))}</span></label>'
        f'<div class="fk-segs" role="radiogroup" aria-label="{h(tr("farkle.setup.level"))}">'
        f'<span class="fk-seglabel" aria-hidden="true">{h(tr("farkle.setup.level"))}</span>'
        f"{levels}</div>"
        f"{pace_select(tr, v.pace)}</fieldset>"
    )


def _target(tr: Translator, v: SetupView) -> str:
    choices = "".join(
        _choice("fk-target", "fk-target", str(t), tr.number(t), t == v.target, False)
        for t in TARGETS
    )
    return (
        f'<fieldset class="fk-fs"><legend>{h(tr("farkle.setup.target"))}</legend>'
        f'<div class="fk-segs">{choices}</div></fieldset>'
    )


def render_setup(tr: Translator, v: SetupView) -> str:
    """The new game dialog, titled «Humans + 1 AI» (or «Humans» without the computer)."""
    back = ""
    if v.can_go_back:
        back = (
            f"<button{attrs(type='button', class_='btn', id='fk-back', data_act='fk-back')}>"
            f"{h(tr('farkle.setup.back'))}</button>"
        )
    else:
        back = (
            f"<button{attrs(type='button', class_='btn', data_act='home')}>"
            f"{h(tr('nav.back'))}</button>"
        )
    start = attrs(type="button", class_="btn primary fk-start", id="fk-start", data_act="fk-start")
    return (
        '<section class="farkle fk-setup" aria-labelledby="fk-setup-title">'
        f'<div class="panel fk-setup-panel">'
        f'<p class="fk-kicker" id="fk-setup-kicker">{h(tr("farkle.setup.kicker"))}</p>'
        f'<h2 id="fk-setup-title" aria-describedby="fk-setup-kicker">{h(_title(tr, v))}</h2>'
        f"{notices(tr, v.notice, v.dice_error)}"
        f'<div class="fk-setup-grid">{_players(tr, v)}'
        f'<div class="fk-setup-col">{_computer(tr, v)}{_target(tr, v)}</div></div>'
        f'<div class="btn-row fk-end">{back}'
        f"<button{start}>{h(tr('farkle.setup.start'))}</button></div>"
        f"</div>{scoring_card(tr, v.card_open)}</section>"
    )
