"""Toolboxes and one-use ivory tiles in Relic Runners: what each does when used
(:data:`TOOL_EFFECTS`, :data:`IVORY_USES`)."""

from __future__ import annotations

from collections.abc import Callable

from relicbox.games.relic_runners import actions, tasks
from relicbox.games.relic_runners.board import CAMP
from relicbox.games.relic_runners.data import COMPASS, MACHETE, RATION_CAP, SHOVEL
from relicbox.games.relic_runners.exploring import ExploringState
from relicbox.games.relic_runners.movement import bits, line_length
from relicbox.games.relic_runners.parts import ToolUse


class EffectsState(ExploringState):
    """Using toolboxes and one-use ivory tiles."""

    __slots__ = ()

    def _use_tool(self, seat: int, use: ToolUse) -> None:
        board = self._boards[seat]
        board.tools[use.slot] -= 1
        board.start_row += 1
        self._this_turn.tool_used = True
        self._history.append(("tool", seat, use.action.args_as(actions.UseTool).toolbox))
        TOOL_EFFECTS[use.branch, use.level, use.choice](self, seat, board.pos)

    def _machete_explore(self, seat: int, pos: int) -> None:
        self._explore(pos, pos, 0, search=True)

    def _double_gains(self, seat: int, pos: int) -> None:
        self._this_turn.double = True
        if self.settings.shovel3 != "after":
            self._double_earlier_gains(seat)

    def _double_earlier_gains(self, seat: int) -> None:
        """The retroactive reading (§4.14): what this turn already earned counts twice too."""
        if self._this_turn.turn_gain:
            self._boards[seat].coins += self._this_turn.turn_gain
            self._history.append(("coins", seat, self._this_turn.turn_gain, "shovel"))
        for index in self._this_turn.turn_blue:
            self._show_blue(seat, self._boards[seat].blue[index])
        self._this_turn.turn_gain = 0
        self._this_turn.turn_blue = []

    def longest_line(self, seat: int) -> int:
        """Trails in ``seat``'s longest trail-simple line of pathways, not passing through camp."""
        adjacent = {
            node: [(trail, other) for trail, other, _, _ in links]
            for node, links in enumerate(self._map.adj)
        }
        return line_length(adjacent, set(bits(self._boards[seat].paths)), CAMP)

    def _use_ivory_action(self, seat: int, code: str) -> None:
        self._use_ivory(seat, code)
        self._ivory_effect(seat, code)

    def _ivory_effect(self, seat: int, code: str) -> None:
        IVORY_USES[code](self, seat)

    def _free_the_order(self, seat: int) -> None:
        self._this_turn.free_order = True

    def _look_here(self, seat: int) -> None:
        self._pay_ration(seat)
        self._this_turn.explored = True
        node = self._boards[seat].pos
        self._look_through(seat, node, node, 0)


_Tool = Callable[[EffectsState, int, int], None]
TOOL_EFFECTS: dict[tuple[int, int, str], _Tool] = {
    (MACHETE, 1, ""): EffectsState._machete_explore,
    (MACHETE, 2, ""): lambda state, seat, pos: state._take_rations(seat, 2, "machete"),
    (MACHETE, 3, ""): lambda state, seat, pos: state._gain(
        seat, 4 * sum(state._boards[seat].relics), "machete"
    ),
    (COMPASS, 1, ""): lambda state, seat, pos: state._begin_relocation(1),
    (COMPASS, 2, ""): lambda state, seat, pos: state._begin_relocation(2),
    (COMPASS, 3, ""): lambda state, seat, pos: state._gain(
        seat, 2 * state.longest_line(seat), "compass"
    ),
    (SHOVEL, 1, "toolbox"): lambda state, seat, pos: state._bring_toolbox(seat),
    (SHOVEL, 1, "vp"): lambda state, seat, pos: state._gain(seat, 2, "shovel"),
    (SHOVEL, 2, ""): lambda state, seat, pos: state._agenda.push(tasks.Place(pos, 0, 1, 0)),
    (SHOVEL, 3, ""): EffectsState._double_gains,
}
"""What using a toolbox does, by (branch, level, choice) (``data.TOOL_ACTIONS`` says it in
words); called with the state, the seat and the space it stands on."""

IVORY_USES: dict[str, Callable[[EffectsState, int], None]] = {
    "I2-a": EffectsState._free_the_order,
    "I2-b": EffectsState._look_here,
    "I2-c": lambda state, seat: state._take_rations(seat, RATION_CAP, "I2-c"),
}
"""The one-use ivory tiles used as an action of their own (I2-d and I2-e change a pathway
placement, I2-f replaces the move: see _decide_place and _jump)."""
