"""Information-set Monte Carlo tree search, generic over the game contract.

The bot holds only its seat's view. Each iteration draws a full state from it
with ``Game.sample_state`` (never the true state), then walks down the trees
and plays the game out:

* **one tree per seat, keyed by that seat's information.** A node is a seat's
  view at a decision (as canonical JSON), so a seat's statistics are shared by
  every state it cannot tell apart, and branch on exactly what it observes:
  chance outcomes it sees, others' revealed moves. This is multiple-observer
  ISMCTS.
* **simultaneous steps are decoupled by construction**: another seat's
  uncommitted choice is not in a seat's view, so it cannot change the node at
  which that seat selects.
* **one value per seat**: the playout's ``returns()`` (1 shared among the
  winners), plus a small fraction of the seat's score share to break ties
  between equally winning lines, so multi-player games need no two-player
  reduction.
* **chance by sampling** (the sampled state carries a fresh generator);
  UCB1 with availability counts, since the legal actions at an information set
  depend on the sampled state.
* **rollouts** are pluggable: ``random`` or the game's ``rule`` bot (any bot
  name the game knows).
* **horizon** (optional): playouts stop after that many decisions (or, with
  ``horizon=turn``, as soon as the searching seat is not among those to act) and are judged
  by the game's evaluation of the position (``Game.evaluate``, a function
  ``evaluate(state) -> list of per-seat win shares``),
  or by the scores so far where the game has none, for long games such as Relic
  Runners.
* **prior** (optional): a bot (``prior=rule``) asked once at each new information
  set; its choice is tried first and keeps a progressive bias ``bias / (n + 1)``
  in its favour, so a short search plays like that bot and departs from it only
  where the playouts disagree clearly.
* **worlds** (optional): at most that many states are sampled per decision and then
  replayed (cloned) in turn, for games whose sampler is slow next to a playout; the
  actions are then compared on the same worlds, which also steadies the comparison.
* **paired** (optional): the root seat's actions are compared on the same sampled
  worlds and the same luck (see :meth:`IsmctsAgent._choose_paired`), which is what
  lets tens of iterations tell actions apart when their values differ by little.
* **candidates** (optional, with ``paired``): where the root has more moves than that,
  only the prior's move and the best of the others by a one-step judgement (each move
  played on one sampled world and judged at once, as a cut playout is) are compared, so
  each gets more of the few worlds a short budget affords.
* **depth** (optional): the trees stop growing that many decisions below the root and
  the playout takes over; ``depth=1`` keeps only the root's statistics, so a short search
  does not spend its few visits of the nodes below on untried (random) moves.
* **a game's defaults**: a game may name the settings its search plays best with
  (``Game.search_defaults``, a mapping of spec settings such as
  ``{"rollout": "rule", "horizon": "turn"}``); a spec's own settings override them.
* **budget** in iterations (``iters``, reproducible: the same view, rng seed
  and budget give the same decision) or milliseconds (``ms``, not reproducible
  across machines: the number of iterations varies) of wall-clock time, or of
  this thread's CPU time with ``clock=cpu`` (a fair budget on a shared machine,
  where other programs would otherwise eat a wall-clock budget).
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Sequence
from typing import Any

from relicbox.bots.builtin import builtin_factory, builtin_names
from relicbox.core.actions import Action
from relicbox.core.agents import Agent
from relicbox.core.errors import ConfigurationError
from relicbox.core.game import Game, State
from relicbox.core.rng import Rng

SCORE_WEIGHT = 0.05
"""Weight of the score share in a playout's value (the win share has weight 1)."""

MAX_PLAYOUT_DECISIONS = 5_000

DEFAULT_MARGIN = 1.5
"""Standard errors by which a paired comparison's best must beat the prior's move."""

MIN_PAIRED_ROUNDS = 3
"""Worlds every root action must have played before a prior's move can be overruled."""

CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.thread_time}
"""What an ``ms`` budget counts: wall-clock time, or this thread's CPU time."""

Evaluator = Callable[[State], Sequence[float]]
"""A game's judgement of an unfinished position: one expected win share per seat."""


class _Stats:
    """Per information set: visits, value sum and availability of each action index,
    and the prior bot's choice there (an action index), if any."""

    __slots__ = ("avail", "hint", "total", "visits")

    def __init__(self) -> None:
        self.visits: dict[int, int] = {}
        self.total: dict[int, float] = {}
        self.avail: dict[int, int] = {}
        self.hint: int | None = None


def _key(view: dict[str, Any]) -> str:
    return json.dumps(view, separators=(",", ":"), sort_keys=True)


