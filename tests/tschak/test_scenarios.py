"""Tschak! scenarios: the rulebook's worked examples and every derived case of spec §2."""

from __future__ import annotations

import pytest

import relicbox
from relicbox import IllegalActionError
from support.tschak import play_floor, rig

# -- T1: the rulebook's 4-player party strengths 9, 10, 13, 14 ---------------------------

T1 = [["W3", "R4", "D2"], ["W4", "D3", "A"], ["W?", "R5", "D4"], ["W?", "R6", "A"]]


@pytest.mark.parametrize("step", [0, 3, 5], ids=["floor1-1+1+1", "floor2-1+2", "floor3-3"])
def test_t1_rulebook_party_strengths(step):
    state = rig(4, T1, step=step, monsters=("M3", "M3", "M1"), treasures=("C4", "C5", "C2"))
    result = play_floor(state, T1)
    assert result["strengths"] == [9, 10, 13, 14]
    assert result["treasure_to"] == 3  # Vítek
    assert result["monster_to"] == 0  # Pavel
    won = state.view(None)["won"]
    assert won[1] == {"monsters": [], "treasures": []}
    assert won[2] == {"monsters": [], "treasures": []}


@pytest.mark.parametrize(
    "parties",
    [
        [["W3", "R4", "D2"], ["W4", "R3", "A"], ["W?", "R5", "D4"], ["W?", "R6", "A"]],
        [["W3", "R4", "D2"], ["W4", "D3a", "A"], ["W?", "R6+", "D3"], ["W?", "R6", "A"]],
    ],
    ids=["ludvik-warrior-3", "cyril-warrior-6"],
)
def test_t1_other_readings_of_the_pictures(parties):
    result = play_floor(rig(4, parties), parties)
    assert result["strengths"] == [9, 10, 13, 14]
    assert (result["monster_to"], result["treasure_to"]) == (0, 3)


def test_equal_chameleon_parties_fall_to_the_warrior():
    # Both chameleons copy Ludvík's 4: 4 + 6 + 3 and 4 + 5 + 4 tie at 13; R6 wins.
    parties = [["W3", "R4", "D2"], ["W4", "D3", "A"], ["W?", "R6", "D3a"], ["W?", "R5", "A"]]
    result = play_floor(rig(4, parties), parties)
    assert result["strengths"] == [9, 10, 13, 13]
    assert result["treasure_to"] == 2


def test_t1_golem_and_chest_go_to_weakest_and_strongest():
    state = rig(4, T1, monsters=("M3", "M1", "M2"), treasures=("C4", "C2", "C3"))
    play_floor(state, T1)
    view = state.view(None)
    assert view["won"][0]["monsters"] == ["M3"]
    assert view["won"][3]["treasures"] == ["C4"]
    assert view["floors"][0] == {
        "floor": 1,
        "monster": "M3",
        "treasure": "C4",
        "monster_to": 0,
        "treasure_to": 3,
    }


def test_chameleon_value_is_decided_after_the_last_reveal():
    # On floor 1 the wizards come out one by one; the chameleon copies the final best.
    state = rig(3, [["W?", "R5", "D1"], ["W2", "R1", "D2"], ["R2", "D3", "W5"]])
    result = play_floor(state, [["W?", "R5", "D1"], ["W2", "R1", "D2"], ["R2", "D3", "W5"]])
    assert result["strengths"] == [11, 5, 10]


# -- T3+: derived cases --------------------------------------------------------------------


def test_chameleon_with_nothing_to_copy_is_worth_zero():
    parties = [["W?", "R5", "A"], ["W?", "R2", "D4"], ["R6", "D1", "A"]]
    result = play_floor(rig(3, parties), parties)
    assert result["strengths"] == [5, 6, 8]
    assert result["treasure_to"] == 2
    assert result["monster_to"] == 0


def test_chameleon_copies_the_printed_value_not_the_doubled_one():
    parties = [["W3", "R5", "A"], ["W?", "R2", "D1"], ["W2", "R1", "D2"]]
    result = play_floor(rig(3, parties), parties)
    assert result["strengths"] == [11, 6, 5]


def test_artifact_doubles_a_chameleon_after_it_copies():
    parties = [["W4", "R1", "D2"], ["W?", "R6", "A"]]
    result = play_floor(rig(2, parties), parties)
    assert result["strengths"] == [7, 14]


