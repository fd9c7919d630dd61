"""Diamant (IELLO 2016) and its relic variant. Unofficial implementation.

3-8 players, 5 rounds. Each round, cards are revealed from the deck; after each
reveal every explorer still in the cave secretly chooses ``continue`` or
``leave``. Options: ``variant`` (``base`` or ``relics``) and ``split`` of the
path gems among several leavers (``pooled`` or ``per-card``).
"""

from relicbox.core.game import BotFamily, Game, Part
from relicbox.core.registry import register
from relicbox.games.diamant import codec, rules, text, views
from relicbox.games.diamant.bots import DiamantExpertBot, DiamantRuleBot, threshold_bot
from relicbox.games.diamant.rules import ACTION_SPACE, CONTINUE, LEAVE, DiamantState
from relicbox.games.diamant.sample import sample_state

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
        view=views.build_view,
        codec=codec.CODEC,
        text=text,
        bots={
            "rule": DiamantRuleBot,
            "cautious": lambda: DiamantRuleBot(caution=1.6),
            "expert": DiamantExpertBot,
        },
        bot_families={"threshold": BotFamily("threshold:N", threshold_bot)},
        sampler=sample_state,
        # Imported only when asked for: the accelerator needs NumPy.
        encoder=Part("relicbox.games.diamant.encoder", "GameEncoder"),
        batch=Part("relicbox.games.diamant.batch", "SIMULATOR"),
    )
)
"""Diamant: its rules, the parts built on them, and what adapters need to know of it."""

__all__ = ["ACTION_SPACE", "CONTINUE", "GAME", "LEAVE", "DiamantState"]
