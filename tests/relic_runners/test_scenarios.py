"""Scenarios for readings on the rules page (the other files here cover one topic each):
optional tiles stay optional, the mandatory move after a teleport, I2-b on every temple
exploration, P-g with I2-e, and the no-progress backstop."""

from __future__ import annotations

import pytest

import relicbox
from support.relic_runners import (
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
    texts,
    tokens,
    tools,
)

R1_TRAILS = ["CAMP-R1", "R1-T1", "R1-R7", "R1-T2", "R1-R2"]
T4_TRAILS = ["CAMP-T4", "T1-T4", "R3-T4", "R4-T4", "T4-T5"]


def game(*changes, start: str = "CAMP", players: int = 3, **options: object):
    def change(body):
        put(body, 0, start)
        tokens(body, ["TB5"])
        for extra in changes:
            extra(body)

    return edit(new(players, **options), change)


def seat0(state: relicbox.State) -> dict:
    return state.view(0)["seats"][0]


# -- I2-d and I2-e are never forced out ----------------------------------------------------


def test_a_ruin_with_no_free_trail_skips_the_pathway_and_keeps_i2d():
    state = game(lambda b: give_paths(b, 0, R1_TRAILS), lambda b: hold_ivory(b, 0, "I2-d"))
    play(state, "move CAMP-R1", "stop", "explore")
    assert state.to_act == (1,)  # nothing to place: the turn went on (and ended)
    assert seat0(state)["ivory"] == ["I2-d"]
    assert seat0(state)["pathways_left"] == 5
    assert state.view(0)["spaces"][node("R1")]["levels"] == [1, 2]


def test_a_ruin_with_no_free_trail_offers_i2e_or_nothing_and_done_keeps_it():
    def change(body):
        give_paths(body, 0, R1_TRAILS)
        hold_ivory(body, 0, "I2-e")

    state = play(game(change), "move CAMP-R1", "stop", "explore")
    assert texts(state) == ["use I2-e", "done"]
    assert "place no pathway" in relicbox.get_game("relic-runners").text.describe_action(
        "done", state.view(0), "en"
    )
    play(state, "done")
    assert state.to_act == (1,) and seat0(state)["ivory"] == ["I2-e"]
    other = play(game(change), "move CAMP-R1", "stop", "explore", "use I2-e")
    assert len(texts(other)) == 42 - 5  # anywhere but on its own pathways
    assert seat0(other)["ivory"] == []


def test_i2d_needs_room_for_both_pathways():
    def change(body):
        give_paths(body, 0, R1_TRAILS[:4])
        hold_ivory(body, 0, "I2-d")

    state = play(game(change), "move CAMP-R1", "stop", "explore")
    assert texts(state) == ["path R1-R2"]  # one trail left: I2-d is not offered
    play(state, "path R1-R2")
    assert seat0(state)["ivory"] == ["I2-d"]


def test_purple_g_with_every_trail_of_the_purple_temple_taken_keeps_i2d():
    def change(body):
        set_purple_top(body, "T4", "P3-g")
        give_paths(body, 0, T4_TRAILS)
        hold_ivory(body, 0, "I2-d")

    state = play(game(change, start="T1"), "move T1-T4", "stop", "explore", "target R3")
    assert state.view(0)["spaces"][node("R3")]["levels"] == [1, 2]
    assert state.to_act == (1,) and seat0(state)["ivory"] == ["I2-d"]


def test_purple_g_with_i2e_places_the_pathway_anywhere():
    """P-g says where its pathway goes instead of next to the ruin; I2-e lifts that place."""

    def change(body):
        set_purple_top(body, "T4", "P3-g")
        hold_ivory(body, 0, "I2-e")

    state = play(game(change), "move CAMP-T4", "explore", "target R3")
    assert sorted(texts(state)) == sorted([f"path {t}" for t in T4_TRAILS] + ["use I2-e"])
    play(state, "use I2-e", "path T9-T11")
    assert seat0(state)["pathways"] == ["T9-T11"]


# -- the mandatory move ---------------------------------------------------------------------


def test_a_teleport_before_moving_still_owes_the_move_from_the_camp():
    """'Každé kolo musíte pohnout svým průzkumníkem podél cesty': Machete 1 + P-e first."""

    def change(body):
        put(body, 0, "T4")
        set_purple_top(body, "T4", "P3-e")
        tools(body, 0, machete_1=1)

    state = game(change, start="T4")
    play(state, "use machete 1")
    assert state.to_act == (0,) and state.phase == "move"
    assert state.view(0)["explorers"][0] == "CAMP" and state.view(0)["rations"][0] == 5
    legal = texts(state)
    assert "move CAMP-R1" in legal
    assert "move CAMP-T4" not in legal  # the move may not end where the turn began
    play(state, "move CAMP-R1")
    assert state.phase == "post" and "explore" in texts(state)
    moves = [e for e in state.view(0)["history"] if e["type"] == "move"]
    assert moves[-1]["route"] == ["CAMP", "R1"]


