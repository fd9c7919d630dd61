"""Message catalogs in Project Fluent's format, for every interface and every game.

Catalogs are ``.ftl`` files: the interfaces' under ``relicbox/locales/<lang>/``,
each game's beside its code under ``relicbox/games/<game>/locales/<lang>/``.
Fluent selects real plural categories (Czech: one / few / many / other), so no
sentence is assembled from fragments in code. English is the fallback for a
missing message. This module sits above ``core`` and ``games`` (it imports
``fluent.runtime``); importing it installs it as the backend of
:func:`relicbox.core.i18n.message`, through which the games' text modules speak.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from relicbox.core import i18n as _core_i18n
from relicbox.core.errors import number_text
from relicbox.core.i18n import LANGUAGES as LANGUAGES

if TYPE_CHECKING:  # Fluent loads at the first message that needs it (a slow import)
    from fluent.runtime import FluentBundle

FALLBACK = LANGUAGES[0]
LOCALES_DIR = Path(__file__).parent / "locales"
GAMES_DIR = Path(__file__).parent / "games"


def locale_roots() -> list[Path]:
    """Every folder holding ``<lang>/*.ftl`` catalogs: the interfaces' and each game's."""
    return [LOCALES_DIR, *sorted(GAMES_DIR.glob("*/locales"))]


BROWSER_ONLY = "web-board"
"""Catalogs of the browser's board modules (``web-board*.ftl``): served to pages only, never
formatted here, so their ids live in a namespace of their own."""


def catalog_files(lang: str) -> list[Path]:
    """The ``.ftl`` files of ``lang`` itself (no fallback), in a stable order."""
    return [
        path
        for root in locale_roots()
        for path in sorted((root / lang).glob("*.ftl"))
        if not path.name.startswith(BROWSER_ONLY)
    ]


def _check(lang: str) -> str:
    if lang not in LANGUAGES:
        raise ValueError(
            f"language {lang!r} is not available: choose one of {', '.join(LANGUAGES)}"
        )
    return lang


@cache
def bundle(lang: str) -> FluentBundle:
    """Every message of ``lang``'s own catalogs in one bundle, loaded once per process."""
    from fluent.runtime import FluentBundle, FluentResource

    result = FluentBundle([_check(lang)], use_isolating=False)
    for path in catalog_files(lang):
        result.add_resource(FluentResource(path.read_text(encoding="utf-8")))
    return result


_MESSAGE_LINE = re.compile(r"([A-Za-z][A-Za-z0-9_-]*) *=")


@cache
def _message_files(lang: str) -> tuple[dict[str, Path], dict[str, str]]:
    """Which of ``lang``'s catalogs defines each message, and the plain ones' text.

    Found from a scan of the lines: the catalogs hold no terms and no references between
    messages, so one message needs only its own file, and a one-line message without
    placeables is its own text. A command that shows a few messages parses one catalog, or
    none, instead of all of them (which took most of ``relicbox games``' start). The first
    file defining an id wins, as in :func:`bundle`.
    """
    files: dict[str, Path] = {}
    plain: dict[str, str] = {}
    for path in catalog_files(lang):
        lines = path.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines):
            match = _MESSAGE_LINE.match(line)
            if not match or match.group(1) in files:
                continue
            files[match.group(1)] = path
            value = line[match.end() :].strip()
            following = next((rest for rest in lines[number + 1 :] if rest.strip()), "")
            simple = "{" not in _PLACEABLE.sub("", value) and "}" not in _PLACEABLE.sub("", value)
            if value and simple and not following.startswith((" ", "\t")):
                plain[match.group(1)] = value
    return files, plain


_PLACEABLE = re.compile(r"\{ *\$([A-Za-z][A-Za-z0-9_-]*) *\}")


def _fill(template: str, args: Mapping[str, Any]) -> str | None:
    """A one-line message whose only placeables are variables, filled in as Fluent would;
    None when an argument is missing or is not text or a whole number (Fluent formats
    other numbers by locale)."""
    names = _PLACEABLE.findall(template)
    values: dict[str, str] = {}
    for name in names:
        value = args.get(name)
        if isinstance(value, str):
            values[name] = value
        elif isinstance(value, int) and not isinstance(value, bool):
            values[name] = str(value) if abs(value) < 10**15 else number_text(value)
        else:
            return None
    return _PLACEABLE.sub(lambda found: values[found.group(1)], template)


@cache
def _file_bundle(lang: str, path: Path) -> FluentBundle:
    from fluent.runtime import FluentBundle, FluentResource

    result = FluentBundle([lang], use_isolating=False)
    result.add_resource(FluentResource(path.read_text(encoding="utf-8")))
    return result


def _fluent_args(args: Mapping[str, Any]) -> dict[str, Any]:
    from fluent.runtime.types import fluent_number

    # Numbers keep their digits together: a seed is 123456, not 123,456. A number too long
    # for the number formatter (a hostile value quoted in an error) is shown as its digits, or
    # by their count when Python will not print them all (over 4,300 digits).
    return {
        key: (
            fluent_number(value, useGrouping=False) if abs(value) < 10**15 else number_text(value)
        )
        if isinstance(value, int) and not isinstance(value, bool)
        else value
        for key, value in args.items()
    }


def format_message(lang: str, message_id: str, args: Mapping[str, Any]) -> tuple[str, list[Any]]:
    """The message and the errors Fluent met while formatting it (tests want none)."""
    for code in (lang, FALLBACK) if lang != FALLBACK else (lang,):
        files, plain = _message_files(code)
        if message_id in plain:
            filled = _fill(plain[message_id], args)
            if filled is not None:
                return filled, []
        path = files.get(message_id)
        if path is None:
            continue
        catalog = _file_bundle(code, path)
        if catalog.has_message(message_id):
            found = catalog.get_message(message_id)
            if found.value is None:
                break
            text, errors = catalog.format_pattern(found.value, _fluent_args(args))
            return str(text), list(errors)
    return message_id, [KeyError(f"no message {message_id!r} in {lang!r}")]


def tr(lang: str, message_id: str, **args: Any) -> str:
    """The message ``message_id`` in ``lang``, with ``args`` filled in."""
    return format_message(_check(lang), message_id, args)[0]


def _format(lang: str, message_id: str, args: Mapping[str, Any]) -> str:
    return format_message(_check(lang), message_id, args)[0]


def catalog_ids(lang: str) -> set[str]:
    """The message ids defined in ``lang``'s own files (no fallback), for completeness tests."""
    from fluent.syntax import FluentParser, ast

    ids: set[str] = set()
    for path in catalog_files(lang):
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


_core_i18n.install_formatter(_format)
