"""Reading the view handed to ``Game.sample_state``, as untrusted as a loaded state.

A game's sampler builds a full state from a view that may come from anywhere (a bot
over a socket, a file, a fuzzer). It reads the view through the small *specs* here,
which refuse a wrong type, a value out of range or a missing key with a
:class:`StateFormatError` naming the view field, before it allocates anything sized by
the view; the player count is read first and must be one the game allows. Once the
state is built, :func:`confirm` demands that its view for the same looker is the
input view, so a view whose fields contradict each other is refused too, naming the
first field that does not fit.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from relicbox.core.checks import whole_problem
from relicbox.core.errors import StateFormatError, quote
from relicbox.core.game import State

Spec = Callable[[Any, str], None]
"""Checks one value of a view; the second argument is the field's name for the message."""

MAX_ITEMS = 100_000
"""No list in a view is longer (the longest histories stay far below it)."""


def refuse(field: str, reason: str) -> StateFormatError:
    """The error for a refused view field: ``view field 'path[2].gems' <reason>``."""
    return StateFormatError(f"view field {field!r} {reason}")


def whole(low: int | None = 0, high: int | None = None) -> Spec:
    """A plain ``int`` (not ``True``) within ``low..high``."""

    def check(value: Any, field: str) -> None:
        problem = whole_problem(value, low, high)
        if problem is not None:
            raise refuse(field, problem)

    return check


def number() -> Spec:
    """A finite ``int`` or ``float`` (drawing coordinates), not ``True``."""

    def check(value: Any, field: str) -> None:
        finite = type(value) is float and abs(value) != float("inf") and value == value
        if type(value) is not int and not finite:
            raise refuse(field, f"must be a number, got {quote(value)}")

    return check


def flag() -> Spec:
    def check(value: Any, field: str) -> None:
        if type(value) is not bool:
            raise refuse(field, f"must be true or false, got {quote(value)}")

    return check


def text(choices: Collection[str] | None = None) -> Spec:
    """Text, one of ``choices`` when given."""

    def check(value: Any, field: str) -> None:
        if type(value) is not str:
            raise refuse(field, f"must be text, got {quote(value)}")
        if choices is not None and value not in choices:
            shown = ", ".join(sorted(choices)[:12])
            raise refuse(field, f"must be one of {shown}; got {quote(value)}")

    return check


def optional(spec: Spec) -> Spec:
    """``None`` or what ``spec`` accepts."""

    def check(value: Any, field: str) -> None:
        if value is not None:
            spec(value, field)

    return check


def items(spec: Spec, length: int | None = None, most: int = MAX_ITEMS) -> Spec:
    """A list (exactly ``length`` long when given, at most ``most``) of what ``spec`` accepts."""

    def check(value: Any, field: str) -> None:
        if not isinstance(value, list):
            raise refuse(field, f"must be a list, got {quote(value)}")
        if length is not None and len(value) != length:
            raise refuse(field, f"must have {length} entries, got {len(value)}")
        if len(value) > most:
            raise refuse(field, f"must have at most {most} entries, got {len(value)}")
        for i, item in enumerate(value):
            spec(item, f"{field}[{i}]")

    return check


def record(fields: Mapping[str, Spec]) -> Spec:
    """An object with (at least) these keys, each holding what its spec accepts."""

    def check(value: Any, field: str) -> None:
        if not isinstance(value, Mapping):
            raise refuse(field, f"must be an object, got {quote(value)}")
        for key, spec in fields.items():
            if key not in value:
                raise refuse(f"{field}.{key}", "is missing")
            spec(value[key], f"{field}.{key}")

    return check


def mapping(key: Spec, value: Spec, most: int = MAX_ITEMS) -> Spec:
    """An object of at most ``most`` entries, its keys and values checked by the specs."""

    def check(data: Any, field: str) -> None:
        if not isinstance(data, Mapping):
            raise refuse(field, f"must be an object, got {quote(data)}")
        if len(data) > most:
            raise refuse(field, f"must have at most {most} entries, got {len(data)}")
        for name, item in data.items():
            key(name, f"{field} key")
            value(item, f"{field}.{name}")

    return check


