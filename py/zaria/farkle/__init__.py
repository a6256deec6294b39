"""Farkle ("10 000"): scoring, the game state machine and computer players."""
