"""Thousands of seeded games of both games played to the end through the shared API.

One loop drives Penta and Farkle alike, through nothing but the
:class:`~zaria.game.Game` protocol: ``legal_actions()``, ``apply(action, roller=…)``,
``copy()``, ``to_dict()`` / ``from_dict()``, ``outcome()``. Each game adds its
part: who picks the actions (random "humans" and the computer players), the
invariants checked after every action, and what an illegal action looks like
(one is tried now and then; it must be refused with the state unchanged).

The state's round trip through its dict (and JSON text) is checked at every
power-of-two action count, at every turn end and at the end of the game; a copy
taken at a power-of-two count must come out of the next action unchanged.

The random "humans" now and then undo their last record or bank (``Undo``): the
game must then be exactly as it was before that decision, but for the undo count.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from zaria.dice import RandomRoller
from zaria.errors import IllegalActionError
from zaria.farkle.game import Bank, EventKind, FarkleGame
from zaria.farkle.game import Roll as FarkleRoll
from zaria.farkle.game import Toggle as FarkleToggle
from zaria.farkle.players import player_for as farkle_player
from zaria.farkle.scoring import roll_scores, score_selection, scoring_dice
from zaria.game import Game, Outcome, Place, Seat, Undo
from zaria.penta.game import PentaGame, Record
from zaria.penta.game import Roll as PentaRoll
from zaria.penta.game import Toggle as PentaToggle
from zaria.penta.players import player_for as penta_player
from zaria.penta.rules import Rules
from zaria.penta.scoring import PENTA as PENTA_RULES
from zaria.penta.scoring import PRINTED, is_penta
from zaria.yatzy import YATZY


@dataclass(frozen=True)
class Spec:
    """One game's part of the shared playthrough."""

    new: Callable[[random.Random], Any]
    pick: Callable[[Any, list[Any], random.Random], Any]  # (game, its legal actions, rng)
    # (before, after, action, acting seat, the legal actions after)
    check: Callable[[Any, Any, Any, int, list[Any]], None]
    turn_ended: Callable[[Any, Any], bool]  # (after, action)
    illegal: Callable[[Any, random.Random], list[Any]]
    totals: Callable[[Any], tuple[int, ...]]
    finish: Callable[[Any, int], None]  # (game, actions applied)


# ------------------------------------------------------------------ Penta and its family
#
# Every member of the five-dice family plays through the same functions, given its rules.


#: The seats of a two-seat game: mostly people, some computers.
LEVELS = ("", "", "", "", "casual", "optimal")


def penta_new(
    rng: random.Random, rules: Rules = PENTA_RULES, seat_levels: tuple[str, ...] = LEVELS
) -> PentaGame:
    # Mostly solitaire; one game in ten has two seats, and some seats are computers.
    n = 2 if rng.random() < 0.1 else 1
    levels = [rng.choice(seat_levels) if n == 2 else "" for _ in range(n)]
    seats = [Seat(f"P{i}", bool(lv), lv) for i, lv in enumerate(levels)]
    return PentaGame.new(seats, rules=rules)


def penta_pick(g: PentaGame, legal: list[Any], rng: random.Random) -> Any:
    """A computer seat's choice, or a random legal action.

    The random player often holds the dice of the commonest face, nearly always
    records a Penta in the Penta box and seldom sacrifices that box, so that
    later Pentas exercise the joker.
    """
    seat = g.seats[g.current]
    five = g.rules.five_box
    if Undo() in legal and rng.random() < UNDO_RATE:
        return Undo()
    if seat.computer:
        return penta_player(seat.level).choose(g)
    records = [a for a in legal if isinstance(a, Record)]
    dice = g.dice
    if dice is not None and is_penta(dice) and Record(five) in records and rng.random() < 0.9:
        return Record(five)
    if dice is not None and PentaRoll() in legal:
        common = max(set(dice), key=dice.count)
        keep = [d == common for d in dice]
        differ = [i for i in range(5) if g.held[i] != keep[i]]
        if differ and rng.random() < 0.6:
            return PentaToggle(differ[0])
        if rng.random() < 0.2:
            return PentaToggle(rng.randrange(5))
        if rng.random() < 0.8:
            return PentaRoll()
    if not records:
        return PentaRoll()
    others = [r for r in records if r.box is not five]
    return rng.choice(others if others and rng.random() < 0.9 else records)


