"""The vectorised Diamant environment: the engine's observations on dealt decks, the
engine's outcomes in distribution, and the Gymnasium vector API."""

from __future__ import annotations

import math

import numpy as np
import pytest

import relicbox
from relicbox.core.errors import ConfigurationError
from relicbox.envs.encoding import encoder_for
from relicbox.envs.vector import DiamantVectorEnv
from relicbox.games.diamant.batch import LeavePolicy, play_engine
from relicbox.play.simulate import deal_seed

POCKET = 61 + 2  # the learner's pocket / 50 in a 4-player observation


def _threshold_action(observation: np.ndarray, threshold: int, players: int) -> np.ndarray:
    pocket = np.rint(observation[:, 61 + 2] * 50)
    return (pocket >= threshold).astype(np.int64) * (players > 0)


def _engine_game(seed: int, players: int, thresholds: list[int], options: dict[str, str]):
    """An engine game of threshold policies: seat 0's encodings at its decisions, the
    revealed card ids in order, and the scores."""
    game = relicbox.get_game("diamant")
    encoder = encoder_for(game, players, options)
    state = game.new_state(players, seed, record=False, **options)
    seen = []
    while not state.is_over:
        if 0 in state.to_act:
            seen.append(encoder.encode(state.view(0)))
        pockets = state.pockets()
        for seat in state.to_act:
            state.act(seat, "leave" if pockets[seat] >= thresholds[seat] else "continue")
    seen.append(encoder.encode(state.view(0)))
    cards = [entry[1] for entry in state._history if entry[0] == "reveal"]
    return seen, cards, state.scores()


@pytest.mark.parametrize("variant", ["base", "relics"])
@pytest.mark.parametrize("seed", range(12))
def test_on_the_engines_deck_every_observation_and_score_is_the_engines(seed, variant):
    players = 4
    thresholds = [6 + seed % 5, 3, 9, 14]
    options = {"variant": variant}
    seen, cards, scores = _engine_game(seed, players, thresholds, options)
    envs = DiamantVectorEnv(
        1, players, opponents=[f"threshold:{t}" for t in thresholds[1:]], variant=variant
    )
    queue = list(cards)

    def dealt(games: np.ndarray) -> np.ndarray:
        if not queue:  # the autoreset's next game
            return np.zeros(1, np.int64)
        card = queue.pop(0)
        return np.array([int(np.flatnonzero(envs.deck[0, : envs.deck_size[0]] == card)[0])])

    envs._draw = dealt  # type: ignore[method-assign]
    observation, _ = envs.reset(seed=seed)
    for expected in seen[:-1]:
        np.testing.assert_allclose(observation[0], expected, atol=1e-6)
        action = _threshold_action(observation, thresholds[0], players)
        observation, _, terminated, _, infos = envs.step(action)
        if terminated[0]:
            break
    assert terminated[0] and not queue
    np.testing.assert_allclose(infos["final_obs"][0], seen[-1], atol=1e-6)
    assert infos["scores"][0].tolist() == scores


def _mean_and_error(values: np.ndarray) -> tuple[float, float]:
    return float(values.mean()), float(values.std() / math.sqrt(values.size))


def test_outcomes_agree_with_the_engine_in_distribution():
    """The batch simulator's agreement check: the same policies on both, means within 4 s.e."""
    specs = ["threshold:7", "random", "threshold:4", "threshold:11"]
    policies = [LeavePolicy.threshold(7), LeavePolicy.random()]
    policies += [LeavePolicy.threshold(4), LeavePolicy.threshold(11)]
    engine_games = 1500
    seating = np.tile(np.arange(4), (engine_games, 1))
    engine = play_engine(policies, seating, deal_seed(99, 0), deal_seed=deal_seed)
    envs = DiamantVectorEnv(512, 4, opponents=specs[1:])
    observation, _ = envs.reset(seed=5)
    scores = []
    while sum(len(s) for s in scores) < 3000:
        observation, _, terminated, _, infos = envs.step(_threshold_action(observation, 7, 4))
        if terminated.any():
            scores.append(infos["scores"][terminated])
    batch = np.concatenate(scores)
    for seat in range(4):
        (m1, e1), (m2, e2) = _mean_and_error(engine[:, seat]), _mean_and_error(batch[:, seat])
        assert abs(m1 - m2) < 4 * math.hypot(e1, e2), (seat, m1, m2)
    win_engine = (engine[:, 0] == engine.max(axis=1)).mean()
    win_batch = (batch[:, 0] == batch.max(axis=1)).mean()
    assert abs(win_engine - win_batch) < 0.05


def test_autoreset_masks_rewards_and_spaces():
    envs = DiamantVectorEnv(64, 3, opponents="random", reward="plus-minus")
    observation, infos = envs.reset(seed=1)
    assert observation.shape == (64, 76) and observation.dtype == np.float32
    assert envs.observation_space.contains(observation)
    assert infos["action_mask"].shape == (64, 2) and infos["action_mask"].all()
    finished = 0
    for _ in range(200):
        observation, rewards, terminated, truncated, infos = envs.step(np.ones(64, np.int64))
        assert not truncated.any()
        assert set(np.unique(rewards[~terminated])) <= {0.0}
        if terminated.any():
            finished += int(terminated.sum())
            assert set(np.unique(rewards[terminated])) <= {-1.0, 0.0, 1.0}
            # The next game is already dealt: round 1 in the returned observation.
            assert (observation[terminated, 0] == 1.0).all()
            assert (infos["final_obs"][terminated, 5] == 1.0).all()
    assert finished > 64


def test_self_play_opponents_are_callables():
    calls = []

    def always_continue(observation: np.ndarray) -> np.ndarray:
        calls.append(observation.shape)
        return np.zeros(len(observation), np.int64)

    envs = DiamantVectorEnv(8, 3, opponents=always_continue)
    envs.reset(seed=2)
    envs.step(np.zeros(8, np.int64))
    assert calls and all(shape[1] == 76 for shape in calls)


@pytest.mark.parametrize(
    "kwargs",
    [{"opponents": "rule"}, {"split": "per-card"}, {"reward": "points"}, {"players": 9}],
)
def test_refuses_what_it_cannot_play(kwargs):
    with pytest.raises(ConfigurationError):
        DiamantVectorEnv(4, **kwargs)
