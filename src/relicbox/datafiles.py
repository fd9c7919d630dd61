"""Reading users' data files (card tables, boards) and saved games, safely.

This is the only place where a game option touches the file system: the file
is parsed here, above the pure ``core`` and ``games`` layers, and the game
receives (and its record keeps) the parsed contents.

A file given by a stranger can be anything, so :func:`read_json_file` reads only a
regular file (not a pipe, a device or a directory), at most a size cap, as UTF-8,
and accepts only values that JSON can hold again: objects with text keys, lists,
text, finite numbers (whole numbers of at most 20 digits), true, false and null,
nested at most ``relicbox.core.checks.MAX_DEPTH`` deep. TOML dates and times are refused for that
reason: a record keeping one could not be saved. Every refusal is the caller's
error class with a sentence naming the file and the fault.
"""

from __future__ import annotations

import json
import os
import stat
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from relicbox.core.checks import MAX_DIGITS, json_problem
from relicbox.core.errors import ConfigurationError, RelicboxError, quote
from relicbox.core.game import Game

MAX_BYTES = 1_000_000
"""Largest data file read (a board or card table is a few KiB)."""


def read_json_file(
    path: str | Path,
    what: str,
    error: type[RelicboxError] = ConfigurationError,
    max_bytes: int = MAX_BYTES,
    toml: bool = True,
) -> Any:
    """Parse a JSON (or, by its suffix, TOML) file into plain JSON values, or raise ``error``."""
    name = quote(str(path))
    if "\x00" in str(path):
        raise error(f"{what} file name {name} contains a NUL character")
    raw = _read_bytes(Path(path), what, name, error, max_bytes)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as fault:
        raise error(
            f"{what} file {name} is not UTF-8 text (bad byte at position {fault.start})"
        ) from None
    try:
        if toml and Path(path).suffix.lower() == ".toml":
            data = tomllib.loads(text)
        else:
            data = json.loads(text, parse_constant=_no_constant, parse_int=_whole)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as fault:
        raise error(f"{what} file {name} is not valid: {fault}") from None
    except RecursionError:
        raise error(f"{what} file {name} is nested too deeply") from None
    except ValueError as fault:
        raise error(f"{what} file {name} is not valid: {fault}") from None
    problem = json_problem(data)
    if problem is not None:
        raise error(f"{what} file {name} cannot be used: {problem}")
    return data


def _read_bytes(
    file: Path, what: str, name: str, error: type[RelicboxError], max_bytes: int
) -> bytes:
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(file, flags)
    except FileNotFoundError:
        raise error(f"{what} file {name} does not exist") from None
    except (OSError, ValueError) as fault:
        reason = getattr(fault, "strerror", None) or str(fault)
        raise error(f"cannot read {what} file {name}: {reason}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise error(f"{what} file {name} is not a regular file")
        if info.st_size > max_bytes:
            raise error(f"{what} file {name} is larger than {max_bytes} bytes")
        chunks = []
        size = 0
        while size <= max_bytes:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > max_bytes:
            raise error(f"{what} file {name} is larger than {max_bytes} bytes")
        return b"".join(chunks)
    except OSError as fault:
        raise error(f"cannot read {what} file {name}: {fault.strerror or fault}") from None
    finally:
        os.close(fd)


def _no_constant(word: str) -> Any:
    raise ValueError(f"{word} is not a number JSON allows")


def _whole(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"a whole number of {len(digits)} digits is too long")
    return int(digits)


def read_data_file(path: str | Path, what: str) -> dict[str, Any]:
    """Parse a JSON or TOML file into a dict, with errors that name the file and the fault."""
    data = read_json_file(path, what)
    if not isinstance(data, dict):
        raise ConfigurationError(
            f"{what} file {quote(str(path))} must hold an object at the top level"
        )
    return data


def load_file_options(game: Game, options: Mapping[str, object]) -> dict[str, object]:
    """Replace paths given for data-file options with the parsed file contents."""
    loaded = dict(options)
    for option in game.options:
        value = loaded.get(option.name)
        if option.data_file and isinstance(value, (str, Path)):
            loaded[option.name] = read_data_file(value, f"{game.name} {option.name}")
    return loaded
