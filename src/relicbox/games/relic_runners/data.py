"""Relic Runners' components as data (spec §1.1, §1.9, §1.10, §3), validated by tests.

Temple tiles have stable integer ids (their position in :data:`TILES`) and a short
code used in views, records and chance outcomes:

* ivory ``I3-a`` .. ``I1-f`` (level, effect letter; all 18 distinct);
* purple ``P2-g`` (level 2 tile with effect g; each of the 8 effects once per level);
* blue ``B1-5`` (level 1 tile worth 5); blue codes repeat, equal codes are equal tiles.

Level 1 is the large tile at the bottom of a stack, level 3 the small one on top.
Values the rulebook does not give are marked ``PLACEHOLDER`` below and can be changed here
without touching the rules: blue values, which tiles carry the red gem, and three of the
five explorer abilities.
"""

from __future__ import annotations

from dataclasses import dataclass

COLOURS = ("ivory", "blue", "purple")
IVORY, BLUE, PURPLE = 0, 1, 2
LEVELS = (1, 2, 3)

RELIC_COLOURS = ("toad", "skull", "bird", "juju")
"""Green toads from ruins, crystal skulls from ivory, birds from blue, jujus from purple."""
RUIN_RELIC = 0
TEMPLE_RELIC = {IVORY: 1, BLUE: 2, PURPLE: 3}

EXPLORER_COLOURS = ("red", "green", "blue", "yellow", "black")
PATHWAYS = 10
TOOLBOXES = 3
START_RATIONS = 3
CAMP_RATIONS_PER_PLAYER = 2
RATION_CAP = 5
CAMP_REFILL = 3
STACK_HEIGHT = {2: 2, 3: 3, 4: 3, 5: 3}
RELICS_TO_END = {2: 7, 3: 8, 4: 9, 5: 10}
"""Relics collected by all players together that start the final round (spec §4.1)."""

BRANCHES = ("machete", "compass", "shovel")
MACHETE, COMPASS, SHOVEL = 0, 1, 2

TOOL_ACTIONS = {
    ("machete", 1): "take the temple action here without paying a ration",
    ("machete", 2): "take 2 rations from the camp",
    ("machete", 3): "4 VP per relic you hold",
    ("compass", 1): "move 1 of your pathways to any trail",
    ("compass", 2): "move 2 of your pathways to any trails",
    ("compass", 3): "2 VP per pathway in your longest line",
    ("shovel", 1): "bring a toolbox from the reserve, or gain 2 VP",
    ("shovel", 2): "place a pathway on a trail touching your space",
    ("shovel", 3): "double every VP you gain for the rest of this turn",
}

IVORY_EFFECTS = {
    "I3-a": "+1 VP each time you place a pathway",
    "I3-b": "+1 VP each time you are the first to explore a ruin or temple",
    "I3-c": "+1 VP each time you gain VP exploring a temple",
    "I3-d": "+1 ration each time an opponent relocates a pathway",
    "I3-e": "+1 ration each time you arrive at the camp",
    "I3-f": "flip one toolbox token each time you leave the camp",
    "I2-a": "one use: put your unexplored trail between pathways",
    "I2-b": "one use: look through a temple's stack and take the tile you want",
    "I2-c": "one use: at the start of your turn, refill to 5 rations",
    "I2-d": "one use: place two pathways instead of one",
    "I2-e": "one use: place a pathway on any trail",
    "I2-f": "one use: jump to another temple of the same colour instead of moving",
    "I1-a": "end: 3 VP per ivory tile you hold",
    "I1-b": "end: 2 VP per ration on your board",
    "I1-c": "end: 5 VP per duplicate relic",
    "I1-d": "end: 1 VP per pathway on the board",
    "I1-e": "end: 4 VP per toolbox on your progression table",
    "I1-f": "end: one extra turn after the last regular turn",
}

