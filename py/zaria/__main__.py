"""Command line: ``python -m zaria penta …``, ``python -m zaria yatzy …`` and
``python -m zaria farkle …``."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

USAGE = """usage: python -m zaria {penta,yatzy,farkle} COMMAND [options]

  penta score DICE [--json]        every box's score for five dice
  penta advise ...                 the optimal player's options, best first
  penta simulate --games N --seed S [--player optimal|casual]
                                   (each with --rules printed for the printed rules)
  yatzy score|advise|simulate ...  the same for Scandinavian Yatzy
  farkle score DICE [--json]       points of dice set aside from one roll
  farkle odds                      the chance that a roll scores nothing
  farkle simulate --games N --seed S --players normal,expert
"""


def main(argv: Sequence[str] | None = None) -> int:
    """Dispatch to the game's own command line; returns the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print(USAGE)
        return 0 if args else 2
    game, rest = args[0], args[1:]
    if game == "penta":
        from zaria.penta.cli import main as penta_main

        return penta_main(rest)
    if game == "yatzy":
        from zaria.yatzy.cli import main as yatzy_main

        return yatzy_main(rest)
    if game == "farkle":
        from zaria.farkle.cli import main as farkle_main

        return farkle_main(rest)
    print(f"unknown game {game!r}\n\n{USAGE}", file=sys.stderr)
    return 2


def run() -> int:
    """``main`` for the console: a reader that stops early (``| head``) is no error."""
    try:
        status = main()
        sys.stdout.flush()
    except BrokenPipeError:
        # Python would report the pipe again when it flushes stdout at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    return status


if __name__ == "__main__":
    sys.exit(run())
