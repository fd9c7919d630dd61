"""PettingZoo's own conformance checkers pass for every game and player count."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

import relicbox
from relicbox.envs.pettingzoo import env, parallel_env

CASES = [
    pytest.param(game.name, players, id=f"{game.name}-{players}p")
    for game in relicbox.list_games()
    for players in game.players
]


def _options(name: str) -> dict[str, object]:
    return dict(relicbox.get_game(name).test_options)


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
        env("diamant", 3, render_mode="rgb_array")


def test_stepping_before_reset_is_a_clear_error():
    with pytest.raises(relicbox.RelicboxError, match="reset"):
        parallel_env("diamant", 3).step({})


@pytest.mark.parametrize("name", ["diamant", "tschak", "relic-runners"])
def test_render_test_passes_with_human_and_ansi_modes(name, capsys):
    from pettingzoo.test import render_test

    options = _options(name)
    render_test(lambda render_mode=None: env(name, 3, render_mode=render_mode, **options))
    human = env(name, 3, render_mode="human", **options)
    human.reset(seed=1)
    assert human.render() is None
    assert capsys.readouterr().out.strip(), "human mode prints the table"


@pytest.mark.parametrize("name", ["diamant", "tschak", "relic-runners"])
def test_state_is_every_seat_observation_and_fits_its_space(name):
    options = _options(name)
    for environment in (env(name, 3, **options), parallel_env(name, 3, **options)):
        environment.reset(seed=2)
        state = environment.state()
        assert environment.state_space.contains(state)
        size = environment.observation_space("player_0")["observation"].shape[0]
        for seat, agent in enumerate(environment.possible_agents):
            part = state[seat * size : (seat + 1) * size]
            if hasattr(environment, "observe"):
                assert np.array_equal(part, environment.observe(agent)["observation"])


def test_metadata_names_have_no_hyphen_and_keep_the_old_one_as_an_alias():
    for name in ("diamant", "tschak", "relic-runners"):
        for environment in (env(name, 3), parallel_env(name, 3)):
            assert "-" not in environment.metadata["name"]
    runners = env("relic-runners", 3)
    assert runners.metadata["name"] == "relicbox_relic_runners_v0"
    assert runners.metadata["aliases"] == ["relicbox_relic-runners_v0"]


def test_plus_minus_rewards_follow_pettingzoo_classic():
    parallel = parallel_env("diamant", 3, reward="plus-minus")
    parallel.reset(seed=3)
    rewards = {}
    while parallel.agents:
        _, rewards, *_ = parallel.step(dict.fromkeys(parallel.agents, 1))
    values = sorted(rewards.values())
    assert set(values) <= {-1.0, 0.0, 1.0}
    state = parallel._table.state
    winners = state.winners()
    for seat, agent in enumerate(parallel.possible_agents):
        expected = (1.0 if len(winners) == 1 else 0.0) if seat in winners else -1.0
        assert rewards[agent] == expected
