"""The advisor, the computer players and the ``advise`` / ``simulate`` commands."""

from __future__ import annotations

import json
import subprocess
import sys
from itertools import product

import pytest

from zaria.dice import RandomRoller
from zaria.game import Seat
from zaria.penta.advisor import (
    BoxValue,
    CasualPlayer,
    KeepOption,
    OptimalPlayer,
    Option,
    advise,
    choose,
    hold_pattern,
    option_dict,
    play_solitaire,
    simulate,
)
from zaria.penta.cli import main as penta_main
from zaria.penta.game import PentaGame, Record
from zaria.penta.scoring import BOXES, Box, box_options
from zaria.penta.strategy import SheetState, default_strategy, mask_of
from zaria_web.penta.bench import bench_turns

B = Box
START = SheetState.start()


def sheet(used: set[Box] | list[Box], upper: int, penta: int | None = None) -> SheetState:
    return SheetState(mask_of(used), upper, penta)


ALL_BUT = set(BOXES).difference

# Positions with the option the optimal player must pick. ``casual_differs`` marks those
# where the casual player (best points now; keeps the most common face, a straight draw or
# a made hand) picks something else: optimal play looks further than this turn.
POSITIONS: list[tuple[str, SheetState, tuple[int, ...], int, Box | tuple[int, ...], bool]] = [
    # Four 3s on an empty sheet: Threes scores 12, three more than the 9 (three 3s) the
    # 63 asks of it, while Four of a kind's 14 is well below what it averages later.
    ("threes-over-four-kind", START, (3, 3, 3, 3, 2), 0, B.THREES, True),
    # Likewise four 6s: 24 in Sixes is a big step to the bonus; 29 elsewhere is not.
    ("sixes-over-29", START, (6, 6, 6, 6, 5), 0, B.SIXES, True),
    # A Full house made with two re-rolls left: three 5s chase Fives, Four of a kind
    # and Penta, and a Full house often comes back; keeping the 25 is worth less.
    ("break-full-house", START, (5, 5, 5, 6, 6), 2, (5, 5, 5), True),
    # Same idea with 1s: three 1s still beat recording the Full house now.
    ("break-low-full-house", START, (1, 1, 1, 6, 6), 2, (1, 1, 1), True),
    # An open-ended straight draw is worth more than a pair of 5s.
    ("straight-draw-over-pair", START, (2, 3, 4, 5, 5), 2, (2, 3, 4, 5), False),
    # Only a three-face run is on offer: a pair of 5s beats the 4-5-6 draw early on.
    ("pair-over-short-run", START, (4, 4, 5, 5, 6), 2, (5, 5), True),
    # A made Small straight with one re-roll left: rolling one die for the Large
    # straight (1/6 for a 5) keeps the Small straight as a fallback: no loss to try.
    ("roll-for-large-straight", START, (1, 1, 2, 3, 4), 1, (1, 2, 3, 4), False),
    # Upper 50 and Aces the last upper box: the bonus is out of reach (at most 55), so
    # Aces is a cheap dump for three 1s, while Three of a kind is worth more later.
    ("dump-in-aces", sheet(set(BOXES[1:6]), 50), (1, 1, 1, 5, 6), 0, B.ACES, True),
    # Five 6s with the Penta box at 0 are an ordinary roll worth 30 in three boxes:
    # Four of a kind is the hardest of them to fill later.
    (
        "penta-zero-four-kind",
        sheet([B.PENTA, B.SIXES], 24, 0),
        (6, 6, 6, 6, 6),
        0,
        B.FOUR_KIND,
        True,
    ),
    # A joker Penta (box at 50, Fours used) may go in any lower box: the Large straight's
    # 40 is the most, and that box is also the hardest to fill.
    (
        "joker-large-straight",
        sheet([B.PENTA, B.FOURS], 12, 50),
        (4, 4, 4, 4, 4),
        0,
        B.LARGE_STRAIGHT,
        False,
    ),
    # Forced joker: five 4s with Fours free must go in Fours, +100; recording beats
    # re-rolling even with two re-rolls left.
    ("forced-joker", sheet([B.PENTA], 0, 50), (4, 4, 4, 4, 4), 2, B.FOURS, False),
    # Only Aces and Large straight left: 3 and 4 belong to both straights (1-5 and 2-6)
    # while the pair of 1s is worth at most 5.
    (
        "keep-straight-core",
        sheet(ALL_BUT({B.ACES, B.LARGE_STRAIGHT}), 63, 50),
        (1, 1, 3, 4, 6),
        2,
        (3, 4),
        True,
    ),
    # One re-roll, same boxes: 1-2-3-4 and 2-3-4-6 both need a 5, but the kept 1 also
    # scores in Aces if the 5 does not come.
    (
        "keep-the-ace",
        sheet(ALL_BUT({B.ACES, B.LARGE_STRAIGHT}), 63, 50),
        (1, 2, 3, 4, 6),
        1,
        (1, 2, 3, 4),
        False,
    ),
    # Nothing scores, one box must take 0 with two turns to go after this one. Keeping
    # Aces and the Large straight open is worth slightly more than keeping the Penta box
    # (a small margin, well above float noise); the casual player zeroes Aces, the
    # first box in sheet order.
    (
        "sacrifice-penta",
        sheet(ALL_BUT({B.PENTA, B.ACES, B.LARGE_STRAIGHT}), 63),
        (2, 2, 3, 3, 6),
        0,
        B.PENTA,
        True,
    ),
    # Completing the upper bonus: 18 in Sixes brings 45 to 63 (+35).
    ("upper-bonus", sheet([*BOXES[:5], B.CHANCE], 45), (6, 6, 6, 2, 3), 0, B.SIXES, False),
]


