"""Export and import of the statistics and the finished games, on the statistics screen.

Export saves a JSON file (``zaria-stats-YYYY-MM-DD.json``)::

    {"app": "zaria", "format": 2, "date": "<ISO>", "stats": <zaria.stats2>, "games": <zaria.games>}

Format 2 of the file holds the statistics in their format 2
(:mod:`zaria_web.storage.stats`); a file of format 1, exported by the earlier
version, holds them in format 1, and is imported through the statistics'
migration (the file's format and its statistics' are each read, whichever they
are). The earlier version refuses a file of format 2 as newer, and changes nothing.

Import reads a picked file through the guarded decoders
(:func:`zaria_web.storage.stored.decode_json`, :func:`zaria_web.storage.stats.parse`,
:func:`zaria_web.storage.archive.parse_value`): a file too large, not JSON, not ours, of a
newer format (the file's, or its statistics'), or with malformed statistics or
games gets its own message and
changes nothing. A good file is described in a confirmation first; only then
does it replace both.

What an export or an import comes to is said where the player is: in a message
just over the Export and Import buttons (which the control describes, see
:meth:`Transfer.view`), and through the page's live region; the keyboard focus
stays on the control. The question before replacing takes the buttons' place.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from zaria.i18n import Translator
from zaria_web.acts import Intent, Maker, table
from zaria_web.runtime.effects import Effects
from zaria_web.screen import Context, Enter, StorageChanged
from zaria_web.storage import archive, stats, stored
from zaria_web.storage.counted import Counted
from zaria_web.storage.stored import Newer, Status, Unreadable
from zaria_web.ui.html import Markup, el
from zaria_web.ui.widgets import button

APP = "zaria"
FORMAT = 2
#: The largest file imported, in bytes.
MAX_BYTES = 4_000_000
#: The file field that picks the file to import.
FIELD = "stats-import-file"


@dataclass(frozen=True)
class Export(Intent, acts="stats-export"):
    """Save the statistics and the finished games as a file."""


@dataclass(frozen=True)
class Picked(Intent, acts="stats-import"):
    """A file was picked to import: read it."""


@dataclass(frozen=True)
class FileText:
    """The picked file's text."""

    text: str


@dataclass(frozen=True)
class FileFailed:
    """The picked file could not be read (none, large, read)."""

    reason: str


@dataclass(frozen=True)
class ReplaceYes(Intent, acts="stats-import-yes"):
    """Yes, replace them with the file's."""


@dataclass(frozen=True)
class Replaced:
    """Storage took the file's statistics and games (``done``), or refused them and
    holds what it held."""

    done: bool


@dataclass(frozen=True)
class ReplaceNo(Intent, acts="stats-import-no"):
    """No, keep them."""


#: The controls of export and import, by ``data-act``: the intent each reports.
ACTS: dict[str, Maker] = table(Export, Picked, ReplaceYes, ReplaceNo)


class BadImport(Exception):
    """A file that is not imported; ``msg_id`` says why."""

    def __init__(self, msg_id: str) -> None:
        super().__init__(msg_id)
        self.msg_id = msg_id


@dataclass(frozen=True)
class Imported:
    """A file's statistics and games, read and checked."""

    summaries: dict[Counted, stats.Summary]
    games: list[archive.Entry]
    #: What the file's statistics hold that this version keeps as it is (:func:`stats.split`).
    kept: dict[str, Any]


def export_text(
    summaries: dict[Counted, stats.Summary],
    games: list[archive.Entry],
    date: str,
    kept: dict[str, Any],
) -> str:
    """The exported file's text (``kept``: what the statistics hold that this version
    keeps as it is, exported with them)."""
    data = {
        "app": APP,
        "format": FORMAT,
        "date": date,
        "stats": stats.value(summaries, kept),
        "games": json.loads(archive.encode(games)),
    }
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def parse_file(text: str) -> Imported:
    """The statistics and games of an exported file; raises :class:`BadImport`."""
    try:
        data = stored.decode_json(text, limit=MAX_BYTES)
    except Unreadable as exc:
        raise BadImport("import.not_json") from exc
    if not isinstance(data, dict) or data.get("app") != APP:
        raise BadImport("import.not_ours")
    version = data.get("format")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise BadImport("import.not_ours")
    if version > FORMAT:
        raise BadImport("import.newer")
    try:
        summaries, kept = stats.parse_value(data.get("stats"))
    except Newer as exc:
        raise BadImport("import.newer") from exc
    except Unreadable as exc:
        raise BadImport("import.bad_stats") from exc
    try:
        games = archive.parse_value(data.get("games"))
    except Unreadable as exc:
        raise BadImport("import.bad_games") from exc
    return Imported(summaries, games, kept)


