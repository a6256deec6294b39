"""The pieces every screen draws: buttons, notices, the top bar, the ranking.

Pure functions of their arguments, like the views that use them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from zaria.i18n import LANGUAGES, NATIVE_NAMES, Translator
from zaria.outcome import Outcome
from zaria_web.play.log import GameLog, Turn
from zaria_web.play.log import Note as LogNote
from zaria_web.play.seats import DEFAULT_NAME, NAME_LIMIT
from zaria_web.ui.html import attrs, bdi, die_face, h, tr_html
from zaria_web.ui.names import NAME_LENGTH, name_full

#: The message of an unexpected error, and the id its notice is dismissed by.
ERROR_NOTICE = "error.generic"
#: A message id and its parameters (kept as such, so that it follows a change of language).
Note = tuple[str, dict[str, Any]]


def button(
    label: str, act: str, ident: str | None = None, cls: str = "btn", **extra: object
) -> str:
    """A plain text button that reports ``act``."""
    button = attrs(type="button", class_=cls, id=ident, data_act=act, **extra)
    return f"<button{button}>{h(label)}</button>"


def close_button(tr: Translator, notice: str, ident: str | None = None) -> str:
    """The × that dismisses the notice ``notice``."""
    close = attrs(
        type="button",
        class_="icon-btn notice-close",
        id=ident,
        data_act="notice-close",
        data_notice=notice,
        aria_label=tr("notice.dismiss"),
        title=tr("notice.dismiss"),
    )
    return f'<button{close}><span aria-hidden="true">×</span></button>'


def note_text(tr: Translator, note: Note) -> str:
    key, params = note
    return tr(key, **params)


def error_notice(tr: Translator, message: str, detail: str) -> str:
    """The notice of an unexpected error: its words, its own text, Reload and dismiss."""
    # A plain link to the page's own address reloads it, with its parameters.
    reload = attrs(class_="btn small", id="error-reload", href="")
    return (
        f'<div class="notice notice-row error-notice" data-notice="{ERROR_NOTICE}">'
        f"<span>{h(tr(message))}"
        f' <small class="error-detail">{h(detail)}</small></span>'
        f"<a{reload}>{h(tr('update.reload'))}</a>"
        f"{close_button(tr, ERROR_NOTICE, 'error-close')}</div>"
    )


def other_tab_notice(tr: Translator, game: str) -> str:
    """Another tab holds this game: the offer to continue it here."""
    take = button(tr("save.take_over"), "take-over", "take-over", "btn primary", data_game=game)
    return (
        f'<div class="notice notice-row other-tab" role="alert">'
        f"<span>{h(tr('save.other_tab'))}</span>{take}</div>"
    )


def notice_row(tr: Translator, msg_id: str) -> str:
    """A notice above the screen, until dismissed."""
    return (
        f'<div class="notice notice-row" role="status" data-notice="{h(msg_id)}">'
        f"<span>{h(tr(msg_id))}</span>{close_button(tr, msg_id)}</div>"
    )


def notices(parts: Sequence[str]) -> str:
    return f'<div class="notices">{"".join(parts)}</div>' if parts else ""


def language_select(tr: Translator, ident: str) -> str:
    """The list of the app's languages, each in its own name, the current one chosen."""
    options = "".join(
        f"<option{attrs(value=code, selected=code == tr.lang, lang=code)}>"
        f"{h(NATIVE_NAMES[code])}</option>"
        for code in LANGUAGES
    )
    return f'<select id="{ident}" data-act="lang">{options}</select>'


def tools(tr: Translator, theme: str) -> str:
    """The top bar: the language selector and the theme switch."""
    theme_button = attrs(
        type="button",
        class_="icon-btn theme-btn",
        id="theme",  # the page keeps focus by id across redraws
        data_act="theme",
        data_theme=theme,
        title=tr("theme." + theme),
        aria_label=tr("theme.label") + ": " + tr("theme." + theme),
    )
    return (
        f'<label class="lang-pick"><span class="sr-only">{h(tr("home.language"))}</span>'
        f"{language_select(tr, 'lang')}</label>"
        f"<button{theme_button}>"
        '<span aria-hidden="true" class="theme-icon"></span></button>'
    )


