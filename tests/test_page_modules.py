"""The page's own script (web/boot.js) and its modules (web/page/): each module
imports what it uses of another, and the build joins them into the one script the
page loads (tools/build.py), in the order a browser runs them as modules."""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build  # noqa: E402

WEB = ROOT / "web"
MODULES = sorted((WEB / "page").glob("*.js"))
#: A top-level declaration (the modules declare theirs at the start of a line).
DECLARED = re.compile(
    r"^(?:export )?(?:const|let|function|async function|class) ([\w$]+)", re.MULTILINE
)
IMPORTED = re.compile(r'^import\s+\{([^}]*)\}\s*from\s*"[^"]+";', re.MULTILINE)
#: Comments and strings, which name nothing.
NOT_CODE = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.DOTALL)
#: A name used on its own: not a property (``a.name``) nor a key (``name:``).
USED = re.compile(r"(?<![\w$.])([A-Za-z_$][\w$]*)(?![\w$])(?!\s*:)")
#: Names a function or object declares for itself: variables (destructured too),
#: parameters and methods, which may take a name another module uses at its top level.
LOCAL = re.compile(
    r"(?:const|let|var)\s*[\[{]([^\]}]*)[\]}]"  # const [a, b] = …
    r"|function\s*[\w$]*\s*\(([^)]*)\)"  # function f(a, b)
    r"|\(([^()]*)\)\s*=>"  # (a, b) =>
    r"|([\w$]+)\s*=>"  # a =>
    r"|(?:const|let|var)\s+([\w$]+)"  # let a
    r"|^\s+([\w$]+)\([^)]*\)\s*\{",  # a method: name(a) {
    re.MULTILINE,
)


def _site(into: Path) -> Path:
    """The page's scripts, as the build copies them."""
    shutil.copytree(WEB, into / "web")
    return into


def test_a_module_uses_no_name_of_another_it_does_not_import() -> None:
    """As modules, the names of one are unknown to the others unless imported; joined,
    they would be found all the same, so this is checked here."""
    sources = {m: m.read_text(encoding="utf-8") for m in [WEB / "boot.js", *MODULES]}
    declared = {m: set(DECLARED.findall(text)) for m, text in sources.items()}
    for module, text in sources.items():
        imported = {n.strip() for names in IMPORTED.findall(text) for n in names.split(",")}
        others = set().union(*(names for m, names in declared.items() if m != module))
        code = IMPORTED.sub("", NOT_CODE.sub(" ", text))
        local = {n for found in LOCAL.findall(code) for n in re.findall(r"[\w$]+", "".join(found))}
        unknown = (set(USED.findall(code)) & others) - imported - local
        assert not unknown, f"{module.name} uses {sorted(unknown)} without importing them"


def test_the_build_joins_every_module_into_the_page_script(tmp_path: Path) -> None:
    site = _site(tmp_path)
    build._join_page(site)
    joined = (site / "web" / "boot.js").read_text(encoding="utf-8")
    assert not (site / "web" / "page").exists()
    parts = re.findall(r"^// -- (web/[\w/.]+) -+$", joined, re.MULTILINE)
    assert sorted(parts) == sorted(["web/boot.js", *(f"web/page/{m.name}" for m in MODULES)])
    # Each module after those it imports (state.js imports none), the entry last.
    assert parts[0] == "web/page/state.js"
    assert parts[-1] == "web/boot.js"
    assert not re.search(r"^(?:import|export)\b(?!\()", joined, re.MULTILINE)
    # PyScript's module, imported at run time, is addressed from the joined script.
    assert 'await import("../vendor/pyscript/core.js")' in joined


def test_a_module_imported_by_none_stops_the_build(tmp_path: Path) -> None:
    site = _site(tmp_path)
    (site / "web" / "page" / "stray.js").write_text("export const stray = 1;\n")
    with pytest.raises(SystemExit, match=r"web/page/stray\.js: imported by no module"):
        build._join_page(site)


def test_an_import_of_a_name_not_exported_stops_the_build(tmp_path: Path) -> None:
    site = _site(tmp_path)
    boot = site / "web" / "boot.js"
    boot.write_text('import { nothing } from "./page/state.js";\n' + boot.read_text())
    with pytest.raises(SystemExit, match=r"\['nothing'\], which ./page/state.js does not"):
        build._join_page(site)


def test_two_modules_declaring_one_name_stop_the_build(tmp_path: Path) -> None:
    site = _site(tmp_path)
    files = site / "web" / "page" / "files.js"
    files.write_text(files.read_text() + "\nconst app = 1;\n")
    with pytest.raises(SystemExit, match="is not a valid module"):
        build._join_page(site)
