"""How a Diamant view reads in a terminal: the board, action labels, results, transcript.

Strings carry rich-style markup (``[bold]``); the terminal layer interprets it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from relicbox.core.i18n import message

TRAP_STYLE = "bold red"
TREASURE_STYLE = "yellow"
RELIC_STYLE = "bold magenta"


def _t(lang: str, key: str, **params: Any) -> str:
    return message(lang, "diamant-" + key, **params)


def card_name(code: str, lang: str) -> str:
    if code.startswith("T") and code[1:].isdigit():
        return _t(lang, "card_treasure", rubies=int(code[1:]))
    if code == "R":
        return _t(lang, "card_relic")
    if code.startswith("R") and code[1:].isdigit():
        return _t(lang, "card_relic_value", value=int(code[1:]))
    return _t(lang, f"trap_{code}")


def card_markup(code: str, gems: int | None, lang: str) -> str:
    if code.startswith("T"):
        style, label = TREASURE_STYLE, f"◆{code[1:]}"
    elif code.startswith("R"):
        style, label = RELIC_STYLE, "♜" + code[1:]
    else:
        style, label = TRAP_STYLE, "✖ " + card_name(code, lang)
    left = f" ({gems})" if gems else ""
    return f"[{style}]{label}[/]{left}"


def player_name(seat: int, lang: str, names: Sequence[str] | None = None) -> str:
    """``names[seat]`` if the caller labels seats (``Player 3 (bot:rule)``), else ``Player 3``."""
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return _t(lang, "player", seat=seat + 1)


def render(view: dict[str, Any], lang: str) -> str:
    lines = [
        f"[bold]{_t(lang, 'round', round=view['round'], rounds=view['rounds'])}[/]   "
        + _t(lang, "deck", size=view["deck_size"])
        + "   "
        + _t(lang, "barricades", tiles=_barricades(view)),
        *([_relic_note(view, lang).strip()] if _relic_note(view, lang) else []),
        "",
        f"[bold]{_t(lang, 'path')}:[/] " + _path_line(view, lang),
        _t(lang, "path_gems", gems=view["path_gems"]),
    ]
    if view["traps_on_path"]:
        traps = ", ".join(card_name(t, lang) for t in view["traps_on_path"])
        lines.append(_t(lang, "traps", traps=f"[{TRAP_STYLE}]{traps}[/]"))
    if view["removed"]:
        lines.append(
            _t(lang, "removed", cards=", ".join(card_name(c, lang) for c in view["removed"]))
        )
    if view["relic_pile"]:
        lines.append(_t(lang, "relic_pile", cards=", ".join(view["relic_pile"])))
    lines.append("")
    lines.extend(_seat_lines(view, lang))
    return "\n".join(lines)


def _barricades(view: dict[str, Any]) -> str:
    """One tile per cave entrance: closed (numbered) once its round is over."""
    closed = view["rounds"] if view["phase"] == "over" else view["round"] - 1
    return " ".join(
        f"[bold]{number}[/]" if number <= closed else "·" for number in range(1, view["rounds"] + 1)
    )


def _relic_note(view: dict[str, Any], lang: str) -> str:
    value = view.get("next_relic_value")
    return "" if value is None else "   (" + _t(lang, "next_relic", value=value) + ")"


def _path_line(view: dict[str, Any], lang: str) -> str:
    if not view["path"]:
        return _t(lang, "path_empty")
    return "  ".join(card_markup(entry["card"], entry["gems"], lang) for entry in view["path"])


def _seat_lines(view: dict[str, Any], lang: str) -> list[str]:
    lines = []
    for seat in range(view["players"]):
        where = _t(lang, "inside") if view["inside"][seat] else _t(lang, "camp")
        if view["inside"][seat] and view["phase"] == "choice":
            where += ", " + (
                _t(lang, "committed") if view["committed"][seat] else _t(lang, "thinking")
            )
        chest = view["chest"] if seat == view["seat"] else None
        chest_text = _t(lang, "hidden") if chest is None else str(chest)
        if view["scores"] is not None:
            chest_text = str(view["scores"][seat])
        relics = " ".join(view["relics"][seat])
        marker = "[bold cyan]▶[/] " if seat == view["seat"] else "  "
        lines.append(
            f"{marker}{player_name(seat, lang):<9} {where:<28} "
            f"{_t(lang, 'pocket')}: {view['pockets'][seat]:>3}   "
            f"{_t(lang, 'chest')}: {chest_text:>6}   {relics}"
        )
    return lines


def describe_action(action: str, view: dict[str, Any], lang: str) -> str:
    return _t(lang, action)


def result_rows(view: dict[str, Any], lang: str) -> tuple[list[str], list[list[str]]]:
    headers = [_t(lang, "seat"), _t(lang, "score"), _t(lang, "relics"), _t(lang, "winner")]
    rows = []
    for seat in range(view["players"]):
        won = _t(lang, "yes") if seat in (view["winners"] or []) else ""
        rows.append(
            [
                player_name(seat, lang),
                str(view["scores"][seat]),
                " ".join(view["relics"][seat]),
                won,
            ]
        )
    return headers, rows


def transcript(view: dict[str, Any], lang: str, names: Sequence[str] | None = None) -> list[str]:
    """The public history as sentences, one per event worth reading.

    ``names`` (one per seat) replaces the plain ``Player N`` in the sentences."""
    lines = []
    for event in view["history"]:
        line = describe_event(event, lang, names)
        if line:
            lines.append(line)
    return lines


def finished_rounds(
    view: dict[str, Any], lang: str, names: Sequence[str] | None = None
) -> list[list[str]]:
    """Each round that has ended, as the sentences of its transcript, oldest first."""
    rounds: list[list[str]] = []
    current: list[str] = []
    for event in view["history"]:
        if event["type"] == "round":
            current = []
        line = describe_event(event, lang, names)
        if line:
            current.append(line)
        if event["type"] == "round-end":
            rounds.append(current)
    return rounds


def _seats(seats: list[int], lang: str, names: Sequence[str] | None) -> str:
    """``Player 2``, ``Player 2 and Player 3``, ``Player 2, Player 3 and Player 4``."""
    listed = [player_name(s, lang, names) for s in seats]
    if not listed:
        return _t(lang, "nobody")
    if len(listed) == 1:
        return listed[0]
    return _t(lang, "list_two", first=", ".join(listed[:-1]), last=listed[-1])


def describe_event(event: dict[str, Any], lang: str, names: Sequence[str] | None = None) -> str:
    kind = event["type"]
    if kind == "round":
        return _t(lang, "ev_round", round=event["round"])
    if kind == "reveal":
        code = event["card"]
        if code.startswith("T") and code[1:].isdigit():
            return _t(lang, "ev_reveal_treasure", rubies=int(code[1:]), share=event["share"])
        return _t(lang, "ev_reveal", card=card_name(code, lang))
    if kind == "choices":
        return "" if event["leavers"] else _t(lang, "ev_choices_none")
    if kind == "leave":
        return _leave_line(event, lang, names)
    if event["reason"] == "trap":
        line = _t(
            lang,
            "ev_round_end_trap",
            second=_t(lang, f"second_trap_{event['trap']}"),
            busted=_seats(event["busted"], lang, names),
            count=len(event["busted"]),
        )
    else:
        line = _t(lang, "ev_round_end_all")
    if event["lost_relics"]:
        line += ". " + _t(lang, "ev_lost_relics", count=len(event["lost_relics"]))
    return line


def _leave_line(event: dict[str, Any], lang: str, names: Sequence[str] | None) -> str:
    seats = _seats(event["seats"], lang, names)
    count = len(event["seats"])
    relics = " ".join(event["relics"])
    share = event["path_share"]
    if relics and share:
        return _t(
            lang,
            "ev_leave_share_relics",
            seats=seats,
            share=share,
            relics=relics,
            relic_count=len(event["relics"]),
        )
    if relics:
        return _t(
            lang, "ev_leave_relics", seats=seats, relics=relics, relic_count=len(event["relics"])
        )
    if share:
        return _t(lang, "ev_leave_share", seats=seats, count=count, share=share)
    return _t(lang, "ev_leave_plain", seats=seats, count=count)


def prompt_aliases(lang: str) -> dict[str, str]:
    """Words a person may type at the prompt for each action, in ``lang``."""
    if lang == "cs":
        return {
            "p": "continue",
            "pokračovat": "continue",
            "pokracovat": "continue",
            "dál": "continue",
            "o": "leave",
            "odejít": "leave",
            "odejit": "leave",
        }
    return {"c": "continue", "l": "leave", "stay": "continue", "go home": "leave"}


ACTION_VERBS = ("continue", "leave")
"""The words actions start with; each language names them in its catalog (``verb-...``)."""


def action_words(lang: str) -> dict[str, str]:
    """How ``lang`` shows (and lets people type) each action's first word."""
    return {verb: _t(lang, f"verb-{verb}") for verb in ACTION_VERBS}


def alias_summary(lang: str, legal: Sequence[str] = (), view: dict[str, Any] | None = None) -> str:
    """How to type an action at the prompt, in ``lang`` (the same whatever ``legal`` holds)."""
    return _t(lang, "aliases")


def rules_summary(lang: str, options: dict[str, Any] | None = None) -> str:
    """The rules in brief, for ``relicbox rules diamant`` and the ``?`` screen.

    A game of the relic variant says what its relics score, which the base rules do not.
    """
    rules = _t(lang, "rules")
    if (options or {}).get("variant") == "relics":
        rules += "\n\n" + _t(lang, "rules_relics")
    return rules
