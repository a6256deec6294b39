"""A repeat visit starts Python from a memory snapshot of it with the app imported.

After a first visit's start, the page makes the snapshot in a worker of its own and
keeps it in the Cache API under Pyodide's version and app.zip's digest; the next
start restores it (see web/snapshots.mjs). These tests let their contexts make one
(the others do not: see ``_new_context``) and check that the restored app is the
whole app, that a snapshot that cannot be used or belongs to another app gives way
to a plain start and a new snapshot, and that the retry button starts without one.

The three share one context (:func:`snapshot_app`): its first visit makes the
snapshot once, each test then finds the app restarted on empty storage at the
site's root address with a usable snapshot kept.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from conftest import RESET_AT, App, _attach, _new_context, fill_seats

CACHE = "zaria-python-snapshot"

# [url, bytes] of each snapshot kept.
KEPT = f"""async () => {{
  if (!(await caches.has({CACHE!r}))) return [];
  const cache = await caches.open({CACHE!r});
  const out = [];
  for (const key of await cache.keys()) {{
    out.push([key.url, (await (await cache.match(key)).arrayBuffer()).byteLength]);
  }}
  return out;
}}"""

# Replace the kept snapshot by `how(bytes)` ("cut" to half, "tail" less its last three
# bytes, "keep" as it is), with its headers, under `name` (the same when null).
SPOIL = f"""async ([how, name]) => {{
  const cache = await caches.open({CACHE!r});
  const [key] = await cache.keys();
  const bytes = new Uint8Array(await (await cache.match(key)).arrayBuffer());
  const headers = (await cache.match(key)).headers;
  const spoilt = how === "cut" ? bytes.slice(0, bytes.length >> 1)
    : how === "tail" ? bytes.slice(0, bytes.length - 3) : bytes;
  await cache.delete(key);
  await cache.put(name || key.url, new Response(spoilt, {{ headers }}));
}}"""


def made(page: Page) -> dict[str, Any]:
    """What the page's making of a snapshot for the next visit came to."""
    page.wait_for_function("zariaPy.snapshotMade() !== null")
    result: dict[str, Any] = page.evaluate("zariaPy.snapshotMade()")
    assert "made" in result, result
    return result


def kept(page: Page) -> list[list[Any]]:
    return page.evaluate(KEPT)  # type: ignore[no-any-return]


def started_from(app: App, page: Page) -> str:
    """Reload and say how Python started: "used", "none" or "refused"."""
    page.reload()
    app.wait_ready()
    return page.evaluate("zariaPy.snapshot()")  # type: ignore[no-any-return]


#: The page's self-check, given a minute: a worker that never answers fails the test
#: with its reason instead of holding the whole run.
SELFCHECK = """async () => {
  let timer;
  const late = new Promise((_, fail) => {
    timer = setTimeout(() => fail(new Error("no self-check answer in 60 s")), 60000);
  });
  try {
    return await Promise.race([zariaPy.selfcheck(), late]);
  } finally {
    clearTimeout(timer);
  }
}"""


def selfcheck(page: Page) -> dict[str, Any]:
    return json.loads(page.evaluate(SELFCHECK))  # type: ignore[no-any-return]


def dice(page: Page) -> list[str | None]:
    return [page.locator(f"#die-{i}").get_attribute("data-value") for i in range(5)]


@dataclass
class FirstVisit:
    """The context the tests share, and what its first visit came to."""

    app: App
    #: How Python started on the first visit ("none": there was no snapshot yet).
    started: str
    #: The size of the snapshot that visit made, and the snapshots kept after it.
    size: int
    kept: list[list[Any]]


@pytest.fixture(scope="module")
def first_visit(browser: Browser, site_url: str) -> Iterator[FirstVisit]:
    """A context that makes snapshots, after its first visit has made one."""
    context = _new_context(browser, snapshots=True)
    app = App(context=context, page=None, base=site_url)  # type: ignore[arg-type]
    _attach(context, lambda: app)
    app.page = context.new_page()
    page = app.open()
    started = page.evaluate("zariaPy.snapshot()")
    yield FirstVisit(app, started, made(page)["made"], kept(page))
    context.close()
    app.check()


