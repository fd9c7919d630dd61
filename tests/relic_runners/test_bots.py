"""The rule bots plan with the rules' own movement helper; the ``rule`` bot's choices for the
compass branch, I2-d and the I3-f flip; the opponents' hidden blue tiles in the text."""

from __future__ import annotations

import pytest

import relicbox
from relicbox.core.rng import Rng
from relicbox.games.relic_runners import text
from relicbox.games.relic_runners.bots import Map, RelicRunnersRuleBot, RelicRunnersRuleBotV1
from relicbox.games.relic_runners.data import TILE_BY_CODE
from support.relic_runners import (
    edit,
    give_paths,
    hold_ivory,
    new,
    play,
    put,
    shrine,
    texts,
    tokens,
    tools,
)

BIRD = 2


def test_both_rule_bots_are_registered():
    game = relicbox.get_game("relic-runners")
    assert {"rule", "rule-v1"} <= set(game.bots)


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (4, 12)])
def test_the_bots_routes_are_exactly_the_engines_legal_moves(players, seed):
    """Every move decision of a bot game: the first steps of the planned routes are the
    engine's legal ``move`` actions (the plan and the rules share one movement helper)."""
    state = relicbox.new_game("relic-runners", players, seed, setup="standard")
    bot = RelicRunnersRuleBot()
    rng = Rng(seed)
    checked = 0
    while not state.is_over:
        seat = state.to_act[0]
        view = state.view(seat)
        legal = state.legal_actions(seat)
        if view["phase"] == "move":
            planned = {f"move {first[0]}" for _, _, first in Map(view).routes()}
            assert planned == {a.text for a in legal if a.text.startswith("move ")}
            checked += 1
        state.act(seat, bot.choose(view, legal, rng))
    assert checked > 50


def bird_shrines(*changes):
    """Seat 0 starts its turn on the bird shrine T1; T12 holds the other bird."""

    def change(body):
        put(body, 0, "T1")
        tokens(body, ["TB5"])
        shrine(body, "T1")
        shrine(body, "T12")
        body["start_relic"] = BIRD
        for extra in changes:
            extra(body)

    return edit(new(3), change)


def test_the_expedition_estimate_refuses_pathways_on_both_sides_of_the_unexplored_trail():
    # T1 -(own)- R1 -(unexplored)- R7 -(own)- T12 is P U P: no move can do it.
    state = bird_shrines(lambda b: give_paths(b, 0, ["R1-T1", "R7-T12"]))
    world = Map(state.view(0))
    assert not world.expedition_from("T1")
    assert "T12" not in world.reach("T1")
    assert not [r for r in world.routes() if r[0] == "T12"]
    # T1 -(own)- R1 -(own)- R7 -(unexplored)- T12 is P P U: one move does it.
    state = bird_shrines(lambda b: give_paths(b, 0, ["R1-T1", "R1-R7"]))
    world = Map(state.view(0))
    assert world.expedition_from("T1") and world.reach("T1")["T12"] == 3


def run_turn(state, bot, seat: int = 0) -> None:
    rng = Rng(1)
    while state.to_act == (seat,):
        state.act(seat, bot.choose(state.view(seat), state.legal_actions(seat), rng))


def test_the_rule_bot_moves_a_pathway_with_compass_1_to_open_an_expedition():
    def change(body):
        give_paths(body, 0, ["R1-T1", "R7-T12", "T9-T11"])
        tools(body, 0, compass_1=1)

    new_bot = bird_shrines(change)
    run_turn(new_bot, RelicRunnersRuleBot())
    assert new_bot.view(0)["seats"][0]["relics"]["bird"] == 1
    assert any(e["type"] == "relocate" for e in new_bot.view(0)["history"])
    old_bot = bird_shrines(change)
    run_turn(old_bot, RelicRunnersRuleBotV1())
    assert old_bot.view(0)["seats"][0]["relics"]["bird"] == 0


def leaving_camp_with_i3f(*changes):
    def change(body):
        hold_ivory(body, 0, "I3-f")
        tokens(body, ["TB5", "TB7"])
        for extra in changes:
            extra(body)

    state = edit(new(3), change)
    play(state, "move CAMP-T1")
    assert state.phase == "flip" and "done" not in texts(state)
    return state


