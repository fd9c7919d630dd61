"""Only integral actions are read: a Python int (not a bool) or a NumPy integer, and for the
vector environment an integer array of the right shape. Anything else is refused with
relicbox's InvalidActionError quoting it, whatever ``illegal`` says (``illegal="terminate"``
ends the episode for a legal-looking index that is not legal now), and a refused action
changes nothing."""

from __future__ import annotations

import math
import random

import numpy as np
import pyspiel
import pytest

from relicbox import IllegalActionError, InvalidActionError, RelicboxError
from relicbox.core.conformance import canonical
from relicbox.envs import openspiel
from relicbox.envs._common import action_array, action_index
from relicbox.envs.gymnasium import RelicboxEnv
from relicbox.envs.pettingzoo import env, parallel_env
from relicbox.envs.vector import DiamantVectorEnv

openspiel.register()

NOT_INTEGRAL: list[object] = [
    math.inf,
    -math.inf,
    math.nan,
    1.7,
    1.0,
    "1",
    "continue",
    True,
    False,
    None,
    [0],
    (0,),
    {"index": 0},
    b"1",
    np.float64(1.0),
    np.bool_(True),
    np.array(0),
    np.array([0]),
    object(),
]
OUT_OF_RANGE: list[int] = [-1, 2**70, -(10**5000)]


def _ids(values: list[object]) -> list[str]:
    """Test ids that are the same in every process (no addresses, no 5000-digit numbers)."""
    return [f"{i}-{type(value).__name__}" for i, value in enumerate(values)]


def test_action_index_reads_only_integers():
    for value in NOT_INTEGRAL:
        with pytest.raises(InvalidActionError, match="cannot be read") as refused:
            action_index(value)
        assert type(value).__name__ in str(refused.value)
    for value, expected in ((3, 3), (np.int64(3), 3), (np.uint8(3), 3), (-(2**70), -(2**70))):
        assert action_index(value) == expected and type(action_index(value)) is int
    assert action_array([0, np.int8(1)], 2).tolist() == [0, 1]
    assert action_array(np.array([1, 0], np.uint8), 2).tolist() == [1, 0]
    for value in (None, [0], [0, 1.0], [0, 2**64], np.zeros(2), np.zeros((2, 1), int), "01"):
        with pytest.raises(InvalidActionError, match="cannot be read"):
            action_array(value, 2)


def _aec(illegal: str):
    aec = env("tschak", 3, illegal=illegal)
    aec.reset(seed=1)
    return aec


@pytest.mark.parametrize("value", NOT_INTEGRAL, ids=_ids(NOT_INTEGRAL))
def test_aec_refuses_a_value_that_is_no_action(value):
    strict = _aec("raise")
    before = canonical(strict.engine_state.to_dict())
    with pytest.raises(InvalidActionError, match="cannot be read"):
        strict.step(value)
    assert canonical(strict.engine_state.to_dict()) == before
    assert not any(strict.terminations.values())
    lenient = _aec("terminate")
    with pytest.raises(InvalidActionError, match="cannot be read"):
        lenient.step(value)
    assert canonical(lenient.engine_state.to_dict()) == before
    assert not any(lenient.terminations.values())


@pytest.mark.parametrize("value", OUT_OF_RANGE, ids=_ids(OUT_OF_RANGE))
def test_aec_refuses_an_index_out_of_the_space(value):
    strict = _aec("raise")
    before = canonical(strict.engine_state.to_dict())
    with pytest.raises(IllegalActionError, match="illegal action"):
        strict.step(value)
    assert canonical(strict.engine_state.to_dict()) == before
    lenient = _aec("terminate")
    lenient.step(value)
    assert all(lenient.terminations.values())


def test_numpy_integers_are_actions():
    for kind in (np.int64, np.int32, np.uint8):
        aec = _aec("raise")
        before = canonical(aec.engine_state.to_dict())
        legal = int(np.flatnonzero(aec.observe(aec.agent_selection)["action_mask"])[0])
        aec.step(kind(legal))
        assert canonical(aec.engine_state.to_dict()) != before


def test_a_dead_agent_may_only_pass_none():
    aec = _aec("terminate")
    aec.step(10**9)  # an index outside the space: illegal, so the game ends
    with pytest.raises(InvalidActionError, match="None"):
        aec.step(0)
    while aec.agents:
        aec.step(None)
    with pytest.raises(RelicboxError, match="reset"):
        aec.step(None)


