"""The games' rules, checked one by one against independent statements of them.

Each test restates a rule as the rules text words it (small oracles written apart from
the engine's code) and checks the engine against it; the rules that live in the Penta
screen's controller (auto-record, the sacrifice message) are checked through the app
with a fake page.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement
from pathlib import Path

import pytest

from fake_host import FakeHost
from zaria.farkle.game import DEFAULT_TARGET, TARGETS, EventKind, FarkleGame
from zaria.farkle.odds import bust_probability
from zaria.farkle.players import NormalPlayer, Plan
from zaria.farkle.scoring import score_selection, scoring_dice, selection_scores
from zaria.game import Seat, Undo
from zaria.penta.advisor import CasualPlayer, OptimalPlayer
from zaria.penta.game import NoRollsLeftError, PentaGame
from zaria.penta.scoring import BOXES, UPPER, Box, box_options, score
from zaria.penta.strategy import SheetState
from zaria_web.app import App
from zaria_web.penta.screen import TABLE_URL
from zaria_web.play.screen import GameScreen

B = Box
TABLE = (Path(__file__).resolve().parent.parent / "py/zaria/data/penta_table.bin").read_bytes()

# ======================================================================== Penta
# ---------------------------------------------------------------- oracles


def sheet_value(box: Box, dice: Sequence[int]) -> int:
    """A box's value for five dice, as the rules' score sheet words it."""
    counts = Counter(dice)
    total = sum(dice)
    if box in UPPER:
        face = UPPER.index(box) + 1
        return sum(d for d in dice if d == face)
    if box is B.THREE_KIND:
        return total if any(c >= 3 for c in counts.values()) else 0
    if box is B.FOUR_KIND:
        return total if any(c >= 4 for c in counts.values()) else 0
    if box is B.FULL_HOUSE:  # three of one face and two of *another* face
        return 25 if any(c == 3 for c in counts.values()) and 2 in counts.values() else 0
    if box is B.SMALL_STRAIGHT:  # four consecutive faces among the dice
        return 30 if any({f, f + 1, f + 2, f + 3} <= set(dice) for f in (1, 2, 3)) else 0
    if box is B.LARGE_STRAIGHT:  # five consecutive faces
        return 40 if sorted(dice) in ([1, 2, 3, 4, 5], [2, 3, 4, 5, 6]) else 0
    if box is B.CHANCE:
        return total
    return 50 if len(counts) == 1 else 0


JOKER_LOWER_VALUE = {
    B.THREE_KIND: None,  # None: the sum of the dice
    B.FOUR_KIND: None,
    B.FULL_HOUSE: 25,
    B.SMALL_STRAIGHT: 30,
    B.LARGE_STRAIGHT: 40,
    B.CHANCE: None,
}


def allowed(
    dice: Sequence[int], free: frozenset[Box], penta_box: int | None
) -> dict[Box, tuple[int, int]]:
    """Where ``dice`` may go, with (points, Penta bonus), as the rules say."""
    further_penta = len(set(dice)) == 1 and penta_box == 50
    if not further_penta:
        # any free box takes any roll (a box the roll does not fit scores 0)
        return {b: (sheet_value(b, dice), 0) for b in free}
    own = UPPER[dice[0] - 1]
    if own in free:  # 1. the upper box of that face is the only allowed box
        return {own: (5 * dice[0], 100)}
    lower = [b for b in JOKER_LOWER_VALUE if b in free]
    if lower:  # 2. any free lower box, at full value
        return {b: (JOKER_LOWER_VALUE[b] or sum(dice), 100) for b in lower}
    return {b: (0, 100) for b in free}  # 3. any free upper box, scoring 0


ROLLS = list(combinations_with_replacement(range(1, 7), 5))


# ---------------------------------------------------------------- the score sheet


def test_every_roll_scores_in_every_box_as_the_score_sheet_says() -> None:
    for dice in ROLLS:
        for box in BOXES:
            assert score(box, dice) == sheet_value(box, dice), (box, dice)


@pytest.mark.parametrize("face", range(1, 7))
def test_five_of_a_kind_is_no_full_house_and_no_straight_outside_the_joker(face: int) -> None:
    dice = (face,) * 5
    for penta_box in (None, 0):
        free = frozenset(BOXES) if penta_box is None else frozenset(BOXES) - {B.PENTA}
        options = box_options(dice, free, penta_box)
        assert options[B.FULL_HOUSE] == (0, 0)
        assert options[B.SMALL_STRAIGHT] == (0, 0)
        assert options[B.LARGE_STRAIGHT] == (0, 0)
    joker = box_options(dice, frozenset(BOXES) - {B.PENTA, UPPER[face - 1]}, 50)
    assert joker[B.FULL_HOUSE] == (25, 100)
    assert joker[B.SMALL_STRAIGHT] == (30, 100)
    assert joker[B.LARGE_STRAIGHT] == (40, 100)


def test_the_sacrifice_example_scores_in_five_boxes_only() -> None:
    # 1, 1, 3, 4, 6 scores only in Aces, Threes, Fours, Sixes and Chance.
    options = box_options((1, 1, 3, 4, 6), frozenset(BOXES), None)
    assert {b for b, (p, _) in options.items() if p > 0} == {
        B.ACES,
        B.THREES,
        B.FOURS,
        B.SIXES,
        B.CHANCE,
    }
    assert set(options) == set(BOXES)  # yet every free box may take it


# ---------------------------------------------------------------- the joker, exhaustively


def free_sets(rng: random.Random, count: int) -> list[frozenset[Box]]:
    """Sets of free boxes among the 12 other than Penta: structured ones and random ones."""
    others = [b for b in BOXES if b is not B.PENTA]
    lower = [b for b in others if b not in UPPER]
    sets = [frozenset(others), frozenset(UPPER), frozenset(lower)]
    sets += [frozenset(c) for c in combinations(others, 1)]
    sets += [frozenset(others) - {b} for b in others]
    sets += [frozenset(rng.sample(others, rng.randrange(1, 12))) for _ in range(count)]
    return sets


def test_where_each_roll_may_go_follows_the_joker_rule() -> None:
    rng = random.Random(63)
    sets = free_sets(rng, 120)
    pentas = [(f,) * 5 for f in range(1, 7)]
    others = rng.sample([r for r in ROLLS if len(set(r)) > 1], 20)
    for dice in pentas + others:
        for free in sets:
            for penta_box in (0, 50):
                assert box_options(dice, free, penta_box) == allowed(dice, free, penta_box), (
                    dice,
                    sorted(b.value for b in free),
                    penta_box,
                )
            with_penta = free | {B.PENTA}
            assert box_options(dice, with_penta, None) == allowed(dice, with_penta, None)


def test_the_three_joker_steps_with_five_fours_in_a_game() -> None:
    g = PentaGame.new([Seat("Ana")])
    g.apply_roll([4, 4, 4, 4, 4])
    g.score(B.PENTA)
    g.apply_roll([4, 4, 4, 4, 4])
    assert g.options() == {B.FOURS: (20, 100)}  # step 1
    g.score(B.FOURS)
    g.apply_roll([4, 4, 4, 4, 4])
    assert g.options() == {  # step 2, at full value
        B.THREE_KIND: (20, 100),
        B.FOUR_KIND: (20, 100),
        B.FULL_HOUSE: (25, 100),
        B.SMALL_STRAIGHT: (30, 100),
        B.LARGE_STRAIGHT: (40, 100),
        B.CHANCE: (20, 100),
    }
    g.score(B.LARGE_STRAIGHT)
    for box in (B.THREE_KIND, B.FOUR_KIND, B.FULL_HOUSE, B.SMALL_STRAIGHT, B.CHANCE):
        g.apply_roll([4, 4, 4, 4, 4])
        g.score(box)
    g.apply_roll([4, 4, 4, 4, 4])
    assert g.options() == {b: (0, 100) for b in UPPER if b is not B.FOURS}  # step 3
    g.score(B.ACES)
    assert g.sheets[0][B.ACES] == 0
    assert g.penta_bonuses == [8]  # every further Penta earned 100
    t = g.totals(0)
    assert (t.upper, t.lower, t.penta_bonus) == (20, 50 + 40 + 20 + 20 + 25 + 30 + 20, 800)


def test_bonuses_only_while_the_penta_box_holds_50() -> None:
    # A Penta while the Penta box is free is an ordinary roll, even a second one.
    g = PentaGame.new([Seat("Ana")])
    for box in (B.CHANCE, B.SIXES):
        g.apply_roll([6, 6, 6, 6, 6])
        g.score(box)
    assert g.penta_bonuses == [0]
    g.apply_roll([1, 2, 3, 4, 6])
    g.score(B.PENTA)  # sacrificed: 0
    for box in (B.THREES, B.LARGE_STRAIGHT):
        g.apply_roll([3, 3, 3, 3, 3])
        assert set(g.options()) == g.free_boxes()  # no joker: every free box
        assert all(bonus == 0 for _, bonus in g.options().values())
        g.score(box)
    assert g.sheets[0][B.LARGE_STRAIGHT] == 0  # a Large straight is worth 0 for it
    assert g.penta_bonuses == [0] and g.totals(0).penta_bonus == 0


# ---------------------------------------------------------------- the turn and the end


def test_a_turn_is_at_most_three_rolls_and_recording_passes_the_turn_in_seat_order() -> None:
    g = PentaGame.new([Seat("A"), Seat("B"), Seat("C")])
    for rnd in range(1, 14):
        for seat in range(3):
            assert (g.round, g.current) == (rnd, seat)
            rolls = 1 + (rnd + seat) % 3  # 1, 2 or 3 rolls, then validate
            for _ in range(rolls):
                g.apply_roll([1, 2, 3, 4, 6][: g.dice_to_roll()])
            assert g.rolls_left == 3 - rolls
            if rolls == 3:
                with pytest.raises(NoRollsLeftError):
                    g.apply_roll([1, 2, 3, 4, 6])
            box = next(b for b in BOXES if g.sheets[seat][b] is None)
            g.score(box)
    # only the undo of the game-ending record is left
    assert g.over and g.legal_actions() == [Undo()]
    assert all(None not in sheet.values() for sheet in g.sheets)


def test_the_upper_bonus_needs_63_and_total_adds_its_four_parts() -> None:
    for aces, bonus in ((3, 35), (2, 0)):  # 63 earns the bonus, 62 does not
        g = PentaGame.new([Seat("Ana")])
        rolls = {
            B.ACES: (1,) * aces + (2,) * (5 - aces),
            B.TWOS: (2, 2, 2, 3, 4),
            B.THREES: (3, 3, 3, 4, 5),
            B.FOURS: (4, 4, 4, 5, 6),
            B.FIVES: (5, 5, 5, 6, 1),
            B.SIXES: (6, 6, 6, 1, 2),
        }
        for box, dice in rolls.items():
            g.apply_roll(dice)
            g.score(box)
        g.apply_roll([6, 6, 6, 6, 6])
        g.score(B.PENTA)
        g.apply_roll([6, 6, 6, 6, 6])  # Sixes used: a lower box, +100
        g.score(B.CHANCE)
        t = g.totals(0)
        assert t.upper == 60 + aces and t.upper_bonus == bonus
        assert t.total == t.upper + bonus + 50 + 30 + 100


# ---------------------------------------------------------------- the screen's rules


def penta_app(script: str, level: str | None = None) -> tuple[App, FakeHost]:
    """A game of Penta for Ann (and a computer of ``level`` after her), with scripted dice."""
    host = FakeHost()
    host.files[TABLE_URL] = TABLE
    app = App(host, {"dice": script})
    app.action("open", {"game": "penta"})
    app.action("seat-name", {"index": "0", "value": "Ann", "event": "input"})
    if level is None:
        app.action("seat-computer", {"value": "off"})
    else:
        app.action("seat-computer", {"value": "on"})
        app.action("seat-level", {"value": level})
    app.action("start", {})
    return app, host


def penta_game(app: App) -> PentaGame:
    assert isinstance(app.screen, GameScreen) and app.screen.game is not None
    return app.screen.game


def test_auto_record_takes_the_optimal_box_even_against_a_casual_computer() -> None:
    dice = (4, 4, 4, 2, 1)
    start = SheetState.start()
    assert CasualPlayer().box(start, dice) is B.THREE_KIND  # the casual level would differ
    assert OptimalPlayer().box(start, dice) is B.FOURS
    app, host = penta_app("11111,11111,44421", level="casual")
    for _ in range(3):
        app.action("roll", {})
    assert penta_game(app).seats[1].level == "casual"
    host.advance(3100)
    g = penta_game(app)
    assert g.sheets[0][B.FOURS] == 12 and g.sheets[0][B.THREE_KIND] is None
    assert g.current == 1


def test_no_countdown_before_the_third_roll() -> None:
    app, host = penta_app("11111,11111,44421")
    for rolls in (1, 2):
        app.action("roll", {})
        assert "Recording automatically" not in host.screen_html
        host.advance(20_000)
        g = penta_game(app)
        assert (g.round, g.rolls_used) == (1, rolls)  # nothing recorded by itself
    app.action("roll", {})
    assert "Recording automatically in 3" in host.screen_html


def test_a_reload_during_the_countdown_starts_it_again() -> None:
    app, host = penta_app("11111,11111,44421")
    for _ in range(3):
        app.action("roll", {})
    host.advance(2000)
    again = FakeHost(storage=dict(host.storage))
    again.files[TABLE_URL] = TABLE
    reloaded = App(again, {})
    reloaded.action("open", {"game": "penta"})
    assert "Recording automatically in 3" in again.screen_html
    again.advance(2900)
    assert penta_game(reloaded).round == 1  # a full 3 s again, not the 1 s left
    again.advance(200)
    assert penta_game(reloaded).sheets[0][B.FOURS] == 12


SACRIFICE = "No open box scores points: you must sacrifice one"


def shows_sacrifice(host: FakeHost) -> bool:
    """Whether the screen shows the sacrifice message (its element, with its words)."""
    shown = 'class="penta-msg warn sacrifice"' in host.screen_html
    assert shown == (SACRIFICE in host.screen_html)
    return shown


def test_the_sacrifice_message_only_after_the_last_roll_when_no_box_scores() -> None:
    # Fill every box but Full house and Large straight; then 1, 1, 3, 4, 6 scores nowhere.
    fill = [
        ("11111", B.PENTA),
        ("11222", B.ACES),
        ("22333", B.TWOS),
        ("33344", B.THREES),
        ("44455", B.FOURS),
        ("55566", B.FIVES),
        ("66611", B.SIXES),
        ("33345", B.THREE_KIND),
        ("44442", B.FOUR_KIND),
        ("12346", B.SMALL_STRAIGHT),
        ("65432", B.CHANCE),
    ]
    script = ",".join(d for d, _ in fill) + ",11346,11346,11346,12345,12345,12345"
    app, host = penta_app(script)
    for _, box in fill:
        app.action("roll", {})
        assert not shows_sacrifice(host)
        app.action("box", {"box": box.value})
        app.action("validate", {})
    for _ in range(2):
        app.action("roll", {})
        assert not shows_sacrifice(host)  # a re-roll remains
    app.action("roll", {})
    assert shows_sacrifice(host)
    app.action("box", {"box": "full_house"})
    app.action("validate", {})
    assert penta_game(app).sheets[0][B.FULL_HOUSE] == 0
    for _ in range(3):
        app.action("roll", {})  # 1, 2, 3, 4, 5 three times: the Large straight scores
    assert penta_game(app).must_sacrifice() is False
    assert not shows_sacrifice(host)


# ======================================================================== Farkle


def farkle(n: int, target: int = 5000) -> FarkleGame:
    return FarkleGame.new([Seat(f"P{i}") for i in range(n)], target)


def bank(g: FarkleGame, roll: tuple[int, ...], keep: Sequence[int]) -> None:
    g.apply_roll(roll)
    for i in keep:
        g.toggle(i)
    g.bank()


TWO_TRIPLETS = ((1, 1, 1, 5, 5, 5), range(6))  # 2,500
ONE_FIVE = ((5, 2, 3, 4, 6, 6), (0,))  # 50


def test_target_choices_and_the_default() -> None:
    assert TARGETS == (5000, 10000, 15000)
    assert DEFAULT_TARGET == 10000
    assert FarkleGame.new([Seat("Ana")]).target == 10000


def six_thousand(g: FarkleGame) -> None:
    """A turn worth 6,000: six 1s, hot dice, then six 2s, banked."""
    for roll in ((1,) * 6, (2,) * 6):
        g.apply_roll(roll)
        for i in range(6):
            g.toggle(i)
    g.bank()


@pytest.mark.parametrize("n", range(1, 8))
def test_last_round_every_other_seat_plays_once_more_and_play_ends_at_the_trigger(
    n: int,
) -> None:
    for trigger in range(n):
        g = farkle(n)
        for seat in range(n):  # round 1: only the trigger scores big
            bank(g, *(TWO_TRIPLETS if seat == trigger else ONE_FIVE))
        for _ in range(trigger):
            bank(g, *ONE_FIVE)
        assert g.current == trigger and not g.last_round
        bank(g, *TWO_TRIPLETS)  # 5,000: reaches the target
        assert g.last_round_by == trigger
        turns = list(g.turns)
        played = []
        while not g.over:
            played.append(g.current)
            six_thousand(g)  # passing the target again starts no new last round
            assert g.last_round_by == trigger
        assert played == [(trigger + k) % n for k in range(1, n)]
        assert g.current == trigger
        assert [t - t0 for t, t0 in zip(g.turns, turns, strict=True)] == [
            int(s != trigger) for s in range(n)
        ]
        assert g.banked[trigger] == 5000
        assert all(g.banked[s] > 6000 for s in range(n) if s != trigger)
        best = max(g.banked)
        assert g.winners() == [s for s in range(n) if g.banked[s] == best]
        assert (trigger in g.winners()) == (n == 1)


def test_hot_dice_bring_six_dice_back_and_keep_the_turn_points() -> None:
    g = farkle(1)
    g.apply_roll((1, 1, 1, 2, 3, 4))
    for i in (0, 1, 2):
        g.toggle(i)
    g.apply_roll((5, 5, 5))
    for i in (0, 1, 2):
        g.toggle(i)
    assert g.hot_dice_pending() and g.dice_to_roll() == 6
    assert g.can_roll() and g.can_bank()  # roll all six, or bank
    banked_now = g.copy()
    banked_now.bank()
    assert banked_now.banked == (1500,)
    g.apply_roll((5, 2, 3, 4, 6, 6))
    assert g.last_event is not None and g.last_event.kind is EventKind.HOT_DICE
    assert len(g.roll or ()) == 6 and g.turn_total == 1500
    g.toggle(0)
    g.bank()
    assert g.banked == (1550,)


def test_a_lost_turn_loses_the_turn_points_and_keeps_the_banked_total() -> None:
    g = farkle(2)
    bank(g, *ONE_FIVE)
    bank(g, *ONE_FIVE)
    g.apply_roll((1, 1, 1, 2, 3, 4))
    for i in (0, 1, 2):
        g.toggle(i)
    g.apply_roll((5, 5, 5))
    for i in (0, 1, 2):
        g.toggle(i)
    g.apply_roll((2, 3, 4, 6, 6, 2))  # hot dice, then nothing scores
    kinds = [e.kind for e in g.events]
    assert kinds == [EventKind.HOT_DICE, EventKind.LOST_TURN]
    assert g.banked == (50, 50) and g.current == 1 and g.turn_total == 0


def test_points_of_several_rolls_add_up_but_combinations_stay_within_one_roll() -> None:
    g = farkle(1, 10000)
    g.apply_roll((5, 5, 2, 3, 4, 6))
    g.toggle(0)
    g.toggle(1)
    g.apply_roll((5, 2, 3, 4))
    g.toggle(0)
    g.apply_roll((5, 5, 2))  # two more 5s: still singles, never a triple or four 5s
    g.toggle(0)
    g.toggle(1)
    g.bank()
    assert g.banked == (250,)  # 100 + 50 + 100, not 500 or 1,000


@pytest.mark.parametrize(
    ("dice", "points"),
    [
        ((1, 1, 1, 1), 1100),  # three 1s + a 1, not four of a kind
        ((2, 2, 2, 2, 2, 2), 3000),  # six of a kind, not three pairs
        ((3, 3, 3, 3, 4, 4), 1500),  # four of a kind + a pair counts as three pairs
        ((5, 5, 5, 5, 1, 1), 1500),
        ((4, 4, 4, 4, 4, 4), 3000),
        ((1, 1, 1, 2, 2, 2), 2500),
    ],
)
def test_the_rules_examples_of_scoring_for_the_most_points(
    dice: tuple[int, ...], points: int
) -> None:
    assert score_selection(dice) == points


def test_a_tap_is_refused_only_for_a_die_that_fits_no_combination_of_the_roll() -> None:
    # from 2, 2, 2, 3, 4, 6 a single 2 may be tapped, yet alone it does not score
    g = farkle(1)
    g.apply_roll((2, 2, 2, 3, 4, 6))
    assert g.scoreable == scoring_dice((2, 2, 2, 3, 4, 6)) == (True,) * 3 + (False,) * 3
    g.toggle(0)
    assert not g.can_roll() and not g.can_bank()
    assert not selection_scores([2])


def test_bank_risk_is_that_of_the_roll_roll_would_make() -> None:
    g = farkle(1)
    g.apply_roll((1, 5, 2, 3, 4, 4))
    assert g.bust_risk() == bust_probability(6)  # nothing selected yet: six dice
    g.toggle(0)
    assert g.bust_risk() == bust_probability(5)
    g.toggle(1)
    assert g.bust_risk() == bust_probability(4)


def test_normal_in_the_last_round_keeps_rolling_until_it_would_beat_the_leader() -> None:
    g = farkle(2, 10000)
    d = g.to_dict()
    d.update(banked=[9000, 10500], last_round_by=1, turns_left=1)
    g = FarkleGame.from_dict(d)
    g.apply_roll((1, 1, 1, 2, 3, 4))  # 1,000: far above 300, below the 1,501 needed
    assert NormalPlayer().plan(g) == Plan((0, 1, 2), False)