def name_rows(
    tr: Translator, names: Sequence[str], prefix: str, row_class: str, numbered: bool = False
) -> str:
    """The new game form's name fields (``#<prefix>-name-<i>``), each with its remove
    button while more than one is left; ``numbered`` shows each row's number. A field
    takes :data:`NAME_LENGTH` characters at most, and once it is full a line under it
    says so (``#<prefix>-name-<i>-limit``): a longer name is never cut unseen."""
    rows = []
    for i, name in enumerate(names):
        remove = ""
        if len(names) > 1:
            remove_attrs = attrs(
                type="button",
                class_="icon-btn remove",
                id=f"{prefix}-remove-{i}",
                data_act="seat-remove",
                data_index=i,
                aria_label=tr("common.setup.remove", n=i + 1),
            )
            remove = f'<button{remove_attrs}><span aria-hidden="true">×</span></button>'
        limit_id = f"{prefix}-name-{i}-limit"
        limit = ""
        if name_full(name):
            text = h(tr(NAME_LIMIT, n=NAME_LENGTH))
            limit = f'<p class="name-limit" id="{limit_id}">{text}</p>'
        field = attrs(
            type="text",
            id=f"{prefix}-name-{i}",
            value=name,
            placeholder=tr(DEFAULT_NAME, n=i + 1),
            maxlength=NAME_LENGTH,
            autocomplete="off",
            spellcheck="false",
            dir="auto",
            data_act="seat-name",
            data_index=i,
            aria_describedby=limit_id if limit else None,
        )
        number = f'<span class="fk-pnum" aria-hidden="true">{i + 1}</span>' if numbered else ""
        rows.append(
            f'<li class="{row_class}"><label class="sr-only" for="{prefix}-name-{i}">'
            f"{h(tr('common.setup.player', n=i + 1))}</label>{number}<input{field}>{remove}"
            f"{limit}</li>"
        )
    return "".join(rows)


def ranked(outcome: Outcome) -> list[tuple[int, int]]:
    """``(place, seat)`` in the order the end screens list them: highest total first,
    equal totals sharing a place ("1, 1, 3").

    >>> ranked(Outcome((300, 900, 300)))
    [(1, 1), (2, 0), (2, 2)]
    """
    return [(p.place, seat) for p in outcome.ranking for seat in p.seats]


def dice_text(dice: Sequence[int]) -> str:
    """Dice as words read them: ``1, 5, 5``."""
    return ", ".join(str(d) for d in dice)


def radio(
    name: str,
    act: str,
    value: str,
    label: str,
    checked: bool,
    disabled: bool = False,
    **extra: object,
) -> str:
    """One choice of a group of radio buttons drawn as segments."""
    box = attrs(
        type="radio",
        name=name,
        id=f"{name}-{value}",
        value=value,
        checked=checked,
        disabled=disabled,
        data_act=act,
        **extra,
    )
    return f'<label class="fk-seg"><input{box}><span>{h(label)}</span></label>'


def level_choice(
    tr: Translator,
    prefix: str,
    levels: Sequence[tuple[str, str]],
    chosen: str,
    enabled: bool,
    note_id: str | None = None,
) -> str:
    """The computer's level in the new game form, the same control in every game:
    ``levels`` are (value, label) pairs, one radio button each."""
    choices = "".join(
        radio(f"{prefix}-level", "seat-level", value, label, value == chosen, not enabled)
        for value, label in levels
    )
    group = attrs(
        class_="fk-segs",
        role="radiogroup",
        aria_label=tr("common.setup.level"),
        aria_describedby=note_id,
    )
    label = h(tr("common.setup.level"))
    return f'<div{group}><span class="fk-seglabel" aria-hidden="true">{label}</span>{choices}</div>'


def select(
    ident: str, act: str, options: Sequence[tuple[str, str]], current: str, **extra: object
) -> str:
    """A drop-down list of ``(value, label)``."""
    opts = "".join(
        f"<option{attrs(value=v, selected=v == current)}>{h(t)}</option>" for v, t in options
    )
    return f"<select{attrs(id=ident, data_act=act, **extra)}>{opts}</select>"