@pytest.mark.parametrize(
    "value", [*NOT_INTEGRAL, *OUT_OF_RANGE], ids=_ids([*NOT_INTEGRAL, *OUT_OF_RANGE])
)
def test_parallel_refuses_a_value_that_is_no_action(value):
    for illegal in ("raise", "terminate"):
        par = parallel_env("tschak", 3, illegal=illegal)
        observations, _ = par.reset(seed=1)
        before = canonical(par.engine_state.to_dict())
        actions = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in observations.items()}
        actions["player_1"] = value
        if illegal == "raise" or type(value) is not int:
            error = IllegalActionError if type(value) is int else InvalidActionError
            with pytest.raises(error):
                par.step(actions)
        else:
            _, rewards, terminations, _, infos = par.step(actions)
            assert rewards["player_1"] == -1.0 and infos["player_1"]["illegal_action"]
            assert all(terminations.values())
        assert canonical(par.engine_state.to_dict()) == before


@pytest.mark.parametrize(
    "value", [*NOT_INTEGRAL, *OUT_OF_RANGE], ids=_ids([*NOT_INTEGRAL, *OUT_OF_RANGE])
)
def test_gymnasium_refuses_a_value_that_is_no_action(value):
    for illegal in ("raise", "terminate"):
        gym = RelicboxEnv("tschak", 3, illegal=illegal, opponents="random")
        gym.reset(seed=1)
        before = canonical(gym.state.to_dict())
        if illegal == "raise" or type(value) is not int:
            error = IllegalActionError if type(value) is int else InvalidActionError
            with pytest.raises(error):
                gym.step(value)
        else:
            _, reward, terminated, truncated, info = gym.step(value)
            assert (reward, terminated, truncated) == (-1.0, True, False)
            assert info["illegal_action"]
        assert canonical(gym.state.to_dict()) == before
    gym.reset(seed=1)
    gym.step(np.int64(int(np.flatnonzero(gym.action_masks())[0])))


def test_parallel_refuses_an_agent_that_is_not_at_the_table():
    par = parallel_env("diamant", 3, illegal="terminate")
    observations, _ = par.reset(seed=1)
    before = canonical(par.engine_state.to_dict())
    actions = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in observations.items()}
    with pytest.raises(InvalidActionError, match="'player_99' is not at this table"):
        par.step({**actions, "player_99": 0})
    assert canonical(par.engine_state.to_dict()) == before


def test_parallel_refuses_actions_that_are_no_dict():
    par = parallel_env("diamant", 3, illegal="terminate")
    par.reset(seed=1)
    before = canonical(par.engine_state.to_dict())
    for actions in (None, [0, 0, 0], 0, "player_0"):
        with pytest.raises(InvalidActionError, match="dict"):
            par.step(actions)
    assert canonical(par.engine_state.to_dict()) == before and par.agents


def _vector_snapshot(envs: DiamantVectorEnv) -> tuple[object, ...]:
    return envs.observe(envs.seat).tobytes(), envs.scores().tobytes(), envs.over.tobytes()


@pytest.mark.parametrize(
    "actions",
    [
        None,
        np.zeros(5, np.int64),
        np.zeros((4, 1), np.int64),
        np.zeros((2, 2), np.int64),
        np.zeros(4),
        np.zeros(4, bool),
        [0, 0, 0, 1.0],
        [0, 0, 0],
        "0000",
        np.array([0, 0, 0, 2]),
        [0, 0, 0, -1],
        [0, 0, 0, 2**70],
        np.array(["0"] * 4),
    ],
    ids=lambda actions: type(actions).__name__,
)
def test_vector_env_refuses_actions_that_are_not_an_integer_array_of_its_shape(actions):
    envs = DiamantVectorEnv(4, 3)
    envs.reset(seed=0)
    before = _vector_snapshot(envs)
    with pytest.raises(InvalidActionError, match="cannot be read"):
        envs.step(actions)
    assert _vector_snapshot(envs) == before
    envs.step([0, 1, np.int64(0), 1])
    envs.step(np.ones(4, np.uint8))


def test_fuzzed_vector_actions_are_read_or_refused_unchanged():
    rng = np.random.default_rng(5)
    envs = DiamantVectorEnv(4, 3)
    envs.reset(seed=1)
    kinds = [np.int64, np.int8, np.uint16, np.float32, np.bool_, np.complex64, object, str]
    accepted = refused = 0
    for _ in range(300):
        shape = [(4,), (4,), (3,), (4, 1), (), (0,)][rng.integers(6)]
        values = rng.integers(0, 2, size=shape) - 2 * (rng.random() < 0.1)
        actions: object = values.astype(kinds[rng.integers(len(kinds))])
        if rng.random() < 0.3:
            actions = [HOSTILE[rng.integers(len(HOSTILE))] for _ in range(4)]
        before = _vector_snapshot(envs)
        try:
            envs.step(actions)
        except InvalidActionError:
            refused += 1
            assert _vector_snapshot(envs) == before
        else:
            accepted += 1
    assert accepted > 20 and refused > 100


