"""Render web/img/icon.svg to the PNG icons the manifest lists (192 and 512 px).

``python tools/make_icons.py`` (Chromium: ``ZARIA_CHROMIUM``, else ``/usr/bin/chromium``)

The PNGs are committed; run this again after changing the SVG. They are drawn
full-bleed: the SVG's rounded corners are filled with its own green, because
the 512 px icon is also the *maskable* one (the platform cuts its own shape
and the die stays within the central safe circle) and because iOS turns
transparent corners of a home-screen icon black.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
SVG = ROOT / "web" / "img" / "icon.svg"
SIZES = (192, 512)


def page_html(svg: str, size: int) -> str:
    """A page showing ``svg`` at ``size`` px on its own background colour."""
    found = re.search(r'<rect width="512" height="512"[^>]*fill="(#[0-9a-fA-F]{3,6})"', svg)
    background = found.group(1) if found else "#1f5e45"
    sized = svg.replace("<svg ", f'<svg width="{size}" height="{size}" ', 1)
    return (
        "<!doctype html><html><head><style>"
        f"html,body{{margin:0;width:{size}px;height:{size}px;background:{background};overflow:hidden}}"
        "svg{display:block}</style></head>"
        f"<body>{sized}</body></html>"
    )


def main() -> int:
    svg = SVG.read_text(encoding="utf-8")
    chromium = os.environ.get("ZARIA_CHROMIUM", "/usr/bin/chromium")
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=chromium if Path(chromium).exists() else None,
            args=["--no-sandbox", "--disable-gpu"],
        )
        for size in SIZES:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(page_html(svg, size))
            out = SVG.with_name(f"icon-{size}.png")
            page.screenshot(path=str(out), clip={"x": 0, "y": 0, "width": size, "height": size})
            page.close()
            print(f"wrote {out.relative_to(ROOT)} ({out.stat().st_size} bytes)")
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
