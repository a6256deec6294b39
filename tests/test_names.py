"""Players' names: cleaned wherever they enter (a form, a save, the statistics), and
isolated for bidirectional text wherever they are shown."""

from __future__ import annotations

import json
import re
import time
import unicodedata
from dataclasses import dataclass
from html.parser import HTMLParser

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fake_host import PENTA_TABLE, FakeHost, pass_device, record_farkle, record_penta
from zaria.farkle.game import FarkleGame
from zaria.game import Seat
from zaria.i18n import Translator
from zaria.outcome import Outcome
from zaria.penta.game import PentaGame
from zaria_web.app import App
from zaria_web.penta.screen import TABLE_URL
from zaria_web.play.screen import GameScreen
from zaria_web.storage import stats
from zaria_web.storage.counted import Counted
from zaria_web.ui.names import NAME_LENGTH, clean_name, clean_saved_seats, name_key, seat_names

# -- cleaning ------------------------------------------------------------------------------

#: Characters that draw nothing, one of each kind the cleaning drops.
INVISIBLE = [
    "\u200b",  # zero-width space
    "\u200c",  # zero-width non-joiner
    "\u200d",  # zero-width joiner
    "\u200e",  # left-to-right mark
    "\u200f",  # right-to-left mark
    *[chr(c) for c in range(0x202A, 0x202F)],  # embeddings and overrides
    *[chr(c) for c in range(0x2066, 0x206A)],  # isolates
    "\u2060",  # word joiner
    "\u061c",  # Arabic letter mark
    "\ufeff",  # byte order mark
    "\u00ad",  # soft hyphen
    "\u180e",  # Mongolian vowel separator
    "\U000e0041",  # a tag character
    "\x00",
    "\x07",
    "\x1b",
    "\x7f",
    "\x9b",  # control characters (Cc)
    "\ud800",  # a lone surrogate, as JSON can carry
    "\u3164",  # Hangul filler
    "\u2800",  # blank Braille pattern
]


@pytest.mark.parametrize("ch", INVISIBLE, ids=lambda c: f"U+{ord(c):04X}")
def test_invisible_characters_are_dropped(ch: str) -> None:
    assert clean_name(f"{ch}Bo{ch}b{ch}") == "Bob"
    assert clean_name(ch * 3) == ""


@pytest.mark.parametrize(
    ("typed", "clean"),
    [
        ("  Ann  ", "Ann"),
        ("Ann\t\n  Marie", "Ann Marie"),  # a tab or line break is a space; runs are one
        ("Ann\u2028Marie", "Ann Marie"),  # a line separator too
        ("e\u0301lodie", "\u00e9lodie"),  # composed (NFC): é is one character
        ("Zoë 🎲", "Zoë 🎲"),  # accents and emoji are names
        ("דנה", "דנה"),  # so are right-to-left scripts
        ("x" * 30, "x" * NAME_LENGTH),
        ("x" * 23 + "  y", "x" * 23),  # cut, then trimmed
    ],
)
def test_names_are_trimmed_composed_and_cut(typed: str, clean: str) -> None:
    assert clean_name(typed) == clean


@given(st.text())
def test_a_clean_name_is_visible_short_trimmed_and_stays_clean(text: str) -> None:
    name = clean_name(text)
    assert len(name) <= NAME_LENGTH
    assert name == name.strip()
    assert not any(unicodedata.category(c) in ("Cf", "Cc", "Cs") for c in name)
    assert clean_name(name) == name


@given(st.lists(st.text(max_size=30), min_size=1, max_size=7), st.booleans())
def test_seat_names_are_distinct_clean_and_stable(typed: list[str], computer: bool) -> None:
    reserved = ["Computer", "Ordinateur"] if computer else []
    names = seat_names(typed, lambda n: f"Player {n}", reserved)
    keys = [name_key(n) for n in names]
    assert len(set(keys)) == len(names)
    assert not {name_key(r) for r in reserved} & set(keys)
    assert all(n and clean_name(n) == n for n in names)
    assert seat_names(names, lambda n: f"Player {n}", reserved) == names  # a resume keeps them


def test_numbered_names_stay_within_the_limit() -> None:
    long = "W" * NAME_LENGTH
    assert seat_names([long, long, long], str) == [long, "W" * 22 + " 2", "W" * 22 + " 3"]


