"""The pieces every game's rules page is written with.

A game's rules (its package's ``rules`` module) are a list of :data:`Section`:
a heading's id, the heading, and the HTML after it. The words come from the
``rules.*`` messages; messages may mark a few words ``**like this**``, shown in
bold (:func:`text`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from zaria.i18n import Translator
from zaria_web.ui.html import Markup, el, frag

_BOLD = re.compile(r"\*\*(.+?)\*\*")

Section = tuple[str, str, Markup]  # (heading id, heading text, HTML after the heading)


def text(tr: Translator, key: str, **params: object) -> Markup:
    """Message ``key`` as HTML: escaped, with ``**bold**`` marked up.

    >>> text(Translator("en"), "rules.farkle.turn.roll", roll="<Roll>")[:43]
    '<strong>Roll.</strong> Press “&lt;Roll&gt;”'
    """
    # Split on the bold marks: the odd pieces are the bold ones.
    pieces = _BOLD.split(tr(key, **params))
    return frag(el("strong", p) if i % 2 else p for i, p in enumerate(pieces))


def para(tr: Translator, key: str, **params: object) -> Markup:
    """Message ``key`` as a paragraph (see :func:`text`)."""
    return el("p", text(tr, key, **params))


def heading(ident: str, tr: Translator, key: str) -> Markup:
    """A heading inside a section, with the id its link in the contents points to."""
    return el("h3", tr(key), id=ident)


def listing(tag: str, items: Sequence[Markup], cls: str = "") -> Markup:
    """A list (``ul`` or ``ol``) of HTML items."""
    return el(tag, [el("li", i) for i in items], class_=cls or None)


def table(label_id: str, head: Sequence[str], body: Markup, cls: str, caption: str = "") -> Markup:
    """A table in its own scrolling container (a phone never scrolls the page sideways)."""
    grid = el(
        "table",
        caption and el("caption", caption),
        el("thead", el("tr", [el("th", c, scope="col") for c in head])),
        body,
        class_=f"rules-table {cls}",
        aria_labelledby=None if caption else label_id,
    )
    return el("div", grid, class_=f"rules-table-wrap {cls}-wrap")


def joined(tr: Translator, items: Sequence[str], last: str = "rules.and") -> str:
    """``a, b and c`` in the language (``last`` is ``rules.and`` or ``rules.or``).

    >>> joined(Translator("fr"), ["As", "Six", "Chance"])
    'As, Six et Chance'
    """
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + tr(last) + items[-1]
