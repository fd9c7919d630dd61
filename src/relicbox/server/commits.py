"""The group commit: decisions of many tables written to the store together."""

from __future__ import annotations

import asyncio

from sqlalchemy.exc import InterfaceError, OperationalError

from relicbox.server.store import Append, DatabaseTimeout, Store


class GroupCommit:
    """Decisions of many tables committed together: while one transaction is on its way to
    disk, the decisions that arrive meanwhile queue up and go in the next one. Each caller
    still returns only once its own decision is committed."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.queue: asyncio.Queue[tuple[Append, asyncio.Future[None]]] = asyncio.Queue()
        self.writer: asyncio.Task[None] | None = None

    async def append(self, append: Append, timeout: float | None = None) -> None:
        """Commit ``append``, waiting at most ``timeout`` seconds (``TimeoutError`` then):
        an append whose wait ran out before its transaction began is never written, one
        whose transaction had begun may or may not have been."""
        if self.writer is None or self.writer.done():
            self.writer = asyncio.create_task(self._write())
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        # read whatever becomes of it, so a refusal whose caller was cancelled meanwhile
        # (a step-down cancels the bots' turns) is not reported as never retrieved
        done.add_done_callback(_retrieved)
        self.queue.put_nowait((append, done))
        # shielded: memory must never fall behind what is on disk, even if the caller
        # is cancelled while it waits
        try:
            await asyncio.wait_for(asyncio.shield(done), timeout)
        except TimeoutError:
            done.cancel()  # the writer leaves it out if it has not taken it yet
            raise

    async def _write(self) -> None:
        while True:
            batch = [await self.queue.get()]
            while not self.queue.empty():
                batch.append(self.queue.get_nowait())
            batch = [(append, done) for append, done in batch if not done.done()]
            if not batch:
                continue
            try:
                await asyncio.to_thread(self.store.append_many, [a for a, _ in batch])
                results: list[BaseException | None] = [None] * len(batch)
            except (OperationalError, InterfaceError, DatabaseTimeout) as error:
                # the database failed them all (out of reach, or past a time limit): tried
                # one by one they would wait once each
                results = [error] * len(batch)
            except Exception as error:
                # one table's append refused (fenced, say): the others go on without it
                if len(batch) == 1:
                    results = [error]
                else:
                    results = [await self._alone(append) for append, _ in batch]
            for (_, done), failure in zip(batch, results, strict=True):
                if done.done():
                    continue
                if failure is None:
                    done.set_result(None)
                else:
                    done.set_exception(failure)

    async def _alone(self, append: Append) -> BaseException | None:
        """One decision retried by itself, so a faulty one cannot sink its neighbours."""
        try:
            await asyncio.to_thread(self.store.append_many, [append])
        except Exception as error:
            return error
        return None

    def close(self) -> None:
        if self.writer is not None:
            self.writer.cancel()


def _retrieved(done: asyncio.Future[None]) -> None:
    if not done.cancelled():
        done.exception()
