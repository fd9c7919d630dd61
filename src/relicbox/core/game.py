"""The contract every game implements: :class:`Game` metadata and :class:`State`.

A :class:`Game` describes a registered rules definition (names, player range,
options, rules version, action space). A :class:`State` is one moment of one
game. The base class owns everything that is the same for every game:
validating and logging decisions, resolving chance with the seeded generator
carried in the state, the game record, and the header of the JSON form. A game
subclass supplies the rules through the ``_`` hooks documented below.

Seats are numbered from 0. A state's decisions come from ``to_act``: one seat
for a sequential decision, several for a simultaneous one, and none while a
chance event is pending or when the game is over. In a simultaneous step each
seat commits its choice (one action, or several when the choice has parts, such
as Tschak!'s cards picked for one reveal: the seat stays in ``to_act`` until it
has committed them all); no other seat's view shows a commitment until every
seat has committed, then all resolve at once.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, TypeVar

from relicbox.core.actions import Action, ActionSpace
from relicbox.core.agents import Agent, TextRenderer
from relicbox.core.checks import MAX_OPTION_WHOLE, json_problem, option_whole
from relicbox.core.errors import (
    ConfigurationError,
    IllegalActionError,
    InvalidActionError,
    Reason,
    RecordError,
    RelicboxError,
    SeatError,
    StateFormatError,
    quote,
    reason_error,
)
from relicbox.core.fields import Fields
from relicbox.core.history import History
from relicbox.core.rng import Rng, as_rng

RECORD_FORMAT = "relicbox-record/1"
STATE_FORMAT = "relicbox-state/1"

SEED_MIN = -(1 << 63)
SEED_MAX = (1 << 64) - 1
"""Seeds are 64-bit numbers, so records and states always fit a JSON number."""

OptionValue = str | int | bool | dict[str, Any] | None
S = TypeVar("S", bound="State")


@dataclass(frozen=True)
class Option:
    """One game option. ``choices`` lists the allowed values, or is ``None`` for free text."""

    name: str
    default: OptionValue
    help: str
    choices: tuple[OptionValue, ...] | None = None
    data_file: bool = False
    """The value is a user's data file (cards, board), passed in already parsed as a dict.

    ``relicbox.new_game`` reads the file named by a path; the record keeps the
    parsed data, so a replay does not depend on the file still existing.
    """

    integer: bool = False
    """The value is a whole number from 0 to ``checks.MAX_OPTION_WHOLE``, or ``None`` (for caps
    such as ``max_turns``)."""

    def validate(self, value: object, game: str) -> OptionValue:
        if self.integer:
            number = None if value is None else option_whole(value)
            if value is None or number is not None:
                return number
            raise reason_error(
                ConfigurationError,
                "error-option-whole-number",
                option=self.name,
                value=quote(value),
                game=game,
                high=MAX_OPTION_WHOLE,
            )
        if self.data_file:
            if value is None:
                return value
            if isinstance(value, dict):
                problem = json_problem(value)
                if problem is None:
                    return value
                raise ConfigurationError(
                    f"option {self.name} for {game} must hold plain JSON data, but {problem}"
                )
            raise ConfigurationError(
                f"option {self.name} for {game} must be a data file's path or its parsed "
                f"contents, got {quote(value)}"
            )
        if self.choices is None:
            if value is None or isinstance(value, str):
                return value
            raise ConfigurationError(
                f"option {self.name}={quote(value)} for {game} must be text (a file path)"
            )
        for allowed in self.choices:
            if value == allowed or (
                isinstance(value, str) and str(allowed).lower() == value.lower()
            ):
                return allowed
        allowed_text = ", ".join(str(c) for c in self.choices)
        raise reason_error(
            ConfigurationError,
            "error-option-choice",
            option=self.name,
            value=quote(value),
            game=game,
            choices=allowed_text,
        )


@dataclass(frozen=True)
class Codec:
    """A state's JSON body: ``write(state)`` gives it, ``read(state, body)`` loads and checks it.

    ``read`` fills a state whose header (players, seed, options, generator, record) is set,
    and raises :class:`StateFormatError` naming the field on anything invalid.
    """

    write: Callable[[Any], dict[str, Any]]
    read: Callable[[Any, Mapping[str, Any]], None]


@dataclass(frozen=True)
class Part:
    """A part of a game kept in a module of its own, imported the first time it is used.

    Parts that need more than the rules (NumPy for an accelerator) live there, so importing
    the game never loads what they need.
    """

    module: str
    attribute: str

    def load(self) -> Any:
        return getattr(importlib.import_module(self.module), self.attribute)


@dataclass(frozen=True)
class BotFamily:
    """Bots of one game that take an argument: ``name:ARG`` (``threshold:5``)."""

    usage: str
    """How a spec of the family is written, for messages (``threshold:N``)."""
    make: Callable[[str], Agent]
    """The bot for the text after the colon; a :class:`ConfigurationError` if it is not one."""


class BatchSimulator(Protocol):
    """Many games of simple bots played at once, to the game's rules (an accelerator).

    A simulation asks :meth:`plan` whether the accelerator can play its bots with its options
    and, if so, hands it games to :meth:`play`. Its games agree with the engine's in
    distribution, not game by game: it draws its own random numbers.
    """

    def plan(self, specs: Sequence[str], options: Mapping[str, OptionValue]) -> object | None:
        """What to play for these bot specs and resolved options, or ``None`` if it cannot."""

    def play(self, plan: Any, seating: Any, rng: Any) -> tuple[Any, Any]:
        """Play one game per row of ``seating`` (the entry of ``plan`` in each seat) with the
        generator ``rng``; return the scores (games x seats) and each game's decisions."""


