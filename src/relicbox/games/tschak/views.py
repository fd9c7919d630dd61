"""What each seat of a Tschak! game may know.

A seat sees what a player with a perfect memory sees at the table: the tower
cards, every card revealed on the current floor, every party shown on earlier
floors and every 10th card shown for the loot (the ``history``), who took which
monster and treasure (they lay face up on the tower before being won), the gold,
how many cards each player has committed face down (not which), its own hand
and its own committed picks, and the full contents of every hand it has held
or that was shown in full in a finished tower. Never: other hands, others'
uncommitted or unrevealed picks, on-the-road boards' cards, the 2+2 tower
cards removed unseen, the decks' order, the generator.
"""

from __future__ import annotations

from typing import Any

from relicbox.games.tschak.data import POSITIONS, REMOVED_PER_DECK, TOWERS
from relicbox.games.tschak.rules import (
    DEAL_DRAWS,
    Phase,
    TschakState,
    codes,
    event_json,
    hand_at,
)


def build_view(state: TschakState, seat: int | None) -> dict[str, Any]:
    if seat is not None:
        state._require_seat(seat, "view")
    n = state.players
    over = state._phase is Phase.OVER
    playing = state._phase is Phase.PLAY
    view: dict[str, Any] = {
        "game": "tschak",
        "seat": seat,
        "players": n,
        "options": {
            "chameleon_rank": state.options.get("chameleon_rank"),
            "elixir": state.options.get("elixir"),
            "cards": "proposed" if state._table.proposed else "custom",
        },
        "tower": state._tower,
        "towers": TOWERS,
        "phase": state._phase.value,
        "floor": state.floor if playing else None,
        "need": state._need if playing else 0,
        "to_act": list(state._to_act),
        "cycle": list(state._holder),
        "hand_ids": [hand_at(p, state._tower) for p in range(POSITIONS)],
        "floors": _floors(state),
        "revealed": [codes(cards) for cards in state._revealed],
        "committed": [len(picks) for picks in state._picks],
        "played": [codes(cards) for cards in state._played],
        "gold": list(state._gold),
        "loot": list(state.loot_piles()),
        "won": [
            {"monsters": list(m), "treasures": list(t)}
            for m, t in zip(state._monsters, state._treasures, strict=True)
        ],
        "decks": {
            "monsters": max(0, len(state._mdeck) - REMOVED_PER_DECK),
            "treasures": max(0, len(state._tdeck) - REMOVED_PER_DECK),
        },
        "hand": None,
        "picks": None,
        "known_hands": _known_hands(state, seat),
        "history": [event_json(e) for e in state._history],
        "scores": None,
        "breakdown": None,
        "winners": None,
    }
    if seat is not None:
        if state._deal_slot < DEAL_DRAWS:
            view["hand"] = codes(sorted(state._hands[state._pos[seat]]))
        else:
            view["hand"] = codes(state.hand_kinds(seat))
        view["picks"] = codes(state._picks[seat])
    if over:
        view["breakdown"] = [state.score_breakdown(s) for s in range(n)]
        view["scores"] = [row["total"] for row in view["breakdown"]]
        view["winners"] = state.winners()
    return view


def _floors(state: TschakState) -> list[dict[str, Any]]:
    results = {
        e["floor"]: e for e in state._history if e["type"] == "floor" and e["tower"] == state._tower
    }
    floors = []
    for floor in range(1, 4):
        done = results.get(floor)
        floors.append(
            {
                "floor": floor,
                "monster": state._tower_m[floor - 1] if len(state._tower_m) >= floor else None,
                "treasure": state._tower_t[floor - 1] if len(state._tower_t) >= floor else None,
                "monster_to": None if done is None else done["monster_to"],
                "treasure_to": None if done is None else done["treasure_to"],
            }
        )
    return floors


def _known_hands(state: TschakState, seat: int | None) -> list[list[str] | None]:
    """Full contents of the hands this seat knows (public ones only for a spectator)."""
    if state._deal_slot < DEAL_DRAWS:
        return [None] * POSITIONS
    if seat is None:
        finished = TOWERS if state._phase is Phase.OVER else state._tower - 1
        ids = {hand_at(p, t) for p in state._pos for t in range(1, finished + 1)}
    else:
        ids = set(state.known_hand_ids(seat))
    return [codes(state._hands[h]) if h in ids else None for h in range(POSITIONS)]
