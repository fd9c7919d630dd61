"""The public scenario builder: positions set up by name, checked by the codec when built."""

from __future__ import annotations

import contextlib
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from relicbox import RelicboxError, StateFormatError
from relicbox.games.relic_runners.actions import Move
from relicbox.games.relic_runners.checks import pool_needs
from relicbox.games.relic_runners.data import BLUE, IVORY, TILE_BY_CODE, pool_key
from relicbox.games.relic_runners.scenario import Scenario
from support.fuzz import play_out
from support.relic_runners import node, play


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


# -- tile counts stay whole ------------------------------------------------------------------


def pools_cover_their_places(state) -> bool:
    body = state.to_dict()["body"]
    drawn = [{int(level) for level in fixed} for fixed in body["fixed"]]
    needs = pool_needs(body["colour"], body["levels"], drawn)
    return all(len(pool) >= need for pool, need in zip(body["pools"], needs, strict=True))


def tile_count(state) -> int:
    """Tiles anywhere in the game (the rest are in the box)."""
    body = state.to_dict()["body"]
    places = [t for pool in body["pools"] for t in pool]
    places += [tile for fixed in body["fixed"] for tile, _ in fixed.values()]
    places += [t for ivory in body["ivory"] for t in ivory.values()]
    places += [t for blue in body["blue"] for t in blue] + body["discard"]
    assert len(places) == len(set(places))
    return len(places)


@pytest.mark.parametrize("seed", range(6))
def test_tiles_given_to_seats_leave_the_pools_whole_and_games_play_to_the_end(seed):
    # a first game has exactly as many ivory tiles of each level as ivory stacks
    state = (
        Scenario(seed=seed, max_turns=90)
        .ivory(0, "I3-c", "I2-d")
        .ivory(2, "I1-a")
        .blue(1, "B2-3", "B3-2")
        .build()
    )
    assert pools_cover_their_places(state)
    play_out(state, random.Random(seed))


def test_two_ivory_tiles_of_one_level_in_one_call_are_refused():
    with pytest.raises(StateFormatError, match="'I2-b' and 'I2-c' are both of level 2"):
        Scenario().ivory(0, "I2-b", "I2-c")


def test_an_ivory_tile_given_in_place_of_another_goes_back_to_its_pool():
    before = tile_count(Scenario().build())
    state = Scenario().ivory(0, "I2-c").ivory(0, "I2-d").build()
    body = state.to_dict()["body"]
    assert body["ivory"][0] == {"2": TILE_BY_CODE["I2-d"][0]}
    assert TILE_BY_CODE["I2-c"][0] in body["pools"][pool_key(IVORY, 2)]
    assert tile_count(state) >= before and pools_cover_their_places(state)


def test_a_rigged_tile_replaced_goes_back_to_its_pool():
    state = Scenario().top("T1", "B3-4").top("T1", "B3-3").build()
    body = state.to_dict()["body"]
    assert TILE_BY_CODE["B3-4"][0] in body["pools"][pool_key(BLUE, 3)]
    assert body["fixed"][node("T1")]["3"][0] in TILE_BY_CODE["B3-3"]


def test_more_tiles_than_the_face_down_places_spare_are_refused_and_the_scenario_kept():
    scenario = Scenario()
    # six blue level 3 tiles, four blue stacks: only two can be given
    with pytest.raises(StateFormatError, match=r"'B3-4'.* 3 unseen blue level 3 tiles for 4"):
        scenario.blue(0, "B3-2", "B3-3", "B3-4")
    assert scenario.build().view(0)["seats"][0]["blue"] == []
    state = scenario.shrine("T1").blue(0, "B3-2", "B3-3", "B3-4").build()
    assert sorted(state.view(0)["seats"][0]["blue"]) == ["B3-2", "B3-3", "B3-4"]
    assert pools_cover_their_places(state)


@pytest.mark.parametrize(
    ("make", "names"),
    [
        (lambda: Scenario().top("T1", "I3-a"), "'I3-a' cannot lie at level 3 of T1"),
        (lambda: Scenario().level("T1", 2, "B3-4"), "'B3-4' cannot lie at level 2"),
        (lambda: Scenario().top("R1", "B3-4"), "R1 is a ruin"),
        (lambda: Scenario().purple_top("T1", "P3-a"), "T1 is not a purple temple"),
        (lambda: Scenario().shrine("CAMP"), "the camp has no stack"),
    ],
)
def test_a_tile_that_cannot_lie_there_is_refused_at_once(make, names):
    with pytest.raises(StateFormatError, match=names):
        make()


# -- wrongly typed names and counts ------------------------------------------------------------


