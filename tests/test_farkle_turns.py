"""Farkle for so many turns: the daily challenge's game of ten turns for the most points.

The target ends nothing: the game is over after the last seat's last turn.
"""

from __future__ import annotations

import pytest

from zaria.errors import StateError
from zaria.farkle.game import FarkleGame
from zaria.game import Seat


def test_a_game_of_so_many_turns_ends_after_the_last_seat_s_last_turn() -> None:
    game = FarkleGame.new([Seat("Ana"), Seat("Bo")], turns=2)
    bank_1000 = ((1, 1, 1, 2, 3, 4), (0, 1, 2))  # three ones: 1,000, past no target
    for turn in range(4):
        assert not game.over and game.current == turn % 2
        game.apply_roll(bank_1000[0])
        for i in bank_1000[1]:
            game.toggle(i)
        game.bank()
    assert game.over and game.turns == (2, 2) and not game.last_round
    assert game.banked == (2000, 2000)
    again = FarkleGame.from_dict(game.to_dict())
    assert again.over and again.turn_limit == 2 and again == game


def test_a_target_reached_in_a_game_of_so_many_turns_starts_no_last_round() -> None:
    game = FarkleGame.new([Seat("Ana")], target=5000, turns=3)
    for _ in range(2):
        for _ in range(2):  # six ones twice: 3,000 twice, then bank
            game.apply_roll((1, 1, 1, 1, 1, 1))
            for i in range(6):
                game.toggle(i)
        game.bank()
        assert not game.last_round and not game.over
    assert game.banked == (12000,)
    game.apply_roll((2, 3, 4, 6, 6, 2))  # no scoring die: the third turn is lost
    assert game.over and game.winners() == [0]


def test_a_bad_turn_limit_is_refused_and_a_saved_game_that_breaks_it_does_not_load() -> None:
    with pytest.raises(Exception) as bad:
        FarkleGame.new([Seat("Ana")], turns=101)
    assert getattr(bad.value, "msg_id", None) == "err.farkle.bad_turns"
    game = FarkleGame.new([Seat("Ana")], turns=1)
    saved = game.to_dict()
    for broken in ({**saved, "turn_limit": 0}, {**saved, "over": True},
                   {**saved, "turns": [2]}):  # fmt: skip
        with pytest.raises(StateError):
            FarkleGame.from_dict(broken)
