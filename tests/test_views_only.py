"""Hidden information leaves the engine only through view(seat): bots and screens get views.

Two kinds of proof, for every game:

* a match hands each bot exactly the view of the seat it plays, at the moment it
  decides, with that seat's legal actions;
* a view depends on no secret of another seat: change a secret in the full state
  (a chest, a pending choice, a hand, a coin total, a blue tile, a face-down tile,
  a deck's order) and every view that may not know it stays byte for byte the same,
  while the owner's view (where there is an owner) changes, which shows the edit
  reached data that views are built from.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import relicbox
from relicbox.core.conformance import canonical, fresh, random_steps
from relicbox.core.errors import StateFormatError
from relicbox.core.game import State
from relicbox.core.rng import Rng
from relicbox.games.relic_runners.data import BLUE, TILES, pool_key
from relicbox.games.tschak.rules import hand_at
from relicbox.play.match import Match, SeatSpec

GAMES = [("diamant", 4), ("diamant", 3), ("tschak", 4), ("tschak", 3), ("tschak", 2)]
GAMES += [("relic-runners", 3), ("relic-runners", 2)]


class SeatSpy:
    """A random bot that checks, at every decision, what the match handed it."""

    name = "spy"

    def __init__(self, match: Match, seat: int, calls: list[int]) -> None:
        self.match, self.seat, self.calls = match, seat, calls

    def choose(self, view, legal, rng):
        state = self.match.state
        assert self.seat in state.to_act, f"seat {self.seat}'s bot asked out of turn"
        assert canonical(view) == canonical(state.view(self.seat))
        assert view["seat"] == self.seat
        assert list(legal) == list(state.legal_actions(self.seat))
        self.calls.append(self.seat)
        return legal[rng.below(len(legal))]


@pytest.mark.parametrize(("name", "players"), GAMES, ids=lambda x: str(x))
def test_each_bot_receives_exactly_its_own_seats_view(name, players):
    options = fresh(relicbox.get_game(name), players, 0).options
    state = relicbox.new_game(name, players, seed=6, **options)
    match = Match(state, [SeatSpec("random")] * players, seed=6)
    calls: list[int] = []
    match.bots = {seat: SeatSpy(match, seat, calls) for seat in range(players)}
    match.play()
    decisions = [e for e in state.record["events"] if e.get("seat") is not None]
    assert [e["seat"] for e in decisions] == calls
    assert set(calls) == set(range(players))


# --- Secrets, game by game -------------------------------------------------------------
# Each edit takes (the state, its full JSON, the seat whose secret it changes) and returns the
# edited JSON, or None when that secret does not exist at this moment.

Edit = Callable[[State, dict[str, Any], int], "dict[str, Any] | None"]


def diamant_chest(state, data, t):
    data["body"]["chest"][t] += 1
    return data


def diamant_pending_choice(state, data, t):
    pending = data["body"]["pending"]
    if pending[t] is None:
        return None
    pending[t] = "continue" if pending[t] == "leave" else "leave"
    return data


def deck_order(*keys: str) -> Edit:
    def edit(state, data, t):
        for key in keys:
            deck = data["body"][key]
            if len(set(map(str, deck))) < 2:
                return None
            deck.reverse()
        return data

    edit.__name__ = f"order of {' and '.join(keys)}"
    return edit


def tschak_hand(state, data, t):
    """A card of seat t's hand exchanged with one of the same type in the next seat's hand.

    Both cards are still in hand (neither picked nor shown), so the exchange is a
    deal that could have happened.
    """
    body = data["body"]
    u = (t + 1) % state.players
    if u == t or body["deal_slot"] < 12:
        return None
    ht, hu = (hand_at(state._pos[s], state._tower) for s in (t, u))
    for a in body["hand"][t]:
        b = next((b for b in body["hand"][u] if b[0] == a[0] and b != a), None)
        if b is not None:
            for seat, hand, give, take in ((t, ht, a, b), (u, hu, b, a)):
                for cards in (body["hand"][seat], body["hands"][hand]):
                    cards[cards.index(give)] = take
            return data
    return None


def rr_coins(state, data, t):
    data["body"]["coins"][t] += 1
    return data


def rr_blue_tile(state, data, t):
    """Seat t's first blue tile exchanged for an undrawn one of the same level."""
    body = data["body"]
    for index, tile in enumerate(body["blue"][t]):
        if tile in body["shown"]:
            continue
        pool = body["pools"][pool_key(BLUE, TILES[tile].level)]
        other = next((x for x in pool if TILES[x].code != TILES[tile].code), None)
        if other is not None:
            pool[pool.index(other)] = tile
            body["blue"][t][index] = other
            return data
    return None


