"""The Tschak! card table: the proposed values, users' tables and their validation."""

from __future__ import annotations

import copy
import json
from collections import Counter

import pytest

import relicbox
from relicbox import ConfigurationError
from relicbox.games.tschak.data import (
    KINDS,
    PROPOSED,
    PROPOSED_TABLE,
    Kind,
    TowerKind,
    parse_card_table,
    tower_card,
)


def test_proposed_table_has_the_rulebook_counts():
    cards = PROPOSED.cards
    assert len(cards) == 40
    kinds = Counter(card.kind.kind for card in cards)
    assert kinds == {Kind.WIZARD: 12, Kind.WARRIOR: 12, Kind.DWARF: 12, Kind.ARTIFACT: 4}
    assert [card.id for card in cards] == list(range(40))
    assert all(card.proposed for card in cards)
    assert PROPOSED_TABLE["status"] == "proposed"
    monsters = Counter(tower_card(c).kind for c in PROPOSED.monsters)
    assert monsters == {TowerKind.MONSTER: 8, TowerKind.TROGLODYTE: 6}
    assert sorted(c for c in PROPOSED.monsters if c != "Trog") == [
        "M1",
        "M1",
        "M2",
        "M2",
        "M3",
        "M3",
        "M4",
        "M4",
    ]
    treasures = Counter(PROPOSED.treasures)
    assert treasures == {
        "C2": 1,
        "C3": 1,
        "C4": 1,
        "C5": 1,
        "Ring": 6,
        "C-1": 1,
        "C-2": 1,
        "Trophy": 1,
        "Elixir": 1,
    }


def test_proposed_values_follow_the_spec():
    codes = Counter(card.code for card in PROPOSED.cards)
    assert codes["W?"] == 4
    for v in range(2, 6):
        assert codes[f"W{v}"] == codes[f"W{v}*"] == 1
    for v in range(1, 7):
        assert codes[f"R{v}"] == codes[f"R{v}+"] == 1
    for v in range(1, 5):
        assert (codes[f"D{v}a"], codes[f"D{v}"]) == (2, 1)
    assert codes["A"] == 4


def test_action_space_has_one_action_per_card_text_form():
    game = relicbox.get_game("tschak!")
    assert game.num_actions == len(KINDS) == 34
    assert game.action_space.from_text("play W4*").index == KINDS.index(
        next(k for k in KINDS if k.code == "W4*")
    )
    assert game.action_space.from_text("w4*").text == "play W4*"


def test_a_users_table_replaces_the_values(tmp_path):
    table = copy.deepcopy(PROPOSED_TABLE)
    table.pop("status")
    table["warriors"] = [f"R{v}{i}" for v in (1, 2, 3, 4, 5, 6) for i in ("", "+")]
    table["monsters"][0] = "M6"
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(table), encoding="utf-8")
    state = relicbox.new_game("tschak", 3, seed=1, cards=str(path))
    assert state.view(0)["options"]["cards"] == "custom"
    assert state.record["options"]["cards"]["monsters"][0] == "M6"
    replayed = relicbox.replay(state.record)
    assert replayed.to_dict() == state.to_dict()


def test_a_toml_table_loads(tmp_path):
    lines = [f"{key} = {json.dumps(value)}" for key, value in PROPOSED_TABLE.items()]
    path = tmp_path / "cards.toml"
    path.write_text("\n".join(lines), encoding="utf-8")
    state = relicbox.new_game("tschak", 2, seed=1, cards=path)
    assert state.view(0)["options"]["cards"] == "proposed"


def broken(**changes):
    table = copy.deepcopy(PROPOSED_TABLE)
    table.update(changes)
    return table


@pytest.mark.parametrize(
    ("table", "message"),
    [
        (broken(wizards=PROPOSED_TABLE["wizards"][:-1]), "11 wizards, the game has exactly 12"),
        (broken(wizards=["W6", *PROPOSED_TABLE["wizards"][1:]]), "'W6' in wizards is not valid"),
        (broken(dwarves=["R1", *PROPOSED_TABLE["dwarves"][1:]]), "'R1' is not one of the dwarves"),
        (broken(warriors="R1"), "needs 'warriors'"),
        (broken(artifacts=["A", "A", "A"]), "3 artifacts"),
        (
            broken(monsters=["Trog", *PROPOSED_TABLE["monsters"][1:]]),
            "7 monster cards in monsters, the game has exactly 8",
        ),
        (broken(monsters=["M9", *PROPOSED_TABLE["monsters"][1:]]), "'M9' in monsters"),
        (broken(treasures=["C7", *PROPOSED_TABLE["treasures"][1:]]), "'C7' in treasures"),
        # Only the canonical text forms: others would not be found again at scoring.
        (broken(monsters=["M01", *PROPOSED_TABLE["monsters"][1:]]), "'M01' in monsters"),
        (broken(monsters=["M²", *PROPOSED_TABLE["monsters"][1:]]), "'M²' in monsters"),
        (broken(treasures=["C02", *PROPOSED_TABLE["treasures"][1:]]), "'C02' in treasures"),
        (broken(treasures=["C-01", *PROPOSED_TABLE["treasures"][1:]]), "'C-01' in treasures"),
        (broken(treasures=["Ring", *PROPOSED_TABLE["treasures"][1:]]), "3 chest cards"),
        (broken(extra=[1]), "unknown entries 'extra'"),
    ],
)
def test_invalid_tables_are_refused_with_the_reason(table, message):
    with pytest.raises(ConfigurationError, match=message.replace("?", r"\?")):
        parse_card_table(table)
    with pytest.raises(ConfigurationError):
        relicbox.new_game("tschak", 3, cards=table)


def test_a_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(ConfigurationError, match="does not exist"):
        relicbox.new_game("tschak", 3, cards=str(tmp_path / "nope.json"))


def test_there_is_one_new_game_and_every_import_path_reads_data_files(tmp_path):
    from relicbox.core import new_game as core_new_game
    from relicbox.core.registry import new_game as registry_new_game

    assert core_new_game is registry_new_game is relicbox.new_game
    table = copy.deepcopy(PROPOSED_TABLE)
    table.pop("status")
    table["monsters"][0] = "M6"
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(table), encoding="utf-8")
    state = registry_new_game("tschak", 3, seed=1, cards=str(path))
    assert state.record["options"]["cards"]["monsters"][0] == "M6"
