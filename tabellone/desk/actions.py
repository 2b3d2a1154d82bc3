"""What the desk does to an event: each function takes a :class:`State` and returns a
:class:`Change` (the new state and one line for the log), for
:meth:`tabellone.desk.store.SqliteEventStore.change` to run in one transaction.

Every change to the tournament is an operation of the shared event layer, the same the
command line applies to a file, so the desk and the CLI register, edit, remove, give
byes, withdraw, keep players apart, set header records, pair, record and enter results
with the same checks, messages and warnings: :func:`tabellone.event.new_event`,
:func:`~tabellone.event.register`, :func:`~tabellone.event.edit_player`,
:func:`~tabellone.event.remove_player`, :func:`~tabellone.event.bye`,
:func:`~tabellone.event.cancel_bye`, :func:`~tabellone.event.withdrawal`,
:func:`~tabellone.event.prohibit`, :func:`~tabellone.event.allow`,
:func:`~tabellone.event.set_event`, :func:`~tabellone.event.pair_round` (the draft),
:func:`~tabellone.event.record_next` (publishing it, edits and all),
:func:`~tabellone.event.enter` (results). What only a desk has is here: the draft
and its edits, the board grid's keys, the live :func:`~tabellone.api.check` and
:func:`~tabellone.api.explain` of an edited draft.
"""

from __future__ import annotations

import functools
import random
from dataclasses import replace

from tabellone import api
from tabellone.core.acceleration import with_acceleration
from tabellone.core.errors import InputError, TabelloneError
from tabellone.core.model import ByeKind, Tournament
from tabellone.core.pairing import Pairing
from tabellone.core.scoring import Scoring
from tabellone.desk.store import Change, Draft, State, with_tournament
from tabellone.event import (
    Outcome,
    allow,
    board_order,
    boards,
    bye,
    cancel_bye,
    enter,
    event_options,
    make_player,
    new_event,
    pair_round,
    parse_result,
    players_from_csv,
    prohibit,
    record_next,
    register,
    set_event,
    set_tiebreaks,
    system_of,
    withdrawal,
)
from tabellone.event import edit_player as edit_player_record
from tabellone.event import remove_player as remove_player_record
from tabellone.event.header import tiebreak_text
from tabellone.event.record import SHOWN as SHEET_CODES
from tabellone.rules import DEFAULT_SYSTEM, SYSTEMS, declared_system


@functools.cache
def desk_systems() -> tuple[str, ...]:
    """The systems the desk pairs, in the registry's order: the rulesets of individual
    events played one game per round (team and Double-Swiss events are run from the
    command line for now; the random pairing is a research baseline)."""
    return tuple(
        name for name, s in SYSTEMS.items() if not s.pairs_teams and s.games_per_round == 1 and not s.research_baseline
    )


#: The header records the event form writes (TRF26 codes).
HEADER_FIELDS = {
    "name": "012",
    "place": "022",
    "federation": "032",
    "start": "042",
    "end": "052",
    "arbiter": "102",
    "deputies": "112",
    "time_control": "122",
}

#: A key typed in the result grid -> the result as :func:`tabellone.event.record_results` reads it.
KEYS = {"1": "1-0", "0": "0-1", "=": "=", "+": "+-", "-": "-+", "--": "--"}
#: How a pair of TRF codes is shown on a board.
SHOWN = {("1", "0"): "1-0", ("0", "1"): "0-1", ("=", "="): "½-½", ("+", "-"): "+ -", ("-", "+"): "- +"}
SHOWN[("-", "-")] = "- -"
SHOWN[("0", "0")] = "0-0"


def header(t: Tournament, code: str) -> str:
    return next((h.text for h in t.headers if h.code == code), "")


def header_values(t: Tournament | None, values: dict[str, str]) -> dict[str, str | None]:
    """The form's header fields as :func:`tabellone.event.set_headers` reads them (code
    -> text, ``''`` removes a record), only those that differ from ``t``'s (none: a new
    event's, those given)."""
    out: dict[str, str | None] = {}
    for key, value in values.items():
        if key not in HEADER_FIELDS:
            continue
        code, text = HEADER_FIELDS[key], value.strip()
        if len(text) > 120:
            raise InputError(f"{text[:20]}...: at most 120 characters", field=key)
        if text != (header(t, code) if t is not None else ""):
            out[code] = text
    return out


