"""Relic Runners (Days of Wonder 2013, Matthew Dunstan). Unofficial implementation.

2-5 explorers walk the jungle trails around the base camp, spend rations to explore
ruins and temples (ivory, blue and purple tiles), build personal pathway networks,
charge toolboxes on a progression table by crossing rivers, and claim relics on
expeditions between shrines of the same colour. Options: ``setup`` (first, standard
or random temple layout), ``abilities`` (explorer ability sides), ``board`` (a board
file, see :mod:`relicbox.games.relic_runners.board`) and ``max_turns`` (a safety cap
for simulations; a capped game ends flagged ``truncated`` in its views).
"""

from relicbox.core.game import Game, Option
from relicbox.core.registry import register
from relicbox.games.relic_runners import text
from relicbox.games.relic_runners.actions import ACTION_SPACE
from relicbox.games.relic_runners.bots import RelicRunnersRuleBot
from relicbox.games.relic_runners.rules import RelicRunnersState

GAME = register(
    Game(
        name="relic-runners",
        title="Relic Runners",
        min_players=2,
        max_players=5,
        default_players=3,
        rules_version="relic-runners/1",
        action_space=ACTION_SPACE,
        state_class=RelicRunnersState,
        aliases=("relic_runners", "relicrunners"),
        options=(
            Option(
                "setup",
                "standard",
                "temple layout: first (fixed colours, no red-gem tiles), standard (one of each "
                "colour per quadrant where possible) or random",
                ("first", "standard", "random"),
            ),
            Option(
                "abilities",
                False,
                "play the explorer boards' ability sides (three of the five are placeholders)",
                (False, True),
            ),
            Option(
                "board",
                None,
                "a board file (JSON or TOML) instead of the default map",
                data_file=True,
            ),
            Option(
                "max_turns",
                None,
                "end the game after this many turns, flagged truncated (for simulations)",
                integer=True,
            ),
        ),
        bots={"rule": RelicRunnersRuleBot},
        text=text,
        summary="Explore the jungle, build pathways and race for relics between shrines.",
        extra={"test_options": {"max_turns": 80}},
    )
)
RelicRunnersState.game = GAME

__all__ = ["GAME", "RelicRunnersState"]
