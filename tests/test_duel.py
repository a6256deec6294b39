"""Duels by link: a game on duplicate dice as its moves, and the link that carries them.

The moves replay to the same game on the same seed; a link carries up to six
results and refuses, with its notice, one that is damaged, altered, newer or too
long; a result whose moves do not give its score is not verified.
"""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

import pytest

from zaria.dice import DuplicateDice, DuplicateRoller
from zaria.farkle import moves as farkle_moves
from zaria.farkle.game import Bank, FarkleGame
from zaria.farkle.game import Roll as FarkleRoll
from zaria.farkle.game import Toggle as FarkleToggle
from zaria.farkle.players import player_for
from zaria.game import Seat
from zaria.moves import MovesError
from zaria.penta import moves as penta_moves
from zaria.penta.game import PentaGame
from zaria.penta.players import CasualPlayer
from zaria_web.duel import (
    MAX_PLAYERS,
    MAX_TOKEN,
    Duel,
    LinkError,
    Result,
    decode,
    encode,
    link,
)

SEED = "duel/7f3a9c"


def penta_game(seed: str = SEED) -> tuple[PentaGame, list[Any]]:
    """A casual player's solo game on ``seed``'s dice, and its actions."""
    game = PentaGame.new([Seat("Ann")], strict=True)
    roller = DuplicateRoller(DuplicateDice(seed), game.next_throw)
    player, actions = CasualPlayer(), []
    while not game.over:
        action = player.choose(game)
        actions.append(action)
        game.apply(action, roller)
    return game, actions


def farkle_game(seed: str = SEED, level: str = "normal") -> tuple[FarkleGame, list[Any]]:
    """A computer player's solo game of ten turns on ``seed``'s dice, and its actions."""
    game = FarkleGame.new([Seat("Ann")], strict=True, turns=farkle_moves.SOLO_TURNS)
    roller = DuplicateRoller(DuplicateDice(seed), game.next_throw)
    player, actions = player_for(level), []
    while not game.over:
        if game.roll is None:
            todo: list[Any] = [FarkleRoll()]
        else:
            plan = player.plan(game)
            todo = [FarkleToggle(i) for i in sorted(set(game.selected) ^ set(plan.keep))]
            todo.append(Bank() if plan.bank else FarkleRoll())
        for action in todo:
            actions.append(action)
            game.apply(action, roller=roller)
    return game, actions


def test_a_penta_game_s_moves_replay_to_the_same_game() -> None:
    game, actions = penta_game()
    moves = penta_moves.CODE.encode(actions)
    assert len(moves) == len(actions)
    again = penta_moves.replayed(SEED, moves)
    assert again.sheets == game.sheets and again.outcome() == game.outcome()
    # Any Penta move plays on any dice: on another seed the same moves make another game.
    assert penta_moves.replayed("another seed", moves).sheets != game.sheets


def test_a_farkle_game_s_moves_replay_to_the_same_game() -> None:
    game, actions = farkle_game()
    moves = farkle_moves.CODE.encode(actions)
    again = farkle_moves.replayed(SEED, moves)
    assert again.banked == game.banked and again.turns == (10,)
    assert again.to_dict()["events"] == game.to_dict()["events"]


@pytest.mark.parametrize("game", ["penta", "farkle"])
def test_moves_that_do_not_play_are_refused_with_their_place(game: str) -> None:
    code, replayed = (
        (penta_moves.CODE, penta_moves.replayed)
        if game == "penta"
        else (farkle_moves.CODE, farkle_moves.replayed)
    )
    actions = penta_game()[1] if game == "penta" else farkle_game()[1]
    moves = code.encode(actions)
    cases = {
        "err.moves.letter": moves[:3] + "?" + moves[4:],
        "err.moves.unfinished": moves[:-1],
        "err.moves.after_end": moves + "r",
        "err.moves.refused": "b" if game == "farkle" else "a",  # bank/record before a roll
    }
    for msg_id, text in cases.items():
        with pytest.raises(MovesError) as err:
            replayed(SEED, text)
        assert err.value.msg_id == msg_id, (msg_id, err.value)


def six_penta_results() -> list[Result]:
    out = []
    for i in range(MAX_PLAYERS):
        game, actions = penta_game()
        score = game.outcome()
        assert score is not None
        out.append(Result(f"Player {i + 1}", score.totals[0], penta_moves.CODE.encode(actions)))
    return out


