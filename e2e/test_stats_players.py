"""The statistics per player: two games played with real dice (they count; scripted
dice would not), then the player's row, their charts and the charts' tables, on a
phone and on a desktop, in both themes."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from conftest import App

#: One throw per box, in sheet order: the upper boxes make 63 (the bonus), then
#: 27, 22, 25, 30, 40, 28 and 50 in the Penta box: 320 in all.
THROWS = [
    ("aces", "11123"),
    ("twos", "22213"),
    ("threes", "33312"),
    ("fours", "44412"),
    ("fives", "55512"),
    ("sixes", "66612"),
    ("three_kind", "66654"),
    ("four_kind", "55552"),
    ("full_house", "33322"),
    ("small_straight", "12346"),
    ("large_straight", "23456"),
    ("chance", "66655"),
    ("penta", "44444"),
]


def play_pad_game(page: Page, name: str, last: str = "44444", again: bool = False) -> None:
    """A whole solitaire Penta game on the score pad, ``last`` thrown for the Penta box
    (``again``: a new game from the end screen of the last one)."""
    page.locator("#penta-new-game" if again else "#real-penta").click()
    page.locator("#penta-name-0").fill(name)
    page.locator("#penta-start").click()
    expect(page.locator("#penta-pad")).to_be_visible()
    for box, dice in THROWS:
        for key in last if box == "penta" else dice:
            page.keyboard.press(key)
        page.keyboard.press("r")
        expect(page.locator(f"#box-{box}")).to_be_enabled()
        page.locator(f"#box-{box}").click()
        expect(page.locator(f"#box-{box}")).to_have_attribute("aria-pressed", "true")
        page.keyboard.press("v")
    expect(page.locator("#penta-end-title")).to_be_visible()


def open_stats(page: Page) -> None:
    page.locator(".brand").first.click()
    page.locator(".stats-link").click()
    expect(page.locator("#stats-title")).to_be_visible()


def check_players(page: Page, name: str) -> None:
    """Ann's row under the real-dice games (``name``: her latest spelling), her line
    and her spread with their tables."""
    table = page.locator("#penta-real-players-table")
    expect(table).to_be_visible()
    row = table.locator("tbody tr")
    expect(row).to_have_count(1)  # the two spellings are one player
    cells = row.locator("th, td")
    expect(cells).to_have_count(8)
    # Name, games, wins (none: played alone), best, average, upper bonus; the Pentas
    # and the cost come from the game's log and review (tests/test_player_stats.py).
    for i, text in enumerate([name, "2", "0", "320", "295", "100%"]):
        expect(cells.nth(i)).to_have_text(text)
    line = page.locator("#penta-real-line")
    expect(line.locator("svg[role=img]")).to_have_attribute(
        "aria-labelledby", "penta-real-line-title"
    )
    expect(line.locator("figcaption")).to_have_text(f"{name}: final scores, game by game")
    expect(line.locator(".series circle")).to_have_count(2)
    line.locator("summary").click()
    expect(line.locator("tbody tr")).to_have_count(2)
    expect(line.locator("tbody tr").nth(1).locator("th, td")).to_have_text(["2", "270"])
    dist = page.locator("#penta-real-dist")
    expect(dist.locator("svg[role=img] rect").first).to_be_visible()
    dist.locator("summary").click()
    rows = dist.locator("tbody tr")
    expect(rows.filter(has_text="250–299").locator("td").first).to_have_text("50%")
    expect(rows.filter(has_text="300–349").locator("td").first).to_have_text("50%")


def no_sideways_scroll(page: Page) -> None:
    wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 0, wide


def shoot(page: Page, shots: Path, name: str) -> None:
    for theme in ("light", "dark"):
        page.evaluate(f"document.documentElement.dataset.theme = '{theme}'")
        page.locator("#penta-real-line").scroll_into_view_if_needed()
        page.screenshot(path=str(shots / f"{name}-{theme}.png"), full_page=True)


def test_two_real_dice_games_make_a_players_row_and_charts_on_a_desktop(
    app: App, shots: Path
) -> None:
    page = app.open()
    play_pad_game(page, "Ann")
    play_pad_game(page, " ann ", last="12345", again=True)  # 270: nothing in the Penta box
    open_stats(page)
    check_players(page, "ann")
    no_sideways_scroll(page)
    stored = json.loads(page.evaluate("localStorage.getItem('zaria.stats2')"))
    assert [p["scores"] for p in stored["penta:real"]["players"]] == [[320, 270]]
    shoot(page, shots, "stats-players-desktop")


def test_the_players_table_and_charts_fit_a_phone(phone: Callable[..., App], shots: Path) -> None:
    app = phone(viewport=(320, 640))
    page = app.open()
    play_pad_game(page, "Ann")
    play_pad_game(page, "ANN", last="12345", again=True)
    open_stats(page)
    check_players(page, "ANN")
    no_sideways_scroll(page)
    # The chart fits the panel's width.
    box = page.locator("#penta-real-line .chart-svg").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 320
    shoot(page, shots, "stats-players-phone")


#: Ann's and Bo's final scores in the games :func:`seeded_stats` counts.
SCORES = ((240, 180), (260, 300), (231, 199), (198, 305))


def seeded_stats(scores: tuple[tuple[int, int], ...] = SCORES) -> str:
    """Two players' Penta and Farkle figures, as the game screens store them."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))
    from zaria_web.penta.figures import seat_figures
    from zaria_web.play.log import GameLog, Turn
    from zaria_web.storage.stats import Summary, add_result

    penta, farkle = Summary(), Summary()
    for a, b in scores:
        figures = seat_figures([a > 235, b > 235], [3.5, 0.25])
        penta = add_result(penta, [a, b], ["Ann", "Bo"], [True, True],
                           won=[0 if a > b else 1], figures=figures, played="penta")  # fmt: skip
        log = GameLog([Turn(0, 1, kind="bank", points=a * 10, total=a * 10, facts={"hot_dice": 1}),
                       Turn(1, 1, kind="bust", points=0, total=0)])  # fmt: skip
        farkle = add_result(farkle, [a * 10, b * 10], ["Ann", "Bo"], [True, True],
                            winners=[0 if a > b else 1], log=log, played="farkle")  # fmt: skip
    return json.dumps({"format": 2, "penta": penta.to_dict(), "farkle": farkle.to_dict()})


