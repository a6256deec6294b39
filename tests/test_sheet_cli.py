"""The five-dice command line for every member: ``python -m zaria penta … --rules printed``
and ``python -m zaria yatzy …``, with Penta's flags and JSON."""

from __future__ import annotations

import json

import pytest

import zaria.penta.cli as cli
import zaria.yatzy.cli as yatzy_cli
from zaria.__main__ import main as zaria_main
from zaria.penta.scoring import PENTA, PRINTED, Box
from zaria.penta.strategy import SheetState, default_strategy, rules_mask
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


def test_the_printed_rules_force_the_joker_after_a_sacrificed_box(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["advise", "--dice", "4,4,4,4,4", "--rolls-left", "0", "--used", "penta"]
    argv += ["--penta-box", "0", "--json"]
    printed = _advise(["penta", *argv, "--rules", "printed"], capsys)
    assert [o["box"] for o in printed] == ["fours"]
    penta = _advise(["penta", *argv], capsys)
    assert len(penta) == 12  # an ordinary roll: any free box
    assert {o["box"] for o in penta} == {b.value for b in PENTA.order[:-1]}


def test_expected_is_the_points_still_to_come(capsys: pytest.CaptureFixture[str]) -> None:
    # One box left: what the roll scores there is all that is still to come.
    used = ",".join(b.value for b in PRINTED.order if b is not Box.CHANCE)
    argv = ["penta", "advise", "--dice", "6,5,4,4,1", "--rolls-left", "0", "--used", used]
    options = _advise([*argv, "--penta-box", "50", "--upper", "40", "--json"], capsys)
    assert options == [
        {"box": "chance", "points": 20, "penta_bonus": 0, "upper_bonus": 0, "expected": 20.0}
    ]
    options = _advise(
        [*argv, "--penta-box", "50", "--upper", "40", "--json", "--rules", "printed"], capsys
    )
    assert options[0]["expected"] == 20.0


def test_printed_advice_is_its_own_table_s(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["penta", "advise", "--dice", "2,2,3,4,5", "--rolls-left", "2", "--json"]
    penta, printed = _advise(argv, capsys), _advise([*argv, "--rules", "printed"], capsys)
    assert [o.get("keep") for o in penta[:3]] == [o.get("keep") for o in printed[:3]]
    assert penta[0]["expected"] != printed[0]["expected"]
    table = default_strategy(PRINTED).table
    start = table.state_value(SheetState.start(PRINTED))
    assert abs(start - 254.5877) < 1e-3


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


def test_yatzy_advice_reads_its_own_table(capsys: pytest.CaptureFixture[str]) -> None:
    # One box left: what the roll scores there is all that is still to come, the upper
    # bonus of 50 among it when the box brings the upper section to 63.
    used = ",".join(i for i in YATZY_IDS if i != "sixes")
    argv = ["yatzy", "advise", "--dice", "6,6,6,2,1", "--rolls-left", "0", "--used", used]
    options = _advise([*argv, "--upper", "45", "--json"], capsys)
    assert [(o["box"], o["points"], o["expected"]) for o in options] == [("sixes", 18, 68.0)]
    # At the start, with two rolls left, the best keep's expected points are Yatzy's
    # table's, near its start value 248.44.
    start = _advise(
        ["yatzy", "advise", "--dice", "6,6,6,5,1", "--rolls-left", "2", "--json"], capsys
    )
    assert start[0]["keep"] == [6, 6, 6]
    assert 240 < float(str(start[0]["expected"])) < 260
    table = default_strategy(YATZY).table
    assert abs(table.state_value(SheetState.start(YATZY)) - 248.4400) < 1e-3
