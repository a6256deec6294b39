"""Charts drawn by our own code: inline SVG with a table of the same figures.

Each chart is a ``<figure>``: its caption names it, the SVG (``role="img"``,
labelled by the caption) draws the figures, and a ``<table>`` with the same
figures is its text alternative, folded in a ``<details>`` under it. Colours
come from the CSS (``.series-0`` … ``.series-5``, which differ by dash pattern as
well as colour), so both themes read them. Every id in a chart starts with its
``ident``.

The SVG is drawn in CSS pixels, without a ``viewBox``, so that its text is the
page's size at every width instead of growing and shrinking with the chart:
heights are fixed (:data:`PLOT` pixels for the figures), and horizontal places
are percentages of the plot's width, which the CSS sets to the figure's width
less a margin on each side (``--inset`` and ``--right``, set here from the
length of the labels that sit in it). A line joining points is a path in a
nested SVG stretched across the plot (``viewBox`` ``0 0 100 H``, not keeping
its aspect ratio) whose stroke does not scale; dots and bars are drawn in the
plot's own units, so they keep their shape.

Every label sits outside the plot, where no line can cross it: the value
ticks to its left, the axis titles above and below it, the bins' ranges under
it, and a target line's label in the legend under the chart.

The functions are pure: the same input gives the same HTML.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from zaria.i18n import Translator
from zaria_web.ui.html import bdi, h

#: The chart text's size in CSS pixels (the CSS gives ``.chart-svg`` this size).
FONT = 14
#: A generous width of one character of chart text (digits, Greek and Turkish letters).
CHAR = 0.62 * FONT
#: The plot's height; the room above it (the value axis's title); the gap between
#: a tick's label and the plot.
PLOT, TOP, GAP = 150, 28, 6
#: The room under the plot for the ticks' labels and the axis title (line charts).
BOTTOM = 48
#: The horizontal room left at each end of a line chart's plot, in % of its width.
PAD = 3
#: The narrowest plot the charts are drawn for (a 320 px phone), in pixels.
NARROW = 200
#: The least distance between two bins' slanted labels, in pixels of the plot's width.
BIN_SPACING = 22
#: How many series styles the CSS has (then they repeat).
STYLES = 6


@dataclass(frozen=True)
class Scale:
    """A linear map from data values ``lo..hi`` to coordinates ``start..end``."""

    lo: float
    hi: float
    start: float
    end: float

    def __call__(self, v: float) -> float:
        span = self.hi - self.lo
        return self.start + (v - self.lo) / span * (self.end - self.start) if span else self.start


def nice_ticks(lo: float, hi: float, most: int = 5) -> list[int]:
    """Round tick values covering ``lo..hi``, at most ``most`` + 1 of them, a step of
    1, 2 or 5 × a power of ten (at least 1).

    >>> nice_ticks(0, 317), nice_ticks(-500, 2300), nice_ticks(1, 1)
    ([0, 100, 200, 300, 400], [-1000, 0, 1000, 2000, 3000], [1, 2])
    """
    span = max(hi - lo, 1)
    step, power = 1, 1
    while span / step > most:
        step = next((m * power for m in (1, 2, 5) if span / (m * power) <= most), 10 * power)
        power *= 10
    first = int(lo // step) * step
    ticks = [first]
    while ticks[-1] < hi or len(ticks) < 2:
        ticks.append(ticks[-1] + step)
    return ticks


def text_width(text: str) -> float:
    """About how wide ``text`` is drawn, in pixels (rather more than less).

    >>> text_width("3,000")
    43.4
    """
    return round(len(text) * CHAR, 1)


def _num(v: float) -> str:
    """A coordinate with one decimal at most (short, stable output)."""
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _pct(v: float) -> str:
    """A horizontal place in the plot, in % of its width."""
    return f"{_num(v)}%"


@dataclass(frozen=True)
class Frame:
    """A chart's plot: its value scale, the labels of its value ticks, and the room
    about it in pixels (left: ``inset``; under it: ``below``; right: ``right``,
    what the last label along the bottom reaches past the plot)."""

    y: Scale
    ticks: tuple[tuple[int, str], ...]
    inset: float
    below: float = BOTTOM
    right: float = 8

    @property
    def base(self) -> float:
        """The plot's bottom edge (the value axis's lowest tick)."""
        return TOP + PLOT

    @property
    def height(self) -> float:
        return self.base + self.below


def _frame(
    tr: Translator, ticks: Sequence[int], below: float = BOTTOM, right: float = 8, reach: float = 0
) -> Frame:
    """The plot for value ticks ``ticks``: the margin left of it fits the longest
    value label, and whatever reaches ``reach`` pixels left of the plot."""
    labels = tuple((t, tr.number(t)) for t in ticks)
    inset = math.ceil(max(max(text_width(t) for _, t in labels) + GAP + 2, reach))
    return Frame(Scale(ticks[0], ticks[-1], TOP + PLOT, TOP), labels, inset, below, right)


def _y_axis(f: Frame, label: str) -> str:
    """The value axis: its title above the plot, a grid line and a label per tick."""
    parts = [f'<text class="chart-label" x="-{_num(f.inset)}" y="{FONT}">{h(label)}</text>']
    for value, text in f.ticks:
        py = _num(f.y(value))
        parts.append(
            f'<line class="chart-grid" x1="0" x2="100%" y1="{py}" y2="{py}"/>'
            f'<text class="chart-tick" x="-{GAP}" y="{py}" text-anchor="end" '
            f'dominant-baseline="central">{h(text)}</text>'
        )
    return "".join(parts)


def _x_axis(f: Frame, ticks: Sequence[tuple[float, str]], label: str) -> str:
    """The bottom axis, a label under each of ``ticks`` (place in %, text), and the
    axis title under them."""
    base = _num(f.base)
    parts = [f'<line class="chart-axis" x1="0" x2="100%" y1="{base}" y2="{base}"/>']
    parts += [
        f'<text class="chart-tick" x="{_pct(px)}" y="{_num(f.base + GAP + FONT)}" '
        f'text-anchor="middle">{h(text)}</text>'
        for px, text in ticks
    ]
    parts.append(
        f'<text class="chart-label" x="50%" y="{_num(f.height - GAP)}" '
        f'text-anchor="middle">{h(label)}</text>'
    )
    return "".join(parts)


def _x_ticks(xs: Sequence[int]) -> list[int]:
    """The x values labelled: all of them when few, else round ones within the range."""
    if len(xs) <= 8:
        return list(xs)
    return [t for t in nice_ticks(xs[0], xs[-1], 6) if xs[0] <= t <= xs[-1]]


def _line(i: int, height: float, pts: Sequence[tuple[float, float] | None]) -> str:
    """One series: a path broken at every gap (stretched across the plot, its
    stroke unscaled), and a dot on every point."""
    path, pen = [], "M"
    for p in pts:
        if p is None:
            pen = "M"
            continue
        path.append(f"{pen}{_num(p[0])} {_num(p[1])}")
        pen = "L"
    dots = "".join(
        f'<circle cx="{_pct(p[0])}" cy="{_num(p[1])}" r="3"/>' for p in pts if p is not None
    )
    line = (
        f'<svg class="chart-lines" width="100%" height="{_num(height)}" '
        f'viewBox="0 0 100 {_num(height)}" preserveAspectRatio="none">'
        f'<path d="{" ".join(path)}" vector-effect="non-scaling-stroke"/></svg>'
        if len(path) > 1
        else ""
    )
    return f'<g class="series series-{i % STYLES}">{line}{dots}</g>'


def _target(f: Frame, target: int) -> str:
    py = _num(f.y(target))
    return f'<g class="chart-target"><line x1="0" x2="100%" y1="{py}" y2="{py}"/></g>'


def _legend(names: Sequence[str], target_label: str = "") -> str:
    """The series' names with their line styles (the table names them for screen
    readers), and the target line's label, which is said as text."""
    items = "".join(
        f'<li><svg class="chart-key series series-{i % STYLES}" viewBox="0 0 24 8" '
        f'aria-hidden="true"><path d="M0 4H24"/></svg>{bdi(name)}</li>'
        for i, name in enumerate(names)
    )
    target = (
        '<p class="chart-target-key"><svg class="chart-key chart-target" viewBox="0 0 24 8" '
        f'aria-hidden="true"><path d="M0 4H24"/></svg>{h(target_label)}</p>'
        if target_label
        else ""
    )
    return (
        f'<div class="chart-keys"><ul class="chart-legend" aria-hidden="true">{items}</ul>'
        f"{target}</div>"
    )


