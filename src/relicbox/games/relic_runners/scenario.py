"""Build a Relic Runners position by hand, for tests, puzzles and bug reports.

A :class:`Scenario` starts from a new game and edits its saved form (the codec's body);
:meth:`Scenario.build` loads the result through :func:`relicbox.state_from_dict`, so a
hand-made position passes the same checks as a saved game, and an impossible one (too
many rations, a tile in two places, a seat that cannot move) raises
:class:`~relicbox.core.errors.StateFormatError` naming the fault. Names are the ones views
use: spaces ``CAMP``, ``R1``..``R8``, ``T1``..``T12``; trails ``R1-T4``; tokens ``TB1``..;
tiles ``B3-4``, ``I2-b``, ``P1-c``; branches ``machete``, ``compass``, ``shovel``.

    state = (
        Scenario(players=3, seed=5)
        .explorer(0, "R3")
        .rations(0, 1)
        .paths(0, "R3-T6")
        .toolboxes(0, machete_2=1, start=1)
        .top("T6", "B3-2")
        .build()
    )

By default a scenario uses the first-game layout (``setup="first"``: fixed temple colours
T1 blue, T2 purple, T3 ivory, T4 purple, T5 ivory, T6 blue, T7 blue, T8 ivory, T9 purple,
T10 purple, T11 ivory, T12 blue). The ``*_in`` functions below make the same edits on a
body dict, for code that already holds one.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable
from typing import Any

from relicbox.core.errors import StateFormatError, quote
from relicbox.core.registry import get_game, state_from_dict
from relicbox.games.relic_runners.board import NODE_INDEX, TOKEN_IDS, default_board
from relicbox.games.relic_runners.data import (
    BRANCHES,
    PATHWAYS,
    RELIC_COLOURS,
    TILE_BY_CODE,
    TILES,
    TOOLBOXES,
    pool_key,
)
from relicbox.games.relic_runners.rules import RelicRunnersState

Body = dict[str, Any]
"""A state's ``body``: the game's own part of ``state.to_dict()``."""

_BOARD = default_board()


class Scenario:
    """A Relic Runners position under construction; every method returns the scenario."""

    def __init__(self, players: int = 3, seed: int = 0, **options: Any) -> None:
        """A new game of ``players`` with ``seed`` and the game's ``options``."""
        options.setdefault("setup", "first")
        game = get_game("relic-runners")
        self._data: dict[str, Any] = game.new_state(players, seed, **options).to_dict()

    @classmethod
    def from_state(cls, state: RelicRunnersState) -> Scenario:
        """Go on from an existing position (the state itself is not changed)."""
        scenario = cls.__new__(cls)
        scenario._data = state.to_dict()
        return scenario

    @property
    def body(self) -> Body:
        """A copy of the body as edited so far."""
        return copy.deepcopy(self._data["body"])

    def edit(self, change: Callable[[Body], None]) -> Scenario:
        """Any other edit, made directly on the body (checked by :meth:`build` like the rest)."""
        change(self._data["body"])
        return self

    def build(self) -> RelicRunnersState:
        """The position, loaded and checked; StateFormatError names what is wrong."""
        state = state_from_dict(copy.deepcopy(self._data))
        if not isinstance(state, RelicRunnersState):
            raise TypeError(f"a Relic Runners scenario loaded as {type(state).__name__}")
        return state

    # -- seats --------------------------------------------------------------------------

    def explorer(self, seat: int, space: str) -> Scenario:
        """Put ``seat``'s explorer on ``space``; the seat to play starts its turn there."""
        return self.edit(lambda body: explorer_in(body, seat, space))

    def turn(self, seat: int) -> Scenario:
        """Make it ``seat``'s turn, starting where its explorer stands."""
        return self.edit(lambda body: turn_in(body, seat))

    def rations(self, seat: int, count: int) -> Scenario:
        """Give ``seat`` ``count`` rations, taking the difference from (or back to) the camp."""
        return self.edit(lambda body: rations_in(body, seat, count))

    def coins(self, seat: int, count: int) -> Scenario:
        return self.edit(lambda body: coins_in(body, seat, count))

    def relics(self, seat: int, **counts: int) -> Scenario:
        """Relics held by colour: ``relics(0, toad=2, skull=1)``; colours not named keep theirs."""
        return self.edit(lambda body: relics_in(body, seat, **counts))

    def blue(self, seat: int, *codes: str) -> Scenario:
        """Add blue tiles (``B3-4``) to what ``seat`` holds, seen by nobody else."""
        return self.edit(lambda body: blue_in(body, seat, *codes))

    def ivory(self, seat: int, *codes: str) -> Scenario:
        """Give ``seat`` ivory tiles (``I2-b``), one per level."""
        return self.edit(lambda body: ivory_in(body, seat, *codes))

    def paths(self, seat: int, *trails: str) -> Scenario:
        """``seat``'s pathways are exactly on ``trails``; the rest of its 10 in its supply."""
        return self.edit(lambda body: paths_in(body, seat, trails))

    def toolboxes(self, seat: int, start: int = 0, **placed: int) -> Scenario:
        """Toolboxes on the table, ``toolboxes(0, machete_2=1, start=1)``; the rest in reserve."""
        return self.edit(lambda body: toolboxes_in(body, seat, start, **placed))

    # -- the table ----------------------------------------------------------------------

    def stage(self, stage: str) -> Scenario:
        """The stage of the turn (``move``, ``post``, ...), as the body names it."""
        return self.edit(lambda body: body.__setitem__("stage", stage))

    def start_relic(self, colour: str | None) -> Scenario:
        """The colour of the relic the seat to play started its turn on (``None``: none)."""
        return self.edit(lambda body: start_relic_in(body, colour))

    def tokens(self, *up: str) -> Scenario:
        """Exactly these toolbox tokens are face up (``TB5``); the others grey."""
        return self.edit(lambda body: tokens_in(body, up))

    def shrine(self, space: str, relic: bool = True) -> Scenario:
        """Empty ``space``'s stack, leaving a shrine with (or without) its relic."""
        return self.edit(lambda body: shrine_in(body, space, relic))

    def top(self, space: str, code: str, public: bool = False) -> Scenario:
        """Rig the top tile of ``space``'s stack; ``public``: face up for everyone."""
        return self.edit(lambda body: top_in(body, space, code, public))

    def level(self, space: str, level: int, code: str) -> Scenario:
        """Rig the face-down tile at ``level`` (1: bottom) of ``space``'s stack."""
        return self.edit(lambda body: level_in(body, space, level, code))

    def purple_top(self, space: str, code: str) -> Scenario:
        """Replace a purple stack's face-up tile by ``code`` (the old one goes back unseen)."""
        return self.edit(lambda body: purple_top_in(body, space, code))