@dataclass(frozen=True)
class PadView:
    """A throw of real dice being entered: the faces so far, of how many."""

    entered: tuple[int, ...]
    needed: int
    coach_on: bool = False

    @property
    def complete(self) -> bool:
        return len(self.entered) == self.needed


def pad_slots(tr: Translator, prefix: str, pad: PadView, extra: str = "") -> str:
    """The dice of the throw entered so far (tap one to take it back), then blanks;
    ``extra`` adds classes (to draw them as the game's tray draws its dice)."""
    slots = []
    for i in range(pad.needed):
        if i >= len(pad.entered):
            ghost = f"die pad-die ghost {extra}".strip()
            slots.append(f'<span class="{ghost}" aria-hidden="true">{die_face(None)}</span>')
            continue
        value = pad.entered[i]
        die = attrs(
            type="button",
            class_=f"die pad-die {extra}".strip(),
            id=f"{prefix}-pad-die-{i + 1}",
            data_act="unface",
            data_index=i,
            aria_label=tr("pad.entered", n=i + 1, value=value),
        )
        slots.append(f"<button{die}>{die_face(value)}</button>")
    return "".join(slots)


def _pad_entry(tr: Translator, prefix: str, pad: PadView) -> str:
    label, slots = h(tr("pad.entry")), pad_slots(tr, prefix, pad)
    return f'<div class="pad-entry" role="group" aria-label="{label}">{slots}</div>'


def _pad_keys(tr: Translator, prefix: str, pad: PadView) -> str:
    """The six faces, one button each (shut once the throw is entered)."""
    keys = []
    for face in range(1, 7):
        key = attrs(
            type="button",
            class_="die pad-key",
            id=f"{prefix}-pad-key-{face}",
            data_act="face",
            data_face=face,
            aria_label=tr("pad.face", face=face),
            aria_keyshortcuts=str(face),
            disabled=pad.complete,
            data_repeat=1,  # every tap counts (see web/page/events.js)
        )
        keys.append(f"<button{key}>{die_face(face)}</button>")
    return (
        f'<div class="pad-keys" role="group" aria-label="{h(tr("pad.keys"))}">{"".join(keys)}</div>'
    )


def dice_pad(tr: Translator, prefix: str, pad: PadView, compact: bool = False) -> str:
    """The keypad a throw of real dice is entered on: the dice entered so far, the
    places still to fill, and the six faces; ``compact`` leaves out the dice
    entered, for a tray that shows them (Penta's; Farkle's between throws)."""
    left = pad.needed - len(pad.entered)
    status = tr("pad.missing", n=left) if left else tr("pad.ready")
    title = tr("pad.enter_one") if pad.needed == 1 else tr("pad.enter", n=pad.needed)
    return (
        # In sight when it comes (web/page/draw.js: data-reveal), above a phone's buttons.
        f'<section class="dice-pad" id="{prefix}-pad" data-reveal="first"'
        f' aria-labelledby="{prefix}-pad-title">'
        f'<h3 id="{prefix}-pad-title">{h(title)}</h3>'
        f"{'' if compact else _pad_entry(tr, prefix, pad)}"
        f'<p class="pad-status" id="{prefix}-pad-status" aria-live="polite">{h(status)}</p>'
        f"{_pad_keys(tr, prefix, pad)}"
        f'<p class="pad-hint">{h(tr("pad.keys_hint"))}</p></section>'
    )


def undo_button(tr: Translator, prefix: str, offered: bool | None) -> str:
    """The Undo button (key U): ``offered`` says whether there is a person's decision
    to take back now; None in a strict game, which has no button."""
    if offered is None:
        return ""
    button = attrs(
        type="button",
        class_="btn undo",
        id=f"{prefix}-undo",
        data_act="undo",
        disabled=not offered,
        aria_keyshortcuts="U",
    )
    return f"<button{button}>{_undo_label(tr)}</button>"


def _undo_label(tr: Translator) -> str:
    return f'{h(tr("common.undo"))} <kbd aria-hidden="true">U</kbd>'


