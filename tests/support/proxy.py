"""A TCP relay on 127.0.0.1 between one server process and Redis or PostgreSQL, that a
test can break: cut (the process loses that service alone, as on a broken link), hang (a
silent partition: nothing passes either way and nothing is closed, until it heals), or
slow (every byte arrives late)."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections import deque


class CuttableLink:
    """Relays connections from ``port`` to ``target_port``.

    * :meth:`cut`: open connections are closed and new ones refused, for good;
    * :meth:`hang`: nothing is relayed either way, and nothing is closed or refused (a new
      connection is accepted and waits), as when a network drops packets silently; the
      bytes already sent wait in the relay and the kernels' buffers;
    * :meth:`drop`: open connections are closed, and new ones closed as they come (a
      service that restarts, or refuses), until :meth:`restore`;
    * :meth:`heal`: everything flows again, the waiting bytes first, in order, as TCP
      delivers them once a partition ends (and any delay of :meth:`slow` is lifted);
    * :meth:`slow`: every chunk is delivered ``delay`` seconds after it was read (a
      latency, not a throughput limit).
    """

    def __init__(self, target_port: int) -> None:
        self.target = ("127.0.0.1", target_port)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port: int = self.listener.getsockname()[1]
        self.sockets: list[socket.socket] = []
        self.lock = threading.Lock()
        self.is_cut = False
        self.dropping = False
        self.flowing = threading.Event()
        self.flowing.set()
        self.delay = 0.0
        self.upstream_ports: list[int] = []
        """The local ports of the relay's connections to the service (as the service
        sees its clients: ``CLIENT KILL ADDR`` in Redis, ``pg_stat_activity`` in PostgreSQL)."""
        threading.Thread(target=self._accept, daemon=True, name="link-accept").start()

    def url(self, url: str) -> str:
        """``url`` with the service's port replaced by this link's."""
        return url.replace(f":{self.target[1]}", f":{self.port}", 1)

    def cut(self) -> None:
        with self.lock:
            self.is_cut = True
            with contextlib.suppress(OSError):
                self.listener.close()
            for sock in self.sockets:
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
                with contextlib.suppress(OSError):
                    sock.close()
        self.flowing.set()  # wakes whatever waits for a heal, to end

    def hang(self) -> None:
        self.flowing.clear()

    def drop(self) -> None:
        with self.lock:
            self.dropping = True
            for sock in self.sockets:
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
                with contextlib.suppress(OSError):
                    sock.close()
            self.sockets = []

    def restore(self) -> None:
        self.dropping = False

    def heal(self) -> None:
        self.delay = 0.0
        self.flowing.set()

    def slow(self, delay: float) -> None:
        self.delay = delay

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._relay, args=(client,), daemon=True).start()

    def _relay(self, client: socket.socket) -> None:
        self.flowing.wait()  # a connection made during a hang gets no answer until it heals
        if self.dropping:
            with contextlib.suppress(OSError):
                client.shutdown(socket.SHUT_RDWR)
            client.close()
            return
        try:
            upstream = socket.create_connection(self.target, timeout=5)
            upstream.settimeout(None)
        except OSError:
            client.close()
            return
        with self.lock:
            if self.is_cut or self.dropping:
                client.close()
                upstream.close()
                return
            self.sockets += [client, upstream]
            self.upstream_ports.append(upstream.getsockname()[1])
        for source, sink in ((client, upstream), (upstream, client)):
            _Pipe(self, source, sink).start()


class _Pipe:
    """One direction of one relayed connection: a reader stamps each chunk with when it
    came, a writer delivers it once the link flows and its delay has passed."""

    def __init__(self, link: CuttableLink, source: socket.socket, sink: socket.socket) -> None:
        self.link, self.source, self.sink = link, source, sink
        self.chunks: deque[tuple[float, bytes]] = deque()
        self.ready = threading.Condition()

    def start(self) -> None:
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._write, daemon=True).start()

    def _read(self) -> None:
        data = b""
        with contextlib.suppress(OSError):
            while True:
                self.link.flowing.wait()  # hung: the sender's bytes stay in its buffers
                data = self.source.recv(65536)
                with self.ready:
                    self.chunks.append((time.monotonic(), data))
                    self.ready.notify()
                if not data:
                    return
        with self.ready:  # the source failed: end the other side too
            self.chunks.append((time.monotonic(), b""))
            self.ready.notify()

    def _write(self) -> None:
        with contextlib.suppress(OSError):
            while True:
                with self.ready:
                    while not self.chunks:
                        self.ready.wait()
                    came, data = self.chunks.popleft()
                while True:
                    self.link.flowing.wait()
                    if self.link.is_cut:
                        return
                    wait = came + self.link.delay - time.monotonic()
                    if wait <= 0:
                        break
                    time.sleep(min(wait, 0.05))
                if not data:
                    self.sink.shutdown(socket.SHUT_WR)
                    return
                self.sink.sendall(data)
