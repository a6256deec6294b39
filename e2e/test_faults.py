"""Nothing lost when things go wrong under a running page: Python's worker ended,
storage filled to its quota while a game is saved or a file imported, statistics
under rules this version does not know, a score pad's save that cannot be."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from conftest import App
from zaria.dice import RandomRoller
from zaria.farkle import players
from zaria.farkle.game import FarkleGame
from zaria.game import Seat
from zaria_web.storage import archive, stats, transfer
from zaria_web.storage.counted import Counted

GAMES = ["penta", "farkle"]
PREFIX = {"penta": "penta", "farkle": "fk"}
#: How long the page waits for Python's answer before taking its worker for gone.
ANSWER_MS = 1500


def storage(page: Page) -> dict[str, str]:
    return dict(page.evaluate("() => ({ ...localStorage })"))


def start(page: Page, game: str, pad: bool = False) -> None:
    """Start a solo game of ``game`` from home (its score pad when ``pad``)."""
    prefix = PREFIX[game]
    page.locator(f"#real-{game}" if pad else f".game-card.{game}").click()
    page.locator(f"#{prefix}-name-0").fill("Ann")
    box = page.locator(f"#{prefix}-computer")
    if box.count() and box.is_checked():
        box.click()
    page.locator(f"#{prefix}-start").click()
    expect(page.locator(f"#{prefix}-pad" if pad else f"#{prefix}-roll")).to_be_visible()


def table(page: Page, game: str) -> dict[str, Any]:
    """What the player sees of the turn: the dice with their state, the score sheet."""
    dice = page.locator(".dice-tray .die" if game == "penta" else ".fk-tray button.die")
    sheet = "table.sheet tbody" if game == "penta" else ".fk-plist"
    return {
        "dice": dice.evaluate_all(
            "els => els.map(e => [e.getAttribute('aria-label'), e.getAttribute('aria-pressed')])"
        ),
        "sheet": page.locator(sheet).inner_text(),
    }


# -- the worker ends -------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_worker_that_ends_mid_game_is_replaced_and_the_game_resumes(
    app: App, game: str, shots: Path
) -> None:
    dice = "11122,33344,55566" if game == "penta" else "155234,15526,222222"
    page = app.open(f"?answer-timeout={ANSWER_MS}&dice={dice}")
    start(page, game)
    prefix = PREFIX[game]
    page.locator(f"#{prefix}-roll").click()
    before, saved, kept = table(page, game), storage(page)[f"zaria.save.{game}"], storage(page)
    page.evaluate("window.zariaPy.endWorker()")
    # The next tap goes unanswered: the page notices, says so, starts Python again.
    tap = page.locator("#penta-roll" if game == "penta" else "#fk-die-1")
    tap.click()
    expect(page.locator("#revive-banner")).to_have_count(0)
    notice = page.locator('.notice[data-notice="app.revived"]')
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("your game resumes from its last move")
    page.screenshot(path=str(shots / f"revived-{game}.png"))
    assert table(page, game) == before  # the last save, as it was
    assert storage(page) == kept  # the save, statistics and finished games, byte for byte
    # The page answers the next tap, from the new worker.
    tap.click()
    assert table(page, game) != before
    assert storage(page)[f"zaria.save.{game}"] != saved


def test_a_worker_that_ends_on_the_statistics_screen_is_replaced(app: App) -> None:
    page = app.open(f"?answer-timeout={ANSWER_MS}#/stats")
    expect(page.locator("#stats-title")).to_be_visible()
    page.evaluate("window.zariaPy.endWorker()")
    page.locator("#stats-export").click()
    expect(page.locator('.notice[data-notice="app.revived"]')).to_be_visible()
    expect(page.locator("#stats-title")).to_be_visible()
    with page.expect_download() as download:
        page.locator("#stats-export").click()
    assert json.loads(Path(download.value.path()).read_text())["app"] == "zaria"


def test_the_page_says_so_while_python_starts_again_and_offers_a_reload_if_it_cannot(
    app: App, shots: Path
) -> None:
    page = app.open(f"?answer-timeout={ANSWER_MS}&boot-timeout=8000")
    start(page, "penta")
    # The runtime cannot be fetched any more (offline, the site gone): no new worker.
    page.route("**/worker.py", lambda route: route.abort())
    page.route("**/vendor/**", lambda route: route.abort())
    page.evaluate("window.zariaPy.endWorker()")
    page.locator("#penta-roll").click()
    banner = page.locator("#revive-banner")
    expect(banner).to_contain_text("Zaria could not start again. Your game is kept")
    page.screenshot(path=str(shots / "revive-failed.png"))
    reload = banner.get_by_role("button", name="Reload")
    expect(reload).to_be_visible()
    app.allowed_errors.append("Failed to load")
    app.allowed_errors.append("net::ERR_FAILED")
    app.allowed_errors.append("Failed to fetch")
    page.unroute_all()
    # The reload may take Python's usual time to start (8 s was the revive's limit,
    # which a loaded machine can pass).
    usual = page.url.replace("&boot-timeout=8000", "")
    page.evaluate("url => history.replaceState(history.state, '', url)", usual)
    reload.click()
    app.wait_ready()
    expect(page.locator("#penta-roll")).to_be_enabled()  # the game, resumed by the reload


# -- storage full ------------------------------------------------------------------------

#: Fill localStorage in this tab, as another app of the same site might, leaving
#: ``room`` characters free (the app is not told: no ``storage`` event).
FILL = """room => {
  let chunk = "x".repeat(1 << 20), i = 0;
  while (chunk.length > 0) {
    try { localStorage.setItem("other.app." + i, chunk); i++; }
    catch (e) { chunk = chunk.slice(0, Math.floor(chunk.length / 2)); }
  }
  const last = "other.app." + (i - 1);
  for (let more = 1 << 16; more > 0; ) {  // to the very last character
    try { localStorage.setItem(last, localStorage.getItem(last) + "x".repeat(more)); }
    catch (e) { more = Math.floor(more / 2); }
  }
  const value = localStorage.getItem(last);
  localStorage.setItem(last, value.slice(0, value.length - room));
}"""
#: Empty what FILL wrote, as another tab would (with its ``storage`` events).
FREE = """() => {
  for (const key of Object.keys(localStorage).filter((k) => k.startsWith("other.app."))) {
    const oldValue = localStorage.getItem(key);
    localStorage.removeItem(key);
    window.dispatchEvent(new StorageEvent("storage",
      { key, oldValue, newValue: null, storageArea: localStorage, url: location.href }));
  }
}"""


def farkle_game(seed: int) -> FarkleGame:
    """A Farkle game played to its end by two computers."""
    game = FarkleGame.new(
        [Seat("Ann", computer=True, level="normal"), Seat("Bo", computer=True, level="normal")],
        5000,
    )
    player, roller = players.player_for("normal"), RandomRoller(seed)
    while not game.over:
        game.apply(players.next_action(game, player.plan(game)), roller=roller)
    return game


def finished_games(n: int) -> list[archive.Entry]:
    return [
        archive.entry(f"2026-11-{1 + i:02d}T10:00:00Z", Counted("farkle"), farkle_game(i), {})
        for i in range(n)
    ]


#: Empty what FILL wrote from this tab, as another app of the site would (no
#: ``storage`` event: the app is not told).
FREE_HERE = """() => {
  for (const key of Object.keys(localStorage).filter((k) => k.startsWith("other.app."))) {
    localStorage.removeItem(key);
  }
}"""


@pytest.mark.parametrize("game", GAMES)
def test_a_save_storage_cannot_hold_is_said_the_game_goes_on_and_is_saved_once_room_is_back(
    app: App, game: str, shots: Path
) -> None:
    penta = game == "penta"
    page = app.open("?dice=11122,33344,55566,12345" if penta else "?dice=155234,15526,222222")
    start(page, game)
    page.locator("#penta-roll" if penta else "#fk-roll").click()
    saved = storage(page)[f"zaria.save.{game}"]
    page.evaluate(FILL, 0)
    # A change that makes the save longer: a second roll, a die set aside.
    page.locator("#penta-roll" if penta else "#fk-die-1").click()
    notice = page.locator('.notice[data-notice="save.unavailable"]')
    expect(notice).to_be_visible()
    page.screenshot(path=str(shots / f"storage-full-{game}.png"))
    assert storage(page)[f"zaria.save.{game}"] == saved  # the last save, untouched
    page.locator("#die-0" if penta else "#fk-roll").click()  # the game goes on
    during = table(page, game)
    assert storage(page)[f"zaria.save.{game}"] == saved
    page.evaluate(FREE)
    page.locator("#penta-roll" if penta else "#fk-die-1").click()
    expect(notice).to_have_count(0)
    assert storage(page)[f"zaria.save.{game}"] != saved
    after = table(page, game)
    assert after != during
    page.reload()  # the game's address: its screen, resumed
    app.wait_ready()
    expect(page.locator(f"#{PREFIX[game]}-roll")).to_be_visible()
    assert table(page, game) == after  # what was saved once room came back


def test_after_storage_was_full_the_first_save_that_fits_holds_the_whole_game(app: App) -> None:
    """Storage full, then freed where the app hears nothing of it: the rolls and the box
    scored after it are all kept."""
    page = app.open("?dice=11122,33344,55566,12345,22233")
    start(page, "penta")
    page.evaluate(FILL, 0)
    page.locator("#penta-roll").click()
    notice = page.locator('.notice[data-notice="save.unavailable"]')
    expect(notice).to_be_visible()
    page.evaluate(FREE_HERE)
    page.locator("#penta-roll").click()
    page.locator("#penta-roll").click()
    page.locator(".box-btn:enabled").first.click()
    page.locator("#penta-validate").click()
    expect(notice).to_have_count(0)
    after = table(page, "penta")
    saved = json.loads(storage(page)["zaria.save.penta"])["state"]["engine"]
    assert saved["round"] == 2
    page.reload()
    app.wait_ready()
    expect(page.locator("#penta-roll")).to_be_visible()
    assert table(page, "penta") == after  # the box scored, the next round begun
    assert json.loads(storage(page)["zaria.save.penta"])["state"]["engine"] == saved


@pytest.mark.parametrize("game", GAMES)
def test_the_oldest_finished_games_give_way_to_a_game_in_progress(app: App, game: str) -> None:
    kept = finished_games(4)
    page = app.open("?dice=11122,33344,155234,15526")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [archive.KEY, archive.encode(kept)])
    page = app.open("?dice=11122,33344" if game == "penta" else "?dice=155234,15526")
    start(page, game)
    page.evaluate(FILL, 20)
    page.locator(f"#{PREFIX[game]}-roll").click()
    expect(page.locator('.notice[data-notice="games.made_room"]')).to_be_visible()
    expect(page.locator('.notice[data-notice="save.unavailable"]')).to_have_count(0)
    left = archive.parse(storage(page)[archive.KEY]) if archive.KEY in storage(page) else []
    assert len(left) < len(kept)
    assert [g.id for g in left] == [g.id for g in kept][len(kept) - len(left) :]  # the newest
    saved = json.loads(storage(page)[f"zaria.save.{game}"])
    dice = saved["state"]["engine"]["dice" if game == "penta" else "roll"]
    assert dice  # the roll is saved


# -- import into a full storage ------------------------------------------------------------


def export_file(tmp_path: Path, games: int) -> Path:
    """An exported file with ``games`` finished Farkle games counted and kept."""
    entries = finished_games(games)
    summary = stats.Summary()
    for entry in entries:
        summary = stats.add_result(
            summary, list(entry.totals), ["Ann", "Bo"], [True, True], winners=list(entry.winners)
        )
    text = transfer.export_text(
        {Counted("penta"): stats.Summary(), Counted("farkle"): summary},
        entries,
        "2026-12-01T10:00:00Z",
        {},
    )
    path = tmp_path / "zaria-stats.json"
    path.write_text(text)
    return path


def test_an_import_storage_cannot_hold_changes_nothing_and_says_so(
    app: App, tmp_path: Path, shots: Path
) -> None:
    app.page.set_viewport_size({"width": 390, "height": 844})
    page = app.open("#/stats")
    path = export_file(tmp_path, 12)
    page.evaluate(FILL, 4000)  # room for the file's statistics, not for its games
    before = storage(page)
    page.locator(f"#{transfer.FIELD}").set_input_files(str(path))
    page.locator("#stats-import-yes").click()
    notice = page.locator('.notice[data-notice="import.failed"]')
    expect(notice).to_be_visible()
    expect(page.locator("#live")).to_contain_text("refused the import: nothing was changed")
    page.screenshot(path=str(shots / "import-full-phone.png"))
    assert storage(page) == before  # byte for byte
    page.reload()
    app.wait_ready()
    assert storage(page) == before
    page.locator("#stats-export").wait_for()
    with page.expect_download() as download:
        page.locator("#stats-export").click()  # the page answers the next tap
    assert json.loads(Path(download.value.path()).read_text())["games"]["games"] == []


# -- statistics this version cannot count ---------------------------------------------------

UNKNOWN = {
    "farkle:hexagon-open350": {"games": 4, "scored": 4, "total": 9, "future": [1, {"x": 2}]},
    "yacht": {"games": 2, "weird": "ünïcode"},
}


def finish(page: Page, game: str) -> None:
    """Play a whole solo game: Penta with the app's dice, Farkle on the score pad."""
    if game == "penta":
        start(page, "penta")
        for _ in range(13):
            page.locator("#penta-roll").click()
            page.locator(".box-btn:enabled").first.click()
            page.locator("#penta-validate").click()
    else:
        start(page, "farkle", pad=True)
        while page.locator("#fk-pad").count():
            for key in "111111r123456b":
                page.keyboard.press(key)
    expect(page.get_by_role("button", name="Play again")).to_be_visible()


