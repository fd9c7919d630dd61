"""placeholder"""
from collections.abc import Sequence
from typing import Any
from relicbox.core.actions import Action
from relicbox.core.rng import Rng
class RelicRunnersRuleBot:
    name = "rule"
    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        return legal[rng.below(len(legal))]
