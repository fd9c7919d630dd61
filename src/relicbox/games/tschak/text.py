"""How a Tschak! view reads in a terminal: tower, hand, floor, results, transcript.

Implements :class:`relicbox.core.agents.TextRenderer`. Strings carry rich-style
markup (``[bold]``, ``[blue]``); the terminal layer interprets it. Every
sentence comes from the catalogs in ``locales/<lang>/tschak.ftl``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from relicbox.core.i18n import message
from relicbox.games.tschak.data import KIND_BY_CODE, Kind, tower_card
from relicbox.games.tschak.rules import ACTION_SPACE, Play

COLOURS = {Kind.WIZARD: "blue", Kind.WARRIOR: "green", Kind.DWARF: "red", Kind.ARTIFACT: "magenta"}
MONSTER_STYLE = "bold red"
TREASURE_STYLE = "yellow"


def _t(lang: str, key: str, **params: Any) -> str:
    return message(lang, "tschak-" + key, **params)


def player_name(seat: int | None, lang: str, names: Sequence[str] | None = None) -> str:
    """``names[seat]`` if the caller labels seats (``Player 3 (bot:rule)``), else ``Player 3``."""
    if seat is None:
        return _t(lang, "board")
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return _t(lang, "player", seat=seat + 1)


def card_name(code: str, lang: str) -> str:
    """A readable name for an adventurer, monster or treasure code."""
    kind = KIND_BY_CODE.get(code)
    if kind is not None:
        if kind.kind is Kind.ARTIFACT:
            return _t(lang, "artifact")
        if kind.chameleon:
            return _t(lang, "chameleon")
        key = {Kind.WIZARD: "wizard", Kind.WARRIOR: "warrior", Kind.DWARF: "dwarf"}[kind.kind]
        if kind.icon:
            key += "_wand" if kind.kind is Kind.WIZARD else "_axe"
        return _t(lang, key, value=kind.value)
    card = tower_card(code)
    if card is None:
        return code
    return _t(lang, card.kind.value, skulls=card.value, coins=card.value)


def card_markup(code: str) -> str:
    """An adventurer code in its background's colour."""
    kind = KIND_BY_CODE.get(code)
    if kind is None:
        return code
    return f"[{COLOURS[kind.kind]}]{code}[/]"


def tower_markup(code: str | None, lang: str) -> str:
    if code is None:
        return "?"
    card = tower_card(code)
    style = MONSTER_STYLE if card is not None and card.is_monster else TREASURE_STYLE
    return f"[{style}]{card_name(code, lang)}[/]"


def cards_markup(codes: list[str]) -> str:
    return " ".join(card_markup(code) for code in codes)


def hand_by_colour(codes: list[str]) -> str:
    """The hand grouped by background: wizards, warriors, dwarves, artifact."""
    groups: dict[Kind, list[str]] = {kind: [] for kind in Kind}
    for code in codes:
        groups[KIND_BY_CODE[code].kind].append(code)
    return "   ".join(cards_markup(group) for group in groups.values() if group)


# -- the board -----------------------------------------------------------------------


def render(view: dict[str, Any], lang: str) -> str:
    lines = [_header(view, lang), ""]
    lines += _tower_lines(view, lang)
    lines.append(_t(lang, "loot_piles", piles=" · ".join(str(p) for p in view["loot"])))
    lines.append(_t(lang, "decks", **view["decks"]))
    order = " → ".join(player_name(seat, lang) for seat in view["cycle"])
    lines.append(_t(lang, "passing", order=order))
    lines.append("")
    lines += _seat_lines(view, lang)
    lines += _own_lines(view, lang)
    last = _last_floor_lines(view, lang)
    if last:
        lines += ["", *last]
    return "\n".join(lines)


def _header(view: dict[str, Any], lang: str) -> str:
    head = f"[bold]{_t(lang, 'tower', tower=view['tower'], towers=view['towers'])}[/]"
    if view["phase"] == "play":
        need = view["need"]
        step = _t(lang, "choose_one") if need == 1 else _t(lang, "choose_many", need=need)
        return f"{head} · {_t(lang, 'floor', floor=view['floor'])} · {step}"
    return f"{head} · {_t(lang, 'phase_' + view['phase'])}"


