"""Zaria's browser layer.

Only :mod:`zaria_web.browser` imports ``js``/``pyscript``; everything else here
is plain Python (controllers and HTML renderers), so it runs and is tested
natively against a fake host.
"""
