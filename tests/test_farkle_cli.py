"""The ``python -m zaria farkle`` command line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from zaria.__main__ import main as zaria_main
from zaria.farkle.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_score(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "1,1,1,5")
    assert code == 0
    assert out.splitlines()[0] == "1, 1, 1, 5: 1050 points"
    assert "three of a kind" in out and "single five" in out


def test_score_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "3 3 3 3 4 4", "--json")
    assert code == 0
    assert json.loads(out) == {
        "dice": [3, 3, 3, 3, 4, 4],
        "points": 1500,
        "combos": [{"combo": "three_pairs", "dice": [3, 3, 3, 3, 4, 4], "points": 1500}],
    }
    code, out, _ = run(capsys, "score", "1,1,1,1", "--json")
    assert json.loads(out)["points"] == 1100


def test_score_refuses_a_non_scoring_die(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "score", "1,1,2")
    assert code == 2 and out == ""
    assert err.startswith("refused:") and "2 fits no scoring combination" in err
    code, out, _ = run(capsys, "score", "5,6", "--json")
    data = json.loads(out)
    assert code == 2
    assert data["error"] == "err.farkle.non_scoring_dice" and data["params"]["die"] == 6


@pytest.mark.parametrize("dice", ["7", "1,1,1,1,1,1,1", "x", ""])
def test_score_refuses_bad_dice(capsys: pytest.CaptureFixture[str], dice: str) -> None:
    code, _, err = run(capsys, "score", dice)
    assert code == 2 and "refused" in err


@pytest.mark.parametrize("dice", ["²", "٣", "١,١", "1,５", "05"])
def test_score_reads_only_the_ascii_digits(capsys: pytest.CaptureFixture[str], dice: str) -> None:
    # int() fails on ² and reads ٣ (Arabic-Indic), ５ (fullwidth) and 05 as numbers.
    code, out, err = run(capsys, "score", dice)
    assert code == 2 and out == ""
    assert err.startswith("refused: die value '") and "is not a face from 1 to 6" in err
    code, out, err = run(capsys, "score", dice, "--json")
    data = json.loads(out)
    assert code == 2 and data["error"] == "err.die_value" and err == ""


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--games", "٣", "--seed", "1", "--players", "normal"],
        ["simulate", "--games", "3", "--seed", "²", "--players", "normal"],
        ["simulate", "--games", "1_0", "--seed", "1", "--players", "normal"],
        ["simulate", "--games", "3", "--seed", "1", "--players", "normal", "--target", "５000"],
    ],
)
def test_simulate_reads_only_the_ascii_digits(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and "invalid integer value" in err


def test_python_dash_m_refuses_a_superscript_without_a_traceback() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "zaria", "farkle", "score", "²"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert "Traceback" not in done.stderr
    assert "refused: die value '²' is not a face from 1 to 6" in done.stderr


def test_odds(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds")
    assert code == 0
    rows = [line.split() for line in out.splitlines()[1:]]
    assert [(r[0], r[1], r[2]) for r in rows] == [
        ("6", "5/216", "2.3"),
        ("5", "25/324", "7.7"),
        ("4", "17/108", "15.7"),
        ("3", "5/18", "27.8"),
        ("2", "4/9", "44.4"),
        ("1", "2/3", "66.7"),
    ]
    code, out, _ = run(capsys, "odds", "--json")
    assert json.loads(out)[0] == {"dice": 6, "fraction": "5/216", "percent": 2.3}


def test_simulate(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--games", "30", "--seed", "4", "--players", "normal,expert"]
    code, out, _ = run(capsys, *argv, "--target", "5000", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["games"] == 30 and data["target"] == 5000
    players = data["players"]
    assert [p["level"] for p in players] == ["normal", "expert"]
    assert sum(p["wins"] for p in players) == pytest.approx(30)
    assert all(300 < p["points_per_turn"] < 800 for p in players)
    again = run(capsys, *argv, "--target", "5000", "--json")[1]
    assert json.loads(again) == data  # same seed, same games
    code, out, _ = run(capsys, *argv)
    assert code == 0 and "win rate" in out and "expert" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--games", "3", "--seed", "1", "--players", "normal,genius"],
        ["simulate", "--games", "0", "--seed", "1", "--players", "normal"],
        ["simulate", "--games", "3", "--seed", "1", "--players", "normal", "--target", "7000"],
        ["simulate", "--games", "x", "--seed", "1", "--players", "normal"],
        ["simulate", "--games", "3", "--seed", "1", "--players", ",".join(["normal"] * 8)],
        ["bogus"],
        [],
    ],
)
def test_usage_errors(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2 and err


def test_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "score" in out and "simulate" in out


def test_dispatch_from_zaria_main(capsys: pytest.CaptureFixture[str]) -> None:
    assert zaria_main(["farkle", "score", "5"]) == 0
    assert capsys.readouterr().out.startswith("5: 50 points")


def test_python_dash_m() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "zaria", "farkle", "score", "2,2,2,1"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and done.stdout.startswith("2, 2, 2, 1: 300 points")
    done = subprocess.run(
        [sys.executable, "-m", "zaria", "farkle", "score", "2,1"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and "2 fits no scoring combination" in done.stderr
