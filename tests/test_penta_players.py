"""Penta's computer players as functions of a game: plans, single actions, levels.

The page's screen computes the computer's next step itself today; the engine's
players must decide exactly as it does, position by position.
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
from zaria_web.penta.screen import PentaScreen

B = Box


def computer_game(level: str) -> PentaGame:
    return PentaGame.new([Seat("Ann"), Seat("Cy", computer=True, level=level)])


def screen_with(game: PentaGame, level: str) -> PentaScreen:
    """A Penta screen (its strategy table loaded) showing ``game``, the computer at ``level``."""
    app, _ = start_penta({})
    screen = app.screen
    assert isinstance(screen, PentaScreen) and screen.strategy is not None
    screen.game = game
    screen.setup.level = level
    return screen


def as_screen_step(game: PentaGame, plan: Plan) -> tuple[str, Any]:
    """A plan as the screen's step: ``("roll", None)``, ``("hold", held)`` or ``("box", box)``."""
    if game.dice is None:
        return "roll", None
    if plan.box is not None:
        return "box", plan.box
    return ("hold", list(plan.held)) if plan.held != game.held else ("roll", None)


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
def test_the_players_decide_as_the_screen_does(position: str, level: str) -> None:
    game = POSITIONS[position]()
    screen = screen_with(game, level)
    player = player_for(level, screen.strategy)
    assert as_screen_step(game, player.plan(game)) == screen._computer_choice()
    assert choose(game, level, screen.strategy) in game.legal_actions()


@pytest.mark.parametrize("level", LEVELS)
def test_the_players_decide_as_the_screen_does_through_whole_games(level: str) -> None:
    game = PentaGame.new([Seat("Cy", computer=True, level=level)])
    screen = screen_with(game, level)
    player = player_for(level, screen.strategy)
    roller = RandomRoller(5)
    steps = 0
    while not game.over:
        step = screen._computer_choice()
        assert as_screen_step(game, player.plan(game)) == step
        # the screen's one step: the whole hold at once, or the roll, or the box
        if step[0] == "hold":
            game.set_held(step[1])
        else:
            game.apply(Roll() if step[0] == "roll" else Record(step[1]), roller=roller)
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
