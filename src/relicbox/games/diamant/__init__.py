"""Diamant (IELLO 2016) and its relic variant. Unofficial implementation.

3-8 players, 5 rounds. Each round, cards are revealed from the deck; after each
reveal every explorer still in the cave secretly chooses ``continue`` or
``leave``. Options: ``variant`` (``base`` or ``relics``) and ``split`` of the
path gems among several leavers (``pooled`` or ``per-card``).
"""

from collections.abc import Callable

from relicbox.core.agents import Agent
from relicbox.core.game import BotFamily, Game, Part
from relicbox.core.registry import register
from relicbox.games.diamant import rules
from relicbox.games.diamant.rules import ACTION_SPACE, CONTINUE, LEAVE, DiamantState

_THRESHOLD_BOT = Part("relicbox.games.diamant.bots", "threshold_bot")


def _threshold_bot(argument: str) -> Agent:
    """The bot ``threshold:N`` names; the bots' module loads when the first one is asked for,
    so that listing the bot families needs only the rules."""
    make: Callable[[str], Agent] = _THRESHOLD_BOT.load()
    return make(argument)


GAME = register(
    Game(
        name="diamant",
        title="Diamant",
        min_players=3,
        max_players=8,
        default_players=4,
        rules_version="diamant/2",
        action_space=ACTION_SPACE,
        state_class=DiamantState,
        aliases=("incan-gold",),
        options=rules.OPTIONS,
        settings=rules.DiamantSettings,
        summary="Push your luck in a cave: take the rubies home before a second trap strikes.",
        default_action=LEAVE.text,
        simultaneous=True,
        max_length=rules.max_length,
        chance_bound=rules.CHANCE_BOUND,
        bot_families={"threshold": BotFamily("threshold:N", _threshold_bot)},
        # Imported only when asked for: the accelerator needs NumPy.
        encoder=Part("relicbox.games.diamant.encoder", "GameEncoder"),
        batch=Part("relicbox.games.diamant.batch", "SIMULATOR"),
    ),
    # By where they are: they load at the first use of any of them, so importing the
    # package (and listing the games) needs only the rules.
    view="relicbox.games.diamant.views:build_view",
    codec="relicbox.games.diamant.codec:CODEC",
    text="relicbox.games.diamant.text",
    bots={
        "rule": "relicbox.games.diamant.bots:DiamantRuleBot",
        "cautious": "relicbox.games.diamant.bots:cautious_bot",
        "expert": "relicbox.games.diamant.bots:DiamantExpertBot",
    },
    sampler="relicbox.games.diamant.sample:sample_state",
)
"""Diamant: its rules, the parts built on them, and what adapters need to know of it."""

__all__ = ["ACTION_SPACE", "CONTINUE", "GAME", "LEAVE", "DiamantState"]