def tagged(tag: str, kinds: Mapping[str, Mapping[str, Spec]]) -> Spec:
    """An object whose ``tag`` key names its kind; the kind says which other keys it has."""
    specs = {kind: record(fields) for kind, fields in kinds.items()}
    tag_spec = text(kinds.keys())

    def check(value: Any, field: str) -> None:
        if not isinstance(value, Mapping):
            raise refuse(field, f"must be an object, got {quote(value)}")
        if tag not in value:
            raise refuse(f"{field}.{tag}", "is missing")
        tag_spec(value[tag], f"{field}.{tag}")
        specs[value[tag]](value, field)

    return check


def any_value() -> Spec:
    """Anything: a field the sampler does not read, left to :func:`confirm`."""

    def check(value: Any, field: str) -> None:
        return None

    return check


def read(view: Mapping[str, Any], fields: Mapping[str, Spec]) -> None:
    """Checks the top-level ``fields`` of ``view`` (already known to be an object)."""
    for key, spec in fields.items():
        if key not in view:
            raise refuse(key, "is missing")
        spec(view[key], key)


def header(view: object, game: str, title: str, players: Collection[int]) -> tuple[int, int | None]:
    """The player count and the looker (``None``: a spectator) of a view of ``game``.

    The player count is checked first, against the counts the game allows, so nothing
    sized by it is built for a count the game cannot have.
    """
    if not isinstance(view, Mapping):
        raise StateFormatError(f"a view must be an object, got {quote(view)}")
    if view.get("game") != game:
        raise refuse("game", f"must be {game!r} for a {title} view, got {quote(view.get('game'))}")
    count = view.get("players")
    if type(count) is not int or count not in players:
        allowed = ", ".join(str(n) for n in sorted(players))
        raise refuse("players", f"must be one of {allowed}, got {quote(count)}")
    seat = view.get("seat")
    if seat is not None and (type(seat) is not int or not 0 <= seat < count):
        raise refuse("seat", f"must be null or a seat 0..{count - 1}, got {quote(seat)}")
    return count, seat


@contextmanager
def building() -> Iterator[None]:
    """Turns a refusal of the built state into a refusal of the view it came from."""
    try:
        yield
    except StateFormatError as error:
        raise StateFormatError(f"the view describes no valid position: {error}") from None


def finish(state: State, seat: int | None, view: Mapping[str, Any]) -> State:
    """The sampled ``state``, once :func:`confirm` has found that it shows ``view``.

    A view taken while a chance event is pending (a card about to be revealed) gives a
    state with that event pending; its ``auto_chance`` is off, so that the state says
    the event is for its caller to resolve (``sample_chance``), as a loaded state with
    ``auto_chance`` off does, rather than having nobody to act.
    """
    confirm(state, seat, view)
    if state.is_chance:
        state.auto_chance = False
    return state


def confirm(state: State, seat: int | None, view: Mapping[str, Any]) -> State:
    """``state`` if its view for ``seat`` is ``view``; else a refusal naming the first
    field that differs (the view's fields contradict each other)."""
    shown = state.view(seat)
    if shown == view:
        return state
    field, given, expected = _difference(view, shown, "")
    raise refuse(
        field or "view",
        f"does not fit the rest of the view: got {quote(given)}, "
        f"where the position the other fields describe shows {quote(expected)}",
    )


class _Missing:
    """A key the view lacks, as a refusal quotes it."""

    def __repr__(self) -> str:
        return "nothing"


def _difference(given: Any, shown: Any, field: str) -> tuple[str, Any, Any]:
    """The first place where ``given`` differs from ``shown``, and the two values there."""
    if isinstance(given, Mapping) and isinstance(shown, Mapping):
        for key in shown:
            where = f"{field}.{key}" if field else str(key)
            if key not in given:
                return where, _Missing(), shown[key]
            if given[key] != shown[key]:
                return _difference(given[key], shown[key], where)
        extra = next((key for key in given if key not in shown), None)
        where = f"{field}.{extra}" if field else str(extra)
        return where, given[extra] if extra is not None else given, None
    if isinstance(given, list) and isinstance(shown, list) and len(given) == len(shown):
        for i, (a, b) in enumerate(zip(given, shown, strict=True)):
            if a != b:
                return _difference(a, b, f"{field}[{i}]")
    return field, given, shown


__all__ = [
    "MAX_ITEMS",
    "Spec",
    "any_value",
    "building",
    "confirm",
    "finish",
    "flag",
    "header",
    "items",
    "mapping",
    "number",
    "optional",
    "read",
    "record",
    "refuse",
    "tagged",
    "text",
    "whole",
]
