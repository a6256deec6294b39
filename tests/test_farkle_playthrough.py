"""Thousands of seeded Farkle games played to the end, checked after every action.

Seats are played by Normal, Expert or a random "human" picking any legal action.
After every action the state must satisfy the game's invariants and survive a
round trip through its dict (through JSON text too after every bank, lost turn
and hot dice); now and then an illegal action is tried and must be
refused with the state unchanged.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from zaria.dice import RandomRoller
from zaria.errors import IllegalActionError
from zaria.farkle.game import Action, Bank, EventKind, FarkleGame, Roll, Toggle
from zaria.farkle.players import player_for
from zaria.farkle.scoring import roll_scores, score_selection, scoring_dice
from zaria.game import Seat

KINDS = ("normal", "expert", "random")


def check_invariants(
    g: FarkleGame, acted: int, banked0: list[int], action: Action
) -> dict[str, Any]:
    """Check ``g`` after ``action`` by seat ``acted`` (totals were ``banked0``)."""
    n = len(g.seats)
    d = g.to_dict()
    # banked totals: multiples of 50, only the acting seat's grows, and only by banking
    banked = d["banked"]
    assert all(b % 50 == 0 for b in banked)
    if isinstance(action, Bank):
        gained = banked[acted] - banked0[acted]
        assert gained > 0
        assert g.events[0].kind is EventKind.BANKED and g.events[0].points == gained
        assert banked[:acted] + banked[acted + 1 :] == banked0[:acted] + banked0[acted + 1 :]
    else:
        assert banked == banked0
    # the dice on the table
    assert len(g.dice_set_aside) + g.dice_in_play == 6
    assert g.turn_total == sum(p for _, p in g.set_aside)
    if g.roll is None:
        assert g.selected == () and g.set_aside == ()
    else:
        assert len(g.roll) == g.dice_in_play
        if isinstance(action, Roll):  # a new roll, and maybe a new group set aside
            assert roll_scores(g.roll)
            assert g.scoreable == scoring_dice(g.roll)
            for dice, points in g.set_aside[-1:]:
                assert score_selection(dice) == points
        assert all(g.scoreable[i] for i in g.selected)
    # the buttons match the legal actions
    legal = g.legal_actions()
    kinds = {type(a) for a in legal}
    assert g.can_roll() == (Roll in kinds)
    assert g.can_bank() == (Bank in kinds)
    # turn counts follow seat order
    base = g.turns[g.current]
    assert all(t == (base + 1 if i < g.current else base) for i, t in enumerate(g.turns))
    # a lost turn keeps the banked total and clears the turn
    if any(e.kind is EventKind.LOST_TURN for e in g.events):
        assert g.set_aside == () and g.roll is None
        assert g.current != acted or n == 1
    # last round and end
    if g.last_round_by is not None:
        assert banked[g.last_round_by] >= g.target
    else:
        assert max(banked) < g.target
    if g.over:
        assert legal == [] and g.current == g.last_round_by
        best = max(banked)
        assert g.winners() == [i for i in range(n) if banked[i] == best]
    # round trip through the dict (and through JSON text when the action had events)
    if g.events:
        d = json.loads(json.dumps(d))
    assert FarkleGame.from_dict(d).to_dict() == d
    return d


def try_illegal(g: FarkleGame, rng: random.Random) -> None:
    """Try one action the rules forbid now; it must raise and change nothing."""
    before = g.to_dict()
    candidates: list[Action] = [Toggle(rng.choice([-1, 6, 7]))]
    if g.roll is not None:
        flags = g.scoreable
        candidates += [Toggle(i) for i in range(6) if i >= len(flags) or not flags[i]]
    if not g.can_bank():
        candidates.append(Bank())
    if not g.can_roll():
        candidates.append(Roll(tuple([1] * g.dice_to_roll())))
    action = rng.choice(candidates)
    with pytest.raises(IllegalActionError):
        g.apply(action)
    other = (g.current + 1) % len(g.seats)
    if other != g.current:
        with pytest.raises(IllegalActionError):
            g.apply(rng.choice(g.legal_actions()), seat=other, roller=RandomRoller(0))
    assert g.to_dict() == before


def play(seed: int) -> FarkleGame:
    rng = random.Random(seed)
    roller = RandomRoller(seed)
    n = rng.randint(1, 3)
    kinds = [rng.choice(KINDS) for _ in range(n)]
    if "random" in kinds and set(kinds) == {"random"}:
        kinds[rng.randrange(n)] = rng.choice(KINDS[:2])  # a computer seat ends the game
    target = rng.choice((5000,) * 8 + (10000, 15000))
    seats = [Seat(f"S{i}", k != "random", k if k != "random" else "") for i, k in enumerate(kinds)]
    players = {k: player_for(k) for k in set(kinds) if k != "random"}
    g = FarkleGame.new(seats, target)
    steps = 0
    while not g.over:
        kind = kinds[g.current]
        if kind == "random":
            legal = g.legal_actions()
            # any legal action; Roll and Bank are made likelier than one more toggle
            buttons = [a for a in legal if not isinstance(a, Toggle)]
            action = rng.choice(buttons if buttons and rng.random() < 0.3 else legal)
        else:
            action = players[kind].choose(g)
        if rng.random() < 0.05:
            try_illegal(g, rng)
        acted, banked0 = g.current, list(g.banked)
        g.apply(action, seat=acted, roller=roller)
        check_invariants(g, acted, banked0, action)
        steps += 1
        assert steps < 20000
    return g


@pytest.mark.parametrize("block", range(4))
def test_random_playthroughs(block: int) -> None:
    wins = 0
    for seed in range(block * 500, (block + 1) * 500):
        g = play(seed)
        assert g.over and g.winners()
        wins += len(g.winners())
    assert wins >= 500
