"""Relic Runners' rules (documented in ``docs/rules/relic_runners.md``) on the core contract.

A turn is a sequence of small decisions by one seat: ``move`` along trails one at a
time, then ``stop`` (entering the camp stops at once); then ``explore`` or ``end``;
toolboxes (``use compass 1``) before moving or after it. Effects that need choices
push *tasks* on an agenda (place a pathway, keep an ivory tile, advance toolboxes,
flip tokens, ...); the top task decides what is asked next, and tasks that need no
choice run by themselves. A turn whose only remaining choice would be ``end`` (or a
move whose only choice is ``stop``) ends by itself.

Chance is explicit and lazy. Temple colours are dealt one temple at a time (standard
and random setups), and a temple tile's identity is drawn only when it is turned face
up or taken: from the unseen tiles of its colour and level. That is the same as
drawing 4 tiles per level at random, stacking them face down and boxing the rest,
and it makes every draw a chance event a driver can choose.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import cast

from relicbox.core.actions import Action
from relicbox.core.errors import Reason
from relicbox.core.game import Option, Part
from relicbox.core.history import FrozenDict, History
from relicbox.core.rng import Rng, as_rng
from relicbox.games.relic_runners import actions, tasks
from relicbox.games.relic_runners.base import NO_PROGRESS_ROUNDS
from relicbox.games.relic_runners.board import CAMP, NODE_IDS
from relicbox.games.relic_runners.data import (
    ABILITIES,
    BLUE,
    CAMP_RATIONS_PER_PLAYER,
    COLOURS,
    EXPLORER_COLOURS,
    PURPLE,
    RATION_CAP,
    STACK_HEIGHT,
    TILES,
    pool_key,
)
from relicbox.games.relic_runners.decisions import DecisionsState
from relicbox.games.relic_runners.lookups import (
    MOVE,
    NONE,
    OVER,
    SETUP,
    TILE_CODE,
    TILE_COLOUR,
    TILE_LEVEL,
    compiled_board,
)
from relicbox.games.relic_runners.parts import (
    FIELDS,
    PlayerBoard,
)

_NO_TILES: Mapping[int, tuple[int, int]] = cast(Mapping[int, tuple[int, int]], FrozenDict())
"""A stack with no drawn tile. Stacks' drawn tiles (and stack levels, and the boxed pools) are
never changed in place but replaced, so clones share them (copy on write)."""
_END_ACTION, _STOP_ACTION = actions.END, actions.STOP
_EXPLAIN = Part("relicbox.games.relic_runners.explain", "explain")
"""The words of a refusal (:func:`.explain.explain`), by where they are: they stand on the
state's layers below these rules, and load only when an action is refused."""