def game_options(tr: Translator, prefix: str, strict: bool, handover: bool | None) -> str:
    """The new game form's choices below the names: a strict game (no undo), and the
    hand-over card when several people share the device (``handover`` None: one)."""
    box = attrs(type="checkbox", id=f"{prefix}-strict", checked=strict, data_act="seat-strict")
    label = h(tr("common.strict"))
    options = f'<label class="check strict-check"><input{box}><span>{label}</span></label>'
    return options + ("" if handover is None else handover_box(tr, prefix, handover))


def handover_box(tr: Translator, prefix: str, on: bool) -> str:
    """The new game form's choice of the hand-over card between two people's turns
    (a setting: off for one person playing every seat)."""
    box = attrs(
        type="checkbox",
        id=f"{prefix}-handover-setting",
        checked=on,
        data_act="setting",
        data_key="handover",
    )
    label = h(tr("common.handover.setting"))
    return f'<label class="check handover-check"><input{box}><span>{label}</span></label>'


def _log_params(tr: Translator, note: LogNote, words: Mapping[str, str]) -> dict[str, Any]:
    """A step's parameters to show: those the game's ``words`` name a message by (a
    box's name: ``{"box": "penta.box."}``) in the current language."""
    params: dict[str, Any] = dict(note.params)
    for name, prefix in words.items():
        if name in params:
            params[name] = tr(f"{prefix}{params[name]}")
    return params


def log_line(
    tr: Translator, note: LogNote, name: str, words: Mapping[str, str] | None = None
) -> str:
    """One step of the game log in the current language (``name``: the turn's player)."""
    return tr(note.msg_id, **{"name": name, **_log_params(tr, note, words or {})})


def _log_steps(tr: Translator, turn: Turn, name: str, words: Mapping[str, str]) -> str:
    """A turn's steps, the player's name isolated as everywhere else (a right-to-left
    name keeps the sentence in order)."""
    return "".join(
        f"<li>{tr_html(tr, n.msg_id, **{'name': bdi(name), **_log_params(tr, n, words)})}</li>"
        for n in turn.steps
    )


def _log_rounds(
    tr: Translator,
    prefix: str,
    names: Sequence[str],
    turns: Sequence[Turn],
    round_key: str,
    words: Mapping[str, str],
) -> str:
    """Turns grouped by round (``round_key``: its heading's message), each under its
    player's name."""
    parts = []
    for k, (number, group) in enumerate(GameLog(list(turns)).rounds()):
        ident = f"{prefix}-log-round-{k}"
        body = "".join(
            f'<div class="log-turn"><h4>{bdi(names[t.seat])}</h4>'
            f"<ol>{_log_steps(tr, t, names[t.seat], words)}</ol></div>"
            for t in group
        )
        parts.append(
            f'<section class="log-round" aria-labelledby="{ident}">'
            f'<h3 id="{ident}">{h(tr(round_key, n=number))}</h3>{body}</section>'
        )
    return "".join(parts)


def game_log(
    tr: Translator,
    prefix: str,
    names: Sequence[str],
    log: GameLog,
    *,
    latest: bool,
    open_: bool,
    round_key: str,
    words: Mapping[str, str],
) -> str:
    """The game log (``words``: the parameters its game names a message by, see
    :func:`log_line`): with ``latest``, the last turn (the one in progress, or the last
    one played) step by step, then the turns before it by round in a folded
    ``<details>`` (``open_``: unfolded); without, every turn folded."""
    turns = log.turns
    shown = turns[-1] if latest and turns else None
    earlier = turns[:-1] if shown is not None else turns
    head = ""
    if shown is not None:
        title = "common.log.last_turn" if shown.kind else "common.log.turn"
        name = names[shown.seat]
        head = (
            f'<h2 id="{prefix}-turn-log-title">{tr_html(tr, title, name=bdi(name))}</h2>'
            f'<ol id="{prefix}-turn-log-steps">{_log_steps(tr, shown, name, words)}</ol>'
        )
    folded = ""
    if earlier:
        n = len(earlier)
        # Folded, its turns are not drawn at all: a long game's log would otherwise
        # be drawn again on every tap (the app draws it when it is unfolded).
        rounds = _log_rounds(tr, prefix, names, earlier, round_key, words) if open_ else ""
        summary = tr("common.log.summary_one") if n == 1 else tr("common.log.summary", n=n)
        folded = (
            f"<details{attrs(class_='log-all', id=f'{prefix}-log-all', open=open_)}>"
            f"<summary{attrs(id=f'{prefix}-log-summary', data_act='log')}>{h(summary)}</summary>"
            f'<div class="log-rounds">{rounds}</div></details>'
        )
    label = f"{prefix}-turn-log-title" if shown is not None else f"{prefix}-log-summary"
    return (
        f'<section class="turn-log game-log panel" id="{prefix}-turn-log" '
        f'aria-labelledby="{label}">{head}{folded}</section>'
    )


