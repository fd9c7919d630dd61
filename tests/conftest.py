"""Fixtures shared by every test folder: headless chromium, one per test module (Playwright
allows a single sync driver at a time, and its loop must stop before other tests use asyncio).

The tests run on several processes (pytest-xdist, ``-n auto --dist loadgroup`` in
``pyproject.toml``): each test file on one worker, so that a module's fixtures (a browser, a
live server) start once, and the long tests all on one worker, one after the other."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from xdist.scheduler import LoadGroupScheduling

from support.environment import unavailable

CHROMIUM = os.environ.get("RELICBOX_CHROMIUM", "/usr/bin/chromium")


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups off the marks
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # The long tests time takeovers between server processes, start Ray on every core and
    # drive whole games in a browser or a terminal: beside each other they would measure the
    # machine's load, not the code, so they keep running one at a time.
    for item in items:
        if item.get_closest_marker("slow") is not None:
            item.add_marker(pytest.mark.xdist_group("slow"))


class FileOrGroupScheduling(LoadGroupScheduling):
    """xdist's ``loadgroup``, with the tests of no group sent to the workers a file at a time
    (as ``loadfile`` does) instead of one test at a time."""

    def _split_scope(self, nodeid: str) -> str:
        if nodeid.rfind("@") > nodeid.rfind("]"):  # how xdist names a grouped test
            return nodeid.split("@")[-1]
        return nodeid.split("::", 1)[0]


@pytest.hookimpl(tryfirst=True, optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> LoadGroupScheduling | None:
    if config.getvalue("dist") != "loadgroup":
        return None
    return FileOrGroupScheduling(config, log)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        unavailable(f"no chromium at {CHROMIUM} (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--no-first-run",
                "--disable-sync",
            ],
        )
        yield instance
        instance.close()
