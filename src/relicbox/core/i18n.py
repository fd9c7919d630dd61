"""Message catalogs: every user-visible sentence lives in one, keyed, per language.

A catalog is a plain mapping ``{"en": {key: template}, "cs": {...}}``;
templates use :meth:`str.format` fields. English is the fallback, so a
missing Czech entry shows English rather than a key.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

LANGUAGES = ("en", "cs")
Catalog = Mapping[str, Mapping[str, str]]


def check_language(lang: str) -> str:
    if lang not in LANGUAGES:
        raise ValueError(
            f"language {lang!r} is not available: choose one of {', '.join(LANGUAGES)}"
        )
    return lang


def translate(catalog: Catalog, lang: str, key: str, **params: Any) -> str:
    """The template for ``key`` in ``lang`` (else English), filled with ``params``."""
    template = catalog.get(lang, {}).get(key)
    if template is None:
        template = catalog["en"][key]
    return template.format(**params) if params else template


def missing_keys(catalog: Catalog) -> dict[str, set[str]]:
    """Keys some language lacks, per language: the catalogs' tests want this empty."""
    every = set().union(*(set(messages) for messages in catalog.values()))
    return {
        lang: every - set(messages) for lang, messages in catalog.items() if every - set(messages)
    }
