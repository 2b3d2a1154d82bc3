"""The desk's web application (Starlette): routes, access, and the pages' templates.

Pages are rendered on the server (Jinja2); the parts that change in place (a result
on the grid, the draft being edited, the hall screen) are swapped by HTMX (vendored in
``static/``). Every change goes through :mod:`tabellone.desk.actions` and one
:meth:`SqliteEventStore.change <tabellone.desk.store.SqliteEventStore.change>` transaction; the
store's work runs in a worker thread, so a long pairing never stalls the hall screens.
"""

from __future__ import annotations

import asyncio
import re
import unicodedata
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from tabellone.core.errors import InputError, TabelloneError
from tabellone.desk import actions, is_loopback, views
from tabellone.desk.access import Access, Who
from tabellone.desk.store import SUFFIX, Change, Conflict, SqliteEventStore, State, event_stores
from tabellone.event import event_options
from tabellone.formats.files import dumps
from tabellone.rules import TITLES, get_system

HERE = Path(__file__).parent
SESSION_COOKIE = "tabellone_session"
DEVICE_COOKIE = "tabellone_device"


class Forbidden(Exception):
    pass


def slugify(name: str) -> str:
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii").lower()
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")[:48] or "event"


class Desk:
    """The application's state: the folder of events, access, one store per event."""

    def __init__(self, folder: Path, open_to_lan: bool = False):
        self.folder = folder
        self.open_to_lan = open_to_lan
        folder.mkdir(parents=True, exist_ok=True)
        self.access = Access(folder)
        self._stores: dict[str, SqliteEventStore] = {}
        #: (event, version) -> the draft's check: a check pairs the round again, so it is
        #: made once per version of the event (any change makes a new version)
        self.checks: dict[tuple[str, int], tuple[Any, str | None]] = {}
        self.templates = Jinja2Templates(directory=str(HERE / "templates"))
        self.templates.env.globals.update(
            titles=TITLES, systems=actions.desk_systems(), editions=_editions(), rounds_were=actions.rounds_were
        )
        self.templates.env.filters["q"] = lambda s: quote(str(s), safe="")

    def store(self, slug: str) -> SqliteEventStore:
        if slug not in self._stores:
            path = self.folder / f"{slug}{SUFFIX}"
            if not re.fullmatch(r"[a-z0-9-]+", slug) or not path.exists():
                raise InputError(f"no event {slug!r} in this folder", field="event")
            self._stores[slug] = SqliteEventStore(path)
        return self._stores[slug]

    def remember_check(self, key: tuple[str, int], value: tuple[Any, str | None]) -> None:
        self.checks[key] = value
        while len(self.checks) > 16:
            self.checks.pop(next(iter(self.checks)))

    def new_slug(self, name: str) -> str:
        base = slugify(name)
        slug, k = base, 2
        while (self.folder / f"{slug}{SUFFIX}").exists():
            slug, k = f"{base}-{k}", k + 1
        return slug


def _editions() -> dict[str, tuple[str, ...]]:
    return {name: get_system(name).editions for name in actions.desk_systems()}


# --- plumbing ---------------------------------------------------------------------------------


def who(request: Request) -> Who:
    desk: Desk = request.app.state.desk
    return desk.access.who(request.cookies.get(SESSION_COOKIE), request.cookies.get(DEVICE_COOKIE))


def need_admin(request: Request) -> Who:
    w = who(request)
    if not w.admin:
        raise Forbidden()
    return w


def need_entry(request: Request) -> Who:
    w = who(request)
    if not w.enters_results:
        raise Forbidden()
    return w


async def form_of(request: Request) -> dict[str, Any]:
    form = await request.form()
    out: dict[str, Any] = {}
    for key, value in form.multi_items():
        if hasattr(value, "read"):
            data = await value.read()
            out[key] = (getattr(value, "filename", "") or "", data)
        else:
            out[key] = str(value)
    return out


def upload_text(form: dict[str, Any], key: str = "file") -> tuple[str, str]:
    """The text and name of an uploaded file, decoded as the TRF reader does."""
    from tabellone.formats.text import decode

    value = form.get(key)
    if not isinstance(value, tuple) or not value[1]:
        raise InputError("choose a file to upload", field=key)
    name, data = value
    return decode(data)[0], name


def back(url: str, msg: str = "", err: str = "", warn: Sequence[str] = ()) -> RedirectResponse:
    """Back to ``url`` saying ``msg`` (or the error ``err``), with the warnings the
    event layer gave (a result changed, later rounds paired on the old one)."""
    sep = "&" if "?" in url else "?"
    if msg:
        url += f"{sep}msg={quote(msg)}"
        url += "".join(f"&warn={quote(w)}" for w in warn)
    elif err:
        url += f"{sep}err={quote(err)}"
    return RedirectResponse(url, status_code=303)


