"""Tschak!'s fast paths give exactly what the readable rule path gives.

``act_joint`` with actions commits a whole reveal without the general method's trial
clone, ``_settle`` runs the chance loop with the phase test inlined, and legal actions,
the next ``to_act`` and party keys are read from memo tables. Each is compared here, at
every step of seeded games of every player count and option, with the readable way to
the same answer: one ``act`` per card, each chance event drawn by ``sample_chance``, and
the rules' own ``party_key`` for the floor's keys.
"""

from __future__ import annotations

import random
from types import MappingProxyType

import pytest

import relicbox
from relicbox.core.conformance import canonical
from relicbox.games.tschak.data import KINDS, Kind
from relicbox.games.tschak.rules import (
    ACTIONS,
    TschakState,
    _hierarchy_rank,
    party_key,
)

OPTIONS = [
    {"chameleon_rank": "lowest-wizard", "elixir": "mandatory"},
    {"chameleon_rank": "no-wizard", "elixir": "optional"},
]
FAST_FORMS = ("act", "act_joint", "general act_joint")


def _readable_settle(state: relicbox.State) -> None:
    while state.is_chance:
        state.sample_chance()


def _position(state: relicbox.State) -> str:
    """Everything a state is, but whether it settles chance by itself."""
    data = state.to_dict()
    del data["auto_chance"]
    return canonical(data)


def _views(state: relicbox.State) -> str:
    return canonical([state.view(seat) for seat in [None, *range(state.players)]])


def _readable_legal(state: TschakState, seat: int) -> list[str]:
    """The hand's distinct cards whose background the seat's party on this floor lacks."""
    party = state._revealed[seat] + state._picks[seat]
    taken = {KINDS[k].kind for k in party}
    kinds = dict.fromkeys(k for k in state.hand_kinds(seat) if KINDS[k].kind not in taken)
    return [ACTIONS[k].text for k in kinds]


def _readable_party_keys(state: TschakState) -> list[tuple[int, int, int, int]]:
    """Spec §1.5 and §4.3 from ``party_key``: a chameleon copies the best printed wizard of
    the other parties."""
    rank = _hierarchy_rank(0 if state.settings.chameleon_rank == "no-wizard" else 1)
    parties = [state._revealed[s] + state._picks[s] for s in range(state.players)]
    wizards = [
        max(
            [KINDS[k].value or 0 for k in party if KINDS[k].kind is Kind.WIZARD],
            default=0,
        )
        for party in parties
    ]
    keys = []
    for seat, party in enumerate(parties):
        copied = max([w for other, w in enumerate(wizards) if other != seat], default=0)
        keys.append(party_key(party, copied, rank))
    return keys


def _step_choices(readable: TschakState, rng: random.Random) -> dict[int, list[str]]:
    """Every seat's cards for this reveal, played one by one on ``readable`` (the readable
    path), checking the memo tables' answers against the readable rules on the way."""
    choices: dict[int, list[str]] = {}
    for seat in readable.to_act:
        cards: list[str] = []
        while seat in readable.to_act:
            legal = [action.text for action in readable.legal_actions(seat)]
            assert legal == _readable_legal(readable, seat)
            card = rng.choice(legal)
            readable.act(seat, card)
            cards.append(card)
            if seat in readable.to_act:
                assert readable.party_keys() == _readable_party_keys(readable)
        choices[seat] = cards
    return choices


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_fast_path_plays_the_readable_path_step_by_step(options, players):
    """The readable path (one ``act`` per card, no automatic chance, each event drawn by
    ``sample_chance``) against per-card ``act`` with the inlined chance loop, ``act_joint``
    with actions (its fast path) and through a mapping that is no dict (the general
    method): the same position, generator state and record after every reveal, the same
    views and scores at the end."""
    reveals = 0
    game = relicbox.get_game("tschak")
    space = game.action_space
    for seed in range(6):
        rng = random.Random(seed * 10 + players)
        readable = relicbox.new_game("tschak", players, seed, auto_chance=False, **options)
        _readable_settle(readable)
        fast = {form: relicbox.new_game("tschak", players, seed, **options) for form in FAST_FORMS}
        while not readable.is_over:
            before_keys = readable.party_keys()
            assert before_keys == _readable_party_keys(readable)
            choices = _step_choices(readable, rng)
            _readable_settle(readable)
            for seat, cards in choices.items():
                for card in cards:
                    fast["act"].act(seat, card)
            joint = {
                seat: space.parse(cards[0]) if len(cards) == 1 else [space.parse(c) for c in cards]
                for seat, cards in choices.items()
            }
            fast["act_joint"].act_joint(joint)
            fast["general act_joint"].act_joint(MappingProxyType(joint))
            expected = _position(readable)
            for form, state in fast.items():
                assert _position(state) == expected, (form, seed, reveals)
            reveals += 1
        for state in fast.values():
            assert state.is_over
            assert state.record == readable.record
            assert state.scores() == readable.scores()
            assert state.winners() == readable.winners()
            assert _views(state) == _views(readable)
    assert reveals == 6 * 4 * 6  # six reveals in each of four towers


def test_hands_split_by_background_are_the_hands_sorted():
    """``split_hand``'s memo returns fresh lists of the readable split, however it is asked."""
    from relicbox.games.tschak.rules import split_hand

    rng = random.Random(3)
    kinds = list(range(len(KINDS)))
    for _ in range(300):
        hand = rng.sample(kinds, rng.randint(0, 10))
        split = split_hand(hand)
        assert [k for group in split for k in group] == sorted(hand)
        for background, group in zip(Kind, split, strict=True):
            assert all(KINDS[k].kind is background for k in group)
        split[0] = (99,)  # editing one answer reaches no later one
        assert split_hand(hand) != split
