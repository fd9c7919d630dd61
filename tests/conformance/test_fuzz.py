"""Conformance fuzzing: mutated states and records of every game, odd seats and actions.

Real positions (``to_dict``) and records of random games are edited at random
places (values of other types, numbers nudged or negative, entries dropped,
duplicated or swapped, keys deleted). Whatever the edit, the engine must either
refuse the input with a :class:`relicbox.RelicboxError` or accept it and play it
to the end within a step bound, with every view, copy and JSON form working on
the way (``support.fuzz`` says exactly what is checked).

Example counts are modest so the suite stays fast; ``RELICBOX_FUZZ_EXAMPLES=N``
runs N examples per test instead. ``scripts/fuzz_campaign.py`` runs long campaigns.
"""

from __future__ import annotations

import functools
import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import relicbox
from support import fuzz

EXAMPLES = int(os.environ.get("RELICBOX_FUZZ_EXAMPLES", "0")) or None
GAMES = relicbox.list_games()


def fuzz_settings(default: int) -> settings:
    return settings(
        max_examples=EXAMPLES or default,
        deadline=None,
        derandomize=EXAMPLES is None,
        suppress_health_check=[HealthCheck.too_slow],
        database=None,
    )


@functools.cache
def pool(name: str) -> list[dict]:
    game = relicbox.get_game(name)
    options = fuzz.short_options(game)
    return [s for seed in (11, 12) for s in fuzz.snapshots(game, seed, count=5, **options)]


seeds = st.integers(min_value=0, max_value=2**32)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@fuzz_settings(300)
@given(seed=seeds, edits=st.integers(min_value=1, max_value=3))
def test_mutated_states_are_refused_or_play_to_the_end(game, seed, edits):
    rng = random.Random(seed)
    data = fuzz.mutate(rng.choice(pool(game.name)), rng, edits)
    assert fuzz.check_state(data, rng) in ("refused", "played")


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@fuzz_settings(150)
@given(seed=seeds, edits=st.integers(min_value=0, max_value=2))
def test_mutated_records_are_refused_or_replay_and_play_to_the_end(game, seed, edits):
    rng = random.Random(seed)
    record = fuzz.recorded(game, seed % 1000, **fuzz.short_options(game))
    data = fuzz.mutate(record, rng, edits)
    assert fuzz.check_record(data, rng) in ("refused", "played")


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@fuzz_settings(20)
@given(seed=seeds)
def test_odd_seats_and_hand_built_actions_are_refused_and_change_nothing(game, seed):
    rng = random.Random(seed)
    state = relicbox.state_from_dict(rng.choice(pool(game.name)))
    fuzz.check_odd_acts(state, rng)


def _settled(data: dict, rng: random.Random):
    """A loaded state, usually with automatic chance and no chance event pending."""
    state = relicbox.state_from_dict(data)
    state.auto_chance = rng.random() < 0.8
    if state.auto_chance and state.is_chance:
        state.sample_chance()
    return state


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@fuzz_settings(120)
@given(seed=seeds)
def test_act_joint_is_all_or_nothing_and_does_what_act_in_order_does(game, seed):
    """Random part mixes (legal, illegal, empty, a seat twice, keys like 'x' or 10**20,
    non-mappings): a refused call changes nothing, an accepted one is what ``act`` part by
    part accepts and does, and its record replays."""
    rng = random.Random(seed)
    state = _settled(rng.choice(pool(game.name)), rng)
    for _ in range(3):
        choices = fuzz.random_joint(state, rng)
        assert fuzz.check_act_joint(state, choices) in ("refused", "refused-legal", "accepted")
        if state.is_over:
            break


@fuzz_settings(80)
@given(seed=seeds, count=st.integers(min_value=1, max_value=6))
def test_random_scenario_builder_calls_are_refused_or_build_a_playable_state(seed, count):
    rng = random.Random(seed)
    calls = fuzz.scenario_calls(rng, count)
    players = rng.choice((2, 3, 4, 5, 1, 6, "3"))
    outcome = fuzz.check_scenario(players, seed % 100, calls, rng, **SHORT_RR)
    assert outcome in ("refused", "played")


SHORT_RR = {"max_turns": 40}


@pytest.mark.parametrize("how", ["new_game", "state_from_dict", "replay"])
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@fuzz_settings(40)
@given(seed=seeds)
def test_odd_option_values_are_refused_or_play_to_the_end(game, how, seed):
    """Texts like "²", ints of 5,000 digits, lists nested 5,000 deep, as any option."""
    rng = random.Random(seed)
    options = fuzz.odd_options(game, rng)
    assert fuzz.check_options(game, options, how, rng) in ("refused", "played")


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@fuzz_settings(50)
@given(seed=seeds, edits=st.integers(min_value=1, max_value=3))
def test_gently_edited_states_are_refused_or_play_to_the_end(game, seed, edits):
    """Numbers moved by one or two, entries swapped, flags flipped: about half of these
    load, and a loaded state must play to its end with someone to act at every step."""
    rng = random.Random(seed)
    data, _ = fuzz.mutate_logged(rng.choice(pool(game.name)), rng, edits, gentle=True)
    assert fuzz.check_state(data, rng) in ("refused", "played")