@pytest.mark.parametrize("game", GAMES)
def test_statistics_under_unknown_or_differently_written_rules_survive_a_game_counted(
    app: App, game: str
) -> None:
    old = stats.Summary(games=3, scored=3, total=15_000, best=6_000, best_name="Bo")
    raw = json.dumps({"format": stats.FORMAT, **UNKNOWN, "farkle:standard-open0": old.to_dict()})
    page = app.open()
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [stats.KEY, raw])
    page = app.open()
    finish(page, game)
    after = json.loads(storage(page)[stats.KEY])
    assert {k: after[k] for k in UNKNOWN} == UNKNOWN  # kept, byte for byte
    assert "farkle:standard-open0" not in after and stats.BAD_KEY not in storage(page)
    counted = stats.parse(storage(page)[stats.KEY])
    assert counted[Counted("farkle")] == old  # read as the rules it names
    assert counted[Counted("penta") if game == "penta" else Counted("farkle", real=True)].games == 1
    page.locator(".brand").click()
    page.get_by_role("button", name="Statistics").click()
    expect(page.locator(".stats-farkle")).to_contain_text("6,000")
    expect(page.locator(".notices .notice")).to_have_count(0)


def test_finished_games_under_rules_this_version_does_not_know_are_listed_and_kept(
    app: App,
) -> None:
    kept = [{**g.to_dict(), "key": "farkle:martian-open7"} for g in finished_games(2)]
    raw = json.dumps({"format": archive.FORMAT, "games": kept}, sort_keys=True)
    page = app.open()
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [archive.KEY, raw])
    page = app.open("#/stats")
    items = page.locator(".past-item")
    expect(items).to_have_count(2)
    expect(items.first).to_contain_text("Farkle · rules unknown to this version")
    expect(page.locator(".notices .notice")).to_have_count(0)
    assert storage(page)[archive.KEY] == raw and archive.BAD_KEY not in storage(page)
    page.locator(".brand").click()
    finish(page, "penta")  # a game kept beside them: they stay as they were
    games = json.loads(storage(page)[archive.KEY])["games"]
    assert games[:2] == kept and len(games) == 3


