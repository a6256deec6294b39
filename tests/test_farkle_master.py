"""Master: the shipped win-probability table, its turn plans, the player and the CLI."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Sequence
from importlib.resources import files

import pytest

from farkle_positions import farkle_position
from zaria.farkle.cli import main
from zaria.farkle.game import FarkleGame
from zaria.farkle.master import (
    HEADER,
    LEAD_CAP,
    MAGIC,
    QUANTUM,
    SPAN,
    encode_table,
    final_chance,
    last_turn,
    load_table,
    master_table,
    turn_plan,
    win_chance,
)
from zaria.farkle.players import ExpertPlayer, MasterPlayer, Plan, player_for, positions
from zaria.farkle.rules import DEFAULT_RULES, FarkleRules, master_table_name
from zaria.farkle.simulate import simulate
from zaria.farkle.strategy import reach_table, roll_options
from zaria.game import Seat

TABLE = master_table()
DATA = (files("zaria") / "data" / master_table_name(DEFAULT_RULES)).read_bytes()


def position(
    banked: Sequence[int],
    rolls: Sequence[tuple[tuple[int, ...], tuple[int, ...]]],
    last: tuple[int, ...],
    last_round_by: int | None = None,
    target: int = 10000,
) -> FarkleGame:
    """Seat 0 (Master) to play: see :func:`farkle_position`."""
    return farkle_position(rolls, last, banked, last_round_by, target, level="master")


# ------------------------------------------------------------------- the table


def test_the_shipped_table_is_small_and_says_what_it_holds() -> None:
    magic, version, span, cap, length = HEADER.unpack_from(DATA)
    assert (magic, version, span, cap) == (MAGIC, 1, SPAN, LEAD_CAP)
    assert DATA[HEADER.size : HEADER.size + length] == b"standard"
    assert len(DATA) < 40_000  # 16-bit values, second differences, zlib
    assert TABLE.span == 300 and TABLE.rules == DEFAULT_RULES


def test_the_published_figures_both_players_optimal() -> None:
    # The first player's chance to win, to 5,000, 10,000 and 15,000: the first turn's
    # value from the table (the stored entry is that value rounded to 16 bits).
    figures = {100: 54.38, 200: 53.22, 300: 52.67}
    for n, figure in figures.items():
        start = turn_plan(TABLE, n, n).start
        assert round(start * 100, 2) == figure
        assert abs(TABLE.chance(n, n) - start) <= 1 / QUANTUM
        assert win_chance(0, 0, n * 50) == start


def test_a_sample_of_the_table_matches_a_fresh_computation() -> None:
    rng = random.Random(2017)
    sample = [(1, 1), (1, SPAN), (SPAN, 1), (SPAN, SPAN), (100, 100)]
    sample += [(rng.randint(1, SPAN), rng.randint(1, SPAN)) for _ in range(10)]
    for a, b in sample:
        fresh = turn_plan(TABLE, a, b).start
        assert abs(fresh - TABLE.chance(a, b)) <= 1.01 / QUANTUM, (a, b)


def test_the_table_grows_with_the_lead() -> None:
    for a in (1, 50, 150, 300):
        row = [TABLE.chance(a, b) for b in range(1, SPAN + 1)]
        assert all(x <= y for x, y in itertools.pairwise(row)), a
    assert TABLE.chance(1, 300) > 0.999 and TABLE.chance(300, 1) < 0.001


def test_encode_and_load_round_trip_and_refuse_other_files() -> None:
    rng = random.Random(1)
    q = [rng.randint(0, QUANTUM) for _ in range(25)]
    data = encode_table(DEFAULT_RULES, 5, q)
    table = load_table(data)
    assert [table.chance(a, b) * QUANTUM for a in range(1, 6) for b in range(1, 6)] == q
    with pytest.raises(ValueError):
        table.chance(0, 3)
    for bad in (b"", b"ZFKMASTX" + data[8:], data[:-3], data[:8] + b"\x02" + data[9:]):
        with pytest.raises(ValueError):
            load_table(bad)
    other_cap = HEADER.pack(MAGIC, 1, 5, LEAD_CAP + 1, 8) + data[HEADER.size :]
    with pytest.raises(ValueError, match="lead cap"):
        load_table(other_cap)


# ----------------------------------------------------------- the turn's values


def test_a_last_turn_counts_a_tie_as_half_a_win() -> None:
    u = last_turn()
    assert u[1][0] == 0.5  # level with one die: bank the tie (a roll wins only 1/3)
    assert u[2][0] == pytest.approx(5 / 9)  # with two dice rolling on is better
    reach = reach_table()
    for d in (1, 10, 40, 100):
        win, win_or_tie = reach.chance((d + 1) * 50, 6), reach.chance(d * 50, 6)
        assert win <= u[6][d] < win_or_tie
    assert final_chance(-3, 6) == 1.0 and final_chance(0, 1) == 0.5


def test_a_plan_obeys_its_equations() -> None:
    a, b = 120, 90
    plan = turn_plan(TABLE, a, b)
    lost = 1 - TABLE.chance(b, a)
    for x in (119, 60, 3, 0, -10):
        # one die: a 1 (100, hot dice), a 5 (50, hot dice) or the turn is lost
        expected = (plan.value(x - 2, 6) + plan.value(x - 1, 6)) / 6 + lost * 2 / 3
        assert plan.roll_value(x, 1) == pytest.approx(expected)
    assert plan.bank_value(40) == 1 - TABLE.chance(b, 40)
    assert plan.bank_value(-5) == 1 - last_turn()[6][b + 5]
    assert plan.start == plan.roll_value(a, 6)


def test_the_plan_is_computed_once_per_turn() -> None:
    turn_plan.cache_clear()
    g = position([0, 0], [], (1, 5, 2, 3, 4, 6))
    player = MasterPlayer()
    for _ in range(3):
        player.plan(g)
    assert turn_plan.cache_info().misses == 1 and turn_plan.cache_info().hits == 2


# ------------------------------------------------------------------ the player


def _best(g: FarkleGame, a: int, b: int) -> Plan:
    """The plan an exhaustive look at the options gives."""
    assert g.roll is not None
    plan = turn_plan(TABLE, a, b)
    x = a - g.turn_total // 50
    options = roll_options(tuple(sorted(g.roll)))
    values = [
        max(plan.bank_value(x - o.points // 50), plan.roll_value(x - o.points // 50, o.dice_left))
        for o in options
    ]
    best = options[len(values) - 1 - values[::-1].index(max(values))]  # most points if equal
    after = x - best.points // 50
    bank = plan.bank_value(after) >= plan.roll_value(after, best.dice_left)
    return Plan(positions(g.roll, best.keep), bank)


def test_master_rolls_on_when_a_bank_would_lose_the_game() -> None:
    # The opponent needs 50 points; 1,000 banked far from the target is almost a loss.
    g = position([0, 9950], [], (1, 1, 1, 2, 3, 4))
    assert ExpertPlayer().plan(g) == Plan((0, 1, 2), True)
    plan = MasterPlayer().plan(g)
    assert not plan.bank and plan == _best(g, 200, 1)


def test_master_may_stop_short_of_the_target_when_the_opponent_is_close() -> None:
    # 9,650 against 9,950: three 3s and a 5 (350) reach the target, and then the
    # opponent's last turn needs only 100 more; banking the three 3s alone, 50 short,
    # is worth more. More points are not always better.
    g = position([9650, 9950], [], (2, 2, 3, 3, 3, 5))
    plan = turn_plan(TABLE, 7, 1)
    assert plan.bank_value(1) > plan.bank_value(0)
    assert MasterPlayer().plan(g) == Plan((2, 3, 4), True) == _best(g, 7, 1)


def test_master_banks_the_target_when_the_opponent_is_far_behind() -> None:
    g = position([9900, 0], [], (1, 2, 3, 4, 6, 6))  # 100 reaches the target
    assert MasterPlayer().plan(g) == Plan((0,), True)
    assert ExpertPlayer().plan(g) == Plan((0,), False)  # Expert rolls five dice on


@pytest.mark.parametrize("seed", range(4))
def test_master_takes_the_options_best_value(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(20):
        me, opp = rng.randrange(0, 10000, 50), rng.randrange(0, 10000, 50)
        roll = tuple(rng.randint(1, 6) for _ in range(6))
        if not roll_options(tuple(sorted(roll))):
            continue
        g = position([me, opp], [], roll)
        assert MasterPlayer().plan(g) == _best(g, (10000 - me) // 50, (10000 - opp) // 50)


def test_with_three_players_master_plays_against_the_leader() -> None:
    g = position([3000, 2000, 6000], [], (5, 5, 2, 3, 4, 6))
    assert MasterPlayer().plan(g) == _best(g, 140, 80)


def test_master_in_the_last_round_plays_to_finish_ahead() -> None:
    ones = [((1, 1, 1, 2, 3, 4), (0, 1, 2))]  # 1,000 set aside, three dice left
    # 9,000 against 10,500: 1,500 ties, more wins
    g = position([9000, 10500], ones, (5, 5, 5), last_round_by=1)
    assert MasterPlayer().plan(g) == Plan((0, 1, 2), False)  # a tie on hot dice: roll on
    g = position([9000, 10500], ones, (1, 5, 5), last_round_by=1)
    assert MasterPlayer().plan(g) == Plan((0, 1, 2), False)  # 1,200 on hot dice
    g = position([9000, 10500], ones, (1, 1, 2), last_round_by=1)
    u = last_turn()
    one, two = u[2][(1500 - 100) // 50], u[1][(1500 - 200) // 50]  # keep a 1, or both
    assert MasterPlayer().plan(g) == (Plan((0,), False) if one >= two else Plan((0, 1), False))
    g = position([9000, 10500], [*ones, ((1, 1, 2), (0, 1))], (5,), last_round_by=1)
    assert MasterPlayer().plan(g) == Plan((0,), False)  # 1,250 on hot dice: roll on
    g = position([9000, 10500], ones, (1, 1, 1), last_round_by=1)
    assert MasterPlayer().plan(g) == Plan((0, 1, 2), True)  # 2,000 wins


def test_master_banks_a_tie_with_one_die_left() -> None:
    # 7,850 against 10,000: after 2,100 the 5 ties with one die left (a half beats 1/3)
    steps = [
        ((5, 5, 5, 2, 3, 4), (0, 1, 2)),
        ((1, 1, 1), (0, 1, 2)),
        ((5, 5, 5, 2, 3, 4), (0, 1, 2)),
        ((1, 2, 3), (0,)),
    ]
    g = position([7850, 10000], steps, (5, 3), last_round_by=1)
    assert g.turn_total + 50 == 10000 - 7850  # the 5 ties
    assert MasterPlayer().plan(g) == Plan((0,), True)


def test_master_plays_whole_games_with_two_and_three_players() -> None:
    stats = simulate(["master", "expert"], 4, seed=1, target=5000)
    assert sum(s.wins for s in stats) == pytest.approx(4)
    stats = simulate(["master", "expert", "normal"], 3, seed=2, target=5000)
    assert sum(s.wins for s in stats) == pytest.approx(3)


def test_master_is_offered_for_the_shipped_rules_only() -> None:
    assert player_for("master").level == "master"
    with pytest.raises(ValueError, match="no table"):
        player_for("master", FarkleRules(opening_minimum=500))
    rules = FarkleRules(table="additive")
    g = FarkleGame.new([Seat("M", True, "master"), Seat("E", True, "expert")], rules=rules)
    g.apply_roll((1, 1, 1, 1, 2, 3))
    assert MasterPlayer().plan(g) == ExpertPlayer().plan(g)  # no table: it plays as Expert
    with pytest.raises(ValueError, match="no Master table"):
        master_table(rules)


# ------------------------------------------------------------------ the CLI


def test_winprob_prints_the_chance(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["winprob", "--me", "0", "--opp", "0", "--target", "5000"]) == 0
    assert capsys.readouterr().out.startswith("54.38 %")
    assert main(["winprob", "--me", "9000", "--opp", "10500", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["probability"] == pytest.approx(final_chance(30, 6))
    assert data["target"] == 10000 and data["rules"] == "standard"
    assert win_chance(2500, 7000, 15000) == turn_plan(TABLE, 250, 160).start


@pytest.mark.parametrize(
    "args",
    [
        ["--me", "120", "--opp", "0"],
        ["--me", "-50", "--opp", "0"],
        ["--me", "10000", "--opp", "0"],
        ["--me", "0", "--opp", "0", "--target", "7000"],
        ["--me", "x", "--opp", "0"],
    ],
)
def test_winprob_refuses_impossible_scores(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["winprob", *args]) == 2
    assert capsys.readouterr().err


def test_simulate_runs_master_matches(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--games", "2", "--seed", "3", "--players", "master,expert"]
    assert main([*argv, "--target", "5000", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [p["level"] for p in data["players"]] == ["master", "expert"]
    assert main([*argv, "--rules", "additive"]) == 2
    assert "no table" in capsys.readouterr().err
    assert main([*argv, "--rules", "bogus"]) == 2
    argv[-1] = "normal,expert"
    assert main([*argv, "--rules", "additive-open500", "--target", "5000"]) == 0
    assert "rules additive-open500" in capsys.readouterr().out
