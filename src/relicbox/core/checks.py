"""Small checks for reading untrusted JSON into a state, each naming the field it refuses.

Every game's body loader reads its fields through these, so a wrong type, a value
out of range or a list of the wrong length is a :class:`StateFormatError` with a
sentence that says which field and why, never a ``TypeError`` deep in the rules.
Whole numbers are plain ``int`` (``True`` is not a number here), text is ``str``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeVar, cast

from relicbox.core.errors import StateFormatError, quote

T = TypeVar("T")

MAX_LIST = 100_000
"""No list in a state body is longer (histories of very long games stay far below it)."""

MAX_EVENTS = 100_000
"""No game record (nor a state's ``events``) holds more events: the longest random Relic
Runners games take about 30,000, and a longer list is refused before any event is read."""

MAX_OPTION_WHOLE = 1_000_000_000
"""The largest value of a whole-number option (turn and round caps): far beyond any game, and
small enough that every record writes as plain JSON."""


def option_whole(value: object, high: int = MAX_OPTION_WHOLE) -> int | None:
    """A whole-number option's value, or ``None`` when ``value`` is not one.

    A plain ``int`` from 0 to ``high``, or the same written in ASCII digits (spaces
    around allowed). ``str.isdigit`` would also pass superscripts and other scripts'
    digits that ``int`` refuses or reads, and thousands of digits that ``int`` refuses.
    """
    if type(value) is int:
        return value if 0 <= value <= high else None
    if not isinstance(value, str):
        return None
    digits = value.strip()
    if not 0 < len(digits) <= len(str(high)) or not (digits.isascii() and digits.isdigit()):
        return None
    number = int(digits)
    return number if number <= high else None


def fail(field: str, reason: str) -> StateFormatError:
    """The error for a refused field: ``state field 'body.deck': <reason>``."""
    return StateFormatError(f"state field {field!r} {reason}")


def whole_problem(value: object, low: int | None = 0, high: int | None = None) -> str | None:
    """Why ``value`` is not a plain ``int`` within ``low..high`` (either bound may be
    ``None``), or ``None`` when it is one."""
    if (
        type(value) is not int
        or (low is not None and value < low)
        or (high is not None and value > high)
    ):
        lo = "" if low is None else f" >= {low}"
        hi = "" if high is None else f" <= {high}"
        joined = " and".join(part for part in (lo, hi) if part)
        return f"must be a whole number{joined}, got {quote(value)}"
    return None


def whole(value: object, field: str, low: int | None = 0, high: int | None = None) -> int:
    """A plain ``int`` within ``low..high`` (either bound may be ``None``)."""
    problem = whole_problem(value, low, high)
    if problem is not None:
        raise fail(field, problem)
    return cast(int, value)


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


MAX_DEPTH = 32
"""Deepest nesting of lists and objects accepted in a plain JSON value."""

MAX_DIGITS = 20
"""Longest whole number accepted in a plain JSON value (64-bit numbers have 20 digits)."""


def json_problem(value: object, where: str = "", depth: int = 0) -> str | None:
    """Why ``value`` is not plain JSON that writes and reads back the same, or ``None``.

    Plain JSON: objects with text keys, lists, text, finite numbers (whole numbers of
    at most :data:`MAX_DIGITS` digits), true, false and null, at most :data:`MAX_DEPTH`
    levels deep.
    """
    at = f" at {where}" if where else ""
    if depth > MAX_DEPTH:
        return f"it is nested more than {MAX_DEPTH} levels deep{at}"
    if value is None or isinstance(value, (bool, str)):
        return None
    if isinstance(value, int):
        if type(value) is not int or abs(value) >= 10**MAX_DIGITS:
            return f"it has a whole number that is too long{at}"
        return None
    if isinstance(value, float):
        if type(value) is not float or value != value or value in (float("inf"), float("-inf")):
            return f"it has a number JSON cannot hold{at}: {quote(value)}"
        return None
    if isinstance(value, list | tuple):
        for i, item in enumerate(value):
            problem = json_problem(item, f"{where}[{i}]", depth + 1)
            if problem is not None:
                return problem
        return None
    if isinstance(value, Mapping):
        for key, item in value.items():
            if not isinstance(key, str):
                return f"it has a key that is not text{at}: {quote(key)}"
            problem = json_problem(item, f"{where}.{key}" if where else key, depth + 1)
            if problem is not None:
                return problem
        return None
    return (
        f"it has a {type(value).__name__} value{at}: only text, numbers, true/false, null, "
        "lists and objects are allowed"
    )


def distinct(values: Sequence[T], field: str) -> None:
    if len(set(values)) != len(values):
        raise fail(field, f"must not repeat an entry, got {quote(list(values))}")


__all__ = [
    "MAX_EVENTS",
    "MAX_LIST",
    "MAX_OPTION_WHOLE",
    "distinct",
    "fail",
    "flag",
    "flags",
    "json_problem",
    "need",
    "obj",
    "option_whole",
    "optional_whole",
    "seq",
    "text",
    "whole",
    "wholes",
]
