"""Toolbox tokens, the progression table and every toolbox action (spec §1.9)."""

from __future__ import annotations

import pytest

from relicbox import IllegalActionError
from support.relic_runners import (
    coins,
    edit,
    fix_top,
    give_paths,
    hold_ivory,
    new,
    node,
    play,
    put,
    set_rations,
    shrine,
    texts,
    tokens,
    tools,
)


def game(*changes, start: str = "R1", up=("TB5",)):
    def change(body):
        put(body, 0, start)
        tokens(body, up)
        for extra in changes:
            extra(body)

    return edit(new(3), change)


def boxes(state, seat: int = 0):
    return state.view(seat)["seats"][seat]["toolboxes"]


# -- earning steps --------------------------------------------------------------------------


def test_crossing_a_face_up_token_flips_it_and_earns_a_step():
    state = play(game(up=("TB1", "TB5")), "move R1-T1")
    assert "TB1" not in state.view(0)["tokens_up"]
    assert state.phase == "steps"
    assert texts(state) == ["step start machete", "step start compass", "step start shovel"]
    play(state, "step start compass")
    assert boxes(state)["compass"] == [1, 0, 0] and boxes(state)["start"] == 0


def test_a_grey_token_gives_nothing():
    state = play(game(up=("TB5",)), "move R1-T1")
    assert state.phase == "post"
    assert boxes(state)["start"] == 1


def test_several_tokens_flip_together_and_steps_may_go_to_one_toolbox():
    state = game(
        lambda b: give_paths(b, 0, ["R2-T2", "R2-T3"]), start="T2", up=("TB6", "TB7", "TB5")
    )
    play(state, "move R2-T2", "move R2-T3", "stop")
    assert state.view(0)["decision"] == {"type": "steps", "count": 2}
    play(state, "step start machete", "step machete 1")
    assert boxes(state)["machete"] == [0, 1, 0]


def test_last_token_resets_all_and_gives_a_second_step():
    state = play(game(up=("TB1",)), "move R1-T1")
    assert len(state.view(0)["tokens_up"]) == 10
    assert state.view(0)["decision"] == {"type": "steps", "count": 2}
    play(state, "step start shovel", "step shovel 1")
    assert boxes(state)["shovel"] == [0, 1, 0]


def test_last_token_double_advance_may_be_split_between_toolboxes():
    state = play(game(lambda b: tools(b, 0, start=2), up=("TB1",)), "move R1-T1")
    play(state, "step start shovel", "step start machete")
    assert boxes(state)["shovel"] == [1, 0, 0] and boxes(state)["machete"] == [1, 0, 0]


def test_steps_that_cannot_be_used_are_lost():
    state = play(game(lambda b: tools(b, 0, compass_3=1), up=("TB1", "TB5")), "move R1-T1")
    assert state.phase == "post"
    assert boxes(state)["compass"] == [0, 0, 1]


def test_reserve_toolboxes_do_not_advance():
    state = play(game(lambda b: tools(b, 0), up=("TB1", "TB5")), "move R1-T1")
    assert boxes(state)["reserve"] == 3 and state.phase == "post"


def test_i3f_flips_a_token_on_leaving_camp_and_its_reset_bonus_joins_the_move():
    state = game(lambda b: hold_ivory(b, 0, "I3-f"), start="CAMP", up=("TB5",))
    play(state, "move CAMP-T4")
    assert state.phase == "flip" and "done" not in texts(state)
    play(state, "flip TB5")  # the last face-up token turns grey: all reset, one step
    assert len(state.view(0)["tokens_up"]) == 10
    assert state.view(0)["decision"] == {"type": "steps", "count": 1}


# -- using toolboxes ------------------------------------------------------------------------


def test_one_toolbox_per_turn_and_it_returns_to_the_start_row():
    state = game(lambda b: tools(b, 0, machete_2=2, start=0))
    play(state, "use machete 2")
    assert boxes(state)["start"] == 1 and boxes(state)["machete"] == [0, 1, 0]
    assert "use machete 2" not in texts(state)
    with pytest.raises(IllegalActionError, match="one toolbox per turn"):
        state.act(0, "use machete 2")


def test_no_toolbox_in_the_middle_of_a_move():
    state = game(lambda b: tools(b, 0, machete_2=1), lambda b: give_paths(b, 0, ["R1-T2"]))
    play(state, "move R1-T2")
    with pytest.raises(IllegalActionError, match="middle of a move"):
        state.act(0, "use machete 2")
    play(state, "stop")
    assert "use machete 2" in texts(state)


def test_machete_1_takes_the_temple_action_without_a_ration():
    state = game(lambda b: tools(b, 0, machete_1=1), lambda b: fix_top(b, "T1", "B3-2"), start="T3")
    play(state, "move T1-T3", "use machete 1")
    view = state.view(0)
    assert view["rations"][0] == 3 and view["seats"][0]["blue"] == ["B3-2"]
    assert "explore" in texts(state)  # the normal explore is still there


def test_machete_1_is_not_offered_on_a_ruin():
    state = play(game(lambda b: tools(b, 0, machete_1=1, shovel_1=1), start="R1"), "move R1-T1")
    assert "use machete 1" in texts(state)  # on the blue temple T1
    state = play(game(lambda b: tools(b, 0, machete_1=1, shovel_1=1), start="T1"), "move R1-T1")
    assert "use machete 1" not in texts(state)  # on the ruin R1


