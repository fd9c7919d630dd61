"""Fixed-shape observation encodings of a seat's view as NumPy vectors, for every adapter.

Each game registers its encoder (the contract is :mod:`relicbox.core.encoding`, the
layout is documented in the game's ``encoder`` module); :func:`encoder_for` loads it
for one configuration and gives vectors: ``numpy.float32``, every entry in ``[0, 1]``,
one fixed shape for one game, player count and set of options, so every observation of
an environment has the same shape. :attr:`Encoder.fields` names the slices in order,
and :meth:`Encoder.slice` finds one.

Seats are *relative* in every per-seat block: block 0 is the observing seat, block
1 the seat on its left (the next seat number), and so on. The same encoding is
therefore correct for a policy that plays any seat.

The action mask comes from the game's fixed action space (``game.num_actions``
entries, ``int8``): 1 for every legal action of the seat now, 0 otherwise; all
zeros when the seat has nothing to decide.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from relicbox.core import encoding as contract
from relicbox.core.encoding import counts, frac, one_hot, rotate
from relicbox.core.errors import ConfigurationError
from relicbox.core.game import Game, State


class Encoder:
    """A game's encoder (:class:`relicbox.core.encoding.Encoder`) giving NumPy vectors."""

    def __init__(self, inner: contract.Encoder) -> None:
        self.inner = inner
        self.game = inner.game
        self.players = inner.players
        self.fields = inner.fields
        self.size = inner.size
        self.shape = inner.shape
        # An encoder that writes its own vectors is asked to; one that only lists its
        # values has them written and clipped by one NumPy call each.
        self._own_fill = type(inner).fill is not contract.Encoder.fill

    def slice(self, name: str) -> slice:
        """Where the field ``name`` lies in an encoded vector."""
        return self.inner.slice(name)

    def values(self, view: Mapping[str, Any]) -> list[float]:
        return self.inner.values(view)

    def fill(self, view: Mapping[str, Any], out: np.ndarray) -> None:
        """Write the encoding of ``view`` into ``out`` (float32, shape :attr:`shape`),
        every entry in [0, 1]."""
        if self._own_fill:
            self.inner.fill(view, out)
            return
        values = self.inner.values(view)
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
    if game.encoder is None:
        raise ConfigurationError(f"game {game.name!r} has no observation encoding yet")
    given: dict[str, Any] = dict(options or {})
    template = game.new_state(players, 0, record=False, **given).view(None)
    return Encoder(game.encoder.load()(game, players, template))


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


__all__ = ["Encoder", "action_mask", "counts", "encoder_for", "frac", "one_hot", "rotate"]
