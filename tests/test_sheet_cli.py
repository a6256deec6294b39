"""The five-dice command line for every member: ``python -m zaria penta … --rules printed``
and ``python -m zaria yatzy …``, with Penta's flags and JSON."""

from __future__ import annotations

import json

import pytest

import zaria.penta.cli as cli
import zaria.yatzy.cli as yatzy_cli
from zaria.__main__ import main as zaria_main
from zaria.penta.scoring import PRINTED
from zaria.penta.strategy import rules_mask
from zaria.yatzy import YATZY, YatzyBox

YATZY_IDS = [
    "ones",
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "one_pair",
    "two_pairs",
    "three_kind",
    "four_kind",
    "small_straight",
    "large_straight",
    "full_house",
    "chance",
    "yatzy",
]


def _advise(argv: list[str], capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    assert zaria_main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    options: list[dict[str, object]] = out["options"]
    return options


def test_yatzy_s_box_ids_are_the_commands() -> None:
    assert [b.value for b in YATZY.order] == YATZY_IDS
    assert list(yatzy_cli.LABELS) == list(YatzyBox)


def test_yatzy_score_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert zaria_main(["yatzy", "score", "3,3,3,3,5", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out) == YATZY_IDS
    assert {k: v for k, v in out.items() if v} == {
        "threes": 12,
        "fives": 5,
        "one_pair": 6,
        "three_kind": 9,
        "four_kind": 12,
        "chance": 17,
    }


def test_penta_score_takes_the_rules(capsys: pytest.CaptureFixture[str]) -> None:
    for rules in ("penta", "printed"):
        assert cli.main(["score", "2,2,5,5,5", "--rules", rules, "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["full_house"] == 25
    assert cli.main(["score", "2,2,5,5,5", "--rules", "yatzy"]) == 2  # not a Penta house rule
    assert "invalid choice: 'yatzy'" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--used", "aces"], "unknown box 'aces'; boxes are: ones, twos"),
        (["--used", "one_pair,one_pair"], "box one_pair is listed twice"),
        (["--penta-box", "50"], "needs yatzy in --used"),
        (["--used", "yatzy", "--penta-box", "25"], "invalid choice: '25'"),
        (["--used", ",".join(YATZY_IDS), "--penta-box", "0"], "every box is used"),
    ],
)
def test_yatzy_advise_refuses_bad_positions(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert zaria_main(["yatzy", "advise", "--dice", "1,2,3,4,5", *argv]) == 2
    assert message in capsys.readouterr().err


def test_yatzy_positions_read_from_the_flags() -> None:
    state = cli._state("one_pair,sixes", 18, None, YATZY)
    expected = rules_mask(YATZY, [YatzyBox.ONE_PAIR, YatzyBox.SIXES])
    assert (state.used, state.upper, state.penta_box, state.rules) == (expected, 18, None, YATZY)
    # the Yatzy box's content changes nothing to come: it may be left out
    assert cli._state("yatzy", 0, None, YATZY).penta_box == 0
    assert cli._state("yatzy", 0, "50", YATZY).key == cli._state("yatzy", 0, "0", YATZY).key
    with pytest.raises(ValueError, match="give --penta-box 50 or --penta-box 0"):
        cli._state("penta", 0, None, PRINTED)
