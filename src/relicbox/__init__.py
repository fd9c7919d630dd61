"""relicbox: Diamant, Tschak! and Relic Runners as Python rules engines.

>>> import relicbox
>>> state = relicbox.new_game("diamant", players=4, seed=7)
>>> state.to_act
(0, 1, 2, 3)
"""

import importlib as _importlib
import sys as _sys
import types as _types
from importlib.metadata import PackageNotFoundError, version

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
    games,
    get_game,
    new_game,
    replay,
    state_from_dict,
)
from relicbox.core import i18n as _i18n
from relicbox.core import registry as _registry
from relicbox.datafiles import load_file_options

# The built-in games register themselves, and the Fluent catalogs install themselves as the
# games' message backend, the first time either is needed: `relicbox --help` loads neither.
_registry.add_loader(lambda: _importlib.import_module("relicbox.games"))


class _Package(_types.ModuleType):
    """``relicbox.games()`` stays the function when the subpackage ``relicbox.games`` loads."""

    def __setattr__(self, name: str, value: object) -> None:
        if name == "games" and isinstance(value, _types.ModuleType):
            return
        super().__setattr__(name, value)


_sys.modules[__name__].__class__ = _Package
_i18n.set_backend_loader(lambda: _importlib.import_module("relicbox.i18n"))
# One new_game (the core's) for every caller; the data files it reads come from here.
_registry.set_file_reader(load_file_options)


def _installed_version() -> str:
    """The version pyproject.toml declares, as installed; the only place it is written."""
    try:
        return version("relicbox")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "0+unknown"


__version__ = _installed_version()

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
    "games",
    "get_game",
    "new_game",
    "replay",
    "state_from_dict",
]
