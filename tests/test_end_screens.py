"""Both games' end screens, Penta's review and coach, driven natively over the fake page."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from fake_host import PENTA_TABLE, FakeHost, Page, pass_device, start_penta
from zaria.errors import StateError
from zaria.farkle.events import Event, EventKind
from zaria.farkle.game import FarkleGame
from zaria.game import Seat
from zaria.i18n import LANGUAGES, Translator
from zaria.outcome import Outcome
from zaria.penta.game import PentaGame
from zaria.penta.scoring import Box
from zaria_web.app import App
from zaria_web.farkle import view as farkle_view
from zaria_web.penta import review
from zaria_web.penta import saved as penta_saved
from zaria_web.penta.review import Coach, Decision, Keep, Score
from zaria_web.penta.view import PentaView, TableState
from zaria_web.play.screen import GameScreen
from zaria_web.runtime.effects import Announce, Hush

# Each roll fits the box recorded, one box a turn: a solitaire game of 13 rolls.
SOLITAIRE = "11111,22222,33344,44412,55513,66612,11234,12345,12346,22333,55552,66645,66655"
SOLITAIRE_BOXES = (
    "penta", "twos", "threes", "fours", "fives", "sixes", "aces",
    "large_straight", "small_straight", "full_house", "four_kind", "three_kind", "chance",
)  # fmt: skip


def penta(app: App) -> GameScreen[Any]:
    assert isinstance(app.screen, GameScreen)
    return app.screen


def solitaire(name: str = "Ann", lang: str = "en") -> tuple[App, FakeHost]:
    """A whole solo Penta game, one roll and the box it fits each turn."""
    host = FakeHost({"zaria.lang": lang})
    app, host = start_penta({"dice": SOLITAIRE}, host=host)
    if name != "Ann":  # start_penta names the player Ann: start again with this name
        app.action("new", {})
        app.action("confirm-new", {})
        app.action("seat-name", {"index": "0", "value": name, "event": "input"})
        app.action("start", {})
    for box in SOLITAIRE_BOXES:
        app.action("roll", {})
        app.action("box", {"box": box})
        app.action("validate", {})
    assert penta(app).phase == "end"
    return app, host


def order_of(html: str, *marks: str) -> list[int]:
    return [html.index(m) for m in marks]


# -- Penta's end screen -------------------------------------------------------------------


def test_a_solo_penta_game_ends_on_the_score_not_a_win() -> None:
    # upper 66 + bonus 35, lower 222, one Penta bonus of 100
    _, host = solitaire(name="")
    p = Page(host.screen_html)
    assert p.text["penta-end-title"] == "Your score: 423"
    assert "wins" not in host.screen_html
    _, host = solitaire(name="Zoé")
    assert Page(host.screen_html).text["penta-end-title"] == "Zoé, your score: 423"
    assert (
        '<h2 id="penta-end-title" class="end-title" tabindex="-1" data-end-title><bdi>Zoé</bdi>,'
        in (host.screen_html)
    )


def test_the_end_said_at_once_is_emptied_from_the_alert_region_when_the_next_game_starts() -> None:
    app, host = solitaire()
    ending = [e for e in host.performed_of(Announce) if e.assertive]
    assert ending and "423" in ending[-1].text  # the end, said at once
    hushed = len(host.performed_of(Hush))  # the first game's start
    app.action("again", {})
    assert penta(app).phase == "play"
    effects = host.performed[host.performed.index(ending[-1]) :]
    assert [type(e) for e in effects].count(Hush) == 1
    app.action("roll", {})
    assert len(host.performed_of(Hush)) == hushed + 1  # only when a game starts


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_solo_title_is_said_in_each_language(lang: str) -> None:
    _, host = solitaire(name="", lang=lang)
    title = Page(host.screen_html).text["penta-end-title"]
    expected = Translator(lang)("penta.end.solo", score=423)
    assert title == expected and "423" in title
    if lang != "en":
        assert "score:" not in title.lower() or (lang == "fr" and "\u202f:" in title)


def test_the_penta_end_has_the_shared_structure_and_every_final_sheet() -> None:
    _, host = solitaire()
    html = host.screen_html
    # title, buttons, final sheets, review: in that order (alone, no ranking)
    assert 'class="ranking"' not in html
    marks = ('id="penta-end-title"', 'id="penta-again"')
    marks += ('id="penta-end-sheet"', 'id="penta-review-title"')
    positions = order_of(html, *marks)
    assert positions == sorted(positions)
    sheet = re.search(r'<table class="end-sheet.*?</table>', html)
    assert sheet is not None
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", sheet.group(0))
    cells = [" ".join(re.sub(r"<[^>]+>", " ", r).split()) for r in rows]
    assert cells[0] == "Box Ann"
    assert "Penta 50" in cells and "Chance 28" in cells and "Twos 10" in cells
    sixes = cells.index("Sixes 18")
    assert cells[sixes + 1 : sixes + 3] == ["Upper section 66", "Bonus (63+) 35"]
    assert cells[-3:] == ["Lower section 222", "Penta bonuses 100", "TOTAL 423"]
    assert len(cells) == 1 + 13 + 5


def test_several_players_still_have_a_winner_and_a_sheet_each() -> None:
    game = PentaGame.new([Seat("Ann"), Seat("Bo"), Seat("Computer", computer=True)])
    for _ in range(13):
        for _seat in range(3):
            game.apply_roll([6, 6, 6, 6, 6] if game.current == 1 else [1, 2, 3, 4, 6])
            game.score(next(iter(game.options())))
    html = PentaView(Translator("en"), {}).end(game, [])
    assert Page(html).text["penta-end-title"] == "Bo wins!"
    head = re.search(r'<table class="end-sheet.*?<thead>(.*?)</thead>', html)
    assert head is not None and head.group(1).count("<th") == 4
    assert html.count('<div class="review">') == 2  # the people's, not the computer's


# -- Penta's review -----------------------------------------------------------------------


def costly_game() -> tuple[App, FakeHost]:
    """Turn 1 rerolls a Penta twice then records 4,4,4,2,1 in Chance; the others are
    the solitaire's boxes."""
    script = "11111,11111,44421," + SOLITAIRE.split(",", 1)[1]
    app, host = start_penta({"dice": script})
    for _ in range(3):
        app.action("roll", {})
    app.action("box", {"box": "chance"})
    app.action("validate", {})
    boxes = [b for b in SOLITAIRE_BOXES[1:] if b != "chance"] + ["penta"]
    for box in boxes:
        app.action("roll", {})
        app.action("box", {"box": box})
        app.action("validate", {})
    assert penta(app).phase == "end"
    return app, host


