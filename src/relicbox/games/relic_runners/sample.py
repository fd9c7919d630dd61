"""A full Relic Runners state from one seat's view (``Game.sample_state``).

Hidden from a seat, and drawn here:

* face-down stack tiles the seat has not seen, and the tiles left in the box:
  they stay undrawn (the engine draws a stack's tile from the unseen tiles of its
  colour and level when it is turned up), so the sampled pools hold every tile
  the seat has not seen in play, which is their exact distribution;
* other seats' blue tiles it has not seen (their levels are public): drawn
  uniformly from the unseen blue tiles of each level;
* other seats' coin totals: every gain is a public event, so the history's
  gains are summed, not guessed;
* the seed and the generator: drawn from ``rng``.

The engine's bookkeeping of the turn in progress (pending tasks, the pathway
being moved, tokens flipped in this effect, gains this turn) is public at the
table but not spelled out in the view; it is worked out from the turn's events
in the history. Options the view does not show (``teleport_ends_turn``,
``shovel3``, ``max_turns``) take their defaults, and only the default board can
be sampled.

The view is read like a loaded state (:mod:`relicbox.core.sampling`): every field the
sampler uses is checked for its type and range first, and a view whose fields
contradict each other is refused, since the sampled state's view must be the input.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from relicbox.core import sampling
from relicbox.core.errors import ConfigurationError
from relicbox.core.game import State, sampled_state_header
from relicbox.core.rng import Rng
from relicbox.games.relic_runners.board import CAMP, NODE_IDS, TOKEN_IDS
from relicbox.games.relic_runners.data import (
    BLUE,
    BRANCHES,
    COLOURS,
    EXTRA_TURN_TILE,
    LOOK_THROUGH_TILE,
    RELIC_COLOURS,
    TILES,
    pool_key,
)
from relicbox.games.relic_runners.lookups import compiled_board
from relicbox.games.relic_runners.rules import RelicRunnersState
from relicbox.games.relic_runners.views import _EVENT_FIELDS

_NODE = {node: i for i, node in enumerate(NODE_IDS)}
_TOKEN = {token: i for i, token in enumerate(TOKEN_IDS)}
_IDS: dict[str, list[int]] = {}
for _tile in TILES:
    _IDS.setdefault(_tile.code, []).append(_tile.id)
_LEVEL_OF = {tile.code: tile.level for tile in TILES}
_BOARD = compiled_board(None).board
_TRAILS = tuple(_BOARD.trail_name(trail) for trail in range(_BOARD.trails))
"""The default board's trails as views name them (``R1-T4``), by index."""
_LEVELS = (1, 2, 3)
_MOST = 1_000
"""Bound on the view's counts (coins, rations, pathways, turns' moves): far above any game."""


