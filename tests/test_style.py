"""The layers' contract: what core and games import, how a game's modules import each other
and the test layout every game shares. (ruff, ruff format and mypy --strict are steps of
their own in .ci/run, which fail when the tool is missing.)"""

from __future__ import annotations

import ast
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


SRC = ROOT / "src" / "relicbox"

LAYERS = {
    "core": 0,
    "games": 1,
    "i18n": 2,
    "datafiles": 2,
    "": 2.5,
    "bots": 3,
    "play": 4,
    "server": 5,
    "envs": 5,
    "cli": 6,
}
"""Each part of ``relicbox`` and its layer: a module imports from parts of lower layers
only (and from its own part). ``i18n`` and ``datafiles`` do for core and games what the
pure layers may not; the package itself (``""``, ``relicbox/__init__.py``) installs them."""

LAZY_ONLY = {("cli", "server"), ("cli", "envs")}
"""Imports allowed only inside a function: ``relicbox serve`` and friends load the server
when they run, so that the rest of the command line starts without it."""


@dataclass(frozen=True)
class Import:
    """One import of a relicbox module or of another package, as the source writes it."""

    module: str
    """The importing module (``relicbox.play.match``)."""
    target: str
    """The module imported: a module of ``relicbox`` as precisely as the import names it
    (``from relicbox.bots import specs`` is ``relicbox.bots.specs``), else its root."""
    lazy: bool
    """Inside a function (or a class body's method)."""
    typing_only: bool
    """Under ``if TYPE_CHECKING:``: read by type checkers, never run."""
    where: str
    """``relicbox/play/match.py:19``."""

    @property
    def line(self) -> int:
        return int(self.where.rpartition(":")[2])


