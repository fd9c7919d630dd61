"""Bots for every game, by spec: ``random``, each game's own (``rule``, ...), ``ismcts``,
Diamant's ``threshold:N``, Python entry points and programs over stdin/stdout.

See :mod:`relicbox.bots.specs` for the spec syntax and :mod:`relicbox.bots.seeds` for the
seed every bot decision gets, wherever it is played.
"""

from __future__ import annotations

from relicbox.bots.answers import default_action
from relicbox.bots.builtin import GENERIC_BOTS
from relicbox.bots.seeds import bot_rng, bot_seed
from relicbox.bots.specs import (
    BotSpec,
    BuiltinBot,
    FamilyBot,
    Human,
    Origin,
    OverLimitError,
    ProgramBot,
    PythonBot,
    SearchBot,
    SeatLabel,
    SeatSpec,
    make_agent,
    parse_bot,
    parse_seat,
    spec_names,
    split_specs,
)
from relicbox.core.agents import Agent, RandomAgent
from relicbox.core.errors import ConfigurationError
from relicbox.core.game import Game


def bot_names(game: Game) -> list[str]:
    """The plain names to offer for ``game``; :func:`is_bot_spec` accepts every spec."""
    return spec_names(game)


def is_bot_spec(spec: str, game: Game, origin: Origin = Origin.CALLER) -> bool:
    """Whether ``spec`` names a bot for ``game`` that ``origin`` may name; nothing is
    imported or started to find out."""
    try:
        parse_bot(spec, game, origin)
    except ConfigurationError:
        return False
    return True


def make_bot(spec: str | BotSpec, game: Game) -> Agent:
    """The bot a typed spec, or a text naming one of relicbox's own bots (``rule``,
    ``ismcts:ms=200``, ...), gives for ``game``. A program or a callable is made only from a
    spec parsed with ``Origin.COMMAND_LINE``."""
    return make_agent(spec, game)


__all__ = [
    "GENERIC_BOTS",
    "Agent",
    "BotSpec",
    "BuiltinBot",
    "FamilyBot",
    "Human",
    "Origin",
    "OverLimitError",
    "ProgramBot",
    "PythonBot",
    "RandomAgent",
    "SearchBot",
    "SeatLabel",
    "SeatSpec",
    "bot_names",
    "bot_rng",
    "bot_seed",
    "default_action",
    "is_bot_spec",
    "make_bot",
    "parse_bot",
    "parse_seat",
    "split_specs",
]
