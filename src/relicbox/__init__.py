"""relicbox: Diamant, Tschak! and Relic Runners as Python rules engines.

>>> import relicbox
>>> state = relicbox.new_game("diamant", players=4, seed=7)
>>> state.to_act
(0, 1, 2, 3)
>>> [game.name for game in relicbox.list_games()]
['diamant', 'relic-runners', 'tschak']

``relicbox.games`` is the package of the built-in games (``relicbox.games.diamant``, ...);
:func:`list_games` lists every registered game.
"""

import importlib as _importlib
from collections.abc import Mapping as _Mapping

from relicbox.core import (
    Action,
    ConfigurationError,
    Game,
    IllegalActionError,
    InvalidActionError,
    RecordError,
    RelicboxError,
    SeatError,
    State,
    StateFormatError,
    get_game,
    list_games,
    new_game,
    replay,
    state_from_dict,
)
from relicbox.core import i18n as _i18n
from relicbox.core import registry as _registry

# The built-in games register themselves, and the Fluent catalogs install themselves as the
# games' message backend, the first time either is needed: `relicbox --help` loads neither.
_registry.add_loader(lambda: _importlib.import_module("relicbox.games"))
_i18n.set_backend_loader(lambda: _importlib.import_module("relicbox.i18n"))


def _read_files(game: Game, options: _Mapping[str, object]) -> dict[str, object]:
    """The data files named by ``options``; their reader loads with the first game that has one."""
    from relicbox.datafiles import load_file_options

    return load_file_options(game, options)


# One new_game (the core's) for every caller; the data files it reads come from here.
_registry.set_file_reader(_read_files)


def _installed_version() -> str:
    """The version pyproject.toml declares, as installed; the only place it is written."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("relicbox")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "0+unknown"


def __getattr__(name: str) -> object:
    # Reading the installed metadata costs more than the rest of the import: only on demand.
    if name == "__version__":
        found = _installed_version()
        globals()["__version__"] = found
        return found
    if name == "games":  # the subpackage, whether or not anything has loaded it yet
        return _importlib.import_module("relicbox.games")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "Action",
    "ConfigurationError",
    "Game",
    "IllegalActionError",
    "InvalidActionError",
    "RecordError",
    "RelicboxError",
    "SeatError",
    "State",
    "StateFormatError",
    "__version__",
    "get_game",
    "list_games",
    "new_game",
    "replay",
    "state_from_dict",
]
