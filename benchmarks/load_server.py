"""Load on a real ``relicbox serve``: N WebSocket clients, each at its own table with bots.

    python3 benchmarks/load_server.py --tables 50 --seconds 30 [--game diamant] [--db URL]

Starts the server as a child process (a fresh SQLite file unless ``--db`` is given),
makes the tables through the HTTP API, and lets every client answer its seat's
decisions at once with a random legal action, starting a new table whenever a game
ends. Prints decisions per second accepted by the server (people's and bots'), and the
latency of people's decisions: from sending ``act`` to receiving the state that
contains it (median, p95, max). Traffic stays on 127.0.0.1.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(db: str, port: int, bot_workers: int) -> subprocess.Popen[bytes]:
    command = [
        sys.executable,
        "-m",
        "relicbox.cli.main",
        "serve",
        "--port",
        str(port),
        "--db",
        db,
        "--bot-delay",
        "0",
        "--bot-workers",
        str(bot_workers),
    ]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return process
        except httpx.HTTPError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit("the server did not start")


class Totals:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.events = 0
        self.games = 0


async def client(
    base: str, game: str, players: int, bot: str, until: float, seed: int, totals: Totals
) -> None:
    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        while time.monotonic() < until:
            seats = [{"kind": "me"}] + [{"kind": "bot", "bot": bot}] * (players - 1)
            made = (
                await http.post(
                    "/api/tables",
                    json={"game": game, "players": players, "seats": seats, "name": f"load{seed}"},
                )
            ).json()
            uri = base.replace("http", "ws") + f"/ws/{made['table']}"
            async with websockets.connect(uri, max_size=2**24) as ws:
                await ws.send(json.dumps({"type": "join", "token": made["token"]}))
                sent_at: float | None = None
                sent_seq = -1
                last_seq = 0
                while time.monotonic() < until:
                    frame = json.loads(await ws.recv())
                    if frame["type"] != "state" or frame["view"] is None:
                        continue
                    last_seq = max(last_seq, frame["seq"])
                    if sent_at is not None and frame["seq"] > sent_seq:
                        totals.latencies.append(time.monotonic() - sent_at)
                        sent_at = None
                    if frame["over"]:
                        totals.games += 1
                        break
                    if frame["legal"] and sent_at is None:
                        choice = rng.choice(frame["legal"])["text"]
                        sent_at, sent_seq = time.monotonic(), frame["seq"]
                        await ws.send(json.dumps({"type": "act", "action": choice}))
                totals.events += last_seq


async def run(args: argparse.Namespace, base: str) -> Totals:
    totals = Totals()
    until = time.monotonic() + args.seconds
    await asyncio.gather(
        *(
            client(base, args.game, args.players, args.bot, until, n, totals)
            for n in range(args.tables)
        )
    )
    return totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--game", default="diamant")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bot", default="rule")
    parser.add_argument("--bot-workers", type=int, default=1)
    parser.add_argument("--db", help="database URL (default: a new SQLite file)")
    args = parser.parse_args()
    port = free_port()
    folder = tempfile.mkdtemp(prefix="relicbox-load-")
    db = args.db or f"sqlite:///{Path(folder) / 'load.sqlite'}"
    server = start_server(db, port, args.bot_workers)
    try:
        started = time.monotonic()
        totals = asyncio.run(run(args, f"http://127.0.0.1:{port}"))
        elapsed = time.monotonic() - started
    finally:
        server.terminate()
        server.wait(timeout=30)
    latencies = sorted(totals.latencies)
    p95 = latencies[int(0.95 * (len(latencies) - 1))] if latencies else float("nan")
    print(
        f"{args.tables} tables of {args.game} ({args.players} players, bots: {args.bot}), "
        f"{elapsed:.0f} s, database {db.split(':')[0]}"
    )
    print(f"record events stored: {totals.events / elapsed:.0f}/s; games finished: {totals.games}")
    print(
        f"people's decisions: {len(latencies)} ({len(latencies) / elapsed:.0f}/s); latency "
        f"median {statistics.median(latencies) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
        f"max {latencies[-1] * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
