"""The registry of games, and the library's entry points built on it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from relicbox.core.errors import (
    ConfigurationError,
    RecordError,
    StateFormatError,
    quote,
    reason_error,
)
from relicbox.core.game import Game, State
from relicbox.core.game import replay as _replay

_GAMES: dict[str, Game] = {}
_NAMES: dict[str, str] = {}
_LOADERS: list[Callable[[], object]] = []


def add_loader(loader: Callable[[], object]) -> None:
    """Register games lazily: ``loader`` runs (once) the first time a game is looked up."""
    _LOADERS.append(loader)


def _load_pending() -> None:
    while _LOADERS:
        _LOADERS.pop(0)()


def _key(name: str) -> str:
    return name.strip().casefold().replace("_", "-").replace(" ", "-").replace("!", "")


def register(game: Game, **parts: Any) -> Game:
    """Add a game to the registry under its name and aliases, and bind it to its state class.

    A game's rules module declares its metadata next to the state class; its package
    registers it at the bottom, adding the ``parts`` built on the rules (``view``,
    ``codec``, ``text``, ``bots``, ``sampler``), so the rules never import the modules
    above them. Returns the registered game (``state_class.game`` is that same object).
    """
    if parts:
        game = replace(game, **parts)
    for name in (game.name, *game.aliases):
        key = _key(name)
        if key in _NAMES and _NAMES[key] != game.name:
            raise ValueError(f"game name {name!r} is already taken by {_NAMES[key]!r}")
        _NAMES[key] = game.name
    _GAMES[game.name] = game
    game.state_class.game = game
    return game


def get_game(name: str) -> Game:
    """The registered game called ``name`` (or one of its aliases, any case)."""
    if type(name) is str and not _LOADERS:
        game = _GAMES.get(name)  # its own name, as simulations pass it for every game
        if game is not None:
            return game
    if not isinstance(name, str):
        raise ConfigurationError(f"game name must be text, got {quote(name)}")
    _load_pending()
    canonical = _NAMES.get(_key(name))
    if canonical is None:
        listed = ", ".join(sorted(_GAMES)) or "none"
        raise reason_error(ConfigurationError, "error-unknown-game", game=quote(name), games=listed)
    return _GAMES[canonical]


def games() -> list[Game]:
    """All registered games, by name."""
    _load_pending()
    return [_GAMES[name] for name in sorted(_GAMES)]


FileOptions = Callable[[Game, Mapping[str, object]], dict[str, object]]
"""Reads the files named by a game's data-file options (``Option.data_file``)."""

_read_files: FileOptions | None = None


def set_file_reader(reader: FileOptions) -> None:
    """Install what reads data-file options (the package installs ``relicbox.datafiles``).

    The core does no I/O itself: :func:`new_game` hands the options to this reader, which
    replaces a path given for a data-file option with the parsed file.
    """
    global _read_files
    _read_files = reader


def new_game(
    name: str,
    players: int | None = None,
    seed: int = 0,
    *,
    record: bool = True,
    auto_chance: bool = True,
    **options: object,
) -> State:
    """A fresh state; the same name, players, options and seed always give the same game.

    Options that take a data file (``cards=`` for Tschak!, ``board=`` for Relic
    Runners) accept a path to a JSON or TOML file, or its parsed contents.
    ``record=False`` skips the game record (the fast path for simulations) and
    ``auto_chance=False`` leaves chance events to the caller.
    """
    game = get_game(name)
    if not options:  # without the dict unpacking: simulations make a state per game
        return game.new_state(players, seed, record=record, auto_chance=auto_chance)
    if _read_files is not None:
        options = _read_files(game, options)
    return game.new_state(players, seed, record=record, auto_chance=auto_chance, **options)


def replay(record: Mapping[str, Any]) -> State:
    """The state a game record leads to, reproduced exactly."""
    if not isinstance(record, Mapping):
        raise RecordError(f"a game record is a JSON object, got {type(record).__name__}")
    name = record.get("game")
    if not isinstance(name, str):
        raise RecordError("the record does not name its game")
    try:
        game = get_game(name)
    except ConfigurationError as error:
        raise RecordError(f"record field 'game': {error}") from None
    return _replay(record, game)


def state_from_dict(data: Mapping[str, Any]) -> State:
    """Rebuild a state from :meth:`State.to_dict` output (or a hand-written scenario)."""
    if not isinstance(data, Mapping) or not isinstance(data.get("game"), str):
        raise StateFormatError("a state dict must name its game")
    return get_game(data["game"]).state_class.from_dict(data)