@pytest.fixture
def snapshot_app(first_visit: FirstVisit) -> Iterator[App]:
    """The shared context's page, its app restarted on empty storage at the site's root
    address (a snapshot kept); afterwards what it reported is checked."""
    app = first_visit.app
    app.page.evaluate(RESET_AT, app.base)
    yield app
    app.context.unroute_all(behavior="ignoreErrors")
    app.check_and_forget()


def test_a_repeat_visit_starts_from_a_snapshot_with_the_whole_app(
    first_visit: FirstVisit, snapshot_app: App
) -> None:
    app = snapshot_app
    page = app.page
    assert first_visit.started == "none"
    size = first_visit.size
    assert size > 10_000_000  # Python's whole memory
    [[key, stored]] = first_visit.kept
    assert stored == size
    assert re.search(r"/vendor/pyodide/snapshot-[0-9.a-z]+-[0-9a-f]{16}\.bin$", key), key

    # A game in progress when the player leaves.
    page.get_by_role("button", name="Penta").click()
    fill_seats(page, "penta", ["Ann"])
    page.locator("#penta-start").click()
    page.locator("#penta-roll").click()
    rolled = dice(page)
    assert all(rolled)

    assert started_from(app, page) == "used"
    assert page.evaluate("zariaPy.snapshotMade()") is None  # none made again
    # The reload is back at the game, the turn as it was.
    expect(page.locator("#penta-roll")).to_be_visible()
    assert dice(page) == rolled
    page.locator("#box-chance").click()
    expect(page.locator("#box-chance")).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="Validate round").click()
    expect(page.locator(".round")).to_have_text("Round 2 of 13")
    chance = sum(int(v or 0) for v in rolled)
    expect(page.locator("tr.grand td")).to_have_text([str(chance)])

    # A module the snapshot does not hold is imported from app.zip as usual.
    check = selfcheck(page)
    assert check["ok"], check

    # Python's generator is seeded anew on each start from the snapshot.
    app.open()
    assert page.evaluate("zariaPy.snapshot()") == "used"
    assert selfcheck(page)["random"] != check["random"]
    # Another screen, in another language.
    page.select_option("#lang", "fr")
    page.get_by_role("button", name="Farkle").click()
    expect(page.get_by_role("heading", name="Humains + 1 IA")).to_be_visible()
    expect(page.get_by_role("button", name="Commencer la partie")).to_be_enabled()


def test_a_snapshot_that_cannot_be_used_or_is_out_of_date_is_replaced(
    first_visit: FirstVisit, snapshot_app: App
) -> None:
    app = snapshot_app
    page = app.page
    size = first_visit.size
    [[key, _]] = first_visit.kept
    assert kept(page) == [[key, size]]

    # Cut short, as by a write that did not end: a plain start, and a new one made.
    page.evaluate(SPOIL, ["cut", None])
    assert kept(page) == [[key, size // 2]]
    assert started_from(app, page) == "refused"
    expect(page.get_by_role("button", name="Penta")).to_be_enabled()
    assert made(page)["made"] == size
    assert kept(page) == [[key, size]]

    # Three bytes short, which Pyodide's own checks let through: refused all the same.
    page.evaluate(SPOIL, ["tail", None])
    assert kept(page) == [[key, size - 3]]
    assert started_from(app, page) == "refused"
    assert made(page)["made"] == size
    assert kept(page) == [[key, size]]

    # One of another app (app.zip has changed since): not used, and replaced.
    other = re.sub(r"-[0-9a-f]{16}\.bin$", "-0123456789abcdef.bin", key)
    page.evaluate(SPOIL, ["keep", other])
    assert kept(page) == [[other, size]]
    assert started_from(app, page) == "none"
    made(page)
    assert kept(page) == [[key, size]]
    assert started_from(app, page) == "used"


def test_the_retry_button_starts_python_without_the_snapshot(
    first_visit: FirstVisit, snapshot_app: App
) -> None:
    app = snapshot_app
    app.allowed_errors.extend(["Failed to load resource", "Failed to fetch"])
    page = app.page
    assert kept(page) == first_visit.kept  # the snapshot the reload would start from

    def abort(route: Route) -> None:
        route.abort()

    app.context.route("**/worker.py", abort)
    page.reload()
    retry = page.get_by_role("button", name="Try again")
    retry.wait_for(state="visible")
    app.context.unroute("**/worker.py")
    retry.click()
    app.wait_ready()
    assert page.evaluate("zariaPy.snapshot()") == "none"
    expect(page.get_by_role("button", name="Penta")).to_be_enabled()