def confirm_new(tr: Translator, prefix: str) -> str:
    """The question before a new game, the same in every game: the game in progress
    is kept until the new one starts."""
    keep = attrs(type="button", class_="btn", id=f"{prefix}-keep", data_act="keep-playing")
    yes = attrs(type="button", class_="btn primary", id=f"{prefix}-confirm", data_act="confirm-new")
    return (
        '<div class="modal-backdrop"><section class="modal-card" role="alertdialog" '
        f'aria-modal="true" aria-labelledby="{prefix}-confirm-title" '
        f'aria-describedby="{prefix}-confirm-body">'
        f'<h2 id="{prefix}-confirm-title">{h(tr("common.confirm_new.title"))}</h2>'
        f'<p id="{prefix}-confirm-body">{h(tr("common.confirm_new.body"))}</p>'
        f'<div class="btn-row"><button{keep}>{h(tr("common.keep_playing"))}</button>'
        f"<button{yes}>{h(tr('common.confirm_new.yes'))}</button></div></section></div>"
    )


def handover_card(
    tr: Translator, prefix: str, name: str, outcome: str, *, ready: bool, undo: bool
) -> str:
    """The card over the table while the device goes to ``name``: it says how the
    last turn went (``outcome``, HTML; the table stays in sight behind it), and
    nothing is played until ``name`` taps (once ``ready``: a tap during the first
    moments belongs to the turn that ended). ``undo`` offers to take the last
    decision back instead."""
    who = bdi(name)
    go = attrs(
        type="button",
        class_="btn primary handover-go",
        id=f"{prefix}-handover",
        data_act="take-device",
        aria_disabled=None if ready else "true",
        aria_describedby=f"{prefix}-handover-hint",
    )
    back = ""
    if undo:
        back_attrs = attrs(type="button", class_="btn undo", id=f"{prefix}-handover-undo")
        back = f'<button{back_attrs} data-act="undo">{_undo_label(tr)}</button>'
    title = tr_html(tr, "common.handover.title", name=who)
    hint = tr_html(tr, "common.handover.hint", name=who)
    said = f'<p class="handover-outcome" id="{prefix}-handover-outcome">{outcome}</p>'
    card = "modal-card handover-card" + (" ready" if ready else "")
    return (
        f'<div class="modal-backdrop"><div class="{card}" '
        f'role="dialog" aria-modal="true" aria-labelledby="{prefix}-handover-title">'
        f"{said if outcome else ''}"
        f'<h2 id="{prefix}-handover-title">{title}</h2><p id="{prefix}-handover-hint">{hint}</p>'
        f'<div class="btn-row"><button{go}><span>{tr_html(tr, "common.handover.go", name=who)}'
        f"</span></button>{back}</div></div></div>"
    )


def undo_summary(tr: Translator, prefix: str, names: Sequence[str], undos: Sequence[int]) -> str:
    """The undos each player used, on the end screen (nothing when none was)."""
    if not any(undos):
        return ""
    used = ", ".join(f"{name} {tr.number(n)}" for name, n in zip(names, undos, strict=True))
    return f'<p class="undo-summary" id="{prefix}-undos">{h(tr("common.undos", list=used))}</p>'