def _svg(ident: str, f: Frame, body: str) -> str:
    margins = f"--inset:{_num(f.inset)}px;--right:{_num(f.right)}px"
    return (
        f'<svg class="chart-svg" height="{_num(f.height)}" style="{margins}" role="img" '
        f'aria-labelledby="{ident}-title" focusable="false">{body}</svg>'
    )


def _table(
    tr: Translator, ident: str, x_label: str, names: Sequence[str], rows: Sequence[Sequence[str]]
) -> str:
    """The chart's figures, a row per x and a column per series ("–" for no value)."""
    head = "".join(f'<th scope="col">{bdi(n)}</th>' for n in names)
    body = "".join(
        f'<tr><th scope="row" class="num">{h(r[0])}</th>'
        + "".join(f'<td class="num">{h(c)}</td>' for c in r[1:])
        + "</tr>"
        for r in rows
    )
    return (
        f'<details class="chart-data"><summary>{h(tr("chart.figures"))}</summary>'
        f'<div class="table-scroll"><table id="{ident}-table" class="chart-table">'
        f'<thead><tr><th scope="col">{h(x_label)}</th>{head}</tr></thead>'
        f"<tbody>{body}</tbody></table></div></details>"
    )


def _figure(ident: str, title: str, kind: str, svg: str, legend: str, table: str) -> str:
    return (
        f'<figure class="chart chart-{kind}" id="{ident}">'
        f'<figcaption id="{ident}-title">{h(title)}</figcaption>{svg}{legend}{table}</figure>'
    )


