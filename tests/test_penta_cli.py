"""The ``python -m zaria penta`` command line."""

from __future__ import annotations

import json
import subprocess
import sys

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


@pytest.mark.parametrize("dice", ["²,1,1,1,1", "٣,1,1,1,1", "1,1,1,1,１", "1,1,1,1,03"])
def test_score_reads_only_the_ascii_digits(dice: str, capsys: pytest.CaptureFixture[str]) -> None:
    # int() fails on ² and reads ٣ (Arabic-Indic), １ (fullwidth) and 03 as numbers.
    assert cli.main(["score", dice]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("penta score: die value '")
    assert "is not a face from 1 to 6" in captured.err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["advise", "--dice", "²,1,1,1,1"], "penta advise: die value '²' is not a face"),
        (["advise", "--dice", "1,1,1,1,1", "--upper", "٣"], "invalid integer value: '٣'"),
        (["advise", "--dice", "1,1,1,1,1", "--rolls-left", "²"], "invalid integer value"),
        (["simulate", "--games", "٣"], "invalid integer value: '٣'"),
        (["simulate", "--seed", "1_0"], "invalid integer value: '1_0'"),
    ],
)
def test_other_commands_read_only_the_ascii_digits(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and message in captured.err


@pytest.mark.parametrize("dice", ["²,1,1,1,1", "٣,1,1,1,1"])
def test_subprocess_refuses_non_ascii_digits_without_a_traceback(dice: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "zaria", "penta", "score", dice],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert "Traceback" not in done.stderr
    assert f"die value '{dice[0]}' is not a face from 1 to 6" in done.stderr


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


def test_every_command_is_in_the_one_parser(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--help"]) == 0
    usage = capsys.readouterr().out
    for command in ("score", "advise", "simulate"):
        assert command in usage
        assert cli.main([command, "--help"]) == 0
    assert "--player {optimal,casual}" in capsys.readouterr().out  # the engine's levels


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
