"""A review of a finished game: every decision, every option, judged from the seat's view.

For each decision of the chosen seat (or of every seat) with more than one legal
option, worlds are sampled from that seat's view alone (``Game.sample_state``), and on
each world every option is played out by the game's strongest built-in bot for all
seats. The options share each world and its luck (the world's generator and the
playout's seed), so their differences are measured on common random numbers. The
value of an option is its mean win share (1 shared among the winners, as in
``State.returns``) with a 95% interval; the loss of the option taken is the best
option's value minus its value.

A decision is a **mistake** when the loss is at least :data:`MISTAKE_LOSS` of a win,
and a **blunder** at :data:`BLUNDER_LOSS`, in both cases only when the paired difference
is clear of noise (its 95% interval lies above zero). See ``docs/analysis.md``.

Nothing here reads the true state beyond the seat's view: the analysis of a seat is the
same whatever the other seats held hidden.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from relicbox.bots import GENERIC_BOTS, make_bot
from relicbox.core.actions import Action
from relicbox.core.agents import Agent
from relicbox.core.errors import ConfigurationError, RecordError
from relicbox.core.game import Game, State
from relicbox.core.registry import get_game
from relicbox.core.rng import Rng

ANALYSIS_FORMAT = "relicbox-analysis/1"
MISTAKE_LOSS = 0.05
"""Loss of expected win share (5 points of a win) from which a clear loss is a mistake."""
BLUNDER_LOSS = 0.15
"""Loss of expected win share from which a clear loss is a blunder."""
MIN_WORLDS = 2
"""Worlds every decision gets, whatever its time budget (an interval needs two)."""
MIN_VERDICT_WORLDS = 8
"""Worlds a decision needs before it can be called a mistake: on fewer, win-or-lose
playouts often agree by chance, and an interval of identical differences has no width."""
MAX_PLAYOUT_DECISIONS = 5_000
PREFERRED_BOTS = ("expert", "rule")
"""Built-in bots tried for the playouts, strongest first, when the game's search names none."""
Z95 = 1.959963984540054

Progress = Callable[[int, int], None]
"""Told (decisions done, decisions in all) after each analysed decision."""


@dataclass(frozen=True)
class Budget:
    """How long each decision is studied: ``seconds`` of wall time and/or at most
    ``worlds`` sampled worlds (with ``worlds`` alone the analysis is reproducible)."""

    seconds: float | None = 2.0
    worlds: int | None = None

    def __post_init__(self) -> None:
        if self.seconds is None and self.worlds is None:
            raise ConfigurationError("an analysis budget needs seconds, worlds or both")
        if self.seconds is not None and not self.seconds > 0:
            raise ConfigurationError(f"analysis budget {self.seconds!r} s must be more than 0")
        if self.worlds is not None and self.worlds < MIN_WORLDS:
            raise ConfigurationError(
                f"analysis worlds={self.worlds!r} must be at least {MIN_WORLDS}"
            )


def parse_budget(text: str) -> float:
    """Seconds from ``2s``, ``500ms`` or a bare number of seconds; an error quoting it."""
    raw = text.strip().lower()
    scale = 1.0
    if raw.endswith("ms"):
        raw, scale = raw[:-2], 0.001
    elif raw.endswith("s"):
        raw = raw[:-1]
    try:
        seconds = float(raw) * scale
    except ValueError:
        seconds = math.nan
    if not (seconds > 0 and math.isfinite(seconds)):
        raise ConfigurationError(f"budget {text!r} cannot be read: give a time such as 2s or 500ms")
    return seconds


def playout_bot_name(game: Game) -> str:
    """The bot that plays the futures out: the game's own search rollout
    (``Game.search_defaults``), else its strongest plain built-in bot, else ``random``."""
    rollout = game.search_defaults.get("rollout")
    if rollout is not None and (rollout in game.bots or rollout in GENERIC_BOTS):
        return rollout
    for name in PREFERRED_BOTS:
        if name in game.bots:
            return name
    return "random"


