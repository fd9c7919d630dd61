"""Diamant in lock-step batches with NumPy, for policies that read only the public view.

A *leave policy* decides from the round number and the explorer's pocket (the rubies at
risk), plus a coin: it leaves when the pocket holds at least the round's threshold, or
else with probability ``leave_p``. The bots ``random`` (leave with probability 1/2) and
``threshold:N`` (leave once the pocket holds N) are such policies, and so is a threshold
per round. Many games of such policies run here side by side, one NumPy operation per
step for all of them, to the engine's rules (``docs/rules/diamant.md``): the same deck,
the same trap pairs, path remainders kept per card or pooled (option ``split``), relics
to a lone leaver, valued by rescue order or by their printed value (option ``variant``),
the same shared wins. ``relicbox simulate`` switches to this path by itself when every
bot is such a policy: this module is Diamant's registered accelerator (``Game.batch``,
:data:`SIMULATOR`), imported only when a simulation asks for it, since it needs NumPy.

The batch draws its own random numbers (a NumPy generator seeded from the run's seed and
the chunk number), so its games are not the engine's games of the same seed: they agree
in distribution, which ``tests/analysis/test_batch_diamant.py`` and
``scripts/batch_diamant_agreement.py`` check. The same seed and the same number of games
give the same numbers.

How a game is held: the deck is a row of card ids. Cards ``[0, size)`` are still to come
this round; a draw swaps a uniformly chosen card to position ``size - 1`` and shortens
``size``, so the round's path collects in ``[size, alive)``. A relic never returns to the
deck (a lone leaver takes it or it is lost at the round's end), nor does the trap card that
ends a round, so both leave the row at once (``alive`` shrinks); at a round's end the rest
of the path is back in the deck by setting ``size = alive``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from relicbox.core.actions import Action
from relicbox.core.game import OptionValue
from relicbox.core.rng import Rng
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
from relicbox.games.diamant.encoder import CODES, COPIES
from relicbox.games.diamant.rules import CONTINUE, LEAVE, DiamantState

NEVER = 1 << 30
"""A pocket threshold no pocket reaches: the policy never leaves because of its pocket."""

Ints = NDArray[np.int64]


@dataclass(frozen=True)
class LeavePolicy:
    """Leave when the pocket holds ``thresholds[round - 1]`` rubies or more, or else with
    probability ``leave_p``. ``NEVER`` as a threshold turns the pocket test off."""

    name: str
    thresholds: tuple[int, int, int, int, int]
    leave_p: float = 0.0

    @classmethod
    def random(cls, p: float = 0.5, name: str | None = None) -> LeavePolicy:
        """Leave with probability ``p`` at every choice (``random`` is p = 1/2)."""
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"leave probability {p} must be between 0 and 1")
        return cls(name or f"leave-p:{p:g}", (NEVER, NEVER, NEVER, NEVER, NEVER), p)

    @classmethod
    def threshold(cls, pocket: int, name: str | None = None) -> LeavePolicy:
        """Leave once the pocket holds ``pocket`` rubies (the ``threshold:N`` bot)."""
        return cls.per_round((pocket,) * ROUNDS, name or f"threshold:{pocket}")

    @classmethod
    def per_round(cls, pockets: Sequence[int], name: str | None = None) -> LeavePolicy:
        """Leave once the pocket holds ``pockets[round - 1]`` rubies."""
        if len(pockets) != ROUNDS or any(p < 0 for p in pockets):
            raise ValueError(f"give {ROUNDS} thresholds >= 0, one per round, got {pockets}")
        values = tuple(int(p) for p in pockets)
        label = name or "thresholds:" + "/".join(str(p) for p in values)
        return cls(label, (values[0], values[1], values[2], values[3], values[4]))

    def leaves(self, round_number: int, pocket: int, coin: float) -> bool:
        """The decision for a pocket in a round (1-5), ``coin`` uniform in [0, 1)."""
        return pocket >= self.thresholds[round_number - 1] or coin < self.leave_p


class PolicyAgent:
    """A :class:`LeavePolicy` as an engine bot: it reads only its view."""

    def __init__(self, policy: LeavePolicy) -> None:
        self.policy = policy
        self.name = policy.name

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        by_text = {action.text: action for action in legal}
        if "leave" not in by_text:
            return legal[0]
        coin = rng.random() if self.policy.leave_p > 0.0 else 1.0
        pocket: int = view["pockets"][view["seat"]]
        leave = self.policy.leaves(view["round"], pocket, coin)
        return by_text["leave" if leave else "continue"]


def policy_for_spec(spec: str) -> LeavePolicy | None:
    """The policy a Diamant bot spec stands for (``random``, ``threshold:N``), else None."""
    name, sep, rest = spec.strip().partition(":")
    name = name.strip()
    if not sep and name == "random":
        return LeavePolicy.random(0.5, "random")
    if sep and name == "threshold" and rest.strip().isdigit():
        return LeavePolicy.threshold(int(rest.strip()))
    return None


_OPTIONS = {"variant": ("base", "relics"), "split": ("pooled", "per-card")}


@dataclass(frozen=True)
class Plan:
    """What the batch plays for one simulation: each entry's policy, and the options."""

    thresholds: Ints
    """(entries, 5): each entry's pocket threshold per round."""
    leave_p: NDArray[np.float64]
    """(entries,): each entry's probability of leaving anyway."""
    variant: bool
    per_card: bool


