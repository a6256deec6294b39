"""The page and the build read the registry of games (:mod:`zaria_web.games`): what
they write lists exactly its games, and the files every game shares name none."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from zaria.i18n import LANGUAGES, Translator
from zaria_web import games

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build  # noqa: E402
import prerender  # noqa: E402

SOURCE = (ROOT / "index.html").read_text(encoding="utf-8")

#: The files every game shares: the page, its scripts and styles, the build and the
#: shared screens. None of them names a game (a game's name is its package's to say).
SHARED = (
    "index.html",
    "tools/build.py",
    "tools/prerender.py",
    "web/early.js",
    "web/feel.js",
    "web/boot.js",
    "web/sw.js",
    *sorted(
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "web" / "css").glob("*.css")
        if p.stem not in games.NAMES
    ),
    *sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "web" / "page").glob("*.js")),
    "py/zaria_web/runtime/effects.py",
    "py/zaria_web/runtime/worker.py",
    "py/zaria_web/app.py",
    "py/zaria_web/screen.py",
    "py/zaria_web/runtime/selfcheck.py",
    "py/zaria_web/pages/home.py",
    "py/zaria_web/pages/settings.py",
    "py/zaria_web/storage/settings.py",
)


@pytest.fixture(scope="module")
def page() -> str:
    return prerender.prerender(SOURCE)


def test_the_page_names_the_registrys_games(page: str) -> None:
    meta = re.search(r'<meta name="zaria-games" content="([^"]*)">', page)
    assert meta is not None and meta[1].split() == list(games.NAMES)
    description = re.search(r'<meta name="description" content="([^"]*)">', page)
    names = [Translator("en")("game." + g) for g in games.NAMES]
    named = ", ".join(names[:-1]) + " and " + names[-1]
    assert named.startswith("Penta, Farkle") or named == "Penta and Farkle"
    assert description is not None and description[1].startswith(named + ": ")


def test_the_page_links_each_games_stylesheet_once(page: str) -> None:
    linked = re.findall(r'<link rel="stylesheet" href="\./web/css/([\w-]+)\.css">', page)
    assert [name for name in linked if name in games.NAMES] == list(games.NAMES)
    assert len(linked) == len(set(linked))
    for game in games.NAMES:
        assert (ROOT / prerender.stylesheet(game)).is_file()


def test_each_games_form_is_drawn_ahead_in_every_language(page: str) -> None:
    seated = tuple(g + prerender.SEATED for g in games.NAMES)
    challenges = tuple(g + c for g in games.DUELLING for c in games.CHALLENGES)
    for lang in LANGUAGES:
        drawn = re.findall(rf'<template id="pre-([\w.-]+)-{lang}"', page)
        assert sorted(drawn) == sorted(("home", "words", *games.NAMES, *seated, *challenges))
    assert prerender.screens() == ("home", *games.NAMES, *seated)


def test_the_source_page_leaves_the_games_to_the_build() -> None:
    for mark in prerender.games_head():
        assert SOURCE.count(mark) == 1


def test_the_build_ships_the_data_files_the_registry_names(tmp_path: Path) -> None:
    named = [name for game in games.GAMES for name in game.data]
    assert build.data_files() == tuple(named)
    assert named, "a game downloads a table"
    build._data(tmp_path)
    shipped = sorted(p.name for p in (tmp_path / "data").iterdir())
    assert shipped == sorted(n for n in named if (ROOT / "py" / "zaria" / "data" / n).exists())


def test_the_build_refuses_a_game_without_its_stylesheet(tmp_path: Path) -> None:
    (tmp_path / "web" / "css").mkdir(parents=True)
    for game in games.NAMES[1:]:
        (tmp_path / prerender.stylesheet(game)).write_text("")
    with pytest.raises(SystemExit, match=games.NAMES[0]):
        build._game_styles(tmp_path)
    (tmp_path / prerender.stylesheet(games.NAMES[0])).write_text("")
    build._game_styles(tmp_path)


@pytest.mark.parametrize("path", SHARED)
def test_a_shared_file_names_no_game(path: str) -> None:
    text = (ROOT / path).read_text(encoding="utf-8")
    named = {
        f"{m[0]} (line {text.count(chr(10), 0, m.start()) + 1})"
        for game in games.NAMES
        for m in re.finditer(game, text, re.IGNORECASE)
    }
    assert not named, f"{path} names a game: {', '.join(sorted(named))}"


def test_the_pages_benchmark_hook_asks_the_games_own_bench_module() -> None:
    without = [
        g for g in games.GAMES if not (ROOT / "py" / "zaria_web" / g.name / "bench.py").exists()
    ]
    for game in without:
        with pytest.raises(ValueError, match=f"the game {game.name} has no benchmark"):
            game.bench(1)
    assert len(without) < len(games.GAMES), "a game has a benchmark in the page"
