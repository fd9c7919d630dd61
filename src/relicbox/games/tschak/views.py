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

from typing import Any, Literal, TypedDict

from relicbox.core.history import FrozenDict, FrozenList, frozen
from relicbox.games.tschak.data import POSITIONS, REMOVED_PER_DECK, TOWERS
from relicbox.games.tschak.rules import (
    _CODE,
    DEAL_DRAWS,
    Phase,
    TschakState,
    codes,
    event_json,
    hand_at,
)


class ViewOptions(TypedDict):
    chameleon_rank: Literal["lowest-wizard", "no-wizard"]
    elixir: Literal["mandatory", "optional"]
    cards: Literal["proposed", "custom"]
    """Whether the card values are the proposed table or a user's file."""


class Floor(TypedDict):
    """One floor of the current tower."""

    floor: int
    monster: str | None
    """Its monster's code, once drawn."""
    treasure: str | None
    monster_to: int | None
    """The seat that took the monster (the weakest party), once the floor is resolved."""
    treasure_to: int | None
    """The seat that took the treasure (the strongest party)."""


class Won(TypedDict):
    monsters: list[str]
    treasures: list[str]


class Decks(TypedDict):
    monsters: int
    """Monster cards still to draw (the 2 removed unseen not counted)."""
    treasures: int


class TschakView(TypedDict):
    """What one seat (or a spectator) knows of a Tschak! game: the view's every field."""

    game: Literal["tschak"]
    seat: int | None
    """Whose view this is; ``None`` for a spectator."""
    players: int
    options: ViewOptions
    tower: int
    """The tower, 1 to ``towers``."""
    towers: int
    phase: Literal["setup", "play", "over"]
    floor: int | None
    """The floor being played (1-3), while playing."""
    need: int
    """Cards each seat commits for this reveal (0 outside play)."""
    to_act: list[int]
    """Seats still to commit cards for this reveal."""
    cycle: list[int | None]
    """The seat at each position in passing order; ``None`` for an on-the-road board."""
    hand_ids: list[int]
    """The hand id each position holds in this tower."""
    floors: list[Floor]
    revealed: list[list[str]]
    """Per seat: its cards revealed on this floor."""
    committed: list[int]
    """Per seat: how many cards it has committed face down (not which)."""
    played: list[list[str]]
    """Per seat: its parties of the earlier floors of this tower."""
    gold: list[int]
    loot: list[int]
    """The gold piles the loot gives, best last card first."""
    won: list[Won]
    """Per seat: the monster and treasure cards it took."""
    decks: Decks
    hand: list[str] | None
    """This seat's hand, not yet committed (only in its own view)."""
    picks: list[str] | None
    """This seat's committed, unrevealed cards (only in its own view)."""
    known_hands: list[list[str] | None]
    """Per hand id: its full contents when this seat knows them (held it, or shown in full in
    a finished tower); for a spectator, the public ones only."""
    history: list[dict[str, Any]]
    """Public events with a ``type``: ``tower`` (tower, monsters, treasures), ``floor``
    (tower, floor, parties, strengths, monster, monster_to, treasure, treasure_to) and
    ``loot`` (tower, cards: each seat's last card, gold)."""
    scores: list[int] | None
    """Per seat, once the game is over."""
    breakdown: list[dict[str, Any]] | None
    """Per seat, once over: each scoring item (gold, chests, rings, cursed, trophy, monsters,
    troglodytes, monster_cards, elixir: the monster it removed, total)."""
    winners: list[int] | None