def _fields(players: int) -> dict[str, sampling.Spec]:
    """What the sampler reads of a view of ``players`` seats, and what each must be."""
    seat = sampling.whole(0, players - 1)
    count = sampling.whole(0, _MOST)
    node = sampling.text(NODE_IDS)
    tile = sampling.text(_IDS.keys())
    trail = sampling.text(_TRAILS)
    relic = sampling.text(RELIC_COLOURS)
    level = sampling.whole(min(_LEVELS), max(_LEVELS))
    space = sampling.record(
        {
            "levels": sampling.items(level, most=len(_LEVELS)),
            "top": sampling.optional(tile),
            "seen": sampling.mapping(
                sampling.text([str(n) for n in _LEVELS]), tile, most=len(_LEVELS)
            ),
            "colour": sampling.optional(sampling.text(COLOURS)),
            "relic": sampling.optional(relic),
        }
    )
    board = sampling.record(
        {
            "ability": sampling.optional(sampling.text()),
            "pathways_left": count,
            "pathways": sampling.items(trail, most=len(_TRAILS)),
            "toolboxes": sampling.record(
                {
                    "reserve": count,
                    "start": count,
                    **{branch: sampling.items(count, length=len(_LEVELS)) for branch in BRANCHES},
                }
            ),
            "ivory": sampling.items(tile, most=len(_LEVELS)),
            "blue_levels": sampling.items(level, most=len(TILES)),
            "blue": sampling.items(sampling.optional(tile), most=len(TILES)),
            "relics": sampling.record({name: count for name in RELIC_COLOURS}),
            "coins": sampling.optional(count),
        }
    )
    decision = sampling.optional(
        sampling.tagged(
            "type",
            {
                "place": {
                    "near": node,
                    "anywhere": sampling.flag(),
                    "count": count,
                    "relocate": sampling.flag(),
                },
                "lift": {"count": count},
                "steps": {"count": count},
                "keep": {"held": tile, "new": sampling.optional(tile)},
                "pick": {"space": node},
                "target": {"from": node},
                "flip": {"left": count, "must": sampling.flag()},
                "start": {},
            },
        )
    )
    this_turn = sampling.record(
        {
            "start": node,
            "route": sampling.items(node, most=_MOST),
            "trails_moved": count,
            "trails_used": sampling.items(trail, most=len(_TRAILS)),
            "unexplored_used": sampling.flag(),
            "pathways_before": sampling.flag(),
            "free_order": sampling.flag(),
            "jumped": sampling.flag(),
            "explored": sampling.flag(),
            "toolbox_used": sampling.flag(),
            "double_vp": sampling.flag(),
            "start_relic": sampling.optional(relic),
        }
    )
    return {
        "phase": sampling.text(),
        "setup": sampling.text(("first", "standard", "random")),
        "abilities": sampling.flag(),
        "turn": sampling.whole(0, sampling.MAX_ITEMS),
        "current": seat,
        "decision": decision,
        "spaces": sampling.items(space, length=len(NODE_IDS)),
        "trails": sampling.items(sampling.record({"id": trail}), length=len(_TRAILS)),
        "tokens_up": sampling.items(sampling.text(TOKEN_IDS), most=len(TOKEN_IDS)),
        "explorers": sampling.items(node, length=players),
        "rations": sampling.items(count, length=players),
        "camp_rations": count,
        "seats": sampling.items(board, length=players),
        "relics_collected": count,
        "final_seat": sampling.optional(seat),
        "extra_turn": sampling.flag(),
        "truncated": sampling.flag(),
        "this_turn": this_turn,
        "history": sampling.items(_event_spec(players)),
    }


def _event_spec(players: int) -> sampling.Spec:
    """A history event: a known ``type`` and, for each of its fields present, a fit value."""
    seat = sampling.whole(0, players - 1)
    node = sampling.text(NODE_IDS)
    trail = sampling.whole(0, len(_TRAILS) - 1)
    by_name: dict[str, sampling.Spec] = {
        "seat": seat,
        "space": node,
        "from": node,
        "to": node,
        "route": sampling.items(node, most=_MOST),
        "tile": sampling.text(_IDS.keys()),
        "discarded": sampling.text(_IDS.keys()),
        "code": sampling.text(_IDS.keys()),
        "relic": sampling.text(RELIC_COLOURS),
        "tokens": sampling.items(sampling.text(TOKEN_IDS), most=len(TOKEN_IDS)),
        "token": sampling.text(TOKEN_IDS),
        "trail": trail,
        "from_trail": sampling.optional(trail),
        "amount": sampling.whole(-_MOST, _MOST),
        "level": sampling.whole(min(_LEVELS), max(_LEVELS)),
        "toolbox": sampling.text(),
        "reason": sampling.text(),
    }
    overrides = {
        ("shrine", "seat"): sampling.optional(seat),
    }
    kind = sampling.text(_EVENT_FIELDS.keys())

    def check(event: Any, field: str) -> None:
        sampling.record({"type": kind})(event, field)
        for name in _EVENT_FIELDS[event["type"]]:
            spec = by_name.get(name)
            spec = overrides.get((event["type"], name), spec)
            if name in event and spec is not None:
                spec(event[name], f"{field}.{name}")

    return check