def page(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    desk: Desk = request.app.state.desk
    context.setdefault("who", who(request))
    context.setdefault("msg", request.query_params.get("msg", ""))
    context.setdefault("err", request.query_params.get("err", ""))
    context.setdefault("warn", request.query_params.getlist("warn"))
    context.setdefault("lan", desk.open_to_lan)
    return desk.templates.TemplateResponse(request, template, context, status_code=status)


def is_htmx(request: Request) -> bool:
    return request.headers.get("HX-Request") == "true"


async def load(request: Request, slug: str) -> tuple[SqliteEventStore, int, State]:
    store = request.app.state.desk.store(slug)
    version, state = await run_in_threadpool(store.load)
    return store, version, state


async def apply(request: Request, slug: str, action: str, fn: Callable[[State], Change], **kw: Any) -> Change:
    """Run one change of an event in a worker thread, logged as the requester."""
    store = request.app.state.desk.store(slug)
    return await run_in_threadpool(store.change, who(request).name, action, fn, **kw)


def ev_context(slug: str, state: State, **more: Any) -> dict[str, Any]:
    return {"slug": slug, "ev": views.event_summary(state), "state": state, **more}


def as_int(value: Any, field: str) -> int:
    text = str(value or "").strip()
    if not text.isdigit():
        raise InputError(f"found {text!r}, expected a number", field=field)
    return int(text)


# --- access -------------------------------------------------------------------------------------


async def setup(request: Request) -> Response:
    desk: Desk = request.app.state.desk
    if desk.access.has_password():
        return back("/login")
    if not _local(request):
        return page(
            request,
            "message.html",
            403,
            title="Not from here",
            text="The admin password is set from the computer that runs the desk (http://127.0.0.1:PORT/).",
        )
    if request.method == "POST":
        form = await form_of(request)
        try:
            desk.access.set_password(form.get("password", ""), form.get("repeat", ""))
        except InputError as exc:
            return page(request, "setup.html", 400, err=exc.detail)
        return _logged_in(desk, form.get("password", ""))
    return page(request, "setup.html")


def _local(request: Request) -> bool:
    """The request comes from the computer running the desk."""
    return is_loopback(request.client.host if request.client else "")


def _logged_in(desk: Desk, password: str) -> Response:
    token = desk.access.login(password)
    response = RedirectResponse("/", status_code=303)
    response.set_cookie(SESSION_COOKIE, token, httponly=True, samesite="strict")
    return response


async def login(request: Request) -> Response:
    desk: Desk = request.app.state.desk
    if not desk.access.has_password():
        return back("/setup")
    if request.method == "POST":
        form = await form_of(request)
        try:
            return _logged_in(desk, form.get("password", ""))
        except InputError as exc:
            return page(request, "login.html", 400, err=exc.detail)
    return page(request, "login.html")


async def logout(request: Request) -> Response:
    token = request.cookies.get(SESSION_COOKIE)
    if token:
        request.app.state.desk.access.logout(token)
    response = back("/", msg="logged out")
    response.delete_cookie(SESSION_COOKIE)
    return response


async def devices(request: Request) -> Response:
    need_admin(request)
    access: Access = request.app.state.desk.access
    if request.method == "POST":
        form = await form_of(request)
        if form.get("revoke"):
            access.revoke(form["revoke"])
            return back("/devices", msg="device revoked")
        token = access.add_device(form.get("name", ""))
        return back("/devices", msg=f"device added: open its link on the device ({token[:6]}...)")
    base = str(request.base_url).rstrip("/")
    return page(request, "devices.html", devices=access.devices(), base=base)


async def ratings(request: Request) -> Response:
    """The FIDE rating list the organiser downloaded, to register players by FIDE id."""
    need_admin(request)
    access: Access = request.app.state.desk.access
    if request.method == "POST":
        from tabellone.desk.fidelist import read_list

        form = await form_of(request)
        value = form.get("file")
        if not isinstance(value, tuple) or not value[1]:
            raise InputError("choose the rating list file (TXT, XML or the ZIP as downloaded)", field="file")
        name, data = value
        count = await run_in_threadpool(access.load_rating_list, read_list(data, name), name)
        return back("/ratings", msg=f"{count} players read from {name}")
    return page(request, "ratings.html", info=access.rating_list())


async def device_link(request: Request) -> Response:
    token = request.path_params["token"]
    w = request.app.state.desk.access.who(None, token)
    if w.role != "device":
        return page(
            request, "message.html", 403, title="Unknown device link", text="This link was revoked or never existed."
        )
    response = back("/", msg=f"this browser enters results as {w.name}")
    response.set_cookie(DEVICE_COOKIE, token, httponly=True, samesite="lax", max_age=60 * 60 * 24 * 60)
    return response


# --- events ---------------------------------------------------------------------------------------


async def index(request: Request) -> Response:
    desk: Desk = request.app.state.desk
    if not desk.access.has_password() and not desk.open_to_lan:
        return back("/setup")
    events = []
    for store in await run_in_threadpool(event_stores, desk.folder):
        _, state = await run_in_threadpool(store.load)
        events.append({"slug": store.slug, **views.event_summary(state)})
    w = who(request)
    if not w.admin:
        events = [e for e in events if not e["archived"]]
    return page(request, "index.html", events=events)


async def create_event(request: Request) -> Response:
    w = need_admin(request)
    desk: Desk = request.app.state.desk
    form = await form_of(request)
    state, detail = actions.create_event({k: v for k, v in form.items() if isinstance(v, str)})
    slug = desk.new_slug(form.get("name", ""))
    await run_in_threadpool(SqliteEventStore.create, desk.folder / f"{slug}{SUFFIX}", state, w.name, detail)
    return back(f"/e/{slug}", msg=detail)


async def import_event(request: Request) -> Response:
    w = need_admin(request)
    desk: Desk = request.app.state.desk
    form = await form_of(request)
    text, name = upload_text(form)
    t = actions.import_event(text, name)
    state = State(t, boards=actions.boards_of_imported(t), settings={"tiebreak_rules": "2026"})
    title = actions.header(t, "012") or Path(name).stem
    slug = desk.new_slug(title)
    detail = f"event imported from {name}: {len(t.players)} players, {t.rounds_paired} rounds paired"
    await run_in_threadpool(SqliteEventStore.create, desk.folder / f"{slug}{SUFFIX}", state, w.name, detail)
    return back(f"/e/{slug}", msg=detail)


async def event_home(request: Request) -> Response:
    slug = request.path_params["slug"]
    if not who(request).admin:
        return back(f"/e/{slug}/pairings")
    store, _, state = await load(request, slug)
    snaps = await run_in_threadpool(store.snapshots)
    return page(request, "event.html", **ev_context(slug, state, snapshots=snaps, tab="event"))


async def event_edit(request: Request) -> Response:
    need_admin(request)
    slug = request.path_params["slug"]
    form = await form_of(request)
    done = await apply(request, slug, "event", lambda s: actions.edit_settings(s, form))
    return back(f"/e/{slug}", msg=done.detail, warn=done.warnings)


async def event_archive(request: Request) -> Response:
    need_admin(request)
    slug = request.path_params["slug"]
    form = await form_of(request)
    done = await apply(request, slug, "archive", lambda s: actions.set_archived(s, form.get("archived") == "1"))
    return back(f"/e/{slug}", msg=done.detail, warn=done.warnings)


async def export(request: Request) -> Response:
    need_admin(request)
    slug, fmt = request.path_params["slug"], request.path_params["fmt"]
    if fmt not in ("trf26", "trf16", "json"):
        raise InputError(f"export as trf26, trf16 or json, not {fmt}", field="format")
    _, _, state = await load(request, slug)
    t = state.tournament.with_derived_points()
    text = dumps(_with_ranks(state, t), fmt)
    ext = "json" if fmt == "json" else "trf"
    return Response(
        text,
        media_type="application/json" if fmt == "json" else "text/plain; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{slug}-{fmt}.{ext}"'},
    )


def _with_ranks(state: State, t):
    """The tournament with every player's rank in the current standings (TRF columns 86-89)."""
    from dataclasses import replace

    if not t.rounds_recorded:
        return t
    try:
        order = views.standings(state).order
    except TabelloneError:
        return t
    rank = {pid: k for k, pid in enumerate(order, start=1)}
    return replace(t, players=tuple(replace(p, rank=rank.get(p.id)) for p in t.players))


async def undo(request: Request) -> Response:
    w = need_admin(request)
    slug = request.path_params["slug"]
    done = await run_in_threadpool(request.app.state.desk.store(slug).undo, w.name)
    return back(request.headers.get("referer") or f"/e/{slug}/log", msg=done.outcome.message)


async def log_page(request: Request) -> Response:
    need_admin(request)
    slug = request.path_params["slug"]
    store, _, state = await load(request, slug)
    entries = await run_in_threadpool(store.log, 500)
    return page(request, "log.html", **ev_context(slug, state, entries=entries, tab="log"))


async def restore(request: Request) -> Response:
    w = need_admin(request)
    slug = request.path_params["slug"]
    sid = int(request.path_params["sid"])
    await run_in_threadpool(request.app.state.desk.store(slug).restore, sid, w.name)
    return back(f"/e/{slug}", msg=f"snapshot #{sid} restored (undo puts back the state before)")


# --- players ---------------------------------------------------------------------------------------


async def players_page(request: Request) -> Response:
    need_admin(request)
    slug = request.path_params["slug"]
    _, version, state = await load(request, slug)
    t = state.tournament
    gone = views.withdrawn_players(t)
    byes = {}
    for b in t.byes:
        byes.setdefault(b.player, []).append(f"R{b.round} {b.kind.value}")
    return page(
        request,
        "players.html",
        **ev_context(
            slug,
            state,
            players=t.players,
            gone=gone,
            byes=byes,
            version=version,
            missed_half=event_options(t).get("missed") == "half",
            tab="players",
        ),
    )


async def players_action(request: Request) -> Response:
    need_admin(request)
    slug, what = request.path_params["slug"], request.path_params["what"]
    form = await form_of(request)
    url = f"/e/{slug}/players"
    if what == "add":
        done = await apply(request, slug, "player", lambda s: actions.add_player(s, form))
    elif what == "import":
        text, name = upload_text(form)
        try:
            done = await apply(request, slug, "players", lambda s: actions.import_players(s, text, name, form))
        except InputError as exc:
            if exc.field != "header":
                raise
            return await _column_mapping(request, slug, text, name, exc.detail)
    elif what == "fide":
        ids = str(form.get("fide_ids", ""))
        listed = await run_in_threadpool(request.app.state.desk.access.listed, ids.replace(",", " ").split())
        done = await apply(request, slug, "players", lambda s: actions.add_listed(s, ids, listed))
    elif what == "mapped":
        text, name = str(form.get("csv", "")), str(form.get("filename", "upload.csv"))
        columns = len(actions.csv_rows(text)[0]) if text.strip() else 0
        mapping = {k: str(form.get(f"col{k}", "")) for k in range(columns)}
        mapped = actions.remap_csv(text, mapping)
        done = await apply(request, slug, "players", lambda s: actions.import_players(s, mapped, name, form))
    else:
        pid = as_int(form.get("id"), "id")
        fn = {
            "edit": lambda s: actions.edit_player(s, pid, form),
            "remove": lambda s: actions.remove_player(s, pid),
            "bye": lambda s: actions.player_bye(s, pid, form.get("round", ""), form.get("kind", "")),
            "withdraw": lambda s: actions.player_withdraw(s, pid),
        }.get(what)
        if fn is None:
            raise InputError(f"unknown action {what!r}", field="action")
        seen = int(form["seen"]) if str(form.get("seen", "")).isdigit() else None
        done = await apply(request, slug, "player", fn, seen=seen)  # the numbers as that page showed them
    return back(url, msg=done.detail, warn=done.warnings)


async def availability_page(request: Request) -> Response:
    need_admin(request)
    slug = request.path_params["slug"]
    _, _, state = await load(request, slug)
    t = state.tournament
    rounds = list(range(t.next_round, (t.total_rounds or t.next_round) + 1))
    byes = {(b.player, b.round): b.kind.value for b in t.byes}
    return page(
        request,
        "availability.html",
        **ev_context(slug, state, rounds=rounds, byes=byes, gone=views.withdrawn_players(t), tab="players"),
    )


async def availability_action(request: Request) -> Response:
    need_admin(request)
    slug, what = request.path_params["slug"], request.path_params["what"]
    form = await form_of(request)
    if what == "cell":
        pid, r = as_int(form.get("id"), "id"), as_int(form.get("round"), "round")
        done = await apply(request, slug, "bye", lambda s: actions.set_availability(s, pid, r, form.get("kind", "")))
        if is_htmx(request):
            return HTMLResponse(f'<span class="saved" title="{_escape(done.detail)}">saved</span>')
    elif what == "prohibit":
        done = await apply(
            request,
            slug,
            "prohibit",
            lambda s: actions.add_prohibited(s, form.get("players", ""), form.get("first", ""), form.get("last", "")),
        )
    elif what == "allow":
        index = as_int(form.get("index"), "index")
        done = await apply(request, slug, "prohibit", lambda s: actions.remove_prohibited(s, index))
    else:
        raise InputError(f"unknown action {what!r}", field="action")
    return back(f"/e/{slug}/availability", msg=done.detail, warn=done.warnings)


async def _column_mapping(request: Request, slug: str, text: str, name: str, why: str) -> Response:
    """A CSV whose header the importer does not know: say which column is which."""
    _, _, state = await load(request, slug)
    rows = actions.csv_rows(text)
    header = rows[0]
    guess = [h.strip().lower() if h.strip().lower() in actions.PLAYER_FIELDS else "" for h in header]
    return page(
        request,
        "mapping.html",
        **ev_context(
            slug,
            state,
            header=header,
            guess=guess,
            sample=rows[1:4],
            csv=text,
            filename=name,
            why=why,
            fields=actions.PLAYER_FIELDS,
            tab="players",
        ),
    )


# --- rounds and the draft -----------------------------------------------------------------------------


async def rounds_page(request: Request) -> Response:
    need_admin(request)
    slug = request.path_params["slug"]
    _, version, state = await load(request, slug)
    desk: Desk = request.app.state.desk
    return page(request, "rounds.html", **_draft_context(desk, slug, version, state), tab="rounds")


def _draft_context(desk: Desk, slug: str, version: int, state: State, **more: Any) -> dict[str, Any]:
    """The draft's page; its check when already made for this version of the event (else
    the page asks for it: :func:`draft_check`, so the draft shows at once)."""
    draft = None
    report, problem = desk.checks.get((slug, version), (None, None))
    if state.draft is not None:
        draft = views.round_view(state.tournament, state.draft.round, state.draft.pairs, state.draft.bye)
    verdict = views.verdict(report.rounds[0]) if report else None
    return ev_context(
        slug,
        state,
        draft=draft,
        verdict=verdict,
        problem=problem,
        version=version,
        published=sorted(state.boards),
        **more,
    )


async def draft_check(request: Request) -> Response:
    """The live check of the draft as it stands (:func:`tabellone.api.check`)."""
    need_admin(request)
    desk: Desk = request.app.state.desk
    slug = request.path_params["slug"]
    _, version, state = await load(request, slug)
    if state.draft is None:
        return HTMLResponse('<div class="verdict" id="check">No draft: it was published or unpaired.</div>')
    if (slug, version) not in desk.checks:
        desk.remember_check((slug, version), await run_in_threadpool(actions.check_draft, state))
    return page(request, "draft_check.html", **_draft_context(desk, slug, version, state))


async def draft_action(request: Request) -> Response:
    need_admin(request)
    slug, what = request.path_params["slug"], request.path_params["what"]
    form = await form_of(request)
    explanation: list[str] | None = None
    error = ""
    seen = int(form["seen"]) if str(form.get("seen", "")).isdigit() else None
    try:
        if what == "pair":
            done = await apply(request, slug, "pair", actions.pair_draft)
        elif what == "publish":
            store = request.app.state.desk.store(slug)
            done = await apply(request, slug, "publish", actions.publish, seen=seen)
            await run_in_threadpool(
                store.snapshot, request.app.state.desk.folder / "snapshots", done.value, f"round {done.value} published"
            )
            return back(f"/e/{slug}/results/{done.value}", msg=f"{done.detail}; snapshot taken", warn=done.warnings)
        elif what == "discard":
            done = await apply(request, slug, "unpair", actions.discard_draft, seen=seen)
        elif what == "explain":
            _, _, state = await load(request, slug)
            a, b = str(form.get("a", "")).strip(), str(form.get("b", "")).strip()
            pair = (as_int(a, "a"), as_int(b, "b")) if b else None
            bye = None if b else as_int(a, "a")
            explanation = await run_in_threadpool(lambda: actions.explain_draft(state, pair, bye).lines)
        else:
            fn = _edit(what, form)
            await apply(request, slug, "draft", fn, seen=seen)
    except TabelloneError as exc:
        error = str(exc)
    if not is_htmx(request):
        return back(f"/e/{slug}/rounds", err=error) if error else back(f"/e/{slug}/rounds")
    _, version, state = await load(request, slug)
    context = _draft_context(request.app.state.desk, slug, version, state, explanation=explanation, draft_error=error)
    return page(request, "draft.html", **context)


def _edit(what: str, form: dict[str, Any]) -> Callable[[State], Change]:
    if what == "swap":
        board = as_int(form.get("board"), "board")
        return lambda s: actions.swap_colours(s, board)
    if what == "unpair":
        board = as_int(form.get("board"), "board")
        return lambda s: actions.unpair_board(s, board)
    a = as_int(form.get("a"), "a")
    if what == "bye":
        return lambda s: actions.give_bye(s, a)
    b = as_int(form.get("b"), "b")
    if what == "exchange":
        return lambda s: actions.exchange(s, a, b)
    if what == "pairtwo":
        return lambda s: actions.pair_two(s, a, b)
    raise InputError(f"unknown edit {what!r}", field="action")


# --- results ----------------------------------------------------------------------------------------


def _round_of(state: State, text: str | None) -> int:
    if text:
        r = as_int(text, "round")
    else:
        r = max(state.boards, default=0)
    if r not in state.boards:
        raise InputError(f"round {r} is not published" if r else "no round is published yet", field="round")
    return r


async def results_page(request: Request) -> Response:
    need_entry(request)
    slug = request.path_params["slug"]
    store, _, state = await load(request, slug)
    if not state.boards:
        return back(f"/e/{slug}/rounds", err="no round is published yet: pair and publish one first")
    r = _round_of(state, request.path_params.get("round"))
    versions = await run_in_threadpool(store.board_versions, r)
    view = views.published(state, r, versions)
    return page(
        request,
        "results.html",
        **ev_context(slug, state, view=view, r=r, rounds=sorted(state.boards), later=actions.later_rounds(state, r)),
        tab="results",
    )


async def result_entry(request: Request) -> Response:
    """One result from the grid (HTMX: the board's row comes back) or a board page."""
    need_entry(request)
    slug = request.path_params["slug"]
    r, board = int(request.path_params["round"]), int(request.path_params["board"])
    form = await form_of(request)
    key = str(form.get("result", "")).strip()
    seen = as_int(form.get("version"), "version")
    conflict = None
    note = error = ""
    try:
        done = await apply(
            request, slug, "result", lambda s: actions.enter_result(s, r, board, key), expect=(r, board, seen)
        )
        old, new = done.value
        if old and old != new:
            note = f"corrected {old} → {new}"
    except Conflict as exc:
        conflict = {"key": key, "typed": actions.KEYS.get(key, key), "seen": exc.seen, "current": exc.current}
    except TabelloneError as exc:
        error = str(exc)
    store, _, state = await load(request, slug)
    if r not in state.boards:
        raise InputError(f"round {r} is not published", field="round")
    if not 1 <= board <= len(state.boards[r]):
        raise InputError(f"round {r} has boards 1-{len(state.boards[r])}, not {board}", field="board")
    b = views.one_board(state, r, board, await run_in_threadpool(store.board_versions, r))
    later = actions.later_rounds(state, r) if note else []
    saved = not (conflict or error)
    context = ev_context(slug, state, r=r, b=b, conflict=conflict, note=note, error=error, later=later, saved=saved)
    if form.get("from") == "board":
        return page(request, "board.html", **context, code=b.code)
    return page(request, "result_row.html", **context)


async def board_page(request: Request) -> Response:
    need_entry(request)
    slug, code = request.path_params["slug"], request.path_params["code"]
    store, _, state = await load(request, slug)
    found = await run_in_threadpool(store.board_by_code, code)
    if found is None or found[0] not in state.boards:
        return back(f"/e/{slug}/results", err=f"no board has code {code!r}")
    r, board = found
    versions = await run_in_threadpool(store.board_versions, r)
    view = views.published(state, r, versions)
    return page(request, "board.html", **ev_context(slug, state, r=r, b=view.boards[board - 1], code=code))


async def board_lookup(request: Request) -> Response:
    need_entry(request)
    slug = request.path_params["slug"]
    code = str(request.query_params.get("code", "")).strip().upper()
    return back(f"/e/{slug}/b/{quote(code)}")


# --- public pages ---------------------------------------------------------------------------------


async def pairings_page(request: Request) -> Response:
    slug = request.path_params["slug"]
    store, _, state = await load(request, slug)
    if not state.boards:
        return page(request, "pairings.html", **ev_context(slug, state, view=None, r=0, rounds=[], tab="pairings"))
    r = _round_of(state, request.path_params.get("round"))
    versions = await run_in_threadpool(store.board_versions, r)
    view = views.published(state, r, versions)
    alpha = views.alphabetical(view) if request.query_params.get("order") == "name" else None
    return page(
        request,
        "pairings.html",
        **ev_context(slug, state, view=view, r=r, rounds=sorted(state.boards), alpha=alpha, tab="pairings"),
    )


async def standings_page(request: Request) -> Response:
    slug = request.path_params["slug"]
    _, _, state = await load(request, slug)
    table = await run_in_threadpool(views.standings, state)
    return page(request, "standings.html", **ev_context(slug, state, table=table, tab="standings"))


async def player_page(request: Request) -> Response:
    slug, pid = request.path_params["slug"], request.path_params["pid"]
    _, _, state = await load(request, slug)
    data = await run_in_threadpool(views.breakdown, state, pid)
    return page(request, "player.html", **ev_context(slug, state, b=data, tab="standings"))


async def crosstable_page(request: Request) -> Response:
    slug = request.path_params["slug"]
    _, _, state = await load(request, slug)
    table = await run_in_threadpool(views.standings, state)
    rows = await run_in_threadpool(views.crosstable, state, table.order)
    return page(
        request,
        "crosstable.html",
        **ev_context(slug, state, rows=rows, n=state.tournament.rounds_recorded, tab="crosstable"),
    )


async def hall_page(request: Request) -> Response:
    slug = request.path_params["slug"]
    _, _, state = await load(request, slug)
    return page(request, "hall.html", **ev_context(slug, state))


async def hall_content(request: Request) -> Response:
    slug = request.path_params["slug"]
    store, _, state = await load(request, slug)
    view = None
    if state.boards:
        r = max(state.boards)
        view = views.published(state, r, await run_in_threadpool(store.board_versions, r))
    table = await run_in_threadpool(views.standings, state)
    per = 24
    boards = view.boards if view else []
    pages = [boards[k : k + per] for k in range(0, len(boards), per)] or [[]]
    ranks = [table.rows[k : k + per] for k in range(0, len(table.rows), per)]
    return page(
        request, "hall_content.html", **ev_context(slug, state, view=view, pages=pages, table=table, ranks=ranks)
    )


async def stream(request: Request) -> Response:
    """Server-sent events: ``change`` whenever the event's version moves on."""
    store: SqliteEventStore = request.app.state.desk.store(request.path_params["slug"])

    async def events():
        last = await run_in_threadpool(store.version)
        yield f"event: hello\ndata: {last}\n\n"
        quiet = 0
        while not await request.is_disconnected():
            await asyncio.sleep(1)
            now = await run_in_threadpool(store.version)
            if now != last:
                last, quiet = now, 0
                yield f"event: change\ndata: {now}\n\n"
            else:
                quiet += 1
                if quiet >= 15:
                    quiet = 0
                    yield ": still here\n\n"

    return StreamingResponse(events(), media_type="text/event-stream", headers={"Cache-Control": "no-cache"})


# --- the arbiter's check --------------------------------------------------------------------------


async def check_page(request: Request) -> Response:
    need_admin(request)
    access: Access = request.app.state.desk.access
    context: dict[str, Any] = {"tab": "check"}
    upload_id = request.query_params.get("file")
    form: dict[str, Any] = {}
    if request.method == "POST":
        form = await form_of(request)
        if form.get("file") and isinstance(form["file"], tuple) and form["file"][1]:
            text, name = upload_text(form)
            upload_id = str(await run_in_threadpool(access.keep_upload, name, text))
        else:
            upload_id = str(form.get("upload", "") or upload_id or "")
    if upload_id:
        name, text = await run_in_threadpool(access.upload, int(upload_id))
        t = actions.import_event(text, name)
        system = str(form.get("system") or request.query_params.get("system") or "") or None
        edition = str(form.get("edition") or "") or None
        from tabellone.event import system_of

        used = system or system_of(t)[0]
        try:
            title, verdicts = await run_in_threadpool(views.check_file, t, system, edition)
        except TabelloneError as exc:
            title, verdicts = "", []
            context["err"] = str(exc)
        context.update(upload=upload_id, name=name, title=title, verdicts=verdicts, system=used, players=len(t.players))
        context["rounds"] = t.rounds_paired
        if form.get("x"):
            r = as_int(form.get("round"), "round")
            a, b = str(form.get("x", "")).strip(), str(form.get("y", "")).strip()
            pair = (as_int(a, "player"), as_int(b, "player")) if b else None
            bye = None if b else as_int(a, "player")
            context["explanation"] = await run_in_threadpool(
                views.safe_explain, t, used, edition if system else system_of(t)[1], r, pair, bye
            )
            context["explained"] = f"{a}-{b} in round {r}" if b else f"the bye to {a} in round {r}"
            context["rounds_value"] = r
    return page(request, "check.html", **context)


# --- the application -----------------------------------------------------------------------------


async def on_forbidden(request: Request, exc: Exception) -> Response:
    w = who(request)
    if w.role == "public":
        return back("/login", err="log in as the admin to do this")
    return page(request, "message.html", 403, title="Not allowed", text=f"{w.name} may not open this page.")


async def on_input_error(request: Request, exc: Exception) -> Response:
    text = str(exc)
    if is_htmx(request):
        return HTMLResponse(f'<div class="flash err" role="alert">{_escape(text)}</div>', status_code=200)
    if request.method == "POST":
        referer = request.headers.get("referer") or _owner(request.url.path)
        return back(referer.split("?")[0], err=text)
    return page(request, "message.html", 404, title="Not found", text=text)


def _owner(path: str) -> str:
    """The page a form posted to ``path`` lives on."""
    parts = path.strip("/").split("/")
    if len(parts) >= 3 and parts[0] == "e":
        slug, what = parts[1], parts[2]
        page_of = {"draft": "rounds", "players": "players", "results": "results", "availability": "availability"}
        if what == "results" and len(parts) >= 4:
            return f"/e/{slug}/results/{parts[3]}"
        return f"/e/{slug}/{page_of[what]}" if what in page_of else f"/e/{slug}"
    return "/" + parts[0] if parts[0] in ("check", "devices", "ratings") else "/"


async def on_bug(request: Request, exc: Exception) -> Response:
    """A bug: one line saying so (the traceback goes to the server's log), never a trace page."""
    import traceback

    traceback.print_exception(exc)
    text = f"internal error ({type(exc).__name__}: {exc}); the log shows what was saved. Please report it with the event file."
    if is_htmx(request):
        return HTMLResponse(f'<div class="flash err" role="alert">{_escape(text)}</div>', status_code=500)
    return page(request, "message.html", 500, title="Something went wrong", text=text)


def _escape(text: str) -> str:
    from html import escape

    return escape(text)


class ServerTiming:
    """Adds ``Server-Timing: app;dur=MS`` to every response: the time from the request's
    arrival to its response's start, which is when the page is fully computed (the
    benchmark reads it; so can a browser's developer tools)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        import time

        start = time.perf_counter()

        async def timed(message):
            if message["type"] == "http.response.start":
                ms = (time.perf_counter() - start) * 1000
                message = {
                    **message,
                    "headers": [*message.get("headers", []), (b"server-timing", f"app;dur={ms:.1f}".encode())],
                }
            await send(message)

        await self.app(scope, receive, timed)


def create_app(folder: str | Path, open_to_lan: bool = False) -> Starlette:
    """The desk serving the events of ``folder``."""
    desk = Desk(Path(folder), open_to_lan)
    e = "/e/{slug}"
    routes = [
        Route("/", index),
        Route("/setup", setup, methods=["GET", "POST"]),
        Route("/login", login, methods=["GET", "POST"]),
        Route("/logout", logout, methods=["POST"]),
        Route("/devices", devices, methods=["GET", "POST"]),
        Route("/d/{token}", device_link),
        Route("/ratings", ratings, methods=["GET", "POST"]),
        Route("/check", check_page, methods=["GET", "POST"]),
        Route("/events", create_event, methods=["POST"]),
        Route("/events/import", import_event, methods=["POST"]),
        Route(e, event_home),
        Route(e + "/edit", event_edit, methods=["POST"]),
        Route(e + "/archive", event_archive, methods=["POST"]),
        Route(e + "/export/{fmt}", export),
        Route(e + "/undo", undo, methods=["POST"]),
        Route(e + "/log", log_page),
        Route(e + "/snapshots/{sid:int}/restore", restore, methods=["POST"]),
        Route(e + "/players", players_page),
        Route(e + "/players/{what}", players_action, methods=["POST"]),
        Route(e + "/availability", availability_page),
        Route(e + "/availability/{what}", availability_action, methods=["POST"]),
        Route(e + "/rounds", rounds_page),
        Route(e + "/draft/check", draft_check),
        Route(e + "/draft/{what}", draft_action, methods=["POST"]),
        Route(e + "/results", results_page),
        Route(e + "/results/{round:int}", results_page),
        Route(e + "/results/{round:int}/{board:int}", result_entry, methods=["POST"]),
        Route(e + "/board", board_lookup),
        Route(e + "/b/{code}", board_page),
        Route(e + "/pairings", pairings_page),
        Route(e + "/pairings/{round:int}", pairings_page),
        Route(e + "/standings", standings_page),
        Route(e + "/crosstable", crosstable_page),
        Route(e + "/player/{pid:int}", player_page),
        Route(e + "/hall", hall_page),
        Route(e + "/hall/content", hall_content),
        Route(e + "/stream", stream),
        Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
    ]
    app = Starlette(
        routes=routes,
        exception_handlers={Forbidden: on_forbidden, TabelloneError: on_input_error, Exception: on_bug},
        middleware=[Middleware(ServerTiming)],
    )
    app.state.desk = desk
    return app
