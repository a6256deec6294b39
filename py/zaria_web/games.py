"""The registry of the games the app plays.

A game is a package of the browser layer (``zaria_web.penta``) registered here
once, in :data:`GAMES`; the code every game shares reads the registry and names
no game. A game's package holds, as modules imported on first use (a player who
opens Farkle never imports Penta):

- ``screen``: its :class:`~zaria_web.play.screen.GameSpec` as ``SPEC`` (the spec
  and the part of the one game screen, with its views);
- ``selfcheck``: ``checks()``, a few of its rules for the engine's self-check in
  the page (:mod:`zaria_web.runtime.selfcheck`);
- ``rules``: ``sections()``, its rules page (:mod:`zaria_web.pages.rules`);
- ``figures``: its own figures in the statistics (:mod:`zaria_web.pages.stats`):
  ``count_log`` counts them from a game's log, ``SUMMED`` (if it has one) names
  those of each seat's figures when a game ends (its screen's ``stats_extra``) that
  its summary adds up over the people, and ``COLUMNS``, ``cells`` and
  ``summary_rows`` show them (:mod:`zaria_web.storage.player_stats`);
- ``bench`` (if it has one): ``page_bench(n)``, its benchmark in the page;
- ``lesson`` (if it has one, :attr:`Registered.lesson`): ``SCRIPT``, its lesson on
  scripted dice (:mod:`zaria_web.play.lesson`);
- ``words`` (if it has them): its own words, a module per language (``words.en`` …,
  each with its ``MESSAGES``), merged into the catalogues when the game is
  registered (:func:`zaria.i18n.add_words`), so that adding a game edits no
  catalogue of the app.

Its entry also names the data files the build ships for it, the die face of its
card, and whether it has house rules; the page's stylesheet for it is
``web/css/<name>.css``. A game added while the app runs (:func:`register`, as the
tests add one of their own) is read like the others: :data:`GAMES`,
:data:`NAMES`, :data:`PADS` and :data:`PLAYED` follow the registry.

Every game is played on the one :class:`~zaria_web.play.screen.GameScreen`
(:func:`~zaria_web.play.screen.game_screen`), in one of its modes: with the
app's dice, as a score pad for real dice (``<game>-pad``), as a challenge on
duplicate dice (the daily dice, ``<game>-daily``, and a duel by link,
``<game>-duel``, for a game whose spec has them), as a lesson on scripted dice
(``<game>-lesson``, for a game that has one), or looked at again once over
(``viewer``). This module imports nothing of the app (only the engine's catalogues,
to add a game's words): every part of it may read the registry.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any, TypeVar, overload

from zaria import i18n

#: The suffix of a score pad's screen name (``penta-pad``).
PAD = "-pad"
#: The suffixes of a game's challenges on duplicate dice (:mod:`zaria_web.play.challenge`):
#: its daily dice (``penta-daily``) and its duel by link (``penta-duel``).
DAILY = "-daily"
DUEL = "-duel"
CHALLENGES = (DAILY, DUEL)
#: The suffix of a game's lesson (``penta-lesson``, :mod:`zaria_web.play.lesson`).
LESSON = "-lesson"

T = TypeVar("T")


@dataclass(frozen=True)
class Registered:
    """A game of the registry: its name (``penta``: its screen's, its address's) and
    the package that holds it."""

    name: str
    package: str
    #: Whether its games are counted per set of house rules (its ``figures`` module
    #: reads their ids: ``canonical_rules``, ``rules_label``).
    house_rules: bool = False
    #: The data files (``zaria/data/…``) it downloads when first needed; the build
    #: puts them in the site's ``data/``.
    data: tuple[str, ...] = ()
    #: The die face drawn on its card on the home screen.
    art: int = 1
    #: Its own settings, each ``(key, default, the values it may take)``, kept with
    #: the app's (:mod:`zaria_web.storage.settings`).
    settings: tuple[tuple[str, str, tuple[str, ...]], ...] = ()
    #: Whether it has the daily dice and duels by link (its spec's ``duplicate``).
    duplicate: bool = False
    #: Whether it has a lesson (its ``lesson`` module).
    lesson: bool = False

    def module(self, part: str) -> ModuleType:
        """The game's module ``part`` (``screen``, ``selfcheck``), imported on first use."""
        return importlib.import_module(f"{self.package}.{part}")

    def figures(self) -> Any:
        """The game's own figures in the statistics (its ``figures`` module)."""
        return self.module("figures")

    def bench(self, n: int) -> str:
        """The game's benchmark in the page, ``n`` times (its ``bench`` module's
        ``page_bench``, as JSON); raises ValueError for a game without one."""
        try:
            module = self.module("bench")
        except ModuleNotFoundError as exc:
            if exc.name != f"{self.package}.bench":
                raise
            raise ValueError(f"the game {self.name} has no benchmark ({exc.name})") from None
        return str(module.page_bench(n))

    def lesson_script(self) -> Any:
        """The game's lesson (its ``lesson.SCRIPT``, :mod:`zaria_web.play.lesson`)."""
        return self.module("lesson").SCRIPT

    @property
    def words(self) -> str:
        """The package of its own words (``<package>.words``), if it has one."""
        return f"{self.package}.words"

    def spec(self) -> Any:
        """The game's :class:`~zaria_web.play.screen.GameSpec` (its ``screen.SPEC``)."""
        return self.module("screen").SPEC