def line_chart(
    tr: Translator,
    ident: str,
    title: str,
    x_label: str,
    y_label: str,
    xs: Sequence[int],
    series: Sequence[tuple[str, Sequence[int | None]]],
    target: int | None = None,
    target_label: str = "",
) -> str:
    """A ``<figure>`` with an inline SVG line chart (one line per series, a dashed
    target line named in the legend), ``role="img"`` + ``aria-labelledby`` its
    caption, and a ``<table>`` with the same figures as its text alternative
    (column per series, row per x). Pure: same input, same HTML. None in a series
    = no point there. ``ident`` prefixes every id in it.

    >>> from zaria.i18n import Translator
    >>> html = line_chart(Translator("en"), "c", "Scores", "Game", "Score", [1, 2],
    ...                   [("Ann", [120, None])], target=200)
    >>> html.count("<circle"), "<td class=\\"num\\">–</td>" in html
    (1, True)
    """
    if any(len(values) != len(xs) for _, values in series):
        raise ValueError("one value (or None) per x in every series")
    values = [v for _, vs in series for v in vs if v is not None]
    ys = [*values, *([target] if target is not None else [])] or [0]
    labelled = [(x, tr.number(x)) for x in _x_ticks(xs)]
    # The last label along the bottom is centred on its point, PAD % in from the edge.
    right = max(text_width(labelled[-1][1]) / 2 - NARROW * PAD / 100, 0) + 4 if xs else 8
    f = _frame(tr, nice_ticks(min(0, *ys), max(ys)), right=right)
    x = Scale(xs[0], xs[-1], PAD, 100 - PAD) if len(xs) > 1 else Scale(0, 0, 50, 50)
    lines = "".join(
        _line(i, f.height, [None if v is None else (x(xs[j]), f.y(v)) for j, v in enumerate(vs)])
        for i, (_, vs) in enumerate(series)
    )
    body = _y_axis(f, y_label) + _x_axis(f, [(x(v), t) for v, t in labelled], x_label)
    if target is not None:
        body += _target(f, target)
    names = [name for name, _ in series]
    rows = [
        [tr.number(xv), *("–" if vs[j] is None else tr.number(vs[j] or 0) for _, vs in series)]
        for j, xv in enumerate(xs)
    ]
    table = _table(tr, ident, x_label, names, rows)
    legend = _legend(names, target_label if target is not None else "")
    return _figure(ident, title, "line", _svg(ident, f, body + lines), legend, table)


def _bars(f: Frame, x: Scale, edges: Sequence[int], shares: Sequence[Sequence[float]]) -> str:
    """Each series' bars side by side within each bin."""
    n = len(shares)
    groups = []
    for i, series in enumerate(shares):
        rects = []
        for b, share in enumerate(series):
            if not share:
                continue
            left, right = x(edges[b]), x(edges[b + 1])
            w = (right - left) / n
            top = f.y(share * 100)
            rects.append(
                f'<rect x="{_pct(left + i * w)}" y="{_num(top)}" width="{_pct(w * 0.94)}"'
                f' height="{_num(f.base - top)}"/>'
            )
        groups.append(f'<g class="series series-{i % STYLES}">{"".join(rects)}</g>')
    return "".join(groups)


def _bin_label(tr: Translator, edges: Sequence[int], b: int, open_ends: bool) -> str:
    low, high = edges[b], edges[b + 1] - 1
    if open_ends and len(edges) > 2 and b == 0:
        return tr("chart.at_most", high=high)
    if open_ends and len(edges) > 2 and b == len(edges) - 2:
        return tr("chart.at_least", low=low)
    return tr("chart.range", low=low, high=high)


