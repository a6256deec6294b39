"""Farkle ("10 000"): scoring, the game state machine and computer players.

* :mod:`~zaria.farkle.scoring` — the scoring table as pure functions: the points of
  dice set aside from one roll, which dice of a roll may score.
* :mod:`~zaria.farkle.odds` — exact chances that a roll scores nothing.
* :mod:`~zaria.farkle.game` — :class:`~zaria.farkle.game.FarkleGame`, its actions
  (``Toggle``, ``Roll``, ``Bank``) and events; :mod:`~zaria.farkle.state` checks
  saved games, :mod:`~zaria.farkle.errors` names every refusal.
* :mod:`~zaria.farkle.players` — the Normal and Expert computer players, built on
  the optimal-turn tables of :mod:`~zaria.farkle.strategy`.
* :mod:`~zaria.farkle.simulate` and :mod:`~zaria.farkle.cli` — games between
  computer players and ``python -m zaria farkle …``.
"""
