"""``relicbox serve`` and ``relicbox export``: online play from the command line.

The server's modules are imported only when these commands run, so the other
commands start as fast as before.
"""

from __future__ import annotations

import json
import os
import webbrowser
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

console = Console(highlight=False, stderr=True)

DbOption = Annotated[
    str | None,
    typer.Option(
        "--db",
        help="Database URL (default: a SQLite file in your data folder; "
        "postgresql+psycopg://user@host/db for PostgreSQL). Also read from RELICBOX_DB.",
    ),
]


def default_db_url() -> str:
    from platformdirs import user_data_path

    folder = user_data_path("relicbox", appauthor=False)
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'relicbox.sqlite'}"


def db_url(given: str | None) -> str:
    return given or os.environ.get("RELICBOX_DB") or default_db_url()


def _safe_url(url: str) -> str:
    """The URL without a password, fit to print."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


def serve_command(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.", min=1, max=65535)] = 8000,
    db: DbOption = None,
    open_browser: Annotated[
        bool, typer.Option("--open", help="Open the lobby in your web browser.")
    ] = False,
    bot_workers: Annotated[
        int, typer.Option(help="Processes that run bot decisions (0: threads).", min=0, max=64)
    ] = 1,
    bot_delay: Annotated[
        float, typer.Option(help="Seconds a bot waits before it moves, so people can follow.")
    ] = 0.6,
    redis: Annotated[
        str | None,
        typer.Option(
            "--redis",
            help="Redis URL (redis://host:6379/0): run as one of several processes sharing "
            "the PostgreSQL --db (see docs/cluster.md). Also read from RELICBOX_REDIS.",
        ),
    ] = None,
) -> None:
    """Start the web server: lobby, tables, bots and replays, in your browser."""
    import uvicorn
    from sqlalchemy.exc import SQLAlchemyError

    from relicbox.server.app import Settings, create_app

    url = db_url(db)
    redis_url = redis or os.environ.get("RELICBOX_REDIS") or None
    cluster_problem = _cluster_problem(redis_url, url)
    if cluster_problem is not None:
        console.print(f"[bold red]{cluster_problem}[/]")
        raise typer.Exit(code=2)
    try:
        from relicbox.server.store import make_engine, migrate

        engine = make_engine(url)
        migrate(engine)
        engine.dispose()
    except (SQLAlchemyError, ImportError, ValueError) as error:
        console.print(f"[bold red]Cannot open the database {_safe_url(url)}: {error}[/]")
        raise typer.Exit(code=2) from None
    address = f"http://{host if host not in ('0.0.0.0', '::') else '127.0.0.1'}:{port}/"
    console.print(f"relicbox is serving at [bold]{address}[/] (database: {_safe_url(url)})")
    console.print("Press Ctrl-C to stop; unfinished games carry on when it starts again.")
    if open_browser:
        webbrowser.open(address)
    settings = Settings(
        db_url=url,
        bot_workers=bot_workers,
        bot_delay=bot_delay,
        redis_url=redis_url,
        redis_prefix=os.environ.get("RELICBOX_REDIS_PREFIX") or "relicbox:",
    )
    uvicorn.run(
        create_app(settings),
        host=host,
        port=port,
        ws_max_size=64 * 1024,
        log_level="info",
        access_log=False,
    )


def _cluster_problem(redis_url: str | None, url: str) -> str | None:
    """Why ``--redis`` cannot run with this database or this installation, or ``None``."""
    if not redis_url:
        return None
    if url.startswith("sqlite"):
        return (
            f"--redis runs several processes on one database server, which a SQLite file "
            f"({_safe_url(url)}) is not: give a PostgreSQL --db "
            "(postgresql+psycopg://user@host/db)."
        )
    try:
        import redis  # noqa: F401
    except ImportError:
        return "--redis needs the Redis client: pip install 'relicbox[cluster]'"
    return None


def export_command(
    table: Annotated[str, typer.Argument(help="The table's id (from its address /t/ID).")],
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="File to write (default: stdout).")
    ] = None,
    db: DbOption = None,
) -> None:
    """Write a table's game record, which `relicbox replay` reads."""
    from sqlalchemy.exc import SQLAlchemyError

    from relicbox.server.store import Store

    url = db_url(db)
    try:
        store = Store(url)
        record = store.record(table)
        store.close()
    except (SQLAlchemyError, ImportError, ValueError) as error:
        console.print(f"[bold red]Cannot open the database {_safe_url(url)}: {error}[/]")
        raise typer.Exit(code=2) from None
    if record is None:
        console.print(f"[bold red]There is no table {table!r} in {_safe_url(url)}.[/]")
        raise typer.Exit(code=2)
    text = json.dumps(record, indent=1, ensure_ascii=False)
    if output is None:
        typer.echo(text)
        return
    try:
        output.write_text(text + "\n", encoding="utf-8")
    except OSError as error:
        console.print(f"[bold red]Cannot write {str(output)!r}: {error.strerror}[/]")
        raise typer.Exit(code=2) from None
    console.print(f"Wrote the record of table {table} to {output}.")