@pytest.mark.parametrize(
    ("make", "quoted"),
    [
        (lambda: Scenario().explorer(0, 5), "5"),
        (lambda: Scenario().explorer(0, ["R1"]), r"\['R1'\]"),
        (lambda: Scenario().explorer("0", "R1"), "'0'"),
        (lambda: Scenario().paths(0, 5), "5"),
        (lambda: Scenario().paths(0, ["R1-T1"]), r"\['R1-T1'\]"),
        (lambda: Scenario().ivory(0, 5), "5"),
        (lambda: Scenario().ivory(0, None), "None"),
        (lambda: Scenario().blue(0, {"B3-4"}), r"\{'B3-4'\}"),
        (lambda: Scenario().rations(0, "3"), "'3'"),
        (lambda: Scenario().rations(0, 10**5000), r"5001-digit|\.\.\."),
        (lambda: Scenario().coins(0, 1.5), "1.5"),
        (lambda: Scenario().relics(0, toad="2"), "'2'"),
        (lambda: Scenario().toolboxes(0, start="1"), "'1'"),
        (lambda: Scenario().toolboxes(0, machete_1=None), "None"),
        (lambda: Scenario().tokens(5), "5"),
        (lambda: Scenario().tokens(["TB1"]), r"\['TB1'\]"),
        (lambda: Scenario().level("T1", "2", "B2-3"), "'2'"),
        (lambda: Scenario().top(5, "B3-4"), "5"),
        (lambda: Scenario().top("T1", 5), "5"),
        (lambda: Scenario().top("T1", "B3-4", public="yes"), "'yes'"),
        (lambda: Scenario().shrine(("T1",)), r"\('T1',\)"),
        (lambda: Scenario().shrine("T1", relic="no"), "'no'"),
        (lambda: Scenario().start_relic(5), "5"),
        (lambda: Scenario().start_relic(["toad"]), r"\['toad'\]"),
        (lambda: Scenario().stage(5), "5"),
        (lambda: Scenario().turn(None), "None"),
        (lambda: Scenario().edit(5), "5"),
        (lambda: Scenario.from_state(5), "5"),
        (lambda: Scenario(players="3"), "'3'"),
        (lambda: Scenario(seed="x"), "'x'"),
        (lambda: Scenario(setup=7), "7"),
    ],
)
def test_a_wrongly_typed_argument_is_refused_quoting_it(make, quoted):
    with pytest.raises(RelicboxError, match=quoted):
        make()


# -- any sequence of builder calls ------------------------------------------------------------

SPACES = ["CAMP", "R1", "R4", "T1", "T2", "T3", "T4", "T8", "T12"]
CODES = ["B1-5", "B2-3", "B3-2", "B3-4", "I1-a", "I2-b", "I2-c", "I3-a", "P1-a", "P2-g", "P3-c"]
junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-2, 12),
    st.sampled_from(["", "x", "R9", "B9-9", 10**30, 1.5, ("T1",), ["R1"]]),
)
seat = st.one_of(st.integers(0, 4), junk)
space = st.one_of(st.sampled_from(SPACES), junk)
code = st.one_of(st.sampled_from(CODES), junk)
trail_name = st.one_of(st.sampled_from(["R1-T1", "CAMP-R1", "R3-T6", "T10-T12", "R1-R2"]), junk)
count = st.one_of(st.integers(0, 6), junk)
CALLS = {
    "explorer": st.tuples(seat, space),
    "turn": st.tuples(seat),
    "rations": st.tuples(seat, count),
    "coins": st.tuples(seat, count),
    "blue": st.tuples(seat).flatmap(lambda s: st.lists(code, max_size=3).map(lambda c: (*s, *c))),
    "ivory": st.tuples(seat).flatmap(lambda s: st.lists(code, max_size=3).map(lambda c: (*s, *c))),
    "paths": st.tuples(seat).flatmap(
        lambda s: st.lists(trail_name, max_size=4).map(lambda t: (*s, *t))
    ),
    "stage": st.tuples(st.one_of(st.sampled_from(["move", "post", "setup", "over"]), junk)),
    "start_relic": st.tuples(st.one_of(st.sampled_from(["toad", "bird", None]), junk)),
    "tokens": st.lists(st.one_of(st.sampled_from(["TB1", "TB5", "TB10"]), junk), max_size=3),
    "shrine": st.tuples(space, st.one_of(st.booleans(), junk)),
    "top": st.tuples(space, code, st.one_of(st.booleans(), junk)),
    "level": st.tuples(space, st.one_of(st.integers(1, 3), junk), code),
    "purple_top": st.tuples(space, code),
}
KEYWORD_CALLS = {
    "relics": st.tuples(
        seat, st.dictionaries(st.sampled_from(["toad", "skull", "bird", "frog"]), count)
    ),
    "toolboxes": st.tuples(
        seat, st.dictionaries(st.sampled_from(["start", "machete_1", "shovel_3", "axe_2"]), count)
    ),
}
call = st.one_of(
    *(args.map(lambda a, name=name: (name, tuple(a), {})) for name, args in CALLS.items()),
    *(args.map(lambda a, name=name: (name, (a[0],), a[1])) for name, args in KEYWORD_CALLS.items()),
)


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    players=st.integers(2, 5),
    seed=st.integers(0, 2**32),
    setup=st.sampled_from(["first", "standard", "random"]),
    calls=st.lists(call, max_size=6),
    picks=st.randoms(use_true_random=False),
)
def test_any_builder_calls_give_a_playable_position_or_a_relicbox_error(
    players, seed, setup, calls, picks
):
    scenario = Scenario(players=players, seed=seed, setup=setup, max_turns=40)
    for name, args, keywords in calls:
        with contextlib.suppress(RelicboxError):
            getattr(scenario, name)(*args, **keywords)
    try:
        state = scenario.build()
    except RelicboxError:
        return
    play_out(state, picks, cap=20_000)
