"""Rule-based Relic Runners bots that play from their view alone: ``rule`` and ``rule-v1``.

Each move decision it lists every route still legal this turn (one unexplored trail
plus a chain of its own pathways before or after it) with the rules' own
:func:`~relicbox.games.relic_runners.movement.move_routes`, so a plan is always a move the
engine allows; the turns to reach a space (and whether an expedition can start from
it) are counted in such whole legal moves too. It scores where each route ends,
and takes the first step of the best one, so re-planning after each step follows the
same plan. Destinations score for: an expedition to a same-coloured relic (2 VP a
trail), a stack to explore (blue values, ivory, purple effects, ruins that give a
pathway), standing on a relic whose colour has a twin elsewhere (an expedition next
turn), face-up toolbox tokens crossed on the way, and the camp when rations run low.
Pathways go next to its network and towards shrines; toolboxes climb to level 3 and
are spent on points, rations and free explores.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, NamedTuple

from relicbox.core.actions import Action
from relicbox.core.rng import Rng
from relicbox.games.relic_runners import actions
from relicbox.games.relic_runners.data import EXTRA_TURN_TILE, PATHWAY_SCORING_TILE, PATHWAY_VP_TILE
from relicbox.games.relic_runners.movement import line_length, move_routes

_USE_RATION_REFILL = actions.USE_RATION_REFILL.text
_USE_LOOK_THROUGH = actions.USE_LOOK_THROUGH.text
_USE_DOUBLE_PATHWAY = actions.USE_DOUBLE_PATHWAY.text
_USE_PATHWAY_ANYWHERE = actions.USE_PATHWAY_ANYWHERE.text
"""The one-use ivory tiles' actions, as the texts the bots' legal tables are keyed by."""

_TYPE_VALUE = {"blue": 5.0, "ivory": 4.0, "purple": 3.0, "ruin": 3.5}
_PURPLE_VALUE = {"a": 4.0, "b": 3.0, "c": 2.5, "d": 2.0, "e": 1.0, "f": 1.5, "g": 4.0, "h": 1.5}
_IVORY_RANK = {
    "I1-a": 5, "I1-b": 3, "I1-c": 4, "I1-d": 5, "I1-e": 4, "I1-f": 6,
    "I2-a": 2, "I2-b": 4, "I2-c": 5, "I2-d": 4, "I2-e": 3, "I2-f": 2,
    "I3-a": 5, "I3-b": 4, "I3-c": 6, "I3-d": 2, "I3-e": 4, "I3-f": 3,
}  # fmt: skip


LONG_LINE = 6
"""Pathways in a line from which the ``rule`` bot uses Compass 3 (2 VP each) before the end."""

_REACH: dict[tuple[tuple[str, ...], frozenset[str], str], dict[str, int]] = {}
"""One-move reach by (board, own pathways, start): the same for every seat and turn."""

_TURNS: dict[tuple[tuple[str, ...], frozenset[str], str], dict[str, float]] = {}
"""Turns to reach each space by (board, own pathways, start), built from :data:`_REACH`
the same way for every seat and turn; searches replay the same boards thousands of
times, so this spares most of the rule bot's planning there."""

STALL_ROUNDS = 2
"""Rounds in which nobody explored, placed a pathway or took a relic, after which the
``rule`` bot sees the game stalled and changes plan (see :class:`RelicRunnersRuleBot`)."""

_PROGRESS = frozenset({"ruin", "ivory", "blue", "purple", "pathway", "relic"})
"""History events that are progress: a tile leaves a stack, a new pathway, a relic taken."""

_LINK_LENGTH = 6
"""The longest trail line between two same-coloured relics a stalled bot plans to link."""


class Link(NamedTuple):
    """A line of trails between two same-coloured relics, to be walked in one move."""

    missing: int
    """Trails of the line still needing one of the seat's pathways."""
    start: str
    trails: tuple[str, ...]
    """The line's trails from ``start``, in order."""
    needed: tuple[str, ...]
    """Those trails still to get a pathway: all the seat does not hold, except one at an
    end (walked as the move's one unexplored trail)."""


def _line_needs(trails: list[str], own: set[str] | frozenset[str]) -> tuple[str, ...]:
    """The trails of a line still to get a pathway so that one move can walk it."""
    bare = [trail for trail in trails if trail not in own]
    if bare and bare[-1] == trails[-1]:
        return tuple(bare[:-1])  # the last trail can be the move's unexplored one
    if bare and bare[0] == trails[0]:
        return tuple(bare[1:])
    return tuple(bare)


