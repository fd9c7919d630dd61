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
* **horizon** (optional): playouts stop after that many decisions and are judged
  by the scores so far, for long games such as Relic Runners.
* **budget** in iterations (``iters``, reproducible: the same view, rng seed
  and budget give the same decision) or wall-clock milliseconds (``ms``, not
  reproducible across machines: the number of iterations varies).
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Sequence
from typing import Any

from relicbox.core.actions import Action
from relicbox.core.agents import Agent
from relicbox.core.errors import ConfigurationError
from relicbox.core.game import Game, State
from relicbox.core.rng import Rng

SCORE_WEIGHT = 0.05
"""Weight of the score share in a playout's value (the win share has weight 1)."""

MAX_PLAYOUT_DECISIONS = 5_000


class _Stats:
    """Per information set: visits, value sum and availability of each action index."""

    __slots__ = ("avail", "total", "visits")

    def __init__(self) -> None:
        self.visits: dict[int, int] = {}
        self.total: dict[int, float] = {}
        self.avail: dict[int, int] = {}


def _key(view: dict[str, Any]) -> str:
    return json.dumps(view, separators=(",", ":"), sort_keys=True)


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
        horizon: int | None = None,
        max_depth: int | None = None,
    ) -> None:
        if iters is None and ms is None:
            iters = 1000
        if iters is not None and iters < 1:
            raise ConfigurationError(f"ismcts iters={iters!r} must be at least 1")
        if horizon is not None and horizon < 1:
            raise ConfigurationError(f"ismcts horizon={horizon!r} must be at least 1")
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
        self.horizon = horizon
        self.rollout_name = rollout
        self._rollout_bot: Agent | None = None
        if rollout != "random":
            from relicbox.bots import make_bot

            self._rollout_bot = make_bot(rollout, game)
        budget = f"iters={iters}" if iters is not None else f"ms={ms:g}"
        reach = "" if horizon is None else f",horizon={horizon}"
        self.name = f"ismcts:{budget},rollout={rollout}{reach}"
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
        deadline = None if self.ms is None else time.perf_counter() + self.ms / 1000.0
        done = 0
        while True:
            if self.iters is not None and done >= self.iters:
                break
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            state = self.game.sample_state(view, search_rng)
            if not trees:
                trees = [{} for _ in range(state.players)]
            self._iterate(state, seat, root_key, trees, search_rng)
            done += 1
        self.last_iterations = done
        root = trees[seat].get(root_key) if trees else None
        if root is None:
            return legal[0]
        best = max(
            legal,
            key=lambda a: (root.visits.get(a.index, 0), root.total.get(a.index, 0.0), -a.index),
        )
        return best

    # -- one iteration -------------------------------------------------------------------

    def _iterate(
        self, state: State, root_seat: int, root_key: str, trees: list[dict[str, _Stats]], rng: Rng
    ) -> None:
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
            if at_root and seat == root_seat:
                key = root_key
                at_root = False
            else:
                key = _key(state.view(seat))
            tree = trees[seat]
            stats = tree.get(key)
            if stats is None:
                stats = tree[key] = _Stats()
                expanding = False
            action = self._select(stats, legal, rng)
            path.append((stats, seat, action.index))
            state.act(seat, action)
            depth += 1
            if self.max_depth is not None and depth >= self.max_depth:
                break
        values = self._playout(state, rng)
        for stats, seat, index in path:
            stats.visits[index] = stats.visits.get(index, 0) + 1
            stats.total[index] = stats.total.get(index, 0.0) + values[seat]

    def _select(self, stats: _Stats, legal: Sequence[Action], rng: Rng) -> Action:
        visits, total, avail = stats.visits, stats.total, stats.avail
        untried = [a for a in legal if a.index not in visits]
        for a in legal:
            avail[a.index] = avail.get(a.index, 0) + 1
        if untried:
            return untried[rng.below(len(untried))]
        best = legal[0]
        best_value = -math.inf
        for a in legal:
            n = visits[a.index]
            value = total[a.index] / n + self.c * math.sqrt(math.log(avail[a.index]) / n)
            if value > best_value:
                best, best_value = a, value
        return best

    def _playout(self, state: State, rng: Rng) -> list[float]:
        bot = self._rollout_bot
        for _ in range(self.horizon or MAX_PLAYOUT_DECISIONS):
            if state.is_over:
                break
            to_act = state.to_act
            seat = to_act[0]
            legal = state.legal_actions(seat)
            if bot is None or len(legal) == 1:
                action = legal[rng.below(len(legal))]
            else:
                action = bot.choose(state.view(seat), legal, rng)
            state.act(seat, action)
        return playout_values(state)


def playout_values(state: State) -> list[float]:
    """Win share plus a small score share, per seat (see :data:`SCORE_WEIGHT`).

    A playout cut short by the horizon is judged by the scores so far: the
    leaders share the win.
    """
    scores = state.scores()
    if state.is_over:
        returns = state.returns()
    else:
        best = max(scores)
        leaders = [seat for seat, score in enumerate(scores) if score == best]
        returns = [1.0 / len(leaders) if seat in leaders else 0.0 for seat in range(state.players)]
    low = min(scores)
    spread = max(scores) - low
    if spread <= 0:
        return [r + SCORE_WEIGHT / state.players for r in returns]
    return [r + SCORE_WEIGHT * (s - low) / spread for r, s in zip(returns, scores, strict=True)]
