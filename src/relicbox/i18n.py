"""Message catalogs in Project Fluent's format, for every interface (terminal, server pages).

Catalogs are ``.ftl`` files under ``relicbox/locales/<lang>/``; Fluent selects
real plural categories (Czech: one / few / many / other), so no sentence is
assembled from fragments in code. English is the fallback for a missing
message. This module sits above ``core`` and ``games`` (it imports
``fluent.runtime``); the pure layers never import it.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from fluent.runtime import FluentLocalization, FluentResourceLoader

LANGUAGES = ("en", "cs")
FALLBACK = "en"
LOCALES_DIR = Path(__file__).parent / "locales"


def resource_names() -> list[str]:
    """Every catalog file name (``server.ftl``, ...) shipped for the fallback language."""
    return sorted(path.name for path in (LOCALES_DIR / FALLBACK).glob("*.ftl"))


@cache
def localization(lang: str) -> FluentLocalization:
    """The catalogs for ``lang`` (falling back to English), loaded once per process."""
    if lang not in LANGUAGES:
        raise ValueError(
            f"language {lang!r} is not available: choose one of {', '.join(LANGUAGES)}"
        )
    loader = FluentResourceLoader(str(LOCALES_DIR / "{locale}"))
    chain = [lang] if lang == FALLBACK else [lang, FALLBACK]
    return FluentLocalization(chain, resource_names(), loader, use_isolating=False)


def tr(lang: str, message_id: str, **args: Any) -> str:
    """The message ``message_id`` in ``lang``, with ``args`` filled in."""
    return str(localization(lang).format_value(message_id, args or None))


def catalog_ids(lang: str) -> set[str]:
    """The message ids defined in ``lang``'s own files (no fallback), for completeness tests."""
    from fluent.syntax import FluentParser, ast

    ids: set[str] = set()
    for path in sorted((LOCALES_DIR / lang).glob("*.ftl")):
        resource = FluentParser().parse(path.read_text(encoding="utf-8"))
        ids.update(e.id.name for e in resource.body if isinstance(e, ast.Message))
    return ids


def pick_language(accept_language: str | None) -> str:
    """The best of our languages for an HTTP ``Accept-Language`` header (English if none fits)."""
    for part in (accept_language or "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGUAGES:
            return code
    return FALLBACK
