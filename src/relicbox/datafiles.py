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
error class with a sentence naming the file and the fault. :func:`read_json_lines`
reads a JSON-lines file (a tournament's store) one line at a time with the same checks,
each line's own fault given with it for the caller to judge.
"""

from __future__ import annotations

import json
import os
import stat
import tomllib
from collections.abc import Generator, Mapping
from dataclasses import dataclass
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
    data, problem, _ = _parse(text, toml and Path(path).suffix.lower() == ".toml")
    if problem is not None:
        raise error(f"{what} file {name} {problem}")
    return data


def _parse(text: str, toml: bool) -> tuple[Any, str | None, bool]:
    """``(value, None, False)``, or ``(None, why it is refused, malformed)``: the reason
    ends a sentence, and ``malformed`` says the text is not even JSON (or TOML) syntax, as
    a line cut short is not, rather than a value these files refuse."""
    try:
        data = tomllib.loads(text) if toml else _json_loads(text)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as fault:
        return None, f"is not valid: {fault}", True
    except RecursionError:
        return None, "is nested too deeply", False
    except ValueError as fault:
        return None, f"is not valid: {fault}", False
    problem = json_problem(data)
    if problem is not None:
        return None, f"cannot be used: {problem}", False
    return data, None, False


def _json_loads(text: str) -> Any:
    return json.loads(text, parse_constant=_no_constant, parse_int=_whole)


@dataclass(frozen=True)
class JsonLine:
    """One line of a JSON-lines file, as :func:`read_json_lines` reads it."""

    number: int
    """Counted from 1, as an editor shows it."""
    start: int
    """The offset of its first byte in the file (where to cut the file to drop it)."""
    value: Any
    """Its plain JSON value; ``None`` for a blank line or a refused one."""
    problem: str | None
    """Why it is not one plain JSON value (``"is not valid: ..."``), or ``None``."""
    malformed: bool
    """Not JSON text at all (bad syntax or not UTF-8), as a line cut short is; ``False``
    when it is JSON whose value is refused (NaN, nested too deep, a number too long)."""
    blank: bool
    """Nothing but white space."""
    ended: bool
    """A newline ends it (only the file's last line can lack one)."""


def read_json_lines(
    path: str | Path,
    what: str,
    error: type[RelicboxError] = ConfigurationError,
    max_bytes: int = MAX_BYTES,
    max_line: int = MAX_BYTES,
) -> Generator[JsonLine, None, None]:
    """The lines of a JSON-lines file, one at a time, each with the checks of
    :func:`read_json_file`.

    The file is refused (``error``, naming it) as :func:`read_json_file` refuses one: not a
    regular file, larger than ``max_bytes``, or a line longer than ``max_line`` bytes. A
    line that is not one plain JSON value is not refused here but given with its
    ``problem``, for the caller to decide (a last line cut short by a crash may be
    dropped). An empty file has no lines; a last newline does not start another line.
    """
    name = quote(str(path))
    if "\x00" in str(path):
        raise error(f"{what} file name {name} contains a NUL character")
    fd = _open_regular(Path(path), what, name, error, max_bytes)
    try:
        pending = b""
        start = size = 0
        number = 1
        while True:
            try:
                chunk = os.read(fd, 1 << 20)
            except OSError as fault:
                raise error(f"cannot read {what} file {name}: {fault.strerror or fault}") from None
            size += len(chunk)
            if size > max_bytes:
                raise error(f"{what} file {name} is larger than {max_bytes} bytes")
            pending += chunk
            *whole, pending = pending.split(b"\n")
            if not chunk:
                whole, pending = ([pending] if pending else []), b""
            for raw in whole:
                if len(raw) > max_line:
                    raise error(
                        f"{what} file {name}, line {number}, is longer than {max_line} bytes"
                    )
                yield _line(raw, number, start, ended=bool(chunk))
                start += len(raw) + 1
                number += 1
            if len(pending) > max_line:
                raise error(f"{what} file {name}, line {number}, is longer than {max_line} bytes")
            if not chunk:
                return
    finally:
        os.close(fd)


def _line(raw: bytes, number: int, start: int, ended: bool) -> JsonLine:
    if not raw.strip():
        return JsonLine(number, start, None, None, False, blank=True, ended=ended)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as fault:
        not_text = f"is not UTF-8 text (bad byte at position {fault.start})"
        return JsonLine(number, start, None, not_text, True, blank=False, ended=ended)
    value, problem, malformed = _parse(text, toml=False)
    return JsonLine(number, start, value, problem, malformed, blank=False, ended=ended)


def _read_bytes(
    file: Path, what: str, name: str, error: type[RelicboxError], max_bytes: int
) -> bytes:
    fd = _open_regular(file, what, name, error, max_bytes)
    try:
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


def _open_regular(
    file: Path, what: str, name: str, error: type[RelicboxError], max_bytes: int
) -> int:
    """A descriptor open to read ``file``, refused unless it is a regular file of at most
    ``max_bytes`` (opened without blocking, so a named pipe is refused, not waited on)."""
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
    except BaseException:
        os.close(fd)
        raise
    return fd


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
