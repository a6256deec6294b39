# PyScript runs this in a web worker: the app's Python packages were unpacked from
# app.zip into the working directory; hand over to the worker's end of the page.
import sys

if "." not in sys.path:
    sys.path.insert(0, ".")

from polyscript import xworker  # type: ignore[import-not-found]

try:
    from zaria_web.worker import serve
except Exception:
    # A package that did not arrive whole: the page says so, with its retry button,
    # rather than leave the player looking at the loading bar.
    import json
    import traceback

    _detail = traceback.format_exc()

    def _failed(kind, payload):
        return json.dumps([["warn", _detail], ["failed", "python import"]])

    xworker.sync.call = _failed
else:
    serve(xworker)
