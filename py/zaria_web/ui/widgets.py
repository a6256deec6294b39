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
from zaria_web.ui.html import Markup, bdi, die_face, el, frag, tr_html
from zaria_web.ui.names import NAME_LENGTH, name_full

#: The message of an unexpected error, and the id its notice is dismissed by.
ERROR_NOTICE = "error.generic"
#: A message id and its parameters (kept as such, so that it follows a change of language).
Note = tuple[str, dict[str, Any]]


def button(
    label: str, act: str, ident: str | None = None, cls: str = "btn", **extra: object
) -> Markup:
    """A plain text button that reports ``act``."""
    return el("button", label, type="button", class_=cls, id=ident, data_act=act, **extra)


def close_button(tr: Translator, notice: str, ident: str | None = None) -> Markup:
    """The × that dismisses the notice ``notice``."""
    return el(
        "button",
        el("span", "×", aria_hidden="true"),
        type="button",
        class_="icon-btn notice-close",
        id=ident,
        data_act="notice-close",
        data_notice=notice,
        aria_label=tr("notice.dismiss"),
        title=tr("notice.dismiss"),
    )


def note_text(tr: Translator, note: Note) -> str:
    key, params = note
    return tr(key, **params)


def error_notice(tr: Translator, message: str, detail: str) -> Markup:
    """The notice of an unexpected error: its words, its own text, Reload and dismiss."""
    return el(
        "div",
        el("span", tr(message), " ", el("small", detail, class_="error-detail")),
        # A plain link to the page's own address reloads it, with its parameters.
        el("a", tr("update.reload"), class_="btn small", id="error-reload", href=""),
        close_button(tr, ERROR_NOTICE, "error-close"),
        class_="notice notice-row error-notice",
        data_notice=ERROR_NOTICE,
    )


def other_tab_notice(tr: Translator, game: str) -> Markup:
    """Another tab holds this game: the offer to continue it here."""
    take = button(tr("save.take_over"), "take-over", "take-over", "btn primary", data_game=game)
    return el(
        "div",
        el("span", tr("save.other_tab")),
        take,
        class_="notice notice-row other-tab",
        role="alert",
    )


def notice_row(tr: Translator, msg_id: str) -> Markup:
    """A notice above the screen, until dismissed."""
    return el(
        "div",
        el("span", tr(msg_id)),
        close_button(tr, msg_id),
        class_="notice notice-row",
        role="status",
        data_notice=msg_id,
    )


def notices(parts: Sequence[Markup]) -> Markup:
    return el("div", parts, class_="notices") if parts else Markup()


def language_select(tr: Translator, ident: str) -> Markup:
    """The list of the app's languages, each in its own name, the current one chosen."""
    options = [
        el("option", NATIVE_NAMES[code], value=code, selected=code == tr.lang, lang=code)
        for code in LANGUAGES
    ]
    return el("select", options, id=ident, data_act="lang")


def tools(tr: Translator, theme: str) -> Markup:
    """The top bar: the language selector and the theme switch."""
    pick = el(
        "label",
        el("span", tr("home.language"), class_="sr-only"),
        language_select(tr, "lang"),
        class_="lang-pick",
    )
    theme_button = el(
        "button",
        el("span", aria_hidden="true", class_="theme-icon"),
        type="button",
        class_="icon-btn theme-btn",
        id="theme",  # the page keeps focus by id across redraws
        data_act="theme",
        data_theme=theme,
        title=tr("theme." + theme),
        aria_label=tr("theme.label") + ": " + tr("theme." + theme),
    )
    return frag(pick, theme_button)