def penta_check(before: PentaGame, g: PentaGame, action: Any, seat: int, legal: list[Any]) -> None:
    rules = g.rules
    if isinstance(action, Record):
        points, bonus = before.options()[action.box]
        dice = before.dice
        assert dice is not None
        assert g.last_scored == (seat, action.box, points, bonus)
        assert g.sheets[seat][action.box] == points
        if bonus:  # a bonus needs a further Penta after a Penta scored 50
            assert is_penta(dice) and before.sheets[seat][rules.five_box] == rules.five_score
        assert g.penta_bonuses[seat] == before.penta_bonuses[seat] + (1 if bonus else 0)
    sheets, old_sheets = g.sheets, before.sheets
    for s in range(len(g.seats)):
        sheet, old = sheets[s], old_sheets[s]
        for box in rules.order:  # a filled box never changes
            if old[box] is not None:
                assert sheet[box] == old[box]
        t = g.totals(s)
        assert t.upper == sum(sheet[b] or 0 for b in rules.order[:6])
        assert t.lower == sum(sheet[b] or 0 for b in rules.order[6:])
        assert t.upper_bonus == (rules.upper_bonus if t.upper >= 63 else 0)
        bonuses = rules.extra_bonus * g.penta_bonuses[s]
        assert t.total == t.upper + t.upper_bonus + t.lower + bonuses
        assert g.penta_bonuses[s] >= before.penta_bonuses[s]
    assert (g.dice is None) == (g.rolls_used == 0)
    assert g.rolls_used + g.rolls_left == 3
    if g.dice is None:
        assert not any(g.held)
    # the Roll button matches the legal actions
    assert g.can_roll() == (PentaRoll() in legal)


def penta_illegal(g: PentaGame, rng: random.Random) -> list[Any]:
    candidates: list[Any] = [PentaToggle(rng.choice([-1, 5, 6]))]
    if not g.can_undo():
        candidates.append(Undo())
    if not g.can_roll():
        candidates.append(PentaRoll())
    used = [b for b in g.rules.order if b not in g.free_boxes()]
    if used:
        candidates.append(Record(rng.choice(used)))
    if g.dice is None:
        candidates += [Record(g.rules.lower[-2]), PentaToggle(0)]  # the Chance box
    return candidates


def penta_finish(g: PentaGame, actions: int) -> None:
    assert all(None not in sheet.values() for sheet in g.sheets)
    assert (g.round, g.current) == (g.rules.rounds, len(g.seats) - 1)


def sheet_spec(rules: Rules, levels: tuple[str, ...] = LEVELS) -> Spec:
    """The playthrough of the five-dice member ``rules``, computers of ``levels``."""
    return Spec(
        new=lambda rng: penta_new(rng, rules, levels),
        pick=penta_pick,
        check=penta_check,
        turn_ended=lambda g, action: isinstance(action, Record),
        illegal=penta_illegal,
        totals=lambda g: tuple(g.totals(s).total for s in range(len(g.seats))),
        finish=penta_finish,
    )


PENTA = sheet_spec(PENTA_RULES)


# ------------------------------------------------------------------ Farkle

FARKLE_KINDS = ("normal", "expert", "random")
_FARKLE_PLAYERS = {k: farkle_player(k) for k in FARKLE_KINDS[:2]}


