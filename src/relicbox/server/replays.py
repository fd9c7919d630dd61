"""The steps of a table's replay (``/api/tables/{id}/replay``), made in a bot pool worker.

A step is a task of the pool's background workers (:func:`replay_step`, see
:meth:`relicbox.server.botpool.BotPool.run`), never of the server's own process: the
worker replays the record into the states it passes through, one per decision, keeps
them (:data:`BUILT_KEPT` records per worker) and, when the record of a table still
playing has grown since, replays only the new events.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import relicbox
from relicbox.core.game import State
from relicbox.server.snapshots import snapshot

BUILT_KEPT = 16
"""Replayed records a worker keeps (the oldest go first)."""


def record_points(record: dict[str, Any]) -> list[tuple[int, State]]:
    """The states a record passes through, one per decision (after the chance it set off)."""
    built = _Built.of(record)
    return [*built.points, (len(built.events), built.state.clone())]


@dataclass
class _Built:
    """A record replayed: the states before each of its decisions, and after it all."""

    header: dict[str, Any]
    events: list[Any]
    points: list[tuple[int, State]]
    state: State

    @classmethod
    def of(cls, record: dict[str, Any]) -> _Built:
        game = relicbox.get_game(record["game"])
        state = game.new_state(
            record["players"], record["seed"], auto_chance=False, **record["options"]
        )
        built = cls(_header(record), [], [], state)
        built.extend(record["events"])
        return built

    def extend(self, events: list[Any]) -> None:
        """Replay the events past the ones already replayed."""
        for seq in range(len(self.events), len(events)):
            event = events[seq]
            if "chance" in event:
                if event.get("sampled"):
                    self.state.sample_chance()
                else:
                    self.state.apply_chance(event["chance"])
            else:
                if not self.points or self.points[-1][0] != seq:
                    self.points.append((seq, self.state.clone()))
                self.state.act(event["seat"], event["action"])
            self.events.append(event)

    def follows(self, record: dict[str, Any]) -> bool:
        """Whether ``record`` is this one, or this one with more events."""
        events = record["events"]
        return (
            _header(record) == self.header
            and len(events) >= len(self.events)
            and events[: len(self.events)] == self.events
        )


def _header(record: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in record.items() if key != "events"}


_built: OrderedDict[str, _Built] = OrderedDict()
_building = threading.Lock()  # without worker processes, steps run on several threads


def replay_step(
    table_id: str,
    record_text: str,
    step: int,
    seat: int | None,
    lang: str,
    bots: list[str | None],
) -> str:
    """One step of a record's replay as JSON text: ``step`` and ``steps`` beside the
    :func:`snapshot` of that step, as ``seat`` saw it (``None``: a spectator). Runs in a
    worker, which keeps what it replayed for the next step."""
    record = json.loads(record_text)
    with _building:
        built = _built.pop(table_id, None)  # kept again only once whole (a cancel may stop it)
        if built is None or not built.follows(record):
            built = _Built.of(record)
        else:
            built.extend(record["events"])
        _built[table_id] = built
        _built.move_to_end(table_id)
        while len(_built) > BUILT_KEPT:
            _built.popitem(last=False)
        steps = [*built.points, (len(built.events), built.state)]
        index = len(steps) - 1 if step < 0 else min(step, len(steps) - 1)
        seq, state = steps[index]
        body = snapshot(state, seat, lang, seq, bots)
    return json.dumps({"step": index, "steps": len(steps), **body})


__all__ = ["BUILT_KEPT", "record_points", "replay_step"]
