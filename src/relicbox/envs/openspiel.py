"""OpenSpiel games for every relicbox game.

>>> from relicbox.envs import openspiel
>>> openspiel.register()
>>> import pyspiel
>>> game = pyspiel.load_game("relicbox_diamant", {"players": 4})

:func:`register` registers every registered game as a pyspiel Python game named
``relicbox_`` and its name (``relicbox_diamant``, ``relicbox_tschak``,
``relicbox_relic_runners``). Game parameters: ``players`` and every game option with a
fixed set of values (``variant``, ``split``, ``chameleon_rank``, ``setup``, ...) or a
whole number (Relic Runners' ``max_turns``: 0 = no cap, the default).

* **Chance nodes** are the engine's chance events with their probabilities.
  Chance action ``i`` is the ``i``-th outcome of ``state.chance_outcomes()`` at
  that node (its text is the outcome's name, e.g. the card revealed).
  ``max_chance_outcomes`` is the largest outcome list of the opening chance
  events of a fresh game (decks and tile pools only shrink afterwards), or the
  game's ``Game.chance_bound`` where it adds cards later.
* **Simultaneous nodes**: the games that declare ``Game.simultaneous`` (Diamant and
  Tschak!) have simultaneous dynamics; at every decision node all seats in the
  engine's ``to_act`` choose at once, and every other seat has the single action
  ``wait`` (id ``game.num_actions``; any other action for such a seat is refused).
  Relic Runners is sequential. ``apply_actions``
  commits the due seats' actions together (the engine's ``act_joint``): when one is
  refused, or the list does not hold one action per seat, nothing is applied and the
  history stays as it was.
  ``pyspiel.convert_to_turn_based`` works on the simultaneous games. Each also has a
  ``_sequential`` form (``relicbox_diamant_sequential``,
  ``relicbox_tschak_sequential``): the same game with one seat deciding at a
  time, lowest seat first: the engine keeps each commitment out of the other
  seats' views until all are in, so a later seat learns only *that* an earlier
  one has chosen (as at the table), never what.
* **Actions** are indices in the game's fixed action space (``wait`` added for
  the simultaneous games): ``apply_action`` and ``apply_actions`` take Python ``int``
  values (not ``bool``) or NumPy integers, and refuse anything else, a chance action
  outside the node's outcomes, a single action at a simultaneous node and any action
  once the game is over with a relicbox error, changing nothing.
* **Observations**: the observation tensor is the seat's view encoded by
  :mod:`relicbox.envs.encoding`; the observation string is the view as canonical
  JSON without its public history; the information-state string is the whole
  view as canonical JSON. Views hold the public history and everything the
  seat has privately seen, so the information state has perfect recall.
  Nothing hidden from the seat is in any of them.
* **Information-state tensor**: the observation tensor followed by the seat's own
  past decisions in order, one slot each (``(action + 1) / num_actions``, 0 for a
  decision not yet taken), :func:`recall_slots` of them: the seat's decisions
  are bounded by ``max_game_length``, so nothing it did is forgotten, and what
  it has seen that is still in play is in the observation part. (The public
  history of earlier rounds is in the information-state string, not in the
  tensor.)
* **Length**: ``max_game_length`` bounds ``len(state.history())`` (every seat's
  action at a simultaneous node counts, as do chance outcomes) for the player
  count, options and form: it is the game's ``Game.max_length`` (Diamant
  ``5 * (26 + 25 * players)``: a round reveals at most 26 cards and asks for a
  choice after all but the last; Tschak! ``4 * (9 * players + 5)``; Relic Runners
  ``60 * max_turns + 100``). Where no rule bounds a game (Relic Runners without
  ``max_turns``) the OpenSpiel game sets ``max_turns`` to the most turns whose bound fits
  :data:`NO_CAP` (1,665), so the declared length is always true.
  OpenSpiel declares it as a C++ ``int``: options whose bound exceeds
  :data:`MAX_GAME_LENGTH` (Relic Runners' ``max_turns`` above 35,791,392) are refused at
  ``load_game`` with a :class:`relicbox.ConfigurationError`, since a clamped length would
  no longer bound the game.
* **Returns**: at the end 1 shared among the winners, 0 otherwise (constant sum 1).
* **Serialization** never uses pickle. pyspiel's Python games inherit a state text that
  carries a base64 pickle, which ``game.deserialize_state`` would load, running whatever
  a crafted text says; here ``state.serialize()`` is one line of JSON instead:
  ``{"format": "relicbox-openspiel-state/1", "game": <pyspiel name>, "history":
  [[player, action], ...], "decisions": [[seat 0's actions], ...], "state": <the engine
  state's to_dict()>}``. ``game.deserialize_state(text)`` reads at most
  :data:`MAX_STATE_TEXT` characters of JSON and nothing else, loads the engine state with
  :func:`relicbox.state_from_dict` (with every check of a loaded position), and replays
  the history from the initial state, so that the state it returns has the same
  history, observations and legal actions; the history must lead to exactly that engine
  state. An empty history loads the engine state as it is (a state made by
  :func:`resampler` has one). Anything else is refused with a
  :class:`relicbox.StateFormatError` naming the reason. :func:`register` also replaces
  ``pyspiel.serialize_game_and_state`` and ``pyspiel.deserialize_game_and_state`` (their
  C++ forms would still write and load the pickle) with versions that use this format
  for relicbox games and pyspiel's own for every other game (code that took those
  functions from pyspiel before :func:`register` keeps pyspiel's). Pickling a state
  object with Python's ``pickle`` is still pickle: load only pickles you made.

Search with hidden information: OpenSpiel's Python ISMCTS needs a sequential
game and a way to sample a full state from a seat's information state;
:func:`resampler` builds one on the engine's ``determinize`` (hidden parts
redrawn consistently with the seat's view, everything else, options and board
included, kept). Pass it to ``ISMCTSBot.set_resampler`` on
``relicbox_relic_runners`` or on the sequential forms of the simultaneous
games. ``Game.sample_state(view, rng)``, which every game has, draws a state
from the view alone; use it instead where the searcher must not hold the true
state (Relic Runners' sampler knows only the default board).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pyspiel

from relicbox.core.actions import Action
from relicbox.core.errors import (
    ConfigurationError,
    IllegalActionError,
    InvalidActionError,
    RelicboxError,
    StateFormatError,
    quote,
)
from relicbox.core.game import Game, State
from relicbox.core.registry import get_game, list_games, state_from_dict
from relicbox.envs._common import action_index
from relicbox.envs.encoding import encoder_for

SEQUENTIAL = "_sequential"
"""The suffix of a simultaneous game's form with one seat deciding at a time (for
sequential-only tools)."""
NO_CAP = 100_000
"""``max_game_length`` of a game no rule bounds (Relic Runners without ``max_turns``)."""
MAX_RECALL = 4096
"""Most own decisions an information-state tensor holds (reached only by uncapped Relic
Runners, whose length no rule bounds: a longer game keeps its first decisions)."""
MAX_GAME_LENGTH = 2**31 - 1
"""The longest ``max_game_length`` OpenSpiel can declare (a C++ ``int``); options that let
a game run longer are refused at ``load_game``."""
STATE_TEXT_FORMAT = "relicbox-openspiel-state/1"
"""The ``format`` of a serialized state (see *Serialization* above)."""
MAX_STATE_TEXT = 1 << 22
"""Most characters ``deserialize_state`` reads: a game as long as :data:`NO_CAP` fits
with room to spare; a longer text is refused unread."""


def _parameters(game: Game) -> dict[str, Any]:
    params: dict[str, Any] = {"players": game.default_players or game.min_players}
    for option in game.options:
        if option.integer:
            params[option.name] = 0
        elif isinstance(option.default, str | bool) and option.choices is not None:
            params[option.name] = option.default
    return params


def _game_options(game: Game, params: dict[str, Any]) -> dict[str, object]:
    options: dict[str, object] = {}
    for option in game.options:
        if option.name in params:
            value = params[option.name]
            options[option.name] = (value or None) if option.integer else value
    return options


def short_name(game: Game, sequential: bool = False) -> str:
    """The pyspiel name of ``game`` (``relicbox_relic_runners``), or of its sequential form."""
    return "relicbox_" + game.name.replace("-", "_") + (SEQUENTIAL if sequential else "")


def forms() -> dict[str, str]:
    """Every pyspiel name :func:`register` registers, and the relicbox game it plays."""
    names: dict[str, str] = {}
    for game in list_games():
        names[short_name(game)] = game.name
        if game.simultaneous:
            names[short_name(game, sequential=True)] = game.name
    return names


def _bounded(game: Game, players: int, options: dict[str, Any]) -> dict[str, Any]:
    """``options``, with the game's ``max_turns`` set where no rule bounds its length: the
    most turns whose bound fits :data:`NO_CAP`, so ``max_game_length`` is a true bound
    (a game reaching it ends truncated, as under any ``max_turns``)."""
    max_length = game.max_length
    if max_length is None or "max_turns" not in {option.name for option in game.options}:
        return options

    def bound(turns: int) -> int | None:
        chosen = {**options, "max_turns": turns} if turns else options
        return max_length(players, game.parse_settings(game.resolve_options(chosen)))

    if bound(0) is not None:
        return options
    low, high = 1, NO_CAP
    while low < high:  # the most turns whose bound fits NO_CAP (bounds grow with turns)
        middle = (low + high + 1) // 2
        low, high = (middle, high) if (bound(middle) or 0) <= NO_CAP else (low, middle - 1)
    return {**options, "max_turns": low}


def _max_length(game: Game, players: int, options: dict[str, object]) -> int:
    """A bound on ``len(history())``: every seat's action at a node counts, and chance.

    Refused (:class:`ConfigurationError`) where the bound does not fit OpenSpiel's C++
    ``int``: a smaller, clamped length would no longer bound the game."""
    if game.max_length is None:
        return NO_CAP
    bound = game.max_length(players, game.parse_settings(game.resolve_options(options)))
    if bound is None:
        return NO_CAP
    if bound > MAX_GAME_LENGTH:
        raise ConfigurationError(
            f"{game.name} for {players} players with options {quote(options, 200)} cannot be "
            f"an OpenSpiel game: its games may take up to {bound} steps, more than the "
            f"{MAX_GAME_LENGTH} an OpenSpiel game can declare as its max_game_length; choose "
            "smaller options"
        )
    return bound


def recall_slots(max_game_length: int, players: int, simultaneous: bool) -> int:
    """How many own decisions the information-state tensor holds: all a seat can take."""
    per_seat = max_game_length // players if simultaneous else max_game_length
    return min(per_seat, MAX_RECALL)


def _opening_chance_outcomes(game: Game, players: int, options: dict[str, object]) -> int:
    state = game.new_state(players, 0, record=False, auto_chance=False, **options)
    most = 1
    while state.is_chance:
        outcomes = state.chance_outcomes()
        most = max(most, len(outcomes))
        state.apply_chance(outcomes[0][0])
    return most


class _Engine:
    """Holds the engine state; copied with ``clone()`` when OpenSpiel clones a state.

    It also keeps the pending chance event's outcome list, which OpenSpiel asks
    for several times per node and some games build by enumeration. A game's initial
    states share one engine state until their first move copies it: pyspiel makes an
    initial state each time it asks for a tensor's shape.
    """

    __slots__ = ("_outcomes", "decisions", "initial", "moves", "shared", "state")

    def __init__(
        self,
        state: State,
        outcomes: list[tuple[str, float]] | None = None,
        decisions: list[list[int]] | None = None,
        shared: bool = False,
    ) -> None:
        self.state = state
        self.shared = shared
        """True while ``state`` is shared with other initial states: read it, never change it."""
        self._outcomes = outcomes
        self.decisions = decisions or [[] for _ in range(state.players)]
        """Each seat's own actions so far, in order (for the information-state tensor)."""
        self.moves = 0
        """Moves applied to this copy (observers tell a state they have just encoded)."""
        self.initial = False
        """True for a game's fresh initial state (all alike until the first move)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        copied = [list(seat) for seat in self.decisions]
        return _Engine(self.state.clone(), self._outcomes, copied)

    def own(self) -> State:
        """The engine state, copied first if it is shared: one this copy may change."""
        if self.shared:
            self.state = self.state.clone()
            self.shared = False
        return self.state

    def outcomes(self) -> list[tuple[str, float]]:
        if self._outcomes is None:
            self._outcomes = self.state.chance_outcomes()
        return self._outcomes

    def changed(self) -> None:
        self._outcomes = None
        self.moves += 1


class RelicboxGame(pyspiel.Game):  # type: ignore[misc]
    """A relicbox game as a pyspiel Python game; made by ``pyspiel.load_game``."""

    game_type: pyspiel.GameType
    relicbox_name: str

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.relicbox = get_game(self.relicbox_name)
        merged = {**_parameters(self.relicbox), **(params or {})}
        self.players = self.relicbox.check_players(int(merged["players"]))
        self.options = _bounded(self.relicbox, self.players, _game_options(self.relicbox, merged))
        self.simultaneous = self.game_type.dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
        self.wait = self.relicbox.num_actions
        self.max_chance = max(
            self.relicbox.chance_bound or 1,
            _opening_chance_outcomes(self.relicbox, self.players, self.options),
        )
        info = pyspiel.GameInfo(
            num_distinct_actions=self.relicbox.num_actions + (1 if self.simultaneous else 0),
            max_chance_outcomes=self.max_chance,
            num_players=self.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=_max_length(self.relicbox, self.players, self.options),
        )
        super().__init__(self.game_type, info, merged)
        self.encoder = encoder_for(self.relicbox, self.players, self.options)
        self.recall = recall_slots(info.max_game_length, self.players, self.simultaneous)
        self._fresh = self.relicbox.new_state(
            self.players, 0, record=False, auto_chance=False, **self.options
        )
        self._built = True

    def __repr__(self) -> str:
        # A game refused in __init__ (its options checked) has no C++ part, and pyspiel's
        # repr of it reads garbage and crashes the process: tracebacks that show locals
        # (pytest's, error reporters') ask for it.
        if not getattr(self, "_built", False):
            return f"<{type(self).__name__}, not made>"
        text: str = super().__repr__()
        return text

    __str__ = __repr__

    def new_initial_state(self) -> RelicboxState:
        engine = _Engine(self._fresh, shared=True)
        engine.initial = True
        return RelicboxState(self, engine)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> RelicboxObserver:
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return RelicboxObserver(self, perfect_recall)

    def deserialize_state(self, text: object) -> RelicboxState:
        """The state :meth:`RelicboxState.serialize` wrote; never loads a pickle.

        Refuses anything but that JSON text for this game, player count and options
        (:class:`StateFormatError`); see *Serialization* in the module docstring.
        """
        return _deserialize(self, text)


class RelicboxState(pyspiel.State):  # type: ignore[misc]
    """One OpenSpiel state wrapping one engine state (chance left to OpenSpiel)."""

    def __init__(self, game: RelicboxGame, engine: _Engine) -> None:
        super().__init__(game)
        self._engine = engine
        self._outcomes: list[tuple[str, float]] | None = None
        # Asked at every node: kept here rather than fetched through get_game().
        self._simultaneous = game.simultaneous
        self._wait = game.wait

    @property
    def engine(self) -> State:
        """The engine state (for inspection and resampling; players see only views)."""
        return self._engine.own()

    def _game(self) -> RelicboxGame:
        game: RelicboxGame = self.get_game()
        return game

    def current_player(self) -> int:
        state = self._engine.state
        if state.is_over:
            return _TERMINAL
        if state.is_chance:
            return _CHANCE
        if self._simultaneous:
            return _SIMULTANEOUS
        return state.to_act[0]

    def _legal_actions(self, player: int) -> list[int]:
        state = self._engine.state
        if state.is_over or state.is_chance:
            return []
        if player not in state.to_act:
            return [self._wait] if self._simultaneous else []
        return _indices(state.legal_actions(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        outcomes = self._engine.outcomes()
        if len(outcomes) > self._game().max_chance:
            raise RelicboxError(
                f"{len(outcomes)} chance outcomes exceed the declared maximum "
                f"{self._game().max_chance}"
            )
        return [(i, probability) for i, (_, probability) in enumerate(outcomes)]

    def apply_action(self, action: object) -> None:
        """pyspiel's ``apply_action`` for an action id only (a Python ``int`` that is not a
        ``bool``, or a NumPy integer, from 0): anything else is refused with
        :class:`InvalidActionError` before pyspiel converts it."""
        if type(action) is not int or not 0 <= action < _ID_LIMIT:  # the usual case: skip
            action = _action_id(action)
        _APPLY_ACTION(self, action)

    def apply_actions(self, actions: object) -> None:
        """pyspiel's ``apply_actions`` for a list (or tuple) of action ids only."""
        if not isinstance(actions, list | tuple):
            raise InvalidActionError(
                f"joint action {quote(actions)} cannot be read: it is a list of actions, "
                "one per seat"
            )
        super().apply_actions([_action_id(action) for action in actions])

    def _apply_action(self, action: int) -> None:
        state = self._engine.state
        if state.is_over:
            raise IllegalActionError(f"action {quote(action)} refused: the game is over")
        if state.is_chance:
            outcomes = self._engine.outcomes()
            if not 0 <= action < len(outcomes):
                raise InvalidActionError(
                    f"chance action {quote(action)} cannot be read: this chance node's "
                    f"outcomes are 0..{len(outcomes) - 1}"
                )
            self._engine.own().apply_chance(outcomes[action][0])
        elif self._simultaneous:
            raise IllegalActionError(
                f"action {quote(action)} refused: all seats decide at once at this node, "
                "through apply_actions (one action per seat)"
            )
        else:
            state = self._engine.own()
            seat = state.to_act[0]
            state.act(seat, action)
            self._engine.decisions[seat].append(action)
        self._engine.changed()

    def _apply_actions(self, actions: list[int]) -> None:
        """Every due seat's action at once (the engine's ``act_joint``): a refused one,
        or a list that is not one action per seat, changes nothing."""
        if self._engine.state.is_over:
            raise IllegalActionError(f"joint action {quote(actions)} refused: the game is over")
        players = self._engine.state.players
        if len(actions) != players:
            raise InvalidActionError(
                f"joint action {quote(actions)} cannot be read: a simultaneous node takes "
                f"one action per seat, {players} in all, got {len(actions)}"
            )
        due = self._engine.state.to_act
        idle = [seat for seat in range(players) if seat not in due and actions[seat] != self._wait]
        if idle:
            raise IllegalActionError(
                f"joint action {quote(actions)} refused: seat {idle[0]} has nothing to decide "
                f"now, so its action is wait ({self._wait})"
            )
        state = self._engine.own()
        state.act_joint({seat: actions[seat] for seat in due})
        decisions = self._engine.decisions
        for seat in due:
            decisions[seat].append(actions[seat])
        self._engine.changed()

    def _action_to_string(self, player: int, action: int) -> str:
        state = self._engine.state
        if player == pyspiel.PlayerId.CHANCE:
            outcomes = self._engine.outcomes() if state.is_chance else []
            if 0 <= action < len(outcomes):
                return outcomes[action][0]
            return f"chance outcome {action}"
        if action == self._wait and self._simultaneous:
            return "wait"
        return state.game.action_space[action].text

    def is_terminal(self) -> bool:
        return self._engine.state.is_over

    def own_decisions(self, player: int) -> list[int]:
        """The actions ``player`` has taken so far, in order."""
        return self._engine.decisions[player]

    def returns(self) -> list[float]:
        return [float(r) for r in self._engine.state.returns()]

    def serialize(self) -> str:
        """The state as one line of JSON (never a pickle): pyspiel's history, each seat's
        own decisions and the engine state's ``to_dict()``."""
        game = self._game()
        return json.dumps(
            {
                "format": STATE_TEXT_FORMAT,
                "game": game.game_type.short_name,
                "history": [[int(h.player), int(h.action)] for h in self.full_history()],
                "decisions": [list(seat) for seat in self._engine.decisions],
                "state": self._engine.state.to_dict(),
            },
            separators=(",", ":"),
        )

    def __str__(self) -> str:
        return json.dumps(self._engine.state.view(None), sort_keys=True)


