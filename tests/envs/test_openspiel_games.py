"""OpenSpiel: every game loads, passes random_sim_test (also turn-based), and ISMCTS can search."""

from __future__ import annotations

import json

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import relicbox
from relicbox.envs import openspiel

openspiel.register()

FORMS = openspiel.forms()
SHORT = {game.name: openspiel.short_name(game) for game in relicbox.list_games()}
SEQUENTIAL_FORMS = sorted(short for short in FORMS if short.endswith(openspiel.SEQUENTIAL))
TURNS = {"relic-runners": 15}
"""Relic Runners is capped for the random simulations (a random walk takes long to end)."""


def _params(name: str, players: int) -> dict[str, object]:
    params: dict[str, object] = {"players": players}
    if name in TURNS:
        params["max_turns"] = TURNS[name]
    return params


CASES = [
    pytest.param(game.name, players, id=f"{game.name}-{players}p")
    for game in relicbox.list_games()
    for players in game.players
]


@pytest.mark.parametrize(("name", "players"), CASES)
def test_random_sim_test_passes(name, players):
    game = pyspiel.load_game(SHORT[name], _params(name, players))
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    if game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS:
        turn_based = pyspiel.convert_to_turn_based(game)
        pyspiel.random_sim_test(turn_based, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("short", SEQUENTIAL_FORMS)
def test_sequential_forms_pass_random_sim_test(short):
    game = pyspiel.load_game(short, {"players": 3})
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_game_metadata_and_parameters():
    game = pyspiel.load_game("relicbox_diamant", {"players": 5, "variant": "relics"})
    assert game.num_distinct_actions() == 3  # continue, leave, wait
    assert game.max_chance_outcomes() == 22
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    names = [state.action_to_string(pyspiel.PlayerId.CHANCE, a) for a, _ in outcomes]
    assert "R5" in names and all(n.startswith(("T", "R")) or n.isalpha() for n in names)
    runners = pyspiel.load_game("relicbox_relic_runners", {"players": 2, "setup": "first"})
    assert runners.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert runners.num_distinct_actions() == relicbox.get_game("relic-runners").num_actions
    with pytest.raises(relicbox.ConfigurationError):
        pyspiel.load_game("relicbox_tschak", {"players": 5})


def _to_first_decision(state, rng):
    while state.is_chance_node():
        actions, probabilities = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(actions, p=probabilities)))
    return state


def test_observations_are_the_seats_view_only():
    game = pyspiel.load_game("relicbox_tschak", {"players": 3})
    state = _to_first_decision(game.new_initial_state(), np.random.default_rng(1))
    engine = state.engine
    view = engine.view(1)
    assert json.loads(state.information_state_string(1)) == view
    assert "history" not in json.loads(state.observation_string(1))
    encoder = game.encoder
    assert np.array_equal(np.asarray(state.observation_tensor(1)), encoder.encode(view))
    # A world the seat cannot tell apart (other hands redrawn) gives the same observations.
    other = openspiel.resampler(3)(state, 1)
    assert other.engine.to_dict()["body"] != engine.to_dict()["body"]
    assert other.information_state_string(1) == state.information_state_string(1)
    assert other.observation_string(1) == state.observation_string(1)
    assert other.observation_tensor(1) == state.observation_tensor(1)
    assert other.information_state_string(0) != state.information_state_string(0)


@pytest.mark.parametrize(
    ("short", "players"),
    [("relicbox_relic_runners", 2), ("relicbox_diamant_sequential", 4)],
)
def test_ismcts_searches_through_the_resampler(short, players):
    params = {"players": players}
    if short == "relicbox_relic_runners":
        params["max_turns"] = 4
    game = pyspiel.load_game(short, params)
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 12, random_state=rng)
    bot.set_resampler(openspiel.resampler(0))
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal() and decisions < 6:
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probabilities)))
            continue
        action = int(bot.step(state))
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    assert decisions == 6 or state.is_terminal()


def _play_random(game, rng, bold=False):
    """A random game; ``bold`` Diamant explorers continue 19 times in 20 (long rounds)."""
    state = game.new_initial_state()

    def pick(legal):
        return 0 if bold and 0 in legal and rng.random() < 0.95 else rng.choice(legal)

    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            actions, weights = zip(*outcomes, strict=True)
            state.apply_action(rng.choices(actions, weights)[0])
        elif state.is_simultaneous_node():
            state.apply_actions([pick(state.legal_actions(p)) for p in range(game.num_players())])
        else:
            state.apply_action(pick(state.legal_actions()))
    return state


LENGTH_CASES = [
    pytest.param(short, players, id=f"{short}-{players}p")
    for short, name in FORMS.items()
    for players in relicbox.get_game(name).players
]


@pytest.mark.parametrize(("short", "players"), LENGTH_CASES)
def test_random_games_stay_within_the_declared_length(short, players):
    import random

    name = FORMS[short]
    game = pyspiel.load_game(short, _params(name, players))
    rng = random.Random(players)
    bold = name == "diamant"
    longest = max(len(_play_random(game, rng, bold).history()) for _ in range(12))
    assert longest <= game.max_game_length()


