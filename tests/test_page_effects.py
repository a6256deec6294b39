"""The page effects (:class:`zaria_web.runtime.effects.PageEffect`): one class per page
operation, registered by defining it, sent to the page as JSON by the relay and
read back the same, and each with its entry in the page's ``OPS`` table."""

from __future__ import annotations

import json
import re
from dataclasses import FrozenInstanceError, dataclass, fields, is_dataclass
from pathlib import Path

import pytest

from zaria_web.runtime import effects, relay_ops
from zaria_web.runtime.effects import PAGE_EFFECTS, PageEffect
from zaria_web.runtime.relay import decode, encode, to_json

PAGE_JS = Path(__file__).resolve().parent.parent / "web/page"

#: One of each page effect, with every field set.
SAMPLES: list[PageEffect] = [
    effects.Render("<h1>Zaria</h1>", '<select id="lang"></select>'),
    effects.Document("fr", "dark", "Zaria"),
    effects.Focus("#screen"),
    effects.Announce("Ann rolls 1 1 2 3 4.", assertive=True),
    effects.ScrollTop(),
    effects.Hush(),
    effects.Vibrate((30, 40, 30)),
    effects.Sound("penta", 0.25),
    effects.Celebrate("win", "Victory!"),
    effects.SaveFile("zaria.json", '{"stats": {}}', "application/json"),
    effects.Share("Zaria", "Penta 231", "http://localhost/#/duel/AQ", "#penta-link"),
    relay_ops.StartTimer(7, 1500, heavy=True),
    relay_ops.StopTimer(7),
    relay_ops.Store("zaria.lang", "tr"),
    relay_ops.StoreEvery(8, {"zaria.stats": "{}", "zaria.games": "[]"}),
    relay_ops.Remove("zaria.save.penta"),
    relay_ops.PushEntry("stats", 1, "#/stats"),
    relay_ops.ReplaceEntry("home", 0, ""),
    relay_ops.Step(-2),
    relay_ops.ReadPicked(9, "stats-file", 1_000_000),
    relay_ops.Keys(("Escape", "r", "R")),
    relay_ops.Warn("Traceback…"),
    relay_ops.Fatal("Something went wrong."),
    relay_ops.Failed("python import"),
    relay_ops.Stopping(True),
    relay_ops.Warmed(False),
    relay_ops.Took(12.5),
]


def test_every_page_effect_has_a_sample() -> None:
    assert sorted(e.op for e in SAMPLES) == sorted(PAGE_EFFECTS)


@pytest.mark.parametrize("effect", SAMPLES, ids=lambda e: e.op)
def test_a_page_effect_goes_to_the_page_and_back_unchanged(effect: PageEffect) -> None:
    assert PAGE_EFFECTS[effect.op] is type(effect)
    assert is_dataclass(effect)
    sent = json.loads(to_json([effect]))
    assert sent == [[effect.op, {f.name: sent[0][1][f.name] for f in fields(effect)}]]
    assert decode(sent[0]) == effect
    assert encode(decode(sent[0])) == encode(effect)


def test_a_page_effect_is_frozen() -> None:
    focus = effects.Focus("#screen")
    with pytest.raises(FrozenInstanceError):
        focus.selector = "#lang"  # type: ignore[misc]


def test_an_operation_is_its_name_and_its_fields_by_name() -> None:
    assert encode(effects.Render("s", "t")) == ["render", {"screen": "s", "tools": "t"}]
    assert encode(effects.ScrollTop()) == ["top", {}]
    assert json.loads(to_json([effects.Vibrate((20,)), relay_ops.Step(-1)])) == [
        ["vibrate", {"pattern": [20]}],
        ["go", {"steps": -1}],
    ]


def test_an_unknown_operation_is_refused_with_the_known_ones_named() -> None:
    with pytest.raises(ValueError, match=r"unknown page operation 'explode'; operations: .*render"):
        decode(["explode", {}])


@pytest.mark.parametrize(
    "op",
    [
        ["focus"],
        ["focus", "#screen"],
        "focus",
        [3, {}],
        ["focus", {}],  # its selector is missing
        ["focus", {"selector": "#screen", "scroll": True}],  # a field it has not
    ],
    ids=["no-fields", "positional", "bare-name", "number", "missing", "extra"],
)
def test_a_malformed_operation_is_refused(op: object) -> None:
    with pytest.raises(ValueError, match="page operation"):
        decode(op)


def test_a_field_with_a_default_may_be_left_out() -> None:
    assert decode(["announce", {"text": "Hi"}]) == effects.Announce("Hi", assertive=False)


def test_two_effects_cannot_claim_one_operation() -> None:
    with pytest.raises(TypeError, match="'focus' is both Focus and"):

        @dataclass(frozen=True)
        class Elsewhere(PageEffect):
            op = "focus"

    assert PAGE_EFFECTS["focus"] is effects.Focus


def test_a_page_effect_must_name_its_operation() -> None:
    with pytest.raises(TypeError, match="names no page operation"):

        @dataclass(frozen=True)
        class Nameless(PageEffect):
            text: str

    assert all(cls.__name__ != "Nameless" for cls in PAGE_EFFECTS.values())


# -- the page's side ------------------------------------------------------------------------

#: An entry of an ``OPS`` table: its name, and the fields it takes by name, if any.
ENTRY = re.compile(r"^\s+(\w+)\((?:\{([^}]*)\})?[^)]*\)\s*\{", re.M)


def page_operations() -> dict[str, set[str]]:
    """The entries of the ``OPS`` tables of ``web/page/*.js``: name → fields taken."""
    found: dict[str, set[str]] = {}
    for path in sorted(PAGE_JS.glob("*.js")):
        for table in re.findall(r"const OPS = \{\n(.*?)\n\};", path.read_text(), re.S):
            for name, taken in ENTRY.findall(table):
                assert name not in found, f"{path.name}: {name} twice"
                found[name] = {f.strip() for f in taken.split(",") if f.strip()}
    return found


def test_the_page_has_one_operation_for_each_page_effect_and_no_other() -> None:
    page = page_operations()
    assert page, "no OPS table found in web/page"
    assert sorted(page) == sorted(PAGE_EFFECTS)


def test_the_page_takes_the_fields_each_page_effect_has() -> None:
    for name, taken in page_operations().items():
        cls = PAGE_EFFECTS[name]
        assert taken <= {f.name for f in fields(cls)}, (name, taken)