class Live(Sequence[T]):
    """A tuple of the registry read afresh at each use: the games, or their names,
    as they are now. Code that imports :data:`NAMES` once sees a game registered
    later (:func:`register`) all the same."""

    def __init__(self, now: Callable[[], tuple[T, ...]]) -> None:
        self._now = now

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[T, ...]: ...

    def __getitem__(self, index: int | slice) -> T | tuple[T, ...]:
        return self._now()[index]

    def __len__(self) -> int:
        return len(self._now())

    def __iter__(self) -> Iterator[T]:
        return iter(self._now())

    def __contains__(self, item: object) -> bool:
        return item in self._now()

    def __repr__(self) -> str:
        return repr(self._now())


#: The registry itself, in the order the app shows the games.
_REGISTERED: list[Registered] = [
    Registered(
        "penta",
        "zaria_web.penta",
        house_rules=True,
        data=("penta_table.bin", "penta_printed_table.bin"),
        art=5,
        settings=(("autorecord", "3", ("3", "5", "10", "off")), ("coach", "off", ("on", "off"))),
        duplicate=True,
        lesson=True,
    ),
    Registered(
        "farkle",
        "zaria_web.farkle",
        house_rules=True,
        data=("farkle_master_standard.bin",),
        art=6,
        duplicate=True,
        lesson=True,
    ),
    Registered(
        "yatzy", "zaria_web.yatzy", data=("yatzy_table.bin",), art=4, duplicate=True, lesson=True
    ),
]

#: Each registered game's own words, merged into the catalogues (their undo, by name).
_WORDS: dict[str, Callable[[], None]] = {g.name: i18n.add_words(g.words) for g in _REGISTERED}

#: The games, in the order the app shows them.
GAMES: Live[Registered] = Live(lambda: tuple(_REGISTERED))


def named(game: str) -> Registered:
    """The registered game called ``game``; raises ValueError for an unknown one."""
    for g in GAMES:
        if g.name == game:
            return g
    raise ValueError(f"no game is called {game!r}; games: {', '.join(g.name for g in GAMES)}")


#: The games' names, in order; each one's score pad; every screen that plays a game.
NAMES: Live[str] = Live(lambda: tuple(g.name for g in _REGISTERED))
PADS: Live[str] = Live(lambda: tuple(g.name + PAD for g in _REGISTERED))
#: The challenges on duplicate dice of the games that have them (:attr:`Registered.duplicate`).
DUPLICATES: Live[str] = Live(
    lambda: tuple(g.name + kind for g in _REGISTERED if g.duplicate for kind in CHALLENGES)
)
PLAYED: Live[str] = Live(lambda: (*NAMES, *PADS, *DUPLICATES))
#: The lessons of the games that have one (:attr:`Registered.lesson`): neither saved
#: nor counted, so apart from :data:`PLAYED`.
LESSONS: Live[str] = Live(lambda: tuple(g.name + LESSON for g in _REGISTERED if g.lesson))
#: The games that have the daily dice and duels.
DUELLING: Live[str] = Live(lambda: tuple(g.name for g in _REGISTERED if g.duplicate))


def register(game: Registered) -> Callable[[], None]:
    """Add ``game`` to the registry, after the others; returns what takes it out
    again. Everything that reads the registry sees it from now on: home's cards,
    its screens and addresses, the statistics, the finished games kept.

    >>> undo = register(Registered("sevens", "sevens_package"))
    >>> NAMES[-1], "sevens-pad" in PLAYED
    ('sevens', True)
    >>> undo(); "sevens" in NAMES
    False
    """
    taken = {*NAMES, *PLAYED, *LESSONS}
    if not re.fullmatch(r"[a-z]+", game.name) or game.name in taken:
        raise ValueError(f"a game cannot be called {game.name!r}; games: {', '.join(NAMES)}")
    _REGISTERED.append(game)
    _WORDS[game.name] = i18n.add_words(game.words)

    def undo() -> None:
        _REGISTERED.remove(game)
        _WORDS.pop(game.name)()

    return undo


def screen_modules() -> tuple[str, ...]:
    """The modules of the games' screens (what a memory snapshot imports ahead)."""
    return tuple(f"{g.package}.screen" for g in GAMES)


def split(screen: str) -> tuple[str, str]:
    """A game's screen name as its game and mode (``""``, :data:`PAD`, :data:`DAILY`,
    :data:`DUEL`, :data:`LESSON`).

    >>> split("penta"), split("farkle-pad"), split("penta-daily"), split("farkle-lesson")
    (('penta', ''), ('farkle', '-pad'), ('penta', '-daily'), ('farkle', '-lesson'))
    """
    for mode in (PAD, *CHALLENGES, LESSON):
        if screen.endswith(mode):
            return screen.removesuffix(mode), mode
    return screen, ""