def test_the_review_lists_the_costliest_choice_first_with_its_dice() -> None:
    app, host = costly_game()
    decisions = penta(app).part.decisions
    assert decisions[0].dice == (1, 1, 1, 1, 1)  # the dice each choice was made on
    html = host.screen_html
    items = re.findall(r'<li class="rv-item">(.*?)</li>', html)
    assert len(items) == len(decisions) >= 3
    costs = [float(re.search(r"−([\d.]+) points", i).group(1)) for i in items]  # type: ignore[union-attr]
    assert costs == sorted(costs, reverse=True) and costs[0] == max(d.cost for d in decisions)
    # Every item shows the roll as five die faces, named for screen readers.
    for item, d in zip(items, review.costliest_first(decisions), strict=True):
        label = "Dice " + ", ".join(map(str, d.dice))
        assert f'class="rv-dice rv-roll" role="img" aria-label="{label}"' in item
        roll = re.search(r'class="rv-dice rv-roll".*?</span></span>', item)
        assert roll is not None and roll.group(0).count('<svg class="face"') == 5
    plain = Page(html).plain()
    assert "You rerolled all five dice; recording the roll in Penta was better." in plain
    assert "You recorded the roll in Chance; Fours was better." in plain
    total = sum(d.cost for d in decisions)
    assert f"{len(decisions)} choices cost {Translator('en').decimal(total)} points" in plain
    verdict = re.search(r'<p class="review-verdict">(.*?)</p>', html)
    assert verdict is not None
    assert verdict.group(1) == Translator("en")("penta.review.verdict." + review.verdict(total))


def test_a_perfect_game_says_so() -> None:
    html = PentaView(Translator("en"), {}).end(PentaGame.new([Seat("Ann")]), [])
    verdict = re.search(r'<p class="review-verdict">(.*?)</p>', html)
    assert verdict is not None and verdict.group(1) == "Perfect: every choice was the best one."
    assert 'class="rv-item"' not in html and "review-total" not in html


#: One decision of each combination of what was chosen and what was best.
COMBINATIONS = {
    ("keep:55", "keep:5"): "You kept ◆5,5◆; keeping ◆5◆ was better.",
    ("keep:55", "keep:"): "You kept ◆5,5◆; rerolling all five dice was better.",
    (
        "keep:55",
        "box:chance",
    ): "You kept ◆5,5◆ and rolled again; recording the roll in Chance was better.",
    ("keep:", "keep:66"): "You rerolled all five dice; keeping ◆6,6◆ was better.",
    ("keep:", "box:fours"): "You rerolled all five dice; recording the roll in Fours was better.",
    (
        "box:aces",
        "keep:66",
    ): "You recorded the roll in Aces; keeping ◆6,6◆ and rolling again was better.",
    ("box:aces", "keep:"): "You recorded the roll in Aces; rerolling all five dice was better.",
    ("box:aces", "box:sixes"): "You recorded the roll in Aces; Sixes was better.",
}