def test_a_three_million_character_saved_name_is_cut_before_the_engine_reads_it() -> None:
    state = PentaGame.new([Seat("Ann"), Seat("Bo")]).to_dict()
    state["seats"][0]["name"] = "\u200b" + "y" * 3_000_000
    t0 = time.perf_counter()
    game = PentaGame.from_dict(clean_saved_seats(state, str, "Computer"))
    print(f"cleaned and loaded in {(time.perf_counter() - t0) * 1000:.1f} ms")
    assert [s.name for s in game.seats] == ["y" * NAME_LENGTH, "Bo"]
    assert state["seats"][0]["name"].startswith("\u200b")  # the save's own dict is untouched


# -- both games: the form, a save, the statistics ------------------------------------------


@dataclass(frozen=True)
class Game:
    """How a player drives one game's screen (the form's controls are the same in both)."""

    name: str
    dice: str  # a script where every roll scores
    name_act: str = "seat-name"
    index: str = "index"
    add: str = "seat-add"
    computer: str = "seat-computer"
    start: str = "start"
    roll: str = "roll"
    engine_key: str = "engine"  # where the save keeps the engine's state
    default: str = "common.setup.default_name"  # the message of a default name


PENTA = Game("penta", "11111,22222,33333")
FARKLE = Game("farkle", "155234,155234,155234")
GAMES = [PENTA, FARKLE]


def page(storage: dict[str, str] | None = None, dice: str = "") -> tuple[App, FakeHost]:
    """A page of the app, on ``storage`` (a reload when it is another page's)."""
    host = FakeHost({"zaria.lang": "en"} if storage is None else storage)
    host.files[TABLE_URL] = PENTA_TABLE
    return App(host, {"dice": dice} if dice else {}), host


def start(g: Game, names: list[str], computer: bool = False) -> tuple[App, FakeHost]:
    app, host = page(dice=g.dice)
    app.action("open", {"game": g.name})
    for i, name in enumerate(names):
        if i:
            app.action(g.add, {})
        app.action(g.name_act, {g.index: str(i), "value": name, "event": "input"})
    if not computer:
        app.action(g.computer, {"value": "off", "event": "change"})
    app.action(g.start, {})
    return app, host


def seats(app: App) -> list[str]:
    game = getattr(app.screen, "game", None)
    assert game is not None
    return [s.name for s in game.seats]


@pytest.mark.parametrize("g", GAMES, ids=lambda g: g.name)
def test_a_name_of_invisible_characters_gets_the_default_name(g: Game) -> None:
    app, _ = start(g, ["\u200b\u200d", " \u2066\u2069 ", "Bo"])
    default = Translator("en")(g.default, n=1)
    assert seats(app) == [default, Translator("en")(g.default, n=2), "Bo"]


@pytest.mark.parametrize("g", GAMES, ids=lambda g: g.name)
def test_names_told_apart_only_by_invisible_characters_are_numbered(g: Game) -> None:
    app, _ = start(g, ["Bob", "Bob\u200b", "B\u00adob", "\u202eBOB"])
    assert seats(app) == ["Bob", "Bob 2", "Bob 3", "BOB 4"]


def resumed_with_name(g: Game, name: str) -> tuple[App, FakeHost]:
    """A game saved with its first player renamed ``name``, opened by a new page."""
    _, host = start(g, ["Ann", "Bo"])
    key = f"zaria.save.{g.name}"
    save = json.loads(host.storage[key])
    save["state"][g.engine_key]["seats"][0]["name"] = name
    host.storage[key] = json.dumps(save)
    app, again = page(host.storage, dice=g.dice)
    app.action("open", {"game": g.name})
    return app, again


@pytest.mark.parametrize("g", GAMES, ids=lambda g: g.name)
def test_a_long_saved_name_resumes_cut_to_the_limit(g: Game) -> None:
    app, host = resumed_with_name(g, "\u2067" + "x" * 10_000)
    assert seats(app) == ["x" * NAME_LENGTH, "Bo"]
    assert "x" * (NAME_LENGTH + 1) not in host.screen_html
    app.action(g.roll, {})  # the next save holds the clean name
    saved = json.loads(host.storage[f"zaria.save.{g.name}"])["state"][g.engine_key]
    assert saved["seats"][0]["name"] == "x" * NAME_LENGTH


