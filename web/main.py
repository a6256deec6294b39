# PyScript's entry point: the app's Python packages were unpacked from app.zip
# into the working directory; hand over to the browser layer.
import sys

if "." not in sys.path:
    sys.path.insert(0, ".")

try:
    from zaria_web.browser import start
except Exception:
    # A package that did not arrive whole: the page says so, with its retry button,
    # rather than leave the player looking at the loading bar.
    import traceback

    import js  # type: ignore[import-not-found]

    js.console.warn(traceback.format_exc())
    js.window.zariaBoot.failed("python import")
else:
    start()
