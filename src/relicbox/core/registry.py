"""The registry of games, and the library's entry points built on it."""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace
from typing import Any

from relicbox.core.checks import MAX_EVENTS
from relicbox.core.errors import (
    ConfigurationError,
    IllegalActionError,
    InvalidActionError,
    RecordError,
    RelicboxError,
    StateFormatError,
    quote,
    reason_error,
)
from relicbox.core.game import _LOAD_FAULTS, RECORD_FORMAT, Game, State
from relicbox.core.game import replay as _replay

_GAMES: dict[str, Game] = {}
_NAMES: dict[str, str] = {}
_LOADERS: list[Callable[[], object]] = []


def add_loader(loader: Callable[[], object]) -> None:
    """Register games lazily: ``loader`` runs (once) the first time a game is looked up."""
    _LOADERS.append(loader)


_LOADING = threading.RLock()
"""Held while loaders run, so a thread never looks a game up half way through another
thread's loading of it (a loader leaves the list only once it has run)."""


def _load_pending() -> None:
    with _LOADING:
        while _LOADERS:
            _LOADERS[0]()
            _LOADERS.pop(0)


def _key(name: str) -> str:
    return name.strip().casefold().replace("_", "-").replace(" ", "-").replace("!", "")


LAZY_PARTS = ("view", "codec", "text", "sampler", "evaluate")
"""The parts a game may register by where they are instead of as objects (as ``bots`` may
for each bot), so that importing a game's package loads its rules and nothing above them."""


def register(game: Game, **parts: Any) -> Game:
    """Add a game to the registry under its name and aliases, and bind it to its state class.

    A game's rules module declares its metadata next to the state class; its package
    registers it at the bottom, adding the ``parts`` built on the rules (``view``, ``codec``,
    ``text``, ``bots``, ``sampler``, ``evaluate``, ...), so that the rules never need the
    modules above them. Returns the registered game (``state_class.game`` is that same
    object).

    A part (or one bot of ``bots``) may be given as where it is, ``"package.module:name"``
    (``text`` as the module's own path): the module is imported the first time any of the
    game's deferred parts is used, and from then on the game holds the objects themselves.
    Listing the games (``relicbox games``) then needs only their rules.
    """
    deferred: list[_Deferred] = []
    for name in LAZY_PARTS:
        if isinstance(parts.get(name), str):
            parts[name] = _Deferred(parts[name])
            deferred.append(parts[name])
    bots = parts.get("bots")
    if isinstance(bots, Mapping) and any(isinstance(bot, str) for bot in bots.values()):
        parts["bots"] = _DeferredBots(bots)
        deferred.append(parts["bots"])
    if parts:
        game = replace(game, **parts)
    for name in (game.name, *game.aliases):
        key = _key(name)
        if key in _NAMES and _NAMES[key] != game.name:
            raise ValueError(f"game name {name!r} is already taken by {_NAMES[key]!r}")
        _NAMES[key] = game.name
    for part in deferred:
        part.owner = game
    _GAMES[game.name] = game
    game.state_class.game = game
    return game


def _import(where: str) -> Any:
    """The object ``"package.module:name"`` names, or the module ``"package.module"``."""
    module, _, name = where.partition(":")
    found = importlib.import_module(module)
    return getattr(found, name) if name else found


def _resolve(game: Game) -> None:
    """Replace every deferred part of ``game`` with the object it names, in place: states
    and callers holding the game then use the objects at no extra cost."""
    for name in (*LAZY_PARTS, "bots"):
        value = getattr(game, name)
        if isinstance(value, _Deferred):
            value.found = _import(value.where)
            # A frozen dataclass: the registry alone fills in what it deferred.
            object.__setattr__(game, name, value.found)
        elif isinstance(value, _DeferredBots):
            bots = {bot: _import(f) if isinstance(f, str) else f for bot, f in value.given.items()}
            object.__setattr__(game, name, bots)