def _tower_lines(view: dict[str, Any], lang: str) -> list[str]:
    lines = []
    for floor in reversed(view["floors"]):
        marker = "[bold cyan]▶[/]" if view["floor"] == floor["floor"] else " "
        monster = tower_markup(floor["monster"], lang)
        treasure = tower_markup(floor["treasure"], lang)
        if floor["monster_to"] is not None:
            monster += " " + _t(lang, "won_by", who=player_name(floor["monster_to"], lang))
            treasure += " " + _t(lang, "won_by", who=player_name(floor["treasure_to"], lang))
        label = _t(lang, "floor_label", floor=floor["floor"])
        lines.append(f"{marker} {label}:  {monster}  |  {treasure}")
    return lines


def _seat_lines(view: dict[str, Any], lang: str) -> list[str]:
    """One line per seat, short enough for 80 columns: a face-down card means the seat is ready."""
    lines = []
    for seat in range(view["players"]):
        won = view["won"][seat]
        marker = "[bold cyan]▶[/]" if seat == view["seat"] else " "
        parts = [
            f"{marker} {player_name(seat, lang):<8}",
            _t(lang, "gold", gold=view["gold"][seat]),
            _t(lang, "won_cards", monsters=len(won["monsters"]), treasures=len(won["treasures"])),
        ]
        if view["phase"] == "play":
            party = cards_markup(view["revealed"][seat])
            if view["committed"][seat]:
                hidden = _t(lang, "face_down", count=view["committed"][seat])
                party = f"{party} + {hidden}" if party else hidden
            parts.append(f"{_t(lang, 'party')}: {party or '—'}")
            if seat in view["to_act"]:
                parts.append(_t(lang, "waiting"))
        lines.append("  ".join(parts))
    return lines


def _own_lines(view: dict[str, Any], lang: str) -> list[str]:
    if view["seat"] is None or view["hand"] is None:
        return []
    lines = ["", f"[bold]{_t(lang, 'your_hand')}:[/] {hand_by_colour(view['hand'])}"]
    if view["picks"]:
        lines.append(f"{_t(lang, 'your_picks')}: {cards_markup(view['picks'])}")
    won = view["won"][view["seat"]]
    if won["monsters"] or won["treasures"]:
        cards = [tower_markup(c, lang) for c in won["monsters"] + won["treasures"]]
        lines.append(f"{_t(lang, 'your_won')}: " + ", ".join(cards))
    return lines


def _last_floor_lines(view: dict[str, Any], lang: str) -> list[str]:
    floors = [e for e in view["history"] if e["type"] in ("floor", "loot")]
    if not floors:
        return []
    event = floors[-1]
    if event["type"] == "loot":
        return [describe_event(event, lang)]
    lines = [_t(lang, "last_floor", tower=event["tower"], floor=event["floor"])]
    for seat, party in enumerate(event["parties"]):
        lines.append(
            "  "
            + _t(
                lang,
                "party_line",
                who=player_name(seat, lang),
                cards=cards_markup(party) + _chameleon_note(event["parties"], seat),
                strength=event["strengths"][seat],
            )
        )
    lines.append("  " + _took(event, lang))
    lines.extend("  " + tie for tie in tie_lines(event, lang))
    return lines


def _took(event: dict[str, Any], lang: str) -> str:
    return _t(
        lang,
        "took",
        monster=tower_markup(event["monster"], lang),
        loser=player_name(event["monster_to"], lang),
        treasure=tower_markup(event["treasure"], lang),
        winner=player_name(event["treasure_to"], lang),
    )


# -- actions and results ------------------------------------------------------------------


def describe_action(action: str, view: dict[str, Any], lang: str) -> str:
    return card_name(ACTION_SPACE.from_text(action).args_as(Play).code, lang)


