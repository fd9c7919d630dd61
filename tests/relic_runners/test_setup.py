"""Set-up (spec §1.2): temple layouts, explicit chance, tile pools, explorer abilities."""

from __future__ import annotations

from collections import Counter

import pytest

import relicbox
from relicbox.games.relic_runners.data import TILES
from support.relic_runners import BOARD, play, texts


def colours(state):
    return {s["id"]: s["colour"] for s in state.view(None)["spaces"] if s["type"] == "temple"}


def test_first_game_uses_the_fixed_colours_and_no_red_gem_tiles():
    state = relicbox.new_game("relic-runners", 3, seed=4, setup="first")
    assert colours(state) == {node: BOARD.first_colour[i] for i, node in _temples()}
    pools = state.to_dict()["body"]["pools"]
    assert not any(TILES[t].red_gem for pool in pools for t in pool)


def _temples():
    from relicbox.games.relic_runners.board import NODE_IDS

    return [(i, node) for i, node in enumerate(NODE_IDS) if node.startswith("T")]


@pytest.mark.parametrize("seed", range(6))
def test_standard_setup_gives_each_quadrant_one_temple_of_each_colour(seed):
    state = relicbox.new_game("relic-runners", 3, seed=seed, setup="standard")
    layout = colours(state)
    assert Counter(layout.values()) == {"ivory": 4, "blue": 4, "purple": 4}
    quadrants: dict[str, set[str]] = {}
    for i, node in _temples():
        quadrants.setdefault(BOARD.quadrant[i], set()).add(layout[node])
    assert all(len(found) == 3 for found in quadrants.values())


def test_random_setup_keeps_four_of_each_colour():
    for seed in range(5):
        layout = colours(relicbox.new_game("relic-runners", 4, seed=seed, setup="random"))
        assert Counter(layout.values()) == {"ivory": 4, "blue": 4, "purple": 4}


def test_setup_chance_is_explicit_and_can_be_rigged():
    state = relicbox.new_game("relic-runners", 3, seed=1, setup="random", auto_chance=False)
    assert state.is_chance and state.to_act == ()
    outcomes = dict(state.chance_outcomes())
    assert set(outcomes) == {"ivory", "blue", "purple"}
    assert sum(outcomes.values()) == pytest.approx(1.0)
    for colour in ["purple"] * 4 + ["blue"] * 4 + ["ivory"] * 4:
        state.apply_chance(colour)
    assert list(colours(state).values())[:4] == ["purple"] * 4
    # Next: each purple stack's top tile is turned face up, one chance event each.
    for _ in range(4):
        outcomes = dict(state.chance_outcomes())
        assert all(code.startswith("P3-") for code in outcomes)
        assert sum(outcomes.values()) == pytest.approx(1.0)
        state.apply_chance("P3-a" if "P3-a" in outcomes else next(iter(outcomes)))
    assert not state.is_chance and state.to_act == (0,)
    assert state.view(0)["spaces"][9]["top"] == "P3-a"  # T1
    with pytest.raises(relicbox.IllegalActionError, match="no chance event"):
        state.apply_chance("blue")


def test_taking_a_tile_is_a_chance_event_a_driver_can_choose():
    state = relicbox.new_game("relic-runners", 3, seed=2, setup="first", auto_chance=False)
    while state.is_chance:  # the purple tops
        state.sample_chance()
    play(state, "move CAMP-T1", "explore")  # T1 is blue in the first game
    assert state.is_chance
    assert {code for code, _ in state.chance_outcomes()} == {"B3-2", "B3-3", "B3-4"}
    state.apply_chance("B3-4")
    assert state.view(0)["seats"][0]["blue"] == ["B3-4"]


def test_two_player_stacks_use_levels_one_and_two_only():
    view = relicbox.new_game("relic-runners", 2, seed=3).view(None)
    tops = [s["top"] for s in view["spaces"] if s["colour"] == "purple"]
    assert all(code.startswith("P2-") for code in tops)


def test_everyone_starts_at_camp_with_three_rations_one_toolbox_and_ten_pathways():
    view = relicbox.new_game("relic-runners", 5, seed=0).view(None)
    assert view["explorers"] == ["CAMP"] * 5 and view["rations"] == [3] * 5
    for seat in view["seats"]:
        assert "position" not in seat and "rations" not in seat  # they are in the lists above
        assert seat["pathways_left"] == 10
        assert seat["toolboxes"]["start"] == 1 and seat["toolboxes"]["reserve"] == 2
    assert view["camp_rations"] == 10 and len(view["tokens_up"]) == 10


def test_explorer_abilities_when_the_option_is_on():
    state = relicbox.new_game("relic-runners", 5, seed=0, abilities=True)
    # green (seat 1) places a pathway by the camp, blue (seat 2) picks a start space
    assert state.to_act == (1,) and state.phase == "place"
    assert all("CAMP" in t for t in texts(state))
    play(state, "path CAMP-R3")
    assert state.to_act == (2,) and state.phase == "start"
    around = ("R1", "R3", "R7", "T1", "T4", "T7", "T10")
    assert texts(state) == ["start CAMP", *[f"start {n}" for n in around]]
    play(state, "start T7")
    view = state.view(None)
    assert state.to_act == (0,) and view["explorers"][2] == "T7"
    assert view["seats"][0]["toolboxes"]["start"] == 2  # red: extra toolbox
    assert view["rations"][3] == 5  # yellow: full pack (placeholder)
    assert view["seats"][1]["pathways"] == ["CAMP-R3"]
    assert sum(view["rations"]) + view["camp_rations"] == 25
    plain = relicbox.new_game("relic-runners", 5, seed=0)
    assert all(s["ability"] is None for s in plain.view(None)["seats"])


def test_unknown_option_values_are_refused():
    with pytest.raises(relicbox.ConfigurationError, match="setup"):
        relicbox.new_game("relic-runners", 3, setup="chaos")
    with pytest.raises(relicbox.ConfigurationError, match="max_turns"):
        relicbox.new_game("relic-runners", 3, max_turns=-1)
    with pytest.raises(relicbox.ConfigurationError, match="2-5 players"):
        relicbox.new_game("relic-runners", 6)


def test_black_big_refill_takes_four_rations_at_camp():
    from support.relic_runners import edit, put, set_rations

    def change(body):
        put(body, 4, "R1")
        set_rations(body, 4, 0)

    state = relicbox.new_game("relic-runners", 5, seed=0, abilities=True)
    play(state, "path CAMP-R3", "start CAMP")
    state = edit(state, lambda body: body.__setitem__("seat", 4))
    state = edit(state, change)
    play(state, "move CAMP-R1")
    assert state.view(None)["rations"][4] == 4
