"""Hypothesis properties: rations, pathways, tiles, relics and toolboxes are conserved."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import relicbox
from relicbox.games.relic_runners.data import RELIC_COLOURS, TILES

RELICS = RELIC_COLOURS  # toad, skull, bird, juju
RELIC_SUPPLY = (8, 4, 4, 4)

games = st.fixed_dictionaries(
    {
        "players": st.integers(2, 5),
        "seed": st.integers(0, 2**32),
        "setup": st.sampled_from(["first", "standard", "random"]),
        "abilities": st.booleans(),
        "picks": st.lists(st.integers(0, 1000), min_size=1, max_size=50),
    }
)


def tile_places(body) -> list[int]:
    """Every temple tile's place: unseen pools, stacks, boards, discard, the tile just drawn."""
    places = [t for pool in body["pools"] for t in pool]
    places += [tile for fixed in body["fixed"] for tile, _ in fixed.values()]
    places += [t for ivory in body["ivory"] for t in ivory.values()]
    places += [t for blue in body["blue"] for t in blue] + body["discard"]
    if body["new_tile"] is not None:
        places.append(body["new_tile"])
    return places


def stacks(s) -> list[list[int]]:
    return [space["levels"] for space in s.view(None)["spaces"]]


def check(s, n: int, tiles_at_start: int, levels_before: list[list[int]]) -> None:
    body = s.to_dict()["body"]  # the hidden facts (tiles, supplies) are only in the saved form
    view = s.view(None)
    # rations: a closed pool of 5 per player, at most 5 on a board
    assert sum(body["rations"]) + body["supply"] == 5 * n
    assert all(0 <= rations <= 5 for rations in body["rations"])
    for seat in range(n):
        lifted = 1 if body["lifted"] is not None and seat == body["seat"] else 0
        assert body["paths"][seat].bit_count() + body["path_supply"][seat] + lifted == 10
        assert body["reserve"][seat] + body["start_row"][seat] + sum(body["tools"][seat]) == 3
        assert min(body["tools"][seat]) >= 0 and len(body["ivory"][seat]) <= 3
    # every tile in one place; drawn tiles only leave the unseen pools
    places = tile_places(body)
    assert len(places) == len(set(places)) == tiles_at_start
    # relics: collected ones are held, each colour's supply is never exceeded
    held = {colour: sum(seat["relics"][colour] for seat in view["seats"]) for colour in RELICS}
    assert view["relics_collected"] == body["collected"] == sum(held.values())
    for colour, supply in zip(RELICS, RELIC_SUPPLY, strict=True):
        on_board = sum(1 for space in view["spaces"] if space["relic"] == colour)
        assert held[colour] + on_board <= supply
    for space in view["spaces"]:
        assert not space["relic"] or not space["levels"], "relics only sit on shrines"
    # stacks only shrink, toolbox tokens are never all grey between decisions
    for before, now in zip(levels_before, stacks(s), strict=True):
        assert set(now) <= set(before)
    assert view["tokens_up"]


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
    tiles_at_start = len(tile_places(state.to_dict()["body"]))
    # a first game boxes the red-gem tiles: 6 ivory and the 6 purple g and h tiles
    assert tiles_at_start == len(TILES) - (12 if game["setup"] == "first" else 0)
    picks = game["picks"]
    step = 0
    while not state.is_over:
        levels = stacks(state)
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.act(seat, legal[picks[step % len(picks)] % len(legal)])
        step += 1
        check(state, n, tiles_at_start, levels)
    assert len(state.scores()) == n and state.winners()
