"""Tschak! conservation properties over random games (Hypothesis)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import relicbox
from relicbox.core.conformance import random_steps
from relicbox.core.rng import Rng
from relicbox.games.tschak.data import PROPOSED, PROPOSED_TABLE

ADVENTURERS = Counter(
    code
    for group in ("wizards", "warriors", "dwarves", "artifacts")
    for code in PROPOSED_TABLE[group]
)
games = st.tuples(st.integers(2, 4), st.integers(0, 2**32), st.integers(0, 2**32))


def random_game(players, seed, choices):
    """Yield the state before every decision of a random game, then the finished state."""
    state = relicbox.new_game("tschak", players, seed=seed)
    for _ in random_steps(state, Rng(choices)):
        yield state
    yield state


def check_cards(body, players, tower):
    assert Counter(code for hand in body["hands"] for code in hand) == ADVENTURERS
    for hand in body["hands"]:
        assert Counter(code[0] for code in hand) == {"W": 3, "R": 3, "D": 3, "A": 1}
    for seat in range(players):
        position = seat * 2 if players == 2 else seat
        parts = body["hand"][seat] + body["picks"][seat] + body["revealed"][seat]
        held = body["hands"][(position - tower + 1) % 4]
        assert Counter(parts + body["played"][seat]) == Counter(held)


@settings(max_examples=15, deadline=None)
@given(games)
def test_all_40_adventurer_cards_are_always_accounted_for(game):
    players, seed, choices = game
    for step, state in enumerate(random_game(players, seed, choices)):
        if step % 4 == 0 or state.is_over:
            data = state.to_dict()
            check_cards(data["body"], players, data["body"]["tower"])


@settings(max_examples=20, deadline=None)
@given(games)
def test_12_monsters_and_12_treasures_reach_the_players(game):
    players, seed, choices = game
    *_, state = random_game(players, seed, choices)
    won = state.view(None)["won"]
    monsters = [c for w in won for c in w["monsters"]]
    treasures = [c for w in won for c in w["treasures"]]
    assert len(monsters) == len(treasures) == 12
    body = state.to_dict()["body"]
    assert len(body["monster_deck"]) == len(body["treasure_deck"]) == 2
    assert Counter(monsters + body["monster_deck"]) == Counter(PROPOSED.monsters)
    assert Counter(treasures + body["treasure_deck"]) == Counter(PROPOSED.treasures)
    # Every floor hands out exactly one monster and one treasure, to different seats if 2+.
    floors = [e for e in state.view(None)["history"] if e["type"] == "floor"]
    assert len(floors) == 12
    assert all(e["monster_to"] != e["treasure_to"] for e in floors)


@settings(max_examples=20, deadline=None)
@given(games)
def test_gold_handed_out_per_tower_is_bounded(game):
    players, seed, choices = game
    *_, state = random_game(players, seed, choices)
    view = state.view(None)
    loots = [e for e in view["history"] if e["type"] == "loot"]
    assert len(loots) == 4
    limit, piles = (2, {0, 2}) if players == 2 else (6, {0, 1, 2, 3})
    for loot in loots:
        assert sum(loot["gold"]) <= limit
        assert set(loot["gold"]) <= piles
        for card, gold in zip(loot["cards"], loot["gold"], strict=True):
            if card in ("W?", "A"):
                assert gold == 0
    assert sum(view["gold"]) == sum(sum(loot["gold"]) for loot in loots) <= 4 * limit
    assert sum(view["gold"]) <= 24
