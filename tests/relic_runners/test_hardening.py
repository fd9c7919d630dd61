"""Hand-made Relic Runners states that used to load and then crash or stall in play.

The loader checks that the unseen tile pools can fill every face-down place that will
draw from them, and that each agenda task can be carried out in the position (the
stage it belongs to, the tiles and pathways it needs, where it may lie in the agenda).
Everything reachable in play still loads: see the last tests.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import relicbox
from relicbox import StateFormatError
from relicbox.games.relic_runners.data import BLUE, IVORY, TILE_BY_CODE, pool_key
from relicbox.games.relic_runners.scenario import Scenario, paths_in
from support.fuzz import play_out
from support.relic_runners import BOARD, node, trail

Body = dict[str, Any]


def loaded(data: dict[str, Any]) -> relicbox.State:
    return relicbox.state_from_dict(data)


def new_data(players: int = 3, seed: int = 0, **options: Any) -> dict[str, Any]:
    """The dict of a new game, to be edited by hand (so without the game's events)."""
    options.setdefault("setup", "first")
    return {
        **relicbox.new_game("relic-runners", players, seed, **options).to_dict(),
        "events": None,
    }


# -- pools and the face-down places that draw from them ---------------------------------------


def test_a_pool_short_of_the_face_down_places_drawing_from_it_is_refused():
    data = new_data()
    key = pool_key(IVORY, 3)  # a first game has exactly the 4 tiles for the 4 ivory stacks
    data["body"]["pools"][key].pop()
    with pytest.raises(StateFormatError, match=rf"body\.pools\[{key}\].* holds 3 .* 4 face-down"):
        loaded(data)


def test_a_pool_short_of_its_pending_reveals_is_refused_before_a_chance_step_without_outcomes():
    state = relicbox.new_game("relic-runners", 3, 0, setup="first", auto_chance=False)
    while state.is_chance:
        state.sample_chance()  # the purple tops are turned up
    state.act(0, "move CAMP-T1")  # a blue temple: the move stops there
    state.act(0, "explore")
    assert state.is_chance
    data = {**state.to_dict(), "events": None}
    key = pool_key(BLUE, 3)
    data["body"]["pools"][key] = data["body"]["pools"][key][:3]
    with pytest.raises(StateFormatError, match=rf"body\.pools\[{key}\]"):
        loaded(data)


def test_empty_pools_are_refused_while_the_temples_are_still_being_dealt():
    data = new_data(setup="standard", auto_chance=False)
    assert data["body"]["chance"][0][0] == "colour"
    data["body"]["pools"] = [[] for _ in range(9)]
    with pytest.raises(StateFormatError, match=r"body\.pools\[0\]"):
        loaded(data)


def test_a_temple_dealt_its_colour_twice_is_refused():
    data = new_data(setup="standard", auto_chance=False)
    chance = data["body"]["chance"]
    first = next(event for event in chance if event[0] == "colour")
    chance.append(list(first))
    with pytest.raises(StateFormatError, match=r"body\.chance.*colour .*twice"):
        loaded(data)


def test_a_pool_with_spare_tiles_loads_and_plays_to_the_end():
    data = new_data(setup="standard", max_turns=60)
    key = pool_key(IVORY, 2)  # 6 tiles for 4 places: two may go
    data["body"]["pools"][key] = data["body"]["pools"][key][:4]
    play_out(loaded(data), random.Random(1))


# -- agenda tasks -----------------------------------------------------------------------------


def after_move(*changes: Callable[[Body], None]) -> dict[str, Any]:
    """Seat 0 has walked to the ivory temple T3 and may now explore; then ``changes``."""
    scenario = Scenario(seed=2).explorer(0, "T3").stage("post")
    for change in changes:
        scenario.edit(change)
    return scenario.to_dict()


def push(*tasks: list[Any]) -> Callable[[Body], None]:
    return lambda body: body["agenda"].extend(tasks)


T3, R1, T1 = node("T3"), node("R1"), node("T1")
TEN_TRAILS = [BOARD.trail_name(t) for t in range(10)]


def test_the_position_the_task_cases_start_from_loads():
    state = loaded(after_move())
    assert state.phase == "post" and "explore" in [a.text for a in state.legal_actions(0)]


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ([push(["pick", R1, R1, 0, 0])], "ruin"),
        ([push(["pick", T3, T3, 0, 1])], "I2-b"),
        ([lambda b: b["levels"].__setitem__(T3, []), push(["pick", T3, T3, 0, 0])], "empty"),
        ([push(["keep", 3])], "keep"),
        ([push(["place", T3, 1, 1, 1])], "lifted"),
        ([push(["place", T3, 0, 3, 1])], "lifted"),
        ([lambda b: b.update(lifted=trail("R1-T1"), path_supply=[9, 10, 10]), push()], "lifted"),
        ([push(["turnup", R1])], "purple"),
        ([push(["begin"])], "set-up"),
        ([push(["first-turn"])], "set-up"),
        ([push(["start"])], "set-up"),
        ([push(["seat", 1])], "set-up"),
        ([push(["end-turn"], ["end-turn"])], "end-turn"),
        ([push(["steps", 1], ["lift", 1])], "top"),
        ([push(["take", T1, 3, T1, 0], ["steps", 1])], "top"),
        ([push(["target", T3, 0], ["target", T3, 0])], "top"),
        ([lambda b: paths_in(b, 0, TEN_TRAILS), push(["place", T3, 0, 1, 0])], "supply"),
    ],
)
def test_a_task_the_position_cannot_carry_out_is_refused(changes, reason):
    data = after_move(*changes)
    with pytest.raises(StateFormatError, match=r"body\.agenda|body\.lifted|body\.new_tile"):
        try:
            loaded(data)
        except StateFormatError as error:
            assert reason in str(error), str(error)
            raise