def sample_state(view: Mapping[str, Any], rng: Rng) -> State:
    """A state consistent with ``view`` (a seat's or a spectator's); see the module doc.

    Its ``view(seat)`` equals ``view``; anything else is a :class:`StateFormatError`
    naming the field (a view of another board: a :class:`ConfigurationError`).
    """
    players, seat = sampling.header(
        view, "relic-runners", "Relic Runners", RelicRunnersState.game.players
    )
    sampling.read(view, {"board": sampling.text()})
    if view["board"] != _BOARD.name:
        raise ConfigurationError(
            f"a Relic Runners view of the board {view['board']!r} cannot be sampled: "
            "only the default board is known without its data file"
        )
    sampling.read(view, _fields(players))
    if view["phase"] == "over":
        raise sampling.refuse("phase", "is over: a finished game has nothing hidden to sample")
    with sampling.building():
        state = _build(view, players, seat, rng)
    return sampling.finish(state, seat, view)


def _build(view: Mapping[str, Any], players: int, me: int | None, rng: Rng) -> State:
    seats = view["seats"]
    everyone = (1 << players) - 1
    trail_index = {trail["id"]: t for t, trail in enumerate(view["trails"])}
    history = view["history"]
    turn_start = max((i for i, event in enumerate(history) if event["type"] == "turn"), default=-1)
    this_turn = history[turn_start + 1 :] if turn_start >= 0 else history
    current: int = view["current"]
    first = view.get("setup") == "first"

    # Tiles: those in plain sight or known to this seat take their ids first.
    free = {code: list(ids) for code, ids in _IDS.items()}

    def take(code: str, field: str) -> int:
        ids = free.get(code)
        if not ids:
            raise sampling.refuse(field, f"shows one {code!r} tile more than the game has")
        return ids.pop(0)

    levels = [list(space["levels"]) for space in view["spaces"]]
    fixed: list[dict[str, list[int]]] = [{} for _ in view["spaces"]]
    for node, space in enumerate(view["spaces"]):
        if space["top"] is not None:
            if not levels[node]:
                raise sampling.refuse(
                    f"spaces[{node}].top", "shows a tile on a stack with no levels"
                )
            fixed[node][str(levels[node][-1])] = [
                take(space["top"], f"spaces[{node}].top"),
                everyone,
            ]
        for level, code in space["seen"].items():
            field = f"spaces[{node}].seen.{level}"
            fixed[node][level] = [take(code, field), 0 if me is None else 1 << me]
    ivory = [
        {str(_LEVEL_OF[code]): take(code, f"seats[{s}].ivory") for code in seat["ivory"]}
        for s, seat in enumerate(seats)
    ]
    decision = view["decision"]
    new_tile = take(decision["new"], "decision.new") if decision and decision.get("new") else None
    shown_codes: dict[int, list[str]] = {}
    for event in history:
        if event["type"] == "show":
            shown_codes.setdefault(event["seat"], []).append(event["tile"])
    blue: list[list[int]] = []
    blue_seen: list[list[int]] = []
    shown: list[int] = []
    hidden_levels: list[tuple[int, list[int]]] = []
    for s, seat in enumerate(seats):
        known = [code for code in seat["blue"] if code is not None]
        tiles = [take(code, f"seats[{s}].blue") for code in known]
        knower = (1 << s) | (0 if me is None else 1 << me)
        blue.append(tiles)
        blue_seen.append([knower] * len(tiles))
        for code in shown_codes.get(s, []):
            match = next((t for t in tiles if TILES[t].code == code and t not in shown), None)
            if match is not None:
                shown.append(match)
        missing = list(seat["blue_levels"])
        for code in known:
            if TILES[_IDS[code][0]].colour != BLUE or _LEVEL_OF[code] not in missing:
                raise sampling.refuse(
                    f"seats[{s}].blue", f"shows {code!r}, not one of its blue levels"
                )
            missing.remove(_LEVEL_OF[code])
        hidden_levels.append((s, missing))
    discard = [take(code, "history") for code in _discarded(history, ivory, new_tile)]

    # Every tile not placed above is unseen: in a pool, or one of the others' blue tiles.
    pools: list[list[int]] = [[] for _ in range(9)]
    for ids in free.values():
        for tile in ids:
            if not (first and TILES[tile].red_gem):
                pools[pool_key(TILES[tile].colour, TILES[tile].level)].append(tile)
    for s, missing in hidden_levels:
        for level in missing:
            pool = pools[pool_key(BLUE, level)]
            if not pool:
                raise sampling.refuse(
                    f"seats[{s}].blue_levels", f"has a level {level} no tile is left for"
                )
            blue[s].append(pool.pop(rng.below(len(pool))))
            blue_seen[s].append(1 << s)
    for pool in pools:
        pool.sort()

    coins = [0] * players
    for event in history:
        if event["type"] == "coins":
            coins[event["seat"]] += event["amount"]
    for s, seat in enumerate(seats):
        if seat["coins"] is not None:
            coins[s] = seat["coins"]

    turn = _turn_bookkeeping(view, this_turn, trail_index, blue, current, turn_start >= 0)
    agenda = _agenda(view, this_turn, turn["stage"], turn_start >= 0)
    final_left = 0
    if view["final_seat"] is not None:
        starts = [i for i, event in enumerate(history) if event["type"] == "final-round"]
        if not starts:
            raise sampling.refuse(
                "final_seat", "names a seat, but no final round began in the history"
            )
        trigger = starts[-1]
        ends = sum(1 for event in history[trigger:] if event["type"] == "end")
        final_left = max(0, players - 1 - ends)
    body: dict[str, Any] = {
        "collected": view["relics_collected"],
        "supply": view["camp_rations"],
        "final_seat": view["final_seat"],
        "final_left": final_left,
        "extra": view["extra_turn"],
        "truncated": view["truncated"],
        "turn": view["turn"],
        "seat": current,
        "new_tile": new_tile,
        "colour": [
            None if s["colour"] is None else COLOURS.index(s["colour"]) for s in view["spaces"]
        ],
        "relic_on": [s["relic"] is not None for s in view["spaces"]],
        "tokens": [token in view["tokens_up"] for token in TOKEN_IDS],
        "discard": discard,
        "shown": shown,
        "pos": [_NODE[node] for node in view["explorers"]],
        "rations": list(view["rations"]),
        "paths": [_mask(seat["pathways"], trail_index) for seat in seats],
        "path_supply": [seat["pathways_left"] for seat in seats],
        "reserve": [seat["toolboxes"]["reserve"] for seat in seats],
        "start_row": [seat["toolboxes"]["start"] for seat in seats],
        "coins": coins,
        "ability": [seat["ability"] for seat in seats],
        "levels": levels,
        "fixed": fixed,
        "pools": pools,
        "tools": [[v for b in BRANCHES for v in seat["toolboxes"][b]] for seat in seats],
        "ivory": ivory,
        "blue": blue,
        "blue_seen": blue_seen,
        "relics": [[seat["relics"][name] for name in RELIC_COLOURS] for seat in seats],
        "agenda": agenda,
        "chance": [],
        "history": [_raw_event(event, trail_index) for event in history],
        **turn,
    }
    data = {
        **sampled_state_header(
            RelicRunnersState.game,
            players,
            {"setup": view["setup"], "abilities": view["abilities"]},
            rng,
        ),
        "body": body,
    }
    return RelicRunnersState.from_dict(data)


