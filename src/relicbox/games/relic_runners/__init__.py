"""Relic Runners (Days of Wonder 2013, Matthew Dunstan). Unofficial implementation.

2-5 explorers walk the jungle trails around the base camp, spend rations to explore
ruins and temples (ivory, blue and purple tiles), build personal pathway networks,
charge toolboxes on a progression table by crossing rivers, and claim relics on
expeditions between shrines of the same colour. Options: ``setup`` (first, standard
or random temple layout), ``abilities`` (explorer ability sides), ``board`` (a board
file, see :mod:`relicbox.games.relic_runners.board`) and ``max_turns`` (a safety cap
for simulations; a capped game ends flagged ``truncated`` in its views).

A turn is a run of small decisions by the player to move, each an action text:

* ``move R1-T4`` walks one trail (either direction; ``move T4-R1`` is read the same),
  ``stop`` ends the move, ``jump T7`` replaces it (ivory I2-f);
* ``explore`` (one ration) or ``end`` after the move;
* ``use machete 2`` .. ``use shovel 3`` (``use shovel 1 toolbox`` / ``use shovel 1 vp``)
  fires a toolbox, before moving or after it; ``use I2-c`` etc. a one-use ivory tile;
* inside effects: ``path R1-T2`` (place a pathway), ``lift R5-R6`` (pick one up to move
  it), ``keep I3-a`` (or ``use I2-c`` etc. to use a level 2 tile as it is discarded),
  ``pick 2`` (I2-b), ``target R3`` (purple P-g), ``flip TB4`` /
  ``done`` (tokens), ``step start compass`` / ``step compass 1`` (toolbox advances),
  and ``start T1`` for the blue explorer's head start.

Every action belongs to one fixed space of 743 actions (``GAME.action_space``).
"""

from relicbox.core.game import Game, Option
from relicbox.core.registry import register
from relicbox.games.relic_runners import text
from relicbox.games.relic_runners.actions import ACTION_SPACE
from relicbox.games.relic_runners.bots import RelicRunnersRuleBot
from relicbox.games.relic_runners.rules import RelicRunnersState
from relicbox.games.relic_runners.sample import sample_state

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
                "teleport_ends_turn",
                True,
                "purple P-e (teleport to camp) ends the turn, as walking into camp does",
                (True, False),
            ),
            Option(
                "shovel3",
                "after",
                "Shovel level 3 doubles the VP gained after it is used (after) or all VP "
                "of that turn (whole-turn)",
                ("after", "whole-turn"),
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
        sampler=sample_state,
        summary="Explore the jungle, build pathways and race for relics between shrines.",
        extra={"test_options": {"max_turns": 80}},
    )
)
RelicRunnersState.game = GAME

__all__ = ["GAME", "RelicRunnersState"]