def test_machete_2_takes_two_rations_capped():
    state = game(lambda b: tools(b, 0, machete_2=1), lambda b: set_rations(b, 0, 4))
    play(state, "use machete 2")
    assert state.view(0)["rations"][0] == 5


def test_machete_3_four_vp_per_relic_duplicates_included():
    state = game(
        lambda b: tools(b, 0, machete_3=1), lambda b: b["relics"].__setitem__(0, [2, 1, 0, 0])
    )
    play(state, "use machete 3")
    assert coins(state, 0) == 12


def test_compass_1_moves_one_pathway_anywhere():
    state = game(lambda b: tools(b, 0, compass_1=1), lambda b: give_paths(b, 0, ["R5-R6"]))
    play(state, "use compass 1", "lift R5-R6", "path T11-T12")
    assert state.view(0)["seats"][0]["pathways"] == ["T11-T12"]


def test_compass_2_needs_two_pathways_and_moves_exactly_two_to_new_trails():
    state = game(lambda b: tools(b, 0, compass_2=1), lambda b: give_paths(b, 0, ["R5-R6"]))
    assert "use compass 2" not in texts(state)
    state = game(lambda b: tools(b, 0, compass_2=1), lambda b: give_paths(b, 0, ["R5-R6", "R6-T9"]))
    play(state, "use compass 2", "lift R5-R6", "path T11-T12")
    assert texts(state) == ["lift R6-T9"]  # the pathway just moved stays
    play(state, "lift R6-T9")
    assert "path R5-R6" not in texts(state)  # not back where the first one was
    play(state, "path R7-R8")
    assert sorted(state.view(0)["seats"][0]["pathways"]) == ["R7-R8", "T11-T12"]


def test_compass_3_scores_the_longest_line_not_through_camp():
    paths = ["R3-T4", "CAMP-T4", "CAMP-R7", "R7-R8", "R4-T4", "R4-T5"]
    state = game(lambda b: tools(b, 0, compass_3=1), lambda b: give_paths(b, 0, paths))
    assert state.longest_line(0) == 3  # R3-T4-R4-T5 (CAMP may only end a line)
    play(state, "use compass 3")
    assert coins(state, 0) == 6


def test_shovel_1_brings_a_toolbox_or_gains_two_vp():
    state = game(lambda b: tools(b, 0, shovel_1=1))
    assert {"use shovel 1 toolbox", "use shovel 1 vp"} <= set(texts(state))
    play(state, "use shovel 1 toolbox")
    assert boxes(state)["reserve"] == 1 and boxes(state)["start"] == 2
    state = game(lambda b: tools(b, 0, shovel_1=1))
    play(state, "use shovel 1 vp")
    assert coins(state, 0) == 2


def test_shovel_2_places_a_new_pathway_touching_the_explorer():
    state = game(lambda b: tools(b, 0, shovel_2=1))
    play(state, "use shovel 2")
    assert sorted(texts(state)) == [
        "path CAMP-R1",
        "path R1-R2",
        "path R1-R7",
        "path R1-T1",
        "path R1-T2",
    ]
    play(state, "path R1-R7")
    assert state.view(0)["seats"][0]["pathways_left"] == 9


def test_shovel_3_doubles_the_vp_of_the_rest_of_the_turn_and_shows_a_blue_tile():
    def change(body):
        tools(body, 0, shovel_3=1)
        hold_ivory(body, 0, "I3-c")
        fix_top(body, "T1", "B3-4")

    state = game(change, start="T3")
    play(state, "use shovel 3", "move T1-T3", "explore")
    # I3-c gives 1 coin for the blue tile, doubled; the tile is shown and paid now too.
    assert coins(state, 0) == 2 + 4
    assert state.view(1)["seats"][0]["blue"] == ["B3-4"]
    assert state.score_parts(0)["blue"] == 4


def test_shovel_3_doubles_an_expedition():
    def change(body):
        tools(body, 0, shovel_3=1)
        shrine(body, "T1")
        shrine(body, "T12")
        body["start_relic"] = 2
        give_paths(body, 0, ["R1-R7", "R7-R8", "R8-T12"])

    state = game(change, start="T1")
    play(state, "use shovel 3", "move R1-T1", "move R1-R7", "move R7-R8", "move R8-T12")
    assert coins(state, 0) == 16
    assert state.view(0)["spaces"][node("T12")]["relic"] is None


def test_shovel_3_doubles_every_gain_of_the_turn_by_default_earlier_ones_too():
    """'V tomto kole dvojnásobíte zisk všech vítězných bodů': the whole turn (default)."""

    def change(body):
        tools(body, 0, shovel_3=1)
        hold_ivory(body, 0, "I3-c")
        fix_top(body, "T1", "B3-4")

    state = edit(new(3), lambda b: (put(b, 0, "T3"), tokens(b, ["TB5"]), change(b)))
    assert state.options["shovel3"] == "whole-turn"
    play(state, "move T1-T3", "explore")
    assert coins(state, 0) == 1  # I3-c's coin for the blue tile
    play(state, "use shovel 3")
    assert coins(state, 0) == 1 + 1 + 4  # that coin doubled, and the blue tile shown and paid
    assert state.view(2)["seats"][0]["blue"] == ["B3-4"]
    same = edit(new(3, shovel3="after"), lambda b: (put(b, 0, "T3"), tokens(b, ["TB5"]), change(b)))
    play(same, "move T1-T3", "explore", "use shovel 3")
    assert coins(same, 0) == 1  # the 'after' option: only later gains are doubled