def sentences(lang: str, decisions: list[Decision]) -> list[str]:
    html = PentaView(Translator(lang), {}).end(PentaGame.new([Seat("Ann")]), decisions)
    texts = re.findall(r'<p class="rv-text">(.*?)</p>', html)
    # the kept dice as ◆values◆, read from their accessible names
    dice = re.compile(
        r'<span class="rv-dice rv-kept" role="img" aria-label="[^"]*?([\d, ]+)">.*?</span></span>'
    )
    return [dice.sub(lambda m: "◆" + m.group(1).replace(" ", "") + "◆", t) for t in texts]


def test_each_combination_of_choices_has_its_own_sentence() -> None:
    decisions = [
        Decision(0, i + 1, 1, chosen, best, 10.0 - i, (5, 5, 6, 6, 1))
        for i, (chosen, best) in enumerate(COMBINATIONS)
    ]
    assert sentences("en", decisions) == list(COMBINATIONS.values())


@pytest.mark.parametrize("lang", ["fr", "el", "tr"])
def test_the_review_sentences_are_whole_sentences_in_each_language(lang: str) -> None:
    decisions = [
        Decision(0, i + 1, 1, chosen, best, 10.0 - i, (5, 5, 6, 6, 1))
        for i, (chosen, best) in enumerate(COMBINATIONS)
    ]
    said = sentences(lang, decisions)
    english = list(COMBINATIONS.values())
    assert len(said) == len(set(said)) == 8
    for text, en in zip(said, english, strict=True):
        assert text != en and (text[0].isupper() or text[0] == "◆") and text.endswith(".")
        assert "—" not in text and "instead of" not in text
        assert text.count("◆") == en.count("◆")  # the dice where the sentence names them


def test_the_verdict_follows_the_total_cost() -> None:
    tr = Translator("en")
    for cost, key in ((0.5, "near"), (6.0, "few"), (20.0, "costly"), (60.0, "many")):
        d = Decision(0, 1, 1, "box:aces", "box:sixes", cost, (6, 6, 6, 1, 1))
        html = PentaView(tr, {}).end(PentaGame.new([Seat("Ann")]), [d])
        assert f'<p class="review-verdict">{tr("penta.review.verdict." + key)}</p>' in html
        assert "1 choice cost" in Page(html).plain()


def test_the_dice_of_a_review_entry_are_saved_and_checked() -> None:
    d = Decision(0, 2, 1, "keep:55", "box:chance", 1.5, (5, 5, 1, 2, 3))
    saved = json.loads(json.dumps(d.to_dict()))
    assert saved["dice"] == [5, 5, 1, 2, 3]
    assert Decision(**penta_saved.decision(saved, 1)) == d
    old = {k: v for k, v in saved.items() if k != "dice"}  # a save from before the dice
    assert Decision(**penta_saved.decision(old, 1)).dice == ()
    for bad in ([5, 5, 1], [0, 1, 2, 3, 4], "55123", [5, 5, 1, 2, True]):
        with pytest.raises(StateError):
            penta_saved.decision({**saved, "dice": bad}, 1)


def test_a_reloaded_game_keeps_the_dice_of_its_review() -> None:
    app, host = start_penta({"dice": "11111,11111,44421"})
    app.action("roll", {})
    app.action("roll", {})  # rerolling a Penta: a costly choice
    again = App(FakeHost(storage=dict(host.storage)), {})
    again.host.files["data/penta_table.bin"] = PENTA_TABLE  # type: ignore[attr-defined]
    again.action("open", {"game": "penta"})
    assert [d.dice for d in penta(again).part.decisions] == [(1, 1, 1, 1, 1)]


# -- Penta's coach --------------------------------------------------------------------------


def test_the_coach_marks_the_dice_it_would_keep() -> None:
    app, host = start_penta({"dice": "44256"}, coach="on")
    app.action("roll", {})
    p = Page(host.screen_html)
    marked = [i for i in range(5) if "suggested" in (p.tags[f"die-{i}"]["class"] or "")]
    assert marked == [0, 1]  # keep 4 4
    for i in range(5):
        label = p.tags[f"die-{i}"]["aria-label"] or ""
        assert ("(coach: keep it)" in label) == (i in marked)
    die = re.search(r'<button[^>]*id="die-0".*?</button>', host.screen_html)
    assert die is not None and '<span class="coach-mark" aria-hidden="true">★</span>' in die.group(
        0
    )
    assert "★ marks the dice to keep." in p.plain()
    assert "The figures are the expected final score with optimal play from here." in p.plain()


