"""Climb's own words, one module per language (English only: the others fall back to it)."""
