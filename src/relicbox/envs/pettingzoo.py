"""PettingZoo environments for every relicbox game (AEC and Parallel APIs).

>>> from relicbox.envs.pettingzoo import env, parallel_env
>>> aec = env("diamant", players=4)                 # one agent decides per step
>>> par = parallel_env("tschak", players=3)         # every seat due decides per step

Agents are ``player_0`` .. ``player_{n-1}`` (seat numbers). Each observation is a
dict: ``observation``, the seat's view encoded by :mod:`relicbox.envs.encoding`
(float32 in [0, 1]; the layout is documented in the game's ``encoder`` module,
such as :mod:`relicbox.games.diamant.encoder`), and ``action_mask``, int8 over the game's fixed
action space (1 = legal now). A seat with nothing to decide gets an all-zero
mask. Actions are integers (indices in ``game.action_space``): a Python ``int`` (not a
``bool``) or a NumPy integer. Any other value (a float, even a whole one, text, a bool,
``None``, an array) is no action: it raises :class:`relicbox.InvalidActionError` quoting
it, whatever ``illegal`` says, and changes nothing (``illegal`` is about legal indices).

* **AEC** (``env``): ``agent_selection`` is the lowest seat that must decide.
  Simultaneous steps (Diamant's choices, Tschak!'s picks) take one AEC step per
  seat; the engine keeps each commitment secret until the last seat has
  committed, so a seat deciding later learns nothing from the earlier ones.
* **Parallel** (``parallel_env``): every seat in the game's ``to_act`` decides
  in one step (each gives one action; Tschak!'s multi-card reveals take one step
  per card). Actions given for seats that have nothing to decide are ignored; a key that
is no agent of the game raises :class:`relicbox.InvalidActionError`. The
  step's actions are committed together (the engine's ``act_joint``): when one is
  refused, none is applied.

Chance events are resolved by the engine from the seed. ``reset(seed=s)`` seeds
the environment; further resets without a seed start new games drawn from it.

Options: ``reward="win"`` (default: 1 shared among the winners at the end, 0
otherwise, so rewards sum to 1), ``"plus-minus"`` (PettingZoo classic's
convention: +1 to a sole winner, 0 to tied winners, -1 to everyone else) or
``"margin"`` (own final score minus the best other score);
``illegal="terminate"`` (default, PettingZoo's classic convention: an illegal
action ends the game, the offender gets -1 and the others 0, and the offender's
info has ``illegal_action``) or ``"raise"`` (raise
:class:`relicbox.IllegalActionError`); ``render_mode="ansi"`` (``render()``
returns the game's text for a spectator; ``lang="cs"`` for Czech) or ``"human"``
(``render()`` prints it); any other keyword is a game option
(``variant="relics"``). A game ended by a simulation cap (Relic Runners'
``max_turns``) reports truncation instead of termination.

``state()`` is the global state for centralised critics: every seat's
observation vector, seat 0 first (``state_space``); it holds what every seat
knows, so it is for training only, never for a seat's policy.

``metadata["name"]`` is ``relicbox_<game>_v0`` with underscores
(``relicbox_relic_runners_v0``); ``metadata["aliases"]`` keeps the older hyphenated
name where it differed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv, ParallelEnv

from relicbox.core.actions import Action
from relicbox.core.errors import IllegalActionError, InvalidActionError, RelicboxError, quote
from relicbox.core.game import Game, State
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

RENDER_MODES = ["ansi", "human"]


class _Table:
    """The part shared by both APIs: configuration, spaces, seeding, observations."""

    def __init__(
        self,
        game: str | Game,
        players: int | None,
        reward: str,
        illegal: str,
        render_mode: str | None,
        lang: str,
        options: dict[str, Any],
    ) -> None:
        self.game, self.players = resolve(game, players)
        self.reward = check_choice("reward", reward, REWARDS)
        self.illegal = check_choice("illegal", illegal, ILLEGAL)
        if render_mode is not None:
            check_choice("render_mode", render_mode, tuple(RENDER_MODES))
        self.render_mode = render_mode
        self.lang = lang
        self.options = options
        self.encoder = encoder_for(self.game, self.players, options)
        self.agent_names = [f"player_{seat}" for seat in range(self.players)]
        self.seat_of = {name: seat for seat, name in enumerate(self.agent_names)}
        size = self.game.num_actions
        self.observation_spaces = {
            name: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, self.encoder.shape, np.float32),
                    "action_mask": spaces.Box(0, 1, (size,), np.int8),
                }
            )
            for name in self.agent_names
        }
        self.action_spaces = {name: spaces.Discrete(size) for name in self.agent_names}
        width = self.encoder.size
        self.state_space = spaces.Box(0.0, 1.0, (width * self.players,), np.float32)
        self.np_random: np.random.Generator | None = None
        self._state: State | None = None
        self.encodings = self.encoder.seats(self.players)
        self.masks = Masks(self.game)
        self.actions = tuple(self.game.action_space)

    @property
    def state(self) -> State:
        if self._state is None:
            raise RelicboxError("call reset() before using the environment")
        return self._state

    def new_state(self, seed: int | None) -> State:
        if seed is not None or self.np_random is None:
            self.np_random, _ = seeding.np_random(seed)
        game_seed = int(self.np_random.integers(0, 2**31 - 1))
        self._state = self.game.new_state(self.players, game_seed, record=False, **self.options)
        return self._state

    def observe(self, seat: int) -> dict[str, np.ndarray]:
        # Asked for, not made at every step: an AEC loop asks only for the seat to act.
        # The seat's encoding is brought up to date from its last one.
        state = self.state
        return {
            "observation": self.encodings.encode(state.view(seat), seat),
            "action_mask": self.masks.of(state, seat),
        }

    def action(self, action: Any) -> Action | None:
        """The action ``action`` (an index) names, or ``None`` for an index out of the
        action space; :class:`InvalidActionError` for a value that is no index at all."""
        index = action_index(action)
        if not 0 <= index < len(self.actions):
            return None
        return self.actions[index]

    def act(self, seat: int, action: Any) -> bool:
        """Apply ``action`` (an index) for ``seat`` if it is a legal choice now; else
        change nothing and say so. A value that is no index raises
        :class:`InvalidActionError`, changing nothing."""
        chosen = self.action(action)
        if chosen is None:
            return False
        try:
            # The engine checks legality itself and changes nothing when it refuses.
            self.state.act(seat, chosen)
        except IllegalActionError:
            return False
        return True

    def act_joint(self, actions: dict[int, Any]) -> int | None:
        """Apply every seat's action of ``actions`` at once if all are legal now; else
        change nothing and return the first seat (in order) whose action is refused."""
        chosen: dict[int, Action] = {}
        parsed_all = {seat: self.action(action) for seat, action in actions.items()}
        for seat, parsed in parsed_all.items():
            if parsed is None:
                return seat
            chosen[seat] = parsed
        try:
            # All or nothing: the engine changes nothing when it refuses any part.
            self.state.act_joint(chosen)
        except IllegalActionError:
            trial = self.state.clone()  # which seat: only now, on the refusal's path
            for seat, action in chosen.items():
                try:
                    trial.act(seat, action)
                except IllegalActionError:
                    return seat
            raise
        return None

    def refuse(self, seat: int, action: Any) -> None:
        raise IllegalActionError(
            f"illegal action {quote(action)} for seat {seat}: legal now are "
            f"{[a.index for a in self.state.legal_actions(seat)]}"
        )

    def global_state(self) -> np.ndarray:
        """Every seat's observation vector, seat 0 first (for centralised critics)."""
        state, encodings = self.state, self.encodings
        return np.concatenate([encodings.refresh(state.view(s), s) for s in range(self.players)])

    def metadata(self, base: dict[str, Any]) -> dict[str, Any]:
        hyphenated = f"relicbox_{self.game.name}_v0"
        name = hyphenated.replace("-", "_")
        aliases = [hyphenated] if hyphenated != name else []
        return {**base, "name": name, "aliases": aliases}

    def render(self) -> str | None:
        if self.render_mode is None or self._state is None:
            return None
        text = render_text(self.game, self.state, self.lang)
        if self.render_mode == "human":
            print(text)
            return None
        return text


