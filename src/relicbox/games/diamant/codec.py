"""Diamant's state body to and from JSON, with every check a loaded body must pass.

The body lists the fields of :data:`~relicbox.games.diamant.rules.FIELDS` that have a key,
in that order: the plain ones as they are, ``phase`` as its value, ``inside`` as one flag
per seat, ``pocket`` per seat (0 at camp), ``pending`` as each seat's committed choice
(``"continue"``, ``"leave"`` or ``null``) and ``history`` as lists. The loader derives the
other fields and refuses anything that is not a position of a real game (see
:func:`load_body`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from relicbox.core import checks
from relicbox.core.errors import StateFormatError
from relicbox.core.fields import Loader
from relicbox.core.game import Codec
from relicbox.games.diamant.data import (
    BASE_RELIC_VALUES,
    CARDS,
    RELIC_IDS,
    ROUNDS,
    TRAP_TYPES,
    Kind,
)
from relicbox.games.diamant.rules import (
    _BASE_CODES,
    _IS_RELIC,
    _TRAP_BIT,
    _VARIANT_CODES,
    FIELDS,
    LEAVE,
    MAX_SEATS,
    NO_VIEW,
    DiamantState,
    Phase,
)

_COUNT_MAX = 10**9
"""A generous bound for every count (rubies, points), so a state always writes as JSON."""


# -- writing ------------------------------------------------------------------------------


def _jsonable(event: tuple[Any, ...]) -> list[Any]:
    return [list(part) if isinstance(part, tuple) else part for part in event]


_ENCODE: dict[str, Callable[[DiamantState], Any]] = {
    "phase": lambda state: state._phase.value,
    "inside": lambda state: [state.is_inside(s) for s in range(state.players)],
    "pocket": lambda state: state.pockets(),
    "pending": lambda state: [
        None if a is None else a.text for a in map(state.pending_choice, range(state.players))
    ],
    "history": lambda state: [_jsonable(e) for e in state._history],
}


def body_to_dict(state: DiamantState) -> dict[str, Any]:
    return FIELDS.write(state, _ENCODE)


# -- reading ------------------------------------------------------------------------------


def load_body(state: DiamantState, body: Mapping[str, Any]) -> None:
    """Load and check a body; every refusal is a :class:`StateFormatError` naming the field.

    Beyond types and ranges: every card is in exactly one place, the path holds no
    trap twice, gems lie only on treasure cards, explorers inside hold equal pockets,
    choices are pending only for explorers inside during a choice step, the relic
    pile matches the round, and relic points and rescued relics add up.
    """
    n = state.players
    if n > MAX_SEATS:
        raise StateFormatError(f"at most {MAX_SEATS} seats")
    state._variant = state.settings.variant == "relics"
    state._per_card = state.settings.split == "per-card"
    state._codes = _VARIANT_CODES if state._variant else _BASE_CODES
    state._view_cache = NO_VIEW
    FIELDS.read(state, body, _loaders(state))
    _derive_path(state)
    check_body(state)


def _loaders(state: DiamantState) -> dict[str, Loader]:
    """A checking loader per body key; each may rely on the fields read before it."""
    n = state.players

    def whole(low: int, high: int, default: int | None = None) -> Loader:
        def load(body: Mapping[str, Any], key: str) -> int:
            value = body.get(key, default) if default is not None else _need(body, key)
            return checks.whole(value, f"body.{key}", low, high)

        return load

    def counts(body: Mapping[str, Any], key: str) -> list[int]:
        return checks.wholes(_need(body, key), f"body.{key}", 0, _COUNT_MAX, length=n)

    def on_card(body: Mapping[str, Any], key: str) -> list[int]:
        gems = checks.wholes(
            _need(body, key), "body.on_card", 0, _COUNT_MAX, length=len(state._path)
        )
        for i, (card, count) in enumerate(zip(state._path, gems, strict=True)):
            # Pooled splitting keeps what cannot be split on the last treasure card, which
            # may then hold more than it brought; only the path's total is bounded there.
            brought = CARDS[card].rubies
            if count > brought and (state._per_card or not brought):
                raise checks.fail(
                    f"body.on_card[{i}]",
                    f"holds {count} rubies, more than card {CARDS[card].code} brought ({brought})",
                )
        brought_in_all = sum(CARDS[card].rubies for card in state._path)
        if sum(gems) > brought_in_all:
            raise checks.fail(
                "body.on_card",
                f"holds {sum(gems)} rubies, more than the path's cards brought ({brought_in_all})",
            )
        return gems

    def inside(body: Mapping[str, Any], key: str) -> int:
        flags = checks.flags(_need(body, key), "body.inside", n)
        state._inside_count = sum(flags)
        return sum(1 << s for s in range(n) if flags[s])

    def pocket(body: Mapping[str, Any], key: str) -> int:
        pockets = checks.wholes(_need(body, key), "body.pocket", 0, _COUNT_MAX, length=n)
        inside = {pockets[s] for s in range(n) if state._inside >> s & 1}
        if len(inside) > 1:
            raise StateFormatError(
                f"explorers inside must hold equal pockets, got {sorted(inside)}"
            )
        return inside.pop() if inside else 0

    def pending(body: Mapping[str, Any], key: str) -> int:
        """The leavers' mask; sets ``_open``, the seats that have not chosen yet."""
        choice = state._phase is Phase.CHOICE
        state._open = state._inside if choice else 0
        leaving = 0
        for seat, text in enumerate(checks.seq(_need(body, key), "body.pending", n)):
            if text is None:
                continue
            field = f"body.pending[{seat}]"
            checks.text(text, field, ("continue", "leave"))
            if not choice or not state._inside >> seat & 1:
                raise checks.fail(
                    field, "names a choice, but only explorers inside choose, in a choice step"
                )
            state._open &= ~(1 << seat)
            if text == LEAVE.text:
                leaving |= 1 << seat
        return leaving

    def relics(body: Mapping[str, Any], key: str) -> list[list[int]]:
        rows = checks.seq(_need(body, key), "body.relics", n)
        return [
            [_card(c, f"body.relics[{s}]") for c in checks.seq(r, f"body.relics[{s}]")]
            for s, r in enumerate(rows)
        ]

    def history(body: Mapping[str, Any], key: str) -> list[tuple[Any, ...]]:
        events = checks.seq(body.get(key, []), "body.history")
        return [_event_from_json(e, f"body.history[{i}]", n) for i, e in enumerate(events)]

    return {
        "round": whole(1, ROUNDS),
        "phase": lambda body, key: Phase(
            checks.text(_need(body, key), "body.phase", (p.value for p in Phase))
        ),
        "deck": _cards,
        "path": _cards,
        "on_card": on_card,
        "inside": inside,
        "pocket": pocket,
        "pending": pending,
        "chest": counts,
        "relic_points": counts,
        "relics": relics,
        "rescued": whole(0, len(BASE_RELIC_VALUES)),
        "removed": _cards,
        "relic_pile": _cards,
        "bank": whole(0, _COUNT_MAX, 0),
        "revealed": whole(0, _COUNT_MAX, 0),
        "history": history,
    }


