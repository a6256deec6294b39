"""Games between computer players, for the command line, benchmarks and tests."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from zaria.dice import RandomRoller, Roller
from zaria.farkle.game import DEFAULT_TARGET, FarkleGame
from zaria.farkle.players import ComputerPlayer, player_for
from zaria.farkle.rules import DEFAULT_RULES, FarkleRules
from zaria.game import Seat


def play_turn(game: FarkleGame, player: ComputerPlayer, roller: Roller) -> None:
    """Play the current seat's turn to its end with ``player``'s plans."""
    seat = game.current
    turns = game.turns[seat]
    while not game.over and game.turns[seat] == turns:
        if game.roll is None:
            game.apply_roll(roller.roll(game.dice_to_roll()))
            continue
        plan = player.plan(game)
        for i in set(game.selected) ^ set(plan.keep):
            game.toggle(i)
        if plan.bank:
            game.bank()
        else:
            game.apply_roll(roller.roll(game.dice_to_roll()))


def play_game(
    levels: Sequence[str],
    roller: Roller,
    target: int = DEFAULT_TARGET,
    rules: FarkleRules = DEFAULT_RULES,
) -> FarkleGame:
    """A whole game with a computer player of ``levels[i]`` on seat ``i``."""
    seats = [Seat(f"{level} {i + 1}", True, level) for i, level in enumerate(levels)]
    players = [player_for(level, rules) for level in levels]
    game = FarkleGame.new(seats, target, rules)
    while not game.over:
        play_turn(game, players[game.current], roller)
    return game


def solitaire_turns(
    level: str, turns: int, roller: Roller, rules: FarkleRules = DEFAULT_RULES
) -> list[int]:
    """Points banked in ``turns`` independent solitaire turns of ``level`` (each a first
    turn: under an opening minimum, one before opening)."""
    player = player_for(level, rules)
    out = []
    for _ in range(turns):
        game = FarkleGame.new([Seat(level, True, level)], rules=rules)
        play_turn(game, player, roller)
        out.append(game.banked[0])
    return out


@dataclass
class LevelStats:
    """What one player (a level in the line-up) did over many games."""

    level: str
    games: int = 0
    wins: float = 0.0
    points: int = 0
    turns: int = 0
    seats: list[int] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def points_per_turn(self) -> float:
        return self.points / self.turns if self.turns else 0.0


def simulate(
    levels: Sequence[str],
    games: int,
    seed: int,
    target: int = DEFAULT_TARGET,
    rules: FarkleRules = DEFAULT_RULES,
) -> list[LevelStats]:
    """Play ``games`` games of the line-up ``levels``, rotating the seats each game.

    Game ``g`` seats player ``j`` at seat ``(j + g) % len(levels)``, so each player
    starts equally often. A shared win counts as ``1/k`` to each of ``k`` winners.
    """
    roller = RandomRoller(seed)
    n = len(levels)
    stats = [LevelStats(level) for level in levels]
    for g in range(games):
        order = [(j - g) % n for j in range(n)]  # order[seat] = player
        game = play_game([levels[p] for p in order], roller, target, rules)
        winners = game.winners()
        for seat, p in enumerate(order):
            s = stats[p]
            s.games += 1
            s.points += game.banked[seat]
            s.turns += game.turns[seat]
            if seat in winners:
                s.wins += 1 / len(winners)
    return stats
