"""Exploring (spec §1.5-1.6): rations, ruins, ivory, blue and purple temples, shrines."""

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
    set_purple_top,
    set_rations,
    texts,
    tokens,
    tools,
    trail,
)


def arrive(move: str, *changes, players: int = 3, start: str = "CAMP", options=None):
    """Seat 0 starts on ``start``, applies ``changes`` to the body, then walks ``move``."""

    def change(body):
        put(body, 0, start)
        tokens(body, ["TB5"])
        for extra in changes:
            extra(body)

    return play(edit(new(players, **(options or {})), change), move)


# -- rations ---------------------------------------------------------------------------


def test_exploring_costs_a_ration_paid_to_the_camp():
    state = arrive("move CAMP-R1")
    before = state.view(0)["camp_rations"]
    play(state, "explore")
    view = state.view(0)
    assert view["rations"][0] == 2
    assert view["camp_rations"] == before + 1


def test_no_ration_no_exploring():
    state = arrive("move CAMP-R1", lambda b: set_rations(b, 0, 0))
    assert "explore" not in texts(state)
    # Only "end" would be left, so the turn passed on by itself.
    assert state.to_act == (1,)
    state = arrive(
        "move CAMP-T1", lambda b: set_rations(b, 0, 0), lambda b: tools(b, 0, shovel_1=1)
    )
    with pytest.raises(IllegalActionError, match="costs a ration"):
        state.act(0, "explore")


def test_explore_only_once_per_turn():
    state = arrive("move CAMP-T1", lambda b: tools(b, 0, shovel_1=1))
    play(state, "explore")
    with pytest.raises(IllegalActionError, match="only once"):
        state.act(0, "explore")


# -- ruins and shrines ---------------------------------------------------------------------


def test_ruin_discards_its_top_tile_and_gives_a_pathway_next_to_it():
    state = arrive("move CAMP-R1")
    play(state, "explore")
    assert state.phase == "place"
    assert sorted(texts(state)) == [
        "path CAMP-R1",
        "path R1-R2",
        "path R1-R7",
        "path R1-T1",
        "path R1-T2",
    ]
    play(state, "path R1-T2")
    view = state.view(0)
    assert view["seats"][0]["pathways"] == ["R1-T2"]
    assert view["seats"][0]["pathways_left"] == 9
    assert view["spaces"][node("R1")]["levels"] == [1, 2]


def test_never_two_own_pathways_on_one_trail_but_players_may_share():
    def change(body):
        give_paths(body, 0, ["R1-T2"])
        give_paths(body, 1, ["R1-R2"])

    state = arrive("move CAMP-R1", change)
    play(state, "stop", "explore")
    assert "path R1-T2" not in texts(state)
    assert "path R1-R2" in texts(state)
    play(state, "path R1-R2")
    trail_view = state.view(None)["trails"][trail("R1-R2")]
    assert trail_view["pathways"] == [0, 1]


def test_last_ruin_tile_reveals_a_shrine_with_a_toad_for_the_explorer_who_took_it():
    state = arrive("move CAMP-R1", lambda b: b["levels"].__setitem__(node("R1"), [1]), players=2)
    play(state, "explore")
    space = state.view(0)["spaces"][node("R1")]
    assert space["shrine"] and space["relic"] == "toad"
    assert any(e["type"] == "shrine" and e["seat"] == 0 for e in state.view(0)["history"])
    play(state, "path R1-T2")
    assert "explore" not in texts(state)  # a shrine offers nothing to explore


def test_two_player_stacks_are_two_high():
    state = new(2)
    assert {len(s["levels"]) for s in state.view(0)["spaces"] if s["type"] != "camp"} == {2}
    assert {len(s["levels"]) for s in new(4).view(0)["spaces"] if s["type"] != "camp"} == {3}


# -- ivory ------------------------------------------------------------------------------------