def accelerated(state: State) -> bool:
    return declared_system(state.tournament.system)[1]


def for_pairing(t: Tournament) -> Tournament:
    """The tournament as the pairing reads it: Baku virtual points when the event's
    ``192`` code asks for them."""
    return with_acceleration(t)


# --- the event ----------------------------------------------------------------------------


def create_event(form: dict[str, str], rng: random.Random | None = None) -> tuple[State, str]:
    """A new event from the form; the initial colour drawn by lot when asked ('lot')."""
    rounds_text = form.get("rounds", "").strip()
    if not rounds_text.isdigit():
        raise InputError(f"found {rounds_text!r} rounds, expected a number", field="rounds")
    system = form.get("system", DEFAULT_SYSTEM)
    if system not in desk_systems():
        raise InputError(f"the desk pairs {', '.join(desk_systems())}; not {system!r}", field="system")
    colour = form.get("initial_colour", "lot")
    drawn = colour == "lot"
    if drawn:
        colour = (rng or random.SystemRandom()).choice(("white", "black"))
    tiebreaks = [x for x in form.get("tiebreaks", "").replace(",", " ").split() if x]
    baku = form.get("acceleration") == "baku"
    if baku and SYSTEMS[system].scoring() != Scoring():  # a system with its own points (draughts)
        raise InputError("Baku acceleration (C.04.7) is for the FIDE systems", field="acceleration")
    headers = header_values(None, {k: form.get(k, "") for k in HEADER_FIELDS if k != "name"})
    notes: list[str] = []
    t = new_event(
        form.get("name", ""),
        int(rounds_text),
        system,
        form.get("edition") or None,
        colour,
        tiebreaks,
        baku=baku,
        headers={k: v for k, v in headers.items() if v},
        notes=notes,
    )
    how = "drawn by lot" if drawn else "chosen"
    detail = f"event '{header(t, '012')}' created: {t.total_rounds} rounds, {t.system}; initial colour {colour} ({how})"
    detail += "".join(f"; {note}" for note in notes)
    return State(t, settings={"initial_colour_drawn": drawn, "tiebreak_rules": "2026"}), detail


def import_event(text: str, filename: str) -> Tournament:
    """A tournament from an uploaded TRF16/TRF26, JSON or CSV file."""
    source = filename or "upload"
    if text.lstrip().startswith("{"):
        from tabellone.formats.jsonio import parse_json

        t = parse_json(text, source=source)
    elif source.lower().endswith(".csv"):
        from tabellone.formats.csvio import parse_csv

        t = parse_csv(text, source=source)
    else:
        from tabellone.formats.team_trf import is_team_file
        from tabellone.formats.trf import parse_trf

        if is_team_file(text):
            raise InputError("a team event (310 records): the desk runs individual events", source=source, field="310")
        t = parse_trf(text, source=source, allow_empty=True)
    return t.with_derived_points()


def boards_of_imported(t: Tournament) -> dict[int, tuple[tuple[int, int], ...]]:
    """Board order for rounds paired elsewhere (a TRF does not keep it): C.04.2's, as
    the command line numbers them (:func:`tabellone.event.boards`)."""
    return {r: tuple((b.white, b.black) for b in boards(t, r)) for r in range(1, t.rounds_paired + 1)}


def edit_settings(state: State, form: dict[str, str]) -> Change:
    """The event form: its header records (:func:`tabellone.event.set_event`, which
    checks dates and the federation) and its tie-breaks
    (:func:`tabellone.event.set_tiebreaks`, ``202``)."""
    t = state.tournament
    said: list[str] = []
    warnings: tuple[str, ...] = ()
    values = header_values(t, {k: form.get(k, "") for k in HEADER_FIELDS if k in form})
    if values:
        done = set_event(t, values)
        t, warnings = done.tournament, done.warnings
        said.append(done.message)
    if "tiebreaks" in form:
        codes = [x for x in form["tiebreaks"].replace(",", " ").split() if x]
        if (tiebreak_text(codes) if codes else "") != header(t, "202"):
            done = set_tiebreaks(t, codes)
            t = done.tournament
            said.append(done.message)
    detail = "; ".join(said) if said else "event details saved unchanged"
    return Change(replace(state, tournament=t), detail, warnings=warnings)


