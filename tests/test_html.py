"""The HTML builder escapes text and attribute values unless raw HTML is asked for."""

from __future__ import annotations

from zaria_web.ui.html import Markup, el, frag, join, raw

HOSTILE = "<img src=x onerror=alert(1)>\"&'"


def test_text_children_are_escaped() -> None:
    assert el("p", HOSTILE) == "<p>&lt;img src=x onerror=alert(1)&gt;&quot;&amp;&#x27;</p>"


def test_markup_children_are_kept_and_plain_strings_are_not() -> None:
    inner = el("b", "x")
    assert el("p", inner, "<b>") == "<p><b>x</b>&lt;b&gt;</p>"
    assert el("p", str(inner)) == "<p>&lt;b&gt;x&lt;/b&gt;</p>"


def test_raw_is_the_way_to_insert_html() -> None:
    assert el("p", raw("a<br>b")) == "<p>a<br>b</p>"
    assert isinstance(raw("<br>"), Markup)


def test_attribute_values_are_escaped() -> None:
    assert el("a", href='"><script>', title="a&b") == (
        '<a href="&quot;&gt;&lt;script&gt;" title="a&amp;b"></a>'
    )


def test_booleans_and_none_in_attributes() -> None:
    assert el("input", checked=True, disabled=False, hidden=None, value=0) == (
        '<input checked value="0">'
    )


def test_attribute_names() -> None:
    got = el("label", class_="c", for_="x", data_act="go", aria_label="L", viewBox="0 0 1 1")
    assert got == '<label class="c" for="x" data-act="go" aria-label="L" viewBox="0 0 1 1"></label>'


def test_void_elements_have_no_end_tag() -> None:
    assert el("br") == "<br>"
    assert el("input", type="text") == '<input type="text">'
    assert el("img", src="a.png", alt="") == '<img src="a.png" alt="">'


def test_empty_svg_shapes_close_themselves() -> None:
    assert el("circle", cx=1, r=2) == '<circle cx="1" r="2"/>'
    assert el("path", el("title", "t"), d="M0") == '<path d="M0"><title>t</title></path>'


def test_children_lists_are_flattened_and_nothing_is_left_out() -> None:
    items = [el("li", n) for n in (1, 2)]
    assert el("ul", items, None, False, (x for x in ["<"])) == "<ul><li>1</li><li>2</li>&lt;</ul>"


def test_frag_and_join() -> None:
    assert frag(el("b", "1"), " & ", 2) == "<b>1</b> &amp; 2"
    assert join(", ", [el("i", "a"), "<b>"]) == "<i>a</i>, &lt;b&gt;"
    assert join(raw("<br>"), ["a", "b"]) == "a<br>b"
    assert isinstance(frag(), Markup) and frag() == ""


def test_adding_a_plain_string_to_markup_escapes_it() -> None:
    assert raw("<b>") + "<" == "<b>&lt;"
    assert "<" + raw("<b>") == "&lt;<b>"
    assert isinstance(raw("<b>") + raw("<i>"), Markup)
