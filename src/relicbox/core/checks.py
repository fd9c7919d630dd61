"""Small checks for reading untrusted JSON into a state, each naming the field it refuses.

Every game's body loader reads its fields through these, so a wrong type, a value
out of range or a list of the wrong length is a :class:`StateFormatError` with a
sentence that says which field and why, never a ``TypeError`` deep in the rules.
Whole numbers are plain ``int`` (``True`` is not a number here), text is ``str``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeVar

from relicbox.core.errors import StateFormatError, quote

T = TypeVar("T")

MAX_LIST = 100_000
"""No list in a state body is longer (histories of very long games stay far below it)."""


def fail(field: str, reason: str) -> StateFormatError:
    """The error for a refused field: ``state field 'body.deck': <reason>``."""
    return StateFormatError(f"state field {field!r} {reason}")


def whole(value: object, field: str, low: int | None = 0, high: int | None = None) -> int:
    """A plain ``int`` within ``low..high`` (either bound may be ``None``)."""
    if (
        type(value) is not int
        or (low is not None and value < low)
        or (high is not None and value > high)
    ):
        lo = "" if low is None else f" >= {low}"
        hi = "" if high is None else f" <= {high}"
        joined = " and".join(part for part in (lo, hi) if part)
        raise fail(field, f"must be a whole number{joined}, got {quote(value)}")
    return value


def optional_whole(
    value: object, field: str, low: int | None = 0, high: int | None = None
) -> int | None:
    return None if value is None else whole(value, field, low, high)


def flag(value: object, field: str) -> bool:
    if type(value) is not bool:
        raise fail(field, f"must be true or false, got {quote(value)}")
    return value


def text(value: object, field: str, choices: Iterable[str] | None = None) -> str:
    if not isinstance(value, str):
        raise fail(field, f"must be text, got {quote(value)}")
    if choices is not None:
        allowed = tuple(choices)
        if value not in allowed:
            raise fail(field, f"must be one of {', '.join(allowed)}; got {quote(value)}")
    return value


def seq(
    value: object,
    field: str,
    length: int | None = None,
    max_length: int = MAX_LIST,
) -> list[Any]:
    """A JSON list (exactly ``length`` long when given)."""
    if not isinstance(value, list):
        raise fail(field, f"must be a list, got {quote(value)}")
    if length is not None and len(value) != length:
        raise fail(field, f"must have {length} entries, got {len(value)}")
    if len(value) > max_length:
        raise fail(field, f"must have at most {max_length} entries, got {len(value)}")
    return value


def obj(value: object, field: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise fail(field, f"must be an object, got {quote(value)}")
    return value


def need(body: Mapping[str, Any], key: str, field: str) -> Any:
    """``body[key]``, or a refusal naming ``field`` when it is missing."""
    if key not in body:
        raise fail(field, "is missing")
    return body[key]


def wholes(
    value: object,
    field: str,
    low: int | None = 0,
    high: int | None = None,
    length: int | None = None,
    max_length: int = MAX_LIST,
) -> list[int]:
    """A list of whole numbers, each within ``low..high``."""
    items = seq(value, field, length, max_length)
    return [whole(v, f"{field}[{i}]", low, high) for i, v in enumerate(items)]


def flags(value: object, field: str, length: int | None = None) -> list[bool]:
    items = seq(value, field, length)
    return [flag(v, f"{field}[{i}]") for i, v in enumerate(items)]


def distinct(values: Sequence[T], field: str) -> None:
    if len(set(values)) != len(values):
        raise fail(field, f"must not repeat an entry, got {quote(list(values))}")


__all__ = [
    "MAX_LIST",
    "distinct",
    "fail",
    "flag",
    "flags",
    "need",
    "obj",
    "optional_whole",
    "seq",
    "text",
    "whole",
    "wholes",
]
