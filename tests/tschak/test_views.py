"""Tschak! hidden information: views leak nothing, determinize respects what a seat knows."""

from __future__ import annotations

import json

import pytest

import relicbox
from relicbox.core import conformance
from relicbox.core.conformance import random_steps
from relicbox.core.rng import Rng
from support.tschak import play_floor, rig


def canonical(view):
    return json.dumps(view, sort_keys=True)


def test_views_are_byte_identical_when_only_another_seats_hand_differs():
    # Seats 1 and 2 swap a wizard and a dwarf, unseen by seat 0 and by a spectator.
    first = rig(3, [["W2", "R1", "D1"], ["W3", "R2", "D2"], ["W4", "R3", "D3"]])
    second = rig(3, [["W2", "R1", "D1"], ["W4", "R2", "D3"], ["W3", "R3", "D2"]])
    assert first.to_dict()["body"]["hand"] != second.to_dict()["body"]["hand"]
    for looker in (0, None):
        assert canonical(first.view(looker)) == canonical(second.view(looker))
    for state in (first, second):
        state.act(0, "play W2")
        state.act(1, "play R2")
    for looker in (0, None):
        assert canonical(first.view(looker)) == canonical(second.view(looker))
    assert canonical(first.view(1)) != canonical(second.view(1))


def test_a_committed_pick_is_invisible_to_the_others_until_the_reveal():
    state = rig(3, [["W2", "R1", "D1"], ["W3", "R2", "D2"], ["W4", "R3", "D3"]])
    views = set()
    for pick in ("W3", "R2", "D2"):
        trial = state.clone()
        trial.act(1, f"play {pick}")
        views.add((canonical(trial.view(0)), canonical(trial.view(2)), canonical(trial.view(None))))
        assert trial.view(1)["picks"] == [pick]
    assert len(views) == 1


def test_a_view_holds_the_own_hand_and_only_known_hands():
    state = relicbox.new_game("tschak", 4, seed=5)
    view = state.view(2)
    assert sorted(view["hand"]) == sorted(view["known_hands"][2])
    assert [h is None for h in view["known_hands"]] == [True, True, False, True]
    assert state.view(None)["hand"] is None
    assert state.view(None)["known_hands"] == [None] * 4
    forbidden = {"deck", "monster_deck", "treasure_deck", "rng", "undealt", "hands"}
    assert not forbidden & set(view)


def test_after_a_tower_the_hands_shown_in_full_are_public():
    state = relicbox.new_game("tschak", 3, seed=5)
    while state.view(None)["tower"] == 1:
        for seat in state.to_act:
            state.act(seat, state.legal_actions(seat)[0])
    public = state.view(None)["known_hands"]
    # Hands 0-2 were played and shown; the board's hand 3 is only known to its new holder.
    assert [h is not None for h in public] == [True, True, True, False]
    assert state.view(0)["known_hands"][3] is not None
    assert state.view(1)["known_hands"][3] is None


def play_until(state, decisions, rng):
    """Random legal decisions, at most ``decisions`` of them (fewer if the game ends)."""
    for step, _ in enumerate(random_steps(state, rng)):
        if step == decisions:
            return


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("decisions", [0, 5, 20, 50, 80])
def test_determinize_keeps_the_view_and_resamples_the_rest(players, decisions):
    state = relicbox.new_game("tschak", players, seed=decisions + players)
    play_until(state, decisions, Rng(decisions))
    for seat in range(players):
        before = canonical(state.view(seat))
        differs = False
        for draw in range(6):
            det = state.determinize(seat, Rng(draw))
            assert canonical(det.view(seat)) == before
            assert not det.has_record
            # A determinized state is a full valid state that plays on to the end.
            copy = relicbox.state_from_dict(json.loads(json.dumps(det.to_dict())))
            differs |= det.to_dict()["body"] != state.to_dict()["body"]
            play_until(copy, 500, Rng(draw))
            assert copy.is_over
        if not state.is_over and state.view(None)["tower"] == 1:
            assert differs


def test_determinize_during_the_deal():
    state = relicbox.new_game("tschak", 3, seed=2, auto_chance=False)
    for _ in range(5):
        state.sample_chance()
    before = canonical(state.view(1))
    det = state.determinize(1, Rng(4))
    assert canonical(det.view(1)) == before
    assert det.is_chance and det.to_act == ()
    while det.is_chance:
        det.sample_chance()
    assert det.to_act == (0, 1, 2)


def test_determinize_resamples_another_seats_committed_pick():
    state = rig(2, [["W2", "R1", "D1"], ["W3", "R2", "D2"]], step=3)
    state.act(0, "play W2")
    state.act(1, "play W3")
    state.act(1, "play R2")
    picks = {tuple(state.determinize(0, Rng(i)).to_dict()["body"]["picks"][1]) for i in range(40)}
    assert len(picks) > 1
    assert all(len(p) == 1 and not p[0].startswith("W") for p in picks)


@pytest.mark.parametrize("decisions", [0, 37, 70])
def test_a_reloaded_state_plays_on_exactly_like_the_original(decisions):
    state = relicbox.new_game("tschak", 3, seed=21)
    play_until(state, decisions, Rng(1))
    copy = relicbox.state_from_dict(json.loads(json.dumps(state.to_dict())))
    play_until(state, 1000, Rng(2))
    play_until(copy, 1000, Rng(2))
    assert copy.to_dict() == state.to_dict()


def test_a_reloaded_state_mid_deal_deals_the_same_cards():
    state = relicbox.new_game("tschak", 4, seed=8, auto_chance=False)
    for _ in range(6):
        state.sample_chance()
    copy = relicbox.state_from_dict(state.to_dict())
    assert [copy.sample_chance() for _ in range(8)] == [state.sample_chance() for _ in range(8)]


@pytest.mark.parametrize(
    ("step", "orders"),
    [
        (3, (["W2", "R1", "D1"], ["W2", "D1", "R1"])),  # floor 2: one alone, then two at once
        (5, (["W2", "R1", "D1"], ["D1", "R1", "W2"])),  # floor 3: three at once
    ],
    ids=["floor2-two-at-once", "floor3-three-at-once"],
)
def test_cards_revealed_together_do_not_show_the_order_they_were_chosen_in(step, orders):
    # Cards turned face up together show the others which cards, not which was
    # committed first: at the table nobody can tell.
    hands = [["W2", "R1", "D1"], ["W3", "R2", "D2"], ["W4", "R3", "D3"]]
    views = set()
    for order in orders:
        state = rig(3, hands, step=step)
        play_floor(state, [order, *hands[1:]])
        views.add((canonical(state.view(1)), canonical(state.view(None))))
    assert len(views) == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_changing_a_view_changes_neither_the_state_nor_any_later_view(players):
    # Views share their public parts with each other and with the state's cache: a
    # reader that edits its own view must not reach the state, a clone or another seat.
    conformance.check_view_isolation(relicbox.get_game("tschak"), players, seed=players)
