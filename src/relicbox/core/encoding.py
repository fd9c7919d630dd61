"""The observation encoder contract: a seat's view as a fixed-length list of numbers.

An encoder turns ``state.view(seat)`` (and nothing else) into numbers in ``[0, 1]``
whose count is fixed for one game, player count and set of options. Each game that has
one registers it as its ``encoder`` part (a :class:`~relicbox.core.game.Part`, imported
only when an adapter asks for it), and documents its layout in its module docstring;
:attr:`Encoder.fields` lists the same slices by name, in order, so a slice can be
looked up with :meth:`Encoder.slice`. The learning adapters (``relicbox.envs``) write
the numbers into NumPy vectors; the encoders themselves are pure Python.

An adapter that encodes one seat again and again keeps a :class:`Slate` per seat and
calls :meth:`Encoder.refresh`: the encoder writes only what changed since that slate's
last view. Views hand out the same read-only lists and dicts
(:class:`~relicbox.core.history.FrozenList`, :class:`~relicbox.core.history.FrozenDict`)
until their contents change, so "the same object as last time" means "the same
numbers as last time" for them; anything else is encoded afresh.

Seats are *relative* in every per-seat block: block 0 is the observing seat, block
1 the seat on its left (the next seat number), and so on. The same encoding is
therefore correct for a policy that plays any seat.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Mapping, MutableSequence, Sequence
from typing import Any

from relicbox.core.game import Game
from relicbox.core.history import FrozenDict, FrozenList

READ_ONLY = (FrozenList, FrozenDict, tuple)
"""The types whose very object, met again, holds the same contents."""


class Slate:
    """One seat's encoding kept between its views, and what it was made from.

    ``values`` is a float32 :class:`array.array` of the encoder's size (an adapter wraps
    it as a NumPy vector without copying); ``memo`` is the encoder's own record of the
    view parts it last wrote, empty for a fresh slate (which is then written whole).
    """

    __slots__ = ("memo", "values")

    def __init__(self, size: int) -> None:
        self.values = array("f", bytes(4 * size))
        self.memo: dict[str, Any] = {}

    def clear(self) -> None:
        """Forget what the slate was made from: the next refresh writes it whole."""
        self.memo.clear()
        self.values[:] = zeros(len(self.values))


_ZEROS: dict[int, array[float]] = {}


def zeros(length: int) -> array[float]:
    """``length`` float32 zeros, made once per length (for clearing a slice of a slate)."""
    found = _ZEROS.get(length)
    if found is None:
        found = _ZEROS[length] = array("f", bytes(4 * length))
    return found


def write_counts(
    out: array[float],
    start: int,
    codes: Iterable[Any],
    vocabulary: Mapping[Any, int],
    share: float,
    length: int,
) -> None:
    """``out[start:start + length]`` becomes how often each vocabulary entry occurs in
    ``codes`` times ``share`` (entries not in the vocabulary are ignored).

    The sums are made as :func:`counts` makes them, so the numbers are the same."""
    out[start : start + length] = zeros(length)
    found: dict[int, float] = {}
    for code in codes:
        position = vocabulary.get(code)
        if position is not None:
            found[position] = found.get(position, 0.0) + share
    for position, value in found.items():
        out[start + position] = value


class Shared:
    """Numbers worked out from read-only view parts, shared by every slate of an encoder.

    Every seat's view holds the very same read-only object for a public part, so its
    numbers are worked out once for all seats (by ``make``); the entry keeps the object,
    so its id is not reused while the entry lasts."""

    __slots__ = ("_known", "limit")

    def __init__(self, limit: int = 64) -> None:
        self._known: dict[int, tuple[object, Any]] = {}
        self.limit = limit

    def get(self, part: Any, make: Callable[[Any], Any]) -> Any:
        found = self._known.get(id(part))
        if found is not None and found[0] is part:
            return found[1]
        made = make(part)
        if type(part) in READ_ONLY:
            if len(self._known) >= self.limit:
                self._known.clear()
            self._known[id(part)] = (part, made)
        return made


_NO_SEAT = object()


def memo_for(slate: Slate, seat: int | None) -> dict[str, Any]:
    """The slate's memo for a view of ``seat``: emptied (so the slate is written whole)
    when the slate last held another seat's view, since every relative block moves."""
    memo = slate.memo
    if memo.get("seat", _NO_SEAT) != seat:
        memo.clear()
        memo["seat"] = seat
    return memo


