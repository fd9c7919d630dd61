"""Tschak!'s rules (documented in ``docs/rules/tschak.md``) on the core contract.

Structure of a game: 4 towers, each of 3 floors and a loot. Every floor is
played in the rulebook's reveal rhythm (floor 1: 1+1+1, floor 2: 1+2, floor 3:
3), which gives six simultaneous *steps* per tower. In a step, every player
must commit ``need`` cards (1, 2 or 3); the commits stay hidden until the last
one arrives, then all are revealed at once.

Action space: one action per card *kind*, ``"play W4*"`` (34 actions, see
:data:`relicbox.games.tschak.data.KINDS`). A 2- or 3-card pick is a sequence of
single-card commits by the same seat before the reveal; since nothing is shown
in between, this is the same decision as picking the cards together. Why:

* legal actions are the seat's hand minus the backgrounds already in its party,
  so enumerating them is a few tuple lookups (no combinations), which keeps
  random playouts fast (``benchmarks/bench_tschak.py``);
* RL gets a small, fixed mask (34) instead of thousands of card combinations;
* an invalid party simply cannot be committed, and the error names the clash
  (``your party already has a wizard (W2)``).

A valid party can always be completed: before floor ``k`` each hand still
holds at least ``4 - k`` cards of every character type, and a party uses each
type at most once (spec §1.4), so blocking clashing picks never dead-ends.

Chance is explicit, in small events that tests can rig with ``apply_chance``:
each tower's 3 monsters (floors 1-3, e.g. ``"M3 Trog M1"``), then its 3
treasures, are drawn uniformly from a deck that still holds the 2 cards removed
unseen (never drawing them is exactly putting 2 random cards back in the box);
the deal is 12 events of 3 cards of one background to one position (wizards to
positions 0-3, then warriors, then dwarves, e.g. ``"W2 W4* W?"``), after which
every position takes an artifact. ``state_from_dict`` sets hands and towers
directly.

Positions: hands rotate among 4 positions in passing order. With 4 players
those are the seats; with 3 an on-the-road board is position 3; with 2 the
cycle is seat 0, board A, seat 1, board B. Hand ``h`` is dealt to position
``h``; in tower ``t`` (from 1) position ``p`` holds hand ``(p - t + 1) % 4``.

Ties left after the whole hierarchy (spec §4.4; possible only between cards of
the same text form) are broken by seat order: the lower seat number ranks
higher, for the floor cards and for the loot alike.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import combinations, permutations
from typing import Any, Literal, NamedTuple, TypeVar

from relicbox.core.actions import Action, ActionSpace
from relicbox.core.errors import Reason
from relicbox.core.fields import Copy, Field, Fields
from relicbox.core.game import JointChoice, Option, State
from relicbox.core.history import FrozenDict
from relicbox.core.rng import Rng, as_rng
from relicbox.games.tschak.data import (
    FLOORS,
    KIND_BY_CODE,
    KINDS,
    POSITIONS,
    PROPOSED,
    TOWER_CARDS,
    TOWERS,
    CardTable,
    Kind,
    TowerCard,
    TowerKind,
    parse_card_table,
)


class Play(NamedTuple):
    """The arguments of ``play W4*``: the card's code."""

    code: str


ACTIONS: tuple[Action, ...] = tuple(Action(f"play {k.code}", k.index, Play(k.code)) for k in KINDS)


ACTION_SPACE = ActionSpace(
    ACTIONS,
    game="tschak",
    aliases={k.code: ACTIONS[k.index] for k in KINDS},
)
_ACTION_IDS = ACTION_SPACE.ids
SHARE, LIST, NESTED = Copy.SHARE, Copy.LIST, Copy.NESTED
_T = TypeVar("_T")
_NONE: tuple[Action, ...] = ()

# Per-kind lookups on the hot path: plain tuples indexed by kind index.
_TYPE = tuple(k.kind.value for k in KINDS)
_BIT = tuple(1 << k.kind.value for k in KINDS)
_PARTY_BIT = tuple((1 << (k.index + 4)) | (1 << k.kind.value) for k in KINDS)
"""A seat's party as one int: bits 0-3 its backgrounds, bit 4 + kind each of its cards."""
_CODE = tuple(k.code for k in KINDS)
_VALUE = tuple(k.value or 0 for k in KINDS)
_WIZARD_VALUE = tuple(k.value or 0 if k.kind is Kind.WIZARD else 0 for k in KINDS)
_CHAMELEON = tuple(k.chameleon for k in KINDS)
_ARTIFACT = KIND_BY_CODE["A"].index
_LOOT_TYPE_RANK = (3, 2, 1, 0)
"""At equal value on the 10th card, a wizard beats a warrior beats a dwarf."""
_LOOT_KEY = tuple(
    (k.value, _LOOT_TYPE_RANK[k.kind.value], k.icon) if k.value else () for k in KINDS
)
"""The 10th card's loot key, higher = better; empty for chameleons and artifacts."""


