"""Serve the built site on localhost, at ``/`` and under a sub-path.

``python tools/serve.py [--dir site] [--port 8000] [--prefix /zaria/]``

Requests under the prefix are served from the same folder, so the app can be
checked both as a user site (``/``) and as a GitHub Pages project site
(``/zaria/``). Text files (HTML, CSS, scripts, JSON, SVG) are sent gzipped to a
browser that takes it, as GitHub Pages sends them, so that what is measured here
is what a visitor downloads. ``PORT`` in the environment sets the default port.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gzip
import http.server
import io
import os
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parent.parent

TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".zip": "application/zip",
    ".bin": "application/octet-stream",
    ".zst": "application/zstd",
    ".svg": "image/svg+xml",
}


#: What is sent gzipped: text, and WebAssembly, as GitHub Pages does (the README cites
#: the evidence); archives and data files as they are.
COMPRESSED = (".html", ".css", ".js", ".mjs", ".json", ".svg", ".webmanifest", ".py", ".wasm")

#: GitHub Pages lets a browser keep a file for ten minutes before asking again.
PAGES_CACHE = "max-age=600"


@functools.lru_cache(maxsize=32)
def _body(path: str, tag: str, gzipped: bool) -> bytes:
    """The bytes sent for the file at ``path`` as ``tag`` names it (compressed once)."""
    with open(path, "rb") as f:
        body = f.read()
    return gzip.compress(body, compresslevel=6, mtime=0) if gzipped else body


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with correct types, an optional prefix, GitHub Pages' compression,
    and validators: a file asked for again with its ETag costs a 304. ``cache`` is the
    Cache-Control sent ("no-cache" by default: every use asks the server, which answers
    304 while the file is unchanged; ``PAGES_CACHE`` for GitHub Pages' own)."""

    prefix = "/zaria/"
    cache = "no-cache"
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **TYPES,
    }

    def translate_path(self, path: str) -> str:
        if path.startswith(self.prefix):
            path = "/" + path[len(self.prefix) :]
        elif path == self.prefix.rstrip("/"):
            path = "/"
        return super().translate_path(path)

    def send_head(self) -> io.BytesIO | object | None:  # type: ignore[override]
        address = self.path.split("?")[0].split("#")[0]
        path = self.translate_path(address)
        if os.path.isdir(path):
            if not address.endswith("/"):
                return super().send_head()  # the redirect to the folder's address
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            return super().send_head()  # the 404
        gzipped = path.endswith(COMPRESSED) and "gzip" in self.headers.get("Accept-Encoding", "")
        stat = os.stat(path)
        tag = f'"{stat.st_size:x}-{stat.st_mtime_ns:x}{"-gz" if gzipped else ""}"'
        if tag in self.headers.get("If-None-Match", ""):
            self.send_response(304)
            self.send_header("ETag", tag)
            self.end_headers()
            return None
        body = _body(path, tag, gzipped)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        if gzipped:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("ETag", tag)
        self.end_headers()
        return io.BytesIO(body)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", self.cache)
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if os.environ.get("ZARIA_SERVE_LOG"):
            super().log_message(format, *args)


def make_server(
    directory: Path, port: int, prefix: str = "/zaria/", handler: type[Handler] = Handler
) -> http.server.HTTPServer:
    """A threaded server for ``directory`` on 127.0.0.1 (``port`` 0 picks a free one),
    answering with ``handler`` (a subclass of :class:`Handler`)."""
    handler.prefix = prefix if prefix.endswith("/") else prefix + "/"
    bound = functools.partial(handler, directory=str(directory))
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), bound)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the built Zaria site")
    parser.add_argument("--dir", type=Path, default=ROOT / "site")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    parser.add_argument("--prefix", default="/zaria/")
    args = parser.parse_args(argv)
    server = make_server(args.dir, args.port, args.prefix)
    host, port = server.server_address[:2]
    print(f"Zaria is served at http://{host}:{port}/ (and http://{host}:{port}{args.prefix})")
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
