"""Climb's rules page: one section."""

from __future__ import annotations

from collections.abc import Mapping

from zaria.i18n import Translator
from zaria_web.ui.html import el


def sections(tr: Translator, settings: Mapping[str, str]) -> list[tuple[str, str, str]]:
    """The page's sections: (id, heading, HTML)."""
    return [("rules-climb-short", tr("rules.climb.short"), el("p", tr("rules.climb.text")))]
