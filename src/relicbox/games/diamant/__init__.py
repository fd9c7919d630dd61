"""Diamant (IELLO 2016) and its relic variant. Unofficial implementation.

3-8 players, 5 rounds. Each round, cards are revealed from the deck; after each
reveal every explorer still in the cave secretly chooses ``continue`` or
``leave``. Options: ``variant`` (``base`` or ``relics``) and ``split`` of the
path gems among several leavers (``pooled`` or ``per-card``).
"""

from relicbox.core.game import Game, Option
from relicbox.core.registry import register
from relicbox.games.diamant import text
from relicbox.games.diamant.bots import DiamantRuleBot
from relicbox.games.diamant.rules import ACTION_SPACE, CONTINUE, LEAVE, DiamantState
from relicbox.games.diamant.sample import sample_state

GAME = register(
    Game(
        name="diamant",
        title="Diamant",
        min_players=3,
        max_players=8,
        default_players=4,
        rules_version="diamant/1",
        action_space=ACTION_SPACE,
        state_class=DiamantState,
        aliases=("incan-gold",),
        options=(
            Option(
                "variant",
                "base",
                "base: relics worth 5/5/5/10/10 by rescue order; relics: one relic added per "
                "round, scoring its printed value",
                ("base", "relics"),
            ),
            Option(
                "split",
                "pooled",
                "how several leavers share the path gems: pooled (whole path) or per-card",
                ("pooled", "per-card"),
            ),
        ),
        bots={"rule": DiamantRuleBot, "cautious": lambda: DiamantRuleBot(caution=1.6)},
        text=text,
        sampler=sample_state,
        extra={"default_action": LEAVE.text},
        summary="Push your luck in a cave: take the rubies home before a second trap strikes.",
    )
)
DiamantState.game = GAME

__all__ = ["CONTINUE", "GAME", "LEAVE", "DiamantState"]
