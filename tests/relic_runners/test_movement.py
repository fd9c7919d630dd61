"""Movement (spec §1.4): one unexplored trail, own pathways before or after it, never both."""

from __future__ import annotations

import pytest

from relicbox import IllegalActionError
from relicbox.games.relic_runners.scenario import Scenario
from support.relic_runners import new, node, play, texts

QUIET = ["TB5"]  # one face-up token far from the action, so moves earn no steps


def at(where: str, paths: list[str] = (), players: int = 3, seat: int = 0):  # type: ignore[assignment]
    scenario = Scenario(players).explorer(seat, where).paths(seat, *paths).tokens(*QUIET)
    return scenario.build()


def test_a_fresh_game_starts_at_camp_and_must_move():
    state = new(3)
    assert state.to_act == (0,)
    assert state.view(0)["explorers"] == ["CAMP"] * 3
    moves = [t for t in texts(state) if t.startswith("move")]
    assert len(moves) == 7
    with pytest.raises(IllegalActionError, match="must move"):
        state.act(0, "stop")


def test_one_unexplored_trail_then_the_move_is_over():
    state = play(new(3), "move CAMP-R1")
    # With no pathways there is nothing more to walk: the move ends by itself.
    assert state.phase == "post"
    assert state.view(0)["this_turn"]["trails_moved"] == 1


def test_a_second_unexplored_trail_is_refused_with_the_rule():
    state = at("R2", ["R1-R2"])
    play(state, "move R2-T1")  # unexplored
    assert "move R1-T1" not in texts(state)
    with pytest.raises(IllegalActionError, match="only one unexplored trail"):
        state.act(0, "move R1-T1")


def test_unexplored_then_pathways():
    state = at("CAMP", ["R1-R2", "R2-T3"])
    play(state, "move CAMP-R1", "move R1-R2", "move R2-T3")
    assert state.view(0)["this_turn"]["trails_moved"] == 3
    assert state.phase == "post"  # nothing left to walk: stopped on T3
    assert state.view(0)["explorers"][0] == "T3"


def test_pathways_then_unexplored():
    state = at("R1", ["R1-R2"])
    play(state, "move R1-R2", "move R2-T2")
    assert state.view(0)["explorers"][0] == "T2"
    assert state.phase == "post"


def test_pathways_on_both_sides_of_the_unexplored_trail_are_refused():
    state = at("R1", ["R1-R2", "R8-T2"])
    play(state, "move R1-R2", "move R2-T2")
    assert "move R8-T2" not in texts(state)
    assert state.phase == "post"
    state = at("R1", ["R1-R2", "R8-T2", "R7-R8"])
    play(state, "move R1-R2")
    with pytest.raises(IllegalActionError, match="before or after"):
        # a pathway first, then the unexplored trail, then a pathway again
        play(state, "move R2-T2", "move R8-T2")


def test_ivory_i2a_lifts_the_before_or_after_rule_mid_move():
    scenario = Scenario().explorer(0, "R1").paths(0, "R1-R2", "R8-T2").ivory(0, "I2-a")
    state = scenario.tokens(*QUIET).build()
    play(state, "move R1-R2", "move R2-T2")
    assert "use I2-a" in texts(state)
    play(state, "use I2-a", "move R8-T2")
    assert state.view(0)["explorers"][0] == "R8"
    assert state.view(0)["seats"][0]["ivory"] == []


def test_each_trail_only_once_per_turn_but_spaces_may_repeat():
    state = at("R1", ["R1-R2", "R2-T1", "R1-T1"])
    play(state, "move R1-R2", "move R2-T1", "move R1-T1")
    assert state.view(0)["explorers"][0] == "R1"  # back on the start space
    assert "move R1-R2" not in texts(state)
    with pytest.raises(IllegalActionError, match="once per turn"):
        state.act(0, "move R1-R2")
    with pytest.raises(IllegalActionError, match="where your turn began"):
        state.act(0, "stop")
    play(state, "move R1-T2")
    assert state.view(0)["explorers"][0] == "T2"


def test_returning_to_the_start_is_refused_when_the_move_could_not_go_on():
    state = at("R2", ["R1-T1", "R2-T1"])
    play(state, "move R1-R2", "move R1-T1")  # unexplored, then a pathway
    assert "move R2-T1" not in texts(state)
    with pytest.raises(IllegalActionError, match="where it began"):
        state.act(0, "move R2-T1")


def test_entering_camp_stops_the_move_and_ends_the_turn_with_rations():
    scenario = Scenario().explorer(0, "T1").paths(0, "R1-T1", "CAMP-R1", "CAMP-T4")
    state = scenario.rations(0, 0).tokens(*QUIET).build()
    play(state, "move R1-T1", "move CAMP-R1")
    view = state.view(0)
    assert view["explorers"][0] == "CAMP"
    assert view["rations"][0] == 3
    assert state.to_act == (1,)  # the turn ended at camp


def test_a_turn_that_starts_at_camp_cannot_return_to_it():
    state = at("CAMP", ["CAMP-R1", "R1-T1", "CAMP-T1"])
    play(state, "move CAMP-R1", "move R1-T1")
    assert "move CAMP-T1" not in texts(state)
    with pytest.raises(IllegalActionError, match="camp"):
        state.act(0, "move CAMP-T1")


def test_moving_a_trail_that_is_not_here_names_the_fault():
    state = new(3)
    with pytest.raises(IllegalActionError, match="not at either end"):
        state.act(0, "move R2-T3")
    with pytest.raises(IllegalActionError, match="no trail between"):
        state.act(0, "move CAMP-T12")
    with pytest.raises(IllegalActionError, match="seat 1"):
        state.act(1, "move CAMP-R1")


def test_reversed_trail_names_are_accepted():
    state = play(new(3), "move R1-CAMP")
    assert state.view(0)["explorers"][0] == "R1"


def test_explorers_may_share_a_space():
    state = play(new(3), "move CAMP-R1", "end", "move CAMP-R1")
    assert state.view(0)["explorers"][:2] == ["R1", "R1"]
    assert state.view(1)["explorers"][1] == "R1"
    assert state.to_dict()["body"]["pos"][1] == node("R1")