def _derive_path(state: DiamantState) -> None:
    """The path's totals and trap types, refusing a path with the same trap twice."""
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


def _need(body: Mapping[str, Any], key: str) -> Any:
    return checks.need(body, key, f"body.{key}")


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
        card = _card(items[1], f"{where}[1]")
        # each explorer inside takes an equal share of the card's rubies: never more than all
        return (kind, card, checks.whole(items[2], f"{where}[2]", 0, CARDS[card].rubies))
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


def _card(value: object, field: str) -> int:
    return checks.whole(value, field, 0, len(CARDS) - 1)


def _cards(body: Mapping[str, Any], key: str) -> list[int]:
    field = f"body.{key}"
    return [_card(c, f"{field}[{i}]") for i, c in enumerate(checks.seq(_need(body, key), field))]


def check_body(state: DiamantState) -> None:
    """Raise :class:`StateFormatError` unless every card is in exactly one place."""
    places = (
        state._deck
        + state._path
        + state._removed
        + state._relic_pile
        + [card for relics in state._relics for card in relics]
    )
    if sorted(places) != list(range(len(CARDS))):
        raise StateFormatError(
            "every Diamant card must be in exactly one place (deck, path, removed, relic pile, "
            f"rescued relics); got {sorted(places)}"
        )
    n = state.players
    for name in ("_chest", "_relic_points", "_relics"):
        if len(getattr(state, name)) != n:
            raise StateFormatError(f"{name.lstrip('_')} must have one entry per seat ({n})")
    if len(state._on_card) != len(state._path):
        raise StateFormatError("on_card must have one entry per path card")
    for seat, relics in enumerate(state._relics):
        if not all(_IS_RELIC[card] for card in relics):
            raise StateFormatError(f"relics[{seat}] may hold only relic cards, got {relics}")
    if not all(CARDS[card].kind is not Kind.TREASURE for card in state._removed):
        raise StateFormatError(f"removed holds only traps and lost relics, got {state._removed}")
    over = state._phase is Phase.OVER
    traps_out = sum(1 for card in state._removed if _TRAP_BIT[card])
    if traps_out > state._round - (0 if over else 1):
        raise StateFormatError(
            f"removed holds {traps_out} trap cards, but only a round ended by a trap removes "
            f"one (round {state._round})"
        )
    _check_rubies(state)
    held = sum(len(relics) for relics in state._relics)
    if state._rescued != held:
        raise StateFormatError(f"rescued={state._rescued} but the seats hold {held} relics")
    if state._variant:
        if state._relic_pile != list(RELIC_IDS[state._round :]):
            raise StateFormatError(
                f"relic_pile must be {list(RELIC_IDS[state._round :])} in round {state._round}, "
                f"got {state._relic_pile}"
            )
        for seat, relics in enumerate(state._relics):
            points = sum(CARDS[card].printed_value for card in relics)
            if state._relic_points[seat] != points:
                raise StateFormatError(
                    f"relic_points[{seat}] must be {points}, the printed values of its relics"
                )
    else:
        if state._relic_pile:
            raise StateFormatError("relic_pile is used only by the relic variant")
        if sum(state._relic_points) != sum(BASE_RELIC_VALUES[: state._rescued]):
            raise StateFormatError(
                f"relic_points must add up to {sum(BASE_RELIC_VALUES[: state._rescued])} for "
                f"{state._rescued} rescued relics, got {state._relic_points}"
            )
        for seat, relics in enumerate(state._relics):
            if bool(relics) != bool(state._relic_points[seat]):
                raise StateFormatError(f"relic_points[{seat}] does not match relics[{seat}]")
    if over:
        if state._round != ROUNDS or state._path or state._inside or state._open:
            raise StateFormatError(
                f"a finished game is in round {ROUNDS} with an empty path and nobody inside"
            )
    elif not state._inside:
        raise StateFormatError(
            f"phase {state._phase.value!r} needs an explorer inside: with nobody inside the "
            "round is over"
        )
    elif state._phase is Phase.REVEAL and not state._deck:
        raise StateFormatError("the next card must be revealed, but the deck is empty")


def _check_rubies(state: DiamantState) -> None:
    """Every ruby revealed is in a chest, a pocket, on the path or lost (the bank)."""
    pockets = state._pocket * state._inside_count
    placed = state._bank + sum(state._chest) + pockets + state._path_gems
    if placed != state._revealed:
        raise StateFormatError(
            f"rubies do not add up: {state._revealed} revealed, but the chests hold "
            f"{sum(state._chest)}, the pockets {pockets}, the path {state._path_gems} and "
            f"{state._bank} were lost ({placed} in all)"
        )


CODEC = Codec(write=body_to_dict, read=load_body)
