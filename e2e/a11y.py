"""Accessibility audits with axe-core (from npm), injected into the page by Playwright."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"


def audit(page: Page, label: str) -> list[dict[str, Any]]:
    """Run axe on the page with its transitions at their end; return the serious and
    critical violations."""
    page.add_script_tag(path=str(AXE))
    result = page.evaluate(
        """async () => {
            // A theme change fades colours in, a celebration fades its word in and out:
            // measure the colours they show at rest, with every transition at its end
            // and no animation while axe runs (a celebration's starts again after).
            const still = document.createElement("style");
            still.textContent = "*, *::before, *::after "
                + "{ transition: none !important; animation: none !important; }";
            document.head.append(still);
            getComputedStyle(document.documentElement).color;  // applied now
            let r;
            try {
                r = await axe.run(document, {resultTypes: ["violations"]});
            } finally {
                still.remove();
            }
            return JSON.stringify(r.violations);
        }"""
    )
    violations = [v for v in json.loads(result) if v["impact"] in ("serious", "critical")]
    for v in violations:
        v["screen"] = label
        v["nodes"] = [n["target"] for n in v["nodes"][:5]]
        v.pop("tags", None)
        v.pop("helpUrl", None)
    return violations


def tab_to(page: Page, selector: str, limit: int = 80) -> None:
    """Press Tab until the element matching ``selector`` has the focus."""
    for _ in range(limit):
        if page.evaluate("s => document.activeElement?.matches(s) ?? false", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


SMALL_TARGETS = """() => [...document.querySelectorAll("button, select, summary, a.brand")]
  .filter(el => el.checkVisibility())
  .map(el => [el.id || el.className || el.tagName, el.getBoundingClientRect()])
  .filter(([, r]) => r.width < 44 || r.height < 44)
  .map(([name, r]) => `${name}: ${Math.round(r.width)}×${Math.round(r.height)}`)"""


def small_targets(page: Page) -> list[str]:
    """Visible controls smaller than 44×44 px (touch targets must not be)."""
    result: list[str] = page.evaluate(SMALL_TARGETS)
    return result
