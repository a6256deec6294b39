"""Zaria's browser layer: one update loop over pure views.

Only :mod:`zaria_web.browser` imports ``js``/``pyscript``; everything else here
is plain Python, run and tested natively against a fake host. The shape (see
:mod:`zaria_web.app` and :mod:`zaria_web.screen`): an intent value goes to the
current screen, whose update changes its model and lists effects; the app
saves, draws the screen from its model once, and hands the effects to the host.
Both games share :mod:`zaria_web.play`; each adds its own part in
:mod:`zaria_web.penta` and :mod:`zaria_web.farkle`.
"""
