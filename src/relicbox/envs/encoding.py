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

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from relicbox.core import encoding as contract
from relicbox.core.actions import Action
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

    def slice(self, name: str) -> slice:
        """Where the field ``name`` lies in an encoded vector."""
        return self.inner.slice(name)

    def values(self, view: Mapping[str, Any]) -> list[float]:
        return self.inner.values(view)

    def fill(self, view: Mapping[str, Any], out: np.ndarray) -> None:
        """Write the encoding of ``view`` into ``out`` (float32, shape :attr:`shape`),
        every entry in [0, 1]."""
        slate = self.inner.slate()
        self.inner.refresh(view, slate)
        out[:] = np.frombuffer(slate.values, np.float32)

    def encode(self, view: Mapping[str, Any], out: np.ndarray | None = None) -> np.ndarray:
        """The vector for ``view`` (a seat's view): float32, shape :attr:`shape`, in [0, 1].

        With ``out`` (such a vector) it is written there and returned; else a new one.
        """
        slate = self.inner.slate()
        self.inner.refresh(view, slate)
        if out is None:
            return np.frombuffer(slate.values, np.float32).copy()
        out[:] = np.frombuffer(slate.values, np.float32)
        return out

    def seats(self, players: int) -> SeatEncodings:
        """Per-seat encodings kept between views (see :class:`SeatEncodings`)."""
        return SeatEncodings(self, players)


class SeatEncodings:
    """One :class:`~relicbox.core.encoding.Slate` per seat, each seen as a NumPy vector.

    Encoding a seat's view again costs only what changed since that seat's last view
    (the encoder's :meth:`~relicbox.core.encoding.Encoder.refresh`); the vector handed
    out is a copy, so later encodings never alter it.
    """

    __slots__ = ("_refresh", "slates", "vectors")

    def __init__(self, encoder: Encoder, players: int) -> None:
        self._refresh = encoder.inner.refresh
        self.slates = [encoder.inner.slate() for _ in range(players)]
        self.vectors = [np.frombuffer(slate.values, np.float32) for slate in self.slates]

    def encode(self, view: Mapping[str, Any], seat: int) -> np.ndarray:
        """A copy of ``seat``'s vector brought to ``view`` (that seat's view)."""
        self._refresh(view, self.slates[seat])
        return self.vectors[seat].copy()

    def refresh(self, view: Mapping[str, Any], seat: int) -> np.ndarray:
        """``seat``'s own vector brought to ``view``: no copy (it changes with the next)."""
        self._refresh(view, self.slates[seat])
        return self.vectors[seat]


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


def _mask(size: int, legal: Sequence[Action]) -> np.ndarray:
    """The shared (never handed out) mask of these legal actions."""
    key = (size, tuple([action.index for action in legal]))
    mask = _MASKS.get(key)
    if mask is None:
        if len(_MASKS) >= _MASK_MEMO:
            _MASKS.clear()
        mask = _MASKS[key] = np.zeros(size, dtype=np.int8)
        mask[list(key[1])] = 1
    return mask


def action_mask(state: State, seat: int) -> np.ndarray:
    """The seat's legal actions as an int8 vector over the game's fixed action space."""
    return _mask(state.game.num_actions, state.legal_actions(seat)).copy()


class Masks:
    """:func:`action_mask` for one game, faster where the game hands out the same
    read-only tuple of legal actions again (as its rules keep them)."""

    __slots__ = ("_known", "size")

    def __init__(self, game: Game) -> None:
        self.size = game.num_actions
        self._known: dict[int, tuple[Sequence[Action], np.ndarray]] = {}

    def of(self, state: State, seat: int) -> np.ndarray:
        legal = state.legal_actions(seat)
        found = self._known.get(id(legal))
        if found is not None and found[0] is legal:
            return found[1].copy()
        mask = _mask(self.size, legal)
        if type(legal) is tuple:  # kept with the tuple, so its id is not reused meanwhile
            if len(self._known) >= _MASK_MEMO:
                self._known.clear()
            self._known[id(legal)] = (legal, mask)
        return mask.copy()


__all__ = [
    "Encoder",
    "Masks",
    "SeatEncodings",
    "action_mask",
    "counts",
    "encoder_for",
    "frac",
    "one_hot",
    "rotate",
]