Hand = list[tuple[int, ...]]
"""A hand on the hot path: one sorted tuple of kinds per background (wizard..artifact)."""


HandActions = list[tuple[Action, ...]]
"""A hand's distinct play actions, one tuple per background (kept beside the hand)."""


def party_key(
    party: Sequence[int], copied: int, rank: tuple[int, ...]
) -> tuple[int, int, int, int]:
    """Strength (spec §1.5) and the tie-break ranks (spec §4.3) of one party, higher = stronger.

    ``copied`` is the value a chameleon in the party takes.
    """
    values = []
    ranks = [0, 0, 0]
    artifact = False
    for k in party:
        kind = _TYPE[k]
        if kind == 3:
            artifact = True
            continue
        values.append(copied if _CHAMELEON[k] else _VALUE[k])
        ranks[kind] = rank[k]
    strength = sum(values)
    if artifact and values:
        # The artifact doubles the weakest member (a chameleon too, after copying).
        strength += min(values)
    return (strength, ranks[0], ranks[1], ranks[2])


def _hierarchy_rank(chameleon: int) -> tuple[int, ...]:
    """Spec §4.3: valued wizard 2 + 2v + wand, chameleon ``chameleon``, others 1 + 2v + icon."""
    ranks = []
    for k in KINDS:
        if k.kind is Kind.ARTIFACT:
            ranks.append(0)
        elif k.chameleon:
            ranks.append(chameleon)
        elif k.kind is Kind.WIZARD:
            ranks.append(2 + 2 * (k.value or 0) + k.icon)
        else:
            ranks.append(1 + 2 * (k.value or 0) + k.icon)
    return tuple(ranks)


_RANK_LOWEST_WIZARD = _hierarchy_rank(1)
_RANK_NO_WIZARD = _hierarchy_rank(0)

STEPS = ((1, 1), (1, 1), (1, 1), (2, 1), (2, 2), (3, 3))
"""(floor, cards to commit) for the six reveal steps of a tower."""
_NEED = tuple(need for _, need in STEPS)
_FLOOR = tuple(floor for floor, _ in STEPS)
_FLOOR_ENDS = frozenset((2, 4, 5))
_TYPE_NAMES = ("wizard", "warrior", "dwarf", "artifact")
DEAL_DRAWS = 12
"""Deal events: 3 cards of one background to one position, 3 backgrounds x 4 positions."""


class Phase(Enum):
    SETUP = "setup"
    """Chance: tower cards are drawn (and, before the first tower, hands dealt)."""
    PLAY = "play"
    OVER = "over"


_PLAY = Phase.PLAY
_SETUP = Phase.SETUP


def seat_positions(players: int) -> tuple[int, ...]:
    """Each seat's position in passing order (spec §1.2 seating)."""
    return (0, 2) if players == 2 else tuple(range(players))


def holders(players: int) -> tuple[int | None, ...]:
    """Who holds each position: a seat, or ``None`` for an on-the-road board."""
    by_position: list[int | None] = [None] * POSITIONS
    for seat, position in enumerate(seat_positions(players)):
        by_position[position] = seat
    return tuple(by_position)


_SEATING = {n: (seat_positions(n), holders(n), tuple(range(n))) for n in (2, 3, 4)}
"""Positions, holders and seats by player count, worked out once."""


def hand_at(position: int, tower: int) -> int:
    """The hand id a position holds in ``tower`` (1-4): hands move one position left a tower."""
    return (position - tower + 1) % POSITIONS


def codes(kinds: Sequence[int]) -> list[str]:
    """Card codes of kind indexes."""
    return [_CODE[k] for k in kinds]


def event_json(event: Mapping[str, Any]) -> dict[str, Any]:
    """A history event as fresh JSON: lists, and card codes where the state keeps kinds.

    Views and the JSON body both show events this way. The state stores floor parties
    and loot cards as kind indexes (cheaper on the hot path); everything else is
    already in its public form.
    """
    out: dict[str, Any] = {}
    for key, value in event.items():
        if key == "parties":
            out[key] = [codes(party) for party in value]
        elif key == "cards":
            out[key] = codes(value)
        elif isinstance(value, tuple):
            out[key] = list(value)
        else:
            out[key] = value
    return out


NO_VIEW: tuple[Any, ...] = (None, None, None, None, None)
"""The empty view cache (see ``views.build_view``)."""

