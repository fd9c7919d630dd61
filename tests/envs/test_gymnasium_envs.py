"""Gymnasium's env_checker passes for every game; one learning seat plays bots."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import relicbox
from relicbox.envs.gymnasium import ENV_IDS, RelicboxEnv

CASES = [
    pytest.param(env_id, players, id=f"{game}-{players}p")
    for env_id, game in ENV_IDS.items()
    for players in relicbox.get_game(game).players
]


def _options(env_id: str) -> dict[str, object]:
    return dict(relicbox.get_game(ENV_IDS[env_id]).test_options)


@pytest.mark.parametrize(("env_id", "players"), CASES)
def test_check_env_passes(env_id, players):
    made = gymnasium.make(env_id, players=players, **_options(env_id))
    check_env(made.unwrapped)


def test_ids_load_by_module_prefix_in_a_fresh_interpreter():
    import subprocess
    import sys

    code = (
        "import gymnasium\n"
        "env = gymnasium.make('relicbox.envs.gymnasium:relicbox/Diamant-v0', players=5)\n"
        "obs, info = env.reset(seed=1)\n"
        "print(obs.shape, info['action_mask'].tolist())\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "(84,) [1, 1]"


def test_an_episode_against_bots_follows_the_mask_and_pays_the_result():
    env = RelicboxEnv("tschak", 3, seat=1, opponents=["rule", "random"])
    observation, info = env.reset(seed=11)
    rng = np.random.default_rng(0)
    total, steps, done = 0.0, 0, False
    while not done:
        mask = info["action_mask"]
        assert np.array_equal(mask.astype(bool), env.action_masks())
        legal = {a.index for a in env.state.legal_actions(1)}
        assert set(np.flatnonzero(mask)) == legal
        observation, reward, terminated, truncated, info = env.step(int(rng.choice(sorted(legal))))
        assert env.observation_space.contains(observation)
        total += reward
        steps += 1
        done = terminated or truncated
    assert env.state.is_over and steps > 10
    assert total == env.state.returns()[1]


def test_same_seed_same_episode():
    def run(seed):
        env = RelicboxEnv("diamant", 4)
        obs, _ = env.reset(seed=seed)
        trace = [obs]
        done = False
        while not done:
            obs, reward, terminated, truncated, _info = env.step(0)
            trace.append(obs)
            done = terminated or truncated
        return np.stack(trace), reward

    first, second, other = run(7), run(7), run(8)
    assert np.array_equal(first[0], second[0]) and first[1] == second[1]
    assert first[0].shape != other[0].shape or not np.array_equal(first[0], other[0])


def test_bad_configurations_are_refused():
    with pytest.raises(relicbox.ConfigurationError, match="seat"):
        RelicboxEnv("diamant", 3, seat=3)
    with pytest.raises(relicbox.ConfigurationError, match="opponents"):
        RelicboxEnv("diamant", 4, opponents=["rule"])
    with pytest.raises(relicbox.ConfigurationError, match="unknown bot"):
        RelicboxEnv("diamant", 3, opponents="nobody")
    with pytest.raises(relicbox.ConfigurationError, match="reward"):
        RelicboxEnv("diamant", 3, reward="points")


def test_stepping_before_reset_is_a_clear_error():
    with pytest.raises(relicbox.RelicboxError, match="reset"):
        RelicboxEnv("diamant", 3).step(0)