def test_the_players_part_is_accessible_and_a_name_shows_that_players_charts(
    app: App,
) -> None:
    from a11y import audit, small_targets

    page = app.open()
    page.evaluate("s => localStorage.setItem('zaria.stats2', s)", seeded_stats())
    page = app.open("#/stats")
    expect(page.locator("#penta-line figcaption")).to_have_text("Ann: final scores, game by game")
    expect(page.locator("#farkle-line")).to_be_visible()
    expect(page.locator("#farkle-dist")).to_have_count(0)
    expect(page.locator("#farkle-players-table tbody tr").first.locator("td").nth(4)).to_have_text(
        "2,322"  # Ann's 9,290 points banked over her 4 turns, to the nearest (even)
    )
    page.locator("#penta-pick-1").click()
    expect(page.locator("#penta-line figcaption")).to_have_text("Bo: final scores, game by game")
    expect(page.locator("#penta-pick-1")).to_be_focused()
    expect(page.locator("#penta-pick-1")).to_have_attribute("aria-pressed", "true")
    page.locator("#penta-line summary").click()
    found = audit(page, "statistics with players")
    assert not found, found
    small = [s for s in small_targets(page) if "pick" in s or "summary" in s]
    assert not small, small


#: For every chart on the page: the size its text is drawn at (its CSS size times the
#: SVG's scale), the page's table text, the bins a histogram labels, and every label a
#: data line, the target line or a bar crosses.
CHART_FACTS = """() => {
  const drawn = t => parseFloat(getComputedStyle(t).fontSize) * t.ownerSVGElement.getScreenCTM().a;
  const texts = [...document.querySelectorAll('.chart-svg text')];
  const sizes = texts.map(drawn);
  const inside = (p, r) =>
    p.x > r.left + 1 && p.x < r.right - 1 && p.y > r.top + 1 && p.y < r.bottom - 1;
  const centre = e => {
    const r = e.getBoundingClientRect();
    return {x: (r.left + r.right) / 2, y: (r.top + r.bottom) / 2};
  };
  const segments = [];
  for (const g of document.querySelectorAll('.chart-svg .series')) {
    const dots = [...g.querySelectorAll('circle')].map(centre);
    for (let i = 1; i < dots.length; i++) segments.push([dots[i - 1], dots[i]]);
  }
  for (const line of document.querySelectorAll('.chart-svg .chart-target line')) {
    const r = line.getBoundingClientRect();
    segments.push([{x: r.left, y: r.top}, {x: r.right, y: r.top}]);
  }
  const crossed = [];
  for (const t of texts) {
    const r = t.getBoundingClientRect();
    for (const [a, b] of segments) {
      for (let k = 0; k <= 200; k++) {
        const p = {x: a.x + (b.x - a.x) * k / 200, y: a.y + (b.y - a.y) * k / 200};
        if (inside(p, r)) { crossed.push(t.textContent); break; }
      }
    }
    for (const bar of document.querySelectorAll('.chart-svg rect')) {
      const q = bar.getBoundingClientRect();
      const across = q.left < r.right - 1 && q.right > r.left + 1;
      if (across && q.top < r.bottom - 1 && q.bottom > r.top + 1) crossed.push(t.textContent);
    }
  }
  return {
    smallest: Math.min(...sizes), largest: Math.max(...sizes), count: texts.length,
    table: parseFloat(getComputedStyle(document.querySelector('.players-table td')).fontSize),
    segments: segments.length, crossed,
    bins: [...document.querySelectorAll('#penta-dist .chart-bin text')].map(t => t.textContent),
    rows: document.querySelectorAll('#penta-dist tbody tr').length,
  };
}"""

