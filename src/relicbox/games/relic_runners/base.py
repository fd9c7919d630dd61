"""The core of a Relic Runners state: its fields (declared in :data:`.parts.FIELDS`), whose
turn it is, the small steps the rules are made of, and what held ivory tiles do
(:data:`IVORY_PASSIVES`).

The state class is built in layers, each a class adding one part of the rules on top of
the one below: base <- endgame <- legal <- travel <- exploring <- effects <- decisions
<- ``rules.RelicRunnersState``. A layer calls only what its own class or those below
define, so the imports run one way.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, cast

from relicbox.core.actions import Action
from relicbox.core.game import State
from relicbox.core.history import History
from relicbox.games.relic_runners import tasks
from relicbox.games.relic_runners.data import (
    BLUE,
    CAMP_REFILL,
    RATION_CAP,
    RELICS_TO_END,
    RUIN_RELIC,
    TEMPLE_RELIC,
    TILE_BY_CODE,
    TOOLBOXES,
)
from relicbox.games.relic_runners.lookups import (
    IVORY_LEVEL,
    MOVE,
    NONE,
    OVER,
    TILE_EFFECT,
    CompiledBoard,
    read_only,
)
from relicbox.games.relic_runners.parts import (
    CAN_GO_UP,
    FIELDS,
    PlayerBoard,
    Stage,
    TurnRecord,
)

_ONE_SEAT = tuple((seat,) for seat in range(8))

# When a held ivory tile acts (IVORY_PASSIVES): an event, or an amount it adds to.
PATHWAY_PLACED, FIRST_EXPLORER, RIVAL_RELOCATED, CAMP_LEFT, AFTER_LAST_TURN = (
    "pathway-placed",
    "first-explorer",
    "rival-relocated",
    "camp-left",
    "after-last-turn",
)
TEMPLE_GAIN, CAMP_ARRIVAL, FINAL_SCORING = "temple-gain", "camp-arrival", "final-scoring"


NO_PROGRESS_ROUNDS = 30
"""Rounds without progress after which a game ends by the backstop (see ``rules``)."""


@dataclass(frozen=True, slots=True)
class RelicRunnersSettings:
    """Relic Runners' options, typed (see ``rules.OPTIONS`` for what each one means)."""

    setup: Literal["first", "standard", "random"] = "standard"
    abilities: bool = False
    board: Mapping[str, Any] | None = None
    """A parsed board file, or ``None`` for the default map."""
    teleport_ends_turn: bool = True
    shovel3: Literal["whole-turn", "after"] = "whole-turn"
    i2b: Literal["any-exploration", "explore-only"] = "any-exploration"
    no_progress_rounds: int | None = NO_PROGRESS_ROUNDS
    max_turns: int | None = None


