"""Bot specs: one short text names a bot and its settings, everywhere bots are chosen.

=====================================  ===============================================
``random``, ``rule``, ``cautious``     built-in bots (``rule`` and others per game)
``ismcts``                             ISMCTS, 1000 iterations, random rollouts
``ismcts:ms=200``                      ISMCTS with 200 ms per decision
``ismcts:iters=2000,rollout=rule``     ISMCTS, 2000 iterations, the rule bot in playouts
``ismcts:iters=50,horizon=30``         playouts cut after 30 decisions, judged by the
                                       game's evaluation (or the score)
``ismcts:ms=200,prior=rule``           the rule bot's choice tried first and favoured
``ismcts:ms=200,worlds=8``             8 sampled states per decision, replayed in turn
``ismcts:ms=200,clock=cpu``            200 ms of CPU time (fair on a busy machine)
``ismcts:ms=200,paired=1,prior=rule``  root actions compared on the same worlds; the
                                       rule's move kept unless clearly beaten
``ismcts:paired=1,candidates=3``       only 3 root actions compared: the prior's, and
                                       the best others after one step
``ismcts:ms=200,depth=1``              no tree below the root: playouts start right
                                       after the root's action
``threshold:5``                        a game's own family of bots taking an argument
                                       (Diamant: leave once the pocket holds 5 rubies)
``module:callable``                    a Python function ``f(view, legal) -> action``
``stdio:COMMAND``                      a program in any language speaking JSON lines
``stdio@500:COMMAND``                  the same with a 500 ms limit per decision
=====================================  ===============================================

In a comma-separated list of bots (``--bots``) a piece without ``:`` that holds
``=`` continues the previous spec, so ``ismcts:iters=50,rollout=rule,random``
is two bots. That list is split once, on the command line; a save, a store or a request
holds one spec per seat and is never joined and split again.

**Who may name code.** A text is parsed once, by :func:`parse_bot` or :func:`parse_seat`,
into a typed spec (:class:`BuiltinBot`, :class:`SearchBot`, :class:`FamilyBot`,
:class:`ProgramBot`, :class:`PythonBot`, :class:`Human`), and the :class:`Origin` of the
text decides what it may name:

* ``Origin.COMMAND_LINE``: the person running the command typed it, so it may name a
  program (``stdio:``) or a ``module:callable``;
* ``Origin.CALLER``: a Python program's own call (``make_bot("rule", game)``): relicbox's
  own bots only, at any budget;
* ``Origin.DATA``: a save, a record, a tournament store, a lobby request, a message between
  server processes: relicbox's own bots only, with search budgets capped
  (:data:`DATA_LIMITS`). Parsing never imports or starts anything.

A built-in bot's name followed by ``:`` is never read as ``module:callable``.
"""

from __future__ import annotations

import importlib
import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, TypeAlias

from relicbox.bots.answers import default_action, match_answer
from relicbox.bots.builtin import builtin_factory, builtin_names
from relicbox.core.actions import Action
from relicbox.core.agents import Agent
from relicbox.core.errors import ConfigurationError, quote
from relicbox.core.game import Game
from relicbox.core.rng import Rng

DEFAULT_STDIO_MS = 2000
MAX_SETTING = 1_000_000_000
"""The largest number a spec may give (``iters=``, ``ms=``, ``threshold:N``, ...)."""
MAX_SPEC_LENGTH = 200
"""The longest spec a save, a store or a request may hold."""
ISMCTS_SETTINGS = (
    "iters", "ms", "rollout", "c", "horizon", "prior", "bias", "worlds", "clock", "paired",
    "margin", "depth", "candidates",
)  # fmt: skip
DATA_LIMITS: Mapping[str, float] = {
    "iters": 5_000,
    "ms": 1_000,
    "worlds": 64,
    "horizon": 1_000,
    "depth": 64,
    "candidates": 64,
    "c": 100,
    "bias": 100,
    "margin": 100,
}
"""The largest search settings a save, a store or a request may give: a file or a stranger
can never tie a process up (the online server's own budgets are the same or smaller)."""
HUMAN = "human"
_DECIMAL = re.compile(r"[+-]?(\d{1,12}(\.\d{0,12})?|\.\d{1,12})([eE][+-]?\d{1,3})?", re.ASCII)
"""A setting's number: plain ASCII decimal digits, never ``1_000``, ``inf``, ``٩`` or a
5,000-digit text."""
_IDENTIFIER_PATH = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*")


