"""The one loop that plays a game with agents: matches, simulations and tournaments.

A :class:`Driver` holds a state, an agent for some seats and, for the others, someone to
ask (a person at a prompt). Each step it

* draws any pending chance event with the state's own seeded generator;
* picks the seat to ask: a bot's seat first, so a person sees the latest position;
* hands that seat's agent only ``state.view(seat)`` and the seat's legal actions, with a
  fresh generator seeded by :func:`relicbox.bots.bot_seed` from the game's seed, the
  number of events the record holds before the decision and the seat;
* applies the answer.

The server's tables ask their bots in a pool of processes, each decision seeded by the same
:func:`~relicbox.bots.bot_seed`, so a bot handed the same position at the terminal, in a
simulation or at a table draws the same numbers.

A state without a record (as simulations make them, to save the log) must be made with
``auto_chance=False``: the driver then draws every chance event itself and counts the
events as the record would have, from where it finds the state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Self

from relicbox.bots import bot_rng
from relicbox.core.agents import Agent
from relicbox.core.errors import ConfigurationError, StateFormatError
from relicbox.core.game import State

MAX_CHANCE_DRAWS = 10_000
"""Chance events drawn in a row before a position counts as broken (games need a few dozen)."""

AskSeat = Callable[[State, int], Any]
"""Asks a seat without an agent for its decision: an Action, its text or its index."""


class Driver:
    """Drives ``state`` to its end: ``agents`` decide for their seats, ``ask`` for the rest.

    ``seed`` is the game seed the bots' seeds come from (the state's own by default). With
    ``ask_forced=False`` a seat with a single legal action plays it without its agent being
    asked, which saves building a view; its bot's randomness is not affected, since each
    decision has a generator of its own.
    """

    def __init__(
        self,
        state: State,
        agents: Mapping[int, Agent],
        ask: AskSeat | None = None,
        *,
        seed: int | None = None,
        ask_forced: bool = True,
    ) -> None:
        if not state.has_record and state.auto_chance:
            raise ConfigurationError(
                "a state without a record must be made with auto_chance=False, so that the "
                "driver draws and counts every chance event"
            )
        self.state = state
        self.agents: dict[int, Agent] = dict(agents)
        self.ask = ask
        self.seed = state.seed if seed is None else seed
        self.ask_forced = ask_forced
        self.decisions = 0
        """Decisions applied by this driver."""
        self._events = 0

    @property
    def seq(self) -> int:
        """How many events the game's record holds (for a state without one: how many the
        driver has applied)."""
        state = self.state
        return state.record_length if state.has_record else self._events

    def next_seat(self) -> int | None:
        """The next seat to ask, bots first so people see the latest position; None at the end.

        A pending chance event (a state loaded or replayed just before one, or made with
        ``auto_chance=False``) is drawn here with the state's seeded generator, so the
        game always moves on. A position that is not over with nobody to act and no
        chance pending cannot go on: it is refused with :class:`StateFormatError`.
        """
        state = self.state
        draws = 0
        while not state.is_over and state.is_chance and not state.to_act:
            state.sample_chance()
            self._events += 1
            draws += 1
            if draws > MAX_CHANCE_DRAWS:
                raise StateFormatError(
                    f"{draws} chance events in a row without a decision: the position is broken"
                )
        to_act = state.to_act
        if not to_act:
            if state.is_over:
                return None
            raise StateFormatError(
                f"the {state.game.name} game is not over, but no seat is to act and no chance "
                "event is pending: the position cannot go on"
            )
        for seat in to_act:
            if seat in self.agents:
                return seat
        return to_act[0]

    def step(self) -> int | None:
        """Ask one seat for one decision and apply it; returns the seat, or None at the end."""
        seat = self.next_seat()
        if seat is None:
            return None
        state = self.state
        legal = state.legal_actions(seat)
        if not legal:
            raise StateFormatError(
                f"seat {seat} is to act but has no legal action: the position cannot go on"
            )
        agent = self.agents.get(seat)
        action: Any
        if agent is None:
            if self.ask is None:
                raise ConfigurationError(f"seat {seat} has neither a bot nor someone to ask")
            action = self.ask(state, seat)
        elif len(legal) == 1 and not self.ask_forced:
            action = legal[0]
        else:
            action = agent.choose(state.view(seat), legal, bot_rng(self.seed, self.seq, seat))
        state.act(seat, action)
        self.decisions += 1
        self._events += 1
        return seat

    def play(
        self,
        after_each: Callable[[Self, int], None] | None = None,
        *,
        max_decisions: int | None = None,
    ) -> State:
        """Play to the end, calling ``after_each(self, seat)`` after every decision; a game
        still going after ``max_decisions`` decisions is refused."""
        while not self.state.is_over:
            if max_decisions is not None and self.decisions >= max_decisions:
                state = self.state
                raise ConfigurationError(
                    f"the {state.game.name} game seeded {state.seed} did not end after "
                    f"{max_decisions} decisions"
                )
            seat = self.step()
            if seat is not None and after_each is not None:
                after_each(self, seat)
        return self.state
