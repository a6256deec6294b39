"""Duplicate dice: every die a function of the seed, the turn, the throw and its place.

Two players on the same seed meet the same dice wherever they both throw, whatever
they kept; a choice never changes the dice of a later turn; the same seed and the
same choices make the same game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from datetime import date
from typing import Any

import pytest

from zaria.dice import DuplicateDice, DuplicateRoller, Throw, daily_seed
from zaria.errors import InvalidDiceError
from zaria.farkle.game import FarkleGame
from zaria.farkle.players import player_for as farkle_player
from zaria.farkle.simulate import play_turn
from zaria.game import Seat
from zaria.penta.game import PentaGame, Record, Roll, Toggle
from zaria.penta.players import CasualPlayer

SEED = daily_seed("penta", date(2026, 12, 4))


class FirstThrows:
    """A roller that notes every throw it rolls, and the first of every turn."""

    def __init__(self, seed: str, where: Callable[[], Throw]) -> None:
        self.inner = DuplicateRoller(DuplicateDice(seed), where)
        self.where = where
        self.first: dict[int, tuple[int, ...]] = {}
        self.thrown: list[tuple[Throw, tuple[int, ...]]] = []

    def roll(self, n: int) -> tuple[int, ...]:
        at = self.where()
        faces = self.inner.roll(n)
        self.thrown.append((at, faces))
        if at.throw == 0:
            self.first[at.turn] = faces
        return faces


def first_box_player(game: PentaGame) -> Any:
    """Rolls once and records the first free box: other choices than the casual one."""
    if game.rolls_used == 0:
        return Roll()
    return Record(min(game.free_boxes(), key=lambda b: list(type(b)).index(b)))


def play_penta(seed: str, choose: Callable[[PentaGame], Any]) -> tuple[PentaGame, FirstThrows]:
    game = PentaGame.new([Seat("Ana")])
    roller = FirstThrows(seed, game.next_throw)
    while not game.over:
        game.apply(choose(game), roller)
    return game, roller


def play_farkle(seed: str, level: str, turns: int = 10) -> tuple[FarkleGame, FirstThrows]:
    game = FarkleGame.new([Seat("Ana")])
    roller = FirstThrows(seed, game.next_throw)
    player = farkle_player(level)
    while game.turns[0] < turns:
        play_turn(game, player, roller)
    return game, roller


def test_a_seed_s_dice_are_fair_faces() -> None:
    dice = DuplicateDice(SEED)
    places = [(turn, throw, p) for turn in range(100) for throw in range(3) for p in range(20)]
    faces = Counter(dice.face(*at) for at in places)
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    # 6 000 dice: each face 1 000 times on average (a standard deviation of 29).
    assert all(850 < faces[f] < 1150 for f in faces), faces


def test_each_die_depends_on_the_seed_the_turn_the_throw_and_its_place() -> None:
    dice = DuplicateDice(SEED)
    base = [dice.face(0, 0, p) for p in range(40)]
    for other in ([DuplicateDice("other").face(0, 0, p) for p in range(40)],
                  [dice.face(1, 0, p) for p in range(40)],
                  [dice.face(0, 1, p) for p in range(40)],
                  [dice.face(0, 0, p + 1) for p in range(40)]):  # fmt: skip
        assert other != base
    assert [DuplicateDice(SEED).face(0, 0, p) for p in range(40)] == base


def test_two_days_have_different_dice_and_one_day_the_same_for_everyone() -> None:
    first = Throw(0, 0, (0, 1, 2, 3, 4))
    days = [date(2026, 12, d) for d in range(1, 29)]
    throws = [DuplicateDice(daily_seed("penta", d)).throw(first) for d in days]
    assert len(set(throws)) == len(days)
    assert DuplicateDice(daily_seed("penta", days[3])).throw(first) == throws[3]
    assert daily_seed("penta", days[0]) != daily_seed("farkle", days[0])


@pytest.mark.parametrize("game", ["penta", "farkle"])
def test_the_same_seed_and_the_same_choices_make_the_same_game(game: str) -> None:
    def play(seed: str) -> dict[str, Any]:
        if game == "penta":
            return play_penta(seed, CasualPlayer().choose)[0].to_dict()
        return play_farkle(seed, "normal")[0].to_dict()

    assert play(SEED) == play(SEED)
    assert play(SEED) != play("another seed")


@pytest.mark.parametrize("game", ["penta", "farkle"])
def test_choices_never_change_the_dice_of_a_later_turn(game: str) -> None:
    if game == "penta":
        (a, first_a), (b, first_b) = (play_penta(SEED, CasualPlayer().choose),
                                      play_penta(SEED, first_box_player))  # fmt: skip
        assert a.sheets != b.sheets  # the two played differently
        assert len(first_a.first) == 13
    else:
        (a, first_a), (b, first_b) = play_farkle(SEED, "normal"), play_farkle(SEED, "expert")
        assert first_a.thrown != first_b.thrown  # the two kept different dice
        assert len(first_a.first) == 10
    assert first_a.first == first_b.first


def test_a_different_hold_changes_only_the_dice_it_rerolls() -> None:
    dice = DuplicateDice(SEED)
    games = [PentaGame.new([Seat("Ana")]), PentaGame.new([Seat("Bo")])]
    held = [(0, 1), (2, 3, 4)]
    for game, keep in zip(games, held, strict=True):
        game.apply(Roll(), DuplicateRoller(dice, game.next_throw))
        before = game.dice
        assert before == dice.throw(Throw(0, 0, (0, 1, 2, 3, 4)))
        for i in keep:
            game.apply(Toggle(i))
        game.apply(Roll(), DuplicateRoller(dice, game.next_throw))
        assert game.dice is not None and before is not None
        for p in range(5):
            assert game.dice[p] == (before[p] if p in keep else dice.face(0, 1, p))
    # Where both threw (places 2, 3, 4 for Ana; 0, 1 for Bo) nothing is held in common:
    # each die either kept its first face or took the same second face as the other's.
    ana, bo = (g.dice for g in games)
    assert ana is not None and bo is not None
    assert ana[2:] == tuple(dice.face(0, 1, p) for p in (2, 3, 4))
    assert bo[:2] == tuple(dice.face(0, 1, p) for p in (0, 1))


def test_farkle_throws_count_within_the_turn_and_roll_the_dice_left() -> None:
    game = FarkleGame.new([Seat("Ana")])
    assert game.next_throw() == Throw(0, 0, (0, 1, 2, 3, 4, 5))
    game.apply_roll((1, 2, 3, 4, 6, 6))
    game.toggle(0)
    assert game.next_throw() == Throw(0, 1, (0, 1, 2, 3, 4))
    game.apply_roll((5, 2, 3, 4, 6))
    game.toggle(0)
    assert game.next_throw() == Throw(0, 2, (0, 1, 2, 3))
    game.bank()
    assert game.next_throw() == Throw(1, 0, (0, 1, 2, 3, 4, 5))


def test_bad_seeds_and_rolls_of_the_wrong_size_are_refused() -> None:
    with pytest.raises(InvalidDiceError) as seed:
        DuplicateDice("")
    assert seed.value.msg_id == "err.dice_seed"
    game = PentaGame.new([Seat("Ana")])
    roller = DuplicateRoller(DuplicateDice(SEED), game.next_throw)
    with pytest.raises(InvalidDiceError) as size:
        roller.roll(4)
    assert size.value.msg_id == "err.dice_count"
    assert game.dice is None  # nothing was rolled
