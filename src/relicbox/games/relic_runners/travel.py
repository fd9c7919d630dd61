"""Walking the trails of Relic Runners, the I2-f jump, and what the end of a move brings:
expeditions, river tokens, the camp."""

from __future__ import annotations

from typing import cast

from relicbox.core.actions import Action
from relicbox.games.relic_runners import tasks
from relicbox.games.relic_runners.base import CAMP_LEFT
from relicbox.games.relic_runners.board import CAMP
from relicbox.games.relic_runners.data import JUMP_TILE
from relicbox.games.relic_runners.legal import LegalState
from relicbox.games.relic_runners.lookups import POST
from relicbox.games.relic_runners.movement import after_trail, bits

_NO_FLIPS: list[int] = []


class TravelState(LegalState):
    """Moving the explorer and what arriving does."""

    __slots__ = ()

    def _step(self, seat: int, action: Action) -> None:
        board = self._boards[seat]
        turn = self._this_turn
        pos = board.pos
        other, bit = self._map.step[pos][action.index]
        turn.unexp, turn.fam_before = after_trail(
            bool(board.paths & bit), turn.unexp, turn.fam_before
        )
        turn.used |= bit
        turn.moves += 1
        board.pos = other
        turn.route.append(other)
        if other == CAMP:
            self._stop()
        if pos == CAMP:
            self._ivory_fires(seat, CAMP_LEFT)

    def _stop(self) -> None:
        turn = self._this_turn
        self._history.append(
            ("move", self._seat, tuple(turn.route), turn.used & self._map.river_mask)
        )
        self._stage = POST
        self._agenda.push(tasks.AFTER_MOVE)

    def _jump(self, seat: int, node: int) -> None:
        self._use_ivory(seat, JUMP_TILE)
        self._jump_to(seat, node)

    def _jump_to(self, seat: int, node: int) -> None:
        self._boards[seat].pos = node
        self._this_turn.jumped = True
        self._history.append(("jump", seat, self._start, node))
        self._stage = POST

    def _after_move(self) -> None:
        seat = self._seat
        pos = self._boards[seat].pos
        if (
            self._start_relic is not None
            and self._relic_on[pos]
            and pos != self._start
            and self._relic_colour(pos) == self._start_relic
        ):
            self._expedition(seat, pos)
        turn = self._this_turn
        steps = turn.bonus_steps
        turn.bonus_steps = 0
        rivers = turn.used & self._map.river_mask
        flipped = (
            [k for trail in bits(rivers) if self._tokens[k := cast(int, self._map.token[trail])]]
            if rivers
            else _NO_FLIPS
        )
        for k in flipped:
            self._tokens[k] = False
        steps += len(flipped)
        if flipped:
            self._history.append(("tokens", seat, tuple(flipped)))
            if not any(self._tokens):
                steps += self._reset_tokens(seat)
        if pos == CAMP:
            self._arrive_camp(seat)
            self._agenda.push(tasks.END_TURN)
        if steps:
            self._push_steps(steps)

    def _expedition(self, seat: int, node: int) -> None:
        colour = self._relic_colour(node)
        self._relic_on[node] = False
        self._boards[seat].relics[colour] += 1
        self._collected += 1
        self._progress_turn = self._turn
        self._history.append(("relic", seat, node, colour, self._this_turn.moves))
        self._gain(seat, 2 * self._this_turn.moves, "expedition")
        self._trigger_check()
