"""Relic Runners (Days of Wonder 2013, Matthew Dunstan). Unofficial implementation.

2-5 explorers walk the jungle trails around the base camp, spend rations to explore
ruins and temples (ivory, blue and purple tiles), build personal pathway networks,
charge toolboxes on a progression table by crossing rivers, and claim relics on
expeditions between shrines of the same colour. Options: ``setup`` (first, standard
or random temple layout), ``abilities`` (explorer ability sides), ``board`` (a board
file, see :mod:`relicbox.games.relic_runners.board`), the readings below, and
``max_turns`` (a safety cap for simulations; a capped game ends flagged ``truncated``
in its views). Bots: ``rule`` and the earlier ``rule-v1``.

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

Readings of the rulebook (rules version ``relic-runners/3``):

* **The move is mandatory** ("Každé kolo musíte pohnout svým průzkumníkem podél cesty").
  Purple P-e taken *before* moving (Machete 1 on a purple temple) puts the explorer on
  the camp with its rations, and the move is still owed: it starts from the camp and may
  not end where the turn began. Taken after the move, P-e ends the turn as walking into
  the camp does (option ``teleport_ends_turn``, default on).
* **One-use tiles stay optional.** When a placement has no free trail (every trail there
  already carries the player's pathway) it is skipped and I2-d is kept; with I2-e in hand
  the player may use it (anywhere) or answer ``done`` and keep it. I2-d is offered only
  where both of its pathways fit, as Compass actions need to be done in full.
* **Shovel 3** doubles every VP gained in that turn, earlier gains included ("V tomto kole
  dvojnásobíte zisk všech vítězných bodů"); option ``shovel3=after`` doubles only the VP
  gained after it is used.
* **P-g with I2-e**: P-g names where its pathway goes instead of next to the explored
  ruin (next to the purple temple); I2-e lifts that place like any other, so the pathway
  may go on any trail. With I2-d both pathways go next to the purple temple.
* **I2-b** ("při průzkumu chrámu") works on every exploration of a temple: the normal
  explore, Machete 1 (the temple action without a ration) and a temple explored through
  P-g, which then asks ``pick N`` (the top tile) or ``use I2-b``. Option
  ``i2b=explore-only`` keeps it to the normal explore.
* **No-progress backstop** (option ``no_progress_rounds``, default 30, 0 = off): progress
  is a tile leaving a ruin or temple stack, a new pathway placed (moving one does not
  count) or a relic collected. After that many rounds (players x rounds turns) without
  any, the game ends by the no-progress rule: a ``no-progress`` event in the history and
  the game flagged ``truncated``, as a ``max_turns`` cap is. The rulebook has no such rule;
  it keeps drivers (bots, servers, simulations) from running forever on a board where the
  players can no longer make the game move on.
"""

from typing import Any

from relicbox.core.game import Game, Part
from relicbox.core.registry import register
from relicbox.games.relic_runners import rules
from relicbox.games.relic_runners.actions import ACTION_SPACE
from relicbox.games.relic_runners.base import RelicRunnersSettings
from relicbox.games.relic_runners.parts import MAX_SEATS
from relicbox.games.relic_runners.rules import RelicRunnersState

STEPS_PER_TURN = 60
"""More steps than one turn can take: a move of a few trails, exploring, and the effects,
toolboxes and one-use tiles it sets off, each a handful of decisions or chance draws."""

SET_UP_STEPS = 100
"""More steps than the set-up takes (the temples' colours dealt, the blue head starts)."""


def max_length(players: int, settings: Any) -> int | None:
    """A bound on a game's steps where ``max_turns`` caps it; ``None`` without a cap (no
    rule bounds the turns: the no-progress rule ends only games that stop moving on)."""
    turns: int | None = settings.max_turns
    return None if not turns else STEPS_PER_TURN * turns + SET_UP_STEPS


SEARCH_HORIZON = 40
"""Decisions a search playout runs before :func:`.bots.evaluate` judges it."""

SEARCH_DEFAULTS = {
    "rollout": "rule",
    "prior": "rule",
    "paired": "1",
    "horizon": str(SEARCH_HORIZON),
    "margin": "2",
    "depth": "1",
    "candidates": "3",
}
"""ISMCTS settings for Relic Runners: the rule bot's move is the prior, and the root's
moves are compared on the same worlds with rule-bot playouts of :data:`SEARCH_HORIZON`
decisions (about two rounds at four players) judged by :func:`.bots.evaluate`, started
right after the root's move (``depth=1``: no tree below the root, whose few visits would
try untried, random moves); where there are more than three moves, only the rule's and
the two best after one step are compared (``candidates=3``), and the rule's move is
overruled only when another beats it by two standard errors. Measured at
``ms=200,clock=cpu`` against three rule bots (``scripts/relic_runners_search_strength.py
--games 128``, seat-rotated, deals 0-31): win share 0.555, 95% [0.467, 0.642] clustered by
deal, score +7.6 VP over theirs, 32 iterations a decision; ``depth=1`` alone had 0.516
[0.408, 0.623] and the earlier defaults (a tree below the root, every move compared)
0.414 [0.33, 0.50] on the same deals. On fresh deals (``--first-deal 32``) these defaults
and the earlier ones were level: 0.477 [0.393, 0.560] against 0.484 [0.399, 0.569], so
``depth`` and ``candidates`` are kept because they cost nothing, not for a measured gain.
Whole-game
playouts cost about a second each early on, so at 200 ms they judged nothing before the
late game. Shorter horizons lost clearly: 8 decisions judged by the score, or the end of
the seat's turn judged by :func:`.bots.evaluate` (a biased judgement then overrules the
rule bot where it is right)."""


GAME = register(
    Game(
        name="relic-runners",
        title="Relic Runners",
        min_players=2,
        max_players=MAX_SEATS,
        default_players=3,
        rules_version="relic-runners/3",
        action_space=ACTION_SPACE,
        state_class=RelicRunnersState,
        aliases=("relic_runners", "relicrunners"),
        settings=RelicRunnersSettings,
        options=rules.OPTIONS,
        summary="Explore the jungle, build pathways and race for relics between shrines.",
        test_options={"max_turns": 80},
    ),
    max_length=max_length,
    search_defaults=SEARCH_DEFAULTS,
    encoder=Part("relicbox.games.relic_runners.encoder", "GameEncoder"),
    # By where they are: they load at the first use of any of them, so importing the
    # package (and listing the games) needs only the rules.
    view="relicbox.games.relic_runners.views:build_view",
    codec="relicbox.games.relic_runners.codec:CODEC",
    text="relicbox.games.relic_runners.text",
    bots={
        "rule": "relicbox.games.relic_runners.bots:RelicRunnersRuleBot",
        "rule-v1": "relicbox.games.relic_runners.bots:RelicRunnersRuleBotV1",
    },
    sampler="relicbox.games.relic_runners.sample:sample_state",
    evaluate="relicbox.games.relic_runners.bots:evaluate",
)

__all__ = ["GAME", "RelicRunnersState"]
