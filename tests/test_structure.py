"""The shape of the code: no import cycles, short functions, views apart from controllers.

The browser layer is one update loop (see :mod:`zaria_web.app`): views draw a
snapshot and never reach back into the screens that hold the models, and the
engine never imports the browser layer.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

from zaria_web import games

PY = Path(__file__).resolve().parent.parent / "py"
#: The longest a function may be, in lines (decorators and docstring included).
MAX_FUNCTION_LINES = 50
#: The highest cyclomatic complexity a function may have, as radon counts it (each
#: boolean operator and comprehension a branch, unlike ruff's mccabe check).
MAX_COMPLEXITY = 15


def module_name(path: Path) -> str:
    parts = path.relative_to(PY).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(PY.rglob("*.py"))}


def imports(name: str) -> set[str]:
    """The project's modules ``name`` imports, anywhere in it (a function's own
    imports included: importing late does not break a cycle of meaning)."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            targets = [base] + [f"{base}.{a.name}" for a in node.names]
        else:
            continue
        found |= {t for t in targets if t in MODULES and t != name}
    return found


GRAPH = {name: imports(name) for name in MODULES}


def test_no_module_imports_itself_through_others() -> None:
    cycles = []
    for start in GRAPH:
        stack = [(start, (start,))]
        seen: set[str] = set()
        while stack:
            node, path = stack.pop()
            for nxt in GRAPH[node]:
                if nxt == start:
                    cycles.append(" → ".join((*path, start)))
                elif nxt not in seen:
                    seen.add(nxt)
                    stack.append((nxt, (*path, nxt)))
    assert not cycles, "\n".join(sorted(cycles))


def test_the_engine_never_imports_the_browser_layer() -> None:
    bad = {n: sorted(i) for n, i in GRAPH.items() if n.startswith("zaria.") or n == "zaria"}
    assert all(not m.startswith("zaria_web") for deps in bad.values() for m in deps), bad


VIEWS = sorted(
    n for n in MODULES if n.endswith(("view", "setup_view")) or n == "zaria_web.ui.widgets"
)


def test_there_are_views_to_check() -> None:
    assert {"zaria_web.penta.view", "zaria_web.farkle.view", "zaria_web.ui.widgets"} <= set(VIEWS)


@pytest.mark.parametrize("name", VIEWS)
def test_a_view_imports_no_controller(name: str) -> None:
    """A view module draws what it is given: it imports no screen, no app."""
    controllers = {n for n in MODULES if n.endswith(".screen") or n == "zaria_web.app"}
    controllers.discard("zaria_web.screen")  # the contract, not a controller
    assert not GRAPH[name] & controllers, sorted(GRAPH[name] & controllers)


@pytest.mark.parametrize("name", sorted(MODULES))
def test_every_function_fits_on_a_screen(name: str) -> None:
    tree = ast.parse(MODULES[name].read_text())
    long = [
        (node.name, node.end_lineno - node.lineno + 1)
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.end_lineno is not None
        and node.end_lineno - node.lineno + 1 > MAX_FUNCTION_LINES
    ]
    assert not long, f"{name}: {long}"


#: An HTML tag in a string: ``<p``, ``</p>``, ``<br>``, ``<svg ``.
HTML_TAG = re.compile(r"</?[a-zA-Z][a-zA-Z0-9-]*[\s/>]")
#: The modules that may write HTML by hand: the builder itself (its elements, and the
#: die faces' fixed SVG).
HTML_WRITERS = {"zaria_web.ui.html"}


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstrings' nodes (they describe markup, with examples)."""
    found = set()
    for node in ast.walk(tree):
        kinds = ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef
        if isinstance(node, kinds) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def html_literals(path: Path) -> list[tuple[int, str]]:
    """The string literals (f-strings' pieces included) holding an HTML tag, with
    their line, docstrings aside."""
    tree = ast.parse(path.read_text())
    docs = _docstrings(tree)
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docs
        and HTML_TAG.search(node.value)
    ]


BROWSER_LAYER = sorted(n for n in MODULES if n.startswith("zaria_web"))


@pytest.mark.parametrize("name", BROWSER_LAYER)
def test_html_is_built_with_the_escaping_builder(name: str) -> None:
    """Outside :mod:`zaria_web.ui.html`, no string holds an HTML tag: elements are built
    with ``el()``, which escapes text unless it is :class:`~zaria_web.ui.html.Markup`."""
    if name in HTML_WRITERS:
        return
    assert not html_literals(MODULES[name]), html_literals(MODULES[name])


def test_the_html_check_sees_tags(tmp_path: Path) -> None:
    source = "x = f'<p class=\"a\">{y}</p>'\n\ndef f():\n    '''<p> in a docstring.'''\n"
    path = tmp_path / "probe.py"
    path.write_text(source)
    assert [line for line, _ in html_literals(path)] == [1, 1]


