# PyScript runs this in a web worker. The app's Python packages are imported from
# app.zip, which web/pyodide-start.mjs put in the file system and on sys.path
# (web/snapshots.mjs: installApp); a start from a snapshot has them imported
# already. Hand over to the worker's end of the page.
from polyscript import xworker  # type: ignore[import-not-found]

try:
    from zaria_web.runtime.worker import serve
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
