"""Serve the built site on localhost, at ``/`` and under a sub-path.

``python tools/serve.py [--dir site] [--port 8000] [--prefix /zaria/]``

Requests under the prefix are served from the same folder, so the app can be
checked both as a user site (``/``) and as a GitHub Pages project site
(``/zaria/``). ``PORT`` in the environment sets the default port.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
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
    ".svg": "image/svg+xml",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with correct types, no caching headers, and an optional prefix."""

    prefix = "/zaria/"
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

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if os.environ.get("ZARIA_SERVE_LOG"):
            super().log_message(format, *args)


def make_server(directory: Path, port: int, prefix: str = "/zaria/") -> http.server.HTTPServer:
    """A threaded server for ``directory`` on 127.0.0.1 (``port`` 0 picks a free one)."""
    handler = functools.partial(Handler, directory=str(directory))
    Handler.prefix = prefix if prefix.endswith("/") else prefix + "/"
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


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