class RelicboxObserver:
    """Observation tensor (the encoding) and strings (canonical JSON of the view); with
    perfect recall the tensor also holds the seat's own past decisions.

    :meth:`set_from` writes :attr:`tensor` in place (:attr:`dict` holds views into it).
    Behind it each seat keeps a tensor of its own, brought up to date from its last one:
    only the parts of the view that changed and the decisions taken since are written,
    and asking again for the same state and seat costs nothing.
    """

    def __init__(self, game: RelicboxGame, perfect_recall: bool) -> None:
        self.encoder = game.encoder
        self.perfect_recall = perfect_recall
        size = self.encoder.size
        self.recall = game.recall if perfect_recall else 0
        self.scale = 1.0 / game.relicbox.num_actions
        players = game.players
        self._encodings = self.encoder.seats(players)
        self._tensors = [np.zeros(size + self.recall, np.float32) for _ in range(players)]
        self._at: list[tuple[_Engine | None, int]] = [(None, -1)] * players
        """Per seat: the engine copy and move its own tensor holds."""
        self._recalled: list[tuple[list[int] | None, int]] = [(None, 0)] * players
        """Per seat: the decision list its recall slots were written from, and how many."""
        self._initial: dict[int, np.ndarray] = {}
        """Each seat's tensor at the initial state (pyspiel makes one per tensor asked)."""
        self._showing: tuple[_Engine | None, int, int] = (None, -1, -1)
        """The engine copy, move and seat :attr:`tensor` holds (``None``: an initial state)."""
        self.tensor = np.zeros(size + self.recall, np.float32)
        self.dict = {"observation": self.tensor[:size]}
        if perfect_recall:
            self.dict["decisions"] = self.tensor[size:]

    def set_from(self, state: RelicboxState, player: int) -> None:
        engine = state._engine
        # (The engine objects are held, so their ids cannot be reused while compared.)
        if engine.initial and not engine.moves:
            if self._showing != (None, 0, player):
                known = self._initial.get(player)
                if known is None:
                    known = self._initial[player] = np.zeros_like(self.tensor)
                    known[: self.encoder.size] = self.encoder.encode(engine.state.view(player))
                self.tensor[:] = known
                self._showing = (None, 0, player)
            return
        showing = self._showing
        if showing[0] is engine and showing[1] == engine.moves and showing[2] == player:
            return
        tensor = self._tensors[player]
        at = self._at[player]
        if at[0] is not engine or at[1] != engine.moves:
            self._at[player] = (engine, engine.moves)
            size = self.encoder.size
            tensor[:size] = self._encodings.refresh(engine.state.view(player), player)
            if self.recall:
                self._write_recall(tensor[size:], engine.decisions[player], player)
        self.tensor[:] = tensor
        self._showing = (engine, engine.moves, player)

    def _write_recall(self, slots: np.ndarray, own: list[int], player: int) -> None:
        """The seat's decisions in ``slots``: only those added since, when the list is
        the one written last time (a copy's own list is written whole)."""
        written_from, count = self._recalled[player]
        if written_from is not own or count > len(own):
            slots[:] = 0.0
            count = 0
        end = min(len(own), self.recall)
        if end > count:
            slots[count:end] = np.asarray(own[count:end], np.float32) + 1.0
            slots[count:end] *= self.scale
        self._recalled[player] = (own, end)

    def string_from(self, state: RelicboxState, player: int) -> str:
        view = state.engine.view(player)
        if not self.perfect_recall:
            view = {key: value for key, value in view.items() if key != "history"}
        return json.dumps(view, sort_keys=True, separators=(",", ":"))


