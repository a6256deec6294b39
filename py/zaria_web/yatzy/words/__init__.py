"""Yatzy's own words, one module per language (merged into the catalogues when the
game is registered)."""
