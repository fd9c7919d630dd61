"""Diamant scenarios from the rulebook and every edge case of the spec (rigged reveals)."""

from __future__ import annotations

import pytest

import relicbox
from relicbox import IllegalActionError
from support.diamant import choose, everyone, rigged


def body(state):
    return state.to_dict()["body"]


def test_rulebook_nine_rubies_with_five_players():
    state = rigged(5, "T9")
    assert state.view(0)["pockets"] == [1, 1, 1, 1, 1]
    assert state.view(0)["path"] == [{"card": "T9", "gems": 4}]
    assert state.to_act == (0, 1, 2, 3, 4)


def test_first_decision_comes_after_the_first_card():
    state = relicbox.new_game("diamant", 4, seed=1, auto_chance=False)
    assert state.is_chance and state.to_act == ()
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)
    assert len(state.chance_outcomes()) == 12 + 5 + 1  # distinct treasure values, traps, relic


@pytest.mark.parametrize(
    ("split", "leavers", "share", "left_on_path"),
    [
        ("pooled", {0, 1}, 3, 0),  # 3 + 3 on two cards, pooled: 6 // 2
        ("per-card", {0, 1}, 2, 2),  # 3 // 2 from each card, 1 stays on each
        ("pooled", {0, 1, 2}, 2, 0),
        ("per-card", {0, 1, 2}, 2, 0),
    ],
)
def test_path_gems_split_among_leavers(split, leavers, share, left_on_path):
    state = rigged(5, "T13", split=split)  # 2 each, 3 stay on the card
    everyone(state, "continue")
    state.apply_chance("T3")  # 0 each, 3 stay
    choose(state, leavers)
    view = state.view(0)
    assert view["path_gems"] == left_on_path
    for seat in leavers:
        assert state.view(seat)["chest"] == 2 + share
    for seat in set(range(5)) - leavers:
        assert view["pockets"][seat] == 2


def test_pooled_remainder_stays_in_the_cave_for_a_later_leaver():
    state = rigged(5, "T4")  # 0 each, 4 stay
    everyone(state, "continue")
    state.apply_chance("T13")  # 2 each, 3 stay: 7 on the path
    choose(state, {0, 1, 2})  # 7 // 3 = 2 each, 1 stays
    assert state.view(None)["path_gems"] == 1
    assert [state.view(s)["chest"] for s in (0, 1, 2)] == [4, 4, 4]
    state.apply_chance("T2")  # 2 explorers inside: 1 each, 0 stays
    choose(state, {3})
    assert state.view(3)["chest"] == 2 + 1 + 1
    assert state.view(None)["path_gems"] == 0


def test_per_card_remainders_stay_on_their_cards():
    state = rigged(5, "T4", split="per-card")
    everyone(state, "continue")
    state.apply_chance("T13")
    choose(state, {0, 1, 2})  # 4 // 3 = 1 and 3 // 3 = 1 from the cards: 2 each, 1 + 0 stay
    assert [entry["gems"] for entry in state.view(None)["path"]] == [1, 0]
    assert state.view(0)["chest"] == 2 + 2


def test_lone_leaver_takes_every_relic_on_the_path():
    state = rigged(4, "R")
    everyone(state, "continue")
    state.apply_chance("R")
    choose(state, {2})
    view = state.view(2)
    assert view["relics"][2] == ["R", "R"]
    assert view["chest"] == 5 + 5
    assert view["relics_rescued"] == 2
    assert all(entry["card"] != "R" for entry in view["path"])


def test_two_leavers_take_no_relic_and_it_waits_for_a_lone_leaver():
    state = rigged(4, "R")
    choose(state, {0, 1})
    view = state.view(None)
    assert view["relics"] == [[], [], [], []]
    assert [entry["card"] for entry in view["path"]] == ["R"]
    state.apply_chance("T1")
    choose(state, {3})
    assert state.view(None)["relics"][3] == ["R"]