class StateBase(State):
    """The state's fields, whose turn it is, and the small steps every rule is made of:
    coins, rations, toolboxes, shrines, drawn tiles, held ivory tiles, starting a turn."""

    __slots__ = FIELDS.slots
    settings: RelicRunnersSettings

    # The types of the fields FIELDS declares, for every layer above.
    _map: CompiledBoard
    _height: int
    _colour: list[int | None]
    _levels: list[tuple[int, ...]]
    _fixed: list[Mapping[int, tuple[int, int]]]
    _relic_on: list[bool]
    _tokens: list[bool]
    _pools: list[tuple[int, ...]]
    _discard: list[int]
    _shown: list[int]
    _supply: int
    _boards: list[PlayerBoard]
    _collected: int
    _history: History[tuple[Any, ...]]
    _final_seat: int | None
    _final_left: int
    _extra: bool
    _truncated: bool
    _turn: int
    _progress_turn: int
    _seat: int
    _stage: Stage
    _this_turn: TurnRecord
    _start: int
    _start_relic: int | None
    _chance: list[tuple[Any, ...]]
    _agenda: tasks.Agenda
    _legal: Sequence[Action]

    @property
    def to_act(self) -> tuple[int, ...]:
        if self._stage is OVER or self._chance:
            return ()
        return _ONE_SEAT[self._seat]

    @property
    def is_over(self) -> bool:
        return self._stage is OVER

    @property
    def is_chance(self) -> bool:
        return bool(self._chance) and self._stage is not OVER

    @property
    def phase(self) -> str:
        """What is being decided: a task name, or ``setup``/``move``/``post``/``over``."""
        if self._stage is OVER:
            return "over"
        if self._agenda and self._agenda[-1].DECISION:
            return self._agenda[-1].KIND
        return str(self._stage._value_)  # not .value, a property: bots ask every decision

    def legal_actions(self, seat: int) -> Sequence[Action]:
        if type(seat) is int and seat == self._seat:
            return self._legal  # empty while chance is pending or the game is over (see _run)
        self._require_seat(seat, "legal_actions")
        return NONE

    def _clear_turn(self) -> None:
        self._this_turn = TurnRecord()

    def _start_turn(self, seat: int) -> None:
        self._seat = seat
        self._turn += 1
        self._stage = MOVE
        self._clear_turn()
        pos = self._boards[seat].pos
        self._start = pos
        self._start_relic = self._relic_colour(pos) if self._relic_on[pos] else None
        self._this_turn.route = [pos]
        self._history.append(("turn", seat, self._turn))

    def _relic_colour(self, node: int) -> int:
        if self._map.kind[node] == "ruin":
            return RUIN_RELIC
        return TEMPLE_RELIC[cast(int, self._colour[node])]

    def _has(self, seat: int, code: str) -> bool:
        tile = self._boards[seat].ivory.get(IVORY_LEVEL[code])
        return tile is not None and TILE_EFFECT[tile] == code

    def _level2(self, seat: int) -> str:
        """The effect of ``seat``'s level 2 ivory tile (one at most), or ``""``."""
        tile = self._boards[seat].ivory.get(2)
        return "" if tile is None else TILE_EFFECT[tile]

    def _use_ivory(self, seat: int, code: str) -> None:
        tile = self._boards[seat].ivory.pop(int(code[1]))
        self._discard.append(tile)
        self._history.append(("use-ivory", seat, code))

    def _ivory_fires(self, seat: int, when: str) -> bool:
        """Run the effect of ``seat``'s ivory tile that acts ``when`` (see IVORY_PASSIVES)."""
        level, effects = _PASSIVE[when]
        tile = self._boards[seat].ivory.get(level)
        effect = None if tile is None else effects.get(tile)
        if effect is None:
            return False
        effect(self, seat)
        return True

    def _ivory_adds(self, seat: int, when: str) -> int:
        """What ``seat``'s ivory tile that counts ``when`` adds to the amount (else 0)."""
        level, effects = _PASSIVE[when]
        tile = self._boards[seat].ivory.get(level)
        effect = None if tile is None else effects.get(tile)
        return 0 if effect is None else effect(self, seat) or 0

    def _extra_turn(self, seat: int) -> None:
        """Ivory I1-f: the tile goes and ``seat`` plays once more after the last turn."""
        self._discard.append(self._boards[seat].ivory.pop(1))
        self._extra = True
        self._history.append(("extra", seat))
        self._start_turn(seat)

    def _gain(self, seat: int, amount: int, reason: str, temple: bool = False) -> None:
        if temple:
            amount += self._ivory_adds(seat, TEMPLE_GAIN)
        if seat == self._seat:
            if self._this_turn.double:
                amount *= 2
            else:
                self._this_turn.turn_gain += amount  # for the whole-turn reading of Shovel level 3
        if amount:
            self._boards[seat].coins += amount
            self._history.append(("coins", seat, amount, reason))

    def _take_rations(self, seat: int, wanted: int, reason: str) -> None:
        got = min(wanted, RATION_CAP - self._boards[seat].rations, self._supply)
        if got > 0:
            self._boards[seat].rations += got
            self._supply -= got
        self._history.append(("rations", seat, max(got, 0), reason))

    def _arrive_camp(self, seat: int) -> None:
        wanted = 4 if self._boards[seat].ability == "big-refill" else CAMP_REFILL
        wanted += self._ivory_adds(seat, CAMP_ARRIVAL)
        self._take_rations(seat, wanted, "camp")

    def _pay_ration(self, seat: int) -> None:
        self._boards[seat].rations -= 1
        self._supply += 1

    def _movable_toolboxes(self, seat: int) -> bool:
        tools = self._boards[seat].tools
        return self._boards[seat].start_row > 0 or any(tools[slot] for slot in CAN_GO_UP)

    def _push_steps(self, count: int) -> None:
        if count > 0 and self._movable_toolboxes(self._seat):
            self._agenda.push(tasks.Steps(count))

    def _reset_tokens(self, seat: int) -> int:
        self._tokens = [True] * 10
        self._history.append(("reset", seat))
        return 1

    def _bring_toolbox(self, seat: int) -> None:
        if self._boards[seat].reserve:
            self._boards[seat].reserve -= 1
            self._boards[seat].start_row += 1
            self._history.append(("toolbox", seat))

    def _begin_relocation(self, count: int) -> None:
        self._this_turn.moved_to = 0
        self._this_turn.vacated = 0
        if self._boards[self._seat].paths:
            self._agenda.push(tasks.Lift(count))

    def _shrine_check(self, node: int) -> None:
        if not self._levels[node]:
            self._relic_on[node] = True
            self._history.append(("shrine", node, self._relic_colour(node), self._seat))

    def _trigger_check(self) -> None:
        if self._final_seat is None and self._collected >= RELICS_TO_END[self.players]:
            self._final_seat = self._seat
            self._final_left = self.players - 1
            self._history.append(("final-round", self._seat))

    def _reveal(self, node: int, level: int, seat: int, private: bool = False) -> None:
        """Make sure the tile at ``node``/``level`` is drawn and known to ``seat``.

        Ivory and purple tiles taken are shown to everyone; blue tiles and tiles seen
        by looking through a stack (I2-b) only to ``seat``.
        """
        fixed = self._fixed[node].get(level)
        everyone = (1 << self.players) - 1
        knower = 1 << seat if private or self._colour[node] == BLUE else everyone
        if fixed is None:
            self._chance.append(("reveal", node, level, knower))
        elif fixed[1] & knower != knower:
            self._fix(node, level, fixed[0], fixed[1] | knower)

    def _fix(self, node: int, level: int, tile: int, knower: int) -> None:
        """Record the tile at ``node``/``level`` and who knows it (copy on write)."""
        fixed = dict(self._fixed[node])
        fixed[level] = (tile, knower)
        self._fixed[node] = read_only(fixed)


