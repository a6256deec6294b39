"""Each game's lesson, walked natively over the fake page: at every step the move
it expects is the only one that plays, any other leaves the game and the step as
they were and says what to do; the lesson reaches its end, in every language,
and nothing is saved or counted."""

from __future__ import annotations

import json
from typing import Any

import pytest

from fake_host import PENTA_TABLE, FakeHost, Page, screen
from zaria.i18n import LANGUAGES, Translator, catalogue
from zaria.penta.scoring import Box
from zaria.yatzy import YatzyBox
from zaria_web import games
from zaria_web.app import App
from zaria_web.penta.screen import TABLE_URL
from zaria_web.play.lesson import Lesson, Step
from zaria_web.runtime.effects import Announce

Move = tuple[str, dict[str, str]]
ROLL: Move = ("roll", {})
NEXT: Move = ("lesson-next", {})
BANK: Move = ("bank", {})
VALIDATE: Move = ("validate", {})
#: The computer's turn: the clock runs until the lesson goes on.
WAIT: Move = ("wait", {})


def hold(i: int) -> Move:
    return ("hold", {"index": str(i)})


def box(b: Box | YatzyBox) -> Move:
    return ("box", {"box": b.value})


def aside(pos: int) -> Move:
    return ("toggle", {"pos": str(pos)})


#: Each step's moves, as a learner who does what the sentence says plays them.
WALKS: dict[str, list[list[Move]]] = {
    "penta": [
        [ROLL],
        [hold(0), hold(1), hold(3)],
        [ROLL],
        [box(Box.SIXES), VALIDATE],
        [NEXT],
        [ROLL],
        [box(Box.FIVES), VALIDATE],
        [ROLL],
        [box(Box.PENTA), VALIDATE],
        [ROLL],
        [box(Box.LARGE_STRAIGHT), VALIDATE],
        [ROLL],
        [box(Box.SMALL_STRAIGHT), VALIDATE],
        [NEXT],
    ],
    "yatzy": [
        [ROLL],
        [hold(0), hold(1), hold(4)],
        [ROLL],
        [box(YatzyBox.FOURS), VALIDATE],
        [NEXT],
        [ROLL],
        [box(YatzyBox.FIVES), VALIDATE],
        [ROLL],
        [box(YatzyBox.FULL_HOUSE), VALIDATE],
        [ROLL],
        [box(YatzyBox.YATZY), VALIDATE],
        [ROLL],
        [box(YatzyBox.TWO_PAIRS), VALIDATE],
        [ROLL],
        [box(YatzyBox.ONE_PAIR), VALIDATE],
        [NEXT],
    ],
    "farkle": [
        [ROLL],
        [aside(1)],
        [ROLL],
        [aside(1), aside(2), aside(3)],
        [ROLL],
        [aside(1), aside(2)],
        [ROLL],
        [aside(1), aside(2), aside(3)],
        [BANK],
        [WAIT],
        [ROLL],
        [aside(1)],
        [ROLL],
        [WAIT],
        [ROLL],
        [aside(1), aside(2), aside(3)],
        [BANK],
        [WAIT],
        [NEXT],
    ],
}

#: The other moves a learner might try at any step.
TRIES: dict[str, list[Move]] = {
    "penta": [
        ROLL,
        *(hold(i) for i in range(5)),
        *(box(b) for b in Box),
        VALIDATE,
        ("undo", {}),
        ("new", {}),
        NEXT,
    ],
    "yatzy": [
        ROLL,
        *(hold(i) for i in range(5)),
        *(box(b) for b in YatzyBox),
        VALIDATE,
        ("undo", {}),
        ("new", {}),
        NEXT,
    ],
    "farkle": [
        ROLL,
        BANK,
        *(aside(p) for p in range(1, 7)),
        ("undo", {}),
        ("new", {}),
        NEXT,
    ],
}


#: Every registered game with a lesson (each must have its walk above).
LESSON_GAMES = [name.removesuffix(games.LESSON) for name in games.LESSONS]


def test_every_lesson_of_the_registry_is_walked() -> None:
    assert sorted(LESSON_GAMES) == sorted(WALKS) == sorted(TRIES)


def open_lesson(game: str, lang: str = "en") -> tuple[App, FakeHost]:
    host = FakeHost({"zaria.lang": lang})
    host.files[TABLE_URL] = PENTA_TABLE
    app = App(host, {})
    app.action("open", {"game": game + "-lesson"})
    return app, host


def lesson(app: App) -> Lesson:
    found = screen(app).mode
    assert isinstance(found, Lesson)
    return found


