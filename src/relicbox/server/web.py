"""What every route needs from a request: the table service, the quotas and settings of
the app it reached, the language to answer in, a page rendered in it, and a refusal
turned into its HTTP answer."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fastapi import Request, WebSocket
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.templating import Jinja2Templates

from relicbox.i18n import LANGUAGES, catalog_ids, pick_language, tr
from relicbox.server.live import TableError
from relicbox.server.quotas import QuotaError, Quotas
from relicbox.server.tables import TableService

if TYPE_CHECKING:
    from relicbox.server.app import Settings

HERE = Path(__file__).parent
TEMPLATES = Jinja2Templates(directory=HERE / "templates")
LANGUAGE_COOKIE = "relicbox_lang"
STATUS_CODES = {
    "no-table": 404,
    "bad-token": 403,
    "not-host": 403,
    "table-full": 409,
    "table-closed": 409,
    "seat-taken": 409,
    "rematch-exists": 409,
    "not-finished": 409,
    "too-many-open-tables": 429,
    "too-many-tables": 429,
    "too-many-bot-tables": 429,
}


def service_of(request: Request | WebSocket) -> TableService:
    service: TableService = request.app.state.service
    return service


def quotas_of(request: Request) -> Quotas:
    quotas: Quotas = request.app.state.quotas
    return quotas


def settings_of(request: Request | WebSocket) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


def language(request: Request) -> str:
    """The language asked for (``?lang=``, then the cookie), else the browser's."""
    chosen = request.query_params.get("lang") or request.cookies.get(LANGUAGE_COOKIE)
    if chosen in LANGUAGES:
        return str(chosen)
    return pick_language(request.headers.get("accept-language"))


def page(request: Request, template: str, **context: Any) -> HTMLResponse:
    """A page in the request's language; a language chosen in the address is remembered."""
    lang = language(request)
    response = TEMPLATES.TemplateResponse(
        request,
        template,
        {
            "lang": lang,
            "t": lambda key, **args: tr(lang, key, **args),
            "languages": LANGUAGES,
            "howto": howto_parts,
            **context,
        },
    )
    if request.query_params.get("lang") in LANGUAGES:
        remember_language(response, lang)
    return response


@cache
def howto_parts(game: str) -> list[str]:
    """The message ids of ``game``'s how-to-play panel, in order (``web-howto-GAME-1``, ...)."""
    ids = catalog_ids("en")
    parts: list[str] = []
    while f"web-howto-{game}-{len(parts) + 1}" in ids:
        parts.append(f"web-howto-{game}-{len(parts) + 1}")
    return parts


def remember_language(response: Response, lang: str) -> None:
    """Keep ``lang`` in the browser's cookie for a year."""
    response.set_cookie(LANGUAGE_COOKIE, lang, max_age=365 * 86400, samesite="lax")


def refused(error: TableError, request: Request | None = None) -> JSONResponse:
    """A refusal as its HTTP answer: the code for programs, the sentence for people, and
    ``Retry-After`` when a quota will allow it later."""
    lang = "en" if request is None else language(request)
    wait = {"Retry-After": str(error.retry_after)} if isinstance(error, QuotaError) else None
    return JSONResponse(
        {"error": error.code, "message": error.text(lang)},
        status_code=STATUS_CODES.get(error.code, 400),
        headers=wait,
    )
