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

Tile counts stay whole: a tile given to a seat or rigged in a stack comes out of hiding
(its unseen pool, another stack, or the box), and a tile given back (a seat's ivory tile
of a level given another, a rigged tile replaced, the stack of a new shrine) returns to
its pool. The pools keep an unseen tile for every face-down place that will draw one,
taking tiles out of the box where they run short; where the box has none left, the
edit is refused. A refused edit leaves the scenario as it was. Names of the wrong
type are refused like unknown ones, with a :class:`StateFormatError` quoting them.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable
from typing import Any

from relicbox.core.errors import ConfigurationError, StateFormatError, quote
from relicbox.core.registry import get_game, state_from_dict
from relicbox.games.relic_runners.board import NODE_IDS, NODE_INDEX, TOKEN_IDS, default_board
from relicbox.games.relic_runners.checks import BIG, pool_needs
from relicbox.games.relic_runners.data import (
    BLUE,
    BRANCHES,
    COLOURS,
    IVORY,
    PATHWAYS,
    PURPLE,
    RATION_CAP,
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
_STAGES = ("setup", "move", "post", "over")


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
        if not isinstance(state, RelicRunnersState):
            raise ConfigurationError(
                f"a scenario goes on from a Relic Runners state, not from {quote(state)}"
            )
        scenario = cls.__new__(cls)
        scenario._data = state.to_dict()
        return scenario

    @property
    def body(self) -> Body:
        """A copy of the body as edited so far."""
        return copy.deepcopy(self._data["body"])

    def to_dict(self) -> dict[str, Any]:
        """A copy of the state dict as edited so far, not yet checked (:meth:`build` checks)."""
        return copy.deepcopy(self._data)

    def edit(self, change: Callable[[Body], None]) -> Scenario:
        """Any other edit, made directly on the body (checked by :meth:`build` like the rest).

        The edit is made on a copy, kept only if ``change`` returns normally. An edited
        position is hand-made: its dict no longer carries the events of a game.
        """
        if not callable(change):
            raise ConfigurationError(
                f"a scenario edit is a function of the body, not {quote(change)}"
            )
        body = copy.deepcopy(self._data["body"])
        change(body)
        self._data["body"] = body
        self._data["events"] = None
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
        """Give ``seat`` ivory tiles (``I2-b``), one per level; a tile it held of the same
        level goes back to its pool."""
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
        return self.edit(lambda body: stage_in(body, stage))

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


def _text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise StateFormatError(f"{what} {quote(value)} must be given by name, as text")
    return value


def _whole(value: object, what: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise StateFormatError(
            f"{what} must be a whole number from {low} to {high}, got {quote(value)}"
        )
    return value


def _flag(value: object, what: str) -> bool:
    if type(value) is not bool:
        raise StateFormatError(f"{what} must be True or False, got {quote(value)}")
    return value


def space_index(name: str) -> int:
    index = NODE_INDEX.get(_text(name, "space"))
    if index is None:
        raise StateFormatError(f"no space {quote(name)}: spaces are CAMP, R1..R8 and T1..T12")
    return index


def trail_index(name: str) -> int:
    """The default board's trail ``a-b`` (either order)."""
    ends = _text(name, "trail").split("-")
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
    """``seat`` plays, its move not begun: it starts where its explorer stands."""
    here = body["pos"][_seat(body, seat)]
    body["seat"] = seat
    body["start"] = here
    body["route"] = [here]
    body["start_relic"] = None
    body.update(moves=0, used=0, unexp=False, fam_before=False, jumped=False)


def rations_in(body: Body, seat: int, count: int) -> None:
    count = _whole(count, "a seat's rations", 0, RATION_CAP)
    body["supply"] -= count - body["rations"][_seat(body, seat)]
    body["rations"][seat] = count


def coins_in(body: Body, seat: int, count: int) -> None:
    body["coins"][_seat(body, seat)] = _whole(count, "a seat's coins", 0, BIG)


def relics_in(body: Body, seat: int, **counts: int) -> None:
    held = body["relics"][_seat(body, seat)]
    for colour, count in counts.items():
        if colour not in RELIC_COLOURS:
            raise StateFormatError(f"no relic colour {quote(colour)}: one of {RELIC_COLOURS}")
        held[RELIC_COLOURS.index(colour)] = _whole(count, f"{colour} relics", 0, len(NODE_INDEX))


def start_relic_in(body: Body, colour: str | None) -> None:
    if colour is not None and colour not in RELIC_COLOURS:
        raise StateFormatError(f"no relic colour {quote(colour)}: one of {RELIC_COLOURS}")
    body["start_relic"] = None if colour is None else RELIC_COLOURS.index(colour)


def stage_in(body: Body, stage: str) -> None:
    if stage not in _STAGES:
        raise StateFormatError(f"no stage {quote(stage)}: one of {_STAGES}")
    body["stage"] = stage


def blue_in(body: Body, seat: int, *codes: str) -> None:
    _seat(body, seat)
    for code in codes:
        if _colour_of(code) != BLUE:
            raise StateFormatError(f"{quote(code)} is not a blue tile")
        body["blue"][seat].append(take_tile(body, code))
        body["blue_seen"][seat].append(0)
    keep_pools_whole(body, codes)


def ivory_in(body: Body, seat: int, *codes: str) -> None:
    held = body["ivory"][_seat(body, seat)]
    levels: dict[int, str] = {}
    for code in codes:
        if _colour_of(code) != IVORY:
            raise StateFormatError(f"{quote(code)} is not an ivory tile")
        level = TILES[TILE_BY_CODE[code][0]].level
        if level in levels:
            raise StateFormatError(
                f"{quote(levels[level])} and {quote(code)} are both of level {level}: a seat "
                "holds one ivory tile of each level"
            )
        levels[level] = code
    for code in codes:
        level = TILES[TILE_BY_CODE[code][0]].level
        old = held.pop(str(level), None)
        if old is not None:
            give_back(body, old)
        held[str(level)] = take_tile(body, code)
    keep_pools_whole(body, codes)


def paths_in(body: Body, seat: int, trails: Iterable[str]) -> None:
    if isinstance(trails, str) or not isinstance(trails, Iterable):
        raise StateFormatError(f"pathways {quote(trails)} must be a list of trail names")
    chosen = {trail_index(name) for name in trails}
    if len(chosen) > PATHWAYS:
        raise StateFormatError(f"{len(chosen)} pathways given: a seat has {PATHWAYS}")
    body["paths"][_seat(body, seat)] = sum(1 << trail for trail in chosen)
    body["path_supply"][seat] = PATHWAYS - len(chosen)


def toolboxes_in(body: Body, seat: int, start: int = 0, **placed: int) -> None:
    slots = [0] * 9
    for key, count in placed.items():
        branch, _, level = key.partition("_")
        if branch not in BRANCHES or level not in ("1", "2", "3"):
            raise StateFormatError(f"no toolbox slot {quote(key)}: write branch_level, machete_2")
        slots[BRANCHES.index(branch) * 3 + int(level) - 1] = _whole(count, key, 0, TOOLBOXES)
    body["tools"][_seat(body, seat)] = slots
    body["start_row"][seat] = _whole(start, "toolboxes on the start row", 0, TOOLBOXES)
    body["reserve"][seat] = TOOLBOXES - start - sum(slots)


def tokens_in(body: Body, up: Iterable[str]) -> None:
    if isinstance(up, str) or not isinstance(up, Iterable):
        raise StateFormatError(f"toolbox tokens {quote(up)} must be a list of names")
    face_up = {_text(token, "toolbox token") for token in up}
    unknown = face_up - set(TOKEN_IDS)
    if unknown:
        raise StateFormatError(f"no toolbox token {quote(sorted(unknown))}: TB1..TB10")
    body["tokens"] = [token in face_up for token in TOKEN_IDS]


def shrine_in(body: Body, space: str, relic: bool = True) -> None:
    place = _stack_space(space)
    relic = _flag(relic, "a shrine's relic")
    for tile, _ in body["fixed"][place].values():
        give_back(body, tile)  # the stack's drawn tiles go back unseen
    body["levels"][place] = []
    body["fixed"][place] = {}
    body["relic_on"][place] = relic


def top_in(body: Body, space: str, code: str, public: bool = False) -> None:
    place = _stack_space(space)
    if not body["levels"][place]:
        raise StateFormatError(f"{space} has no stack left to put {quote(code)} on")
    everyone = (1 << len(body["pos"])) - 1
    _rig(body, place, body["levels"][place][-1], code, everyone if _flag(public, "public") else 0)


def level_in(body: Body, space: str, level: int, code: str) -> None:
    place = _stack_space(space)
    if type(level) is not int or level not in body["levels"][place]:
        raise StateFormatError(f"{space} has no level {quote(level)} left")
    _rig(body, place, level, code, 0)


def purple_top_in(body: Body, space: str, code: str) -> None:
    place = _stack_space(space)
    if body["colour"][place] != PURPLE:
        raise StateFormatError(f"{space} is not a purple temple")
    top_in(body, space, code, public=True)


def _stack_space(space: str) -> int:
    place = space_index(space)
    if place == NODE_INDEX["CAMP"]:
        raise StateFormatError("the camp has no stack")
    return place


def _rig(body: Body, place: int, level: int, code: str, knower: int) -> None:
    """Put a ``code`` tile at ``level`` of the temple at ``place``; a tile there goes back."""
    colour = body["colour"][place]
    name = NODE_IDS[place]
    if colour is None:
        kind = "a ruin" if name.startswith("R") else "a temple not dealt its colour yet"
        raise StateFormatError(f"{name} is {kind}: no tile can be rigged there")
    wanted = _colour_of(code)
    tile_level = TILES[TILE_BY_CODE[code][0]].level
    if wanted != colour or tile_level != level:
        raise StateFormatError(
            f"{quote(code)} cannot lie at level {level} of {name}, a {COLOURS[colour]} temple"
        )
    old = body["fixed"][place].pop(str(level), None)
    if old is not None:
        give_back(body, old[0])
    body["fixed"][place][str(level)] = [take_tile(body, code), knower]
    keep_pools_whole(body, [code])


def _colour_of(code: str) -> int:
    ids = TILE_BY_CODE.get(_text(code, "tile"))
    if ids is None:
        raise StateFormatError(f"no tile {quote(code)}: codes look like B3-4, I2-b, P1-c")
    return TILES[ids[0]].colour


def take_tile(body: Body, code: str) -> int:
    """Take a ``code`` tile out of hiding: its unseen pool, a stack, or the box.

    A tile drawn at another stack is replaced there by an unseen one; call
    :func:`keep_pools_whole` once the edit is done.
    """
    _colour_of(code)
    ids = TILE_BY_CODE[code]
    key = pool_key(TILES[ids[0]].colour, TILES[ids[0]].level)
    pool = body["pools"][key]
    for tile in ids:
        if tile in pool:
            pool.remove(tile)
            return tile
    for fixed in body["fixed"]:
        for level, (tile, knower) in list(fixed.items()):
            if tile in ids:
                fixed[level] = [_spare(body, key, code), knower]  # another tile takes its place
                return int(tile)
    placed = _placed(body)
    for tile in ids:
        if tile not in placed:
            return tile  # from the box (a red-gem tile left out of a first game)
    raise StateFormatError(f"no {quote(code)} tile left to place: every one is in play")


def give_back(body: Body, tile: int) -> None:
    """A tile leaves its place for its unseen pool."""
    pool = body["pools"][pool_key(TILES[tile].colour, TILES[tile].level)]
    if tile not in pool:
        pool.append(tile)
        pool.sort()


def keep_pools_whole(body: Body, codes: Iterable[str]) -> None:
    """Every face-down place must find an unseen tile: pools run short take tiles from
    the box; with none left there, the edit that gave ``codes`` is refused."""
    needs = pool_needs(
        body["colour"], body["levels"], [{int(level) for level in fixed} for fixed in body["fixed"]]
    )
    for key, need in enumerate(needs):
        pool = body["pools"][key]
        boxed = _boxed(body, key)
        while len(pool) < need and boxed:
            pool.append(boxed.pop(0))
        if len(pool) < need:
            raise StateFormatError(
                f"giving {quote(list(codes))} leaves {len(pool)} unseen {COLOURS[key // 3]} "
                f"level {key % 3 + 1} tiles for {need} face-down places, and the box has "
                "none: empty a stack first (shrine)"
            )
        pool.sort()


def _spare(body: Body, key: int, code: str) -> int:
    """An unseen tile of pool ``key`` the face-down places can do without (from the box if
    need be), to stand in for a drawn tile taken away."""
    needs = pool_needs(
        body["colour"], body["levels"], [{int(level) for level in fixed} for fixed in body["fixed"]]
    )
    pool = body["pools"][key]
    if len(pool) <= needs[key]:
        boxed = _boxed(body, key)
        if not boxed:
            raise StateFormatError(f"no unseen tile is left to take the place of {quote(code)}")
        pool.append(boxed[0])
        pool.sort()
    return int(pool.pop())


def _placed(body: Body) -> set[int]:
    """Every tile somewhere in the game (the rest are in the box)."""
    placed = {t for pool in body["pools"] for t in pool}
    placed |= {tile for fixed in body["fixed"] for tile, _ in fixed.values()}
    placed |= {t for ivory in body["ivory"] for t in ivory.values()}
    placed |= {t for blue in body["blue"] for t in blue} | set(body["discard"])
    if body.get("new_tile") is not None:
        placed.add(body["new_tile"])
    return placed


def _boxed(body: Body, key: int) -> list[int]:
    placed = _placed(body)
    return [
        tile.id
        for tile in TILES
        if pool_key(tile.colour, tile.level) == key and tile.id not in placed
    ]
