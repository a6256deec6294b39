"""Whole games of Penta: scripted games checked by hand, and random playthroughs."""

from __future__ import annotations

import random

from zaria.dice import RandomRoller
from zaria.game import Seat
from zaria.penta.game import PentaGame, Record, Roll, Totals
from zaria.penta.scoring import BOXES, PENTA_SCORE, Box, is_penta

B = Box


def test_scripted_solitaire_game() -> None:
    g = PentaGame.new([Seat("Ana")])

    # Turn 1: 6 6 6 2 3, hold the 6s, re-roll 6 1, hold the fourth 6, re-roll a 6: Penta 50.
    g.apply_roll([6, 6, 6, 2, 3])
    g.set_held([True, True, True, False, False])
    g.apply_roll([6, 1])
    assert g.dice == (6, 6, 6, 6, 1)
    g.toggle_hold(3)
    g.apply_roll([6])
    g.score(B.PENTA)
    script = [
        ((1, 1, 1, 5, 2), B.ACES),  # 2: 3
        ((2, 2, 2, 6, 5), B.TWOS),  # 3: 6
        ((3, 3, 3, 3, 1), B.THREES),  # 4: 12
        ((4, 4, 4, 4, 4), B.FOURS),  # 5: joker, Fours free and forced: 20 + bonus 100
        ((5, 5, 5, 1, 2), B.FIVES),  # 6: 15
        ((6, 6, 6, 5, 5), B.SIXES),  # 7: 18; upper 3+6+12+20+15+18 = 74 -> bonus 35
        ((2, 3, 4, 5, 6), B.LARGE_STRAIGHT),  # 8: 40
        ((1, 2, 3, 4, 6), B.SMALL_STRAIGHT),  # 9: 30
        ((3, 3, 5, 5, 5), B.FULL_HOUSE),  # 10: 25
        ((6, 6, 6, 6, 6), B.FOUR_KIND),  # 11: joker, Sixes used: lower at full value, 30 + 100
        ((1, 1, 3, 4, 6), B.THREE_KIND),  # 12: sacrifice, 0
        ((5, 6, 6, 4, 3), B.CHANCE),  # 13: 24
    ]
    for dice, box in script:
        assert not g.over
        g.apply_roll(dice)
        g.score(box)
    assert g.over and g.round == 13
    assert g.sheets[0] == {
        B.ACES: 3,
        B.TWOS: 6,
        B.THREES: 12,
        B.FOURS: 20,
        B.FIVES: 15,
        B.SIXES: 18,
        B.THREE_KIND: 0,
        B.FOUR_KIND: 30,
        B.FULL_HOUSE: 25,
        B.SMALL_STRAIGHT: 30,
        B.LARGE_STRAIGHT: 40,
        B.CHANCE: 24,
        B.PENTA: 50,
    }
    # lower: 0 + 30 + 25 + 30 + 40 + 24 + 50 = 199; two Penta bonuses = 200
    # total: 74 + 35 + 199 + 200 = 508
    assert g.totals(0) == Totals(upper=74, upper_bonus=35, lower=199, penta_bonus=200)
    assert g.totals(0).total == 508
    assert g.penta_bonuses == [2]
    assert g.winners() == [0]


Script = list[tuple[tuple[int, ...], Box]]

# Thirteen one-roll turns whose upper section makes exactly 63.
# upper: 3 + 6 + 9 + 12 + 15 + 18 = 63 -> bonus 35
# lower: 27 + 21 + 25 + 30 + 40 + 26 + 50 = 219; total 63 + 35 + 219 = 317
EXACT_63: Script = [
    ((1, 1, 1, 2, 3), B.ACES),
    ((2, 2, 2, 1, 3), B.TWOS),
    ((3, 3, 3, 1, 2), B.THREES),
    ((4, 4, 4, 1, 2), B.FOURS),
    ((5, 5, 5, 1, 2), B.FIVES),
    ((6, 6, 6, 1, 2), B.SIXES),
    ((6, 6, 6, 5, 4), B.THREE_KIND),
    ((5, 5, 5, 5, 1), B.FOUR_KIND),
    ((2, 2, 3, 3, 3), B.FULL_HOUSE),
    ((1, 2, 3, 4, 4), B.SMALL_STRAIGHT),
    ((1, 2, 3, 4, 5), B.LARGE_STRAIGHT),
    ((6, 6, 5, 5, 4), B.CHANCE),
    ((3, 3, 3, 3, 3), B.PENTA),
]
# The same with Aces 4 and Twos 4: upper 62, no bonus; total 62 + 219 = 281.
SHORT_62: Script = [((1, 1, 1, 1, 2), B.ACES), ((2, 2, 1, 3, 4), B.TWOS), *EXACT_63[2:]]


def play_rounds(g: PentaGame, scripts: list[Script]) -> None:
    """Play 13 rounds, seat ``s`` following ``scripts[s]``; check the seat order."""
    for r in range(13):
        for s, script in enumerate(scripts):
            assert not g.over
            assert (g.round, g.current) == (r + 1, s)
            assert g.winners() == []
            dice, box = script[r]
            g.apply_roll(dice)
            g.score(box)