def _axis_bin(tr: Translator, edges: Sequence[int], b: int, open_ends: bool) -> str:
    """A bin's range as the axis says it: short, an open end as ≤ or ≥."""
    low, high = tr.number(edges[b]), tr.number(edges[b + 1] - 1)
    if open_ends and len(edges) > 2 and b == 0:
        return f"≤\u00a0{high}"
    if open_ends and len(edges) > 2 and b == len(edges) - 2:
        return f"≥\u00a0{low}"
    return f"{low}–{high}"


def _bin_axis(f: Frame, x: Scale, edges: Sequence[int], labels: Sequence[str], title: str) -> str:
    """The bottom axis of a histogram: a tick at every bin's edge, each bin's range
    slanted under its middle (every ``step``-th bin's when they are many), and the
    axis title under them."""
    base = f.base
    parts = [f'<line class="chart-axis" x1="0" x2="100%" y1="{_num(base)}" y2="{_num(base)}"/>']
    parts += [
        f'<line class="chart-axis" x1="{_pct(x(e))}" x2="{_pct(x(e))}" '
        f'y1="{_num(base)}" y2="{_num(base + GAP)}"/>'
        for e in edges
    ]
    step = _bin_step(len(labels))
    for b in range(0, len(labels), step):
        middle = (x(edges[b]) + x(edges[b + 1])) / 2
        parts.append(
            f'<svg class="chart-bin" x="{_pct(middle)}" y="{_num(base + GAP + 2)}" '
            'overflow="visible"><text class="chart-tick" text-anchor="end" '
            f'dominant-baseline="central" transform="rotate(-45)">{h(labels[b])}</text></svg>'
        )
    parts.append(
        f'<text class="chart-label" x="50%" y="{_num(f.height - GAP)}" '
        f'text-anchor="middle">{h(title)}</text>'
    )
    return "".join(parts)


def _bin_step(bins: int) -> int:
    """Label every bin, or every second, third… when the narrowest plot has no room
    for all their slanted labels.

    >>> _bin_step(8), _bin_step(20)
    (1, 3)
    """
    return max(1, math.ceil(bins * BIN_SPACING / NARROW))


def _bin_room(labels: Sequence[str]) -> tuple[float, float]:
    """The room the slanted labels take under the plot, and how far left of the
    plot the first one reaches (pixels, on the narrowest plot)."""
    slant = math.sqrt(0.5)
    longest = max(text_width(t) for t in labels)
    below = GAP + 2 + (longest + FONT / 2) * slant + GAP + FONT + GAP
    first = text_width(labels[0]) * slant + FONT * slant / 2 - NARROW / len(labels) / 2
    return below, first


def histogram(
    tr: Translator,
    ident: str,
    title: str,
    x_label: str,
    y_label: str,
    edges: Sequence[int],
    series: Sequence[tuple[str, Sequence[int]]],
    open_ends: bool = False,
) -> str:
    """A ``<figure>`` comparing distributions: bins from ``edges[i]`` to
    ``edges[i + 1] - 1``, each series' counts drawn as its share (%) of that series'
    games, the series' bars side by side in each bin, each bin's range under it,
    and a table of the shares as the text alternative (row per bin, column per
    series). With ``open_ends`` the first bin holds every lower value and the last
    every higher one (and the axis and table say so). Pure, like :func:`line_chart`.

    >>> from zaria.i18n import Translator
    >>> html = histogram(Translator("en"), "d", "Final scores", "Score", "Games",
    ...                  [0, 100, 200], [("Ann", [1, 3]), ("Best play", [0, 0])])
    >>> html.count("<rect"), "<td class=\\"num\\">75%</td>" in html, ">100–199</text>" in html
    (2, True, True)
    """
    bins = len(edges) - 1
    if bins < 1 or any(len(counts) != bins for _, counts in series):
        raise ValueError("one count per bin in every series")
    shares = [[c / (sum(counts) or 1) for c in counts] for _, counts in series]
    top = max((s * 100 for row in shares for s in row), default=0)
    labels = [_axis_bin(tr, edges, b, open_ends) for b in range(bins)]
    below, reach = _bin_room(labels)
    f = _frame(tr, nice_ticks(0, max(top, 1), 4), below=below, reach=reach)
    x = Scale(edges[0], edges[-1], 0, 100)
    body = (
        _y_axis(f, y_label) + _bin_axis(f, x, edges, labels, x_label) + _bars(f, x, edges, shares)
    )
    names = [name for name, _ in series]
    rows = [
        [_bin_label(tr, edges, b, open_ends), *(tr.percent(row[b], 0) for row in shares)]
        for b in range(bins)
    ]
    table = _table(tr, ident, x_label, names, rows)
    return _figure(ident, title, "bars", _svg(ident, f, body), _legend(names), table)