# -- the same edits on a body dict --------------------------------------------------------


def space_index(name: str) -> int:
    index = NODE_INDEX.get(name)
    if index is None:
        raise StateFormatError(f"no space {quote(name)}: spaces are CAMP, R1..R8 and T1..T12")
    return index


def trail_index(name: str) -> int:
    """The default board's trail ``a-b`` (either order)."""
    ends = name.split("-")
    if len(ends) != 2:
        raise StateFormatError(f"trail {quote(name)} must be two spaces joined by '-'")
    a, b = (space_index(end) for end in ends)
    found = _BOARD.trail_of_pair.get((min(a, b), max(a, b)))
    if found is None:
        raise StateFormatError(f"no trail {quote(name)} on the board")
    return found


def _seat(body: Body, seat: int) -> int:
    if type(seat) is not int or not 0 <= seat < len(body["pos"]):
        raise StateFormatError(f"no seat {quote(seat)} among {len(body['pos'])} seats")
    return seat


def explorer_in(body: Body, seat: int, space: str) -> None:
    body["pos"][_seat(body, seat)] = space_index(space)
    if body["seat"] == seat:
        turn_in(body, seat)


def turn_in(body: Body, seat: int) -> None:
    here = body["pos"][_seat(body, seat)]
    body["seat"] = seat
    body["start"] = here
    body["route"] = [here]
    body["start_relic"] = None


def rations_in(body: Body, seat: int, count: int) -> None:
    body["supply"] -= count - body["rations"][_seat(body, seat)]
    body["rations"][seat] = count


def coins_in(body: Body, seat: int, count: int) -> None:
    body["coins"][_seat(body, seat)] = count


def relics_in(body: Body, seat: int, **counts: int) -> None:
    held = body["relics"][_seat(body, seat)]
    for colour, count in counts.items():
        if colour not in RELIC_COLOURS:
            raise StateFormatError(f"no relic colour {quote(colour)}: one of {RELIC_COLOURS}")
        held[RELIC_COLOURS.index(colour)] = count


