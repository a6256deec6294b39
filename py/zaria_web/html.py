"""Small helpers for rendering HTML strings."""

from __future__ import annotations

from html import escape

# Pip positions on a 3×3 grid (0..8, row by row) for each face.
_PIPS = {
    1: (4,),
    2: (2, 6),
    3: (2, 4, 6),
    4: (0, 2, 6, 8),
    5: (0, 2, 4, 6, 8),
    6: (0, 2, 3, 5, 6, 8),
}


def h(text: object) -> str:
    """Escape ``text`` for HTML content and attribute values."""
    return escape(str(text), quote=True)


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