def holding_two_of_level_3(body: Body) -> None:
    body["ivory"][0]["3"] = TILE_BY_CODE["I3-a"][0]
    body["pools"][pool_key(IVORY, 3)].remove(TILE_BY_CODE["I3-a"][0])
    body["pools"][pool_key(IVORY, 3)].append(TILE_BY_CODE["I3-d"][0])  # from the box
    tile = TILE_BY_CODE["I3-b"][0]
    body["pools"][pool_key(IVORY, 3)].remove(tile)
    body["pools"][pool_key(IVORY, 3)].append(TILE_BY_CODE["I3-f"][0])
    body["new_tile"] = tile


def test_a_keep_task_needs_the_tile_just_taken_and_only_one_such_task():
    state = loaded(after_move(holding_two_of_level_3, push(["keep", 3])))
    assert state.phase == "keep"
    play_out(state, random.Random(3), cap=2000)
    with pytest.raises(StateFormatError, match=r"body\.agenda\[0\].*keep"):
        loaded(after_move(holding_two_of_level_3, push(["keep", 3], ["keep", 3])))
    with pytest.raises(StateFormatError, match=r"body\.new_tile"):
        loaded(after_move(holding_two_of_level_3))


def test_tasks_the_position_can_carry_out_load_and_play_on():
    with_i2b = lambda b: b["ivory"][0].__setitem__("2", TILE_BY_CODE["I2-b"][0])  # noqa: E731
    for changes in (
        [with_i2b, push(["pick", T3, T3, 0, 1])],
        [push(["pick", T3, T3, 0, 0])],
        [push(["place", T3, 0, 1, 0])],
        [push(["end-turn"], ["steps", 1])],
        [push(["turnup", node("T2")], ["target", T3, 0])],
        [lambda b: b.update(paths=[1, 0, 0], path_supply=[9, 10, 10]), push(["lift", 1])],
    ):
        play_out(loaded(after_move(*changes)), random.Random(4), cap=5000)


def test_a_relocation_in_progress_loads_only_with_its_pathway_lifted():
    lifted = trail("R1-T1")

    def holding(body: Body) -> None:
        body["paths"][0] = 0
        body["path_supply"][0] = 9
        body["lifted"] = lifted
        body["vacated"] = 1 << lifted

    state = loaded(after_move(holding, push(["place", T3, 1, 1, 1])))
    assert state.phase == "place"
    play_out(state, random.Random(5), cap=5000)
    with pytest.raises(StateFormatError, match=r"body\.lifted"):
        loaded(after_move(holding, push(["steps", 1])))


# -- everything reachable still loads ------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("setup", ["first", "standard", "random"])
def test_every_position_of_random_games_reloads(players, setup):
    rng = random.Random(players * 10 + len(setup))
    for seed in range(2):
        state = relicbox.new_game(
            "relic-runners",
            players,
            seed,
            setup=setup,
            abilities=seed == 1,
            auto_chance=False,
            max_turns=60,
            record=False,
        )
        while not state.is_over:
            again = relicbox.state_from_dict(state.to_dict())
            assert again.to_dict() == state.to_dict()
            if state.is_chance:
                state.sample_chance()
            else:
                seat = state.to_act[0]
                legal = state.legal_actions(seat)
                state.act(seat, legal[rng.randrange(len(legal))])
