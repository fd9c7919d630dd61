"""What each seat of a Tschak! game may know, scoring, and the state's JSON body.

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

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from relicbox.core import checks
from relicbox.core.errors import StateFormatError, quote
from relicbox.games.tschak.data import (
    KIND_BY_CODE,
    KINDS,
    POSITIONS,
    REMOVED_PER_DECK,
    TOWER_CARDS,
    TOWERS,
    Kind,
    TowerCard,
    TowerKind,
    tower_card,
)

DEAL_EVENTS = 12
"""Deal chance events (3 backgrounds x 4 positions), as in :mod:`.rules`."""

if TYPE_CHECKING:
    from relicbox.games.tschak.rules import TschakState


def build_view(state: TschakState, seat: int | None) -> dict[str, Any]:
    from relicbox.games.tschak.rules import Phase, hand_at

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
        "revealed": [_codes(cards) for cards in state._revealed],
        "committed": [len(picks) for picks in state._picks],
        "played": [_codes(cards) for cards in state._played],
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
        if state._deal_slot < DEAL_EVENTS:
            view["hand"] = _codes(sorted(state._hands[state._pos[seat]]))
        else:
            view["hand"] = _codes(state.hand_kinds(seat))
        view["picks"] = _codes(state._picks[seat])
    if over:
        view["breakdown"] = [state.score_breakdown(s) for s in range(n)]
        view["scores"] = [row["total"] for row in view["breakdown"]]
        view["winners"] = state.winners()
    return view


def _codes(cards: Sequence[int]) -> list[str]:
    """Card codes of kind indexes."""
    return [KINDS[k].code for k in cards]


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
    if state._deal_slot < DEAL_EVENTS:
        return [None] * POSITIONS
    if seat is None:
        from relicbox.games.tschak.rules import Phase, hand_at

        finished = TOWERS if state._phase is Phase.OVER else state._tower - 1
        ids = {hand_at(p, t) for p in state._pos for t in range(1, finished + 1)}
    else:
        ids = set(state.known_hand_ids(seat))
    return [_codes(state._hands[h]) if h in ids else None for h in range(POSITIONS)]


def event_json(event: Mapping[str, Any]) -> dict[str, Any]:
    """A history event as fresh JSON: lists, and card codes where the state keeps kinds.

    The state stores floor parties and loot cards as kind indexes (cheaper on
    the hot path); everything else is already in its public form.
    """
    out: dict[str, Any] = {}
    for key, value in event.items():
        if key == "parties":
            out[key] = [_codes(party) for party in value]
        elif key == "cards":
            out[key] = _codes(value)
        elif isinstance(value, tuple):
            out[key] = list(value)
        else:
            out[key] = value
    return out


_EVENT_KEYS = {
    "tower": frozenset({"type", "tower", "monsters", "treasures"}),
    "floor": frozenset(
        {
            "type",
            "tower",
            "floor",
            "parties",
            "strengths",
            "monster",
            "monster_to",
            "treasure",
            "treasure_to",
        }
    ),
    "loot": frozenset({"type", "tower", "cards", "gold"}),
}


def _event_from_json(raw: object, where: str, players: int) -> dict[str, Any]:
    """One public history event with every field checked (a schema per event type)."""
    event = checks.obj(raw, where)
    kind = checks.text(event.get("type"), f"{where}.type", _EVENT_KEYS)
    if set(event) != _EVENT_KEYS[kind]:
        raise checks.fail(where, f"a {kind!r} event has the fields {sorted(_EVENT_KEYS[kind])}")
    out: dict[str, Any] = {"type": kind}
    out["tower"] = checks.whole(event["tower"], f"{where}.tower", 1, TOWERS)
    seat = players - 1
    if kind == "tower":
        for key in ("monsters", "treasures"):
            codes = _tower_list(event[key], f"{where}.{key}")
            if len(codes) != 3:
                raise checks.fail(f"{where}.{key}", "must list 3 cards, one per floor")
            out[key] = tuple(codes)
    elif kind == "floor":
        out["floor"] = checks.whole(event["floor"], f"{where}.floor", 1, 3)
        parties = checks.seq(event["parties"], f"{where}.parties", players)
        out["parties"] = tuple(
            tuple(_kinds(party, f"{where}.parties[{i}]")) for i, party in enumerate(parties)
        )
        out["strengths"] = tuple(
            checks.wholes(event["strengths"], f"{where}.strengths", 0, 1000, length=players)
        )
        for key in ("monster", "treasure"):
            code = event[key]
            if not isinstance(code, str) or tower_card(code) is None:
                raise checks.fail(f"{where}.{key}", f"is not a tower card code: {quote(code)}")
            out[key] = code
            out[f"{key}_to"] = checks.whole(event[f"{key}_to"], f"{where}.{key}_to", 0, seat)
    else:
        out["cards"] = tuple(_kinds(checks.seq(event["cards"], f"{where}.cards", players), where))
        out["gold"] = tuple(checks.wholes(event["gold"], f"{where}.gold", 0, 3, length=players))
    return out


# -- scoring ------------------------------------------------------------------------


def score_breakdown(
    monsters: Sequence[str],
    treasures: Sequence[str],
    gold: int,
    *,
    two_players: bool,
    elixir_mandatory: bool = True,
) -> dict[str, Any]:
    """Spec §1.9 item by item. The elixir removes the monster card that helps most.

    The rulebook has the elixir's owner discard a monster card at scoring, so
    a removal is mandatory by default. With ``elixir_mandatory`` False (the
    spec's optional reading, §4.8), removing nothing is also considered; on
    equal totals a removal is preferred (fewer monster cards win ties).
    ``monster_cards`` counts monster cards after the removal.
    """
    chests = cursed = rings = 0
    trophy = elixir = False
    for code in treasures:
        card = _card(code)
        if card.kind is TowerKind.CHEST:
            chests += card.value
        elif card.kind is TowerKind.RING:
            rings += 1
        elif card.kind is TowerKind.CURSED:
            cursed += card.value
        elif card.kind is TowerKind.TROPHY:
            trophy = True
        elif card.kind is TowerKind.ELIXIR:
            elixir = True
    skulls = trogs = 0
    for code in monsters:
        card = _card(code)
        if card.kind is TowerKind.TROGLODYTE:
            trogs += 1
        else:
            skulls += card.value
    rate = (1 if two_players else 2) if trophy else 0
    # (removed card, skulls, troglodytes) after each possible use of the elixir.
    options: list[tuple[str | None, int, int]] = [(None, skulls, trogs)]
    if elixir and monsters:
        if elixir_mandatory:
            options = []
        # Highest cost first, so an equal-valued removal names the bigger monster.
        for code in sorted(set(monsters), key=_monster_order):
            card = _card(code)
            if card.kind is TowerKind.TROGLODYTE:
                options.append((code, skulls, trogs - 1))
            else:
                options.append((code, skulls - card.value, trogs))
    fixed = gold + chests + rings * rings - cursed
    best: tuple[int, bool, str | None, int, int] | None = None
    for removed, left_skulls, left_trogs in options:
        count = len(monsters) - (removed is not None)
        total = fixed - left_skulls - left_trogs * left_trogs + rate * count
        candidate = (total, removed is not None, removed, left_skulls, left_trogs)
        if best is None or candidate[:2] > best[:2]:
            best = candidate
    total, _, removed, left_skulls, left_trogs = best or (fixed, False, None, 0, 0)
    count = len(monsters) - (removed is not None)
    return {
        "gold": gold,
        "chests": chests,
        "rings": rings * rings,
        "cursed": -cursed,
        "trophy": rate * count,
        "monsters": -left_skulls,
        "troglodytes": -(left_trogs * left_trogs),
        "monster_cards": count,
        "elixir": removed,
        "total": total,
    }


def _card(code: str) -> TowerCard:
    # Codes were validated on the way in (table, body), so a plain lookup will do.
    return TOWER_CARDS[code]


def _monster_order(code: str) -> tuple[int, str]:
    card = _card(code)
    return (-card.value, code)


# -- JSON body ------------------------------------------------------------------------


def body_to_dict(state: TschakState) -> dict[str, Any]:
    return {
        "tower": state._tower,
        "step": state._step,
        "phase": state._phase.value,
        "deal_slot": state._deal_slot,
        "monster_deck": list(state._mdeck),
        "treasure_deck": list(state._tdeck),
        "tower_monsters": list(state._tower_m),
        "tower_treasures": list(state._tower_t),
        "undealt": [_codes(pool) for pool in state._pool],
        "hands": [_codes(hand) for hand in state._hands],
        "hand": [_codes(state.hand_kinds(s)) for s in range(state.players)],
        "picks": [_codes(picks) for picks in state._picks],
        "revealed": [_codes(r) for r in state._revealed],
        "played": [_codes(p) for p in state._played],
        "gold": list(state._gold),
        "monsters": [list(m) for m in state._monsters],
        "treasures": [list(t) for t in state._treasures],
        "history": [event_json(e) for e in state._history],
    }


def load_body(state: TschakState, body: Mapping[str, Any]) -> None:
    """Load a body; fields a scenario may leave out are derived from the others.

    Required: ``hands`` (the four hands by hand id) and, while playing, the
    tower cards. Defaults: tower 1, step 0, phase ``play``, nothing played,
    each seat holding its hand for the tower, decks holding every tower card
    not elsewhere, no gold, no cards won, no history.
    """
    from relicbox.games.tschak.rules import _ACTIONS_OF, _NEED, Phase, hand_at, split_hand

    n = state.players
    state._phase = Phase(checks.text(body.get("phase", "play"), "body.phase", _PHASES))
    state._tower = _int(body, "tower", 1, 1, TOWERS)
    state._step = _int(body, "step", 0, 0, 5)
    state._need = _NEED[state._step]
    state._deal_slot = _int(body, "deal_slot", DEAL_EVENTS, 0, DEAL_EVENTS)
    state._hands = [sorted(_kinds(h, "hands")) for h in _lists(body, "hands", POSITIONS, None)]
    state._pool = [_kinds(p, "undealt") for p in _lists(body, "undealt", 3, [])]
    state._tower_m = _tower_codes(body, "tower_monsters")
    state._tower_t = _tower_codes(body, "tower_treasures")
    for name in ("picks", "revealed", "played"):
        setattr(state, "_" + name, [_kinds(c, name) for c in _lists(body, name, n, [])])
    if "hand" in body:
        hands = [_kinds(c, "hand") for c in _lists(body, "hand", n, None)]
    else:
        hands = [
            _minus(
                state._hands[hand_at(state._pos[s], state._tower)],
                state._picks[s] + state._revealed[s] + state._played[s],
            )
            for s in range(n)
        ]
    state._hand = [split_hand(cards) for cards in hands]
    state._acts = [[_ACTIONS_OF[group] for group in hand] for hand in state._hand]
    state._gold = [_count(g, "gold") for g in _list(body, "gold", n, [0] * n)]
    if any(g > 3 * TOWERS for g in state._gold):
        raise checks.fail("body.gold", f"entries are at most {3 * TOWERS}, got {state._gold}")
    state._monsters = [_tower_list(m, "monsters") for m in _lists(body, "monsters", n, [])]
    state._treasures = [_tower_list(t, "treasures") for t in _lists(body, "treasures", n, [])]
    history = checks.seq(body.get("history", []), "body.history", max_length=40)
    state._history = [_event_from_json(e, f"body.history[{i}]", n) for i, e in enumerate(history)]
    _load_decks(state, body)
    state._used = [0] * n
    for s in range(n):
        for k in state._revealed[s] + state._picks[s]:
            state._used[s] |= (1 << (k + 4)) | (1 << KINDS[k].kind.value)
    waiting = tuple(s for s in range(n) if len(state._picks[s]) < state._need)
    state._to_act = waiting if state._phase is Phase.PLAY else ()
    check_body(state)


def _lists(body: Mapping[str, Any], key: str, size: int, default: Any) -> list[Any]:
    value = body.get(key)
    if value is None:
        if default is None:
            raise StateFormatError(f"state body needs {key!r}")
        return [[] for _ in range(size)] if default == [] else list(default)
    if not isinstance(value, list) or len(value) != size:
        raise StateFormatError(f"{key} must be a list of {size} lists, got {value!r}")
    return value


def _list(body: Mapping[str, Any], key: str, size: int, default: list[Any]) -> list[Any]:
    value = body.get(key, default)
    if not isinstance(value, list) or len(value) != size:
        raise StateFormatError(f"{key} must be a list of {size} entries, got {value!r}")
    return value


def _kinds(codes: object, where: str) -> list[int]:
    if not isinstance(codes, list):
        raise StateFormatError(f"{where} must hold lists of card codes, got {codes!r}")
    out = []
    for code in codes:
        kind = KIND_BY_CODE.get(code) if isinstance(code, str) else None
        if kind is None:
            raise StateFormatError(f"{code!r} in {where} is not an adventurer card code")
        out.append(kind.index)
    return out


def _tower_list(codes: object, where: str) -> list[str]:
    if not isinstance(codes, list):
        raise StateFormatError(f"{where} must hold lists of card codes, got {codes!r}")
    for code in codes:
        if not isinstance(code, str) or tower_card(code) is None:
            raise StateFormatError(f"{code!r} in {where} is not a monster or treasure code")
    return list(codes)


def _tower_codes(body: Mapping[str, Any], key: str) -> list[str]:
    codes = _tower_list(body.get(key, []), key)
    if len(codes) > 3:
        raise StateFormatError(f"{key} holds one card per floor, got {codes!r}")
    return codes


def _int(body: Mapping[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = body.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise StateFormatError(f"{key}={value!r} must be a whole number from {low} to {high}")
    return value


def _count(value: object, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise StateFormatError(f"{key} entries must be whole numbers >= 0, got {value!r}")
    return value


def _minus(cards: Sequence[int], taken: Sequence[int]) -> list[int]:
    rest = list(cards)
    for k in taken:
        if k not in rest:
            raise StateFormatError(f"{KINDS[k].code} was played but is not in that hand")
        rest.remove(k)
    return rest


def _load_decks(state: TschakState, body: Mapping[str, Any]) -> None:
    """Decks default to every tower card that is neither on the tower nor won."""
    resolved = _resolved_floors(state)
    for key, table, tower, won in (
        ("monster_deck", state._table.monsters, state._tower_m, state._monsters),
        ("treasure_deck", state._table.treasures, state._tower_t, state._treasures),
    ):
        elsewhere = tower[resolved:] + [c for cards in won for c in cards]
        if key in body:
            deck = _tower_list(body[key], key)
        else:
            deck = list((Counter(table) - Counter(elsewhere)).elements())
        if Counter(deck + elsewhere) != Counter(table):
            raise StateFormatError(
                f"{key.split('_')[0]} cards must each be in one place (deck, tower, won): "
                f"deck {sorted(deck)}, elsewhere {sorted(elsewhere)}"
            )
        if key == "monster_deck":
            state._mdeck = deck
        else:
            state._tdeck = deck


def _resolved_floors(state: TschakState) -> int:
    from relicbox.games.tschak.rules import _FLOOR, Phase

    if state._phase is Phase.OVER:
        return 3
    if state._phase is Phase.SETUP:
        return 0
    return _FLOOR[state._step] - 1


def check_body(state: TschakState) -> None:
    """Raise :class:`StateFormatError` unless every adventurer card is in exactly one place."""
    from relicbox.games.tschak.rules import _FLOOR, Phase, hand_at

    table = state._table.adventurer_counts
    dealt = Counter(k for hand in state._hands for k in hand)
    undealt = Counter(k for pool in state._pool for k in pool)
    if state._deal_slot == DEAL_EVENTS:
        if dealt != table:
            raise StateFormatError(
                "the four hands must hold exactly the table's 40 cards: "
                f"got {sorted(_codes(list(dealt.elements())))}"
            )
        for h, hand in enumerate(state._hands):
            types = Counter(KINDS[k].kind for k in hand)
            if any(types[kind] != (1 if kind is Kind.ARTIFACT else 3) for kind in Kind):
                raise StateFormatError(
                    f"hand {h} must hold 3 wizards, 3 warriors, 3 dwarves and 1 artifact, "
                    f"got {_codes(hand)}"
                )
    elif dealt + undealt + Counter({KIND_BY_CODE["A"].index: 4}) != table:
        raise StateFormatError("dealt and undealt cards must together be the table's cards")
    for b, pool in enumerate(state._pool):
        if any(KINDS[k].kind.value != b for k in pool):
            raise StateFormatError(
                f"undealt[{b}] must hold only {('wizard', 'warrior', 'dwarf')[b]} cards, "
                f"got {_codes(pool)}"
            )
    _check_towers(state)
    if state._deal_slot < DEAL_EVENTS:
        _check_deal(state)
        return
    for seat in range(state.players):
        _check_seat(state, seat, hand_at(state._pos[seat], state._tower))
    if state._phase is Phase.PLAY:
        floor = _FLOOR[state._step]
        if any(len(p) != 3 * (floor - 1) for p in state._played):
            raise StateFormatError(f"on floor {floor} every seat has played {floor - 1} parties")
        if len(state._tower_m) != 3 or len(state._tower_t) != 3:
            raise StateFormatError("while playing, the tower holds 3 monsters and 3 treasures")
        if not state._to_act:
            raise StateFormatError("every seat has committed: the cards would be revealed")


_PHASES = ("setup", "play", "over")
_REVEALED_AT_STEP = (0, 1, 2, 0, 1, 0)
"""Cards each party has revealed on the current floor when a step begins."""


def _check_deal(state: TschakState) -> None:
    """During the deal: hand ``p`` holds 3 cards of background ``b`` for each slot dealt."""
    from relicbox.games.tschak.rules import Phase

    if state._phase is not Phase.SETUP or state._tower != 1:
        raise StateFormatError("the cards are dealt only while setting up the first tower")
    if any(state._picks[s] or state._revealed[s] or state._played[s] for s in range(state.players)):
        raise StateFormatError("nobody has picked, revealed or played a card during the deal")
    for position, hand in enumerate(state._hands):
        types = Counter(KINDS[k].kind.value for k in hand)
        for b in range(3):
            want = 3 if b * POSITIONS + position < state._deal_slot else 0
            if types[b] != want:
                raise StateFormatError(
                    f"hands[{position}] must hold {want} {('wizard', 'warrior', 'dwarf')[b]} "
                    f"cards after {state._deal_slot} deal events, got {_codes(hand)}"
                )
        if types[3]:
            raise StateFormatError(f"hands[{position}] gets its artifact after the deal")
    for b, pool in enumerate(state._pool):
        dealt = sum(1 for slot in range(state._deal_slot) if slot // POSITIONS == b)
        if len(pool) != 3 * POSITIONS - 3 * dealt:
            raise StateFormatError(f"undealt[{b}] must hold {12 - 3 * dealt} cards")


def _check_towers(state: TschakState) -> None:
    """Tower cards drawn, resolved and won agree with the tower, floor and phase."""
    from relicbox.games.tschak.rules import Phase

    m, t = len(state._tower_m), len(state._tower_t)
    if state._phase is Phase.SETUP:
        if (m, t) not in ((0, 0), (3, 0), (3, 3)) or (t and state._deal_slot == DEAL_EVENTS):
            raise StateFormatError(
                f"while setting up, the tower holds 0 or 3 monsters, then 3 treasures before "
                f"the deal: got {m} monsters and {t} treasures"
            )
        if state._step != 0:
            raise StateFormatError("while setting up a tower, step is 0")
    elif state._phase is Phase.OVER and state._tower != TOWERS:
        raise StateFormatError(f"a finished game is in tower {TOWERS}")
    if any(len(cards) > 3 * state._tower for cards in (*state._monsters, *state._treasures)):
        raise StateFormatError(f"a seat has won more tower cards than tower {state._tower} gave")
    for key, deck, drawn in (
        ("monster_deck", state._mdeck, m),
        ("treasure_deck", state._tdeck, t),
    ):
        to_draw = TOWERS - state._tower + (1 if state._phase is Phase.SETUP and not drawn else 0)
        if len(deck) < 3 * to_draw:
            raise StateFormatError(
                f"{key} holds {len(deck)} cards, too few for the {to_draw} towers still to draw"
            )
    if state._phase is Phase.SETUP and any(state._played):
        raise StateFormatError("while setting up a tower, nobody has played a card yet")


def _check_seat(state: TschakState, seat: int, h: int) -> None:
    party = state._revealed[seat] + state._picks[seat]
    everything = sorted(state.hand_kinds(seat) + party + state._played[seat])
    if everything != sorted(state._hands[h]):
        raise StateFormatError(
            f"seat {seat}'s hand, picks, revealed and played cards must make up hand {h}"
        )
    types = [KINDS[k].kind for k in party]
    if len(set(types)) != len(types):
        raise StateFormatError(f"seat {seat}'s party {_codes(party)} repeats a background")
    if len(state._picks[seat]) > state._need:
        raise StateFormatError(f"seat {seat} has more picks than this reveal takes")
    from relicbox.games.tschak.rules import Phase

    if state._phase is Phase.PLAY:
        want = _REVEALED_AT_STEP[state._step]
        if len(state._revealed[seat]) != want:
            raise StateFormatError(
                f"revealed[{seat}]: at step {state._step} a party has revealed {want} cards, "
                f"got {len(state._revealed[seat])}"
            )
    elif state._picks[seat] or state._revealed[seat]:
        raise StateFormatError(f"seat {seat} holds picks or revealed cards outside play")