def name_rows(
    tr: Translator, names: Sequence[str], prefix: str, row_class: str, numbered: bool = False
) -> Markup:
    """The new game form's name fields (``#<prefix>-name-<i>``), each with its remove
    button while more than one is left; ``numbered`` shows each row's number. A field
    takes :data:`NAME_LENGTH` characters at most, and once it is full a line under it
    says so (``#<prefix>-name-<i>-limit``): a longer name is never cut unseen."""
    rows = []
    for i, name in enumerate(names):
        remove = None
        if len(names) > 1:
            remove = el(
                "button",
                el("span", "×", aria_hidden="true"),
                type="button",
                class_="icon-btn remove",
                id=f"{prefix}-remove-{i}",
                data_act="seat-remove",
                data_index=i,
                aria_label=tr("common.setup.remove", n=i + 1),
            )
        field_id, limit_id = f"{prefix}-name-{i}", f"{prefix}-name-{i}-limit"
        limit = None
        if name_full(name):
            limit = el("p", tr(NAME_LIMIT, n=NAME_LENGTH), class_="name-limit", id=limit_id)
        field = el(
            "input",
            type="text",
            id=field_id,
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
        number = numbered and el("span", i + 1, class_="fk-pnum", aria_hidden="true")
        label = el("label", tr("common.setup.player", n=i + 1), class_="sr-only", for_=field_id)
        rows.append(el("li", label, number, field, remove, limit, class_=row_class))
    return frag(rows)


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
) -> Markup:
    """One choice of a group of radio buttons drawn as segments."""
    box = el(
        "input",
        type="radio",
        name=name,
        id=f"{name}-{value}",
        value=value,
        checked=checked,
        disabled=disabled,
        data_act=act,
        **extra,
    )
    return el("label", box, el("span", label), class_="fk-seg")


def level_choice(
    tr: Translator,
    prefix: str,
    levels: Sequence[tuple[str, str]],
    chosen: str,
    enabled: bool,
    note_id: str | None = None,
) -> Markup:
    """The computer's level in the new game form, the same control in every game:
    ``levels`` are (value, label) pairs, one radio button each."""
    choices = [
        radio(f"{prefix}-level", "seat-level", value, label, value == chosen, not enabled)
        for value, label in levels
    ]
    label = tr("common.setup.level")
    return el(
        "div",
        el("span", label, class_="fk-seglabel", aria_hidden="true"),
        choices,
        class_="fk-segs",
        role="radiogroup",
        aria_label=label,
        aria_describedby=note_id,
    )


def select(
    ident: str, act: str, options: Sequence[tuple[str, str]], current: str, **extra: object
) -> Markup:
    """A drop-down list of ``(value, label)``."""
    opts = [el("option", t, value=v, selected=v == current) for v, t in options]
    return el("select", opts, id=ident, data_act=act, **extra)


@dataclass(frozen=True)
class PadView:
    """A throw of real dice being entered: the faces so far, of how many."""

    entered: tuple[int, ...]
    needed: int
    coach_on: bool = False

    @property
    def complete(self) -> bool:
        return len(self.entered) == self.needed


def pad_slots(tr: Translator, prefix: str, pad: PadView, extra: str = "") -> Markup:
    """The dice of the throw entered so far (tap one to take it back), then blanks;
    ``extra`` adds classes (to draw them as the game's tray draws its dice)."""
    slots = []
    for i in range(pad.needed):
        if i >= len(pad.entered):
            ghost = f"die pad-die ghost {extra}".strip()
            slots.append(el("span", die_face(None), class_=ghost, aria_hidden="true"))
            continue
        value = pad.entered[i]
        die = el(
            "button",
            die_face(value),
            type="button",
            class_=f"die pad-die {extra}".strip(),
            id=f"{prefix}-pad-die-{i + 1}",
            data_act="unface",
            data_index=i,
            aria_label=tr("pad.entered", n=i + 1, value=value),
        )
        slots.append(die)
    return frag(slots)


def _pad_entry(tr: Translator, prefix: str, pad: PadView) -> Markup:
    slots = pad_slots(tr, prefix, pad)
    return el("div", slots, class_="pad-entry", role="group", aria_label=tr("pad.entry"))