_ID_LIMIT = 2**63
_APPLY_ACTION = pyspiel.State.apply_action


def _action_id(value: object) -> int:
    """``value`` as an OpenSpiel action id: integral (see :func:`action_index`), from 0 and
    within C++'s 64-bit range."""
    action = action_index(value)
    if not 0 <= action < _ID_LIMIT:
        raise InvalidActionError(
            f"action {quote(value)} cannot be read: an action id is a whole number from 0"
        )
    return action


_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_SIMULTANEOUS = int(pyspiel.PlayerId.SIMULTANEOUS)
_INDICES: dict[int, tuple[object, list[int]]] = {}


def _indices(legal: Sequence[Action]) -> list[int]:
    """The legal actions' indices, sorted; kept for a game's read-only tuples of them."""
    found = _INDICES.get(id(legal))
    if found is not None and found[0] is legal:
        return list(found[1])
    indices = sorted([action.index for action in legal])
    if type(legal) is tuple:  # kept with the tuple, so its id is not reused meanwhile
        if len(_INDICES) >= 4096:
            _INDICES.clear()
        _INDICES[id(legal)] = (legal, indices)
    return list(indices)


def resampler(seed: int = 0) -> Callable[[pyspiel.State, int], pyspiel.State]:
    """A resampler for ``ISMCTSBot.set_resampler``: a state consistent with ``player``'s view.

    It asks the engine's ``determinize`` for a full state whose hidden parts are
    redrawn, so the searching seat's information state is unchanged. It accepts
    the states of the registered games and of their turn-based conversions.
    """
    coin = random.Random(seed)

    def resample(state: pyspiel.State, player: int) -> pyspiel.State:
        if isinstance(state, RelicboxState):
            drawn = state.engine.determinize(player, coin.randrange(2**31))
            drawn.auto_chance = False
            decisions = [list(seat) for seat in state._engine.decisions]
            return RelicboxState(state.get_game(), _Engine(drawn, None, decisions))
        raise RelicboxError(
            f"cannot resample a {type(state).__name__}: expected a relicbox OpenSpiel state"
        )

    return resample


