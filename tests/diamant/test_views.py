"""Diamant views: what each seat sees, what stays hidden, and that views are plain JSON."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

import relicbox
from support.diamant import choose, rigged


def test_committed_choice_is_secret_until_everyone_has_chosen():
    state = rigged(3, "T5")
    state.act(0, "leave")
    assert state.view(0)["my_choice"] == "leave"
    for looker in (1, 2, None):
        view = state.view(looker)
        assert view["my_choice"] is None
        assert view["committed"] == [True, False, False]
        assert "leave" not in str(view)


def test_chests_are_shown_only_to_their_owner():
    state = rigged(3, "T9")
    choose(state, {0})
    assert state.view(0)["chest"] == 3
    assert state.view(1)["chest"] == 0
    assert state.view(None)["chest"] is None


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.integers(3, 8))
def test_views_round_trip_through_json_and_hide_other_chests(seed, players):
    state = relicbox.new_game("diamant", players, seed)
    while not state.is_over:
        for seat in state.to_act:
            state.act(seat, "leave" if (seed + seat + state.round) % 3 == 0 else "continue")
        for seat in range(players):
            view = json.loads(json.dumps(state.view(seat)))
            assert view["chest"] == state.chest(seat)
        assert state.view(None)["chest"] is None
