"""Intents that name their controls and read themselves from the control's data
(:mod:`zaria_web.acts`)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from zaria_web.acts import Intent, checked, datum, table
from zaria_web.app import ACTS, ChooseLanguage, Open, OpenRules
from zaria_web.play.screen import ACTS as GAME_ACTS
from zaria_web.play.seats import SeatName, SetComputer
from zaria_web.storage.settings import ChangeSetting


@dataclass(frozen=True)
class Pick(Intent, acts=("pick", "choose")):
    index: int = datum("index", int)
    label: str = datum("value", absent="")
    on: bool = datum("on", checked, absent="")


def test_an_intent_reads_its_fields_from_the_control_s_data() -> None:
    make = table(Pick)
    assert make["pick"]({"index": "2", "value": "Ann", "on": "on"}) == Pick(2, "Ann", True)
    assert make["choose"]({"index": "0"}) == Pick(0, "", False)


def test_data_the_app_does_not_expect_raises() -> None:
    make = table(Pick)["pick"]
    with pytest.raises(KeyError, match="index"):
        make({})
    with pytest.raises(ValueError):
        make({"index": "two"})


def test_a_control_reports_one_intent_only() -> None:
    @dataclass(frozen=True)
    class Other(Intent, acts="pick"):
        pass

    with pytest.raises(ValueError, match="'pick' reports two intents"):
        table(Pick, Other)


def test_an_intent_without_a_control_is_no_table_s() -> None:
    @dataclass(frozen=True)
    class Quiet(Intent):
        pass

    with pytest.raises(ValueError, match="names no control"):
        table(Quiet)


def test_a_field_that_reads_nothing_is_refused() -> None:
    @dataclass(frozen=True)
    class Loose(Intent, acts="loose"):
        index: int

    with pytest.raises(TypeError, match="reads nothing"):
        table(Loose)["loose"]({"index": "1"})


def test_the_app_s_and_the_game_s_controls_make_their_intents() -> None:
    assert ACTS["home"]({}) == Open("home")
    assert ACTS["open"]({"game": "farkle"}) == Open("farkle")
    assert ACTS["rules"]({}) == OpenRules("penta")
    assert ACTS["lang"]({"value": "el"}) == ChooseLanguage("el")
    assert GAME_ACTS["seat-name"]({"index": "1", "value": "Bo"}) == SeatName(1, "Bo")
    assert GAME_ACTS["seat-computer"]({"value": "on"}) == SetComputer(True)
    assert GAME_ACTS["seat-computer"]({}) == SetComputer(False)
    assert GAME_ACTS["setting"]({"key": "pace", "value": "fast"}) == ChangeSetting("pace", "fast")
    assert GAME_ACTS["setting"]({"key": "pace", "value": "warp"}) is None
