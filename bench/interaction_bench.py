"""How fast the page answers a tap: Event Timing over whole scripted games.

Opens the built site in headless Chromium, once at full speed and once with the
CPU slowed 4× through the DevTools protocol (a mid-range phone), and plays on each
page a whole solo Penta game (two rolls, a hold, a box and Validate each round)
and a whole solo Farkle game to 5,000 (set aside the 1s and 5s, or a triple, then
bank or roll on), with seeded dice so that both runs see the same game.

Each tap is a real click (pointer events through the protocol). It gets three
times, in ms:

- **event**: the longest Event Timing duration of its interaction, from the input
  to the next paint after the handlers ran. The browser reports only events of
  16 ms or more, so a tap with no entry counts as 16 ms (an upper bound). Python
  runs in a worker, so this is the main thread's own answer (the press drawn).
- **answered**: from the input to the frame that shows Python's answer (the new
  screen), as the page records it (``window.zariaTiming``, see web/page/calls.js).
- **phone**: the same with Python's time in the worker slowed as much as the
  page. DevTools slows the page's threads only ("Operation is only supported for
  pages, not workers"), so the worker's measured time is added again (rate − 1)
  times: an estimate, by the worker's own figures.

The first opening of each game (its card tapped on home) is its own kind.

Prints, per CPU rate and measure, for each kind of tap the count, median, p90,
p98 and max.

Usage: ``python bench/interaction_bench.py [--rates 1,4] [--seed 7] [--rounds 13]``
"""

from __future__ import annotations

import argparse
import math
from collections import defaultdict
from typing import Any

from playwright.sync_api import Page, sync_playwright

from browser_site import built_site, launch, served

#: Below this the browser reports no Event Timing entry (its smallest threshold).
FLOOR_MS = 16.0

OBSERVE = """() => {
  window.__ev = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.interactionId) window.__ev.push({start: e.startTime, dur: e.duration});
  }).observe({type: "event", durationThreshold: 16, buffered: true});
}"""

#: The screen was drawn again after the tap.
CHANGED = "document.getElementById('screen').innerHTML !== window.__before"

#: Two frames and a task after the tap: its paint is done, its entries delivered.
SETTLE = """() => new Promise((r) => requestAnimationFrame(() =>
  requestAnimationFrame(() => setTimeout(r, 50))))"""


class Taps:
    """The taps of one page, by kind, each the longest entry of its interaction."""

    def __init__(self, page: Page, rate: int) -> None:
        self.page = page
        self.rate = rate
        self.times: dict[str, list[float]] = defaultdict(list)
        self.answered: dict[str, list[float]] = defaultdict(list)
        self.phone: dict[str, list[float]] = defaultdict(list)
        #: The longest main-thread task from the page's load to the end of play (ms).
        self.longest = 0.0

    def tap(self, kind: str, selector: str, then: str | None = None) -> None:
        page = self.page
        mark = page.evaluate(
            "window.__before = document.getElementById('screen').innerHTML, performance.now()"
        )
        page.locator(selector).first.click()
        page.wait_for_function(then or CHANGED, timeout=60_000)
        page.evaluate(SETTLE)
        found = page.evaluate(
            f"Math.max(0, ...window.__ev.filter(e => e.start >= {mark}).map(e => e.dur))"
        )
        self.times[kind].append(max(FLOOR_MS, float(found)))
        answers = page.evaluate(f"window.zariaTiming.filter(t => t.input >= {mark} - 1)")
        if answers:
            last = max(answers, key=lambda t: t["answered"])
            self.answered[kind].append(float(last["answered"]))
            self.phone[kind].append(float(last["answered"]) + (self.rate - 1) * last["python"])


def _count(page: Page, selector: str) -> int:
    return int(page.locator(selector).count())


def open_alone(taps: Taps, game: str, prefix: str) -> None:
    """Open ``game`` from home (its first opening) and start it for one person."""
    page = taps.page
    taps.tap("open game", f".game-card.{game}", f"document.querySelector('#{prefix}-start')")
    computer = page.locator(f"#{prefix}-computer")
    if computer.is_checked():
        computer.click()
    if game == "farkle":
        page.locator("#fk-target-5000").check()
    taps.tap("start", f"#{prefix}-start", f"document.querySelector('#{prefix}-roll')")


