"""Hypothesis properties: rubies and cards are conserved through any sequence of choices."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

import relicbox
from relicbox.games.diamant.data import CARDS


def ruby_places(body: dict) -> int:
    return sum(body["pocket"]) + sum(body["on_card"]) + sum(body["chest"]) + body["bank"]


def card_places(body: dict) -> list[int]:
    rescued = [card for relics in body["relics"] for card in relics]
    return sorted(body["deck"] + body["path"] + body["removed"] + body["relic_pile"] + rescued)


games = st.fixed_dictionaries(
    {
        "players": st.integers(3, 8),
        "seed": st.integers(0, 2**32),
        "variant": st.sampled_from(["base", "relics"]),
        "split": st.sampled_from(["pooled", "per-card"]),
        "choices": st.lists(st.booleans(), min_size=1, max_size=400),
    }
)


@settings(max_examples=60, deadline=None)
@given(games)
def test_every_ruby_and_every_card_is_in_exactly_one_place(game):
    state = relicbox.new_game(
        "diamant", game["players"], game["seed"], variant=game["variant"], split=game["split"]
    )
    choices = itertools.cycle(game["choices"])
    while not state.is_over:
        body = state.to_dict()["body"]
        assert ruby_places(body) == body["revealed"]
        assert card_places(body) == list(range(len(CARDS)))
        inside = [body["pocket"][s] for s in range(state.players) if body["inside"][s]]
        assert len(set(inside)) <= 1, "explorers inside all hold the same pocket"
        for seat in state.to_act:
            state.act(seat, "leave" if next(choices) else "continue")
    body = state.to_dict()["body"]
    assert ruby_places(body) == body["revealed"]
    assert sum(body["pocket"]) == 0 and body["path"] == []
    assert card_places(body) == list(range(len(CARDS)))
    relic_points = sum(body["relic_points"])
    assert sum(state.scores()) == sum(body["chest"]) + relic_points
