"""How a Relic Runners turn ends and the game with it: the final round, the I1-f extra
turn, the stall and no-progress backstops, turn caps; and the final scoring."""

from __future__ import annotations

from relicbox.games.relic_runners.base import AFTER_LAST_TURN, FINAL_SCORING, StateBase
from relicbox.games.relic_runners.lookups import OVER, TILE_VALUE
from relicbox.games.relic_runners.tasks import Agenda


class EndgameState(StateBase):
    """Ending turns and the game; the scores."""

    __slots__ = ()

    def _end_turn(self) -> None:
        seat = self._seat
        self._history.append(("end", seat))
        n = self.players
        if self._extra:
            self._finish()
            return
        if self._final_seat is not None:
            if self._final_left == 0:
                for holder in range(n):
                    if self._ivory_fires(holder, AFTER_LAST_TURN):
                        return  # the first holder of I1-f plays an extra turn
                self._finish()
                return
            self._final_left -= 1
        elif self._stalled():
            self._history.append(("stall",))
            self._finish()
            return
        elif self._no_progress():
            # The backstop (no_progress_rounds): a game in which nobody explores, places a
            # pathway or takes a relic for that many rounds ends, flagged truncated.
            self._truncated = True
            self._history.append(("no-progress", self.settings.no_progress_rounds))
            self._finish()
            return
        limit = self.settings.max_turns
        if isinstance(limit, int) and limit and self._turn >= limit:
            self._truncated = True
            self._history.append(("truncated", self._turn))
            self._finish()
            return
        self._start_turn((seat + 1) % n)

    def _stalled(self) -> bool:
        """No stack left and no colour with two relics on the board: nothing can happen (§4.21)."""
        if any(self._levels):
            return False
        counts = [0, 0, 0, 0]
        for node, on in enumerate(self._relic_on):
            if on:
                counts[self._relic_colour(node)] += 1
        return max(counts) < 2

    def _no_progress(self) -> bool:
        """Has the game gone ``no_progress_rounds`` rounds without progress?

        Progress is a tile leaving a ruin or temple stack (explored by any means), a new
        pathway placed (relocations do not count) or a relic collected.
        """
        limit = self.settings.no_progress_rounds
        if not isinstance(limit, int) or isinstance(limit, bool) or limit <= 0:
            return False
        return self._turn - self._progress_turn >= limit * self.players

    def _finish(self) -> None:
        self._clear_turn()
        self._stage = OVER
        self._agenda = Agenda()
        self._chance = []
        self._history.append(("over",))

    def score_parts(self, seat: int) -> dict[str, int]:
        """The final-scoring breakdown for ``seat`` (provisional before the end)."""
        relics = self._boards[seat].relics
        distinct = sum(1 for count in relics if count)
        return {
            "coins": self._boards[seat].coins,
            "blue": sum(TILE_VALUE[tile] for tile in self._boards[seat].blue),
            "relics": 5 * distinct,
            "ivory": self._ivory_adds(seat, FINAL_SCORING),
        }

    def scores(self) -> list[int]:
        return [sum(self.score_parts(seat).values()) for seat in range(self.players)]

    def winners(self) -> list[int]:
        """Highest score; ties go to most relics, then most different relics; then shared."""
        if not self.is_over:
            return []
        scores = self.scores()
        keys = [
            (scores[s], sum(self._boards[s].relics), sum(1 for c in self._boards[s].relics if c))
            for s in range(self.players)
        ]
        best = max(keys)
        return [seat for seat in range(self.players) if keys[seat] == best]

    @property
    def truncated(self) -> bool:
        return self._truncated
