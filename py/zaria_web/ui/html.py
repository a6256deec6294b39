"""Small helpers for rendering HTML strings."""

from __future__ import annotations

import re
from collections.abc import Iterable
from html import escape, unescape
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from zaria.i18n import Translator

# Pip positions on a 3×3 grid (0..8, row by row) for each face.
_PIPS = {
    1: (4,),
    2: (2, 6),
    3: (2, 4, 6),
    4: (0, 2, 6, 8),
    5: (0, 2, 4, 6, 8),
    6: (0, 2, 3, 5, 6, 8),
}


class Markup(str):
    """A piece of HTML, escaped already: :func:`h` and :func:`tr_html` keep it as it is."""


def h(text: object) -> str:
    """Escape ``text`` for HTML content and attribute values (:class:`Markup` stays as is)."""
    if isinstance(text, Markup):
        return str(text)
    return escape(str(text), quote=True)


def bdi(name: str) -> Markup:
    """A player's name as HTML, isolated from the text around it: a name in a
    right-to-left script (or with a stray direction mark) cannot reorder the
    sentence or the numbers beside it.

    >>> bdi("Ann & Bob")
    '<bdi>Ann &amp; Bob</bdi>'
    """
    return Markup(f"<bdi>{escape(name, quote=True)}</bdi>")


def bdi_list(names: Iterable[str], sep: str = ", ") -> Markup:
    """Several names (the winners), each isolated, joined by ``sep``."""
    return Markup(escape(sep).join(bdi(n) for n in names))


# Where a Markup parameter goes in a message while the rest of it is escaped:
# private-use characters, which no catalogue text holds.
_SLOT = re.compile("\ue000(\\d+)\ue001")


def tr_html(tr: Translator, key: str, **params: object) -> Markup:
    """The message ``key`` as HTML: its text and plain parameters escaped, and
    :class:`Markup` parameters (names from :func:`bdi`) inserted as they are.

    The message's words are fitted to the names' visible text, as :class:`Translator`
    does for plain ones («le tour d’Ann»).

    >>> from zaria.i18n import Translator
    >>> tr_html(Translator("en"), "farkle.event.banked", name=bdi("<Ann>"), points=1500)
    '<bdi>&lt;Ann&gt;</bdi> banks 1,500'
    >>> tr_html(Translator("fr"), "common.log.turn", name=bdi("Ann"))
    'Tour d’<bdi>Ann</bdi>'
    """
    pieces: list[str] = []
    shown: dict[str, object] = {}
    for k, v in params.items():
        if isinstance(v, Markup):
            shown[k] = f"\ue000{len(pieces)}\ue001"
            pieces.append(v)
        else:
            shown[k] = v
    visible = {k: _visible(v) if isinstance(v, Markup) else v for k, v in params.items()}
    text = escape(tr.fill(tr.template(key, **visible), **shown), quote=True)
    return Markup(_SLOT.sub(lambda m: pieces[int(m.group(1))], text))


def _visible(markup: Markup) -> str:
    """The text a piece of HTML shows (a name in its ``<bdi>``)."""
    return unescape(re.sub(r"<[^>]*>", "", markup))


def attrs(**values: object) -> str:
    """Render attributes; ``None``/``False`` are left out, ``True`` is a bare name.

    Underscores become hyphens (``aria_pressed`` → ``aria-pressed``), and a
    trailing underscore is dropped (``class_`` → ``class``).

    >>> attrs(class_="die", aria_pressed="true", disabled=True, hidden=None)
    ' class="die" aria-pressed="true" disabled'
    """
    out = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        out.append(f" {name}" if value is True else f' {name}="{h(value)}"')
    return "".join(out)


def die_face(value: int | None) -> str:
    """An SVG die face showing ``value`` (a blank face for ``None``)."""
    pips = _PIPS.get(value or 0, ())
    dots = "".join(
        f'<circle cx="{25 + 25 * (i % 3)}" cy="{25 + 25 * (i // 3)}" r="8.5"/>' for i in pips
    )
    return (
        '<svg class="face" viewBox="0 0 100 100" aria-hidden="true" focusable="false">'
        '<rect class="face-body" x="3" y="3" width="94" height="94" rx="18"/>'
        f'<g class="pips">{dots}</g></svg>'
    )