def _matches(option: Option, best: Box | tuple[int, ...]) -> bool:
    if isinstance(best, Box):
        return isinstance(option, BoxValue) and option.box is best
    return isinstance(option, KeepOption) and option.keep == best


@pytest.mark.parametrize(
    ("state", "dice", "rolls_left", "best", "casual_differs"),
    [p[1:] for p in POSITIONS],
    ids=[p[0] for p in POSITIONS],
)
def test_advisor_picks_the_best_option(
    state: SheetState,
    dice: tuple[int, ...],
    rolls_left: int,
    best: Box | tuple[int, ...],
    casual_differs: bool,
) -> None:
    options = advise(state, dice, rolls_left)
    assert _matches(options[0], best), options[:3]
    assert options[0].expected > options[1].expected + 0.05  # a clear choice, not a tie
    assert [o.expected for o in options] == sorted((o.expected for o in options), reverse=True)
    player = OptimalPlayer()
    choice: Box | tuple[int, ...]
    if isinstance(best, Box):
        if rolls_left:
            assert len(player.keep(state, dice, rolls_left)) == 5  # stop and record
        choice = player.box(state, dice)
        casual: Box | tuple[int, ...] = CasualPlayer().box(state, dice)
    else:
        choice = player.keep(state, dice, rolls_left)
        casual = CasualPlayer().keep(state, dice, rolls_left)
    assert choice == best
    assert (casual != best) == casual_differs


def test_every_legal_option_is_listed() -> None:
    state = sheet([B.ACES, B.CHANCE], 2)
    options = advise(state, (2, 2, 3, 4, 5), 1)
    boxes = [o.box for o in options if isinstance(o, BoxValue)]
    keeps = [o.keep for o in options if isinstance(o, KeepOption)]
    assert sorted(boxes, key=BOXES.index) == sorted(state.free, key=BOXES.index)
    assert len(keeps) == len(set(keeps)) == 3 * 2 * 2 * 2 - 1  # 0-2 twos, 0-1 of 3, 4, 5
    assert () in keeps and (2, 2, 3, 4, 5) not in keeps
    assert all(isinstance(o, BoxValue) for o in advise(state, (2, 2, 3, 4, 5), 0))


def test_box_expected_is_points_bonuses_and_the_next_state() -> None:
    table = default_strategy().table
    state = sheet([*BOXES[:5], B.PENTA], 45, 50)
    options = {o.box: o for o in advise(state, (6, 6, 6, 6, 6), 0) if isinstance(o, BoxValue)}
    assert list(options) == [B.SIXES]  # the joker forces Sixes
    six = options[B.SIXES]
    assert (six.points, six.penta_bonus, six.upper_bonus) == (30, 100, 35)
    nxt = state.after(B.SIXES, 30)
    assert six.expected == pytest.approx(165 + table.state_value(nxt))


def test_keep_expected_is_the_average_best_continuation() -> None:
    state = sheet([B.FOURS, B.PENTA], 8, 0)
    options = advise(state, (5, 5, 1, 2, 6), 2)
    keep = next(o for o in options if isinstance(o, KeepOption) and o.keep == (5, 5))
    outcomes = list(product(range(1, 7), repeat=3))
    after = [advise(state, (5, 5, *o), 1)[0].expected for o in outcomes]
    assert keep.expected == pytest.approx(sum(after) / len(after), abs=1e-9)


def test_best_first_roll_averages_to_the_state_value() -> None:
    table = default_strategy().table
    total = 0.0
    for dice in product(range(1, 7), repeat=5):
        total += advise(START, dice, 2)[0].expected
    assert total / 6**5 == pytest.approx(table.state_value(START), abs=1e-3)