def _pathway_ends_score(world: Map, network: set[str], ends: tuple[str, str]) -> float:
    """What a pathway's two ends are worth: joining the network, relics, unexplored sites."""
    score = 0.0
    for node in ends:
        space = world.spaces[node]
        if node in network:
            score += 2.0
        if space["relic"]:
            score += 2.0 + (1.5 if world.relic_count.get(space["relic"], 0) >= 2 else 0)
        if space["levels"] and node != "CAMP":
            score += 0.8
        if node == "CAMP":
            score += 0.3
    return score


class Map:
    """The trail graph and this seat's situation, read from a view."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.seat: int = view["seat"]
        self.spaces = {space["id"]: space for space in view["spaces"]}
        self.adj: dict[str, list[tuple[str, str]]] = {node: [] for node in self.spaces}
        self.own: set[str] = set()
        self.token_up: dict[str, bool] = {}
        for trail in view["trails"]:
            self.adj[trail["a"]].append((trail["id"], trail["b"]))
            self.adj[trail["b"]].append((trail["id"], trail["a"]))
            if self.seat in trail["pathways"]:
                self.own.add(trail["id"])
            if trail["token"] is not None:
                self.token_up[trail["id"]] = bool(trail["token_up"])
        self.me = view["seats"][self.seat]
        self.position: str = view["explorers"][self.seat]
        self.rations: int = view["rations"][self.seat]
        self.board_key = tuple(trail["id"] for trail in view["trails"])
        self.own_key = frozenset(self.own)
        self._expeditions: dict[str, bool] = {}
        self._potential: dict[str, float] = {}
        self._goals: dict[str, float] | None = None
        self._stalled: bool | None = None
        self._link: Link | bool | None = False
        self.relic_count: dict[str, int] = {}
        for space in view["spaces"]:
            if space["relic"]:
                self.relic_count[space["relic"]] = self.relic_count.get(space["relic"], 0) + 1

    def routes(self) -> list[tuple[str, list[str], list[str]]]:
        """Every legal way to finish this turn's move: (end space, trails, first step).

        The rules' own :func:`move_routes` walks the board, so a plan is always a move
        the engine allows.
        """
        turn = self.view["this_turn"]
        return [
            (end, trails, trails[:1])
            for end, trails in move_routes(
                self.adj,
                self.own,
                turn["start"],
                self.position,
                "CAMP",
                frozenset(turn["trails_used"]),
                turn["unexplored_used"],
                turn["pathways_before"],
                turn["free_order"],
                turn["trails_moved"],
            )
            if trails
        ]

    def hops(self, source: str) -> dict[str, int]:
        """Trails from ``source`` to each space, ignoring pathways (a distance, not a move)."""
        dist = {source: 0}
        frontier = [source]
        while frontier:
            nxt = []
            for node in frontier:
                for _, other in self.adj[node]:
                    if other not in dist:
                        dist[other] = dist[node] + 1
                        nxt.append(other)
            frontier = nxt
        return dist

    def reach(self, source: str) -> dict[str, int]:
        """The spaces one whole legal move from ``source`` can end on, with its most trails."""
        key = (self.board_key, self.own_key, source)
        cached = _REACH.get(key)
        if cached is None:
            if len(_REACH) > 20_000:
                _REACH.clear()
            cached = {}
            for end, trails in move_routes(self.adj, self.own, source, source, "CAMP"):
                cached[end] = max(cached.get(end, 0), len(trails))
            _REACH[key] = cached
        return cached

    def turns_from(self, source: str) -> dict[str, float]:
        """Turns needed to reach each space, each turn one legal move (:meth:`reach`).

        A space reached in fewer trails within the same number of turns counts a
        little nearer.
        """
        key = (self.board_key, self.own_key, source)
        cached = _TURNS.get(key)
        if cached is not None:
            return cached
        if len(_TURNS) > 20_000:
            _TURNS.clear()
        best = _TURNS[key] = {source: 0.0}
        frontier = [source]
        turn = 0
        while frontier and turn < 6:
            turn += 1
            nxt = []
            for node in frontier:
                for other, length in self.reach(node).items():
                    if other not in best:
                        best[other] = turn + 0.02 * length
                        nxt.append(other)
            frontier = nxt
        return best

    def goal_value(self, node: str) -> float:
        """What standing on ``node`` at the start of a later turn is worth."""
        rations = self.rations
        if node == "CAMP":
            return {0: 10.0, 1: 5.0, 2: 2.0}.get(rations, 0.0)
        value = self.explore_value(node) * (1.0 if rations > 0 else 0.3)
        if self.expedition_from(node):
            value = max(value, 8.0)
        return value

    def expedition_from(self, node: str) -> bool:
        """Could a turn starting on ``node`` end on a same-coloured relic (roughly)?"""
        relic = self.spaces[node]["relic"]
        if not relic or self.relic_count.get(relic, 0) < 2:
            return False
        cached = self._expeditions.get(node)
        if cached is None:
            reach = self.reach(node)
            cached = any(
                other != node and space["relic"] == relic and other in reach
                for other, space in self.spaces.items()
            )
            self._expeditions[node] = cached
        return cached

    def potential(self, node: str) -> float:
        """The best goal near ``node``, discounted by the turns needed to get there."""
        cached = self._potential.get(node)
        if cached is None:
            turns = self.turns_from(node)
            goals = self._goals
            if goals is None:
                goals = self._goals = {m: self.goal_value(m) for m in self.spaces}
            cached = max(
                (goals[m] * 0.6**cost for m, cost in turns.items() if m != node), default=0.0
            )
            self._potential[node] = cached
        return cached

    def stalled(self) -> bool:
        """Has nobody explored, placed a pathway or taken a relic for :data:`STALL_ROUNDS`
        rounds? Read from the end of the history, so it costs little while play goes on."""
        if self._stalled is None:
            limit = STALL_ROUNDS * int(self.view["players"])
            turns = 0
            self._stalled = False
            for event in reversed(self.view["history"]):
                kind = event["type"]
                if kind in _PROGRESS:
                    break
                if kind == "turn":
                    turns += 1
                    if turns > limit:
                        self._stalled = True
                        break
        return self._stalled

    def link(self) -> Link | None:
        """The line between two same-coloured relics that needs the fewest more of this
        seat's pathways for one move to walk it (an expedition), or ``None``."""
        if self._link is False:
            shrines: dict[str, list[str]] = {}
            for node, space in self.spaces.items():
                if space["relic"]:
                    shrines.setdefault(space["relic"], []).append(node)
            best: Link | None = None
            for nodes in shrines.values():
                for start in nodes:
                    goals = {other for other in nodes if other != start}
                    if goals:
                        best = self._best_line(start, goals, best)
            self._link = best
        return self._link if isinstance(self._link, Link) else None

    def _best_line(self, start: str, goals: set[str], best: Link | None) -> Link | None:
        """The best line from ``start`` to a space of ``goals`` (camp not passed through)."""
        own = self.own

        def walk(node: str, trails: list[str], seen: set[str]) -> None:
            nonlocal best
            if best is not None and sum(1 for t in trails if t not in own) > best.missing + 1:
                return  # already more to build than the best line needs
            if node in goals:
                needed = _line_needs(trails, own)
                key = (len(needed), len(trails), start, tuple(trails))
                if best is None or key < (best.missing, len(best.trails), best.start, best.trails):
                    best = Link(len(needed), start, tuple(trails), needed)
                return
            if len(trails) >= _LINK_LENGTH or node == "CAMP":
                return
            for trail, other in self.adj[node]:
                if other not in seen:
                    seen.add(other)
                    trails.append(trail)
                    walk(other, trails, seen)
                    trails.pop()
                    seen.discard(other)

        walk(start, [], {start})
        return best

    def explore_value(self, node: str) -> float:
        space = self.spaces[node]
        if not space["levels"] or space["type"] == "camp":
            return 0.0
        kind = space["colour"] or "ruin"
        value = _TYPE_VALUE[kind]
        if kind == "purple" and space["top"]:
            value = _PURPLE_VALUE.get(space["top"][-1], 2.0)
        if kind == "ruin" and self.me["pathways_left"] == 0:
            value = 0.5
        if len(space["levels"]) == 1:
            value += 1.0  # reveals a shrine, the start of future expeditions
        return value


