"""Farkle's computer players: Normal's threshold and dice, Expert's optimal turns."""

from __future__ import annotations

import itertools
import statistics
from collections.abc import Sequence
from math import factorial

import pytest

from farkle_positions import farkle_position
from zaria.dice import RandomRoller
from zaria.farkle.game import Bank, FarkleGame, Roll, Toggle
from zaria.farkle.players import (
    ExpertPlayer,
    NormalPlayer,
    Plan,
    normal_keep,
    normal_threshold,
    player_for,
)
from zaria.farkle.scoring import score_selection, selection_scores
from zaria.farkle.simulate import simulate, solitaire_turns
from zaria.farkle.strategy import CAP, ExpertTable, expert_table, reach_table, roll_options
from zaria.game import Seat


def position(
    rolls: Sequence[tuple[tuple[int, ...], tuple[int, ...]]],
    last: tuple[int, ...],
    banked: Sequence[int] = (0, 0),
    last_round_by: int | None = None,
    target: int = 10000,
) -> FarkleGame:
    """Seat 0 (Normal) to play: see :func:`farkle_position`."""
    return farkle_position(rolls, last, banked, last_round_by, target)


def behind_in_last_round(
    rolls: Sequence[tuple[tuple[int, ...], tuple[int, ...]]], last: tuple[int, ...]
) -> FarkleGame:
    """Seat 0 (9,000) plays its last turn after seat 1 reached 10,500."""
    return position(rolls, last, banked=(9000, 10500), last_round_by=1)


# ------------------------------------------------------------------- Normal


@pytest.mark.parametrize(
    ("behind", "dice", "threshold"),
    [
        (0, 6, 300),
        (999, 6, 300),
        (1000, 5, 350),
        (2500, 4, 400),
        (6000, 3, 600),
        (20000, 6, 600),  # the behind bonus is capped at 300
        (-3000, 6, 300),  # ahead: no change
        (0, 2, 200),
        (0, 1, 150),
        (1000, 2, 250),
        (9000, 1, 450),
    ],
)
def test_normal_threshold(behind: int, dice: int, threshold: int) -> None:
    assert normal_threshold(behind, dice) == threshold


@pytest.mark.parametrize(
    ("roll", "keep"),
    [
        ((1, 5, 2, 3, 4, 4), (0,)),  # one 1 rather than the 1 and the 5
        ((5, 2, 5, 3, 4, 6), (0,)),  # one 5 only
        ((6, 5, 2, 2, 1), (4,)),
        ((2, 2, 2, 5, 1, 3), (0, 1, 2)),  # the triple; the singles are re-rolled
        ((1, 1, 1, 1, 2, 3), (0, 1, 2)),  # three 1s, the fourth 1 re-rolled
        ((4, 4, 4, 4, 2, 6), (0, 1, 2, 3)),
        ((5, 5, 1, 1, 5, 5), (0, 1, 2, 3, 4, 5)),  # hot dice: take them all
        ((3, 1, 4, 6, 5, 2), (0, 1, 2, 3, 4, 5)),  # straight
        ((5, 1), (0, 1)),  # both score: hot dice
        ((5, 2), (0,)),
    ],
)
def test_normal_keep(roll: tuple[int, ...], keep: tuple[int, ...]) -> None:
    assert normal_keep(roll) == keep
    assert selection_scores([roll[i] for i in keep])


def _plan(player: NormalPlayer | ExpertPlayer, game: FarkleGame) -> Plan:
    return player.plan(game)


def test_normal_banks_at_threshold_with_all_scoring_dice() -> None:
    p = NormalPlayer()
    # 1,050 on the table: bank, taking the 5 as well as the three 1s
    assert _plan(p, position([], (1, 1, 1, 2, 5, 3))) == Plan((0, 1, 2, 4), True)
    # 150 on the table: keep the 1 only and roll five dice
    assert _plan(p, position([], (1, 5, 2, 3, 4, 4))) == Plan((0,), False)
    # exactly 300 with three dice to roll next: banks (the threshold is reached)
    g = position([((1, 1, 2, 3, 4, 6), (0, 1))], (5, 2, 5, 3))
    assert g.turn_total == 200
    assert _plan(p, g) == Plan((0, 2), True)


