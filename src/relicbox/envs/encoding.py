"""Fixed-shape observation encodings of a seat's view, shared by every adapter.

An encoder turns ``state.view(seat)`` (and nothing else) into a flat
``numpy.float32`` vector whose every entry lies in ``[0, 1]``. Its shape is fixed
for one game, player count and set of options, so every observation of an
environment has the same shape. Each game's encoder lives in
:mod:`relicbox.envs.encoders` and documents its layout in its module docstring;
:attr:`Encoder.fields` lists the same slices by name, in order, so a slice can be
looked up with :meth:`Encoder.slice`.

Seats are *relative* in every per-seat block: block 0 is the observing seat, block
1 the seat on its left (the next seat number), and so on. The same encoding is
therefore correct for a policy that plays any seat.

The action mask comes from the game's fixed action space (``game.num_actions``
entries, ``int8``): 1 for every legal action of the seat now, 0 otherwise; all
zeros when the seat has nothing to decide.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from relicbox.core.errors import ConfigurationError
from relicbox.core.game import Game, State
from relicbox.core.history import FrozenList

ENCODER_MODULES = {
    "diamant": "relicbox.envs.encoders.diamant",
    "tschak": "relicbox.envs.encoders.tschak",
    "relic-runners": "relicbox.envs.encoders.relic_runners",
}


class Encoder:
    """Encodes views of one game configuration into vectors of one fixed shape.

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

    def fill(self, view: Mapping[str, Any], out: np.ndarray) -> None:
        """Write the encoding of ``view`` into ``out`` (float32, shape :attr:`shape`),
        every entry already in [0, 1]."""
        values = self.values(view)
        if len(values) != self.size:
            raise ValueError(
                f"{self.game.name} encoder produced {len(values)} values, expected {self.size}"
            )
        out[:] = values
        np.clip(out, 0.0, 1.0, out=out)

    def encode(self, view: Mapping[str, Any], out: np.ndarray | None = None) -> np.ndarray:
        """The vector for ``view`` (a seat's view): float32, shape :attr:`shape`, in [0, 1].

        With ``out`` (such a vector) it is written there and returned; else a new one.
        """
        vector = np.empty(self.size, dtype=np.float32) if out is None else out
        self.fill(view, vector)
        return vector


def encoder_for(game: Game, players: int, options: Mapping[str, object] | None = None) -> Encoder:
    """The encoder of ``game`` for ``players`` seats and these options."""
    module_name = ENCODER_MODULES.get(game.name)
    if module_name is None:
        raise ConfigurationError(f"game {game.name!r} has no observation encoding yet")
    module = importlib.import_module(module_name)
    given: dict[str, Any] = dict(options or {})
    template = game.new_state(players, 0, record=False, **given).view(None)
    encoder: Encoder = module.GameEncoder(game, players, template)
    return encoder


_MASKS: dict[tuple[int, tuple[int, ...]], np.ndarray] = {}
_MASK_MEMO = 4096
"""Masks met before, by action-space size and legal indices (cleared past this many)."""


def action_mask(state: State, seat: int) -> np.ndarray:
    """The seat's legal actions as an int8 vector over the game's fixed action space."""
    size = state.game.num_actions
    key = (size, tuple([action.index for action in state.legal_actions(seat)]))
    mask = _MASKS.get(key)
    if mask is None:
        if len(_MASKS) >= _MASK_MEMO:
            _MASKS.clear()
        mask = _MASKS[key] = np.zeros(size, dtype=np.int8)
        mask[list(key[1])] = 1
    return mask.copy()


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


__all__ = ["Encoder", "action_mask", "counts", "encoder_for", "frac", "one_hot", "rotate"]
