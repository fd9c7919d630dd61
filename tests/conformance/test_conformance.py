"""The contract suite, run over every registered game and every allowed player count."""

from __future__ import annotations

import dataclasses

import pytest

import relicbox
from relicbox.core import conformance

SEEDS = (1, 2)

# Relic Runners' games are long: its second seed, the same checks on another game, waits for
# the long tests; the first seed keeps every check and player count in the quick suite.
CASES = [
    pytest.param(
        game,
        players,
        seed,
        id=f"{game.name}-{players}p-seed{seed}",
        marks=[pytest.mark.slow] if game.name == "relic-runners" and seed != SEEDS[0] else [],
    )
    for game in relicbox.list_games()
    for players in game.players
    for seed in SEEDS
]


@pytest.mark.parametrize(("game", "players", "seed"), CASES)
def test_random_game_finishes_and_is_reproducible(game, players, seed):
    conformance.check_same_seed_same_game(game, players, seed)


@pytest.mark.parametrize(("game", "players", "seed"), CASES)
def test_random_games_stay_within_the_declared_length_in_both_forms(game, players, seed):
    conformance.check_length(game, players, seed)


def test_the_length_check_catches_an_understated_bound_and_an_undeclared_simultaneous_game():
    diamant = relicbox.get_game("diamant")
    short = dataclasses.replace(diamant, max_length=lambda players, settings: 40)
    with pytest.raises(conformance.ConformanceError, match="beyond the declared max_length 40"):
        conformance.check_length(short, 3, 1)
    sequential = dataclasses.replace(diamant, simultaneous=False)
    with pytest.raises(conformance.ConformanceError, match="not declare itself simultaneous"):
        conformance.check_length(sequential, 3, 1)


@pytest.mark.parametrize(("game", "players", "seed"), CASES)
def test_legal_actions_apply_and_illegal_ones_change_nothing(game, players, seed):
    conformance.check_actions(game, players, seed)


@pytest.mark.parametrize(("game", "players", "seed"), CASES)
def test_the_legality_hook_and_the_reasons_agree_with_legal_actions(game, players, seed):
    conformance.check_legality_hooks(game, players, seed)


@pytest.mark.parametrize(("game", "players", "seed"), CASES)
def test_clone_dict_and_replay_reproduce_the_state(game, players, seed):
    conformance.check_roundtrips(game, players, seed)


@pytest.mark.parametrize(("game", "players", "seed"), CASES)
def test_every_slot_is_copied_and_written_and_clones_share_nothing_mutable(game, players, seed):
    conformance.check_fields(game, players, seed)


@pytest.mark.parametrize(("game", "players", "seed"), CASES)
def test_a_joint_commit_equals_one_act_per_seat_and_a_refused_one_changes_nothing(
    game, players, seed
):
    conformance.check_joint(game, players, seed)


@pytest.mark.parametrize("game", relicbox.list_games(), ids=lambda g: g.name)
def test_typed_settings_mirror_the_options_and_stay_frozen(game):
    conformance.check_settings(game, game.min_players, SEEDS[0])


@pytest.mark.parametrize(("game", "players", "seed"), [c for c in CASES if c.values[2] == SEEDS[0]])
def test_editing_a_view_reaches_neither_the_state_nor_any_later_view(game, players, seed):
    conformance.check_view_isolation(game, players, seed)


def test_the_isolation_check_catches_a_view_that_hands_out_its_cache(monkeypatch):
    from relicbox.games.diamant.rules import DiamantState

    kept: dict = {}
    honest = DiamantState.view

    def leaky(self, seat=None):
        # Up to date, but the same dict for every call on one position: an edit sticks.
        position = (id(self), seat, conformance.canonical(self.to_dict()))
        return kept.setdefault(position, honest(self, seat))

    monkeypatch.setattr(DiamantState, "view", leaky)
    with pytest.raises(conformance.ConformanceError, match="later view"):
        conformance.check_view_isolation(relicbox.get_game("diamant"), 3, 1)


@pytest.mark.parametrize(("game", "players", "seed"), CASES)
def test_views_are_json_and_leak_nothing(game, players, seed):
    conformance.check_views(game, players, seed)


@pytest.mark.parametrize("game", relicbox.list_games(), ids=lambda g: g.name)
def test_action_args_are_immutable_kept_by_every_form_and_tell_actions_apart(game):
    conformance.check_action_args(game)


@pytest.mark.parametrize("game", relicbox.list_games(), ids=lambda g: g.name)
def test_game_metadata_is_complete(game):
    info = game.info()
    assert info["name"] == game.name
    assert game.min_players <= game.max_players
    assert game.num_actions == len(game.action_space) > 0
    assert relicbox.get_game(game.name) is game
    for alias in game.aliases:
        assert relicbox.get_game(alias) is game
    assert "random" not in game.bots, "the generic random bot is provided for every game"
    assert "rule" in game.bots, "each game ships at least one rule-based bot"
    assert game.text is not None, "each game has a text module for the terminal"


@pytest.mark.parametrize("game", relicbox.list_games(), ids=lambda g: g.name)
def test_a_state_from_another_rules_version_is_refused(game):
    state = conformance.fresh(game, game.min_players, 3)
    data = state.to_dict()
    data["rules_version"] = "0"
    with pytest.raises(relicbox.StateFormatError, match="rules"):
        relicbox.state_from_dict(data)
    record = state.record
    record["rules_version"] = "0"
    with pytest.raises(relicbox.RecordError, match="rules"):
        relicbox.replay(record)


def test_the_settings_check_catches_a_class_that_drifts_from_the_options():
    from dataclasses import dataclass, replace

    diamant = relicbox.get_game("diamant")

    @dataclass(frozen=True)
    class MissingSplit:
        variant: str = "base"

    @dataclass(frozen=True)
    class OtherDefault:
        variant: str = "relics"
        split: str = "pooled"

    for drifted in (MissingSplit, OtherDefault):
        with pytest.raises(conformance.ConformanceError, match="differ from the options"):
            conformance.check_settings(replace(diamant, settings=drifted), 4, 1)


def test_rules_read_typed_settings_parsed_from_the_options():
    state = relicbox.new_game("diamant", 4, 3, variant="RELICS", split="per-card")
    assert state.options == {"variant": "relics", "split": "per-card"}
    assert (state.settings.variant, state.settings.split) == ("relics", "per-card")
    loaded = relicbox.state_from_dict(state.to_dict())
    assert loaded.settings == state.settings
    tschak = relicbox.new_game("tschak", 3, 1, elixir="optional")
    assert tschak.settings.elixir == "optional"
    assert tschak.settings.chameleon_rank == "lowest-wizard"


def test_states_with_the_same_options_share_one_parsed_settings_object():
    first = relicbox.new_game("relic-runners", 3, 1, max_turns=40)
    again = relicbox.new_game("relic-runners", 3, 2, max_turns=40)
    other = relicbox.new_game("relic-runners", 3, 1, max_turns=41)
    assert first.settings is again.settings
    assert other.settings.max_turns == 41 and first.settings.max_turns == 40
    from relicbox.games.relic_runners.board_data import BOARD

    with_file = [relicbox.new_game("relic-runners", 3, seed, board=BOARD) for seed in (1, 2)]
    assert [state.settings.board for state in with_file] == [BOARD, BOARD]
    assert with_file[0].settings is not with_file[1].settings  # a parsed file is not a key
