"""What each seat of a Diamant game may know, and the state's JSON body loader.

A seat sees what a player at the table sees: the path and the rubies on it,
every pocket (gems beside the chests are in plain sight), who is still inside,
who has committed a choice (but not which), removed cards, rescued relics, the
deck size and the public history. Only its own chest total and its own pending
choice are added for a seat; nobody sees the deck order or the generator.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from relicbox.core.errors import StateFormatError
from relicbox.games.diamant.data import BASE_RELIC_VALUES, CARDS, ROUNDS, TRAP_TYPES

if TYPE_CHECKING:
    from relicbox.games.diamant.rules import DiamantState


def build_view(state: DiamantState, seat: int | None) -> dict[str, Any]:
    if seat is not None and state._not_a_seat(seat) is not None:
        raise ValueError(state._not_a_seat(seat))
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


def _event_from_json(raw: object) -> tuple[Any, ...]:
    if not isinstance(raw, list) or not raw or not isinstance(raw[0], str):
        raise StateFormatError(f"cannot read history event {raw!r}")
    return tuple(tuple(part) if isinstance(part, list) else part for part in raw)


def load_body(state: DiamantState, body: Mapping[str, Any]) -> None:
    from relicbox.games.diamant.rules import (
        _BASE_CODES,
        _IS_RELIC,
        _VARIANT_CODES,
        ACTION_SPACE,
        MAX_SEATS,
        Phase,
        check_body,
    )

    n = state.players
    if n > MAX_SEATS:
        raise StateFormatError(f"at most {MAX_SEATS} seats")
    state._variant = state.options["variant"] == "relics"
    state._per_card = state.options["split"] == "per-card"
    state._codes = _VARIANT_CODES if state._variant else _BASE_CODES
    state._round = _int(body, "round", 1, ROUNDS)
    try:
        state._phase = Phase(body["phase"])
    except ValueError:
        raise StateFormatError(f"unknown phase {body['phase']!r}") from None
    state._deck = _cards(body, "deck")
    state._path = _cards(body, "path")
    state._on_card = [int(v) for v in body["on_card"]]
    state._path_gems = sum(state._on_card)
    state._path_relics = sum(1 for card in state._path if _IS_RELIC[card])
    state._traps = 0
    for card in state._path:
        trap = CARDS[card].trap
        if trap is not None:
            state._traps |= 1 << TRAP_TYPES.index(trap)
    inside = _per_seat(body, "inside", n)
    state._inside = sum(1 << s for s in range(n) if inside[s])
    state._inside_count = sum(1 for s in range(n) if inside[s])
    pockets = {int(body["pocket"][s]) for s in range(n) if inside[s]}
    if len(pockets) > 1:
        raise StateFormatError(f"explorers inside must hold equal pockets, got {sorted(pockets)}")
    state._pocket = pockets.pop() if pockets else 0
    state._leaving = 0
    state._open = state._inside if state._phase is Phase.CHOICE else 0
    for seat, text in enumerate(_per_seat(body, "pending", n)):
        if text is not None:
            choice = ACTION_SPACE.from_text(text)
            state._open &= ~(1 << seat)
            if choice.text == "leave":
                state._leaving |= 1 << seat
    state._chest = [int(v) for v in body["chest"]]
    state._relic_points = [int(v) for v in body["relic_points"]]
    state._relics = [[_card(c) for c in relics] for relics in body["relics"]]
    state._rescued = int(body["rescued"])
    state._removed = _cards(body, "removed")
    state._relic_pile = _cards(body, "relic_pile")
    state._bank = int(body.get("bank", 0))
    state._revealed = int(body.get("revealed", 0))
    state._history = [_event_from_json(e) for e in body.get("history", [])]
    check_body(state)


def _per_seat(body: Mapping[str, Any], key: str, n: int) -> list[Any]:
    values = list(body[key])
    if len(values) != n:
        raise StateFormatError(f"{key} must have one entry per seat ({n}), got {len(values)}")
    return values


def _int(body: Mapping[str, Any], key: str, low: int, high: int) -> int:
    value = body[key]
    if not isinstance(value, int) or not low <= value <= high:
        raise StateFormatError(f"{key}={value!r} must be a whole number from {low} to {high}")
    return value


def _card(value: object) -> int:
    if not isinstance(value, int) or not 0 <= value < len(CARDS):
        raise StateFormatError(f"card id {value!r} is not a Diamant card (0..{len(CARDS) - 1})")
    return value


def _cards(body: Mapping[str, Any], key: str) -> list[int]:
    return [_card(c) for c in body[key]]