class DiamantBatch:
    """Diamant's accelerator (a :class:`relicbox.core.game.BatchSimulator`)."""

    def plan(self, specs: Sequence[str], options: Mapping[str, OptionValue]) -> Plan | None:
        """The plan for these bot specs and resolved options, or ``None`` unless every
        option is one the batch knows with a value it knows and every spec is a leave
        policy."""
        for key, value in options.items():
            if value not in _OPTIONS.get(key, ()):
                return None
        policies = [policy_for_spec(spec) for spec in specs]
        chosen = [policy for policy in policies if policy is not None]
        if len(chosen) != len(policies):
            return None
        return Plan(
            np.array([policy.thresholds for policy in chosen], dtype=np.int64),
            np.array([policy.leave_p for policy in chosen], dtype=np.float64),
            variant=options.get("variant", "base") == "relics",
            per_card=options.get("split", "pooled") == "per-card",
        )

    def play(self, plan: Plan, seating: Ints, rng: np.random.Generator) -> tuple[Ints, Ints]:
        """One game per row of ``seating`` (the entry in each seat): scores and decisions."""
        return play_batch(
            plan.thresholds[seating],
            plan.leave_p[seating],
            variant=plan.variant,
            per_card=plan.per_card,
            rng=rng,
        )


SIMULATOR = DiamantBatch()
"""What ``Game.batch`` names: simulations hand their games to it."""


# -- the rules on arrays -------------------------------------------------------------------

