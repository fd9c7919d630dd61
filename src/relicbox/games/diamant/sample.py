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
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from relicbox.core.errors import StateFormatError
from relicbox.core.game import State, sampled_state_header
from relicbox.core.rng import Rng
from relicbox.games.diamant.data import BASE_RELIC_VALUES, CARDS, variant_code
from relicbox.games.diamant.rules import DiamantState


def sample_state(view: Mapping[str, Any], rng: Rng) -> State:
    """A state consistent with ``view`` (a seat's or a spectator's); see the module doc."""
    if view.get("game") != "diamant":
        raise StateFormatError(f"not a Diamant view: game={view.get('game')!r}")
    variant = view["variant"] == "relics"
    players: int = view["players"]
    seat: int | None = view["seat"]
    free: dict[str, list[int]] = {}
    for card in CARDS:
        code = variant_code(card) if variant else card.code
        free.setdefault(code, []).append(card.id)
    first = {code: ids[0] for code, ids in free.items()}

    def take(code: str) -> int:
        ids = free.get(code)
        if not ids:
            raise StateFormatError(f"the view shows more {code!r} cards than the game has")
        return ids.pop(0)

    path = [take(entry["card"]) for entry in view["path"]]
    on_card = [int(entry["gems"]) for entry in view["path"]]
    removed = [take(code) for code in view["removed"]]
    relic_pile = [take(code) for code in view["relic_pile"]]
    relics = [[take(code) for code in codes] for codes in view["relics"]]
    deck = sorted(card for ids in free.values() for card in ids)
    if len(deck) != view["deck_size"]:
        raise StateFormatError(
            f"the view's deck size {view['deck_size']} does not match the {len(deck)} unseen cards"
        )

    chest, relic_points, revealed, history = _replay_history(view, first, players, variant)
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
    view: Mapping[str, Any], first: Mapping[str, int], players: int, variant: bool
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
    for event in view["history"]:
        kind = event["type"]
        if kind == "round":
            pocket = 0
            history.append(["round", event["round"]])
        elif kind == "reveal":
            card = first[event["card"]]
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
                        relic_points[s] += int(code[1:])
                    else:
                        relic_points[s] += BASE_RELIC_VALUES[min(rescued, 4)]
                    rescued += 1
            history.append(
                [
                    "leave",
                    list(event["seats"]),
                    event["path_share"],
                    [first[code] for code in event["relics"]],
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
                    [first[code] for code in event["lost_relics"]],
                    None if trap is None else first[trap],
                ]
            )
    return chest, relic_points, revealed, history
