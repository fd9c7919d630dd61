"""Bot decisions off the event loop, within a time budget.

A bot receives only the seat's view and legal action texts (as any bot does), so
the work can go to another process: the event loop stays free to serve every
other table while bots think. A bot that answers late, or fails, is replaced for
that decision by the game's default action, and the caller is told why.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache
from typing import Any

from relicbox.bots import make_bot
from relicbox.core.agents import Agent
from relicbox.core.registry import get_game
from relicbox.core.rng import Rng


@cache
def _bot(game_name: str, bot_name: str) -> Agent:
    return make_bot(bot_name, get_game(game_name))


def choose_action(
    game_name: str, bot_name: str, view: dict[str, Any], legal: list[str], seed: int
) -> str:
    """One bot decision, as text; runs in a worker process or thread."""
    game = get_game(game_name)
    actions = [game.action_space.parse(text) for text in legal]
    return _bot(game_name, bot_name).choose(view, actions, Rng(seed)).text


def _exit_with_parent(parent: int) -> None:
    """In a worker: leave when the server is gone, even if it was killed outright."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, daemon=True, name="relicbox-parent-watch").start()


@dataclass(frozen=True)
class BotAnswer:
    action: str
    late_or_failed: str | None = None
    """``None`` when the bot answered in time; else ``"late"`` or ``"failed"``."""


class BotPool:
    """Runs bot decisions on ``workers`` processes (``0``: a thread pool, for tests)."""

    def __init__(self, workers: int = 1) -> None:
        self.executor: Executor
        if workers > 0:
            context = multiprocessing.get_context("spawn")
            self.executor = ProcessPoolExecutor(
                max_workers=workers,
                mp_context=context,
                initializer=_exit_with_parent,
                initargs=(os.getpid(),),
            )
        else:
            self.executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix="relicbox-bot")

    async def choose(
        self,
        game_name: str,
        bot_name: str,
        view: dict[str, Any],
        legal: list[str],
        seed: int,
        default: str,
        budget: float,
    ) -> BotAnswer:
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(
            self.executor, choose_action, game_name, bot_name, view, legal, seed
        )
        try:
            action = await asyncio.wait_for(future, timeout=budget)
        except TimeoutError:
            return BotAnswer(default, "late")
        except Exception:
            return BotAnswer(default, "failed")
        return BotAnswer(action) if action in legal else BotAnswer(default, "failed")

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
