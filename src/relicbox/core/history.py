"""An append-only log that copies of a state share, and read-only JSON for views.

A long game's history (and record) grows by one entry per event. Copying it on
every ``clone()``, or converting all of it to JSON on every ``view()``, makes a long
game quadratically slow. :class:`History` keeps its entries in full chunks, which
never change once full and are shared by every copy, plus a short tail: a copy
costs one pointer per chunk. :meth:`History.converted` keeps each full chunk's JSON
form, so a view converts only the events it has not seen before and hands out the
same event objects again; those are :class:`FrozenDict` and :class:`FrozenList`,
JSON-ready, equal to plain dicts and lists, and refuse to be changed in place, so no
caller can alter another view or the cache by editing its own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import chain
from typing import Any, Generic, NoReturn, TypeVar, overload

T = TypeVar("T")

CHUNK = 256
"""Entries per shared chunk."""


class History(Generic[T]):
    """A list that is only ever appended to; :meth:`copy` shares every full chunk."""

    __slots__ = ("_chunks", "_converted", "_tail", "_tail_converted")

    def __init__(self, items: Iterable[T] = ()) -> None:
        self._chunks: list[tuple[T, ...]] = []
        self._tail: list[T] = []
        self._converted: list[tuple[Any, ...] | None] = []
        self._tail_converted: list[Any] = []
        for item in items:
            self.append(item)

    def append(self, item: T) -> None:
        tail = self._tail
        tail.append(item)
        if len(tail) == CHUNK:
            self._chunks.append(tuple(tail))
            converted = self._tail_converted
            self._converted.append(tuple(converted) if len(converted) == CHUNK else None)
            self._tail = []
            self._tail_converted = []

    def extend(self, items: list[T]) -> None:
        """Append each of ``items`` in order; one call for a step's several entries."""
        tail = self._tail
        if len(tail) + len(items) < CHUNK:
            tail.extend(items)
            return
        for item in items:
            self.append(item)

    def copy(self) -> History[T]:
        other: History[T] = History.__new__(History)
        other._chunks = self._chunks.copy()
        other._converted = self._converted.copy()
        other._tail = self._tail.copy()
        other._tail_converted = self._tail_converted.copy()
        return other

    def converted(self, convert: Callable[[T], Any]) -> list[Any]:
        """``[convert(e) for e in self]``, converting each entry once per line of copies.

        Always pass the same ``convert`` for one history: the results are cached.
        """
        return self.converted_since(0, convert)

    def converted_since(self, start: int, convert: Callable[[T], Any]) -> list[Any]:
        """``self.converted(convert)[start:]``, converting and copying only those entries.

        A reader that keeps the converted entries it already has adds just the new ones.
        """
        chunks, cache = self._chunks, self._converted
        tail, tail_done = self._tail, self._tail_converted
        for entry in tail[len(tail_done) :]:
            tail_done.append(convert(entry))
        tail_base = len(chunks) * CHUNK
        if start >= tail_base:  # the common case: a reader that keeps up reads only the tail
            return tail_done[start - tail_base :]
        out: list[Any] = []
        for i in range(start // CHUNK, len(chunks)):
            done = cache[i]
            if done is None:
                done = cache[i] = tuple([convert(entry) for entry in chunks[i]])
            out.extend(done[max(0, start - i * CHUNK) :])
        out.extend(tail_done)
        return out

    def since(self, start: int) -> list[T]:
        """``self[start:]``; a reader that keeps up reads only the tail."""
        tail_base = len(self._chunks) * CHUNK
        if start >= tail_base:
            return self._tail[start - tail_base :]
        return self._range(start, tail_base + len(self._tail))

    def __len__(self) -> int:
        return len(self._chunks) * CHUNK + len(self._tail)

    def __iter__(self) -> Iterator[T]:
        return chain(*self._chunks, self._tail)

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if step != 1:
                return list(self)[index]
            return self._range(start, stop)
        size = len(self)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("history index out of range")
        chunk, offset = divmod(index, CHUNK)
        if chunk < len(self._chunks):
            return self._chunks[chunk][offset]
        return self._tail[offset]

    def _range(self, start: int, stop: int) -> list[T]:
        """Entries ``start`` to ``stop``, touching only the chunks that hold them."""
        out: list[T] = []
        chunks = self._chunks
        first = start // CHUNK
        for number in range(first, min(len(chunks), (stop + CHUNK - 1) // CHUNK)):
            base = number * CHUNK
            out.extend(chunks[number][max(0, start - base) : stop - base])
        tail_base = len(chunks) * CHUNK
        if stop > tail_base:
            out.extend(self._tail[max(0, start - tail_base) : stop - tail_base])
        return out

    def __eq__(self, other: object) -> bool:
        if isinstance(other, History):
            return len(self) == len(other) and list(self) == list(other)
        if isinstance(other, list):
            return list(self) == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"History({list(self)!r})"


def _read_only(self: object, *args: object, **kwargs: object) -> NoReturn:
    raise TypeError(f"{type(self).__name__} is read-only: copy it to change it")


class FrozenDict(dict[str, Any]):
    """A dict that refuses changes; copies (``dict(x)``, pickle, deepcopy) are plain dicts."""

    __slots__ = ()
    __setitem__ = __delitem__ = _read_only
    clear = pop = popitem = setdefault = update = _read_only
    __ior__ = _read_only

    def __reduce__(self) -> tuple[Any, ...]:
        return (dict, (dict(self),))

    def __copy__(self) -> dict[str, Any]:
        return dict(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, Any]:
        from copy import deepcopy

        return {key: deepcopy(value, memo) for key, value in self.items()}


class FrozenList(list[Any]):
    """A list that refuses changes; copies (``list(x)``, pickle, deepcopy) are plain lists."""

    __slots__ = ()
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _read_only
    append = extend = insert = pop = remove = clear = sort = reverse = _read_only

    def __reduce__(self) -> tuple[Any, ...]:
        return (list, (list(self),))

    def __copy__(self) -> list[Any]:
        return list(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> list[Any]:
        from copy import deepcopy

        return [deepcopy(value, memo) for value in self]


def frozen(value: Any) -> Any:
    """A JSON value with every dict and list inside made read-only."""
    if isinstance(value, dict):
        return FrozenDict({key: frozen(item) for key, item in value.items()})
    if isinstance(value, list):
        return FrozenList(frozen(item) for item in value)
    return value


__all__ = ["CHUNK", "FrozenDict", "FrozenList", "History", "frozen"]