def state(app: App) -> tuple[str, Any, int]:
    """What a refused move must leave as it was: the game, the part's choice, the step."""
    s = screen(app)
    game = json.dumps(s.game.to_dict() if s.game else None, sort_keys=True)
    return game, getattr(s.part, "selected", None), lesson(app).index


def wrong_said(app: App, step: Step) -> str:
    key = step.wrong or ("lesson.wrong.wait" if step.wait else "lesson.wrong.read")
    return screen(app).ctx.tr(key)


def play(app: App, host: FakeHost, move: Move) -> None:
    if move == WAIT:
        before = lesson(app).index
        for _ in range(20):
            host.advance(2000)
            if lesson(app).index != before:
                return
        raise AssertionError("the computer's turn never ended")
    app.action(*move)


def try_the_others(app: App, host: FakeHost, game: str, left: list[Move]) -> None:
    """Every move but those the step still expects: refused, nothing changed, the
    step's sentence saying what to do instead."""
    step = lesson(app).step
    for move in TRIES[game]:
        if move in left:
            continue
        before = state(app)
        app.action(*move)
        assert state(app) == before, (step.say, move)
        said = wrong_said(app, step)
        assert host.announced[-1] == said, (step.say, move)
        assert Page(host.screen_html).text["lesson-wrong"] == said


def check_step_shown(app: App, host: FakeHost) -> None:
    """The step's sentence is said and shown, its count and its control marked."""
    les, page = lesson(app), Page(host.screen_html)
    tr = screen(app).ctx.tr
    assert any(tr(les.step.say) in said for said in host.announced[-3:])
    assert page.text["lesson-say"] == tr(les.step.say)
    assert page.text["lesson-count"] == tr("lesson.count", n=les.index + 1, of=les.count)
    for target in les.step.targets:
        assert "data-lesson-target" in page.tags[target], (les.step.say, target)


@pytest.mark.parametrize("lang", ["en", "el"])
@pytest.mark.parametrize("game", LESSON_GAMES)
def test_the_lesson_takes_only_the_expected_move_at_every_step(game: str, lang: str) -> None:
    app, host = open_lesson(game, lang)
    walk = WALKS[game]
    assert lesson(app).count == len(walk)
    for n, moves in enumerate(walk):
        assert lesson(app).index == n, n
        check_step_shown(app, host)
        for k, move in enumerate(moves):
            try_the_others(app, host, game, moves[k:])
            if n < len(walk) - 1:
                play(app, host, move)
    assert lesson(app).index == len(walk) - 1
    app.action(*NEXT)  # Done: back to the game's form, the lesson remembered
    assert app.screen.name == game
    assert app.settings[game + games.LESSON] == "done"
    # No save, no statistics, no archive: only the settings (and the language) written.
    assert set(host.storage) == {"zaria.settings", "zaria.lang"}


@pytest.mark.parametrize("game", LESSON_GAMES)
def test_the_lessons_own_game_ends_as_the_script_says(game: str) -> None:
    app, host = open_lesson(game)
    for moves in WALKS[game][:-1]:
        for move in moves:
            play(app, host, move)
    g = screen(app).game
    if game == "penta":
        totals = g.totals(0)  # type: ignore[union-attr]
        assert (totals.upper_bonus, totals.penta_bonus, totals.total) == (35, 100, 294)
    elif game == "yatzy":
        # Upper 67 and its bonus of 50; Full house 24, Yatzy 50, Two pairs 14, One pair
        # 12 (the highest pair of 5, 6, 5, 6, 2); no bonus for the Yatzy.
        totals = g.totals(0)  # type: ignore[union-attr]
        assert (totals.upper, totals.upper_bonus, totals.penta_bonus) == (67, 50, 0)
        assert totals.total == 67 + 50 + 24 + 50 + 14 + 12
    else:
        assert g.over and g.winners() == [0] and g.banked == (5150, 1000)  # type: ignore[union-attr]


@pytest.mark.parametrize("game", LESSON_GAMES)
def test_every_sentence_is_in_every_language(game: str) -> None:
    script = games.named(game).lesson_script()
    keys = {"lesson.count", "lesson.next", "lesson.done", "lesson.leave"}
    keys |= {"lesson.wrong.read", "lesson.wrong.wait", "lesson.rules", "lesson.offer.dismiss"}
    keys |= {f"{game}.lesson.offer"}
    for step in script.steps:
        keys |= {step.say} | ({step.wrong} if step.wrong else set())
    for lang in LANGUAGES:
        missing = keys - set(catalogue(lang))
        assert not missing, (lang, missing)
    english = catalogue("en")
    for lang in ("fr", "el", "tr"):
        same = [k for k in keys if catalogue(lang)[k] == english[k] and "{" not in english[k]]
        assert not same, (lang, same)  # translated, not copied


