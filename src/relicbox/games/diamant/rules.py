"""Diamant's rules (documented in ``docs/rules/diamant.md``) on the core contract.

A round alternates a chance step (the next expedition card is revealed) with a
simultaneous step (every explorer still inside commits ``continue`` or
``leave``). The deck is kept as an unordered multiset and each reveal draws a
uniformly random card from it: that is exactly a shuffled deck, and it makes
the chance step explicit, with outcomes and probabilities a driver can choose.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import Enum
from typing import Any

from relicbox.core.actions import Action, ActionSpace
from relicbox.core.errors import Reason, StateFormatError
from relicbox.core.game import State
from relicbox.core.rng import Rng, as_rng
from relicbox.games.diamant.data import (
    BASE_RELIC_VALUES,
    CARDS,
    RELIC_IDS,
    ROUNDS,
    TRAP_IDS,
    TRAP_TYPES,
    TREASURE_IDS,
    Kind,
    variant_code,
)

CONTINUE = Action("continue", 0)
LEAVE = Action("leave", 1)
ACTION_SPACE = ActionSpace(
    (CONTINUE, LEAVE),
    game="diamant",
    aliases={"c": CONTINUE, "stay": CONTINUE, "l": LEAVE, "exit": LEAVE, "go home": LEAVE},
)
_BOTH: tuple[Action, ...] = (CONTINUE, LEAVE)
_NONE: tuple[Action, ...] = ()

# Per-card lookups on the hot path: plain tuples indexed by card id.
_RUBIES = tuple(card.rubies for card in CARDS)
_TRAP_BIT = tuple(0 if card.trap is None else 1 << TRAP_TYPES.index(card.trap) for card in CARDS)
_IS_RELIC = tuple(card.kind is Kind.RELIC for card in CARDS)

# Seat sets are bit masks (bit s = seat s); this table turns one into its seats, in order.
MAX_SEATS = 8
_SEATS: tuple[tuple[int, ...], ...] = tuple(
    tuple(s for s in range(MAX_SEATS) if mask >> s & 1) for mask in range(1 << MAX_SEATS)
)


class Phase(Enum):
    REVEAL = "reveal"
    CHOICE = "choice"
    OVER = "over"


class RoundEnd(Enum):
    ALL_LEFT = "all-left"
    TRAP = "trap"


_ALL_CONTINUE = ("choices", ())
_VARIANT_DECK = TREASURE_IDS + TRAP_IDS
_BASE_DECK = _VARIANT_DECK + RELIC_IDS
# Enum members read through the class are slow on the hot path: bind them once.
_CHOICE = Phase.CHOICE
_REVEAL = Phase.REVEAL
_OVER = Phase.OVER
_ALL_LEFT = RoundEnd.ALL_LEFT
_TRAP = RoundEnd.TRAP


class DiamantState(State):
    """One moment of a game of Diamant. Build it with ``relicbox.new_game("diamant", ...)``.

    Every explorer inside holds the same pocket (spec §1.7), so one number
    stands for all of them; who is inside, who may still choose now (``_open``,
    empty outside a choice step) and who chose to leave are bit masks over the
    seats. That keeps a decision to a few integer
    operations, which is what simulations spend their time on.
    """

    __slots__ = (
        "_bank",
        "_chest",
        "_codes",
        "_deck",
        "_history",
        "_inside",
        "_inside_count",
        "_leaving",
        "_on_card",
        "_open",
        "_path",
        "_path_gems",
        "_path_relics",
        "_per_card",
        "_phase",
        "_pocket",
        "_relic_pile",
        "_relic_points",
        "_relics",
        "_removed",
        "_rescued",
        "_revealed",
        "_round",
        "_traps",
        "_variant",
    )

    # -- set-up ---------------------------------------------------------------

    def _setup(self) -> None:
        n = self.players
        self._variant = self.options["variant"] == "relics"
        self._per_card = self.options["split"] == "per-card"
        self._codes = _VARIANT_CODES if self._variant else _BASE_CODES
        self._deck = list(_VARIANT_DECK if self._variant else _BASE_DECK)
        self._relic_pile = list(RELIC_IDS) if self._variant else []
        self._removed: list[int] = []
        self._chest = [0] * n
        self._relic_points = [0] * n
        self._relics: list[list[int]] = [[] for _ in range(n)]
        self._rescued = 0
        self._bank = 0
        self._revealed = 0
        self._history: list[tuple[Any, ...]] = []
        self._round = 0
        self._start_round()

    def _start_round(self) -> None:
        self._round += 1
        self._path: list[int] = []
        self._on_card: list[int] = []
        self._path_gems = 0
        self._path_relics = 0
        self._traps = 0
        self._inside = (1 << self.players) - 1
        self._inside_count = self.players
        self._open = 0
        self._leaving = 0
        self._pocket = 0
        if self._variant:
            self._deck.append(self._relic_pile.pop(0))
        self._history.append(("round", self._round))
        self._phase = _REVEAL

    # -- whose turn ---------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        return _SEATS[self._open]

    @property
    def is_over(self) -> bool:
        return self._phase is _OVER

    @property
    def is_chance(self) -> bool:
        return self._phase is _REVEAL

    @property
    def round(self) -> int:
        return self._round

    def is_inside(self, seat: int) -> bool:
        return bool(self._inside >> seat & 1)

    # -- decisions -------------------------------------------------------------------

    def legal_actions(self, seat: int) -> Sequence[Action]:
        if type(seat) is int and seat >= 0 and self._open >> seat & 1:
            return _BOTH
        self._require_seat(seat, "legal_actions")
        return _NONE

    def _why_illegal(self, seat: int, action: Action) -> Reason | None:
        not_a_seat = self._not_a_seat(seat)
        if not_a_seat is not None:
            return not_a_seat
        if self._phase is Phase.OVER:
            return Reason.of("error-game-over")
        if not self._inside >> seat & 1:
            return Reason.of("diamant-error-left", seat=seat, player=seat + 1)
        if self._phase is _REVEAL:
            return Reason.of("diamant-error-reveal-first")
        if not self._open >> seat & 1:
            return Reason.of("diamant-error-chosen", seat=seat, player=seat + 1)
        return None

    def _is_legal(self, seat: int, action: Action) -> bool:
        # One mask test covers the seat, the phase and "already chosen": only open seats
        # may choose, and both actions are always open to them.
        return type(seat) is int and seat >= 0 and bool(self._open >> seat & 1)

    def _apply(self, seat: int, action: Action) -> None:
        self._open &= ~(1 << seat)
        if action is LEAVE:
            self._leaving |= 1 << seat
        if not self._open:
            self._resolve_choices()

    def _resolve_choices(self) -> None:
        leaving = self._leaving
        if leaving:
            self._leave(leaving)
            self._leaving = 0
        else:
            self._history.append(_ALL_CONTINUE)
        if self._inside:
            self._phase = _REVEAL
        else:
            self._end_round(_ALL_LEFT, None)

    def _leave(self, leaving: int) -> None:
        leavers = _SEATS[leaving]
        m = len(leavers)
        share = self._take_path_gems(m) if self._path_gems else 0
        gain = self._pocket + share
        chest = self._chest
        for seat in leavers:
            chest[seat] += gain
        self._inside &= ~leaving
        self._inside_count -= m
        taken: tuple[int, ...] = ()
        if m == 1 and self._path_relics:
            taken = self._take_relics(leavers[0])
        self._history.append(("leave", leavers, share, taken))

    def _take_path_gems(self, m: int) -> int:
        on_card = self._on_card
        if self._per_card:
            share = 0
            for i, gems in enumerate(on_card):
                if gems:
                    each = gems // m
                    share += each
                    on_card[i] = gems - each * m
            self._path_gems = sum(on_card)
            return share
        share, rest = divmod(self._path_gems, m)
        # "Whatever cannot be split stays on any treasure card": we keep it on the last one.
        last_treasure = 0
        for i, card in enumerate(self._path):
            on_card[i] = 0
            if _RUBIES[card]:
                last_treasure = i
        on_card[last_treasure] = rest
        self._path_gems = rest
        return share

    def _take_relics(self, seat: int) -> tuple[int, ...]:
        path = self._path
        taken = tuple(card for card in path if _IS_RELIC[card])
        for card in taken:
            index = path.index(card)
            del path[index]
            del self._on_card[index]
            self._relics[seat].append(card)
            self._relic_points[seat] += self._relic_value(card)
            self._rescued += 1
        self._path_relics = 0
        return taken

    def _relic_value(self, card: int) -> int:
        if self._variant:
            return CARDS[card].printed_value
        return BASE_RELIC_VALUES[self._rescued]

    # -- chance -------------------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[str, float]]:
        if self._phase is not _REVEAL:
            return []
        counts: dict[str, int] = {}
        for card in self._deck:
            code = self._codes[card]
            counts[code] = counts.get(code, 0) + 1
        total = len(self._deck)
        return [(code, count / total) for code, count in counts.items()]

    def _settle(self) -> None:
        # The base loop with the draw inlined: a game reveals about 30 cards.
        if not self.auto_chance:
            return
        deck, rng, codes, log = self._deck, self._rng, self._codes, self._log
        while self._phase is _REVEAL:
            index = rng.below(len(deck))
            card = deck[index]
            deck[index] = deck[-1]
            deck.pop()
            self._reveal(card)
            if log is not None:
                log.append((None, codes[card], True))

    def _sample_chance(self) -> str:
        deck = self._deck
        index = self._rng.below(len(deck))
        card = deck[index]
        deck[index] = deck[-1]
        deck.pop()
        self._reveal(card)
        return self._codes[card]

    def _apply_chance(self, outcome: str) -> None:
        codes, deck = self._codes, self._deck
        index = next(i for i, card in enumerate(deck) if codes[card] == outcome)
        card = deck[index]
        deck[index] = deck[-1]
        deck.pop()
        self._reveal(card)

    def _reveal(self, card: int) -> None:
        self._path.append(card)
        rubies = _RUBIES[card]
        if rubies:
            share, rest = divmod(rubies, self._inside_count)
            self._revealed += rubies
            self._pocket += share
            self._on_card.append(rest)
            self._path_gems += rest
            self._history.append(("reveal", card, share))
        else:
            self._on_card.append(0)
            self._history.append(("reveal", card, 0))
            trap = _TRAP_BIT[card]
            if not trap:
                self._path_relics += 1
            elif self._traps & trap:
                self._end_round(_TRAP, card)
                return
            else:
                self._traps |= trap
        self._phase = _CHOICE
        self._open = self._inside

    def _end_round(self, reason: RoundEnd, trap_card: int | None) -> None:
        busted: tuple[int, ...] = ()
        if reason is _TRAP:
            busted = _SEATS[self._inside]
            self._bank += self._pocket * len(busted)
        self._bank += self._path_gems
        lost_relics: tuple[int, ...] = ()
        if self._path_relics:
            lost_relics = tuple([card for card in self._path if _IS_RELIC[card]])
            self._removed.extend(lost_relics)
        if trap_card is not None:
            self._removed.append(trap_card)
        self._deck += [card for card in self._path if not _IS_RELIC[card] and card != trap_card]
        self._history.append(
            ("round-end", self._round, reason.value, busted, lost_relics, trap_card)
        )
        if self._round == ROUNDS:
            self._finish()
        else:
            self._start_round()

    def _finish(self) -> None:
        self._phase = _OVER
        self._path = []
        self._on_card = []
        self._path_gems = self._path_relics = self._traps = 0
        self._inside = self._inside_count = self._open = self._leaving = 0
        self._pocket = 0

    # -- results ------------------------------------------------------------------------

    def scores(self) -> list[int]:
        return [self._chest[s] + self._relic_points[s] for s in range(self.players)]

    def chest(self, seat: int) -> int:
        """Points in ``seat``'s chest: secured rubies plus, in the base game, relic gems."""
        relic_gems = 0 if self._variant else self._relic_points[seat]
        return self._chest[seat] + relic_gems

    def pockets(self) -> list[int]:
        """Rubies beside each chest (at risk): the same for everyone inside, 0 at camp."""
        return [self._pocket if self._inside >> s & 1 else 0 for s in range(self.players)]

    def committed(self, seat: int) -> bool:
        """True when ``seat`` has committed its choice in the current choice step."""
        return self._phase is _CHOICE and bool((self._inside & ~self._open) >> seat & 1)

    def pending_choice(self, seat: int) -> Action | None:
        if not self.committed(seat):
            return None
        return LEAVE if self._leaving >> seat & 1 else CONTINUE

    # -- copies ---------------------------------------------------------------------

    def clone(self) -> DiamantState:
        other = DiamantState.__new__(DiamantState)
        self._copy_base_into(other)
        other._variant = self._variant
        other._per_card = self._per_card
        other._codes = self._codes
        other._deck = self._deck.copy()
        other._relic_pile = self._relic_pile.copy()
        other._removed = self._removed.copy()
        other._chest = self._chest.copy()
        other._relic_points = self._relic_points.copy()
        other._relics = [relics.copy() for relics in self._relics]
        other._rescued = self._rescued
        other._bank = self._bank
        other._revealed = self._revealed
        other._history = self._history.copy()
        other._round = self._round
        other._path = self._path.copy()
        other._on_card = self._on_card.copy()
        other._path_gems = self._path_gems
        other._path_relics = self._path_relics
        other._traps = self._traps
        other._inside = self._inside
        other._inside_count = self._inside_count
        other._open = self._open
        other._leaving = self._leaving
        other._pocket = self._pocket
        other._phase = self._phase
        return other

    def determinize(self, seat: int, rng: object = None) -> DiamantState:
        """Others' committed choices and the future draws resampled; nothing else is hidden.

        Chest totals are hidden from the other seats, but every event that fills
        a chest is public, so they follow from ``view(seat)["history"]``.
        """
        self._require_seat(seat, "determinize")
        source = as_rng(rng)
        other = self.clone()
        other._log = None
        other._rng = Rng(source.next64())
        own = 1 << seat
        # Choices are pending only while a step is open; at a reveal they are all resolved.
        chosen = other._inside & ~other._open & ~own if other._open else 0
        for s in _SEATS[chosen]:
            if source.below(2):
                other._leaving |= 1 << s
            else:
                other._leaving &= ~(1 << s)
        # The deck needs no shuffle: every draw picks a random card with the new generator.
        return other

    # -- views -------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        from relicbox.games.diamant.views import build_view

        return build_view(self, seat)

    # -- JSON form -----------------------------------------------------------------------

    def _body_to_dict(self) -> dict[str, Any]:
        pending = [self.pending_choice(s) for s in range(self.players)]
        return {
            "round": self._round,
            "phase": self._phase.value,
            "deck": list(self._deck),
            "path": list(self._path),
            "on_card": list(self._on_card),
            "inside": [self.is_inside(s) for s in range(self.players)],
            "pocket": self.pockets(),
            "pending": [None if a is None else a.text for a in pending],
            "chest": list(self._chest),
            "relic_points": list(self._relic_points),
            "relics": [list(r) for r in self._relics],
            "rescued": self._rescued,
            "removed": list(self._removed),
            "relic_pile": list(self._relic_pile),
            "bank": self._bank,
            "revealed": self._revealed,
            "history": [list(_jsonable(e)) for e in self._history],
        }

    def _body_from_dict(self, body: Mapping[str, Any]) -> None:
        from relicbox.games.diamant.views import load_body

        load_body(self, body)

    def traps_on_path(self) -> list[str]:
        return sorted(t for i, t in enumerate(TRAP_TYPES) if self._traps >> i & 1)