def _deserialize(game: RelicboxGame, text: object) -> RelicboxState:
    """The state ``text`` describes for ``game``, or :class:`StateFormatError`."""
    name = game.game_type.short_name

    def refused(why: str) -> StateFormatError:
        return StateFormatError(f"{name} state text {quote(text, 60)} refused: {why}")

    if not isinstance(text, str):
        raise refused("a serialized state is text (str)")
    if len(text) > MAX_STATE_TEXT:
        raise refused(f"it holds {len(text)} characters, a state text at most {MAX_STATE_TEXT}")
    try:
        data = json.loads(text)
    except RecursionError:
        raise refused("it is not JSON a state can be: nested too deeply") from None
    except ValueError as error:
        raise refused(f"it is not JSON ({error})") from None
    if not isinstance(data, dict):
        raise refused("it must be an object")
    if data.get("format") != STATE_TEXT_FORMAT:
        raise refused(
            f"its 'format' must be {STATE_TEXT_FORMAT!r}, got {quote(data.get('format'))}"
        )
    if data.get("game") != name:
        raise refused(f"it is a state of {quote(data.get('game'))}, not of {name}")
    history = _history(data.get("history"), game.max_game_length(), refused)
    decisions = _decisions(data.get("decisions"), game, refused)
    engine = _engine_state(data.get("state"), game, refused)
    if not history:  # an engine state as it is, as the resampler makes them
        return RelicboxState(game, _Engine(engine, None, decisions))
    replayed = _replay(game, history, refused)
    if replayed._engine.state.to_dict() != engine.to_dict():
        raise refused("its history does not lead to its engine state")
    if replayed._engine.decisions != decisions:
        raise refused("its 'decisions' are not the seats' decisions in its history")
    return replayed