def farkle_new(rng: random.Random) -> FarkleGame:
    n = rng.randint(1, 3)
    kinds = [rng.choice(FARKLE_KINDS) for _ in range(n)]
    if set(kinds) == {"random"}:
        kinds[rng.randrange(n)] = rng.choice(FARKLE_KINDS[:2])  # a computer seat ends the game
    target = rng.choice((5000,) * 8 + (10000, 15000))
    seats = [Seat(f"S{i}", k != "random", k if k != "random" else "") for i, k in enumerate(kinds)]
    return FarkleGame.new(seats, target)


def farkle_pick(g: FarkleGame, legal: list[Any], rng: random.Random) -> Any:
    seat = g.seats[g.current]
    if Undo() in legal and rng.random() < UNDO_RATE:
        return Undo()
    legal = [a for a in legal if not isinstance(a, Undo)]
    if seat.computer:
        return _FARKLE_PLAYERS[seat.level].choose(g)
    # any legal action; Roll and Bank are made likelier than one more toggle
    buttons = [a for a in legal if not isinstance(a, FarkleToggle)]
    return rng.choice(buttons if buttons and rng.random() < 0.3 else legal)


def farkle_check(
    before: FarkleGame, g: FarkleGame, action: Any, acted: int, legal: list[Any]
) -> None:
    n = len(g.seats)
    banked, banked0 = list(g.banked), list(before.banked)
    # banked totals: multiples of 50, only the acting seat's grows, and only by banking
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
        if isinstance(action, FarkleRoll):  # a new roll, and maybe a new group set aside
            assert roll_scores(g.roll)
            assert g.scoreable == scoring_dice(g.roll)
            for dice, points in g.set_aside[-1:]:
                assert score_selection(dice) == points
        assert all(g.scoreable[i] for i in g.selected)
    # the buttons match the legal actions
    kinds = {type(a) for a in legal}
    assert g.can_roll() == (FarkleRoll in kinds)
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
        assert g.current == g.last_round_by


def farkle_illegal(g: FarkleGame, rng: random.Random) -> list[Any]:
    candidates: list[Any] = [FarkleToggle(rng.choice([-1, 6, 7]))]
    if not g.can_undo():
        candidates.append(Undo())
    if g.roll is not None:
        flags = g.scoreable
        candidates += [FarkleToggle(i) for i in range(6) if i >= len(flags) or not flags[i]]
    if not g.can_bank():
        candidates.append(Bank())
    if not g.can_roll():
        candidates.append(FarkleRoll(tuple([1] * g.dice_to_roll())))
    return candidates


def farkle_out_of_turn(g: FarkleGame, rng: random.Random) -> None:
    """Any legal action attributed to another seat is refused (an undo: to another
    seat than the one that banked)."""
    other = (g.current + 1) % len(g.seats)
    if other != g.current:
        with pytest.raises(IllegalActionError):
            moves = [a for a in g.legal_actions() if not isinstance(a, Undo)]
            g.apply(rng.choice(moves), seat=other, roller=RandomRoller(0))
    banker = g.undo_seat
    if banker is not None and len(g.seats) > 1:
        with pytest.raises(IllegalActionError):
            g.apply(Undo(), seat=(banker + 1) % len(g.seats))


FARKLE = Spec(
    new=farkle_new,
    pick=farkle_pick,
    check=farkle_check,
    turn_ended=lambda g, action: any(
        e.kind in (EventKind.BANKED, EventKind.LOST_TURN) for e in g.events
    ),
    illegal=farkle_illegal,
    totals=lambda g: tuple(g.banked),
    finish=lambda g, actions: None,
)


# ------------------------------------------------------------------ the shared loop

#: How often a random player takes the chance to undo its last record or bank.
UNDO_RATE = 0.15


def check_undone(g: Game[Any], decided: dict[str, Any] | None, undoer: int | None) -> None:
    """After an undo: the game before the decision, with one more undo for its seat."""
    assert decided is not None and undoer is not None
    now = g.to_dict()
    undos = list(decided["undos"])
    undos[undoer] += 1
    assert now["undos"] == undos
    assert now == {**decided, "undos": undos}
    assert not g.can_undo()  # one step only


