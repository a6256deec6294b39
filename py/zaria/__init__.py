"""Zaria: the pure-Python engine of two dice games, Penta and Farkle.

Nothing in this package imports from the browser; the web layer (``zaria_web``)
drives it through the small API of :mod:`zaria.game`.
"""

__version__ = "0.1.0"