# The ivory tiles the rules, the checks and the bots name in their logic, by what each does
# (the codes are the tiles' own; IVORY_EFFECTS above says each effect in full).
FREE_ORDER_TILE = "I2-a"
"""One use: this move's unexplored trail may sit between familiar trails."""
LOOK_THROUGH_TILE = "I2-b"
"""One use: explore a temple by looking through its stack and taking any tile."""
RATION_REFILL_TILE = "I2-c"
"""One use, at the start of a turn: refill to the ration cap from the camp."""
DOUBLE_PATHWAY_TILE = "I2-d"
"""One use: a pathway placement places two pathways instead of one."""
PATHWAY_ANYWHERE_TILE = "I2-e"
"""One use: a pathway placement may go on any trail."""
JUMP_TILE = "I2-f"
"""One use: instead of moving, jump to another temple of the same colour."""
PATHWAY_VP_TILE = "I3-a"
"""Held: +1 VP for each pathway placed."""
PATHWAY_SCORING_TILE = "I1-d"
"""End: 1 VP per pathway on the board."""
EXTRA_TURN_TILE = "I1-f"
"""End: one extra turn after the last regular turn."""

PURPLE_EFFECTS = {
    "a": "gain 3 VP",
    "b": "advance one of your toolboxes one level",
    "c": "take 2 rations from the camp",
    "d": "bring a toolbox from your reserve to the start row",
    "e": "teleport to the camp and take 3 rations; your turn ends",
    "f": "move one of your pathways to any trail",
    "g": "explore an adjacent ruin or temple as if you stood there",
    "h": "flip up to 2 toolbox tokens, either way",
}

RED_GEM = frozenset({"I3-d", "I3-f", "I2-b", "I2-f", "I1-c", "I1-f", "g", "h"})
"""PLACEHOLDER (spec §4.3): which ivory codes and purple effect letters are advanced
tiles left out of a first game. The rulebook marks them with a picture we do not have."""

BLUE_VALUES = {1: (3, 4, 4, 5, 5, 5), 2: (2, 3, 3, 4, 4, 5), 3: (2, 2, 2, 3, 3, 4)}
"""PLACEHOLDER (spec §1.10): the rulebook gives only 2-5 VP, deeper tiles usually worth more."""

ABILITIES = {
    "red": "extra-toolbox",
    "green": "camp-pathway",
    "blue": "head-start",
    "yellow": "full-pack",
    "black": "big-refill",
}
"""The ability side of each explorer board. Only ``head-start`` (blue) is known with its
colour; ``extra-toolbox`` is known but its colour is a PLACEHOLDER guess; the other three
are PLACEHOLDER inventions of the spec (§3) standing in for abilities we could not find."""


@dataclass(frozen=True, slots=True)
class Tile:
    id: int
    colour: int
    level: int
    code: str
    effect: str = ""
    """Ivory code (``I2-b``) or purple effect letter (``g``); empty for blue."""
    value: int = 0
    """Blue tiles only: victory points at the end."""
    red_gem: bool = False


def _build_tiles() -> tuple[Tile, ...]:
    tiles: list[Tile] = []
    for code in IVORY_EFFECTS:
        level = int(code[1])
        tiles.append(Tile(len(tiles), IVORY, level, code, code, red_gem=code in RED_GEM))
    for level in LEVELS:
        for value in BLUE_VALUES[level]:
            tiles.append(Tile(len(tiles), BLUE, level, f"B{level}-{value}", value=value))
    for level in LEVELS:
        for letter in PURPLE_EFFECTS:
            tiles.append(
                Tile(
                    len(tiles),
                    PURPLE,
                    level,
                    f"P{level}-{letter}",
                    letter,
                    red_gem=letter in RED_GEM,
                )
            )
    return tuple(tiles)


TILES: tuple[Tile, ...] = _build_tiles()
TILE_BY_CODE: dict[str, list[int]] = {}
for _tile in TILES:
    TILE_BY_CODE.setdefault(_tile.code, []).append(_tile.id)
IVORY_CODES = tuple(IVORY_EFFECTS)
TILES_PER_LEVEL_IN_GAME = 4
"""Per colour, 4 large, 4 medium and 4 small tiles are drawn for a game; the rest stay boxed."""
TEMPLES_PER_COLOUR = 4
"""The board's 12 temples are dealt 4 of each colour (one stack per set of tiles drawn)."""


def pool_key(colour: int, level: int) -> int:
    """Index of the (colour, level) pool of tiles: 0..8."""
    return colour * 3 + level - 1
