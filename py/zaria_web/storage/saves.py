"""Games in progress, kept in the browser's storage after every action.

One game in progress per game name, under the key ``zaria.save.<game>``.

**Format 2** (current), a JSON object::

    {"format": 2, "game": "<game>", "state": {...}, "tab": "9f3a0c1d2e4b", "rev": 17}

``state`` is the screen's dict (the engine's ``to_dict()``, which carries its
own ``version``); ``tab`` is the id of the page that wrote it and ``rev``
counts the writes of this game's save, whichever page made them.

**Format 1**, written by earlier builds: ``{"format": 1, "game": ..., "state": ...}``,
without the writer's tab and revision. :func:`migrate` turns it into format 2
(``tab`` empty, ``rev`` 0), so a game saved by an earlier build resumes.

What can go wrong, and what the player sees. Problems found when a game is
opened are for the screen to show (it starts a fresh game anyway): their
notice id is :attr:`Loaded.notice`, or the return value of :meth:`SaveStore.reject`.

- **unreadable, or not a save of this game** → ``save.corrupt``; every save is
  decoded by :func:`zaria_web.storage.stored.decode_json` (size and nesting limits);
- **made by a newer build** (format above :data:`FORMAT`, or a state whose
  engine version is newer: the screen passes ``"save.newer"`` to
  :meth:`SaveStore.reject`) → ``save.newer``;
- **rejected by the screen or the engine** (the screen's checks or its
  ``from_dict`` raised, and the screen called :meth:`SaveStore.reject`) →
  ``save.rejected``.

In all three the save is set aside under ``zaria.badsave.<game>.<n>`` (the
newest :data:`BAD_KEEP` are kept, for inspection) and a fresh game starts.

Problems that arise during play are shown by the app above every screen,
through the ``notify`` callback (the app shows a notice once per screen):

- **Storage that cannot be read** (:class:`~zaria_web.runtime.host.StorageError`) is
  not an empty storage. A game whose save could not be read when it was opened
  is *blocked* (:attr:`SaveStore.blocked`): this page never writes or removes
  its save, so a fresh game cannot replace the one that could not be seen;
  ``save.unavailable`` says that the game is not being saved. Every write is
  preceded by a read of the same key, and a failed read cancels the write.
- **Storage unavailable or full** → ``save.unavailable``; the game goes on
  without saving, and each later action tries again. When storage is full, room
  is made first: the set-aside saves go, then whatever :attr:`SaveStore.make_room`
  gives way, one piece at a time (the app's oldest finished games), until the save
  fits or nothing is left to give.
- **The same game open in two tabs**: before writing, the store checks that
  the stored save is the one this tab last read or wrote; a ``storage`` event
  from the other tab triggers the same check at once (:meth:`SaveStore.changed`).
  If another tab wrote (or ended) the game since, this tab stops writing that
  game (it is in :attr:`SaveStore.conflicts`; notice ``save.other_tab``) and
  the app offers to continue it here (:meth:`SaveStore.take_over`), which
  reloads the other tab's latest save. Without this, two tabs would overwrite
  each other's turns in turn.
"""

from __future__ import annotations

import itertools
import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from zaria_web.runtime.effects import Write
from zaria_web.runtime.host import Host, StorageError
from zaria_web.storage.stored import Unreadable, decode_json

FORMAT = 2
PREFIX = "zaria.save."
BAD_PREFIX = "zaria.badsave."
#: How many set-aside saves are kept per game.
BAD_KEEP = 3


class SaveFormatError(ValueError):
    """A stored save that cannot be read; ``notice`` is the message id to show."""

    def __init__(self, notice: str, message: str) -> None:
        super().__init__(message)
        self.notice = notice


@dataclass
class Loaded:
    """What :meth:`SaveStore.load` found: a state to resume, and/or a notice id; why
    the save found was refused, when it was (the caller asks for it to be set aside:
    :class:`RejectSave`)."""

    state: dict[str, Any] | None
    notice: str | None = None
    refused: str | None = None


