"""``relicbox --help`` and ``relicbox games`` start quickly: slow modules load only when used.

CPU time is too noisy for a test on a shared machine, so these check what is imported.
"""

from __future__ import annotations

import json
import subprocess
import sys

SLOW = ("fluent.runtime", "rich.console", "relicbox.cli.analysis", "relicbox.cli.server_commands")


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


def test_a_lazy_command_still_runs_and_explains_itself():
    done = subprocess.run(
        [sys.executable, "-m", "relicbox.cli.main", "simulate", "--help"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0 and "confidence intervals" in done.stdout