_Passive = Callable[[StateBase, int], int | None]
IVORY_PASSIVES: dict[str, tuple[str, _Passive]] = {
    "I3-a": (PATHWAY_PLACED, lambda state, seat: state._gain(seat, 1, "pathway")),
    "I3-b": (FIRST_EXPLORER, lambda state, seat: state._gain(seat, 1, "first")),
    "I3-c": (TEMPLE_GAIN, lambda state, seat: 1),
    "I3-d": (RIVAL_RELOCATED, lambda state, seat: state._take_rations(seat, 1, "I3-d")),
    "I3-e": (CAMP_ARRIVAL, lambda state, seat: 1),
    "I3-f": (
        CAMP_LEFT,
        lambda state, seat: state._agenda.push(tasks.Flip(1, 1, 0, tasks.FLIP_AFTER_MOVE)),
    ),
    "I1-a": (FINAL_SCORING, lambda state, seat: 3 * len(state._boards[seat].ivory)),
    "I1-b": (FINAL_SCORING, lambda state, seat: 2 * state._boards[seat].rations),
    "I1-c": (
        FINAL_SCORING,
        lambda state, seat: 5 * sum(count - 1 for count in state._boards[seat].relics if count),
    ),
    "I1-d": (FINAL_SCORING, lambda state, seat: state._boards[seat].paths.bit_count()),
    "I1-e": (FINAL_SCORING, lambda state, seat: 4 * (TOOLBOXES - state._boards[seat].reserve)),
    "I1-f": (AFTER_LAST_TURN, StateBase._extra_turn),
}
"""The ivory tiles that act while held (``data.IVORY_EFFECTS`` says it in words): when each
triggers and what it does, called with the state and the holder's seat. A tile that counts
towards an amount (VP gained at a temple, camp rations, final scoring) returns what it adds;
the others act and return ``None``."""


def _passive_by_trigger() -> dict[str, tuple[int, dict[int, _Passive]]]:
    """Per trigger, the ivory level that holds its tiles and their effects by tile id."""
    table: dict[str, tuple[int, dict[int, _Passive]]] = {}
    for code, (when, effect) in IVORY_PASSIVES.items():
        level, effects = table.setdefault(when, (IVORY_LEVEL[code], {}))
        if level != IVORY_LEVEL[code]:
            raise ValueError(f"{code}: the tiles that act {when!r} must share one level")
        effects.update({tile: effect for tile in TILE_BY_CODE[code]})
    return table


_PASSIVE = _passive_by_trigger()
