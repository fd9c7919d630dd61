"""Helpers for Relic Runners scenarios: positions are set up by editing the JSON body
with the edits of :mod:`relicbox.games.relic_runners.scenario`.

Games use the first-game layout (fixed temple colours) on the default map:
T1 blue, T2 purple, T3 ivory, T4 purple, T5 ivory, T6 blue, T7 blue, T8 ivory,
T9 purple, T10 purple, T11 ivory, T12 blue.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import relicbox
from relicbox.games.relic_runners import RelicRunnersState
from relicbox.games.relic_runners.board import default_board
from relicbox.games.relic_runners.data import TILE_BY_CODE
from relicbox.games.relic_runners.scenario import (
    Scenario,
    explorer_in,
    ivory_in,
    level_in,
    paths_in,
    purple_top_in,
    rations_in,
    shrine_in,
    space_index,
    tokens_in,
    toolboxes_in,
    top_in,
    trail_index,
)

BOARD = default_board()
Body = dict[str, Any]

# The body edits are the public scenario builder's; the short names are the tests' own.
node = space_index
trail = trail_index
put = explorer_in
set_rations = rations_in
give_paths = paths_in
fix_top = top_in
fix_level = level_in
set_purple_top = purple_top_in
hold_ivory = ivory_in
shrine = shrine_in
tokens = tokens_in
tools = toolboxes_in


def mask(names: Iterable[str]) -> int:
    return sum(1 << trail(name) for name in names)


def tile(code: str) -> int:
    return TILE_BY_CODE[code][0]


def new(players: int = 3, seed: int = 0, **options: object) -> relicbox.State:
    options.setdefault("setup", "first")
    return relicbox.new_game("relic-runners", players, seed, **options)


def edit(state: relicbox.State, change: Callable[[Body], None]) -> relicbox.State:
    assert isinstance(state, RelicRunnersState)
    return Scenario.from_state(state).edit(change).build()


def start_relic(body: Body, relic: int | None) -> None:
    body["start_relic"] = relic


def texts(state: relicbox.State, seat: int | None = None) -> list[str]:
    seat = state.to_act[0] if seat is None else seat
    return [a.text for a in state.legal_actions(seat)]


def play(state: relicbox.State, *actions: str) -> relicbox.State:
    for action in actions:
        state.act(state.to_act[0], action)
    return state


def coins(state: relicbox.State, seat: int) -> int:
    return state.score_parts(seat)["coins"]  # type: ignore[attr-defined,no-any-return]