def test_the_held_dice_line_waits_for_a_held_die() -> None:
    app, host = start_penta({"dice": "44256"}, coach="on")
    app.action("roll", {})
    assert "With the dice you hold now" not in host.screen_html
    app.action("hold", {"index": "2"})  # the 2: not the coach's advice
    assert "With the dice you hold now" in host.screen_html
    # the coach's marks stay on the 4s; the held 2 is not marked
    p = Page(host.screen_html)
    assert "suggested" not in (p.tags["die-2"]["class"] or "")
    assert "suggested" in (p.tags["die-0"]["class"] or "")


def test_the_marks_prefer_the_dice_already_held() -> None:
    game = PentaGame.new([Seat("Ann")])
    game.apply_roll([4, 2, 4, 5, 4])
    game.toggle_hold(4)
    assert review.keep_positions(game.dice or (), game.held, (4, 4)) == {0, 4}


def table_state(coach: Coach) -> TableState:
    game = PentaGame.new([Seat("Ann")])
    game.apply_roll([1, 2, 3, 5, 6])
    return TableState(
        game=game,
        selected=None,
        rolled=(0,) * 5,
        countdown=None,
        message=None,
        coach=coach,
        confirm_new=False,
        show_all=False,
        waiting_for_table=False,
        table_error=None,
        dice_error=None,
    )


def test_rerolling_everything_is_said_as_such_and_marks_no_die() -> None:
    coach = Coach({Box.CHANCE: 200.0}, Keep(()), (), 210.5, None, frozenset())
    html = PentaView(Translator("en"), {}).table(table_state(coach))
    assert "Best: roll all five dice again (expected final score 210.5)" in html
    assert "suggested" not in html and "—" not in Page(html).text.get("penta-coach-box", "")
    box = Coach({Box.CHANCE: 200.0}, Score(Box.CHANCE), None, None, None, frozenset())
    html = PentaView(Translator("en"), {}).table(table_state(box))
    assert "Best: record in Chance" in html and "★ marks the dice" not in html


# -- Farkle's end screen ------------------------------------------------------------------


def farkle_app(names: tuple[str, ...], script: str, target: int = 5000) -> App:
    host = FakeHost({"zaria.lang": "en"})
    app = App(host, params={"dice": script})
    app.action("open", {"game": "farkle"})
    for i, name in enumerate(names):
        if i:
            app.action("seat-add", {})
        app.action("seat-name", {"index": str(i), "value": name, "event": "input"})
    app.action("seat-computer", {"value": "off", "event": "change"})
    app.action("target", {"value": str(target), "event": "change"})
    app.action("start", {})
    return app


def farkle(app: App) -> GameScreen[Any]:
    assert isinstance(app.screen, GameScreen)
    return app.screen


def turn(app: App, *rolls: tuple[int, ...], bank: bool = True) -> None:
    """One turn: each roll, setting aside the dice at these positions; then a bank."""
    for taps in rolls:
        pass_device(app)
        app.action("roll", {})
        for pos in taps:
            app.action("toggle", {"pos": str(pos)})
    if bank:
        app.action("bank", {})


def set_totals(app: App, *totals: int) -> None:
    g = farkle(app).game
    assert g is not None
    farkle(app).game = FarkleGame.from_dict({**g.to_dict(), "banked": list(totals)})


def final_round(app: App) -> list[str]:
    html = app.host.screen_html  # type: ignore[attr-defined]
    section = re.search(r'<section class="fk-final".*?</section>', html)
    assert section is not None
    return [
        " ".join(re.sub(r"<[^>]+>", "", li).split())
        for li in re.findall(r"<li[^>]*>(.*?)</li>", section.group(0))
    ]


ALL = (1, 2, 3, 4, 5, 6)


def test_farkle_ends_on_the_final_round_not_on_the_last_lost_turn() -> None:
    app = farkle_app(("Ann", "Bo"), "111111,111111,234662")
    turn(app, ALL, ALL)  # Ann banks 6,000: the last round
    turn(app, (), bank=False)  # Bo's roll scores nothing
    p = Page(app.host.screen_html)  # type: ignore[attr-defined]
    assert p.text["fk-over-title"] == "Ann wins!"
    assert final_round(app) == [
        "Ann reached 6,000 and started the last round.",
        "Bo scored nothing: total 0. Ann stays ahead.",
    ]
    assert "Turn lost!" not in p.plain()  # no banner of the very last turn any more


