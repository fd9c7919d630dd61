"""The permanent (level 3) and one-use (level 2) ivory effects (spec §1.10)."""

from __future__ import annotations

import pytest

from relicbox import IllegalActionError
from support.relic_runners import (
    coins,
    edit,
    fix_level,
    fix_top,
    give_paths,
    hold_ivory,
    new,
    node,
    play,
    put,
    set_purple_top,
    set_rations,
    shrine,
    texts,
    tokens,
    tools,
)


def game(*changes, start: str = "CAMP", players: int = 3):
    def change(body):
        put(body, 0, start)
        tokens(body, ["TB5"])
        for extra in changes:
            extra(body)

    return edit(new(players), change)


def ivory(*codes: str):
    return lambda body: hold_ivory(body, 0, *codes)


# -- level 3: permanent -----------------------------------------------------------------------


def test_i3a_one_vp_per_pathway_placed():
    state = play(game(ivory("I3-a")), "move CAMP-R1", "explore", "path R1-T2")
    assert coins(state, 0) == 1


def test_i3b_one_vp_only_for_the_first_explorer_of_a_stack():
    state = play(game(ivory("I3-b")), "move CAMP-R1", "explore")
    assert coins(state, 0) == 1
    partly = game(ivory("I3-b"), lambda b: b["levels"].__setitem__(node("R1"), [1, 2]))
    play(partly, "move CAMP-R1", "explore")
    assert coins(partly, 0) == 0


def test_i3c_one_more_vp_on_temple_gains_only():
    state = game(ivory("I3-c"), lambda b: set_purple_top(b, "T4", "P3-a"))
    play(state, "move CAMP-T4", "explore")
    assert coins(state, 0) == 4
    state = game(ivory("I3-c"), lambda b: fix_top(b, "T1", "B3-3"))
    play(state, "move CAMP-T1", "explore")
    assert coins(state, 0) == 1  # a 1-VP coin for the blue tile, still face down
    assert state.view(1)["seats"][0]["blue"] == []
    state = play(game(ivory("I3-c")), "move CAMP-R1", "explore", "path R1-T2")
    assert coins(state, 0) == 0  # nothing extra at a ruin


def test_i3d_ration_when_an_opponent_moves_a_pathway():
    def change(body):
        tools(body, 0, compass_1=1)
        give_paths(body, 0, ["R5-R6"])
        hold_ivory(body, 2, "I3-d")
        set_rations(body, 2, 2)

    state = play(game(change), "use compass 1", "lift R5-R6", "path T11-T12")
    assert state.view(2)["rations"][2] == 3


def test_i3e_one_more_ration_at_camp():
    state = game(ivory("I3-e"), lambda b: set_rations(b, 0, 0), start="R1")
    play(state, "move CAMP-R1")
    assert state.view(0)["rations"][0] == 4


def test_i3f_flip_on_leaving_camp_gives_no_step_unless_it_resets():
    state = game(ivory("I3-f"), lambda b: tokens(b, ["TB5", "TB6"]))
    play(state, "move CAMP-R1", "flip TB5")
    assert state.view(0)["tokens_up"] == ["TB6"]
    assert state.phase == "post"  # no step earned


# -- level 2: one use --------------------------------------------------------------------------


def test_i2b_look_through_a_temple_stack_and_take_any_tile():
    def change(body):
        hold_ivory(body, 0, "I2-b")
        fix_level(body, "T1", 1, "B1-5")

    state = play(game(change), "move CAMP-T1", "use I2-b")
    assert state.phase == "pick"
    assert texts(state) == ["pick 1", "pick 2", "pick 3"]
    seen = state.view(0)["spaces"][node("T1")]["seen"]
    assert seen["1"] == "B1-5" and set(seen) == {"1", "2", "3"}
    assert state.view(1)["spaces"][node("T1")]["seen"] == {}
    play(state, "pick 1")
    view = state.view(0)
    assert view["seats"][0]["blue"] == ["B1-5"] and view["rations"][0] == 2
    assert view["spaces"][node("T1")]["levels"] == [2, 3]
    assert view["seats"][0]["ivory"] == []


def test_i2c_refill_to_five_at_the_start_of_the_turn():
    state = game(ivory("I2-c"), lambda b: set_rations(b, 0, 1))
    play(state, "use I2-c")
    assert state.view(0)["rations"][0] == 5
    play(state, "move CAMP-R1")
    assert "use I2-c" not in texts(state)


def test_i2d_two_pathways_touching_the_space():
    state = play(game(ivory("I2-d")), "move CAMP-R1", "explore", "use I2-d")
    play(state, "path R1-T2", "path R1-R2")
    assert sorted(state.view(0)["seats"][0]["pathways"]) == ["R1-R2", "R1-T2"]


def test_i2e_a_pathway_on_any_trail():
    state = play(game(ivory("I2-e")), "move CAMP-R1", "explore", "use I2-e")
    assert len(texts(state)) == 42
    play(state, "path T9-T11")
    assert state.view(0)["seats"][0]["pathways"] == ["T9-T11"]


def test_i2f_jump_to_a_temple_of_the_same_colour_but_not_onto_a_relic():
    def change(body):
        hold_ivory(body, 0, "I2-f")
        shrine(body, "T7")

    state = game(change, start="T1")  # T1 blue; other blues T6, T7 (relic), T12
    jumps = [t for t in texts(state) if t.startswith("jump")]
    assert jumps == ["jump T6", "jump T12"]
    play(state, "jump T12")
    view = state.view(0)
    assert view["explorers"][0] == "T12" and view["this_turn"]["jumped"]
    assert "explore" in texts(state)
    with pytest.raises(IllegalActionError):
        state.act(0, "move T11-T12")


def test_one_use_tiles_give_no_compensation():
    state = play(game(ivory("I2-e")), "move CAMP-R1", "explore", "use I2-e", "path T9-T11")
    assert coins(state, 0) == 0


def test_a_level_two_tile_about_to_be_discarded_may_be_used_first():
    # Rulebook: choosing between two ivory tiles of one level, you may use the effect of
    # the one you discard before discarding it, if that makes sense. Here Machete 1 before
    # moving brings a second level 2 tile while I2-c (start of the turn) still applies.
    def change(body):
        body["levels"][node("T3")] = [1, 2]
        fix_top(body, "T3", "I2-a")
        hold_ivory(body, 0, "I2-c")
        tools(body, 0, machete_1=1)
        set_rations(body, 0, 1)

    state = game(change, start="T3")
    play(state, "use machete 1")
    assert state.phase == "keep"
    assert texts(state) == ["keep I2-a", "keep I2-c", "use I2-a", "use I2-c"]
    play(state, "use I2-c")
    view = state.view(0)
    assert view["rations"][0] == 5
    assert view["seats"][0]["ivory"] == ["I2-a"]
    assert coins(state, 0) == 2  # the compensation for the forced choice
    assert state.phase == "move"
    assert "use I2-a" in texts(state)


def test_a_discarded_tile_is_usable_only_when_its_effect_makes_sense():
    def change(body):
        body["levels"][node("T3")] = [1, 2]
        fix_top(body, "T3", "I2-a")
        hold_ivory(body, 0, "I2-c")

    state = play(game(change, start="T1"), "move T1-T3", "explore")
    assert texts(state) == ["keep I2-a", "keep I2-c"]  # the move is over: neither applies
