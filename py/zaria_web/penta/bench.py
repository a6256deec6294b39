"""What the benchmarks time, in the page (``window.zariaPy.bench("penta", n)``) and natively.

:func:`bench_turns` times the optimal Penta player deciding whole turns. It lives
outside the engine (the game never needs it), in Penta's part of the browser layer;
``bench/penta_bench.py``, ``bench/penta_browser_bench.py`` and the page's hook
(:func:`page_bench`) time the same turns with it.
"""

from __future__ import annotations

import json
import random
import time

from zaria.penta.scoring import BOXES, PENTA_SCORE, Box
from zaria.penta.strategy import BIT, SheetState, Strategy, default_strategy


def random_state(rng: random.Random) -> SheetState:
    """A sheet with 0–12 boxes used, a consistent upper total and Penta box.

    >>> state = random_state(random.Random(3))
    >>> bin(state.used).count("1") < len(BOXES)
    True
    """
    used = rng.sample(BOXES, rng.randrange(13))
    upper = sum(b.face * rng.randrange(6) for b in used if b.upper)
    penta = rng.choice((0, PENTA_SCORE)) if Box.PENTA in used else None
    mask = 0
    for b in used:
        mask |= BIT[b]
    return SheetState(mask, upper, penta)


def bench_turns(n: int, seed: int = 0, strategy: Strategy | None = None) -> list[float]:
    """Seconds the optimal player takes to decide ``n`` whole turns, one per random position.

    Each turn starts with an empty cache and makes the player's decisions: the keep
    after the first and second rolls (unless it stops earlier) and the box. The same
    ``seed`` gives the same positions and dice, in the page as natively.
    """
    strategy = strategy or default_strategy()
    rng = random.Random(seed)
    times = []
    for _ in range(n):
        state = random_state(rng)
        rolls = [tuple(rng.randint(1, 6) for _ in range(5)) for _ in range(3)]
        strategy.clear_cache()
        t0 = time.perf_counter()
        dice = rolls[0]
        for rolls_left in (2, 1):
            keep = strategy.best_keep(state, dice, rolls_left)
            if len(keep) == 5:
                break
            dice = keep + rolls[3 - rolls_left][: 5 - len(keep)]
        strategy.best_box(state, dice)
        times.append(time.perf_counter() - t0)
    return times


def page_bench(n: int) -> str:
    """The page's hook (``bench("penta", n)``): ``n`` turns of the optimal player timed with
    the downloaded table, and how long the table took to fetch, read and prepare."""
    from zaria_web.penta.screen import TABLE

    if TABLE.value is None:
        return json.dumps({"error": "open Penta first: the strategy table is not loaded"})
    times = bench_turns(int(n), 0, strategy=TABLE.value)
    t = TABLE.times
    table = {
        "read_ms": t["table_ms"],
        "fetch_and_read_ms": t["fetch_ms"] + t["table_ms"],
        "prepare_ms": t["prepare_ms"],
    }
    return json.dumps({"turns_ms": [x * 1000 for x in times], "table": table})
