"""The exceptions every part of relicbox raises.

All of them derive from :class:`RelicboxError`, so a caller can catch one type.
Messages quote the offending value and give the reason, and list what is allowed
where there is a short list to offer.
"""

from __future__ import annotations


class RelicboxError(Exception):
    """Base class of every error relicbox raises on purpose."""


class InvalidActionError(RelicboxError, ValueError):
    """An action that cannot be read at all: unknown text, bad index, wrong type."""


class IllegalActionError(RelicboxError):
    """A well-formed action that the rules do not allow now."""


class ConfigurationError(RelicboxError, ValueError):
    """Unknown game, unknown option, bad option value or player count out of range."""


class StateFormatError(RelicboxError, ValueError):
    """A state or record dict that does not describe a valid position."""


class RecordError(RelicboxError, ValueError):
    """A game record that cannot be replayed (wrong rules version, bad event, ...)."""


class SeatError(IllegalActionError, InvalidActionError):
    """A seat that is not one of the game's seats: not a plain ``int``, or out of range.

    It is both an :class:`IllegalActionError` (when it comes with an action) and an
    :class:`InvalidActionError` (a :class:`ValueError`), so callers catching either keep working.
    """


def quote(value: object, limit: int = 80) -> str:
    """``repr(value)`` cut to ``limit`` characters, for quoting untrusted input in a message."""
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__ must not hide the real error
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."
