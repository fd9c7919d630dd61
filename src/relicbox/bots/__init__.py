"""Bots for every game: the generic random bot and each game's own bots, by name."""

from __future__ import annotations

from relicbox.core.agents import Agent, RandomAgent
from relicbox.core.errors import ConfigurationError
from relicbox.core.game import Game

GENERIC_BOTS = {"random": RandomAgent}


def bot_names(game: Game) -> list[str]:
    return sorted({*GENERIC_BOTS, *game.bots})


def make_bot(name: str, game: Game) -> Agent:
    """The bot called ``name`` for ``game``, or an error listing the bots that exist."""
    factory = game.bots.get(name) or GENERIC_BOTS.get(name)
    if factory is None:
        raise ConfigurationError(
            f"unknown bot {name!r} for {game.name}: choose one of {', '.join(bot_names(game))}"
        )
    agent: Agent = factory()
    return agent


__all__ = ["GENERIC_BOTS", "Agent", "RandomAgent", "bot_names", "make_bot"]