def set_archived(state: State, archived: bool) -> Change:
    settings = {**state.settings, "archived": archived}
    return Change(replace(state, settings=settings), "event archived" if archived else "event taken out of the archive")


# --- players --------------------------------------------------------------------------------


def _no_draft(state: State, what: str) -> None:
    if state.draft is not None:
        raise InputError(f"round {state.draft.round} is drafted: publish or unpair it before {what}", field="draft")


def player_fields(form: dict[str, str]) -> dict[str, str]:
    return {k: form.get(k, "") for k in ("name", "rating", "fide_id", "federation", "title", "birth", "sex")}


def _registered(state: State, outcome: Outcome) -> Change:
    """A registration's change: the points its late entries' missed rounds give."""
    return with_tournament(state, replace(outcome, tournament=outcome.tournament.with_derived_points()))


def _register(state: State, players: list, form: dict[str, str], births: list[str]) -> Change:
    """:func:`tabellone.event.register` with the event's rule for rounds a late entrant
    missed (its ``missed`` option) and the form's 'two people of the same name'."""
    t = state.tournament
    try:
        outcome = register(
            t,
            players,
            missed=event_options(t).get("missed", "zero"),
            same_name_ok=bool(form.get("same_name_ok")),
            births_typed=births,
        )
    except InputError as exc:
        raise _in_desk_words(exc) from None
    return _registered(state, outcome)


def _in_desk_words(exc: InputError) -> InputError:
    """The event layer's refusal of a second player of the same name, with the form's
    box to tick instead of the command line's option."""
    if "--same-name-ok" not in exc.detail:
        return exc
    detail = exc.detail.replace(
        "add --same-name-ok", "tick 'a different person with the name of a player already registered'"
    )
    return InputError(detail, field="name")


def add_player(state: State, form: dict[str, str]) -> Change:
    _no_draft(state, "registering a player")
    fields = player_fields(form)
    done = _register(state, [make_player(**fields)], form, [fields["birth"]])
    return replace(done, value=done.value[0])


def add_listed(state: State, ids_text: str, listed: dict[str, dict]) -> Change:
    """Register players by FIDE id from the rating list (``listed``: id -> fields)."""
    _no_draft(state, "registering players")
    ids = ids_text.replace(",", " ").split()
    if not ids:
        raise InputError("give one or more FIDE ids", field="fide_ids")
    unknown = [i for i in ids if i not in listed]
    if unknown:
        raise InputError(f"not in the rating list: {', '.join(unknown)}", field="fide_ids")
    done = _register(state, [make_player(**listed[i]) for i in ids], {}, [])
    t = done.state.tournament
    names = ", ".join(f"{pid} {t.player(pid).name}" for pid in done.value)
    return replace(done, detail=f"registered from the FIDE list: {names}; {done.detail}")


def import_players(state: State, text: str, filename: str, form: dict[str, str] | None = None) -> Change:
    _no_draft(state, "registering players")
    births: list[str] = []
    new = players_from_csv(text, filename or "upload.csv", births)
    done = _register(state, new, form or {}, births)
    return replace(done, detail=f"{len(new)} players imported from {filename or 'a CSV file'}: {done.detail}")


#: The fields a CSV column can be mapped to (the columns players_from_csv reads).
PLAYER_FIELDS = ("name", "rating", "fide_id", "federation", "title", "birth", "sex")


def csv_rows(text: str) -> list[list[str]]:
    """The rows of a CSV (comma or semicolon, as :func:`tabellone.event.players_from_csv` tells them apart)."""
    import csv
    import io

    sample = text[:2048]
    delimiter = ";" if sample.count(";") > sample.count(",") else ","
    return [row for row in csv.reader(io.StringIO(text), delimiter=delimiter) if any(c.strip() for c in row)]


def remap_csv(text: str, mapping: dict[int, str]) -> str:
    """The CSV with only the mapped columns, under the names the event layer reads:
    ``mapping`` is column number -> field (``PLAYER_FIELDS``); the header row is dropped."""
    import csv
    import io

    fields = {k: f for k, f in mapping.items() if f}
    if "name" not in fields.values():
        raise InputError("map one column to the name", field="mapping")
    if len(set(fields.values())) != len(fields):
        raise InputError("two columns are mapped to the same field", field="mapping")
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    order = sorted(fields)
    writer.writerow([fields[k] for k in order])
    for row in csv_rows(text)[1:]:
        writer.writerow([row[k] if k < len(row) else "" for k in order])
    return out.getvalue()


