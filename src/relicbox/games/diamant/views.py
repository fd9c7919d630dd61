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

from relicbox.core import checks
from relicbox.core.errors import StateFormatError
from relicbox.games.diamant.data import BASE_RELIC_VALUES, CARDS, ROUNDS, TRAP_TYPES

if TYPE_CHECKING:
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


_EVENT_SHAPES = {"round": 2, "reveal": 3, "choices": 2, "leave": 4, "round-end": 6}


def _event_from_json(raw: object, where: str, players: int) -> tuple[Any, ...]:
    """One public history event, every part checked (seats, card ids, counts)."""
    items = checks.seq(raw, where, max_length=6)
    kind = checks.text(items[0] if items else None, f"{where}[0]", _EVENT_SHAPES)
    if len(items) != _EVENT_SHAPES[kind]:
        raise checks.fail(where, f"a {kind!r} event has {_EVENT_SHAPES[kind]} parts")
    high = players - 1
    if kind == "round":
        return (kind, checks.whole(items[1], f"{where}[1]", 1, ROUNDS))
    if kind == "reveal":
        return (kind, _card(items[1], f"{where}[1]"), checks.whole(items[2], f"{where}[2]"))
    if kind == "choices":
        return (kind, tuple(checks.wholes(items[1], f"{where}[1]", 0, high, max_length=players)))
    if kind == "leave":
        return (
            kind,
            tuple(checks.wholes(items[1], f"{where}[1]", 0, high, max_length=players)),
            checks.whole(items[2], f"{where}[2]", 0, _COUNT_MAX),
            tuple(_card(c, f"{where}[3]") for c in checks.seq(items[3], f"{where}[3]")),
        )
    trap = items[5]
    return (
        kind,
        checks.whole(items[1], f"{where}[1]", 1, ROUNDS),
        checks.text(items[2], f"{where}[2]", ("all-left", "trap")),
        tuple(checks.wholes(items[3], f"{where}[3]", 0, high, max_length=players)),
        tuple(_card(c, f"{where}[4]") for c in checks.seq(items[4], f"{where}[4]")),
        None if trap is None else _card(trap, f"{where}[5]"),
    )


_COUNT_MAX = 10**9
"""A generous bound for every count (rubies, points), so a state always writes as JSON."""


def load_body(state: DiamantState, body: Mapping[str, Any]) -> None:
    """Load and check a body; every refusal is a :class:`StateFormatError` naming the field.

    Beyond types and ranges: every card is in exactly one place, the path holds no
    trap twice, gems lie only on treasure cards, explorers inside hold equal pockets,
    choices are pending only for explorers inside during a choice step, the relic
    pile matches the round, and relic points and rescued relics add up.
    """
    from relicbox.games.diamant.rules import (
        _BASE_CODES,
        _IS_RELIC,
        _VARIANT_CODES,
        LEAVE,
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
    state._round = checks.whole(checks.need(body, "round", "body.round"), "body.round", 1, ROUNDS)
    phase = checks.text(
        checks.need(body, "phase", "body.phase"), "body.phase", (p.value for p in Phase)
    )
    state._phase = Phase(phase)
    state._deck = _cards(body, "deck")
    state._path = _cards(body, "path")
    state._on_card = checks.wholes(
        checks.need(body, "on_card", "body.on_card"),
        "body.on_card",
        0,
        _COUNT_MAX,
        length=len(state._path),
    )
    for i, (card, gems) in enumerate(zip(state._path, state._on_card, strict=True)):
        # Pooled splitting keeps what cannot be split on the last treasure card, which
        # may then hold more than it brought; only the path's total is bounded there.
        brought = CARDS[card].rubies
        if gems > brought and (state._per_card or not brought):
            raise checks.fail(
                f"body.on_card[{i}]",
                f"holds {gems} rubies, more than card {CARDS[card].code} brought ({brought})",
            )
    brought_in_all = sum(CARDS[card].rubies for card in state._path)
    if sum(state._on_card) > brought_in_all:
        raise checks.fail(
            "body.on_card",
            f"holds {sum(state._on_card)} rubies, more than the path's cards brought "
            f"({brought_in_all})",
        )
    state._path_gems = sum(state._on_card)
    state._path_relics = sum(1 for card in state._path if _IS_RELIC[card])
    state._traps = 0
    for card in state._path:
        trap = CARDS[card].trap
        if trap is not None:
            bit = 1 << TRAP_TYPES.index(trap)
            if state._traps & bit:
                raise checks.fail(
                    "body.path", f"holds two {trap} cards: the second one ends the round"
                )
            state._traps |= bit
    inside = checks.flags(checks.need(body, "inside", "body.inside"), "body.inside", n)
    state._inside = sum(1 << s for s in range(n) if inside[s])
    state._inside_count = sum(1 for s in range(n) if inside[s])
    pocket_list = checks.wholes(
        checks.need(body, "pocket", "body.pocket"), "body.pocket", 0, _COUNT_MAX, length=n
    )
    pockets = {pocket_list[s] for s in range(n) if inside[s]}
    if len(pockets) > 1:
        raise StateFormatError(f"explorers inside must hold equal pockets, got {sorted(pockets)}")
    state._pocket = pockets.pop() if pockets else 0
    state._leaving = 0
    state._open = state._inside if state._phase is Phase.CHOICE else 0
    pending = checks.seq(checks.need(body, "pending", "body.pending"), "body.pending", n)
    for seat, text in enumerate(pending):
        if text is None:
            continue
        field = f"body.pending[{seat}]"
        checks.text(text, field, ("continue", "leave"))
        if state._phase is not Phase.CHOICE or not inside[seat]:
            raise checks.fail(
                field, "names a choice, but only explorers inside choose, in a choice step"
            )
        state._open &= ~(1 << seat)
        if text == LEAVE.text:
            state._leaving |= 1 << seat
    state._chest = checks.wholes(
        checks.need(body, "chest", "body.chest"), "body.chest", 0, _COUNT_MAX, length=n
    )
    state._relic_points = checks.wholes(
        checks.need(body, "relic_points", "body.relic_points"),
        "body.relic_points",
        0,
        _COUNT_MAX,
        length=n,
    )
    relics = checks.seq(checks.need(body, "relics", "body.relics"), "body.relics", n)
    state._relics = [
        [_card(c, f"body.relics[{s}]") for c in checks.seq(r, f"body.relics[{s}]")]
        for s, r in enumerate(relics)
    ]
    state._rescued = checks.whole(
        checks.need(body, "rescued", "body.rescued"), "body.rescued", 0, len(BASE_RELIC_VALUES)
    )
    state._removed = _cards(body, "removed")
    state._relic_pile = _cards(body, "relic_pile")
    state._bank = checks.whole(body.get("bank", 0), "body.bank", 0, _COUNT_MAX)
    state._revealed = checks.whole(body.get("revealed", 0), "body.revealed", 0, _COUNT_MAX)
    history = checks.seq(body.get("history", []), "body.history")
    state._history = [_event_from_json(e, f"body.history[{i}]", n) for i, e in enumerate(history)]
    check_body(state)


def _card(value: object, field: str) -> int:
    return checks.whole(value, field, 0, len(CARDS) - 1)


def _cards(body: Mapping[str, Any], key: str) -> list[int]:
    field = f"body.{key}"
    return [
        _card(c, f"{field}[{i}]")
        for i, c in enumerate(checks.seq(checks.need(body, key, field), field))
    ]