def test_a_link_carries_six_results_and_no_seventh() -> None:
    duel = Duel("penta", "", SEED)
    for r in six_penta_results():
        duel = duel.with_result(r)
    token = encode(duel)
    assert len(token) <= MAX_TOKEN
    assert decode(token) == duel
    assert link("https://zaria.example/app/?x=1#/home", duel) == (
        "https://zaria.example/app/?x=1#/duel/" + token
    )
    with pytest.raises(LinkError) as full:
        duel.with_result(Result("Seventh", 1, ""))
    assert full.value.msg_id == "err.link.full"


def test_a_result_whose_moves_do_not_give_its_score_is_not_verified() -> None:
    game, actions = penta_game()
    moves = penta_moves.CODE.encode(actions)
    outcome = game.outcome()
    assert outcome is not None
    score = outcome.totals[0]
    duel = Duel("penta", "", SEED, (Result("Ann", score, moves),
                                    Result("Bo", score + 50, moves),
                                    Result("Cy", score, moves[:-1])))  # fmt: skip

    def score_of(seed: str, text: str) -> int:
        played = penta_moves.replayed(seed, text).outcome()
        assert played is not None
        return played.totals[0]

    assert decode(encode(duel)).verified(score_of) == (True, False, False)


def _token(body: bytes) -> str:
    raw = body + zlib.crc32(body).to_bytes(4, "big")
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _json_token(data: Any, version: int = 1) -> str:
    return _token(bytes([version]) + zlib.compress(json.dumps(data).encode()))


def test_a_damaged_altered_newer_or_too_long_link_is_refused_with_its_notice() -> None:
    token = encode(Duel("farkle", "standard", SEED, (Result("Ann", 4250, "r0b"),)))
    good = {"g": "farkle", "r": "standard", "s": SEED, "p": [["Ann", 4250, "r0b"]]}
    flipped = token[:10] + ("A" if token[10] != "A" else "B") + token[11:]
    cases = {
        "err.link.damaged": [
            flipped,  # one character changed: the checksum does not match
            token[:-3],  # cut short
            "not*base64!",
            _json_token({**good, "g": "chess"}),
            _json_token({**good, "p": [["Ann", -5, ""]]}),
            _json_token({**good, "p": [["\u200b", 5, ""]]}),  # a name that shows nothing
            _json_token({**good, "extra": 1}),
            _json_token([good]),
            _token(bytes([1]) + zlib.compress(b"\0" * 1_000_000)),  # a compression bomb
            _token(bytes([1]) + b"not zlib"),
        ],
        "err.link.newer": [_json_token(good, version=2)],
        "err.link.too_long": ["A" * (MAX_TOKEN + 1)],
    }
    for msg_id, tokens in cases.items():
        for bad in tokens:
            with pytest.raises(LinkError) as err:
                decode(bad)
            assert err.value.msg_id == msg_id, (bad[:40], err.value)
    assert decode(_json_token(good)).results == (Result("Ann", 4250, "r0b"),)


def test_a_hostile_name_in_a_link_comes_back_cleaned() -> None:
    token = _json_token(
        {"g": "penta", "r": "", "s": SEED, "p": [["Ann\u202e\u200b  Marie", 5, ""]]}
    )
    assert decode(token).results[0].name == "Ann Marie"


@pytest.mark.parametrize("game", ["penta", "farkle"])
def test_the_computer_s_game_on_the_same_dice_replays_from_its_moves(game: str) -> None:
    module = penta_moves if game == "penta" else farkle_moves
    computer, moves = module.computer_game(SEED)
    again = module.replayed(SEED, moves)
    assert again.outcome() == computer.outcome() is not None


def test_the_optimal_player_outscores_a_casual_one_on_the_same_dice() -> None:
    seeds = [f"daily/penta/2026-12-0{d}" for d in range(1, 6)]
    best = [penta_moves.computer_game(s)[0].outcome() for s in seeds]
    casual = [penta_game(s)[0].outcome() for s in seeds]
    totals = [sum(o.totals[0] for o in games if o) for games in (best, casual)]
    assert totals[0] > totals[1], totals