def _mask(names: list[str], trail_index: Mapping[str, int]) -> int:
    mask = 0
    for name in names:
        mask |= 1 << trail_index[name]
    return mask


def _discarded(
    history: list[dict[str, Any]], ivory: list[dict[str, int]], new_tile: int | None
) -> list[str]:
    """Codes of the ivory and purple tiles gone from play: taken purples, used or dropped ivory."""
    held = {tile for tiles in ivory for tile in tiles.values()}
    if new_tile is not None:
        held.add(new_tile)
    held_codes = {TILES[tile].code for tile in held}
    gone: list[str] = []
    for event in history:
        kind = event["type"]
        if kind == "purple":
            gone.append(event["tile"])
        elif kind == "keep":
            gone.append(event["discarded"])
        elif kind == "use-ivory":
            gone.append(event["code"])
        elif kind == "extra":
            gone.append(EXTRA_TURN_TILE)
    out: list[str] = []
    for code in gone:
        if code not in out and code not in held_codes:
            out.append(code)
    return out


def _raw_event(event: Mapping[str, Any], trail_index: Mapping[str, int]) -> list[Any]:
    """A history event back in the engine's form (inverse of ``views.event_json``)."""

    raw: list[Any] = [event["type"]]
    for name in _EVENT_FIELDS.get(event["type"], ()):
        if name not in event:
            break
        value = event[name]
        if name in ("space", "from", "to"):
            value = _NODE[value]
        elif name == "route":
            value = [_NODE[node] for node in value]
        elif name in ("tile", "discarded"):
            value = _IDS[value][0]
        elif name == "relic":
            value = RELIC_COLOURS.index(value)
        elif name == "tokens":
            value = [_TOKEN[token] for token in value]
        elif name == "token":
            value = _TOKEN[value]
        raw.append(value)
    return raw


