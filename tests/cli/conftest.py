"""Fixtures for the terminal program's tests."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture
def tmp_path() -> Iterator[Path]:
    """A temporary folder with a short path. The program prints in 80 columns, and a path
    longer than a line comes out broken in two, where a test reading it back would not find
    it; pytest's own folders grow with each run and, under pytest-xdist, by a worker folder
    (``popen-gw0``), so that a save path there no longer fits."""
    folder = Path(tempfile.mkdtemp(prefix="relicbox-cli-"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)
