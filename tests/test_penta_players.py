"""Penta's computer players as functions of a game: plans, single actions, levels.

The page's screen plays the engine's players: each visible step of its computer
must be what the player's plan says, position by position and through whole games.
"""

from __future__ import annotations

from typing import Any

import pytest

import zaria.farkle.players
import zaria.penta.players
from fake_host import start_penta
from zaria.dice import RandomRoller
from zaria.game import Seat
from zaria.penta.errors import GameOverError
from zaria.penta.game import PentaGame, Record, Roll, Toggle
from zaria.penta.players import (
    LEVELS,
    CasualPlayer,
    OptimalPlayer,
    Plan,
    choose,
    next_action,
    player_for,
)
from zaria.penta.scoring import BOXES, Box
from zaria_web.play.screen import ComputerStep, GameScreen
from zaria_web.runtime.effects import Effects

B = Box


def computer_game(level: str) -> PentaGame:
    return PentaGame.new([Seat("Ann"), Seat("Cy", computer=True, level=level)])


def screen_with(game: PentaGame) -> GameScreen[Any]:
    """A Penta screen (its strategy table loaded) showing ``game``."""
    app, _ = start_penta({})
    screen = app.screen
    assert isinstance(screen, GameScreen) and screen.part.strategy is not None
    screen.game = game
    return screen


def screen_step(screen: GameScreen[Any]) -> None:
    """One visible step of the screen's computer, as its timer brings it."""
    screen.update(ComputerStep(), Effects())


def check_step(screen: GameScreen[Any], level: str) -> None:
    """The screen's next step is the engine player's: the whole hold of its plan at
    once, or its box shown then recorded, or a roll."""
    game = screen.game
    assert game is not None
    player = player_for(level, screen.part.strategy)
    plan = player.plan(game)
    first = choose(game, level, screen.part.strategy)
    assert first in game.legal_actions()
    before = game.copy()
    screen_step(screen)
    if isinstance(first, Toggle):
        assert game.held == plan.held and game.dice == before.dice
    elif isinstance(first, Record):
        assert screen.pending == first and game == before  # shown first
        screen_step(screen)
        assert game.last_scored is not None and game.last_scored.box is first.box
    else:
        assert first == Roll() and game.rolls_used in (before.rolls_used + 1, 1)


def after_first_turn(dice: tuple[int, ...], held: tuple[bool, ...] = (False,) * 5) -> PentaGame:
    """Ann has recorded Chance; the computer has rolled ``dice`` and holds ``held``."""
    return PentaGame.from_dict(
        {
            **computer_game("optimal").to_dict(),
            "current": 1,
            "dice": list(dice),
            "held": list(held),
            "rolls_used": 1,
            "sheets": [
                {b.value: (17 if b is B.CHANCE else None) for b in BOXES},
                {b.value: None for b in BOXES},
            ],
            "last_scored": {"seat": 0, "box": "chance", "points": 17, "bonus": 0},
        }
    )


def late_game(dice: tuple[int, ...]) -> PentaGame:
    """Round 11, the computer to play its second re-roll: only its straights and Chance are free."""
    free = (B.SMALL_STRAIGHT, B.CHANCE)
    ann = {b.value: (None if b in free else 0) for b in BOXES}  # 11 boxes, all sacrificed
    cy = {b.value: 3 * b.face for b in BOXES[:6]}  # the upper section at exactly 63
    cy.update(three_kind=20, four_kind=0, full_house=25, penta=50)
    cy.update({b.value: None for b in (B.SMALL_STRAIGHT, B.LARGE_STRAIGHT, B.CHANCE)})
    d = computer_game("optimal").to_dict()
    d.update(
        current=1,
        round=11,
        dice=list(dice),
        rolls_used=2,
        sheets=[ann, cy],
        last_scored={"seat": 0, "box": "twos", "points": 0, "bonus": 0},
    )
    return PentaGame.from_dict(d)


