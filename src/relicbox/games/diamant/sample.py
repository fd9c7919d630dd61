"""A full Diamant state from one seat's view (``Game.sample_state``).

Almost everything in Diamant is public. What a view leaves out:

* the order of the deck: the engine keeps the deck as a multiset and draws a
  uniformly random card at every reveal, so the sampled state holds exactly the
  cards nobody has seen and a fresh generator, which is the true distribution
  of every future draw;
* other seats' committed choices in the current step: drawn ``continue`` or
  ``leave`` with equal chances (the view holds no evidence either way);
* other seats' chest totals: closed chests, but every event that fills one is
  in the public history, so they are recomputed, not guessed;
* the seed and the generator: drawn from ``rng``.

Cards with the same code (two ``T5``, three ``spiders``) are interchangeable,
so each code is given the lowest free card ids.

The view is read like a loaded state (:mod:`relicbox.core.sampling`): every field the
sampler uses is checked for its type and range first, and a view whose fields
contradict each other is refused, since the sampled state's view must be the input.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from relicbox.core import sampling as S
from relicbox.core.game import State, sampled_state_header
from relicbox.core.rng import Rng
from relicbox.games.diamant.data import BASE_RELIC_VALUES, CARDS, ROUNDS, variant_code
from relicbox.games.diamant.rules import DiamantState

_CODES = frozenset(card.code for card in CARDS) | frozenset(variant_code(card) for card in CARDS)
_MOST_CARDS = len(CARDS)


def _fields(players: int) -> dict[str, S.Spec]:
    """What the sampler reads of a view of ``players`` seats, and what each must be."""
    seat = S.whole(0, players - 1)
    seats = S.items(seat, most=players)
    code = S.text(_CODES)
    codes = S.items(code, most=_MOST_CARDS)
    per_seat = S.items
    return {
        "variant": S.text(("base", "relics")),
        "split": S.text(("pooled", "per-card")),
        "round": S.whole(1, ROUNDS),
        "phase": S.text(("reveal", "choice", "over")),
        "deck_size": S.whole(0, _MOST_CARDS),
        "path": S.items(S.record({"card": code, "gems": S.whole()}), most=_MOST_CARDS),
        "removed": codes,
        "relic_pile": codes,
        "relics": per_seat(codes, length=players),
        "relics_rescued": S.whole(0, _MOST_CARDS),
        "inside": per_seat(S.flag(), length=players),
        "pockets": per_seat(S.whole(), length=players),
        "committed": per_seat(S.flag(), length=players),
        "my_choice": S.optional(S.text(("continue", "leave"))),
        "chest": S.optional(S.whole()),
        "history": S.items(
            S.tagged(
                "type",
                {
                    "round": {"round": S.whole(1, ROUNDS)},
                    "reveal": {"card": code, "share": S.whole()},
                    "choices": {"leavers": seats},
                    "leave": {"seats": seats, "path_share": S.whole(), "relics": codes},
                    "round-end": {
                        "round": S.whole(1, ROUNDS),
                        "reason": S.text(),
                        "busted": seats,
                        "lost_relics": codes,
                        "trap": S.optional(code),
                    },
                },
            )
        ),
    }


def sample_state(view: Mapping[str, Any], rng: Rng) -> State:
    """A state consistent with ``view`` (a seat's or a spectator's); see the module doc.

    Its ``view(seat)`` equals ``view``; anything else is a :class:`StateFormatError`
    naming the field.
    """
    players, seat = S.header(view, "diamant", "Diamant", DiamantState.game.players)
    S.read(view, _fields(players))
    with S.building():
        state = _build(view, players, seat, rng)
    return S.finish(state, seat, view)


def _build(view: Mapping[str, Any], players: int, seat: int | None, rng: Rng) -> State:
    variant = view["variant"] == "relics"
    free: dict[str, list[int]] = {}
    for card in CARDS:
        code = variant_code(card) if variant else card.code
        free.setdefault(code, []).append(card.id)
    first = {code: ids[0] for code, ids in free.items()}

    def take(code: str, field: str) -> int:
        ids = free.get(code)
        if not ids:
            raise S.refuse(field, f"shows one {code!r} card more than the game has")
        return ids.pop(0)

    def known(code: str, field: str) -> int:
        if code not in first:
            raise S.refuse(field, f"names {code!r}, not a card of this variant")
        return first[code]

    path = [take(entry["card"], f"path[{i}].card") for i, entry in enumerate(view["path"])]
    on_card = [int(entry["gems"]) for entry in view["path"]]
    removed = [take(code, f"removed[{i}]") for i, code in enumerate(view["removed"])]
    relic_pile = [take(code, f"relic_pile[{i}]") for i, code in enumerate(view["relic_pile"])]
    relics = [
        [take(code, f"relics[{s}][{i}]") for i, code in enumerate(codes)]
        for s, codes in enumerate(view["relics"])
    ]
    deck = sorted(card for ids in free.values() for card in ids)
    if len(deck) != view["deck_size"]:
        raise S.refuse("deck_size", f"is {view['deck_size']}, but {len(deck)} cards are unseen")

    chest, relic_points, revealed, history = _replay_history(view, known, players, variant)
    if seat is not None and view.get("chest") is not None:
        relic_gems = 0 if variant else relic_points[seat]
        chest[seat] = int(view["chest"]) - relic_gems
    inside = [bool(x) for x in view["inside"]]
    pockets = [int(p) for p in view["pockets"]]
    pocket = next((pockets[s] for s in range(players) if inside[s]), 0)
    path_gems = sum(on_card)
    # A scenario set up without its history (a rigged state) still gets totals that add up.
    in_play = sum(chest) + pocket * sum(inside) + path_gems
    revealed = max(revealed, in_play)
    bank = revealed - in_play

    pending: list[str | None] = [None] * players
    for s in range(players):
        if not view["committed"][s]:
            continue
        if s == seat and view.get("my_choice") is not None:
            pending[s] = str(view["my_choice"])
        else:
            pending[s] = "leave" if rng.below(2) else "continue"

    data = {
        **sampled_state_header(
            DiamantState.game, players, {"variant": view["variant"], "split": view["split"]}, rng
        ),
        "body": {
            "round": view["round"],
            "phase": view["phase"],
            "deck": deck,
            "path": path,
            "on_card": on_card,
            "inside": inside,
            "pocket": pockets,
            "pending": pending,
            "chest": chest,
            "relic_points": relic_points,
            "relics": relics,
            "rescued": view["relics_rescued"],
            "removed": removed,
            "relic_pile": relic_pile,
            "bank": bank,
            "revealed": revealed,
            "history": history,
        },
    }
    return DiamantState.from_dict(data)


def _replay_history(
    view: Mapping[str, Any],
    first: Callable[[str, str], int],
    players: int,
    variant: bool,
) -> tuple[list[int], list[int], int, list[list[Any]]]:
    """Chests, relic points and rubies revealed, recomputed from the public history.

    Also returns the history in the state's own form (card ids for codes).
    """
    chest = [0] * players
    relic_points = [0] * players
    revealed = 0
    rescued = 0
    pocket = 0
    history: list[list[Any]] = []
    for i, event in enumerate(view["history"]):
        kind = event["type"]
        where = f"history[{i}]"
        if kind == "round":
            pocket = 0
            history.append(["round", event["round"]])
        elif kind == "reveal":
            card = first(event["card"], f"{where}.card")
            revealed += CARDS[card].rubies
            pocket += int(event["share"])
            history.append(["reveal", card, event["share"]])
        elif kind == "choices":
            history.append(["choices", list(event["leavers"])])
        elif kind == "leave":
            for s in event["seats"]:
                chest[s] += pocket + int(event["path_share"])
                for code in event["relics"]:
                    if variant:
                        first(code, f"{where}.relics")
                        relic_points[s] += int(code[1:])
                    else:
                        relic_points[s] += BASE_RELIC_VALUES[min(rescued, 4)]
                    rescued += 1
            history.append(
                [
                    "leave",
                    list(event["seats"]),
                    event["path_share"],
                    [first(code, f"{where}.relics") for code in event["relics"]],
                ]
            )
        else:
            trap = event["trap"]
            history.append(
                [
                    "round-end",
                    event["round"],
                    event["reason"],
                    list(event["busted"]),
                    [first(code, f"{where}.lost_relics") for code in event["lost_relics"]],
                    None if trap is None else first(trap, f"{where}.trap"),
                ]
            )
    return chest, relic_points, revealed, history