def edit_player(state: State, pid: int, form: dict[str, str]) -> Change:
    """Correct a player's record (:func:`tabellone.event.edit_player`: the fields the
    form sent; before round 1 everyone is renumbered in the initial order)."""
    _no_draft(state, "editing a player")
    changes = {k: str(form[k]) for k in PLAYER_FIELDS if k in form}
    try:
        done = edit_player_record(state.tournament, pid, changes, same_name_ok=bool(form.get("same_name_ok")))
    except InputError as exc:
        raise _in_desk_words(exc) from None
    return with_tournament(state, done)


def remove_player(state: State, pid: int) -> Change:
    """Remove a player before round 1 is paired (afterwards: withdraw); everyone is
    renumbered in the initial order (:func:`tabellone.event.remove_player`)."""
    _no_draft(state, "removing a player")
    return with_tournament(state, remove_player_record(state.tournament, pid))


#: The bye kinds a form names.
BYE_KINDS = {"half": ByeKind.HALF, "zero": ByeKind.ZERO, "full": ByeKind.FULL}


def player_bye(state: State, pid: int, round_text: str, kind: str) -> Change:
    """A bye requested for a round not yet paired (:func:`tabellone.event.bye`)."""
    _no_draft(state, "entering a bye")
    r = int(round_text) if round_text.strip().isdigit() else state.tournament.next_round
    if kind not in BYE_KINDS:
        raise InputError(f"found bye {kind!r}, expected half, zero or full", field="kind")
    return with_tournament(state, bye(state.tournament, pid, r, BYE_KINDS[kind]))


def set_availability(state: State, pid: int, r: int, kind: str) -> Change:
    """A cell of the availability grid: a bye requested for a round not yet paired
    (``half``, ``zero``, ``full``), or none (:func:`tabellone.event.cancel_bye`)."""
    _no_draft(state, "changing who plays")
    if kind:
        return player_bye(state, pid, str(r), kind)
    return with_tournament(state, cancel_bye(state.tournament, pid, r))


def _round_text(text: str, field: str) -> int | None:
    text = text.strip()
    if not text:
        return None
    if not text.isdigit():
        raise InputError(f"found round {text!r}, expected a number", field=field)
    return int(text)


def add_prohibited(state: State, players_text: str, first: str, last: str) -> Change:
    """Players who must not meet (same club, federation, family):
    :func:`tabellone.event.prohibit`, TRF26 ``260`` (``XXP`` in TRF16)."""
    _no_draft(state, "changing who may meet")
    t = state.tournament
    ids = []
    for word in players_text.replace(",", " ").split():
        if not word.isdigit() or int(word) not in t.by_id:
            raise InputError(f"found {word!r}, expected pairing numbers of registered players", field="players")
        ids.append(int(word))
    lo, hi = _round_text(first, "first"), _round_text(last, "last")
    return with_tournament(state, prohibit(t, ids, lo, hi))


def remove_prohibited(state: State, index: int) -> Change:
    """The group at ``index`` (from 0, as the page lists them) may meet again
    (:func:`tabellone.event.allow`)."""
    _no_draft(state, "changing who may meet")
    return with_tournament(state, allow(state.tournament, index + 1))


def player_withdraw(state: State, pid: int) -> Change:
    """:func:`tabellone.event.withdrawal` from the next round to pair."""
    _no_draft(state, "withdrawing a player")
    return with_tournament(state, withdrawal(state.tournament, pid))


# --- the draft -------------------------------------------------------------------------------


def pair_draft(state: State) -> Change:
    """Pair the next round by the event's system as a draft (nothing is published)."""
    _no_draft(state, "pairing again")
    t = state.tournament
    if t.total_rounds is not None and t.next_round > t.total_rounds:
        raise InputError(f"all {t.total_rounds} rounds are paired", field="round")
    missing = [r for r in range(1, t.rounds_paired + 1) if any(p.entry(r).pending for p in t.players)]
    if missing:
        raise InputError(f"round {missing[0]} has games without a result: enter them before pairing", field="round")
    system, edition = system_of(t)
    pairing = pair_round(t)
    pairs = tuple(board_order(t, pairing.round, list(pairing.pairs)))
    draft = Draft(pairing.round, pairs, pairing.bye, (), (), system, edition)
    detail = f"round {draft.round} paired as a draft ({system}): {len(draft.pairs)} boards" + (
        f", bye to {draft.bye}" if draft.bye else ""
    )
    return Change(replace(state, draft=draft), detail)


