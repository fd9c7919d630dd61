"""What each seat of a Diamant game may know.

A seat sees what a player at the table sees: the path and the rubies on it,
every pocket (gems beside the chests are in plain sight), who is still inside,
who has committed a choice (but not which), removed cards, rescued relics, the
deck size and the public history. Only its own chest total and its own pending
choice are added for a seat; nobody sees the deck order or the generator.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, TypedDict

from relicbox.core.history import FrozenDict, FrozenList
from relicbox.games.diamant.data import BASE_RELIC_VALUES, ROUNDS, TRAP_TYPES
from relicbox.games.diamant.rules import _SEATS, MAX_SEATS, DiamantState, Phase


class PathCard(TypedDict):
    """One card on the path."""

    card: str
    """Its code: ``T5`` (5 rubies), a trap (``spiders``, ...), a relic (``R1``...)."""
    gems: int
    """Rubies still lying on it."""


class DiamantView(TypedDict):
    """What one seat (or a spectator) knows of a Diamant game: the view's every field."""

    game: Literal["diamant"]
    seat: int | None
    """Whose view this is; ``None`` for a spectator."""
    players: int
    variant: Literal["base", "relics"]
    split: Literal["pooled", "per-card"]
    round: int
    """The round, 1 to ``rounds``."""
    rounds: int
    phase: Literal["reveal", "choice", "over"]
    to_act: list[int]
    """Seats still to choose ``continue`` or ``leave`` in this step."""
    deck_size: int
    path: list[PathCard]
    """This round's cards in the order they were revealed."""
    path_gems: int
    """Rubies on the path in all."""
    inside: list[bool]
    """Per seat: still in the cave this round."""
    explorers_inside: int
    pockets: list[int]
    """Per seat: rubies beside its chest, at risk (0 at camp)."""
    committed: list[bool]
    """Per seat: has chosen in this step (not what)."""
    traps_on_path: list[str]
    """Trap types already on the path, sorted: a second one ends the round."""
    removed: list[str]
    """Traps and lost relics out of the game."""
    relics: list[list[str]]
    """Per seat: the relics it rescued."""
    relics_rescued: int
    next_relic_value: int | None
    """Base game: what the next rescued relic scores (``None`` in the variant, or none left)."""
    relic_pile: list[str]
    """Variant: relics still to enter the deck, one per round."""
    history: list[dict[str, Any]]
    """Public events, oldest first, each with a ``type``: ``round`` (round), ``reveal`` (card,
    share: rubies each explorer took), ``choices`` (leavers: empty when all went on),
    ``leave`` (seats, path_share, relics), ``round-end`` (round, reason ``all-left`` or
    ``trap``, busted, lost_relics, trap)."""
    my_choice: Literal["continue", "leave"] | None
    """This seat's choice committed in this step, if any (only in its own view)."""
    chest: int | None
    """This seat's chest (only in its own view): rubies, plus relic gems in the base game."""
    scores: list[int] | None
    """Per seat, once the game is over."""
    winners: list[int] | None
    """Once the game is over."""


def build_view(state: DiamantState, seat: int | None) -> DiamantView:
    """The view of ``seat`` (``None``: a spectator), at a cost that does not grow with the game.

    Everything public but the commitments changes only together with a new history
    event, so that part is built once per event and kept in the state (shared with its
    clones, which have the same past); the history's JSON events are converted once
    each. Both are read-only (:class:`~relicbox.core.history.FrozenDict` and
    :class:`~relicbox.core.history.FrozenList`), so one view's reader cannot alter
    another's. A call copies that part and adds the seat's own fields.
    """
    n = state.players
    if seat is not None and not (type(seat) is int and 0 <= seat < n):
        state._require_seat(seat, "view")
    cached = state._view_cache
    if cached[0] != len(state._history):
        cached = state._view_cache = _public(state, cached)
    view: DiamantView = cached[1].copy()  # type: ignore[assignment]  # built as DiamantView
    open_ = state._open
    view["seat"] = seat
    view["to_act"] = _SEAT_LISTS[open_]
    if state._phase is _CHOICE:
        done = state._inside & ~open_
        view["committed"] = _FLAGS[n][done]
        if seat is not None and done >> seat & 1:
            view["my_choice"] = "leave" if state._leaving >> seat & 1 else "continue"
    if seat is not None:
        view["chest"] = state._chest[seat] + (0 if state._variant else state._relic_points[seat])
    return view