def play_penta(taps: Taps, rounds: int) -> None:
    """A solo Penta game: roll, hold the first die, roll, the first open box, Validate."""
    page = taps.page
    open_alone(taps, "penta", "penta")
    for _ in range(rounds):
        taps.tap("roll", "#penta-roll")
        taps.tap("hold", "#die-0")
        taps.tap("roll", "#penta-roll")
        taps.tap(
            "box",
            ".box-btn:not([disabled])",
            "!document.querySelector('#penta-validate[disabled]')",
        )
        if page.locator("#penta-validate").count() == 0:
            break
        taps.tap("validate", "#penta-validate")
        if page.locator("#penta-roll").count() == 0:
            break


FARKLE_PICK = """() => {
  const dice = [...document.querySelectorAll('.fk-die:not([disabled])')]
    .filter(d => d.getAttribute('aria-pressed') !== 'true');
  const value = (d) => d.querySelectorAll('.pips circle').length;  // a face's pips
  const ones = dice.filter(d => [1, 5].includes(value(d)));
  if (ones.length) return ones.map(d => '#' + d.id);
  const counts = {};
  dice.forEach(d => { counts[value(d)] = (counts[value(d)] || 0) + 1; });
  const triple = Object.keys(counts).find(v => counts[v] >= 3);
  return triple ? dice.filter(d => value(d) == triple).slice(0, 3).map(d => '#' + d.id) : [];
}"""


def play_farkle(taps: Taps, turns: int) -> None:
    """A solo Farkle game to 5,000: set aside 1s and 5s (or a triple); bank at 300."""
    page = taps.page
    open_alone(taps, "farkle", "fk")
    for _ in range(turns * 4):
        if page.locator("#fk-roll").count() == 0:
            break  # the end screen
        if page.locator("#fk-roll[disabled]").count():
            break
        taps.tap("roll", "#fk-roll")
        picks = page.evaluate(FARKLE_PICK)
        if not picks:
            continue  # a lost turn: the next turn starts with Roll
        for sel in picks:
            taps.tap("set aside", sel)
        bank = page.locator("#fk-bank:not([disabled])")
        left = _count(page, ".fk-die:not([aria-pressed=true])")
        if bank.count() and (left < 3 or page.evaluate(_TURN_POINTS) >= 300):
            taps.tap("bank", "#fk-bank")


_TURN_POINTS = """() => Number((document.querySelector('#fk-bank')?.textContent
  .replace(/[^0-9]/g, '')) || 0)"""


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(p / 100 * len(ordered)) - 1))]


def run(rate: int, url: str, args: argparse.Namespace, browser: Any) -> Taps:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    # Taps as they come once a visit's snapshot of Python is made (its making, in a
    # worker of its own on the first visit, is boot_bench's subject).
    page.add_init_script(
        "window.zariaSnapshots = false;"
        "window.zariaTiming = []; window.__longest = 0; new PerformanceObserver((l) => {"
        " for (const e of l.getEntries()) window.__longest = Math.max(window.__longest,"
        " e.duration); }).observe({type: 'longtask', buffered: true});"
    )
    page.goto(f"{url}?seed={args.seed}")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=300_000)
    page.evaluate(OBSERVE)
    taps = Taps(page, rate)
    play_penta(taps, args.rounds)
    page.locator("[data-act=home]").first.click()
    page.wait_for_selector(".game-card.farkle")
    play_farkle(taps, args.turns)
    taps.longest = float(page.evaluate("window.__longest"))
    page.close()
    return taps


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rates", default="1,4")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--rounds", type=int, default=13)
    parser.add_argument("--turns", type=int, default=30)
    args = parser.parse_args(argv)
    with served(built_site()) as url, sync_playwright() as p:
        browser = launch(p)
        print(f"Taps (ms; an Event Timing under {FLOOR_MS:.0f} counts as {FLOOR_MS:.0f})")
        for rate in (int(r) for r in args.rates.split(",")):
            taps = run(rate, url, args, browser)
            print(f"\nCPU {rate}×: longest main-thread task, load and play: {taps.longest:.0f} ms")
            measures = [("event", taps.times), ("answered", taps.answered)]
            if rate > 1:
                measures.append(("phone", taps.phone))
            for name, table in measures:
                every = [t for times in table.values() for t in times]
                print(f"\nCPU {rate}×, {name}: {len(every)} taps")
                print(f"  {'kind':<10} {'n':>4} {'median':>7} {'p90':>7} {'p98':>7} {'max':>7}")
                for kind, times in [*sorted(table.items()), ("all", every)]:
                    if not times:
                        continue
                    print(
                        f"  {kind:<10} {len(times):>4} {pct(times, 50):7.0f}"
                        f" {pct(times, 90):7.0f} {pct(times, 98):7.0f} {max(times):7.0f}"
                    )
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