def _history(
    value: object, longest: int, refused: Callable[[str], StateFormatError]
) -> list[tuple[int, int]]:
    """The ``history`` field read: ``[player, action]`` pairs, no more than a game holds."""
    if not isinstance(value, list):
        raise refused(f"its 'history' must be a list, got {quote(value)}")
    if len(value) > longest:
        raise refused(f"its history holds {len(value)} actions, a game at most {longest}")
    pairs = []
    for i, entry in enumerate(value):
        if (
            not isinstance(entry, list)
            or len(entry) != 2
            or not all(type(part) is int for part in entry)
        ):
            raise refused(f"its history entry {i} must be [player, action], got {quote(entry)}")
        pairs.append((entry[0], entry[1]))
    return pairs


def _decisions(
    value: object, game: RelicboxGame, refused: Callable[[str], StateFormatError]
) -> list[list[int]]:
    """The ``decisions`` field read: per seat, its own actions (indices in the action space)."""
    size = game.relicbox.num_actions
    if (
        not isinstance(value, list)
        or len(value) != game.players
        or not all(
            isinstance(seat, list)
            and all(type(action) is int and 0 <= action < size for action in seat)
            for seat in value
        )
    ):
        raise refused(
            f"its 'decisions' must be {game.players} lists (one per seat) of actions "
            f"0..{size - 1}, got {quote(value)}"
        )
    return [list(seat) for seat in value]