class RelicRunnersRuleBotV1:
    """Plans each turn's route, explores when it can, and spends toolboxes on sure gains.

    The first rule bot (``rule-v1``), kept to measure :class:`RelicRunnersRuleBot` against.
    """

    name = "rule-v1"

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        if len(legal) == 1:
            return legal[0]
        by_text = {action.text: action for action in legal}
        world = Map(view)
        phase = view["phase"]
        handler = getattr(self, "_" + phase.replace("-", "_"), None)
        choice = handler(world, by_text, rng) if handler is not None else None
        if choice is not None and choice in by_text:
            return by_text[choice]
        return legal[rng.below(len(legal))]

    # -- the turn ------------------------------------------------------------------

    def _move(self, world: Map, legal: dict[str, Action], rng: Rng) -> str | None:
        turn = world.view["this_turn"]
        if turn["trails_moved"] == 0:
            early = self._early_tool(world, legal)
            if early:
                return early
            if _USE_RATION_REFILL in legal and world.rations <= 1:
                return _USE_RATION_REFILL
        routes = world.routes()
        here = world.position
        best: tuple[float, int, str] | None = None
        for end, trails, first in routes:
            score = self._route_value(world, end, trails) + rng.random() * 0.01
            step = "stop" if not first else f"move {first[0]}"
            if end == here and "stop" in legal and not trails:
                step = "stop"
            key = (score, -len(trails), step)
            if best is None or key > best:
                best = key
        if "stop" in legal:
            stay = self._route_value(world, here, []) + 0.005
            if best is None or stay >= best[0]:
                return "stop"
        return None if best is None else best[2]

    def _route_value(self, world: Map, end: str, trails: list[str]) -> float:
        turn = world.view["this_turn"]
        moved = turn["trails_moved"] + len(trails)
        space = world.spaces[end]
        value = 0.0
        if turn["start_relic"] and space["relic"] == turn["start_relic"] and end != turn["start"]:
            value += 20.0 + 2.0 * moved
        rations = world.rations
        if end == "CAMP":
            value += {0: 12.0, 1: 5.0, 2: 1.5}.get(rations, -2.0)
        elif rations > 0:
            value += world.explore_value(end)
        else:
            value -= 3.0
        if world.expedition_from(end):
            value += 5.0
        value += sum(1.2 for t in trails if world.token_up.get(t))
        return value + 0.8 * world.potential(end)

    def _post(self, world: Map, legal: dict[str, Action], rng: Rng) -> str | None:
        if _USE_LOOK_THROUGH in legal:
            return _USE_LOOK_THROUGH
        if "explore" in legal and world.explore_value(world.position) > 0.6:
            return "explore"
        tool = self._late_tool(world, legal)
        if tool:
            return tool
        return "end"

    def _early_tool(self, world: Map, legal: dict[str, Action]) -> str | None:
        if "use shovel 3" in legal and self._expedition_possible(world):
            return "use shovel 3"
        return None

    def _late_tool(self, world: Map, legal: dict[str, Action]) -> str | None:
        relics = sum(world.me["relics"].values())
        last_turn = world.view["final_round"]
        wishes = [
            ("use machete 1", True),
            ("use machete 3", relics >= 2 or last_turn),
            ("use compass 3", len(world.own) >= 3 or last_turn),
            ("use shovel 2", True),
            ("use machete 2", world.rations <= 2),
            ("use shovel 1 toolbox", True),
            ("use shovel 1 vp", last_turn),
        ]
        for text, wanted in wishes:
            if wanted and text in legal:
                return text
        return None

    def _expedition_possible(self, world: Map) -> bool:
        start_relic = world.view["this_turn"]["start_relic"]
        if not start_relic:
            return False
        return any(
            world.spaces[end]["relic"] == start_relic and len(trails) >= 2
            for end, trails, _ in world.routes()
        )

    # -- decisions inside effects -------------------------------------------------------

    def _place(self, world: Map, legal: dict[str, Action], rng: Rng) -> str | None:
        network = {node for tid in world.own for node in tid.split("-")}
        best: tuple[float, str] | None = None
        for text, action in legal.items():
            path = action.args
            if not isinstance(path, actions.Path):
                continue
            score = rng.random() * 0.1
            score += _pathway_ends_score(world, network, path)
            if best is None or score > best[0]:
                best = (score, text)
        if _USE_DOUBLE_PATHWAY in legal:
            return _USE_DOUBLE_PATHWAY
        return None if best is None else best[1]

    def _lift(self, world: Map, legal: dict[str, Action], rng: Rng) -> str | None:
        counts: dict[str, int] = {}
        for tid in world.own:
            for node in tid.split("-"):
                counts[node] = counts.get(node, 0) + 1
        options = [(t, a.args) for t, a in legal.items() if isinstance(a.args, actions.Lift)]
        if not options:
            return None
        return min(options, key=lambda option: sum(counts.get(n, 0) for n in option[1]))[0]

    def _keep(self, world: Map, legal: dict[str, Action], rng: Rng) -> str | None:
        def rank(text: str) -> int:
            keep = legal[text].args
            return _IVORY_RANK.get(keep.code, 0) if isinstance(keep, actions.Keep) else 0

        return max(legal, key=rank)

    def _pick(self, world: Map, legal: dict[str, Action], rng: Rng) -> str | None:
        space = world.spaces[world.view["decision"]["space"]]
        seen = {**space["seen"]}
        if space["top"]:
            seen[str(space["levels"][-1])] = space["top"]

        def worth(text: str) -> float:
            pick = legal[text].args
            code = seen.get(str(pick.level), "") if isinstance(pick, actions.Pick) else ""
            if code.startswith("B"):
                return float(code[-1])
            if code.startswith("I"):
                return _IVORY_RANK.get(code, 0) / 1.5
            if code.startswith("P"):
                return _PURPLE_VALUE.get(code[-1], 1.0)
            return 0.0

        return max(legal, key=worth)

    def _target(self, world: Map, legal: dict[str, Action], rng: Rng) -> str | None:
        return max(legal, key=lambda t: world.explore_value(legal[t].args_as(actions.Target).space))

    def _flip(self, world: Map, legal: dict[str, Action], rng: Rng) -> str | None:
        up = [token for token in world.view["tokens_up"]]
        if len(up) == 1 and f"flip {up[0]}" in legal:
            return f"flip {up[0]}"  # turning the last token grey earns a step
        if "done" in legal:
            return "done"
        down = [
            t
            for t, a in legal.items()
            if isinstance(a.args, actions.Flip) and a.args.token not in up
        ]
        return down[0] if down else None

    def _steps(self, world: Map, legal: dict[str, Action], rng: Rng) -> str | None:
        for text in ("step machete 2", "step compass 2", "step shovel 2"):
            if text in legal:
                return text
        for text in ("step machete 1", "step shovel 1", "step compass 1"):
            if text in legal:
                return text
        order = ["step start machete", "step start shovel", "step start compass"]
        return order[rng.below(2)] if order[0] in legal else None

    def _start(self, world: Map, legal: dict[str, Action], rng: Rng) -> str | None:
        def value(text: str) -> float:
            space = legal[text].args_as(actions.Start).space
            return world.explore_value(space) if space != "CAMP" else 0.0

        return max(legal, key=value)