def rr_seen_tile(state, data, t):
    """A face-down tile seat t has looked at, exchanged for an undrawn one of its pool.

    Face-down tiles nobody has looked at are not drawn yet: the state keeps them as
    unordered pools, from which each reveal draws.
    """
    body = data["body"]
    for node, fixed in enumerate(body["fixed"]):
        for level, (tile, knower) in fixed.items():
            if not knower >> t & 1 or knower == (1 << state.players) - 1:
                continue
            pool = body["pools"][pool_key(body["colour"][node], int(level))]
            other = next((x for x in pool if TILES[x].code != TILES[tile].code), None)
            if other is not None:
                pool[pool.index(other)] = tile
                fixed[level] = [other, knower]
                return data
    return None


# (edit, whether the seat it names sees the secret; a deck's order has no owner)
SECRETS: dict[str, list[tuple[Edit, bool]]] = {
    "diamant": [
        (diamant_chest, True),
        (diamant_pending_choice, True),
        (deck_order("deck"), False),
    ],
    "tschak": [
        (tschak_hand, True),
        (deck_order("monster_deck", "treasure_deck"), False),
    ],
    "relic-runners": [
        (rr_coins, True),
        (rr_blue_tile, True),
        (rr_seen_tile, True),
    ],
}


def test_every_registered_game_has_its_secrets_listed_here():
    assert set(SECRETS) == {game.name for game in relicbox.games()}
    assert {name for name, _ in GAMES} == set(SECRETS)


def may_know(state: State, looker: int | None, t: int, edit: Edit) -> bool:
    """Whether ``looker`` is entitled to the secret ``edit`` changes for seat ``t``."""
    if edit is tschak_hand:
        # A hand is known to every seat that held it, and to everyone once a tower it
        # was played in is finished (all its cards were shown).
        u = (t + 1) % state.players
        tower, positions = state._tower, state._pos  # type: ignore[attr-defined]
        if looker is None:
            known = {hand_at(p, done) for p in positions for done in range(1, tower)}
        else:
            known = set(state.known_hand_ids(looker))  # type: ignore[attr-defined]
        current = {hand_at(positions[s], tower) for s in (t, u)}
        return looker in (t, u) or bool(known & current)
    if looker is None:
        return False
    if edit is rr_seen_tile:
        return any(
            knower >> t & 1 and knower >> looker & 1
            for fixed in state._fixed  # type: ignore[attr-defined]
            for _, knower in fixed.values()
        )
    if edit is rr_blue_tile:
        return looker == t or any(k >> looker & 1 for k in state._blue_seen[t])  # type: ignore[attr-defined]
    return looker == t


def moments(name: str, players: int, seed: int, every: int) -> Iterator[State]:
    """States along one seeded random game, every ``every`` decisions, the game not over."""
    state = fresh(relicbox.get_game(name), players, seed)
    for step, _ in enumerate(random_steps(state, Rng(seed))):
        if step % every == 0 and not state.is_over:
            yield state


@pytest.mark.parametrize("name", sorted(SECRETS))
def test_no_view_depends_on_a_secret_it_may_not_know(name):
    applied = {edit.__name__: 0 for edit, _ in SECRETS[name]}
    for players, seed in ((n, seed) for game, n in GAMES if game == name for seed in (1, 2)):
        for state in moments(name, players, seed, every=6):
            original = state.to_dict()
            for edit, owned in SECRETS[name]:
                for t in range(players):
                    edited = edit(state, json.loads(json.dumps(original)), t)
                    if edited is None:
                        continue
                    try:
                        other = relicbox.state_from_dict(edited)
                    except StateFormatError:
                        continue  # an edit the state's own checks refuse proves nothing
                    assert canonical(other.to_dict()) != canonical(original)
                    applied[edit.__name__] += 1
                    for looker in [None, *range(players)]:
                        same = canonical(other.view(looker)) == canonical(state.view(looker))
                        if not may_know(state, looker, t, edit):
                            assert same, f"{edit.__name__} of seat {t} shows to seat {looker}"
                        elif owned and looker == t:
                            assert not same, f"{edit.__name__} of seat {t} is not in its view"
    assert min(applied.values()) >= 3, applied


def test_the_terminal_shows_other_chests_as_hidden():
    from typer.testing import CliRunner

    from relicbox.cli.main import app

    answers = "2\n" * 50
    args = ["play", "diamant", "-s", "human,rule,rule", "--seed", "2"]
    result = CliRunner().invoke(app, args, input=answers)
    chests = re.findall(r"Player 2 .*?Chest: +(\S+)", result.output)
    assert len(chests) > 3 and set(chests[:-1]) == {"hidden"}
    # At the end every chest is opened and counted.
    assert chests[-1].isdigit() and "Game over" in result.output