def _playout(state: State, bot: Agent, rng: Rng) -> State:
    for _ in range(MAX_PLAYOUT_DECISIONS):
        if state.is_over:
            break
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        action = legal[0] if len(legal) == 1 else bot.choose(state.view(seat), legal, rng)
        state.act(seat, action)
    return state


def _interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and a normal 95% interval (the mean itself for fewer than two values)."""
    n = len(values)
    mean = math.fsum(values) / n
    if n < 2:
        return mean, mean, mean
    spread = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1) / n)
    return mean, mean - Z95 * spread, mean + Z95 * spread


def verdict(loss: float, loss_low: float, worlds: int) -> str:
    """``blunder``, ``mistake`` or ``good`` for a loss (of expected win share) whose 95%
    interval starts at ``loss_low``, measured on ``worlds`` sampled worlds."""
    clear = loss_low > 0 and worlds >= MIN_VERDICT_WORLDS
    if clear and loss >= BLUNDER_LOSS:
        return "blunder"
    if clear and loss >= MISTAKE_LOSS:
        return "mistake"
    return "good"


@dataclass
class _Study:
    """The playouts of one decision: per option, win shares and scores by world."""

    shares: list[list[float]]
    scores: list[list[float]]


def _study(
    game: Game,
    view: dict[str, Any],
    seat: int,
    legal: Sequence[Action],
    bot: Agent,
    budget: Budget,
    rng: Rng,
) -> _Study:
    study = _Study([[] for _ in legal], [[] for _ in legal])
    deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
    done = 0
    while True:
        if budget.worlds is not None and done >= budget.worlds:
            break
        if deadline is not None and done >= MIN_WORLDS and time.perf_counter() >= deadline:
            break
        world = game.sample_state(view, rng)
        luck = rng.next64()
        for number, action in enumerate(legal):
            state = world.clone()
            state.act(seat, action)
            _playout(state, bot, Rng(luck))
            study.shares[number].append(state.returns()[seat])
            study.scores[number].append(float(state.scores()[seat]))
        done += 1
    return study


def _judge(
    study: _Study, legal: Sequence[Action], taken: str, labels: Sequence[str]
) -> dict[str, Any]:
    options = []
    for number, action in enumerate(legal):
        mean, low, high = _interval(study.shares[number])
        options.append(
            {
                "action": action.text,
                "label": labels[number],
                "value": mean,
                "low": max(0.0, low),  # a win share lies in [0, 1]
                "high": min(1.0, high),
                "score": math.fsum(study.scores[number]) / len(study.scores[number]),
            }
        )
    best = max(range(len(legal)), key=lambda i: (options[i]["value"], legal[i].text == taken))
    chosen = next(i for i, action in enumerate(legal) if action.text == taken)
    diffs = [b - t for b, t in zip(study.shares[best], study.shares[chosen], strict=True)]
    loss, loss_low, _ = _interval(diffs)
    return {
        "options": options,
        "taken": taken,
        "best": legal[best].text,
        "value_taken": options[chosen]["value"],
        "value_best": options[best]["value"],
        "loss": loss,
        "loss_low": loss_low,
        "worlds": len(study.shares[0]),
        "verdict": verdict(loss, loss_low, len(diffs)) if best != chosen else "good",
    }


def _decisions(record: Mapping[str, Any], game: Game) -> list[tuple[int, State, int, str]]:
    """``(event number, state before it, seat, action text)`` for every decision."""
    players = record.get("players")
    seed = record.get("seed", 0)
    options = record.get("options") or {}
    if not isinstance(options, Mapping):
        raise RecordError(f"record field 'options' must be an object, got {options!r}")
    state = game.new_state(players, seed, auto_chance=False, **dict(options))
    found: list[tuple[int, State, int, str]] = []
    for number, event in enumerate(record.get("events") or []):
        if not isinstance(event, Mapping):
            raise RecordError(f"record event {number} must be an object, got {event!r}")
        if "chance" in event:
            if event.get("sampled"):
                state.sample_chance()
            else:
                state.apply_chance(event["chance"])
            continue
        found.append((number, state.clone(), event["seat"], event["action"]))
        state.act(event["seat"], event["action"])
    return found


def analyse(
    record: Mapping[str, Any],
    *,
    seat: int | None = None,
    budget: Budget | None = None,
    seed: int = 0,
    lang: str = "en",
    bot: str | None = None,
    progress: Progress | None = None,
    first: int = 0,
    count: int | None = None,
) -> dict[str, Any]:
    """The review of a game record as JSON (schema in ``docs/analysis.md``).

    ``seat`` picks one seat's decisions (``None``: every seat's); ``seed`` fixes the
    sampled worlds, which depend on nothing else but the seat's view and the event's
    number; ``bot`` overrides the playout bot. ``first`` and ``count`` study only a run
    of the decisions to analyse (from the ``first``, at most ``count``), so a long review
    can be made in parts: the parts' ``decisions`` put together are the whole review's
    (the ``summary`` covers the part's own).
    """
    from relicbox.core.game import replay

    game = get_game(str(record.get("game")))
    final = replay(record, game)  # checks the whole record before any work
    if seat is not None and not 0 <= seat < final.players:
        raise ConfigurationError(
            f"seat {seat!r} is not at this table: choose 0 to {final.players - 1}"
        )
    budget = budget or Budget()
    bot_name = bot or playout_bot_name(game)
    playout_bot = make_bot(bot_name, game)
    todo = [
        d
        for d in _decisions(record, game)
        if (seat is None or d[2] == seat) and len(d[1].legal_actions(d[2])) > 1
    ][first : None if count is None else first + count]
    judged = []
    for done, (number, state, who, taken) in enumerate(todo):
        view = state.view(who)
        legal = list(state.legal_actions(who))
        labels = [game.renderer.describe_action(a.text, view, lang) for a in legal]
        rng = Rng(seed * 1_000_003 + number)
        study = _study(game, view, who, legal, playout_bot, budget, rng)
        judged.append({"event": number, "seat": who, **_judge(study, legal, taken, labels)})
        if progress is not None:
            progress(done + 1, len(todo))
    return {
        "format": ANALYSIS_FORMAT,
        "game": game.name,
        "players": final.players,
        "seat": seat,
        "bot": bot_name,
        "budget": {"seconds": budget.seconds, "worlds": budget.worlds},
        "seed": seed,
        "lang": lang,
        "thresholds": {"mistake": MISTAKE_LOSS, "blunder": BLUNDER_LOSS},
        "scores": final.scores(),
        "decisions": judged,
        "summary": summary(judged, final.players, seat),
    }


def summary(decisions: Sequence[Mapping[str, Any]], players: int, seat: int | None) -> list[Any]:
    """Per seat analysed: decisions, mistakes, blunders, mean and total loss."""
    seats = range(players) if seat is None else [seat]
    rows = []
    for who in seats:
        own = [d for d in decisions if d["seat"] == who]
        losses = [max(0.0, float(d["loss"])) for d in own]
        rows.append(
            {
                "seat": who,
                "decisions": len(own),
                "mistakes": sum(1 for d in own if d["verdict"] == "mistake"),
                "blunders": sum(1 for d in own if d["verdict"] == "blunder"),
                "mean_loss": math.fsum(losses) / len(losses) if losses else 0.0,
                "total_loss": math.fsum(losses),
            }
        )
    return rows


def analyse_json(
    record_text: str,
    seat: int | None,
    seconds: float,
    worlds: int | None,
    lang: str = "en",
    first: int = 0,
    count: int | None = None,
) -> str:
    """:func:`analyse` from and to JSON text (for a worker process)."""
    import json

    record = json.loads(record_text)
    budget = Budget(seconds, worlds)
    result = analyse(record, seat=seat, budget=budget, lang=lang, first=first, count=count)
    return json.dumps(result)


__all__ = [
    "ANALYSIS_FORMAT",
    "BLUNDER_LOSS",
    "MIN_VERDICT_WORLDS",
    "MISTAKE_LOSS",
    "Budget",
    "analyse",
    "analyse_json",
    "parse_budget",
    "playout_bot_name",
    "summary",
    "verdict",
]