def test_wizard_breaks_a_tie():
    parties = [["W3", "R5", "D1"], ["W4", "R2", "D3"]]
    result = play_floor(rig(2, parties), parties)
    assert result["strengths"] == [9, 9]
    assert (result["treasure_to"], result["monster_to"]) == (1, 0)


def test_wand_breaks_a_tie_between_equal_wizards():
    parties = [["W4", "R2", "D1a"], ["W4*", "R1", "D2"]]
    result = play_floor(rig(2, parties), parties)
    assert result["strengths"] == [7, 7]
    assert (result["treasure_to"], result["monster_to"]) == (1, 0)


def test_chameleon_is_always_the_lowest_wizard():
    parties = [["W?", "R5", "D1"], ["W2", "R5+", "D4"], ["W5", "R1", "D1a"]]
    result = play_floor(rig(3, parties), parties)
    assert result["strengths"] == [11, 11, 7]
    assert result["treasure_to"] == 1
    assert result["monster_to"] == 2


@pytest.mark.parametrize(
    ("rank", "winner"), [("lowest-wizard", 0), ("no-wizard", 1)], ids=["default", "flag"]
)
def test_chameleon_against_no_wizard_follows_the_flag(rank, winner):
    parties = [["W?", "R4", "D1"], ["R5", "D1a", "A"], ["W2", "R1", "D1a"]]
    state = rig(3, parties, options={"chameleon_rank": rank})
    result = play_floor(state, parties)
    assert result["strengths"] == [7, 7, 4]
    assert result["treasure_to"] == winner


def test_bigger_axe_breaks_a_warrior_tie():
    parties = [["W?", "R4", "D1a"], ["W?", "R4+", "D1a"], ["W3", "R1", "D2"]]
    result = play_floor(rig(3, parties), parties)
    assert result["strengths"] == [8, 8, 6]
    assert result["treasure_to"] == 1


def test_dwarf_with_axe_beats_bare_hands():
    parties = [["W?", "D3", "A"], ["W?", "D3a", "A"], ["W2", "R1", "D1"]]
    result = play_floor(rig(3, parties), parties)
    assert result["strengths"] == [7, 7, 4]
    assert result["treasure_to"] == 1


def test_exact_tie_goes_by_seat_order():
    # Same text forms everywhere: the house rule ranks the lower seat higher.
    parties = [["W2", "R1", "D1"], ["W?", "D2a", "A"], ["W?", "D2a", "A"]]
    result = play_floor(rig(3, parties), parties)
    assert result["strengths"] == [4, 6, 6]
    assert result["treasure_to"] == 1
    assert result["monster_to"] == 0
    two = [["W?", "D2a", "A"], ["W?", "D2a", "A"]]
    result = play_floor(rig(2, two), two)
    assert (result["treasure_to"], result["monster_to"]) == (0, 1)


def test_cursed_chest_still_goes_to_the_strongest():
    parties = [["W5", "R6", "D4"], ["W2", "R1", "D1"]]
    state = rig(2, parties, treasures=("C-2", "C3", "C4"))
    play_floor(state, parties)
    assert state.view(None)["won"][0]["treasures"] == ["C-2"]


def test_two_players_split_the_floor_cards_every_floor():
    state = rig(2, [[], []])
    for _ in range(3):
        hand0 = state.view(0)["hand"]
        hand1 = state.view(1)["hand"]
        parties = [_first_party(hand0), _first_party(hand1)]
        result = play_floor(state, parties)
        assert {result["treasure_to"], result["monster_to"]} == {0, 1}


def _first_party(hand):
    party, kinds = [], set()
    for code in hand:
        if code[0] not in kinds:
            party.append(code)
            kinds.add(code[0])
        if len(party) == 3:
            break
    return party


# -- party validity ------------------------------------------------------------------------


def test_an_invalid_party_cannot_be_committed_and_the_error_names_the_clash():
    state = rig(2, [["W2", "W4", "R1", "D1"], ["W3", "R2", "D2"]])
    state.act(0, "play W2")
    state.act(1, "play W3")
    before = state.to_dict()
    with pytest.raises(IllegalActionError) as error:
        state.act(0, "play W4")
    assert str(error.value) == (
        "illegal action 'play W4' for seat 0: your party already has a wizard (W2)"
    )
    assert state.to_dict() == before
    assert "play W4" not in [a.text for a in state.legal_actions(0)]


