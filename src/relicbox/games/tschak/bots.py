"""A rule-based Tschak! bot that weighs each floor's stakes against the cards it spends.

For every way to complete its party from its hand, it estimates its strength
(chameleons copy the best wizard the others have shown so far), the others'
strengths (shown cards plus an average for the face-down ones), and from
those the chances of being the strongest (treasure) and the weakest
(monster). A completion scores the expected treasure value minus the expected
monster cost, minus what the spent cards would be worth later: on floors 1-2 a
share of their strength (saved for richer floors), on floor 3 the loot that
the remaining 10th card can still win. It then plays one card of the best
completion: its strongest when it goes for the treasure, its weakest otherwise.

Each seat has its own temperament, so copies of the bot at one table do not play in
lock step: how much it saves cards for later floors, how much it trusts a lead in
strength, what it guesses a face-down card is worth, and which of two equally good
completions it plays. It is drawn from the seat and the game's first tower, both fixed
for the whole game, so any caller (a match, a tournament, the server) gets the same
temperament at every decision and the same seed plays the same game.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from relicbox.core.actions import Action
from relicbox.core.rng import Rng
from relicbox.games.tschak.data import KIND_BY_CODE, CardKind, Kind, TowerKind, tower_card
from relicbox.games.tschak.rules import Play

UNKNOWN_CARD = 3.0
"""Expected value of a face-down card of an opponent's party."""
SPREAD = 2.0
"""How sharply an advantage in strength turns into a sure win."""
SAVING = 0.3
"""Share of a card's value lost by spending it on floors 1-2."""


TEMPER = 0.2
"""How far a seat's saving, spread and guess stray from the values above (±20%)."""


@dataclass(frozen=True)
class Temperament:
    """How one seat weighs a floor: saving, trust in a lead, guesses and tie-breaks."""

    saving: float = SAVING
    spread: float = SPREAD
    unknown_card: float = UNKNOWN_CARD
    later_on_tie: bool = False
    """Of two completions that score the same, play the one found later."""


NEUTRAL = Temperament()


def temperament(view: dict[str, Any]) -> Temperament:
    """The seat's temperament for this game, from the seat and the game's first tower."""
    first = next((event for event in view["history"] if event["type"] == "tower"), None)
    cards = "" if first is None else ",".join(first["monsters"] + first["treasures"])
    rng = Rng(zlib.crc32(f"tschak:{view['players']}:{view['seat']}:{cards}".encode()))

    def stray(value: float) -> float:
        return value * (1 + TEMPER * (2 * rng.random() - 1))

    return Temperament(
        saving=stray(SAVING),
        spread=stray(SPREAD),
        unknown_card=stray(UNKNOWN_CARD),
        later_on_tie=rng.below(2) == 1,
    )


def card_value(kind: CardKind, copied: int) -> int:
    if kind.kind is Kind.ARTIFACT:
        return 0
    return copied if kind.chameleon else (kind.value or 0)


def strength(
    kinds: Sequence[CardKind], copied: int, unknown: int = 0, guess: float = UNKNOWN_CARD
) -> float:
    """Party strength (spec §1.5), with ``unknown`` face-down members worth ``guess`` each."""
    values = [float(card_value(k, copied)) for k in kinds if k.kind is not Kind.ARTIFACT]
    values += [guess] * unknown
    artifact = any(k.kind is Kind.ARTIFACT for k in kinds)
    if artifact and values:
        return sum(values) + min(values)
    return sum(values)


def treasure_value(code: str, view: dict[str, Any], seat: int) -> float:
    card = tower_card(code)
    if card is None:
        return 0.0
    mine = view["won"][seat]
    if card.kind is TowerKind.CHEST:
        return float(card.value)
    if card.kind is TowerKind.CURSED:
        return -float(card.value)
    if card.kind is TowerKind.RING:
        rings = mine["treasures"].count("Ring")
        return float(2 * rings + 1)
    if card.kind is TowerKind.TROPHY:
        rate = 1 if view["players"] == 2 else 2
        return float(rate * (len(mine["monsters"]) + 1))
    return 3.0  # elixir: roughly the monster it will cancel