class RelicboxAECEnv(AECEnv):  # type: ignore[misc]
    """A relicbox game under PettingZoo's AEC API; see the module docstring."""

    metadata: dict[str, Any] = {  # noqa: RUF012  (PettingZoo reads it per instance)
        "render_modes": RENDER_MODES,
        "is_parallelizable": True,
    }

    def __init__(
        self,
        game: str | Game,
        players: int | None = None,
        *,
        reward: str = "win",
        illegal: str = "terminate",
        render_mode: str | None = None,
        lang: str = "en",
        **options: Any,
    ) -> None:
        super().__init__()
        self._table = _Table(game, players, reward, illegal, render_mode, lang, options)
        self.metadata = self._table.metadata(self.metadata)
        self.state_space = self._table.state_space
        self.render_mode = render_mode
        self.possible_agents = list(self._table.agent_names)
        self.agents: list[str] = []

    @property
    def engine_state(self) -> State:
        """The engine state (for inspection; agents must only use observations)."""
        return self._table.state

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._table.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._table.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        state = self._table.new_state(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._rewarded = False
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[state.to_act[0]]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self._table.observe(self._table.seat_of[agent])

    def step(self, action: Any) -> None:
        if not self.agents:
            raise RelicboxError("no agent is in a game: call reset() to start one")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:  # (an InvalidActionError is a ValueError, as PettingZoo's)
                raise InvalidActionError(
                    f"action {quote(action)} for {agent}, whose game has ended: "
                    "the only action of an agent that is done is None"
                )
            self._was_dead_step(action)
            return
        table = self._table
        state = table.state
        seat = table.seat_of[agent]
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:  # until the end every step's rewards are the same zeros
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._rewarded = False
        if not table.act(seat, action):
            if table.illegal == "raise":
                table.refuse(seat, action)
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.rewards[agent] = -1.0
            self._rewarded = True
            self.infos[agent] = {"illegal_action": True}
            self.terminations = dict.fromkeys(self.agents, True)
        elif state.is_over:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            for other, value in enumerate(final_rewards(state, table.reward)):
                self.rewards[self.possible_agents[other]] = value
            self._rewarded = True
            finished = dict.fromkeys(self.agents, True)
            if is_truncated(state):
                self.truncations = finished
            else:
                self.terminations = finished
        else:
            self.agent_selection = self.possible_agents[state.to_act[0]]
        if self._rewarded:
            self._accumulate_rewards()

    def state(self) -> np.ndarray:
        return self._table.global_state()

    def render(self) -> str | None:
        return self._table.render()

    def close(self) -> None:
        pass


class RelicboxParallelEnv(ParallelEnv):  # type: ignore[misc]
    """A relicbox game under PettingZoo's Parallel API; see the module docstring."""

    metadata: dict[str, Any] = {"render_modes": RENDER_MODES}  # noqa: RUF012

    def __init__(
        self,
        game: str | Game,
        players: int | None = None,
        *,
        reward: str = "win",
        illegal: str = "terminate",
        render_mode: str | None = None,
        lang: str = "en",
        **options: Any,
    ) -> None:
        self._table = _Table(game, players, reward, illegal, render_mode, lang, options)
        self.metadata = self._table.metadata(self.metadata)
        self.state_space = self._table.state_space
        self.render_mode = render_mode
        self.possible_agents = list(self._table.agent_names)
        self.agents: list[str] = []

    @property
    def engine_state(self) -> State:
        """The engine state (for inspection; agents must only use observations)."""
        return self._table.state

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._table.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._table.action_spaces[agent]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        self._table.new_state(seed)
        self.agents = list(self.possible_agents)
        observations = {agent: self._table.observe(seat) for seat, agent in enumerate(self.agents)}
        return observations, {agent: {} for agent in self.agents}

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, Any],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        table = self._table
        state = table.state
        if not isinstance(actions, Mapping):
            raise InvalidActionError(
                f"actions {quote(actions)} cannot be read: a Parallel step takes a dict of "
                "each agent's action"
            )
        strangers = [agent for agent in actions if agent not in self.possible_agents]
        if strangers:
            raise InvalidActionError(
                f"agent {quote(strangers[0])} is not at this table: agents are "
                f"{', '.join(self.possible_agents)}"
            )
        live = list(self.agents)
        rewards = dict.fromkeys(live, 0.0)
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in live}
        terminated = truncated = False
        due = {seat: self.possible_agents[seat] for seat in state.to_act}
        for seat, agent in due.items():
            if agent not in actions:
                raise IllegalActionError(f"{agent} (seat {seat}) must act in this step")
        # Every due seat's action at once: a refused one leaves the others unapplied too.
        # (Nobody is due once the game is over: a step then only reports the end again.)
        offender = None
        if due:
            offender = table.act_joint({seat: actions[a] for seat, a in due.items()})
        if offender is not None:
            agent = due[offender]
            if table.illegal == "raise":
                table.refuse(offender, actions[agent])
            rewards[agent] = -1.0
            infos[agent] = {"illegal_action": True}
            terminated = True
        if not terminated and state.is_over:
            for seat, value in enumerate(final_rewards(state, table.reward)):
                rewards[self.possible_agents[seat]] = value
            truncated = is_truncated(state)
            terminated = not truncated
        observations = {agent: table.observe(table.seat_of[agent]) for agent in live}
        terminations = dict.fromkeys(live, terminated)
        truncations = dict.fromkeys(live, truncated)
        if terminated or truncated:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def state(self) -> np.ndarray:
        return self._table.global_state()

    def render(self) -> str | None:
        return self._table.render()

    def close(self) -> None:
        pass


def env(game: str | Game, players: int | None = None, **kwargs: Any) -> RelicboxAECEnv:
    """An AEC environment of ``game`` for ``players`` seats (see the module docstring)."""
    return RelicboxAECEnv(game, players, **kwargs)


def parallel_env(
    game: str | Game, players: int | None = None, **kwargs: Any
) -> RelicboxParallelEnv:
    """A Parallel environment of ``game`` for ``players`` seats (see the module docstring)."""
    return RelicboxParallelEnv(game, players, **kwargs)


__all__ = ["RelicboxAECEnv", "RelicboxParallelEnv", "env", "parallel_env"]