class OverLimitError(ConfigurationError):
    """A search setting above what the spec's origin may ask for."""

    def __init__(self, message: str, key: str, limit: float) -> None:
        super().__init__(message)
        self.key = key
        self.limit = limit


class Origin(Enum):
    """Where a spec's text came from, which decides what it may name."""

    COMMAND_LINE = "command line"
    """Typed by the person running the command: may name a program or Python code."""
    CALLER = "caller"
    """A Python program's own call: relicbox's own bots, any budget."""
    DATA = "data"
    """A file, a request or a message: relicbox's own bots, budgets capped."""


@dataclass(frozen=True)
class Human:
    """A person's seat."""

    @property
    def text(self) -> str:
        return HUMAN

    @property
    def is_human(self) -> bool:
        return True

    @property
    def names_code(self) -> bool:
        return False

    def __str__(self) -> str:
        return HUMAN


@dataclass(frozen=True)
class _Bot:
    @property
    def text(self) -> str:
        """The spec's text (``rule``, ``ismcts:iters=50``), the same for equal specs."""
        raise NotImplementedError

    @property
    def is_human(self) -> bool:
        return False

    @property
    def names_code(self) -> bool:
        """Whether the bot runs code from outside relicbox (a program or a callable)."""
        return False

    def __str__(self) -> str:
        """The seat as a save writes it (``bot:rule``)."""
        return f"bot:{self.text}"


@dataclass(frozen=True)
class BuiltinBot(_Bot):
    """One of relicbox's bots by plain name: ``random``, ``rule``, ``cautious``, ..."""

    name: str

    @property
    def text(self) -> str:
        return self.name


@dataclass(frozen=True)
class SearchBot(_Bot):
    """ISMCTS with the settings the spec gave (``settings``, in the order given; the
    game's ``search_defaults`` fill in the rest when the bot is made)."""

    settings: tuple[tuple[str, str], ...] = ()

    @property
    def text(self) -> str:
        if not self.settings:
            return "ismcts"
        return "ismcts:" + ",".join(f"{key}={value}" for key, value in self.settings)

    def setting(self, key: str) -> str | None:
        return dict(self.settings).get(key)


@dataclass(frozen=True)
class FamilyBot(_Bot):
    """A bot of a family the game registers, with its argument (``threshold:5``)."""

    family: str
    argument: str

    @property
    def text(self) -> str:
        return f"{self.family}:{self.argument}"


@dataclass(frozen=True)
class ProgramBot(_Bot):
    """A program speaking JSON lines (``stdio:COMMAND``): only from a command line."""

    command: str
    limit_ms: int = DEFAULT_STDIO_MS

    @property
    def text(self) -> str:
        if self.limit_ms == DEFAULT_STDIO_MS:
            return f"stdio:{self.command}"
        return f"stdio@{self.limit_ms}:{self.command}"

    @property
    def names_code(self) -> bool:
        return True


@dataclass(frozen=True)
class PythonBot(_Bot):
    """A Python callable ``f(view, legal)`` (``module:callable``): only from a command line."""

    module: str
    attribute: str

    @property
    def text(self) -> str:
        return f"{self.module}:{self.attribute}"

    @property
    def names_code(self) -> bool:
        return True


@dataclass(frozen=True)
class SeatLabel:
    """A seat named by a file's text, shown and compared, never parsed or started."""

    label: str = field(default="")

    @property
    def text(self) -> str:
        return self.label.removeprefix("bot:")

    @property
    def is_human(self) -> bool:
        return self.label.strip().lower() == HUMAN

    @property
    def names_code(self) -> bool:
        return False

    def __str__(self) -> str:
        return self.label