_DECK = len(CARDS)
_MAX_SEATS = 8
_RELIC_SHIFT = len(TRAP_TYPES)
_RELIC_FLAG = 1 << _RELIC_SHIFT
_TRAP_BITS = _RELIC_FLAG - 1
_FLAGS = np.array(
    [
        (0 if card.trap is None else 1 << TRAP_TYPES.index(card.trap))
        | (_RELIC_FLAG if card.kind is Kind.RELIC else 0)
        for card in CARDS
    ],
    dtype=np.int32,
)
"""Per card: its trap kind's bit, or ``_RELIC_FLAG`` for a relic."""
_SHARE = np.array(
    [[card.rubies // k if k else 0 for k in range(16)] for card in CARDS], dtype=np.int32
).reshape(-1)
"""``_SHARE[card * 16 + k]``: each explorer's share of the card's rubies with k inside."""
_REST = np.array(
    [[card.rubies % k if k else 0 for k in range(16)] for card in CARDS], dtype=np.int32
).reshape(-1)
"""``_REST[card * 16 + k]``: the rubies left on the card with k inside."""
_PRINTED = np.array([card.printed_value for card in CARDS], dtype=np.int32)
_BASE_TAKE = np.array(
    [[sum(BASE_RELIC_VALUES[r : r + k]) for k in range(len(RELIC_IDS) + 1)] for r in range(6)],
    dtype=np.int32,
).reshape(-1)
"""``_BASE_TAKE[r * 6 + k]``: base-game points for taking k relics when r are rescued."""
_POPCOUNT = np.array([bin(mask).count("1") for mask in range(256)], dtype=np.int32)
_BITS = np.array(
    [[mask >> s & 1 for s in range(_MAX_SEATS)] for mask in range(256)], dtype=np.int32
)
"""``_BITS[mask]``: the seats of a seat mask, as 0/1 per seat."""
_MAX_PATH = len(TREASURE_IDS) + len(RELIC_IDS) + len(TRAP_TYPES) + 1


def play_batch(
    thresholds: Ints,
    leave_p: NDArray[np.float64],
    *,
    variant: bool,
    per_card: bool,
    rng: np.random.Generator,
    trace: list[Step] | None = None,
) -> tuple[Ints, Ints]:
    """Play one full game per row; return (scores (G, n), decisions per game (G,)).

    ``thresholds`` is (G, n, 5): each seat's pocket threshold per round; ``leave_p`` is
    (G, n): each seat's probability of leaving anyway (policies without a coin have 0).
    With a ``trace`` list, every step is appended to it (see :class:`Step`), so a game can
    be replayed on the engine.

    Each game goes on to its next round as soon as one ends, so the lock-step never waits
    for the longest round; a game that has played its five rounds idles (drawing from a
    scratch row of treasures, with nobody inside) until the finished games are dropped.
    """
    games, n, _ = thresholds.shape
    if not 1 <= n <= _MAX_SEATS:
        raise ValueError(f"the batch plays 1 to {_MAX_SEATS} seats, not {n}")
    scores = np.zeros((games, n), dtype=np.int64)
    decisions = np.zeros(games, dtype=np.int64)
    if not games:
        return scores, decisions
    deck = np.empty((games + 1, _DECK), dtype=np.int32)
    start = list(TREASURE_IDS + TRAP_IDS) if variant else list(range(_DECK))
    deck[:games, : len(start)] = start
    deck[games] = [TREASURE_IDS[i % len(TREASURE_IDS)] for i in range(_DECK)]
    flat = deck.reshape(-1)
    scratch = games * _DECK
    # Seat choices are packed 4 or 8 to a word (one byte each) and turned into a seat mask
    # by one multiplication; the padding seats never leave.
    width = 4 if n <= 4 else 8
    # A threshold per seat and round in one byte (a pocket never reaches 255: the whole deck
    # holds 124 rubies), a game's round in one word.
    word = np.uint32 if width == 4 else np.uint64
    by_seat = np.full((games, ROUNDS, width), _NO_LIMIT, dtype=np.uint8)
    by_seat[:, :, :n] = np.minimum(thresholds, _NO_LIMIT).transpose(0, 2, 1)
    limits = by_seat.reshape(-1).view(word)
    coins = Coins(leave_p, width)
    other = coins.other
    bits = np.ascontiguousarray(_BITS[:, :n].T)
    relic_ids = np.array(RELIC_IDS, dtype=np.int32)
    fresh = np.array([(1 << n) - 1, n, 0, 0, 0, 0, 0], dtype=np.int32)[:, None]
    # The working table: one row per quantity, one column per game not yet finished.
    table = np.zeros((_CHEST + n, games), dtype=np.int32)
    table[_GAME] = np.arange(games)
    # Where each game's deck row starts in ``flat``, kept apart as NumPy's index type.
    row = np.arange(games, dtype=np.intp) * _DECK
    table[_LEFT] = len(start)
    if variant:
        flat[row + len(start)] = RELIC_IDS[0]
        table[_LEFT] += 1
    table[_SIZE] = table[_LEFT]
    table[_INSIDE : _RELIC_POINTS + 1] = fresh
    if coins.half is not None:
        table[_HALF] = coins.half
    thr = limits[table[_GAME] * ROUNDS] if (thresholds < _NO_LIMIT).any() else None
    on_card = np.zeros((games, _MAX_PATH), dtype=np.int32) if per_card else None
    everyone = np.arange(games)
    idle = idle_since = tick = 0
    while True:
        (game, size, inside, count, pocket, gems, traps, relics) = table[:_RELIC_POINTS]
        relic_points, half, rounds, steps, left, w_rescued, w_length = table[_RELIC_POINTS:_CHEST]
        w_chest = table[_CHEST:]
        active = game.size
        # Reveal: a uniform card of [0, size) goes to position size - 1, just behind the deck.
        pick = np.multiply(rng.random(active, dtype=np.float32), size, dtype=np.float32)
        pick = pick.astype(np.intp)
        pick += row
        size -= 1
        last = row + size
        card = np.take(flat, pick)
        flat[pick] = np.take(flat, last)
        flat[last] = card
        split = card * 16 + count
        pocket += np.take(_SHARE, split)
        if on_card is not None:
            on_card[everyone[:active], steps] = np.take(_REST, split)
            steps += 1
        else:
            gems += np.take(_REST, split)
        flags = np.take(_FLAGS, card)
        relic = flags >> _RELIC_SHIFT
        flags &= _TRAP_BITS
        trapped = traps & flags
        traps |= flags
        # A relic stays on the path but never goes back into the deck, nor does the second
        # trap of a kind: either leaves the deck row at once.
        gone = relic | trapped
        if gone.any():
            g = np.flatnonzero(gone)
            flat[last[g]] = flat[row[g] + left[g] - 1]
            left[g] -= 1
            relics += relic
            if variant:
                relic_points += np.take(_PRINTED, card)
            # After a second trap, pockets inside are lost and the round is over.
            safe = trapped == 0
            inside *= safe
            count *= safe
        # Choice: every explorer still inside decides at once.
        w_length += count
        leave = None
        if coins.half is not None:
            leave = np.frombuffer(rng.bytes(active), dtype=np.uint8) & half
        if other is not None:
            heads = _seat_mask(rng.random((active, width), dtype=np.float32) < other)
            leave = heads if leave is None else leave | heads
        if thr is not None:
            limit = thr.view(np.uint8).reshape(active, width)
            wants = _seat_mask(pocket.astype(np.uint8)[:, None] >= limit)
            leave = wants if leave is None else leave | wants
        if leave is not None:
            leave &= inside
            leavers = np.take(_POPCOUNT, leave)
            if leavers.any():
                divisor = np.maximum(leavers, 1)
                if on_card is not None:
                    some = np.flatnonzero(leavers)
                    width_now = int(steps[some].max())
                    cards = on_card[some, :width_now]
                    part = cards // divisor[some, None]
                    on_card[some, :width_now] = cards - part * divisor[some, None]
                    taken = np.zeros_like(pocket)
                    taken[some] = part.sum(axis=1)
                else:
                    taken = gems // divisor
                    gems -= taken * leavers
                gain = pocket + taken
                holders = np.flatnonzero(relics)
                if holders.size:
                    lone = holders[leavers[holders] == 1]
                    if variant:
                        gain[lone] += relic_points[lone]
                        relic_points[lone] = 0
                    else:
                        gain[lone] += _BASE_TAKE[w_rescued[lone] * 6 + relics[lone]]
                        w_rescued[lone] += relics[lone]
                    relics[lone] = 0
                w_chest += np.take(bits, leave, axis=1) * gain
                inside ^= leave
                count -= leavers
        if trace is not None:
            live = row != scratch
            left_now = np.zeros(active, dtype=np.int32) if leave is None else leave
            trace.append(Step(rounds[live] + 1, game[live], card[live], left_now[live]))
        tick += 1
        if count.all() and not (idle and tick - idle_since >= _MAX_IDLE):
            continue
        ended = np.flatnonzero((count == 0) & (row != scratch))
        # Rounds that ended: the path goes back into the deck, the next round begins.
        after = rounds[ended] + 1
        rounds[ended] = after
        going = after < ROUNDS
        nxt = ended[going]
        if nxt.size:
            after = after[going]
            if variant:
                flat[row[nxt] + left[nxt]] = relic_ids[after]
                left[nxt] += 1
            size[nxt] = left[nxt]
            table[_INSIDE : _RELIC_POINTS + 1, nxt] = fresh
            if on_card is not None:
                on_card[nxt] = 0
                steps[nxt] = 0
            if thr is not None:
                thr[nxt] = limits[game[nxt] * ROUNDS + after]
        done = ended[~going]
        if not done.size and not (idle and tick - idle_since >= _MAX_IDLE):
            continue
        # Finished games idle (nothing of theirs changes any more) until they are dropped,
        # which is soon enough for an idle game's draws to stay inside the scratch row.
        row[done] = scratch
        size[done] = _DECK
        steps[done] = 0
        if not idle:
            idle_since = tick
        idle += done.size
        if idle * 4 >= active or tick - idle_since >= _MAX_IDLE:
            finished = row == scratch
            out = np.take(table, np.flatnonzero(finished), axis=1)
            scores[out[_GAME]] = out[_CHEST:].T
            decisions[out[_GAME]] = out[_LENGTH]
            if idle == active:
                return scores, decisions
            keep = np.flatnonzero(~finished)
            table = np.take(table, keep, axis=1)
            row = np.take(row, keep)
            idle = 0
            if other is not None:
                other = np.take(other, keep, axis=0)
            if thr is not None:
                thr = np.take(thr, keep, axis=0)
            if on_card is not None:
                on_card = np.take(on_card, keep, axis=0)


@dataclass(frozen=True)
class Step:
    """One lock-step of a traced batch: the games still playing, the round each is in, the
    card each revealed and the seats that left (a seat mask; 0 after a second trap)."""

    rounds: Ints
    games: Ints
    cards: Ints
    leave: Ints


class Coins:
    """The seats' coins for one batch: a random bit for p = 1/2, a float for other p."""

    def __init__(self, leave_p: NDArray[np.float64], width: int) -> None:
        games, n = leave_p.shape
        half = leave_p == 0.5
        self.half: NDArray[np.int32] | None = None
        if half.any():
            self.half = (half * (1 << np.arange(n))).sum(axis=1).astype(np.int32)
        other = (leave_p > 0.0) & ~half
        self.other: NDArray[np.float32] | None = None
        if other.any():
            self.other = np.zeros((games, width), dtype=np.float32)
            self.other[:, :n] = np.where(other, leave_p, 0.0)


def _seat_mask(choice: NDArray[np.bool_]) -> NDArray[np.int32]:
    """(games, 4 or 8) booleans -> one seat mask per game (bit s = column s)."""
    if choice.shape[1] == 4:
        words32 = choice.view(np.uint32).reshape(-1)
        return ((words32 * np.uint32(0x01020408)) >> np.uint32(24)).astype(np.int32)
    words64 = choice.view(np.uint64).reshape(-1)
    return ((words64 * np.uint64(0x0102040810204080)) >> np.uint64(56)).astype(np.int32)


_NO_LIMIT = 255
_MAX_IDLE = 20
"""Steps a finished game may idle before it is dropped (its draws shorten its scratch deck
of 35 cards by one a step, and it must never run out)."""
_GAME, _SIZE, _INSIDE, _COUNT, _POCKET, _GEMS, _TRAPS, _RELICS = range(8)
_RELIC_POINTS, _HALF, _ROUND, _STEPS, _LEFT, _RESCUED, _LENGTH, _CHEST = range(8, 16)
"""Rows of the working table, one column per game; ``_CHEST`` is the first of n rows.
``_INSIDE`` to ``_RELIC_POINTS`` are what a new round resets."""


# -- the same policies on the engine, for checks ---------------------------------------------


def play_engine(
    policies: Sequence[LeavePolicy],
    seating_table: Ints,
    seed: int,
    options: dict[str, Any] | None = None,
    *,
    deal_seed: Callable[[int, int], int],
) -> Ints:
    """Engine games of ``policies``, one per row of ``seating_table`` (the entry in each
    seat); game i has the seed ``deal_seed(seed, i)`` (simulations' mix,
    ``relicbox.play.simulate.deal_seed``), so games are independent. Returns the scores.

    The policies read the pocket and the round through the state's accessors, the same
    numbers their views hold, which keeps a check of many games fast.
    """
    games, n = seating_table.shape
    scores = np.zeros((games, n), dtype=np.int64)
    for i in range(games):
        state = DiamantState.game.new_state(n, deal_seed(seed, i), record=False, **(options or {}))
        if not isinstance(state, DiamantState):
            raise TypeError("the diamant game must build DiamantState")
        coin = Rng(deal_seed(seed ^ 0x5EA7, i))
        mine = [policies[entry] for entry in seating_table[i].tolist()]
        while not state.is_over:
            pockets = state.pockets()
            round_number = state.round
            for seat in state.to_act:
                policy = mine[seat]
                toss = coin.random() if policy.leave_p > 0.0 else 1.0
                leave = policy.leaves(round_number, pockets[seat], toss)
                state.act(seat, LEAVE if leave else CONTINUE)
        scores[i] = state.scores()
    return scores


__all__ = [
    # Diamant's tables, for the NumPy code of the learning adapters (relicbox.envs.vector)
    "BASE_RELIC_VALUES",
    "CARDS",
    "CODES",
    "COPIES",
    "NEVER",
    "RELIC_IDS",
    "ROUNDS",
    "SIMULATOR",
    "TRAP_IDS",
    "TRAP_TYPES",
    "TREASURE_IDS",
    "DiamantBatch",
    "Kind",
    "LeavePolicy",
    "Plan",
    "PolicyAgent",
    "Step",
    "play_batch",
    "play_engine",
    "policy_for_spec",
    "variant_code",
]
