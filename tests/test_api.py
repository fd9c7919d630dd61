"""The public library API: registry, errors, records, JSON form; the README's commands."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import relicbox

ROOT = Path(__file__).resolve().parents[1]


def test_games_lists_the_registry_with_player_ranges_and_options():
    diamant = relicbox.get_game("Diamant")
    assert diamant in relicbox.list_games()
    assert (diamant.min_players, diamant.max_players) == (3, 8)
    assert {o.name for o in diamant.options} == {"variant", "split"}
    assert relicbox.get_game("incan_gold") is diamant


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: relicbox.new_game("go"), r"unknown game 'go': available games are .*diamant"),
        (lambda: relicbox.new_game("diamant", 9), "diamant is for 3-8 players, not 9"),
        (lambda: relicbox.new_game("diamant", "4"), "must be a whole number"),
        (
            lambda: relicbox.new_game("diamant", 4, colour="red"),
            "unknown option 'colour'.*split, variant",
        ),
        (lambda: relicbox.new_game("diamant", 4, variant="gold"), "variant='gold'.*base, relics"),
        (lambda: relicbox.new_game("diamant", 4, seed="x"), "seed='x' must be a whole number"),
    ],
)
def test_bad_configuration_is_refused_with_what_is_allowed(call, message):
    with pytest.raises(relicbox.ConfigurationError, match=message):
        call()


def test_unreadable_actions_are_invalid_not_illegal():
    state = relicbox.new_game("diamant", 3, seed=1)
    with pytest.raises(relicbox.InvalidActionError, match="unknown action 'jump' for diamant"):
        state.act(0, "jump")
    with pytest.raises(relicbox.InvalidActionError, match="index 5 is out of range"):
        state.act(0, 5)
    state.act(0, 1)  # by index: leave
    assert state.view(0)["my_choice"] == "leave"
    state.act(1, "Exit")  # an alias, any case
    assert state.view(1)["my_choice"] == "leave"


def test_same_seed_same_game_and_different_seeds_differ():
    def play(seed):
        state = relicbox.new_game("diamant", 4, seed)
        while not state.is_over:
            for seat in state.to_act:
                state.act(seat, "leave" if state.view(seat)["pockets"][seat] >= 6 else "continue")
        return state.record

    assert play(3) == play(3)
    assert play(3)["events"] != play(4)["events"]


def test_record_is_json_and_replays_to_the_same_state():
    state = relicbox.new_game("diamant", 5, seed=21, variant="relics")
    for _ in range(7):
        for seat in state.to_act:
            state.act(seat, "continue" if seat % 2 else "leave")
    record = json.loads(json.dumps(state.record))
    assert record["rules_version"] == "diamant/2" and record["options"]["variant"] == "relics"
    assert relicbox.replay(record).to_dict() == state.to_dict()


def test_a_tampered_record_is_refused():
    state = relicbox.new_game("diamant", 3, seed=2)
    state.act(0, "leave")
    record = state.record
    chance = next(e for e in record["events"] if "chance" in e)
    chance["chance"] = "T99"
    with pytest.raises(relicbox.RecordError, match="'T99' in the record, but the seed gives"):
        relicbox.replay(record)


def test_driver_chosen_chance_outcomes_are_recorded_and_replayed():
    state = relicbox.new_game("diamant", 3, seed=2, auto_chance=False)
    state.apply_chance("T17")
    for seat in state.to_act:
        state.act(seat, "continue")
    state.sample_chance()
    replayed = relicbox.replay(state.record)
    replayed.auto_chance = False  # a driver setting, not part of the game
    assert replayed.to_dict() == state.to_dict()


def test_a_broken_state_dict_is_refused_clearly():
    data = relicbox.new_game("diamant", 3, seed=2).to_dict()
    data["body"]["deck"] = data["body"]["deck"][1:]
    with pytest.raises(relicbox.StateFormatError, match="exactly one place"):
        relicbox.state_from_dict(data)
    with pytest.raises(relicbox.StateFormatError, match="not a relicbox state"):
        relicbox.state_from_dict({"game": "diamant"})


def test_clone_is_independent():
    state = relicbox.new_game("diamant", 3, seed=2)
    copy = state.clone()
    copy.act(0, "leave")
    assert state.view(0)["my_choice"] is None and copy.view(0)["my_choice"] == "leave"


def test_action_mask_matches_legal_actions():
    state = relicbox.new_game("diamant", 3, seed=2)
    assert state.action_mask(0) == [True, True]
    state.act(0, "continue")
    assert state.action_mask(0) == [False, False]


def test_readme_starts_with_the_two_commands_and_ci_runs_the_second():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```(\w+)\n(.*?)```", readme, flags=re.S)
    assert "relicbox serve" in blocks[0][1] and "pip install" in blocks[0][1]
    assert "pytest" in blocks[1][1] and "pip install" in blocks[1][1]
    ci_lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert blocks[1][1].strip() in ci_lines, "CI must run exactly the README's test command"