def _engine_state(
    value: object, game: RelicboxGame, refused: Callable[[str], StateFormatError]
) -> State:
    """The ``state`` field loaded by the engine (every check of a loaded position), for
    this game, player count and options, with chance left to OpenSpiel."""
    if not isinstance(value, dict):
        raise refused(f"its 'state' must be an engine state object, got {quote(value)}")
    if value.get("auto_chance") is not False:
        raise refused("its engine state must leave chance to OpenSpiel ('auto_chance': false)")
    if value.get("events") is not None:
        raise refused("its engine state keeps no record ('events': null)")
    try:
        engine = state_from_dict(value)
    except RelicboxError as error:
        raise refused(f"its engine state: {error}") from None
    fresh = game._fresh
    if engine.game is not fresh.game:
        raise refused(f"its engine state is a {engine.game.name} state, not {fresh.game.name}")
    if engine.players != fresh.players:
        raise refused(f"its engine state has {engine.players} players, the game {fresh.players}")
    if engine.options != fresh.options:
        raise refused(
            f"its engine state's options {engine.options} are not the game's {fresh.options}"
        )
    return engine


def _replay(
    game: RelicboxGame, history: list[tuple[int, int]], refused: Callable[[str], StateFormatError]
) -> RelicboxState:
    """The initial state with ``history`` applied, each action checked before it is."""
    state = game.new_initial_state()
    players = game.players
    at = 0
    while at < len(history):
        if state.is_terminal():
            raise refused(f"its history goes on after the end, at entry {at}")
        if state.is_simultaneous_node():
            group = history[at : at + players]
            if [player for player, _ in group] != list(range(players)):
                raise refused(
                    f"its history entry {at} must start one action per seat "
                    f"(players 0..{players - 1} in order)"
                )
            for player, action in group:
                if action not in state.legal_actions(player):
                    raise refused(f"its history entry {at + player}: {action} is not legal")
            state.apply_actions([action for _, action in group])
            at += players
            continue
        player, action = history[at]
        if player != state.current_player() or action not in state.legal_actions():
            raise refused(f"its history entry {at}: player {player}'s action {action} is not legal")
        state.apply_action(action)
        at += 1
    return state


