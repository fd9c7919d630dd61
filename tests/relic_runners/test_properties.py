"""Hypothesis properties: rations, pathways, tiles, relics and toolboxes are conserved."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import relicbox
from relicbox.games.relic_runners.data import TILES

RELIC_SUPPLY = (8, 4, 4, 4)  # toads, skulls, birds, jujus

games = st.fixed_dictionaries(
    {
        "players": st.integers(2, 5),
        "seed": st.integers(0, 2**32),
        "setup": st.sampled_from(["first", "standard", "random"]),
        "abilities": st.booleans(),
        "picks": st.lists(st.integers(0, 1000), min_size=1, max_size=50),
    }
)


def tile_places(s) -> list[int]:
    places = [t for pool in s._pools for t in pool]
    places += [tile for fixed in s._fixed for tile, _ in fixed.values()]
    places += [t for ivory in s._ivory for t in ivory.values()]
    places += [t for blue in s._blue for t in blue] + s._discard
    if s._new_tile is not None:
        places.append(s._new_tile)
    return places


def check(s, n: int, tiles_at_start: int, levels_before: list[list[int]]) -> None:
    # rations: a closed pool of 5 per player, at most 5 on a board
    assert sum(s._rations) + s._supply == 5 * n
    assert all(0 <= r <= 5 for r in s._rations)
    for seat in range(n):
        lifted = 1 if s._lifted is not None and seat == s._seat else 0
        assert s._paths[seat].bit_count() + s._path_supply[seat] + lifted == 10
        assert s._reserve[seat] + s._start_row[seat] + sum(s._tools[seat]) == 3
        assert min(s._tools[seat]) >= 0 and len(s._ivory[seat]) <= 3
    # every tile in one place; drawn tiles only leave the unseen pools
    places = tile_places(s)
    assert len(places) == len(set(places)) == tiles_at_start
    # relics: collected ones are held, each colour's supply is never exceeded
    held = [sum(r[c] for r in s._relics) for c in range(4)]
    assert s._collected == sum(held)
    for colour in range(4):
        on_board = sum(1 for i, on in enumerate(s._relic_on) if on and s._relic_colour(i) == colour)
        assert held[colour] + on_board <= RELIC_SUPPLY[colour]
    for i, on in enumerate(s._relic_on):
        assert not on or not s._levels[i], "relics only sit on shrines"
    # stacks only shrink, toolbox tokens are never all grey between decisions
    for before, now in zip(levels_before, s._levels, strict=True):
        assert set(now) <= set(before)
    assert any(s._tokens)


@settings(max_examples=25, deadline=None)
@given(games)
def test_components_are_conserved_through_any_play(game):
    n = game["players"]
    state = relicbox.new_game(
        "relic-runners",
        n,
        game["seed"],
        setup=game["setup"],
        abilities=game["abilities"],
        max_turns=60,
        record=False,
    )
    tiles_at_start = len(tile_places(state))
    # a first game boxes the red-gem tiles: 6 ivory and the 6 purple g and h tiles
    assert tiles_at_start == len(TILES) - (12 if game["setup"] == "first" else 0)
    picks = game["picks"]
    step = 0
    while not state.is_over:
        levels = [list(levels) for levels in state._levels]
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.act(seat, legal[picks[step % len(picks)] % len(legal)])
        step += 1
        check(state, n, tiles_at_start, levels)
    assert len(state.scores()) == n and state.winners()