HOLD_666 = (True, False, True, False, True)
POSITIONS = {
    "before the first roll": lambda: computer_game("optimal"),
    "three 6s to hold": lambda: after_first_turn((6, 2, 6, 3, 6)),  # to HOLD_666
    "the hold already made": lambda: after_first_turn((6, 2, 6, 3, 6), HOLD_666),
    "a held die to release": lambda: after_first_turn(
        (5, 5, 1, 2, 5), (False, False, True, False, False)
    ),
    "a Penta to record": lambda: after_first_turn((4, 4, 4, 4, 4)),
    "a straight draw": lambda: after_first_turn((1, 2, 3, 4, 6)),
    "late, one re-roll left": lambda: late_game((2, 3, 4, 6, 6)),
    "late, a joker Penta": lambda: late_game((5, 5, 5, 5, 5)),
}


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("position", sorted(POSITIONS))
def test_the_screen_plays_the_engine_players_step(position: str, level: str) -> None:
    d = POSITIONS[position]().to_dict()
    d["seats"][1]["level"] = level  # the computer's level, as if chosen in the form
    game = PentaGame.from_dict(d)
    if not game.seats[game.current].computer:
        # Ann's turn: she records Chance, and the computer's turn begins with a roll.
        game.apply(Roll((1, 2, 3, 5, 6)))
        game.apply(Record(B.CHANCE))
    check_step(screen_with(game), level)


@pytest.mark.parametrize("level", LEVELS)
def test_the_screen_plays_the_engine_players_through_whole_games(level: str) -> None:
    game = PentaGame.new([Seat("Cy", computer=True, level=level)])
    screen = screen_with(game)
    steps = 0
    while not game.over:
        check_step(screen, level)
        steps += 1
    assert steps >= 2 * 13


def test_single_actions_carry_out_the_plan_one_toggle_at_a_time() -> None:
    game = after_first_turn((5, 2, 5, 1, 5))
    player = player_for("casual")
    plan = player.plan(game)
    assert plan == Plan((True, False, True, False, True), None)
    toggles = []
    while isinstance(action := player.choose(game), Toggle):
        toggles.append(action.index)
        game.apply(action)
        assert player.plan(game) == plan  # asking again after each toggle: the same plan
    assert toggles == [0, 2, 4] and action == Roll() and game.held == plan.held


def test_next_action() -> None:
    fresh = computer_game("casual")
    assert next_action(fresh, Plan((False,) * 5, None)) == Roll()
    game = after_first_turn((1, 1, 3, 4, 6), (True, False, False, False, False))
    assert next_action(game, Plan((True, True, False, False, False), None)) == Toggle(1)
    assert next_action(game, Plan((False, False, False, False, False), None)) == Toggle(0)
    assert next_action(game, Plan(game.held, None)) == Roll()
    assert next_action(game, Plan(game.held, B.ACES)) == Record(B.ACES)


def test_levels_are_defined_once_in_the_engine() -> None:
    from zaria_web.penta import view as penta_view

    assert LEVELS == ("optimal", "casual")
    assert penta_view.LEVELS is LEVELS  # the setup form offers the engine's levels
    assert isinstance(player_for("optimal"), OptimalPlayer)
    assert isinstance(player_for("casual"), CasualPlayer)
    assert [player_for(lv).level for lv in LEVELS] == list(LEVELS)
    with pytest.raises(ValueError, match="unknown level 'expert'; levels are: optimal, casual"):
        player_for("expert")
    with pytest.raises(ValueError, match="unknown level"):
        choose(computer_game("optimal"), "Optimal")


def test_both_games_players_have_the_same_shape() -> None:
    for module in (zaria.penta.players, zaria.farkle.players):
        for name in ("LEVELS", "Plan", "ComputerPlayer", "next_action", "player_for"):
            assert hasattr(module, name), (module.__name__, name)
        for level in module.LEVELS[:2]:
            player = module.player_for(level)
            assert player.level == level
            assert callable(player.plan) and callable(player.choose)


def test_no_choice_once_the_game_is_over() -> None:
    game = PentaGame.new([Seat("Cy", computer=True, level="casual")])
    roller = RandomRoller(2)
    while not game.over:
        game.apply(choose(game, "casual"), roller=roller)
    for level in LEVELS:
        with pytest.raises(GameOverError) as err:
            choose(game, level)
        assert err.value.msg_id == "err.penta.game_over"
