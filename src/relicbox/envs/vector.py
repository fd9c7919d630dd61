"""Diamant as a Gymnasium vector environment: thousands of games in NumPy lock-step.

>>> from relicbox.envs.vector import DiamantVectorEnv
>>> envs = DiamantVectorEnv(4096, players=4, opponents="threshold:5")
>>> observations, infos = envs.reset(seed=0)
>>> observations, rewards, terminations, truncations, infos = envs.step(actions)

One seat of every game (``seat``, default 0) is the learner; the other seats are
fixed policies: a bot spec the batch simulator plays (``random``, ``threshold:N``,
see :mod:`relicbox.games.diamant.batch`), or any callable that maps a batch of
observations (float32, ``(k, size)``) to actions (``(k,)``, 0 or 1), such as a
frozen copy of the learner for self-play. ``opponents`` is one of those for every
other seat or a list with one per other seat, in seat order.

Every step is one decision of the learning seat. After it, the other seats
decide, cards are revealed and rounds end until the learner must decide again
(it is inside the cave after a reveal) or the game is over, so rounds the
learner has left run out within the step.

* **Observations** have exactly the layout and values of the Diamant encoder
  (:mod:`relicbox.games.diamant.encoder`, relative seats, the learner first), so
  a policy trained here plays through the PettingZoo, Gymnasium or OpenSpiel
  adapters unchanged.
* **Actions**: one per game, ``0`` (continue) or ``1`` (leave), as an integer NumPy array
  of shape ``(num_envs,)`` (or a list of as many Python or NumPy integers). Anything else
  (``None``, floats, bools, another shape) is refused with
  :class:`relicbox.InvalidActionError` quoting it, and the games stay as they were.
* **Masks**: ``infos["action_mask"]`` is ``(num_envs, 2)`` booleans (``0 =
  continue``, ``1 = leave``); in Diamant both are always legal at a decision.
* **Rewards** at the end of a game only: ``reward="win"`` (default) is the win
  share (1 split among the seats with the best score); ``"plus-minus"`` is +1 for a
  sole winner, 0 for tied winners and -1 for the others; ``"margin"`` is the
  learner's score minus the best other score.
* **Autoreset** is Gymnasium's ``SAME_STEP`` mode: a game that ends in a step is
  replaced at once, the returned observation is the new game's first one, and
  ``infos["final_obs"]``/``infos["final_info"]`` hold the last ones of the game that
  ended (``infos["score"]``, ``infos["scores"]`` and ``infos["win"]`` hold its
  results, valid where ``terminations`` is true).

The games follow the engine's rules (``docs/rules/diamant.md``) with both
``variant`` values and the ``pooled`` split, drawing from a NumPy generator:
they agree with the engine in distribution, not game by game
(``tests/envs/test_vector.py`` checks both the distribution and, on dealt decks,
every observation).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from numpy.typing import NDArray

from relicbox.core.errors import ConfigurationError, InvalidActionError, quote
from relicbox.core.registry import get_game
from relicbox.envs._common import action_array


def _accelerator() -> Any:
    """Diamant's registered accelerator module: its card tables, its encoder's card codes and
    its leave policies, as NumPy code wants them."""
    part = get_game("diamant").batch
    if part is None:
        raise ConfigurationError("Diamant has no registered accelerator")
    return importlib.import_module(part.module)


_D = _accelerator()
BASE_RELIC_VALUES = _D.BASE_RELIC_VALUES
CARDS = _D.CARDS
CODES: tuple[str, ...] = _D.CODES
COPIES: dict[str, int] = _D.COPIES
RELIC_IDS = _D.RELIC_IDS
ROUNDS: int = _D.ROUNDS
TRAP_IDS = _D.TRAP_IDS
TRAP_TYPES = _D.TRAP_TYPES
TREASURE_IDS = _D.TREASURE_IDS
Kind = _D.Kind
variant_code = _D.variant_code
policy_for_spec = _D.policy_for_spec

Policy = Callable[[NDArray[np.float32]], Any]
Opponent = str | Policy
REWARD_MODES = ("win", "plus-minus", "margin")
StepResult = tuple[NDArray[np.float32], NDArray[Any], NDArray[Any], NDArray[Any], dict[str, Any]]

_DECK = len(CARDS)
_CODE_COUNT = len(CODES)
_RUBIES = np.array([card.rubies for card in CARDS], dtype=np.int64)
_TRAP_BIT = np.array(
    [0 if card.trap is None else 1 << TRAP_TYPES.index(card.trap) for card in CARDS],
    dtype=np.int64,
)
_IS_RELIC = np.array([card.kind is Kind.RELIC for card in CARDS], dtype=bool)
_PRINTED = np.array([card.printed_value for card in CARDS], dtype=np.int64)
_CODE_BASE = np.array([CODES.index(card.code) for card in CARDS], dtype=np.int64)
_CODE_VARIANT = np.array([CODES.index(variant_code(card)) for card in CARDS], dtype=np.int64)
_SCALE = np.array([1.0 / COPIES[code] for code in CODES], dtype=np.float32)
_RELIC_CODES = np.array(["R" in code[:1] for code in CODES], dtype=bool)
_BASE_TAKE = np.array(
    [[sum(BASE_RELIC_VALUES[r : r + k]) for k in range(6)] for r in range(6)], dtype=np.int64
)
"""``_BASE_TAKE[r, k]``: base-game points for taking k relics when r were rescued before."""
_NEXT_RELIC = np.array([*BASE_RELIC_VALUES, 0], dtype=np.float32) / 10.0


class DiamantVectorEnv(VectorEnv[NDArray[np.float32], NDArray[np.int64], NDArray[Any]]):
    """``num_envs`` Diamant games, one learning seat each; see the module docstring."""

    metadata: dict[str, Any] = {  # noqa: RUF012  (Gymnasium reads it per instance)
        "autoreset_mode": AutoresetMode.SAME_STEP,
        "render_modes": [],
    }

    def __init__(
        self,
        num_envs: int,
        players: int = 4,
        *,
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent] = "threshold:5",
        reward: str = "win",
        variant: str = "base",
        split: str = "pooled",
    ) -> None:
        if not 3 <= players <= 8:
            raise ConfigurationError(f"players={players!r}: Diamant is played by 3 to 8")
        if not 0 <= seat < players:
            raise ConfigurationError(f"seat={seat!r} must be a seat of 0..{players - 1}")
        if num_envs < 1:
            raise ConfigurationError(f"num_envs={num_envs!r} must be at least 1")
        if reward not in REWARD_MODES:
            raise ConfigurationError(f"reward={reward!r}: choose one of {', '.join(REWARD_MODES)}")
        if variant not in ("base", "relics"):
            raise ConfigurationError(f"variant={variant!r}: choose base or relics")
        if split != "pooled":
            raise ConfigurationError(f"split={split!r}: the vector environment plays pooled only")
        self.num_envs = num_envs
        self.players = players
        self.seat = seat
        self.reward_mode = reward
        self.variant = variant == "relics"
        self._setup_opponents(opponents)
        self.size = 64 + 4 * players
        self.single_observation_space = spaces.Box(0.0, 1.0, (self.size,), np.float32)
        self.single_action_space = spaces.Discrete(2)
        self.observation_space = spaces.Box(0.0, 1.0, (num_envs, self.size), np.float32)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, 2))
        self._code = _CODE_VARIANT if self.variant else _CODE_BASE
        self._start = (
            np.array(TREASURE_IDS + TRAP_IDS) if self.variant else np.arange(_DECK)
        ).astype(np.int64)
        self._rng = np.random.default_rng()
        self._allocate()
        self._mask = np.ones((num_envs, 2), dtype=bool)

    # -- configuration ----------------------------------------------------------------------

    def _setup_opponents(self, opponents: Opponent | Sequence[Opponent]) -> None:
        others = [s for s in range(self.players) if s != self.seat]
        given: list[Opponent]
        if isinstance(opponents, str) or callable(opponents):
            given = [opponents] * len(others)
        else:
            given = list(opponents)
        if len(given) != len(others):
            raise ConfigurationError(
                f"opponents={opponents!r}: give one, or {len(others)} (one per other seat)"
            )
        self.thresholds = np.full((self.players, ROUNDS), 1 << 30, dtype=np.int64)
        self.leave_p = np.zeros(self.players, dtype=np.float64)
        self.callables: dict[int, Policy] = {}
        self.fixed: list[int] = []
        for other, entry in zip(others, given, strict=True):
            if isinstance(entry, str):
                policy = policy_for_spec(entry)
                if policy is None:
                    raise ConfigurationError(
                        f"opponent {entry!r}: the vector environment plays random or "
                        "threshold:N, or a callable policy"
                    )
                self.thresholds[other] = policy.thresholds
                self.leave_p[other] = policy.leave_p
                self.fixed.append(other)
            else:
                self.callables[other] = entry

    def _allocate(self) -> None:
        g, n = self.num_envs, self.players
        self.deck = np.zeros((g, _DECK), dtype=np.int64)
        self.deck_size = np.zeros(g, dtype=np.int64)  # cards [0, deck_size) are to come
        self.alive = np.zeros(g, dtype=np.int64)  # cards [deck_size, alive) are the path
        self.round = np.zeros(g, dtype=np.int64)  # 1..5
        self.inside = np.zeros((g, n), dtype=bool)
        self.count = np.zeros(g, dtype=np.int64)
        self.pocket = np.zeros(g, dtype=np.int64)
        self.gems = np.zeros(g, dtype=np.int64)
        self.traps = np.zeros(g, dtype=np.int64)
        self.path_cards = np.zeros(g, dtype=np.int64)
        self.path_codes = np.zeros((g, _CODE_COUNT), dtype=np.int64)
        self.removed = np.zeros((g, _CODE_COUNT), dtype=np.int64)
        self.path_relics = np.zeros(g, dtype=np.int64)
        self.path_relic_points = np.zeros(g, dtype=np.int64)
        self.rescued = np.zeros(g, dtype=np.int64)
        self.chest = np.zeros((g, n), dtype=np.int64)  # rubies (and base-game relic points)
        self.relic_points = np.zeros((g, n), dtype=np.int64)  # the variant's relic points
        self.relics_held = np.zeros((g, n), dtype=np.int64)
        self.over = np.zeros(g, dtype=bool)

    # -- the Gymnasium API ----------------------------------------------------------------------

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[NDArray[np.float32], dict[str, Any]]:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        everyone = np.arange(self.num_envs)
        self._new_games(everyone)
        self._advance(everyone)
        return self.observe(self.seat), {"action_mask": self._mask}

    def step(self, actions: Any) -> StepResult:
        chosen = action_array(actions, self.num_envs)
        if ((chosen < 0) | (chosen > 1)).any():
            raise InvalidActionError(
                f"actions {quote(actions)} cannot be read: each is 0 (continue) or 1 (leave)"
            )
        everyone = np.arange(self.num_envs)
        leave = self._others_choose(everyone)
        leave[:, self.seat] = chosen == 1
        self._resolve(everyone, leave & self.inside)
        self._advance(everyone)
        ended = self.over.copy()
        rewards = np.zeros(self.num_envs, dtype=np.float32)
        infos: dict[str, Any] = {"action_mask": self._mask}
        if ended.any():
            games = np.flatnonzero(ended)
            scores = self.scores()[games]
            rewards[games] = self._rewards(scores)
            final_obs = np.zeros((self.num_envs, self.size), dtype=np.float32)
            final_obs[games] = self.observe(self.seat, games)
            all_scores = np.zeros((self.num_envs, self.players), dtype=np.int64)
            all_scores[games] = scores
            infos.update(
                final_obs=final_obs,
                final_info={"scores": all_scores},
                scores=all_scores,
                score=all_scores[:, self.seat],
                win=_shares(all_scores)[:, self.seat] * ended,
            )
            self._new_games(games)
            self._advance(games)
        truncated = np.zeros(self.num_envs, dtype=bool)
        return self.observe(self.seat), rewards, ended, truncated, infos

    def scores(self) -> NDArray[np.int64]:
        """Every seat's score in every game (final once the game is over)."""
        result: NDArray[np.int64] = self.chest + self.relic_points
        return result

    def _rewards(self, scores: NDArray[np.int64]) -> NDArray[np.float32]:
        mine = scores[:, self.seat]
        if self.reward_mode == "win":
            return _shares(scores)[:, self.seat].astype(np.float32)
        others: NDArray[np.int64] = np.delete(scores, self.seat, axis=1).max(axis=1)
        if self.reward_mode == "margin":
            margin: NDArray[np.float32] = (mine - others).astype(np.float32)
            return margin
        sole: NDArray[np.float32] = (mine > others).astype(np.float32)
        return sole - (mine < others).astype(np.float32)

    # -- the rules on arrays -----------------------------------------------------------------

    def _new_games(self, games: NDArray[np.int64]) -> None:
        self.deck[games, : len(self._start)] = self._start
        self.alive[games] = len(self._start)
        self.round[games] = 0
        for name in ("chest", "relic_points", "relics_held", "removed"):
            getattr(self, name)[games] = 0
        self.rescued[games] = 0
        self.over[games] = False
        self._start_round(games)

    def _start_round(self, games: NDArray[np.int64]) -> None:
        self.round[games] += 1
        if self.variant:
            relic = np.asarray(RELIC_IDS, dtype=np.int64)[self.round[games] - 1]
            self.deck[games, self.alive[games]] = relic
            self.alive[games] += 1
        self.deck_size[games] = self.alive[games]
        self.inside[games] = True
        self.count[games] = self.players
        for name in ("pocket", "gems", "traps", "path_cards", "path_relics", "path_relic_points"):
            getattr(self, name)[games] = 0
        self.path_codes[games] = 0

    def _end_round(self, games: NDArray[np.int64]) -> None:
        """Relics left on the path are lost; the path goes back into the deck."""
        lost = self.path_codes[games] * _RELIC_CODES
        self.removed[games] += lost
        last = self.round[games] == ROUNDS
        done = games[last]
        if done.size:
            # As the engine's view at the end: an empty path, the whole deck back in one pile.
            self.over[done] = True
            self.deck_size[done] = self.alive[done]
            self.inside[done] = False
            self.count[done] = 0
            for name in ("pocket", "gems", "path_cards", "path_relics"):
                getattr(self, name)[done] = 0
            self.path_codes[done] = 0
        going = games[~last]
        if going.size:
            self._start_round(going)

    def _advance(self, games: NDArray[np.int64]) -> None:
        """Play on until every game in ``games`` waits for its learner (or is over)."""
        pending = games[~self.over[games]]
        while pending.size:
            ended = pending[self.count[pending] == 0]
            if ended.size:
                self._end_round(ended)
                pending = pending[~self.over[pending]]
            if not pending.size:
                return
            self._reveal(pending)
            # A second trap leaves nobody inside: that round ends at the top of the loop.
            waiting = self.inside[pending, self.seat]
            pending = pending[~waiting]
            choosing = pending[self.count[pending] > 0]
            if choosing.size:
                leave = self._others_choose(choosing) & self.inside[choosing]
                self._resolve(choosing, leave)

    def _draw(self, games: NDArray[np.int64]) -> NDArray[np.int64]:
        """Positions in the deck rows of the cards revealed now: uniform among those to come."""
        picks: NDArray[np.int64] = (self._rng.random(games.size) * self.deck_size[games]).astype(
            np.int64
        )
        return picks

    def _reveal(self, games: NDArray[np.int64]) -> NDArray[np.int64]:
        """One card revealed in each game; returns the games a second trap struck."""
        picks = self._draw(games)
        self.deck_size[games] -= 1
        last = self.deck_size[games]
        cards = self.deck[games, picks]
        self.deck[games, picks] = self.deck[games, last]
        self.deck[games, last] = cards
        rubies = _RUBIES[cards]
        count = self.count[games]
        share = rubies // count
        self.pocket[games] += share
        self.gems[games] += rubies - share * count
        codes = self._code[cards]
        trap = _TRAP_BIT[cards]
        second = (self.traps[games] & trap) != 0
        relic = _IS_RELIC[cards]
        # A relic or the trap that strikes never goes back into the deck: out of the row now.
        gone = relic | second
        if gone.any():
            out = games[gone]
            self.alive[out] -= 1
            self.deck[out, last[gone]] = self.deck[out, self.alive[out]]
        self.traps[games] |= trap
        self.path_relics[games] += relic
        self.path_relic_points[games] += _PRINTED[cards] * relic
        keep = ~second
        self.path_codes[games[keep], codes[keep]] += 1
        self.path_cards[games[keep]] += 1
        bust: NDArray[np.int64] = games[second]
        if bust.size:
            self.removed[bust, codes[second]] += 1
            self.inside[bust] = False
            self.count[bust] = 0
        return bust

    def _others_choose(self, games: NDArray[np.int64]) -> NDArray[np.bool_]:
        """Every other seat's choice in ``games`` (True = leave), from its fixed policy."""
        leave = np.zeros((games.size, self.players), dtype=bool)
        if self.fixed:
            fixed = self.fixed
            limits = self.thresholds[fixed][:, self.round[games] - 1].T
            leave[:, fixed] = self.pocket[games, None] >= limits
            coins = self.leave_p[fixed]
            if coins.any():
                leave[:, fixed] |= self._rng.random((games.size, len(fixed))) < coins
        for other, policy in self.callables.items():
            actions = np.asarray(policy(self.observe(other, games))).reshape(games.size)
            leave[:, other] = actions == 1
        return leave

    def _resolve(self, games: NDArray[np.int64], leave: NDArray[np.bool_]) -> None:
        """Leavers share the path's gems and bank their pockets; a lone leaver takes the relics."""
        leavers = leave.sum(axis=1)
        some = leavers > 0
        if not some.any():
            return
        games, leave, leavers = games[some], leave[some], leavers[some]
        taken = self.gems[games] // leavers
        self.gems[games] -= taken * leavers
        gain = self.pocket[games] + taken
        lone = (leavers == 1) & (self.path_relics[games] > 0)
        if lone.any():
            solo = games[lone]
            relics = self.path_relics[solo]
            if self.variant:
                points = self.path_relic_points[solo]
                self.relic_points[solo] += leave[lone] * points[:, None]
            else:
                points = _BASE_TAKE[np.minimum(self.rescued[solo], 5), relics]
                self.chest[solo] += leave[lone] * points[:, None]
            self.relics_held[solo] += leave[lone] * relics[:, None]
            self.rescued[solo] += relics
            self.path_cards[solo] -= relics
            self.path_codes[solo] *= ~_RELIC_CODES
            self.path_relics[solo] = 0
            self.path_relic_points[solo] = 0
        self.chest[games] += leave * gain[:, None]
        self.inside[games] &= ~leave
        self.count[games] -= leavers

    # -- observations ----------------------------------------------------------------------

    def observe(self, seat: int, games: NDArray[np.int64] | None = None) -> NDArray[np.float32]:
        """The encoder's observation of ``seat`` in ``games`` (all by default), ``(k, size)``."""
        if games is None:
            games = np.arange(self.num_envs)
        n = self.players
        k = games.size
        out = np.zeros((k, self.size), dtype=np.float32)
        out[np.arange(k), self.round[games] - 1] = 1.0
        over = self.over[games]
        out[:, 5] = over
        out[:, 6] = self.variant
        out[:, 8] = self.deck_size[games] / 35.0
        out[:, 9] = np.minimum(self.gems[games] / 60.0, 1.0)
        out[:, 10] = self.path_cards[games] / 35.0
        out[:, 11:34] = self.path_codes[games] * _SCALE
        out[:, 34:57] = self.removed[games] * _SCALE
        if self.variant:
            out[:, 57] = np.where(over, 0, ROUNDS - self.round[games]) / 5.0
        out[:, 58] = np.minimum(self.rescued[games], 5) / 5.0
        if not self.variant:
            out[:, 59] = _NEXT_RELIC[np.minimum(self.rescued[games], 5)]
        out[:, 60] = self.count[games] / n
        order = [(seat + i) % n for i in range(n)]
        seats = out[:, 61 : 61 + 4 * n].reshape(k, n, 4)
        inside = self.inside[games][:, order]
        seats[:, :, 0] = inside
        seats[:, :, 2] = np.minimum(inside * (self.pocket[games, None] / 50.0), 1.0)
        seats[:, :, 3] = np.minimum(self.relics_held[games][:, order] / 5.0, 1.0)
        chest = self.chest[games, seat]
        out[:, -1] = np.minimum(chest / 250.0, 1.0)
        return out


def _shares(scores: NDArray[np.int64]) -> NDArray[np.float64]:
    best = scores == scores.max(axis=1, keepdims=True)
    shares: NDArray[np.float64] = best / best.sum(axis=1, keepdims=True)
    return shares


__all__ = ["REWARD_MODES", "DiamantVectorEnv"]