@pytest.mark.parametrize("short", sorted(FORMS))
def test_information_state_tensor_is_declared_and_recalls_own_decisions(short):
    name = FORMS[short]
    game = pyspiel.load_game(short, _params(name, 3))
    assert game.get_type().provides_information_state_tensor
    size = game.observation_tensor_size()
    (length,) = game.information_state_tensor_shape()
    assert length > size
    state = _play_random(game, __import__("random").Random(3))
    tensor = np.asarray(state.information_state_tensor(0))
    assert tensor.shape == (length,)
    assert np.array_equal(tensor[:size], np.asarray(state.observation_tensor(0)))
    own = state.own_decisions(0)
    assert own, "seat 0 decided at least once"
    actions = np.rint(tensor[size : size + len(own)] * game.num_distinct_actions())
    if game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS:
        actions = np.rint(tensor[size : size + len(own)] * (game.num_distinct_actions() - 1))
    assert actions.astype(int).tolist() == [a + 1 for a in own]
    assert not tensor[size + len(own) :].any()


@pytest.mark.parametrize("short", sorted(FORMS))
def test_tensors_kept_between_nodes_equal_tensors_made_afresh(short):
    """Each seat's tensor is brought up to date from its last one; at every node, for
    the state and for clones taken along the way (whose decisions are copies), it equals
    the encoding of the seat's view followed by its own decisions, written afresh."""
    name = FORMS[short]
    game = pyspiel.load_game(short, _params(name, 3))
    encoder = game.encoder
    slots = game.recall
    scale = 1.0 / game.relicbox.num_actions

    def fresh(state, seat):
        recall = np.zeros(slots, np.float32)
        own = state.own_decisions(seat)[:slots]
        recall[: len(own)] = (np.asarray(own, np.float32) + 1.0) * np.float32(scale)
        return np.concatenate([encoder.encode(state.engine.view(seat)), recall])

    rng = np.random.default_rng(5)
    state = game.new_initial_state()
    clones = []
    checked = 0
    while not state.is_terminal():
        for seat in range(3):
            for probe in (state, *clones[-2:]):
                if probe.is_terminal():
                    continue
                tensor = np.asarray(probe.information_state_tensor(seat), np.float32)
                assert np.array_equal(tensor, fresh(probe, seat))
                checked += 1
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.integers(len(outcomes))][0])
        elif state.is_simultaneous_node():
            state.apply_actions([int(rng.choice(state.legal_actions(s))) for s in range(3)])
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
        if rng.random() < 0.1:
            clones.append(state.clone())
    assert checked > 20


def test_the_observer_writes_its_tensor_in_place():
    """Python code reading an observer (``make_observation``) may hold its tensor: it is
    the same array after every ``set_from``, holding the seat asked for."""
    game = pyspiel.load_game("relicbox_diamant", {"players": 3})
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    tensor = observer.tensor
    state = _play_random(game, __import__("random").Random(3))
    for probe in (game.new_initial_state(), state):
        for seat in (0, 1, 2, 1):
            observer.set_from(probe, seat)
            assert observer.tensor is tensor
            assert np.shares_memory(observer.dict["observation"], tensor)
            expected = np.asarray(probe.information_state_tensor(seat), np.float32)
            assert np.array_equal(tensor, expected)


def test_a_declared_length_beyond_a_cpp_int_is_refused_at_load():
    """``max_game_length`` is a C++ int: Relic Runners' ``60 * max_turns + 100`` fits up to
    ``max_turns=35,791,392``; beyond it the game is refused with the reason (a clamped
    length would no longer bound the game), not a pybind11 TypeError."""
    most = (2**31 - 1 - 100) // 60
    assert most == 35_791_392
    game = pyspiel.load_game("relicbox_relic_runners", {"players": 2, "max_turns": most})
    assert game.max_game_length() == 60 * most + 100 <= 2**31 - 1
    for turns in (most + 1, 10**9):
        with pytest.raises(relicbox.ConfigurationError, match=f"{60 * turns + 100} steps"):
            pyspiel.load_game("relicbox_relic_runners", {"players": 2, "max_turns": turns})


@pytest.mark.parametrize("players", [2, 5])
def test_a_game_no_rule_bounds_is_capped_so_its_declared_length_is_true(players):
    """Relic Runners without ``max_turns`` (and without the no-progress rule) has no bound
    of its own: the OpenSpiel game plays it with the most turns whose bound fits the
    declared 100,000, so a stalling game ends, truncated, within it."""
    params = {"players": players, "no_progress_rounds": 0}
    game = pyspiel.load_game("relicbox_relic_runners", params)
    assert game.options["max_turns"] == 1_665
    assert game.max_game_length() == 60 * 1_665 + 100 == openspiel.NO_CAP
    rules = relicbox.get_game("relic-runners")
    settings = rules.parse_settings(rules.resolve_options(game.options))
    assert rules.max_length(players, settings) <= game.max_game_length()
    capped = pyspiel.load_game("relicbox_relic_runners", {**params, "max_turns": 50})
    assert capped.options["max_turns"] == 50  # a cap given is kept


def test_a_game_refused_while_made_can_still_be_shown():
    """Tracebacks that show locals show the half-made game: it says so, with no crash."""
    cls = type(pyspiel.load_game("relicbox_relic_runners", {"players": 2}))
    with pytest.raises(relicbox.ConfigurationError) as refused:
        cls({"players": 2, "max_turns": 10**9})
    frame = refused.tb
    while frame.tb_next is not None and "self" not in frame.tb_frame.f_locals:
        frame = frame.tb_next
    shown = frame.tb_frame.f_locals["self"]
    assert repr(shown) == str(shown) == "<RelicboxGame_relic_runners, not made>"
    game = pyspiel.load_game("relicbox_diamant", {"players": 3})
    assert repr(game) == str(game) == "relicbox_diamant(players=3,split=pooled,variant=base)"