def test_option_dicts() -> None:
    options = advise(START, (6, 6, 6, 6, 6), 1)
    best = option_dict(options[0])
    assert set(best) == {"box", "points", "penta_bonus", "upper_bonus", "expected"}
    assert (best["box"], best["points"]) == ("penta", 50)
    keep = next(option_dict(o) for o in options if isinstance(o, KeepOption))
    assert set(keep) == {"keep", "expected"}


def test_bad_rolls_left() -> None:
    with pytest.raises(ValueError, match="rolls_left"):
        advise(START, (1, 2, 3, 4, 5), 3)


# --- the casual player ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("state", "dice", "keep"),
    [
        (START, (3, 3, 3, 3, 3), (3, 3, 3, 3, 3)),  # five of a kind: stop
        (START, (2, 3, 4, 5, 6), (2, 3, 4, 5, 6)),  # a Large straight for its free box
        (sheet([B.LARGE_STRAIGHT], 0), (1, 2, 3, 4, 6), (1, 2, 3, 4, 6)),  # Small made
        (START, (1, 2, 3, 4, 6), (1, 2, 3, 4)),  # four in a row: roll for the Large
        (START, (2, 2, 3, 3, 3), (2, 2, 3, 3, 3)),  # a Full house for its free box
        (sheet([B.FULL_HOUSE], 0), (2, 2, 3, 3, 3), (3, 3, 3)),  # most common face
        (START, (1, 3, 4, 5, 5), (3, 4, 5)),  # three in a row, no triple
        (START, (3, 4, 5, 5, 5), (5, 5, 5)),  # three in a row but a triple: the triple
        (sheet([B.SMALL_STRAIGHT, B.LARGE_STRAIGHT], 0), (1, 2, 3, 4, 4), (4, 4)),
        (START, (1, 1, 6, 6, 3), (6, 6)),  # two pairs: the higher face
    ],
)
def test_casual_keep_rules(state: SheetState, dice: tuple[int, ...], keep: tuple[int, ...]) -> None:
    assert CasualPlayer().keep(state, dice, 2) == keep


def test_casual_box_takes_the_most_points_now() -> None:
    casual = CasualPlayer()
    assert casual.box(START, (6, 6, 6, 6, 5)) is B.THREE_KIND  # 29, first of the equals
    upper = sheet([*BOXES[:5], B.CHANCE], 45)
    assert casual.box(upper, (6, 6, 6, 2, 3)) is B.SIXES  # 18 + 35 beats 23
    joker = sheet([B.PENTA], 0, 50)
    assert casual.box(joker, (2, 2, 2, 2, 2)) is B.TWOS  # the only box allowed


# --- games ----------------------------------------------------------------------------------


def test_hold_pattern() -> None:
    assert hold_pattern((5, 2, 5, 1, 5), (5, 5)) == (True, False, True, False, False)
    assert hold_pattern((5, 2, 5, 1, 5), (5, 1), (False,) * 4 + (True,)) == (
        False,
        False,
        False,
        True,
        True,
    )
    with pytest.raises(ValueError, match="cannot keep"):
        hold_pattern((1, 2, 3, 4, 5), (6,))


@pytest.mark.parametrize("level", ["optimal", "casual"])
def test_choose_plays_the_same_game_as_the_solitaire_loop(level: str) -> None:
    player = OptimalPlayer() if level == "optimal" else CasualPlayer()
    for seed in (1, 2, 3):
        game = PentaGame.new([Seat("Ana", computer=True, level=level)])
        roller = RandomRoller(seed)
        while not game.over:
            game.apply(choose(game, level), roller)
        expected = play_solitaire(RandomRoller(seed), player)
        totals = game.totals(0)
        assert totals.total == expected.total
        assert (totals.upper_bonus > 0) == expected.upper_bonus
        assert game.sheets[0][Box.PENTA] == expected.penta_box


def test_choose_with_several_seats() -> None:
    game = PentaGame.new([Seat("A", True, "optimal"), Seat("B", True, "casual")])
    roller = RandomRoller(7)
    records = 0
    while not game.over:
        action = choose(game, game.seats[game.current].level)
        records += isinstance(action, Record)
        game.apply(action, roller)
    assert records == 26
    assert all(None not in s.values() for s in game.sheets)


def test_choose_records_only_allowed_boxes() -> None:
    game = PentaGame.new([Seat("Ana", True)])
    roller = RandomRoller(11)
    while not game.over:
        action = choose(game)
        if isinstance(action, Record):
            assert action.box in game.options()
        game.apply(action, roller)