def test_a_committed_but_unrevealed_pick_also_blocks_its_background():
    state = rig(2, [["W2", "R1", "R2", "D1"], ["W3", "R3", "D2"]], step=3)
    state.act(0, "play W2")
    state.act(1, "play W3")
    state.act(0, "play R1")
    with pytest.raises(IllegalActionError, match=r"already has a warrior \(R1\)"):
        state.act(0, "play R2")


def test_other_illegal_actions_name_their_reason():
    state = rig(2, [["W2", "R1", "D1"], ["W3", "R2", "D2"]])
    with pytest.raises(IllegalActionError, match="W5 is not in your hand"):
        state.act(0, "play W5")
    state.act(0, "play W2")
    with pytest.raises(IllegalActionError, match="already chosen"):
        state.act(0, "play R1")
    with pytest.raises(IllegalActionError, match="no seat 5"):
        state.act(5, "play R1")


def test_a_two_card_pick_stays_secret_until_both_are_revealed():
    state = rig(2, [["W2", "R1", "D1"], ["W3", "R2", "D2"]], step=3)
    state.act(0, "play W2")
    state.act(1, "play W3")
    state.act(0, "play R1")
    assert state.to_act == (0, 1)
    assert state.view(1)["revealed"][0] == ["W2"]
    assert state.view(1)["committed"][0] == 1
    assert state.view(0)["picks"] == ["R1"]
    state.act(0, "play D1")
    state.act(1, "play R2")
    assert state.view(1)["revealed"][0] == ["W2"]
    state.act(1, "play D2")
    assert state.view(1)["played"][0][-3:] == ["W2", "R1", "D1"]


# -- loot ---------------------------------------------------------------------------------


def loot_after_floor_three(players, parties, last):
    state = rig(players, [[*p, c] for p, c in zip(parties, last, strict=True)], step=5)
    play_floor(state, parties)
    return next(e for e in reversed(state.view(None)["history"]) if e["type"] == "loot")


FOUR_PARTIES = [["W2", "R1", "D1"], ["W3", "R2", "D2"], ["W4", "R3", "D3"], ["W2*", "R4", "D3a"]]


def test_loot_four_players_wizard_beats_warrior_at_equal_value():
    loot = loot_after_floor_three(4, FOUR_PARTIES, ["W5", "R5", "D4", "W?"])
    assert loot["cards"] == ["W5", "R5", "D4", "W?"]
    assert loot["gold"] == [3, 2, 1, 0]


@pytest.mark.parametrize(
    ("last", "gold"),
    [
        (["W4", "W4*", "R1", "D1a"], [2, 3, 1, 0]),
        (["D3", "D3a", "W?", "A"], [2, 3, 0, 0]),
        (["R3", "A", "W?", "D3a"], [3, 0, 0, 2]),
    ],
    ids=["wand", "axe", "valueless-cards-leave-piles-unused"],
)
def test_loot_tie_breaks_and_valueless_cards(last, gold):
    parties = [["W2", "R1+", "D1"], ["W3", "R2", "D2"], ["W5", "R3+", "D4a"], ["W2*", "R4", "D4"]]
    loot = loot_after_floor_three(4, parties, last)
    assert loot["gold"] == gold


def test_loot_two_players_single_pile_of_two():
    parties = [["W2", "R1", "D1"], ["W3", "R3", "D2"]]
    assert loot_after_floor_three(2, parties, ["R2", "A"])["gold"] == [2, 0]
    assert loot_after_floor_three(2, parties, ["A", "W?"])["gold"] == [0, 0]


def test_loot_goes_into_gold_and_the_view_shows_the_piles():
    state = rig(
        3, [["W2", "R1", "D1", "R6"], ["W3", "R2", "D2", "D4"], ["W4", "R3", "D3", "A"]], step=5
    )
    assert state.view(0)["loot"] == [3, 2, 1]
    play_floor(state, [["W2", "R1", "D1"], ["W3", "R2", "D2"], ["W4", "R3", "D3"]])
    assert state.view(0)["gold"] == [3, 2, 0]


