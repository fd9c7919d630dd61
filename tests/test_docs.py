"""The project's documents cover every game and option, list the checks CI runs, and point
nowhere outside the project."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import relicbox

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = [
    ROOT / "README.md",
    ROOT / "CONTRIBUTING.md",
    ROOT / "CHANGELOG.md",
    *sorted((ROOT / "docs").rglob("*.md")),
]


def rules_page(game: relicbox.Game) -> Path:
    return ROOT / "docs" / "rules" / f"{game.name.replace('-', '_')}.md"


@pytest.mark.parametrize("game", relicbox.list_games(), ids=lambda g: g.name)
def test_each_game_has_a_rules_page_naming_its_options_and_defaults(game):
    text = rules_page(game).read_text(encoding="utf-8")
    assert f"`{game.rules_version}`" in text
    for option in game.options:
        # | option | values | default | meaning |
        rows = [line for line in text.splitlines() if line.startswith(f"| `{option.name}` |")]
        assert rows, f"option {option.name!r} has no row in the options table"
        _, values, default, meaning = (cell.strip() for cell in rows[0].split("|")[1:5])
        if option.default is not None:
            assert default == f"`{str(option.default).lower()}`", f"{option.name}: wrong default"
        for choice in option.choices or ():
            assert f"`{str(choice).lower()}`" in values, f"{option.name}: {choice!r} missing"
        assert meaning


@pytest.mark.parametrize("game", relicbox.list_games(), ids=lambda g: g.name)
def test_the_changelog_says_what_each_rules_version_means(game):
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert re.search(rf"^\| [^|]+ \| `{re.escape(game.rules_version)}` \| \S", changelog, re.M)


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_documents_point_only_inside_the_project(path):
    text = path.read_text(encoding="utf-8")
    assert "shared/" not in text and "../" not in text
    for target in re.findall(r"\]\(([^)#]+)", text):
        if "://" not in target:
            assert (path.parent / target).exists(), f"{path.name} links to missing {target}"


def test_ci_runs_each_static_check_as_a_step_contributing_lists():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    steps = [line for line in ci if line.startswith(("python3 -m ruff", "python3 -m mypy"))]
    tools = {step.split()[2] + (" format" if " format " in step else "") for step in steps}
    assert tools == {"ruff", "ruff format", "mypy"}, steps
    assert "mypy --strict src/relicbox" in " ".join(steps)
    contributing = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8").splitlines()
    assert set(steps) <= set(contributing), "CONTRIBUTING.md must list CI's check commands"