def import_values(host: Any, imported: Imported) -> dict[str, str] | None:
    """What an import stores, key by key (written all or nothing); None when the
    statistics or the games kept cannot be read (nothing unseen is written over, nor
    statistics of a later format: :class:`~zaria_web.storage.stored.Newer`)."""
    if not (stored.readable(host, stats.KEY) and stored.readable(host, archive.KEY)):
        return None
    if stored.read(host, stats.KEY, stats.parse).status is Status.FAILED:
        return None
    return {
        stats.KEY: json.dumps(stats.value(imported.summaries, imported.kept), sort_keys=True),
        archive.KEY: archive.encode(archive.bounded(imported.games)),
    }


@dataclass(frozen=True)
class Said:
    """What the last export or import came to, shown by its buttons: the message
    ``msg_id``, and whether it is a refusal or failure (``trouble``)."""

    msg_id: str
    trouble: bool = False

    @property
    def control(self) -> str:
        """The id of the control whose result it is (the message describes it)."""
        return "stats-export" if self.msg_id.startswith("export.") else FIELD


#: The element showing :class:`Said`.
SAID = "stats-transfer-said"


@dataclass(init=False)
class Transfer:
    """The export and import part of the statistics screen: its model and update
    (the screen's context is handed in: the model holds only values). What it shows
    is read when the screen is shown (:class:`~zaria_web.screen.Enter`)."""

    #: The finished games kept, as last read.
    games: list[archive.Entry]
    #: A file read and checked, waiting for the player's confirmation.
    waiting: Imported | None
    #: What the last export or import came to, until the next one or another visit.
    said: Said | None
    #: Whether :attr:`said` was said by the update just made (drawn afresh, so that
    #: it catches the eye again when the same message comes twice).
    fresh: bool

    def __init__(self) -> None:
        self.games, self.waiting, self.said, self.fresh = [], None, None, False

    def read(self, ctx: Context, out: Effects) -> None:
        """Read the finished games kept (an unreadable value is set aside by the app)."""
        self.games = archive.look(ctx.host, out).value or []

    def close(self) -> None:
        """Drop the question and the last message (another question is asked, or
        what they spoke of is gone)."""
        self.waiting, self.said = None, None

    def update(self, ctx: Context, intent: Any, out: Effects) -> bool:
        """Handle ``intent`` if it is the transfer's; whether the statistics changed."""
        self.fresh = False
        if isinstance(intent, Enter | StorageChanged):
            self.read(ctx, out)
            if isinstance(intent, Enter):
                self.close()
        elif isinstance(intent, Export):
            self._export(ctx, out)
        elif isinstance(intent, Picked):
            self.said = None
            out.read_file(FIELD, MAX_BYTES, FileText, FileFailed)
        elif isinstance(intent, FileFailed):
            if intent.reason != "none":  # none: the picker was closed without a file
                large = intent.reason == "large"
                self._refuse(ctx, "import.too_large" if large else "import.unreadable", out)
        elif isinstance(intent, FileText):
            self._check(ctx, intent.text, out)
        elif isinstance(intent, ReplaceNo):
            self.waiting = None
            out.focus(f"#{FIELD}")
        elif isinstance(intent, ReplaceYes) and self.waiting is not None:
            self._replace(ctx, out)
        elif isinstance(intent, Replaced):
            return self._replaced(ctx, intent.done, out)
        return False

    def _export(self, ctx: Context, out: Effects) -> None:
        found = stats.look(ctx.host, out)
        if found.status is Status.FAILED:
            return  # statistics nobody can see are not exported as empty ones
        summaries = found.value or stats.empty()
        self.read(ctx, out)
        date = ctx.host.now_iso()
        text = export_text(summaries, self.games, date, stats.kept(found.raw))
        out.save_file(f"zaria-stats-{date[:10]}.json", text)
        self._say(ctx, Said("export.done"), out)

    def _say(self, ctx: Context, said: Said, out: Effects) -> None:
        """Show ``said`` by the buttons and say it, the focus on its control.

        It is said once, through the page's live region (which says a repeat
        again); the message itself has no live role, or it would be said twice."""
        self.said, self.fresh = said, True
        out.announce(ctx.tr(said.msg_id))
        out.focus(f"#{said.control}")

    def _refuse(self, ctx: Context, msg_id: str, out: Effects) -> None:
        self.waiting = None
        self._say(ctx, Said(msg_id, trouble=True), out)

    def _check(self, ctx: Context, text: str, out: Effects) -> None:
        try:
            self.waiting = parse_file(text)
        except BadImport as exc:
            self._refuse(ctx, exc.msg_id, out)
            return
        self.said = None  # the question takes the buttons' place
        out.focus("#stats-import-no")

    def _replace(self, ctx: Context, out: Effects) -> None:
        imported, self.waiting = self.waiting, None
        assert imported is not None
        values = import_values(ctx.host, imported)
        if values is None:
            self._replaced(ctx, False, out)
        else:
            out.store_all(values, Replaced)

    def _replaced(self, ctx: Context, done: bool, out: Effects) -> bool:
        """Say how the import went, by the Import button."""
        self.read(ctx, out)
        self._say(ctx, Said("import.done") if done else Said("import.failed", True), out)
        return done

    # -- drawing ---------------------------------------------------------------
    def view(self, tr: Translator, counted: int) -> Markup:
        """The Export and Import controls and what the last one came to, or the
        question before replacing (``counted``: the games the statistics count now)."""
        if self.waiting is not None:
            return self._question(tr, self.waiting, counted)
        said = self.said
        described = {said.control: SAID} if said is not None else {}
        export = button(
            tr("export.button"), "stats-export", "stats-export",
            aria_describedby=described.get("stats-export"),
        )  # fmt: skip
        # The file field is the button's label: Tab reaches it, Enter or Space opens it.
        field = el(
            "input", type="file", id=FIELD, class_="file-input", data_act="stats-import",
            accept="application/json,.json", aria_describedby=described.get(FIELD),
        )  # fmt: skip
        picker = el(
            "label", field, tr("import.button"), class_="btn file-btn", id="stats-import-btn"
        )
        return el(
            "section",
            el("h2", tr("transfer.title"), id="transfer-title", class_="sr-only"),
            self._said(tr),
            el("div", export, picker, class_="btn-row"),
            class_="stats-transfer",
            aria_labelledby="transfer-title",
        )

    def _said(self, tr: Translator) -> Markup:
        """The line over the buttons: what the last export or import came to, else
        what they do. Over them rather than under, since the buttons sit near the
        end of the page, so low in the window that a line under them could fall
        below it; and in the note's place, so that they hardly move."""
        if self.said is None:
            return el("p", tr("transfer.note"), class_="stats-note")
        return el(
            "p",
            tr(self.said.msg_id),
            id=SAID,
            class_="notice transfer-said " + ("trouble" if self.said.trouble else "done"),
            data_notice=self.said.msg_id,
            data_fresh=self.fresh,
        )

    def _question(self, tr: Translator, waiting: Imported, counted: int) -> Markup:
        question = tr(
            "import.confirm",
            counted=counted,
            kept=len(self.games),
            file_counted=sum(s.games for s in waiting.summaries.values()),
            file_kept=len(waiting.games),
        )
        no = button(tr("import.no"), "stats-import-no", "stats-import-no")
        yes = button(tr("import.yes"), "stats-import-yes", "stats-import-yes", "btn primary")
        return el(
            "div",
            el("p", question, id="import-q"),
            el("div", no, yes, class_="btn-row"),
            class_="panel stats-confirm",
            role="group",
            aria_labelledby="import-q",
        )
