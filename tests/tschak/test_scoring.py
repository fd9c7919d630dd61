"""Tschak! scoring (spec §1.9): the rulebook's 12/6/7 example, squares, trophy, elixir, winners."""

from __future__ import annotations

import pytest

import relicbox
from relicbox.games.tschak.rules import score_breakdown
from support.tschak import full_hands


def finished(players, gold, monsters, treasures, **options):
    """A finished game with the given gold and won cards (the tower cards all handed out)."""
    data = relicbox.new_game("tschak", players, seed=0, **options).to_dict()
    data["body"] = {
        "tower": 4,
        "step": 5,
        "phase": "over",
        "hands": full_hands(players, [[] for _ in range(players)], 4),
        "tower_monsters": ["M1", "M2", "M3"],
        "tower_treasures": ["C2", "C3", "C4"],
        "gold": gold,
        "monsters": monsters,
        "treasures": treasures,
    }
    data["events"] = None
    return relicbox.state_from_dict(data)


T2_MONSTERS = [
    ["Trog", "Trog", "M1"],
    ["M4", "M2", "M4"],
    ["M1", "M2", "M3", "Trog", "Trog", "Trog"],
]
T2_TREASURES = [
    ["C3", "C2", "Ring", "Ring", "Ring"],
    ["C4", "Ring", "C-2", "Elixir"],
    ["C5", "C-1", "Trophy"],
]


def test_t2_rulebook_final_scoring_12_6_7():
    state = finished(3, [3, 9, 6], T2_MONSTERS, T2_TREASURES)
    assert state.is_over
    assert state.scores() == [12, 6, 7]
    assert state.winners() == [0]
    assert state.returns() == [1.0, 0.0, 0.0]
    rows = state.view(None)["breakdown"]
    assert rows[0] == {
        "gold": 3,
        "chests": 5,
        "rings": 9,
        "cursed": 0,
        "trophy": 0,
        "monsters": -1,
        "troglodytes": -4,
        "elixir": None,
        "monster_cards": 3,
        "total": 12,
    }
    assert rows[1]["elixir"] == "M4"
    assert (rows[1]["monsters"], rows[1]["monster_cards"]) == (-6, 2)
    assert (rows[2]["trophy"], rows[2]["troglodytes"], rows[2]["monsters"]) == (12, -9, -6)


@pytest.mark.parametrize("n", range(7))
def test_rings_and_troglodytes_are_squared(n):
    rings = score_breakdown([], ["Ring"] * n, 0, two_players=False)
    trogs = score_breakdown(["Trog"] * n, [], 0, two_players=False)
    assert rings["total"] == n * n
    assert trogs["total"] == -(n * n)
    both = score_breakdown(["Trog"] * n, ["Ring"] * n, 0, two_players=False)
    assert (both["rings"], both["troglodytes"], both["total"]) == (n * n, -(n * n), 0)


def test_chests_and_cursed_chests_count_their_print():
    row = score_breakdown([], ["C2", "C3", "C4", "C5", "C-1", "C-2"], 4, two_players=False)
    assert (row["chests"], row["cursed"], row["total"]) == (14, -3, 15)


@pytest.mark.parametrize(("two_players", "points"), [(False, 10), (True, 5)])
def test_trophy_counts_every_monster_card(two_players, points):
    monsters = ["M1", "M2", "M3", "Trog", "Trog"]
    row = score_breakdown(monsters, ["Trophy"], 0, two_players=two_players)
    assert row["trophy"] == points
    assert row["total"] == points - 6 - 4


def test_elixir_removes_the_monster_that_helps_most():
    row = score_breakdown(["M1", "M4", "Trog", "Trog"], ["Elixir"], 0, two_players=False)
    assert row["elixir"] == "M4"
    assert row["total"] == -1 - 4
    # Three troglodytes: removing one saves 2n - 1 = 5 > 4.
    row = score_breakdown(["M4", "Trog", "Trog", "Trog"], ["Elixir"], 0, two_players=False)
    assert row["elixir"] == "Trog"
    assert row["total"] == -4 - 4


def test_elixir_is_mandatory_by_default_and_optional_by_flag():
    # Removing the 1-skull monster saves 1 but costs the trophy's 2.
    monsters, treasures = ["M1"], ["Elixir", "Trophy"]
    forced = score_breakdown(monsters, treasures, 0, two_players=False)
    assert (forced["elixir"], forced["total"], forced["monster_cards"]) == ("M1", 0, 0)
    optional = score_breakdown(monsters, treasures, 0, two_players=False, elixir_mandatory=False)
    assert (optional["elixir"], optional["total"]) == (None, 2 - 1)
    assert finished(3, [0, 0, 0], [monsters, [], []], [treasures, [], []]).scores()[0] == 0
    state = finished(3, [0, 0, 0], [monsters, [], []], [treasures, [], []], elixir="optional")
    assert state.scores()[0] == 1


def test_elixir_prefers_a_removal_when_it_is_worth_the_same():
    # A 2-skull monster against a trophy at 2: fewer monster cards win ties.
    row = score_breakdown(
        ["M2"], ["Elixir", "Trophy"], 0, two_players=False, elixir_mandatory=False
    )
    assert (row["elixir"], row["total"], row["monster_cards"]) == ("M2", 0, 0)


def test_winner_tie_break_fewer_monster_cards_then_shared():
    state = finished(3, [5, 6, 7], [["M1"], ["M1", "Trog"], ["M2", "Trog"]], [[], [], []])
    assert state.scores() == [4, 4, 4]
    assert state.winners() == [0]
    state = finished(3, [5, 5, 0], [["M1"], ["M1"], []], [[], [], []])
    assert state.scores() == [4, 4, 0]
    assert state.winners() == [0, 1]
    assert state.returns() == [0.5, 0.5, 0.0]


def test_negative_totals_are_possible():
    row = score_breakdown(["M4", "M4", "Trog", "Trog", "Trog"], ["C-2"], 0, two_players=False)
    assert row["total"] == -8 - 9 - 2


@pytest.mark.parametrize("n", range(1, 7))
@pytest.mark.parametrize(("two_players", "rate"), [(False, 2), (True, 1)])
def test_elixir_on_troglodytes_saves_2n_minus_1_less_the_trophy_rate(n, two_players, rate):
    keep = score_breakdown(["Trog"] * n, ["Trophy"], 0, two_players=two_players)
    drop = score_breakdown(["Trog"] * n, ["Trophy", "Elixir"], 0, two_players=two_players)
    assert drop["elixir"] == "Trog"
    assert drop["total"] - keep["total"] == (2 * n - 1) - rate