_SETTINGS_KEPT = 256
"""How many distinct option sets a game keeps parsed settings for."""


@dataclass(frozen=True)
class Game:
    """Metadata of a registered game; ``state_class`` holds its rules."""

    name: str
    title: str
    min_players: int
    max_players: int
    rules_version: str
    action_space: ActionSpace
    state_class: type[State]
    aliases: tuple[str, ...] = ()
    options: tuple[Option, ...] = ()
    default_players: int | None = None
    summary: str = ""
    bots: Mapping[str, Callable[[], Agent]] = field(default_factory=dict)
    """Game-specific bots by name (e.g. ``"rule"``); ``"random"`` works for every game."""
    text: TextRenderer | None = None
    """The game's text module (see :class:`relicbox.core.agents.TextRenderer`)."""
    bot_families: Mapping[str, BotFamily] = field(default_factory=dict)
    """Game-specific bots that take an argument, by family name (Diamant's ``threshold:N``)."""
    default_action: str | None = None
    """The action text a seat gets when its bot or its player fails to answer in time (when
    it is legal then; otherwise the first legal action)."""
    simultaneous: bool = False
    """Whether several seats can be due to decide at once (see :attr:`State.to_act`)."""
    max_length: Callable[[int, Any], int | None] | None = None
    """``max_length(players, settings)``: an upper bound on the steps of one game, its chance
    outcomes and its decisions, where a simultaneous step counts one decision for every seat
    at the table (so it also bounds the game played one seat at a time); ``None`` where no
    rule bounds the game. The conformance suite checks it against random games."""
    chance_bound: int | None = None
    """The most outcomes a chance event can have, where a later event can have more than the
    opening ones (Diamant's relic variant adds a card every round); ``None`` where the opening
    events have the most (decks and pools only shrink)."""
    evaluate: Callable[[Any], Sequence[float]] | None = None
    """The game's judgement of an unfinished position, one expected win share per seat: what
    a search's playout cut short is worth."""
    search_defaults: Mapping[str, str] = field(default_factory=dict)
    """The settings a search plays this game best with (``{"rollout": "rule"}``), spec
    settings by name; a spec's own settings override them."""
    test_options: Mapping[str, OptionValue] = field(default_factory=dict)
    """Options that keep random test games short (a turn cap), for the conformance suite."""
    encoder: Part | None = None
    """The game's fixed-shape observation encoder class (see :mod:`relicbox.core.encoding`)."""
    batch: Part | None = None
    """An optional accelerator: a :class:`BatchSimulator` that plays many games of simple bots
    at once (Diamant's NumPy lock-step); loaded only when a simulation asks for it."""
    sampler: Callable[[Mapping[str, Any], Rng], State] | None = None
    """Builds a full state from one seat's view (see :meth:`sample_state`)."""
    view: Callable[[Any, int | None], Any] | None = None
    """The game's view function (its ``views`` module): what :meth:`State.view` returns."""
    codec: Codec | None = None
    """The game's JSON body codec (its ``codec`` module), used by ``to_dict`` / ``from_dict``."""
    settings: Callable[..., Any] | None = None
    """The game's typed options: a frozen class whose fields are named after :attr:`options`.

    Every state holds one, parsed once from its resolved options, so rules read
    ``self.settings.split`` instead of looking text keys up in a dict.
    """

    def sample_state(self, view: Mapping[str, Any], rng: object = None) -> State:
        """A full state consistent with ``view``, hidden parts drawn given what it shows.

        ``rng`` is a seed or an :class:`Rng`. The state keeps no record and its
        generator is freshly drawn, so nothing of the true game's seed survives.
        """
        if self.sampler is None:
            raise ConfigurationError(f"{self.name} cannot build a state from a view")
        return self.sampler(view, as_rng(rng))

    @property
    def renderer(self) -> TextRenderer:
        """The game's text module; a :class:`ConfigurationError` if it registered none."""
        if self.text is None:
            raise ConfigurationError(f"{self.name} has no text module")
        return self.text

    @property
    def num_actions(self) -> int:
        return len(self.action_space)

    @property
    def players(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def check_players(self, players: object) -> int:
        if isinstance(players, bool) or not isinstance(players, int):
            raise reason_error(
                ConfigurationError, "error-players-type", players=quote(players), game=self.name
            )
        if not self.min_players <= players <= self.max_players:
            raise reason_error(
                ConfigurationError,
                "error-players-range",
                game=self.name,
                low=self.min_players,
                high=self.max_players,
                players=players,
            )
        return players

    def resolve_options(self, given: Mapping[str, object]) -> dict[str, OptionValue]:
        """Validate user options and fill in defaults, with errors that list what exists."""
        if not given:
            return {option.name: option.default for option in self.options}
        known = {option.name: option for option in self.options}
        for name in given:
            if name not in known:
                listed = ", ".join(sorted(known)) or "none"
                raise reason_error(
                    ConfigurationError,
                    "error-unknown-option",
                    option=quote(name),
                    game=self.name,
                    options=listed,
                )
        return {
            option.name: option.validate(given[option.name], self.name)
            if option.name in given
            else option.default
            for option in self.options
        }

    _settings_made: dict[tuple[Any, ...], Any] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    """Settings already parsed, by their options: frozen, so states share them."""

    def parse_settings(self, resolved: Mapping[str, OptionValue]) -> Any:
        """The typed options of a state with these resolved options (``None`` without a class).

        Simulations create a state per game with the same options, so each distinct set
        is parsed once; options holding parsed data files are not hashable and are parsed
        every time.
        """
        if self.settings is None:
            return None
        try:
            key = tuple(resolved.items())
            made = self._settings_made.get(key)
        except TypeError:
            return self.settings(**resolved)
        if made is None:
            if len(self._settings_made) >= _SETTINGS_KEPT:
                self._settings_made.clear()  # free values (turn caps) could grow it unbounded
            made = self._settings_made[key] = self.settings(**resolved)
        return made

    _defaults_made: list[tuple[dict[str, OptionValue], Any]] = field(
        default_factory=list, init=False, repr=False, compare=False
    )
    """The default options and their settings, once made: most states are made with them."""

    def new_state(
        self,
        players: int | None = None,
        seed: int = 0,
        *,
        record: bool = True,
        auto_chance: bool = True,
        **options: object,
    ) -> State:
        count = self.check_players(self.default_players if players is None else players)
        if type(seed) is not int or not SEED_MIN <= seed <= SEED_MAX:
            raise reason_error(
                ConfigurationError, "error-seed", seed=quote(seed), low=SEED_MIN, high=SEED_MAX
            )
        if options:
            resolved = self.resolve_options(options)
            settings = self.parse_settings(resolved)
        else:
            made = self._defaults_made
            if not made:
                defaults = self.resolve_options({})
                made.append((defaults, self.parse_settings(defaults)))
            defaults, settings = made[0]
            resolved = defaults.copy()  # each state owns its options
        state = self.state_class._create(count, seed, resolved, settings)
        state._log = History() if record else None
        state.auto_chance = auto_chance
        state._settle()
        return state

    def info(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "aliases": list(self.aliases),
            "players": [self.min_players, self.max_players],
            "rules_version": self.rules_version,
            "num_actions": self.num_actions,
            "options": [
                {
                    "name": o.name,
                    "default": o.default,
                    "choices": None if o.choices is None else list(o.choices),
                    "help": o.help,
                }
                for o in self.options
            ],
        }


JointChoice = Action | str | int | Sequence[Action | str | int]
"""One seat's part of :meth:`State.act_joint`: an action, or its parts in order."""

LogEntry = tuple[int | None, str, bool]
"""``(seat, action text, False)`` for a decision, ``(None, outcome, sampled)`` for chance."""


class State(ABC):
    """One moment of one game. Subclasses implement the ``_`` hooks and the abstract API."""

    __slots__ = ("_log", "_rng", "auto_chance", "options", "players", "seed", "settings")

    game: ClassVar[Game]
    fields: ClassVar[Fields | None] = None
    """The game's own fields (see :mod:`relicbox.core.fields`); ``None`` if it lists none."""

    players: int
    seed: int
    options: dict[str, OptionValue]
    """The resolved options as plain JSON values: what records and saves keep."""
    settings: Any
    """The same options parsed into the game's typed class (see :attr:`Game.settings`)."""
    auto_chance: bool
    _rng: Rng
    _log: History[LogEntry] | None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A class that declares ``fields`` and no ``clone`` gets one generated from them."""
        super().__init_subclass__(**kwargs)
        fields = cls.__dict__.get("fields")
        if fields is not None and "clone" not in cls.__dict__:
            cls.clone = fields.cloner(cls)  # type: ignore[method-assign]

    # -- construction hooks -------------------------------------------------

    @classmethod
    def _create(
        cls: type[S], players: int, seed: int, options: dict[str, OptionValue], settings: Any
    ) -> S:
        """A fresh state laid out by :meth:`_setup`; ``settings`` are ``options`` parsed."""
        state = cls.__new__(cls)
        state.players = players
        state.seed = seed
        state.options = options
        state.settings = settings
        state._rng = Rng(seed)
        state._log = None
        state.auto_chance = True
        state._setup()
        return state

    @abstractmethod
    def _setup(self) -> None:
        """Lay out the components for ``self.players`` and ``self.options``."""

    def _copy_base_into(self, other: State) -> None:
        # Generated clones inline the same lines (relicbox.core.fields._BASE_CLONE).
        other.players = self.players
        other.seed = self.seed
        other.options = self.options
        other.settings = self.settings
        other.auto_chance = self.auto_chance
        other._rng = Rng.from_state(self._rng.state)
        other._log = None if self._log is None else self._log.copy()

    # -- whose turn ------------------------------------------------------------

    @property
    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """Seats that must decide now (empty while chance is pending or the game is over)."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @property
    @abstractmethod
    def is_chance(self) -> bool:
        """True while a chance event must be resolved before anyone can decide."""

    # -- decisions -----------------------------------------------------------

    @abstractmethod
    def legal_actions(self, seat: int) -> Sequence[Action]:
        """Every legal action for ``seat`` now, in a stable order (empty if it need not act)."""

    @abstractmethod
    def _why_illegal(self, seat: int, action: Action) -> Reason | None:
        """The reason ``action`` is illegal for ``seat`` now, or ``None`` if it is legal.

        A :class:`Reason` (a catalog message and its arguments), so every interface can
        show the refusal in its user's language."""

    def _is_legal(self, seat: int, action: Action) -> bool:
        """Whether ``seat`` may take ``action`` now: the check :meth:`act` runs every decision.

        Games override it with a cheap test (a bit mask, a look-up in a cached list), since
        simulations spend most of their time in :meth:`act`; :meth:`_why_illegal` builds the
        reason only when this says no. The conformance suite checks that the two agree.
        """
        return self._why_illegal(seat, action) is None

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> None:
        """Apply a legal decision. Must not resolve chance: :meth:`_settle` does that."""

    def act(self, seat: int, action: Action | str | int) -> None:
        """Apply ``seat``'s decision. Raises and changes nothing when it is not allowed.

        The only path a decision takes in every game: parse, :meth:`_is_legal` (with
        :meth:`_why_illegal` for the reason on refusal), :meth:`_apply`, the log entry, and
        :meth:`_settle` for the chance events that follow.
        """
        space = self.game.action_space
        chosen: Action = (
            action  # type: ignore[assignment]  # an id in the space is one of its Actions
            if id(action) in space.ids
            else space.parse(action)
        )
        if not self._is_legal(seat, chosen):
            raise self._refusal(seat, chosen, self._why_illegal(seat, chosen))
        self._apply(seat, chosen)
        log = self._log
        if log is not None:
            log.append((seat, chosen.text, False))
        if self.auto_chance:
            self._settle()

    def act_joint(self, choices: Mapping[int, JointChoice]) -> None:
        """Commit several seats' choices at once: one :meth:`act` per part, all or nothing.

        ``choices`` maps each seat to its action, or to a sequence of actions when its
        choice has parts (Tschak!'s 2 or 3 cards for one reveal). The result is exactly
        that of :meth:`act` for each part in the mapping's order (a seat's parts in
        their order), with the chance events that follow each part when ``auto_chance``
        is on. Each part is checked against the state it meets, the earlier parts
        applied, so a seat's second card is judged by the hand the first one leaves, and
        a seat that has completed its choice may not choose again in the same step.

        A call may run on past the end of a step, as :meth:`act` in order would: the
        parts after the step resolves meet the next step (with ``auto_chance`` off they
        meet the pending chance event, and are refused).

        Refused, with the state, its record and its history exactly as they were:
        anything but a mapping (``InvalidActionError``); any call once the game is over
        (``IllegalActionError``: "the game is over"); a key that is not a seat
        (:class:`SeatError`, an ``InvalidActionError``); a part that cannot be read
        (``InvalidActionError``); an empty mapping, a seat given no part, or any part
        :meth:`act` would refuse where it falls (``IllegalActionError`` naming the
        reason). Games override it with a faster path for their simultaneous steps that
        gives the same results and the same errors.
        """
        moves = self._parse_joint(choices)
        if len(moves) > 1:
            # Later parts depend on earlier ones: play them all on a copy first.
            trial = self.clone()
            trial._log = None
            for seat, action in moves:
                if not trial._is_legal(seat, action):
                    raise trial._refusal(seat, action, trial._why_illegal(seat, action))
                trial._apply(seat, action)
                if trial.auto_chance:
                    trial._settle()
        else:
            seat, action = moves[0]
            if not self._is_legal(seat, action):
                raise self._refusal(seat, action, self._why_illegal(seat, action))
        log = self._log
        for seat, action in moves:
            self._apply(seat, action)
            if log is not None:
                log.append((seat, action.text, False))
            if self.auto_chance:
                self._settle()

    def _parse_joint(self, choices: object) -> list[tuple[int, Action]]:
        """Every ``(seat, action)`` of a joint commit, in order, read (or refused).

        Checks the form only: a mapping of seats to one part or a non-empty sequence of
        parts, each part an action in one of its forms. Legality is the caller's."""
        if not isinstance(choices, Mapping):
            raise reason_error(InvalidActionError, "error-joint-type", choices=quote(choices))
        if not choices or self.is_over:
            raise self._refused_joint(choices, self._nobody_reason())
        space = self.game.action_space
        ids = space.ids
        moves: list[tuple[int, Action]] = []
        for seat, choice in choices.items():
            self._require_seat(seat, f"act_joint({quote(choices)})")
            parts = choice if isinstance(choice, (list, tuple)) else (choice,)
            if not parts:
                raise self._refused_joint(choices, Reason.of("error-joint-no-part", seat=seat))
            for part in parts:
                action = part if isinstance(part, Action) and id(part) in ids else space.parse(part)
                moves.append((seat, action))
        return moves

    def _nobody_reason(self) -> Reason:
        """Why a joint commit of nothing is refused now."""
        if self.is_over:
            return Reason.of("error-game-over")
        if not self.to_act:
            return Reason.of("error-joint-chance")
        return Reason.of("error-joint-empty")

    @staticmethod
    def _refused_joint(choices: object, reason: Reason) -> IllegalActionError:
        return IllegalActionError(
            f"act_joint({quote(choices)}) refused: {reason.text('en')}", reason=reason
        )

    def parse_action(self, value: object) -> Action:
        return self.game.action_space.parse(value)

    def action_mask(self, seat: int) -> list[bool]:
        mask = [False] * self.game.num_actions
        for action in self.legal_actions(seat):
            mask[action.index] = True
        return mask

    def _not_a_seat(self, seat: object) -> Reason | None:
        """Why ``seat`` is not a seat: seats are plain ``int`` (not bool, float or numpy)."""
        if type(seat) is not int:
            return Reason.of("error-seat-type", seat=quote(seat), last=self.players - 1)
        if not 0 <= seat < self.players:
            return Reason.of("error-no-seat", seat=quote(seat), last=self.players - 1)
        return None

    def _require_seat(self, seat: object, what: str) -> None:
        """Raise :class:`SeatError` unless ``seat`` is one of this game's seats."""
        reason = self._not_a_seat(seat)
        if reason is not None:
            raise SeatError(f"{what}: {reason.text('en')}", reason=reason)

    def _refusal(self, seat: object, action: Action, reason: Reason | None) -> IllegalActionError:
        """The error for a refused ``act``: :class:`SeatError` when the seat is not a seat.

        The English text quotes the action and the seat; ``error.reason`` is the rule
        that refused it, for saying so in the user's language."""
        if reason is None:
            reason = Reason.of("error-not-now")
        text = f"illegal action {action.text!r} for seat {quote(seat)}: {reason.text('en')}"
        if self._not_a_seat(seat) is not None:
            return SeatError(text, reason=reason)
        return IllegalActionError(text, reason=reason)

    # -- chance ---------------------------------------------------------------

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[str, float]]:
        """The pending chance event's outcomes with their probabilities (empty if none)."""

    @abstractmethod
    def _apply_chance(self, outcome: str) -> None:
        """Apply a chance outcome that is in :meth:`chance_outcomes`."""

    @abstractmethod
    def _sample_chance(self) -> str:
        """Resolve the pending chance event with ``self._rng`` and return its outcome."""

    def apply_chance(self, outcome: str) -> None:
        """Resolve the pending chance event with an outcome chosen by the caller.

        Raises :class:`InvalidActionError` for anything but text, and
        :class:`IllegalActionError` when no event is pending or it cannot end that way."""
        if not isinstance(outcome, str):
            raise InvalidActionError(
                f"chance outcome {quote(outcome)} cannot be read: an outcome is its text"
            )
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise IllegalActionError(
                f"chance outcome {outcome!r} given, but no chance event is pending"
            )
        if outcome not in {name for name, _ in outcomes}:
            listed = ", ".join(name for name, _ in outcomes)
            raise IllegalActionError(
                f"chance outcome {outcome!r} is not possible now: expected one of {listed}"
            )
        self._apply_chance(outcome)
        if self._log is not None:
            self._log.append((None, outcome, False))
        self._settle()

    def sample_chance(self) -> str:
        """Resolve one pending chance event with the state's own seeded generator."""
        if not self.is_chance:
            raise IllegalActionError("no chance event is pending")
        outcome = self._sample_chance()
        if self._log is not None:
            self._log.append((None, outcome, True))
        return outcome

    def _settle(self) -> None:
        if not self.auto_chance:
            return
        while self.is_chance:
            outcome = self._sample_chance()
            if self._log is not None:
                self._log.append((None, outcome, True))

    # -- information -----------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (or a spectator, for ``None``) may know, as a JSON-ready dict.

        The game's view function (``Game.view``, from its ``views`` module) builds it.
        """
        build = self.game.view
        if build is None:
            raise NotImplementedError(f"{self.game.name} declares no view function")
        view: dict[str, Any] = build(self, seat)  # the game's TypedDict, a plain dict
        return view

    @abstractmethod
    def determinize(self, seat: int, rng: object = None) -> State:
        """A full state consistent with ``view(seat)``, hidden parts resampled, no record."""

    # -- results ----------------------------------------------------------------

    @abstractmethod
    def scores(self) -> list[int]: ...

    def winners(self) -> list[int]:
        """Seats sharing first place (after the game's tie-breaks); empty until the end."""
        if not self.is_over:
            return []
        scores = self.scores()
        best = max(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    def returns(self) -> list[float]:
        """1 shared among the winners, 0 for everyone else; zeros until the end."""
        winners = self.winners()
        share = 1.0 / len(winners) if winners else 0.0
        return [share if seat in winners else 0.0 for seat in range(self.players)]

    # -- copies ----------------------------------------------------------------

    def clone(self: S) -> S:
        """An independent copy: generated from :attr:`fields` when the game declares them."""
        raise NotImplementedError(f"{self.game.name} declares neither fields nor clone()")

    # -- record and replay -----------------------------------------------------

    @property
    def has_record(self) -> bool:
        return self._log is not None

    @property
    def record_length(self) -> int:
        """How many events the record holds (decisions and chance outcomes)."""
        if self._log is None:
            raise RecordError("this state keeps no record (it was made with record=False)")
        return len(self._log)

    def record_events(self, start: int = 0) -> list[dict[str, Any]]:
        """The record's events from number ``start`` on, as in :attr:`record` (cheap to poll)."""
        if self._log is None:
            raise RecordError("this state keeps no record (it was made with record=False)")
        return _events_json(self._log[start:])

    @property
    def record(self) -> dict[str, Any]:
        """The JSON game record: header plus every decision and chance outcome in order."""
        if self._log is None:
            raise RecordError("this state keeps no record (it was made with record=False)")
        return {
            "format": RECORD_FORMAT,
            "game": self.game.name,
            "rules_version": self.game.rules_version,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "events": _events_json(self._log),
        }

    # -- JSON form ---------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The full state as JSON: a common header plus the game's own ``body``."""
        return {
            "format": STATE_FORMAT,
            "game": self.game.name,
            "rules_version": self.game.rules_version,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "rng": self._rng.state,
            "auto_chance": self.auto_chance,
            "events": None if self._log is None else _events_json(self._log),
            "body": self._body_to_dict(),
        }

    def _body_to_dict(self) -> dict[str, Any]:
        """The game's own part of :meth:`to_dict`, written by its codec (``Game.codec``)."""
        codec = self.game.codec
        if codec is None:
            raise NotImplementedError(f"{self.game.name} declares no state codec")
        return codec.write(self)

    def _body_from_dict(self, body: Mapping[str, Any]) -> None:
        """Load the game's own part; raise :class:`StateFormatError` on anything invalid."""
        codec = self.game.codec
        if codec is None:
            raise NotImplementedError(f"{self.game.name} declares no state codec")
        codec.read(self, body)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> State:
        """Rebuild a state from its JSON form; refuse anything that is not a playable position.

        Every header field is checked for its type and range, the game's body loader
        checks the body (see its ``_body_from_dict``), and the position must be able to
        go on: a game that is not over has either a chance event with outcomes or a seat
        to act with at least one legal action. Every refusal is a
        :class:`StateFormatError` whose message names the field.
        """
        if not isinstance(data, Mapping) or data.get("format") != STATE_FORMAT:
            raise reason_error(StateFormatError, "error-state-format", format=repr(STATE_FORMAT))
        if "game" in data and data.get("game") != cls.game.name:
            raise reason_error(
                StateFormatError,
                "error-state-game",
                saved=quote(data.get("game")),
                game=repr(cls.game.name),
            )
        if data.get("rules_version") != cls.game.rules_version:
            raise reason_error(
                StateFormatError,
                "error-state-rules",
                saved=quote(data.get("rules_version")),
                current=repr(cls.game.rules_version),
            )
        players = _header_int(data, "players", cls.game.min_players, cls.game.max_players)
        seed = _header_int(data, "seed", SEED_MIN, SEED_MAX)
        raw_options = data.get("options")
        if not isinstance(raw_options, Mapping) or not all(isinstance(k, str) for k in raw_options):
            raise StateFormatError(
                f"state field 'options' must be an object with text keys, got {quote(raw_options)}"
            )
        try:
            options = cls.game.resolve_options(raw_options)
        except ConfigurationError as error:
            raise StateFormatError(f"state field 'options': {error}") from None
        rng = _header_int(data, "rng", 0, SEED_MAX)
        auto_chance = data.get("auto_chance", True)
        if type(auto_chance) is not bool:
            raise StateFormatError(
                f"state field 'auto_chance' must be true or false, got {quote(auto_chance)}"
            )
        events = data.get("events")
        if events is not None and not isinstance(events, list):
            raise StateFormatError(f"state field 'events' must be a list, got {quote(events)}")
        body = data.get("body")
        if not isinstance(body, Mapping):
            raise StateFormatError("state has no 'body' object")
        state = cls.__new__(cls)
        state.players, state.seed, state.options = players, seed, options
        state.settings = cls.game.parse_settings(options)
        state._rng = Rng.from_state(rng)
        state.auto_chance = auto_chance
        state._log = (
            None
            if events is None
            else History(
                _event_from_json(e, players, f"state field 'events' entry {i}", StateFormatError)
                for i, e in enumerate(events)
            )
        )
        try:
            state._body_from_dict(body)
            state._check_loaded()
        except StateFormatError:
            raise
        except _LOAD_FAULTS as error:
            raise StateFormatError(
                f"invalid {cls.game.name} state body: {quote(error, 200)}"
            ) from error
        return state

    def _check_loaded(self) -> None:
        """Refuse a loaded position that could not go on (nobody to act, no outcome, ...)."""
        if self.is_over:
            return
        to_act = self.to_act
        if self.is_chance:
            if to_act:
                raise StateFormatError(
                    f"seats {list(to_act)} are to act while a chance event is pending"
                )
            outcomes = self.chance_outcomes()
            if not outcomes or any(not 0 < p <= 1 for _, p in outcomes):
                raise StateFormatError(
                    "a chance event is pending but it has no possible outcome "
                    f"(outcomes {quote(outcomes)})"
                )
            return
        if not to_act:
            raise StateFormatError(
                "the game is not over and no chance event is pending, yet no seat is to act"
            )
        for seat in to_act:
            if self._not_a_seat(seat) is not None:
                raise StateFormatError(f"to_act names {quote(seat)}, which is not a seat")
            if not self.legal_actions(seat):
                raise StateFormatError(f"seat {seat} is to act but has no legal action")

    def __repr__(self) -> str:
        status = (
            "over" if self.is_over else ("chance" if self.is_chance else f"to_act={self.to_act}")
        )
        return f"<{self.game.name} state players={self.players} seed={self.seed} {status}>"


SAMPLED_SEED_MASK = (1 << 62) - 1


def sampled_state_header(
    game: Game, players: int, options: dict[str, Any], rng: Rng
) -> dict[str, Any]:
    """The header of a state dict built by a game's sampler, its seed and generator state
    drawn from ``rng`` (seed first); the sampler adds the ``body``."""
    return {
        "format": STATE_FORMAT,
        "game": game.name,
        "rules_version": game.rules_version,
        "players": players,
        "seed": rng.next64() & SAMPLED_SEED_MASK,
        "options": options,
        "rng": rng.next64(),
        "auto_chance": True,
        "events": None,
    }


def replay(record: Mapping[str, Any], game: Game) -> State:
    """Rebuild the state a record describes, checking every chance outcome on the way.

    A record that stops just before a chance event (cut short, or made with
    ``auto_chance=False``) is completed with the seeded generator, so the returned state
    always has a seat to act unless it is over. Anything malformed is a :class:`RecordError`
    naming the field or the event.
    """
    if not isinstance(record, Mapping):
        raise reason_error(RecordError, "error-record-object", kind=type(record).__name__)
    if record.get("format") != RECORD_FORMAT:
        raise reason_error(RecordError, "error-record-format", format=repr(RECORD_FORMAT))
    if record.get("rules_version") != game.rules_version:
        raise reason_error(
            RecordError,
            "error-record-rules",
            saved=quote(record.get("rules_version")),
            game=game.name,
            current=repr(game.rules_version),
        )
    players = record.get("players")
    if players is not None and type(players) is not int:
        raise RecordError(f"record field 'players' must be a whole number, got {quote(players)}")
    seed = record.get("seed", 0)
    if type(seed) is not int or not SEED_MIN <= seed <= SEED_MAX:
        raise RecordError(
            f"record field 'seed' must be a whole number from {SEED_MIN} to {SEED_MAX}, "
            f"got {quote(seed)}"
        )
    options = record.get("options")
    if options is None:
        options = {}
    if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
        raise RecordError(
            f"record field 'options' must be an object with text keys, got {quote(options)}"
        )
    events = record.get("events")
    if events is None:
        events = []
    if not isinstance(events, list):
        raise RecordError(f"record field 'events' must be a list, got {quote(events)}")
    try:
        state = game.new_state(players, seed, auto_chance=False, **dict(options))
    except ConfigurationError as error:
        raise RecordError(f"the record's header cannot start a game: {error}") from None
    for number, event in enumerate(events):
        seat, text, sampled = _event_from_json(
            event, state.players, f"record event {number}", RecordError
        )
        try:
            if seat is not None:
                state.act(seat, text)
            elif sampled:
                if not state.is_chance:
                    raise IllegalActionError("no chance event is pending")
                outcome = state.sample_chance()
                if outcome != text:
                    raise RecordError(
                        f"record event {number}: chance outcome {quote(text)} in the record, "
                        f"but the seed gives {outcome!r}"
                    )
            else:
                state.apply_chance(text)
        except (IllegalActionError, InvalidActionError) as error:
            raise RecordError(
                f"record event {number} ({quote(event)}) cannot be replayed: {error}"
            ) from error
    state.auto_chance = True
    state._settle()
    return state


def _events_json(log: Iterable[LogEntry]) -> list[dict[str, Any]]:
    """The record's JSON events: a decision or a chance outcome each (built inline: records
    of long games are built often, by servers and batch runs)."""
    return [
        {"seat": seat, "action": text} if seat is not None else {"chance": text, "sampled": sampled}
        for seat, text, sampled in log
    ]


def _event_from_json(
    event: object, players: int, where: str, error: type[RelicboxError]
) -> LogEntry:
    """A record event checked field by field: a chance outcome or a seat's action."""
    if not isinstance(event, Mapping):
        raise error(f"{where} must be an object, got {quote(event)}")
    if "chance" in event:
        outcome, sampled = event["chance"], event.get("sampled", False)
        if not isinstance(outcome, str):
            raise error(f"{where}: field 'chance' must be text, got {quote(outcome)}")
        if type(sampled) is not bool:
            raise error(f"{where}: field 'sampled' must be true or false, got {quote(sampled)}")
        return (None, outcome, sampled)
    if "seat" not in event or "action" not in event:
        raise error(
            f"{where} needs either 'chance' or both 'seat' and 'action', got {quote(event)}"
        )
    seat, action = event["seat"], event["action"]
    if type(seat) is not int or not 0 <= seat < players:
        raise error(
            f"{where}: field 'seat' must be a whole number from 0 to {players - 1}, "
            f"got {quote(seat)}"
        )
    if not isinstance(action, str):
        raise error(f"{where}: field 'action' must be the action's text, got {quote(action)}")
    return (seat, action, False)


def _header_int(data: Mapping[str, Any], key: str, low: int, high: int) -> int:
    value = data.get(key)
    if type(value) is not int or not low <= value <= high:
        raise StateFormatError(
            f"state field {key!r} must be a whole number from {low} to {high}, got {quote(value)}"
        )
    return value


_LOAD_FAULTS = (
    KeyError,
    TypeError,
    ValueError,
    IndexError,
    AttributeError,
    OverflowError,
    ZeroDivisionError,
    RecursionError,
    StopIteration,
)
"""What a game's body loader may trip over on malformed input; reported as StateFormatError."""


__all__ = [
    "BatchSimulator",
    "BotFamily",
    "Codec",
    "Game",
    "JointChoice",
    "LogEntry",
    "Option",
    "Part",
    "State",
    "as_rng",
    "replay",
]