WIDTHS = [(320, 568), (360, 740), (390, 844), (1024, 768), (1280, 800)]


def test_chart_text_is_the_page_s_size_at_every_width_and_no_line_crosses_a_label(
    app: App, shots: Path
) -> None:
    # Ann's line zigzags across the optimal player's average (about 255) from side to side.
    zigzag = ((180, 240), (330, 250), (170, 260), (320, 250), (190, 240), (310, 230))
    page = app.open()
    page.evaluate("s => localStorage.setItem('zaria.stats2', s)", seeded_stats(zigzag))
    page = app.open("#/stats")
    expect(page.locator("#penta-dist")).to_be_visible()
    for width, height in WIDTHS:
        page.set_viewport_size({"width": width, "height": height})
        facts = page.evaluate(CHART_FACTS)
        # 14 px, as the tables' 14.4 px: the same at 320 px as at 1280 px.
        assert 13.5 <= facts["smallest"] <= facts["largest"] <= 14.5, (width, facts)
        assert abs(facts["largest"] - facts["table"]) <= 1, (width, facts)
        assert facts["segments"] >= 6 and not facts["crossed"], (width, facts)
        # Every bin of the spread is labelled with its range, under the axis.
        assert len(facts["bins"]) == facts["rows"] >= 5, facts
        assert "200–249" in facts["bins"] and facts["bins"][0].startswith("≤")
        no_sideways_scroll(page)
    page.locator("#penta-line").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "stats-charts-desktop.png"))


#: The Penta players' table and its scrolling box, as laid out now.
TABLE_FACTS = """() => {
  const box = document.querySelector('#penta-players-table').closest('.players-scroll');
  const r = box.getBoundingClientRect();
  const name = box.querySelector('tbody th').getBoundingClientRect();
  const last = box.querySelector('thead th:last-child').getBoundingClientRect();
  const hint = box.querySelector('.scroll-hint');
  const h = hint.getBoundingClientRect();
  return {
    scrolls: box.scrollWidth > box.clientWidth + 1, left: r.left, right: r.right,
    nameLeft: name.left, lastLeft: last.left, lastRight: last.right,
    hint: getComputedStyle(hint).display !== 'none' ? [h.left, h.right, hint.textContent] : null,
    shade: getComputedStyle(box).backgroundImage,
  };
}"""


def test_a_players_table_wider_than_a_phone_shows_that_it_scrolls(app: App, shots: Path) -> None:
    page = app.open()
    page.evaluate("s => localStorage.setItem('zaria.stats2', s)", seeded_stats())
    page = app.open("#/stats")
    box = page.locator(".players-scroll").first
    for width in (320, 360, 390):
        page.set_viewport_size({"width": width, "height": 740})
        box.evaluate("el => { el.scrollLeft = 0; }")
        expect(box.locator(".scroll-hint")).to_be_visible()  # noted a frame after the resize
        facts = page.evaluate(TABLE_FACTS)
        assert facts["scrolls"], facts
        # The last columns are beyond the edge, and the page says so: a shade at the edge
        # and a hint under the table, within the screen.
        assert facts["lastLeft"] >= facts["right"], facts
        assert "radial-gradient" in facts["shade"], facts
        assert facts["hint"] is not None and facts["hint"][2] == "More columns: scroll sideways →"
        assert facts["hint"][0] >= 0 and facts["hint"][1] <= width, facts
        no_sideways_scroll(page)
        # Scrolled to its end: the last column in view, the names still there.
        box.evaluate("el => { el.scrollLeft = el.scrollWidth; }")
        facts = page.evaluate(TABLE_FACTS)
        assert facts["lastRight"] <= facts["right"] + 1, facts
        assert abs(facts["nameLeft"] - facts["left"]) <= 1, facts
        assert facts["hint"] is not None and facts["hint"][1] <= width, facts  # it stays put
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        box.evaluate("el => { el.scrollLeft = 0; }")
        box.scroll_into_view_if_needed()
        page.screenshot(path=str(shots / f"stats-players-scroll-phone-{scheme}.png"))
    page.emulate_media(color_scheme=None)
    # On a desktop the English table fits: no hint (once the browser has noted that the
    # box no longer scrolls, a frame or so after the resize).
    page.set_viewport_size({"width": 1280, "height": 800})
    expect(page.locator(".players-scroll .scroll-hint").first).to_be_hidden()
    facts = page.evaluate(TABLE_FACTS)
    assert not facts["scrolls"] and facts["hint"] is None, facts
