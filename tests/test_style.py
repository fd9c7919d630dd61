"""The layers' contract: what core and games import, how a game's modules import each other
and the test layout every game shares. (ruff, ruff format and mypy --strict are steps of
their own in .ci/run, which fail when the tool is missing.)"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_core_and_games_import_nothing_from_upper_layers_or_third_parties():
    allowed_roots = {"relicbox"} | set(sys.stdlib_module_names)
    upper_layers = ("bots", "play", "cli", "server", "envs")
    forbidden = tuple(f"relicbox.{layer}" for layer in upper_layers)
    offenders = []
    for layer in ("core", "games"):
        for path in (ROOT / "src" / "relicbox" / layer).rglob("*.py"):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                words = line.split()
                if len(words) < 2 or words[0] not in ("import", "from"):
                    continue
                module = words[1]
                root = module.split(".")[0]
                if root not in allowed_roots or module.startswith(forbidden):
                    offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
                if root == "random":
                    offenders.append(f"{path.relative_to(ROOT)}:{number}: the global random module")
    assert not offenders, "\n".join(offenders)


GAME_ROLES = {
    "data": 0,
    "rules": 1,
    "views": 2,
    "codec": 2,
    "text": 3,
    "bots": 3,
    "sample": 3,
    # Relic Runners' finer layers: data <- map <- actions <- state parts <- the state's
    # layers <- rules <- the explanations and the body's field checks <- views and codec
    # <- the scenario builder
    "board_data": 0,
    "movement": 0,
    "tasks": 0,
    "board": 0.1,
    "actions": 0.2,
    "parts": 0.3,
    # the state's layers, each a class on top of the one below (see relic_runners/base.py)
    "lookups": 0.35,
    "base": 0.4,
    "endgame": 0.45,
    "legal": 0.5,
    "travel": 0.6,
    "exploring": 0.7,
    "effects": 0.8,
    "decisions": 0.9,
    "explain": 1.5,
    "checks": 1.5,
    "scenario": 3,
}
"""Each game module's layer: a module imports game modules only from layers below its own.

``data`` (components) <- ``rules`` (state, legality, apply, scoring, metadata) <- ``views``
(what a seat sees) and ``codec`` (the state's JSON body) <- ``text``, ``bots``, ``sample``
<- the package's ``__init__``, which registers the game with all of them.
"""

SPLIT_PENDING: set[str] = set()
"""Games still being split into these roles (issue 12 item 3); strict, so it must go then."""


def _game_import_faults(package: Path) -> list[str]:
    game = package.name
    prefix = f"relicbox.games.{game}"
    faults = []
    for path in sorted(package.glob("*.py")):
        name = path.stem
        if name == "__init__":
            continue
        if name not in GAME_ROLES:
            faults.append(f"{game}/{path.name}: a module with no role in GAME_ROLES")
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            words = line.split()
            if (
                len(words) < 2
                or words[0] not in ("import", "from")
                or not words[1].startswith(prefix)
            ):
                continue
            where = f"{game}/{path.name}:{number}: {line.strip()}"
            if line[0].isspace():
                faults.append(f"{where}: an import inside a function hides a cycle")
            module = words[1][len(prefix) + 1 :].split(".")[0]
            names = " ".join(words[3:]).strip("()")
            imported = [module] if module else [n.split()[0] for n in names.split(",") if n.strip()]
            for target in imported:
                if GAME_ROLES.get(target, 9) >= GAME_ROLES[name]:
                    faults.append(f"{where}: {name} may not import {target}")
    return faults


@pytest.mark.parametrize(
    "package",
    [
        pytest.param(
            path,
            id=path.name,
            marks=[pytest.mark.xfail(strict=True, reason="split pending")]
            if path.name in SPLIT_PENDING
            else [],
        )
        for path in sorted((ROOT / "src" / "relicbox" / "games").iterdir())
        if (path / "__init__.py").exists()
    ],
)
def test_game_modules_import_one_way(package):
    """data <- rules <- views, codec <- text, bots, sample: no cycles, no hidden imports."""
    faults = _game_import_faults(package)
    assert not faults, "\n".join(faults)


GAME_TEST_FILES = (
    "test_data.py",
    "test_scenarios.py",
    "test_properties.py",
    "test_views.py",
    "test_bots_text.py",
)


def test_every_game_has_the_same_test_layout():
    import relicbox

    for game in relicbox.list_games():
        folder = ROOT / "tests" / game.name.replace("-", "_")
        missing = [name for name in GAME_TEST_FILES if not (folder / name).is_file()]
        assert not missing, f"{folder.relative_to(ROOT)} lacks {missing}"
        assert (ROOT / "tests" / "support" / f"{folder.name}.py").is_file()
