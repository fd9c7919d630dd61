"""A full Tschak! state from one seat's view (``Game.sample_state``).

What a view leaves out, and how it is drawn:

* the cards of hands the seat has never held and that were not shown in full
  in a finished tower, minus the cards already shown from them on this tower:
  the deal gives each hand three cards of each character background and one
  artifact, dealt background by background, so the unseen cards of each
  background are shuffled and dealt to the unknown hands' free slots of that
  background, which is their exact distribution given the view;
* other seats' committed but unrevealed picks: every choice of distinct
  backgrounds not yet in their party, from what they still hold, is equally
  likely;
* the monster and treasure decks, with the 2 + 2 cards removed unseen: the
  engine draws them uniformly from an unordered deck, so the sampled state
  holds every tower card that is neither on the tower nor won, and a fresh
  generator;
* the seed and the generator: drawn from ``rng``.

Only views of a dealt game made with the proposed card table can be sampled (a
custom table is not in the view).

The view is read like a loaded state (:mod:`relicbox.core.sampling`): every field the
sampler uses is checked for its type and range first, and a view whose fields
contradict each other is refused, since the sampled state's view must be the input.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from itertools import combinations
from typing import Any

from relicbox.core import sampling as S
from relicbox.core.errors import ConfigurationError
from relicbox.core.game import State, sampled_state_header
from relicbox.core.rng import Rng
from relicbox.games.tschak.data import FLOORS, KIND_BY_CODE, KINDS, POSITIONS, PROPOSED, TOWERS
from relicbox.games.tschak.rules import TschakState, hand_at, seat_positions

_STEP_OF_FLOOR = {1: 0, 2: 3, 3: 5}
_BACKGROUND = tuple(k.kind.value for k in KINDS)
_HAND = 10
"""Cards in a hand: three of each character background and an artifact."""
_PICKS = 3
"""Most cards a seat commits for one reveal."""


def _fields(players: int) -> dict[str, S.Spec]:
    """What the sampler reads of a view of ``players`` seats, and what each must be."""
    card = S.text(KIND_BY_CODE.keys())
    cards = S.items(card, most=_HAND)
    tower_card = S.optional(S.text())
    return {
        "options": S.record(
            {
                "cards": S.text(("proposed", "custom")),
                "chameleon_rank": S.text(),
                "elixir": S.text(),
            }
        ),
        "phase": S.text(("setup", "play", "over")),
        "tower": S.whole(1, TOWERS),
        "floor": S.optional(S.whole(1, FLOORS)),
        "revealed": S.items(cards, length=players),
        "played": S.items(cards, length=players),
        "known_hands": S.items(S.optional(cards), length=POSITIONS),
        "committed": S.items(S.whole(0, _PICKS), length=players),
        "picks": S.optional(S.items(card, most=_PICKS)),
        "floors": S.items(S.record({"monster": tower_card, "treasure": tower_card}), most=FLOORS),
        "gold": S.items(S.whole(), length=players),
        "won": S.items(
            S.record({"monsters": S.items(S.text()), "treasures": S.items(S.text())}),
            length=players,
        ),
        "history": S.items(S.any_value()),
    }


def sample_state(view: Mapping[str, Any], rng: Rng) -> State:
    """A state consistent with ``view`` (a seat's or a spectator's); see the module doc.

    Its ``view(seat)`` equals ``view``; anything else is a :class:`StateFormatError`
    naming the field (a view of a custom card table: a :class:`ConfigurationError`).
    """
    players, seat = S.header(view, "tschak", "Tschak!", TschakState.game.players)
    S.read(view, _fields(players))
    if view["options"]["cards"] != "proposed":
        raise ConfigurationError(
            "a Tschak! view of a game with a custom card table cannot be sampled: "
            "the table is not part of the view"
        )
    if view["phase"] == "setup":
        raise S.refuse("phase", "must be play or over: a view is sampled once the tower is set up")
    if view["phase"] == "play" and view["floor"] is None:
        raise S.refuse("floor", "must be the floor being played (1-3), got None")
    with S.building():
        state = _build(view, players, seat, rng)
    return S.finish(state, seat, view)


def _build(view: Mapping[str, Any], players: int, seat: int | None, rng: Rng) -> State:
    options = view["options"]
    tower: int = view["tower"]
    positions = seat_positions(players)
    holder_of = {hand_at(p, tower): s for s, p in enumerate(positions)}
    revealed = [_kinds(cards) for cards in view["revealed"]]
    played = [_kinds(cards) for cards in view["played"]]

    hands: list[list[int] | None] = [
        None if codes is None else _kinds(codes) for codes in view["known_hands"]
    ]
    unseen = Counter(PROPOSED.adventurer_counts)
    shown: dict[int, list[int]] = {}
    for h in range(POSITIONS):
        known = hands[h]
        if known is not None:
            unseen.subtract(known)
            continue
        s = holder_of.get(h)
        shown[h] = [] if s is None else revealed[s] + played[s]
        unseen.subtract(shown[h])
    if any(count < 0 for count in unseen.values()):
        raise S.refuse("known_hands", "and the cards shown hold more cards than the table has")
    pools: list[list[int]] = [[], [], [], []]
    for kind, count in sorted(unseen.items()):
        pools[_BACKGROUND[kind]].extend([kind] * count)
    for pool in pools:
        rng.shuffle(pool)
    for h in sorted(shown):
        have = Counter(_BACKGROUND[k] for k in shown[h])
        cards = list(shown[h])
        for background in range(4):
            slots = (1 if background == 3 else 3) - have[background]
            if slots > len(pools[background]):
                raise S.refuse("known_hands", "and the cards shown do not fit the hands")
            for _ in range(slots):
                cards.append(pools[background].pop())
        hands[h] = sorted(cards)
    if any(pools):
        raise S.refuse("known_hands", "leave cards that fit no hand")
    full = [hand if hand is not None else [] for hand in hands]

    picks: list[list[int]] = [[] for _ in range(players)]
    for s in range(players):
        count = int(view["committed"][s])
        if not count:
            continue
        if s == seat and view.get("picks") is not None:
            picks[s] = _kinds(view["picks"])
            continue
        held = Counter(full[hand_at(positions[s], tower)])
        held.subtract(revealed[s] + played[s])
        if any(left < 0 for left in held.values()):
            raise S.refuse(f"revealed[{s}]", "shows cards the seat's hand does not hold")
        picks[s] = _draw_picks(sorted(held.elements()), revealed[s], count, rng)

    floors = view["floors"]
    step = 5
    if view["phase"] == "play":
        step = _STEP_OF_FLOOR[int(view["floor"])] + len(revealed[0])
    data = {
        **sampled_state_header(
            TschakState.game,
            players,
            {"chameleon_rank": options["chameleon_rank"], "elixir": options["elixir"]},
            rng,
        ),
        "body": {
            "tower": tower,
            "step": step,
            "phase": view["phase"],
            "deal_slot": 12,
            "tower_monsters": [f["monster"] for f in floors if f["monster"] is not None],
            "tower_treasures": [f["treasure"] for f in floors if f["treasure"] is not None],
            "hands": [_codes(hand) for hand in full],
            "picks": [_codes(p) for p in picks],
            "revealed": view["revealed"],
            "played": view["played"],
            "gold": view["gold"],
            "monsters": [list(w["monsters"]) for w in view["won"]],
            "treasures": [list(w["treasures"]) for w in view["won"]],
            "history": view["history"],
        },
    }
    return TschakState.from_dict(data)


def _draw_picks(held: list[int], party: list[int], count: int, rng: Rng) -> list[int]:
    """``count`` cards of ``held``, of distinct backgrounds not in ``party``, uniformly."""
    taken = {_BACKGROUND[k] for k in party}
    choices = [
        chosen
        for chosen in combinations(range(len(held)), count)
        if len({_BACKGROUND[held[i]] for i in chosen} | taken) == len(taken) + count
    ]
    if not choices:
        raise S.refuse("committed", "counts picks that do not fit what the seat still holds")
    chosen = choices[rng.below(len(choices))]
    return [held[i] for i in chosen]


def _kinds(codes: list[str]) -> list[int]:
    """Kind indexes of card codes (already checked to be adventurer card codes)."""
    return [KIND_BY_CODE[code].index for code in codes]


def _codes(kinds: list[int]) -> list[str]:
    return [KINDS[k].code for k in kinds]
