"""Diamant's rules (documented in ``docs/rules/diamant.md``) on the core contract.

A round alternates a chance step (the next expedition card is revealed) with a
simultaneous step (every explorer still inside commits ``continue`` or
``leave``). The deck is kept as an unordered multiset and each reveal draws a
uniformly random card from it: that is exactly a shuffled deck, and it makes
the chance step explicit, with outcomes and probabilities a driver can choose.

One readable rule path: a decision goes through ``act`` -> ``_apply`` ->
``_resolve_choices``, a reveal through ``_sample_chance`` -> ``_reveal``. The fast paths
simulations use (``commit_leavers``, ``act_joint``, the reveal loop ``_reveal_on``) sit
together at the end of :class:`DiamantState`, each saying what it duplicates, and are
played against the readable path in ``tests/diamant/test_fast_paths.py``; the NumPy
batch simulator (``batch.py``) is checked game by game and statistically against the
engine in ``tests/analysis/test_batch_diamant.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Literal

from relicbox.core.actions import Action, ActionSpace
from relicbox.core.errors import (
    IllegalActionError,
    InvalidActionError,
    Reason,
    RelicboxError,
    quote,
)
from relicbox.core.fields import Copy, Field, Fields
from relicbox.core.game import JointChoice, LogEntry, Option, State
from relicbox.core.rng import MASK64, STEP_INCREMENT, STEP_MULTIPLIER, Rng, as_rng
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

SHARE, LIST, NESTED = Copy.SHARE, Copy.LIST, Copy.NESTED


NO_VIEW: tuple[int, dict[str, Any], Sequence[Any]] = (-1, {}, ())
"""The empty view cache (see ``views.build_view``): built at no history length."""


@dataclass(frozen=True, slots=True)
class DiamantSettings:
    """Diamant's options, typed (see ``GAME.options`` for what each one means)."""

    variant: Literal["base", "relics"] = "base"
    split: Literal["pooled", "per-card"] = "pooled"


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
_ALL_LEFT = RoundEnd.ALL_LEFT.value
_TRAP = RoundEnd.TRAP.value


FIELDS = Fields(
    Field("_round", SHARE, "round", plain=True, doc="the round, 1-5"),
    Field("_phase", SHARE, "phase", doc="a Phase; written as its value"),
    Field("_deck", LIST, "deck", plain=True, doc="card ids left to reveal (a multiset)"),
    Field("_path", LIST, "path", plain=True, doc="card ids revealed this round, in order"),
    Field("_on_card", LIST, "on_card", plain=True, doc="rubies left on each path card"),
    Field("_inside", SHARE, "inside", doc="bit mask of the explorers inside; written as flags"),
    Field("_pocket", SHARE, "pocket", doc="the pocket every explorer inside holds"),
    Field("_leaving", SHARE, "pending", doc="bit mask of committed leavers (body: each choice)"),
    Field("_chest", LIST, "chest", plain=True, doc="rubies in each chest"),
    Field("_relic_points", LIST, "relic_points", plain=True, doc="relic points per seat"),
    Field("_relics", NESTED, "relics", plain=True, doc="relic card ids each seat rescued"),
    Field("_rescued", SHARE, "rescued", plain=True, doc="relics rescued so far"),
    Field("_removed", LIST, "removed", plain=True, doc="traps and lost relics out of the game"),
    Field("_relic_pile", LIST, "relic_pile", plain=True, doc="relics still to enter (variant)"),
    Field("_bank", SHARE, "bank", plain=True, doc="rubies lost (to traps, left on the path)"),
    Field("_revealed", SHARE, "revealed", plain=True, doc="rubies revealed in all"),
    Field("_history", LIST, "history", doc="public events, tuples; only ever appended to"),
    # Derived when a body is loaded: from the options, from the path, from "pending".
    Field("_variant", SHARE, doc="the relic variant is on"),
    Field("_per_card", SHARE, doc="leavers split the gems card by card"),
    Field("_codes", SHARE, doc="card code of each card id for this variant"),
    Field("_open", SHARE, doc="bit mask of the seats that may still choose this step"),
    Field("_inside_count", SHARE, doc="explorers inside"),
    Field("_path_gems", SHARE, doc="rubies on the path"),
    Field("_path_relics", SHARE, doc="relic cards on the path"),
    Field("_traps", SHARE, doc="bit mask of the trap types on the path"),
    Field("_view_cache", SHARE, doc="the views' read-only public part", cache=True),
)
"""Every field of :class:`DiamantState`: its slots, its clone and its JSON body."""