def test_only_a_game_s_own_package_imports_its_engine() -> None:
    from zaria_web import games

    engines = tuple(f"zaria.{g}" for g in games.NAMES)
    web = [name for name in MODULES if name.startswith("zaria_web.")]
    assert any(t.startswith(engines) for name in web for t in GRAPH[name])  # the check sees them
    found = [
        f"{name} imports {target}"
        for name in web
        for target in GRAPH[name]
        if target.startswith(engines) and not name.startswith(f"zaria_web.{target.split('.')[1]}")
    ]
    assert not found, found


def _classes() -> dict[str, list[str]]:
    """Each class of the browser layer, by name, and the names of its bases."""
    out: dict[str, list[str]] = {}
    for name, path in MODULES.items():
        if not name.startswith("zaria_web"):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                bases = [ast.unparse(b).split("[")[0].rsplit(".", 1)[-1] for b in node.bases]
                out.setdefault(node.name, []).extend(bases)
    return out


def test_no_screen_is_more_than_one_level_under_the_screen_base() -> None:
    classes = _classes()
    screens = {c for c, bases in classes.items() if "Page" in bases}
    assert "GameScreen" in screens  # the check sees the screens
    deeper = {c: bases for c, bases in classes.items() if set(bases) & screens}
    assert not deeper, f"screens built on other screens: {deeper}"


#: The shared modules that hold no game's knowledge: what a game counts, stores or
#: celebrates comes from its own package, through the registry.
SHARED_PACKAGES = ("zaria_web.storage", "zaria_web.runtime")
#: The registered games' names (the registry is the one place that lists them).
GAME_WORDS = re.compile("|".join(games.NAMES), re.IGNORECASE)
#: Every shared module of the browser layer: all but the games' own packages and the
#: registry itself. Their code (names and strings) names no game; their comments may
#: give a game's case as an example.
SHARED_MODULES = [
    name
    for name in MODULES
    if name.startswith("zaria_web")
    and name != "zaria_web.games"
    and not any(name.startswith(f"{g.package}.") or name == g.package for g in games.GAMES)
]


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes of a module, its classes and functions."""
    owners = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, owners) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def game_words(source: str, comments: bool = True) -> list[str]:
    """The identifiers, strings (docstrings apart) and, with ``comments``, the
    comments of ``source`` that name a game."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    words: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in docs:
                words.append(node.value)
        elif isinstance(node, ast.Name):
            words.append(node.id)
        elif isinstance(node, ast.Attribute):
            words.append(node.attr)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            words.append(node.name)
        elif isinstance(node, (ast.arg, ast.keyword)):
            words.append(node.arg or "")
        elif isinstance(node, ast.alias):
            words.extend([node.name, node.asname or ""])
        elif isinstance(node, ast.ImportFrom):
            words.append(node.module or "")
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    words += [t.string for t in tokens if comments and t.type == tokenize.COMMENT]
    return [w for w in words if GAME_WORDS.search(w)]


def test_the_game_words_check_sees_names_strings_and_comments() -> None:
    source = '"""Penta, in a docstring."""\nPENTAS = ("farkle",)  # Farkle\ndef f(penta): ...\n'
    assert game_words(source) == ["PENTAS", "farkle", "penta", "# Farkle"]
    assert game_words('def f():\n    """As Penta counts."""\n') == []


@pytest.mark.parametrize("name", [n for n in MODULES if n.startswith(SHARED_PACKAGES)])
def test_shared_storage_and_runtime_name_no_game(name: str) -> None:
    found = game_words(MODULES[name].read_text())
    assert not found, f"{name} names a game: {found}"


def test_the_games_are_known_from_the_registry() -> None:
    assert GAME_WORDS.search("Penta") and GAME_WORDS.search("farkle")
    assert len(SHARED_MODULES) > 30 and "zaria_web.play.screen" in SHARED_MODULES
    assert not [m for m in SHARED_MODULES if m.startswith("zaria_web.penta")]


@pytest.mark.parametrize("name", SHARED_MODULES)
def test_shared_modules_name_no_game_in_their_code(name: str) -> None:
    found = game_words(MODULES[name].read_text(), comments=False)
    assert not found, f"{name} names a game: {found}"


def test_no_function_is_above_the_complexity_limit() -> None:
    from radon.complexity import cc_visit

    over = [
        f"{MODULES[name].relative_to(PY)}:{block.lineno} {block.fullname} {block.complexity}"
        for name in MODULES
        for block in cc_visit(MODULES[name].read_text())
        if block.complexity > MAX_COMPLEXITY
    ]
    assert not over, "\n".join(over)
