"""A challenge on duplicate dice as a mode of the game screen (see
:mod:`zaria_web.play.challenge`): its introduction, the game's dice and moves, the
grade at the end, the day kept, the result shared.

A game screen made for a challenge (``penta-daily``, ``penta-duel``) holds a
:class:`Versus`, as a score pad holds a :class:`~zaria_web.play.pad.Pad`: the
screen asks it at each step of the game's life, and it reads the screen (the
game, the form's first name, the part) through the screen it is given.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, Protocol

from zaria.game import Seat
from zaria_web import duel as duels
from zaria_web.acts import Maker, table
from zaria_web.games import DAILY
from zaria_web.pages.archive_view import day
from zaria_web.play import challenge as ch
from zaria_web.play import dice
from zaria_web.play.intents import ConfirmNew, NewGame
from zaria_web.play.log import GameLog
from zaria_web.play.modes import Mode
from zaria_web.play.seats import DEFAULT_NAME, SeatName, default_number, shown_name
from zaria_web.runtime.effects import Effects
from zaria_web.screen import Context, Enter, Refresh
from zaria_web.storage import daily
from zaria_web.storage import duels as duel_store
from zaria_web.ui.html import Markup
from zaria_web.ui.names import in_every_language

#: The default name of the one player, in every language (a result is the player's own
#: by its moves and score, and by its name or a default one).
DEFAULT_NAMES = tuple(in_every_language(DEFAULT_NAME, n=1))

#: A challenge's own controls, by ``data-act``.
ACTS: dict[str, Maker] = table(
    ch.ShareResult, ch.NewDuel, ch.Shared, ch.TodaysDice, ch.ChallengeRules, ch.DailyByRules
)


class Table(Protocol):
    """What :class:`Versus` reads and changes of the game screen it is a mode of."""

    ctx: Context
    spec: Any
    name: str
    prefix: str
    phase: str
    game: Any
    part: Any
    form: Any
    log: Any
    dice: Any
    rolled: frozenset[int]
    note: Any

    def play(self, action: Any, out: Effects) -> bool: ...

    def shared_update(self, intent: Any, out: Effects) -> None: ...


class Versus(Mode):
    """A challenge, the mode of a game's screen played on duplicate dice: the one
    its form offers (:attr:`offer`: today's dice, a duel link opened, or a duel of
    one's own) and the one its game plays (:attr:`challenge`). One attempt counts: no
    computer seat, no coach, no new game over it, and its result is kept (its day, its
    link) rather than counted as a game."""

    keeps_over = True
    counted = False
    offers_again = False
    computer_seats = False
    own_play = True
    #: No countdown chooses for the player.
    timed = False

    def __init__(
        self, game: str, kind: str, dup: ch.Duplicate[Any], draw: Callable[[Any, Any], Markup]
    ) -> None:
        self.suffix = kind
        #: The drawing of its form and result (:func:`zaria_web.play.versus_view.view`).
        self.draw = draw
        self.game_name = game
        self.kind = kind
        self.dup = dup
        self.offer: ch.Challenge | None = None
        self.challenge: ch.Challenge | None = None
        #: The daily dice played on this device, as last read (the day's attempts).
        self.days: daily.Days = {}
        #: What the result says of the last share (a message id; empty: nothing yet).
        self.shared = ""
        #: The device's day at the last update (a daily's result says what is true of
        #: the next dice: tomorrow's, or today's already).
        self.today = ""

    def day_key(self, challenge: ch.Challenge | None) -> str:
        """The key of ``challenge``'s daily dice in the days kept (:mod:`~zaria_web.storage.daily`):
        the game's name under its own rules, else the name and the rules' id run together
        (``pentaprinted``: letters alone, which an earlier version of the app, open in
        another tab, reads as one more game's days rather than as unreadable)."""
        rules = None if challenge is None else challenge.rules
        if rules is None or rules == self.dup.rules:
            return self.game_name
        return self.game_name + rules

    def played_by(self, challenge: ch.Challenge | None) -> ch.Duplicate[Any]:
        """The game's challenge under ``challenge``'s rules (its daily dice's, a duel
        link's, or those chosen for a duel started here)."""
        return self.dup.for_rules(None if challenge is None else challenge.rules)

    # -- the game's life ----------------------------------------------------------------
    def update(self, s: Table, intent: Any, out: Effects) -> None:
        self.today = s.ctx.host.now_iso()[:10]
        if isinstance(intent, Enter | Refresh | ch.TodaysDice):
            self.look(s, out)
        if isinstance(intent, ch.TodaysDice):
            out.focus(f"#{s.prefix}-challenge-title")
        if isinstance(intent, ch.ShareResult):
            self.shared = ""
            self.share(s, intent.what, out)
        elif isinstance(intent, ch.Shared):
            self.shared = ch.SHARED.get(intent.how, ch.SHARED["failed"])
        elif isinstance(intent, NewGame | ConfirmNew):
            pass  # one attempt counts: no new game over a challenge in progress
        elif isinstance(intent, ch.NewDuel):
            rules = None if self.challenge is None else self.challenge.rules
            self.offer = ch.fresh_duel(self.game_name)
            self.offer.rules = rules  # another duel by the same rules, unless changed
            s.phase = "setup"
            out.focus(f"#{s.prefix}-play")
        elif isinstance(intent, ch.ChallengeRules):
            self._choose_rules(s, intent.rules, out)
        elif isinstance(intent, ch.DailyByRules):
            self._daily_by_rules(s, intent.rules, out)
        else:
            s.shared_update(intent, out)
        if isinstance(intent, SeatName) and intent.index == 0:
            out.write(daily.RememberName(intent.value))  # offered by both forms from now on
        elif isinstance(intent, Enter) and s.phase == "setup" and not s.form.names[0]:
            s.form.names[0] = daily.last_name(s.ctx.host)
        self.regrade(s, out)

    def _choose_rules(self, s: Table, rules: str, out: Effects) -> None:
        """The rules of a duel started here, or of the daily dice, as the form offers
        them (a link's and any the game does not offer stay as they are). The daily
        dice of each rules are a daily of their own: their attempts, their result."""
        offer = self.offer
        if offer is None or offer.duel is not None or s.phase != "setup":
            return
        if rules in (r for r, _ in self.dup.offered):
            offer.rules = None if rules == self.dup.rules else rules
            if self.kind == DAILY:
                self.look(s, out)

    def other_dailies(self) -> list[tuple[str, str]]:
        """The rules (id, label's key) of today's other daily dice, offered on the result
        of today's daily: those the game offers but the one just played by."""
        mine = self.challenge
        if self.kind != DAILY or mine is None or mine.date != self.today:
            return []
        played = self.played_by(mine).rules
        return [(r, key) for r, key in self.dup.offered if self.dup.for_rules(r).rules != played]

    def _daily_by_rules(self, s: Table, rules: str, out: Effects) -> None:
        """Today's daily dice by ``rules``, from today's result by others: their form, or
        their result when played already (the one left is kept, and shown again by
        choosing its rules on the form)."""
        if s.phase != "end" or rules not in dict(self.other_dailies()):
            return
        self.challenge, self.offer = None, ch.daily(self.game_name, self.today)
        s.phase = "setup"
        self._choose_rules(s, rules, out)  # as the form's choice of them
        out.focus(f"#{s.prefix}-challenge-title")

    def look(self, s: Table, out: Effects) -> None:
        """Read the day and the daily dice played, and offer what the form offers: a
        daily's today's dice (its result, when played already), a duel's own dice."""
        if self.kind != DAILY:
            if self.offer is None and self.challenge is None:
                self.offer = ch.fresh_duel(self.game_name)
            return
        today = s.ctx.host.now_iso()[:10]
        self.days = daily.look(s.ctx.host, out)
        playing = s.game is not None and not s.game.over
        mine = self.challenge
        if mine is not None and mine.date:  # the attempts started, as counted by now
            mine.attempts = max(
                mine.attempts, daily.day_of(self.days, self.day_key(mine), mine.date).attempts
            )
        if playing or (mine is not None and mine.date == today):
            return
        if self.offer is None or self.offer.date != today:
            rules = None if self.offer is None else self.offer.rules  # the rules chosen stay
            self.offer = ch.daily(self.game_name, today)  # a link to them stays with them
            self.offer.rules = rules
        day = daily.day_of(self.days, self.day_key(self.offer), today)
        if day.done:
            self._replay_day(s, day)
        elif s.phase == "end":
            s.phase = "setup"  # an older day's result: today's dice are offered

    def _replay_day(self, s: Table, day: daily.Day) -> None:
        """Today's daily, played already here (its game no longer saved): its result
        again, its game played again on this screen from the moves kept, under the
        name kept (the review comes back with it when Penta's table is here)."""
        offer = self.offer
        assert offer is not None
        before = (s.game, s.phase, s.log, s.dice)
        offer.attempts, offer.kept_symbols = day.attempts, day.symbols
        if day.computer is not None:
            offer.grade = (day.computer, "")
        self.challenge, self.offer = offer, None
        try:
            replayed = self._replayed(s, offer, day)
        except Exception:  # moves kept by another version: the figures stay shown
            replayed = False
        if not replayed:
            self.challenge, self.offer = None, offer
            s.game, s.phase, s.log, s.dice = before
            return
        s.phase, s.rolled, s.note = "end", frozenset(), None

    def _replayed(self, s: Table, offer: ch.Challenge, day: daily.Day) -> bool:
        """Play ``day``'s moves on this screen, as they were played (nothing said or
        written); whether they played to the game's end."""
        name = day.name or s.ctx.tr(DEFAULT_NAME, n=1)
        dup = self.played_by(offer)
        game = s.part.new_game([Seat(name)], duplicate=dup.rules)
        s.game, s.phase, s.log = game, "play", GameLog()
        s.dice = dice.duplicate(offer.seed, game.next_throw)
        offer.moves = []
        for action in dup.code.decode(day.moves):
            if not s.play(action, Effects()):
                return False
        return bool(game.over)

    def history_entry(self, s: Table) -> str:
        """A duel link being answered is its own address (a reload opens it again)."""
        offer = self.offer if s.phase == "setup" else self.challenge
        if offer is not None and offer.duel is not None:
            return "duel:" + duels.encode(offer.duel)
        return s.name

    def answer(self, s: Table, found: duels.Duel) -> bool:
        """A duel link opened: on the dice already played here, every result beside the
        player's; on today's daily dice, the player's daily with the results it carries
        (played on the daily's screen, so that its result, name and review are the
        daily's); else, on a duel's screen, its dice offered with the results it
        carries. Whether this screen takes it (a daily's only takes today's dice);
        raises :class:`~zaria_web.duel.LinkError` for rules it does not play."""
        self.dup.for_rules(found.rules)  # raises for rules the game does not play
        if self.kind == DAILY and not self._daily_by(s, found.rules):
            return False
        mine, game = self.challenge, s.game
        if mine is not None and mine.seed == found.seed and game is not None:
            if game.over:
                if mine.duel != found:
                    mine.duel = found
                    mine.others = self._others(s, found)
                s.phase, self.shared = "end", ""
                return True
            if self.kind == DAILY:  # today's daily being played: compared at its end
                mine.duel = found
                return True
        if self.kind == DAILY:
            return self._offer_today(s, found)
        self.offer = ch.answering(found)
        s.phase = "setup"
        return True

    def _daily_by(self, s: Table, rules: str) -> bool:
        """Whether the daily's screen shows today's dice by ``rules`` (a link's): those
        of its game shown, or, on its form, those it is switched to; with the day's
        result read, if its game is no longer saved."""
        wanted = None if rules == self.dup.rules else rules
        self.look(s, Effects())
        if s.phase == "setup" and self.offer is not None and self.offer.rules != wanted:
            self.offer.rules = wanted
            self.look(s, Effects())
        shown = self.offer if s.phase == "setup" else self.challenge
        return shown is not None and shown.rules == wanted

    def _offer_today(self, s: Table, found: duels.Duel) -> bool:
        """Today's daily dice not played yet, offered with the results of ``found`` (a
        link to them); False for other dice."""
        offer, game = self.offer, s.game
        if offer is None or offer.seed != found.seed or (game is not None and not game.over):
            return False
        offer.duel = found
        s.phase = "setup"
        return True

    def own(self, s: Table) -> duels.Result | None:
        """The player's result, once played."""
        game, mine = s.game, self.challenge
        if mine is None or game is None or not game.over:
            return None
        return mine.result(self.player_name(s), game)

    def standings(self, s: Table) -> tuple[ch.Standing, ...]:
        """Every result the duel holds, the player's among them, ranked (empty before
        the end, or with no other result)."""
        own, mine = self.own(s), self.challenge
        if own is None or mine is None or not mine.others:
            return ()
        return ch.standings(own.name, own.score, mine.others)

    def _mine(self, r: duels.Result, own: duels.Result | None) -> bool:
        return own is not None and ch.same_result(r, own, DEFAULT_NAMES)

    def _others(self, s: Table, found: duels.Duel) -> tuple[ch.Other, ...]:
        """The results of ``found`` but the player's own (a link come back with it)."""
        own = self.own(s)
        kept = tuple(r for r in found.results if not self._mine(r, own))
        dup = self.dup.for_rules(found.rules)
        read = ch.read_back(dup, s.ctx.tr, duels.Duel(found.game, found.rules, found.seed, kept))
        return tuple(
            replace(o, log=self._watch(s, dup, found.seed, r)) if o.rows else o
            for o, r in zip(read, kept, strict=True)
        )

    def _watch(
        self, s: Table, dup: ch.Duplicate[Any], seed: str, result: duels.Result
    ) -> GameLog | None:
        """``result``'s game played again, move by move, on a game screen of its own
        that is never shown: its game log, turn by turn (None if it does not play)."""
        make: Any = type(s)
        watched = make(s.ctx, s.spec, Mode().looked_at())
        try:
            game = watched.part.new_game([Seat(result.name)], duplicate=dup.rules)
            watched.game, watched.phase = game, "play"
            watched.dice = dice.duplicate(seed, game.next_throw)
            for action in dup.code.decode(result.moves):
                if not watched.play(action, Effects()):
                    return None
        except Exception:  # moves from a hostile link: no log, the rows say enough
            return None
        log: GameLog = watched.log
        return log

    def new_game(self, s: Table, seats: list[Seat], out: Effects) -> Any:
        """The challenge offered, started: its solo strict game (on its dice). A daily
        is today's, even when the page was left open on the day before."""
        today = s.ctx.host.now_iso()[:10]
        offer = self.offer
        if self.kind == DAILY and (offer is None or offer.date != today):
            rules = None if offer is None else offer.rules
            offer = ch.daily(self.game_name, today)
            offer.rules = rules
        offer = offer or ch.fresh_duel(self.game_name)
        self.challenge, self.offer = offer, None
        offer.moves, offer.grade, offer.others = [], None, ()
        # Today's daily dice count as an attempt at today's daily, through a link too.
        date = offer.date or self._todays(s, offer.seed)
        if date:
            days = daily.look(s.ctx.host, out)
            offer.attempts = daily.day_of(days, self.day_key(offer), date).attempts + 1
            out.write(daily.StartDay(self.day_key(offer), date))
        return s.part.new_game(seats[:1], duplicate=self.played_by(offer).rules)

    def acts(self) -> Mapping[str, Maker]:
        return ACTS

    def coach(self, s: Any) -> bool:
        """No coach: a challenge is the player's own play."""
        return False

    def view(self, s: Any) -> Markup | None:
        """The challenge's form and result; its table is the game's."""
        if s.phase == "play":
            return None
        return self.draw(s, self)

    def game_dice(self, s: Any, game: Any) -> dice.Dice:
        """The game's dice: the challenge's duplicate dice."""
        assert self.challenge is not None
        return dice.duplicate(self.challenge.seed, game.next_throw)

    def moved(self, action: Any) -> None:
        """``action`` was just played: one more move."""
        if self.challenge is not None:
            self.challenge.moves.append(self.played_by(self.challenge).code.encode([action]))

    def finish(self, s: Table, out: Effects) -> None:
        """The game just ended: the others' results read back, the grade, the day kept."""
        mine = self.challenge
        if mine is None:
            return
        if mine.duel is not None:
            mine.others = self._others(s, mine.duel)
        self.regrade(s, out, force=True)

    def ended(self, s: Table, out: Effects) -> None:
        """The result is shown: the focus goes to its title, and its grade is said."""
        out.focus(f"#{s.prefix}-result-title")
        out.announce(self.grade_line(s))

    def regrade(self, s: Table, out: Effects, force: bool = False) -> None:
        """Let the grader play the same dice once it can (Penta's waits for its table),
        and keep a daily's result (with the grader's score once known)."""
        mine, game = self.challenge, s.game
        if mine is None or game is None or not game.over or s.phase != "end":
            return
        if mine.grade is None:
            mine.grade = self.played_by(mine).grade(mine.seed)
            force = force or mine.grade is not None
        date = mine.date if self.kind == DAILY else self._todays(s, mine.seed)
        if force and date:  # a daily's dice, played here or through a link to them
            computer = None if mine.grade is None else mine.grade[0]
            moves, name = "".join(mine.moves), game.seats[0].name
            row = self.row(s)
            key, points = self.day_key(mine), ch.score(game)
            out.write(daily.RecordDay(key, date, points, computer, moves, row, name))
        elif force:  # a duel: kept beside the daily dice, to be counted and opened again
            out.write(self._duel_kept(s, game))

    def _duel_kept(self, s: Table, game: Any) -> duel_store.RecordDuel:
        mine = self.challenge
        assert mine is not None
        computer = None if mine.grade is None else mine.grade[0]
        best = max((o.score for o in mine.others), default=None)
        today = s.ctx.host.now_iso()[:10]
        kept = duel_store.Duel(today, ch.score(game), computer, best, mine.to_dict())
        return duel_store.RecordDuel(self.game_name, mine.seed, kept)

    def _todays(self, s: Table, seed: str) -> str | None:
        """Today's date when ``seed`` is today's daily dice (a daily's result shared as a
        duel): played through the link, they are today's daily."""
        date = ch.daily_date(self.game_name, seed)
        return date if date == s.ctx.host.now_iso()[:10] else None

    def row(self, s: Table) -> str:
        """The result's row of symbols (as kept, for a daily replayed from its moves)."""
        mine = self.challenge
        if mine is not None and mine.kept_symbols:
            return mine.kept_symbols
        return self.played_by(mine).symbols(s)

    # -- saving -----------------------------------------------------------------------
    def extras(self) -> dict[str, Any]:
        return {} if self.challenge is None else {"challenge": self.challenge.to_dict()}

    def check_save(self, s: Table, game: Any, state: dict[str, Any]) -> None:
        """Read the challenge of a save (raises for a bad one)."""
        mine = ch.Challenge.from_dict(state.get("challenge"), self.game_name, self.kind)
        self.played_by(mine)  # raises for rules the game does not play
        self.challenge, self.offer = mine, None
        if mine.duel is not None:
            mine.others = self._others(s, mine.duel)

    # -- sharing ----------------------------------------------------------------------
    def player_name(self, s: Table) -> str:
        game = s.game
        return "" if game is None else shown_name(s.ctx.tr, game.seats[0])

    def link_duel(self, s: Table) -> duels.Duel | None:
        """The duel the result's link carries: every result so far and the player's
        (without theirs when the duel is full)."""
        mine, result = self.challenge, self.own(s)
        if mine is None or result is None:
            return None
        if mine.duel is not None and any(self._mine(r, result) for r in mine.duel.results):
            return mine.duel  # a link come back with the player's result in it
        return mine.link_duel(self.game_name, self.played_by(mine).rules, result) or mine.duel

    def is_full(self, s: Table) -> bool:
        """Whether the duel is full without the player's result (the link cannot carry it)."""
        mine, own = self.challenge, self.own(s)
        if mine is None or mine.duel is None or own is None:
            return False
        theirs = any(self._mine(r, own) for r in mine.duel.results)
        return not theirs and len(mine.duel.results) >= duels.MAX_PLAYERS

    def link(self, s: Table) -> str:
        found = self.link_duel(s)
        return "" if found is None else duels.link(s.ctx.host.base, found)

    def share_text(self, s: Table, what: str) -> str:
        """The words shared with the link, for whoever receives them: the day's result
        (no dice in it), an invitation to beat the player's score, or every score of
        the duel so far and who leads."""
        tr, mine, own = s.ctx.tr, self.challenge, self.own(s)
        if mine is None or own is None:
            return ""
        title = tr("game." + self.game_name)
        points = tr.number(own.score)
        named = default_number(own.name) is None
        if what == "result" and self.kind == DAILY:
            lines = [tr("challenge.share_title", game=title, date=day(tr, mine.date))]
            lines += [self._share_grade(s, own, named), self.row(s), tr("challenge.share_open")]
            return "\n".join(lines)
        ranked = self.standings(s)
        if ranked:
            scores = " · ".join(f"{r.name} {tr.number(r.score)}" for r in ranked)
            outcome = ch.outcome_words(tr, ranked, reader=False)
            return tr("challenge.reply_text", game=title, scores=scores, outcome=outcome)
        if named:
            return tr("challenge.invite_text", name=own.name, game=title, score=points)
        return tr("challenge.invite_text_mine", game=title, score=points)

    def _share_grade(self, s: Table, own: duels.Result, named: bool) -> str:
        """The grade as its receiver reads it: the player's name (or "I"), not "you"."""
        tr, mine = s.ctx.tr, self.challenge
        assert mine is not None
        name = own.name if named else tr("challenge.me")
        points = tr.number(own.score)
        if mine.grade is None:
            return tr("challenge.duel.result", name=name, score=points)
        best = tr.number(mine.grade[0])
        return tr(
            "challenge.share_grade", name=name, score=points, grader=tr(self.dup.grader), best=best
        )

    def grade_line(self, s: Table) -> str:
        """One line: the player's score beside the grader's on the same dice."""
        tr, mine, game = s.ctx.tr, self.challenge, s.game
        if mine is None or game is None:
            return ""
        grader, points = tr(self.dup.grader), tr.number(ch.score(game))
        if mine.grade is None:
            return tr("challenge.grade_waiting", score=points, grader=grader)
        best = mine.grade[0]
        return tr("challenge.grade", score=points, grader=grader, best=tr.number(best))

    def share(self, s: Table, what: str, out: Effects) -> None:
        url = self.link(s)
        if url:
            effect = ch.share_effect(s.ctx.tr, s.prefix, self.share_text(s, what), url)
            out.items.append(effect)  # the page's share sheet, or the clipboard
