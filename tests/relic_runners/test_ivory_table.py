"""Every ivory tile acts through one table: held tiles by trigger, one-use tiles by use."""

from __future__ import annotations

from relicbox.games.relic_runners import base
from relicbox.games.relic_runners.data import IVORY_EFFECTS
from relicbox.games.relic_runners.effects import IVORY_USES

_USED_IN_PLACEMENT_OR_MOVE = {"I2-d", "I2-e", "I2-f"}
"""One-use tiles that change a pathway placement or replace the move (not a use of their own)."""


def test_every_ivory_tile_is_in_exactly_one_effects_table() -> None:
    held, used = set(base.IVORY_PASSIVES), set(IVORY_USES)
    assert not held & used
    assert held | used | _USED_IN_PLACEMENT_OR_MOVE == set(IVORY_EFFECTS)
    assert {code[:2] for code in held} == {"I1", "I3"}


def test_the_tiles_of_one_trigger_share_a_level() -> None:
    for when, (level, effects) in base._PASSIVE.items():
        codes = {code for code, (trigger, _) in base.IVORY_PASSIVES.items() if trigger == when}
        assert {int(code[1]) for code in codes} == {level}, when
        assert len(effects) == len(codes), when


def test_final_scoring_counts_only_the_level_1_tiles_that_score() -> None:
    passives = base.IVORY_PASSIVES.items()
    scoring = {code for code, (when, _) in passives if when == base.FINAL_SCORING}
    assert scoring == {"I1-a", "I1-b", "I1-c", "I1-d", "I1-e"}
