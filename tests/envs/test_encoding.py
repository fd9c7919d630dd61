"""Encodings and masks: fixed shape, documented, stable, exact masks, and no hidden information."""

from __future__ import annotations

import importlib
import json
import re
import subprocess
import sys

import numpy as np
import pytest

import relicbox
from relicbox.core.rng import Rng
from relicbox.envs.encoding import action_mask, encoder_for

CASES = [
    pytest.param(game, players, id=f"{game.name}-{players}p")
    for game in relicbox.list_games()
    for players in game.players
]


def _options(game):
    return dict(game.test_options)


def _random_states(game, players, seed, every=1):
    """States met along one random game (every ``every``-th decision), ending with the last."""
    state = game.new_state(players, seed, record=False, **_options(game))
    coin = Rng(seed)
    count = 0
    while not state.is_over:
        if count % every == 0:
            yield state
        count += 1
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.act(seat, legal[coin.below(len(legal))])
    yield state


@pytest.mark.parametrize(("game", "players"), CASES)
def test_masks_are_exactly_the_legal_actions(game, players):
    checked = 0
    for state in _random_states(game, players, seed=players, every=3):
        for seat in range(players):
            mask = action_mask(state, seat)
            assert mask.dtype == np.int8 and mask.shape == (game.num_actions,)
            legal = {action.index for action in state.legal_actions(seat)}
            assert set(np.flatnonzero(mask)) == legal
            if seat not in state.to_act:
                assert not mask.any()
                continue
            for index in np.flatnonzero(mask):
                state.clone().act(seat, int(index))  # every unmasked action applies
            masked = np.flatnonzero(mask == 0)
            for index in masked[:: max(1, len(masked) // 8)]:
                probe = state.clone()
                with pytest.raises(relicbox.IllegalActionError):
                    probe.act(seat, int(index))
                checked += 1
    assert checked > 0 or game.num_actions == 2


@pytest.mark.parametrize(("game", "players"), CASES)
def test_encoding_has_a_fixed_shape_in_bounds_and_is_stable(game, players):
    encoder = encoder_for(game, players, _options(game))
    for state in _random_states(game, players, seed=10 + players, every=4):
        for seat in range(players):
            view = state.view(seat)
            vector = encoder.encode(view)
            assert vector.dtype == np.float32 and vector.shape == encoder.shape
            assert vector.min() >= 0.0 and vector.max() <= 1.0
            # Same view, same tensor: again, after a JSON round trip, and from a clone.
            assert np.array_equal(vector, encoder.encode(view))
            assert np.array_equal(vector, encoder.encode(json.loads(json.dumps(view))))
            assert np.array_equal(vector, encoder.encode(state.clone().view(seat)))


@pytest.mark.parametrize(("game", "players"), CASES)
def test_worlds_a_seat_cannot_tell_apart_give_identical_observations(game, players):
    """``determinize`` redraws everything the seat cannot know; its observation must not move."""
    encoder = encoder_for(game, players, _options(game))
    compared = differed = 0
    for number, state in enumerate(_random_states(game, players, seed=20 + players, every=5)):
        if state.is_over:
            continue
        for seat in range(players):
            other = state.determinize(seat, number * 31 + seat)
            hidden_differs = other.to_dict()["body"] != state.to_dict()["body"]
            differed += hidden_differs
            assert np.array_equal(
                encoder.encode(other.view(seat)), encoder.encode(state.view(seat))
            )
            assert np.array_equal(action_mask(other, seat), action_mask(state, seat))
            compared += 1
    assert compared > 0 and differed > 0, "the worlds compared must differ in hidden parts"


def test_a_rigged_deck_does_not_show_in_the_observation():
    game = relicbox.get_game("diamant")
    state = relicbox.new_game("diamant", 3, seed=4)
    data = state.to_dict()
    data["body"]["deck"] = list(reversed(data["body"]["deck"]))
    data["events"] = None  # a hand-made position: its events lead elsewhere
    rigged = relicbox.state_from_dict(data)
    assert rigged.to_dict() != state.to_dict()
    encoder = encoder_for(game, 3)
    for seat in range(3):
        assert np.array_equal(encoder.encode(rigged.view(seat)), encoder.encode(state.view(seat)))


def test_public_changes_do_show_in_the_observation():
    game = relicbox.get_game("diamant")
    encoder = encoder_for(game, 3)
    state = relicbox.new_game("diamant", 3, seed=4)
    before = encoder.encode(state.view(0))
    for seat in (0, 1, 2):
        state.act(seat, "continue")
    assert not np.array_equal(before, encoder.encode(state.view(0)))


@pytest.mark.parametrize("game", relicbox.list_games(), ids=lambda game: game.name)
def test_module_docstring_documents_every_field_in_order(game):
    assert game.encoder is not None, "every built-in game has an observation encoder"
    module = importlib.import_module(game.encoder.module)
    documented = re.findall(r"^``(\w+)``\s{2,}\S", module.__doc__, flags=re.MULTILINE)
    for players in (game.min_players, game.max_players):
        encoder = encoder_for(game, players, _options(game))
        assert documented == [field for field, _ in encoder.fields]
        length = re.search(rf"(\d+) for {players} players", module.__doc__)
        assert length is not None and int(length.group(1)) == encoder.size


def test_import_relicbox_imports_no_rl_library():
    code = (
        "import sys, relicbox\n"
        "relicbox.new_game('diamant', 3).view(0)\n"
        "heavy = {'numpy', 'gymnasium', 'pettingzoo', 'pyspiel', 'open_spiel'}\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in heavy"
        " or m.startswith('relicbox.envs')))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


@pytest.mark.parametrize(("game", "players"), CASES)
def test_fast_fill_into_a_buffer_equals_the_plain_values(game, players):
    """Encoders that write into a reused buffer (and reuse counts of unchanged read-only
    lists) give exactly the plain list of values, clipped, at every state of a game."""
    encoder = encoder_for(game, players, _options(game))
    buffer = np.full(encoder.shape, 7.0, dtype=np.float32)
    for state in _random_states(game, players, seed=30 + players, every=2):
        for seat in range(players):
            view = state.view(seat)
            plain = np.clip(np.asarray(encoder.values(view), dtype=np.float32), 0.0, 1.0)
            assert encoder.encode(view, buffer) is buffer
            assert np.array_equal(buffer, plain)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_slates_kept_between_views_equal_the_plain_values(game, players):
    """Each seat's slate, refreshed at every decision (so only what changed is written),
    holds exactly the plain values, clipped; and a slate that last held another seat's
    view is rewritten whole."""
    encoder = encoder_for(game, players, _options(game))
    encodings = encoder.seats(players)
    shared = encoder.seats(1)
    for number, state in enumerate(_random_states(game, players, seed=40 + players)):
        for seat in range(players):
            view = state.view(seat)
            plain = np.clip(np.asarray(encoder.values(view), dtype=np.float32), 0.0, 1.0)
            assert np.array_equal(encodings.encode(view, seat), plain)
            if number % 7 == 0:
                assert np.array_equal(shared.refresh(view, 0), plain)
