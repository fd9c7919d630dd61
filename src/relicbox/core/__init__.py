"""The game contract, shared by every game: pure Python, no I/O."""

from relicbox.core.actions import Action, ActionSpace
from relicbox.core.errors import (
    ConfigurationError,
    IllegalActionError,
    InvalidActionError,
    RecordError,
    RelicboxError,
    SeatError,
    StateFormatError,
)
from relicbox.core.game import Game, Option, State
from relicbox.core.registry import (
    get_game,
    list_games,
    new_game,
    register,
    replay,
    state_from_dict,
)
from relicbox.core.rng import Rng, as_rng

__all__ = [
    "Action",
    "ActionSpace",
    "ConfigurationError",
    "Game",
    "IllegalActionError",
    "InvalidActionError",
    "Option",
    "RecordError",
    "RelicboxError",
    "Rng",
    "SeatError",
    "State",
    "StateFormatError",
    "as_rng",
    "get_game",
    "list_games",
    "new_game",
    "register",
    "replay",
    "state_from_dict",
]