def test_two_players_tie_and_share_the_win() -> None:
    g = PentaGame.new([Seat("Ana"), Seat("Bo")])
    play_rounds(g, [EXACT_63, EXACT_63])
    assert g.over
    assert [g.totals(s).total for s in (0, 1)] == [317, 317]
    assert g.totals(0) == Totals(upper=63, upper_bonus=35, lower=219, penta_bonus=0)
    assert g.winners() == [0, 1]


def test_three_players_in_seat_order() -> None:
    g = PentaGame.new([Seat("Ana"), Seat("Bo"), Seat("Cy", computer=True)])
    play_rounds(g, [SHORT_62, EXACT_63, SHORT_62])
    assert g.over and (g.round, g.current) == (13, 2)
    assert g.totals(0) == Totals(upper=62, upper_bonus=0, lower=219, penta_bonus=0)
    assert [g.totals(s).total for s in range(3)] == [281, 317, 281]
    assert [g.upper_needed(s) for s in range(3)] == [1, 0, 1]
    assert g.winners() == [1]


def test_three_players_two_share_the_win() -> None:
    g = PentaGame.new([Seat("Ana"), Seat("Bo"), Seat("Cy")])
    play_rounds(g, [EXACT_63, SHORT_62, EXACT_63])
    assert g.winners() == [0, 2]


# ---------------------------------------------------------------- random playthroughs


def random_action(g: PentaGame, rng: random.Random) -> Roll | Record | int | tuple[bool, ...]:
    """A random legal move: a Record, a Roll, a die index to toggle or a hold pattern.

    It often keeps the dice of the commonest face, nearly always records a Penta
    in the Penta box and seldom sacrifices that box, so that later Pentas
    exercise the joker.
    """
    legal = g.legal_actions()
    records = [a for a in legal if isinstance(a, Record)]
    dice = g.dice
    if dice is not None and is_penta(dice) and Record(B.PENTA) in records and rng.random() < 0.9:
        return Record(B.PENTA)
    if dice is not None and Roll() in legal:
        keep = tuple(d == max(set(dice), key=dice.count) for d in dice)
        if g.held != keep and rng.random() < 0.6:
            return keep
        if rng.random() < 0.2:
            return rng.randrange(5)
        if rng.random() < 0.8:
            return Roll()
    if not records:
        return Roll()
    others = [r for r in records if r.box is not B.PENTA]
    return rng.choice(others if others and rng.random() < 0.9 else records)


def check_invariants(g: PentaGame, before: PentaGame) -> None:
    d = g.to_dict()
    assert PentaGame.from_dict(d).to_dict() == d
    sheets, old_sheets = g.sheets, before.sheets
    for s in range(len(g.seats)):
        sheet, old = sheets[s], old_sheets[s]
        for box in BOXES:  # a filled box never changes
            if old[box] is not None:
                assert sheet[box] == old[box]
        t = g.totals(s)
        assert t.upper == sum(sheet[b] or 0 for b in BOXES[:6])
        assert t.lower == sum(sheet[b] or 0 for b in BOXES[6:])
        assert t.upper_bonus == (35 if t.upper >= 63 else 0)
        assert t.total == t.upper + t.upper_bonus + t.lower + 100 * g.penta_bonuses[s]
        assert g.penta_bonuses[s] >= before.penta_bonuses[s]
    assert (g.dice is None) == (g.rolls_used == 0)
    assert g.rolls_used + g.rolls_left == 3
    if g.dice is None:
        assert not any(g.held)


def play_random_game(rng: random.Random, seats: int) -> PentaGame:
    g = PentaGame.new([Seat(f"P{i}") for i in range(seats)])
    roller = RandomRoller(rng.randrange(2**32))
    recorded = 0
    while not g.over:
        before = g.copy()
        action = random_action(g, rng)
        if isinstance(action, int):
            g.toggle_hold(action)
        elif isinstance(action, tuple):
            g.set_held(action)
        elif isinstance(action, Roll):
            g.apply(action, roller)
        else:
            seat, dice = g.current, before.dice
            assert dice is not None
            points, bonus = g.options()[action.box]
            g.apply(action)
            recorded += 1
            assert g.last_scored == (seat, action.box, points, bonus)
            assert g.sheets[seat][action.box] == points
            if bonus:  # a bonus needs a further Penta after a Penta scored 50
                assert is_penta(dice) and before.sheets[seat][B.PENTA] == PENTA_SCORE
            assert g.penta_bonuses[seat] == before.penta_bonuses[seat] + (1 if bonus else 0)
        check_invariants(g, before)
    assert recorded == 13 * seats
    assert all(None not in sheet.values() for sheet in g.sheets)
    assert g.legal_actions() == []
    totals = [g.totals(s).total for s in range(seats)]
    assert g.winners() == [s for s, t in enumerate(totals) if t == max(totals)]
    return g


def test_random_playthroughs() -> None:
    rng = random.Random(20240607)
    bonuses = 0
    for i in range(2000):
        g = play_random_game(rng, seats=1 if i % 10 else 2)
        bonuses += sum(g.penta_bonuses)
    assert bonuses > 0  # the joker path was exercised
