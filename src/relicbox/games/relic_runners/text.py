"""How a Relic Runners view reads in a terminal: the map, player boards, actions, results.

The map is drawn on a character grid from the board's drawing coordinates: trails as
dotted lines (``~`` for rivers, with the toolbox token as ``◆`` face up or ``◇`` grey),
pathways in their owners' colours, spaces as their ids in the temple colour, and a
table of spaces below with stacks, face-up purple tiles, relics and explorers.
Strings carry rich-style markup (``[bold]``); the terminal layer interprets it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from relicbox.core.i18n import message
from relicbox.games.relic_runners import actions
from relicbox.games.relic_runners.actions import ACTION_SPACE

WIDTH = 78
HEIGHT = 31
NARROW_PANEL = 60
"""Below this many columns a player's board lists one fact a line."""
SCREEN = (120, 40)
"""The smallest terminal that shows the whole map beside the player's own board."""
SEAT_STYLE = ("bold red", "bold green", "bold blue", "bold yellow", "bold bright_black")
KIND_STYLE = {
    "ivory": "bold white",
    "blue": "bold bright_blue",  # plain blue is hard to read on a dark terminal
    "purple": "bold magenta",
    "ruin": "green",
    "camp": "bold cyan",
    "temple": "white",
}
Cell = tuple[str, str]


def _t(lang: str, key: str, **params: Any) -> str:
    return message(lang, "rr-" + key, **params)


def player_name(seat: int, lang: str, names: Sequence[str] | None = None) -> str:
    """``names[seat]`` if the caller labels seats (``Player 3 (bot:rule)``), else ``Player 3``."""
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return _t(lang, "player", seat=seat + 1)


def _seat_tag(view: dict[str, Any], seat: int, lang: str) -> str:
    return f"[{SEAT_STYLE[seat]}]{player_name(seat, lang)}[/]"


# -- the map ---------------------------------------------------------------------------


def _cell_of(xy: list[float]) -> tuple[int, int]:
    return round(xy[0] / 100 * (WIDTH - 4)) + 1, round(xy[1] / 100 * (HEIGHT - 1))


def _line(a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int]]:
    steps = max(abs(b[0] - a[0]), abs(b[1] - a[1]), 1)
    return [
        (round(a[0] + (b[0] - a[0]) * i / steps), round(a[1] + (b[1] - a[1]) * i / steps))
        for i in range(1, steps)
    ]


def draw_map(view: dict[str, Any]) -> list[str]:
    grid: list[list[Cell]] = [[(" ", "")] * WIDTH for _ in range(HEIGHT)]
    where = {space["id"]: _cell_of(space["xy"]) for space in view["spaces"]}
    for trail in view["trails"]:
        _draw_trail(grid, trail, where[trail["a"]], where[trail["b"]])
    for space in view["spaces"]:
        _draw_space(grid, space, where[space["id"]], view)
    rows = [_row_markup(row) for row in grid]
    while rows and not rows[0].strip():
        rows.pop(0)
    while rows and not rows[-1].strip():
        rows.pop()
    return rows


