"""The public scenario builder: positions set up by name, checked by the codec when built."""

from __future__ import annotations

import json

import pytest

from relicbox import StateFormatError
from relicbox.games.relic_runners.actions import Move
from relicbox.games.relic_runners.scenario import Scenario
from support.relic_runners import play


def test_each_edit_shows_in_the_owners_view():
    state = (
        Scenario(players=3, seed=2)
        .explorer(1, "R3")
        .rations(1, 5)
        .coins(1, 6)
        .relics(1, toad=2, juju=1)
        .blue(1, "B2-3")
        .ivory(1, "I2-b", "I3-c")
        .paths(1, "R3-T6", "CAMP-R1")
        .toolboxes(1, start=1, compass_2=1)
        .tokens("TB1", "TB5")
        .build()
    )
    view = state.view(1)
    me = view["seats"][1]
    assert view["explorers"] == ["CAMP", "R3", "CAMP"]
    assert view["rations"][1] == 5 and view["camp_rations"] == 3 * 5 - 5 - 3 - 3
    assert me["coins"] == 6 and me["blue"] == ["B2-3"]
    assert me["relics"] == {"toad": 2, "skull": 0, "bird": 0, "juju": 1}
    assert sorted(me["ivory"]) == ["I2-b", "I3-c"]
    assert sorted(me["pathways"]) == ["CAMP-R1", "R3-T6"] and me["pathways_left"] == 8
    assert me["toolboxes"]["start"] == 1 and me["toolboxes"]["compass"] == [0, 1, 0]
    assert me["toolboxes"]["reserve"] == 1
    assert view["tokens_up"] == ["TB1", "TB5"]
    assert state.view(0)["seats"][1]["coins"] is None  # still hidden from the others


def test_the_seat_to_play_starts_its_turn_where_it_is_put():
    state = Scenario().explorer(1, "R2").turn(1).tokens("TB5").build()
    assert state.to_act == (1,)
    moves = [a for a in state.legal_actions(1) if isinstance(a.args, Move)]
    assert moves and all("R2" in move.args for move in moves)
    play(state, moves[0].text)
    assert state.view(1)["explorers"][1] != "R2"


def test_rigged_tiles_are_found_where_they_were_put():
    state = Scenario(seed=4).top("T1", "B3-4").tokens("TB5").build()
    assert "B3-4" not in json.dumps(state.view(0))  # face down until explored
    play(state, "move CAMP-T1", "explore")
    assert state.view(0)["seats"][0]["blue"] == ["B3-4"]
    shown = Scenario(seed=4).purple_top("T2", "P3-a").build().view(None)
    assert next(space for space in shown["spaces"] if space["id"] == "T2")["top"] == "P3-a"


def test_a_shrine_keeps_its_relic_until_taken():
    view = Scenario().shrine("T7").shrine("R8", relic=False).build().view(None)
    spaces = {space["id"]: space for space in view["spaces"]}
    assert spaces["T7"]["levels"] == [] and spaces["T7"]["relic"] == "bird"
    assert spaces["R8"]["levels"] == [] and spaces["R8"]["relic"] is None


def test_building_twice_or_from_a_state_leaves_the_source_alone():
    scenario = Scenario().explorer(0, "R1")
    first = scenario.build()
    before = first.to_dict()
    second = Scenario.from_state(first).explorer(0, "R2").build()
    assert first.to_dict() == before
    assert second.view(0)["explorers"][0] == "R2"
    assert scenario.build().to_dict()["body"] == before["body"]
    assert scenario.body["pos"][0] == 1
    scenario.body["pos"][0] = 5  # a copy: the scenario is unchanged
    assert scenario.body["pos"][0] == 1


@pytest.mark.parametrize(
    ("make", "names"),
    [
        (lambda: Scenario().explorer(0, "R9"), "'R9'"),
        (lambda: Scenario().explorer(3, "R1"), "seat 3"),
        (lambda: Scenario().paths(0, "CAMP-T12"), "'CAMP-T12'"),
        (lambda: Scenario().paths(0, "R1"), "'R1'"),
        (lambda: Scenario().top("T1", "B9-9"), "'B9-9'"),
        (lambda: Scenario().ivory(0, "B1-3"), "'B1-3'"),
        (lambda: Scenario().relics(0, frog=1), "'frog'"),
        (lambda: Scenario().tokens("TB11"), "'TB11'"),
        (lambda: Scenario().toolboxes(0, axe_1=1), "'axe_1'"),
        (lambda: Scenario().shrine("T1").top("T1", "B3-4"), "no stack"),
        (lambda: Scenario(players=2).level("T1", 3, "B3-4"), "no level 3"),
        (lambda: Scenario().start_relic("gold"), "'gold'"),
    ],
)
def test_a_bad_name_is_refused_at_once_naming_it(make, names):
    with pytest.raises(StateFormatError, match=names):
        make()


@pytest.mark.parametrize(
    ("scenario", "names"),
    [
        (lambda: Scenario().rations(0, 6), "rations"),
        (lambda: Scenario().edit(lambda body: body["rations"].__setitem__(0, 4)), "camp supply"),
        (lambda: Scenario().toolboxes(0, machete_1=3, start=1), "reserve"),
        (lambda: Scenario().edit(lambda body: body.__setitem__("discard", [0, 0])), "tile"),
        (lambda: Scenario().stage("lunch"), "stage"),
    ],
)
def test_an_impossible_position_is_refused_when_built(scenario, names):
    with pytest.raises(StateFormatError, match=names):
        scenario().build()
