"""Game options on the command line, read from each game's own ``Game.options``.

No command names a game's options: ``--variant relics`` (or ``--variant=relics``) after
the game name reaches the game as ``variant="relics"``, and ``-o variant=relics`` does the
same. The game checks names and values itself, so a new game's options work at once and an
unknown one is refused with the list of what exists.
"""

from __future__ import annotations

from relicbox.core.errors import ConfigurationError, quote, reason_error

GAME_OPTIONS_HELP = (
    "Game options go after the game name as --NAME VALUE (for example --variant relics or "
    "--no-progress-rounds 20), or as -o NAME=VALUE; `relicbox games` lists every game's options."
)

# Commands that take game options must let unknown --flags through to be read here.
PASS_GAME_OPTIONS = {"allow_extra_args": True, "ignore_unknown_options": True}


def option_items(extra: list[str]) -> list[str]:
    """``["--variant", "relics", "--split=per-card"]`` -> ``["variant=relics", ...]``."""
    items: list[str] = []
    words = iter(extra)
    for word in words:
        if not word.startswith("--") or word == "--":
            raise reason_error(ConfigurationError, "cli-unexpected-argument", word=quote(word))
        name, sep, value = word[2:].partition("=")
        if not sep:
            following = next(words, None)
            if following is None or following.startswith("--"):
                raise reason_error(ConfigurationError, "cli-option-needs-value", option=name)
            value = following
        items.append(f"{name}={value}")
    return items


def parse_options(items: list[str]) -> dict[str, object]:
    """``name=value`` items as keyword options: whole numbers and yes/no become ints and bools."""
    options: dict[str, object] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise reason_error(ConfigurationError, "cli-option-form", option=quote(item))
        options[key.strip().replace("-", "_")] = _value(value.strip())
    return options


def game_options(extra: list[str], items: list[str] | None) -> dict[str, object]:
    """The options given as leftover ``--NAME VALUE`` flags and as ``-o NAME=VALUE`` items."""
    return parse_options(option_items(extra) + list(items or []))


def untangle(game: str | None, extra: list[str]) -> tuple[str | None, list[str]]:
    """The game name and the game option flags, whatever order they were typed in.

    With unknown flags let through, the parser hands the first of them to the game argument
    when no game name comes first (``play --resume F --variant relics``), and leaves a game
    name typed after the flags among the leftovers (``play --variant relics diamant``).
    """
    words = list(extra) if game is None or not game.startswith("-") else [game, *extra]
    if game is not None and not game.startswith("-"):
        return game, words
    flags: list[str] = []
    found: str | None = None
    index = 0
    while index < len(words):
        word = words[index]
        takes_value = word.startswith("--") and "=" not in word
        if word.startswith("-") or found is not None:
            step = 2 if takes_value and index + 1 < len(words) else 1
            flags += words[index : index + step]
            index += step
        else:
            found = word
            index += 1
    return found, flags


MAX_DIGITS = 18
"""Longer runs of digits stay text, for the game to refuse as too large (``int`` would
refuse more than 4,300 of them itself)."""


def _value(text: str) -> object:
    lowered = text.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    digits = lowered.removeprefix("-")
    # ASCII digits only: str.isdigit() also passes '²' and other scripts' digits
    if 0 < len(digits) <= MAX_DIGITS and digits.isascii() and digits.isdigit():
        return int(lowered)
    return text
