"""Tschak! (Dominique Ehrhard, GameWorks 2011). Unofficial implementation.

2-4 players, 4 towers of 3 floors. On every floor each player secretly builds
a party of 3 cards of different backgrounds (wizard, warrior, dwarf,
artifact), revealed in the rhythm 1+1+1, 1+2, 3; the weakest party takes the
floor's monster, the strongest its treasure; the 10th card fights for the
loot; then whole hands pass to the left. With 2 or 3 players on-the-road
boards hold the missing hands. Options: ``cards`` (a card table file, see
:mod:`relicbox.games.tschak.data`), ``chameleon_rank`` and ``elixir``.
"""

from typing import Any

from relicbox.core.game import Game, Part
from relicbox.core.registry import register
from relicbox.games.tschak import rules
from relicbox.games.tschak.rules import ACTION_SPACE, TschakState

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
        encoder=Part("relicbox.games.tschak.encoder", "GameEncoder"),
    ),
    # By where they are: they load at the first use of any of them, so importing the
    # package (and listing the games) needs only the rules.
    view="relicbox.games.tschak.views:build_view",
    codec="relicbox.games.tschak.codec:CODEC",
    text="relicbox.games.tschak.text",
    bots={"rule": "relicbox.games.tschak.bots:TschakRuleBot"},
    sampler="relicbox.games.tschak.sample:sample_state",
)
"""Tschak!: its rules, the parts built on them, and what adapters need to know of it."""

_RULE_BOT = Part("relicbox.games.tschak.bots", "TschakRuleBot")


def __getattr__(name: str) -> Any:
    # The rule bot has always been importable from the package; it now loads when asked.
    if name == "TschakRuleBot":
        return _RULE_BOT.load()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["ACTION_SPACE", "GAME", "TschakRuleBot", "TschakState"]