_CHOICE = Phase.CHOICE
_SEAT_LISTS = tuple(FrozenList(seats) for seats in _SEATS)
"""Each seat mask's seats, as a read-only list."""
_FLAGS = {
    n: tuple(FrozenList([bool(mask >> s & 1) for s in range(n)]) for mask in range(1 << n))
    for n in range(MAX_SEATS + 1)
}
"""For each player count, each seat mask as one read-only flag per seat."""


ViewCache = tuple[int, dict[str, Any], Sequence[Any]]
"""(history length it was built at, public part of the view, converted history events)."""


def _public(state: DiamantState, cached: ViewCache) -> ViewCache:
    """The public part of the view and the history's JSON events, for the current event.

    After reveals and steps where everyone went on (most events), only the new path
    cards and the few numbers those change are added to the previous public part;
    any other event rebuilds it. Bots ask for a view at every step, so this runs
    about as often as the rules do: reveals are converted and added without a call.
    """
    codes = state._codes
    history = state._history
    events = cached[2]
    if len(events) > len(history) or cached[0] < 0:
        events = ()  # nothing cached yet (or, impossibly, another game's past)
    added: list[FrozenDict] = []
    revealed = 0
    before = cached[1] if events else {}  # the part built at an earlier event of this game
    incremental = bool(events)
    for event in history[len(events) :]:
        if event[0] == "reveal":
            added.append(_reveal_event(codes[event[1]], event[2]))
            revealed += 1
        elif event[0] == "choices":
            added.append(_frozen_event(codes, event) if event[1] else _NOBODY_LEFT)
        else:
            added.append(_frozen_event(codes, event))
            incremental = False  # anything else may change any part: rebuild
    if not added:
        return (len(history), _rebuild(state, events, before), events)
    events = FrozenList([*events, *added])
    if not incremental:
        return (len(history), _rebuild(state, events, before), events)
    public = before.copy()
    if revealed:
        path, on_card = state._path, state._on_card
        entries = list(public["path"])
        for i in range(len(path) - revealed, len(path)):
            entries.append(_path_entry(codes[path[i]], on_card[i]))
        public["path"] = FrozenList(entries)
        public["path_gems"] = state._path_gems
        public["pockets"] = _pockets(state)
        public["deck_size"] = len(state._deck)
        public["traps_on_path"] = _TRAPS[state._traps]
    public["phase"] = state._phase._value_
    public["history"] = events
    return (len(history), public, events)


_TRAPS = tuple(
    FrozenList(sorted(t for i, t in enumerate(TRAP_TYPES) if mask >> i & 1))
    for mask in range(1 << len(TRAP_TYPES))
)
"""Each trap mask's types, sorted (as ``DiamantState.traps_on_path``), read-only."""

_ENTRIES: dict[tuple[str, int], FrozenDict] = {}
"""Read-only JSON of a path card with its rubies, or of a reveal event, made once each."""


def _path_entry(code: str, gems: int) -> FrozenDict:
    entry = _ENTRIES.get((code, gems))
    if entry is None:
        if len(_ENTRIES) >= _MEMO_CAP:
            _ENTRIES.clear()
        entry = _ENTRIES[code, gems] = FrozenDict({"card": code, "gems": gems})
    return entry


def _reveal_event(code: str, share: int) -> FrozenDict:
    key = (code, -1 - share)  # negative: apart from the path entries
    event = _ENTRIES.get(key)
    if event is None:
        if len(_ENTRIES) >= _MEMO_CAP:
            _ENTRIES.clear()
        event = _ENTRIES[key] = FrozenDict({"type": "reveal", "card": code, "share": share})
    return event


_POCKETS: dict[tuple[int, int, int], FrozenList] = {}
_MEMO_CAP = 4096
"""Memos start afresh past this size, so a long-running process keeps them small."""


