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
is two bots.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable, Sequence
from typing import Any

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
ISMCTS_SETTINGS = (
    "iters", "ms", "rollout", "c", "horizon", "prior", "bias", "worlds", "clock", "paired",
    "margin", "depth", "candidates",
)  # fmt: skip


def split_specs(text: str) -> list[str]:
    """Split a comma-separated list of specs, keeping ``key=value`` pieces with their spec.

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


def _families(game: Game) -> str:
    """The spec families, for error messages."""
    families = (
        [
            "ismcts:iters=N,ms=N,rollout=BOT,c=X,horizon=N|turn,prior=BOT,bias=X,worlds=N,clock=cpu,paired=1,margin=X,"
            "depth=N,candidates=N"
        ]
        if game.sampler
        else []
    )
    families += [family.usage for family in game.bot_families.values()]
    return ", ".join([*families, "module:callable", "stdio:COMMAND"])


def _keywords(spec: str, text: str, allowed: Sequence[str]) -> dict[str, str]:
    values: dict[str, str] = {}
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        key, sep, value = item.partition("=")
        if not sep or key.strip() not in allowed:
            settings = ", ".join(k + "=" for k in allowed)
            raise ConfigurationError(f"bot {spec!r}: {item!r} is not a setting; use {settings}")
        values[key.strip()] = value.strip()
    return values


def _number(spec: str, key: str, value: str) -> float:
    try:
        number = float(value)
    except ValueError:
        number = math.nan
    if not math.isfinite(number) or abs(number) > MAX_SETTING:
        raise ConfigurationError(
            f"bot {quote(spec)}: {key}={quote(value)} must be a number of at most {MAX_SETTING}"
        )
    return number


def runs_outside_code(spec: str, game: Game) -> bool:
    """Whether ``spec`` would start a program (``stdio:``) or import Python code
    (``module:callable``) rather than name one of relicbox's own bots.

    Decided from the text alone, so asking never starts or imports anything: a spec read
    from a file someone else wrote is checked with this before :func:`make_agent` sees it.
    """
    base = spec.strip().partition(":")[0].strip()
    if base.startswith("stdio"):
        return True
    own = {*spec_names(game), "ismcts", *game.bot_families}
    return base not in own and base.lower() not in own


def make_agent(spec: str, game: Game) -> Agent:
    """The bot a spec names, for ``game``, or an error that lists what exists."""
    text = spec.strip()
    name, sep, rest = text.partition(":")
    name = name.strip()
    if name.startswith("stdio"):
        from relicbox.bots.stdio import StdioAgent

        limit = DEFAULT_STDIO_MS
        if name.startswith("stdio@"):
            limit = int(_number(text, "ms", name.removeprefix("stdio@")))
        elif name != "stdio":
            raise ConfigurationError(f"bot {spec!r}: write stdio:COMMAND or stdio@MS:COMMAND")
        if not rest.strip():
            raise ConfigurationError(f"bot {spec!r}: stdio needs a command after the colon")
        return StdioAgent(rest.strip(), game, limit_ms=limit)
    if not sep:
        factory = builtin_factory(name, game)
        if factory is not None:
            agent: Agent = factory()
            return agent
        if name == "ismcts" and game.sampler is not None:
            return _ismcts(text, "", game)
        raise ConfigurationError(
            f"unknown bot {spec!r} for {game.name}: choose one of {', '.join(spec_names(game))}, "
            f"or a spec: {_families(game)}"
        )
    if name == "ismcts":
        return _ismcts(text, rest, game)
    family = game.bot_families.get(name)
    if family is not None:
        try:
            return family.make(rest)
        except ConfigurationError as error:
            raise ConfigurationError(f"bot {quote(spec)}: {error}") from None
    return PythonAgent(text, game)


def _ismcts(spec: str, rest: str, game: Game) -> Agent:
    """ISMCTS from a spec, over the game's ``search_defaults``; ``horizon=0``,
    ``prior=none``, ``depth=0`` and ``candidates=0`` switch a default off."""
    from relicbox.bots.ismcts import IsmctsAgent

    values = {
        **game.search_defaults,
        **_keywords(spec, rest, ISMCTS_SETTINGS),
    }
    if values.get("horizon") == "0":
        del values["horizon"]
    if values.get("prior") == "none":
        del values["prior"]
    iters = int(_number(spec, "iters", values["iters"])) if "iters" in values else None
    ms = _number(spec, "ms", values["ms"]) if "ms" in values else None
    c = _number(spec, "c", values["c"]) if "c" in values else 0.7
    horizon: int | str | None = None
    if values.get("horizon") == "turn":
        horizon = "turn"
    elif "horizon" in values:
        horizon = int(_number(spec, "horizon", values["horizon"]))
    bias = _number(spec, "bias", values["bias"]) if "bias" in values else 0.5
    worlds = int(_number(spec, "worlds", values["worlds"])) if "worlds" in values else None
    deep = values.get("depth", "0")
    depth = int(_number(spec, "depth", deep)) if deep != "0" else None
    shortlist = values.get("candidates", "0")
    candidates = int(_number(spec, "candidates", shortlist)) if shortlist != "0" else None
    return IsmctsAgent(
        game,
        iters=iters,
        ms=ms,
        rollout=values.get("rollout", "random"),
        c=c,
        horizon=horizon,
        prior=values.get("prior"),
        bias=bias,
        worlds=worlds,
        max_depth=depth,
        clock=values.get("clock", "wall"),
        paired=_number(spec, "paired", values.get("paired", "0")) != 0,
        margin=_number(spec, "margin", values["margin"]) if "margin" in values else 1.5,
        candidates=candidates,
    )


class PythonAgent:
    """A bot given as ``module:callable``: ``callable(view, legal)`` returns an action.

    The answer may be an :class:`Action`, its text or its index; anything that is
    not one of ``legal`` gets the game's default action (:func:`default_action`), and
    the fault is kept in ``faults``.
    """

    def __init__(self, spec: str, game: Game) -> None:
        module_name, _, attribute = spec.partition(":")
        try:
            target: Any = importlib.import_module(module_name.strip())
        except ImportError as error:
            raise ConfigurationError(
                f"unknown bot {spec!r} for {game.name}: choose one of "
                f"{', '.join(spec_names(game))}, or a spec: {_families(game)} "
                f"(no module {module_name.strip()!r}: {error})"
            ) from None
        for part in attribute.strip().split("."):
            target = getattr(target, part, None)
            if target is None:
                raise ConfigurationError(f"bot {spec!r}: {module_name} has no {attribute!r}")
        if not callable(target):
            raise ConfigurationError(f"bot {spec!r}: {attribute!r} is not callable")
        self.function: Callable[..., Any] = target
        self.game = game
        self.name = spec
        self.faults: list[dict[str, Any]] = []

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        answer = self.function(view, list(legal))
        chosen = match_answer(answer, legal)
        if chosen is None:
            self.faults.append({"kind": "illegal", "answer": repr(answer)})
            return default_action(self.game, legal)
        return chosen