def test_ivory_tile_is_shown_and_kept():
    state = arrive("move T1-T3", lambda b: fix_top(b, "T3", "I3-e"), start="T1")
    play(state, "explore")
    assert state.view(1)["seats"][0]["ivory"] == ["I3-e"]


def test_second_ivory_of_a_level_forces_a_choice_and_pays_two_vp():
    def change(body):
        fix_top(body, "T3", "I3-a")
        hold_ivory(body, 0, "I3-e")

    state = arrive("move T1-T3", change, start="T1")
    play(state, "explore")
    assert state.phase == "keep"
    assert texts(state) == ["keep I3-a", "keep I3-e"]
    assert coins(state, 0) == 2
    play(state, "keep I3-a")
    assert state.view(0)["seats"][0]["ivory"] == ["I3-a"]
    assert next(e for e in state.view(0)["history"] if e["type"] == "keep")["discarded"] == "I3-e"


# -- blue ---------------------------------------------------------------------------------------


def test_blue_tile_is_secret_and_scores_at_the_end():
    state = arrive("move CAMP-T1", lambda b: fix_top(b, "T1", "B3-4"))
    play(state, "explore")
    mine = state.view(0)["seats"][0]
    theirs = state.view(1)["seats"][0]
    assert mine["blue"] == ["B3-4"]
    assert theirs["blue"] == [] and theirs["blue_levels"] == [3]
    assert state.view(None)["seats"][0]["blue"] == []
    assert state.score_parts(0)["blue"] == 4


# -- purple -------------------------------------------------------------------------------------


def purple(effect: str, *changes):
    state = arrive("move CAMP-T4", lambda b: set_purple_top(b, "T4", f"P3-{effect}"), *changes)
    play(state, "explore")
    return state


def test_purple_tops_are_face_up_from_the_start():
    view = new(3).view(1)
    tops = [s["top"] for s in view["spaces"] if s["colour"] == "purple"]
    assert len(tops) == 4 and all(t and t.startswith("P3-") for t in tops)
    assert all(s["top"] is None for s in view["spaces"] if s["colour"] in ("blue", "ivory"))


def test_purple_next_tile_is_turned_up_after_use():
    state = purple("a")
    space = state.view(1)["spaces"][node("T4")]
    assert space["levels"] == [1, 2] and space["top"].startswith("P2-")


def test_purple_a_gains_three_vp():
    assert coins(purple("a"), 0) == 3


def test_purple_b_advances_a_toolbox():
    state = purple("b")
    assert state.phase == "steps"
    assert texts(state) == ["step start machete", "step start compass", "step start shovel"]
    play(state, "step start compass")
    assert state.view(0)["seats"][0]["toolboxes"]["compass"] == [1, 0, 0]


def test_purple_b_does_nothing_when_no_toolbox_can_move():
    state = purple("b", lambda b: tools(b, 0, machete_3=1))
    assert state.phase == "post"


def test_purple_c_takes_two_rations_capped_at_five():
    state = purple("c")
    assert state.view(0)["rations"][0] == 4  # 3 - 1 + 2
    state = purple("c", lambda b: set_rations(b, 0, 5))
    assert state.view(0)["rations"][0] == 5  # 5 - 1, then only 1 fits


def test_purple_d_brings_a_toolbox_from_the_reserve():
    boxes = purple("d").view(0)["seats"][0]["toolboxes"]
    assert boxes["reserve"] == 1 and boxes["start"] == 2


def test_purple_e_teleports_to_camp_and_ends_the_turn():
    state = purple("e")
    view = state.view(0)
    assert view["explorers"][0] == "CAMP"
    assert view["rations"][0] == 5  # 3 - 1 + 3, capped
    assert state.to_act == (1,)


def test_purple_f_moves_a_pathway_anywhere_and_feeds_i3d_holders():
    def change(body):
        give_paths(body, 0, ["R5-R6"])
        hold_ivory(body, 1, "I3-d")

    state = purple("f", change)
    assert texts(state) == ["lift R5-R6"]
    play(state, "lift R5-R6")
    assert "path R5-R6" not in texts(state)  # it must really move
    assert len(texts(state)) == 41
    play(state, "path R8-T12")
    assert state.view(0)["seats"][0]["pathways"] == ["R8-T12"]
    assert state.view(1)["rations"][1] == 4


