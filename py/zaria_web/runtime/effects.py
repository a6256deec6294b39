"""What an update asks of the page, as values (Elm's commands).

A screen's ``update`` never touches the page: it changes its model and adds
effects to the :class:`Effects` it is handed; the app applies them all in one
place, after saving and drawing (see :meth:`zaria_web.app.App.dispatch`).

Some effects are the app's to carry out (show another screen, change a setting,
fetch a file); the others are *page effects*, :class:`PageEffect` values that the
app hands to the host as they are (:meth:`zaria_web.runtime.host.Host.perform`): each
names the page's operation that applies it (its ``op``) and carries that
operation's arguments as its fields. :data:`PAGE_EFFECTS` lists them by
operation, and the host in a worker turns one into what it sends the page in a
single place (:func:`zaria_web.runtime.relay.encode`): adding a page effect is a class
here (or beside the code that sends it) and its entry in the page's ``OPS``
table (``web/page/operations.js``).

Nor does an update (or a screen's constructor) write the browser's storage: it
may read it, but every write it wants is an effect: a :class:`Write` (a finished
game to count, the statistics to clear, an unreadable value to set aside), which
the app performs right after saving the game in progress (see
:meth:`zaria_web.app.App._write`), a :class:`Setting`, or a :class:`StoreAll`
(an import). An answer a write has (whether the statistics were cleared, whether
the import was stored) comes back as an intent.

Timers are not effects but a function of the model, like Elm's subscriptions:
after every update the app asks the screen which timer it wants
(:class:`Timer`, or None) and starts, keeps or cancels the one running. The
timer's intent comes back through the same update when it fires.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

#: The page effects by the name of their page operation (each class adds itself).
PAGE_EFFECTS: dict[str, type[PageEffect]] = {}


@dataclass(frozen=True)
class PageEffect:
    """An effect the page applies as it is: the operation ``op`` (a class attribute,
    the name of its entry in the page's ``OPS`` table), whose arguments are the
    fields. Defining a subclass registers it in :data:`PAGE_EFFECTS`."""

    op: ClassVar[str]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        op = cls.__dict__.get("op")
        if not isinstance(op, str) or not op:
            raise TypeError(f"page effect {cls.__qualname__} names no page operation (op)")
        known = PAGE_EFFECTS.get(op)
        if known is not None and known.__qualname__ != cls.__qualname__:
            raise TypeError(
                f"page operation {op!r} is both {known.__qualname__} and {cls.__qualname__}"
            )
        PAGE_EFFECTS[op] = cls


@dataclass(frozen=True)
class Render(PageEffect):
    """Replace the screen and the top bar's tools, keeping keyboard focus."""

    op = "render"
    screen: str
    tools: str


@dataclass(frozen=True)
class Document(PageEffect):
    """Set ``<html lang>``, the theme (system, light, dark) and the title."""

    op = "doc"
    lang: str
    theme: str
    title: str


@dataclass(frozen=True)
class Focus(PageEffect):
    """Give the keyboard focus to the first element matching ``selector`` once drawn."""

    op = "focus"
    selector: str


@dataclass(frozen=True)
class Announce(PageEffect):
    """Say ``text`` to screen readers (assertively: at once, interrupting)."""

    op = "announce"
    text: str
    assertive: bool = False


@dataclass(frozen=True)
class Hush(PageEffect):
    """Empty the alert region: what it said (a game's end) is over, and a screen
    reader met there later would read it as news."""

    op = "hush"


@dataclass(frozen=True)
class Setting:
    """Change one of the app's settings, and remember it."""

    key: str
    value: str


@dataclass(frozen=True)
class Language:
    """Speak ``lang`` (one of the app's languages) from now on, and remember it."""

    lang: str


@dataclass(frozen=True)
class Go:
    """Show another screen (``home``, a game, ``stats``, ``rules``)."""

    screen: str


@dataclass(frozen=True)
class Notice:
    """Show the message ``msg_id`` above the screen until dismissed."""

    msg_id: str


@dataclass(frozen=True)
class Download:
    """Fetch ``url``; ``done`` or ``failed`` makes the intent the answer comes back as."""

    url: str
    done: Callable[[bytes], Any] = field(compare=False)
    failed: Callable[[str], Any] = field(compare=False)


@dataclass(frozen=True)
class Draw:
    """Draw the screen after text typed too (which is not redrawn otherwise): the
    form has something new to show beside the field, such as a name's limit reached."""


@dataclass(frozen=True)
class ScrollTop(PageEffect):
    """Scroll the page back to its top (a new game starts there, on a phone too)."""

    op = "top"


@dataclass(frozen=True)
class Vibrate(PageEffect):
    """A short vibration (milliseconds on, off, on…): a roll, a lost turn. The app
    gives it to the device only when the Vibration setting is on; the page, only
    where the device can."""

    op = "vibrate"
    pattern: tuple[int, ...]


@dataclass(frozen=True)
class SaveFile(PageEffect):
    """Offer ``text`` to the player as a downloaded file called ``name`` (an export)."""

    op = "save"
    name: str
    text: str
    mime: str = "application/json"


@dataclass(frozen=True)
class Share(PageEffect):
    """Hand ``text`` and ``link`` to the system's share sheet where the browser has one,
    else copy both to the clipboard; when neither works, select the link's field
    (``#field``), for the player to copy. The page answers with the control
    ``shared`` (``value``: ``shared``, ``copied``, ``failed``)."""

    op = "share"
    title: str
    text: str
    link: str
    field: str


@dataclass(frozen=True)
class ReadFile:
    """Read the file picked in the file field ``#input_id`` (at most ``limit`` bytes);
    ``done`` (its text) or ``failed`` (why: none, large, read) makes the answer's intent."""

    input_id: str
    limit: int
    done: Callable[[str], Any] = field(compare=False)
    failed: Callable[[str], Any] = field(compare=False)


@dataclass(frozen=True)
class StoreAll:
    """Store every one of ``values`` (key → text) or none of them (an import, which
    is all or nothing); ``done`` makes the answer's intent from whether they were."""

    values: dict[str, str] = field(compare=False)
    done: Callable[[bool], Any] = field(compare=False)


class Write:
    """An effect that writes the browser's storage, performed by the app right after
    the update's save (see the module's docs). Those whose values belong to another
    module are defined there (:class:`zaria_web.storage.stats.RecordGame`)."""


class Performed(Write):
    """A write whose own module knows how to make it (:class:`zaria_web.storage.daily.StartDay`):
    the app performs it by calling :meth:`perform` in its loop."""

    def perform(self, host: Any, notify: Callable[[str], None]) -> bool:
        """Write it (``notify`` shows a notice); whether it was stored."""
        raise NotImplementedError


@dataclass(frozen=True)
class SetAside(Write):
    """Move ``raw``, the unreadable value found under ``key``, to ``bad_key``, where
    it is kept for inspection and not met again (unless ``key`` holds another value
    by then)."""

    key: str
    bad_key: str
    raw: str = field(repr=False)


@dataclass(frozen=True)
class ClearStats(Write):
    """Forget the statistics and the finished games kept; ``done`` makes the answer's
    intent from whether they were (False: they could not be read, and are kept)."""

    done: Callable[[bool], Any] = field(compare=False)


#: The sounds a game makes and the celebrations it shows, the least telling first:
#: of those one update asks for, only the most telling is played (a computer's turn
#: played at once rolls, holds and scores in one update). Which of its moments is
#: which is the game's to say (its ``feel`` module), and its words too: a
#: ``streak`` (a turn kept going against the odds), a ``milestone`` (a target
#: reached on the way), a ``jackpot`` (the game's best throw) and a ``win``.
SOUNDS = ("hold", "roll", "score", "bust", "streak", "fanfare", "win")
CELEBRATIONS = ("streak", "milestone", "jackpot", "win")


#: The volume of a soft sound (the computer's moves), as a share of the setting's.
SOFT = 0.5


@dataclass(frozen=True)
class Sound(PageEffect):
    """A short synthesised sound (one of :data:`SOUNDS`): a roll, a hold, a score…

    In an update, ``volume`` is a share of the Sound setting's volume (:data:`SOFT`
    for the computer's moves); the app plays only the most telling sound of the
    update, and none when the setting is off, at the setting's volume times that
    share (0 to 1). The page plays it where it can: never before the player's
    first tap or key, nor while the page is hidden."""

    op = "sound"
    kind: str
    volume: float = 1.0


@dataclass(frozen=True)
class Celebrate(PageEffect):
    """A short celebration over the page (one of :data:`CELEBRATIONS`): a game's best
    throw (its jackpot), hot dice, the upper bonus, a person's win. ``says`` is the
    message id of its word, ``feel.<kind>`` unless the game names its own. An update
    names these; the app shows the most telling celebration of the update, with its
    word (``text``), beside the drawn screen (a redraw does not cut it); none when
    motion is to be reduced."""

    op = "celebrate"
    kind: str
    says: str = ""
    text: str = ""


Effect = (
    Focus
    | Announce
    | Setting
    | Language
    | Go
    | Notice
    | Download
    | ScrollTop
    | Hush
    | Draw
    | Vibrate
    | Sound
    | Celebrate
    | SaveFile
    | Share
    | ReadFile
    | StoreAll
    | Write
)


@dataclass(frozen=True)
class Timer:
    """The timer a screen wants running: ``intent`` comes back after ``ms``.

    Equal timers are one timer: an update that still wants the timer running
    leaves it running (a countdown is not restarted by an unrelated tap).
    """

    ms: int
    intent: Any
    #: Whether answering it takes long (seconds: the computer's tables being built),
    #: so that the page waits that long for its answer before taking Python for gone.
    heavy: bool = False


class Effects:
    """The effects of one update, in the order they were asked for."""

    def __init__(self) -> None:
        self.items: list[Effect] = []

    def focus(self, selector: str) -> None:
        self.items.append(Focus(selector))

    def announce(self, text: str, assertive: bool = False) -> None:
        if text:
            self.items.append(Announce(text, assertive))

    def hush(self) -> None:
        self.items.append(Hush())

    def setting(self, key: str, value: str) -> None:
        self.items.append(Setting(key, value))

    def language(self, lang: str) -> None:
        self.items.append(Language(lang))

    def go(self, screen: str) -> None:
        self.items.append(Go(screen))

    def scroll_top(self) -> None:
        self.items.append(ScrollTop())

    def draw(self) -> None:
        self.items.append(Draw())

    def vibrate(self, *pattern: int) -> None:
        self.items.append(Vibrate(pattern))

    def sound(self, kind: str, soft: bool = False) -> None:
        if kind not in SOUNDS:
            raise ValueError(f"unknown sound {kind!r}; sounds: {', '.join(SOUNDS)}")
        self.items.append(Sound(kind, SOFT if soft else 1.0))

    def celebrate(self, kind: str, says: str = "") -> None:
        if kind not in CELEBRATIONS:
            raise ValueError(f"unknown celebration {kind!r}; kinds: {', '.join(CELEBRATIONS)}")
        self.items.append(Celebrate(kind, says or "feel." + kind))

    def notice(self, msg_id: str) -> None:
        self.items.append(Notice(msg_id))

    def save_file(self, name: str, text: str) -> None:
        self.items.append(SaveFile(name, text))

    def read_file(
        self, input_id: str, limit: int, done: Callable[[str], Any], failed: Callable[[str], Any]
    ) -> None:
        self.items.append(ReadFile(input_id, limit, done, failed))

    def store_all(self, values: dict[str, str], done: Callable[[bool], Any]) -> None:
        self.items.append(StoreAll(values, done))

    def write(self, effect: Write) -> None:
        self.items.append(effect)

    def set_aside(self, key: str, bad_key: str, raw: str) -> None:
        self.items.append(SetAside(key, bad_key, raw))

    def clear_stats(self, done: Callable[[bool], Any]) -> None:
        self.items.append(ClearStats(done))

    def download(
        self, url: str, done: Callable[[bytes], Any], failed: Callable[[str], Any]
    ) -> None:
        self.items.append(Download(url, done, failed))

    def spoken(self) -> list[Announce]:
        """What to say: the announcements of one update as one message (assertive if
        any was), so that a screen reader reads them all rather than the last."""
        said = [e for e in self.items if isinstance(e, Announce)]
        if len(said) < 2:
            return said
        return [Announce(" ".join(a.text for a in said), any(a.assertive for a in said))]