class _Deferred:
    """A part registered by its place; using it in any way loads the game's deferred parts."""

    owner: Game | None = None
    found: Any = None
    """The object itself once loaded: whoever kept this stand-in reaches it in one step."""

    def __init__(self, where: str) -> None:
        self.where = where

    def _target(self) -> Any:
        if self.found is None:
            if self.owner is None:
                raise RuntimeError(f"{self.where} was never registered with a game")
            _resolve(self.owner)
        return self.found

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self._target()(*args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):  # copy, pickle and the like probe for hooks
            raise AttributeError(name)
        return getattr(self._target(), name)

    def __repr__(self) -> str:
        return f"<deferred {self.where}>"


class _DeferredBots(Mapping[str, Callable[[], Any]]):
    """A game's bots whose names are known while their modules are not loaded yet."""

    owner: Game | None = None

    def __init__(self, given: Mapping[str, Any]) -> None:
        self.given = dict(given)

    def __getitem__(self, name: str) -> Callable[[], Any]:
        if self.owner is None:
            raise RuntimeError("bots that were never registered with a game")
        _resolve(self.owner)
        factory: Callable[[], Any] = self.owner.bots[name]
        return factory

    def __iter__(self) -> Iterator[str]:
        return iter(self.given)

    def __len__(self) -> int:
        return len(self.given)


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


def list_games() -> list[Game]:
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
    """The state a game record leads to, reproduced exactly.

    A record holds at most :data:`~relicbox.core.checks.MAX_EVENTS` events, and its
    ``options`` only the game's own options (``seed`` and ``players`` are header fields).
    """
    if not isinstance(record, Mapping):
        raise RecordError(f"a game record is a JSON object, got {type(record).__name__}")
    name = record.get("game")
    if not isinstance(name, str):
        raise RecordError("the record does not name its game")
    try:
        game = get_game(name)
    except ConfigurationError as error:
        raise RecordError(f"record field 'game': {error}", reason=error.reason) from None
    _check_length(record.get("events"), "record field 'events'", RecordError)
    options = record.get("options")
    if isinstance(options, Mapping):
        _check_option_names(game, options, "record field 'options'", RecordError)
    return _replay(record, game)


def state_from_dict(data: Mapping[str, Any]) -> State:
    """Rebuild a state from :meth:`State.to_dict` output (or a hand-written scenario).

    The state always has a seat to act or is over: with ``auto_chance`` on, a pending
    chance event is resolved with the state's own generator, as :func:`replay` does. Its
    ``events`` (at most :data:`~relicbox.core.checks.MAX_EVENTS`) must replay to the
    position, so ``replay(state.record)`` gives the same state; a hand-made position
    sets ``events`` to ``null`` and keeps no record.
    """
    if not isinstance(data, Mapping) or not isinstance(data.get("game"), str):
        raise StateFormatError("a state dict must name its game")
    try:
        game = get_game(data["game"])
    except ConfigurationError as error:
        raise StateFormatError(f"state field 'game': {error}", reason=error.reason) from None
    _check_length(data.get("events"), "state field 'events'", StateFormatError)
    replayed = _replayed(game, data)
    if replayed is not None and _is_written_as(replayed, data):
        return replayed  # the usual case, a state's own to_dict: its events say it all
    state = game.state_class.from_dict(data)
    if state.auto_chance:
        _settle_loaded(state)
    if state.has_record:
        _check_events(state, replayed)
    return state


def _replayed(game: Game, data: Mapping[str, Any]) -> State | None:
    """The state a state dict's header and events replay to, or ``None`` if they do not."""
    options = data.get("options")
    if not isinstance(data.get("events"), list) or not isinstance(options, Mapping):
        return None
    known = {option.name for option in game.options}
    if not all(isinstance(name, str) and name in known for name in options):
        return None
    record = {
        "format": RECORD_FORMAT,
        "rules_version": data.get("rules_version"),
        "players": data.get("players"),
        "seed": data.get("seed"),
        "options": options,
        "events": data["events"],
    }
    try:
        return _replay(record, game)
    except (RelicboxError, *_LOAD_FAULTS):
        return None  # loading the state says precisely what is wrong