def test_normal_lower_threshold_with_few_dice() -> None:
    p = NormalPlayer()
    # 200 + a 5 = 250, next roll three dice: threshold 300, rolls on
    g = position([((1, 1, 2, 3, 4, 6), (0, 1))], (5, 3, 4, 6))
    assert g.turn_total == 200
    assert _plan(p, g) == Plan((0,), False)
    # 200 + a 5 = 250, next roll two dice: threshold 200, banks
    g = position(
        [((1, 2, 3, 4, 6, 6), (0,)), ((5, 2, 3, 4, 6), (0,)), ((5, 2, 3, 4), (0,))], (5, 3, 4)
    )
    assert g.turn_total == 200
    assert _plan(p, g) == Plan((0,), True)
    # four 5s set aside, then 5 and 3: 250 with one die to roll next
    fours = [
        ((5, 2, 3, 4, 6, 6), (0,)),
        ((5, 2, 3, 4, 6), (0,)),
        ((5, 2, 3, 4), (0,)),
        ((5, 2, 3), (0,)),
    ]
    # 2,000 behind: 300 + 100 - 150 = 250, banks
    g = position(fours, (5, 3), banked=(0, 2000))
    assert g.turn_total == 200 and _plan(p, g) == Plan((0,), True)
    # 6,000 behind: 300 + 300 - 150 = 450, rolls the last die
    g = position(fours, (5, 3), banked=(0, 6000))
    assert _plan(p, g) == Plan((0,), False)


def test_normal_higher_threshold_when_behind() -> None:
    p = NormalPlayer()
    first = ((1, 1, 2, 3, 4, 6), (0, 1))
    last = (5, 5, 2, 3)  # 200 + 100 = 300; keeping one 5 leaves three dice to roll
    assert _plan(p, position([first], last)) == Plan((0, 1), True)
    # 3,000 behind: threshold 450, so it keeps one 5 and rolls three dice
    assert _plan(p, position([first], last, banked=(0, 3000))) == Plan((0,), False)
    # ahead: threshold 300 again
    assert _plan(p, position([first], last, banked=(3000, 0))) == Plan((0, 1), True)


def test_normal_hot_dice() -> None:
    p = NormalPlayer()
    # three pairs: hot dice worth 1,500 -> bank them
    assert _plan(p, position([], (2, 2, 3, 3, 6, 6))) == Plan((0, 1, 2, 3, 4, 5), True)
    five_fives = [
        ((5, 2, 3, 4, 6, 6), (0,)),
        ((5, 2, 3, 4, 6), (0,)),
        ((5, 2, 3, 4), (0,)),
        ((5, 2, 3), (0,)),
        ((5, 2), (0,)),
    ]
    # 250 + the last die's 5 = 300 on hot dice: threshold(6 dice) is 300, so it banks
    g = position(five_fives, (5,))
    assert g.turn_total == 250 and _plan(p, g) == Plan((0,), True)
    # 6,000 behind: threshold 600, so it takes the die and rolls six fresh dice
    g = position(five_fives, (5,), banked=(0, 6000))
    assert _plan(p, g) == Plan((0,), False)


def test_normal_last_round_plays_to_beat_the_leader() -> None:
    p = NormalPlayer()
    # seat 1 reached 10,500; seat 0 has 9,000 and must win more than 1,500
    g = behind_in_last_round([], (1, 1, 1, 5, 2, 3))
    assert g.last_round and g.current == 0
    assert _plan(p, g) == Plan((0, 1, 2), False)  # 1,050 would not beat 10,500
    ones = [((1, 1, 1, 5, 2, 3), (0, 1, 2))]
    g = behind_in_last_round(ones, (1, 5, 2))
    assert _plan(p, g) == Plan((0,), False)  # 1,150 is far above 300 but not enough
    g = behind_in_last_round(ones, (5, 5, 5))
    assert _plan(p, g) == Plan((0, 1, 2), False)  # 1,500 only ties: rolls on (hot dice)
    g = behind_in_last_round(ones, (1, 1, 1))
    assert _plan(p, g) == Plan((0, 1, 2), True)  # 2,000 beats the leader