def _pockets(state: DiamantState) -> FrozenList:
    """``state.pockets()``, read-only, made once per player count, explorers and pocket."""
    key = (state.players, state._inside, state._pocket)
    pockets = _POCKETS.get(key)
    if pockets is None:
        if len(_POCKETS) >= _MEMO_CAP:
            _POCKETS.clear()
        pockets = _POCKETS[key] = FrozenList(state.pockets())
    return pockets


_NOBODY_LEFT = FrozenDict({"type": "choices", "leavers": FrozenList()})


def _rebuild(state: DiamantState, events: Sequence[Any], before: dict[str, Any]) -> dict[str, Any]:
    """The public part of the view, built from the whole state.

    The removed cards, the relic pile and the rescued relics only ever grow or shrink
    along a game, so when their sizes are those of the part built ``before`` (at an
    earlier event of this game, or ``{}``), its read-only lists still hold.
    """
    codes = state._codes
    n = state.players
    over = state.is_over
    removed = before.get("removed")
    if removed is None or len(removed) != len(state._removed):
        removed = FrozenList([codes[card] for card in state._removed])
    relic_pile = before.get("relic_pile")
    if relic_pile is None or len(relic_pile) != len(state._relic_pile):
        relic_pile = FrozenList([codes[card] for card in state._relic_pile])
    relics = before.get("relics")
    if relics is None or before["relics_rescued"] != state._rescued:
        relics = FrozenList([FrozenList([codes[card] for card in own]) for own in state._relics])
    public: dict[str, Any] = {
        "game": "diamant",
        "seat": None,
        "players": n,
        "variant": state.settings.variant,
        "split": state.settings.split,
        "round": state._round,
        "rounds": ROUNDS,
        "phase": state._phase._value_,
        "to_act": None,
        "deck_size": len(state._deck),
        "path": FrozenList(
            [
                _path_entry(codes[card], gems)
                for card, gems in zip(state._path, state._on_card, strict=True)
            ]
        ),
        "path_gems": sum(state._on_card),
        "inside": _FLAGS[n][state._inside],
        "explorers_inside": state._inside_count,
        "pockets": _pockets(state),
        "committed": _FLAGS[n][0],
        "traps_on_path": _TRAPS[state._traps],
        "removed": removed,
        "relics": relics,
        "relics_rescued": state._rescued,
        "next_relic_value": _next_relic_value(state),
        "relic_pile": relic_pile,
        "history": events if isinstance(events, FrozenList) else FrozenList(events),
        "my_choice": None,
        "chest": None,
        "scores": FrozenList(state.scores()) if over else None,
        "winners": FrozenList(state.winners()) if over else None,
    }
    return public


def _next_relic_value(state: DiamantState) -> int | None:
    if state._variant or state._rescued >= len(BASE_RELIC_VALUES):
        return None
    return BASE_RELIC_VALUES[state._rescued]


def event_json(state: DiamantState, event: tuple[Any, ...]) -> dict[str, Any]:
    """A public history event as JSON (read-only). Every field is public at the table."""
    return _frozen_event(state._codes, event)


def _frozen_event(codes: tuple[str, ...], event: tuple[Any, ...]) -> FrozenDict:
    """A history event as read-only JSON; views convert each event once."""
    kind = event[0]
    if kind == "reveal":
        return _reveal_event(codes[event[1]], event[2])
    if kind == "choices":
        if not event[1]:
            return _NOBODY_LEFT
        return FrozenDict({"type": "choices", "leavers": FrozenList(event[1])})
    if kind == "leave":
        return FrozenDict(
            {
                "type": "leave",
                "seats": FrozenList(event[1]),
                "path_share": event[2],
                "relics": FrozenList([codes[card] for card in event[3]]),
            }
        )
    if kind == "round":
        return FrozenDict({"type": "round", "round": event[1]})
    return FrozenDict(
        {
            "type": "round-end",
            "round": event[1],
            "reason": event[2],
            "busted": FrozenList(event[3]),
            "lost_relics": FrozenList([codes[card] for card in event[4]]),
            "trap": None if event[5] is None else codes[event[5]],
        }
    )
