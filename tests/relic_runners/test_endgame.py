"""Expeditions, rations, the end-game trigger, final round, final scoring and tie-breaks."""

from __future__ import annotations

import pytest

from relicbox import IllegalActionError
from support.relic_runners import (
    coins,
    edit,
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

BIRD = 2


def expedition(*changes, players: int = 3):
    """Seat 0 starts its turn on the bird shrine T1; T12 holds the other bird."""

    def change(body):
        put(body, 0, "T1")
        tokens(body, ["TB5"])
        shrine(body, "T1")
        shrine(body, "T12")
        body["start_relic"] = BIRD
        give_paths(body, 0, ["R1-R7", "R7-R8", "R8-T12"])
        for extra in changes:
            extra(body)

    return edit(new(players), change)


def test_rulebook_expedition_one_unexplored_trail_and_three_pathways_is_eight_vp():
    state = play(expedition(), "move R1-T1", "move R1-R7", "move R7-R8", "move R8-T12")
    view = state.view(0)
    assert coins(state, 0) == 8
    assert view["seats"][0]["relics"]["bird"] == 1
    assert view["spaces"][node("T12")]["relic"] is None
    assert view["spaces"][node("T1")]["relic"] == "bird"  # the start relic stays
    assert view["relics_collected"] == 1


def test_no_expedition_without_a_relic_at_the_start_of_the_turn():
    state = play(
        expedition(lambda b: b.__setitem__("start_relic", None)),
        "move R1-T1",
        "move R1-R7",
        "move R7-R8",
        "move R8-T12",
    )
    assert coins(state, 0) == 0
    assert state.view(0)["spaces"][node("T12")]["relic"] == "bird"


def test_no_expedition_to_a_relic_of_another_colour():
    def change(body):
        shrine(body, "R8")

    state = play(expedition(change), "move R1-T1", "move R1-R7", "move R7-R8", "stop")
    assert coins(state, 0) == 0
    assert state.view(0)["spaces"][node("R8")]["relic"] == "toad"


def test_different_relic_colours_score_five_each_duplicates_nothing():
    state = edit(new(3), lambda b: b["relics"].__setitem__(0, [2, 1, 0, 1]))
    assert state.score_parts(0)["relics"] == 15


# -- rations ---------------------------------------------------------------------------------


def test_camp_gives_three_rations_but_never_more_than_five_on_a_board():
    state = edit(new(3), lambda b: (put(b, 0, "R1"), set_rations(b, 0, 4)))
    play(state, "move CAMP-R1")
    assert state.view(0)["rations"][0] == 5


def test_a_short_camp_supply_gives_what_it_has():
    def change(body):  # two rations too many in the game
        body["rations"] = [5, 5, 5]

    def short(body):
        put(body, 0, "R1")
        body["rations"] = [0, 5, 5]
        body["supply"] = 5

    state = edit(new(3), short)
    play(state, "move CAMP-R1")
    assert state.view(0)["rations"][0] == 3
    assert state.view(0)["camp_rations"] == 2
    with pytest.raises(Exception, match="rations"):
        edit(new(3), change)


def test_rations_are_a_closed_pool_of_five_per_player():
    view = new(4).view(None)
    assert sum(view["rations"]) + view["camp_rations"] == 20
    assert view["rations"] == [3, 3, 3, 3]


# -- the end -----------------------------------------------------------------------------------


def to_trigger(*changes):
    return expedition(lambda b: b.__setitem__("collected", 7), *changes)


def finish_turns(state):
    while not state.is_over:
        seat = state.to_act[0]
        options = texts(state, seat)
        choice = next((t for t in options if t in ("stop", "end")), options[0])
        state.act(seat, choice)
    return state


def test_the_eighth_relic_in_a_three_player_game_starts_the_final_round():
    state = play(to_trigger(), "move R1-T1", "move R1-R7", "move R7-R8", "move R8-T12")
    view = state.view(1)
    assert view["final_round"] and view["final_seat"] == 0
    assert state.to_act == (1,)
    turns = []
    while not state.is_over:
        if state.to_act[0] not in turns:
            turns.append(state.to_act[0])
        seat = state.to_act[0]
        options = texts(state, seat)
        state.act(seat, next((t for t in options if t in ("stop", "end")), options[0]))
    assert turns == [1, 2]  # everyone else once more; the trigger gets no extra turn
    assert state.winners()


def test_relic_counts_that_end_the_game():
    from relicbox.games.relic_runners.data import RELICS_TO_END

    assert RELICS_TO_END == {2: 7, 3: 8, 4: 9, 5: 10}


def test_i1f_holder_takes_an_extra_turn_after_the_last_regular_one():
    state = to_trigger(lambda b: hold_ivory(b, 1, "I1-f"))
    play(state, "move R1-T1", "move R1-R7", "move R7-R8", "move R8-T12")
    order = []
    while not state.is_over:
        turn = state.view(None)["turn"]
        if not order or order[-1][0] != turn:
            order.append((turn, state.to_act[0]))
        seat = state.to_act[0]
        options = texts(state, seat)
        state.act(seat, next((t for t in options if t in ("stop", "end")), options[0]))
    assert [seat for _, seat in order] == [1, 2, 1]
    assert state.view(None)["seats"][1]["ivory"] == []  # discarded for the extra turn


def test_game_ends_when_no_relic_can_ever_be_collected():
    def change(body):
        for space in range(1, 21):
            body["levels"][space] = []
            body["fixed"][space] = {}
            body["relic_on"][space] = False
        body["relic_on"][node("T1")] = True

    state = play(edit(new(3), change), "move CAMP-R1")
    assert state.is_over and not state.view(None)["truncated"]
    assert state.view(None)["ended_by"] == "stall"


def test_max_turns_ends_the_game_flagged_truncated():
    state = new(2, max_turns=4)
    finish_turns(state)
    view = state.view(0)
    assert view["truncated"] and view["turn"] == 4 and view["ended_by"] == "max-turns"
    assert state.winners()


def test_final_scoring_with_each_ivory_level_one_bonus():
    def change(body):
        body["coins"][0] = 10
        body["relics"][0] = [2, 1, 0, 0]
        set_rations(body, 0, 4)
        give_paths(body, 0, ["R1-R2", "R2-T2", "T2-R8"])
        tools(body, 0, start=1, machete_2=1)
        hold_ivory(body, 0, "I2-a", "I3-a")

    expected = {"I1-a": 9, "I1-b": 8, "I1-c": 5, "I1-d": 3, "I1-e": 8, "I1-f": 0}
    for code, bonus in expected.items():
        state = edit(new(3), lambda b, code=code: (change(b), hold_ivory(b, 0, code)))
        parts = state.score_parts(0)
        assert parts == {"coins": 10, "blue": 0, "relics": 10, "ivory": bonus}, code
        assert state.scores()[0] == 20 + bonus


def over_with(scores_relics):
    def change(body):
        body["stage"] = "over"
        body["agenda"] = []
        for seat, (points, relics) in enumerate(scores_relics):
            body["relics"][seat] = relics
            body["coins"][seat] = points - 5 * sum(1 for r in relics if r)

    return edit(new(3), change)


def test_ties_go_to_most_relics_then_most_different_relics_then_shared():
    assert over_with([(30, [2, 0, 0, 0]), (30, [1, 0, 0, 0]), (10, [0] * 4)]).winners() == [0]
    assert over_with([(30, [2, 0, 0, 0]), (30, [1, 1, 0, 0]), (10, [0] * 4)]).winners() == [1]
    assert over_with([(30, [1, 1, 0, 0]), (30, [0, 1, 1, 0]), (30, [2, 0, 0, 0])]).winners() == [
        0,
        1,
    ]
    returns = over_with([(30, [1, 1, 0, 0]), (30, [0, 1, 1, 0]), (3, [0] * 4)]).returns()
    assert returns == [0.5, 0.5, 0.0]


def test_no_decisions_after_the_end():
    state = over_with([(30, [1, 0, 0, 0]), (3, [0] * 4), (3, [0] * 4)])
    assert state.to_act == () and state.legal_actions(0) == ()
    with pytest.raises(IllegalActionError, match="over"):
        state.act(0, "end")