def _draw_trail(
    grid: list[list[Cell]], trail: dict[str, Any], a: tuple[int, int], b: tuple[int, int]
) -> None:
    points = _line(a, b)
    owners = trail["pathways"]
    char = "~" if trail["river"] else "·"
    style = SEAT_STYLE[owners[0]] if owners else ("cyan" if trail["river"] else "dim")
    if owners:
        char = "=" if len(owners) > 1 else ("≈" if trail["river"] else "•")
    for x, y in points:
        grid[y][x] = (char, style)
    if trail["token"] is not None and points:
        x, y = points[len(points) // 2]
        grid[y][x] = ("◆", "bold yellow") if trail["token_up"] else ("◇", "dim")


def _draw_space(
    grid: list[list[Cell]], space: dict[str, Any], at: tuple[int, int], view: dict[str, Any]
) -> None:
    x, y = at
    kind = space["colour"] or space["type"]
    label = space["id"] if space["id"] != "CAMP" else "CAMP"
    if space["relic"]:
        label += "*"
    start = max(0, min(WIDTH - len(label) - 2, x - len(label) // 2))
    for i, char in enumerate(label):
        style = "bold yellow" if char == "*" else KIND_STYLE.get(kind, "white")
        grid[y][start + i] = (char, style)
    here = [s for s, pos in enumerate(view["explorers"]) if pos == space["id"]]
    for i, seat in enumerate(here[:3]):
        column = start + len(label) + i
        if column < WIDTH:
            grid[y][column] = ("☻", SEAT_STYLE[seat])


def _row_markup(row: list[Cell]) -> str:
    out: list[str] = []
    current = ""
    run: list[str] = []
    for char, style in row:
        if style != current:
            out.append(_wrap("".join(run), current))
            run, current = [], style
        run.append(char)
    out.append(_wrap("".join(run), current))
    return "".join(out).rstrip()


def _wrap(text: str, style: str) -> str:
    return f"[{style}]{text}[/]" if style and text.strip() else text


# -- the whole screen --------------------------------------------------------------------


def render(view: dict[str, Any], lang: str) -> str:
    lines = [_header(view, lang), ""]
    lines.extend(draw_map(view))
    lines.append(_t(lang, "legend"))
    lines.append("")
    lines.extend(_space_table(view, lang))
    lines.append("")
    lines.append(
        _t(lang, "relics_line", collected=view["relics_collected"], needed=view["relics_to_end"])
        + "   "
        + _t(lang, "camp_rations", count=view["camp_rations"])
    )
    lines.append(_t(lang, "tokens_line", tokens=_tokens_up(view, lang)))
    lines.append("")
    for seat in range(view["players"]):
        lines.extend(player_board(view, seat, lang))
    lines.append("")
    lines.extend(_turn_lines(view, lang))
    return "\n".join(lines)


def _header(view: dict[str, Any], lang: str) -> str:
    parts = [f"[bold]{_t(lang, 'title')}[/]", _t(lang, "turn", turn=view["turn"])]
    if view["to_act"]:
        parts.append(_t(lang, "to_play", player=_seat_tag(view, view["current"], lang)))
    if view["final_round"]:
        parts.append(f"[bold red]{_t(lang, 'final_round')}[/]")
    if view["extra_turn"]:
        parts.append(_t(lang, "extra_turn"))
    if view["truncated"]:
        stalled = any(event["type"] == "no-progress" for event in view["history"][-3:])
        parts.append(_t(lang, "truncated_no_progress" if stalled else "truncated"))
    return "   ".join(parts)


def _space_table(view: dict[str, Any], lang: str) -> list[str]:
    lines = [f"[bold]{_t(lang, 'spaces')}[/]"]
    for space in view["spaces"]:
        kind = space["colour"] or space["type"]
        if space["type"] == "camp":
            stack = ""
        elif space["levels"]:
            stack = _t(lang, "stack", levels="".join(str(level) for level in space["levels"]))
        else:
            stack = _t(lang, "shrine")
        top = ""
        if space["top"]:
            top = _t(lang, "top", tile=space["top"]) + f" ({tile_effect(space['top'], lang)})"
        relic = (
            _t(lang, "relic_here", relic=_t(lang, f"relic_{space['relic']}"))
            if space["relic"]
            else ""
        )
        who = [
            player_name(s, lang) for s, pos in enumerate(view["explorers"]) if pos == space["id"]
        ]
        here = _t(lang, "explorers_here", who=", ".join(who)) if who else ""
        rest = "  ".join(part for part in (relic, here, top) if part)
        line = f"{space['id']:<5}{_t(lang, f'kind_{kind}'):<19}{stack:<14}{rest}"
        lines.append(f"[{KIND_STYLE.get(kind, 'white')}]{line[:5]}[/]{line[5:]}".rstrip())
    return lines


def player_board(view: dict[str, Any], seat: int, lang: str, narrow: bool = False) -> list[str]:
    info = view["seats"][seat]
    mark = "[bold cyan]▶[/] " if seat == view["current"] and view["to_act"] else "  "
    ability = f", {_t(lang, 'ability_' + info['ability'])}" if info["ability"] else ""
    you = f" [{_t(lang, 'you')}]" if seat == view["seat"] else ""
    you = you.replace("[", "(").replace("]", ")")
    head = _t(
        lang,
        "board_of",
        player=_seat_tag(view, seat, lang) + you,
        colour=_t(lang, f"colour_{info['colour']}"),
        ability=ability,
        position=view["explorers"][seat],
    )
    rations = view["rations"][seat]
    bar = "●" * rations + "○" * (5 - rations)
    boxes = info["toolboxes"]
    branches = "  ".join(
        _t(lang, "branch_line", branch=_t(lang, f"branch_{b}"), levels="/".join(map(str, boxes[b])))
        for b in ("machete", "compass", "shovel")
    )
    relics = ", ".join(
        f"{_t(lang, f'relic_{name}')} {count}" for name, count in info["relics"].items() if count
    ) or _t(lang, "none")
    blue = [code for code in info["blue"] or [] if code is not None]
    blue_text = ", ".join(blue + [f"?{level}" for level in _hidden_blue_levels(info)])
    coins = _t(lang, "hidden") if info["coins"] is None else str(info["coins"])
    if narrow:  # one fact a line, for a side column: nothing wraps mid-phrase
        return [
            mark + head,
            "  " + _t(lang, "rations", bar=bar),
            "  " + _t(lang, "pathways_left", count=info["pathways_left"]),
            "  " + _t(lang, "coins_held", coins=coins),
            "  " + _t(lang, "toolboxes_short", reserve=boxes["reserve"], start=boxes["start"]),
            *(
                "    "
                + _t(
                    lang,
                    "branch_line",
                    branch=_t(lang, f"branch_{b}"),
                    levels="/".join(map(str, boxes[b])),
                )
                for b in ("machete", "compass", "shovel")
            ),
            "  " + _t(lang, "blue_tiles", tiles=blue_text or _t(lang, "none")),
            "  " + _t(lang, "relics_held", relics=relics),
            "  " + _t(lang, "ivory_tiles", tiles=_ivory_list(info["ivory"], lang)),
        ]
    return [
        mark + head,
        "    "
        + "   ".join(
            [
                _t(lang, "rations", bar=bar),
                _t(lang, "pathways_left", count=info["pathways_left"]),
                _t(lang, "coins_held", coins=coins),
            ]
        ),
        "    "
        + _t(lang, "toolboxes", reserve=boxes["reserve"], start=boxes["start"], branches=branches),
        "    "
        + "   ".join(
            [
                _t(lang, "blue_tiles", tiles=blue_text or _t(lang, "none")),
                _t(lang, "relics_held", relics=relics),
            ]
        ),
        "    " + _t(lang, "ivory_tiles", tiles=_ivory_list(info["ivory"], lang)),
    ]


def _hidden_blue_levels(info: dict[str, Any]) -> list[int]:
    """The levels of a board's blue tiles this view does not know, lowest first.

    The known tiles (``B2-4`` is level 2) may be of any level, so each known tile
    takes its own level out of the board's list of levels.
    """
    levels = list(info["blue_levels"])
    for code in info["blue"] or []:
        if code is not None:
            levels.remove(int(code[1]))
    return levels


def _ivory_list(codes: list[str], lang: str) -> str:
    if not codes:
        return _t(lang, "none")
    return "; ".join(f"{code} ({tile_effect(code, lang)})" for code in codes)


def _this_turn(view: dict[str, Any], lang: str) -> str:
    turn = view["this_turn"]
    flags = ""
    if turn["unexplored_used"]:
        flags += _t(lang, "flag_unexplored")
    if turn["explored"]:
        flags += _t(lang, "flag_explored")
    if turn["toolbox_used"]:
        flags += _t(lang, "flag_tool")
    if turn["double_vp"]:
        flags += _t(lang, "flag_double")
    return _t(
        lang,
        "this_turn",
        start=turn["start"],
        route=" → ".join(turn["route"]) or "—",
        moved=turn["trails_moved"],
        flags=flags,
    )


def _decision_line(view: dict[str, Any], lang: str) -> str:
    decision = view.get("decision")
    if not decision:
        return ""
    kind = decision["type"]
    if kind == "keep":
        return _t(lang, "decision_keep", held=decision["held"], new=decision["new"])
    if kind == "place":
        where = (
            _t(lang, "decision_place_any")
            if decision["anywhere"]
            else _t(lang, "decision_place_near", near=decision["near"])
        )
        return _t(lang, "decision_place", count=decision["count"], where=where)
    if kind == "lift":
        return _t(lang, "decision_lift")
    if kind == "steps":
        return _t(lang, "decision_steps", count=decision["count"])
    if kind == "flip":
        return _t(lang, "decision_flip", left=decision["left"])
    if kind == "target":
        return _t(lang, "decision_target", space=decision["from"])
    if kind == "pick":
        return _t(lang, "decision_pick", space=decision["space"])
    return _t(lang, "decision_start")


# -- actions ------------------------------------------------------------------------------


def describe_action(action: str, view: dict[str, Any], lang: str) -> str:
    chosen = ACTION_SPACE.from_text(action)
    args = chosen.args
    describe = _DESCRIBERS.get(type(args))
    if describe is not None:
        return describe(args, view, lang)
    plain = _PLAIN.get(chosen.text)
    return plain(view, lang) if plain is not None else _t(lang, f"act_{chosen.text}")


def _trail(view: dict[str, Any], name: str) -> dict[str, Any] | None:
    return next((t for t in view["trails"] if t["id"] == name), None)


def _space_name(view: dict[str, Any], node: str, lang: str) -> str:
    space = next(s for s in view["spaces"] if s["id"] == node)
    kind = space["colour"] or space["type"]
    return f"{node} ({_t(lang, 'kind_' + kind)})"


def _describe_move(move: actions.Move, view: dict[str, Any], lang: str) -> str:
    a, b = move
    here = view["explorers"][view["current"]]
    if b == here:
        a, b = b, a
    trail = _trail(view, move.trail)
    how = _t(lang, "how_unexplored")
    if trail is not None:
        if view["current"] in trail["pathways"]:
            how = _t(lang, "how_pathway")
        if trail["river"]:
            how += _t(lang, "how_river")
            if trail["token_up"]:
                how += _t(lang, "how_token")
    return _t(lang, "act_move", a=a, b=_space_name(view, b, lang), how=how)


def _describe_stop(view: dict[str, Any], lang: str) -> str:
    here = view["explorers"][view["current"]]
    return _t(lang, "act_stop", space=_space_name(view, here, lang))


def _describe_explore(view: dict[str, Any], lang: str) -> str:
    here = view["explorers"][view["current"]]
    return _t(lang, "act_explore", space=_space_name(view, here, lang))


def _describe_pair(key: str) -> Callable[[actions.Pair, dict[str, Any], str], str]:
    def describe(pair: actions.Pair, view: dict[str, Any], lang: str) -> str:
        return _t(lang, key, a=pair.a, b=pair.b)

    return describe


def _describe_space(key: str) -> Callable[[actions.Space, dict[str, Any], str], str]:
    def describe(space: actions.Space, view: dict[str, Any], lang: str) -> str:
        return _t(lang, key, space=_space_name(view, space.space, lang))

    return describe


def _describe_done(view: dict[str, Any], lang: str) -> str:
    decision = view.get("decision") or {}
    return _t(lang, "act_done_place" if decision.get("type") == "place" else "act_done")


def _describe_flip(flip: actions.Flip, view: dict[str, Any], lang: str) -> str:
    up = flip.token in view["tokens_up"]
    state = _t(lang, "token_up_to_down" if up else "token_down_to_up")
    return _t(lang, "act_flip", token=flip.token, trail=_token_trail(view, flip.token), state=state)


def _token_trail(view: dict[str, Any], token: str) -> str:
    """The river a toolbox token lies on (``R5–T8``): the map draws tokens without names."""
    trail = next((t for t in view["trails"] if t["token"] == token), None)
    return "?" if trail is None else f"{trail['a']}–{trail['b']}"


def _tokens_up(view: dict[str, Any], lang: str) -> str:
    """The face-up tokens, each with its river: ``TB1 (R1–T1), TB4 (R5–T8)``."""
    tokens = [f"{token} ({_token_trail(view, token)})" for token in view["tokens_up"]]
    return ", ".join(tokens) or _t(lang, "none")


def _describe_keep(keep: actions.Keep, view: dict[str, Any], lang: str) -> str:
    return _t(lang, "act_keep", tile=keep.code, effect=tile_effect(keep.code, lang))


def _describe_pick(pick: actions.Pick, view: dict[str, Any], lang: str) -> str:
    level = str(pick.level)
    decision = view.get("decision") or {}
    space = next((s for s in view["spaces"] if s["id"] == decision.get("space")), None)
    seen = ""
    if space is not None:
        code = space["seen"].get(level) or (
            space["top"] if space["levels"] and str(space["levels"][-1]) == level else None
        )
        if code:
            seen = f": {code} ({tile_effect(code, lang)})"
    return _t(lang, "act_pick", level=level, seen=seen)


def _describe_step(step: actions.Step, view: dict[str, Any], lang: str) -> str:
    branch = _t(lang, f"branch_{step.branch}")
    if step.level == 0:
        return _t(lang, "act_step_start", branch=branch)
    return _t(lang, "act_step_up", branch=branch, level=step.level, next=step.level + 1)


def _describe_ivory(use: actions.UseIvory, view: dict[str, Any], lang: str) -> str:
    return _t(lang, "act_use_ivory", tile=use.code, effect=tile_effect(use.code, lang))


def _describe_tool(use: actions.UseTool, view: dict[str, Any], lang: str) -> str:
    key = f"tool_{use.branch}_{use.level}" + (f"_{use.choice}" if use.choice else "")
    return _t(
        lang,
        "act_use",
        branch=_t(lang, f"branch_{use.branch}"),
        level=str(use.level),
        effect=_t(lang, key),
    )


_DESCRIBERS: dict[type, Callable[[Any, dict[str, Any], str], str]] = {
    actions.Move: _describe_move,
    actions.Path: _describe_pair("act_path"),
    actions.Lift: _describe_pair("act_lift"),
    actions.Jump: _describe_space("act_jump"),
    actions.Start: _describe_space("act_start"),
    actions.Target: _describe_space("act_target"),
    actions.Flip: _describe_flip,
    actions.Keep: _describe_keep,
    actions.Pick: _describe_pick,
    actions.Step: _describe_step,
    actions.UseTool: _describe_tool,
    actions.UseIvory: _describe_ivory,
}
"""Describers of the actions with arguments, by the kind of their arguments."""
_PLAIN: dict[str, Callable[[dict[str, Any], str], str]] = {
    "stop": _describe_stop,
    "explore": _describe_explore,
    "done": _describe_done,
}
"""Describers of the actions without arguments; the rest are one fixed message."""


def tile_effect(code: str, lang: str) -> str:
    """The effect text of a tile code (``I2-b``, ``P3-g``); blue tiles are their value."""
    if code.startswith("I"):
        return _t(lang, code)
    if code.startswith("P"):
        return _t(lang, f"P-{code[-1]}")
    return code


# -- results and transcript ---------------------------------------------------------------


def result_rows(view: dict[str, Any], lang: str) -> tuple[list[str], list[list[str]]]:
    headers = [
        _t(lang, key)
        for key in (
            "seat",
            "colour",
            "score",
            "coins",
            "blue",
            "relic_bonus",
            "ivory_bonus",
            "relic_count",
            "winner",
        )
    ]
    rows = []
    parts = view["score_parts"] or [{} for _ in range(view["players"])]
    scores = view["scores"] or [0] * view["players"]
    for seat in range(view["players"]):
        info = view["seats"][seat]
        part = parts[seat]
        rows.append(
            [
                player_name(seat, lang),
                _t(lang, f"colour_{info['colour']}"),
                str(scores[seat]),
                str(part.get("coins", "")),
                str(part.get("blue", "")),
                str(part.get("relics", "")),
                str(part.get("ivory", "")),
                str(sum(info["relics"].values())),
                _t(lang, "yes") if seat in (view["winners"] or []) else "",
            ]
        )
    return headers, rows


def transcript(view: dict[str, Any], lang: str, names: Sequence[str] | None = None) -> list[str]:
    """The public history as sentences, each turn's end with the reason it ended.

    ``names`` (one per seat) replaces the plain ``Player N`` in the sentences."""
    lines = []
    turn: list[dict[str, Any]] = []
    for event in view["history"]:
        if event["type"] == "turn":
            turn = []
        turn.append(event)
        line = (
            _turn_end(turn, lang, names)
            if event["type"] == "end"
            else describe_event(event, view, lang, names)
        )
        if line:
            lines.append(line)
    return lines


def _turn_end(turn: list[dict[str, Any]], lang: str, names: Sequence[str] | None) -> str:
    """Why a turn ended: the camp, a teleport, or the player's own choice."""
    player = player_name(turn[-1]["seat"], lang, names)
    if any(event["type"] == "teleport" for event in turn):
        return _t(lang, "ev_end_teleport", player=player)
    moves = [event for event in turn if event["type"] == "move"]
    if moves and moves[-1]["route"] and moves[-1]["route"][-1] == "CAMP":
        return _t(lang, "ev_end_camp", player=player)
    return _t(lang, "ev_end", player=player)


def describe_event(
    event: dict[str, Any], view: dict[str, Any], lang: str, names: Sequence[str] | None = None
) -> str:
    kind = event["type"]
    params: dict[str, Any] = {}
    if "seat" in event:
        params["player"] = player_name(event["seat"], lang, names)
    if kind == "end":
        return ""
    if kind == "move":
        params["route"] = " → ".join(event["route"])
    elif kind == "jump":
        params.update(a=event["from"], b=event["to"])
    elif kind == "tokens":
        params["tokens"] = ", ".join(event["tokens"])
    elif kind in ("relic", "shrine"):
        params.update(space=event["space"], relic=_t(lang, f"relic_{event['relic']}"))
        params["trails"] = event.get("trails", 0)
    elif kind in ("coins", "rations"):
        params.update(amount=event["amount"], reason=_t(lang, f"reason_{event['reason']}"))
    elif kind in ("relocate", "pathway"):
        trails = [t["id"] for t in view["trails"]]
        params.update(trail=trails[event["trail"]], b=trails[event["trail"]])
        if kind == "relocate":
            params["a"] = trails[event["from_trail"]]
    elif kind == "keep":
        params.update(tile=event["tile"], dropped=event["discarded"])
    elif kind == "flip":
        params.update(token=event["token"], state=_t(lang, "up" if event["up"] else "down"))
    elif kind == "use-ivory":
        params["tile"] = event["code"]
        kind = "use_ivory"
    elif kind == "final-round":
        kind = "final"
    elif kind == "no-progress":
        params["rounds"] = event["rounds"]
        kind = "no_progress"
    for key in ("space", "tile", "level", "turn", "toolbox", "turns"):
        if key in event and key not in params:
            params[key] = event[key]
    return _t(lang, f"ev_{kind}", **params)


ACTION_VERBS = (
    "move",
    "stop",
    "explore",
    "end",
    "done",
    "path",
    "lift",
    "jump",
    "start",
    "target",
    "flip",
    "keep",
    "pick",
    "step",
    "use",
)
"""The words actions start with; each language names them in its catalog (``verb-...``)."""


def action_words(lang: str) -> dict[str, str]:
    """How ``lang`` shows (and lets people type) each action's first word."""
    return {verb: _t(lang, f"verb-{verb}") for verb in ACTION_VERBS}


def alias_summary(lang: str, legal: Sequence[str] = (), view: dict[str, Any] | None = None) -> str:
    """How to type an action at the prompt, in ``lang``, with examples from ``legal``."""
    words = action_words(lang)

    def shown(text: str) -> str:
        verb, space, rest = text.partition(" ")
        return words.get(verb, verb) + space + rest

    for text in legal:
        if not text.startswith("move ") or view is None:
            continue
        for end in text.split()[-1].split("-"):
            if resolve_typed(end, legal, view) == text:
                return _t(lang, "aliases-move", move=shown(text), space=end)
    if not legal:
        return _t(lang, "aliases-any")
    return _t(lang, "aliases-one" if len(legal) == 1 else "aliases", example=shown(legal[0]))


MOVE_WORDS = ("move", "jdi", "jít", "pohyb")
"""Words that may start a move typed at the prompt, in every language."""


def resolve_typed(typed: str, legal: Sequence[str], view: dict[str, Any]) -> str | None:
    """The legal action a short form means, or None: ``R1`` and ``move r1`` for the only
    move that ends at R1, ``move R1-CAMP`` for ``move CAMP-R1``.

    A destination that two legal moves reach (two trails to one space) means neither, so
    nothing is chosen by guess.
    """
    words = typed.split()
    if words and words[0].casefold() in MOVE_WORDS:
        words = words[1:]
    if len(words) != 1:
        return None
    named = [part.upper() for part in words[0].split("-")]
    if len(named) > 2 or not all(named):
        return None
    here = view["explorers"][view["current"]] if view.get("current") is not None else None
    found = []
    for text in legal:
        verb, _, trail = text.partition(" ")
        ends = trail.split("-")
        if verb != "move" or len(ends) != 2:
            continue
        if sorted(ends) == sorted(named) or (len(named) == 1 and _leads_to(ends, here, named[0])):
            found.append(text)
    if not found and len(named) == 1 and len(typed.split()) == 1:
        # a space alone also names the only start, jump or target there
        found = [text for text in legal if text.split()[-1] == named[0] and " " in text]
    return found[0] if len(found) == 1 else None


def _leads_to(ends: list[str], here: str | None, destination: str) -> bool:
    """Whether a trail with ``ends`` takes an explorer standing ``here`` to ``destination``."""
    if destination not in ends or destination == here:
        return False
    return here is None or here in ends


def rules_summary(lang: str) -> str:
    """The rules in brief, for ``relicbox rules`` and the ``?`` screen."""
    return _t(lang, "rules")


def board(view: dict[str, Any], lang: str) -> str:
    """The full-screen table's board pane: the map, its legend, then every space."""
    lines = [_header(view, lang), ""]
    lines.extend(draw_map(view))
    lines.append(_t(lang, "legend"))
    lines.append("")
    lines.extend(_space_table(view, lang))
    lines.append("")
    lines.append(
        _t(lang, "relics_line", collected=view["relics_collected"], needed=view["relics_to_end"])
    )
    lines.append(_t(lang, "camp_rations", count=view["camp_rations"]))
    lines.append(_t(lang, "tokens_line", tokens=_tokens_up(view, lang)))
    for seat in range(view["players"]):
        if seat != view.get("seat"):
            lines.append("")
            lines.extend(player_board(view, seat, lang))
    return "\n".join(lines)


def own_panel(view: dict[str, Any], lang: str, width: int | None = None) -> str:
    """The deciding seat's own board, what this turn has done so far, and what is asked.

    Given a ``width`` under the board's, each fact takes a line of its own.
    """
    seat = view.get("seat")
    narrow = width is not None and width < NARROW_PANEL
    lines = [] if seat is None else player_board(view, seat, lang, narrow=narrow)
    lines.extend(_turn_lines(view, lang))
    return "\n".join(lines)


def _turn_lines(view: dict[str, Any], lang: str) -> list[str]:
    """This turn so far, the expedition hint when it applies, and what is asked now."""
    lines = [_this_turn(view, lang)]
    hint = _expedition_hint(view, lang)
    if hint:
        lines.append(hint)
    decision = _decision_line(view, lang)
    if decision:
        lines.append(f"[bold]{decision}[/]")
    return lines


def _expedition_hint(view: dict[str, Any], lang: str) -> str:
    """When the turn began on a relic: where an expedition can end, and what it pays."""
    turn = view.get("this_turn") or {}
    relic = turn.get("start_relic")
    if relic is None or view.get("seat") != view.get("current"):
        return ""
    targets = [
        space["id"]
        for space in view["spaces"]
        if space["relic"] == relic and space["id"] != turn.get("start")
    ]
    if not targets:
        return ""
    return _t(
        lang,
        "expedition_hint",
        relic=_t(lang, f"relic_{relic}"),
        spaces=", ".join(targets),
    )