def test_fourth_and_fifth_rescued_relics_are_worth_ten_even_across_rounds():
    state = rigged(3, "R")
    everyone(state, "continue")
    state.apply_chance("R")
    everyone(state, "continue")
    state.apply_chance("R")
    choose(state, {0})  # relics 1-3: 5 + 5 + 5
    assert state.view(0)["chest"] == 15
    state.apply_chance("T1")
    choose(state, {1, 2})  # round 1 ends
    assert state.round == 2
    state.apply_chance("R")
    everyone(state, "continue")
    state.apply_chance("R")
    choose(state, {1})  # relics 4 and 5: 10 + 10
    assert state.view(1)["chest"] == 20
    assert state.view(None)["relics_rescued"] == 5
    assert state.view(None)["next_relic_value"] is None


def test_relics_left_in_the_cave_are_removed_and_never_count_as_rescued():
    state = rigged(3, "R")
    choose(state, {0, 1, 2})  # three leave together: nobody takes it, round ends
    view = state.view(None)
    assert view["removed"] == ["R"]
    assert view["relics_rescued"] == 0 and view["next_relic_value"] == 5
    assert view["deck_size"] == 34
    state.apply_chance("R")
    choose(state, {0})
    assert state.view(0)["chest"] == 5  # still the first rescued relic


def test_relic_lost_to_a_trap_is_removed_without_advancing_the_counter():
    state = rigged(3, "R")
    everyone(state, "continue")
    state.apply_chance("snakes")
    everyone(state, "continue")
    state.apply_chance("snakes")
    view = state.view(None)
    assert "R" in view["removed"] and view["relics_rescued"] == 0


def test_double_trap_busts_everyone_inside_and_removes_one_trap_card():
    state = rigged(4, "T11")  # 2 each, 3 stay
    choose(state, {0})  # seat 0 banks 2 + 3
    state.apply_chance("spiders")
    everyone(state, "continue")
    state.apply_chance("T5")  # 1 each for 3, 2 stay
    everyone(state, "continue")
    state.apply_chance("spiders")
    view = state.view(0)
    assert state.round == 2
    assert view["chest"] == 5
    assert [state.view(s)["chest"] for s in (1, 2, 3)] == [0, 0, 0]
    assert view["removed"] == ["spiders"]
    assert view["deck_size"] == 34
    last = view["history"][-2]
    assert last["type"] == "round-end" and last["busted"] == [1, 2, 3] and last["trap"] == "spiders"
    b = body(state)
    assert b["bank"] == 3 * 3 + 2  # pockets of the busted and the rubies left on the path


def test_a_trap_type_that_already_lost_a_card_can_lose_another():
    state = rigged(3, "lava")
    everyone(state, "continue")
    state.apply_chance("lava")
    assert state.view(None)["removed"] == ["lava"]
    assert dict(state.chance_outcomes())["lava"] == pytest.approx(2 / 34)
    state.apply_chance("lava")
    everyone(state, "continue")
    state.apply_chance("lava")
    assert state.round == 3
    assert state.view(None)["removed"] == ["lava", "lava"]
    # With one lava card left in the game it can no longer end a round.
    assert dict(state.chance_outcomes())["lava"] == pytest.approx(1 / 33)
    state.apply_chance("lava")
    assert state.to_act == (0, 1, 2)


def test_the_last_explorer_inside_leaving_alone_takes_the_relics():
    state = rigged(3, "T3")
    choose(state, {0, 1})
    state.apply_chance("R")
    choose(state, {2})
    assert state.view(2)["relics"][2] == ["R"]
    assert state.view(2)["chest"] == 1 + 5  # its pocket and the first rescued relic
    assert state.round == 2


def test_equal_pockets_for_everyone_inside():
    state = rigged(6, "T17")
    everyone(state, "continue")
    state.apply_chance("T5")
    pockets = state.view(None)["pockets"]
    assert pockets == [2] * 6
    choose(state, {5})
    state.apply_chance("T15")
    pockets = state.view(None)["pockets"]
    assert pockets[:5] == [5] * 5 and pockets[5] == 0