RESULT_COLUMNS = (
    ("col_gold", "gold"),
    ("col_chests", "chests"),
    ("col_rings", "rings"),
    ("col_cursed", "cursed"),
    ("col_trophy", "trophy"),
    ("col_monsters", "monsters"),
    ("col_trogs", "troglodytes"),
)


def result_rows(view: dict[str, Any], lang: str) -> tuple[list[str], list[list[str]]]:
    headers = [_t(lang, "seat")] + [_t(lang, key) for key, _ in RESULT_COLUMNS]
    headers += [_t(lang, "col_elixir"), _t(lang, "col_total"), _t(lang, "col_winner")]
    rows = []
    for seat, row in enumerate(view["breakdown"] or []):
        removed = row["elixir"]
        rows.append(
            [player_name(seat, lang)]
            + [
                f"{row[field]:+d}" if field != "gold" else str(row[field])
                for _, field in RESULT_COLUMNS
            ]
            + [
                "" if removed is None else removed,
                str(row["total"]),
                _t(lang, "yes") if seat in (view["winners"] or []) else "",
            ]
        )
    return headers, rows


# -- transcript ----------------------------------------------------------------------------


def transcript(view: dict[str, Any], lang: str, names: Sequence[str] | None = None) -> list[str]:
    """The public history as sentences, one per event (results come from ``result_rows``).

    ``names`` (one per seat) replaces the plain ``Player N`` in the sentences."""
    return [describe_event(event, lang, names) for event in view["history"]]


def finished_rounds(
    view: dict[str, Any], lang: str, names: Sequence[str] | None = None
) -> list[list[str]]:
    """Each tower that has been played out (its floors and its loot), oldest first."""
    towers: list[list[str]] = []
    current: list[str] = []
    for event in view["history"]:
        if event["type"] == "tower":
            current = []
        current.append(describe_event(event, lang, names))
        if event["type"] == "loot":
            towers.append(current)
    return towers


def describe_event(event: dict[str, Any], lang: str, names: Sequence[str] | None = None) -> str:
    kind = event["type"]
    if kind == "tower":
        floors = "; ".join(
            _t(
                lang,
                "ev_tower_floor",
                floor=i + 1,
                monster=card_name(m, lang),
                treasure=card_name(t, lang),
            )
            for i, (m, t) in enumerate(zip(event["monsters"], event["treasures"], strict=True))
        )
        return _t(lang, "ev_tower", tower=event["tower"], floors=floors)
    if kind == "floor":
        parties = "; ".join(
            f"{player_name(s, lang, names)} {' '.join(shown_party(event['parties'], s))}"
            f" = {event['strengths'][s]}"
            for s, party in enumerate(event["parties"])
        )
        took = _t(
            lang,
            "took",
            monster=card_name(event["monster"], lang),
            loser=player_name(event["monster_to"], lang, names),
            treasure=card_name(event["treasure"], lang),
            winner=player_name(event["treasure_to"], lang, names),
        )
        line = _t(
            lang, "ev_floor", tower=event["tower"], floor=event["floor"], parties=parties, took=took
        )
        ties = tie_lines(event, lang, names)
        return " ".join([line, *ties])
    entries = [
        _t(lang, "loot_entry", who=player_name(s, lang, names), card=card, gold=gold)
        for s, (card, gold) in enumerate(zip(event["cards"], event["gold"], strict=True))
    ]
    if not any(event["gold"]):
        entries.append(_t(lang, "ev_no_loot"))
    return _t(lang, "ev_loot", tower=event["tower"], lines=", ".join(entries))


ACTION_VERBS = ("play",)
"""The words actions start with; each language names them in its catalog (``verb-...``)."""


def action_words(lang: str) -> dict[str, str]:
    """How ``lang`` shows (and lets people type) each action's first word."""
    return {verb: _t(lang, f"verb-{verb}") for verb in ACTION_VERBS}


def alias_summary(lang: str, legal: Sequence[str] = (), view: dict[str, Any] | None = None) -> str:
    """How to type an action at the prompt, in ``lang`` (the same whatever ``legal`` holds)."""
    return _t(lang, "aliases")


def rules_summary(lang: str) -> str:
    """The rules in brief, for ``relicbox rules`` and the ``?`` screen."""
    return _t(lang, "rules")