def round_trip(g: Game[Any]) -> None:
    """The state survives its dict, through JSON text, and a copy equals it."""
    d = g.to_dict()
    text = json.dumps(d)
    back = type(g).from_dict(json.loads(text))
    assert back.to_dict() == d
    assert g.copy().to_dict() == d


def try_illegal(spec: Spec, g: Game[Any], legal: list[Any], rng: random.Random) -> None:
    """One action the rules forbid now must raise and change nothing."""
    before = g.to_dict()
    action = rng.choice(spec.illegal(g, rng))
    assert action not in legal
    with pytest.raises(IllegalActionError):
        g.apply(action, roller=RandomRoller(0))
    if isinstance(g, FarkleGame):
        farkle_out_of_turn(g, rng)
    assert g.to_dict() == before


def check_outcome(spec: Spec, g: Game[Any]) -> Outcome:
    outcome = g.outcome()
    assert outcome is not None
    totals = spec.totals(g)
    assert outcome.totals == totals
    best = max(totals)
    assert outcome.winners == tuple(s for s, t in enumerate(totals) if t == best)
    assert list(outcome.winners) == g.winners()  # type: ignore[attr-defined]
    # every seat once, by total, each place counting the seats with more
    ranked = [s for place in outcome.ranking for s in place.seats]
    assert sorted(ranked) == list(range(len(totals)))
    assert [totals[s] for s in ranked] == sorted(totals, reverse=True)
    for place, seats in outcome.ranking:
        assert len({totals[s] for s in seats}) == 1
        assert place == 1 + sum(t > totals[seats[0]] for t in totals)
    return outcome


def play(spec: Spec, seed: int) -> Game[Any]:
    rng = random.Random(seed)
    roller = RandomRoller(seed)
    g: Game[Any] = spec.new(rng)
    assert isinstance(g, Game)
    actions = 0
    legal = g.legal_actions()
    decided: dict[str, Any] | None = None  # the game before the last record or bank
    undos = 0
    while not g.over:
        assert g.outcome() is None
        action = spec.pick(g, legal, rng)
        assert action in legal, (action, g)
        if rng.random() < 0.05:
            try_illegal(spec, g, legal, rng)
        before, acted = g.copy(), g.current
        checkpoint = (actions + 1) & actions == 0  # the next count is a power of two
        snapshot = g.to_dict() if checkpoint else None
        undoer = g.undo_seat
        g.apply(action, roller=roller)
        actions += 1
        if snapshot is not None:
            assert before.to_dict() == snapshot  # the copy did not move with the game
        legal = g.legal_actions()
        if isinstance(action, Undo):
            check_undone(g, decided, undoer)
            undos += 1
        else:
            spec.check(before, g, action, acted, legal)
            if g.can_undo():
                decided = before.to_dict()
        if checkpoint or spec.turn_ended(g, action) or g.over or isinstance(action, Undo):
            round_trip(g)
        assert actions < 20000
    assert all(isinstance(a, Undo) for a in legal)  # the game-ending decision may be undone
    assert sum(g.to_dict()["undos"]) == undos
    spec.finish(g, actions)
    check_outcome(spec, g)
    return g


GAMES_PER_BLOCK = 500


@pytest.mark.parametrize("block", range(4))
def test_penta_random_playthroughs(block: int) -> None:
    bonuses = undos = 0
    for seed in range(block * GAMES_PER_BLOCK, (block + 1) * GAMES_PER_BLOCK):
        g = play(PENTA, seed)
        assert isinstance(g, PentaGame)
        bonuses += sum(g.penta_bonuses)
        undos += sum(g.undos)
    assert bonuses > 0  # the joker path was exercised
    assert undos > GAMES_PER_BLOCK  # and undo, often


