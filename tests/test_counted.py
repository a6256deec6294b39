"""What the statistics count (:class:`zaria_web.storage.counted.Counted`): one value, written
as the key the statistics have always been stored and exported under."""

from __future__ import annotations

import json

import pytest

from zaria.farkle.rules import DEFAULT_RULES, FarkleRules
from zaria.game import Seat
from zaria.i18n import Translator
from zaria.outcome import Outcome
from zaria_web import games
from zaria_web.farkle import figures
from zaria_web.storage import archive, stats, transfer
from zaria_web.storage.counted import BadCounted, Counted

#: Every kind of value, and the key it is written as (the stored format).
KEYS = {
    Counted("penta"): "penta",
    Counted("farkle"): "farkle",
    Counted("penta", real=True): "penta:real",
    Counted("farkle", real=True): "farkle:real",
    Counted("farkle", "additive-open500"): "farkle:additive-open500",
    Counted("farkle", "doubling-open350-penalty1000"): "farkle:doubling-open350-penalty1000",
    Counted("farkle", "standard-penalty500"): "farkle:standard-penalty500",
}


@pytest.mark.parametrize(("counted", "key"), KEYS.items(), ids=list(KEYS.values()))
def test_a_value_is_written_as_its_key_and_read_back_as_itself(counted: Counted, key: str) -> None:
    assert counted.encode() == key
    assert Counted.parse(key) == counted
    assert Counted.parse(counted.encode()) == counted


@pytest.mark.parametrize("table", ["standard", "additive", "doubling"])
@pytest.mark.parametrize("opening", [0, 350, 500])
@pytest.mark.parametrize("penalty", [0, 500])
def test_every_set_of_house_rules_round_trips(table: str, opening: int, penalty: int) -> None:
    rules = FarkleRules(opening_minimum=opening, farkle_penalty=penalty, table=table)
    counted = figures.counted(rules)
    assert Counted.parse(counted.encode()) == counted
    assert FarkleRules.from_id(counted.rules) == rules if counted.rules else rules.is_default
    assert (counted.rules is None) == rules.is_default


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("farkle:standard", Counted("farkle")),
        ("farkle:standard-open0-penalty0", Counted("farkle")),
        ("farkle:additive-penalty500-open350", Counted("farkle", "additive-open350-penalty500")),
        ("farkle:doubling-open0", Counted("farkle", "doubling")),
    ],
)
def test_rules_written_otherwise_are_read_as_the_rules_they_name(
    written: str, read: Counted
) -> None:
    assert Counted.parse(written) == read
    assert read.encode() != written  # written back as this version writes them


@pytest.mark.parametrize(
    ("key", "why"),
    [
        ("", "unknown game ''"),
        ("yacht", "unknown game 'yacht'"),
        ("Penta", "unknown game 'Penta'"),
        ("yacht:real", "unknown game 'yacht'"),
        ("penta:additive", "unknown house rules 'additive'"),
        ("penta:", "unknown house rules ''"),
        ("penta:printed:real", "unknown house rules 'printed:real'"),
        ("farkle:", "unknown house rules ''"),
        ("farkle:bogus", "unknown house rules 'bogus'"),
        ("farkle:penalty500", "unknown house rules 'penalty500'"),
        ("farkle:additive-open\u00b2", "unknown house rules"),
        ("farkle:additive:real", "unknown house rules 'additive:real'"),
        ("farkle:real:real", "unknown house rules 'real:real'"),
        ("farkles", "unknown game 'farkles'"),
    ],
)
def test_a_malformed_key_is_refused_with_the_reason(key: str, why: str) -> None:
    with pytest.raises(BadCounted, match="^" + repr(key).replace("\\", "\\\\") + ": ") as e:
        Counted.parse(key)
    assert why in str(e.value)
    assert isinstance(e.value, ValueError)  # readers that refuse bad values catch it


def test_a_key_that_is_not_text_is_refused() -> None:
    with pytest.raises(BadCounted, match="a statistics key is text, not int"):
        Counted.parse(7)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("make", "why"),
    [
        (lambda: Counted("yacht"), "unknown game 'yacht'; games: penta, farkle"),
        (lambda: Counted("penta", "additive"), "unknown house rules 'additive'"),
        (lambda: Counted("penta", "penta"), "counted without a rules id"),
        (lambda: Counted("penta", "printed", real=True), "real dice are counted whatever"),
        (lambda: Counted("farkle", "additive", real=True), "real dice are counted whatever"),
        (lambda: Counted("farkle", "standard"), "counted without a rules id"),
        (lambda: Counted("farkle", "additive-penalty500-open350"), "unknown house rules"),
    ],
)
def test_a_value_that_names_nothing_counted_is_refused(make: object, why: str) -> None:
    with pytest.raises(BadCounted, match=why):
        make()  # type: ignore[operator]