@pytest.mark.parametrize("g", GAMES, ids=lambda g: g.name)
def test_a_huge_saved_name_loads_and_plays_at_once(g: Game) -> None:
    # As long as a save that storage reads can hold (zaria_web.storage.stored refuses longer ones).
    from zaria_web.storage.stored import MAX_CHARS

    app, host = resumed_with_name(g, "z" * min(3_000_000, MAX_CHARS - 10_000))
    assert seats(app) == ["z" * NAME_LENGTH, "Bo"]
    t0 = time.perf_counter()
    app.action(g.roll, {})
    print(f"{g.name}: a roll took {(time.perf_counter() - t0) * 1000:.1f} ms")
    assert len(host.storage[f"zaria.save.{g.name}"]) < 20_000


@pytest.mark.parametrize("g", GAMES, ids=lambda g: g.name)
def test_a_saved_name_that_is_nothing_but_invisible_gets_the_default_name(g: Game) -> None:
    app, _ = resumed_with_name(g, "\u200b\ufeff")
    assert seats(app) == [Translator("en")(g.default, n=1), "Bo"]


def test_names_in_the_statistics_are_cleaned() -> None:
    app, host = page()
    record = {"Bob\u200b" + "q" * 5_000: 1, "\u202eEve": 2}
    one = Outcome((250,))
    stats.record(
        app.ctx, Counted("penta"), one, [Seat(next(iter(record)))], False, figures={"bonus": [1]}
    )
    for name, n in record.items():
        for _ in range(n):
            stats.record(
                app.ctx, Counted("farkle"), Outcome((10_000,)), [Seat(name)], False, wins=True
            )
    app.action("open", {"game": "stats"})
    html = host.screen_html
    # Penta's best score, Farkle's best score and its wins, and the players' tables
    assert html.count("<bdi>Bob" + "q" * (NAME_LENGTH - 3) + "</bdi>") >= 3
    assert "q" * (NAME_LENGTH - 2) not in html
    assert "\u200b" not in html and "\u202e" not in html
    assert "<bdi>Eve</bdi>" in html


# -- isolation: every name shown sits in a <bdi> ---------------------------------------------

#: A right-to-left name beside a left-to-right one: unisolated, "דנה 2" and the
#: numbers after it would be reordered with the sentence around it.
RTL = ["דנה", "سارة"]