class RelicRunnersRuleBot(RelicRunnersRuleBotV1):
    """``rule``: the first bot, plus the compass branch, a weighed I2-d and a useful I3-f.

    * One toolbox climbs the compass branch: Compass 3 pays 2 VP a pathway of the
      longest line, and pathways that lengthen the line score higher; it is used once the
      line is long, when the pathways run out, or in the last turn. Compass 1 and 2 move
      pathways where that opens an expedition this turn (or else stay charged).
    * I2-d is spent only where a second pathway is worth placing, or late in the game.
    * The mandatory I3-f flip on leaving the camp turns up a grey token on a river this
      move can still cross, else turns grey the face-up token nearest the opponents:
      never a grey token up for the others.
    * Pathways are also placed where they let an expedition fit in one move; an
      expedition to a relic of a new colour is worth 5 VP more; in its last turn only
      what the turn earns counts; Shovel 3 (which doubles the whole turn) is used once the
      turn has earned enough; I2-b is used on Machete 1 and P-g explorations too.
    * It notices a stalled game (:meth:`Map.stalled`: rounds without an exploration, a new
      pathway or a relic taken) and changes plan: level 3 toolboxes are spent, so that they
      go back to the start row and climb to Compass 1 and 2 again; Compass 1 and 2 and
      Shovel 2 put pathways on the gaps of the line between two relics of a colour that
      needs the fewest (:meth:`Map.link`), so that one move can make that expedition.
      Without this, games whose stacks are all explored could go on for ever.
    """

    name = "rule"

    def __init__(self) -> None:
        self._plan: list[str] = []

    # -- toolboxes ---------------------------------------------------------------

    def _steps(self, world: Map, legal: dict[str, Action], rng: Rng) -> str | None:
        # Steps are few (three or four a game) and Machete and Shovel toolboxes often wait
        # unused at the end, so one toolbox climbs the compass branch to level 3, which
        # pays 2 VP a pathway of the longest line the pathways are built into.
        if world.stalled():
            # Compass 1 and 2 move pathways, to link two relics of a colour (see _stall_tool).
            for text in ("step start compass", "step compass 1", "step start shovel"):
                if text in legal:
                    return text
        for text in ("step compass 2", "step compass 1"):
            if text in legal:
                return text
        if "step start compass" in legal and not any(world.me["toolboxes"]["compass"]):
            return "step start compass"
        return super()._steps(world, legal, rng)

    def _early_tool(self, world: Map, legal: dict[str, Action]) -> str | None:
        if world.view["this_turn"]["double_vp"] is False and not self._doubles_whole_turn(world):
            early = super()._early_tool(world, legal)
            if early:
                return early
        for text, count in (("use compass 1", 1), ("use compass 2", 2)):
            if text in legal:
                plan = self._relocation_for_expedition(world, count)
                if plan:
                    self._plan = plan
                    return text
        return self._stall_tool(world, legal)

    def _stall_tool(self, world: Map, legal: dict[str, Action]) -> str | None:
        """A stalled game (:meth:`Map.stalled`) does not start again by itself: move or place
        pathways to link two relics of a colour for an expedition, and spend level 3
        toolboxes, which go back to the start row and can climb to Compass 1 and 2 again."""
        if not world.stalled():
            return None
        link = world.link()
        if link is not None and link.missing:
            for text, count in (("use compass 2", 2), ("use compass 1", 1)):
                if text in legal:
                    plan = self._link_moves(world, link, count)
                    if plan:
                        self._plan = plan
                        return text
            here = {tid for tid, _ in world.adj[world.position]}
            if "use shovel 2" in legal and here & set(link.needed):
                return "use shovel 2"
        for text in ("use compass 3", "use machete 3", "use shovel 1 toolbox", "use shovel 3"):
            if text in legal:
                return text
        return None

    @staticmethod
    def _link_moves(world: Map, link: Link, count: int) -> list[str]:
        """Lifts and placements moving ``count`` pathways off ``link`` onto its gaps."""
        uses: dict[str, int] = {}
        for tid in world.own:
            for node in tid.split("-"):
                uses[node] = uses.get(node, 0) + 1
        spare = sorted(
            (tid for tid in world.own if tid not in link.trails),
            key=lambda tid: (sum(uses[node] for node in tid.split("-")), tid),
        )
        if len(spare) < count:
            return []
        plan: list[str] = []
        for lift, place in zip(spare[:count], link.needed, strict=False):
            plan += [f"lift {lift}", f"path {place}"]
        return plan

    def _relocation_for_expedition(self, world: Map, count: int) -> list[str]:
        """Pathway moves (lift, place, ...) that open an expedition this turn, if any."""
        relic = world.view["this_turn"]["start_relic"]
        if not relic or self._expedition_possible(world):
            return []
        here = world.position
        goals = {n for n, space in world.spaces.items() if space["relic"] == relic and n != here}
        near = {t for node in goals | {here} for t, _ in world.adj[node]}
        spare = sorted(world.own - near)
        if not spare:
            return []
        trails = sorted({tid for links in world.adj.values() for tid, _ in links} - world.own)
        for lift in spare:
            for place in trails:
                own = (world.own - {lift}) | {place}
                ends = move_routes(world.adj, own, here, here, "CAMP")
                if any(end in goals and len(trails) >= 2 for end, trails in ends):
                    others = [t for t in spare if t != lift]
                    if count == 1:
                        return [f"lift {lift}", f"path {place}"]
                    if others:  # Compass 2 moves a second spare pathway too
                        return [f"lift {lift}", f"path {place}", f"lift {others[0]}"]
        return []

    def _lift(self, world: Map, legal: dict[str, Action], rng: Rng) -> str | None:
        if self._plan and self._plan[0] in legal:
            return self._plan.pop(0)
        self._plan = []
        return super()._lift(world, legal, rng)

    @staticmethod
    def _doubles_whole_turn(world: Map) -> bool:
        return bool(world.view.get("shovel3", "whole-turn") != "after")

    @staticmethod
    def _gained_this_turn(world: Map) -> int:
        gained = 0
        for event in reversed(world.view["history"]):
            if event["type"] == "turn":
                break
            if event["type"] == "coins" and event["seat"] == world.seat:
                gained += event["amount"]
            elif event["type"] == "blue" and event["seat"] == world.seat:
                gained += 3  # shown and paid again when doubled
        return gained

    def _late_tool(self, world: Map, legal: dict[str, Action]) -> str | None:
        stall = self._stall_tool(world, legal)
        if stall:
            return stall
        last_turn = world.view["final_round"]
        if "use shovel 3" in legal and self._doubles_whole_turn(world):
            gained = self._gained_this_turn(world)
            if gained >= 6 or (last_turn and gained >= 1):
                return "use shovel 3"  # it doubles what this turn already earned
        line = line_length(world.adj, world.own, "CAMP")
        relics = sum(world.me["relics"].values())
        machete_better = "use machete 3" in legal and 4 * relics > 2 * line
        grown = line >= LONG_LINE or world.me["pathways_left"] == 0
        long_enough = grown or (last_turn and line >= 1)
        if "use compass 3" in legal and long_enough and not machete_better:
            return "use compass 3"
        tool = super()._late_tool(world, legal)
        if tool == "use compass 3" and not long_enough:
            return None  # wait for a longer line
        return tool

    # -- routes -----------------------------------------------------------------------

    def _route_value(self, world: Map, end: str, trails: list[str]) -> float:
        turn = world.view["this_turn"]
        space = world.spaces[end]
        expedition = (
            turn["start_relic"] and space["relic"] == turn["start_relic"] and end != turn["start"]
        )
        if not self._last_turn(world):
            value = super()._route_value(world, end, trails)
            if expedition and not world.me["relics"].get(space["relic"]):
                value += 5.0  # a new colour: 5 VP more at the end
            return value
        # The last turn: only what it earns now counts.
        moved = turn["trails_moved"] + len(trails)
        value = sum(0.9 for t in trails if world.token_up.get(t))  # a step for a toolbox use
        if expedition:
            value += 2.0 * moved + (10.0 if not world.me["relics"].get(space["relic"]) else 0.0)
        if world.rations > 0 and end != "CAMP":
            value += self._last_explore_value(world, end)
        return value

    @staticmethod
    def _last_turn(world: Map) -> bool:
        return bool(world.view["final_round"]) and EXTRA_TURN_TILE not in world.me["ivory"]

    @staticmethod
    def _last_explore_value(world: Map, node: str) -> float:
        """VP an explore of ``node`` brings when the game ends after this turn."""
        space = world.spaces[node]
        if not space["levels"] or space["type"] == "camp":
            return 0.0
        if space["colour"] == "blue":
            return 3.5
        if space["colour"] == "purple":
            return 3.0 if (space["top"] or "").endswith("-a") else 0.2
        if space["colour"] == "ivory":
            return 1.0  # an end bonus of level 1, or the 2 VP for a second tile of a level
        held = world.me["ivory"]
        return 1.0 if PATHWAY_VP_TILE in held or PATHWAY_SCORING_TILE in held else 0.1

    def _post(self, world: Map, legal: dict[str, Action], rng: Rng) -> str | None:
        worthless = self._last_explore_value(world, world.position) < 0.5
        if self._last_turn(world) and "explore" in legal and worthless:
            return self._late_tool(world, legal) or "end"  # keep the ration (I1-b)
        return super()._post(world, legal, rng)

    # -- pathways ------------------------------------------------------------------

    def _place_scores(
        self, world: Map, legal: dict[str, Action], rng: Rng
    ) -> list[tuple[float, str]]:
        network = {node for tid in world.own for node in tid.split("-")}
        line = line_length(world.adj, world.own, "CAMP")
        link = world.link() if world.stalled() else None
        scored = []
        for text, action in legal.items():
            path = action.args
            if not isinstance(path, actions.Path):
                continue
            score = rng.random() * 0.1
            score += _pathway_ends_score(world, network, path)
            score += self._expedition_gain(world, path.trail)
            if line and line_length(world.adj, world.own | {path.trail}, "CAMP") > line:
                score += 1.5  # a longer line for Compass 3
            if link is not None and path.trail in link.needed:
                score += 5.0  # a gap in the line that ends a stalled game's wait
            scored.append((score, text))
        return sorted(scored, reverse=True)

    @staticmethod
    def _expedition_links(world: Map, own: frozenset[str]) -> float:
        """What expeditions one move could make with pathways ``own``: 3 + 0.5 a trail each."""
        total = 0.0
        shrines = [n for n, space in world.spaces.items() if space["relic"]]
        for node in shrines:
            relic = world.spaces[node]["relic"]
            if world.relic_count.get(relic, 0) < 2:
                continue
            key = (world.board_key, own, node)
            reach = _REACH.get(key)
            if reach is None:
                reach = {}
                for end, trails in move_routes(world.adj, own, node, node, "CAMP"):
                    reach[end] = max(reach.get(end, 0), len(trails))
                _REACH[key] = reach
            best = max(
                (
                    reach[o]
                    for o in shrines
                    if o != node and world.spaces[o]["relic"] == relic and o in reach
                ),
                default=0,
            )
            if best:
                total += 3.0 + 0.5 * best
        return total

    def _expedition_gain(self, world: Map, trail: str) -> float:
        """How much placing a pathway on ``trail`` adds to the expeditions within one move."""
        own = frozenset(world.own)
        return self._expedition_links(world, own | {trail}) - self._expedition_links(world, own)

    def _place(self, world: Map, legal: dict[str, Action], rng: Rng) -> str | None:
        if self._plan and self._plan[0] in legal:
            return self._plan.pop(0)
        self._plan = []
        scored = self._place_scores(world, legal, rng)
        if _USE_DOUBLE_PATHWAY in legal:
            late = (
                world.view["final_round"]
                or world.view["relics_collected"] + 2 >= world.view["relics_to_end"]
            )
            if late or (len(scored) >= 2 and scored[1][0] >= 2.0):
                return _USE_DOUBLE_PATHWAY
        if scored:
            return scored[0][1]
        if _USE_PATHWAY_ANYWHERE in legal:
            return _USE_PATHWAY_ANYWHERE
        return "done" if "done" in legal else None

    def _pick(self, world: Map, legal: dict[str, Action], rng: Rng) -> str | None:
        if _USE_LOOK_THROUGH in legal:
            return _USE_LOOK_THROUGH  # Machete 1 or P-g on a temple: look through the stack
        return super()._pick(world, legal, rng)

    # -- tokens ----------------------------------------------------------------------

    def _flip(self, world: Map, legal: dict[str, Action], rng: Rng) -> str | None:
        decision = world.view["decision"] or {}
        up = set(world.view["tokens_up"])
        if len(up) == 1 and f"flip {next(iter(up))}" in legal:
            return f"flip {next(iter(up))}"  # turning the last token grey earns a step
        if (
            decision.get("must")
            and world.view["phase"] == "flip"
            and world.view["this_turn"]["route"]
        ):
            return self._forced_flip(world, legal, up)
        return super()._flip(world, legal, rng)

    def _forced_flip(self, world: Map, legal: dict[str, Action], up: set[str]) -> str | None:
        token_of = {t["token"]: t["id"] for t in world.view["trails"] if t["token"]}
        ahead = {tid for _, trails, _ in world.routes() for tid in trails}
        for token, tid in sorted(token_of.items()):
            if token not in up and tid in ahead and f"flip {token}" in legal:
                return f"flip {token}"  # this move can still cross it and take the step
        others = [pos for seat, pos in enumerate(world.view["explorers"]) if seat != world.seat]
        distances = [world.hops(pos) for pos in others]

        def nearness(token: str) -> float:
            a, b = token_of[token].split("-")
            return -min((min(d.get(a, 9), d.get(b, 9)) for d in distances), default=9)

        face_up = [t for t in sorted(up) if f"flip {t}" in legal]
        if face_up:
            return f"flip {max(face_up, key=nearness)}"  # deny the opponents a nearby step
        return None


