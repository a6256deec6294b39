# PyScript's entry point: the app's Python packages were unpacked from app.zip
# into the working directory; hand over to the browser layer.
import sys

if "." not in sys.path:
    sys.path.insert(0, ".")

from zaria_web.browser import start

start()
