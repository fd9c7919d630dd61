"""Helpers for Tschak! tests: rigged deals and floors through ``state_from_dict``."""

from __future__ import annotations

from collections import Counter
from typing import Any

import relicbox
from relicbox.games.tschak.data import KIND_BY_CODE, PROPOSED_TABLE, Kind
from relicbox.games.tschak.rules import STEPS, TschakState, hand_at, seat_positions

PER_HAND = {Kind.WIZARD: 3, Kind.WARRIOR: 3, Kind.DWARF: 3, Kind.ARTIFACT: 1}
TABLE_CODES = [
    code
    for group in ("wizards", "warriors", "dwarves", "artifacts")
    for code in PROPOSED_TABLE[group]
]


def full_hands(players: int, wanted: list[list[str]], tower: int = 1) -> list[list[str]]:
    """Four legal hands (by hand id) in which seat ``s`` holds ``wanted[s]`` in ``tower``.

    The rest of every hand is filled from the proposed table, in table order.
    """
    pool = Counter(TABLE_CODES)
    hands: list[list[str]] = [[] for _ in range(4)]
    for seat, position in enumerate(seat_positions(players)):
        hands[hand_at(position, tower)] = list(wanted[seat])
        pool.subtract(wanted[seat])
    if any(count < 0 for count in pool.values()):
        raise ValueError(f"the table cannot supply {wanted}")
    for hand in hands:
        for kind, size in PER_HAND.items():
            have = sum(1 for code in hand if KIND_BY_CODE[code].kind is kind)
            for code in TABLE_CODES:
                if have >= size:
                    break
                if KIND_BY_CODE[code].kind is kind and pool[code] > 0:
                    hand.append(code)
                    pool[code] -= 1
                    have += 1
    return hands


def rig(
    players: int,
    hands: list[list[str]],
    *,
    step: int = 0,
    tower: int = 1,
    monsters: tuple[str, str, str] = ("M1", "M2", "M3"),
    treasures: tuple[str, str, str] = ("C2", "C3", "C4"),
    seed: int = 0,
    **body: Any,
) -> TschakState:
    """A game at ``tower``/``step`` where seat ``s`` holds exactly ``hands[s]`` now.

    Cards a seat needs to reach its 10 are filled in; those beyond what it
    still holds at this step count as played on earlier floors.
    """
    floor = STEPS[step][0]
    in_hand = 10 - 3 * (floor - 1)
    wanted = [list(h) for h in hands]
    complete = full_hands(players, wanted, tower)
    hand_now: list[list[str]] = []
    played: list[list[str]] = []
    for seat, position in enumerate(seat_positions(players)):
        full = complete[hand_at(position, tower)]
        extra = full[len(wanted[seat]) :]
        keep = wanted[seat] + extra[: max(0, in_hand - len(wanted[seat]))]
        hand_now.append(keep)
        rest = list(full)
        for code in keep:
            rest.remove(code)
        played.append(rest)
    data = relicbox.new_game("tschak", players, seed=seed, **body.pop("options", {})).to_dict()
    data["body"] = {
        "tower": tower,
        "step": step,
        "phase": "play",
        "hands": complete,
        "hand": hand_now,
        "played": played,
        "tower_monsters": list(monsters),
        "tower_treasures": list(treasures),
        **body,
    }
    data["events"] = None
    state = relicbox.state_from_dict(data)
    assert isinstance(state, TschakState)
    return state


def play_floor(state: relicbox.State, parties: list[list[str]]) -> dict[str, Any]:
    """Commit every seat's party in the floor's reveal rhythm; return the floor's result."""
    played = [0] * len(parties)
    while True:
        need = state.view(None)["need"]
        floor = state.view(None)["floor"]
        for seat, party in enumerate(parties):
            for code in party[played[seat] : played[seat] + need]:
                state.act(seat, f"play {code}")
            played[seat] += need
        if all(n >= 3 for n in played) or state.view(None)["floor"] != floor:
            break
    return next(e for e in reversed(state.view(None)["history"]) if e["type"] == "floor")
