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

from collections.abc import Mapping
from typing import Any, Literal, TypedDict

from relicbox.core.history import FrozenDict, FrozenList, frozen
from relicbox.games.tschak.data import POSITIONS, REMOVED_PER_DECK, TOWERS
from relicbox.games.tschak.rules import (
    _CODE,
    DEAL_DRAWS,
    Phase,
    TschakState,
    codes,
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
    event or a chance event, so that part is kept in the state and shared with its
    clones while they stand at the same point (a determinized copy starts afresh:
    its hidden cards differ). When it changes, only its entries that depend on what
    changed are built anew; each history event is converted once, each dealt hand's
    codes once, each seat's known hands once per tower. The shared parts are
    read-only (:class:`~relicbox.core.history.FrozenDict`,
    :class:`~relicbox.core.history.FrozenList`), so one view's reader cannot alter
    another's. A call copies that part and adds the commitments and the seat's own
    hand and picks, as fresh lists.
    """
    if (type(seat) is not int or not 0 <= seat < state.players) and seat is not None:
        state._require_seat(seat, "view")
    key = (
        state._tower,
        state._deal_slot + len(state._tower_m) + len(state._tower_t),
        len(state._history),
        state._step,
    )
    cache = state._view_cache
    if cache[0] != key:
        cache = state._view_cache = _refresh(state, key, cache)
    view: TschakView = cache[1].copy()  # built by _public as a TschakView
    view["seat"] = seat
    view["to_act"] = [*state._to_act]
    view["committed"] = [len(picks) for picks in state._picks]
    known = cache[2].get(seat)
    if known is None:
        known = cache[2][seat] = _known_hands(state, seat, cache[3])
    view["known_hands"] = known
    if seat is not None:
        if cache[3] is None:  # still dealing: the hand is not split by background yet
            view["hand"] = codes(sorted(state._hands[state._pos[seat]]))
        else:
            group = _GROUP_CODES
            hand = state._hand[seat]
            view["hand"] = [*group[hand[0]], *group[hand[1]], *group[hand[2]], *group[hand[3]]]
        picks = state._picks[seat]
        view["picks"] = [_CODE[k] for k in picks] if picks else []
    return view


ViewKey = tuple[int, int, int, int]
"""(tower, chance events of the tower, history length, step).

The chance events count the deal and the tower cards drawn. Along one game no two
points share a key, and an equal leading part of two keys means that the view entries
which depend on it alone are equal too. The phase changes only with a chance event or
a history event, so it need not be part of the key.
"""


def _refresh(state: TschakState, key: ViewKey, cache: tuple[Any, ...]) -> tuple[Any, ...]:
    """The view cache at ``key``, built from the one at an earlier point of this game.

    ``(key, public part, known hands per seat, each dealt hand's codes or None, the point
    the known hands hold for)``.
    """
    old_key, old_public, known, hand_codes, known_at = cache
    # Known hands change only with the tower, the deal and the end of the game.
    at = (key[0], key[1], state._phase is Phase.OVER)
    if at != known_at:
        known = {}
    if hand_codes is None and state._deal_slot == DEAL_DRAWS:
        # Dealt hands never change again (a determinized copy starts a cache afresh).
        hand_codes = tuple([FrozenList(codes(hand)) for hand in state._hands])
    return (key, _public(state, key, old_key, old_public), known, hand_codes, at)


def _public(
    state: TschakState, key: ViewKey, old_key: ViewKey | None, old: dict[str, Any] | None
) -> dict[str, Any]:
    """The view's public part but the commitments, read-only, in the view's key order."""
    if old is None or old_key is None:
        public = _empty_public(state)
        old_key = (0, -1, -1, -1)
    else:
        public = old.copy()
    playing = state._phase is Phase.PLAY
    public["phase"] = state._phase._value_
    public["floor"] = state.floor if playing else None
    public["need"] = state._need if playing else 0
    party = _PARTY_CODES
    public["revealed"] = FrozenList([party[tuple(r)] for r in state._revealed])
    same_tower = key[0] == old_key[0] and key[1] == old_key[1]
    same_history = key[2] == old_key[2]
    if not same_tower:
        public["tower"] = state._tower
        public["hand_ids"] = _HAND_IDS[state._tower - 1]
        public["decks"] = FrozenDict(
            {
                "monsters": max(0, len(state._mdeck) - REMOVED_PER_DECK),
                "treasures": max(0, len(state._tdeck) - REMOVED_PER_DECK),
            }
        )
    since = old_key[2]
    if same_history:
        if not same_tower:
            public["floors"] = _floors(state, None, since)
        return public
    # Cards played, won and gold change only with a history event.
    public["history"] = FrozenList(_events(state))  # first: played cards repeat its parties
    public["floors"] = _floors(state, public["floors"] if same_tower else None, since)
    public["played"] = FrozenList([party[tuple(p)] for p in state._played])
    if public["gold"] != state._gold:
        public["gold"] = FrozenList(state._gold)
    public["won"] = _won(state, public["won"], since)
    if state._phase is Phase.OVER:
        _set_results(state, public)
    return public


def _empty_public(state: TschakState) -> dict[str, Any]:
    """The public part with its fixed entries set, in the view's key order."""
    return {
        "game": "tschak",
        "seat": None,
        "players": state.players,
        "options": FrozenDict(
            {
                "chameleon_rank": state.settings.chameleon_rank,
                "elixir": state.settings.elixir,
                "cards": "proposed" if state._table.proposed else "custom",
            }
        ),
        "tower": None,
        "towers": TOWERS,
        "phase": None,
        "floor": None,
        "need": 0,
        "to_act": None,
        "cycle": FrozenList(state._holder),
        "hand_ids": None,
        "floors": None,
        "revealed": None,
        "committed": None,
        "played": None,
        "gold": None,
        "loot": FrozenList(state.loot_piles()),
        "won": None,
        "decks": None,
        "hand": None,
        "picks": None,
        "known_hands": None,
        "history": None,
        "scores": None,
        "breakdown": None,
        "winners": None,
    }


class _Codes(dict[tuple[int, ...], Any]):
    """Kinds -> their codes, worked out once per tuple (a bounded memo).

    ``read_only`` gives a :class:`FrozenList` that views may share, else a tuple. Parties,
    played cards and a hand's groups recur within a game and across games.
    """

    def __init__(self, read_only: bool) -> None:
        super().__init__()
        self.read_only = read_only

    def __missing__(self, kinds: tuple[int, ...]) -> Any:
        if len(self) > 20_000:
            self.clear()  # a long run must not grow it without end
        found = [_CODE[k] for k in kinds]
        value = self[kinds] = FrozenList(found) if self.read_only else tuple(found)
        return value


_PARTY_CODES = _Codes(read_only=True)
"""A party's kinds -> its codes, read-only (shared by every view)."""
_GROUP_CODES = _Codes(read_only=False)
"""One background's group of a hand -> its codes."""

_HAND_IDS = tuple(
    FrozenList([hand_at(p, tower) for p in range(POSITIONS)]) for tower in range(1, TOWERS + 1)
)
"""The hand id each position holds, by tower from 1 (read-only, shared by every view)."""


def _set_results(state: TschakState, public: dict[str, Any]) -> None:
    """Scores, their breakdown and the winners, once the game is over."""
    breakdown = [state.score_breakdown(s) for s in range(state.players)]
    public["breakdown"] = frozen(breakdown)
    public["scores"] = FrozenList([row["total"] for row in breakdown])
    public["winners"] = FrozenList(state.winners())


def _won(state: TschakState, old: FrozenList | None, since: int) -> FrozenList:
    """Each seat's cards won. Only a floor event adds to them, for the two seats it names,
    so ``old`` (the cards won before event ``since``) keeps every other entry."""
    if old is None:
        return FrozenList([_won_entry(state, seat) for seat in range(state.players)])
    won = None
    for event in state._history[since:]:
        if event["type"] == "floor":
            won = won or list(old)
            won[event["monster_to"]] = _won_entry(state, event["monster_to"])
            won[event["treasure_to"]] = _won_entry(state, event["treasure_to"])
    return old if won is None else FrozenList(won)


def _won_entry(state: TschakState, seat: int) -> FrozenDict:
    return FrozenDict(
        {
            "monsters": FrozenList(state._monsters[seat]),
            "treasures": FrozenList(state._treasures[seat]),
        }
    )


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
        events += tuple([_frozen_event(e) for e in history[len(events) :]])
        state._view_events = events
    return events


def _frozen_event(event: Mapping[str, Any]) -> FrozenDict:
    """``frozen(event_json(event))`` for the events the rules write, built directly."""
    out = dict(event)  # the same keys in the same order; the tuples are replaced below
    for key in _CARD_KEYS.intersection(out):
        if key == "parties":
            out[key] = FrozenList([_PARTY_CODES[tuple(party)] for party in out[key]])
        elif key == "cards":
            out[key] = FrozenList([_CODE[k] for k in out[key]])
        else:
            out[key] = FrozenList(out[key])
    return FrozenDict(out)


_CARD_KEYS = frozenset(("parties", "cards", "monsters", "treasures", "strengths", "gold"))
"""The event fields that hold tuples: of kinds (parties, cards) or of codes and numbers."""


def _floors(state: TschakState, old: FrozenList | None, since: int) -> FrozenList:
    """The tower's floors. ``old``, when given, holds them before event ``since`` of this
    tower's play: only later events can change them (the history is only appended to).
    Later events for a floor win, as in a full scan."""
    tower = state._tower
    if old is not None:
        floors = list(old)
    else:
        monsters, treasures = state._tower_m, state._tower_t
        floors = [
            _floor_entry(
                floor,
                monsters[floor - 1] if len(monsters) >= floor else None,
                treasures[floor - 1] if len(treasures) >= floor else None,
                None,
                None,
            )
            for floor in (1, 2, 3)
        ]
        since = 0
    for event in state._history[since:]:
        if event["type"] == "floor" and event["tower"] == tower:
            floor = event["floor"]
            entry = floors[floor - 1]
            floors[floor - 1] = _floor_entry(
                floor,
                entry["monster"],
                entry["treasure"],
                event["monster_to"],
                event["treasure_to"],
            )
    return FrozenList(floors)


def _floor_entry(
    floor: int,
    monster: str | None,
    treasure: str | None,
    to_monster: int | None,
    to_treasure: int | None,
) -> FrozenDict:
    return FrozenDict(
        {
            "floor": floor,
            "monster": monster,
            "treasure": treasure,
            "monster_to": to_monster,
            "treasure_to": to_treasure,
        }
    )


_NOTHING_KNOWN = FrozenList([None] * POSITIONS)


def _known_hands(
    state: TschakState, seat: int | None, hand_codes: tuple[FrozenList, ...] | None
) -> FrozenList:
    """Full contents of the hands this seat knows (public ones only for a spectator)."""
    if hand_codes is None:
        return _NOTHING_KNOWN
    where = (state.players, seat, state._tower, state._phase is Phase.OVER)
    known = _KNOWN_IDS.get(where)
    if known is None:
        known = _KNOWN_IDS[where] = _known_ids(state, seat)
    return FrozenList([hand_codes[h] if h in known else None for h in range(POSITIONS)])


_KNOWN_IDS: dict[tuple[int, int | None, int, bool], frozenset[int]] = {}
"""(players, seat, tower, game over) -> the hand ids the seat knows: they follow from these."""


def _known_ids(state: TschakState, seat: int | None) -> frozenset[int]:
    if seat is not None:
        return frozenset(state.known_hand_ids(seat))
    finished = TOWERS if state._phase is Phase.OVER else state._tower - 1
    return frozenset(hand_at(p, t) for p in state._pos for t in range(1, finished + 1))
