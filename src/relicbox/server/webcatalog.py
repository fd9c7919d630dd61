"""The pages' message catalogs: ``web*.ftl`` files turned into JSON the browser can format.

The games' own catalogs come along under the ``game:`` prefix, for the log the page
writes from history entries (``static/log.js``). The browser side (``static/i18n.js``)
formats a subset of Fluent: text, variables,
and select expressions on a variable keyed by plural category (through the
browser's ``Intl.PluralRules``) or by exact value. Anything else in a ``web*.ftl``
file is refused here, so a catalog never silently shows something else.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from fluent.syntax import FluentParser, ast

from relicbox.i18n import LANGUAGES, LOCALES_DIR, locale_roots, tr

Pattern = list[Any]


def _pattern(pattern: ast.Pattern, where: str) -> Pattern:
    out: Pattern = []
    for element in pattern.elements:
        if isinstance(element, ast.TextElement):
            out.append(element.value)
            continue
        expression = element.expression
        if isinstance(expression, ast.VariableReference):
            out.append({"var": expression.id.name})
        elif isinstance(expression, ast.StringLiteral):
            out.append(expression.parse()["value"])
        elif isinstance(expression, ast.SelectExpression) and isinstance(
            expression.selector, ast.VariableReference
        ):
            variants: dict[str, Pattern] = {}
            default = None
            for variant in expression.variants:
                key = variant.key
                name = key.name if isinstance(key, ast.Identifier) else str(key.value)
                variants[name] = _pattern(variant.value, where)
                if variant.default:
                    default = name
            out.append(
                {"select": expression.selector.id.name, "variants": variants, "default": default}
            )
        else:
            raise ValueError(f"{where}: the browser catalogs support text, variables and selects")
    return out


@cache
def web_catalog(lang: str) -> dict[str, Pattern]:
    """Every message of ``lang``'s ``web*.ftl`` files, English filling any gap."""
    if lang not in LANGUAGES:
        raise ValueError(f"language {lang!r} is not available")
    catalog: dict[str, Pattern] = {} if lang == "en" else dict(web_catalog("en"))
    for path in sorted((LOCALES_DIR / lang).glob("web*.ftl")):
        _add(catalog, path, "")
    for root in locale_roots()[1:]:
        for path in sorted((root / lang).glob("*.ftl")):
            if not path.stem.endswith("-errors"):
                _add(catalog, path, GAME_TEXT)
    return catalog


GAME_TEXT = "game:"
"""The prefix of the games' own messages in the pages' catalogs (their logs are written
in the page from history entries, with the sentences the terminal uses)."""


def _add(catalog: dict[str, Pattern], path: Path, prefix: str) -> None:
    resource = FluentParser().parse(path.read_text(encoding="utf-8"))
    for entry in resource.body:
        if isinstance(entry, ast.Junk):
            raise ValueError(f"{path.name}: cannot parse {(entry.content or '')[:60]!r}")
        if isinstance(entry, ast.Message) and entry.value is not None:
            where = f"{path.name}:{entry.id.name}"
            catalog[prefix + entry.id.name] = _pattern(entry.value, where)


def words_or(lang: str, message_id: str, fallback: str) -> str:
    """A web message in ``lang``, or ``fallback`` (the engine's English) when none is written."""
    if message_id not in web_catalog(lang):
        return fallback
    return tr(lang, message_id)


def option_words(lang: str, game: str, option: dict[str, Any]) -> dict[str, Any]:
    """An option of the lobby in words: its label, a one-line description and each value's label."""
    name = option["name"]
    prefix = f"web-option-{game}-{name}"
    words: dict[str, Any] = {
        "label": words_or(lang, prefix, name),
        "description": words_or(lang, f"{prefix}-help", option.get("help", "")),
    }
    if option.get("choices"):
        values = [_value_text(choice) for choice in option["choices"]]
        words["choice_labels"] = {
            value: words_or(lang, f"web-choice-{game}-{name}-{value}", value) for value in values
        }
    return words


def _value_text(choice: object) -> str:
    """An option value as the page writes it (``true``/``false`` like JSON, for booleans)."""
    return str(choice).lower() if isinstance(choice, bool) else str(choice)
