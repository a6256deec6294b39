"""Farkle's house rules: the rules value, the scoring tables, the opening minimum,
the three-lost-turns penalty, saves, and the computer players under them."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from collections.abc import Callable
from importlib.resources import files
from typing import Any

import pytest

from zaria.dice import RandomRoller
from zaria.errors import StateError
from zaria.farkle.errors import BadRulesError, BadSetupError, BelowOpeningMinimumError
from zaria.farkle.game import Bank, EventKind, FarkleGame, Roll
from zaria.farkle.odds import bust_probability, bust_table, roll_weights
from zaria.farkle.players import ExpertPlayer, NormalPlayer, Plan
from zaria.farkle.rules import (
    ADDITIVE,
    DEFAULT_RULES,
    DOUBLING,
    FARKLE_PENALTIES,
    MASTER_RULES,
    OPENING_MINIMUMS,
    RULE_OPTIONS,
    STANDARD,
    TABLES,
    FarkleRules,
    ScoringTable,
    master_available,
    master_table_name,
    scoring_rows,
)
from zaria.farkle.scoring import best_breakdown, score_selection, scoring_dice, selection_scores
from zaria.farkle.simulate import play_game, simulate
from zaria.farkle.strategy import ExpertTable, expert_table, grouped_options
from zaria.game import Seat
from zaria.i18n import LANGUAGES, catalogue

LOSE = (2, 3, 4, 6, 2, 3)  # six dice that score nothing
ALL_RULES = [
    FarkleRules(m, p, t) for m in OPENING_MINIMUMS for p in FARKLE_PENALTIES for t in TABLES
]


def new(rules: FarkleRules, n: int = 2, target: int = 10000) -> FarkleGame:
    return FarkleGame.new([Seat(f"P{i}") for i in range(n)], target, rules)


def take(game: FarkleGame, roll: tuple[int, ...], keep: tuple[int, ...]) -> None:
    game.apply_roll(roll)
    for i in keep:
        game.toggle(i)


def roundtrip(game: FarkleGame) -> FarkleGame:
    d = game.to_dict()
    back = FarkleGame.from_dict(json.loads(json.dumps(d)))
    assert back == game and back.to_dict() == d
    return back


# ------------------------------------------------------------- the rules value


def test_defaults_are_the_rules_pages_game() -> None:
    assert FarkleRules(0, 0, "standard") == DEFAULT_RULES and DEFAULT_RULES.is_default
    assert DEFAULT_RULES.scoring is STANDARD and DEFAULT_RULES.id == "standard"
    assert [o.default for o in RULE_OPTIONS] == [0, 0, "standard"]
    assert {o.field for o in RULE_OPTIONS} == set(DEFAULT_RULES.to_dict())
    g = FarkleGame.new([Seat("A")])
    assert g.rules == DEFAULT_RULES and g.opening_needed == 0 and g.farkles == (0,)


def test_options_offered_are_the_requests() -> None:
    offered = {o.field: o.values for o in RULE_OPTIONS}
    assert offered == {
        "opening_minimum": (0, 350, 500, 1000),
        "farkle_penalty": (0, 500, 1000),
        "table": ("standard", "additive", "doubling"),
    }


@pytest.mark.parametrize(
    "fields",
    [
        {"opening_minimum": 400},
        {"opening_minimum": 500.0},
        {"opening_minimum": True},
        {"opening_minimum": "500"},
        {"farkle_penalty": -500},
        {"farkle_penalty": 250},
        {"table": "bogus"},
        {"table": ["standard"]},
    ],
)
def test_rules_refuse_values_not_offered(fields: dict[str, Any]) -> None:
    with pytest.raises(BadRulesError) as info:
        FarkleRules(**fields)
    assert info.value.msg_id == "err.farkle.bad_rule"
    assert isinstance(info.value, BadSetupError)


@pytest.mark.parametrize("rules", ALL_RULES, ids=[r.id for r in ALL_RULES])
def test_id_and_dict_round_trip(rules: FarkleRules) -> None:
    assert FarkleRules.from_id(rules.id) == rules
    assert FarkleRules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules


@pytest.mark.parametrize(
    "text",
    [
        "",
        "bogus",
        "standard-open0",
        "standard-penalty500-open500",
        "standard-open500-open500",
        "standard-open",
        "standard-x500",
        "additive-penalty300",
        5,
    ],
)
def test_from_id_refuses_what_id_never_writes(text: Any) -> None:
    with pytest.raises(BadRulesError):
        FarkleRules.from_id(text)


@pytest.mark.parametrize(
    "value",
    [
        None,
        [],
        {"opening_minimum": 0},
        {**DEFAULT_RULES.to_dict(), "extra": 1},
        {**DEFAULT_RULES.to_dict(), "farkle_penalty": 700},
    ],
)
def test_from_dict_refuses_what_to_dict_never_writes(value: Any) -> None:
    with pytest.raises(BadRulesError):
        FarkleRules.from_dict(value)


def test_summary_names_every_rule_in_force_and_has_messages() -> None:
    assert DEFAULT_RULES.summary() == (
        ("farkle.house.summary.table.standard", {}),
        ("farkle.house.summary.no_opening", {}),
        ("farkle.house.summary.no_penalty", {"count": 3}),
    )
    keys = {key for rules in ALL_RULES for key, _ in rules.summary()}
    keys |= {o.label for o in RULE_OPTIONS}
    keys |= {o.value_label(v)[0] for o in RULE_OPTIONS for v in o.values}
    for lang in LANGUAGES:
        assert keys <= set(catalogue(lang)), lang


def test_master_is_offered_for_the_shipped_tables_only() -> None:
    assert master_available(DEFAULT_RULES)
    assert not any(master_available(r) for r in ALL_RULES if r != DEFAULT_RULES)
    shipped = {p.name for p in (files("zaria") / "data").iterdir() if "farkle_master" in p.name}
    assert shipped == {master_table_name(r) for r in MASTER_RULES}


# ----------------------------------------------------------- the scoring tables

# The request's tables, written out: dice -> points under (additive, doubling).
VARIANTS = [
    ((1, 1, 1, 1), 2000, 2000),  # four = 2 × the triple, in both
    ((2, 2, 2, 2), 400, 400),
    ((6, 6, 6, 6, 6), 1800, 2400),  # five = 3 × / 4 ×
    ((2, 2, 2, 2, 2, 2), 800, 1600),  # six = 4 × / 8 × (more than three pairs)
    ((1, 1, 1, 1, 1, 1), 4000, 8000),
    ((5, 5, 5, 5, 5, 5), 2000, 4000),
    ((1, 2, 3, 4, 5, 6), 1500, 1500),  # straight
    ((2, 2, 3, 3, 4, 4), 750, 1500),  # three pairs
    ((3, 3, 3, 3, 4, 4), 750, 1500),  # four of a kind + a pair: three pairs pays more
    ((6, 6, 6, 6, 4, 4), 750, 1500),  # every die must score: the pair only as three pairs
    ((6, 6, 6, 6), 1200, 1200),  # (the four alone is worth more, leaving the pair in play)
    ((2, 2, 2, 3, 3, 3), 2500, 500),  # two triplets; none in the doubling table
    ((1, 1, 1, 5, 5, 5), 2500, 1500),
    ((1, 1, 1, 1, 5), 2050, 2050),
    ((4, 4, 4, 1, 5), 550, 550),  # triples and singles as in the standard table
    ((5,), 50, 50),
]


@pytest.mark.parametrize(("dice", "additive", "doubling"), VARIANTS)
def test_variant_tables_score_as_the_request_says(
    dice: tuple[int, ...], additive: int, doubling: int
) -> None:
    assert score_selection(dice, ADDITIVE) == additive
    assert score_selection(dice, DOUBLING) == doubling


def test_the_standard_table_is_unchanged_by_default() -> None:
    assert score_selection((1, 1, 1, 1)) == 1100 and score_selection((2,) * 6) == 3000
    two_triplets = (2, 2, 2, 3, 3, 3)
    assert score_selection(two_triplets) == 2500 == score_selection(two_triplets, STANDARD)


def _oracle(dice: tuple[int, ...], table: ScoringTable) -> int | None:
    """The most points of ``dice``: every way to split them into combinations."""
    if not dice:
        return 0
    counts = Counter(dice)
    parts: list[tuple[tuple[int, ...], int]] = []
    for face in (1, 5):
        if counts[face]:
            parts.append(((face,), 100 if face == 1 else 50))
    for face, c in counts.items():
        for n in range(3, c + 1):
            parts.append(((face,) * n, table.kind_points(face, n)))
    if len(dice) == 6:
        shape = sorted(counts.values())
        if len(counts) == 6:
            parts.append((dice, table.straight))
        if all(c % 2 == 0 for c in shape):
            parts.append((dice, table.three_pairs))
        if shape == [3, 3] and table.two_triplets is not None:
            parts.append((dice, table.two_triplets))
    low = dice[0]
    best: int | None = None
    for used, points in parts:
        if low not in used:
            continue
        rest = list(dice)
        for v in used:
            rest.remove(v)
        sub = _oracle(tuple(rest), table)
        if sub is not None and (best is None or points + sub > best):
            best = points + sub
    return best


@pytest.mark.parametrize("table", list(TABLES.values()), ids=list(TABLES))
def test_every_selection_scores_its_most_points_in_every_table(table: ScoringTable) -> None:
    for n in range(1, 7):
        for dice in itertools.combinations_with_replacement(range(1, 7), n):
            expected = _oracle(dice, table)
            assert selection_scores(dice, table) == (expected is not None), dice
            if expected is not None:
                assert score_selection(dice, table) == expected, (table, dice)


@pytest.mark.parametrize("table", [ADDITIVE, DOUBLING], ids=["additive", "doubling"])
def test_the_tap_ruling_and_bust_odds_hold_for_every_table(table: ScoringTable) -> None:
    for n in range(1, 7):
        for roll in itertools.product(range(1, 7), repeat=min(n, 4)):
            assert scoring_dice(roll, table) == scoring_dice(roll, STANDARD)
    # which rolls score nothing does not depend on the table
    for n in range(1, 7):
        lost = sum(w for r, w in roll_weights(n) if not any(scoring_dice(r, table)))
        assert bust_probability(n, table) * 6**n == lost
    assert bust_table(table) == bust_table()


@pytest.mark.parametrize("table", list(TABLES.values()), ids=list(TABLES))
def test_scoring_rows_are_the_engines_scores(table: ScoringTable) -> None:
    rows = {r.key: r for r in scoring_rows(table)}
    assert rows["single_one"].points == (score_selection((1,), table),)
    assert rows["three_kind"].points == tuple(score_selection((f,) * 3, table) for f in range(2, 7))
    for count, key in ((4, "four_kind"), (5, "five_kind"), (6, "six_kind")):
        faces = range(1, 7) if rows[key].factor else (2,)
        kinds = tuple(max(p.points for p in best_breakdown((f,) * count, table)) for f in faces)
        assert rows[key].points == kinds
    assert rows["straight"].points == (score_selection((1, 2, 3, 4, 5, 6), table),)
    assert rows["three_pairs"].points == (score_selection((2, 2, 3, 3, 4, 4), table),)
    two = score_selection((2, 2, 2, 3, 3, 3), table)
    assert rows["two_triplets"].points == (() if table is DOUBLING else (two,))
    assert [r.factor for r in scoring_rows(ADDITIVE)][4:7] == [2, 3, 4]
    assert [r.factor for r in scoring_rows(DOUBLING)][4:7] == [2, 4, 8]


def test_a_game_scores_with_its_table() -> None:
    g = new(FarkleRules(table="doubling"))
    take(g, (2, 2, 2, 2, 2, 2), (0, 1, 2, 3, 4, 5))
    assert g.selection_points() == 1600
    g.bank()
    assert g.banked == (1600, 0)
    back = roundtrip(g)
    assert back.rules.table == "doubling"


# ---------------------------------------------------------- the opening minimum


def test_bank_below_the_opening_minimum_is_refused_and_changes_nothing() -> None:
    g = new(FarkleRules(opening_minimum=500))
    take(g, (1, 1, 5, 2, 3, 4), (0, 1, 2))  # 250
    assert g.opening_needed == 500 and g.selection_scores()
    assert not g.can_bank() and g.can_roll() and Bank() not in g.legal_actions()
    before = g.to_dict()
    with pytest.raises(BelowOpeningMinimumError) as info:
        g.bank()
    assert info.value.msg_id == "err.farkle.opening_minimum"
    assert info.value.params == {"points": 250, "minimum": 500}
    assert g.to_dict() == before
    for lang in LANGUAGES:
        assert "{minimum}" in catalogue(lang)["err.farkle.opening_minimum"]


def test_the_minimum_holds_until_the_first_bank_only() -> None:
    g = new(FarkleRules(opening_minimum=350))
    take(g, (1, 1, 5, 2, 3, 4), (0, 1, 2))  # 250
    g.apply_roll((5, 2, 3))  # 300
    g.toggle(0)
    assert not g.can_bank()
    g.apply_roll((5, 2))  # 300 + 50 = 350 reaches the minimum
    g.toggle(0)
    assert g.turn_points() == 350 and g.can_bank()
    g.bank()
    assert g.opened == (True, False) and g.banked == (350, 0)
    take(g, (5, 2, 3, 4, 6, 6), (0,))  # P1 has not opened: 50 is refused
    assert not g.can_bank()
    g.apply_roll(LOSE[:5])
    take(g, (5, 2, 3, 4, 6, 6), (0,))  # P0 has opened: 50 may be banked
    assert g.opening_needed == 0 and g.can_bank()
    g.bank()
    assert g.banked == (400, 0)


def test_normal_never_tries_a_refused_bank() -> None:
    rules = FarkleRules(opening_minimum=1000)
    g = new(rules)
    take(g, (1, 1, 5, 2, 3, 4), (0, 1))
    g.apply_roll((1, 5, 2, 3))  # 200 + 150 would pass Normal's 300 threshold
    assert NormalPlayer().plan(g).bank is False
    for seed in range(3):
        game = play_game(["normal", "expert"], RandomRoller(seed), 5000, rules)
        assert game.over and min(game.banked) >= 0


def test_expert_under_a_minimum_rolls_on_below_it() -> None:
    g = new(FarkleRules(opening_minimum=1000))
    g.apply_roll((1, 1, 1, 2, 3, 4))  # 1,000 from the first roll: the default Expert banks it
    assert ExpertPlayer().plan(g) == Plan((0, 1, 2), True)
    g = new(FarkleRules(opening_minimum=1000))
    g.apply_roll((5, 5, 5, 2, 3, 4))  # 500: below the minimum
    plan = ExpertPlayer().plan(g)
    assert not plan.bank


# ------------------------------------------------------- three lost turns in a row


def _lose(game: FarkleGame) -> None:
    game.apply_roll(LOSE)


def test_the_third_lost_turn_in_a_row_costs_the_penalty() -> None:
    g = new(FarkleRules(farkle_penalty=500))
    for k in range(2):
        _lose(g)
        assert g.farkles[0] == k + 1 and g.banked == (0, 0)
        _lose(g)  # P1
    _lose(g)
    assert [e.kind for e in g.events] == [EventKind.LOST_TURN, EventKind.PENALTY]
    assert g.events[-1].points == 500 and g.events[-1].seat == 0
    assert g.banked == (-500, 0) and g.farkles == (0, 2)  # the count starts again
    roundtrip(g)
    _lose(g)  # P1's third
    assert g.banked == (-500, -500)


def test_a_bank_starts_the_count_again() -> None:
    g = new(FarkleRules(farkle_penalty=1000))
    _lose(g)
    _lose(g)
    _lose(g)
    _lose(g)
    assert g.farkles == (2, 2)
    take(g, (1, 2, 3, 4, 6, 6), (0,))
    g.bank()
    assert g.farkles == (0, 2)
    _lose(g)
    assert g.banked == (100, -1000)


def test_no_penalty_by_default_and_the_count_still_shows() -> None:
    g = new(DEFAULT_RULES)
    for _ in range(6):
        _lose(g)
    assert g.banked == (0, 0) and g.farkles == (3, 3)
    assert all(e.kind is not EventKind.PENALTY for e in g.events)


# ----------------------------------------------------------------------- saves


def _v1(game: FarkleGame) -> dict[str, Any]:
    d = game.to_dict()
    for key in ("rules", "farkles", "opened", "strict", "undos", "undo"):
        del d[key]
    d["version"] = 1
    return d


def test_a_save_from_before_house_rules_loads_with_the_defaults() -> None:
    g = new(DEFAULT_RULES)
    take(g, (1, 1, 1, 2, 3, 4), (0, 1, 2))
    g.bank()
    _lose(g)
    g.apply_roll((5, 2, 3, 4, 6, 6))
    back = FarkleGame.from_dict(_v1(g))
    assert back.rules == DEFAULT_RULES and back.farkles == (0, 0)
    assert back.opened == (True, False) and back.banked == (1000, 0)
    assert back.roll == (5, 2, 3, 4, 6, 6) and back.to_dict()["version"] == 3


@pytest.mark.parametrize("rules", ALL_RULES[::5], ids=[r.id for r in ALL_RULES[::5]])
def test_rules_and_counts_round_trip(rules: FarkleRules) -> None:
    g = new(rules, 3)
    _lose(g)
    take(g, (1, 1, 1, 5, 5, 5), tuple(range(6)))
    g.apply_roll((1, 2, 3, 4, 6, 6))
    g.toggle(0)
    g.bank()
    back = roundtrip(g)
    assert back.rules == rules and back.farkles == (1, 0, 0) and back.opened == (False, True, False)
    assert back.copy() == g


def _saved(rules: FarkleRules, change: Callable[[dict[str, Any]], object]) -> dict[str, Any]:
    g = new(rules)
    _lose(g)
    d = g.to_dict()
    change(d)
    return d


CORRUPT: list[tuple[str, FarkleRules, Callable[[dict[str, Any]], object]]] = [
    ("rules not a dict", DEFAULT_RULES, lambda d: d.update(rules="standard")),
    ("unknown rule value", DEFAULT_RULES, lambda d: d["rules"].update(opening_minimum=200)),
    ("farkles length", DEFAULT_RULES, lambda d: d.update(farkles=[0])),
    ("farkles negative", DEFAULT_RULES, lambda d: d.update(farkles=[-1, 0])),
    (
        "farkles above the penalty's count",
        FarkleRules(farkle_penalty=500),
        lambda d: d.update(farkles=[1, 3]),
    ),
    ("more lost turns than turns", DEFAULT_RULES, lambda d: d.update(farkles=[1, 1])),
    ("opened not a bool", DEFAULT_RULES, lambda d: d.update(opened=[0, False])),
    ("opened before any turn", DEFAULT_RULES, lambda d: d.update(opened=[True, True])),
    ("negative total without a penalty", DEFAULT_RULES, lambda d: d["banked"].__setitem__(0, -500)),
    (
        "points without a bank under a minimum",
        FarkleRules(opening_minimum=500),
        lambda d: d["banked"].__setitem__(0, 600),
    ),
    ("old version with new keys", DEFAULT_RULES, lambda d: d.update(version=1)),
]


@pytest.mark.parametrize("case", CORRUPT, ids=[c[0] for c in CORRUPT])
def test_corrupt_house_rule_fields_are_refused(
    case: tuple[str, FarkleRules, Callable[[dict[str, Any]], object]],
) -> None:
    with pytest.raises(StateError):
        FarkleGame.from_dict(_saved(case[1], case[2]))


def test_a_total_below_zero_loads_under_a_penalty() -> None:
    d = _saved(FarkleRules(farkle_penalty=500), lambda d: d["banked"].__setitem__(0, -1500))
    assert FarkleGame.from_dict(d).banked == (-1500, 0)


def test_new_refuses_rules_that_are_not_a_rules_value() -> None:
    with pytest.raises(BadRulesError):
        FarkleGame.new([Seat("A")], 10000, {"table": "standard"})  # type: ignore[arg-type]


# --------------------------------------------------------------------- Expert


def test_expert_points_per_turn_for_each_table() -> None:
    # standard: the published 601.56; the variants from the same programme
    values = {t: expert_table(FarkleRules(table=t)).expected_turn() for t in TABLES}
    assert round(values["standard"], 2) == 601.56
    assert round(values["additive"], 2) == 561.71
    assert round(values["doubling"], 2) == 590.66


def _independent_gain(rules: FarkleRules, cap: int) -> float:
    """Points per turn by plain relative value iteration over (lost turns, points, dice)."""
    step, counts, penalty = 50, 3, rules.farkle_penalty
    groups = {n: grouped_options(n, rules.scoring) for n in range(1, 7)}
    bust = {n: float(bust_probability(n)) for n in range(1, 7)}
    h = [0.0] * counts
    gain = 0.0
    for _ in range(60):
        starts = []
        for c in range(counts):
            lost = h[(c + 1) % counts] - (penalty if c == counts - 1 else 0)
            value: dict[tuple[int, int], float] = {}

            def v(u: int, n: int, value: dict[tuple[int, int], float] = value) -> float:
                return u * step if u * step >= cap else value[(u, n)]

            for u in range(cap // step - 1, -1, -1):
                for n in range(1, 7):
                    r = bust[n] * lost
                    r += sum(p * max(v(u + b, left) for b, left in opts) for p, opts in groups[n])
                    value[(u, n)] = max(u * step, r) if u else r
            starts.append(value[(0, 6)])
        new_h = [s - starts[0] for s in starts]
        moved = max(abs(starts[0] - gain), *(abs(x - y) for x, y in zip(new_h, h, strict=True)))
        gain, h = starts[0], new_h
        if moved < 1e-9:
            break
    return gain


@pytest.mark.parametrize(
    "rules", [FarkleRules(farkle_penalty=1000), FarkleRules(farkle_penalty=500, table="doubling")]
)
def test_expert_penalty_policy_matches_an_independent_computation(rules: FarkleRules) -> None:
    cap = 1000  # small, so both computations are quick; banking is forced above it
    assert ExpertTable(cap, rules).expected_turn() == pytest.approx(
        _independent_gain(rules, cap), abs=1e-6
    )


def test_expert_keeps_one_policy_per_lost_turn_count() -> None:
    rules = FarkleRules(farkle_penalty=1000)
    table = expert_table(rules)
    # The last point total at which it still rolls 1, 3 or 5 dice, by lost turns in a row:
    # the closer the penalty, the sooner it banks (without the penalty: 300, 400, 3,050).
    last_roll = {
        c: [
            max(p for p in range(0, 5000, 50) if not table.should_bank(p, n, farkles=c))
            for n in (1, 3, 5)
        ]
        for c in range(3)
    }
    assert last_roll == {0: [250, 350, 3050], 1: [150, 300, 2950], 2: [0, 0, 2050]}
    assert table.roll_value(300, 3, farkles=0) != table.roll_value(300, 3, farkles=2)
    assert table.expected_turn() < expert_table().expected_turn()
    g = new(rules)
    _lose(g)
    _lose(g)
    _lose(g)
    _lose(g)
    take(g, (5, 2, 3, 4, 6, 6), (0,))
    g.apply_roll((5, 2, 3, 4, 6))
    g.toggle(0)
    g.apply_roll((5, 2, 3, 4))
    g.toggle(0)
    g.apply_roll((5, 2, 3))
    g.toggle(0)
    g.apply_roll((5, 2))  # 200 + a 5, one die left
    assert g.farkles[0] == 2 and ExpertPlayer().plan(g) == Plan((0,), True)


def test_expert_opening_minimum_value_is_its_long_run_bias() -> None:
    plain, opening = expert_table(), expert_table(FarkleRules(opening_minimum=1000))
    assert opening.expected_turn() == pytest.approx(plain.expected_turn())  # opens once
    assert opening.first_turn() < plain.expected_turn()
    assert not opening.may_bank(950, opened=False) and opening.may_bank(950, opened=True)


def test_house_rule_games_play_to_the_end() -> None:
    some = [FarkleRules(350, 0, "additive"), FarkleRules(0, 500, "doubling"), FarkleRules(1000)]
    for i, rules in enumerate(some):
        stats = simulate(["normal", "expert"], 2, seed=i, target=5000, rules=rules)
        assert sum(s.wins for s in stats) == pytest.approx(2)
    g = play_game(["expert", "normal"], RandomRoller(5), 5000, FarkleRules(350, 1000, "additive"))
    assert g.over and g.winners() and Roll() not in g.legal_actions()
