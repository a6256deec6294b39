"""The charts: inline SVG, a table with the same figures, pure and escaped."""

from __future__ import annotations

import itertools
import re
from html.parser import HTMLParser

import pytest

from zaria.i18n import Translator
from zaria_web.ui.charts import FONT, PLOT, TOP, histogram, line_chart, nice_ticks

EN, FR = Translator("en"), Translator("fr")


def cells(html: str) -> list[list[str]]:
    """The text of the table's body cells, row by row."""

    class Rows(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.rows: list[list[str]] = []
            self.body = self.cell = False

        def handle_starttag(self, tag: str, attrs: object) -> None:
            if tag == "tbody":
                self.body = True
            elif self.body and tag == "tr":
                self.rows.append([])
            elif self.body and tag in ("td", "th"):
                self.cell = True
                self.rows[-1].append("")

        def handle_endtag(self, tag: str) -> None:
            if tag in ("td", "th"):
                self.cell = False
            elif tag == "tbody":
                self.body = False

        def handle_data(self, data: str) -> None:
            if self.cell:
                self.rows[-1][-1] += data

    p = Rows()
    p.feed(html)
    return p.rows


def chart(**kw: object) -> str:
    args: dict[str, object] = {
        "tr": EN,
        "ident": "c1",
        "title": "Scores by game",
        "x_label": "Game",
        "y_label": "Score",
        "xs": [1, 2, 3, 4],
        "series": [("Ann", [180, 250, None, 1200]), ("Ben", [200, None, None, 90])],
    }
    args.update(kw)
    return line_chart(**args)  # type: ignore[arg-type]


def test_line_chart_is_a_labelled_svg_figure() -> None:
    html = chart()
    assert html.startswith('<figure class="chart chart-line" id="c1">')
    assert '<figcaption id="c1-title">Scores by game</figcaption>' in html
    svg = re.search(r"<svg class=\"chart-svg\"[^>]*>", html)
    assert svg and 'role="img"' in svg[0] and 'aria-labelledby="c1-title"' in svg[0]
    # Drawn in CSS pixels: no viewBox scales the chart (or its text) to its width.
    assert "viewBox" not in svg[0] and re.search(r'height="\d+"', svg[0])
    # Every id starts with the chart's ident.
    assert all(i.startswith("c1") for i in re.findall(r'id="([^"]+)"', html))


def test_the_table_has_the_same_numbers_and_marks_the_gaps() -> None:
    assert cells(chart()) == [
        ["1", "180", "200"],
        ["2", "250", "–"],
        ["3", "–", "–"],
        ["4", "1,200", "90"],
    ]
    assert cells(chart(tr=FR))[3] == ["4", "1\u202f200", "90"]


def test_gaps_break_the_line_and_have_no_dot() -> None:
    html = chart()
    ann, ben = re.findall(r'<g class="series series-\d">(.*?)</g>', html)
    assert ann.count("<circle") == 3 and ben.count("<circle") == 2
    # Ann: 1 → 2 joined, then a new stroke at 4 after the gap.
    (d,) = re.findall(r'<path d="([^"]+)"', ann)
    assert [c for c in d if c in "ML"] == ["M", "L", "M"]
    # Ben's two points have a gap between them: no line is drawn from 1 to 4.
    (d,) = re.findall(r'<path d="([^"]+)"', ben)
    assert d.count("L") == 0


def test_a_single_point_draws_a_dot_without_a_path() -> None:
    html = chart(xs=[7], series=[("Ann", [150])])
    assert "<circle" in html and "<path d=" not in html.split("chart-legend")[0]
    assert cells(html) == [["7", "150"]]


def test_points_sit_where_their_values_say() -> None:
    html = chart(xs=[1, 2], series=[("Ann", [0, 400])])
    circles = re.findall(r'<circle cx="([\d.]+)%" cy="([\d.]+)"', html)
    (x0, y0), (x1, y1) = [(float(a), float(b)) for a, b in circles]
    assert x0 < x1 and y0 > y1  # later to the right, higher up
    assert y0 == TOP + PLOT and y1 == TOP  # zero on the x axis, 400 the top tick
    # The line joins the same points, in the stretched plot's units (x in %).
    (d,) = re.findall(r'<path d="([^"]+)"', html.split("chart-keys")[0])
    assert d == f"M{x0:g} {y0:g} L{x1:g} {y1:g}"


def test_target_line_is_dashed_and_labelled_in_the_legend() -> None:
    plain = chart()
    assert "chart-target" not in plain
    html = chart(target=1000, target_label="Target 1,000")
    svg, keys = html.split("chart-keys")
    assert re.search(r'<g class="chart-target"><line [^>]+/></g>', svg)
    # The label is text under the chart, beside a key of the dashed line: no data line
    # can cross it, and screen readers read it (the SVG is one image to them).
    assert "Target 1,000" not in svg
    assert re.search(r'<p class="chart-target-key"><svg class="chart-key chart-target"', keys)
    assert "Target 1,000</p>" in keys


def texts(html: str) -> list[tuple[float | None, float, str]]:
    """The chart's SVG text: where each sits (x: pixels from the plot's left edge, or
    None when given in % of the plot's width; y: pixels from the top) and what it
    says. A slanted bin label sits where its rotation's centre does."""
    svg = html.split("chart-keys")[0]
    found: list[tuple[float | None, float, str]] = []
    slanted = r'<svg class="chart-bin" x="[\d.]+%" y="([\d.]+)"[^>]*><text[^>]*>([^<]*)'
    found += [(None, float(m[1]), m[2]) for m in re.finditer(slanted, svg)]
    plain = r'<text class="chart-\w+" x="([-\d.]+)(%?)" y="([\d.]+)"[^>]*>([^<]*)'
    for m in re.finditer(plain, svg):
        found.append((None if m[2] else float(m[1]), float(m[3]), m[4]))
    return found


def axis_labels(html: str) -> list[str]:
    """The labels under the plot, but the axis title, left to right."""
    return [t for _, y, t in texts(html) if y > TOP + PLOT and t != "Score"]


@pytest.mark.parametrize("kind", ["line", "bars"])
def test_every_label_sits_outside_the_plot_where_no_line_crosses_it(kind: str) -> None:
    html = (
        chart(target=230, target_label="Optimal play: 230 on average")
        if kind == "line"
        else bars(open_ends=True)
    )
    found = texts(html)
    assert len(found) >= 8
    for x, y, text in found:
        left = x is not None and x < 0  # the value ticks, right-aligned left of the plot
        above, below = y + FONT / 2 <= TOP, y - FONT / 2 >= TOP + PLOT
        assert left or above or below, (x, y, text)


def test_chart_text_is_drawn_at_the_pages_size_whatever_the_width() -> None:
    from pathlib import Path

    css = (Path(__file__).resolve().parent.parent / "web" / "css" / "offline.css").read_text()
    rule = re.search(r"\.chart-svg \{([^}]*)\}", css)
    assert rule and "font-size: .875rem" in rule[1] and FONT == 14
    # No text of a chart gets a size of its own that a scaled drawing would change.
    assert not re.search(r"\.chart-svg text \{[^}]*font:", css)
    for html in (chart(), bars()):
        outer = re.search(r'<svg class="chart-svg"[^>]*>', html)
        assert outer and "viewBox" not in outer[0]


def test_the_target_widens_the_scale() -> None:
    low = chart(series=[("Ann", [10, 20, 30, 40])])
    high = chart(series=[("Ann", [10, 20, 30, 40])], target=10_000)
    assert ">10,000</text>" in high and ">10,000</text>" not in low


def test_negative_totals_get_ticks_below_zero() -> None:
    html = chart(series=[("Ann", [-500, 300, 800, 1000])])
    assert ">\u2212500</text>" in html or ">\u22121,000</text>" in html
    assert ">-" not in html  # the minus sign, not a hyphen


def test_names_are_escaped() -> None:
    html = chart(series=[("<b>Ann</b> & co", [1, 2, 3, 4])], title="A < B")
    assert "<b>" not in html
    assert "<bdi>&lt;b&gt;Ann&lt;/b&gt; &amp; co</bdi>" in html
    assert "A &lt; B" in html


def test_pure() -> None:
    series = [("Ann", [180, 250, None, 1200])]
    assert chart(series=series) == chart(series=series)
    assert series == [("Ann", [180, 250, None, 1200])]


def test_a_series_of_the_wrong_length_is_refused() -> None:
    with pytest.raises(ValueError):
        chart(series=[("Ann", [1, 2])])


def test_nice_ticks_cover_the_range() -> None:
    for lo, hi in [(0, 1), (0, 9), (0, 317), (-480, 10_200), (100, 1575)]:
        ticks = nice_ticks(lo, hi)
        assert ticks[0] <= lo and ticks[-1] >= hi and len(ticks) <= 7
        steps = {b - a for a, b in itertools.pairwise(ticks)}
        assert len(steps) == 1


def bars(**kw: object) -> str:
    args: dict[str, object] = {
        "tr": EN,
        "ident": "h1",
        "title": "Final scores",
        "x_label": "Score",
        "y_label": "% of games",
        "edges": [100, 150, 200, 250],
        "series": [("Ann", [1, 0, 3]), ("Best play", [20, 50, 30])],
    }
    args.update(kw)
    return histogram(**args)  # type: ignore[arg-type]


def test_histogram_shows_shares_in_bars_and_table() -> None:
    html = bars()
    assert 'role="img"' in html and 'aria-labelledby="h1-title"' in html
    assert cells(html) == [
        ["100–149", "25%", "20%"],
        ["150–199", "0%", "50%"],
        ["200–249", "75%", "30%"],
    ]
    ann, best = re.findall(r'<g class="series series-\d">(.*?)</g>', html)
    assert ann.count("<rect") == 2 and best.count("<rect") == 3  # no bar for nothing
    heights = [float(x) for x in re.findall(r'height="([\d.]+)"', best)]
    assert heights[1] > heights[2] > heights[0]  # 50% > 30% > 20%


def test_histogram_in_french_and_empty_series() -> None:
    html = bars(tr=FR, series=[("Ann", [0, 0, 0]), ("Best play", [1, 1, 2])])
    assert cells(html)[2] == ["200 à 249", "0\u202f%", "50\u202f%"]
    assert html == bars(tr=FR, series=[("Ann", [0, 0, 0]), ("Best play", [1, 1, 2])])


def test_histogram_refuses_counts_that_do_not_match_the_bins() -> None:
    with pytest.raises(ValueError):
        bars(series=[("Ann", [1, 2])])


def test_histogram_labels_each_bin_with_its_range_on_the_axis() -> None:
    assert axis_labels(bars()) == ["100–149", "150–199", "200–249"]
    assert axis_labels(bars(open_ends=True)) == ["≤\u00a0149", "150–199", "≥\u00a0200"]
    # A tick marks every edge between bins.
    assert len(re.findall(r'<line class="chart-axis" x1="[\d.]+%"', bars())) == 4
    # French groups its thousands in the labels too.
    wide = bars(tr=FR, edges=[1000, 1500, 2000], series=[("Ann", [1, 1])])
    assert "1\u202f000–1\u202f499" in [t for _, _, t in texts(wide)]


def test_many_bins_are_labelled_every_so_often() -> None:
    from zaria_web.ui.charts import BIN_SPACING, NARROW

    edges = list(range(0, 1550, 50))  # 30 bins
    labels = axis_labels(bars(edges=edges, series=[("Ann", [1] * 30)]))
    # Every step-th bin, the least step whose labels do not touch on a phone's plot.
    step = next(s for s in range(1, 30) if s * NARROW / 30 >= BIN_SPACING)
    assert labels == [f"{EN.number(e)}–{EN.number(e + 49)}" for e in edges[:-1:step]]
    assert step > 1 and len(labels) >= 7


def test_histogram_open_ends_say_so_in_the_table() -> None:
    rows = cells(bars(open_ends=True))
    assert [r[0] for r in rows] == ["149 or less", "150–199", "200 or more"]
    assert [r[0] for r in cells(bars())] == ["100–149", "150–199", "200–249"]


def _luminance(colour: str) -> float:
    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))

    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def _contrast(a: str, b: str) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_series_colours_stand_out_from_the_panels_in_both_themes() -> None:
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "web" / "css"
    pair = r"light-dark\((#[0-9a-f]{6}), (#[0-9a-f]{6})\)"
    app_css = (root / "app.css").read_text()
    panels = [re.search(rf"--{v}: {pair}", app_css) for v in ("panel", "panel-2")]
    series = re.findall(rf"--series-\d: {pair}", (root / "offline.css").read_text())
    assert len(series) == 6 and all(panels)
    for light, dark in series:
        for panel in panels:
            assert panel is not None
            assert _contrast(light, panel[1]) >= 3, (light, panel[1])
            assert _contrast(dark, panel[2]) >= 3, (dark, panel[2])
