"""Diamant (IELLO 2016) and its relic variant. Unofficial implementation.

3-8 players, 5 rounds. Each round, cards are revealed from the deck; after each
reveal every explorer still in the cave secretly chooses ``continue`` or
``leave``. Options: ``variant`` (``base`` or ``relics``) and ``split`` of the
path gems among several leavers (``pooled`` or ``per-card``).
"""

from relicbox.core.registry import register
from relicbox.games.diamant import codec, text, views
from relicbox.games.diamant.bots import DiamantExpertBot, DiamantRuleBot
from relicbox.games.diamant.rules import ACTION_SPACE, CONTINUE, LEAVE, DiamantState
from relicbox.games.diamant.rules import GAME as RULES
from relicbox.games.diamant.sample import sample_state

GAME = register(
    RULES,
    view=views.build_view,
    codec=codec.CODEC,
    text=text,
    bots={
        "rule": DiamantRuleBot,
        "cautious": lambda: DiamantRuleBot(caution=1.6),
        "expert": DiamantExpertBot,
    },
    sampler=sample_state,
)

__all__ = ["ACTION_SPACE", "CONTINUE", "GAME", "LEAVE", "DiamantState"]