def test_the_i3f_flip_turns_no_grey_token_up_for_the_opponents():
    state = leaving_camp_with_i3f()
    view, legal = state.view(0), state.legal_actions(0)
    assert RelicRunnersRuleBotV1().choose(view, legal, Rng(1)).text == "flip TB1"  # grey: up
    # the new bot turns grey the face-up token nearest the opponents (at the camp)
    assert RelicRunnersRuleBot().choose(view, legal, Rng(1)).text == "flip TB5"


def test_the_i3f_flip_turns_up_a_grey_token_the_move_can_still_cross():
    state = leaving_camp_with_i3f(lambda b: give_paths(b, 0, ["R1-T1"]))
    choice = RelicRunnersRuleBot().choose(state.view(0), state.legal_actions(0), Rng(1))
    assert choice.text == "flip TB1"  # R1-T1 is its own pathway, next on the way
    run_turn(state, RelicRunnersRuleBot())
    history = state.view(0)["history"]
    assert any(e["type"] == "step" and e["seat"] == 0 for e in history)


def place_with_i2d(*changes):
    def change(body):
        hold_ivory(body, 0, "I2-d")
        tokens(body, ["TB5"])
        for extra in changes:
            extra(body)

    state = edit(new(3), change)
    play(state, "move CAMP-R1", "explore")
    assert "use I2-d" in texts(state)
    return state


def test_the_rule_bot_keeps_i2d_when_a_second_pathway_is_worth_little():
    state = place_with_i2d()
    view, legal = state.view(0), state.legal_actions(0)
    assert RelicRunnersRuleBotV1().choose(view, legal, Rng(1)).text == "use I2-d"
    assert RelicRunnersRuleBot().choose(view, legal, Rng(1)).text.startswith("path ")


def test_the_rule_bot_spends_i2d_where_both_pathways_count():
    state = place_with_i2d(lambda b: give_paths(b, 0, ["R2-T2", "R7-R8"]))
    choice = RelicRunnersRuleBot().choose(state.view(0), state.legal_actions(0), Rng(1))
    assert choice.text == "use I2-d"


def test_the_rule_bot_charges_one_toolbox_in_the_compass_branch():
    def change(body):
        put(body, 0, "R3")
        tokens(body, ["TB2"])
        give_paths(body, 0, ["R4-T3", "R4-T5", "T5-T6", "T6-T8", "R6-T8"])
        tools(body, 0, start=1)

    state = edit(new(3), change)
    play(state, "move R3-R5")
    assert state.phase == "steps"
    choice = RelicRunnersRuleBot().choose(state.view(0), state.legal_actions(0), Rng(1))
    assert choice.text == "step start compass"


# -- a stalled game --------------------------------------------------------------------


def quiet_rounds(rounds: int, players: int = 3):
    """History with ``rounds`` rounds of turns in which nobody made progress."""

    def change(body):
        for turn in range(rounds * players):
            body["history"] += [["turn", turn % players, turn + 2], ["end", turn % players]]

    return change


def stalled_birds(*changes):
    """Birds on T1 and T12 only; seat 0 on R5 holds R1-R7 (one pathway short of the line
    T1-R1-R7-T12) and a pathway far off on R3-T6; rounds have passed without progress."""

    def change(body):
        shrine(body, "T1")
        shrine(body, "T12")
        put(body, 0, "R5")
        give_paths(body, 0, ["R1-R7", "R3-T6"])
        quiet_rounds(3)(body)
        for extra in changes:
            extra(body)

    return edit(new(3), change)


def test_the_rule_bot_notices_rounds_without_progress():
    assert not Map(stalled_birds(lambda b: b.__setitem__("history", [])).view(0)).stalled()
    world = Map(stalled_birds().view(0))
    assert world.stalled()
    link = world.link()
    assert link is not None and link.missing == 1 and set(link.trails) >= {"R1-R7"}
    assert link.needed in (("R1-T1",), ("R7-T12",))


