"""PettingZoo's own conformance checkers pass for every game and player count."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

import relicbox
from relicbox.envs.pettingzoo import env, parallel_env

CASES = [
    pytest.param(game.name, players, id=f"{game.name}-{players}p")
    for game in relicbox.games()
    for players in game.players
]


def _options(name: str) -> dict[str, object]:
    return dict(relicbox.get_game(name).extra.get("test_options", {}))


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("name", "players"), CASES)
def test_aec_api_and_seeding(name, players):
    options = _options(name)
    api_test(env(name, players, **options), num_cycles=1000)
    seed_test(lambda: env(name, players, **options), num_cycles=500)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("name", "players"), CASES)
def test_parallel_api_and_seeding(name, players):
    options = _options(name)
    parallel_api_test(parallel_env(name, players, **options), num_cycles=1000)
    parallel_seed_test(lambda: parallel_env(name, players, **options), num_cycles=500)


VARIANTS = [
    pytest.param("diamant", 5, {"variant": "relics", "split": "per-card"}, id="diamant-relics"),
    pytest.param("tschak", 3, {"chameleon_rank": "no-wizard", "elixir": "optional"}, id="tschak"),
    pytest.param(
        "relic-runners", 4, {"max_turns": 40, "abilities": True, "setup": "random"}, id="runners"
    ),
]


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("name", "players", "options"), VARIANTS)
def test_game_options_pass_the_checkers_too(name, players, options):
    api_test(env(name, players, **options), num_cycles=1000)
    parallel_api_test(parallel_env(name, players, **options), num_cycles=1000)


def _play_aec(aec, seed):
    aec.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(aec.possible_agents, 0.0)
    for agent in aec.agent_iter():
        observation, reward, terminated, truncated, _ = aec.last()
        totals[agent] += reward
        if terminated or truncated:
            aec.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        aec.step(int(rng.choice(legal)))
    return totals


def test_a_finished_aec_game_pays_the_engine_results():
    aec = env("diamant", 4)
    totals = _play_aec(aec, seed=5)
    state = aec.engine_state
    assert state.is_over
    assert list(totals.values()) == pytest.approx(state.returns())
    assert sum(totals.values()) == pytest.approx(1.0)


def test_margin_rewards_are_score_differences():
    aec = env("diamant", 3, reward="margin")
    totals = _play_aec(aec, seed=2)
    scores = aec.engine_state.scores()
    for seat, agent in enumerate(aec.possible_agents):
        best_other = max(s for other, s in enumerate(scores) if other != seat)
        assert totals[agent] == scores[seat] - best_other


def test_simultaneous_steps_take_one_aec_step_per_seat_and_hide_commitments():
    aec = env("diamant", 4)
    aec.reset(seed=3)
    first = aec.agent_selection
    before = aec.observe("player_1")["observation"].copy()
    aec.step(1)  # player_0 leaves, secretly
    assert first == "player_0"
    assert aec.agent_selection == "player_1"
    after = aec.observe("player_1")["observation"]
    encoder = aec._table.encoder
    changed = np.flatnonzero(before != after)
    committed = encoder.slice("seats")
    # Only the "has committed" flag of player_0 (relative seat 3 for player_1) changes.
    assert list(changed) == [committed.start + 4 * 3 + 1]


def test_illegal_action_terminates_with_a_penalty_or_raises():
    aec = env("tschak", 3)
    aec.reset(seed=1)
    mask = aec.observe(aec.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    offender = aec.agent_selection
    aec.step(illegal)
    assert all(aec.terminations.values())
    assert aec.rewards[offender] == -1.0
    assert aec.infos[offender]["illegal_action"] is True

    strict = env("tschak", 3, illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(relicbox.IllegalActionError, match="illegal action"):
        strict.step(illegal)

    par = parallel_env("tschak", 3)
    observations, _ = par.reset(seed=1)
    actions = {
        agent: int(np.flatnonzero(obs["action_mask"])[0]) for agent, obs in observations.items()
    }
    actions["player_2"] = illegal
    _, rewards, terminations, _, infos = par.step(actions)
    assert rewards["player_2"] == -1.0
    assert all(terminations.values()) and par.agents == []
    assert infos["player_2"]["illegal_action"] is True


def test_a_capped_game_reports_truncation():
    par = parallel_env("relic-runners", 2, max_turns=2)
    observations, _ = par.reset(seed=4)
    truncations = {}
    while par.agents:
        actions = {
            agent: int(np.flatnonzero(obs["action_mask"])[0]) if obs["action_mask"].any() else 0
            for agent, obs in observations.items()
        }
        observations, _, terminations, truncations, _ = par.step(actions)
    assert all(truncations.values()) and not any(terminations.values())


def test_ansi_render_is_the_games_text():
    aec = env("diamant", 3, render_mode="ansi")
    aec.reset(seed=0)
    text = aec.render()
    assert "Round 1 of 5" in text and "[" not in text
    czech = env("diamant", 3, render_mode="ansi", lang="cs")
    czech.reset(seed=0)
    assert czech.render() != text
    with pytest.raises(relicbox.ConfigurationError, match="render_mode"):
        env("diamant", 3, render_mode="human")


def test_stepping_before_reset_is_a_clear_error():
    with pytest.raises(relicbox.RelicboxError, match="reset"):
        parallel_env("diamant", 3).step({})