def test_choose_walks_to_the_plan() -> None:
    for player in (NormalPlayer(), ExpertPlayer()):
        g = position([], (1, 1, 1, 5, 2, 5))
        g.toggle(3)  # a die the plan may not want
        plan = player.plan(g)
        for _ in range(8):
            action = player.choose(g)
            if not isinstance(action, Toggle):
                break
            g.apply(action)
        assert g.selected == plan.keep
        assert action == (Bank() if plan.bank else Roll())
    fresh = FarkleGame.new([Seat("A")])
    assert NormalPlayer().choose(fresh) == Roll() and ExpertPlayer().choose(fresh) == Roll()


def test_player_for() -> None:
    assert player_for("normal").level == "normal"
    assert player_for("expert").level == "expert"
    with pytest.raises(ValueError):
        player_for("genius")


# ------------------------------------------------------------------- Expert


def test_expert_dp_value() -> None:
    table = expert_table()
    assert round(table.expected_turn(), 1) == 601.6
    assert table.build_seconds < 5


def _independent_dp(cap: int) -> float:
    """The same optimisation written plainly: every selection, every ordered roll weight."""
    rolls = {}
    for n in range(1, 7):
        out = []
        for roll in itertools.combinations_with_replacement(range(1, 7), n):
            w = factorial(n)
            for f in set(roll):
                w //= factorial(roll.count(f))
            choices = set()
            for k in range(1, n + 1):
                for idx in itertools.combinations(range(n), k):
                    sel = [roll[i] for i in idx]
                    if selection_scores(sel):
                        choices.add((score_selection(sel), n - k or 6))
            if choices:
                out.append((w / 6**n, sorted(choices)))
        rolls[n] = out
    value: dict[tuple[int, int], float] = {}

    def v(t: int, n: int) -> float:
        return float(t) if t >= cap else value[(t, n)]

    for t in range(cap - 50, -1, -50):
        for n in range(1, 7):
            r = sum(p * max(v(t + pts, left) for pts, left in ch) for p, ch in rolls[n])
            value[(t, n)] = max(float(t), r) if t else r
    return value[(0, 6)]


def test_expert_dp_matches_an_independent_computation() -> None:
    cap = 3000  # small cap: banking is forced above it, both computations agree on that
    assert _independent_dp(cap) == pytest.approx(ExpertTable(cap).expected_turn(), abs=1e-9)


def test_expert_cap_is_where_banking_is_optimal() -> None:
    table = expert_table()
    assert table.cap == CAP
    for n in range(1, 7):
        for t in range(19000, CAP, 500):
            assert table.should_bank(t, n)
    # below the cap the table does roll on: six dice at 18,000, five at 3,000
    assert not table.should_bank(18000, 6) and table.should_bank(18400, 6)
    assert not table.should_bank(3050, 5) and table.should_bank(3100, 5)
    assert not table.should_bank(300, 1) and table.should_bank(350, 1)


def test_expert_bellman_identity_for_one_die() -> None:
    table = expert_table()
    for t in (50, 300, 1000, 5000):
        expected = (table.value(t + 100, 6) + table.value(t + 50, 6)) / 6
        assert table.roll_value(t, 1) == pytest.approx(expected)


def test_roll_options() -> None:
    opts = roll_options((1, 1, 1, 2, 5, 5))
    assert [(o.keep, o.points, o.dice_left) for o in opts] == [
        ((1,), 100, 5),
        ((1, 1), 200, 4),
        ((1, 1, 1), 1000, 3),
        ((1, 1, 1, 5), 1050, 2),
        ((1, 1, 1, 5, 5), 1100, 1),
    ]
    assert roll_options((2, 3, 4, 6, 6, 2)) == ()
    assert roll_options((2, 2, 3, 3, 4, 4))[-1].dice_left == 6


