"""A Farkle position built for a test: totals banked, dice set aside, the last roll."""

from __future__ import annotations

from collections.abc import Sequence

from zaria.farkle.game import FarkleGame
from zaria.game import Seat


def farkle_position(
    rolls: Sequence[tuple[tuple[int, ...], tuple[int, ...]]],
    last: tuple[int, ...],
    banked: Sequence[int] = (0, 0),
    last_round_by: int | None = None,
    target: int = 10000,
    level: str = "normal",
) -> FarkleGame:
    """Seat 0 (a computer of ``level``) to play with ``banked`` totals, having set aside
    ``rolls`` (each a roll and the positions kept from it) and rolled ``last``."""
    g = FarkleGame.new([Seat(f"P{i}", True, level) for i in range(len(banked))], target)
    d = g.to_dict()
    d["banked"] = list(banked)
    if last_round_by is not None:
        d.update(last_round_by=last_round_by, turns_left=len(banked) - last_round_by)
    g = FarkleGame.from_dict(d)
    for roll, keep in rolls:
        g.apply_roll(roll)
        for i in keep:
            g.toggle(i)
    g.apply_roll(last)
    return g
