"""The group commit: decisions of many tables written to the store together."""

from __future__ import annotations

import asyncio

from relicbox.server.store import Append, Store


class GroupCommit:
    """Decisions of many tables committed together: while one transaction is on its way to
    disk, the decisions that arrive meanwhile queue up and go in the next one. Each caller
    still returns only once its own decision is committed."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.queue: asyncio.Queue[tuple[Append, asyncio.Future[None]]] = asyncio.Queue()
        self.writer: asyncio.Task[None] | None = None

    async def append(self, append: Append) -> None:
        if self.writer is None or self.writer.done():
            self.writer = asyncio.create_task(self._write())
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.queue.put_nowait((append, done))
        # shielded: memory must never fall behind what is on disk, even if the caller
        # is cancelled while it waits
        await asyncio.shield(done)

    async def _write(self) -> None:
        while True:
            batch = [await self.queue.get()]
            while not self.queue.empty():
                batch.append(self.queue.get_nowait())
            try:
                await asyncio.to_thread(self.store.append_many, [a for a, _ in batch])
                results: list[BaseException | None] = [None] * len(batch)
            except Exception:
                results = [await self._alone(append) for append, _ in batch]
            for (_, done), error in zip(batch, results, strict=True):
                if done.done():
                    continue
                if error is None:
                    done.set_result(None)
                else:
                    done.set_exception(error)

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
