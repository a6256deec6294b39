"""What a five-dice member's strategy table costs, and why: the bytes of its file at
each step, and how close its decisions come to ties.

Solves the member (``--rules``, Yatzy by default: about a minute), then prints

- its number of values, and how many rows of the file differ from the row before
  (the rows that carry information; the others are zeros after the file's transform);
- the size of the file's compressed body (format 2: residuals by byte plane, zlib at
  level 9; xz beside it, as what a stronger general-purpose compressor would give) with
  every value rounded to ``2**-k``, for each step ``k`` of ``--steps``, before the
  values a decision needs finer are added;
- how many states have a decision (a box for a final roll, a keep with one or two
  re-rolls left) whose best option is within ``g`` of the next, for a few ``g``: a
  value off by half a step changes every decision closer than a step, which the file
  must then keep finer.

``python bench/table_size.py [--rules yatzy] [--steps 12,10,8,6,4]``
"""

from __future__ import annotations

import argparse
import lzma
import sys
import time
import zlib
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "py"))

import penta_solver as solver  # noqa: E402
from zaria.penta.members import rules_named  # noqa: E402

GAPS = (1e-2, 1e-3, 1e-4, 1e-5, 1e-6)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", type=rules_named, default=rules_named("yatzy"))
    parser.add_argument("--steps", default="12,10,8,6,4")
    args = parser.parse_args()
    lay = solver.layout(args.rules)
    t0 = time.perf_counter()
    e = solver.solve(args.rules)
    values = solver.float_table(lay, e)
    print(f"{args.rules.id}: {len(values):,} values, solved in {time.perf_counter() - t0:.0f} s")
    q = np.rint(values * 2.0**12).astype(np.int64)
    rows = solver.transform(q, lay).reshape(len(solver.ROWS), -1)
    live = int((rows != 0).any(axis=1).sum())
    print(f"rows: {len(rows):,}, of which {live:,} differ from the row before")
    print("step       zlib body   xz body")
    for bits in (int(b) for b in args.steps.split(",")):
        # The file as the solver writes it, with no value kept finer: its zlib body.
        data = solver.table_bytes(values, np.zeros(0, dtype=np.int64), bits, lay)
        packed = data[solver.HEADER.size :]
        xz = lzma.compress(zlib.decompress(packed), preset=9 | lzma.PRESET_EXTREME)
        print(f"2**-{bits:<5d} {len(packed):>10,} {len(xz):>10,}")
    found = solver.survey(lay, solver.dense(values, lay), 0.0)
    print(f"states with a turn: {len(found.gaps):,}")
    for g in GAPS:
        n = int((found.gaps <= g).sum())
        print(f"  a decision within {g:.0e} of another option: {n:>9,} states")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
