"""Penta, a Yahtzee-style game: scoring, the game state machine, its strategy and players.

Penta is one member of the five-dice family: :mod:`~zaria.penta.rules` makes a score
sheet a rules value (the boxes and their scoring, the bonuses, the joker), and the
game, the optimal player's table and turn evaluation, the players, the advisor and
the command line take any member's (:mod:`~zaria.penta.members`: Penta, the printed
rules, Scandinavian Yatzy in :mod:`zaria.yatzy`), Penta's by default.

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