class RelicRunnersState(DecisionsState):
    """One moment of a game of Relic Runners. Build it with ``relicbox.new_game``.

    Its parts are layered classes (see :mod:`.base`); this one sets a game up, runs the
    agenda, checks and applies decisions, draws chance outcomes and makes the copies
    search bots play on."""

    fields = FIELDS
    __slots__ = ()

    def _setup(self) -> None:
        players = self.players
        self._map = compiled_board(self.settings.board)
        nodes = len(NODE_IDS)
        kind = self._map.kind
        self._height = STACK_HEIGHT[players]
        self._colour = [None] * nodes
        self._levels = [
            tuple(range(1, self._height + 1)) if kind[i] != "camp" else () for i in range(nodes)
        ]
        self._fixed = [_NO_TILES] * nodes
        self._relic_on = [False] * nodes
        self._tokens = [True] * 10
        first = self.settings.setup == "first"
        self._pools = [
            tuple(
                tile.id
                for tile in TILES
                if pool_key(tile.colour, tile.level) == key and not (first and tile.red_gem)
            )
            for key in range(9)
        ]
        self._discard = []
        self._shown = []
        self._supply = CAMP_RATIONS_PER_PLAYER * players
        self._boards = [
            PlayerBoard(ABILITIES[EXPLORER_COLOURS[seat]] if self.settings.abilities else None)
            for seat in range(players)
        ]
        self._collected = 0
        for seat in range(players):
            self._apply_setup_ability(seat)
        self._history = History()
        self._final_seat = None
        self._final_left = 0
        self._extra = False
        self._truncated = False
        self._turn = 0
        self._progress_turn = 0
        self._seat = 0
        self._stage = SETUP
        self._clear_turn()
        self._start = CAMP
        self._start_relic = None
        self._chance = []
        self._agenda = tasks.Agenda([tasks.BEGIN, tasks.SETUP_PURPLES])
        self._legal = NONE
        self._deal_colours(first)
        self._run()

    def _apply_setup_ability(self, seat: int) -> None:
        ability = self._boards[seat].ability
        if ability == "extra-toolbox":
            self._boards[seat].reserve -= 1
            self._boards[seat].start_row += 1
        elif ability == "full-pack":
            extra = min(RATION_CAP - self._boards[seat].rations, self._supply)
            self._boards[seat].rations += extra
            self._supply -= extra

    def _deal_colours(self, first: bool) -> None:
        board = self._map.board
        for node in range(len(NODE_IDS)):
            if self._map.kind[node] != "temple":
                continue
            if first:
                self._colour[node] = COLOURS.index(cast(str, board.first_colour[node]))
            else:
                self._chance.append(("colour", node))

    def _setup_purples(self) -> None:
        for node in range(len(NODE_IDS)):
            if self._colour[node] == PURPLE:
                self._turn_up(node)

    def _begin(self) -> None:
        self._agenda.push(tasks.FIRST_TURN)
        for seat in reversed(range(self.players)):
            ability = self._boards[seat].ability
            if ability == "head-start":
                self._agenda.push(tasks.START)
                self._agenda.push(tasks.SetSeat(seat))
            elif ability == "camp-pathway":
                self._agenda.push(tasks.Place(CAMP, 0, 1, 0))
                self._agenda.push(tasks.SetSeat(seat))

    def _run(self) -> None:
        """Run automatic tasks until a decision or a chance event is due; cache legal actions."""
        while True:
            if self._stage is OVER:
                self._legal = NONE
                return
            if self._chance:
                self._legal = NONE
                return
            agenda = self._agenda
            if agenda:
                # The task on top says what it does. Read by index, not agenda.top(): the
                # agenda is a list, and this runs at every step of every game.
                task = agenda[-1]
                if task.DECISION:
                    legal = task.choices(self)
                    if not legal:
                        agenda.pop()  # a decision with no possible choice is dropped
                        task.dropped(self)
                        continue
                    self._legal = legal
                    return
                agenda.pop()
                task.run(self)
                continue
            if self._stage is SETUP:
                self._stage = OVER
                continue
            if self._this_turn.end_after:
                # Purple P-e (teleport to camp) ends the turn like walking into camp (§4.7).
                self._end_turn()
                continue
            legal = self._move_actions() if self._stage is MOVE else self._post_actions()
            if len(legal) == 1:
                if legal[0] is _END_ACTION:
                    self._end_turn()  # the agenda is empty: as if END_TURN were run from it
                    continue
                if legal[0] is _STOP_ACTION:
                    self._stop()
                    continue
            self._legal = legal
            return

    def _why_illegal(self, seat: int, action: Action) -> Reason | None:
        not_a_seat = self._not_a_seat(seat)
        if not_a_seat is not None:
            return not_a_seat
        if self._stage is OVER:
            return Reason.of("error-game-over")
        if self._chance:
            return Reason.of("rr-error-chance")
        if seat != self._seat:
            return Reason.of("rr-error-turn", seat=self._seat, player=self._seat + 1)
        for legal in self._legal:
            if legal is action:
                return None
        # The explanations load at the first refusal: only refusals need them.
        explain: Callable[[DecisionsState, Action], Reason] = _EXPLAIN.load()
        return explain(self, action)

    def _is_legal(self, seat: int, action: Action) -> bool:
        # A look-up in the cached legal list (empty while chance is pending or the game is
        # over): simulations spend most of their time in act.
        if type(seat) is not int or seat != self._seat:
            return False
        for legal in self._legal:  # noqa: SIM110 - a plain loop beats any() with a generator
            if legal is action:
                return True
        return False

    def _apply(self, seat: int, action: Action) -> None:
        agenda = self._agenda
        if agenda and agenda[-1].DECISION:
            agenda.pop().decide(self, action)  # ``seat`` is the seat to act (_is_legal)
        else:
            self._base_decide(seat, action)
        self._run()

    def chance_outcomes(self) -> list[tuple[str, float]]:
        if not self.is_chance:
            return []
        event = self._chance[0]
        if event[0] == "colour":
            allowed = self._colour_choices(event[1])
            return [(COLOURS[colour], weight) for colour, weight in allowed]
        pool = self._pools[pool_key(cast(int, self._colour[event[1]]), event[2])]
        counts: dict[str, int] = {}
        for tile in pool:
            counts[TILE_CODE[tile]] = counts.get(TILE_CODE[tile], 0) + 1
        return [(code, count / len(pool)) for code, count in counts.items()]

    def _colour_choices(self, node: int) -> list[tuple[int, float]]:
        left = [4, 4, 4]
        in_quadrant: set[int] = set()
        quadrant = self._map.board.quadrant
        for other, colour in enumerate(self._colour):
            if colour is not None:
                left[colour] -= 1
                if quadrant[other] == quadrant[node]:
                    in_quadrant.add(colour)
        if self.settings.setup == "random":
            total = sum(left)
            return [(colour, left[colour] / total) for colour in range(3) if left[colour]]
        allowed = [colour for colour in range(3) if left[colour] and colour not in in_quadrant]
        if not allowed:
            allowed = [colour for colour in range(3) if left[colour]]
        return [(colour, 1 / len(allowed)) for colour in allowed]

    def _settle(self) -> None:
        # The base loop with is_chance inlined.
        if not self._chance or not self.auto_chance:
            return
        log = self._log
        while self._chance and self._stage is not OVER:
            outcome = self._sample_chance()
            if log is not None:
                log.append((None, outcome, True))

    def _sample_chance(self) -> str:
        event = self._chance[0]
        if event[0] == "colour":
            choices = self._colour_choices(event[1])
            roll = self._rng.random()
            colour = choices[-1][0]
            for candidate, weight in choices:
                if roll < weight:
                    colour = candidate
                    break
                roll -= weight
            outcome = COLOURS[colour]
        else:
            pool = self._pools[pool_key(cast(int, self._colour[event[1]]), event[2])]
            outcome = TILE_CODE[pool[self._rng.below(len(pool))]]
        self._apply_chance(outcome)
        return outcome

    def _apply_chance(self, outcome: str) -> None:
        event = self._chance.pop(0)
        if event[0] == "colour":
            self._colour[event[1]] = COLOURS.index(outcome)
        else:
            _, node, level, knower = event
            key = pool_key(cast(int, self._colour[node]), level)
            pool = self._pools[key]
            at = next(i for i, tile in enumerate(pool) if TILE_CODE[tile] == outcome)
            self._pools[key] = pool[:at] + pool[at + 1 :]
            self._fix(node, level, pool[at], knower)
        self._run()

    def determinize(self, seat: int, rng: object = None) -> RelicRunnersState:
        """Everything ``seat`` cannot see is redrawn from the tiles it has not seen.

        Hidden are: face-down stack tiles (drawn lazily, so nothing to do unless
        someone looked at them with I2-b), the other seats' blue tiles (their
        levels are public, their values are not, unless ``seat`` saw the tile in
        its stack with I2-b), and the boxed tiles (the pools).
        Coin gains are public events at the table, so coin totals stay as they are.
        """
        self._require_seat(seat, "determinize")
        source = as_rng(rng)
        other = self.clone()
        other._log = None
        other._rng = Rng(source.next64())
        if self._stage is OVER:
            return other  # every tile and coin is turned face up at the end
        me = 1 << seat
        hidden: list[tuple[str, int, int]] = []
        shown = set(self._shown)
        pools = [list(pool) for pool in other._pools]
        for s in range(self.players):
            if s == seat:
                continue
            for i, tile in enumerate(other._boards[s].blue):
                if tile not in shown and not other._boards[s].blue_seen[i] & me:
                    hidden.append(("blue", s, i))
                    pools[pool_key(BLUE, TILE_LEVEL[tile])].append(tile)
        for node, fixed in enumerate(other._fixed):
            for level, (tile, knower) in fixed.items():
                if not knower & me:
                    hidden.append(("stack", node, level))
                    pools[pool_key(TILE_COLOUR[tile], level)].append(tile)
        for pool in pools:
            pool.sort()
        for kind, a, b in hidden:
            if kind == "blue":
                tile = other._boards[a].blue[b]
                pool = pools[pool_key(BLUE, TILE_LEVEL[tile])]
                other._boards[a].blue[b] = pool.pop(source.below(len(pool)))
            else:
                tile, knower = other._fixed[a][b]
                pool = pools[pool_key(TILE_COLOUR[tile], b)]
                other._fix(a, b, pool.pop(source.below(len(pool))), knower)
        other._pools = [tuple(pool) for pool in pools]
        return other


