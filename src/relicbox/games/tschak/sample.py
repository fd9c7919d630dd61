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
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from itertools import combinations
from typing import Any

from relicbox.core.errors import ConfigurationError, StateFormatError
from relicbox.core.game import State, sampled_state_header
from relicbox.core.rng import Rng
from relicbox.games.tschak.data import KIND_BY_CODE, KINDS, POSITIONS, PROPOSED
from relicbox.games.tschak.rules import TschakState, hand_at, seat_positions

_STEP_OF_FLOOR = {1: 0, 2: 3, 3: 5}
_BACKGROUND = tuple(k.kind.value for k in KINDS)


def sample_state(view: Mapping[str, Any], rng: Rng) -> State:
    """A state consistent with ``view`` (a seat's or a spectator's); see the module doc."""
    if view.get("game") != "tschak":
        raise StateFormatError(f"not a Tschak! view: game={view.get('game')!r}")
    options = view["options"]
    if options.get("cards") != "proposed":
        raise ConfigurationError(
            "a Tschak! view of a game with a custom card table cannot be sampled: "
            "the table is not part of the view"
        )
    if view["phase"] == "setup":
        raise StateFormatError("a Tschak! view can be sampled once the tower is set up")
    players: int = view["players"]
    seat: int | None = view["seat"]
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
        raise StateFormatError("the view shows more adventurer cards than the table holds")
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
                raise StateFormatError("the view's shown cards do not fit the hands")
            for _ in range(slots):
                cards.append(pools[background].pop())
        hands[h] = sorted(cards)
    if any(pools):
        raise StateFormatError("the view's known hands leave cards that fit no hand")
    full = [hand if hand is not None else [] for hand in hands]

    picks: list[list[int]] = [[] for _ in range(players)]
    for s in range(players):
        count = int(view["committed"][s])
        if not count:
            continue
        if s == seat and view.get("picks") is not None:
            picks[s] = _kinds(view["picks"])
            continue
        held = list(full[hand_at(positions[s], tower)])
        for k in revealed[s] + played[s]:
            held.remove(k)
        picks[s] = _draw_picks(held, revealed[s], count, rng)

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
        raise StateFormatError("no committed picks fit what the seat still holds")
    chosen = choices[rng.below(len(choices))]
    return [held[i] for i in chosen]


def _kinds(codes: list[str]) -> list[int]:
    try:
        return [KIND_BY_CODE[code].index for code in codes]
    except KeyError as error:
        raise StateFormatError(f"{error.args[0]!r} is not an adventurer card code") from None


def _codes(kinds: list[int]) -> list[str]:
    return [KINDS[k].code for k in kinds]
