"""Helpers for Diamant tests: rigged reveals and whole-table choices."""

from __future__ import annotations

import relicbox


def rigged(players: int = 5, *cards: str, **options: object) -> relicbox.State:
    """A Diamant game whose reveals are chosen by the test, in order, as they come up."""
    state = relicbox.new_game("diamant", players, seed=0, auto_chance=False, **options)
    for card in cards:
        state.apply_chance(card)
    return state


def everyone(state: relicbox.State, choice: str) -> None:
    for seat in state.to_act:
        state.act(seat, choice)


def choose(state: relicbox.State, leavers: set[int]) -> None:
    """Every seat still to decide commits: ``leavers`` leave, the others continue."""
    for seat in state.to_act:
        state.act(seat, "leave" if seat in leavers else "continue")