def test_purple_f_without_pathways_does_nothing():
    state = purple("f")
    assert state.to_act == (1,)  # nothing to choose, and nothing else to do: turn over
    assert state.view(0)["seats"][0]["pathways"] == []


def test_purple_g_explores_an_adjacent_ruin_placing_the_pathway_by_the_purple_temple():
    state = purple("g")
    assert state.phase == "target"
    assert texts(state) == ["target R3", "target R4", "target T1", "target T5"]
    play(state, "target R3")
    assert state.view(0)["spaces"][node("R3")]["levels"] == [1, 2]
    assert all("T4" in t for t in texts(state))  # touching T4, where the explorer stands
    play(state, "path R4-T4")
    assert state.view(0)["seats"][0]["pathways"] == ["R4-T4"]
    assert state.view(0)["rations"][0] == 2  # only the one ration


def test_purple_g_on_an_adjacent_temple_takes_its_tile():
    state = purple("g", lambda b: fix_top(b, "T5", "I3-c"))
    play(state, "target T5")
    assert state.view(0)["seats"][0]["ivory"] == ["I3-c"]


def test_purple_g_with_nothing_adjacent_only_removes_the_purple_tile():
    def change(body):
        for space in ("R3", "R4", "T1", "T5"):
            body["levels"][node(space)] = []
            body["fixed"][node(space)] = {}

    state = purple("g", change)
    assert state.to_act == (1,)
    assert state.view(0)["rations"][0] == 2
    assert state.view(0)["spaces"][node("T4")]["levels"] == [1, 2]


def test_purple_g_emptying_the_adjacent_stack_places_its_relic():
    state = purple("g", lambda b: b["levels"].__setitem__(node("R4"), [1]))
    play(state, "target R4")
    assert state.view(0)["spaces"][node("R4")]["relic"] == "toad"


def test_purple_h_flips_up_to_two_tokens_without_steps():
    state = arrive("move CAMP-T4", lambda b: set_purple_top(b, "T4", "P3-h"))
    play(state, "explore")
    assert state.phase == "flip"
    play(state, "flip TB1", "done")
    view = state.view(0)
    assert "TB1" in view["tokens_up"]
    assert view["seats"][0]["toolboxes"]["start"] == 1  # no step from these flips


def test_purple_h_turning_the_last_token_grey_resets_all_and_gives_a_step():
    state = purple("h")  # arrive() left only TB5 face up
    play(state, "flip TB5")
    assert len(state.view(0)["tokens_up"]) == 10
    assert state.phase == "flip"
    play(state, "done")
    assert state.phase == "steps"
    play(state, "step start shovel")
    assert state.view(0)["seats"][0]["toolboxes"]["shovel"] == [1, 0, 0]


def test_a_pathway_off_the_allowed_trails_names_the_rule():
    state = arrive("move CAMP-R1", lambda b: give_paths(b, 0, ["R1-T2"]))
    play(state, "stop", "explore")
    with pytest.raises(IllegalActionError, match="touching R1"):
        state.act(0, "path T11-T12")
    with pytest.raises(IllegalActionError, match="never two of yours"):
        state.act(0, "path R1-T2")
    with pytest.raises(IllegalActionError, match="first choose a trail"):
        state.act(0, "end")


def test_purple_e_may_leave_the_turn_open_with_the_option():
    state = arrive(
        "move CAMP-T4",
        lambda b: set_purple_top(b, "T4", "P3-e"),
        lambda b: tools(b, 0, machete_2=1),
        options={"teleport_ends_turn": False},
    )
    play(state, "explore")
    assert state.to_act == (0,) and state.view(0)["explorers"][0] == "CAMP"
    assert "use machete 2" in texts(state)
