"""Lighthouse on the built site's home page, mobile and desktop presets.

Serves the built site (``site/``, or ``ZARIA_SITE``) on localhost and runs
Lighthouse 12.2.3 (pinned in ``bench/lighthouse/``, installed there with ``npm ci``
on first use; Lighthouse 13 needs Node 22) with the system Chromium. Prints, for
each preset, the four category scores, the performance metrics (FCP, LCP, TBT,
CLS, speed index, bytes) and every best-practices or accessibility audit that
failed, with the files it names, so that what comes from the vendored runtime
(``vendor/``) is told apart from the app's own code.

Usage: ``python bench/lighthouse.py [--presets mobile,desktop] [--keep DIR]``
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from browser_site import ROOT, built_site, chromium_path, served

TOOL = ROOT / "bench" / "lighthouse"

CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
METRICS = (
    ("first-contentful-paint", "FCP", "ms"),
    ("largest-contentful-paint", "LCP", "ms"),
    ("total-blocking-time", "TBT", "ms"),
    ("cumulative-layout-shift", "CLS", ""),
    ("speed-index", "speed index", "ms"),
    ("total-byte-weight", "bytes", "B"),
)
FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-background-networking"
FLAGS += " --disable-component-update --disable-sync"


def _installed() -> Path:
    cli = TOOL / "node_modules" / ".bin" / "lighthouse"
    if not cli.exists():
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=TOOL, check=True)
    return cli


def _run(cli: Path, url: str, preset: str, out: Path) -> dict[str, Any]:
    chromium = chromium_path()
    command = [
        str(cli),
        url,
        "--output=json",
        f"--output-path={out}",
        f"--chrome-flags={FLAGS}",
        "--only-categories=" + ",".join(CATEGORIES),
        "--quiet",
    ]
    if preset == "desktop":
        command.append("--preset=desktop")
    env = None if chromium is None else {**os.environ, "CHROME_PATH": chromium}
    subprocess.run(command, check=True, env=env)
    report: dict[str, Any] = json.loads(out.read_text())
    return report


def _failed(report: dict[str, Any], category: str) -> list[str]:
    """Each failed audit of ``category``, with the files its details name."""
    lines = []
    for ref in report["categories"][category]["auditRefs"]:
        audit = report["audits"][ref["id"]]
        if ref.get("weight", 0) == 0 or audit.get("score") in (None, 1):
            continue
        items = (audit.get("details") or {}).get("items") or []
        names = sorted(
            {str(i.get("url") or i.get("source", {}).get("url") or "") for i in items} - {""}
        )
        where = ", ".join(n.split("/", 3)[-1] for n in names[:4]) or "the page"
        lines.append(f"    {audit['id']} ({audit.get('score')}): {audit['title']} — {where}")
    return lines


def _print(preset: str, report: dict[str, Any]) -> None:
    scores = "  ".join(f"{c} {report['categories'][c]['score']:.2f}" for c in CATEGORIES)
    print(f"\n{preset}: {scores}")
    for audit_id, label, unit in METRICS:
        value = report["audits"][audit_id].get("numericValue")
        shown = "n/a" if value is None else (f"{value:.3f}" if not unit else f"{value:,.0f} {unit}")
        print(f"  {label:<12} {shown}")
    for category in ("best-practices", "accessibility", "seo"):
        failed = _failed(report, category)
        if failed:
            print(f"  failed {category} audits:")
            print("\n".join(failed))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presets", default="mobile,desktop")
    parser.add_argument("--keep", type=Path, help="a folder to keep the JSON reports in")
    args = parser.parse_args(argv)
    cli = _installed()
    with served(built_site()) as url, tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        print(f"Lighthouse 12.2.3 on {url} (the built site's home page)")
        for preset in args.presets.split(","):
            out = folder / f"lighthouse-{preset}.json"
            # A run can fail on a loaded machine (a protocol call timing out): once more.
            for attempt in (1, 2):
                try:
                    _print(preset, _run(cli, url, preset, out))
                    break
                except subprocess.CalledProcessError:
                    print(f"\n{preset}: Lighthouse failed (attempt {attempt} of 2)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