# -- a score pad's save that cannot be --------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_pad_save_with_more_dice_entered_than_its_throw_has_is_set_aside(
    app: App, game: str
) -> None:
    page = app.open()
    start(page, game, pad=True)
    if game == "farkle":
        for key in "155234r1":  # a throw, and its 1 set aside: five dice to throw next
            page.keyboard.press(key)
        expect(page.locator("#fk-die-1")).to_have_attribute("aria-pressed", "true")
    key = f"zaria.save.{game}-pad"
    save = json.loads(storage(page)[key])
    save["state"]["entry"] = [1, 2, 3, 4, 5, 6]  # six faces for a throw of five
    bad = json.dumps(save)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, bad])
    page = app.open()
    page.locator(f"#real-{game}").click()
    expect(page.get_by_text("Your saved game was damaged. It was put aside")).to_be_visible()
    assert json.loads(storage(page)[f"zaria.badsave.{game}-pad.1"])["raw"] == bad
    expect(page.get_by_text("to enter: −")).to_have_count(0)
    prefix = PREFIX[game]
    page.locator(f"#{prefix}-name-0").fill("Ann")
    page.locator(f"#{prefix}-start").click()
    page.locator(f"#{prefix}-pad-key-3").click()  # the page answers the next taps
    expect(page.locator("button.pad-die")).to_have_count(1)