def test_only_a_game_registered_with_house_rules_has_them() -> None:
    assert [g.name for g in games.GAMES if g.house_rules] == ["penta", "farkle"]
    undo = games.register(games.Registered("sevens", "sevens_package"))
    try:
        with pytest.raises(BadCounted, match="sevens has no house rules"):
            Counted("sevens", DEFAULT_RULES.id)
    finally:
        undo()
    assert Counted.parse("penta:printed") == Counted("penta", "printed")
    assert Counted.parse("penta:penta") == Counted("penta")  # the rules page's game
    label = figures.rules_label(Translator("en"), None)
    assert label == " · ".join(Translator("en")(k, **p) for k, p in DEFAULT_RULES.summary())


# -- the stored and exported formats are the keys --------------------------------------


def test_the_statistics_are_stored_under_the_keys() -> None:
    summaries = {c: stats.Summary(games=i + 1) for i, c in enumerate(KEYS)}
    data = stats.value(summaries, {"yacht": {"games": 9}})
    assert set(data) == {"format", "yacht", *KEYS.values()}
    # Read back, with every other registered game's summary, empty.
    assert stats.parse(json.dumps(data)) == {**stats.empty(), **summaries}
    assert stats.kept(json.dumps(data)) == {"yacht": {"games": 9}}


def test_an_export_holds_the_keys_and_imports_back_as_the_values() -> None:
    summaries = {**stats.empty(), Counted("farkle", "additive-open500"): stats.Summary(games=2)}
    text = transfer.export_text(summaries, [], "2026-03-14T15:09:26.000+01:00", {})
    assert set(json.loads(text)["stats"]) == {"format", *games.NAMES, "farkle:additive-open500"}
    assert transfer.parse_file(text).summaries == summaries


def _entry(counted: Counted) -> archive.Entry:
    from zaria.farkle.game import FarkleGame

    game = FarkleGame.new([Seat("Ann")], 5000)
    return archive.Entry(
        id="0123456789abcdef",
        counted=counted,
        date="2026-03-14T15:09:26Z",
        seats=tuple(game.seats),
        totals=(5000,),
        winners=(0,),
        state=game.to_dict(),
        extras={},
    )


@pytest.mark.parametrize("counted", [Counted("farkle", "additive"), Counted("farkle", real=True)])
def test_a_finished_game_is_kept_with_its_key_its_game_and_its_dice(counted: Counted) -> None:
    d = _entry(counted).to_dict()
    assert (d["key"], d["game"], d["real"]) == (counted.encode(), "farkle", counted.real)
    assert archive.Entry.from_dict(d).counted == counted


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"key": "penta"}, "not that of its game and dice"),
        ({"real": True}, "not that of its game and dice"),
    ],
)
def test_a_kept_game_whose_key_does_not_fit_is_unreadable(
    change: dict[str, object], why: str
) -> None:
    d = {**_entry(Counted("farkle")).to_dict(), **change}
    with pytest.raises(ValueError, match=why):
        archive.Entry.from_dict(d)


def test_a_kept_game_under_rules_this_version_does_not_know_keeps_its_key() -> None:
    d = {**_entry(Counted("farkle")).to_dict(), "key": "farkle:bogus"}
    entry = archive.Entry.from_dict(d)
    assert entry.unknown == "farkle:bogus" and entry.to_dict()["key"] == "farkle:bogus"


def test_stored_statistics_count_a_game_under_its_value() -> None:
    from fake_host import FakeHost
    from zaria_web.app import App

    host = FakeHost()
    app = App(host, {})
    counted = Counted("farkle", "additive-open500")
    assert stats.record(app.ctx, counted, Outcome((5000,)), [Seat("Ann")], reproducible=False)
    assert json.loads(host.storage[stats.KEY])["farkle:additive-open500"]["games"] == 1
    assert stats.load(host)[counted].games == 1
