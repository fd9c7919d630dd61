"""The HTML pages (lobby, table, replay), the browser catalogs and the language switch."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, RedirectResponse

from relicbox.i18n import LANGUAGES
from relicbox.server.live import TableError
from relicbox.server.web import HERE, page, remember_language, service_of
from relicbox.server.webcatalog import web_catalog

router = APIRouter()


@router.get("/", response_class=HTMLResponse)
async def lobby(request: Request) -> HTMLResponse:
    return page(request, "lobby.html")


@router.get("/favicon.ico", include_in_schema=False)
async def favicon() -> FileResponse:
    """Browsers ask for this path on every page, whatever the page links."""
    return FileResponse(HERE / "static" / "favicon.svg", media_type="image/svg+xml")


async def table_view(request: Request, table_id: str, template: str) -> HTMLResponse:
    """A page about one table (play or replay), with its game's board module if any."""
    try:
        table = await service_of(request).get(table_id)
    except TableError:
        raise HTTPException(404, "no such table") from None
    board = HERE / "static" / "boards" / f"{table.game.name}.js"
    return page(
        request,
        template,
        table=table.info(),
        has_board=board.exists(),
        has_board_css=board.with_suffix(".css").exists(),
    )


@router.get("/t/{table_id}", response_class=HTMLResponse)
async def table_page(request: Request, table_id: str) -> HTMLResponse:
    return await table_view(request, table_id, "table.html")


@router.get("/t/{table_id}/replay", response_class=HTMLResponse)
async def replay_page(request: Request, table_id: str) -> HTMLResponse:
    return await table_view(request, table_id, "replay.html")


@router.get("/i18n/{lang}.json")
async def catalog(lang: str) -> JSONResponse:
    if lang not in LANGUAGES:
        raise HTTPException(404, "no such language")
    return JSONResponse(web_catalog(lang), headers={"Cache-Control": "max-age=300"})


@router.get("/lang/{lang}")
async def set_language(request: Request, lang: str) -> RedirectResponse:
    back = request.query_params.get("next") or "/"
    if not back.startswith("/") or back.startswith("//"):
        back = "/"
    response = RedirectResponse(back, status_code=303)
    if lang in LANGUAGES:
        remember_language(response, lang)
    return response
