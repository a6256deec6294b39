"""The statistics screen's questions and what an export, an import or a clearing comes
to: each said where the player is (by the buttons that did it), one question at a time."""

from __future__ import annotations

import re
from pathlib import Path

from fake_host import FakeHost, Page, record_farkle, record_penta
from zaria_web.app import App
from zaria_web.storage import stats, transfer
from zaria_web.storage.counted import Counted

CSS = Path(__file__).resolve().parent.parent / "web" / "css"


def stats_app() -> tuple[App, FakeHost]:
    """The statistics screen with a Penta and a Farkle game counted."""
    host = FakeHost()
    app = App(host, {})
    record_penta(app.ctx, [250], ["Ann"], [True], [True], reproducible=False)
    record_farkle(app.ctx, [10_200, 8_000], ["Ann", "Bo"], [True, True], [0], False)
    app.action("open", {"game": "stats"})
    return app, host


def pick(app: App, host: FakeHost, text: str | bytes) -> Page:
    host.picked[transfer.FIELD] = text
    app.action("stats-import", {"value": "x", "event": "input"})
    return Page(host.screen_html)


def exported(app: App, host: FakeHost) -> str:
    app.action("stats-export", {})
    return host.saved_files[-1][1]


def transfer_part(html: str) -> str:
    """The Export and Import section, as drawn."""
    found = re.search(r'<section class="stats-transfer".*?</section>', html)
    assert found, "no export and import section"
    return found[0]


def test_a_refused_file_is_said_under_the_import_button_not_at_the_top() -> None:
    app, host = stats_app()
    page = pick(app, host, "{this is not json")
    said = app.ctx.tr("import.not_json")
    assert app.ctx.notices == [] and 'class="notices"' not in host.screen_html
    part = transfer_part(host.screen_html)
    # Just over the buttons, in the note's place, described by the Import control, which
    # keeps the focus.
    assert re.search(
        rf'<p id="{transfer.SAID}"[^>]*>{re.escape(said)}</p><div class="btn-row">', part
    )
    assert app.ctx.tr("transfer.note") not in part
    assert page.tags[transfer.FIELD]["aria-describedby"] == transfer.SAID
    assert "trouble" in (page.tags[transfer.SAID]["class"] or "")
    assert host.focused == f"#{transfer.FIELD}"
    assert host.announced[-1] == said  # said once, through the live region
    assert "role" not in page.tags[transfer.SAID]


def test_the_same_refusal_twice_is_drawn_afresh_and_a_new_pick_clears_it() -> None:
    app, host = stats_app()
    assert "data-fresh" in pick(app, host, b"\xff\xfe").tags[transfer.SAID]
    app.action("stats-player", {"section": "penta", "player": "ann"})  # any other step
    page = Page(host.screen_html)
    assert page.has(transfer.SAID) and "data-fresh" not in page.tags[transfer.SAID]
    assert "data-fresh" in pick(app, host, b"\xff\xfe").tags[transfer.SAID]
    host.announced.clear()
    pick(app, host, exported(app, host))  # a good file: the question replaces the message
    assert not Page(host.screen_html).has(transfer.SAID)


def test_an_import_is_said_done_by_the_import_button_and_the_focus_stays_there() -> None:
    app, host = stats_app()
    text = exported(app, host)
    pick(app, host, text)
    app.action("stats-import-yes", {})
    page = Page(host.screen_html)
    assert page.text[transfer.SAID] == "Statistics and finished games imported."
    assert "done" in (page.tags[transfer.SAID]["class"] or "")
    assert host.focused == f"#{transfer.FIELD}"
    assert page.tags[transfer.FIELD]["aria-describedby"] == transfer.SAID
    # Another visit starts without it.
    app.action("home", {})
    app.action("open", {"game": "stats"})
    assert not Page(host.screen_html).has(transfer.SAID)


def test_an_export_is_said_by_the_export_button() -> None:
    app, host = stats_app()
    exported(app, host)
    page = Page(host.screen_html)
    assert page.text[transfer.SAID] == app.ctx.tr("export.done")
    assert page.tags["stats-export"]["aria-describedby"] == transfer.SAID
    assert "aria-describedby" not in page.tags[transfer.FIELD]
    assert host.focused == "#stats-export"


def test_one_question_at_a_time_asking_one_closes_the_other() -> None:
    app, host = stats_app()
    text = exported(app, host)
    app.action("stats-clear", {})
    page = pick(app, host, text)
    assert page.has("import-q") and not page.has("clear-q")
    assert host.focused == "#stats-import-no"
    app.action("stats-clear", {})
    page = Page(host.screen_html)
    assert page.has("clear-q") and not page.has("import-q")
    assert host.focused == "#stats-clear-no"
    # The import's question is gone for good: Replace them does nothing now.
    before = dict(host.storage)
    app.action("stats-import-yes", {})
    assert host.storage == before


def test_escape_closes_the_import_question_and_stays() -> None:
    app, host = stats_app()
    pick(app, host, exported(app, host))
    assert app.key("Escape")
    assert app.screen.name == "stats" and not Page(host.screen_html).has("import-q")
    assert host.focused == f"#{transfer.FIELD}"
    assert app.key("Escape") and app.screen.name == "home"


def test_clearing_is_said_by_the_buttons_and_the_focus_goes_to_home() -> None:
    app, host = stats_app()
    exported(app, host)  # a message of the export, which the clearing makes stale
    app.action("stats-clear", {})
    app.action("stats-clear-yes", {})
    page = Page(host.screen_html)
    assert stats.load(host)[Counted("penta")].games == 0
    assert page.text["stats-said"] == "Statistics cleared." and not page.has(transfer.SAID)
    assert host.focused == "#stats-home" and page.enabled("stats-home")
    assert not page.enabled("stats-clear")  # nothing left to clear
    app.action("stats-clear", {})  # disabled, but asked anyway: the message goes
    assert not Page(host.screen_html).has("stats-said")


def test_a_question_sticks_in_view_rather_than_fall_below_the_window() -> None:
    css = (CSS / "offline.css").read_text()
    rule = re.search(r"\n\.stats-confirm \{([^}]*)\}", css)
    assert rule, "no rule for the questions"
    assert "position: sticky" in rule[1] and re.search(r"\bbottom: ", rule[1])
