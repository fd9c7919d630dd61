"""Exploring ruins and temples in Relic Runners: the stacks, the tiles taken (ivory, blue,
purple) and what purple tiles do (:data:`PURPLE_EFFECTS`)."""

from __future__ import annotations

from collections.abc import Callable

from relicbox.games.relic_runners import tasks
from relicbox.games.relic_runners.base import FIRST_EXPLORER
from relicbox.games.relic_runners.board import CAMP
from relicbox.games.relic_runners.data import BLUE, IVORY, LOOK_THROUGH_TILE
from relicbox.games.relic_runners.lookups import (
    MOVE,
    TILE_COLOUR,
    TILE_EFFECT,
    TILE_LEVEL,
    TILE_VALUE,
    read_only,
)
from relicbox.games.relic_runners.travel import TravelState


class ExploringState(TravelState):
    """Exploring and taking tiles."""

    __slots__ = ()

    def _explore(self, node: int, origin: int, forbidden: int, search: bool = False) -> None:
        """Resolve the action of ``node`` for the current seat standing on ``origin``.

        ``search``: the exploration comes from Machete 1 or purple P-g, where the seat
        may still use I2-b (look through the stack) unless option ``i2b`` says
        ``explore-only``; a normal explore offers I2-b beside ``explore`` instead.
        """
        seat = self._seat
        levels = self._levels[node]
        if self._map.kind[node] == "ruin":
            first = len(levels) == self._height
            self._levels[node] = levels[:-1]
            self._progress_turn = self._turn
            self._history.append(("ruin", seat, node))
            if first:
                self._ivory_fires(seat, FIRST_EXPLORER)
            self._shrine_check(node)
            if self._boards[seat].path_supply:
                self._agenda.push(tasks.Place(origin, 0, 1, 0))
            return
        level = levels[-1]
        if (
            search
            and len(levels) > 1
            and self._has(seat, LOOK_THROUGH_TILE)
            and self.settings.i2b != "explore-only"
        ):
            self._agenda.push(tasks.Pick(node, origin, forbidden, 1))
            return
        self._agenda.push(tasks.Take(node, level, origin, forbidden))
        self._reveal(node, level, seat)

    def _take(self, node: int, level: int, origin: int, forbidden: int) -> None:
        seat = self._seat
        levels = self._levels[node]
        first = len(levels) == self._height
        fixed = dict(self._fixed[node])
        tile, knower = fixed.pop(level)
        self._fixed[node] = read_only(fixed)
        self._levels[node] = tuple(other for other in levels if other != level)
        self._progress_turn = self._turn
        if first:
            self._ivory_fires(seat, FIRST_EXPLORER)
        colour = TILE_COLOUR[tile]
        if colour == IVORY:
            self._take_ivory(seat, node, tile)
        elif colour == BLUE:
            self._take_blue(seat, node, tile, knower)
        else:
            self._take_purple(seat, node, tile, origin, forbidden)
        self._shrine_check(node)

    def _take_ivory(self, seat: int, node: int, tile: int) -> None:
        self._history.append(("ivory", seat, node, tile))
        level = TILE_LEVEL[tile]
        if level in self._boards[seat].ivory:
            self._this_turn.new_tile = tile
            self._agenda.push(tasks.Keep(level))
            self._gain(seat, 2, "compensation", temple=True)
        else:
            self._boards[seat].ivory[level] = tile

    def _take_blue(self, seat: int, node: int, tile: int, knower: int) -> None:
        self._boards[seat].blue.append(tile)
        self._boards[seat].blue_seen.append(knower)
        self._history.append(("blue", seat, node, TILE_LEVEL[tile]))
        self._gain(seat, 0, "blue", temple=True)
        if self._this_turn.double:
            self._show_blue(seat, tile)
        elif seat == self._seat:
            # by position in the seat's blue tiles, which determinize keeps in place
            self._this_turn.turn_blue.append(len(self._boards[seat].blue) - 1)

    def _show_blue(self, seat: int, tile: int) -> None:
        """Shovel level 3 on a blue tile: show it and take its value in coins now as well."""
        self._shown.append(tile)
        self._history.append(("show", seat, tile))
        self._boards[seat].coins += TILE_VALUE[tile]
        self._history.append(("coins", seat, TILE_VALUE[tile], "shown"))

    def _take_purple(self, seat: int, node: int, tile: int, origin: int, forbidden: int) -> None:
        self._discard.append(tile)
        effect = TILE_EFFECT[tile]
        self._history.append(("purple", seat, node, tile))
        self._agenda.push(tasks.TurnUp(node))
        PURPLE_EFFECTS[effect](self, seat, node, origin, forbidden)

    def _teleport(self, seat: int) -> None:
        """Purple P-e: to the camp, with its rations; the turn ends (or the move is owed)."""
        self._boards[seat].pos = CAMP
        self._history.append(("teleport", seat))
        self._arrive_camp(seat)
        if self._stage is MOVE:
            # Taken before moving (Machete 1): the move is still owed, and it starts
            # from the camp; it may not end where the turn began (§1.4).
            self._this_turn.route = [CAMP]
        else:
            self._this_turn.end_after = self.settings.teleport_ends_turn

    def _turn_up(self, node: int) -> None:
        levels = self._levels[node]
        if levels and levels[-1] not in self._fixed[node]:
            self._chance.append(("reveal", node, levels[-1], (1 << self.players) - 1))
        elif levels:
            tile, _ = self._fixed[node][levels[-1]]
            self._fix(node, levels[-1], tile, (1 << self.players) - 1)

    def _look_through(self, seat: int, node: int, origin: int, forbidden: int) -> None:
        """I2-b: see every tile left in the stack at ``node`` and choose which to take."""
        self._agenda.push(tasks.Pick(node, origin, forbidden, 0))
        for level in reversed(self._levels[node]):
            self._reveal(node, level, seat, private=True)


_Purple = Callable[[ExploringState, int, int, int, int], None]
PURPLE_EFFECTS: dict[str, _Purple] = {
    "a": lambda state, seat, node, origin, forbidden: state._gain(seat, 3, "purple", temple=True),
    "b": lambda state, seat, node, origin, forbidden: state._push_steps(1),
    "c": lambda state, seat, node, origin, forbidden: state._take_rations(seat, 2, "purple"),
    "d": lambda state, seat, node, origin, forbidden: state._bring_toolbox(seat),
    "e": lambda state, seat, node, origin, forbidden: state._teleport(seat),
    "f": lambda state, seat, node, origin, forbidden: state._begin_relocation(1),
    "g": lambda state, seat, node, origin, forbidden: state._agenda.push(
        tasks.Target(origin, forbidden | 1 << node)
    ),
    "h": lambda state, seat, node, origin, forbidden: state._agenda.push(
        tasks.Flip(2, 0, 0, tasks.FLIP_EFFECT)
    ),
}
"""What each purple tile does when taken (``data.PURPLE_EFFECTS`` says it in words):
called with the state, the seat, the tile's space, the space explored from and the spaces
purple P-g may no longer target."""
