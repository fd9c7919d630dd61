"""The default Relic Runners map (spec §2.2) as a Python literal.

The printed board's graph is not published; this is the project's proposed map, stored
here only. Written out as JSON (``json.dumps(BOARD, indent=2)`` into ``my_board.json``) it
is the template for users' own board files, given with the ``board`` option.

Schema: see :mod:`.board`.
"""

from __future__ import annotations

from typing import Any

BOARD: dict[str, Any] = {
    "name": "relicbox proposed map",
    "version": 1,
    "nodes": {
        "CAMP": {"type": "camp", "quadrant": "C", "xy": [50, 50]},
        "R1": {"type": "ruin", "quadrant": "NE", "xy": [68, 40]},
        "R2": {"type": "ruin", "quadrant": "NE", "xy": [80, 23]},
        "R3": {"type": "ruin", "quadrant": "NW", "xy": [31, 40]},
        "R4": {"type": "ruin", "quadrant": "NW", "xy": [41, 10]},
        "R5": {"type": "ruin", "quadrant": "SW", "xy": [31, 60]},
        "R6": {"type": "ruin", "quadrant": "SW", "xy": [21, 78]},
        "R7": {"type": "ruin", "quadrant": "SE", "xy": [69, 60]},
        "R8": {"type": "ruin", "quadrant": "SE", "xy": [90, 59]},
        "T1": {"type": "temple", "quadrant": "NE", "xy": [60, 31], "first": "blue"},
        "T2": {"type": "temple", "quadrant": "NE", "xy": [90, 41], "first": "purple"},
        "T3": {"type": "temple", "quadrant": "NE", "xy": [60, 10], "first": "ivory"},
        "T4": {"type": "temple", "quadrant": "NW", "xy": [40, 31], "first": "purple"},
        "T5": {"type": "temple", "quadrant": "NW", "xy": [22, 21], "first": "ivory"},
        "T6": {"type": "temple", "quadrant": "NW", "xy": [10, 40], "first": "blue"},
        "T7": {"type": "temple", "quadrant": "SW", "xy": [40, 69], "first": "blue"},
        "T8": {"type": "temple", "quadrant": "SW", "xy": [10, 60], "first": "ivory"},
        "T9": {"type": "temple", "quadrant": "SW", "xy": [41, 90], "first": "purple"},
        "T10": {"type": "temple", "quadrant": "SE", "xy": [60, 69], "first": "purple"},
        "T11": {"type": "temple", "quadrant": "SE", "xy": [60, 90], "first": "ivory"},
        "T12": {"type": "temple", "quadrant": "SE", "xy": [78, 79], "first": "blue"},
    },
    "trails": [
        {"id": "E1", "a": "CAMP", "b": "R1", "kind": "jungle"},
        {"id": "E2", "a": "CAMP", "b": "T1", "kind": "jungle"},
        {"id": "E3", "a": "CAMP", "b": "T4", "kind": "jungle"},
        {"id": "E4", "a": "CAMP", "b": "R3", "kind": "jungle"},
        {"id": "E5", "a": "CAMP", "b": "T7", "kind": "jungle"},
        {"id": "E6", "a": "CAMP", "b": "T10", "kind": "jungle"},
        {"id": "E7", "a": "CAMP", "b": "R7", "kind": "jungle"},
        {"id": "E8", "a": "R1", "b": "T1", "kind": "river", "token": "TB1"},
        {"id": "E9", "a": "T1", "b": "T4", "kind": "jungle"},
        {"id": "E10", "a": "T4", "b": "R3", "kind": "jungle"},
        {"id": "E11", "a": "R3", "b": "R5", "kind": "river", "token": "TB2"},
        {"id": "E12", "a": "R5", "b": "T7", "kind": "jungle"},
        {"id": "E13", "a": "T7", "b": "T10", "kind": "jungle"},
        {"id": "E14", "a": "T10", "b": "R7", "kind": "jungle"},
        {"id": "E15", "a": "R7", "b": "R1", "kind": "jungle"},
        {"id": "E16", "a": "R1", "b": "T2", "kind": "jungle"},
        {"id": "E17", "a": "R1", "b": "R2", "kind": "jungle"},
        {"id": "E18", "a": "T1", "b": "R2", "kind": "jungle"},
        {"id": "E19", "a": "T1", "b": "T3", "kind": "jungle"},
        {"id": "E20", "a": "T4", "b": "R4", "kind": "jungle"},
        {"id": "E21", "a": "T4", "b": "T5", "kind": "jungle"},
        {"id": "E22", "a": "R3", "b": "T5", "kind": "jungle"},
        {"id": "E23", "a": "R3", "b": "T6", "kind": "river", "token": "TB3"},
        {"id": "E24", "a": "R5", "b": "T8", "kind": "river", "token": "TB4"},
        {"id": "E25", "a": "R5", "b": "R6", "kind": "jungle"},
        {"id": "E26", "a": "T7", "b": "T9", "kind": "jungle"},
        {"id": "E27", "a": "T10", "b": "T11", "kind": "jungle"},
        {"id": "E28", "a": "T10", "b": "T12", "kind": "river", "token": "TB5"},
        {"id": "E29", "a": "R7", "b": "T12", "kind": "jungle"},
        {"id": "E30", "a": "R7", "b": "R8", "kind": "jungle"},
        {"id": "E31", "a": "T2", "b": "R2", "kind": "river", "token": "TB6"},
        {"id": "E32", "a": "R2", "b": "T3", "kind": "river", "token": "TB7"},
        {"id": "E33", "a": "T3", "b": "R4", "kind": "river", "token": "TB8"},
        {"id": "E34", "a": "R4", "b": "T5", "kind": "jungle"},
        {"id": "E35", "a": "T5", "b": "T6", "kind": "jungle"},
        {"id": "E36", "a": "T6", "b": "T8", "kind": "jungle"},
        {"id": "E37", "a": "T8", "b": "R6", "kind": "river", "token": "TB9"},
        {"id": "E38", "a": "R6", "b": "T9", "kind": "jungle"},
        {"id": "E39", "a": "T9", "b": "T11", "kind": "jungle"},
        {"id": "E40", "a": "T11", "b": "T12", "kind": "jungle"},
        {"id": "E41", "a": "T12", "b": "R8", "kind": "river", "token": "TB10"},
        {"id": "E42", "a": "R8", "b": "T2", "kind": "jungle"},
    ],
}
