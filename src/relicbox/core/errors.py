"""The exceptions every part of relicbox raises.

All of them derive from :class:`RelicboxError`, so a caller can catch one type.
Messages quote the offending value and give the reason, and list what is allowed
where there is a short list to offer.

An error a person can cause (a refused move, an unknown action or option) also
carries a :class:`Reason`: the catalog message that says the same in any
language. ``str(error)`` stays the English sentence; :meth:`RelicboxError.localized`
gives the sentence in the user's language.
"""

from __future__ import annotations

import itertools
import reprlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TypeVar

from relicbox.core.i18n import message

Scalar = str | int | float | bool | None
"""A message argument: plain JSON data, so a reason can travel to a browser as it is."""


@dataclass(frozen=True, slots=True)
class Reason:
    """Why something was refused: a Fluent message id and its arguments.

    Built only on the failure path, so a legal move costs nothing extra.
    """

    id: str
    args: Mapping[str, Scalar] = field(default_factory=lambda: MappingProxyType({}))

    @classmethod
    def of(cls, message_id: str, **args: Scalar) -> Reason:
        """``Reason.of("error-no-seat", seat=7)``."""
        return cls(message_id, MappingProxyType(args))

    def text(self, lang: str) -> str:
        """The sentence in ``lang`` (``"en"`` or ``"cs"``)."""
        return message(lang, self.id, **self.args)

    def to_json(self) -> dict[str, object]:
        return {"id": self.id, "args": dict(self.args)}


class RelicboxError(Exception):
    """Base class of every error relicbox raises on purpose.

    ``reason`` (optional) is the same refusal as a catalog message; without one the
    error is for developers and reads the same in every language.
    """

    reason: Reason | None

    def __init__(self, *args: object, reason: Reason | None = None) -> None:
        super().__init__(*args)
        self.reason = reason

    def localized(self, lang: str) -> str:
        """The message in ``lang``: the reason's sentence, or ``str(self)`` if there is none."""
        return str(self) if self.reason is None else self.reason.text(lang)


def localized(error: BaseException, lang: str) -> str:
    """Any exception's message in ``lang`` (English for errors that carry no reason)."""
    if isinstance(error, RelicboxError):
        return error.localized(lang)
    return str(error)


E = TypeVar("E", bound=RelicboxError)


def reason_error(kind: type[E], message_id: str, **args: Scalar) -> E:
    """An error of ``kind`` whose English text is the catalog message ``message_id``."""
    reason = Reason.of(message_id, **args)
    return kind(reason.text("en"), reason=reason)


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


class _ShortRepr(reprlib.Repr):
    """A repr that stops early, so quoting stays quick for deep, long or huge input."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 8
        self.maxstring = self.maxother = self.maxlong = 200
        self.maxlist = self.maxtuple = self.maxdict = self.maxset = 24
        self.maxfrozenset = self.maxdeque = self.maxarray = 24

    def repr_int(self, x: int, level: int) -> str:
        return number_text(x)

    def repr_dict(self, x: dict[object, object], level: int) -> str:
        """As ``repr`` writes it: keys in their own order (``reprlib`` would sort them)."""
        if not x:
            return "{}"
        if level <= 0:
            return "{...}"
        items = [
            f"{self.repr1(key, level - 1)}: {self.repr1(value, level - 1)}"
            for key, value in itertools.islice(x.items(), self.maxdict)
        ]
        more = ", ..." if len(x) > self.maxdict else ""
        return "{" + ", ".join(items) + more + "}"


_QUOTED = _ShortRepr()

MAX_NUMBER_DIGITS = 40
"""Whole numbers longer than this are named by their digit count when quoted."""


def number_text(value: int) -> str:
    """``str(value)``, or ``"a 5001-digit number"`` for one too long to print whole.

    Python refuses to turn numbers of more than 4,300 digits into text, and a message
    quoting a 40-digit seat already says all there is to say.
    """
    magnitude = abs(value)
    if magnitude < 10**MAX_NUMBER_DIGITS:
        return str(value)
    digits = int(magnitude.bit_length() * 0.30102999566398120) + 1  # log10(2), maybe one over
    if magnitude < 10 ** (digits - 1):
        digits -= 1
    sign = " negative" if value < 0 else ""
    return f"a {digits}-digit{sign} number"


def shorten(text: str, limit: int = 80) -> str:
    """``text`` cut to ``limit`` characters (ending in ``...`` when cut)."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def clip(text: str, limit: int = 300) -> str:
    """``text`` cut in the middle to at most ``limit`` characters, so a sentence quoting a
    long input keeps its start (what was refused) and its end (why, and what is allowed)."""
    if len(text) <= limit:
        return text
    head = (limit - 5) * 2 // 3
    return f"{text[:head]} ... {text[len(text) - (limit - 5 - head) :]}"


def shortened(reason: Reason, limit: int = 80) -> Reason:
    """``reason`` with every text argument longer than ``limit`` cut (a quoted input)."""
    args = {
        key: shorten(value, limit) if isinstance(value, str) else value
        for key, value in reason.args.items()
    }
    return Reason.of(reason.id, **args)


def quote(value: object, limit: int = 80) -> str:
    """``repr(value)`` cut to ``limit`` characters, for quoting untrusted input in a message.

    Deep, long and huge values are quoted without walking them whole (a bounded
    ``reprlib``); numbers too long to print are named by their digit count.
    """
    try:
        if type(value) is int:
            text = number_text(value)
        elif isinstance(value, str | bytes):
            text = repr(value[: limit + 1])
        else:
            text = _QUOTED.repr(value)
    except Exception:  # a hostile __repr__ must not hide the real error
        text = f"<{type(value).__name__}>"
    return shorten(text, limit)
