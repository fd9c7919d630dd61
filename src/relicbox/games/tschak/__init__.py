"""Tschak! (Dominique Ehrhard, GameWorks 2011). Unofficial implementation.

2-4 players, 4 towers of 3 floors. On every floor each player secretly builds
a party of 3 cards of different backgrounds (wizard, warrior, dwarf,
artifact), revealed in the rhythm 1+1+1, 1+2, 3; the weakest party takes the
floor's monster, the strongest its treasure; the 10th card fights for the
loot; then whole hands pass to the left. With 2 or 3 players on-the-road
boards hold the missing hands. Options: ``cards`` (a card table file, see
:mod:`relicbox.games.tschak.data`), ``chameleon_rank`` and ``elixir``.
"""

from relicbox.core.game import Game, Part
from relicbox.core.registry import register
from relicbox.games.tschak import codec, rules, text, views
from relicbox.games.tschak.bots import TschakRuleBot
from relicbox.games.tschak.rules import ACTION_SPACE, TschakState
from relicbox.games.tschak.sample import sample_state

GAME = register(
    Game(
        name="tschak",
        title="Tschak!",
        min_players=2,
        max_players=4,
        default_players=4,
        rules_version="tschak/2",
        action_space=ACTION_SPACE,
        state_class=TschakState,
        aliases=("tschak!",),
        settings=rules.TschakSettings,
        options=rules.OPTIONS,
        summary="Build a party floor by floor: the strongest takes the treasure, the weakest "
        "the monster.",
        simultaneous=True,
        max_length=rules.max_length,
        view=views.build_view,
        codec=codec.CODEC,
        text=text,
        bots={"rule": TschakRuleBot},
        sampler=sample_state,
        encoder=Part("relicbox.games.tschak.encoder", "GameEncoder"),
    )
)
"""Tschak!: its rules, the parts built on them, and what adapters need to know of it."""

__all__ = ["ACTION_SPACE", "GAME", "TschakRuleBot", "TschakState"]