def test_a_stalled_rule_bot_moves_a_pathway_to_link_two_relics():
    state = stalled_birds(lambda b: tools(b, 0, compass_1=1))
    bot = RelicRunnersRuleBot()
    rng = Rng(1)
    assert bot.choose(state.view(0), state.legal_actions(0), rng).text == "use compass 1"
    play(state, "use compass 1")
    assert bot.choose(state.view(0), state.legal_actions(0), rng).text == "lift R3-T6"
    play(state, "lift R3-T6")
    assert bot.choose(state.view(0), state.legal_actions(0), rng).text in (
        "path R1-T1",
        "path R7-T12",
    )
    calm = stalled_birds(lambda b: tools(b, 0, compass_1=1), lambda b: b.__setitem__("history", []))
    choice = bot.choose(calm.view(0), calm.legal_actions(0), rng)
    assert choice.text != "use compass 1"  # without a stall it stays charged


def test_a_stalled_rule_bot_spends_a_level_3_toolbox_so_it_can_climb_again():
    state = stalled_birds(lambda b: tools(b, 0, compass_3=1))
    choice = RelicRunnersRuleBot().choose(state.view(0), state.legal_actions(0), Rng(1))
    assert choice.text == "use compass 3"


@pytest.mark.parametrize(("players", "setup", "seed"), [(5, "first", 70698), (5, "first", 71076)])
def test_all_rule_games_end_by_the_rules_with_the_no_progress_backstop_off(players, setup, seed):
    state = relicbox.new_game(
        "relic-runners", players, seed, setup=setup, no_progress_rounds=0, record=False
    )
    bots = [RelicRunnersRuleBot() for _ in range(players)]
    rngs = [Rng(seed * 1_000_003 + seat) for seat in range(players)]  # as relicbox play seats
    for _ in range(3000):
        if state.is_over:
            break
        seat = state.to_act[0]
        state.act(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat), rngs[seat]))
    assert state.is_over and state.view(None)["ended_by"] in ("relics", "stall")


# -- the text: an opponent's hidden blue tiles --------------------------------------------


def test_an_opponents_hidden_blue_tile_shows_its_own_level_beside_a_known_one():
    level_1, level_3 = TILE_BY_CODE["B1-5"][0], TILE_BY_CODE["B3-2"][0]

    def change(body):
        body["blue"][1] = [level_1, level_3]
        body["blue_seen"][1] = [0b010, 0b011]  # seat 0 saw the level 3 tile (I2-b)
        for pool in body["pools"]:
            for tile in (level_1, level_3):
                if tile in pool:
                    pool.remove(tile)

    state = edit(new(3), change)
    board = state.view(0)["seats"][1]
    assert board["blue"] == ["B3-2"] and board["blue_levels"] == [1, 3]
    screen = text.render(state.view(0), "en")
    assert "B3-2, ?1" in screen and "?3" not in screen
    assert "?1, ?3" in text.render(state.view(2), "en")


def test_a_game_ended_by_the_no_progress_rule_saves_and_loads() -> None:
    import relicbox
    from relicbox.core.rng import Rng

    state = relicbox.new_game("relic-runners", players=2, seed=0, no_progress_rounds=1)
    rng = Rng(0)
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.act(seat, legal[rng.below(len(legal))])
    assert state.view(0)["ended_by"] == "no-progress"
    again = relicbox.state_from_dict(state.to_dict())
    assert again.to_dict() == state.to_dict()
    assert relicbox.replay(state.record).to_dict() == state.to_dict()


def test_the_rule_bots_planning_caches_change_none_of_its_moves():
    """The turn counts and reach the rule bot keeps across decisions (keyed by board,
    the seat's pathways and the start) give the moves a bot planning afresh would."""
    from relicbox.games.relic_runners import bots

    state = relicbox.new_game("relic-runners", 3, 21, setup="standard", record=False)
    warm, cold = RelicRunnersRuleBot(), RelicRunnersRuleBot()
    rng_warm, rng_cold = Rng(5), Rng(5)
    for _ in range(150):
        seat = state.to_act[0]
        view, legal = state.view(seat), state.legal_actions(seat)
        kept = warm.choose(view, legal, rng_warm)
        bots._TURNS.clear()
        bots._REACH.clear()
        assert cold.choose(view, legal, rng_cold) == kept
        state.act(seat, kept)
