"""Relic Runners' modules import one way, each only from modules below its role, and never
inside a function (an import there hides a cycle)."""

from __future__ import annotations

import ast
from pathlib import Path

import relicbox

PACKAGE = Path(relicbox.__file__).parent / "games" / "relic_runners"
PREFIX = "relicbox.games.relic_runners"

ROLES = {
    "board_data": 0,  # the default map, as data
    "data": 0,  # components
    "movement": 0,  # the movement rule on any labelling of the board
    "tasks": 0,  # the agenda's task values
    "board": 1,  # the map's schema and loader
    "actions": 2,  # the action space
    "parts": 3,  # the stage, the player board with its toolbox table, the turn record
    "rules": 5,  # the state: legality, apply, chance, scoring, copies
    "explain": 6,  # why an action is refused, in words (asks the state's own checks)
    "checks": 6,  # field checks of a state body
    "views": 7,  # what a seat sees
    "codec": 7,  # the state body, written and loaded
    "sample": 8,  # a state from a view
    "text": 8,  # terminal rendering
    "bots": 8,  # rule-based bots
}


def _imports(path: Path) -> list[tuple[int, str, bool]]:
    """(line, module imported from this package, inside a function?) for every import."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nested: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            nested |= {id(inner) for inner in ast.walk(node) if inner is not node}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(PREFIX):
            rest = node.module[len(PREFIX) + 1 :]
            targets = [rest.split(".")[0]] if rest else [alias.name for alias in node.names]
            found += [(node.lineno, target, id(node) in nested) for target in targets]
    return found


def test_every_module_has_a_role() -> None:
    modules = {path.stem for path in PACKAGE.glob("*.py")} - {"__init__"}
    assert modules == set(ROLES)


def test_modules_import_only_from_below_and_never_inside_functions() -> None:
    faults = []
    for path in sorted(PACKAGE.glob("*.py")):
        if path.stem == "__init__":
            continue
        for line, target, nested in _imports(path):
            where = f"{path.name}:{line} imports {target}"
            if nested:
                faults.append(f"{where} inside a function")
            if ROLES[target] >= ROLES[path.stem]:
                faults.append(f"{where}, which is not below it")
    assert not faults, "\n".join(faults)