# -- metadata ---------------------------------------------------------------------------

OPTIONS = (
    Option(
        "setup",
        "standard",
        "temple layout: first (fixed colours, no red-gem tiles), standard (one of each "
        "colour per quadrant where possible) or random",
        ("first", "standard", "random"),
    ),
    Option(
        "abilities",
        False,
        "play the explorer boards' ability sides (three of the five are placeholders)",
        (False, True),
    ),
    Option(
        "board",
        None,
        "a board file (JSON or TOML) instead of the default map",
        data_file=True,
    ),
    Option(
        "teleport_ends_turn",
        True,
        "purple P-e (teleport to camp) ends the turn, as walking into camp does",
        (True, False),
    ),
    Option(
        "shovel3",
        "whole-turn",
        "Shovel level 3 doubles every VP gained in that turn (whole-turn) or only "
        "the VP gained after it is used (after)",
        ("whole-turn", "after"),
    ),
    Option(
        "i2b",
        "any-exploration",
        "ivory I2-b (look through a stack) also works when Machete 1 or purple P-g "
        "explores a temple (any-exploration), or only on a normal explore "
        "(explore-only)",
        ("any-exploration", "explore-only"),
    ),
    Option(
        "no_progress_rounds",
        NO_PROGRESS_ROUNDS,
        "end the game, flagged truncated, after this many rounds in which nobody "
        "explored, placed a pathway or took a relic (0 = never)",
        integer=True,
    ),
    Option(
        "max_turns",
        None,
        "end the game after this many turns, flagged truncated (for simulations)",
        integer=True,
    ),
)
"""Relic Runners' options; the package declares the game with them and registers it with its
views, codec, text, bots and sampler (see ``relicbox.games.relic_runners``)."""