BotSpec: TypeAlias = BuiltinBot | SearchBot | FamilyBot | ProgramBot | PythonBot
SeatSpec: TypeAlias = Human | BotSpec | SeatLabel


def split_specs(text: str) -> list[str]:
    """Split a comma-separated list of specs typed on a command line, keeping
    ``key=value`` pieces with their spec.

    ``"ismcts:iters=50,rollout=rule,random"`` -> ``["ismcts:iters=50,rollout=rule", "random"]``.
    """
    specs: list[str] = []
    for raw in text.split(","):
        piece = raw.strip()
        if not piece:
            continue
        if specs and ":" not in piece and "=" in piece and ":" in specs[-1]:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


def spec_names(game: Game) -> list[str]:
    """The plain bot names ``game`` accepts (each one a complete spec)."""
    names = builtin_names(game)
    if game.sampler is not None:
        names.append("ismcts")
    return names


def _families(game: Game, origin: Origin = Origin.COMMAND_LINE) -> str:
    """The spec families, for error messages."""
    every = (
        "ismcts:iters=N,ms=N,rollout=BOT,c=X,horizon=N|turn,prior=BOT,bias=X,worlds=N,clock=cpu,"
        "paired=1,margin=X,depth=N,candidates=N"
    )
    # a file's reader is shown the short form, so the refusal fits on its line
    search = every if origin is Origin.COMMAND_LINE else "ismcts:iters=N,ms=N"
    families = [search] if game.sampler else []
    families += [family.usage for family in game.bot_families.values()]
    if origin is Origin.COMMAND_LINE:
        families += ["module:callable", "stdio:COMMAND"]
    return ", ".join(families)


def _unknown(spec: str, game: Game, origin: Origin, why: str = "") -> ConfigurationError:
    return ConfigurationError(
        f"unknown bot {quote(spec)} for {game.name}: choose one of "
        f"{', '.join(spec_names(game))}, or a spec: {_families(game, origin)}{why}"
    )


def parse_seat(text: str, game: Game, origin: Origin = Origin.CALLER) -> Human | BotSpec:
    """``human``, or a bot spec with or without ``bot:`` in front (see :func:`parse_bot`)."""
    if not isinstance(text, str):
        raise ConfigurationError(f"a seat must be text, got {quote(repr(text))}")
    word = text.strip()
    if word.lower() == HUMAN:
        return Human()
    return parse_bot(word.removeprefix("bot:"), game, origin)


def parse_bot(
    text: str,
    game: Game,
    origin: Origin = Origin.CALLER,
    limits: Mapping[str, float] | None = None,
) -> BotSpec:
    """The typed spec ``text`` names for ``game``, or a :class:`ConfigurationError` that says
    why. Nothing is imported or started: that is :func:`make_agent`'s work.

    ``limits`` caps search settings (by default :data:`DATA_LIMITS` for ``Origin.DATA``,
    else :data:`MAX_SETTING` for every number).
    """
    if not isinstance(text, str):
        raise ConfigurationError(f"a bot spec must be text, got {quote(repr(text))}")
    spec = text.strip()
    if origin is Origin.DATA and len(spec) > MAX_SPEC_LENGTH:
        raise ConfigurationError(f"bot {quote(spec)} is longer than {MAX_SPEC_LENGTH} characters")
    if limits is None:
        limits = DATA_LIMITS if origin is Origin.DATA else {}
    name, sep, rest = spec.partition(":")
    name = name.strip()
    if name == "stdio" or name.startswith("stdio@"):
        return _program(spec, name, rest, origin)
    if name == "ismcts" and game.sampler is not None:
        return _search(spec, rest if sep else "", game, limits)
    if builtin_factory(name, game) is not None:
        if sep:
            raise ConfigurationError(
                f"bot {quote(spec)}: {name} takes no settings; write {name} alone"
            )
        return BuiltinBot(name)
    if not sep and builtin_factory(name.lower(), game) is not None:
        return BuiltinBot(name.lower())
    family = game.bot_families.get(name)
    if family is not None and sep:
        argument = rest.strip()
        try:
            family.make(argument)
        except ConfigurationError as error:
            raise ConfigurationError(f"bot {quote(spec)}: {error}") from None
        return FamilyBot(name, argument)
    if not sep or family is not None or name == "ismcts":
        raise _unknown(spec, game, origin)
    return _python(spec, name, rest, game, origin)