def test_five_rounds_then_the_game_ends_and_ties_share_the_win():
    state = rigged(3)
    for _ in range(5):
        state.apply_chance("T9")  # 3 each
        everyone(state, "leave")  # 3 leavers share nothing (9 // 3 = 3, 0 stay)
    assert state.is_over and state.to_act == ()
    assert state.scores() == [15, 15, 15]
    assert state.winners() == [0, 1, 2]
    assert state.returns() == pytest.approx([1 / 3] * 3)
    assert state.view(None)["scores"] == [15, 15, 15]
    with pytest.raises(IllegalActionError, match="game is over"):
        state.act(0, "continue")


def test_the_highest_chest_wins_alone():
    state = rigged(3)
    for round_number in range(5):
        state.apply_chance("T9")
        choose(state, {0, 1} if round_number else {0})
        if not state.is_chance:
            everyone(state, "leave")
        else:
            state.apply_chance("T1")
            everyone(state, "leave")
    assert state.is_over
    assert state.winners() == [max(range(3), key=lambda s: state.scores()[s])]


def test_relic_variant_adds_one_relic_per_round_with_printed_values():
    state = relicbox.new_game("diamant", 3, seed=0, auto_chance=False, variant="relics")
    view = state.view(None)
    assert view["deck_size"] == 31 and view["relic_pile"] == ["R7", "R8", "R10", "R12"]
    assert ("R5", pytest.approx(1 / 31)) in state.chance_outcomes()
    state.apply_chance("T9")
    everyone(state, "leave")  # round 1 ends, R5 still in the deck
    view = state.view(None)
    assert view["deck_size"] == 32 and view["relic_pile"] == ["R8", "R10", "R12"]
    outcomes = dict(state.chance_outcomes())
    assert "R5" in outcomes and "R7" in outcomes
    state.apply_chance("R7")
    everyone(state, "continue")
    state.apply_chance("R5")
    choose(state, {1})
    view = state.view(1)
    assert view["relics"][1] == ["R7", "R5"]
    assert view["chest"] == 3  # relics are not converted into gems
    for _ in range(3):
        if state.is_over:
            break
        while not state.to_act:
            state.apply_chance("T1")
        everyone(state, "leave")
    if not state.is_over:
        state.apply_chance("T1")
        everyone(state, "leave")
    assert state.is_over
    assert state.scores()[1] == state.to_dict()["body"]["chest"][1] + 12


def test_committing_twice_and_acting_out_of_turn_raise_and_change_nothing():
    state = rigged(4, "T5")
    state.act(1, "leave")
    before = state.to_dict()
    with pytest.raises(
        IllegalActionError, match=r"'continue' for seat 1: seat 1 has already chosen"
    ):
        state.act(1, "continue")
    with pytest.raises(IllegalActionError, match="no seat 9"):
        state.act(9, "leave")
    assert state.to_dict() == before
    for seat in (0, 2, 3):
        state.act(seat, "continue")
    with pytest.raises(IllegalActionError, match="next card must be revealed"):
        state.act(0, "continue")
    state.apply_chance("T1")
    with pytest.raises(IllegalActionError, match="seat 1 has already left the cave"):
        state.act(1, "continue")


def test_unknown_chance_outcome_is_refused():
    state = rigged(3)
    with pytest.raises(IllegalActionError, match="'T99' is not possible"):
        state.apply_chance("T99")
    state.apply_chance("T1")
    with pytest.raises(IllegalActionError, match="no chance event"):
        state.apply_chance("T2")


def test_a_determinized_state_at_a_reveal_has_no_invented_choices():
    """At a reveal every choice is resolved: resampling must not make anyone leave unasked."""
    state = relicbox.new_game("diamant", 4, 0, record=False, auto_chance=False)
    assert state.is_chance
    for seed in range(20):
        sampled = state.determinize(0, seed)
        sampled.sample_chance()
        assert sampled.to_act == (0, 1, 2, 3)
        for seat in sampled.to_act:
            sampled.act(seat, "continue")
        events = sampled.view(0)["history"]
        assert not [e for e in events if e["type"] == "leave"], (seed, events)