# -- passing ---------------------------------------------------------------------------


def held_hands(players, seed=3):
    """Per seat, the hand ids held tower by tower, checked against the cards themselves."""
    state = relicbox.new_game("tschak", players, seed=seed)
    contents = None
    held = [[] for _ in range(players)]
    while not state.is_over:
        view = state.view(0)
        if contents is None:
            contents = view["known_hands"]
        if (
            all(not p for p in view["played"])
            and not any(view["revealed"])
            and not any(view["committed"])
        ):
            for seat in range(players):
                seat_view = state.view(seat)
                h = seat_view["hand_ids"][seat_view["cycle"].index(seat)]
                assert sorted(seat_view["hand"]) == sorted(seat_view["known_hands"][h])
                held[seat].append(h)
        for seat in state.to_act:
            state.act(seat, state.legal_actions(seat)[0])
    return held


def test_passing_three_players_with_one_board():
    held = held_hands(3)
    # 0-based: H1 = 0, ..., the board's H4 = 3. Round 2: P1 has H4, P2 H1, P3 H2.
    assert [h[1] for h in held] == [3, 0, 1]
    assert held == [[0, 3, 2, 1], [1, 0, 3, 2], [2, 1, 0, 3]]


def test_passing_two_players_with_a_board_beside_each():
    held = held_hands(2)
    # Cycle P1 -> A -> P2 -> B: P1 plays H1, H_B, H2, H_A; P2 plays H2, H_A, H1, H_B.
    assert held == [[0, 3, 2, 1], [2, 1, 0, 3]]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_player_holds_every_hand_exactly_once(players):
    for seat_hands in held_hands(players, seed=players):
        assert sorted(seat_hands) == [0, 1, 2, 3]


def test_passed_hands_keep_their_contents():
    state = relicbox.new_game("tschak", 4, seed=9)
    first = [sorted(state.view(s)["hand"]) for s in range(4)]
    while state.view(None)["tower"] == 1:
        for seat in state.to_act:
            state.act(seat, state.legal_actions(seat)[0])
    # Each seat now holds the hand of the seat on its right (seat - 1).
    assert [sorted(state.view(s)["hand"]) for s in range(4)] == [first[3], *first[:3]]


# -- chance ----------------------------------------------------------------------------

RIGGED_DEAL = [
    "W2 W3 W4", "W2* W3* W4*", "W5 W5* W?", "W? W? W?",
    "R1 R1+ R2", "R2+ R3 R3+", "R4 R4+ R5", "R5+ R6 R6+",
    "D1 D1a D1a", "D2 D2a D2a", "D3 D3a D3a", "D4 D4a D4a",
]  # fmt: skip


def test_a_whole_deal_and_tower_can_be_rigged_with_apply_chance():
    state = relicbox.new_game("tschak", 3, seed=0, auto_chance=False)
    outcomes = dict(state.chance_outcomes())
    assert abs(sum(outcomes.values()) - 1) < 1e-9
    assert outcomes["M3 Trog M1"] == pytest.approx(2 * 6 * 2 / (14 * 13 * 12))
    state.apply_chance("M3 Trog M1")
    with pytest.raises(IllegalActionError, match="not possible"):
        state.apply_chance("Ring Ring Ring Ring")
    state.apply_chance("C4 Ring C-1")
    for outcome in RIGGED_DEAL:
        state.apply_chance(outcome)
    assert state.to_act == (0, 1, 2)
    assert state.view(0)["hand"] == ["W2", "W3", "W4", "R1", "R1+", "R2", "D1", "D1a", "D1a", "A"]
    assert state.view(2)["hand"] == ["W5", "W5*", "W?", "R4", "R4+", "R5", "D3", "D3a", "D3a", "A"]
    floors = state.view(0)["floors"]
    assert [(f["monster"], f["treasure"]) for f in floors] == [
        ("M3", "C4"),
        ("Trog", "Ring"),
        ("M1", "C-1"),
    ]
    # The board (position 3) got the rest; seat 0 holds it in tower 2.
    body = state.to_dict()["body"]
    assert body["hands"][3] == ["W?", "W?", "W?", "R5+", "R6", "R6+", "D4", "D4a", "D4a", "A"]
