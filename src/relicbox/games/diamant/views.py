"""What each seat of a Diamant game may know.

A seat sees what a player at the table sees: the path and the rubies on it,
every pocket (gems beside the chests are in plain sight), who is still inside,
who has committed a choice (but not which), removed cards, rescued relics, the
deck size and the public history. Only its own chest total and its own pending
choice are added for a seat; nobody sees the deck order or the generator.
"""

from __future__ import annotations

from typing import Any

from relicbox.games.diamant.data import BASE_RELIC_VALUES, ROUNDS
from relicbox.games.diamant.rules import DiamantState


def build_view(state: DiamantState, seat: int | None) -> dict[str, Any]:
    if seat is not None:
        state._require_seat(seat, "view")
    codes = state._codes
    n = state.players
    over = state.is_over
    view: dict[str, Any] = {
        "game": "diamant",
        "seat": seat,
        "players": n,
        "variant": state.options["variant"],
        "split": state.options["split"],
        "round": state._round,
        "rounds": ROUNDS,
        "phase": state._phase.value,
        "to_act": list(state.to_act),
        "deck_size": len(state._deck),
        "path": [
            {"card": codes[card], "gems": gems}
            for card, gems in zip(state._path, state._on_card, strict=True)
        ],
        "path_gems": sum(state._on_card),
        "inside": [state.is_inside(s) for s in range(n)],
        "explorers_inside": state._inside_count,
        "pockets": state.pockets(),
        "committed": [state.committed(s) for s in range(n)],
        "traps_on_path": state.traps_on_path(),
        "removed": [codes[card] for card in state._removed],
        "relics": [[codes[card] for card in relics] for relics in state._relics],
        "relics_rescued": state._rescued,
        "next_relic_value": _next_relic_value(state),
        "relic_pile": [codes[card] for card in state._relic_pile],
        "history": [event_json(state, event) for event in state._history],
        "my_choice": None,
        "chest": None,
        "scores": state.scores() if over else None,
        "winners": state.winners() if over else None,
    }
    if seat is not None:
        pending = state.pending_choice(seat)
        view["my_choice"] = None if pending is None else pending.text
        view["chest"] = state.chest(seat)
    return view


def _next_relic_value(state: DiamantState) -> int | None:
    if state._variant or state._rescued >= len(BASE_RELIC_VALUES):
        return None
    return BASE_RELIC_VALUES[state._rescued]


def event_json(state: DiamantState, event: tuple[Any, ...]) -> dict[str, Any]:
    """A public history event as JSON. Every field is public knowledge at the table."""
    codes = state._codes
    kind = event[0]
    if kind == "round":
        return {"type": "round", "round": event[1]}
    if kind == "reveal":
        return {"type": "reveal", "card": codes[event[1]], "share": event[2]}
    if kind == "choices":
        return {"type": "choices", "leavers": list(event[1])}
    if kind == "leave":
        return {
            "type": "leave",
            "seats": list(event[1]),
            "path_share": event[2],
            "relics": [codes[card] for card in event[3]],
        }
    return {
        "type": "round-end",
        "round": event[1],
        "reason": event[2],
        "busted": list(event[3]),
        "lost_relics": [codes[card] for card in event[4]],
        "trap": None if event[5] is None else codes[event[5]],
    }