def test_a_teleport_after_the_move_still_ends_the_turn():
    state = game(lambda b: set_purple_top(b, "T4", "P3-e"))
    play(state, "move CAMP-T4", "explore")
    assert state.to_act == (1,) and state.view(0)["explorers"][0] == "CAMP"


# -- I2-b on Machete 1 and P-g explorations -------------------------------------------------


def test_machete_1_may_look_through_the_stack_with_i2b():
    def change(body):
        tools(body, 0, machete_1=1)
        hold_ivory(body, 0, "I2-b")
        fix_level(body, "T1", 1, "B1-5")

    state = play(game(change, start="T3"), "move T1-T3", "use machete 1")
    assert state.phase == "pick" and texts(state) == ["pick 3", "use I2-b"]
    with pytest.raises(relicbox.IllegalActionError, match="look through the stack with I2-b"):
        state.act(0, "pick 1")
    play(state, "use I2-b")
    assert texts(state) == ["pick 1", "pick 2", "pick 3"]
    play(state, "pick 1")
    assert seat0(state)["blue"] == ["B1-5"] and state.view(0)["rations"][0] == 3
    assert seat0(state)["ivory"] == []


def test_machete_1_taking_the_top_tile_keeps_i2b():
    def change(body):
        tools(body, 0, machete_1=1)
        hold_ivory(body, 0, "I2-b")
        fix_top(body, "T1", "B3-2")

    state = play(game(change, start="T3"), "move T1-T3", "use machete 1", "pick 3")
    assert seat0(state)["blue"] == ["B3-2"] and seat0(state)["ivory"] == ["I2-b"]
    assert "explore" in texts(state)


def test_the_explore_only_reading_keeps_i2b_off_machete_1():
    def change(body):
        tools(body, 0, machete_1=1)
        hold_ivory(body, 0, "I2-b")
        fix_top(body, "T1", "B3-2")

    state = game(change, start="T3", i2b="explore-only")
    play(state, "move T1-T3", "use machete 1")
    assert seat0(state)["blue"] == ["B3-2"] and state.phase == "post"


def test_purple_g_into_a_temple_may_use_i2b_and_keeps_the_chain_rules():
    def change(body):
        set_purple_top(body, "T4", "P3-g")
        hold_ivory(body, 0, "I2-b")
        fix_level(body, "T5", 1, "I1-f")

    state = play(game(change), "move CAMP-T4", "explore", "target T5")
    assert texts(state) == ["pick 3", "use I2-b"]
    play(state, "use I2-b", "pick 1")
    assert seat0(state)["ivory"] == ["I1-f"]
    assert state.view(0)["rations"][0] == 2  # the one ration of the purple explore


# -- the no-progress backstop -----------------------------------------------------------------


def idle(state: relicbox.State, turns: int) -> None:
    """Play ``turns`` turns that make no progress: walk one trail, stop, end."""
    for _ in range(turns):
        seat = state.to_act[0]
        number = state.view(None)["turn"]
        while not state.is_over and state.to_act == (seat,) and state.view(None)["turn"] == number:
            legal = texts(state)
            choice = next(
                (a for a in ("stop", "end") if a in legal),
                next((a for a in legal if a.startswith("move ") and "CAMP" not in a), legal[0]),
            )
            state.act(seat, choice)


def test_rounds_without_progress_end_the_game_flagged_truncated():
    state = new(3, no_progress_rounds=2)
    idle(state, 5)
    assert not state.is_over
    idle(state, 1)
    view = state.view(None)
    assert state.is_over and view["truncated"] and view["ended_by"] == "no-progress"
    assert view["history"][-2] == {"type": "no-progress", "rounds": 2}
    again = relicbox.replay(state.record)
    assert again.is_over and again.view(None)["truncated"]
    assert again.scores() == state.scores()
    text = relicbox.get_game("relic-runners").text
    assert "ended by the no-progress rule" in text.render(view, "en")
    assert "pravidlem o hře bez pokroku" in text.render(view, "cs")
    assert text.transcript(view, "en")[-2].startswith("2 rounds without exploring")


def test_progress_restarts_the_count_and_zero_turns_the_backstop_off():
    state = new(3, no_progress_rounds=2)
    idle(state, 2)
    play(state, "move CAMP-R1", "explore", "path R1-T2")  # turn 3: a ruin, a pathway
    assert state.view(None)["turn"] == 4
    idle(state, 5)
    assert not state.is_over
    idle(state, 1)
    assert state.is_over
    never = new(3, no_progress_rounds=0)
    idle(never, 30)
    assert not never.is_over


def test_the_backstop_is_on_by_default():
    assert new(3).options["no_progress_rounds"] == 30
