"""Diamant's threshold family: leave as soon as the rubies at risk reach a fixed number.

``threshold:5`` keeps exploring while the pocket (the rubies beside its chest,
lost to a second trap) is below 5, and leaves once it holds 5 or more. It is
the classic baseline strategy of push-your-luck analyses; ``simulate`` finds
the best threshold for each table size.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from relicbox.core.actions import Action
from relicbox.core.errors import ConfigurationError
from relicbox.core.rng import Rng


class DiamantThresholdBot:
    """Leaves when its pocket holds at least ``threshold`` rubies."""

    def __init__(self, threshold: int) -> None:
        if threshold < 0:
            raise ConfigurationError(f"threshold:{threshold} must be a whole number >= 0")
        self.threshold = threshold
        self.name = f"threshold:{threshold}"

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        by_text = {action.text: action for action in legal}
        if "leave" not in by_text:
            return legal[0]
        pocket: int = view["pockets"][view["seat"]]
        return by_text["leave" if pocket >= self.threshold else "continue"]