def _openspiel(short: str):
    game = pyspiel.load_game(short, {"players": 3})
    return game, game.new_initial_state()


def test_openspiel_refuses_a_chance_action_out_of_range():
    _, state = _openspiel("relicbox_diamant")
    count = len(state.chance_outcomes())
    for action, why in ((count, f"0..{count - 1}"), (10**6, f"0..{count - 1}"), (-1, "from 0")):
        with pytest.raises(InvalidActionError, match=why):
            state.apply_action(action)
        assert state.history() == []
    state.apply_action(count - 1)
    assert state.history() == [count - 1]


@pytest.mark.parametrize("value", NOT_INTEGRAL, ids=_ids(NOT_INTEGRAL))
def test_openspiel_refuses_a_value_that_is_no_action(value):
    _, state = _openspiel("relicbox_relic_runners")
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    before = state.history(), canonical(state.engine.to_dict())
    with pytest.raises(InvalidActionError, match="cannot be read"):
        state.apply_action(value)
    _, simultaneous = _openspiel("relicbox_tschak")
    while simultaneous.is_chance_node():
        simultaneous.apply_action(simultaneous.chance_outcomes()[0][0])
    joint = [simultaneous.legal_actions(seat)[0] for seat in range(3)]
    with pytest.raises(InvalidActionError, match="cannot be read"):
        simultaneous.apply_actions([joint[0], value, joint[2]])
    with pytest.raises(InvalidActionError, match="cannot be read"):
        simultaneous.apply_actions(value)
    assert (state.history(), canonical(state.engine.to_dict())) == before
    assert len(simultaneous.history()) == len(simultaneous.full_history())
    simultaneous.apply_actions(joint)


def test_openspiel_refuses_an_action_the_node_does_not_take():
    _, state = _openspiel("relicbox_tschak")
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    history = state.history()
    with pytest.raises(IllegalActionError, match="apply_actions"):
        state.apply_action(state.legal_actions(0)[0])
    assert state.history() == history
    _, state = _openspiel("relicbox_diamant")
    rng = random.Random(0)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_actions([1] * 3)
    with pytest.raises(IllegalActionError, match="over"):
        state.apply_action(0)
    with pytest.raises(IllegalActionError, match="over"):
        state.apply_actions([2, 2, 2])


HOSTILE: list[object] = [*NOT_INTEGRAL, *OUT_OF_RANGE, 0, 1, 2, 5, 33, 99, np.int64(3)]


def test_fuzzed_actions_raise_only_relicbox_errors_and_refusals_change_nothing():
    """A few hundred hostile actions into every adapter, between legal ones."""
    rng = random.Random(3)
    aec = env("tschak", 3, illegal="raise")
    aec.reset(seed=2)
    par = parallel_env("tschak", 3, illegal="raise")
    par.reset(seed=2)
    gym = RelicboxEnv("diamant", 4, illegal="raise", opponents="random")
    gym.reset(seed=2)
    game, spiel = _openspiel("relicbox_tschak")
    refused = 0
    for _ in range(300):
        value = rng.choice(HOSTILE)
        for name, state, act, value_for in (
            ("aec", aec.engine_state, aec.step, lambda v: v),
            ("parallel", par.engine_state, par.step, lambda v: dict.fromkeys(par.agents, v)),
            ("gymnasium", gym.state, gym.step, lambda v: v),
            ("openspiel", spiel.engine, spiel.apply_action, lambda v: v),
        ):
            before = canonical(state.to_dict())
            try:
                act(value_for(value))
            except RelicboxError:
                refused += 1
                assert canonical(state.to_dict()) == before, name
        if not aec.agents or any(aec.terminations.values()):
            aec.reset(seed=rng.randrange(100))
        elif rng.random() < 0.5:
            mask = aec.observe(aec.agent_selection)["action_mask"]
            aec.step(int(rng.choice(np.flatnonzero(mask))))
        if not par.agents:
            par.reset(seed=rng.randrange(100))
        if gym.state.is_over:
            gym.reset(seed=rng.randrange(100))
        if spiel.is_terminal():
            spiel = game.new_initial_state()
        elif spiel.is_chance_node():
            spiel.apply_action(rng.choice(spiel.chance_outcomes())[0])
        elif spiel.is_simultaneous_node():
            spiel.apply_actions([rng.choice(spiel.legal_actions(s)) for s in range(3)])
    assert refused > 600