def _module_name(src: Path, path: Path) -> str:
    parts = list(path.relative_to(src.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def scan_imports(src: Path) -> list[Import]:
    """Every import statement under ``src`` (the ``relicbox`` folder), read with ``ast``:
    at module level, inside functions and under ``TYPE_CHECKING``."""
    files = sorted(src.rglob("*.py"))
    modules = {_module_name(src, path) for path in files}
    found = []
    for path in files:
        module = _module_name(src, path)
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        where = path.relative_to(src.parent).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        pending: list[tuple[ast.AST, bool, bool]] = [(tree, False, False)]
        while pending:
            node, lazy, typing_only = pending.pop()
            inner = lazy or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            if isinstance(node, ast.If) and "TYPE_CHECKING" in (
                getattr(node.test, "id", None),
                getattr(node.test, "attr", None),
            ):
                pending += [(child, inner, True) for child in node.body]
                pending += [(child, inner, typing_only) for child in node.orelse]
            else:
                pending += [(child, inner, typing_only) for child in ast.iter_child_nodes(node)]
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(up + ([base] if base else []))
                names = [
                    f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                    for alias in node.names
                ]
            for name in dict.fromkeys(names):
                target = name if name.split(".")[0] == src.name else name.split(".")[0]
                place = f"{where}:{getattr(node, 'lineno', 0)}"
                found.append(Import(module, target, lazy, typing_only, place))
    return sorted(found, key=lambda item: (item.where.partition(":")[0], item.line))


def _part(module: str) -> str:
    """``relicbox.play.match`` -> ``play``; the package itself -> ``""``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def layer_faults(imports: list[Import], root: str = "relicbox") -> list[str]:
    """Imports that go up or sideways between layers, or eagerly where only lazily may."""
    faults = []
    for item in imports:
        if item.target.split(".")[0] != root:
            continue
        mine, theirs = _part(item.module), _part(item.target)
        if mine == theirs:
            continue
        if mine not in LAYERS or theirs not in LAYERS:
            faults.append(f"{item.where}: {item.target}: a part with no layer in LAYERS")
        elif LAYERS[theirs] >= LAYERS[mine]:
            faults.append(f"{item.where}: {mine or root} may not import {item.target}")
        elif (mine, theirs) in LAZY_ONLY and not item.lazy:
            faults.append(f"{item.where}: {mine} imports {item.target} only inside a function")
    return faults


def pure_faults(imports: list[Import], root: str = "relicbox") -> list[str]:
    """Imports of core and games that are not the standard library or relicbox's own
    (a game's accelerator excepted), or that are the global ``random``."""
    allowed_roots = {root} | set(sys.stdlib_module_names)
    faults = []
    for item in imports:
        if _part(item.module) not in ("core", "games"):
            continue
        extra = ACCELERATORS.get(item.where.partition(":")[0], set())
        if item.target.split(".")[0] not in allowed_roots and item.target not in extra:
            faults.append(f"{item.where}: imports {item.target}, not the standard library")
        if item.target == "random":
            faults.append(f"{item.where}: the global random module")
    return faults


def import_cycles(imports: list[Import], root: str = "relicbox") -> list[list[str]]:
    """The groups of modules that import one another in a circle (strongly connected
    components of the graph of imports, lazy ones included: a cycle hidden in a function
    is a cycle still; imports only type checkers read are left out, since they never run)."""
    graph: dict[str, set[str]] = {}
    for item in imports:
        graph.setdefault(item.module, set())
        if (
            item.target.split(".")[0] == root
            and item.target != item.module
            and not item.typing_only
        ):
            graph[item.module].add(item.target)
            graph.setdefault(item.target, set())
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles = []
    for start in sorted(graph):
        if start in order:
            continue
        work = [(start, iter(sorted(graph[start])))]
        order[start] = low[start] = len(order)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in order:
                    order[target] = low[target] = len(order)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph[target]))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], order[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == order[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        cycles.append(sorted(group))
    return cycles


def test_core_and_games_import_nothing_from_upper_layers_or_third_parties():
    imports = scan_imports(SRC)
    faults = pure_faults(imports) + [
        fault for fault in layer_faults(imports) if fault.split("/")[1] in ("core", "games")
    ]
    assert not faults, "\n".join(faults)


def test_every_layer_imports_only_the_layers_below_it():
    """core <- games <- i18n, datafiles <- bots <- play <- server, envs <- cli, with the
    command line loading the server only when a command needs it."""
    faults = layer_faults(scan_imports(SRC))
    assert not faults, "\n".join(faults)
    parts = {
        path.name for path in SRC.iterdir() if path.is_dir() and (path / "__init__.py").exists()
    }
    parts |= {path.stem for path in SRC.glob("*.py") if path.stem != "__init__"}
    assert parts <= set(LAYERS), f"give {sorted(parts - set(LAYERS))} a layer in LAYERS"


def test_no_modules_import_one_another_in_a_circle():
    cycles = import_cycles(scan_imports(SRC))
    assert not cycles, "modules importing one another: " + "; ".join(
        " <-> ".join(group) for group in cycles
    )


def test_the_import_checks_see_each_kind_of_fault(tmp_path):
    """The checks above fail on each fault they name (so they are not vacuous)."""
    src = tmp_path / "relicbox"
    samples = {
        "__init__.py": "",
        "core/__init__.py": "",
        "core/pure.py": "import numpy\nimport random\nfrom relicbox.bots import make_bot\n",
        "bots/__init__.py": "",
        "bots/up.py": "def f():\n    from relicbox.play import loop\n",
        "play/__init__.py": "",
        "play/loop.py": "from relicbox.server import app\n",
        "play/a.py": "from . import b\n",
        "play/b.py": "def f():\n    import relicbox.play.a\n",
        "play/c.py": "import typing\nif typing.TYPE_CHECKING:\n    import relicbox.play.d\n",
        "play/d.py": "import relicbox.play.c\n",
        "server/__init__.py": "",
        "server/app.py": "from relicbox.envs import gym\n",
        "envs/__init__.py": "",
        "envs/gym.py": "",
        "cli/__init__.py": "",
        "cli/main.py": "from relicbox.server.app import run\ndef f():\n    import relicbox.envs\n",
        "extra/__init__.py": "",
        "core/down.py": "from relicbox.extra import x\n",
    }
    for name, text in samples.items():
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        (src / name).write_text(text, encoding="utf-8")
    imports = scan_imports(src)
    faults = "\n".join(layer_faults(imports) + pure_faults(imports))
    for expected in (
        "core/pure.py:1: imports numpy",
        "core/pure.py:2: the global random module",
        "core/pure.py:3: core may not import relicbox.bots",
        "bots/up.py:2: bots may not import relicbox.play.loop",
        "play/loop.py:1: play may not import relicbox.server.app",
        "server/app.py:1: server may not import relicbox.envs.gym",
        "cli/main.py:1: cli imports relicbox.server.app only inside a function",
        "core/down.py:1: relicbox.extra: a part with no layer",
    ):
        assert expected in faults, expected
    assert "cli/main.py:3" not in faults  # a lazy import of the environments is allowed
    assert import_cycles(imports) == [["relicbox.play.a", "relicbox.play.b"]]


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
    # layers <- the explanations of refusals (which the rules load at the first one) <- rules
    # <- the body's field checks <- views and codec <- the scenario builder
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
    "explain": 0.95,
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