EVALUATION_SPREAD = (3.0, 1.5)
"""Points of doubt in a lead: a base, plus this many per relic still to collect."""

TOOLBOX_WORTH = (0.5, 1.5)
"""Points a toolbox at level 1 and 2 is counted as worth, not yet spent."""

STANDING_WEIGHT = 0.5
"""Weight of the rule bot's worth of the space a seat stands on (:meth:`Map.potential`)."""


def standing(state: Any, seat: int) -> float:
    """Points ``seat`` holds beyond its score: toolboxes not yet spent (level 3 at what
    using them would pay now) and what its space is worth to the rule bot's planning."""
    world = Map(state.view(seat))
    tools = world.me["toolboxes"]
    relics = sum(world.me["relics"].values())
    worth = 0.0
    for branch in ("machete", "compass", "shovel"):
        one, two, three = tools[branch]
        worth += one * TOOLBOX_WORTH[0] + two * TOOLBOX_WORTH[1]
        if three:
            if branch == "machete":
                worth += three * 4.0 * relics
            elif branch == "compass":
                worth += three * 2.0 * line_length(world.adj, world.own, "CAMP")
            else:
                worth += three * 3.0
    return worth + STANDING_WEIGHT * world.potential(world.position)


def evaluate(state: Any) -> list[float]:
    """Each seat's expected win share in an unfinished game, for searches that cut their
    playouts short: a softmax of score plus :func:`standing`, the flatter the more relics
    are still to be collected before the end (a lead early on is worth little).

    Reads only the public contract: ``scores()`` and views (the searching bot's states
    are sampled from its own view, so any seat's view of them is fair to read).
    """
    scores = state.scores()
    public = state.view(None)
    left = max(0, int(public["relics_to_end"]) - int(public["relics_collected"]))
    spread = EVALUATION_SPREAD[0] + EVALUATION_SPREAD[1] * left
    totals = [score + standing(state, seat) for seat, score in enumerate(scores)]
    top = max(totals)
    weights = [math.exp((total - top) / spread) for total in totals]
    whole = sum(weights)
    return [weight / whole for weight in weights]
