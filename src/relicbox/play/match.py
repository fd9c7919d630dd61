"""A match: one state, one agent per seat, driven to the end.

Agents only ever receive ``state.view(seat)`` and the seat's legal actions.
People are agents too: the terminal supplies one that asks at a prompt.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from relicbox.bots import bot_names, is_bot_spec, make_bot, split_specs
from relicbox.core.agents import Agent
from relicbox.core.errors import ConfigurationError, RecordError
from relicbox.core.game import Game, State
from relicbox.core.registry import get_game, replay
from relicbox.core.rng import Rng

HUMAN = "human"
SAVE_FORMAT = "relicbox-save/1"


@dataclass(frozen=True)
class SeatSpec:
    """Who sits in a seat: ``human`` or a bot name (``bot:rule`` and ``rule`` both work)."""

    kind: str

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    def __str__(self) -> str:
        return self.kind if self.is_human else f"bot:{self.kind}"


def parse_seats(text: str, game: Game) -> list[SeatSpec]:
    """``"human,bot:rule,random"`` -> seat specs, with an error that lists what exists."""
    specs = []
    for raw in split_specs(text):
        word = raw.strip()
        name = word.removeprefix("bot:")
        if word.lower() == HUMAN:
            specs.append(SeatSpec(HUMAN))
        elif name.lower() in bot_names(game) or is_bot_spec(name, game):
            specs.append(SeatSpec(name if ":" in name else name.lower()))
        else:
            allowed = ", ".join([HUMAN] + [f"bot:{b}" for b in bot_names(game)])
            raise ConfigurationError(f"unknown seat {raw.strip()!r}: each seat is one of {allowed}")
    return specs


def default_seats(players: int) -> list[SeatSpec]:
    return [SeatSpec(HUMAN)] + [SeatSpec("rule")] * (players - 1)


class Match:
    """Drives a state with one agent per seat; ``human`` seats use ``ask_human``."""

    def __init__(
        self,
        state: State,
        seats: Sequence[SeatSpec],
        ask_human: Callable[[State, int], Any] | None = None,
        seed: int = 0,
    ) -> None:
        if len(seats) != state.players:
            raise ConfigurationError(f"{len(seats)} seats given for a {state.players}-player game")
        self.state = state
        self.seats = list(seats)
        self.ask_human = ask_human
        self.bots: dict[int, Agent] = {
            seat: make_bot(spec.kind, state.game)
            for seat, spec in enumerate(seats)
            if not spec.is_human
        }
        self.rngs = {seat: Rng(seed * 1_000_003 + seat) for seat in range(state.players)}

    def next_seat(self) -> int | None:
        """The next seat to ask, bots first so people see the latest position."""
        to_act = self.state.to_act
        if not to_act:
            return None
        bots = [seat for seat in to_act if seat in self.bots]
        return bots[0] if bots else to_act[0]

    def play_one(self) -> int | None:
        """Ask one seat for one decision and apply it; returns the seat, or None at the end."""
        seat = self.next_seat()
        if seat is None:
            return None
        if seat in self.bots:
            legal = self.state.legal_actions(seat)
            action = self.bots[seat].choose(self.state.view(seat), legal, self.rngs[seat])
        else:
            if self.ask_human is None:
                raise ConfigurationError("a human seat needs someone to ask")
            action = self.ask_human(self.state, seat)
        self.state.act(seat, action)
        return seat

    def play(self, after_each: Callable[[Match, int], None] | None = None) -> State:
        while not self.state.is_over:
            seat = self.play_one()
            if seat is not None and after_each is not None:
                after_each(self, seat)
        return self.state


def save_match(path: Path, match: Match, extra: dict[str, Any] | None = None) -> None:
    """Write the record and the seating, atomically, so a crash never leaves half a file."""
    data = {
        "format": SAVE_FORMAT,
        "seats": [str(spec) for spec in match.seats],
        "record": match.state.record,
        **(extra or {}),
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(json.dumps(data, indent=1, ensure_ascii=False), encoding="utf-8")
    temporary.replace(path)


def load_saved(path: Path) -> tuple[State, list[SeatSpec] | None, dict[str, Any]]:
    """A saved match (or a bare record): the replayed state and the seating, if saved."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RecordError(f"saved game {str(path)!r} does not exist") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise RecordError(f"cannot read saved game {str(path)!r}: {error}") from None
    if not isinstance(data, dict):
        raise RecordError(f"{str(path)!r} is not a relicbox save or record")
    record = data.get("record", data)
    if not isinstance(record, dict):
        raise RecordError(f"{str(path)!r} holds no game record")
    state = replay(record)
    seats = None
    if isinstance(data.get("seats"), list):
        seats = parse_seats(",".join(str(s) for s in data["seats"]), get_game(record["game"]))
    return state, seats, data
