"""The ``python -m zaria penta`` command line."""

from __future__ import annotations

import argparse
import doctest
import importlib.machinery
import json
import subprocess
import sys
import types

import pytest

import zaria.penta.cli as cli
from zaria.__main__ import main as zaria_main
from zaria.penta.scoring import BOXES


def test_score_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["score", "4,4,4,4,4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "dice: 4 4 4 4 4"
    rows = [line.rsplit(None, 1) for line in lines[1:]]
    assert [label for label, _ in rows] == [cli.BOX_LABELS[b] for b in BOXES]
    assert dict(rows)["Fours"] == "20"
    assert dict(rows)["Penta"] == "50"
    assert dict(rows)["Full house"] == "0"
    assert len({len(line) for line in lines[1:]}) == 1  # the points line up on the right


def test_score_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["score", "1,1,3,4,6", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out) == [b.value for b in BOXES]
    assert {k: v for k, v in out.items() if v} == {
        "aces": 2,
        "threes": 3,
        "fours": 4,
        "sixes": 6,
        "chance": 15,
    }


def test_score_accepts_spaces(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["score", "2", "3", "4", "5", "6", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["large_straight"] == 40


@pytest.mark.parametrize(
    ("dice", "message"),
    [
        ("4,4,4,4", "expected 5 dice, got 4"),
        ("4,4,4,4,4,4", "expected 5 dice, got 6"),
        ("4,4,4,4,7", "die value 7 is not a face from 1 to 6"),
        ("4,4,x,4,4", "die value 'x' is not a face from 1 to 6"),
    ],
)
def test_bad_dice(dice: str, message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["score", dice]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err
    assert captured.err.startswith("penta score:")


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main([]) == 2
    assert cli.main(["score"]) == 2
    assert cli.main(["nonsense"]) == 2
    assert "usage:" in capsys.readouterr().err


def test_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--help"]) == 0
    assert "score" in capsys.readouterr().out


def test_dispatch_from_the_package_entry(capsys: pytest.CaptureFixture[str]) -> None:
    assert zaria_main(["penta", "score", "6,6,6,6,6", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["penta"] == 50


def test_extension_modules_add_commands(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    name = "zaria_test_penta_extension"
    module = types.ModuleType(name)
    module.__spec__ = importlib.machinery.ModuleSpec(name, None)

    def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
        hello = commands.add_parser("hello")
        hello.set_defaults(func=lambda args: print("hi") or 7)

    module.register = register  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, name, module)
    monkeypatch.setattr(cli, "EXTENSIONS", (name, "zaria_test_no_such_module"))
    assert cli.main(["hello"]) == 7
    assert capsys.readouterr().out == "hi\n"
    assert cli.main(["score", "1,2,3,4,5", "--json"]) == 0


def test_subprocess() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "zaria", "penta", "score", "3,3,3,5,5", "--json"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert (out["full_house"], out["three_kind"], out["chance"]) == (25, 19, 19)
    bad = subprocess.run(
        [sys.executable, "-m", "zaria", "penta", "score", "3,3,3"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert bad.returncode == 2 and "expected 5 dice, got 3" in bad.stderr


def test_doctests() -> None:
    result = doctest.testmod(cli)
    assert result.attempted > 0 and result.failed == 0
