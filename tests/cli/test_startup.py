"""``relicbox --help`` and ``relicbox games`` start quickly: slow modules load only when used.

CPU time is too noisy for a test on a shared machine, so these check what is imported.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

SLOW = ("fluent.runtime", "rich.console", "relicbox.cli.analysis", "relicbox.cli.server_commands")
NEVER_AT_START = (
    "pydantic",
    "importlib.metadata",
    "fluent.runtime",
    "rich",
    "relicbox.play",
    "numpy",
)
"""Loaded by no listing into a pipe: Typer's value checks, the installed metadata (the
version), the Fluent parser, rich (which writes no styles there), the play layer and NumPy."""
GAME_PARTS = ("bots", "codec", "sample", "text", "views")
"""The modules a game registers above its rules: a listing needs the rules' metadata only."""


def modules_after(*args: str) -> set[str]:
    script = (
        "import json, sys\n"
        "from relicbox.cli.main import app\n"
        f"sys.argv = ['relicbox', *{list(args)!r}]\n"
        "try:\n    app()\nexcept SystemExit:\n    pass\n"
        "print(json.dumps(sorted(sys.modules)), file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


def test_help_loads_neither_the_catalogs_nor_rich_nor_the_other_commands():
    loaded = modules_after("--help")
    assert not loaded & set(SLOW), loaded & set(SLOW)


def test_games_reads_its_plain_messages_without_the_fluent_parser():
    assert "fluent.runtime" not in modules_after("games")


@pytest.mark.parametrize("args", [("--help",), ("games",), ("games", "--lang", "cs")])
def test_help_and_games_load_no_heavy_module(args):
    loaded = modules_after(*args)
    heavy = {name for name in loaded if name.split(".")[0] in NEVER_AT_START}
    heavy |= {name for name in loaded if name.startswith(NEVER_AT_START)}
    assert not heavy, sorted(heavy)


def test_help_loads_no_game():
    assert not {name for name in modules_after("--help") if name.startswith("relicbox.games")}


def test_games_loads_only_the_rules_of_each_game():
    loaded = modules_after("games")
    parts = sorted(
        name
        for name in loaded
        if name.startswith("relicbox.games.") and name.rsplit(".", 1)[1] in GAME_PARTS
    )
    assert "relicbox.games.diamant.rules" in loaded and not parts, parts


def test_a_lazy_command_still_runs_and_explains_itself():
    done = subprocess.run(
        [sys.executable, "-m", "relicbox.cli.main", "simulate", "--help"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0 and "confidence intervals" in done.stdout