def _draft(state: State) -> Draft:
    if state.draft is None:
        raise InputError("no round is drafted: pair one first", field="draft")
    return state.draft


def _edited(state: State, draft: Draft, what: str) -> Change:
    draft = replace(draft, edits=draft.edits + (what,))
    return Change(replace(state, draft=draft), f"round {draft.round} draft: {what}")


def _board(draft: Draft, board: int) -> tuple[int, int]:
    if not 1 <= board <= len(draft.pairs):
        raise InputError(f"the draft has boards 1-{len(draft.pairs)}, not {board}", field="board")
    return draft.pairs[board - 1]


def swap_colours(state: State, board: int) -> Change:
    d = _draft(state)
    w, b = _board(d, board)
    pairs = list(d.pairs)
    pairs[board - 1] = (b, w)
    return _edited(state, replace(d, pairs=tuple(pairs)), f"board {board} colours swapped ({b}-{w})")


def unpair_board(state: State, board: int) -> Change:
    d = _draft(state)
    w, b = _board(d, board)
    pairs = tuple(p for k, p in enumerate(d.pairs, start=1) if k != board)
    return _edited(state, replace(d, pairs=pairs, unpaired=d.unpaired + (w, b)), f"board {board} ({w}-{b}) unpaired")


def exchange(state: State, a: int, b: int) -> Change:
    """Two players change places (boards, colours, the bye, or the unpaired list)."""
    d = _draft(state)
    where = _places(d)
    for x in (a, b):
        if x not in where:
            raise InputError(f"player {x} is not in the draft", field="player")
    if a == b:
        raise InputError("choose two different players", field="player")

    if {a, b} in [set(p) for p in d.pairs]:
        raise InputError(f"{a} and {b} play each other: swap the colours instead", field="player")

    def put(x: int) -> int:
        return b if x == a else a if x == b else x

    pairs = tuple((put(w), put(k)) for w, k in d.pairs)
    moved = replace(
        d,
        pairs=pairs,
        bye=put(d.bye) if d.bye is not None else None,
        unpaired=tuple(put(x) for x in d.unpaired),
    )
    return _edited(state, moved, f"players {a} and {b} exchanged")


def pair_two(state: State, white: int, black: int) -> Change:
    """Two unpaired players on a new board (the last)."""
    d = _draft(state)
    for x in (white, black):
        if x not in d.unpaired:
            raise InputError(f"player {x} is not unpaired: unpair their board first", field="player")
    if white == black:
        raise InputError("choose two different players", field="player")
    unpaired = tuple(x for x in d.unpaired if x not in (white, black))
    pairs = tuple(board_order(state.tournament, d.round, [*d.pairs, (white, black)]))
    at = pairs.index((white, black))
    new = replace(d, pairs=pairs, unpaired=unpaired)
    return _edited(state, new, f"{white}-{black} paired on board {at + 1}")


def give_bye(state: State, pid: int) -> Change:
    """The pairing-allocated bye to an unpaired player; whoever had it becomes unpaired."""
    d = _draft(state)
    if pid not in d.unpaired:
        raise InputError(f"player {pid} is not unpaired: unpair their board first", field="player")
    unpaired = tuple(x for x in d.unpaired if x != pid) + ((d.bye,) if d.bye is not None else ())
    return _edited(state, replace(d, bye=pid, unpaired=unpaired), f"bye given to {pid}")


def _places(d: Draft) -> set[int]:
    return {x for p in d.pairs for x in p} | set(d.unpaired) | ({d.bye} if d.bye is not None else set())


def draft_pairing(d: Draft) -> Pairing:
    return Pairing(round=d.round, pairs=list(d.pairs), bye=d.bye)


def check_draft(state: State) -> tuple[api.CheckReport | None, str | None]:
    """The live check of the draft as it stands (:func:`tabellone.api.check`), or the
    one line saying why it cannot be checked."""
    d = _draft(state)
    try:
        return api.check(for_pairing(state.tournament), d.system, d.edition, pairing=draft_pairing(d)), None
    except TabelloneError as exc:
        return None, str(exc)


