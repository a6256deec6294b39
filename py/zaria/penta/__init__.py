"""Penta, a Yahtzee-style game: scoring, the game state machine, its strategy and players.

* :mod:`~zaria.penta.scoring` — the 13 boxes and what five dice score in each,
  the joker rule's options, as pure functions.
* :mod:`~zaria.penta.game` — :class:`~zaria.penta.game.PentaGame` and its actions
  (``Roll``, ``Toggle``, ``Record``); :mod:`~zaria.penta.state` checks saved games,
  :mod:`~zaria.penta.errors` names every refusal.
* :mod:`~zaria.penta.strategy` — the optimal player's table of expected scores.
* :mod:`~zaria.penta.players` — the optimal and casual computer players.
* :mod:`~zaria.penta.advisor` and :mod:`~zaria.penta.cli` — the expected value of
  every option, solitaire simulations, and ``python -m zaria penta …``.
"""
