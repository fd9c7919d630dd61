"""Which bots a table may seat: a request, a stored seat or a takeover names relicbox's own
bots only, within the online search budgets, parsed by the one spec parser as data."""

from __future__ import annotations

from relicbox.bots import BotSpec, Origin, SearchBot, bot_names, parse_bot
from relicbox.bots.specs import DATA_LIMITS, OverLimitError
from relicbox.core.errors import ConfigurationError, Reason
from relicbox.core.game import Game

ONLINE_SEARCH_LIMITS = {"iters": 5_000, "ms": 1_000}
"""The largest search budgets a table may ask of its bots, so no seat can tie a worker up:
``iters`` always, ``ms`` unless the server's ``bot_think_ms`` setting says otherwise."""


def online_limits(think_ms: int = ONLINE_SEARCH_LIMITS["ms"]) -> dict[str, float]:
    """The search settings' caps at an online table: a file's caps, with the server's
    own iteration and time budgets."""
    return {**DATA_LIMITS, **ONLINE_SEARCH_LIMITS, "ms": think_ms}


def online_bot_problem(
    spec: str, game: Game, think_ms: int = ONLINE_SEARCH_LIMITS["ms"]
) -> Reason | None:
    """Why ``spec`` cannot sit at an online table, or ``None``.

    A request is data: only the built-in bots (plain names, ``ismcts:...`` within limits,
    and the bot families the game registers, such as Diamant's ``threshold:N``) may be
    asked for over the network, never a program (``stdio:``) or a Python callable
    (``module:callable``), and a built-in bot's name is never read as a module. A search
    may think at most ``think_ms`` milliseconds a decision.
    """
    try:
        online_bot(spec, game, think_ms)
    except OverLimitError as refusal:
        return Reason.of(
            "error-table-bot-limit", bot=repr(spec), setting=refusal.key, limit=int(refusal.limit)
        )
    except ConfigurationError:
        bots = ", ".join(
            [*bot_names(game), "ismcts:iters=N", "ismcts:ms=N"]
            + [family.usage for family in game.bot_families.values()]
        )
        return Reason.of("error-table-unknown-bot", bot=repr(spec), game=game.name, bots=bots)
    return None


def online_bot(spec: str, game: Game, think_ms: int) -> BotSpec:
    """The typed bot ``spec`` asks for, as data within the online limits, or a
    :class:`ConfigurationError`."""
    return parse_bot(spec, game, Origin.DATA, online_limits(think_ms))


def online_bot_spec(spec: str, think_ms: int, game: Game) -> str:
    """The spec as seated online (``spec`` has passed :func:`online_bot_problem`): a search
    always carries a time budget, ``think_ms`` unless it asked for less, beside any
    iteration budget, so it stops at whichever comes first."""
    bot = online_bot(spec, game, think_ms)
    if not isinstance(bot, SearchBot):
        return bot.text
    settings = list(bot.settings)
    keys = {key for key, _ in settings}
    if "iters" not in keys and "ms" not in keys:
        settings.insert(0, ("iters", "1000"))  # what a plain ``ismcts`` means
    if "ms" not in keys:
        settings.append(("ms", str(think_ms)))
    return SearchBot(tuple(settings)).text


def seated_bot(spec: str, think_ms: int, game: Game) -> str:
    """The spec a seat's bot plays by, however it reached the table (a request, the store,
    a takeover): a search's iterations and time cut to the online budgets, with a time budget
    always. A spec that names no bot of relicbox's is passed on as it is: the bot pool
    refuses it, and the seat gets the default action."""
    try:
        bot = parse_bot(spec, game, Origin.CALLER)
    except ConfigurationError:
        return spec
    if not isinstance(bot, SearchBot):
        return bot.text
    budgets = {**ONLINE_SEARCH_LIMITS, "ms": think_ms}
    settings = tuple(
        (key, f"{min(float(value), budgets[key]):g}" if key in budgets else value)
        for key, value in bot.settings
    )
    try:
        return online_bot_spec(SearchBot(settings).text, think_ms, game)
    except ConfigurationError:
        return spec
