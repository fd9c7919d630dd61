"""What the adapters share: resolving a game configuration, reading actions, rewards and
text rendering."""

from __future__ import annotations

import numpy as np

from relicbox.core.errors import ConfigurationError, InvalidActionError, quote
from relicbox.core.game import Game, State
from relicbox.core.registry import get_game

REWARDS = ("win", "plus-minus", "margin")
"""Reward conventions: ``win`` (the default) shares 1 among the winners at the end;
``plus-minus`` is PettingZoo classic's: +1 to a sole winner, 0 to tied winners, -1 to
every other seat; ``margin`` is own score minus the best other score."""
ILLEGAL = ("terminate", "raise")


def resolve(game: str | Game, players: int | None) -> tuple[Game, int]:
    """The registered game and a checked player count (the game's default for ``None``)."""
    resolved = game if isinstance(game, Game) else get_game(game)
    count = resolved.check_players(resolved.default_players if players is None else players)
    return resolved, count


def check_choice(name: str, value: str, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise ConfigurationError(
            f"{name}={value!r} is not allowed: choose one of {', '.join(allowed)}"
        )
    return value


def action_index(value: object) -> int:
    """``value`` as an action index, if it is integral: a Python ``int`` that is not a
    ``bool``, or a NumPy integer.

    Anything else (a float, even a whole one, text, a bool, ``None``, an array) raises
    :class:`InvalidActionError` quoting it: no action is read out of another type. Whether
    the index names an action, and a legal one, is the caller's to judge.
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return int(value)
    if isinstance(value, np.integer):
        return int(value)
    raise InvalidActionError(
        f"action {quote(value)} cannot be read: an action is an index, a Python int "
        f"(not a bool) or a NumPy integer, not a {type(value).__name__}"
    )


_INT64 = (-(2**63), 2**63 - 1)


def action_array(value: object, count: int) -> np.ndarray:
    """``value`` as ``count`` action indices: a NumPy integer array of shape ``(count,)``, or
    a list or tuple of ``count`` integral values (see :func:`action_index`).

    Anything else raises :class:`InvalidActionError` quoting it."""
    if isinstance(value, list | tuple) and len(value) == count:
        indices = [action_index(item) for item in value]
        if all(_INT64[0] <= index <= _INT64[1] for index in indices):
            return np.array(indices, dtype=np.int64)
    if (
        isinstance(value, np.ndarray)
        and value.shape == (count,)
        and np.issubdtype(value.dtype, np.integer)
    ):
        return value.astype(np.int64, copy=False)
    shape = getattr(value, "shape", None)
    described = f"{type(value).__name__}" + ("" if shape is None else f" of shape {shape}")
    raise InvalidActionError(
        f"actions {quote(value)} cannot be read: one action per game, an integer array of "
        f"shape ({count},), not a {described}"
    )


def final_rewards(state: State, reward: str) -> list[float]:
    """Per seat, at the end: ``win`` shares 1 among the winners; ``plus-minus`` gives +1
    to a sole winner, 0 to tied winners and -1 to the rest; ``margin`` is own score minus
    the best score among the other seats."""
    if reward == "win":
        return [float(r) for r in state.returns()]
    if reward == "plus-minus":
        winners = state.winners()
        won = 1.0 if len(winners) == 1 else 0.0
        return [won if seat in winners else -1.0 for seat in range(state.players)]
    scores = state.scores()
    out = []
    for seat, score in enumerate(scores):
        others = [s for other, s in enumerate(scores) if other != seat]
        out.append(float(score - max(others)))
    return out


def is_truncated(state: State) -> bool:
    """True when the game ended at a simulation cap (such as Relic Runners' ``max_turns``)."""
    return bool(state.is_over and state.view(None).get("truncated", False))


def render_text(game: Game, state: State, lang: str, seat: int | None = None) -> str:
    """The game's own text rendering of a view, as plain text (console markup removed)."""
    from rich.text import Text

    markup: str = game.renderer.render(state.view(seat), lang)
    return Text.from_markup(markup).plain
