"""Reading users' data files (card tables, boards) for options that take one.

This is the only place where a game option touches the file system: the file
is parsed here, above the pure ``core`` and ``games`` layers, and the game
receives (and its record keeps) the parsed contents.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from relicbox.core.errors import ConfigurationError
from relicbox.core.game import Game


def read_data_file(path: str | Path, what: str) -> dict[str, Any]:
    """Parse a JSON or TOML file into a dict, with errors that name the file and the fault."""
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigurationError(f"{what} file {str(file)!r} does not exist") from None
    except OSError as error:
        raise ConfigurationError(
            f"cannot read {what} file {str(file)!r}: {error.strerror}"
        ) from None
    try:
        data = tomllib.loads(text) if file.suffix.lower() == ".toml" else json.loads(text)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as error:
        raise ConfigurationError(f"{what} file {str(file)!r} is not valid: {error}") from None
    if not isinstance(data, dict):
        raise ConfigurationError(f"{what} file {str(file)!r} must hold an object at the top level")
    return data


def load_file_options(game: Game, options: Mapping[str, object]) -> dict[str, object]:
    """Replace paths given for data-file options with the parsed file contents."""
    loaded = dict(options)
    for option in game.options:
        value = loaded.get(option.name)
        if option.data_file and isinstance(value, (str, Path)):
            loaded[option.name] = read_data_file(value, f"{game.name} {option.name}")
    return loaded