FIELDS = Fields(
    Field("_phase", SHARE, "phase", doc="a Phase; written as its value"),
    Field("_tower", SHARE, "tower", plain=True, doc="the tower, 1-4"),
    Field("_step", SHARE, "step", plain=True, doc="the reveal step in the tower, 0-5 (STEPS)"),
    Field("_deal_slot", SHARE, "deal_slot", plain=True, doc="deal events done, 0-12"),
    Field("_hands", NESTED, "hands", doc="the four hands by hand id, sorted kinds"),
    Field("_pool", NESTED, "undealt", doc="undealt kinds per background during the deal"),
    Field("_tower_m", LIST, "tower_monsters", plain=True, doc="this tower's monsters, floors 1-3"),
    Field("_tower_t", LIST, "tower_treasures", plain=True, doc="this tower's treasures"),
    Field("_picks", NESTED, "picks", doc="each seat's committed, unrevealed kinds"),
    Field("_revealed", NESTED, "revealed", doc="each seat's kinds revealed on this floor"),
    Field("_played", NESTED, "played", doc="each seat's kinds played on earlier floors"),
    Field("_hand", NESTED, "hand", doc="each seat's hand: one sorted tuple per background"),
    Field("_gold", LIST, "gold", plain=True, doc="each seat's gold from the loot"),
    Field("_monsters", NESTED, "monsters", plain=True, doc="monster codes each seat won"),
    Field("_treasures", NESTED, "treasures", plain=True, doc="treasure codes each seat won"),
    Field("_history", LIST, "history", doc="public events (read-only dicts), appended to"),
    Field("_mdeck", LIST, "monster_deck", plain=True, doc="monster codes not yet drawn"),
    Field("_tdeck", LIST, "treasure_deck", plain=True, doc="treasure codes not yet drawn"),
    # Derived when a body is loaded: from the options and player count, then the above.
    Field("_table", SHARE, doc="the card table (option cards)"),
    Field("_keys", SHARE, doc="party key table for the chameleon reading (a shared memo)"),
    Field("_pos", SHARE, doc="each seat's position"),
    Field("_holder", SHARE, doc="the seat at each position, None for a board"),
    Field("_all_seats", SHARE, doc="every seat, as a tuple"),
    Field("_need", SHARE, doc="cards each seat commits in this step"),
    Field("_acts", NESTED, doc="each seat's play actions, one tuple per background"),
    Field("_used", LIST, doc="each seat's party bits on this floor (revealed and picked)"),
    Field("_to_act", SHARE, doc="seats still to commit in this step, a tuple"),
    Field("_view_events", SHARE, doc="the history as the views' read-only JSON", cache=True),
    Field("_view_cache", SHARE, doc="the views' public part at one point", cache=True),
)
"""Every field of :class:`TschakState`: its slots, its clone and its JSON body."""


@dataclass(frozen=True, slots=True)
class TschakSettings:
    """Tschak!'s options, typed (see ``GAME.options`` for what each one means)."""

    cards: Mapping[str, Any] | None = None
    """A parsed card table, or ``None`` for the proposed values."""
    chameleon_rank: Literal["lowest-wizard", "no-wizard"] = "lowest-wizard"
    elixir: Literal["mandatory", "optional"] = "mandatory"