class DiamantState(State):
    """One moment of a game of Diamant. Build it with ``relicbox.new_game("diamant", ...)``.

    Every explorer inside holds the same pocket (spec §1.7), so one number
    stands for all of them; who is inside, who may still choose now (``_open``,
    empty outside a choice step) and who chose to leave are bit masks over the
    seats. That keeps a decision to a few integer
    operations, which is what simulations spend their time on.
    """

    fields = FIELDS
    __slots__ = FIELDS.slots
    settings: DiamantSettings

    # -- set-up ---------------------------------------------------------------

    def _setup(self) -> None:
        n = self.players
        settings = self.settings
        self._variant = variant = settings.variant == "relics"
        self._per_card = settings.split == "per-card"
        if variant:
            self._codes = _VARIANT_CODES
            self._deck = list(_VARIANT_DECK)
            self._relic_pile = list(RELIC_IDS)
        else:
            self._codes = _BASE_CODES
            self._deck = list(_BASE_DECK)
            self._relic_pile = []
        self._removed: list[int] = []
        self._chest = [0] * n
        self._relic_points = [0] * n
        self._relics: list[list[int]] = [[] for _ in range(n)]
        self._rescued = self._bank = self._revealed = self._round = 0
        self._history: list[tuple[Any, ...]] = []
        self._view_cache: tuple[int, dict[str, Any], Sequence[Any]] = NO_VIEW
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
        """Every explorer inside has chosen: the leavers go home, the others go on."""
        leaving = self._leaving
        if leaving:
            self._leaving = 0
            self._leave(leaving)
        else:
            self._history.append(_ALL_CONTINUE)
            self._phase = _REVEAL

    def _leave(self, leaving: int) -> None:
        """The explorers in ``leaving`` go home with their pockets and their share of the path."""
        leavers = _SEATS[leaving]
        m = len(leavers)
        share = 0
        path_gems = self._path_gems
        if path_gems:
            if self._per_card:
                share = self._take_gems_per_card(m)
            else:
                share = path_gems // m
                rest = path_gems - share * m
                # "Whatever cannot be split stays on any treasure card": we keep it on the last.
                path = self._path
                last_treasure = len(path) - 1
                while last_treasure > 0 and not _RUBIES[path[last_treasure]]:
                    last_treasure -= 1
                self._on_card = on_card = [0] * len(self._on_card)
                on_card[last_treasure] = rest
                self._path_gems = rest
        gain = self._pocket + share
        chest = self._chest
        for seat in leavers:
            chest[seat] += gain
        taken: tuple[int, ...] = ()
        if m == 1 and self._path_relics:
            taken = self._take_relics(leavers[0])
        self._history.append(("leave", leavers, share, taken))
        self._inside_count -= m
        self._inside = inside = self._inside & ~leaving
        if inside:
            self._phase = _REVEAL
        else:
            self._end_round(_ALL_LEFT, None)

    def _take_gems_per_card(self, m: int) -> int:
        """Each path card's rubies split among ``m`` leavers; the rests stay on their cards."""
        on_card = self._on_card
        share = 0
        for i, gems in enumerate(on_card):
            if gems:
                each = gems // m
                share += each
                on_card[i] = gems - each * m
        self._path_gems = sum(on_card)
        return share

    def _take_relics(self, seat: int) -> tuple[int, ...]:
        path = self._path
        taken = tuple([card for card in path if _IS_RELIC[card]])
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
        rubies = _RUBIES[card]
        if not rubies:
            self._reveal_other(card)
            return
        share = rubies // self._inside_count
        rest = rubies - share * self._inside_count
        self._path.append(card)
        self._on_card.append(rest)
        self._revealed += rubies
        self._pocket += share
        self._path_gems += rest
        self._history.append(("reveal", card, share))
        self._phase = _CHOICE
        self._open = self._inside

    def _reveal_other(self, card: int) -> None:
        """Reveal a hazard or a relic: a hazard already on the path ends the round."""
        self._path.append(card)
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

    def _end_round(self, reason: str, trap_card: int | None) -> None:
        """Close the round (``reason`` is a RoundEnd's value) and start the next one."""
        path = self._path
        busted: tuple[int, ...] = ()
        lost_relics: tuple[int, ...] = ()
        if self._path_relics:
            lost_relics = tuple([card for card in path if _IS_RELIC[card]])
            self._removed.extend(lost_relics)
            path = [card for card in path if not _IS_RELIC[card]]
        if trap_card is not None:
            busted = _SEATS[self._inside]
            self._bank += self._pocket * len(busted)
            self._removed.append(trap_card)
            path = path[:-1]  # the trap that struck, always the last card, leaves the game
        self._bank += self._path_gems
        self._deck += path
        self._history.append(("round-end", self._round, reason, busted, lost_relics, trap_card))
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

    def traps_on_path(self) -> list[str]:
        return sorted(t for i, t in enumerate(TRAP_TYPES) if self._traps >> i & 1)

    # -- fast paths -------------------------------------------------------------------
    # Everything above is the readable rule path: a decision goes through ``act`` ->
    # ``_apply`` -> ``_resolve_choices``, a reveal through ``_sample_chance`` (one
    # ``Rng.below``) -> ``_reveal``. Each method below does what some of those already do,
    # in fewer Python operations, because simulations spend their time here; none holds a
    # rule of its own, so a rule changes above first and here second.
    # tests/diamant/test_fast_paths.py plays every one against the readable path it
    # duplicates, over seeded games of every player count and option, step by step.
    # Speed-ups were measured with random 4-player playouts on one core, each fast path
    # against the same games with it swapped for what it duplicates.

    def _settle(self) -> None:
        """Fast path for :meth:`State._settle`: reveals through :meth:`_reveal_on`, the
        record's entries added in one ``extend``. Runs after every act: most find a choice
        step still open."""
        if self._phase is not _REVEAL or not self.auto_chance:
            return
        log = self._log
        if log is None:
            self._reveal_on(None)
            return
        entries: list[LogEntry] = []
        self._reveal_on(entries)
        log.extend(entries)

    def _reveal_on(self, entries: list[LogEntry] | None) -> None:
        """Reveal cards until a choice step (or the end), logging each into ``entries``.

        Fast path for ``while self.is_chance: self._sample_chance()``: it duplicates
        :meth:`_sample_chance`, :meth:`Rng.below <relicbox.core.rng.Rng.below>` (the
        generator's step, with ``core.rng``'s own constants, as that module allows) and
        :meth:`_reveal` / :meth:`_reveal_other`, inlined into one loop. A game reveals
        about 17 cards; inlining saves 1.1-1.2x on whole random playouts (per-seat ``act``
        and :meth:`commit_leavers` alike). ``tests/diamant/test_fast_paths.py`` pins the
        inlined step to ``Rng.below`` and plays this loop against the readable reveal.
        The loop mostly runs once per call, so only what it uses several times is bound
        locally.
        """
        while self._phase is _REVEAL:
            rng = self._rng
            rng.state = draw = (rng.state * STEP_MULTIPLIER + STEP_INCREMENT) & MASK64
            deck = self._deck
            index = ((draw >> 32) * len(deck)) >> 32  # Rng.below, inlined
            card = deck[index]
            deck[index] = deck[-1]
            deck.pop()
            if entries is not None:
                entries.append(_DRAW_ENTRIES[self._codes[card]])
            self._path.append(card)
            rubies = _RUBIES[card]
            if rubies:
                count = self._inside_count
                share = rubies // count
                rest = rubies - share * count
                self._on_card.append(rest)
                self._revealed += rubies
                self._pocket += share
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
                    continue
                else:
                    self._traps |= trap
            self._phase = _CHOICE
            self._open = self._inside
            return

    def act_joint(self, choices: Mapping[int, JointChoice]) -> None:
        """Every explorer's ``continue`` / ``leave`` for this step in one call (all or nothing).

        Fast path for :meth:`State.act_joint`, which plays the parts on a clone first (about
        9x slower on whole playouts): the same result as :meth:`act` for each seat in the
        mapping's order, at the cost of a few mask operations per seat. Anything but a dict
        of open seats with the actions (or their exact texts) goes the general way, which
        reads a seat's several parts one by one, and refuses with the same errors as
        :meth:`act`; so does a dict that chooses nothing, which would otherwise resolve a
        step nobody chose in.
        """
        if type(choices) is not dict:
            super().act_joint(choices)  # other mappings, or a refusal for anything else
            return
        open_ = self._open
        chosen = leaving = 0
        for seat, choice in choices.items():
            if type(seat) is not int or seat < 0 or not open_ >> seat & 1:
                super().act_joint(choices)  # raises the refusal act would
                return
            chosen |= 1 << seat
            if choice is CONTINUE:
                continue
            if choice is not LEAVE:
                action = _EXACT_TEXT.get(choice) if type(choice) is str else None
                if action is None:
                    super().act_joint(choices)  # other text, indexes, part lists: parsed there
                    return
                if action is CONTINUE:
                    continue
            leaving |= 1 << seat
        if not chosen:
            super().act_joint(choices)  # refuses an empty dict with the reason
            return
        self._open = open_ = open_ & ~chosen
        self._leaving |= leaving
        log = self._log
        entries: list[LogEntry] | None = None
        if log is not None:
            entries = [(seat, _TEXTS[leaving >> seat & 1], False) for seat in choices]
        if not open_:
            self._resolve_choices()
            if self.auto_chance:
                self._reveal_on(entries)
        if log is not None and entries is not None:  # both or neither
            log.extend(entries)

    def commit_leavers(self, leavers: int) -> int:
        """Every explorer who may choose now commits at once: the seats whose bit is set in
        ``leavers`` (bit ``s`` for seat ``s``) leave, the others continue.

        Bits of seats that may not choose now (at camp, already committed this step, or no
        seat at all) are ignored, so a fixed-width mask of every seat's wish, such as an RL
        MultiBinary action, goes in as it is. The result, the record's entries and the
        errors are those of :meth:`act` for each seat that may choose, in seat order: one
        call, a few integer operations, for a whole step.

        Returns the seats that may choose next, as a bit mask like ``leavers`` (``to_act``
        as a mask): 0 once the game is over, or while a card waits to be revealed
        (``auto_chance=False``). Raises :class:`InvalidActionError` for anything but a
        whole number from 0 up, and :class:`IllegalActionError` when nobody may choose
        now; either way the state stays as it was.

        Fast path for one :meth:`act` per open seat, in seat order (which it duplicates
        with :meth:`_apply` inlined as one mask operation for the whole step, and the
        step's record entries made once per combination): whole random playouts run about
        1.5-1.7x as fast as through per-seat ``act`` or ``act_joint``.
        """
        open_ = self._open
        if type(leavers) is not int or leavers < 0 or not open_:
            raise self._leavers_refusal(leavers)
        leaving = self._leaving | (leavers & open_)
        self._open = 0
        self._leaving = leaving
        log = self._log
        entries: list[LogEntry] | None = None
        if log is not None:
            key = open_ << MAX_SEATS | leaving & open_
            made = _STEP_ENTRIES.get(key)
            if made is None:
                made = _STEP_ENTRIES[key] = tuple(
                    [(seat, _TEXTS[leaving >> seat & 1], False) for seat in _SEATS[open_]]
                )
            entries = list(made)
        self._resolve_choices()
        if self.auto_chance:
            self._reveal_on(entries)
        if log is not None and entries is not None:  # both or neither
            log.extend(entries)
        return self._open

    def _leavers_refusal(self, leavers: object) -> RelicboxError:
        """Why :meth:`commit_leavers` refuses ``leavers`` now (built only on refusal)."""
        if type(leavers) is not int or leavers < 0:
            reason = Reason.of("diamant-error-leavers", leavers=quote(leavers))
            return InvalidActionError(reason.text("en"), reason=reason)
        if self._phase is _OVER:
            reason = Reason.of("error-game-over")
        else:
            reason = Reason.of("diamant-error-reveal-first")
        return IllegalActionError(
            f"leavers {leavers!r} refused: nobody may choose now: {reason.text('en')}",
            reason=reason,
        )