def _is_written_as(replayed: State, data: Mapping[str, Any]) -> bool:
    """Whether ``data`` is exactly the JSON form of ``replayed`` (with ``data``'s auto_chance)."""
    auto_chance = data.get("auto_chance", True)
    if type(auto_chance) is not bool:
        return False
    replayed.auto_chance = auto_chance
    return replayed.to_dict() == data


def _check_length(events: object, field: str, error: type[RelicboxError]) -> None:
    """Refuse a list of events longer than the documented bound before reading any."""
    if isinstance(events, list) and len(events) > MAX_EVENTS:
        raise error(f"{field} holds {len(events)} events; a game holds at most {MAX_EVENTS}")


def _check_option_names(
    game: Game, options: Mapping[Any, Any], field: str, error: type[RelicboxError]
) -> None:
    """Only the game's own options: a ``seed`` or ``record`` here would clash with the header."""
    known = {option.name for option in game.options}
    for name in options:
        if name not in known:
            listed = ", ".join(sorted(known)) or "none"
            raise error(
                f"{field}: unknown option {quote(name)} for {game.name}: its options are {listed}"
            )


MAX_SETTLE_DRAWS = 10_000
"""Chance events a loaded state may draw in a row before it is refused as going nowhere."""


def _settle_loaded(state: State) -> None:
    """Resolve a loaded state's pending chance events with its own generator (as replay does),
    then check that the position it reaches can go on."""
    try:
        for _ in range(MAX_SETTLE_DRAWS):
            if not state.is_chance:
                break
            state.sample_chance()
        else:
            raise StateFormatError(
                f"{MAX_SETTLE_DRAWS} chance events in a row without a decision: the position "
                "goes nowhere"
            )
        state._check_loaded()
    except (IllegalActionError, InvalidActionError) as error:
        raise StateFormatError(f"the pending chance event cannot be resolved: {error}") from None
    except _LOAD_FAULTS as error:
        raise StateFormatError(
            f"the pending chance event cannot be resolved: {quote(error, 200)}"
        ) from error


def _check_events(state: State, replayed: State | None) -> None:
    """The state's events must replay to exactly this position (its generator included).

    ``replayed`` is what they replay to when that is known already.
    """
    record = state.record
    if replayed is None:
        try:
            replayed = _replay(record, state.game)
        except RecordError as error:
            raise StateFormatError(f"state field 'events' cannot be replayed: {error}") from None
        except _LOAD_FAULTS as error:  # the rules tripped on the way: not a playable record
            raise StateFormatError(
                f"state field 'events' cannot be replayed: {quote(error, 200)}"
            ) from error
    expected = state
    if state.is_chance:  # left pending by auto_chance=False: replay resolves it at the end
        expected = state.clone()
        expected.auto_chance = True
        _settle_loaded(expected)
    replayed.auto_chance = expected.auto_chance
    if replayed.to_dict() != expected.to_dict():
        raise StateFormatError(
            f"state field 'events' does not lead to this position: replaying its "
            f"{len(record['events'])} events gives {_first_difference(replayed, expected)}; "
            "a hand-made position sets 'events' to null"
        )


def _first_difference(replayed: State, loaded: State) -> str:
    """Where two states' JSON forms first differ, as a few words for a refusal."""
    ours, theirs = replayed.to_dict(), loaded.to_dict()
    for key in ours:
        if key == "body":
            for part in ours["body"]:
                if ours["body"][part] != theirs["body"].get(part):
                    return f"another body.{part}"
        elif ours[key] != theirs.get(key):
            return f"another {key}"
    return "another position"