def _program(spec: str, name: str, rest: str, origin: Origin) -> ProgramBot:
    if origin is not Origin.COMMAND_LINE:
        raise ConfigurationError(
            f"bot {quote(spec)} would start a program: only a command line may name one "
            "(a file or a request may name relicbox's own bots only)"
        )
    limit = DEFAULT_STDIO_MS
    if name.startswith("stdio@"):
        limit = int(_number(spec, "ms", name.removeprefix("stdio@"), {}))
    if not rest.strip():
        raise ConfigurationError(f"bot {quote(spec)}: stdio needs a command after the colon")
    return ProgramBot(rest.strip(), limit)


def _python(spec: str, module: str, attribute: str, game: Game, origin: Origin) -> PythonBot:
    attribute = attribute.strip()
    if origin is not Origin.COMMAND_LINE:
        raise _unknown(
            spec,
            game,
            origin,
            " (Python code such as module:callable may be named only on a command line)",
        )
    if not _IDENTIFIER_PATH.fullmatch(module) or not _IDENTIFIER_PATH.fullmatch(attribute):
        raise _unknown(
            spec, game, origin, " (module:callable takes a module path and a callable's name)"
        )
    return PythonBot(module, attribute)


def _search(spec: str, rest: str, game: Game, limits: Mapping[str, float]) -> SearchBot:
    given = _keywords(spec, rest, ISMCTS_SETTINGS)
    for key, value in given:
        if key not in _WORDS and not (key == "horizon" and value == "turn"):
            _number(spec, key, value, limits)
    bot = SearchBot(given)
    _ismcts(bot, game)  # the search checks the rest (names of bots, clocks, ranges)
    return bot


_WORDS = ("rollout", "prior", "clock")
"""Search settings that take a word, not a number."""


def _keywords(spec: str, text: str, allowed: Sequence[str]) -> tuple[tuple[str, str], ...]:
    values: dict[str, str] = {}
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        key, sep, value = item.partition("=")
        if not sep or key.strip() not in allowed:
            settings = ", ".join(k + "=" for k in allowed)
            raise ConfigurationError(
                f"bot {quote(spec)}: {quote(item)} is not a setting; use {settings}"
            )
        if key.strip() in values:
            raise ConfigurationError(f"bot {quote(spec)}: {key.strip()}= is given twice")
        values[key.strip()] = value.strip()
    return tuple(values.items())


def _number(spec: str, key: str, value: str, limits: Mapping[str, float]) -> float:
    limit = limits.get(key, MAX_SETTING)
    number = float(value) if _DECIMAL.fullmatch(value) else math.nan
    if not math.isfinite(number) or abs(number) > MAX_SETTING:
        raise ConfigurationError(
            f"bot {quote(spec)}: {key}={quote(value)} must be a number of at most {MAX_SETTING}"
        )
    if number > limit:
        raise OverLimitError(
            f"bot {quote(spec)}: {key}={quote(value)} is over the limit of {limit:g} "
            "for a bot named by a file or a request",
            key,
            limit,
        )
    return number