class _Isolation(HTMLParser):
    """A page's text, split into the contents of ``<bdi>`` elements and the rest."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.depth = 0
        self.inside: list[str] = []
        self.outside: list[str] = []
        self.feed(html)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "bdi":
            self.depth += 1
            self.inside.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "bdi":
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.depth:
            self.inside[-1] += data
        else:
            self.outside.append(data)


def assert_isolated(html: str, names: list[str], where: str) -> None:
    """Each of ``names`` is shown in ``html``, and only ever inside a <bdi>."""
    page = _Isolation(html)
    outside = " ".join(page.outside)
    for name in names:
        assert name in page.inside, f"{where}: {name} is not shown in a <bdi>"
        assert name not in outside, f"{where}: {name} is shown outside a <bdi>"


def assert_fields_follow_their_text(html: str, prefix: str) -> None:
    fields = re.findall(rf'<input[^>]*id="{prefix}-\d+"[^>]*>', html)
    assert fields and all('dir="auto"' in f for f in fields), fields


def test_every_penta_screen_isolates_the_names() -> None:
    app, host = page(dice="11111,22222,33333,44444")
    app.action("open", {"game": "penta"})
    for i, name in enumerate(RTL):
        if i:
            app.action("seat-add", {})
        app.action("seat-name", {"index": str(i), "value": name, "event": "input"})
    assert_fields_follow_their_text(host.screen_html, "penta-name")
    app.action("seat-computer", {"value": "off"})
    app.action("start", {})
    assert_isolated(host.screen_html, RTL, "turn banner, handover, sheet, chips")
    app.action("roll", {})
    app.action("box", {"box": "aces"})
    app.action("validate", {})
    assert_isolated(host.screen_html, RTL, "the score just recorded")
    scored = re.search(r'<p class="penta-msg last".*?</p>', host.screen_html)
    assert scored and f"<bdi>{RTL[0]}</bdi> scores" in scored.group(0)
    screen = app.screen
    assert isinstance(screen, GameScreen)
    assert_isolated(host.screen_html, RTL[1:2], "the hand-over card")
    while screen.phase == "play":
        game = screen.game
        assert game is not None
        pass_device(app)
        if game.dice is None:
            app.action("roll", {})
        app.action("box", {"box": next(iter(game.options())).value})
        app.action("validate", {})
    assert_isolated(host.screen_html, RTL, "end ranking, winners, review")
    end = host.screen_html.split('id="penta-turn-log"')[0]  # the end screen, not its log
    assert end.count("<h4><bdi>") == 2  # a review per human


def test_a_direction_override_in_a_penta_name_stays_inside_it() -> None:
    app, host = page()
    app.action("open", {"game": "penta"})
    screen = app.screen
    assert isinstance(screen, GameScreen)
    screen.game = PentaGame.new([Seat("\u202eNNA"), Seat("Xavi")])
    screen.phase = "play"
    app.redraw()
    assert_isolated(host.screen_html, ["\u202eNNA", "Xavi"], "a name the cleaning missed")
    assert "\u202e" not in " ".join(_Isolation(host.screen_html).outside)


def farkle_page(names: list[str], dice: str = "111111,111111,234662") -> tuple[App, FakeHost]:
    app, host = page(dice=dice)
    app.action("open", {"game": "farkle"})
    for i, name in enumerate(names):
        if i:
            app.action("seat-add", {})
        app.action("seat-name", {"index": str(i), "value": name, "event": "input"})
    app.action("seat-computer", {"value": "off", "event": "change"})
    app.action("target", {"value": "5000", "event": "change"})
    return app, host


def test_every_farkle_screen_isolates_the_names() -> None:
    app, host = farkle_page(RTL)
    assert_fields_follow_their_text(host.screen_html, "fk-name")
    app.action("start", {})
    assert_isolated(host.screen_html, RTL, "players, turn heading, pass the device")
    app.action("roll", {})
    for pos in range(1, 7):
        app.action("toggle", {"pos": str(pos)})
    app.action("roll", {})
    for pos in range(1, 7):
        app.action("toggle", {"pos": str(pos)})
    app.action("bank", {})  # 6,000: the last round
    assert 'class="fk-event banked"' in host.screen_html
    assert 'class="fk-event last"' in host.screen_html
    assert_isolated(host.screen_html, RTL, "bank and last round banners, the hand-over card")
    assert pass_device(app)
    app.action("roll", {})  # 2, 3, 4, 6, 6, 2: a lost turn, and the game is over
    html = host.screen_html
    assert 'id="fk-over-title"' in html and 'id="fk-final"' in html
    assert_isolated(html, RTL, "winner, the last round, ranking")


def test_a_farkle_tie_isolates_each_winner() -> None:
    app, host = farkle_page(RTL, dice="155234,155234")
    app.action("start", {})
    screen = app.screen
    assert isinstance(screen, GameScreen) and screen.game is not None
    screen.game = FarkleGame.from_dict({**screen.game.to_dict(), "banked": [4900, 4850]})
    app.action("roll", {})
    app.action("toggle", {"pos": "1"})
    app.action("bank", {})  # 5,000: the last round
    assert pass_device(app)
    app.action("roll", {})
    app.action("toggle", {"pos": "1"})
    app.action("toggle", {"pos": "2"})
    app.action("bank", {})  # 5,000 too
    title = re.search(r'<h2 id="fk-over-title"[^>]*>(.*?)</h2>', host.screen_html)
    assert title, host.screen_html[:3000]
    assert title.group(1) == f"Shared win: <bdi>{RTL[0]}</bdi>, <bdi>{RTL[1]}</bdi>!"


def test_the_statistics_isolate_the_names() -> None:
    app, host = page()
    record_penta(app.ctx, [250], [RTL[0]], [True], [True], False)
    record_farkle(app.ctx, [9000, 10_000], RTL, [True, True], [1], False)
    app.action("open", {"game": "stats"})
    assert_isolated(host.screen_html, RTL, "best scores and wins")
