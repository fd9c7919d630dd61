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
    places += [t for board in s._boards for t in board.ivory.values()]
    places += [t for board in s._boards for t in board.blue] + s._discard
    if s._this_turn.new_tile is not None:
        places.append(s._this_turn.new_tile)
    return places


def check(s, n: int, tiles_at_start: int, levels_before: list[list[int]]) -> None:
    # rations: a closed pool of 5 per player, at most 5 on a board
    assert sum(board.rations for board in s._boards) + s._supply == 5 * n
    assert all(0 <= board.rations <= 5 for board in s._boards)
    for seat in range(n):
        lifted = 1 if s._this_turn.lifted is not None and seat == s._seat else 0
        assert s._boards[seat].paths.bit_count() + s._boards[seat].path_supply + lifted == 10
        assert s._boards[seat].reserve + s._boards[seat].start_row + sum(s._boards[seat].tools) == 3
        assert min(s._boards[seat].tools) >= 0 and len(s._boards[seat].ivory) <= 3
    # every tile in one place; drawn tiles only leave the unseen pools
    places = tile_places(s)
    assert len(places) == len(set(places)) == tiles_at_start
    # relics: collected ones are held, each colour's supply is never exceeded
    held = [sum(board.relics[c] for board in s._boards) for c in range(4)]
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
