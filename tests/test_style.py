"""The layers' contract: what core and games import, how a game's modules import each other
and the test layout every game shares. (ruff, ruff format and mypy --strict are steps of
their own in .ci/run, which fail when the tool is missing.)"""

from __future__ import annotations

import ast
import subprocess
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
            extra = ACCELERATORS.get(path.relative_to(ROOT / "src").as_posix(), set())
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                words = line.split()
                if len(words) < 2 or words[0] not in ("import", "from"):
                    continue
                module = words[1]
                root = module.split(".")[0]
                if (root not in allowed_roots and root not in extra) or module.startswith(
                    forbidden
                ):
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
    "encoder": 2,
    # the optional accelerator (NumPy), loaded only by simulations: it may read everything
    "batch": 4,
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


SRC = ROOT / "src" / "relicbox"
GAME_LOADER = SRC / "__init__.py"
"""The one module outside ``games/`` that names the games' package: it hands the registry
the loader that imports it."""


def _outside_games() -> list[Path]:
    return [
        path for path in sorted(SRC.rglob("*.py")) if "games" not in path.relative_to(SRC).parts[:1]
    ]


def _game_names() -> set[str]:
    import relicbox

    return {name for game in relicbox.list_games() for name in (game.name, *game.aliases)}


def test_adapters_know_games_only_through_the_registry():
    """Outside ``games/`` nothing imports a game, compares a name with a game's name, keeps a
    table keyed by game names, or looks a game's modules up in ``sys.modules``: what an
    adapter needs to know of a game is a field of ``Game`` (or a part it registers), so
    adding a game never means editing an adapter."""
    names = _game_names()
    faults = []
    for path in _outside_games():
        where = path.relative_to(ROOT)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            line = f"{where}:{getattr(node, 'lineno', 0)}"
            modules = []
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                modules = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
            elif (
                isinstance(node, ast.Call)
                and path != GAME_LOADER
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
                and getattr(node.func, "attr", getattr(node.func, "id", "")) == "import_module"
            ):
                modules = [node.args[0].value]
            if any(module.startswith("relicbox.games") for module in modules):
                faults.append(f"{line}: imports {modules[0]}")
            if isinstance(node, ast.Compare):
                sides = [node.left, *node.comparators]
                named = [s.value for s in sides if isinstance(s, ast.Constant) and s.value in names]
                if named:
                    faults.append(f"{line}: compares with the game name {named[0]!r}")
            keys: list[ast.expr | None] = []
            if isinstance(node, ast.Dict):
                keys = list(node.keys)
            elif isinstance(node, ast.Set):
                keys = list(node.elts)
            for key in keys:
                if isinstance(key, ast.Constant) and key.value in names:
                    faults.append(f"{line}: a table keyed by the game name {key.value!r}")
            if (
                isinstance(node, ast.Attribute)
                and node.attr == "modules"
                and isinstance(node.value, ast.Name)
                and node.value.id.lstrip("_") == "sys"
            ):
                faults.append(f"{line}: looks modules up in sys.modules")
    assert not faults, "\n".join(faults)


def test_the_style_check_sees_each_kind_of_game_knowledge(tmp_path, monkeypatch):
    """The check above fails on each kind of fault it names (so it is not vacuous)."""
    samples = {
        "imports.py": "from relicbox.games.diamant import rules\n",
        "lazily.py": "import importlib\nimportlib.import_module('relicbox.games.tschak')\n",
        "compares.py": "def f(game):\n    return game.name == 'diamant'\n",
        "table.py": "BOUNDS = {'relic-runners': 3}\n",
        "scan.py": "import sys\nfound = sys.modules.get('x')\n",
    }
    for name, text in samples.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "_outside_games", lambda: sorted(tmp_path.iterdir()))
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    with pytest.raises(AssertionError) as failed:
        test_adapters_know_games_only_through_the_registry()
    for name in samples:
        assert name in str(failed.value), name


ACCELERATORS = {"relicbox/games/diamant/batch.py": {"numpy"}}
"""The modules of ``games/`` that may import a third-party library: a game's optional
accelerator (``Game.batch``), which the registry loads only when a simulation asks for it."""


def test_importing_the_games_loads_no_accelerator_and_no_numpy():
    modules = [
        f"relicbox.games.{path.parent.name}.{path.stem}"
        for path in sorted((SRC / "games").glob("*/*.py"))
        if f"relicbox/{path.relative_to(SRC).as_posix()}" not in ACCELERATORS
        and path.stem != "__init__"
    ]
    code = (
        "import importlib, sys, relicbox\n"
        "relicbox.new_game('diamant', 3).view(0)\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'numpy'"
        " or m.endswith('.batch')))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
