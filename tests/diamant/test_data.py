"""Diamant's card table against the components listed in the project's rules page."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from relicbox.games.diamant import rules
from relicbox.games.diamant.data import (
    BASE_RELIC_VALUES,
    CARDS,
    RELIC_IDS,
    TRAP_IDS,
    TREASURE_IDS,
    Kind,
    variant_code,
)

RULES_PAGE = Path(__file__).parents[2] / "docs" / "rules" / "diamant.md"


def _numbers_after(phrase: str) -> list[int]:
    """The numbers listed after ``phrase`` on the rules page, up to the next period."""
    text = " ".join(RULES_PAGE.read_text(encoding="utf-8").split())
    listed = text[text.index(phrase) + len(phrase) :].split(".")[0]
    return [int(n) for n in re.findall(r"\d+", listed.split("(")[0])]


def test_the_treasures_are_the_ones_the_rules_page_lists():
    rubies = sorted(CARDS[i].rubies for i in TREASURE_IDS)
    assert rubies == _numbers_after("15 treasures, showing")
    assert sum(rubies) == 124
    assert all(CARDS[i].code == f"T{CARDS[i].rubies}" for i in TREASURE_IDS)


def test_three_traps_of_each_of_five_kinds():
    kinds = Counter(CARDS[i].trap for i in TRAP_IDS)
    assert kinds == {kind: 3 for kind in ("spiders", "snakes", "lava", "boulders", "rams")}
    assert all(CARDS[i].code == CARDS[i].trap and CARDS[i].rubies == 0 for i in TRAP_IDS)


def test_five_relics_printed_with_the_pages_values_and_scored_by_rescue_order():
    printed = [CARDS[i].printed_value for i in RELIC_IDS]
    assert printed == _numbers_after("5 relics, printed")
    assert [variant_code(CARDS[i]) for i in RELIC_IDS] == [f"R{v}" for v in printed]
    assert {CARDS[i].code for i in RELIC_IDS} == {"R"}
    assert BASE_RELIC_VALUES == (5, 5, 5, 10, 10)


def test_card_ids_are_positions_and_every_card_has_one_kind():
    assert [card.id for card in CARDS] == list(range(35))
    assert Counter(card.kind for card in CARDS) == {Kind.TREASURE: 15, Kind.TRAP: 15, Kind.RELIC: 5}
    assert sorted(TREASURE_IDS + TRAP_IDS + RELIC_IDS) == list(range(35))


def test_the_action_space_is_continue_then_leave_with_the_documented_aliases():
    space = rules.ACTION_SPACE
    assert [a.text for a in space] == ["continue", "leave"]
    for alias, meant in (
        ("c", "continue"),
        ("stay", "continue"),
        ("l", "leave"),
        ("exit", "leave"),
    ):
        assert space.from_text(alias).text == meant