def monster_cost(code: str, view: dict[str, Any], seat: int) -> float:
    card = tower_card(code)
    if card is None:
        return 0.0
    mine = view["won"][seat]
    cost = float(card.value)
    if card.kind is TowerKind.TROGLODYTE:
        cost = float(2 * mine["monsters"].count("Trog") + 1)
    if "Trophy" in mine["treasures"]:
        cost -= 1 if view["players"] == 2 else 2
    return cost


class TschakRuleBot:
    """Plays the party completion with the best expected floor result for its cost."""

    name = "rule"

    def __init__(self, moody: bool = True) -> None:
        self.moody = moody

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        if len(legal) == 1:
            return legal[0]
        by_code = {action.args_as(Play).code: action for action in legal}
        plan, greedy = self.best_completion(view)
        playable = [k for k in plan if k.code in by_code]
        if not playable:
            return legal[rng.below(len(legal))]
        playable.sort(key=lambda k: card_value(k, 3), reverse=greedy)
        return by_code[playable[0].code]

    def best_completion(self, view: dict[str, Any]) -> tuple[list[CardKind], bool]:
        """The cards to add to the party, and whether it goes for the treasure."""
        seat = view["seat"]
        floor = view["floor"]
        shown = [KIND_BY_CODE[c] for c in view["revealed"][seat] + view["picks"]]
        hand = [KIND_BY_CODE[c] for c in view["hand"]]
        missing = 3 - len(shown)
        used = {k.kind for k in shown}
        tower = view["floors"][floor - 1]
        gain = treasure_value(tower["treasure"], view, seat)
        loss = monster_cost(tower["monster"], view, seat)
        others = [s for s in range(view["players"]) if s != seat]
        mood = temperament(view) if self.moody else NEUTRAL
        best: tuple[float, list[CardKind], bool] | None = None
        for combo in dict.fromkeys(combinations(hand, missing)):
            types = {k.kind for k in combo}
            if len(types) != missing or types & used:
                continue
            party = shown + list(combo)
            score, greedy = self._evaluate(view, party, combo, hand, others, gain, loss, mood)
            if best is None or score > best[0] or (score == best[0] and mood.later_on_tie):
                best = (score, list(combo), greedy)
        if best is None:
            return [], False
        return best[1], best[2]

    def _evaluate(
        self,
        view: dict[str, Any],
        party: list[CardKind],
        combo: Sequence[CardKind],
        hand: list[CardKind],
        others: list[int],
        gain: float,
        loss: float,
        mood: Temperament = NEUTRAL,
    ) -> tuple[float, bool]:
        seat = view["seat"]
        wizards = {s: _best_wizard(view["revealed"][s]) for s in range(view["players"])}
        mine = strength(party, max([wizards[s] for s in others], default=0))
        my_wizard = max([k.value or 0 for k in party if k.kind is Kind.WIZARD], default=0)
        p_top = p_bottom = 1.0
        for other in others:
            cards = [KIND_BY_CODE[c] for c in view["revealed"][other]]
            copied = max([my_wizard] + [wizards[s] for s in others if s != other])
            theirs = strength(cards, copied, unknown=3 - len(cards), guess=mood.unknown_card)
            p_beat = 1.0 / (1.0 + math.exp((theirs - mine) / mood.spread))
            p_top *= p_beat
            p_bottom *= 1.0 - p_beat
        score = p_top * gain - p_bottom * loss
        spent = sum(card_value(k, 3) for k in combo)
        if view["floor"] < 3:
            score -= mood.saving * spent
        else:
            rest = list(hand)
            for k in combo:
                rest.remove(k)
            score += _loot_hope(rest, view, seat)
        return score, p_top * gain > p_bottom * loss


def _best_wizard(codes: list[str]) -> int:
    return max([KIND_BY_CODE[c].value or 0 for c in codes if c.startswith("W")], default=0)


def _loot_hope(rest: list[CardKind], view: dict[str, Any], seat: int) -> float:
    """Rough gold the 10th card can still win: valueless cards win nothing."""
    if not rest:
        return 0.0
    value = card_value(rest[0], 0)
    if not value:
        return 0.0
    top = float(view["loot"][0])
    return top * min(1.0, value / 6.0)
