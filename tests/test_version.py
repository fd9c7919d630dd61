"""pyproject.toml is the one place the version is written; the package reads it back."""

from __future__ import annotations

import importlib.metadata
import tomllib
from pathlib import Path

import relicbox

ROOT = Path(__file__).resolve().parents[1]


def declared_version() -> str:
    with (ROOT / "pyproject.toml").open("rb") as file:
        return str(tomllib.load(file)["project"]["version"])


def test_the_package_reports_the_version_pyproject_declares():
    assert relicbox.__version__ == importlib.metadata.version("relicbox") == declared_version()


def test_no_source_file_writes_the_version_again():
    version = declared_version()
    copies = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "src").rglob("*.py")
        if f'"{version}"' in path.read_text(encoding="utf-8")
    ]
    assert not copies


def test_a_tree_that_was_never_installed_still_has_a_version(monkeypatch):
    def not_installed(name: str) -> str:
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "version", not_installed)
    assert relicbox._installed_version() == "0+unknown"
