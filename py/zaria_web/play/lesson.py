"""A lesson: a game played on scripted dice, one step at a time, each step saying
what to do and showing the control to use.

A lesson is a mode of the game screen (``<game>-lesson``): the screen plays the
game as ever, with the game's own part and views, and the :class:`Lesson` stands
between the player and it. It lets through only the move the current
:class:`Step` expects, and answers any other move with a sentence saying what to
do instead; the step's sentence is shown in a bubble above the table and said
through the polite live region, and the control to use is marked
(``data-lesson-target``, outlined by the stylesheet).

Nothing here names a game: each game brings its :class:`Script` (its steps, its
seats, how a new game is made, which intents are moves) through its spec. The
dice come from the script (every roll of a step is written in it), never from
chance; a lesson is neither saved nor counted.

>>> script = Script(
...     new_game=lambda s, seats: None,
...     steps=(Step("a"), Step("b"), Step("c")),
...     moves=lambda intent: False,
... )
>>> lesson = Lesson(script, "sevens")
>>> lesson.step.say, lesson.count
('a', 3)
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from zaria.game import Seat
from zaria_web.acts import Intent, Maker, table
from zaria_web.play.dice import Dice, DiceSource
from zaria_web.play.intents import KeyHold, NewGame, Play, Start, TakeBack
from zaria_web.play.modes import Mode
from zaria_web.play.seats import computer_name
from zaria_web.runtime.effects import Effects
from zaria_web.screen import Context, Enter
from zaria_web.ui.html import Markup, el
from zaria_web.ui.widgets import Note


class Table(Protocol):
    """What the lesson reads and changes of the game's screen
    (:class:`~zaria_web.play.screen.GameScreen`)."""

    ctx: Context
    phase: str
    note: Note | None
    rolled: frozenset[int]
    handover: int | None
    #: The game being played (the engine's), None before one starts.
    game: Any

    @property
    def spec(self) -> Any: ...

    @property
    def part(self) -> Any: ...

    def start(self, out: Effects) -> None: ...

    def shared_update(self, intent: Any, out: Effects) -> None: ...


#: A predicate on the screen (its game, its part's model) and, for a move, the intent.
Accepts = Callable[[Any, Any], bool]
Until = Callable[[Any], bool]

#: The suffix of a lesson's screen name (``penta-lesson``).
SUFFIX = "-lesson"
#: The setting that remembers, for each game, that its lesson was finished or its
#: offer dismissed: ``<game>-lesson`` is ``offer`` until then, ``done`` after.
OFFER, DONE = "offer", "done"


def setting_key(game: str) -> str:
    """The setting of ``game``'s lesson offer.

    >>> setting_key("farkle")
    'farkle-lesson'
    """
    return game + SUFFIX


@dataclass(frozen=True)
class Step:
    """One step of a lesson.

    ``say`` is the message id of its sentence; ``targets`` the ids of the elements
    it marks (the control to use). A step is one of three kinds:

    - a move (``accepts`` given): the only moves let through are those
      ``accepts(screen, intent)`` takes; any other is answered with ``wrong``
      (a message id). The step is over when ``until(screen)`` holds after a move let
      through (by default: once the move changed the game);
    - a wait (``wait``): the computer plays; the step is over when ``until`` holds,
      and any move meanwhile is answered with ``wrong``;
    - a sentence to read (neither): the Next button goes on.

    ``dice`` are the rolls the step brings, in order (each a tuple of faces, as many
    as the roll has dice); ``setup`` are engine actions (rolls with their faces)
    played silently when the step begins, so that a later stage of a game (the
    upper bonus, the last round) is reached without playing every turn before it.
    """

    say: str
    targets: tuple[str, ...] = ()
    accepts: Accepts | None = None
    wrong: str = ""
    until: Until | None = None
    dice: tuple[tuple[int, ...], ...] = ()
    setup: tuple[Any, ...] = ()
    wait: bool = False

    @property
    def kind(self) -> str:
        """``move``, ``wait`` or ``read``."""
        return "wait" if self.wait else "read" if self.accepts is None else "move"


@dataclass(frozen=True)
class Script:
    """A game's lesson: whether the computer plays beside the learner (at
    ``level``), how its game is made for those seats (by the game's part of the
    screen, which resets its own model), its steps, and which
    intents are the player's moves (the lesson judges those; the others, such as
    opening the scoring card or the log, always go through). A move is seen to
    have played when the game's dict changed: choosing a box before Validate,
    which changes no rule of the game, leaves its step where it is."""

    new_game: Callable[[Any, list[Seat]], Any]
    steps: tuple[Step, ...]
    moves: Callable[[Any], bool]
    computer: bool = False
    level: str = ""


class ScriptError(RuntimeError):
    """The game asked for a roll the lesson's script does not have (a script that
    does not match its own steps): a lesson never falls back on chance."""


class ScriptedRolls:
    """The lesson's dice: the rolls of the steps begun so far, in order.

    >>> rolls = ScriptedRolls()
    >>> rolls.add(((1, 2), (3,)))
    >>> rolls.roll(2), rolls.roll(1)
    ((1, 2), (3,))
    >>> rolls.roll(1)
    Traceback (most recent call last):
    ...
    zaria_web.play.lesson.ScriptError: the lesson's script has no roll of 1 dice left
    """

    def __init__(self) -> None:
        self.queue: deque[tuple[int, ...]] = deque()

    def add(self, rolls: Sequence[tuple[int, ...]]) -> None:
        self.queue.extend(rolls)

    def roll(self, n: int) -> tuple[int, ...]:
        if not self.queue:
            raise ScriptError(f"the lesson's script has no roll of {n} dice left")
        if len(self.queue[0]) != n:
            raise ScriptError(f"the lesson's next roll is {self.queue[0]}, not of {n} dice")
        return self.queue.popleft()


@dataclass(frozen=True)
class NextStep(Intent, acts="lesson-next"):
    """The bubble's Next (or, at the end, Done) button."""


