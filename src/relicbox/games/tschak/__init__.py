"""Tschak! (Dominique Ehrhard, GameWorks 2011). Unofficial implementation.

2-4 players, 4 towers of 3 floors. On every floor each player secretly builds
a party of 3 cards of different backgrounds (wizard, warrior, dwarf,
artifact), revealed in the rhythm 1+1+1, 1+2, 3; the weakest party takes the
floor's monster, the strongest its treasure; the 10th card fights for the
loot; then whole hands pass to the left. With 2 or 3 players on-the-road
boards hold the missing hands. Options: ``cards`` (a card table file, see
:mod:`relicbox.games.tschak.data`), ``chameleon_rank`` and ``elixir``.
"""

from relicbox.core.game import Game, Option
from relicbox.core.registry import register
from relicbox.games.tschak import text
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
        rules_version="tschak/1",
        action_space=ACTION_SPACE,
        state_class=TschakState,
        aliases=("tschak!",),
        options=(
            Option(
                "cards",
                None,
                "a card table (JSON or TOML) with the printed values; default: the proposed "
                "values of the rules spec",
                data_file=True,
            ),
            Option(
                "chameleon_rank",
                "lowest-wizard",
                "in ties, a chameleon counts as the lowest wizard (above a party without a "
                "wizard), or as no wizard at all",
                ("lowest-wizard", "no-wizard"),
            ),
            Option(
                "elixir",
                "mandatory",
                "mandatory: the elixir always removes a monster card, as the rulebook says; "
                "optional: only when that helps (the spec's house reading, with the trophy)",
                ("mandatory", "optional"),
            ),
        ),
        summary="Build a party floor by floor: the strongest takes the treasure, the weakest "
        "the monster.",
        bots={"rule": TschakRuleBot},
        text=text,
        sampler=sample_state,
    )
)
TschakState.game = GAME

__all__ = ["GAME", "TschakRuleBot", "TschakState"]
