"""A tiny seeded random number generator that lives inside a game state.

A 64-bit linear congruential generator (Knuth's MMIX constants) keeps its whole state in
one integer, so cloning a game state or writing it to JSON costs nothing, unlike
:class:`random.Random` whose state is 624 words. A draw is one multiply-add, about a third
of the SplitMix64 step used before (rules versions ``diamant/1``, ``tschak/1`` and
``relic-runners/2``), and engines draw for every card. Draws use only the high 32 bits,
whose quality is ample for shuffling cards; the seed goes through SplitMix64's mixer once,
so neighbouring seeds start far apart instead of on parallel lattices.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

from relicbox.core.errors import ConfigurationError, quote

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
STEP_MULTIPLIER = 6364136223846793005
STEP_INCREMENT = 1442695040888963407
"""One step of the generator is ``state = (state * STEP_MULTIPLIER + STEP_INCREMENT) & MASK64``;
:meth:`Rng.below` then takes the high half. An engine's innermost loop may inline the step
(and so save a call per card) as long as it writes ``state`` back before anything else draws."""
_T = TypeVar("_T")


class Rng:
    """``Rng(seed)`` for any integer seed; ``state`` round-trips through :meth:`from_state`."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        # SplitMix64's output function: every seed bit moves about half the state's bits.
        s = ((seed & MASK64) + _GOLDEN) & MASK64
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & MASK64
        self.state = s ^ (s >> 31)

    @classmethod
    def from_state(cls, state: int) -> Rng:
        """The generator whose :attr:`state` is ``state`` (a clone, or one read from JSON)."""
        rng = cls.__new__(cls)
        rng.state = state & MASK64
        return rng

    def next64(self) -> int:
        """64 random bits: two steps' high halves, mixed, since the low bits of a step are weak."""
        s = (self.state * STEP_MULTIPLIER + STEP_INCREMENT) & MASK64
        self.state = t = (s * STEP_MULTIPLIER + STEP_INCREMENT) & MASK64
        return (s & 0xFFFFFFFF00000000) | (t >> 32)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (``1 <= n <= 2**32``)."""
        self.state = s = (self.state * STEP_MULTIPLIER + STEP_INCREMENT) & MASK64
        return ((s >> 32) * n) >> 32

    def random(self) -> float:
        """A float in [0, 1), like :func:`random.random`."""
        return (self.next64() >> 11) * (1.0 / 9007199254740992.0)

    def choice(self, items: list[_T] | tuple[_T, ...]) -> _T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[_T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def spawn(self) -> Rng:
        """An independent generator derived from this one (advances this one)."""
        return Rng(self.next64())

    def clone(self) -> Rng:
        return Rng.from_state(self.state)

    def __repr__(self) -> str:
        return f"Rng(state={self.state})"


def as_rng(source: object) -> Rng:
    """Accept an :class:`Rng`, an integer seed, ``None`` (seed 0) or anything with ``random()``.

    Anything else, or a ``random()`` that gives no finite number, raises
    :class:`ConfigurationError` quoting it."""
    if isinstance(source, Rng):
        return source
    if source is None:
        return Rng(0)
    if isinstance(source, int):
        return Rng(source)
    random_method = getattr(source, "random", None)
    if callable(random_method):
        try:
            return Rng(int(float(random_method()) * (1 << 53)))
        except (TypeError, ValueError, OverflowError):
            pass  # its draws are no numbers: refused below, like any other source
    raise ConfigurationError(
        f"cannot use {quote(source)} as a random source: give an int seed, an Rng or an "
        "object whose random() returns a float"
    )
