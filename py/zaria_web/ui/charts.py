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
from zaria_web.ui.html import Markup, bdi, el, frag

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


def _y_axis(f: Frame, label: str) -> Markup:
    """The value axis: its title above the plot, a grid line and a label per tick."""
    parts = [el("text", label, class_="chart-label", x=f"-{_num(f.inset)}", y=FONT)]
    for value, text in f.ticks:
        py = _num(f.y(value))
        parts.append(el("line", class_="chart-grid", x1="0", x2="100%", y1=py, y2=py))
        parts.append(
            el(
                "text",
                text,
                class_="chart-tick",
                x=f"-{GAP}",
                y=py,
                text_anchor="end",
                dominant_baseline="central",
            )
        )
    return frag(parts)


def _x_axis(f: Frame, ticks: Sequence[tuple[float, str]], label: str) -> Markup:
    """The bottom axis, a label under each of ``ticks`` (place in %, text), and the
    axis title under them."""
    base = _num(f.base)
    y = _num(f.base + GAP + FONT)
    return frag(
        el("line", class_="chart-axis", x1="0", x2="100%", y1=base, y2=base),
        [
            el("text", text, class_="chart-tick", x=_pct(px), y=y, text_anchor="middle")
            for px, text in ticks
        ],
        _axis_title(f, label),
    )


def _axis_title(f: Frame, label: str) -> Markup:
    """The bottom axis's title, under its labels."""
    y = _num(f.height - GAP)
    return el("text", label, class_="chart-label", x="50%", y=y, text_anchor="middle")


def _x_ticks(xs: Sequence[int]) -> list[int]:
    """The x values labelled: all of them when few, else round ones within the range."""
    if len(xs) <= 8:
        return list(xs)
    return [t for t in nice_ticks(xs[0], xs[-1], 6) if xs[0] <= t <= xs[-1]]


def _line(i: int, height: float, pts: Sequence[tuple[float, float] | None]) -> Markup:
    """One series: a path broken at every gap (stretched across the plot, its
    stroke unscaled), and a dot on every point."""
    path, pen = [], "M"
    for p in pts:
        if p is None:
            pen = "M"
            continue
        path.append(f"{pen}{_num(p[0])} {_num(p[1])}")
        pen = "L"
    dots = [el("circle", cx=_pct(p[0]), cy=_num(p[1]), r="3") for p in pts if p is not None]
    line = len(path) > 1 and el(
        "svg",
        el("path", d=" ".join(path), vector_effect="non-scaling-stroke"),
        class_="chart-lines",
        width="100%",
        height=_num(height),
        viewBox=f"0 0 100 {_num(height)}",
        preserveAspectRatio="none",
    )
    return el("g", line, dots, class_=f"series series-{i % STYLES}")


def _target(f: Frame, target: int) -> Markup:
    py = _num(f.y(target))
    return el("g", el("line", x1="0", x2="100%", y1=py, y2=py), class_="chart-target")


def _key(cls: str) -> Markup:
    """A line style's sample, beside its name."""
    line = el("path", d="M0 4H24")
    return el("svg", line, class_=f"chart-key {cls}", viewBox="0 0 24 8", aria_hidden="true")


def _legend(names: Sequence[str], target_label: str = "") -> Markup:
    """The series' names with their line styles (the table names them for screen
    readers), and the target line's label, which is said as text."""
    items = [
        el("li", _key(f"series series-{i % STYLES}"), bdi(name)) for i, name in enumerate(names)
    ]
    target = target_label and el("p", _key("chart-target"), target_label, class_="chart-target-key")
    legend = el("ul", items, class_="chart-legend", aria_hidden="true")
    return el("div", legend, target, class_="chart-keys")


def _svg(ident: str, f: Frame, body: Markup) -> Markup:
    margins = f"--inset:{_num(f.inset)}px;--right:{_num(f.right)}px"
    return el(
        "svg",
        body,
        class_="chart-svg",
        height=_num(f.height),
        style=margins,
        role="img",
        aria_labelledby=f"{ident}-title",
        focusable="false",
    )


def _table(
    tr: Translator, ident: str, x_label: str, names: Sequence[str], rows: Sequence[Sequence[str]]
) -> Markup:
    """The chart's figures, a row per x and a column per series ("–" for no value)."""
    head = [el("th", bdi(n), scope="col") for n in names]
    body = [
        el(
            "tr",
            el("th", r[0], scope="row", class_="num"),
            [el("td", c, class_="num") for c in r[1:]],
        )
        for r in rows
    ]
    table = el(
        "table",
        el("thead", el("tr", el("th", x_label, scope="col"), head)),
        el("tbody", body),
        id=f"{ident}-table",
        class_="chart-table",
    )
    return el(
        "details",
        el("summary", tr("chart.figures")),
        el("div", table, class_="table-scroll"),
        class_="chart-data",
    )


