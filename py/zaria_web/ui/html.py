"""Building HTML that is escaped by default.

:func:`el` builds an element: its text children and attribute values are escaped,
and only :class:`Markup` (what :func:`el`, :func:`frag`, :func:`join` and :func:`raw`
return) goes in as it is. :func:`raw` is the one way to insert HTML written by hand.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from html import escape, unescape
from typing import TYPE_CHECKING, TypeAlias

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
    """A piece of HTML, escaped already: :func:`el` and :func:`tr_html` keep it as it is.

    Adding a plain string to it escapes that string:

    >>> raw("<b>") + "<i>"
    '<b>&lt;i&gt;'
    """

    __slots__ = ()

    def __add__(self, other: str) -> Markup:
        return Markup(str.__add__(self, _escaped(other)))

    def __radd__(self, other: str) -> Markup:
        return Markup(_escaped(other) + str(self))


#: What an element may hold: text (escaped), Markup (kept), numbers, nothing
#: (None or a boolean: left out), or any iterable of these (flattened).
Child: TypeAlias = "str | int | float | Iterable[Child] | None"

# Elements that have no content and no end tag (HTML), and the SVG shapes written
# as self-closing tags.
_VOID = frozenset(
    ("area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr")
)
_SVG_EMPTY = frozenset(("circle", "ellipse", "line", "path", "polygon", "polyline", "rect"))

# Attribute names by keyword: ``class_`` → ``class``, ``aria_label`` → ``aria-label``.
_NAMES: dict[str, str] = {}


# The escaped form of the strings met lately: a table's classes, ids and words come
# back on every drawing, and a look-up is cheaper than escaping them again.
_ESCAPED: dict[str, str] = {}
_ESCAPED_KEPT = 4096


def _escape_str(text: str) -> str:
    done = _ESCAPED.get(text)
    if done is None:
        if len(_ESCAPED) >= _ESCAPED_KEPT:
            _ESCAPED.clear()
        done = _ESCAPED[text] = escape(text, quote=True)
    return done


def _escaped(text: object) -> str:
    if isinstance(text, Markup):
        return str(text)
    if type(text) is str:
        return _escape_str(text)
    return escape(str(text), quote=True)


def raw(html: str) -> Markup:
    """Trusted HTML, inserted as it is: the only way to put hand-written markup in an
    element.

    >>> el("p", raw("a<br>b"))
    '<p>a<br>b</p>'
    """
    return Markup(html)


def _content(children: Iterable[Child], out: list[str]) -> None:
    for child in children:
        if isinstance(child, str):
            out.append(child if isinstance(child, Markup) else _escape_str(child))
        elif child is None or child is False or child is True:
            continue
        elif isinstance(child, int | float):
            out.append(str(child))
        else:
            _content(child, out)


def _attrs(values: dict[str, object]) -> str:
    out = ""
    for key, value in values.items():
        if value is None or value is False:
            continue
        name = _NAMES.get(key)
        if name is None:
            name = _NAMES[key] = key.rstrip("_").replace("_", "-")
        if value is True:
            out += " " + name
        elif type(value) is int:
            out += f' {name}="{value}"'
        else:
            out += f' {name}="{_escaped(value)}"'
    return out


def el(tag: str, *children: Child, **attributes: object) -> Markup:
    """The element ``tag`` holding ``children`` (text escaped, :class:`Markup` as it
    is, numbers written, lists and other iterables flattened, None and booleans left
    out), with ``attributes`` (values escaped; None/False left out, True a bare name;
    ``class_`` → ``class``, ``data_x`` → ``data-x``). A void element (``input``) has
    no end tag, and an empty SVG shape (``circle``) closes itself.

    ``cond and el(...)`` leaves the element out when ``cond`` is false, but a number
    0 would be written: test a number (``if n``) rather than pass it.

    >>> el("button", "<Save>", type="button", class_="btn", data_act="save", disabled=True)
    '<button type="button" class="btn" data-act="save" disabled>&lt;Save&gt;</button>'
    >>> el("input", type="text", value='"x"', hidden=None)
    '<input type="text" value="&quot;x&quot;">'
    """
    head = tag + _attrs(attributes) if attributes else tag
    if tag in _VOID:
        return Markup(f"<{head}>")
    if not children and tag in _SVG_EMPTY:
        return Markup(f"<{head}/>")
    out: list[str] = []
    _content(children, out)
    return Markup(f"<{head}>{''.join(out)}</{tag}>")


def frag(*children: Child) -> Markup:
    """Several pieces side by side, as one piece of HTML (text escaped).

    >>> frag(el("b", "1"), " < ", el("b", "2"))
    '<b>1</b> &lt; <b>2</b>'
    """
    out: list[str] = []
    _content(children, out)
    return Markup("".join(out))


def join(sep: Child, items: Iterable[Child]) -> Markup:
    """``items`` with ``sep`` between each two (both escaped unless Markup).

    >>> join(", ", [el("b", "a"), "b&c"])
    '<b>a</b>, b&amp;c'
    """
    between = frag(sep)
    return Markup(between.join(frag(item) for item in items))


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


@cache
def die_face(value: int | None) -> Markup:
    """An SVG die face showing ``value`` (a blank face for ``None``)."""
    pips = _PIPS.get(value or 0, ())
    dots = "".join(
        f'<circle cx="{25 + 25 * (i % 3)}" cy="{25 + 25 * (i // 3)}" r="8.5"/>' for i in pips
    )
    return Markup(
        '<svg class="face" viewBox="0 0 100 100" aria-hidden="true" focusable="false">'
        '<rect class="face-body" x="3" y="3" width="94" height="94" rx="18"/>'
        f'<g class="pips">{dots}</g></svg>'
    )
