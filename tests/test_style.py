"""ruff, ruff format and mypy --strict stay clean (the layers' contract says so).

The ruff checks are skipped where ruff is not installed."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.skipif(shutil.which("ruff") is None, reason="ruff is not installed")
def test_ruff_is_clean():
    result = subprocess.run(
        ["ruff", "check", "src", "tests", "scripts", "benchmarks"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.skipif(shutil.which("ruff") is None, reason="ruff is not installed")
def test_the_code_is_formatted_with_ruff_format():
    result = subprocess.run(
        ["ruff", "format", "--check", "src", "tests", "scripts", "benchmarks"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, "run `ruff format`:\n" + result.stdout + result.stderr


def test_mypy_strict_is_clean_on_all_of_src():
    pytest.importorskip("mypy")
    result = subprocess.run(
        [sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


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