_BASE_CODES = tuple(card.code for card in CARDS)
_VARIANT_CODES = tuple(variant_code(card) for card in CARDS)

# -- the fast paths' tables (made once, read by the fast paths of DiamantState) -------

_DRAW_ENTRIES: dict[str, LogEntry] = {
    code: (None, code, True) for code in _BASE_CODES + _VARIANT_CODES
}
"""The record's entry for a card drawn by the state's generator, by its code."""
_TEXTS = (CONTINUE.text, LEAVE.text)
"""Each action's text by its index: what the record logs."""
_EXACT_TEXT: dict[str, Action] = {CONTINUE.text: CONTINUE, LEAVE.text: LEAVE}
"""The actions' own texts, which ``act_joint`` takes without the general parser."""
_STEP_ENTRIES: dict[int, tuple[LogEntry, ...]] = {}
"""The record's entries of a whole step in seat order, made once for each combination (by
the open seats, shifted up by ``MAX_SEATS``, and which of them leave)."""


# -- metadata (the package declares the game with these) -----------------------------

OPTIONS = (
    Option(
        "variant",
        "base",
        "base: relics worth 5/5/5/10/10 by rescue order; relics: one relic added per "
        "round, scoring its printed value",
        ("base", "relics"),
    ),
    Option(
        "split",
        "pooled",
        "how several leavers share the path gems: pooled (whole path) or per-card",
        ("pooled", "per-card"),
    ),
)
"""Diamant's options, mirrored by :class:`DiamantSettings`."""

MAX_REVEALS = len(TREASURE_IDS) + len(RELIC_IDS) + len(TRAP_TYPES) + 1
"""The most cards a round can reveal: every treasure and relic, one trap of each kind, and
the second trap that ends it."""

CHANCE_BOUND = max(len(set(_BASE_CODES)), len(set(_VARIANT_CODES)))
"""The most outcomes a reveal can have: one per card code (the relic variant adds a relic
to the deck every round, so a later reveal can have more outcomes than the first)."""


def max_length(players: int, settings: object) -> int:
    """The most steps a game can take: each round's reveals, and after every reveal but the
    one that ends the round, a choice of every seat."""
    return ROUNDS * (MAX_REVEALS + (MAX_REVEALS - 1) * players)
