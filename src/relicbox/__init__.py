"""relicbox: Diamant, Tschak! and Relic Runners as Python rules engines.

>>> import relicbox
>>> state = relicbox.new_game("diamant", players=4, seed=7)
>>> state.to_act
(0, 1, 2, 3)
"""

from relicbox import games as _builtin_games  # noqa: F401  (registers the built-in games)
from relicbox.core import (
    Action,
    ConfigurationError,
    Game,
    IllegalActionError,
    InvalidActionError,
    RecordError,
    RelicboxError,
    State,
    StateFormatError,
    games,
    get_game,
    new_game,
    replay,
    state_from_dict,
)

__version__ = "0.1.0"

__all__ = [
    "Action",
    "ConfigurationError",
    "Game",
    "IllegalActionError",
    "InvalidActionError",
    "RecordError",
    "RelicboxError",
    "State",
    "StateFormatError",
    "__version__",
    "games",
    "get_game",
    "new_game",
    "replay",
    "state_from_dict",
]
