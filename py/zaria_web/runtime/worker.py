"""The worker's end of the page: the only module that imports ``js`` and ``polyscript``.

PyScript runs ``worker.py`` (the site's) in a web worker; it calls :func:`serve`,
which hands the page's calls to a :class:`zaria_web.runtime.relay.Relay` and gives the
relay what only the worker's JavaScript has: sending to the page, and downloads.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]

from zaria_web.runtime.relay import Relay

# Downloads under way (a task nobody holds could be collected before it ends).
_tasks: set[Any] = set()


def _fetch(url: str, done: Callable[[bytes], None], failed: Callable[[str], None]) -> None:
    async def fetch() -> None:
        try:
            response = await js.fetch(url)
            if not response.ok:
                failed(f"{url}: HTTP {response.status}")
                return
            buffer = await response.arrayBuffer()
            data = buffer.to_bytes()
        except Exception as exc:
            failed(f"{url}: {exc}")
            return
        done(data)

    _tasks.add(task := asyncio.ensure_future(fetch()))
    task.add_done_callback(_tasks.discard)


def _selfcheck() -> str:
    from zaria_web.runtime.selfcheck import run_selfcheck

    return json.dumps(run_selfcheck())


def _bench_penta(n: int) -> str:
    from zaria_web.penta.bench import page_bench

    return page_bench(n)


def serve(xworker: Any) -> None:
    """Answer the page: ``call(kind, payload)`` for its events, plus the hooks of the
    page's self-check and benchmarks."""
    relay = Relay(push=lambda text: xworker.postMessage(text), fetch=_fetch)
    sync = xworker.sync
    sync.call = lambda kind, payload: relay.call(str(kind), str(payload))
    sync.selfcheck = _selfcheck
    sync.bench_penta = _bench_penta