def start_relic_in(body: Body, colour: str | None) -> None:
    if colour is not None and colour not in RELIC_COLOURS:
        raise StateFormatError(f"no relic colour {quote(colour)}: one of {RELIC_COLOURS}")
    body["start_relic"] = None if colour is None else RELIC_COLOURS.index(colour)


def blue_in(body: Body, seat: int, *codes: str) -> None:
    for code in codes:
        if not code.startswith("B"):
            raise StateFormatError(f"{quote(code)} is not a blue tile")
        body["blue"][_seat(body, seat)].append(take_tile(body, code))
        body["blue_seen"][seat].append(0)


def ivory_in(body: Body, seat: int, *codes: str) -> None:
    for code in codes:
        if not code.startswith("I"):
            raise StateFormatError(f"{quote(code)} is not an ivory tile")
        tile = take_tile(body, code)
        body["ivory"][_seat(body, seat)][str(TILES[tile].level)] = tile


def paths_in(body: Body, seat: int, trails: Iterable[str]) -> None:
    names = list(trails)
    body["paths"][_seat(body, seat)] = sum(1 << trail_index(name) for name in set(names))
    body["path_supply"][seat] = PATHWAYS - len(set(names))


def toolboxes_in(body: Body, seat: int, start: int = 0, **placed: int) -> None:
    slots = [0] * 9
    for key, count in placed.items():
        branch, _, level = key.partition("_")
        if branch not in BRANCHES or level not in ("1", "2", "3"):
            raise StateFormatError(f"no toolbox slot {quote(key)}: write branch_level, machete_2")
        slots[BRANCHES.index(branch) * 3 + int(level) - 1] = count
    body["tools"][_seat(body, seat)] = slots
    body["start_row"][seat] = start
    body["reserve"][seat] = TOOLBOXES - start - sum(slots)


def tokens_in(body: Body, up: Iterable[str]) -> None:
    face_up = set(up)
    unknown = face_up - set(TOKEN_IDS)
    if unknown:
        raise StateFormatError(f"no toolbox token {quote(sorted(unknown))}: TB1..TB10")
    body["tokens"] = [token in face_up for token in TOKEN_IDS]


def shrine_in(body: Body, space: str, relic: bool = True) -> None:
    place = space_index(space)
    body["levels"][place] = []
    body["fixed"][place] = {}
    body["relic_on"][place] = relic


def top_in(body: Body, space: str, code: str, public: bool = False) -> None:
    place = space_index(space)
    if not body["levels"][place]:
        raise StateFormatError(f"{space} has no stack left to put {quote(code)} on")
    level = body["levels"][place][-1]
    everyone = (1 << len(body["pos"])) - 1
    body["fixed"][place][str(level)] = [take_tile(body, code), everyone if public else 0]


def level_in(body: Body, space: str, level: int, code: str) -> None:
    place = space_index(space)
    if level not in body["levels"][place]:
        raise StateFormatError(f"{space} has no level {quote(level)} left")
    body["fixed"][place][str(level)] = [take_tile(body, code), 0]


def purple_top_in(body: Body, space: str, code: str) -> None:
    place = space_index(space)
    level = str(body["levels"][place][-1]) if body["levels"][place] else None
    old = body["fixed"][place].pop(level, None)
    if old is not None:
        tile = TILES[old[0]]
        body["pools"][pool_key(tile.colour, tile.level)].append(old[0])
    top_in(body, space, code, public=True)


def take_tile(body: Body, code: str) -> int:
    """Take a ``code`` tile out of hiding: its unseen pool, a stack, or the box."""
    ids = TILE_BY_CODE.get(code)
    if ids is None:
        raise StateFormatError(f"no tile {quote(code)}: codes look like B3-4, I2-b, P1-c")
    pool = body["pools"][pool_key(TILES[ids[0]].colour, TILES[ids[0]].level)]
    for tile in ids:
        if tile in pool:
            pool.remove(tile)
            return tile
    for fixed in body["fixed"]:
        for level, (tile, knower) in list(fixed.items()):
            if tile in ids and pool:
                fixed[level] = [pool.pop(), knower]  # another tile takes its place
                return int(tile)
    held = {t for ivory in body["ivory"] for t in ivory.values()}
    held |= {t for blue in body["blue"] for t in blue} | set(body["discard"])
    for tile in ids:
        if tile not in held:
            return tile  # from the box (a red-gem tile left out of a first game)
    raise StateFormatError(f"no {quote(code)} tile left to place")