def _inner_key(view: dict[str, Any]) -> str:
    """The key of an information set below the root: the view as the engine built it.

    The engine builds every view of a game in the same key order, so ``repr`` tells
    views apart as well as canonical JSON does, in a fraction of the time. (The root's
    view may come from elsewhere, over JSON, so the root keeps :func:`_key`; no view
    below the root can equal it, since each decision lengthens the history.)

    A view's ``history`` list, which grows all game long, is keyed by its length and
    its last event only: two positions a seat sees alike in every other respect, reached
    by the same number of events ending alike, share their statistics (a transposition).
    """
    history = view.get("history")
    if isinstance(history, list) and history:
        rest = [item for item in view.items() if item[0] != "history"]
        return f"{rest!r}|{len(history)}|{history[-1]!r}"
    return repr(view)


def game_evaluator(game: Game) -> Evaluator | None:
    """The game's position evaluation (``Game.evaluate``), or ``None`` if it has none."""
    return game.evaluate


def _helper_bot(role: str, name: str, game: Game) -> Agent:
    """A built-in bot of ``game`` by plain name, for playouts or as the prior: never a
    program or a Python entry point, which a search spec from the network could name."""
    factory = builtin_factory(name, game)
    if factory is None:
        names = ", ".join(builtin_names(game))
        raise ConfigurationError(f"ismcts {role}={name!r}: choose a built-in bot: {names}")
    agent: Agent = factory()
    return agent