def _pad_keys(tr: Translator, prefix: str, pad: PadView) -> Markup:
    """The six faces, one button each (shut once the throw is entered)."""
    keys = []
    for face in range(1, 7):
        key = el(
            "button",
            die_face(face),
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
        keys.append(key)
    return el("div", keys, class_="pad-keys", role="group", aria_label=tr("pad.keys"))


def dice_pad(tr: Translator, prefix: str, pad: PadView, compact: bool = False) -> Markup:
    """The keypad a throw of real dice is entered on: the dice entered so far, the
    places still to fill, and the six faces; ``compact`` leaves out the dice
    entered, for a tray that shows them (Penta's; Farkle's between throws)."""
    left = pad.needed - len(pad.entered)
    status = tr("pad.missing", n=left) if left else tr("pad.ready")
    title = tr("pad.enter_one") if pad.needed == 1 else tr("pad.enter", n=pad.needed)
    return el(
        "section",
        el("h3", title, id=f"{prefix}-pad-title"),
        None if compact else _pad_entry(tr, prefix, pad),
        el("p", status, class_="pad-status", id=f"{prefix}-pad-status", aria_live="polite"),
        _pad_keys(tr, prefix, pad),
        el("p", tr("pad.keys_hint"), class_="pad-hint"),
        class_="dice-pad",
        id=f"{prefix}-pad",
        # In sight when it comes (web/page/draw.js: data-reveal), above a phone's buttons.
        data_reveal="first",
        aria_labelledby=f"{prefix}-pad-title",
    )


def undo_button(tr: Translator, prefix: str, offered: bool | None) -> Markup:
    """The Undo button (key U): ``offered`` says whether there is a person's decision
    to take back now; None in a strict game, which has no button."""
    if offered is None:
        return Markup()
    return el(
        "button",
        _undo_label(tr),
        type="button",
        class_="btn undo",
        id=f"{prefix}-undo",
        data_act="undo",
        disabled=not offered,
        aria_keyshortcuts="U",
    )


def _undo_label(tr: Translator) -> Markup:
    return frag(tr("common.undo"), " ", el("kbd", "U", aria_hidden="true"))


def game_options(tr: Translator, prefix: str, strict: bool, handover: bool | None) -> Markup:
    """The new game form's choices below the names: a strict game (no undo), and the
    hand-over card when several people share the device (``handover`` None: one)."""
    box = el(
        "input", type="checkbox", id=f"{prefix}-strict", checked=strict, data_act="seat-strict"
    )
    options = el("label", box, el("span", tr("common.strict")), class_="check strict-check")
    return frag(options, None if handover is None else handover_box(tr, prefix, handover))


def handover_box(tr: Translator, prefix: str, on: bool) -> Markup:
    """The new game form's choice of the hand-over card between two people's turns
    (a setting: off for one person playing every seat)."""
    box = el(
        "input",
        type="checkbox",
        id=f"{prefix}-handover-setting",
        checked=on,
        data_act="setting",
        data_key="handover",
    )
    label = el("span", tr("common.handover.setting"))
    return el("label", box, label, class_="check handover-check")


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


def _log_steps(tr: Translator, turn: Turn, name: str, words: Mapping[str, str]) -> Markup:
    """A turn's steps, the player's name isolated as everywhere else (a right-to-left
    name keeps the sentence in order)."""
    return frag(
        el("li", tr_html(tr, n.msg_id, **{"name": bdi(name), **_log_params(tr, n, words)}))
        for n in turn.steps
    )


def log_rounds(
    tr: Translator,
    prefix: str,
    names: Sequence[str],
    turns: Sequence[Turn],
    round_key: str,
    words: Mapping[str, str],
) -> Markup:
    """Turns grouped by round (``round_key``: its heading's message), each under its
    player's name."""
    parts = []
    for k, (number, group) in enumerate(GameLog(list(turns)).rounds()):
        ident = f"{prefix}-log-round-{k}"
        body = [
            el(
                "div",
                el("h4", bdi(names[t.seat])),
                el("ol", _log_steps(tr, t, names[t.seat], words)),
                class_="log-turn",
            )
            for t in group
        ]
        title = el("h3", tr(round_key, n=number), id=ident)
        parts.append(el("section", title, body, class_="log-round", aria_labelledby=ident))
    return frag(parts)


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
) -> Markup:
    """The game log (``words``: the parameters its game names a message by, see
    :func:`log_line`): with ``latest``, the last turn (the one in progress, or the last
    one played) step by step, then the turns before it by round in a folded
    ``<details>`` (``open_``: unfolded); without, every turn folded."""
    turns = log.turns
    shown = turns[-1] if latest and turns else None
    earlier = turns[:-1] if shown is not None else turns
    head = None
    if shown is not None:
        title = "common.log.last_turn" if shown.kind else "common.log.turn"
        name = names[shown.seat]
        head = frag(
            el("h2", tr_html(tr, title, name=bdi(name)), id=f"{prefix}-turn-log-title"),
            el("ol", _log_steps(tr, shown, name, words), id=f"{prefix}-turn-log-steps"),
        )
    folded = None
    if earlier:
        n = len(earlier)
        # Folded, its turns are not drawn at all: a long game's log would otherwise
        # be drawn again on every tap (the app draws it when it is unfolded).
        rounds = log_rounds(tr, prefix, names, earlier, round_key, words) if open_ else None
        summary = tr("common.log.summary_one") if n == 1 else tr("common.log.summary", n=n)
        folded = el(
            "details",
            el("summary", summary, id=f"{prefix}-log-summary", data_act="log"),
            el("div", rounds, class_="log-rounds"),
            class_="log-all",
            id=f"{prefix}-log-all",
            open=open_,
        )
    label = f"{prefix}-turn-log-title" if shown is not None else f"{prefix}-log-summary"
    return el(
        "section",
        head,
        folded,
        class_="turn-log game-log panel",
        id=f"{prefix}-turn-log",
        aria_labelledby=label,
    )