def explain_draft(state: State, pair: tuple[int, int] | None, bye: int | None) -> api.Explanation:
    d = _draft(state)
    return api.explain(for_pairing(state.tournament), d.system, d.edition, round=d.round, pair=pair, bye=bye)


def publish(state: State) -> Change:
    """Lock the draft: it is recorded as the round (:func:`tabellone.event.record_next`,
    edits and all), its boards in C.04.2's order, and results can be entered."""
    d = _draft(state)
    if d.unpaired:
        raise InputError(
            f"players {', '.join(map(str, d.unpaired))} have no board: pair them, give the bye, or unpair "
            "and re-pair the round",
            field="draft",
        )
    done = record_next(state.tournament, draft_pairing(d), d.system, d.edition, edits=len(d.edits))
    t = done.tournament.with_derived_points()
    order = tuple((b.white, b.black) for b in boards(t, d.round))
    published = replace(state, tournament=t, draft=None, boards={**state.boards, d.round: order})
    detail = done.message.replace(" recorded", " published", 1)
    return Change(published, detail, value=d.round, warnings=done.warnings)


def discard_draft(state: State) -> Change:
    d = _draft(state)
    return Change(replace(state, draft=None), f"round {d.round} draft unpaired")


# --- results ----------------------------------------------------------------------------------


def result_of(t: Tournament, r: int, white: int) -> str:
    """The result on a board as shown (``1-0``, ``½-½``, ``+ -``), '' when not in."""
    e = t.player(white).entry(r)
    if e.result == " ":
        return ""
    other = t.player(e.opponent).entry(r).result if e.opponent is not None else " "
    return SHOWN.get((e.result, other), f"{e.result}{other}")


def later_rounds(state: State, r: int) -> list[int]:
    """Rounds paired (or drafted) after ``r``: a correction in ``r`` changes the scores
    they were paired with."""
    last = state.draft.round if state.draft else state.tournament.rounds_paired
    return list(range(r + 1, last + 1))


def result_code(key: str) -> str:
    """A key of the board grid (``1``, ``0``, ``=``, ``+``, ``-``, ``--``) or a result as a
    score sheet writes it (``1-0``, ``½-½``, ``-+``: :func:`tabellone.event.parse_result`)."""
    if key in KEYS:
        return KEYS[key]
    try:
        return parse_result(key)
    except InputError:
        raise InputError(
            f"found {key!r}, expected 1, 0, =, +, - or -- (double forfeit), or a result as 1-0, ½-½, -+",
            field="result",
        ) from None


def enter_result(state: State, r: int, board: int, key: str) -> Change:
    """The result of one board (:func:`tabellone.event.enter`): a result already there
    is corrected, and the event layer says from what to what and which later rounds
    were paired on the old one; a drafted round is named too."""
    code = result_code(key)
    pairs = state.boards.get(r)
    if pairs is None:
        raise InputError(f"round {r} is not published", field="round")
    if not 1 <= board <= len(pairs):
        raise InputError(f"round {r} has boards 1-{len(pairs)}, not {board}", field="board")
    w, b = pairs[board - 1]
    old = result_of(state.tournament, r, w)
    done = enter(state.tournament, r, [(w, b, code)])
    new = result_of(done.tournament, r, w)
    warnings = done.warnings
    if old and old != new and state.draft is not None and state.draft.round > r:
        warnings += (
            f"round {state.draft.round} is drafted on the old result: unpair and re-pair it to use the new one",
        )
    # the log names the board and its result (the event layer counts new results)
    message = done.message.replace("1 result entered", f"board {board} {w}-{b}: {SHEET_CODES[code]} entered", 1)
    change = with_tournament(state, replace(done, message=message, warnings=warnings), ((r, board),))
    return replace(change, value=(old, new))


def rounds_were(rounds: list[int]) -> str:
    """``round 5 was`` / ``rounds 4, 5 were``."""
    if len(rounds) == 1:
        return f"round {rounds[0]} was"
    return f"rounds {', '.join(map(str, rounds))} were"


def results_complete(t: Tournament, r: int) -> bool:
    return not any(p.entry(r).pending for p in t.players)
