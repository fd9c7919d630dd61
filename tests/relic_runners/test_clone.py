"""clone() is spelled out field by field for speed; these tests keep it honest.

The field lists in ``parts`` say how a clone treats each slot: shared (scalars, the board,
caches, copy-on-write containers), copied (flat lists) or copied per seat (nested lists).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from relicbox.core.fields import Copy
from relicbox.core.game import State
from relicbox.core.rng import Rng
from relicbox.games.relic_runners import rules
from relicbox.games.relic_runners.parts import FIELDS
from relicbox.games.relic_runners.rules import RelicRunnersState
from support.relic_runners import new


def _mid_game(seed: int) -> RelicRunnersState:
    state = new(4, seed, setup="standard", abilities=True)
    rng = Rng(seed)
    for _ in range(120):
        if state.is_over:
            break
        seat = state.to_act[0]
        state.act(seat, rng.choice(list(state.legal_actions(seat))))
    assert isinstance(state, RelicRunnersState)
    return state


def _slots(cls: type) -> set[str]:
    return {name for klass in cls.__mro__ for name in getattr(klass, "__slots__", ())}


def test_the_field_list_names_every_slot() -> None:
    base = _slots(State)
    assert set(FIELDS.slots) == _slots(RelicRunnersState) - base


def test_a_clone_shares_only_what_the_field_list_calls_shared() -> None:
    state = _mid_game(3)
    other = state.clone()
    for field in FIELDS:
        mine, theirs = getattr(state, field.name), getattr(other, field.name)
        assert theirs == mine, field.name
        assert type(theirs) is type(mine), field.name  # the agenda stays an Agenda
        if field.copy is Copy.SHARE:
            assert theirs is mine, field.name
        else:
            assert theirs is not mine, field.name
    records = 0
    for mine, theirs in _records(state, other):
        records += 1
        assert mine is not theirs
        for name in type(mine).__slots__:
            value, copied = getattr(mine, name), getattr(theirs, name)
            assert copied == value, name
            if isinstance(value, list | dict):
                assert copied is not value, name
    assert records == 1 + state.players  # the turn record and a board per seat
    shared_dicts = 0
    for field in FIELDS:
        mine, theirs = getattr(state, field.name), getattr(other, field.name)
        if field.copy is Copy.LIST and isinstance(mine, list):
            for item, copied in zip(mine, theirs, strict=True):
                if isinstance(item, Mapping) and copied is item:
                    shared_dicts += 1
                    with pytest.raises(TypeError):
                        item[9] = (0, 0)  # type: ignore[index]  # shared, so read-only
    assert shared_dicts  # the drawn tiles of each space


def _records(state: RelicRunnersState, other: RelicRunnersState) -> list[tuple[Any, Any]]:
    """The game's own record objects a clone must copy slot by slot, with their copies: the
    value of a copied field, or each item of a field copied per seat."""
    pairs = []
    for field in FIELDS:
        mine, theirs = getattr(state, field.name), getattr(other, field.name)
        if field.copy is Copy.NESTED:
            pairs += list(zip(mine, theirs, strict=True))
        elif (
            field.copy is Copy.LIST
            and type(mine).__module__.startswith(rules.__package__)
            and not isinstance(mine, list)  # the agenda: a list of shared tasks
        ):
            pairs.append((mine, theirs))
    return pairs


def test_playing_on_a_clone_leaves_the_original_as_it_was() -> None:
    for seed in range(6):
        state = _mid_game(seed)
        before = state.to_dict()
        other = state.clone()
        assert other.to_dict() == before
        rng = Rng(seed + 100)
        for _ in range(200):
            if other.is_over:
                break
            seat = other.to_act[0]
            other.act(seat, rng.choice(list(other.legal_actions(seat))))
        assert state.to_dict() == before
        determinized = state.determinize(0, Rng(seed))
        assert state.to_dict() == before
        assert determinized.view(0) == state.view(0)
