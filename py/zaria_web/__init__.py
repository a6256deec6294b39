"""Zaria's browser layer: one update loop over pure views.

It runs in a web worker; only :mod:`zaria_web.runtime.worker` imports ``js`` and
``polyscript``, and :mod:`zaria_web.runtime.relay` turns the page's events into the app's
calls and the app's calls into operations the page applies
(``web/page/operations.js``).
Everything else here is plain Python, run and tested natively against a fake host. The shape (see
:mod:`zaria_web.app` and :mod:`zaria_web.screen`): an intent value goes to the
current screen, whose update changes its model and lists effects; the app
saves, draws the screen from its model once, and hands the effects to the host.
Both games share :mod:`zaria_web.play`; each adds its own part in
:mod:`zaria_web.penta` and :mod:`zaria_web.farkle`.
"""
