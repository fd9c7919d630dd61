"""Tschak!'s state body to and from JSON, with every check a loaded body must pass.

The body lists the fields of :data:`~relicbox.games.tschak.rules.FIELDS` that have a key,
in that order: kinds written as card codes, ``phase`` as its value, history events as
JSON. A scenario may leave out most fields: see :func:`load_body` for the defaults.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from relicbox.core import checks
from relicbox.core.errors import StateFormatError, quote
from relicbox.core.fields import Loader
from relicbox.core.game import Codec
from relicbox.core.history import FrozenDict
from relicbox.games.tschak.data import (
    KIND_BY_CODE,
    KINDS,
    POSITIONS,
    TOWERS,
    Kind,
    tower_card,
)
from relicbox.games.tschak.rules import (
    _ACTIONS_OF,
    _FLOOR,
    _NEED,
    DEAL_DRAWS,
    FIELDS,
    NO_VIEW,
    Phase,
    TschakState,
    codes,
    event_json,
    hand_at,
    split_hand,
)

DEAL_EVENTS = DEAL_DRAWS


# -- writing ------------------------------------------------------------------------------


_ENCODE: dict[str, Callable[[TschakState], Any]] = {
    "phase": lambda state: state._phase.value,
    "hands": lambda state: [codes(hand) for hand in state._hands],
    "undealt": lambda state: [codes(pool) for pool in state._pool],
    "picks": lambda state: [codes(picks) for picks in state._picks],
    "revealed": lambda state: [codes(cards) for cards in state._revealed],
    "played": lambda state: [codes(cards) for cards in state._played],
    "hand": lambda state: [codes(state.hand_kinds(s)) for s in range(state.players)],
    "history": lambda state: [event_json(e) for e in state._history],
}


def body_to_dict(state: TschakState) -> dict[str, Any]:
    return FIELDS.write(state, _ENCODE)


# -- reading ------------------------------------------------------------------------------


def load_body(state: TschakState, body: Mapping[str, Any]) -> None:
    """Load a body; fields a scenario may leave out are derived from the others.

    Required: ``hands`` (the four hands by hand id) and, while playing, the
    tower cards. Defaults: tower 1, step 0, phase ``play``, nothing played,
    each seat holding its hand for the tower, decks holding every tower card
    not elsewhere, no gold, no cards won, no history.
    """
    state._configure()
    state._view_events = ()
    state._view_cache = NO_VIEW
    n = state.players
    FIELDS.read(state, body, _loaders(state))
    state._need = _NEED[state._step]
    state._acts = [[_ACTIONS_OF[group] for group in hand] for hand in state._hand]
    state._used = [0] * n
    for s in range(n):
        for k in state._revealed[s] + state._picks[s]:
            state._used[s] |= (1 << (k + 4)) | (1 << KINDS[k].kind.value)
    waiting = tuple(s for s in range(n) if len(state._picks[s]) < state._need)
    state._to_act = waiting if state._phase is Phase.PLAY else ()
    check_body(state)


def _loaders(state: TschakState) -> dict[str, Loader]:
    """A checking loader per body key; each may rely on the fields read before it."""
    n = state.players

    def seat_kinds(body: Mapping[str, Any], key: str) -> list[list[int]]:
        return [_kinds(c, key) for c in _lists(body, key, n, [])]

    def hand(body: Mapping[str, Any], key: str) -> list[list[tuple[int, ...]]]:
        if key in body:
            hands = [_kinds(c, key) for c in _lists(body, key, n, None)]
        else:
            hands = [
                _minus(
                    state._hands[hand_at(state._pos[s], state._tower)],
                    state._picks[s] + state._revealed[s] + state._played[s],
                )
                for s in range(n)
            ]
        return [split_hand(cards) for cards in hands]

    def gold(body: Mapping[str, Any], key: str) -> list[int]:
        values = [_count(g, key) for g in _list(body, key, n, [0] * n)]
        if any(g > 3 * TOWERS for g in values):
            raise checks.fail("body.gold", f"entries are at most {3 * TOWERS}, got {quote(values)}")
        return values

    def won(body: Mapping[str, Any], key: str) -> list[list[str]]:
        return [_tower_list(cards, key) for cards in _lists(body, key, n, [])]

    def history(body: Mapping[str, Any], key: str) -> list[FrozenDict]:
        events = checks.seq(body.get(key, []), "body.history", max_length=40)
        return [
            FrozenDict(_event_from_json(e, f"body.history[{i}]", n)) for i, e in enumerate(events)
        ]

    return {
        "phase": lambda body, key: Phase(checks.text(body.get(key, "play"), "body.phase", _PHASES)),
        "tower": lambda body, key: _int(body, key, 1, 1, TOWERS),
        "step": lambda body, key: _int(body, key, 0, 0, 5),
        "deal_slot": lambda body, key: _int(body, key, DEAL_EVENTS, 0, DEAL_EVENTS),
        "hands": lambda body, key: [
            sorted(_kinds(h, key)) for h in _lists(body, key, POSITIONS, None)
        ],
        "undealt": lambda body, key: [_kinds(p, key) for p in _lists(body, key, 3, [])],
        "tower_monsters": _tower_codes,
        "tower_treasures": _tower_codes,
        "picks": seat_kinds,
        "revealed": seat_kinds,
        "played": seat_kinds,
        "hand": hand,
        "gold": gold,
        "monsters": won,
        "treasures": won,
        "history": history,
        "monster_deck": lambda body, key: _deck(state, body, key),
        "treasure_deck": lambda body, key: _deck(state, body, key),
    }


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


def _lists(body: Mapping[str, Any], key: str, size: int, default: Any) -> list[Any]:
    value = body.get(key)
    if value is None:
        if default is None:
            raise StateFormatError(f"state body needs {key!r}")
        return [[] for _ in range(size)] if default == [] else list(default)
    if not isinstance(value, list) or len(value) != size:
        raise StateFormatError(f"{key} must be a list of {size} lists, got {quote(value)}")
    return value


def _list(body: Mapping[str, Any], key: str, size: int, default: list[Any]) -> list[Any]:
    value = body.get(key, default)
    if not isinstance(value, list) or len(value) != size:
        raise StateFormatError(f"{key} must be a list of {size} entries, got {quote(value)}")
    return value


def _kinds(given: object, where: str) -> list[int]:
    if not isinstance(given, list):
        raise StateFormatError(f"{where} must hold lists of card codes, got {quote(given)}")
    out = []
    for code in given:
        kind = KIND_BY_CODE.get(code) if isinstance(code, str) else None
        if kind is None:
            raise StateFormatError(f"{quote(code)} in {where} is not an adventurer card code")
        out.append(kind.index)
    return out


def _tower_list(given: object, where: str) -> list[str]:
    if not isinstance(given, list):
        raise StateFormatError(f"{where} must hold lists of card codes, got {quote(given)}")
    for code in given:
        if not isinstance(code, str) or tower_card(code) is None:
            raise StateFormatError(f"{quote(code)} in {where} is not a monster or treasure code")
    return list(given)


def _tower_codes(body: Mapping[str, Any], key: str) -> list[str]:
    codes = _tower_list(body.get(key, []), key)
    if len(codes) > 3:
        raise StateFormatError(f"{key} holds one card per floor, got {quote(codes)}")
    return codes


def _int(body: Mapping[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = body.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise StateFormatError(f"{key}={quote(value)} must be a whole number from {low} to {high}")
    return value


def _count(value: object, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise StateFormatError(f"{key} entries must be whole numbers >= 0, got {quote(value)}")
    return value


def _minus(cards: Sequence[int], taken: Sequence[int]) -> list[int]:
    rest = list(cards)
    for k in taken:
        if k not in rest:
            raise StateFormatError(f"{KINDS[k].code} was played but is not in that hand")
        rest.remove(k)
    return rest


def _deck(state: TschakState, body: Mapping[str, Any], key: str) -> list[str]:
    """A deck; by default every tower card that is neither on the tower nor won."""
    if key == "monster_deck":
        table, tower, won = state._table.monsters, state._tower_m, state._monsters
    else:
        table, tower, won = state._table.treasures, state._tower_t, state._treasures
    elsewhere = tower[_resolved_floors(state) :] + [c for cards in won for c in cards]
    if key in body:
        deck = _tower_list(body[key], key)
    else:
        deck = list((Counter(table) - Counter(elsewhere)).elements())
    if Counter(deck + elsewhere) != Counter(table):
        raise StateFormatError(
            f"{key.split('_')[0]} cards must each be in one place (deck, tower, won): "
            f"deck {sorted(deck)}, elsewhere {sorted(elsewhere)}"
        )
    return deck


def _resolved_floors(state: TschakState) -> int:

    if state._phase is Phase.OVER:
        return 3
    if state._phase is Phase.SETUP:
        return 0
    return _FLOOR[state._step] - 1


def check_body(state: TschakState) -> None:
    """Raise :class:`StateFormatError` unless every adventurer card is in exactly one place."""

    table = state._table.adventurer_counts
    dealt = Counter(k for hand in state._hands for k in hand)
    undealt = Counter(k for pool in state._pool for k in pool)
    if state._deal_slot == DEAL_EVENTS:
        if dealt != table:
            raise StateFormatError(
                "the four hands must hold exactly the table's 40 cards: "
                f"got {sorted(codes(list(dealt.elements())))}"
            )
        for h, hand in enumerate(state._hands):
            types = Counter(KINDS[k].kind for k in hand)
            if any(types[kind] != (1 if kind is Kind.ARTIFACT else 3) for kind in Kind):
                raise StateFormatError(
                    f"hand {h} must hold 3 wizards, 3 warriors, 3 dwarves and 1 artifact, "
                    f"got {codes(hand)}"
                )
    elif dealt + undealt + Counter({KIND_BY_CODE["A"].index: 4}) != table:
        raise StateFormatError("dealt and undealt cards must together be the table's cards")
    for b, pool in enumerate(state._pool):
        if any(KINDS[k].kind.value != b for k in pool):
            raise StateFormatError(
                f"undealt[{b}] must hold only {('wizard', 'warrior', 'dwarf')[b]} cards, "
                f"got {codes(pool)}"
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
                    f"cards after {state._deal_slot} deal events, got {codes(hand)}"
                )
        if types[3]:
            raise StateFormatError(f"hands[{position}] gets its artifact after the deal")
    for b, pool in enumerate(state._pool):
        dealt = sum(1 for slot in range(state._deal_slot) if slot // POSITIONS == b)
        if len(pool) != 3 * POSITIONS - 3 * dealt:
            raise StateFormatError(f"undealt[{b}] must hold {12 - 3 * dealt} cards")


def _check_towers(state: TschakState) -> None:
    """Tower cards drawn, resolved and won agree with the tower, floor and phase."""

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
        raise StateFormatError(f"seat {seat}'s party {codes(party)} repeats a background")
    if len(state._picks[seat]) > state._need:
        raise StateFormatError(f"seat {seat} has more picks than this reveal takes")
    if state._phase is Phase.PLAY:
        want = _REVEALED_AT_STEP[state._step]
        if len(state._revealed[seat]) != want:
            raise StateFormatError(
                f"revealed[{seat}]: at step {state._step} a party has revealed {want} cards, "
                f"got {len(state._revealed[seat])}"
            )
    elif state._picks[seat] or state._revealed[seat]:
        raise StateFormatError(f"seat {seat} holds picks or revealed cards outside play")


CODEC = Codec(write=body_to_dict, read=load_body)