def test_who_passed_whom_in_the_last_round() -> None:
    script = "111111,111111,155234,111111,111111"
    app = farkle_app(("Ann", "Bo", "Cy"), script, target=10000)
    set_totals(app, 4000, 0, 9900)
    turn(app, ALL, ALL)  # Ann: 10,000
    turn(app, (1,))  # Bo banks 100
    turn(app, ALL, ALL)  # Cy banks 6,000: 15,900
    p = Page(app.host.screen_html)  # type: ignore[attr-defined]
    assert p.text["fk-over-title"] == "Cy wins!"
    assert final_round(app) == [
        "Ann reached 10,000 and started the last round.",
        "Bo finished on 100. Ann stays ahead.",
        "Cy banked 6,000: total 15,900. Passes Ann!",
    ]


def test_the_farkle_end_has_the_shared_structure() -> None:
    app = farkle_app(("Ann", "Bo"), "111111,111111,234662")
    turn(app, ALL, ALL)
    turn(app, (), bank=False)
    html = app.host.screen_html  # type: ignore[attr-defined]
    positions = order_of(
        html, 'id="fk-over-title"', 'class="fk-ranking"', 'id="fk-again"', 'id="fk-final"'
    )
    assert positions == sorted(positions)
    rows = re.findall(r'<tr class="fk-rank[^"]*">(.*?)</tr>', html)
    assert [" ".join(re.sub(r"<[^>]+>", " ", r).split()) for r in rows] == [
        "1 Ann 6,000",
        "2 Bo 0",
    ]


def test_a_solo_farkle_game_says_the_target_and_the_turns_it_took() -> None:
    app = farkle_app(("",), "155234,111111,111111")
    turn(app, (1,))  # 100
    turn(app, ALL, ALL)  # 6,100: the game ends with this player
    p = Page(app.host.screen_html)  # type: ignore[attr-defined]
    assert p.text["fk-over-title"] == "You reached 6,100 in 2 turns"
    assert not p.has("fk-final")
    app = farkle_app(("Zoé",), "111111,111111")
    turn(app, ALL, ALL)
    assert Page(app.host.screen_html).text["fk-over-title"] == "Zoé, you reached 6,000 in 1 turn"  # type: ignore[attr-defined]


def test_a_lost_turn_with_points_and_a_penalty_are_told_in_the_final_round() -> None:
    seats = (
        farkle_view.SeatView("Ann", False, "", 6000),
        farkle_view.SeatView("Bo", False, "", 4000),
        farkle_view.SeatView("Cy", False, "", 4500),
    )
    lost = (Event(EventKind.LOST_TURN, 1, 350, (2, 3, 4, 6, 6)),)
    penalty = (Event(EventKind.LOST_TURN, 2, 0, (2, 3)), Event(EventKind.PENALTY, 2, 500))
    v = farkle_view.OverView(
        seats=seats,
        target=5000,
        outcome=Outcome((6000, 4000, 4500)),
        last_round_by=0,
        final_round=(farkle_view.FinalTurn(1, lost), farkle_view.FinalTurn(2, penalty)),
    )
    html = farkle_view.render_over(Translator("en"), v)
    plain = Page(html).plain()
    assert "Bo lost the turn and its 350 points: total 4,000. Ann stays ahead." in plain
    assert "Cy lost a third turn in a row: −500, total 4,500. Ann stays ahead." in plain


@pytest.mark.parametrize("lang", ["fr", "el", "tr"])
def test_the_final_round_is_said_in_each_language(lang: str) -> None:
    seats = (
        farkle_view.SeatView("Ann", False, "", 6000),
        farkle_view.SeatView("Bo", False, "", 6500),
    )
    v = farkle_view.OverView(
        seats=seats,
        target=5000,
        outcome=Outcome((6000, 6500)),
        last_round_by=0,
        final_round=(farkle_view.FinalTurn(1, (Event(EventKind.BANKED, 1, 1000),)),),
    )
    tr = Translator(lang)
    html = farkle_view.render_over(tr, v)
    english = farkle_view.render_over(Translator("en"), v)
    section = re.search(r'<section class="fk-final".*?</section>', html)
    assert section is not None
    assert section.group(0) != re.search(r'<section class="fk-final".*?</section>', english).group(
        0
    )  # type: ignore[union-attr]
    plain = Page(section.group(0)).plain()
    assert tr.number(1000) in plain and tr.number(6500) in plain and "Ann" in plain
