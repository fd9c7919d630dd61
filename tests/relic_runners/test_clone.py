"""clone() is spelled out field by field for speed; these tests keep it honest.

The field lists in ``rules`` say how a clone treats each slot: shared (scalars, the board,
caches, copy-on-write containers), copied (flat lists) or copied per seat (nested lists).
"""

from __future__ import annotations

from typing import Any

from relicbox.core.game import State
from relicbox.core.rng import Rng
from relicbox.games.relic_runners import rules
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


def test_every_slot_is_in_exactly_one_field_list() -> None:
    lists = (rules._SHARED, rules._FLAT_LISTS, rules._RECORDS)
    listed = [name for group in lists for name in group]
    assert len(listed) == len(set(listed)), "a field is listed twice"
    base = _slots(State)
    assert set(listed) == _slots(RelicRunnersState) - base


def test_a_clone_shares_only_what_the_lists_call_shared() -> None:
    state = _mid_game(3)
    other = state.clone()
    for name in rules._SHARED:
        assert getattr(other, name) is getattr(state, name), name
    for name in rules._FLAT_LISTS:
        mine: Any = getattr(state, name)
        theirs: Any = getattr(other, name)
        assert theirs is not mine and list(theirs) == list(mine), name
    assert other._this_turn is not state._this_turn
    assert other._boards is not state._boards
    records = [(state._this_turn, other._this_turn)]
    records += list(zip(state._boards, other._boards, strict=True))
    for mine, theirs in records:
        assert mine is not theirs
        for name in type(mine).__slots__:
            value, copied = getattr(mine, name), getattr(theirs, name)
            assert copied == value, name
            if isinstance(value, list | dict):
                assert copied is not value, name


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
