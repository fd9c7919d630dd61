"""The boards' Fluent catalogs: valid, the same messages in English and Czech, every message
a board asks for present, real Czech plural forms where a count is shown."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fluent.runtime import FluentBundle, FluentResource
from fluent.syntax import FluentParser, ast

from relicbox.i18n import LOCALES_DIR


def tr(lang: str, message_id: str, **args: object) -> str:
    """A board message formatted by Fluent itself from the browser-only board catalogs."""
    bundle = FluentBundle([lang], use_isolating=False)
    for path in sorted((LOCALES_DIR / lang).glob("web-board*.ftl")):
        bundle.add_resource(FluentResource(path.read_text(encoding="utf-8")))
    text, errors = bundle.format_pattern(bundle.get_message(message_id).value, args)
    assert not errors, errors
    return str(text)


ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "src" / "relicbox" / "locales"
BOARDS = ROOT / "src" / "relicbox" / "server" / "static" / "boards"
FILES = [
    "web-boards.ftl",
    "web-board-diamant.ftl",
    "web-board-tschak.ftl",
    "web-board-relic-runners.ftl",
]


def _ids(lang: str, name: str) -> set[str]:
    resource = FluentParser().parse((LOCALES / lang / name).read_text(encoding="utf-8"))
    junk = [entry.content for entry in resource.body if isinstance(entry, ast.Junk)]
    assert junk == [], f"{lang}/{name} has text Fluent cannot read: {junk}"
    return {entry.id.name for entry in resource.body if isinstance(entry, ast.Message)}


@pytest.mark.parametrize("name", FILES)
def test_english_and_czech_have_the_same_messages(name: str) -> None:
    english = _ids("en", name)
    assert english
    assert _ids("cs", name) == english


def _literals() -> tuple[set[str], set[str]]:
    """Ids passed straight to ``t("...")``, and every string literal in the board modules."""
    called: set[str] = set()
    literals: set[str] = set()
    for path in BOARDS.glob("*.js"):
        text = path.read_text(encoding="utf-8")
        called |= set(re.findall(r'\bt\(\s*"([a-z][a-z0-9-]*)"', text))
        literals |= set(re.findall(r'"([a-z][a-z0-9-]*)"', text))
        # Two ids are built from the action's text: diamant-continue and diamant-leave.
        if "`diamant-${text}`" in text:
            literals |= {"diamant-continue", "diamant-leave"}
    return called, literals


def test_every_message_a_board_asks_for_exists_and_every_message_is_used() -> None:
    defined = set().union(*(_ids("en", name) for name in FILES))
    called, literals = _literals()
    assert called
    assert called - defined == set()
    assert defined - literals == set()


@pytest.mark.parametrize(
    ("message", "args", "expected"),
    [
        ("diamant-deck", {"count": 1}, "V balíčku je 1 karta"),
        ("diamant-deck", {"count": 3}, "V balíčku jsou 3 karty"),
        ("diamant-deck", {"count": 27}, "V balíčku je 27 karet"),
        ("diamant-pocket", {"gems": 4}, "u sebe 4 rubíny"),
        ("diamant-pocket", {"gems": 5}, "u sebe 5 rubínů"),
        ("tschak-gold", {"gold": 2}, "2 zlaté mince"),
        ("tschak-gold", {"gold": 6}, "6 zlatých mincí"),
        ("rr-pathways-left", {"count": 1}, "zbývá 1 stezka"),
        ("rr-pathways-left", {"count": 3}, "zbývají 3 stezky"),
        ("rr-pathways-left", {"count": 9}, "zbývá 9 stezek"),
    ],
)
def test_czech_plural_forms(message: str, args: dict[str, int], expected: str) -> None:
    assert tr("cs", message, **args) == expected


def test_english_plural_and_select_forms() -> None:
    assert tr("en", "diamant-path-gems", gems=0) == "No rubies lie on the path."
    assert tr("en", "diamant-path-gems", gems=1) == "1 ruby lies on the path."
    assert tr("en", "tschak-why-clash", cls="dwarf", card="D3a") == (
        "your party already has a dwarf (D3a)"
    )