def _figure(
    ident: str, title: str, kind: str, svg: Markup, legend: Markup, table: Markup
) -> Markup:
    caption = el("figcaption", title, id=f"{ident}-title")
    return el("figure", caption, svg, legend, table, class_=f"chart chart-{kind}", id=ident)


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
) -> Markup:
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
    labelled = [(x, tr.number(x)) for x in _x_ticks(xs)]
    f = _line_frame(tr, xs, series, target, labelled)
    x = Scale(xs[0], xs[-1], PAD, 100 - PAD) if len(xs) > 1 else Scale(0, 0, 50, 50)
    lines = [
        _line(i, f.height, [None if v is None else (x(xs[j]), f.y(v)) for j, v in enumerate(vs)])
        for i, (_, vs) in enumerate(series)
    ]
    body = frag(
        _y_axis(f, y_label),
        _x_axis(f, [(x(v), t) for v, t in labelled], x_label),
        _target(f, target) if target is not None else None,
    )
    names = [name for name, _ in series]
    rows = _line_rows(tr, xs, series)
    table = _table(tr, ident, x_label, names, rows)
    legend = _legend(names, target_label if target is not None else "")
    return _figure(ident, title, "line", _svg(ident, f, frag(body, lines)), legend, table)


def _line_frame(
    tr: Translator,
    xs: Sequence[int],
    series: Sequence[tuple[str, Sequence[int | None]]],
    target: int | None,
    labelled: Sequence[tuple[int, str]],
) -> Frame:
    """The frame of a line chart: its y ticks hold every value and the target, and its
    right margin the last label along the bottom."""
    values = [v for _, vs in series for v in vs if v is not None]
    ys = [*values, *([target] if target is not None else [])] or [0]
    # The last label along the bottom is centred on its point, PAD % in from the edge.
    right = max(text_width(labelled[-1][1]) / 2 - NARROW * PAD / 100, 0) + 4 if xs else 8
    return _frame(tr, nice_ticks(min(0, *ys), max(ys)), right=right)


def _line_rows(
    tr: Translator, xs: Sequence[int], series: Sequence[tuple[str, Sequence[int | None]]]
) -> list[list[str]]:
    """The figures of a line chart, a row per x and a column per series ("–": no point)."""
    return [
        [tr.number(xv), *("–" if vs[j] is None else tr.number(vs[j] or 0) for _, vs in series)]
        for j, xv in enumerate(xs)
    ]


def _bars(f: Frame, x: Scale, edges: Sequence[int], shares: Sequence[Sequence[float]]) -> Markup:
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
                el(
                    "rect",
                    x=_pct(left + i * w),
                    y=_num(top),
                    width=_pct(w * 0.94),
                    height=_num(f.base - top),
                )
            )
        groups.append(el("g", rects, class_=f"series series-{i % STYLES}"))
    return frag(groups)


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


def _bin_axis(
    f: Frame, x: Scale, edges: Sequence[int], labels: Sequence[str], title: str
) -> Markup:
    """The bottom axis of a histogram: a tick at every bin's edge, each bin's range
    slanted under its middle (every ``step``-th bin's when they are many), and the
    axis title under them."""
    base, tick = _num(f.base), _num(f.base + GAP)
    parts = [el("line", class_="chart-axis", x1="0", x2="100%", y1=base, y2=base)]
    parts += [
        el("line", class_="chart-axis", x1=_pct(x(e)), x2=_pct(x(e)), y1=base, y2=tick)
        for e in edges
    ]
    step = _bin_step(len(labels))
    for b in range(0, len(labels), step):
        middle = (x(edges[b]) + x(edges[b + 1])) / 2
        text = el(
            "text",
            labels[b],
            class_="chart-tick",
            text_anchor="end",
            dominant_baseline="central",
            transform="rotate(-45)",
        )
        parts.append(
            el(
                "svg",
                text,
                class_="chart-bin",
                x=_pct(middle),
                y=_num(f.base + GAP + 2),
                overflow="visible",
            )
        )
    parts.append(_axis_title(f, title))
    return frag(parts)


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
) -> Markup:
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
    body = frag(
        _y_axis(f, y_label), _bin_axis(f, x, edges, labels, x_label), _bars(f, x, edges, shares)
    )
    names = [name for name, _ in series]
    rows = [
        [_bin_label(tr, edges, b, open_ends), *(tr.percent(row[b], 0) for row in shares)]
        for b in range(bins)
    ]
    table = _table(tr, ident, x_label, names, rows)
    return _figure(ident, title, "bars", _svg(ident, f, body), _legend(names), table)