def confirm_new(tr: Translator, prefix: str) -> Markup:
    """The question before a new game, the same in every game: the game in progress
    is kept until the new one starts."""
    keep = button(tr("common.keep_playing"), "keep-playing", f"{prefix}-keep")
    yes = button(tr("common.confirm_new.yes"), "confirm-new", f"{prefix}-confirm", "btn primary")
    card = el(
        "section",
        el("h2", tr("common.confirm_new.title"), id=f"{prefix}-confirm-title"),
        el("p", tr("common.confirm_new.body"), id=f"{prefix}-confirm-body"),
        el("div", keep, yes, class_="btn-row"),
        class_="modal-card",
        role="alertdialog",
        aria_modal="true",
        aria_labelledby=f"{prefix}-confirm-title",
        aria_describedby=f"{prefix}-confirm-body",
    )
    return el("div", card, class_="modal-backdrop")


def handover_card(
    tr: Translator, prefix: str, name: str, outcome: Markup, *, ready: bool, undo: bool
) -> Markup:
    """The card over the table while the device goes to ``name``: it says how the
    last turn went (``outcome``, HTML; the table stays in sight behind it), and
    nothing is played until ``name`` taps (once ``ready``: a tap during the first
    moments belongs to the turn that ended). ``undo`` offers to take the last
    decision back instead."""
    who = bdi(name)
    go = el(
        "button",
        el("span", tr_html(tr, "common.handover.go", name=who)),
        type="button",
        class_="btn primary handover-go",
        id=f"{prefix}-handover",
        data_act="take-device",
        aria_disabled=None if ready else "true",
        aria_describedby=f"{prefix}-handover-hint",
    )
    back = undo and el(
        "button",
        _undo_label(tr),
        type="button",
        class_="btn undo",
        id=f"{prefix}-handover-undo",
        data_act="undo",
    )
    said = outcome and el("p", outcome, class_="handover-outcome", id=f"{prefix}-handover-outcome")
    card = el(
        "div",
        said,
        el("h2", tr_html(tr, "common.handover.title", name=who), id=f"{prefix}-handover-title"),
        el("p", tr_html(tr, "common.handover.hint", name=who), id=f"{prefix}-handover-hint"),
        el("div", go, back, class_="btn-row"),
        class_="modal-card handover-card" + (" ready" if ready else ""),
        role="dialog",
        aria_modal="true",
        aria_labelledby=f"{prefix}-handover-title",
    )
    return el("div", card, class_="modal-backdrop")


def undo_summary(tr: Translator, prefix: str, names: Sequence[str], undos: Sequence[int]) -> Markup:
    """The undos each player used, on the end screen (nothing when none was)."""
    if not any(undos):
        return Markup()
    used = ", ".join(f"{name} {tr.number(n)}" for name, n in zip(names, undos, strict=True))
    return el("p", tr("common.undos", list=used), class_="undo-summary", id=f"{prefix}-undos")