_SERIALIZED_HEADER = (
    "# Automatically generated by OpenSpiel SerializeGameAndState\n[Meta]\nVersion: 1\n\n"
)
_PYSPIEL_SERIALIZE = pyspiel.serialize_game_and_state
_SECTIONS = {"[Meta]": (-1, 0), "[Game]": (0, 1), "[State]": (1, 2)}
"""Each section header: the section it must follow, and its own number."""


def serialize_game_and_state(game: pyspiel.Game, state: pyspiel.State) -> str:
    """``pyspiel.serialize_game_and_state``, writing a relicbox state as its JSON.

    Other games' states are written by pyspiel's own function."""
    if isinstance(state, RelicboxState):
        return f"{_SERIALIZED_HEADER}[Game]\n{game.serialize()}\n[State]\n{state.serialize()}\n"
    text: str = _PYSPIEL_SERIALIZE(game, state)
    return text


def deserialize_game_and_state(text: object) -> tuple[pyspiel.Game, pyspiel.State]:
    """``pyspiel.deserialize_game_and_state``, loading a relicbox state from its JSON.

    The sections are read as pyspiel reads them; the game is loaded by pyspiel and asked
    for the state, so a relicbox game reads it with :meth:`RelicboxGame.deserialize_state`
    (never a pickle) and any other game as pyspiel would."""
    if not isinstance(text, str):
        raise StateFormatError(f"a serialized game and state is text, got {quote(text)}")
    sections: list[list[str]] = [[], [], []]
    current = -1
    for line in text.split("\n"):
        if not line or line[0] == "#":
            continue
        if line in _SECTIONS:
            after, current_section = _SECTIONS[line]
            if current != after:
                raise StateFormatError(
                    f"serialized game and state {quote(text, 60)} refused: "
                    f"section {line} out of order"
                )
            current = current_section
        elif current < 0:
            raise StateFormatError(
                f"serialized game and state {quote(text, 60)} refused: "
                f"{quote(line, 40)} comes before the [Meta] section"
            )
        else:
            sections[current].append(line)
    game = pyspiel.deserialize_game("\n".join(sections[1]))
    return game, game.deserialize_state("\n".join(sections[2]))