@dataclass(frozen=True)
class LeaveLesson(Intent, acts="lesson-leave"):
    """The bubble's Leave button, or Escape: back to the game's form."""


#: The lesson's controls, by ``data-act``.
ACTS: dict[str, Maker] = table(NextStep, LeaveLesson)
#: The shared intents that are moves in a game (the game's own are its script's).
MOVES = (Play, KeyHold, TakeBack, NewGame)


def _state(s: Table) -> Any:
    return None if s.game is None else s.game.to_dict()


class Lesson(Mode):
    """The lesson's mode of the game screen (see the module's text): ``game`` is the
    game's name (its form's screen, and its setting)."""

    suffix = SUFFIX
    saves = False
    counted = False
    offers_again = False
    computer_seats = False
    timed = False
    own_play = True  # no coach: the bubble says what to do
    offers_lesson = False

    def __init__(self, script: Script, game: str) -> None:
        self.script = script
        self.game = game
        self.index = 0
        #: The sentence answering the last move refused (its message id, so that it
        #: follows a change of language), until the next move.
        self.wrong: str | None = None
        self.rolls = ScriptedRolls()
        #: Whether the last step was reached and its Done pressed (or left).
        self.over = False

    # -- the model ----------------------------------------------------------------
    @property
    def step(self) -> Step:
        return self.script.steps[self.index]

    @property
    def count(self) -> int:
        return len(self.script.steps)

    @property
    def last(self) -> bool:
        return self.index == self.count - 1

    # -- the screen's hooks -----------------------------------------------------------
    def dice(self, s: Table) -> Dice:
        """The game's dice: the script's rolls, never chance."""
        return Dice({}, DiceSource(self.rolls, reproducible=True))

    def acts(self) -> Mapping[str, Maker]:
        return ACTS

    def keys(self, s: Table) -> dict[str, Any]:
        return {"Escape": LeaveLesson()}

    def new_game(self, s: Table, seats: list[Seat], out: Effects) -> Any:
        """The learner (the form's first name), and the computer if the script has it."""
        seated = seats[:1]
        if self.script.computer:
            seated.append(Seat(computer_name(s.ctx.tr), computer=True, level=self.script.level))
        return self.script.new_game(s, seated)

    def started(self, s: Table, out: Effects) -> None:
        self.index, self.wrong, self.over = 0, None, False
        self.rolls.queue.clear()
        self._begin(s, out)

    def finish(self, s: Table, out: Effects) -> None:
        return None  # a lesson is not counted, nor kept

    # -- the update -------------------------------------------------------------------
    def update(self, s: Table, intent: Any, out: Effects) -> None:
        if isinstance(intent, KeyHold):
            intent = Play(s.spec.toggle(intent.index))  # a die's key is a tap on it
        if isinstance(intent, LeaveLesson):
            self.leave(s, out)
        elif isinstance(intent, NextStep):
            self._next(s, out)
        elif isinstance(intent, Enter):
            s.shared_update(intent, out)
            if s.game is None or self.over or s.phase == "setup":
                self.start(s, out)
        elif isinstance(intent, Start):
            self.start(s, out)
        elif isinstance(intent, MOVES) or self.script.moves(intent):
            self._move(s, intent, out)
        else:
            s.shared_update(intent, out)
            self._waited(s, out)

    def start(self, s: Table, out: Effects) -> None:
        """Begin the lesson again from its first step."""
        s.start(out)

    def leave(self, s: Table, out: Effects) -> None:
        """Back to the game's form; the lesson starts over when opened again."""
        self.over = True
        s.phase, s.game = "setup", None
        out.go(self.game)

    def _move(self, s: Table, intent: Any, out: Effects) -> None:
        step = self.step
        if s.game is None or step.accepts is None or not step.accepts(s, intent):
            self._refuse(s, step, out)
            return
        before = _state(s)
        self.wrong = None
        s.shared_update(intent, out)
        changed = _state(s) != before
        done = step.until(s) if step.until is not None else changed
        if done:
            self._advance(s, out)
        else:
            self._waited(s, out)

    def _refuse(self, s: Table, step: Step, out: Effects) -> None:
        """A move the step does not take: nothing is played, and the lesson says what
        to do (the step's own answer, else what its kind asks for)."""
        self.wrong = step.wrong or ("lesson.wrong.wait" if step.wait else "lesson.wrong.read")
        out.announce(s.ctx.tr(self.wrong))

    def _waited(self, s: Table, out: Effects) -> None:
        step = self.step
        if step.wait and step.until is not None and step.until(s):
            self._advance(s, out)

    def _next(self, s: Table, out: Effects) -> None:
        if self.step.kind != "read":
            self._refuse(s, self.step, out)
        elif self.last:
            self.over = True
            out.setting(setting_key(self.game), DONE)
            s.phase, s.game = "setup", None
            out.go(self.game)
        else:
            self._advance(s, out)

    def _advance(self, s: Table, out: Effects) -> None:
        self.index = min(self.index + 1, self.count - 1)
        self.wrong = None
        self._begin(s, out)

    def _begin(self, s: Table, out: Effects) -> None:
        """The step just reached: its rolls are ready, its set-up played, its
        sentence said, and the focus on its control (or on Next)."""
        step = self.step
        game = s.game
        self.rolls.add(step.dice)
        if game is not None and step.setup:
            for action in step.setup:
                game.apply(action)
            s.note, s.rolled = None, frozenset()
        out.announce(s.ctx.tr(step.say))
        if step.kind == "read":
            out.focus("#lesson-next")
        elif step.targets and step.kind == "move":
            out.focus(", ".join("#" + t for t in step.targets))
        # A step already over (a wait whose computer's turn ended at once) goes on.
        self._waited(s, out)

    # -- drawing ------------------------------------------------------------------------
    def coach(self, s: Table) -> bool | None:
        return False  # the lesson says what to do; the coach would say something else

    def frame(self, s: Table, view: Markup) -> Markup:
        """The game's view with the step's bubble above it and its control marked."""
        if s.game is None:
            return view
        return el("div", self.bubble(s), mark(view, self.step.targets), class_="lesson-frame")

    def bubble(self, s: Table) -> Markup:
        tr, step = s.ctx.tr, self.step
        count = tr("lesson.count", n=self.index + 1, of=self.count)
        buttons = []
        if step.kind == "read":
            label = tr("lesson.done" if self.last else "lesson.next")
            buttons.append(
                el(
                    "button",
                    label,
                    type="button",
                    class_="btn primary",
                    id="lesson-next",
                    data_act="lesson-next",
                )
            )
        buttons.append(
            el(
                "button",
                tr("lesson.leave"),
                type="button",
                class_="btn",
                id="lesson-leave",
                data_act="lesson-leave",
                aria_keyshortcuts="Escape",
            )
        )
        wrong = (
            el("p", tr(self.wrong), class_="lesson-wrong", id="lesson-wrong")
            if self.wrong
            else Markup()
        )
        return el(
            "section",
            el("p", count, class_="lesson-count", id="lesson-count"),
            el("p", tr(step.say), class_="lesson-say", id="lesson-say"),
            wrong,
            el("div", *buttons, class_="lesson-buttons"),
            class_="lesson-bubble",
            id="lesson",
            aria_labelledby="lesson-count",
            data_step=self.index + 1,
            data_kind=step.kind,
        )


def offer(tr: Any, game: str) -> Markup:
    """The line offering ``game``'s lesson (on its form, a challenge's introduction):
    a button opening it, and one dismissing the offer for good."""
    return el(
        "p",
        el(
            "button",
            tr(f"{game}.lesson.offer"),
            type="button",
            class_="btn lesson-go",
            id=f"{game}-lesson-offer",
            data_act="open",
            data_game=game + SUFFIX,
        ),
        el(
            "button",
            tr("lesson.offer.dismiss"),
            type="button",
            class_="btn quiet lesson-no",
            id=f"{game}-lesson-dismiss",
            data_act="setting",
            data_key=setting_key(game),
            data_value=DONE,
        ),
        class_="lesson-offer",
    )


def mark(view: Markup, targets: Sequence[str]) -> Markup:
    """``view`` with the elements of ids ``targets`` marked as the step's control.

    >>> str(mark(Markup('<p id="a">x</p><p id="b">y</p>'), ["b"]))
    '<p id="a">x</p><p id="b" data-lesson-target>y</p>'
    """
    if not targets:
        return view
    ids = "|".join(re.escape(t) for t in targets)
    return Markup(re.sub(rf'(\sid="(?:{ids})")', r"\1 data-lesson-target", str(view)))
