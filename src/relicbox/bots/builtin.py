"""relicbox's own bots by plain name: the generic ones and each game's (``rule``, ...).

Both the spec parser and the search bot (for its playouts and prior) look names up here,
so neither has to import the other for it.
"""

from __future__ import annotations

from collections.abc import Callable

from relicbox.core.agents import Agent, RandomAgent
from relicbox.core.game import Game

GENERIC_BOTS: dict[str, Callable[[], Agent]] = {"random": RandomAgent}
"""Bots every game has."""


def builtin_factory(name: str, game: Game) -> Callable[[], Agent] | None:
    """What makes the built-in bot ``name`` of ``game`` (the game's own first), or None."""
    return game.bots.get(name) or GENERIC_BOTS.get(name)


def builtin_names(game: Game) -> list[str]:
    """The plain names of ``game``'s built-in bots, sorted."""
    return sorted({*GENERIC_BOTS, *game.bots})