@pytest.mark.parametrize("game", LESSON_GAMES)
def test_leaving_halfway_returns_to_the_form_with_nothing_written(game: str) -> None:
    app, host = open_lesson(game)
    for moves in WALKS[game][:3]:
        for move in moves:
            play(app, host, move)
    assert lesson(app).index == 3
    assert app.key("Escape")
    assert app.screen.name == game
    assert screen(app).phase == "setup" and Page(host.screen_html).has(f"{game}-lesson-offer")
    assert set(host.storage) <= {"zaria.settings", "zaria.lang"}
    assert app.settings[game + "-lesson"] == "offer"  # left, not finished: still offered
    # Opened again, it starts over.
    app.action("open", {"game": game + "-lesson"})
    again = screen(app).game
    assert lesson(app).index == 0 and again is not None and again.round == 1
    assert list(lesson(app).rolls.queue) == list(lesson(app).step.dice)  # nothing rolled yet
    app.action("lesson-leave", {})
    assert app.screen.name == game


def test_a_die_key_is_a_tap_on_the_die_and_keys_refused_say_why() -> None:
    app, host = open_lesson("penta")
    play(app, host, ROLL)
    assert app.key("1") and app.key("2")
    assert lesson(app).index == 1  # two of the three 6s held
    before = state(app)
    assert app.key("3")  # the 2: refused, said
    assert state(app) == before
    assert host.announced[-1] == Translator("en")("penta.lesson.wrong.hold")
    assert app.key("4")
    assert lesson(app).index == 2


def test_the_screen_reader_hears_each_step_through_the_polite_region() -> None:
    _, host = open_lesson("farkle")
    spoken = [a for a in host.performed_of(Announce) if "six dice." in a.text]
    assert spoken and not spoken[-1].assertive


@pytest.mark.parametrize("game", LESSON_GAMES)
def test_the_form_offers_the_lesson_until_it_is_dismissed(game: str) -> None:
    host = FakeHost({"zaria.lang": "fr"})
    app = App(host, {})
    app.action("open", {"game": game})
    page = Page(host.screen_html)
    assert page.text[f"{game}-lesson-offer"] == Translator("fr")(f"{game}.lesson.offer")
    assert page.tags[f"{game}-lesson-offer"]["data-game"] == game + "-lesson"
    app.action(*("setting", {"key": game + "-lesson", "value": "done"}))  # No thanks
    assert not Page(host.screen_html).has(f"{game}-lesson-offer")
    assert json.loads(host.storage["zaria.settings"])[game + "-lesson"] == "done"
    # The rules page still leads to it.
    app.action("rules", {"game": game})
    button = Page(host.screen_html).tags["rules-lesson"]
    assert button["data-game"] == game + "-lesson"
    app.action("open", {"game": game + "-lesson"})
    assert lesson(app).index == 0


@pytest.mark.parametrize("kind", ["daily", "duel"])
def test_a_challenges_introduction_offers_the_lesson(kind: str) -> None:
    host = FakeHost({"zaria.lang": "en"})
    host.files[TABLE_URL] = PENTA_TABLE
    app = App(host, {})
    app.action("open", {"game": f"farkle-{kind}"})
    assert Page(host.screen_html).has("farkle-lesson-offer")
    app.action("open", {"game": "farkle-lesson"})
    assert app.screen.name == "farkle-lesson" and lesson(app).step.say == "farkle.lesson.roll"


def test_a_lesson_has_an_address() -> None:
    from zaria_web.runtime.routes import address, entry_of

    assert entry_of("#/penta-lesson") == "penta-lesson"
    assert address("farkle-lesson") == "#/farkle-lesson"
    _, host = open_lesson("penta")
    assert host.history[-1] == "penta-lesson"


def test_the_bubble_follows_a_change_of_language() -> None:
    app, host = open_lesson("farkle")
    app.action(*BANK)  # refused: the lesson says to roll
    assert Page(host.screen_html).text["lesson-wrong"] == Translator("en")(
        "farkle.lesson.wrong.roll"
    )
    app.action("lang", {"value": "tr"})
    page = Page(host.screen_html)
    tr = Translator("tr")
    assert page.text["lesson-wrong"] == tr("farkle.lesson.wrong.roll")
    assert page.text["lesson-say"] == tr("farkle.lesson.roll")
    assert page.text["lesson-count"] == tr("lesson.count", n=1, of=lesson(app).count)