def board(view: dict[str, Any], lang: str, compact: bool = False) -> str:
    """The full-screen table's board pane: tower, loot, every seat and the last floor.

    ``compact`` (a small terminal) leaves out the last floor, which the log's newest event
    already tells, so the tower and every seat fit 80x24 even at five players.
    """
    lines = [_header(view, lang) + " · " + _t(lang, "loot_short", piles=_piles(view))]
    lines += _tower_lines(view, lang)
    lines += _seat_lines(view, lang)
    last = [] if compact else _last_floor_lines(view, lang)
    if last:
        lines += ["", *last]
    order = " → ".join(player_name(seat, lang) for seat in view["cycle"])
    lines.append(_t(lang, "decks", **view["decks"]))
    lines.append(_t(lang, "passing_short" if compact else "passing", order=order))
    return "\n".join(lines)


def _piles(view: dict[str, Any]) -> str:
    return " · ".join(str(pile) for pile in view["loot"])


def own_panel(view: dict[str, Any], lang: str) -> str:
    """The deciding seat's hand, face-down picks and winnings."""
    return "\n".join(line for line in _own_lines(view, lang) if line.strip())


# -- chameleons and ties, explained ------------------------------------------------------


def chameleon_value(parties: list[list[str]], seat: int) -> int:
    """What a chameleon in ``seat``'s party copied: the strongest valued wizard of the others."""
    values = [
        int(card[1])
        for other, party in enumerate(parties)
        if other != seat
        for card in party
        if card.startswith("W") and card[1:2].isdigit()
    ]
    return max(values, default=0)


def shown_party(parties: list[list[str]], seat: int) -> list[str]:
    """The party's codes with each chameleon showing the value it copied (``W?=4``)."""
    copied = chameleon_value(parties, seat)
    return [f"W?={copied}" if card == "W?" else card for card in parties[seat]]


def _chameleon_note(parties: list[list[str]], seat: int) -> str:
    return f" (W?={chameleon_value(parties, seat)})" if "W?" in parties[seat] else ""


def _character_key(party: list[str], kind: str) -> tuple[int, int]:
    """Tie-break rank of the party's card of ``kind`` (W, R, D): value, then its bonus."""
    for card in party:
        if card.startswith(kind):
            if card == "W?":
                return (0, 0)  # a chameleon is always the lowest wizard
            value = int(card[1])
            return (value, 1 if card[2:] in ("*", "+", "a") else 0)
    return (-1, 0)


_TIE_REASONS = (
    ("W", "tie_wizard", "tie_wand"),
    ("R", "tie_warrior", "tie_axe"),
    ("D", "tie_dwarf", "tie_dwarf_axe"),
)


def _tie_reason(winner: list[str], loser: list[str]) -> str | None:
    for kind, higher, bonus in _TIE_REASONS:
        a, b = _character_key(winner, kind), _character_key(loser, kind)
        if a != b:
            return higher if a[0] != b[0] else bonus
    return None


def tie_lines(event: dict[str, Any], lang: str, names: Sequence[str] | None = None) -> list[str]:
    """One sentence for each end of the floor that equal strengths decided by the hierarchy."""
    strengths, parties = event["strengths"], event["parties"]
    lines = []
    for taker, key in (
        (event["treasure_to"], "tie_treasure"),
        (event["monster_to"], "tie_monster"),
    ):
        rivals = [
            seat
            for seat in range(len(parties))
            if seat != taker and strengths[seat] == strengths[taker]
        ]
        if not rivals:
            continue
        rival = rivals[0]
        # the treasure goes to the party that wins the tie, the monster to the one that loses it
        better, worse = (taker, rival) if key == "tie_treasure" else (rival, taker)
        reason = _tie_reason(parties[better], parties[worse])
        if reason is None:
            continue
        lines.append(
            _t(
                lang,
                key,
                strength=strengths[taker],
                player=player_name(taker, lang, names),
                rival=player_name(rival, lang, names),
                reason=_t(lang, reason),
            )
        )
    return lines