#: Each other member and its computers' levels (each one's optimal player reads its
#: own table: ``penta_printed_table.bin``, ``yatzy_table.bin``).
OTHERS = [(PRINTED, LEVELS), (YATZY, LEVELS)]


@pytest.mark.parametrize(("rules", "levels"), OTHERS, ids=lambda r: getattr(r, "id", ""))
@pytest.mark.parametrize("block", range(2))
def test_other_members_random_playthroughs(
    rules: Rules, levels: tuple[str, ...], block: int
) -> None:
    spec, games = sheet_spec(rules, levels), GAMES_PER_BLOCK // 2
    bonuses = undos = fives = 0
    for seed in range(block * games, (block + 1) * games):
        g = play(spec, seed)
        assert isinstance(g, PentaGame) and g.rules is rules
        assert g.round == rules.rounds == len(g.sheets[0])
        bonuses += sum(g.penta_bonuses)
        undos += sum(g.undos)
        fives += sum(sheet[rules.five_box] == 50 for sheet in g.sheets)
    assert fives > 0 and undos > games
    assert (bonuses > 0) == (rules.extra_bonus > 0)  # no further bonus in Yatzy


@pytest.mark.parametrize("block", range(4))
def test_farkle_random_playthroughs(block: int) -> None:
    wins = undos = 0
    for seed in range(block * GAMES_PER_BLOCK, (block + 1) * GAMES_PER_BLOCK):
        g = play(FARKLE, seed)
        assert isinstance(g, FarkleGame)
        wins += len(g.winners())
        undos += sum(g.undos)
    assert wins >= GAMES_PER_BLOCK
    assert undos > GAMES_PER_BLOCK // 4  # undo was exercised, often


# ------------------------------------------------------------------ the shared values


def test_outcome_ranks_with_shared_places() -> None:
    o = Outcome((300, 900, 300, 50))
    assert o.winners == (1,)
    assert o.ranking == (Place(1, (1,)), Place(2, (0, 2)), Place(4, (3,)))
    tie = Outcome((317, 317))
    assert tie.winners == (0, 1) and tie.ranking == (Place(1, (0, 1)),)
    assert Outcome((0,)).ranking == (Place(1, (0,)),)


@pytest.mark.parametrize("totals", [(), [1, 2], (1, 2.0), (True,), ("3",), None])
def test_outcome_refuses_what_is_not_totals(totals: Any) -> None:
    from zaria.outcome import BadTotalsError

    with pytest.raises(BadTotalsError, match="an outcome needs one total per seat"):
        Outcome(totals)


def test_a_finished_game_s_outcome_is_its_totals() -> None:
    penta = PentaGame.new([Seat("Ana"), Seat("Bo")])
    assert penta.outcome() is None
    while not penta.over:  # Ana records five 6s in the first box left, Bo 1-2-3-4-6 in the last
        penta.apply_roll([6, 6, 6, 6, 6] if penta.current == 0 else [1, 2, 3, 4, 6])
        free = sorted(penta.options(), key=PENTA_RULES.order.index)
        penta.record(free[0] if penta.current == 0 else free[-1])
    # Ana: Sixes 30, Three and Four of a kind 30 each, Chance 30, Penta 50 = 170;
    # Bo: 1 + 2 + 3 + 4 + 6 in the upper boxes, Small straight 30, Chance 16 = 62.
    assert penta.outcome() == Outcome((170, 62))

    farkle = FarkleGame.new([Seat("Ana"), Seat("Bo")], 5000)
    assert farkle.outcome() is None
    while not farkle.over:  # Ana banks 2,500 a turn (two triplets), Bo 100 (a 1)
        farkle.apply_roll([1, 1, 1, 5, 5, 5] if farkle.current == 0 else [1, 2, 3, 4, 6, 6])
        for i in range(6 if farkle.current == 0 else 1):
            farkle.toggle(i)
        farkle.bank()
    # Ana reaches the target on her second bank; Bo plays his second turn, the last.
    assert farkle.outcome() == Outcome((5000, 200))
