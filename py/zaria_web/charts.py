"""Charts drawn by our own code: inline SVG with a table of the same figures.

Each chart is a ``<figure>``: its caption names it, the SVG (``role="img"``,
labelled by the caption) scales to the width it is given (a ``viewBox``,
``width: 100%`` in the CSS), and a ``<table>`` with the same figures is its text
alternative, folded in a ``<details>`` under it. Colours come from the CSS
(``.series-0`` … ``.series-5``, which differ by dash pattern as well as colour),
so both themes read them. Every id in a chart starts with its ``ident``.

The functions are pure: the same input gives the same HTML.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from zaria.i18n import Translator
from zaria_web.html import bdi, h

#: The SVG's coordinate space (it scales to the figure's width).
WIDTH, HEIGHT = 320, 200
LEFT, RIGHT, TOP, BOTTOM = 54, 10, 26, 44
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


def _num(v: float) -> str:
    """A coordinate with one decimal at most (short, stable output)."""
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _y_axis(tr: Translator, y: Scale, ticks: Sequence[int], label: str) -> str:
    parts = [f'<text class="chart-label" x="4" y="14">{h(label)}</text>']
    for t in ticks:
        py = _num(y(t))
        parts.append(
            f'<line class="chart-grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{py}" y2="{py}"/>'
            f'<text class="chart-tick" x="{LEFT - 4}" y="{py}" text-anchor="end" '
            f'dominant-baseline="middle">{h(tr.number(t))}</text>'
        )
    return "".join(parts)


def _x_axis(tr: Translator, x: Scale, ticks: Sequence[int], label: str) -> str:
    base = HEIGHT - BOTTOM
    parts = [f'<line class="chart-axis" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{base}" y2="{base}"/>']
    for t in ticks:
        parts.append(
            f'<text class="chart-tick" x="{_num(x(t))}" y="{base + 16}" '
            f'text-anchor="middle">{h(tr.number(t))}</text>'
        )
    parts.append(
        f'<text class="chart-label" x="{(LEFT + WIDTH - RIGHT) / 2:g}" y="{HEIGHT - 6}" '
        f'text-anchor="middle">{h(label)}</text>'
    )
    return "".join(parts)


def _x_ticks(xs: Sequence[int]) -> list[int]:
    """The x values labelled: all of them when few, else round ones within the range."""
    if len(xs) <= 8:
        return list(xs)
    return [t for t in nice_ticks(xs[0], xs[-1], 6) if xs[0] <= t <= xs[-1]]


def _line(i: int, pts: Sequence[tuple[float, float] | None]) -> str:
    """One series: a path broken at every gap, and a dot on every point."""
    path, pen = [], "M"
    for p in pts:
        if p is None:
            pen = "M"
            continue
        path.append(f"{pen}{_num(p[0])} {_num(p[1])}")
        pen = "L"
    dots = "".join(
        f'<circle cx="{_num(p[0])}" cy="{_num(p[1])}" r="3"/>' for p in pts if p is not None
    )
    line = f'<path d="{" ".join(path)}"/>' if len(path) > 1 else ""
    return f'<g class="series series-{i % STYLES}">{line}{dots}</g>'


def _target(y: Scale, target: int, label: str) -> str:
    py = _num(y(target))
    text = (
        f'<text class="chart-target-label" x="{LEFT + 4}" y="{_num(y(target) - 5)}">'
        f"{h(label)}</text>"
        if label
        else ""
    )
    return (
        f'<g class="chart-target"><line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{py}" y2="{py}"/>'
        f"{text}</g>"
    )


def _legend(names: Sequence[str]) -> str:
    """The series' names with their line styles (the table names them for screen readers)."""
    items = "".join(
        f'<li><svg class="chart-key series series-{i % STYLES}" viewBox="0 0 24 8" '
        f'aria-hidden="true"><path d="M0 4H24"/></svg>{bdi(name)}</li>'
        for i, name in enumerate(names)
    )
    return f'<ul class="chart-legend" aria-hidden="true">{items}</ul>'


def _svg(ident: str, body: str) -> str:
    return (
        f'<svg class="chart-svg" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
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
    target line), ``role="img"`` + ``aria-labelledby`` its caption, and a ``<table>``
    with the same figures as its text alternative (column per series, row per x).
    Pure: same input, same HTML. None in a series = no point there. ``ident``
    prefixes every id in it.

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
    y_ticks = nice_ticks(min(0, *ys), max(ys))
    y = Scale(y_ticks[0], y_ticks[-1], HEIGHT - BOTTOM, TOP)
    x = Scale(xs[0], xs[-1], LEFT + 8, WIDTH - RIGHT - 8) if xs else Scale(0, 0, LEFT, LEFT)
    if len(xs) == 1:
        x = Scale(0, 0, (LEFT + WIDTH - RIGHT) / 2, 0)
    lines = "".join(
        _line(i, [None if v is None else (x(xs[j]), y(v)) for j, v in enumerate(vs)])
        for i, (_, vs) in enumerate(series)
    )
    body = _y_axis(tr, y, y_ticks, y_label) + _x_axis(tr, x, _x_ticks(xs), x_label)
    if target is not None:
        body += _target(y, target, target_label)
    names = [name for name, _ in series]
    rows = [
        [tr.number(xv), *("–" if vs[j] is None else tr.number(vs[j] or 0) for _, vs in series)]
        for j, xv in enumerate(xs)
    ]
    table = _table(tr, ident, x_label, names, rows)
    return _figure(ident, title, "line", _svg(ident, body + lines), _legend(names), table)


def _bars(x: Scale, y: Scale, edges: Sequence[int], shares: Sequence[Sequence[float]]) -> str:
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
            top = y(share * 100)
            rects.append(
                f'<rect x="{_num(left + i * w)}" y="{_num(top)}" width="{_num(max(w - 0.5, 0.5))}"'
                f' height="{_num(y(0) - top)}"/>'
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
    games, the series' bars side by side in each bin, and a table of the shares as
    the text alternative (row per bin, column per series). With ``open_ends`` the
    first bin holds every lower value and the last every higher one (and the table
    says so). Pure, like :func:`line_chart`.

    >>> from zaria.i18n import Translator
    >>> html = histogram(Translator("en"), "d", "Final scores", "Score", "Games",
    ...                  [0, 100, 200], [("Ann", [1, 3]), ("Best play", [0, 0])])
    >>> html.count("<rect"), "<td class=\\"num\\">75%</td>" in html
    (2, True)
    """
    bins = len(edges) - 1
    if bins < 1 or any(len(counts) != bins for _, counts in series):
        raise ValueError("one count per bin in every series")
    shares = [[c / (sum(counts) or 1) for c in counts] for _, counts in series]
    top = max((s * 100 for row in shares for s in row), default=0)
    y_ticks = nice_ticks(0, max(top, 1), 4)
    y = Scale(0, y_ticks[-1], HEIGHT - BOTTOM, TOP)
    x = Scale(edges[0], edges[-1], LEFT + 2, WIDTH - RIGHT)
    x_ticks = [t for t in nice_ticks(edges[0], edges[-1], 6) if edges[0] <= t <= edges[-1]]
    body = (
        _y_axis(tr, y, y_ticks, y_label)
        + _x_axis(tr, x, x_ticks, x_label)
        + _bars(x, y, edges, shares)
    )
    names = [name for name, _ in series]
    rows = [
        [_bin_label(tr, edges, b, open_ends), *(tr.percent(row[b], 0) for row in shares)]
        for b in range(bins)
    ]
    table = _table(tr, ident, x_label, names, rows)
    return _figure(ident, title, "bars", _svg(ident, body), _legend(names), table)