def make_agent(spec: BotSpec | str, game: Game) -> Agent:
    """The bot a typed spec names, for ``game``. A text is parsed first as a caller's
    (``Origin.CALLER``): relicbox's own bots only; parse a command line's text with
    :func:`parse_bot` and ``Origin.COMMAND_LINE`` to name a program or a callable."""
    if isinstance(spec, str):
        spec = parse_bot(spec, game, Origin.CALLER)
    if isinstance(spec, BuiltinBot):
        factory = builtin_factory(spec.name, game)
        if factory is None:
            raise _unknown(spec.text, game, Origin.CALLER)
        agent: Agent = factory()
        return agent
    if isinstance(spec, SearchBot):
        return _ismcts(spec, game)
    if isinstance(spec, FamilyBot):
        family = game.bot_families.get(spec.family)
        if family is None:
            raise _unknown(spec.text, game, Origin.CALLER)
        try:
            return family.make(spec.argument)
        except ConfigurationError as error:
            raise ConfigurationError(f"bot {quote(spec.text)}: {error}") from None
    if isinstance(spec, ProgramBot):
        from relicbox.bots.stdio import StdioAgent

        return StdioAgent(spec.command, game, limit_ms=spec.limit_ms)
    if isinstance(spec, PythonBot):
        return PythonAgent(spec, game)
    raise ConfigurationError(f"{quote(str(spec))} is not a bot")


def _settings_of(spec: str, values: Mapping[str, str]) -> dict[str, Any]:
    """The search's keyword arguments from its settings (the game's defaults under the
    spec's own); ``horizon=0``, ``prior=none``, ``depth=0`` and ``candidates=0`` switch a
    default off."""
    values = dict(values)
    if values.get("horizon") == "0":
        del values["horizon"]
    if values.get("prior") == "none":
        del values["prior"]

    def number(key: str, default: float | None = None) -> float | None:
        return _number(spec, key, values[key], {}) if key in values else default

    def whole(key: str) -> int | None:
        found = number(key)
        return (
            None if found is None or (found == 0 and key in ("depth", "candidates")) else int(found)
        )

    horizon: int | str | None = "turn" if values.get("horizon") == "turn" else whole("horizon")
    return {
        "iters": whole("iters"),
        "ms": number("ms"),
        "rollout": values.get("rollout", "random"),
        "c": number("c", 0.7),
        "horizon": horizon,
        "prior": values.get("prior"),
        "bias": number("bias", 0.5),
        "worlds": whole("worlds"),
        "max_depth": whole("depth"),
        "clock": values.get("clock", "wall"),
        "paired": number("paired", 0) != 0,
        "margin": number("margin", 1.5),
        "candidates": whole("candidates"),
    }


def _ismcts(spec: SearchBot, game: Game) -> Agent:
    """ISMCTS from a spec, over the game's ``search_defaults``."""
    from relicbox.bots.ismcts import IsmctsAgent

    values = {**game.search_defaults, **dict(spec.settings)}
    return IsmctsAgent(game, **_settings_of(spec.text, values))


class PythonAgent:
    """A bot given as ``module:callable``: ``callable(view, legal)`` returns an action.

    The answer may be an :class:`Action`, its text or its index; anything that is
    not one of ``legal`` gets the game's default action (:func:`default_action`), and
    the fault is kept in ``faults``.
    """

    def __init__(self, spec: PythonBot, game: Game) -> None:
        text = spec.text
        try:
            target: Any = importlib.import_module(spec.module)
        except ImportError as error:
            raise _unknown(
                text, game, Origin.COMMAND_LINE, f" (no module {spec.module!r}: {error})"
            ) from None
        for part in spec.attribute.split("."):
            target = getattr(target, part, None)
            if target is None:
                raise ConfigurationError(f"bot {text!r}: {spec.module} has no {spec.attribute!r}")
        if not callable(target):
            raise ConfigurationError(f"bot {text!r}: {spec.attribute!r} is not callable")
        self.function: Callable[..., Any] = target
        self.game = game
        self.name = text
        self.faults: list[dict[str, Any]] = []

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        answer = self.function(view, list(legal))
        chosen = match_answer(answer, legal)
        if chosen is None:
            self.faults.append({"kind": "illegal", "answer": repr(answer)})
            return default_action(self.game, legal)
        return chosen
