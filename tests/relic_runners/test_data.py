"""Components as data: the tile catalogue, the packaged map, the map validator's messages and
users' board files."""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path

import pytest

import relicbox
from relicbox.games.relic_runners.board import load_board
from relicbox.games.relic_runners.board_data import BOARD
from relicbox.games.relic_runners.data import (
    BLUE_VALUES,
    IVORY_EFFECTS,
    PURPLE_EFFECTS,
    RED_GEM,
    TILES,
)

PACKAGE = Path(relicbox.__file__).parent / "games" / "relic_runners"


def test_tile_catalogues_match_the_rulebook_counts():
    by_colour = Counter(t.colour for t in TILES)
    assert by_colour == {0: 18, 1: 18, 2: 24}
    assert len(IVORY_EFFECTS) == 18 and len(PURPLE_EFFECTS) == 8
    for level in (1, 2, 3):
        assert len([t for t in TILES if t.colour == 0 and t.level == level]) == 6
        assert len([t for t in TILES if t.colour == 2 and t.level == level]) == 8
        assert all(2 <= v <= 5 for v in BLUE_VALUES[level])
    # A first game still has four tiles per colour and level once the red gems are out.
    for colour in (0, 2):
        for level in (1, 2, 3):
            left = [t for t in TILES if t.colour == colour and t.level == level and not t.red_gem]
            assert len(left) >= 4
    assert {t.code for t in TILES if t.red_gem} >= {c for c in RED_GEM if c.startswith("I")}


def broken(change) -> dict:
    data = copy.deepcopy(BOARD)
    change(data)
    return data


def test_the_default_board_matches_the_spec_map():
    board = load_board(BOARD)
    assert board.node_type.count("ruin") == 8 and board.node_type.count("temple") == 12
    assert board.trails == 42 and sum(board.river) == 10
    assert len(board.neighbours(0)) == 7  # the camp
    assert not any(board.river[t] for t, _ in board.adjacent[0])  # no river touches camp
    quadrants = {
        q for q, kind in zip(board.quadrant, board.node_type, strict=True) if kind != "camp"
    }
    assert quadrants == {"NE", "NW", "SW", "SE"}


def test_the_default_board_is_stored_once_and_works_as_a_board_file(tmp_path):
    assert not list(PACKAGE.glob("*.json")), "the default map lives in board_data.py only"
    path = tmp_path / "default.json"
    path.write_text(json.dumps(BOARD, indent=2), encoding="utf-8")
    from_file = relicbox.new_game("relic-runners", 3, seed=4, board=str(path))
    built_in = relicbox.new_game("relic-runners", 3, seed=4)
    assert from_file.view(0)["trails"] == built_in.view(0)["trails"]
    assert from_file.view(0)["spaces"] == built_in.view(0)["spaces"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["nodes"].pop("R8"), "R8 missing"),
        (lambda d: d["nodes"].__setitem__("X1", {"type": "ruin"}), "unknown space id"),
        (lambda d: d["nodes"]["R1"].__setitem__("type", "temple"), "R1 must have type 'ruin'"),
        (lambda d: d["nodes"]["T1"].pop("xy"), "T1 needs coordinates"),
        (lambda d: d["nodes"]["T1"].__setitem__("xy", [50, 120]), "between 0 and 100"),
        (lambda d: d["nodes"]["T1"].__setitem__("first", "ivory"), "4 ivory temples, got 5"),
        (lambda d: d["trails"][1].__setitem__("id", "E1"), "trail id E1 is used twice"),
        (
            lambda d: d["trails"].append({"id": "E99", "a": "R1", "b": "CAMP", "kind": "jungle"}),
            "already joins",
        ),
        (
            lambda d: d["trails"].append({"id": "E99", "a": "R1", "b": "R1", "kind": "jungle"}),
            "two different spaces",
        ),
        (lambda d: d["trails"][7].update(kind="jungle", token=None), "10 river trails"),
        (lambda d: d["trails"][0].update(kind="river", token="TB1"), "TB1 is on both"),
        (lambda d: d["trails"][0].__setitem__("b", "Z9"), "unknown space 'Z9'"),
    ],
)
def test_the_validator_names_the_fault(change, message):
    data = broken(change)
    with pytest.raises(relicbox.ConfigurationError, match=message):
        load_board(data)


def test_a_board_cut_in_two_is_refused():
    def cut(data):
        data["trails"] = [t for t in data["trails"] if "T11" not in (t["a"], t["b"])]

    data = broken(cut)
    with pytest.raises(relicbox.ConfigurationError, match="cannot be reached from the camp"):
        load_board(data)


def test_a_broken_board_file_is_rejected_with_a_clear_message(tmp_path):
    path = tmp_path / "board.json"
    path.write_text(json.dumps(broken(lambda d: d["nodes"].pop("T12"))), encoding="utf-8")
    with pytest.raises(
        relicbox.ConfigurationError, match=r"invalid Relic Runners board: .*T12 missing"
    ):
        relicbox.new_game("relic-runners", 3, board=str(path))
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(relicbox.ConfigurationError, match="not valid"):
        relicbox.new_game("relic-runners", 3, board=str(path))


def test_a_users_own_board_file_is_played(tmp_path):
    def rewire(data):
        # swap two rivers for jungle and two jungle trails for rivers, move camp's drawing
        data["trails"][7].update(kind="jungle", token=None)  # E8 R1-T1
        data["trails"][8].update(kind="river", token="TB1")  # E9 T1-T4
        data["nodes"]["CAMP"]["xy"] = [52, 48]

    path = tmp_path / "mine.json"
    path.write_text(json.dumps(broken(rewire)), encoding="utf-8")
    state = relicbox.new_game("relic-runners", 3, seed=1, board=str(path))
    rivers = {t["id"] for t in state.view(0)["trails"] if t["river"]}
    assert "T1-T4" in rivers and "R1-T1" not in rivers
    assert state.view(0)["board"] == "relicbox proposed map"
    # the record keeps the parsed board, so a replay needs no file
    path.unlink()
    again = relicbox.replay(state.record)
    assert again.to_dict() == state.to_dict()


def test_a_toml_board_file_works(tmp_path):
    lines = ['name = "toml board"']
    for node, info in BOARD["nodes"].items():
        first = f', first = "{info["first"]}"' if "first" in info else ""
        lines.append(
            f'nodes.{node} = {{ type = "{info["type"]}", quadrant = "{info["quadrant"]}", '
            f"xy = {info['xy']}{first} }}"
        )
    for trail in BOARD["trails"]:
        lines += ["[[trails]]", *(f'{key} = "{value}"' for key, value in trail.items())]
    path = tmp_path / "board.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    state = relicbox.new_game("relic-runners", 2, board=str(path))
    assert state.view(0)["board"] == "toml board"