@dataclass(frozen=True)
class Writer:
    """Who wrote a save: the page's tab id and the save's revision."""

    tab: str
    rev: int


def _from_1(data: dict[str, Any]) -> dict[str, Any]:
    """Format 1 → 2: add the writer fields (unknown writer, revision 0)."""
    return {**data, "format": 2, "tab": "", "rev": 0}


#: ``MIGRATIONS[n]`` turns a format-``n`` save into format ``n + 1``.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _from_1}


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Bring a decoded save of any known format up to :data:`FORMAT`.

    >>> migrate({"format": 1, "game": "penta", "state": {"version": 1}})
    {'format': 2, 'game': 'penta', 'state': {'version': 1}, 'tab': '', 'rev': 0}
    >>> migrate({"format": 3, "game": "penta", "state": {}})
    Traceback (most recent call last):
    ...
    zaria_web.storage.saves.SaveFormatError: save format 3 is newer than this app's (2)
    """
    fmt = data.get("format")
    if not isinstance(fmt, int) or isinstance(fmt, bool) or fmt < 1:
        raise SaveFormatError("save.corrupt", f"unknown save format {fmt!r}")
    if fmt > FORMAT:
        raise SaveFormatError(
            "save.newer", f"save format {fmt} is newer than this app's ({FORMAT})"
        )
    while fmt < FORMAT:
        data = MIGRATIONS[fmt](data)
        fmt = data["format"]
    return data


def decode(raw: str, game: str) -> tuple[dict[str, Any], Writer]:
    """The state and writer of a stored save of ``game``; raises :class:`SaveFormatError`.

    >>> decode('{"format": 2, "game": "farkle", "state": {}, "tab": "a", "rev": 3}', "farkle")
    ({}, Writer(tab='a', rev=3))
    >>> decode('{"format": 2, "game": "penta"', "penta")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    zaria_web.storage.saves.SaveFormatError: not JSON: Expecting ',' delimiter: line 1 ...
    """
    try:
        data = decode_json(raw)
    except Unreadable as exc:
        raise SaveFormatError("save.corrupt", str(exc)) from exc
    if not isinstance(data, dict):
        raise SaveFormatError("save.corrupt", "not a JSON object")
    data = migrate(data)
    state, tab, rev = data.get("state"), data.get("tab"), data.get("rev")
    if data.get("game") != game:
        raise SaveFormatError("save.corrupt", f"a save of {data.get('game')!r}, not {game!r}")
    if not isinstance(state, dict):
        raise SaveFormatError("save.corrupt", "the state is not an object")
    if not isinstance(tab, str) or not isinstance(rev, int) or isinstance(rev, bool) or rev < 0:
        raise SaveFormatError("save.corrupt", "bad writer fields")
    return state, Writer(tab, rev)


def encode(game: str, state: dict[str, Any], writer: Writer) -> str:
    """A format-2 save as stored.

    >>> encode("penta", {"version": 1}, Writer("t1", 4))
    '{"format": 2, "game": "penta", "state": {"version": 1}, "tab": "t1", "rev": 4}'
    """
    return json.dumps(
        {"format": FORMAT, "game": game, "state": state, "tab": writer.tab, "rev": writer.rev},
        separators=(", ", ": "),
    )


@dataclass(frozen=True)
class RejectSave(Write):
    """Set aside the save of ``game``, refused when it was loaded (``reason``), so
    that a new game starts afresh (:meth:`SaveStore.reject`)."""

    game: str
    reason: str


@dataclass(frozen=True)
class ForgetSave(Write):
    """Remove the save of ``game``: the game it holds is over (:meth:`SaveStore.clear`)."""

    game: str


class SaveStore:
    """Save, load and clear the game in progress of each game, for one page (tab).

    ``notify(msg_id)`` shows a notice; ``tab`` identifies this page (random by
    default: a reload is a new tab that resumes where the last one stopped).
    """

    def __init__(
        self,
        host: Host,
        notify: Callable[[str], None] | None = None,
        tab: str | None = None,
    ) -> None:
        self.host = host
        self.notify = notify
        self.tab = tab or os.urandom(6).hex()  # os is loaded already; secrets would load hashlib
        #: False after storage refused a write or a read (until a write succeeds again).
        self.working = True
        #: Games another tab has written since this tab last did: not written here.
        self.conflicts: set[str] = set()
        #: Games whose save could not be read when opened: never written or removed here.
        self.blocked: set[str] = set()
        #: Frees some storage for a save that does not fit (the app's oldest finished
        #: game); whether it freed anything. Called again while the save still does not fit.
        self.make_room: Callable[[], bool] = lambda: False
        # The writer of each game's save as this tab last read or wrote it
        # (None: known to be absent). Games never loaded or saved are not checked.
        self._seen: dict[str, Writer | None] = {}

    # -- notices ----------------------------------------------------------------
    def tell(self, msg_id: str) -> None:
        """Show the notice ``msg_id`` (storage problems of any kind go through here)."""
        if self.notify is not None:
            self.notify(msg_id)

    def problem(self, game: str) -> str | None:
        """The notice to show on ``game``'s screen when it is not being saved."""
        if game in self.blocked or not self.working:
            return "save.unavailable"
        return None

    def _unavailable(self) -> None:
        self.working = False
        self.tell("save.unavailable")

    # -- reading -----------------------------------------------------------------
    def _current(self, game: str) -> tuple[str | None, Writer | None]:
        """The raw stored save and its writer (None when absent or unreadable).

        Raises :class:`StorageError` when storage cannot be read.
        """
        raw = self.host.storage_get(PREFIX + game)
        if raw is None:
            return None, None
        try:
            return raw, decode(raw, game)[1]
        except SaveFormatError:
            return raw, None

    def forget_write(self, game: str) -> None:
        """The last write of ``game`` did not happen after all (storage refused it):
        what storage holds is this tab's last look again."""
        try:
            self._seen[game] = self._current(game)[1]
        except StorageError:
            self._seen.pop(game, None)

    def _moved_on(self, game: str) -> bool:
        """Whether another tab wrote or removed ``game``'s save since this tab's last look.

        Raises :class:`StorageError` when storage cannot be read.
        """
        if game not in self._seen:
            return False
        raw, writer = self._current(game)
        if raw is not None and writer is None:
            return False  # unreadable: nobody's game, overwriting it loses nothing
        seen = self._seen[game]
        if writer == seen:
            return False
        return writer is None or writer.tab != self.tab

    def load(self, game: str) -> Loaded:
        """The saved state of ``game``, if there is a readable one.

        A bad save is reported by notice id, with why it was refused (it is to be set
        aside: see the module's docs); nothing is written. Loading also ends a
        conflict: this tab now holds the latest save. When storage cannot be read
        the game is blocked (see :attr:`blocked`).
        """
        self.conflicts.discard(game)
        try:
            raw = self.host.storage_get(PREFIX + game)
        except StorageError:
            self.blocked.add(game)
            self._unavailable()
            return Loaded(None)
        self.blocked.discard(game)
        if raw is None:
            self._seen[game] = None
            return Loaded(None)
        try:
            state, writer = decode(raw, game)
        except SaveFormatError as exc:
            return Loaded(None, exc.notice, str(exc))
        self._seen[game] = writer
        return Loaded(state)

    def has(self, game: str) -> bool:
        """Whether a game in progress is saved (False, with a notice, when storage
        cannot be read)."""
        try:
            return self.host.storage_get(PREFIX + game) is not None
        except StorageError:
            self.tell("save.unavailable")
            return False

    # -- writing -----------------------------------------------------------------
    def save(self, game: str, state: dict[str, Any]) -> bool:
        """Store ``state`` after an action; False when it was not stored.

        It is not stored while another tab holds the game (see :attr:`conflicts`),
        while the game is blocked, when the stored save cannot be read first, or
        when storage refuses (notice ``save.unavailable``).
        """
        if game in self.conflicts:
            return False
        if game in self.blocked:
            self._unavailable()
            return False
        try:
            if self._moved_on(game):
                self._conflict(game)
                return False
            _, current = self._current(game)
        except StorageError:
            self._unavailable()
            return False
        seen = self._seen.get(game)
        rev = max(current.rev if current else 0, seen.rev if seen else 0) + 1
        writer = Writer(self.tab, rev)
        payload = encode(game, state, writer)
        stored = self.host.storage_set(PREFIX + game, payload)
        if not stored and self._free_space():
            stored = self.host.storage_set(PREFIX + game, payload)
        while not stored and self.make_room():
            stored = self.host.storage_set(PREFIX + game, payload)
        if not stored:
            self._unavailable()
            return False
        self.working = True
        self._seen[game] = writer
        return True

    def clear(self, game: str) -> None:
        """Forget the saved game (it ended, or a new one starts).

        A save another tab wrote since this tab's last look is left alone, and so
        is one that cannot be read.
        """
        if game in self.conflicts or game in self.blocked:
            return
        try:
            if self._moved_on(game) or self.host.storage_get(PREFIX + game) is None:
                self._seen[game] = None
                return
        except StorageError:
            self._unavailable()
            return
        self.host.storage_remove(PREFIX + game)
        self._seen[game] = None

    def reject(self, game: str, reason: str, notice: str = "save.rejected") -> str:
        """The loaded state was refused (``reason``): set it aside, start afresh.

        Returns the notice id for the screen to show: ``notice``, which is
        ``save.rejected`` unless the screen found the state to be newer
        (``save.newer``).
        """
        try:
            raw = self.host.storage_get(PREFIX + game)
        except StorageError:
            self.blocked.add(game)  # it stays where it is, unseen: nothing replaces it
            self._unavailable()
            return notice
        if raw is not None:
            self._set_aside(game, raw, reason)
        self._seen[game] = None
        return notice

    def _set_aside(self, game: str, raw: str, reason: str) -> None:
        """Move a bad save to ``zaria.badsave.<game>.<n>``, keeping the newest few.

        When a slot cannot be read, nothing is moved (a slot unseen is not
        written over); the bad save then stays, and a new game replaces it.
        """
        keys = [f"{BAD_PREFIX}{game}.{n}" for n in range(1, BAD_KEEP + 1)]
        try:
            slots = {k: self.host.storage_get(k) for k in keys}
        except StorageError:
            return
        free = next((k for k in keys if slots[k] is None), None)
        if free is None:  # all taken: drop the oldest, shift the rest down
            for older, newer in itertools.pairwise(keys):
                value = slots[newer]
                if value is not None:
                    self.host.storage_set(older, value)
            free = keys[-1]
        self.host.storage_set(free, json.dumps({"reason": reason, "raw": raw}))
        self.host.storage_remove(PREFIX + game)

    def _free_space(self) -> bool:
        """Drop set-aside saves to make room; whether there were any."""
        freed = False
        for game in list(self._seen):
            for n in range(1, BAD_KEEP + 1):
                key = f"{BAD_PREFIX}{game}.{n}"
                try:
                    if self.host.storage_get(key) is None:
                        continue
                except StorageError:
                    continue
                self.host.storage_remove(key)
                freed = True
        return freed

    # -- two tabs ------------------------------------------------------------------
    def _conflict(self, game: str) -> None:
        if game not in self.conflicts:
            self.conflicts.add(game)
            self.tell("save.other_tab")

    def changed(self, key: str | None) -> str | None:
        """Storage changed in another tab (``key``; None when it was cleared).

        Returns the game now held by the other tab, if this tab has it open.
        """
        if key is not None and not key.startswith(PREFIX):
            return None
        games = list(self._seen) if key is None else [key.removeprefix(PREFIX)]
        for game in games:
            try:
                moved_on = game not in self.conflicts and self._moved_on(game)
            except StorageError:
                continue  # looked at again at the next write
            if moved_on:
                self._conflict(game)
                return game
        return None

    def take_over(self, game: str) -> None:
        """Continue ``game`` in this tab: the next :meth:`load` reads the other tab's save."""
        self.conflicts.discard(game)
        self._seen.pop(game, None)