def _turn_bookkeeping(
    view: Mapping[str, Any],
    events: list[dict[str, Any]],
    trail_index: Mapping[str, int],
    blue: list[list[int]],
    current: int,
    started: bool,
) -> dict[str, Any]:
    """The engine's fields for the turn in progress, from the view and the turn's events."""
    turn = view["this_turn"]
    stage = "setup"
    if started:
        moved = any(event["type"] in ("move", "jump") for event in events)
        stage = "post" if moved else "move"
    used = _mask(turn["trails_used"], trail_index)
    # The pathway being moved: the seat's pathways by the events, minus those on the board.
    own = 0
    for event in view["history"]:
        if event.get("seat") != current:
            continue
        if event["type"] == "pathway":
            own |= 1 << event["trail"]
        elif event["type"] == "relocate":
            if event["from_trail"] is not None:
                own &= ~(1 << event["from_trail"])
            own |= 1 << event["trail"]
    on_board = _mask(view["seats"][current]["pathways"], trail_index)
    lifted_bits = own & ~on_board
    lifted = lifted_bits.bit_length() - 1 if lifted_bits else None
    trigger = _last(events, lambda event: _relocation_trigger(event) is not None)
    moved_to = vacated = 0
    if trigger is not None:
        for event in events[trigger:]:
            if event["type"] == "relocate":
                moved_to |= 1 << event["trail"]
                if event["from_trail"] is not None:
                    vacated |= 1 << event["from_trail"]
    if lifted is not None:
        vacated |= 1 << lifted
    double = bool(turn["double_vp"])
    gain = 0
    if not double:
        gain = sum(
            event["amount"]
            for event in events
            if event["type"] == "coins"
            and event["seat"] == current
            and event["reason"] not in ("shown", "shovel")
        )
    turn_blue: list[int] = []
    if not double:
        taken = [
            event["level"]
            for event in events
            if event["type"] == "blue" and event["seat"] == current
        ]
        chosen: set[int] = set()
        for level in taken:
            for index in reversed(range(len(blue[current]))):
                if index not in chosen and TILES[blue[current][index]].level == level:
                    chosen.add(index)
                    break
        turn_blue = sorted(chosen)
    teleported = any(event["type"] == "teleport" for event in events)
    return {
        "stage": stage,
        "start": _NODE[turn["start"]],
        "start_relic": None
        if turn["start_relic"] is None
        else RELIC_COLOURS.index(turn["start_relic"]),
        "moves": turn["trails_moved"],
        "jumped": turn["jumped"],
        "used": used,
        "unexp": turn["unexplored_used"],
        "fam_before": turn["pathways_before"],
        "free_order": turn["free_order"],
        "bonus_steps": _bonus_steps(view, events, stage),
        "explored": turn["explored"],
        "tool_used": turn["toolbox_used"],
        "double": double,
        "turn_gain": gain,
        "end_after": teleported,
        "lifted": lifted,
        "moved_to": moved_to,
        "vacated": vacated,
        "route": [_NODE[node] for node in turn["route"]],
        "turn_blue": turn_blue,
    }


def _relocation_trigger(event: Mapping[str, Any]) -> int | None:
    """How many pathways an event lets the seat move (compass 1/2, purple f), else None."""
    words = str(event.get("toolbox", "")).split()
    if event["type"] == "tool" and words[:1] == ["compass"] and words[1:2] in (["1"], ["2"]):
        return int(words[1])
    if event["type"] == "purple" and str(event["tile"]).endswith("-f"):
        return 1
    return None


def _last(events: list[dict[str, Any]], test: Any) -> int | None:
    found = None
    for i, event in enumerate(events):
        if test(event):
            found = i
    return found


