"""The observation encoder contract: a seat's view as a fixed-length list of numbers.

An encoder turns ``state.view(seat)`` (and nothing else) into numbers in ``[0, 1]``
whose count is fixed for one game, player count and set of options. Each game that has
one registers it as its ``encoder`` part (a :class:`~relicbox.core.game.Part`, imported
only when an adapter asks for it), and documents its layout in its module docstring;
:attr:`Encoder.fields` lists the same slices by name, in order, so a slice can be
looked up with :meth:`Encoder.slice`. The learning adapters (``relicbox.envs``) write
the numbers into NumPy vectors; the encoders themselves are pure Python.

Seats are *relative* in every per-seat block: block 0 is the observing seat, block
1 the seat on its left (the next seat number), and so on. The same encoding is
therefore correct for a policy that plays any seat.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, MutableSequence, Sequence
from typing import Any

from relicbox.core.game import Game
from relicbox.core.history import FrozenList


class Encoder:
    """Encodes views of one game configuration into vectors of one fixed length.

    A subclass sets :attr:`fields` in ``__init__`` (name and length of every
    slice, in order) and implements :meth:`values`, the flat list of numbers for
    one view, or :meth:`fill`, which writes them into a preallocated vector
    (faster: no list per step, and read-only parts of a view met before can be
    reused). ``template`` is the spectator view of a fresh state of the same
    configuration: encoders read board layouts from it, never hidden parts.
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

    def fill(self, view: Mapping[str, Any], out: MutableSequence[float] | Any) -> None:
        """Write the encoding of ``view`` into ``out`` (a vector of :attr:`size` numbers,
        such as a NumPy float32 array), every entry in [0, 1]."""
        values = self.values(view)
        if len(values) != self.size:
            raise ValueError(
                f"{self.game.name} encoder produced {len(values)} values, expected {self.size}"
            )
        out[:] = [0.0 if value < 0.0 else (1.0 if value > 1.0 else value) for value in values]


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


__all__ = ["Encoder", "counts", "frac", "one_hot", "rotate"]