class IsmctsAgent:
    """ISMCTS over states sampled from the bot's view; see the module doc."""

    def __init__(
        self,
        game: Game,
        *,
        iters: int | None = None,
        ms: float | None = None,
        rollout: str = "random",
        c: float = 0.7,
        horizon: int | str | None = None,
        max_depth: int | None = None,
        prior: str | None = None,
        bias: float = 0.5,
        worlds: int | None = None,
        clock: str = "wall",
        paired: bool = False,
        margin: float = DEFAULT_MARGIN,
        candidates: int | None = None,
    ) -> None:
        if iters is None and ms is None:
            iters = 1000
        if iters is not None and iters < 1:
            raise ConfigurationError(f"ismcts iters={iters!r} must be at least 1")
        self.turn_horizon = horizon == "turn"
        if isinstance(horizon, str) and not self.turn_horizon:
            raise ConfigurationError(f"ismcts horizon={horizon!r}: give a number or turn")
        if isinstance(horizon, int) and horizon < 1:
            raise ConfigurationError(f"ismcts horizon={horizon!r} must be at least 1")
        if clock not in CLOCKS:
            raise ConfigurationError(f"ismcts clock={clock!r} is not known: use wall or cpu")
        if worlds is not None and worlds < 1:
            raise ConfigurationError(f"ismcts worlds={worlds!r} must be at least 1")
        if bias < 0:
            raise ConfigurationError(f"ismcts bias={bias!r} must not be negative")
        if candidates == 0:
            candidates = None  # every root move compared, as without the setting
        if candidates is not None and candidates < 2:
            raise ConfigurationError(
                f"ismcts candidates={candidates!r} must be at least 2: the prior's move "
                "and one more (or 0: every move)"
            )
        if candidates is not None and not paired:
            raise ConfigurationError(
                f"ismcts candidates={candidates!r} chooses among the root's moves of a paired "
                "comparison: add paired=1"
            )
        if max_depth is not None and max_depth < 1:
            raise ConfigurationError(f"ismcts depth={max_depth!r} must be at least 1")
        if ms is not None and ms <= 0:
            raise ConfigurationError(f"ismcts ms={ms!r} must be more than 0")
        if game.sampler is None:
            raise ConfigurationError(
                f"ismcts needs {game.name} to build states from a view, which it cannot yet"
            )
        self.game = game
        self.iters = iters
        self.ms = ms
        self.c = c
        self.max_depth = max_depth
        self.horizon = horizon if isinstance(horizon, int) else None
        self.rollout_name = rollout
        self.bias = bias
        self.worlds = worlds
        self.clock = CLOCKS[clock]
        self.paired = paired
        self.margin = margin
        self.candidates = candidates
        self.evaluate = game_evaluator(game)
        self._rollout_bot: Agent | None = None
        self._prior_bot: Agent | None = None
        if rollout != "random":
            self._rollout_bot = _helper_bot("rollout", rollout, game)
        if prior is not None:
            self._prior_bot = _helper_bot("prior", prior, game)
        budget = f"iters={iters}" if iters is not None else f"ms={ms:g}"
        reach = "" if horizon is None else f",horizon={horizon}"
        guide = "" if prior is None else f",prior={prior}"
        pool = "" if worlds is None else f",worlds={worlds}"
        if max_depth is not None:
            pool += f",depth={max_depth}"
        timer = "" if clock == "wall" else f",clock={clock}"
        pairs = ",paired=1" if paired else ""
        if paired and margin != DEFAULT_MARGIN:  # the name must replay the same search
            pairs += f",margin={margin:g}"
        if candidates is not None:
            pairs += f",candidates={candidates}"
        self.name = f"ismcts:{budget},rollout={rollout}{reach}{guide}{pool}{timer}{pairs}"
        self.last_iterations = 0

    # -- the agent protocol ------------------------------------------------------------

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        if len(legal) == 1:
            return legal[0]
        seat = view["seat"]
        if seat is None:
            raise ConfigurationError("ismcts decides for a seat; it was given a spectator view")
        search_rng = Rng(rng.next64())
        trees: list[dict[str, _Stats]] = []
        root_key = _key(view)
        now = self.clock
        deadline = None if self.ms is None else now() + self.ms / 1000.0
        done = 0
        root_hint = None
        worlds: list[State] = []
        if self._prior_bot is not None:
            root_hint = self._prior_bot.choose(view, legal, Rng(search_rng.next64())).index
        if self.paired:
            return self._choose_paired(view, legal, root_key, root_hint, search_rng)
        while True:
            if self.iters is not None and done >= self.iters:
                break
            if deadline is not None and done > 0 and now() >= deadline:
                break
            if self.worlds is None:
                state = self.game.sample_state(view, search_rng)
            elif len(worlds) < self.worlds:
                worlds.append(self.game.sample_state(view, search_rng))
                state = worlds[-1].clone()
            else:
                state = worlds[done % self.worlds].clone()
            if not trees:
                trees = [{} for _ in range(state.players)]
                if root_hint is not None:
                    trees[seat][root_key] = _Stats()
                    trees[seat][root_key].hint = root_hint
            self._iterate(state, seat, root_key, trees, search_rng)
            done += 1
        self.last_iterations = done
        root = trees[seat].get(root_key) if trees else None
        if root is None:
            return legal[0]
        best = max(
            legal,
            key=lambda a: (
                root.visits.get(a.index, 0),
                a.index == root.hint,
                root.total.get(a.index, 0.0),
                -a.index,
            ),
        )
        return best

    def _choose_paired(
        self,
        view: dict[str, Any],
        legal: Sequence[Action],
        root_key: str,
        hint: int | None,
        search_rng: Rng,
    ) -> Action:
        """Every legal action in turn on each sampled world, with the same generator for
        the rest of the iteration, so actions are compared on the same luck (common
        random numbers); below the root the trees grow as usual.

        The best mean over the worlds every action has played wins; with a prior, its
        choice is kept unless the best beats it by ``margin`` standard errors of the
        paired differences. With ``candidates``, only a shortlist of the legal actions
        is compared (:meth:`_shortlist`).
        """
        seat: int = view["seat"]
        now = self.clock
        deadline = None if self.ms is None else now() + self.ms / 1000.0
        if self.candidates is not None and len(legal) > self.candidates:
            legal = self._shortlist(view, legal, hint, search_rng, self.candidates)
        count = len(legal)
        trees: list[dict[str, _Stats]] = []
        values: list[list[float]] = [[] for _ in legal]
        world: State | None = None
        seed = 0
        done = 0
        while True:
            if self.iters is not None and done >= self.iters:
                break
            if deadline is not None and done > 0 and now() >= deadline:
                break
            which = done % count
            if which == 0 or world is None:
                world, seed = self.game.sample_state(view, search_rng), search_rng.next64()
            state = world.clone()
            if not trees:
                trees = [{} for _ in range(state.players)]
            value = self._iterate(state, seat, root_key, trees, Rng(seed), forced=legal[which])
            values[which].append(value)
            done += 1
        self.last_iterations = done
        complete = min(len(v) for v in values)
        by_index = {action.index: i for i, action in enumerate(legal)}
        kept = by_index.get(hint) if hint is not None else None
        if complete == 0:
            return legal[kept if kept is not None else 0]
        means = [sum(v[:complete]) / complete for v in values]
        best = max(range(count), key=lambda i: (means[i], i == kept, -legal[i].index))
        if kept is None or best == kept:
            return legal[best]
        diffs = [values[best][r] - values[kept][r] for r in range(complete)]
        mean = sum(diffs) / complete
        if complete < MIN_PAIRED_ROUNDS:
            return legal[kept]
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (complete - 1) / complete)
        return legal[best] if mean > self.margin * spread else legal[kept]

    def _shortlist(
        self,
        view: dict[str, Any],
        legal: Sequence[Action],
        hint: int | None,
        search_rng: Rng,
        size: int,
    ) -> list[Action]:
        """The ``size`` root moves a paired comparison shares its worlds among: the
        prior's move and the best of the others by a one-step judgement, each played on
        one sampled world (the same for all, with the same luck) and judged at once as a
        cut playout is (:func:`playout_values`), in the order of ``legal``."""
        seat: int = view["seat"]
        world = self.game.sample_state(view, search_rng)
        judged: list[tuple[float, int]] = []
        for i, action in enumerate(legal):
            state = world.clone()
            state.act(seat, action)
            value = playout_values(state, self.evaluate)[seat]
            judged.append((value + (math.inf if action.index == hint else 0.0), -i))
        kept = sorted(-i for _, i in sorted(judged, reverse=True)[:size])
        return [legal[i] for i in kept]

    # -- one iteration -------------------------------------------------------------------

    def _iterate(
        self,
        state: State,
        root_seat: int,
        root_key: str,
        trees: list[dict[str, _Stats]],
        rng: Rng,
        forced: Action | None = None,
    ) -> float:
        """One descent and playout; returns the root seat's value. ``forced`` is the
        root seat's action at the root (the paired comparison), else UCB chooses."""
        path: list[tuple[_Stats, int, int]] = []
        at_root = True
        expanding = True
        depth = 0
        while expanding and not state.is_over:
            to_act = state.to_act
            if at_root and root_seat in to_act:
                seat = root_seat
            else:
                seat = to_act[rng.below(len(to_act))] if len(to_act) > 1 else to_act[0]
            legal = state.legal_actions(seat)
            view = None
            if at_root and seat == root_seat:
                key = root_key
                at_root = False
            else:
                view = state.view(seat)
                key = _inner_key(view)
            tree = trees[seat]
            stats = tree.get(key)
            if stats is None:
                stats = tree[key] = _Stats()
                expanding = False
                if self._prior_bot is not None and view is not None and len(legal) > 1:
                    stats.hint = self._prior_bot.choose(view, legal, rng).index
            if forced is not None and key == root_key:
                for a in legal:
                    stats.avail[a.index] = stats.avail.get(a.index, 0) + 1
                action, forced = forced, None
            else:
                action = self._select(stats, legal, rng)
            path.append((stats, seat, action.index))
            state.act(seat, action)
            depth += 1
            if self.max_depth is not None and depth >= self.max_depth:
                break
        values = self._playout(state, rng, root_seat)
        for stats, seat, index in path:
            stats.visits[index] = stats.visits.get(index, 0) + 1
            stats.total[index] = stats.total.get(index, 0.0) + values[seat]
        return values[root_seat]

    def _select(self, stats: _Stats, legal: Sequence[Action], rng: Rng) -> Action:
        visits, total, avail = stats.visits, stats.total, stats.avail
        hint = stats.hint
        untried = [a for a in legal if a.index not in visits]
        for a in legal:
            avail[a.index] = avail.get(a.index, 0) + 1
        if untried:
            for a in untried:
                if a.index == hint:
                    return a
            return untried[rng.below(len(untried))]
        best = legal[0]
        best_value = -math.inf
        for a in legal:
            n = visits[a.index]
            value = total[a.index] / n + self.c * math.sqrt(math.log(avail[a.index]) / n)
            if a.index == hint:
                value += self.bias / (n + 1)
            if value > best_value:
                best, best_value = a, value
        return best

    def _playout(self, state: State, rng: Rng, root_seat: int) -> list[float]:
        bot = self._rollout_bot
        for _ in range(self.horizon or MAX_PLAYOUT_DECISIONS):
            if state.is_over or (self.turn_horizon and root_seat not in state.to_act):
                break
            to_act = state.to_act
            seat = to_act[0]
            legal = state.legal_actions(seat)
            if bot is None or len(legal) == 1:
                action = legal[rng.below(len(legal))]
            else:
                action = bot.choose(state.view(seat), legal, rng)
            state.act(seat, action)
        return playout_values(state, self.evaluate)


def playout_values(state: State, evaluate: Evaluator | None = None) -> list[float]:
    """Win share plus a small score share, per seat (see :data:`SCORE_WEIGHT`).

    A playout cut short by the horizon is judged by ``evaluate`` (the game's
    expected win shares), or without one by the scores so far: the leaders share
    the win.
    """
    scores = state.scores()
    if state.is_over:
        returns = state.returns()
    elif evaluate is not None:
        returns = list(evaluate(state))
    else:
        best = max(scores)
        leaders = [seat for seat, score in enumerate(scores) if score == best]
        returns = [1.0 / len(leaders) if seat in leaders else 0.0 for seat in range(state.players)]
    low = min(scores)
    spread = max(scores) - low
    if spread <= 0:
        return [r + SCORE_WEIGHT / state.players for r in returns]
    return [r + SCORE_WEIGHT * (s - low) / spread for r, s in zip(returns, scores, strict=True)]
