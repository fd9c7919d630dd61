"""A simultaneous step is all or nothing in the adapters: PettingZoo's Parallel ``step`` and
OpenSpiel's ``apply_actions`` commit through the engine's ``act_joint``, so a refused joint
action (one bad seat, a missing seat, a list of the wrong length) changes nothing."""

from __future__ import annotations

import random

import pyspiel
import pytest

from relicbox import IllegalActionError, InvalidActionError, RelicboxError
from relicbox.core.conformance import canonical
from relicbox.envs import openspiel
from relicbox.envs.pettingzoo import parallel_env

openspiel.register()


def _illegal(legal, size: int) -> int:
    return next(index for index in range(size) if index not in legal)


def _parallel_at_a_joint_step(illegal: str):
    par = parallel_env("tschak", 3, illegal=illegal)
    observations, _ = par.reset(seed=3)
    assert len(par.engine_state.to_act) == 3
    return par, observations


@pytest.mark.parametrize("illegal", ["raise", "terminate"])
def test_a_parallel_step_with_one_illegal_seat_applies_none(illegal):
    par, observations = _parallel_at_a_joint_step(illegal)
    before = canonical(par.engine_state.to_dict())
    masks = {agent: observations[agent]["action_mask"] for agent in par.agents}
    actions = {agent: int(mask.nonzero()[0][0]) for agent, mask in masks.items()}
    actions["player_2"] = _illegal(set(masks["player_2"].nonzero()[0]), len(masks["player_2"]))
    if illegal == "raise":
        with pytest.raises(IllegalActionError, match="seat 2"):
            par.step(actions)
    else:
        _, rewards, terminations, _, infos = par.step(actions)
        assert rewards == {"player_0": 0.0, "player_1": 0.0, "player_2": -1.0}
        assert infos["player_2"] == {"illegal_action": True} and all(terminations.values())
    assert canonical(par.engine_state.to_dict()) == before


def test_a_parallel_step_missing_a_later_seat_applies_none():
    par, observations = _parallel_at_a_joint_step("terminate")
    before = canonical(par.engine_state.to_dict())
    actions = {a: int(observations[a]["action_mask"].nonzero()[0][0]) for a in par.agents}
    del actions["player_2"]
    with pytest.raises(IllegalActionError, match="player_2"):
        par.step(actions)
    assert canonical(par.engine_state.to_dict()) == before


def test_random_parallel_steps_apply_all_or_nothing():
    """Random joint actions, some seats' illegal: the step is the seats' acts in order, or
    it is refused and the state is as it was."""
    rng = random.Random(7)
    refused = applied = 0
    for name, players in (("tschak", 3), ("diamant", 4), ("tschak", 2)):
        par = parallel_env(name, players, illegal="raise")
        par.reset(seed=players)
        size = par.action_space("player_0").n
        steps = 0
        while par.agents and steps < 150:
            steps += 1
            state = par.engine_state
            due = state.to_act
            actions = {}
            for seat in due:
                legal = [a.index for a in state.legal_actions(seat)]
                pick = rng.choice(legal) if rng.random() < 0.85 else rng.randrange(size)
                actions[f"player_{seat}"] = pick
            expected = state.clone()
            try:
                for seat in due:
                    expected.act(seat, actions[f"player_{seat}"])
            except RelicboxError:
                expected = state.clone()
            before = canonical(state.to_dict())
            try:
                par.step(actions)
            except IllegalActionError:
                refused += 1
                assert canonical(par.engine_state.to_dict()) == before
            else:
                applied += 1
                assert canonical(par.engine_state.to_dict()) == canonical(expected.to_dict())
    assert refused > 10 and applied > 50


def _openspiel_at_a_joint_step(short: str, players: int):
    game = pyspiel.load_game(short, {"players": players})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.is_simultaneous_node()
    return game, state


def _snapshot(state) -> tuple[object, ...]:
    decisions = [list(state.own_decisions(seat)) for seat in range(state.num_players())]
    return state.history(), canonical(state.engine.to_dict()), decisions


@pytest.mark.parametrize(
    ("short", "players", "why"),
    [("relicbox_tschak", 3, "for seat 2"), ("relicbox_diamant", 4, "out of range")],
)
def test_openspiel_refused_joint_actions_change_nothing(short, players, why):
    game, state = _openspiel_at_a_joint_step(short, players)
    legal = [state.legal_actions(seat)[0] for seat in range(players)]
    before = _snapshot(state)
    bad = list(legal)
    bad[-1] = _illegal(state.legal_actions(players - 1), game.num_distinct_actions())
    with pytest.raises(RelicboxError, match=why):
        state.apply_actions(bad)
    assert _snapshot(state) == before
    for wrong in (legal[:-1], [*legal, legal[0]], []):
        with pytest.raises(InvalidActionError, match=f"one action per seat, {players} in all"):
            state.apply_actions(wrong)
        assert _snapshot(state) == before
    state.apply_actions(legal)
    assert state.history()[: len(before[0])] == before[0]
    assert len(state.history()) == len(before[0]) + players


def test_random_openspiel_joint_actions_apply_all_or_nothing():
    rng = random.Random(11)
    game, state = _openspiel_at_a_joint_step("relicbox_tschak", 3)
    size = game.num_distinct_actions()
    refused = applied = 0
    while not state.is_terminal() and refused + applied < 200:
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        actions = [
            rng.choice(state.legal_actions(seat)) if rng.random() < 0.9 else rng.randrange(size)
            for seat in range(3)
        ]
        before = _snapshot(state)
        try:
            state.apply_actions(actions)
        except RelicboxError:
            refused += 1
            assert _snapshot(state) == before
        else:
            applied += 1
            assert state.history() == [*before[0], *actions]
    assert refused and applied


def test_openspiel_refuses_an_action_other_than_wait_for_a_seat_with_nothing_to_decide():
    import pyspiel

    from relicbox.core.errors import IllegalActionError
    from relicbox.envs import openspiel

    openspiel.register()
    game = pyspiel.load_game("relicbox_diamant", {"players": 3})
    state = game.new_initial_state()
    while not state.is_simultaneous_node() or all(
        len(state.legal_actions(p)) > 1 for p in range(3)
    ):
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:  # the first seat leaves, so it has nothing to decide later
            joint = [state.legal_actions(p)[-1 if p == 0 else 0] for p in range(3)]
            state.apply_actions(joint)
    idle = next(p for p in range(3) if len(state.legal_actions(p)) == 1)
    joint = [state.legal_actions(p)[0] for p in range(3)]
    history = state.history()
    joint[idle] = 1000
    with pytest.raises(IllegalActionError, match=f"seat {idle} has nothing to decide"):
        state.apply_actions(joint)
    assert state.history() == history
