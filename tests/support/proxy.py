"""A TCP relay on 127.0.0.1 between one server process and Redis or PostgreSQL, that a
test can cut: the process then loses that service alone, as on a broken link."""

from __future__ import annotations

import contextlib
import socket
import threading


class CuttableLink:
    """Relays connections from ``port`` to ``target_port`` until :meth:`cut`; after it, open
    connections are closed and new ones refused."""

    def __init__(self, target_port: int) -> None:
        self.target = ("127.0.0.1", target_port)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port: int = self.listener.getsockname()[1]
        self.sockets: list[socket.socket] = []
        self.lock = threading.Lock()
        self.is_cut = False
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

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(self.target, timeout=5)
            except OSError:
                client.close()
                continue
            with self.lock:
                if self.is_cut:
                    client.close()
                    upstream.close()
                    return
                self.sockets += [client, upstream]
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=_pump, args=(source, sink), daemon=True).start()


def _pump(source: socket.socket, sink: socket.socket) -> None:
    with contextlib.suppress(OSError):
        while data := source.recv(65536):
            sink.sendall(data)
    with contextlib.suppress(OSError):
        sink.shutdown(socket.SHUT_WR)
