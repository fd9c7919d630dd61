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
GAMES = relicbox.games()


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
