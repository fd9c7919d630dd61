"""Helpers for Relic Runners scenarios: positions are set up by editing the JSON body.

Games use the first-game layout (fixed temple colours) on the default map:
T1 blue, T2 purple, T3 ivory, T4 purple, T5 ivory, T6 blue, T7 blue, T8 ivory,
T9 purple, T10 purple, T11 ivory, T12 blue.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import relicbox
from relicbox.games.relic_runners.board import NODE_IDS, TOKEN_IDS, default_board
from relicbox.games.relic_runners.data import TILE_BY_CODE, TILES, pool_key

BOARD = default_board()
Body = dict[str, Any]


def node(name: str) -> int:
    return NODE_IDS.index(name)


def trail(name: str) -> int:
    a, b = (node(x) for x in name.split("-"))
    return BOARD.trail_of_pair[(min(a, b), max(a, b))]


def mask(names: Iterable[str]) -> int:
    return sum(1 << trail(name) for name in names)


def tile(code: str) -> int:
    return TILE_BY_CODE[code][0]


def new(players: int = 3, seed: int = 0, **options: object) -> relicbox.State:
    options.setdefault("setup", "first")
    return relicbox.new_game("relic-runners", players, seed, **options)


def edit(state: relicbox.State, change: Callable[[Body], None]) -> relicbox.State:
    data = state.to_dict()
    change(data["body"])
    return relicbox.state_from_dict(data)


def put(body: Body, seat: int, where: str) -> None:
    """Move ``seat``'s explorer; if it is the seat to play, its turn starts there."""
    body["pos"][seat] = node(where)
    if body["seat"] == seat:
        body["start"] = node(where)
        body["route"] = [node(where)]
        body["start_relic"] = None


def start_relic(body: Body, relic: int | None) -> None:
    body["start_relic"] = relic


def give_paths(body: Body, seat: int, names: Iterable[str]) -> None:
    names = list(names)
    body["paths"][seat] = mask(names)
    body["path_supply"][seat] = 10 - len(names)


def set_rations(body: Body, seat: int, count: int) -> None:
    """Set a board's rations, moving the difference from or to the camp supply."""
    body["supply"] -= count - body["rations"][seat]
    body["rations"][seat] = count


def fix_top(body: Body, where: str, code: str, public: bool = False) -> None:
    """Rig the top tile of a temple stack (taking it out of its unseen pool)."""
    n = len(body["pos"])
    place = node(where)
    level = body["levels"][place][-1]
    tid = _from_pool(body, code)
    body["fixed"][place][str(level)] = [tid, (1 << n) - 1 if public else 0]


def fix_level(body: Body, where: str, level: int, code: str) -> None:
    tid = _from_pool(body, code)
    body["fixed"][node(where)][str(level)] = [tid, 0]


def _from_pool(body: Body, code: str) -> int:
    """Take a ``code`` tile out of hiding: the unseen pool, a stack, or the box."""
    ids = TILE_BY_CODE[code]
    pool = body["pools"][pool_key(TILES[ids[0]].colour, TILES[ids[0]].level)]
    for tid in ids:
        if tid in pool:
            pool.remove(tid)
            return tid
    for fixed in body["fixed"]:
        for level, (tid, knower) in list(fixed.items()):
            if tid in ids and pool:
                fixed[level] = [pool.pop(), knower]  # another tile takes its place
                return tid
    held = {t for ivory in body["ivory"] for t in ivory.values()}
    held |= {t for blue in body["blue"] for t in blue} | set(body["discard"])
    for tid in ids:
        if tid not in held:
            return tid  # from the box (e.g. a red-gem tile left out of a first game)
    raise ValueError(f"no {code} tile left to rig")


def set_purple_top(body: Body, where: str, code: str) -> None:
    """Replace a purple stack's face-up tile by ``code`` (the old one goes back unseen)."""
    place = node(where)
    level = str(body["levels"][place][-1])
    old = body["fixed"][place].pop(level, None)
    if old is not None:
        t = TILES[old[0]]
        body["pools"][pool_key(t.colour, t.level)].append(old[0])
    fix_top(body, where, code, public=True)


def hold_ivory(body: Body, seat: int, *codes: str) -> None:
    for code in codes:
        tid = _from_pool(body, code)
        body["ivory"][seat][str(TILES[tid].level)] = tid


def shrine(body: Body, where: str, relic: bool = True) -> None:
    place = node(where)
    body["levels"][place] = []
    body["fixed"][place] = {}
    body["relic_on"][place] = relic


def tokens(body: Body, up: Iterable[str]) -> None:
    up = set(up)
    body["tokens"] = [token in up for token in TOKEN_IDS]


def tools(body: Body, seat: int, **placed: int) -> None:
    """Put toolboxes on the table: ``tools(body, 0, machete_2=1, start=1)``; rest in reserve."""
    slots = [0] * 9
    start = placed.pop("start", 0)
    for key, count in placed.items():
        branch, level = key.split("_")
        slots[("machete", "compass", "shovel").index(branch) * 3 + int(level) - 1] = count
    body["tools"][seat] = slots
    body["start_row"][seat] = start
    body["reserve"][seat] = 3 - start - sum(slots)


def texts(state: relicbox.State, seat: int | None = None) -> list[str]:
    seat = state.to_act[0] if seat is None else seat
    return [a.text for a in state.legal_actions(seat)]


def play(state: relicbox.State, *actions: str) -> relicbox.State:
    for action in actions:
        state.act(state.to_act[0], action)
    return state


def coins(state: relicbox.State, seat: int) -> int:
    return state.score_parts(seat)["coins"]  # type: ignore[attr-defined,no-any-return]
