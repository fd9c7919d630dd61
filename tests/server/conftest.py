"""Fixtures for the server tests: databases (SQLite and a real PostgreSQL), live servers,
and headless chromium driven by Playwright.

PostgreSQL: ``RELICBOX_TEST_POSTGRES`` names the server (default: the local one at
127.0.0.1:5432, user ``postgres``, database ``test``). Each test session creates its own
database there and drops it afterwards. Without a reachable server these tests skip with
the reason, except under CI (``CI`` set), where they fail.
"""

from __future__ import annotations

import os
import secrets
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from support.environment import unavailable as _unavailable
from support.server import LiveServer

POSTGRES = os.environ.get(
    "RELICBOX_TEST_POSTGRES", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    base = make_url(POSTGRES)
    try:
        admin = create_engine(base, isolation_level="AUTOCOMMIT")
        with admin.connect() as connection:
            name = f"relicbox_test_{secrets.token_hex(4)}"
            connection.execute(text(f'CREATE DATABASE "{name}"'))
    except Exception as error:
        _unavailable(
            f"PostgreSQL at {base.render_as_string(hide_password=True)} "
            f"is not reachable: {type(error).__name__}"
        )
    yield base.set(database=name).render_as_string(hide_password=False)
    with admin.connect() as connection:
        connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


def _fast_folder(tmp_path: Path) -> Path:
    """A folder on tmpfs when there is one: the same SQLite code, without disk syncs."""
    shm = Path("/dev/shm")
    if shm.is_dir() and os.access(shm, os.W_OK):
        folder = shm / f"relicbox-{secrets.token_hex(6)}"
        folder.mkdir()
        return folder
    return tmp_path


@pytest.fixture
def sqlite_url(tmp_path: Path) -> Iterator[str]:
    folder = _fast_folder(tmp_path)
    yield f"sqlite:///{folder / 'relicbox.sqlite'}"
    if folder != tmp_path:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def postgres_db(postgres_url: str) -> Iterator[str]:
    """The session's PostgreSQL database, emptied after each test."""
    yield postgres_url
    engine = create_engine(postgres_url)
    with engine.begin() as connection:
        connection.execute(text("DROP SCHEMA public CASCADE"))
        connection.execute(text("CREATE SCHEMA public"))
    engine.dispose()


@pytest.fixture(params=["sqlite", "postgres"])
def db_url(request: pytest.FixtureRequest) -> str:
    url: str = request.getfixturevalue("sqlite_url" if request.param == "sqlite" else "postgres_db")
    return url


@pytest.fixture
def server(sqlite_url: str) -> Iterator[LiveServer]:
    with LiveServer(sqlite_url) as live:
        yield live
