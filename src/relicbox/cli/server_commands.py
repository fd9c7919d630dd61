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
from rich.markup import escape

from relicbox.cli.common import MESSAGE_LIMIT, shown
from relicbox.core.errors import clip, quote

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


def _print_error(message: str) -> None:
    """One red line, however long the input it quotes (markup in it shown as typed, nothing
    the terminal would obey)."""
    one_line = clip(" ".join(message.split()))
    line = escape(shown(one_line, MESSAGE_LIMIT, markup=False))
    console.print(f"[bold red]{line}[/]", soft_wrap=True)


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
        int | None,
        typer.Option(
            help="Processes that run bot decisions (0: threads). Default: one per core but one.",
            min=0,
            max=64,
        ),
    ] = None,
    bot_delay: Annotated[
        float, typer.Option(help="Seconds a bot waits before it moves, so people can follow.")
    ] = 0.6,
    bot_think_ms: Annotated[
        int,
        typer.Option(
            help="The longest a search bot may think a move, in ms; past it, it is stopped.",
            min=10,
            max=60_000,
        ),
    ] = 1000,
    tables_per_hour: Annotated[
        int, typer.Option(help="Tables one client address may make in an hour.", min=1)
    ] = 30,
    open_tables: Annotated[
        int, typer.Option(help="Tables one client address may have waiting for players.", min=1)
    ] = 5,
    bot_tables_per_hour: Annotated[
        int,
        typer.Option(help="Tables of bots alone one client address may make in an hour.", min=0),
    ] = 5,
    bot_tables_playing: Annotated[
        int, typer.Option(help="Tables of bots alone playing at once on this server.", min=0)
    ] = 20,
    bot_table_delay: Annotated[
        float,
        typer.Option(
            help="Seconds each bot waits before it moves at a table of bots alone.", min=0
        ),
    ] = 1.0,
    open_table_ttl: Annotated[
        float,
        typer.Option(help="Seconds an open table waits with nobody at it before it goes.", min=1),
    ] = 1800.0,
    http_rate: Annotated[
        float,
        typer.Option(
            help="API requests a second from one client address (bursts of three times as many).",
            min=0.1,
        ),
    ] = 20.0,
    max_body: Annotated[
        int, typer.Option(help="The largest HTTP request body, in bytes.", min=1024)
    ] = 64 * 1024,
    connections_per_table: Annotated[
        int,
        typer.Option(help="WebSockets one table may have open (its seats always get in).", min=1),
    ] = 200,
    connections_per_address: Annotated[
        int, typer.Option(help="WebSockets one client address may have open.", min=1)
    ] = 20,
    max_connections: Annotated[
        int | None,
        typer.Option(
            help="Connections (HTTP and WebSocket) the server holds at once; at the cap a "
            "new address still gets in, in place of one of the address that holds the most. "
            "Default: 1000, or fewer if the process may not open that many files.",
            min=16,
        ),
    ] = None,
    header_timeout: Annotated[
        float,
        typer.Option(
            help="Seconds a connection may take to send a request's head, its body or a "
            "WebSocket's join before it is closed.",
            min=1,
        ),
    ] = 10.0,
    keep_alive_timeout: Annotated[
        int, typer.Option(help="Seconds an idle HTTP connection stays open after an answer.", min=1)
    ] = 5,
    allowed_origin: Annotated[
        list[str] | None,
        typer.Option(
            metavar="ORIGIN",
            help="A page origin (https://host) whose WebSockets are accepted besides the "
            "server's own, when a proxy changes the host; repeat for more.",
        ),
    ] = None,
    allowed_host: Annotated[
        list[str] | None,
        typer.Option(
            metavar="NAME",
            help="A host name (or address) the server answers to besides localhost, "
            "127.0.0.1, ::1 and the --host address, as browsers send it in the Host header; "
            "any other is refused (DNS rebinding). Repeat for more; * answers to any name.",
        ),
    ] = None,
    openapi: Annotated[
        bool, typer.Option("--openapi", help="Serve the API's description at /openapi.json.")
    ] = False,
    trusted_proxy: Annotated[
        list[str] | None,
        typer.Option(
            metavar="ADDRESS",
            help="Address of a reverse proxy whose X-Forwarded-For names the client (for the "
            "limits per address); repeat for more. Without it, the peer address counts.",
        ),
    ] = None,
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

    from relicbox.server.app import Settings, create_app, server_options

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
        _print_error(f"Cannot open the database {_safe_url(url)}: {error}")
        raise typer.Exit(code=2) from None
    address = f"http://{host if host not in ('0.0.0.0', '::') else '127.0.0.1'}:{port}/"
    console.print(f"relicbox is serving at [bold]{address}[/] (database: {_safe_url(url)})")
    console.print("Press Ctrl-C to stop; unfinished games carry on when it starts again.")
    if open_browser:
        webbrowser.open(address)
    settings = Settings(
        db_url=url,
        bot_delay=bot_delay,
        bot_think_ms=bot_think_ms,
        tables_per_hour=tables_per_hour,
        open_tables_per_address=open_tables,
        bot_tables_per_hour=bot_tables_per_hour,
        bot_tables_playing=bot_tables_playing,
        bot_table_delay=bot_table_delay,
        open_table_ttl=open_table_ttl,
        http_rate=http_rate,
        http_burst=3 * http_rate,
        max_body_bytes=max_body,
        connections_per_table=connections_per_table,
        connections_per_address=connections_per_address,
        allowed_origins=tuple(allowed_origin or ()),
        allowed_hosts=allowed_hosts(host, allowed_host),
        header_timeout=header_timeout,
        keep_alive_timeout=keep_alive_timeout,
        **({} if max_connections is None else {"max_connections": max_connections}),
        openapi=openapi,
        redis_url=redis_url,
        redis_prefix=os.environ.get("RELICBOX_REDIS_PREFIX") or "relicbox:",
        **({} if bot_workers is None else {"bot_workers": bot_workers}),
    )
    app = create_app(settings)
    uvicorn.run(
        app,
        host=host,
        port=port,
        **server_options(app, tuple(trusted_proxy or ())),
        log_level="info",
        access_log=False,
    )


def allowed_hosts(host: str, given: list[str] | None) -> tuple[str, ...]:
    """The Host names the server answers to: the loopback names, the address it listens
    on (unless that is every address) and those given."""
    from relicbox.server.guard import LOCAL_HOSTS

    names = [*LOCAL_HOSTS]
    if host not in ("0.0.0.0", "::", ""):
        names.append(host)
    names += given or []
    return tuple(dict.fromkeys(names))


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
        _print_error(f"Cannot open the database {_safe_url(url)}: {error}")
        raise typer.Exit(code=2) from None
    if record is None:
        _print_error(f"There is no table {quote(table)} in {_safe_url(url)}.")
        raise typer.Exit(code=2)
    text = json.dumps(record, indent=1, ensure_ascii=False)
    if output is None:
        typer.echo(text)
        return
    try:
        output.write_text(text + "\n", encoding="utf-8")
    except OSError as error:
        _print_error(f"Cannot write {quote(str(output))}: {error.strerror}")
        raise typer.Exit(code=2) from None
    console.print(f"Wrote the record of table {table} to {output}.")
