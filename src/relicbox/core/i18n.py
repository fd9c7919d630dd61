"""Messages for the pure layers: a message id and its arguments, formatted by a pluggable backend.

``core`` and ``games`` import no third-party package, so they cannot read the
Project Fluent catalogs themselves. A game's text module asks for a sentence by
id (``message(lang, "diamant-deck", size=3)``) and the backend that an upper
layer installs with :func:`install_formatter` turns it into words, with the
language's real plural forms. ``relicbox.i18n`` is that backend: the top-level
package registers it with :func:`set_backend_loader`, and it is loaded the first
time a sentence is needed, so importing the engine costs nothing extra.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

LANGUAGES = ("en", "cs")
"""The languages of every catalog, English (the fallback) first."""

Formatter = Callable[[str, str, Mapping[str, Any]], str]
"""``formatter(lang, message_id, args)`` -> the sentence."""

_formatter: Formatter | None = None
_loader: Callable[[], object] | None = None


def install_formatter(formatter: Formatter) -> None:
    """Make ``formatter`` the backend every :func:`message` call goes through."""
    global _formatter
    _formatter = formatter


def set_backend_loader(loader: Callable[[], object]) -> None:
    """Register a callable that installs the backend; it runs at the first :func:`message`."""
    global _loader
    _loader = loader


def message(lang: str, message_id: str, **args: Any) -> str:
    """The sentence ``message_id`` in ``lang`` with ``args`` filled in."""
    global _loader
    if _formatter is None and _loader is not None:
        loader, _loader = _loader, None
        loader()
    if _formatter is None:
        raise RuntimeError(
            f"no message formatter is installed to show {message_id!r}: import relicbox.i18n"
        )
    return _formatter(lang, message_id, args)