def _install_serialization() -> None:
    """Put the JSON-writing forms of pyspiel's game-and-state functions in its module."""
    pyspiel.serialize_game_and_state = serialize_game_and_state
    pyspiel.deserialize_game_and_state = deserialize_game_and_state


def _game_type(short_name: str, game: Game) -> pyspiel.GameType:
    dynamics = (
        pyspiel.GameType.Dynamics.SIMULTANEOUS
        if game.simultaneous and not short_name.endswith(SEQUENTIAL)
        else pyspiel.GameType.Dynamics.SEQUENTIAL
    )
    return pyspiel.GameType(
        short_name=short_name,
        long_name=f"relicbox {game.title}",
        dynamics=dynamics,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(game),
    )


_REGISTERED: dict[str, type[RelicboxGame]] = {}


def register() -> list[str]:
    """Register every relicbox game with pyspiel (repeatable); returns the short names."""
    _install_serialization()
    registered = set(pyspiel.registered_names())
    names = forms()
    for name, relicbox_name in names.items():
        if name in _REGISTERED or name in registered:
            continue
        game_type = _game_type(name, get_game(relicbox_name))
        cls = type(
            f"RelicboxGame_{name.removeprefix('relicbox_')}",
            (RelicboxGame,),
            {"game_type": game_type, "relicbox_name": relicbox_name},
        )
        pyspiel.register_game(game_type, cls)
        _REGISTERED[name] = cls
    return list(names)


__all__ = [
    "RelicboxGame",
    "RelicboxObserver",
    "RelicboxState",
    "deserialize_game_and_state",
    "forms",
    "recall_slots",
    "register",
    "resampler",
    "serialize_game_and_state",
    "short_name",
]