def test_simulation_summary() -> None:
    summary = simulate(40, seed=5)
    assert summary == simulate(40, seed=5)  # the same dice, the same games
    assert summary.games == 40
    assert 0 <= summary.upper_bonus_rate <= 1 and 0 <= summary.penta_rate <= 1
    table_value = default_strategy().table.state_value(START)
    assert abs(summary.mean - table_value) < 4 * summary.standard_error
    casual = simulate(40, seed=5, player="casual")
    assert casual.mean < summary.mean
    with pytest.raises(ValueError, match="at least 1"):
        simulate(0)
    with pytest.raises(ValueError, match="unknown level 'expert'; levels are: optimal, casual"):
        simulate(1, player="expert")


def test_bench_turns() -> None:
    # The page's hook and both benches time these turns.
    times = bench_turns(5, seed=1)
    assert len(times) == 5 and all(t > 0 for t in times)


# --- the command line -------------------------------------------------------------------------

ALL_BOXES = ",".join(b.value for b in BOXES)
ADVISE = ["advise", "--dice", "2,2,3,4,5", "--rolls-left", "1", "--used", "aces,chance"]


def test_advise_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert penta_main([*ADVISE, "--upper", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["dice"] == [2, 2, 3, 4, 5] and out["rolls_left"] == 1
    options = out["options"]
    assert options[0] == {"keep": [2, 3, 4, 5], "expected": options[0]["expected"]}
    assert [o["expected"] for o in options] == sorted(
        (o["expected"] for o in options), reverse=True
    )
    boxes = {o["box"] for o in options if "box" in o}
    assert boxes == {b.value for b in BOXES} - {"aces", "chance"}


def test_advise_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert penta_main([*ADVISE, "--upper", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "dice 2 2 3 4 5, 1 re-roll(s) left"
    assert lines[3].startswith("keep 2 3 4 5")
    assert any(line.startswith("box small_straight") and " 30 " in line for line in lines)


def test_advise_with_the_penta_box_used(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["advise", "--dice", "4,4,4,4,4", "--rolls-left", "0", "--used", "penta", "--json"]
    assert penta_main([*args, "--penta-box", "50"]) == 0
    options = json.loads(capsys.readouterr().out)["options"]
    assert [(o["box"], o["points"], o["penta_bonus"]) for o in options] == [("fours", 20, 100)]
    assert penta_main([*args, "--penta-box", "0"]) == 0
    options = json.loads(capsys.readouterr().out)["options"]
    assert len(options) == 12 and all(o["penta_bonus"] == 0 for o in options)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--dice", "2,2,3,4"], "expected 5 dice"),
        (["--dice", "2,2,3,4,9"], "not a face"),
        (["--dice", "1,2,3,4,5", "--used", "aces", "--upper", "6"], "cannot be scored"),
        (["--dice", "1,2,3,4,5", "--upper", "3"], "cannot be scored"),
        (["--dice", "1,2,3,4,5", "--used", "twos", "--upper", "3"], "cannot be scored"),
        (["--dice", "1,2,3,4,5", "--used", "penta"], "--penta-box 50 or --penta-box 0"),
        (["--dice", "1,2,3,4,5", "--penta-box", "50"], "needs penta in --used"),
        (["--dice", "1,2,3,4,5", "--used", "aces,aces"], "listed twice"),
        (["--dice", "1,2,3,4,5", "--used", "yahtzee"], "unknown box"),
        (["--dice", "1,2,3,4,5", "--rolls-left", "3"], "--rolls-left must be 0, 1 or 2"),
        (
            ["--dice", "1,2,3,4,5", "--used", ALL_BOXES, "--upper", "0", "--penta-box", "0"],
            "every box is used",
        ),
    ],
)
def test_advise_rejects_bad_input(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert penta_main(["advise", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err


def test_simulate_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert penta_main(["simulate", "--games", "12", "--seed", "4", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == {"player": "optimal", "seed": 4, **simulate(12, 4).to_dict()}
    assert penta_main(["simulate", "--games", "3", "--seed", "4"]) == 0
    text = capsys.readouterr().out
    assert "mean" in text and "upper bonus rate" in text and "penta rate" in text
    assert penta_main(["simulate", "--games", "0"]) == 2


def test_subprocess() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "zaria", "penta", *ADVISE, "--upper", "2", "--json"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["options"][0]["keep"] == [2, 3, 4, 5]


def test_box_options_agree_with_the_advisor() -> None:
    state = sheet([B.PENTA, B.THREES], 9, 50)
    for dice in [(3, 3, 3, 3, 3), (5, 5, 5, 5, 5), (1, 2, 3, 4, 5)]:
        boxes = {o.box for o in advise(state, dice, 0) if isinstance(o, BoxValue)}
        assert boxes == set(box_options(dice, state.free, 50))
