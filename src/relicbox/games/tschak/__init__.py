"""Tschak! (Dominique Ehrhard, GameWorks 2011). Unofficial implementation.

2-4 players, 4 towers of 3 floors. On every floor each player secretly builds
a party of 3 cards of different backgrounds (wizard, warrior, dwarf,
artifact), revealed in the rhythm 1+1+1, 1+2, 3; the weakest party takes the
floor's monster, the strongest its treasure; the 10th card fights for the
loot; then whole hands pass to the left. With 2 or 3 players on-the-road
boards hold the missing hands. Options: ``cards`` (a card table file, see
:mod:`relicbox.games.tschak.data`), ``chameleon_rank`` and ``elixir``.
"""

from relicbox.core.registry import register
from relicbox.games.tschak import codec, text, views
from relicbox.games.tschak.bots import TschakRuleBot
from relicbox.games.tschak.rules import ACTION_SPACE, TschakState
from relicbox.games.tschak.rules import GAME as RULES
from relicbox.games.tschak.sample import sample_state

GAME = register(
    RULES,
    view=views.build_view,
    codec=codec.CODEC,
    text=text,
    bots={"rule": TschakRuleBot},
    sampler=sample_state,
)

__all__ = ["ACTION_SPACE", "GAME", "TschakRuleBot", "TschakState"]
