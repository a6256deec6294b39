"""Penta, a Yahtzee-style game: scoring, the game state machine and its strategy."""