def _bonus_steps(view: Mapping[str, Any], events: list[dict[str, Any]], stage: str) -> int:
    """Steps earned by resetting the tokens with flips, not yet taken."""
    decision = view["decision"]
    start = 0
    if stage == "post":
        if decision is None or decision["type"] != "flip":
            return 0
        purple = _last(events, lambda event: event["type"] == "purple")
        start = 0 if purple is None else purple
    count = 0
    for before, event in zip(events[start:], events[start + 1 :], strict=False):
        if event["type"] == "reset" and before["type"] == "flip":
            count += 1
    return count


def _agenda(
    view: Mapping[str, Any], events: list[dict[str, Any]], stage: str, started: bool
) -> list[list[Any]]:
    """The engine's pending tasks: the decision on top and what it will return to."""
    decision = view["decision"]
    agenda: list[list[Any]] = []
    seats = view["seats"]
    current: int = view["current"]
    if not started:
        agenda.append(["first-turn"])
        for seat in reversed(range(current + 1, view["players"])):
            task = _setup_task(seats[seat]["ability"])
            if task is not None:
                agenda += [task, ["seat", seat]]
    else:
        at_camp = view["explorers"][current] == NODE_IDS[CAMP]
        arrived = any(
            event["type"] == "move" and event["route"] and event["route"][-1] == NODE_IDS[CAMP]
            for event in events
        )
        if stage == "post" and at_camp and arrived:
            agenda.append(["end-turn"])
        spaces = view["spaces"]
        for event in events:
            if event["type"] != "purple":
                continue
            node = _NODE[event["space"]]
            if spaces[node]["levels"] and spaces[node]["top"] is None:
                agenda.append(["turnup", node])
    if decision is None:
        return agenda
    kind = decision["type"]
    if kind == "place":
        if decision["relocate"]:
            trigger = _last(events, lambda event: _relocation_trigger(event) is not None)
            total = 1 if trigger is None else _relocation_trigger(events[trigger]) or 1
            done = sum(1 for event in events[(trigger or 0) :] if event["type"] == "relocate")
            if total - done - 1 > 0:
                agenda.append(["lift", total - done - 1])
        agenda.append(
            [
                "place",
                _NODE[decision["near"]],
                int(decision["anywhere"]),
                decision["count"],
                int(decision["relocate"]),
            ]
        )
    elif kind in ("lift", "steps"):
        agenda.append([kind, decision["count"]])
    elif kind == "keep":
        agenda.append(["keep", _LEVEL_OF[decision["held"]]])
    elif kind == "pick":
        # The seat stands on the origin; the I2-b look-through offer stands until the
        # tile is used (then the seat picks from the whole stack, and holds I2-b no more).
        looked = any(
            event["type"] == "use-ivory" and event["code"] == LOOK_THROUGH_TILE for event in events
        )
        origin = _NODE[view["explorers"][current]]
        agenda.append(
            ["pick", _NODE[decision["space"]], origin, _forbidden(events), int(not looked)]
        )
    elif kind == "target":
        agenda.append(["target", _NODE[decision["from"]], _forbidden(events)])
    elif kind == "flip":
        context = "move" if stage == "move" else "effect"
        start = 0
        if context == "effect":
            purple = _last(events, lambda event: event["type"] == "purple")
            start = 0 if purple is None else purple
        mask = 0
        for event in events[start:]:
            if event["type"] == "flip":
                mask |= 1 << _TOKEN[event["token"]]
        agenda.append(["flip", decision["left"], int(decision["must"]), mask, context])
    elif kind == "start":
        agenda.append(["start"])
    return agenda


def _forbidden(events: list[dict[str, Any]]) -> int:
    """The spaces this turn's P-g effects already targeted, as a node mask."""
    forbidden = 0
    for event in events:
        if event["type"] == "purple" and str(event["tile"]).endswith("-g"):
            forbidden |= 1 << _NODE[event["space"]]
    return forbidden


def _setup_task(ability: str | None) -> list[Any] | None:
    if ability == "head-start":
        return ["start"]
    if ability == "camp-pathway":
        return ["place", CAMP, 0, 1, 0]
    return None
