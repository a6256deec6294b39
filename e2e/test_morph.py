"""The redraw that keeps unchanged nodes (``window.zariaMorph``, web/morph.js): on a
scratch element of the page, then in play (the dice tumble again on every roll, a
tapped die stays the same focused node)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, Route, expect

from conftest import App
from test_farkle_ui import open_farkle, roll_to, setup
from test_penta_phone import start as start_with_delay
from test_penta_ui import roll, start

#: Helpers on the page: ``m(html)`` morphs the scratch element, ``$(sel)`` finds in it.
SCRATCH = """() => {
  document.getElementById("morph-scratch")?.remove();
  const el = document.createElement("div");
  el.id = "morph-scratch";
  document.body.appendChild(el);
  // The app's own listeners (on the document) are not meant for these fields.
  for (const kind of ["click", "input", "change", "keydown"])
    el.addEventListener(kind, (e) => e.stopPropagation());
  window.m = (html) => window.zariaMorph(el, html);
  window.$ = (sel) => el.querySelector(sel);
}"""


@pytest.fixture
def page(app: App) -> Any:
    page = app.open()
    page.evaluate(SCRATCH)
    yield page
    page.evaluate("document.getElementById('morph-scratch')?.remove()")


def run(page: Page, script: str) -> Any:
    """Run ``script`` (a function body) on the page and return what it returns."""
    return page.evaluate(f"() => {{ {script} }}")


def test_attributes_are_added_changed_and_removed_on_the_same_node(page: Page) -> None:
    got = run(
        page,
        """
        m('<button id="b" class="a" data-x="1" title="t" disabled>Go</button>');
        const before = $('#b');
        m('<button id="b" class="b" data-y="2" aria-pressed="true">Go</button>');
        const after = $('#b');
        return [before === after, after.className, after.dataset.x ?? null, after.dataset.y,
                after.title, after.disabled, after.getAttribute('aria-pressed')];
        """,
    )
    assert got == [True, "b", None, "2", "", False, "true"]


def test_text_is_written_only_when_it_changed(page: Page) -> None:
    got = run(
        page,
        """
        m('<p>one</p><p>same</p>');
        const [first, second] = [$('p').firstChild, $('p + p').firstChild];
        const seen = [];
        const watch = new MutationObserver((list) => list.forEach((r) => seen.push(r.target.data)));
        watch.observe($('p').parentNode, {characterData: true, subtree: true, childList: true});
        m('<p>two</p><p>same</p>');
        const found = watch.takeRecords();
        watch.disconnect();
        return [first === $('p').firstChild, second === $('p + p').firstChild, first.data,
                found.map((r) => r.type + ':' + r.target.data)];
        """,
    )
    assert got == [True, True, "two", ["characterData:two"]]


def test_unchanged_structure_keeps_its_node_objects(page: Page) -> None:
    got = run(
        page,
        """
        m('<section><h2>Title</h2><ul><li>a</li><li>b</li></ul></section>');
        const nodes = [$('section'), $('h2'), $('ul'), $('li'), $('li + li')];
        m('<section class="x"><h2>Title 2</h2><ul><li>a</li><li>c</li></ul></section>');
        const now = [$('section'), $('h2'), $('ul'), $('li'), $('li + li')];
        return [nodes.every((n, i) => n === now[i]), $('li + li').textContent, $('h2').textContent];
        """,
    )
    assert got == [True, "c", "Title 2"]


def test_a_focused_field_keeps_its_value_caret_and_focus(page: Page) -> None:
    run(page, 'm(\'<label>Name <input id="f" type="text" value=""></label><p>0</p>\')')
    field = page.locator("#morph-scratch #f")
    field.click()
    page.keyboard.type("Alice")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    got = run(
        page,
        """
        const before = $('#f');
        m('<label>Name <input id="f" type="text" value="Alice"></label><p>1</p>');
        return [before === $('#f'), document.activeElement === before, before.value,
                before.selectionStart, before.selectionEnd];
        """,
    )
    assert got == [True, True, "Alice", 3, 3]
    page.keyboard.type("x")
    expect(field).to_have_value("Alixce")
    # A value the new drawing changes is written into the field.
    got = run(
        page,
        'm(\'<label>Name <input id="f" type="text" value="Bob"></label>\'); return $(\'#f\').value',
    )
    assert got == "Bob"


def test_a_textarea_follows_its_new_text(page: Page) -> None:
    got = run(
        page,
        """
        m('<textarea id="t">one</textarea>');
        const t = $('#t');
        t.value = 'typed';
        m('<textarea id="t">two</textarea>');
        return [t === $('#t'), t.value];
        """,
    )
    assert got == [True, "two"]


def test_a_checkbox_is_checked_as_drawn(page: Page) -> None:
    run(page, 'm(\'<input type="checkbox" id="c">\')')
    page.locator("#morph-scratch #c").click()  # checked by hand, not in the drawing
    got = run(
        page,
        """
        const c = $('#c');
        const clicked = c.checked;
        m('<input type="checkbox" id="c">');
        const undrawn = c.checked;
        m('<input type="checkbox" id="c" checked>');
        return [clicked, undrawn, c.checked, c === $('#c')];
        """,
    )
    assert got == [True, False, True, True]


def test_a_select_shows_the_option_drawn_selected(page: Page) -> None:
    options = "<option value=a>A</option><option value=b{}>B</option><option value=c>C</option>"
    run(page, f"m('<select id=\"s\">{options.format(' selected')}</select>')")
    page.locator("#morph-scratch #s").select_option("c")
    got = run(
        page,
        f"""
        const s = $('#s');
        const picked = s.value;
        m('<select id="s">{options.format(" selected")}</select>');
        const drawn = s.value;
        m('<select id="s">{options.format("")}</select>');
        return [picked, drawn, s.value, s === $('#s')];
        """,
    )
    assert got == ["c", "b", "a", True]


def test_details_open_as_drawn(page: Page) -> None:
    got = run(
        page,
        """
        m('<details id="d"><summary>More</summary><p>x</p></details>');
        const d = $('#d');
        d.open = true;
        m('<details id="d"><summary>More</summary><p>x</p></details>');
        const shut = d.open;
        m('<details id="d" open><summary>More</summary><p>x</p></details>');
        return [shut, d.open, d === $('#d')];
        """,
    )
    assert got == [False, True, True]


def test_data_fresh_elements_are_drawn_anew_in_place(page: Page) -> None:
    got = run(
        page,
        """
        const html = '<b id="a">a</b><b id="d" class="rolling" data-fresh>5</b><i>z</i>';
        m(html);
        const [a, d] = [$('#a'), $('#d')];
        m(html);
        const d2 = $('#d');
        m(html.replace(' data-fresh', ''));
        const d3 = $('#d');
        m(html.replace(' data-fresh', ''));
        // Drawn without data-fresh, it is kept again.
        return [a === $('#a'), d !== d2, d2 === d3, d3 === $('#d'),
                [...$('#a').parentNode.children].map((n) => n.id || n.tagName)];
        """,
    )
    assert got == [True, True, True, True, ["a", "d", "I"]]


def test_a_data_fresh_value_renews_the_element_only_when_it_changes(page: Page) -> None:
    got = run(
        page,
        """
        m('<b id="d" class="rolling" data-fresh="1">5</b>');
        const first = $('#d');
        m('<b id="d" class="rolling held" data-fresh="1">5</b>');
        const same = $('#d');
        m('<b id="d" class="rolling" data-fresh="2">3</b>');
        return [first === same, same.className, $('#d') !== same, $('#d').textContent];
        """,
    )
    assert got == [True, "rolling held", True, "3"]


def test_svg_children_are_morphed_and_created_in_the_svg_namespace(page: Page) -> None:
    got = run(
        page,
        """
        m('<svg viewBox="0 0 10 10"><circle r="1"></circle></svg>');
        const [svg, circle] = [$('svg'), $('circle')];
        m('<svg viewBox="0 0 20 20"><circle r="2"></circle><rect width="3"></rect></svg>');
        const rect = $('rect');
        return [svg === $('svg'), circle === $('circle'), circle.getAttribute('r'),
                svg.getAttribute('viewBox'), rect.namespaceURI, rect.width.baseVal.value];
        """,
    )
    assert got == [True, True, "2", "0 0 20 20", "http://www.w3.org/2000/svg", 3]


def test_nodes_no_longer_drawn_are_removed(page: Page) -> None:
    got = run(
        page,
        """
        m('<p class="msg">Hi</p><ul><li>1</li><li>2</li><li>3</li></ul>text');
        const ul = $('ul');
        m('<ul><li>1</li></ul>');
        const el = $('ul').parentNode;
        return [ul === $('ul'), el.innerHTML];
        """,
    )
    assert got == [True, "<ul><li>1</li></ul>"]


def test_elements_with_an_id_are_moved_not_redrawn(page: Page) -> None:
    got = run(
        page,
        """
        m('<li id="a">A</li><li id="b">B</li><li id="c">C</li>');
        const [a, b, c] = [$('#a'), $('#b'), $('#c')];
        m('<li id="c">C</li><li id="n">N</li><li id="a">A!</li><li id="b">B</li>');
        const order = [...a.parentNode.children];
        return [order[0] === c, order[2] === a, order[3] === b, a.textContent,
                order.map((n) => n.id).join('')];
        """,
    )
    assert got == [True, True, True, "A!", "cnab"]


def test_elements_never_morph_across_tag_names(page: Page) -> None:
    got = run(
        page,
        """
        m('<div id="x">a</div><p>b</p>');
        const [div, p] = [$('#x'), $('p')];
        m('<span id="x">a</span><section>b</section>');
        return [$('#x').tagName, $('#x') !== div, $('section') !== null, $('p')];
        """,
    )
    assert got == ["SPAN", True, True, None]


# -- in play -----------------------------------------------------------------------------


def test_every_roll_tumbles_the_dice_again(app: App) -> None:
    page = app.open("?dice=11111,22222,33333")
    start(page, ["Alice"])
    roll(page)
    die = page.locator("#die-0")
    expect(die).to_have_class("die rolling")
    page.evaluate("document.getElementById('die-0').__first = true")
    roll(page)
    expect(die).to_have_attribute("data-value", "2")
    # A new node, which plays its tumble from the start.
    assert page.evaluate("document.getElementById('die-0').__first") is None
    expect(die).to_have_class("die rolling")


def test_a_redraw_from_a_download_neither_cuts_nor_restarts_a_tumble(
    make_app: Callable[..., App],
) -> None:
    # The strategy table arrives just after a roll, and the screen is redrawn.
    app = make_app()  # a Python that has not downloaded the table yet
    held: list[Route] = []
    app.page.route("**/penta_table.bin", lambda route: held.append(route))
    page = app.open("?dice=11111")
    start(page, ["Alice"])
    roll(page)
    die = page.locator("#die-0")
    expect(die).to_have_class("die rolling")
    assert held, "the table request is held"
    die.evaluate("e => { window.oldDie = e; }")
    page.evaluate(COUNT_DRAWS)
    held[0].continue_()
    page.wait_for_function("window.__draws > 0")
    assert die.evaluate("e => [e === window.oldDie, e.className]") == [True, "die rolling"]


def test_a_tapped_die_stays_the_same_focused_node(app: App) -> None:
    page = app.open("?dice=11111,22222")
    start(page, ["Alice"])
    roll(page)
    page.evaluate("document.getElementById('die-1').__kept = true")
    page.locator("#die-1").click()
    expect(page.locator("#die-1")).to_have_attribute("aria-pressed", "true")
    got = page.evaluate(
        "[document.getElementById('die-1').__kept, document.activeElement.id,"
        " document.getElementById('die-1').classList.contains('rolling')]"
    )
    assert got == [True, "die-1", False]


def test_a_refused_farkle_die_shakes_again_and_keeps_the_focus(app: App) -> None:
    page = app.open("?dice=123466")
    open_farkle(page)
    setup(page, ["Zoé"], computer=False)
    page.locator("#fk-start").click()
    roll_to(page, [1, 2, 3, 4, 6, 6])
    two = page.locator("#fk-die-2")
    for _ in range(2):
        page.evaluate("document.getElementById('fk-die-2').__seen = true")
        two.click()  # a 2 alone scores nothing: refused
        expect(two).to_have_class(re.compile(r"\brefused\b"))
        # Drawn anew (its shake plays from the start), and the focus follows it.
        got = page.evaluate(
            "[document.getElementById('fk-die-2').__seen ?? null, document.activeElement.id]"
        )
        assert got == [None, "fk-die-2"]


def test_the_countdown_bars_start_again_each_second(make_app: Callable[..., App]) -> None:
    app = make_app()
    page = app.page
    page.clock.install()  # the countdown moves on only when the test says
    app.open("?dice=11111,11111,44421")
    start_with_delay(page, ["Ann"])
    page.clock.pause_at(page.evaluate("Date.now()"))  # seconds pass only when run
    for _ in range(3):
        roll(page)
    expect(page.locator("#penta-countdown")).to_contain_text("in 3 s")
    marks = "[...document.querySelectorAll('.countdown-bar, .auto-mark')]"
    assert page.evaluate(f"{marks}.map((e) => (e.__second = 1, e.className))") == [
        "countdown-bar",
        "auto-mark",
    ]
    page.clock.run_for(1000)
    expect(page.locator("#penta-countdown")).to_contain_text("in 2 s")
    # Each second's bar is a new node: its animation covers that second.
    assert page.evaluate(f"{marks}.map((e) => e.__second ?? null)") == [None, None]


#: Counts the app's redraws (each draws #screen and #topbar-tools).
COUNT_DRAWS = """() => {
  const morph = window.zariaMorph;
  window.__draws = 0;
  window.zariaMorph = (el, html) => { window.__draws += 1; morph(el, html); };
}"""


def test_a_redraw_while_typing_keeps_the_same_field_and_its_caret(
    make_app: Callable[..., App],
) -> None:
    # The strategy table arrives while the player types, and the screen is redrawn:
    # a game asked for it, then the player left it for the new-game form.
    app = make_app()  # a Python that has not downloaded the table yet
    held: list[Route] = []
    app.page.route("**/penta_table.bin", lambda route: held.append(route))
    page = app.open()
    page.locator("[data-act=open][data-game=penta]").click()
    page.locator("#penta-computer").uncheck()
    page.locator("#penta-start").click()
    page.locator("#penta-new").click()
    page.locator("#penta-confirm").click()
    name = page.locator("#penta-name-0")
    name.click()
    page.keyboard.type("Kim")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Shift+ArrowLeft")  # "i" selected, backwards
    page.wait_for_function("document.activeElement.selectionStart === 1")
    assert held, "the table request is held"
    name.evaluate("e => { window.oldField = e; }")
    page.evaluate(COUNT_DRAWS)
    held[0].continue_()
    page.wait_for_function("window.__draws > 0")
    got = name.evaluate(
        "e => [e === window.oldField, e === document.activeElement,"
        " e.selectionStart, e.selectionEnd, e.selectionDirection]"
    )
    assert got == [True, True, 1, 2, "backward"]
    page.keyboard.type("a")
    expect(name).to_have_value("Kam")
