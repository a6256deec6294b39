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
from zaria_web.ui.html import attrs, h

_BOLD = re.compile(r"\*\*(.+?)\*\*")

Section = tuple[str, str, str]  # (heading id, heading text, HTML after the heading)


def text(tr: Translator, key: str, **params: object) -> str:
    """Message ``key`` as HTML: escaped, with ``**bold**`` marked up.

    >>> text(Translator("en"), "rules.farkle.turn.roll", roll="<Roll>")[:43]
    '<strong>Roll.</strong> Press “&lt;Roll&gt;”'
    """
    return _BOLD.sub(r"<strong>\1</strong>", h(tr(key, **params)))


def para(tr: Translator, key: str, **params: object) -> str:
    """Message ``key`` as a paragraph (see :func:`text`)."""
    return f"<p>{text(tr, key, **params)}</p>"


def heading(ident: str, tr: Translator, key: str) -> str:
    """A heading inside a section, with the id its link in the contents points to."""
    return f'<h3 id="{ident}">{h(tr(key))}</h3>'


def listing(tag: str, items: Sequence[str], cls: str = "") -> str:
    """A list (``ul`` or ``ol``) of HTML items."""
    return f"<{tag}{attrs(class_=cls or None)}>{''.join(f'<li>{i}</li>' for i in items)}</{tag}>"


def table(label_id: str, head: Sequence[str], body: str, cls: str, caption: str = "") -> str:
    """A table in its own scrolling container (a phone never scrolls the page sideways)."""
    cols = "".join(f'<th scope="col">{h(c)}</th>' for c in head)
    cap = f"<caption>{h(caption)}</caption>" if caption else ""
    labelled = "" if caption else f' aria-labelledby="{label_id}"'
    return (
        f'<div class="rules-table-wrap {cls}-wrap"><table class="rules-table {cls}"{labelled}>{cap}'
        f"<thead><tr>{cols}</tr></thead>{body}</table></div>"
    )


def joined(tr: Translator, items: Sequence[str], last: str = "rules.and") -> str:
    """``a, b and c`` in the language (``last`` is ``rules.and`` or ``rules.or``).

    >>> joined(Translator("fr"), ["As", "Six", "Chance"])
    'As, Six et Chance'
    """
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + tr(last) + items[-1]
