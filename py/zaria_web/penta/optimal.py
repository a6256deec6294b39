"""The optimal player's final scores at solitaire, as shipped for a member of the
five-dice family (its :attr:`~zaria_web.penta.member.Member.scores_file`).

``zaria/data/<rules>_optimal_scores.json`` (Penta's, Yatzy's) is written by
``tools/penta_distribution.py`` (simulated games with the strategy table's
player; its docs give the format). It is small, so it ships inside the app's
package rather than being downloaded. :func:`regroup` puts its counts into the
bins a chart draws.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any

FILE = "penta_optimal_scores.json"


@dataclass(frozen=True)
class Distribution:
    """How many of ``games`` games ended in each ``width``-point range from 0."""

    games: int
    width: int
    counts: tuple[int, ...]
    mean: float
    sd: float

    def percentile(self, p: float) -> int:
        """The lowest score with at least the share ``p`` of the games at or below its bin.

        >>> Distribution(4, 10, (1, 2, 1), 12.5, 7.0).percentile(0.5)
        10
        """
        seen = 0
        for i, c in enumerate(self.counts):
            seen += c
            if seen >= p * self.games:
                return i * self.width
        return (len(self.counts) - 1) * self.width


def parse(raw: bytes | str) -> Distribution:
    """The shipped file's distribution; raises ValueError on anything else."""
    d: Any = json.loads(raw)
    if not isinstance(d, dict) or d.get("format") != 1:
        raise ValueError("not a score distribution")
    counts, games, width = d.get("counts"), d.get("games"), d.get("bin")
    if not isinstance(counts, list) or not all(type(c) is int and c >= 0 for c in counts):
        raise ValueError("bad counts")
    if type(games) is not int or games != sum(counts) or games < 1:
        raise ValueError("the counts do not add up to the games")
    if type(width) is not int or width < 1:
        raise ValueError("bad bin width")
    mean, sd = d.get("mean"), d.get("sd")
    if not isinstance(mean, int | float) or not isinstance(sd, int | float):
        raise ValueError("bad mean or standard deviation")
    return Distribution(games, width, tuple(counts), float(mean), float(sd))


@cache
def load(file: str = FILE) -> Distribution | None:
    """The distribution shipped as ``zaria/data/<file>`` (Penta's by default; None if
    the file is missing or damaged)."""
    try:
        return parse((files("zaria") / "data" / file).read_bytes())
    except (OSError, ValueError):
        return None


def regroup(dist: Distribution, edges: Sequence[int]) -> list[int]:
    """``dist``'s counts in the bins from ``edges[i]`` to ``edges[i + 1] - 1``, the
    first bin taking every lower score and the last every higher one (the edges
    are multiples of the distribution's width).

    >>> regroup(Distribution(6, 10, (1, 2, 1, 2), 20.0, 9.0), [10, 20, 30])
    [3, 3]
    """
    out = [0] * (len(edges) - 1)
    for i, c in enumerate(dist.counts):
        score = i * dist.width
        b = sum(1 for e in edges[1:-1] if score >= e)
        out[b] += c
    return out


def scores_in(scores: Sequence[int], edges: Sequence[int]) -> list[int]:
    """How many of ``scores`` fall in each bin, the ends open as in :func:`regroup`.

    >>> scores_in([5, 15, 99], [10, 20, 30])
    [2, 1]
    """
    out = [0] * (len(edges) - 1)
    for s in scores:
        out[sum(1 for e in edges[1:-1] if s >= e)] += 1
    return out
