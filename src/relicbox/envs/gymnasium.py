"""Gymnasium environments: one learning seat of a relicbox game, the other seats bots.

Importing this module registers one id for every registered game, ``relicbox/`` and
the game's title in letters and digits (``relicbox/Diamant-v0``, ``relicbox/Tschak-v0``,
``relicbox/RelicRunners-v0``); without importing it first, name the module in the id
(Gymnasium 1.x has no plugin entry points)::

    import gymnasium
    env = gymnasium.make("relicbox.envs.gymnasium:relicbox/Diamant-v0", players=4)

The observation is the learning seat's view encoded by
:mod:`relicbox.envs.encoding` (a float32 ``Box`` in [0, 1]; the layout is in the
game's ``encoder`` module, such as :mod:`relicbox.games.diamant.encoder`). The action is an index in
the game's fixed action space: a Python ``int`` (not a ``bool``) or a NumPy integer. Any
other value (a float, even a whole one, text, a bool, ``None``, an array) is no action: it
raises :class:`relicbox.InvalidActionError` quoting it, whatever ``illegal`` says, and
changes nothing (``illegal`` is about legal indices). The action mask (int8, 1 = legal) is in
``info["action_mask"]`` after every ``reset`` and ``step``, as in Gymnasium's
own Taxi, and :meth:`RelicboxEnv.action_masks` returns it as booleans (the
convention of sb3-contrib's ``MaskablePPO``).

Options: ``players``; ``seat`` (the learning seat, default 0); ``opponents``, a
bot name for every other seat or a list of one per other seat (``"rule"``,
``"random"``, or a game's own bot names); ``reward="win"`` (1 shared among the
winners at the end, 0 otherwise), ``"plus-minus"`` (+1 to a sole winner, 0 to
tied winners, -1 to the others) or ``"margin"`` (own final score minus the
best other score); ``illegal="terminate"`` (an illegal action ends the episode
with reward -1 and ``info["illegal_action"]``) or ``"raise"``;
``render_mode="ansi"`` with ``lang``; any other keyword is a game option.
Bots see only their own views. The learning seat acts before the bots in a
simultaneous step; the engine keeps every commitment secret until all are in,
so the order changes nothing.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from relicbox.bots import make_bot
from relicbox.core.agents import Agent
from relicbox.core.errors import (
    ConfigurationError,
    IllegalActionError,
    RelicboxError,
    quote,
)
from relicbox.core.game import Game, State
from relicbox.core.registry import list_games
from relicbox.core.rng import Rng
from relicbox.envs._common import (
    ILLEGAL,
    REWARDS,
    action_index,
    check_choice,
    final_rewards,
    is_truncated,
    render_text,
    resolve,
)
from relicbox.envs.encoding import Masks, encoder_for


def env_id(game: Game) -> str:
    """The Gymnasium id of ``game``: ``relicbox/`` and its title in letters and digits."""
    return "relicbox/" + "".join(char for char in game.title if char.isalnum()) + "-v0"


ENV_IDS = {env_id(game): game.name for game in list_games()}
"""Every registered game's id, and the game."""


class RelicboxEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One seat of a relicbox game against bots; see the module docstring."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        game: str | Game,
        players: int | None = None,
        *,
        seat: int = 0,
        opponents: str | list[str] = "rule",
        reward: str = "win",
        illegal: str = "terminate",
        render_mode: str | None = None,
        lang: str = "en",
        **options: Any,
    ) -> None:
        self.game, self.players = resolve(game, players)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ConfigurationError(f"seat={seat!r} must be a seat of 0..{self.players - 1}")
        self.seat = seat
        names = [opponents] * (self.players - 1) if isinstance(opponents, str) else opponents
        if len(names) != self.players - 1:
            raise ConfigurationError(
                f"opponents={opponents!r}: give one bot name, or {self.players - 1} names"
            )
        others = [s for s in range(self.players) if s != seat]
        self.bots: dict[int, Agent] = {
            other: make_bot(name, self.game) for other, name in zip(others, names, strict=True)
        }
        self.reward_mode = check_choice("reward", reward, REWARDS)
        self.illegal = check_choice("illegal", illegal, ILLEGAL)
        if render_mode is not None:
            check_choice("render_mode", render_mode, tuple(self.metadata["render_modes"]))
        self.render_mode = render_mode
        self.lang = lang
        self.options = options
        self.encoder = encoder_for(self.game, self.players, options)
        self._encodings = self.encoder.seats(self.players)
        self._masks = Masks(self.game)
        self.observation_space = spaces.Box(0.0, 1.0, self.encoder.shape, np.float32)
        self.action_space = spaces.Discrete(self.game.num_actions)
        self.state: State | None = None
        self._bot_rng = Rng(0)

    # -- Gymnasium API -----------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**31 - 1))
        self._bot_rng = Rng(int(self.np_random.integers(0, 2**31 - 1)))
        self.state = self.game.new_state(self.players, game_seed, record=False, **self.options)
        self._play_bots()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        state = self._current()
        accepted = self._act(state, action)  # InvalidActionError for what is no index
        if not accepted:
            if self.illegal == "raise" or state.is_over:
                legal = sorted(a.index for a in state.legal_actions(self.seat))
                raise IllegalActionError(
                    f"illegal action {quote(action)} for seat {self.seat}: legal now are {legal}"
                )
            info = self._info()
            info["illegal_action"] = True
            return self._observation(), -1.0, True, False, info
        self._play_bots()
        reward = 0.0
        terminated = truncated = False
        if state.is_over:
            reward = final_rewards(state, self.reward_mode)[self.seat]
            truncated = is_truncated(state)
            terminated = not truncated
        return self._observation(), reward, terminated, truncated, self._info()

    def render(self) -> str | None:
        if self.render_mode is None or self.state is None:
            return None
        return render_text(self.game, self.state, self.lang)

    # -- helpers -------------------------------------------------------------------

    def action_masks(self) -> np.ndarray:
        """The learning seat's legal actions as booleans over the action space."""
        return self._masks.of(self._current(), self.seat).astype(bool)

    def _act(self, state: State, action: Any) -> bool:
        """Apply ``action`` (an index) for the learning seat if it is legal now; else
        change nothing and say so (the engine judges legality, once). A value that is no
        index raises :class:`InvalidActionError`."""
        index = action_index(action)
        if not 0 <= index < self.game.num_actions:
            return False
        try:
            state.act(self.seat, self.game.action_space[index])
        except IllegalActionError:
            return False
        return True

    def _play_bots(self) -> None:
        state = self._current()
        while not state.is_over and self.seat not in state.to_act:
            for other in state.to_act:
                legal = state.legal_actions(other)
                state.act(other, self.bots[other].choose(state.view(other), legal, self._bot_rng))

    def _current(self) -> State:
        if self.state is None:
            raise RelicboxError("call reset() before using the environment")
        return self.state

    def _observation(self) -> np.ndarray:
        # The learning seat's encoding is brought up to date from its last one.
        return self._encodings.encode(self._current().view(self.seat), self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._masks.of(self._current(), self.seat)}


def register() -> None:
    """Register every game's environment id with Gymnasium (done on import; repeatable)."""
    for env_id, game in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="relicbox.envs.gymnasium:RelicboxEnv",
                kwargs={"game": game},
                disable_env_checker=False,
            )


register()

__all__ = ["ENV_IDS", "RelicboxEnv", "env_id", "register"]