def _jsonable(event: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple(list(part) if isinstance(part, tuple) else part for part in event)


_BASE_CODES = tuple(card.code for card in CARDS)
_VARIANT_CODES = tuple(variant_code(card) for card in CARDS)


def check_body(state: DiamantState) -> None:
    """Raise :class:`StateFormatError` unless every card is in exactly one place."""
    places = (
        state._deck
        + state._path
        + state._removed
        + state._relic_pile
        + [card for relics in state._relics for card in relics]
    )
    if sorted(places) != list(range(len(CARDS))):
        raise StateFormatError(
            "every Diamant card must be in exactly one place (deck, path, removed, relic pile, "
            f"rescued relics); got {sorted(places)}"
        )
    n = state.players
    for name in ("_chest", "_relic_points", "_relics"):
        if len(getattr(state, name)) != n:
            raise StateFormatError(f"{name.lstrip('_')} must have one entry per seat ({n})")
    if len(state._on_card) != len(state._path):
        raise StateFormatError("on_card must have one entry per path card")
    for seat, relics in enumerate(state._relics):
        if not all(_IS_RELIC[card] for card in relics):
            raise StateFormatError(f"relics[{seat}] may hold only relic cards, got {relics}")
    if not all(CARDS[card].kind is not Kind.TREASURE for card in state._removed):
        raise StateFormatError(f"removed holds only traps and lost relics, got {state._removed}")
    over = state._phase is Phase.OVER
    traps_out = sum(1 for card in state._removed if _TRAP_BIT[card])
    if traps_out > state._round - (0 if over else 1):
        raise StateFormatError(
            f"removed holds {traps_out} trap cards, but only a round ended by a trap removes "
            f"one (round {state._round})"
        )
    held = sum(len(relics) for relics in state._relics)
    if state._rescued != held:
        raise StateFormatError(f"rescued={state._rescued} but the seats hold {held} relics")
    if state._variant:
        if state._relic_pile != list(RELIC_IDS[state._round :]):
            raise StateFormatError(
                f"relic_pile must be {list(RELIC_IDS[state._round :])} in round {state._round}, "
                f"got {state._relic_pile}"
            )
        for seat, relics in enumerate(state._relics):
            points = sum(CARDS[card].printed_value for card in relics)
            if state._relic_points[seat] != points:
                raise StateFormatError(
                    f"relic_points[{seat}] must be {points}, the printed values of its relics"
                )
    else:
        if state._relic_pile:
            raise StateFormatError("relic_pile is used only by the relic variant")
        if sum(state._relic_points) != sum(BASE_RELIC_VALUES[: state._rescued]):
            raise StateFormatError(
                f"relic_points must add up to {sum(BASE_RELIC_VALUES[: state._rescued])} for "
                f"{state._rescued} rescued relics, got {state._relic_points}"
            )
        for seat, relics in enumerate(state._relics):
            if bool(relics) != bool(state._relic_points[seat]):
                raise StateFormatError(f"relic_points[{seat}] does not match relics[{seat}]")
    if over:
        if state._round != ROUNDS or state._path or state._inside or state._open:
            raise StateFormatError(
                f"a finished game is in round {ROUNDS} with an empty path and nobody inside"
            )
    elif not state._inside:
        raise StateFormatError(
            f"phase {state._phase.value!r} needs an explorer inside: with nobody inside the "
            "round is over"
        )
    elif state._phase is Phase.REVEAL and not state._deck:
        raise StateFormatError("the next card must be revealed, but the deck is empty")
