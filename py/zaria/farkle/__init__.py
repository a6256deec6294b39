"""Farkle ("10 000"): scoring, the game state machine and computer players.

* :mod:`~zaria.farkle.rules` — the house rules (:class:`~zaria.farkle.rules.FarkleRules`):
  opening minimum, the penalty for three lost turns in a row, the scoring tables.
* :mod:`~zaria.farkle.scoring` — the scoring tables as pure functions: the points of
  dice set aside from one roll, which dice of a roll may score.
* :mod:`~zaria.farkle.odds` — exact chances that a roll scores nothing.
* :mod:`~zaria.farkle.game` — :class:`~zaria.farkle.game.FarkleGame`, its actions
  (``Toggle``, ``Roll``, ``Bank``) and events; :mod:`~zaria.farkle.state` checks
  saved games, :mod:`~zaria.farkle.errors` names every refusal.
* :mod:`~zaria.farkle.players` — the Normal, Expert and Master computer players,
  built on the optimal-turn tables of :mod:`~zaria.farkle.strategy` and the
  win-probability table of :mod:`~zaria.farkle.master`.
* :mod:`~zaria.farkle.simulate` and :mod:`~zaria.farkle.cli` — games between
  computer players and ``python -m zaria farkle …``.
"""