def test_expert_plans() -> None:
    p = ExpertPlayer()
    table = expert_table()
    # three 1s with three dice left: bank 1,000 (rolling three dice stops paying at 400)
    assert p.plan(position([], (1, 1, 1, 2, 3, 4))) == Plan((0, 1, 2), True)
    # a lone 1 from six dice: keep it and roll five
    assert p.plan(position([], (1, 2, 3, 4, 6, 6))) == Plan((0,), False)
    # 1 and 5 from six dice: keep only the 1 (five dice are worth more than 50)
    g = position([], (1, 5, 2, 3, 4, 4))
    assert table.roll_value(100, 5) > table.roll_value(150, 4)
    assert p.plan(g) == Plan((0,), False)
    # hot dice are always taken with a small total
    assert p.plan(position([], (2, 2, 3, 3, 6, 6))) == Plan((0, 1, 2, 3, 4, 5), False)


def test_expert_last_round_plays_to_beat_the_leader() -> None:
    p = ExpertPlayer()
    g = behind_in_last_round([], (1, 1, 1, 2, 3, 4))
    plan = p.plan(g)
    assert not plan.bank  # 1,000 cannot beat the leader: it rolls on
    # its selection maximises the chance of winning at least 1,550 this turn
    reach = reach_table(1550)
    options = roll_options((1, 1, 1, 2, 3, 4))
    best = max(reach.chance(1550 - o.points, o.dice_left) for o in options)
    assert g.roll is not None
    kept = tuple(sorted(g.roll[i] for i in plan.keep))
    chosen = next(o for o in options if o.keep == kept)
    assert reach.chance(1550 - chosen.points, chosen.dice_left) == best
    ones = [((1, 1, 1, 2, 3, 4), (0, 1, 2))]
    g = behind_in_last_round(ones, (5, 5, 5))
    assert not p.plan(g).bank  # 1,500 only ties
    g = behind_in_last_round(ones, (1, 1, 1))
    assert p.plan(g) == Plan((0, 1, 2), True)
    # outside the last round the same 1,000 with three dice left is banked
    assert p.plan(position([], (1, 1, 1, 2, 3, 4), banked=(9000, 9500))).bank


def test_reach_table() -> None:
    r = reach_table()
    assert r.chance(0, 3) == 1.0 and r.chance(-200, 1) == 1.0
    assert r.chance(50, 1) == pytest.approx(1 / 3)  # a 1 or a 5
    assert r.chance(100, 1) == pytest.approx(1 / 6 + 1 / 6 * r.chance(50, 6))
    assert r.chance(50, 6) == pytest.approx(211 / 216)  # any scoring roll
    for missing in (150, 1000, 5000):
        expected = (r.chance(missing - 100, 6) + r.chance(missing - 50, 6)) / 6
        assert r.chance(missing, 1) == pytest.approx(expected)
    assert 1 > r.chance(1000, 6) > r.chance(2000, 6) > r.chance(10000, 6) > 0
    big = reach_table(r.most + 50)
    assert big.most > r.most and big.chance(1000, 6) == pytest.approx(r.chance(1000, 6))
    with pytest.raises(ValueError):
        big.chance(big.most + 50, 6)


# -------------------------------------------------------------- simulation


def test_solitaire_means() -> None:
    roller = RandomRoller(7)
    expert = solitaire_turns("expert", 3000, roller)
    mean = statistics.mean(expert)
    se = statistics.stdev(expert) / len(expert) ** 0.5
    assert abs(mean - expert_table().expected_turn()) < 4 * se
    normal = solitaire_turns("normal", 3000, RandomRoller(7))
    assert statistics.mean(normal) < mean
    assert all(x % 50 == 0 and x >= 0 for x in expert + normal)


def test_expert_beats_normal() -> None:
    stats = simulate(["normal", "expert"], 200, seed=3, target=5000)
    normal, expert = stats
    assert normal.games == expert.games == 200
    assert normal.wins + expert.wins == pytest.approx(200)
    assert expert.win_rate > 0.55
    assert expert.points_per_turn > normal.points_per_turn