class TschakState(State):
    """One moment of a game of Tschak!. Build it with ``relicbox.new_game("tschak", ...)``."""

    fields = FIELDS
    __slots__ = FIELDS.slots
    settings: TschakSettings

    # -- set-up ---------------------------------------------------------------

    def _setup(self) -> None:
        self._configure()
        n = self.players
        self._tower = 1
        self._step = 0
        self._need = 1
        self._phase = Phase.SETUP
        self._mdeck = list(self._table.monsters)
        self._tdeck = list(self._table.treasures)
        self._tower_m: list[str] = []
        self._tower_t: list[str] = []
        self._pool = [self._table.group(kind) for kind in (Kind.WIZARD, Kind.WARRIOR, Kind.DWARF)]
        self._deal_slot = 0
        self._hands: list[list[int]] = [[] for _ in range(POSITIONS)]
        self._hand: list[Hand] = [[(), (), (), ()] for _ in range(n)]
        self._acts: list[HandActions] = [[(), (), (), ()] for _ in range(n)]
        self._picks: list[list[int]] = [[] for _ in range(n)]
        self._revealed: list[list[int]] = [[] for _ in range(n)]
        self._played: list[list[int]] = [[] for _ in range(n)]
        self._used = [0] * n
        self._to_act: tuple[int, ...] = ()
        self._gold = [0] * n
        self._monsters: list[list[str]] = [[] for _ in range(n)]
        self._treasures: list[list[str]] = [[] for _ in range(n)]
        self._history: list[FrozenDict] = []
        self._view_events: tuple[Any, ...] = ()
        self._view_cache: tuple[Any, ...] = NO_VIEW

    def _configure(self) -> None:
        """Set the fields that follow from the player count and options alone."""
        cards = self.settings.cards
        self._table = PROPOSED if cards is None else parse_card_table(dict(cards))
        no_wizard = self.settings.chameleon_rank == "no-wizard"
        self._keys = _KEYS_NO_WIZARD if no_wizard else _KEYS_LOWEST_WIZARD
        self._pos, self._holder, self._all_seats = _SEATING[self.players]

    # -- whose turn ---------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        return self._to_act

    @property
    def is_over(self) -> bool:
        return self._phase is Phase.OVER

    @property
    def is_chance(self) -> bool:
        return self._phase is _SETUP

    @property
    def tower(self) -> int:
        return self._tower

    @property
    def floor(self) -> int:
        return _FLOOR[self._step]

    @property
    def table(self) -> CardTable:
        return self._table

    def hand(self, seat: int) -> list[str]:
        """The codes of the cards in ``seat``'s hand (not yet committed), in kind order."""
        return [_CODE[k] for k in self.hand_kinds(seat)]

    def hand_kinds(self, seat: int) -> list[int]:
        """The kinds in ``seat``'s hand (not yet committed), sorted."""
        return [k for group in self._hand[seat] for k in group]

    def _set_hand(self, seat: int, kinds: Sequence[int]) -> None:
        hand = self._hand[seat] = split_hand(kinds)
        self._acts[seat] = [_ACTIONS_OF[group] for group in hand]

    # -- decisions -------------------------------------------------------------------

    def legal_actions(self, seat: int) -> Sequence[Action]:
        if type(seat) is not int or seat not in self._to_act:
            self._require_seat(seat, "legal_actions")
            return _NONE
        # The hand's distinct kinds whose background the party lacks, in kind order, read
        # from the memo tables at the end of the module.
        return _LEGAL[self._used[seat] & 15](self._acts[seat])

    def _why_illegal(self, seat: int, action: Action) -> Reason | None:
        not_a_seat = self._not_a_seat(seat)
        if not_a_seat is not None:
            return not_a_seat
        if self._phase is Phase.OVER:
            return Reason.of("error-game-over")
        if self._phase is not _PLAY:
            return Reason.of("tschak-error-setup")
        if seat not in self._to_act:
            return Reason.of("tschak-error-chosen", need=self._need)
        k = action.index
        if k not in self._hand[seat][_TYPE[k]]:
            return Reason.of("tschak-error-not-in-hand", card=_CODE[k])
        if self._used[seat] & _BIT[k]:
            clash = next(
                c for c in self._revealed[seat] + self._picks[seat] if _TYPE[c] == _TYPE[k]
            )
            return Reason.of("tschak-error-clash", kind=_TYPE_NAMES[_TYPE[k]], card=_CODE[clash])
        return None

    def _is_legal(self, seat: int, action: Action) -> bool:
        # to_act is empty unless cards are being chosen, so it also checks the phase.
        if type(seat) is not int or seat not in self._to_act:
            return False
        k = action.index
        return k in self._hand[seat][_TYPE[k]] and not self._used[seat] & _BIT[k]

    def _apply(self, seat: int, action: Action) -> None:
        k = action.index
        t = _TYPE[k]
        hand = self._hand[seat]
        group = hand[t]
        i = group.index(k)
        hand[t] = group = group[:i] + group[i + 1 :]
        self._acts[seat][t] = _ACTIONS_OF[group]
        self._used[seat] |= _PARTY_BIT[k]
        picks = self._picks[seat]
        picks.append(k)
        if len(picks) == self._need:
            self._to_act = _WITHOUT[(self._to_act, seat)]
            if not self._to_act:
                self._reveal()

    def _reveal(self) -> None:
        revealed, picks = self._revealed, self._picks
        together = self._need > 1
        for seat in self._all_seats:
            if together:
                # Cards turned up at once show no commit order: kind order stands in.
                picks[seat].sort()
            revealed[seat] += picks[seat]
            picks[seat] = []
        step = self._step
        if step in _FLOOR_ENDS:
            self._resolve_floor(_FLOOR[step])
        else:
            self._next_step(step + 1)

    def _next_step(self, step: int) -> None:
        self._step = step
        self._need = _NEED[step]
        self._to_act = self._all_seats

    # -- floors and loot -------------------------------------------------------------

    def party_keys(self) -> list[tuple[int, int, int, int]]:
        """Each seat's (strength, wizard rank, warrior rank, dwarf rank) on the revealed floor."""
        parties = self._used
        best = _BEST_WIZARD
        best_wizard = [best[party] for party in parties]
        # A chameleon copies the best valued wizard among the *other* parties:
        # the top value, or the runner-up for the party that holds the top one.
        second, first = sorted(best_wizard)[-2:]
        keys = self._keys
        return [
            keys[party << 3 | (second if wizard == first else first)]
            for party, wizard in zip(parties, best_wizard, strict=True)
        ]

    def _resolve_floor(self, floor: int) -> None:
        keys = self.party_keys()
        # Lower seats win exact ties (spec §4.4 house rule), so -seat is the last key.
        ranked = [(key, -seat) for seat, key in enumerate(keys)]
        strongest, weakest = -max(ranked)[1], -min(ranked)[1]
        monster, treasure = self._tower_m[floor - 1], self._tower_t[floor - 1]
        self._monsters[weakest].append(monster)
        self._treasures[strongest].append(treasure)
        self._history.append(
            FrozenDict(
                {
                    "type": "floor",
                    "tower": self._tower,
                    "floor": floor,
                    "parties": tuple([tuple(party) for party in self._revealed]),
                    "strengths": tuple([key[0] for key in keys]),
                    "monster": monster,
                    "monster_to": weakest,
                    "treasure": treasure,
                    "treasure_to": strongest,
                }
            )
        )
        played, revealed = self._played, self._revealed
        for seat in self._all_seats:
            played[seat] += revealed[seat]
            revealed[seat] = []
        self._used = [0] * self.players
        if floor < 3:
            self._next_step(self._step + 1)
        else:
            self._loot()

    def last_cards(self) -> list[int]:
        """Each seat's 10th card (its hand after floor 3), as a kind."""
        return [(h[0] or h[1] or h[2] or h[3])[0] for h in self._hand]

    def loot_ranking(self) -> list[int]:
        """Seats whose last card has a value, best first (spec §1.4 loot, §4.6)."""
        valued = [(_LOOT_KEY[k], -seat) for seat, k in enumerate(self.last_cards()) if _LOOT_KEY[k]]
        valued.sort(reverse=True)
        return [-seat for _, seat in valued]

    def loot_piles(self) -> tuple[int, ...]:
        return (2,) if self.players == 2 else (3, 2, 1)

    def _loot(self) -> None:
        gains = [0] * self.players
        piles = (2,) if self.players == 2 else (3, 2, 1)
        for seat, pile in zip(self.loot_ranking(), piles, strict=False):
            gains[seat] = pile
            self._gold[seat] += pile
        self._history.append(
            FrozenDict(
                {
                    "type": "loot",
                    "tower": self._tower,
                    "cards": tuple(self.last_cards()),
                    "gold": tuple(gains),
                }
            )
        )
        self._end_tower()

    def _end_tower(self) -> None:
        self._to_act = ()
        if self._tower == TOWERS:
            self._phase = Phase.OVER
            return
        # Everyone passes the whole hand to the left; boards count as neighbours.
        self._tower += 1
        for seat, position in enumerate(self._pos):
            self._set_hand(seat, self._hands[hand_at(position, self._tower)])
            self._played[seat] = []
        self._tower_m = []
        self._tower_t = []
        self._step = 0
        self._need = 1
        self._phase = _SETUP

    # -- chance -------------------------------------------------------------------------

    def _drawing_tower(self) -> bool:
        return not self._tower_t

    def chance_outcomes(self) -> list[tuple[str, float]]:
        if self._phase is not _SETUP:
            return []
        counts: dict[str, int] = {}
        if self._drawing_tower():
            deck = self._mdeck if not self._tower_m else self._tdeck
            for picked in permutations(deck, 3):
                text = " ".join(picked)
                counts[text] = counts.get(text, 0) + 1
        else:
            pool = self._pool[self._deal_slot // POSITIONS]
            for combo in combinations(pool, 3):
                text = " ".join(_CODE[k] for k in sorted(combo))
                counts[text] = counts.get(text, 0) + 1
        total = sum(counts.values())
        return [(text, count / total) for text, count in counts.items()]

    def _sample_chance(self) -> str:
        if not self._tower_t:
            codes = _draw_three(self._tdeck if self._tower_m else self._mdeck, self._rng)
            self._place_tower_cards(codes)
            return " ".join(codes)
        kinds = sorted(_draw_three(self._pool[self._deal_slot // POSITIONS], self._rng))
        self._deal(kinds)
        return _DEAL_TEXT[tuple(kinds)]

    def _apply_chance(self, outcome: str) -> None:
        words = outcome.split()
        if self._drawing_tower():
            deck = self._mdeck if not self._tower_m else self._tdeck
            for code in words:
                deck.remove(code)
            self._place_tower_cards(words)
            return
        kinds = [KIND_BY_CODE[code].index for code in words]
        pool = self._pool[self._deal_slot // POSITIONS]
        for k in kinds:
            pool.remove(k)
        self._deal(kinds)

    def _place_tower_cards(self, codes: list[str]) -> None:
        """Monsters for floors 1-3 first, then treasures; the tower is then public."""
        if not self._tower_m:
            self._tower_m = codes
            return
        self._tower_t = codes
        self._history.append(
            FrozenDict(
                {
                    "type": "tower",
                    "tower": self._tower,
                    "monsters": tuple(self._tower_m),
                    "treasures": tuple(self._tower_t),
                }
            )
        )
        if self._deal_slot == DEAL_DRAWS:
            self._start_play()

    def _deal(self, kinds: list[int]) -> None:
        """Three cards of one background to the next position (wizards, warriors, dwarves)."""
        self._hands[self._deal_slot % POSITIONS] += kinds
        self._deal_slot += 1
        if self._deal_slot == DEAL_DRAWS:
            for hand in self._hands:
                hand.append(_ARTIFACT)
                hand.sort()
            for seat, position in enumerate(self._pos):
                self._set_hand(seat, self._hands[position])
            self._start_play()

    def _start_play(self) -> None:
        self._phase = _PLAY
        self._next_step(0)

    # -- results ------------------------------------------------------------------------

    def score_breakdown(self, seat: int) -> dict[str, Any]:
        """Spec §1.9, item by item, with the elixir's best removal (spec §4.8)."""
        return score_breakdown(
            self._monsters[seat],
            self._treasures[seat],
            self._gold[seat],
            two_players=self.players == 2,
            elixir_mandatory=self.settings.elixir == "mandatory",
        )

    def scores(self) -> list[int]:
        return [self.score_breakdown(s)["total"] for s in range(self.players)]

    def winners(self) -> list[int]:
        """Highest total; then fewer monster cards (after the elixir); then shared."""
        if not self.is_over:
            return []
        rows = [self.score_breakdown(s) for s in range(self.players)]
        best = max((row["total"], -row["monster_cards"]) for row in rows)
        return [s for s, row in enumerate(rows) if (row["total"], -row["monster_cards"]) == best]

    # -- copies ---------------------------------------------------------------------

    def determinize(self, seat: int, rng: object = None) -> TschakState:
        """Everything ``seat`` cannot know, resampled consistently with ``view(seat)``.

        Hidden: the cards of hands it has never held and that were not fully
        revealed in an earlier tower (minus the cards already shown from them),
        which of its hand a player has committed but not revealed, the undealt
        cards during the deal, and the order of the monster and treasure decks
        (the decks are drawn at random, so a fresh generator resamples them).
        """
        self._require_seat(seat, "determinize")
        source = as_rng(rng)
        other = self.clone()
        other._log = None
        other._rng = Rng(source.next64())
        if self._deal_slot < DEAL_DRAWS:
            _resample_deal(other, seat, source)
        else:
            _resample_hands(other, seat, source)
        other._view_cache = NO_VIEW  # its hidden cards differ: other seats' views do too
        return other

    def known_hand_ids(self, seat: int) -> list[int]:
        """Hands whose whole contents ``seat`` knows: held by it, or fully shown in past towers.

        In a finished tower every player showed all 10 cards (9 in parties, the
        last one for the loot), so any hand a player held then is public.
        """
        finished = TOWERS if self._phase is Phase.OVER else self._tower - 1
        known = {hand_at(self._pos[seat], t) for t in range(1, self._tower + 1)}
        known |= {hand_at(p, t) for p in self._pos for t in range(1, finished + 1)}
        return sorted(known)

    # -- fast paths -------------------------------------------------------------------
    # Everything above is the readable rule path: a card goes through ``act`` ->
    # ``_apply`` (and ``_reveal`` once every seat has committed), chance through
    # ``_sample_chance``. The two methods below do what ``State`` already does for every
    # game, in fewer Python operations; neither holds a rule of its own, and
    # tests/tschak/test_fast_paths.py plays both against the general path, step by step.

    def _settle(self) -> None:
        """Fast path for :meth:`State._settle`: its loop with the phase test inlined.

        A game starts with 14 chance events and simulations start many games: new games
        come about 1.04x as fast (random 4-player set-ups on one core, against
        ``State._settle``; whole playouts gain about as much, near the noise).
        """
        if not self.auto_chance:
            return
        log = self._log
        while self._phase is _SETUP:
            outcome = self._sample_chance()
            if log is not None:
                log.append((None, outcome, True))

    def act_joint(self, choices: Mapping[int, JointChoice]) -> None:
        """Every seat's card(s) for this reveal in one call (all or nothing).

        Fast path for :meth:`State.act_joint`, which plays the parts on a clone first:
        random 4-player playouts with one ``act_joint`` per step run about 4.7x as fast
        as through the general method (one core, the same games).
        A seat's entry is one action, or its cards for the reveal in order. The same
        result as :meth:`act` for each card in the mapping's order: every card is
        checked first against the hand and the party as the earlier cards leave them.
        Anything else (text, indexes, more cards than the seat still owes, seats not to
        act, an empty entry or dict, another kind of mapping) goes the general way
        (:meth:`State.act_joint`), which accepts or refuses it as :meth:`act` in order
        would.
        """
        if type(choices) is not dict or not choices:
            super().act_joint(choices)
            return
        ids = _ACTION_IDS
        to_act, hands, used_bits = self._to_act, self._hand, self._used
        moves: list[tuple[int, Action]] = []
        add = moves.append
        for seat, choice in choices.items():
            if type(seat) is not int or seat not in to_act:
                break  # refused below, with act's own reason
            if id(choice) in ids:
                action: Action = choice  # one of the space's
                k = action.index
                if k not in hands[seat][_TYPE[k]] or used_bits[seat] & _BIT[k]:
                    raise self._joint_refusal(seat, [], action)
                add((seat, action))
                continue
            if type(choice) not in (list, tuple):
                break
            parts: Sequence[Action] = choice  # checked below
            if not parts or len(parts) > self._need - len(self._picks[seat]):
                break
            used = used_bits[seat]
            earlier = len(moves)
            for action in parts:
                if id(action) not in ids:
                    break
                k = action.index
                # A repeated card repeats its background, so the party bits catch it too.
                if k not in hands[seat][_TYPE[k]] or used & _BIT[k]:
                    raise self._joint_refusal(seat, [a for _, a in moves[earlier:]], action)
                used |= _BIT[k]
                add((seat, action))
            else:
                continue
            break
        else:
            log = self._log
            apply = self._apply
            for seat, action in moves:
                apply(seat, action)
                if log is not None:
                    log.append((seat, action.text, False))
            if self.auto_chance:
                self._settle()
            return
        # Text, indexes, a seat not to act or too many cards: the general path refuses
        # (or accepts text forms) exactly as act would.
        super().act_joint(choices)

    def _joint_refusal(self, seat: int, before: list[Action], action: Action) -> Exception:
        """The error :meth:`act` gives for ``action`` after ``seat``'s cards ``before``."""
        trial = self.clone()
        trial._log = None
        trial.auto_chance = False
        for earlier in before:
            trial._apply(seat, earlier)
        return trial._refusal(seat, action, trial._why_illegal(seat, action))


# -- the hot path's memo tables --------------------------------------------------------
# Legal actions, the next ``to_act``, hands split by background, deal texts and party
# keys, each worked out once per distinct input and then looked up: a random playout
# asks for them at every card. Each table's entries are what the readable function
# beside it gives (``party_key`` above for the keys); tests/tschak/test_fast_paths.py
# checks the state's answers against the readable rules at every step of seeded games.


class _ActionsOf(dict[tuple[int, ...], tuple[Action, ...]]):
    """The distinct play actions of a sorted tuple of kinds, computed once per tuple."""

    def __missing__(self, kinds: tuple[int, ...]) -> tuple[Action, ...]:
        actions = tuple(ACTIONS[k] for k in dict.fromkeys(kinds))
        self[kinds] = actions
        return actions


_ACTIONS_OF = _ActionsOf()


def _joiner(mask: int) -> Callable[[HandActions], tuple[Action, ...]]:
    """Legal actions of a hand when the backgrounds in ``mask`` are already in the party."""
    free = [t for t in range(4) if not mask >> t & 1]
    if len(free) == 4:
        return lambda a: a[0] + a[1] + a[2] + a[3]
    if len(free) == 3:
        x, y, z = free
        return lambda a: a[x] + a[y] + a[z]
    if len(free) == 2:
        x, y = free
        return lambda a: a[x] + a[y]
    if len(free) == 1:
        (x,) = free
        return lambda a: a[x]
    return lambda a: ()


_LEGAL = tuple(_joiner(mask) for mask in range(16))


class _DealText(dict[tuple[int, ...], str]):
    """Sorted kinds -> the deal outcome's text, e.g. ``"W2 W4* W?"``, made once per triple."""

    def __missing__(self, kinds: tuple[int, ...]) -> str:
        text = " ".join(_CODE[k] for k in kinds)
        self[kinds] = text
        return text


_DEAL_TEXT = _DealText()


_FIRST_OF_TYPE = tuple(next(k.index for k in KINDS if k.kind.value == t) for t in range(1, 4))


_SPLIT_CACHE: dict[tuple[int, ...], Hand] = {}


def split_hand(kinds: Sequence[int]) -> Hand:
    """A hand (any iterable of kinds) as the per-background tuples the rules keep."""
    ordered = tuple(sorted(kinds))
    cached = _SPLIT_CACHE.get(ordered)
    if cached is not None:
        return cached.copy()
    if len(_SPLIT_CACHE) > 50_000:
        _SPLIT_CACHE.clear()  # a bounded memo: hands recur within a game, rarely across
    hand = _split(ordered)
    _SPLIT_CACHE[ordered] = hand
    return hand.copy()


def _split(ordered: tuple[int, ...]) -> Hand:
    # Kind indexes are grouped by background, so three cuts split a sorted hand.
    r, d, a = (bisect_left(ordered, first) for first in _FIRST_OF_TYPE)
    return [ordered[:r], ordered[r:d], ordered[d:a], ordered[a:]]


def _without_table() -> dict[tuple[tuple[int, ...], int], tuple[int, ...]]:
    table = {}
    for mask in range(16):
        seats = tuple(s for s in range(4) if mask >> s & 1)
        for seat in seats:
            table[(seats, seat)] = tuple(s for s in seats if s != seat)
    return table


_WITHOUT = _without_table()
"""``to_act`` once ``seat`` has committed, for every possible ``to_act``."""


class _BestWizard(dict[int, int]):
    """Party bits -> printed value of its valued wizard (0 if none or a chameleon)."""

    def __missing__(self, party: int) -> int:
        value = max([_WIZARD_VALUE[k] for k in _kinds_of(party)], default=0)
        self[party] = value
        return value


class _PartyKeys(dict[int, tuple[int, int, int, int]]):
    """``party << 3 | copied`` -> (strength, wizard, warrior, dwarf rank), higher = stronger.

    Parties are few (one card per background), so each key is worked out once.
    """

    def __init__(self, rank: tuple[int, ...]) -> None:
        super().__init__()
        self.rank = rank

    def __missing__(self, key: int) -> tuple[int, int, int, int]:
        value = party_key(_kinds_of(key >> 3), key & 7, self.rank)
        self[key] = value
        return value


def _kinds_of(party: int) -> list[int]:
    return [k for k in range(len(KINDS)) if party >> (k + 4) & 1]


_BEST_WIZARD = _BestWizard()
_KEYS_LOWEST_WIZARD = _PartyKeys(_RANK_LOWEST_WIZARD)
_KEYS_NO_WIZARD = _PartyKeys(_RANK_NO_WIZARD)


def _resample_deal(state: TschakState, seat: int, rng: Rng) -> None:
    """During the deal: others' dealt cards and the undealt pools are shuffled together."""
    mine = state._pos[seat]
    for kind in range(3):
        pool = list(state._pool[kind])
        slots: list[tuple[int, int]] = []
        for position, hand in enumerate(state._hands):
            if position == mine:
                continue
            for i, k in enumerate(hand):
                if _TYPE[k] == kind:
                    pool.append(k)
                    slots.append((position, i))
        rng.shuffle(pool)
        for position, i in slots:
            state._hands[position][i] = pool.pop()
        state._pool[kind] = sorted(pool)


def _resample_hands(state: TschakState, seat: int, rng: Rng) -> None:
    known = set(state.known_hand_ids(seat))
    tower = state._tower
    unknown: list[tuple[int, int | None, list[int]]] = []
    for position, holder in enumerate(state._holder):
        h = hand_at(position, tower)
        if h in known:
            continue
        if holder is None:
            hidden = state._hands[h]
        else:
            hidden = state._picks[holder] + state.hand_kinds(holder)
        unknown.append((h, holder, sorted(hidden)))
    pools: list[list[int]] = [[], [], [], []]
    for _, _, hidden in unknown:
        for k in hidden:
            pools[_TYPE[k]].append(k)
    for pool in pools:
        rng.shuffle(pool)
    resampled = set()
    for h, holder, hidden in unknown:
        fresh = sorted(pools[_TYPE[k]].pop() for k in hidden)
        if holder is None:
            state._hands[h] = fresh
            continue
        shown = state._played[holder] + state._revealed[holder]
        state._hands[h] = sorted(shown + fresh)
        _resplit_picks(state, holder, fresh, rng)
        resampled.add(holder)
    for other in range(state.players):
        if other != seat and other not in resampled and state._picks[other]:
            hidden = sorted(state._picks[other] + state.hand_kinds(other))
            _resplit_picks(state, other, hidden, rng)


def _resplit_picks(state: TschakState, seat: int, hidden: list[int], rng: Rng) -> None:
    """Choose anew which of ``seat``'s hidden cards are its committed picks.

    Every choice of distinct backgrounds not yet in its revealed party is
    equally likely.
    """
    count = len(state._picks[seat])
    shown = 0
    for k in state._revealed[seat]:
        shown |= _PARTY_BIT[k]
    options = []
    for chosen in combinations(range(len(hidden)), count):
        mask = 0
        for i in chosen:
            mask |= _BIT[hidden[i]]
        if not mask & shown & 15 and bin(mask).count("1") == count:
            options.append(chosen)
    chosen = options[rng.below(len(options))]
    picks = [hidden[i] for i in chosen]
    state._picks[seat] = picks
    state._set_hand(seat, [k for i, k in enumerate(hidden) if i not in chosen])
    used = shown
    for k in picks:
        used |= _PARTY_BIT[k]
    state._used[seat] = used


def _draw_three(items: list[_T], rng: Rng) -> list[_T]:
    """Three distinct random items, removed from ``items``, with one call to the generator.

    The mixed-radix digits of one uniform number below n(n-1)(n-2) are three
    uniform draws without replacement; one call instead of three keeps the
    per-game chance cost low.
    """
    n = len(items)
    x = rng.below(n * (n - 1) * (n - 2))
    drawn = []
    for size in (n, n - 1, n - 2):
        index = x % size
        x //= size
        drawn.append(items[index])
        items[index] = items[-1]
        items.pop()
    return drawn


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


# -- metadata (the package declares the game with these) -----------------------------

OPTIONS = (
    Option(
        "cards",
        None,
        "a card table (JSON or TOML) with the printed values; default: the proposed "
        "values of the rules spec",
        data_file=True,
    ),
    Option(
        "chameleon_rank",
        "lowest-wizard",
        "in ties, a chameleon counts as the lowest wizard (above a party without a "
        "wizard), or as no wizard at all",
        ("lowest-wizard", "no-wizard"),
    ),
    Option(
        "elixir",
        "mandatory",
        "mandatory: the elixir always removes a monster card, as the rulebook says; "
        "optional: only when that helps (the spec's house reading, with the trophy)",
        ("mandatory", "optional"),
    ),
)
"""Tschak!'s options, mirrored by :class:`TschakSettings`."""


def max_length(players: int, settings: object) -> int:
    """The most steps a game can take: per tower, three cards from every seat on each floor
    and the chance draws that set it up."""
    return TOWERS * (FLOORS * 3 * players + 5)
