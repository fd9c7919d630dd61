"""The one seed rule for bots: where a bot decides fixes the randomness it is handed.

Every bot decision, in a match at the terminal, in a simulation or tournament and at a
server's table, gets a fresh :class:`~relicbox.core.rng.Rng` seeded with
:func:`bot_seed` from three numbers:

* the game's seed (``state.seed``, the one its record keeps);
* ``seq``, how many events the game's record holds before the decision (decisions and
  chance outcomes alike: ``state.record_length``, a server table's ``seq``);
* the seat that decides.

So the randomness of a decision depends on nothing but where in which game it is taken:
not on which process plays the game, on how many decisions the bot was asked before, on
whether the game was saved and resumed in between, or on who sat in the other seats. The
choices themselves are recorded as actions, so changing this rule changes no record: it
changes only which choices seeded bots make in games played from then on.
"""

from __future__ import annotations

from relicbox.core.rng import Rng

_SEED_STRIDE = 1_000_003
"""Apart by more than any game's events times :data:`_SEQ_STRIDE`, so that (seed, seq,
seat) give different numbers for games up to 9,900 events and seats below 101."""
_SEQ_STRIDE = 101


def bot_seed(game_seed: int, seq: int, seat: int) -> int:
    """The seed of the generator a bot gets for the decision ``seat`` takes when the record
    of the game seeded ``game_seed`` holds ``seq`` events: a number in ``[0, 2**63)``.

    :class:`~relicbox.core.rng.Rng` mixes its seed before the first draw, so neighbouring
    seeds give unrelated streams.
    """
    return (game_seed * _SEED_STRIDE + seq * _SEQ_STRIDE + seat) % 2**63


def bot_rng(game_seed: int, seq: int, seat: int) -> Rng:
    """The generator :func:`bot_seed` seeds for that decision."""
    return Rng(bot_seed(game_seed, seq, seat))