class Encoder:
    """Encodes views of one game configuration into vectors of one fixed length.

    A subclass sets :attr:`fields` in ``__init__`` (name and length of every
    slice, in order) and implements :meth:`values`, the flat list of numbers for
    one view, and may implement :meth:`refresh`, which writes them into a
    :class:`Slate` kept between views, rewriting only the parts of the view that
    changed since (the numbers must be those of :meth:`values`, clipped to [0, 1]).
    ``template`` is the spectator view of a fresh state of the same configuration:
    encoders read board layouts from it, never hidden parts.
    """

    fields: list[tuple[str, int]]

    def __init__(self, game: Game, players: int, template: Mapping[str, Any]) -> None:
        self.game = game
        self.players = players
        self.fields = []

    @property
    def size(self) -> int:
        size: int | None = self.__dict__.get("_size")
        if size is None:  # fields are fixed once __init__ has set them
            size = self.__dict__["_size"] = sum(length for _, length in self.fields)
        return size

    @property
    def shape(self) -> tuple[int]:
        return (self.size,)

    def slice(self, name: str) -> slice:
        """Where the field ``name`` lies in an encoded vector."""
        start = 0
        for field, length in self.fields:
            if field == name:
                return slice(start, start + length)
            start += length
        raise KeyError(f"no field {name!r} in the {self.game.name} encoding")

    def values(self, view: Mapping[str, Any]) -> list[float]:
        raise NotImplementedError

    def refresh(self, view: Mapping[str, Any], slate: Slate) -> None:
        """Bring ``slate`` to the encoding of ``view``, every entry in [0, 1].

        This default writes the whole of :meth:`values`; encoders override it to write
        only the parts that changed since the slate's last view (see :class:`Slate`).
        """
        values = self.values(view)
        if len(values) != self.size:
            raise ValueError(
                f"{self.game.name} encoder produced {len(values)} values, expected {self.size}"
            )
        slate.values[:] = array(
            "f", [0.0 if value < 0.0 else (1.0 if value > 1.0 else value) for value in values]
        )

    def slate(self) -> Slate:
        """A fresh slate of this encoder's size."""
        return Slate(self.size)

    def fill(self, view: Mapping[str, Any], out: MutableSequence[float] | Any) -> None:
        """Write the encoding of ``view`` into ``out`` (a vector of :attr:`size` numbers,
        such as a NumPy float32 array), every entry in [0, 1]."""
        slate = self.slate()
        self.refresh(view, slate)
        out[:] = slate.values


# -- helpers for the per-game encoders -------------------------------------------


def frac(value: float | None, top: float) -> float:
    """``value / top`` clipped to [0, 1]; 0 for ``None``."""
    if value is None:
        return 0.0
    share = value / top
    return 0.0 if share < 0.0 else (1.0 if share > 1.0 else share)


_ONE_HOTS: dict[int, tuple[tuple[float, ...], ...]] = {}


def one_hot(index: int | None, size: int) -> tuple[float, ...]:
    """``size`` zeros with a 1 at ``index`` (all zeros for ``None`` or out of range).

    The tuples are built once per size and shared (they are immutable).
    """
    table = _ONE_HOTS.get(size)
    if table is None:
        rows = [tuple(1.0 if i == j else 0.0 for j in range(size)) for i in range(size)]
        table = _ONE_HOTS[size] = (*rows, (0.0,) * size)
    if index is None or not 0 <= index < size:
        return table[size]
    return table[index]


def rotate(values: Sequence[Any], seat: int) -> list[Any]:
    """Per-seat values reordered so the observing seat comes first, then its left."""
    return list(values[seat:]) + list(values[:seat])


_COUNTS: dict[tuple[int, int, float], tuple[object, object, tuple[float, ...]]] = {}
_COUNTS_MEMO = 4096
"""Counts of read-only lists met before (views hand out the same list until it changes)."""


def counts(codes: Iterable[str], vocabulary: Mapping[str, int], scale: float) -> Sequence[float]:
    """How often each vocabulary entry occurs in ``codes``, divided by ``scale``.

    For a read-only list (:class:`FrozenList`, as views hold) the answer is kept and
    given again while the very same list comes back: encoding then costs only what
    changed since the last view.
    """
    frozen = type(codes) is FrozenList
    if frozen:
        key = (id(codes), id(vocabulary), scale)
        known = _COUNTS.get(key)
        # The entry holds the list and the vocabulary, so their ids are not reused.
        if known is not None and known[0] is codes and known[1] is vocabulary:
            return known[2]
    out = [0.0] * len(vocabulary)
    for code in codes:
        position = vocabulary.get(code)
        if position is not None:
            out[position] += 1.0 / scale
    if frozen:
        if len(_COUNTS) >= _COUNTS_MEMO:
            _COUNTS.clear()
        _COUNTS[key] = (codes, vocabulary, tuple(out))
    return out


_UNSEEN = object()
"""In a memo, a part that was not read-only: nothing is ever this object."""


def same(memo: dict[str, Any], key: str, part: object) -> bool:
    """Whether ``part`` is the read-only object (or ``None``) the slate's ``memo`` saw
    under ``key``, so its numbers are written already; otherwise it is remembered for
    next time (the memo holds it, so its id cannot be reused meanwhile)."""
    if memo.get(key, _UNSEEN) is part:
        return True
    memo[key] = part if part is None or type(part) in READ_ONLY else _UNSEEN
    return False


__all__ = [
    "READ_ONLY",
    "Encoder",
    "Shared",
    "Slate",
    "counts",
    "frac",
    "memo_for",
    "one_hot",
    "rotate",
    "same",
    "write_counts",
    "zeros",
]