def build_view(state: TschakState, seat: int | None) -> TschakView:
    """The view of ``seat`` (``None``: a spectator), at a cost that does not grow with the game.

    Everything public but the commitments changes only with a reveal, a history
    event or a tower card drawn, so that part (with each history event converted
    once, and each seat's known hands) is built once per such change and kept in
    the state, shared with its clones while they stand at the same point (a
    determinized copy starts afresh: its hidden cards differ). The shared parts are
    read-only (:class:`~relicbox.core.history.FrozenDict`,
    :class:`~relicbox.core.history.FrozenList`), so one view's reader cannot alter
    another's. A call copies that part and adds the commitments and the seat's own
    hand and picks.
    """
    n = state.players
    if seat is not None and not (type(seat) is int and 0 <= seat < n):
        state._require_seat(seat, "view")
    key = (
        len(state._history),
        state._tower,
        state._step,
        state._phase,
        len(state._tower_m) + len(state._tower_t),
        state._deal_slot,
    )
    cache = state._view_cache
    if cache[0] != key:
        # Known hands change only with the tower, the deal and the end of the game.
        hands_key = (state._tower, state._phase is Phase.OVER, state._deal_slot)
        known = cache[3] if cache[2] == hands_key else {}
        cache = state._view_cache = (key, _public(state), hands_key, known)
    view: TschakView = cache[1].copy()  # built by _public as a TschakView
    view["seat"] = seat
    view["to_act"] = list(state._to_act)
    view["committed"] = [len(picks) for picks in state._picks]
    known = cache[3].get(seat)
    if known is None:
        known = cache[3][seat] = FrozenList(
            [None if hand is None else FrozenList(hand) for hand in _known_hands(state, seat)]
        )
    view["known_hands"] = known
    if seat is not None:
        if state._deal_slot < DEAL_DRAWS:
            view["hand"] = codes(sorted(state._hands[state._pos[seat]]))
        else:
            view["hand"] = [_CODE[k] for group in state._hand[seat] for k in group]
        view["picks"] = codes(state._picks[seat])
    return view


def _public(state: TschakState) -> dict[str, Any]:
    """The view's public part but the commitments, read-only, in the view's key order."""
    n = state.players
    over = state._phase is Phase.OVER
    playing = state._phase is Phase.PLAY
    code = _CODE
    public: dict[str, Any] = {
        "game": "tschak",
        "seat": None,
        "players": n,
        "options": FrozenDict(
            {
                "chameleon_rank": state.options.get("chameleon_rank"),
                "elixir": state.options.get("elixir"),
                "cards": "proposed" if state._table.proposed else "custom",
            }
        ),
        "tower": state._tower,
        "towers": TOWERS,
        "phase": state._phase.value,
        "floor": state.floor if playing else None,
        "need": state._need if playing else 0,
        "to_act": None,
        "cycle": FrozenList(state._holder),
        "hand_ids": FrozenList([hand_at(p, state._tower) for p in range(POSITIONS)]),
        "floors": FrozenList([FrozenDict(floor) for floor in _floors(state)]),
        "revealed": FrozenList([FrozenList([code[k] for k in r]) for r in state._revealed]),
        "committed": None,
        "played": FrozenList([FrozenList([code[k] for k in p]) for p in state._played]),
        "gold": FrozenList(state._gold),
        "loot": FrozenList(state.loot_piles()),
        "won": FrozenList(
            [
                FrozenDict({"monsters": FrozenList(m), "treasures": FrozenList(t)})
                for m, t in zip(state._monsters, state._treasures, strict=True)
            ]
        ),
        "decks": FrozenDict(
            {
                "monsters": max(0, len(state._mdeck) - REMOVED_PER_DECK),
                "treasures": max(0, len(state._tdeck) - REMOVED_PER_DECK),
            }
        ),
        "hand": None,
        "picks": None,
        "known_hands": None,
        "history": FrozenList(_events(state)),
        "scores": None,
        "breakdown": None,
        "winners": None,
    }
    if over:
        breakdown = [state.score_breakdown(s) for s in range(n)]
        public["breakdown"] = frozen(breakdown)
        public["scores"] = FrozenList([row["total"] for row in breakdown])
        public["winners"] = FrozenList(state.winners())
    return public


def _events(state: TschakState) -> tuple[Any, ...]:
    """The history's events as read-only JSON, each converted once.

    The converted events are kept in the state and shared with its clones: the
    history is only ever appended to, so a clone's past starts with the same events.
    """
    history = state._history
    events = state._view_events
    if len(events) != len(history):
        if len(events) > len(history):
            events = ()  # impossible for one game's states; rebuild rather than trust it
        events += tuple([frozen(event_json(e)) for e in history[len(events) :]])
        state._view_events = events
    return events


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
