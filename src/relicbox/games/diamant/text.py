"""How a Diamant view reads in a terminal: the board, action labels, results, transcript.

Strings carry rich-style markup (``[bold]``); the terminal layer interprets it.
"""

from __future__ import annotations

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


def player_name(seat: int, lang: str) -> str:
    return _t(lang, "player", seat=seat + 1)


def render(view: dict[str, Any], lang: str) -> str:
    lines = [
        f"[bold]{_t(lang, 'round', round=view['round'], rounds=view['rounds'])}[/]   "
        + _t(lang, "deck", size=view["deck_size"])
        + "   "
        + _t(lang, "barricades", tiles=_barricades(view))
        + _relic_note(view, lang),
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


def transcript(view: dict[str, Any], lang: str) -> list[str]:
    """The public history as sentences, one per event worth reading."""
    lines = []
    for event in view["history"]:
        line = describe_event(event, lang)
        if line:
            lines.append(line)
    return lines


def _seats(seats: list[int], lang: str) -> str:
    return ", ".join(player_name(s, lang) for s in seats) if seats else _t(lang, "nobody")


def describe_event(event: dict[str, Any], lang: str) -> str:
    kind = event["type"]
    if kind == "round":
        return _t(lang, "ev_round", round=event["round"])
    if kind == "reveal":
        card = card_name(event["card"], lang)
        if event["card"].startswith("T"):
            return _t(lang, "ev_reveal_treasure", card=card, share=event["share"])
        return _t(lang, "ev_reveal", card=card)
    if kind == "choices":
        return "" if event["leavers"] else _t(lang, "ev_choices_none")
    if kind == "leave":
        relics = ""
        if event["relics"]:
            relics = _t(lang, "ev_leave_relics", relics=" ".join(event["relics"]))
        seats = _seats(event["seats"], lang)
        if not event["path_share"]:
            return _t(lang, "ev_leave_plain", seats=seats, relics=relics)
        return _t(lang, "ev_leave", seats=seats, share=event["path_share"], relics=relics)
    if event["reason"] == "trap":
        line = _t(
            lang,
            "ev_round_end_trap",
            trap=card_name(event["trap"], lang),
            busted=_seats(event["busted"], lang),
        )
    else:
        line = _t(lang, "ev_round_end_all")
    if event["lost_relics"]:
        line += ". " + _t(lang, "ev_lost_relics", relics=" ".join(event["lost_relics"]))
    return line
