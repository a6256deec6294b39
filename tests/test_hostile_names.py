"""Players named like markup show as text everywhere a name appears: the new game
form, the table, the hand-over card, the log, the end screen, the statistics and
the finished games kept."""

from __future__ import annotations

from html.parser import HTMLParser

from fake_host import PENTA_TABLE, FakeHost, screen
from zaria_web.app import App
from zaria_web.penta.screen import TABLE_URL
from zaria_web.play.screen import HANDOVER_PAUSE_MS
from zaria_web.storage import archive

#: Two names as hostile as the name field's length allows.
HOSTILE = ("<img src=x onerror=f()>", '"><script>f()</script>')


class Scan(HTMLParser):
    """The tags, attributes and text of a page."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: set[str] = set()
        self.attrs: list[tuple[str, str]] = []
        self.text: list[str] = []
        self.feed(html)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        self.attrs += [(k, v or "") for k, v in attrs]

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def shows_as_text(html: str, *, in_fields: bool = False) -> None:
    """No name turned into markup, and each name is there as it was typed (in the
    text, or in the form's fields)."""
    scan = Scan(html)
    assert not scan.tags & {"img", "script"}, html
    assert not any(name.startswith("on") for name, _ in scan.attrs), html
    text = "".join(scan.text)
    values = [v for k, v in scan.attrs if k == "value"]
    for name in HOSTILE:
        assert name in values if in_fields else name in text, (name, html)


def start(host: FakeHost) -> App:
    """Both hostile names at a new Penta game, without the computer, random dice."""
    host.files[TABLE_URL] = PENTA_TABLE
    app = App(host, {})
    app.action("open", {"game": "penta"})
    app.action("seat-name", {"index": "0", "value": HOSTILE[0], "event": "input"})
    app.action("seat-add", {})
    app.action("seat-name", {"index": "1", "value": HOSTILE[1], "event": "input"})
    app.action("seat-computer", {"value": "off"})
    return app


def play_turn(app: App, host: FakeHost) -> None:
    """One turn: the hand-over card (checked) if it is up, a roll and the first box open."""
    s = screen(app)
    if s.handover is not None:
        assert "handover-card" in host.screen_html
        shows_as_text(host.screen_html)
        host.advance(HANDOVER_PAUSE_MS)
        app.action("take-device", {})
    app.action("roll", {})
    assert s.game is not None
    box = sorted(s.game.options(), key=lambda b: b.value)[0]
    app.action("box", {"box": box.value})
    app.action("validate", {})


def test_hostile_names_show_as_text_from_the_form_to_the_archive() -> None:
    host = FakeHost()
    app = start(host)
    shows_as_text(host.screen_html, in_fields=True)  # the new game form
    app.action("start", {})
    shows_as_text(host.screen_html)  # the table (the sheet's heads, the turn)
    handovers = 0
    while screen(app).phase == "play":
        handovers += screen(app).handover is not None
        play_turn(app, host)
        if screen(app).phase == "play":
            shows_as_text(host.screen_html)  # the table and the last turn's log
    assert handovers > 0  # the card was drawn, and checked
    shows_as_text(host.screen_html)  # the end screen: title, ranking, sheets, review
    app.action("log", {})
    assert 'class="log-round"' in host.screen_html
    shows_as_text(host.screen_html)  # every turn in the log, unfolded
    app.action("open", {"game": "stats"})
    assert "past-players" in host.screen_html and "players-table" in host.screen_html
    shows_as_text(host.screen_html)  # the figures, the players' table, the games kept
    (entry,) = archive.load(host)
    app.action("open-game", {"id": entry.id})
    shows_as_text(host.screen_html)  # the game kept, its end screen again


def test_hostile_names_show_as_text_on_farkle_s_table() -> None:
    host = FakeHost()
    app = App(host, {"dice": "155555,2"})
    app.action("open", {"game": "farkle"})
    app.action("seat-name", {"index": "0", "value": HOSTILE[0], "event": "input"})
    app.action("seat-add", {})
    app.action("seat-name", {"index": "1", "value": HOSTILE[1], "event": "input"})
    app.action("seat-computer", {"value": "off", "event": "change"})
    shows_as_text(host.screen_html, in_fields=True)
    app.action("start", {})
    shows_as_text(host.screen_html)  # the players, the turn's heading
    app.action("roll", {})
    app.action("toggle", {"pos": "1"})
    app.action("bank", {})
    assert screen(app).handover is not None
    shows_as_text(host.screen_html)  # the hand-over card and its banked line
