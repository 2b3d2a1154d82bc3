"""What the desk does to an event: each function takes a :class:`State` and returns a
:class:`Change` (the new state and one line for the log), for
:meth:`tabellone.desk.store.EventStore.change` to run in one transaction.

The tournament logic is the shared event layer's and the public API's:
:func:`tabellone.event.new_event`, :func:`~tabellone.event.make_player`,
:func:`~tabellone.event.add_players`, :func:`~tabellone.event.players_from_csv`,
:func:`~tabellone.event.request_bye`, :func:`~tabellone.event.withdraw`,
:func:`~tabellone.event.pair_and_record` (the draft's pairing),
:func:`~tabellone.event.record_results`, :func:`~tabellone.event.renumber`,
:func:`tabellone.api.add_round`, :func:`~tabellone.api.check`, :func:`~tabellone.api.explain`.
"""

from __future__ import annotations

import random
from dataclasses import replace

from tabellone import api
from tabellone.core.acceleration import with_acceleration
from tabellone.core.errors import InputError, TabelloneError
from tabellone.core.model import ByeKind, HeaderRecord, RoundEntry, Tournament
from tabellone.core.pairing import Pairing
from tabellone.desk.store import Change, Draft, State
from tabellone.event import (
    add_players,
    initial_order_key,
    make_player,
    new_event,
    pair_and_record,
    players_from_csv,
    record_results,
    renumber,
    request_bye,
    system_of,
    withdraw,
)
from tabellone.rules import declared_system

#: The systems the desk pairs (one game per round and player; team and Double-Swiss
#: events are run from the command line for now).
DESK_SYSTEMS = ("dutch", "dubov", "burstein", "lim", "italo-svizzero")

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


def with_headers(t: Tournament, values: dict[str, str]) -> Tournament:
    """``t`` with the event's header records set (empty values removed)."""
    by_code = {HEADER_FIELDS[k]: v.strip() for k, v in values.items() if k in HEADER_FIELDS}
    for code, text in by_code.items():
        if len(text) > 120:
            raise InputError(f"{text[:20]}...: at most 120 characters", field=code)
    kept = [h for h in t.headers if h.code not in by_code]
    added = [HeaderRecord(code, text) for code, text in by_code.items() if text]
    return replace(t, headers=tuple(sorted(kept + added, key=lambda h: h.code)))


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
    system = form.get("system", "dutch")
    if system not in DESK_SYSTEMS:
        raise InputError(f"the desk pairs {', '.join(DESK_SYSTEMS)}; not {system!r}", field="system")
    colour = form.get("initial_colour", "lot")
    drawn = colour == "lot"
    if drawn:
        colour = (rng or random.SystemRandom()).choice(("white", "black"))
    tiebreaks = [x for x in form.get("tiebreaks", "").replace(",", " ").split() if x]
    t = new_event(form.get("name", ""), int(rounds_text), system, form.get("edition") or None, colour, tiebreaks)
    if form.get("acceleration") == "baku":
        if system == "italo-svizzero":
            raise InputError("Baku acceleration (C.04.7) is for the FIDE systems", field="acceleration")
        t = replace(t, system=f"{t.system}_BAKU")
    t = with_headers(t, {k: form.get(k, "") for k in HEADER_FIELDS if k != "name"})
    how = "drawn by lot" if drawn else "chosen"
    detail = f"event '{header(t, '012')}' created: {t.total_rounds} rounds, {t.system}; initial colour {colour} ({how})"
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
    """Board order for rounds paired elsewhere (a TRF does not keep it): by the higher
    score of the two players, then the higher-ranked player, as pairing lists show."""
    from tabellone.core.model import pairs_of_round

    out = {}
    for r in range(1, t.rounds_paired + 1):
        pairs, _ = pairs_of_round(t, r)
        out[r] = tuple(sorted(pairs, key=_board_key(t.state_before(r))))
    return out


def _board_key(state):
    """Board order: the higher score of the two, the lower score, the higher-ranked player."""

    def key(p: tuple[int, int]) -> tuple:
        high, low = sorted((state[p[0]].score, state[p[1]].score), reverse=True)
        return (-high, -low, min(p))

    return key


def edit_settings(state: State, form: dict[str, str]) -> Change:
    t = with_headers(state.tournament, {k: form.get(k, "") for k in HEADER_FIELDS})
    if not header(t, "012"):
        raise InputError("the event needs a name", field="name")
    if "tiebreaks" in form:
        from tabellone.tiebreaks import parse_codes

        codes = [x for x in form["tiebreaks"].replace(",", " ").split() if x]
        kept = [h for h in t.headers if h.code != "202"]
        if codes:
            kept.append(HeaderRecord("202", " ".join(tb.text for tb in parse_codes(codes))))
        t = replace(t, headers=tuple(sorted(kept, key=lambda h: h.code)))
    return Change(replace(state, tournament=t), "event details edited")


def set_archived(state: State, archived: bool) -> Change:
    settings = {**state.settings, "archived": archived}
    return Change(replace(state, settings=settings), "event archived" if archived else "event taken out of the archive")


# --- players --------------------------------------------------------------------------------


def _no_draft(state: State, what: str) -> None:
    if state.draft is not None:
        raise InputError(f"round {state.draft.round} is drafted: publish or unpair it before {what}", field="draft")


def player_fields(form: dict[str, str]) -> dict[str, str]:
    return {k: form.get(k, "") for k in ("name", "rating", "fide_id", "federation", "title", "birth", "sex")}


def add_player(state: State, form: dict[str, str]) -> Change:
    _no_draft(state, "registering a player")
    before = state.tournament
    t, ids = add_players(before, [make_player(**player_fields(form))])
    t = t.with_derived_points()
    late = before.rounds_paired > 0
    p = t.player(ids[0])
    detail = f"player {p.id} {p.name} registered" + (" (late entry, next free number)" if late else "")
    return Change(replace(state, tournament=t), detail, value=ids[0])


def add_listed(state: State, ids_text: str, listed: dict[str, dict]) -> Change:
    """Register players by FIDE id from the rating list (``listed``: id -> fields)."""
    _no_draft(state, "registering players")
    ids = ids_text.replace(",", " ").split()
    if not ids:
        raise InputError("give one or more FIDE ids", field="fide_ids")
    unknown = [i for i in ids if i not in listed]
    if unknown:
        raise InputError(f"not in the rating list: {', '.join(unknown)}", field="fide_ids")
    t, new = add_players(state.tournament, [make_player(**listed[i]) for i in ids])
    t = t.with_derived_points()
    names = ", ".join(f"{pid} {t.player(pid).name}" for pid in new)
    return Change(replace(state, tournament=t), f"registered from the FIDE list: {names}", value=new)


def import_players(state: State, text: str, filename: str) -> Change:
    _no_draft(state, "registering players")
    new = players_from_csv(text, filename or "upload.csv")
    t, ids = add_players(state.tournament, new)
    t = t.with_derived_points()
    return Change(replace(state, tournament=t), f"{len(ids)} players imported from {filename or 'a CSV file'}")


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
    """Change a player's record; before round 1 everyone is renumbered in the initial
    order again (the rating or title may have moved the player)."""
    t = state.tournament
    if pid not in t.by_id:
        raise InputError(f"no player has pairing number {pid}", field="player")
    _no_draft(state, "editing a player")
    fresh = make_player(**player_fields(form))
    others = {p.fide_id for p in t.players if p.id != pid and p.fide_id}
    if fresh.fide_id and fresh.fide_id in others:
        raise InputError(f"FIDE id {fresh.fide_id} is already registered", field="fide_id")
    old = t.player(pid)
    edited = replace(fresh, id=pid, rounds=old.rounds, points=old.points, rank=old.rank)
    t = replace(t, players=tuple(edited if p.id == pid else p for p in t.players))
    if t.rounds_paired == 0:
        order = sorted(t.players, key=initial_order_key)
        t = renumber(t, {p.id: k for k, p in enumerate(order, start=1)})
    return Change(replace(state, tournament=t), f"player {pid} {old.name} edited")


def remove_player(state: State, pid: int) -> Change:
    """Remove a player before round 1 is paired (afterwards: withdraw); everyone is
    renumbered in the initial order."""
    t = state.tournament
    if pid not in t.by_id:
        raise InputError(f"no player has pairing number {pid}", field="player")
    _no_draft(state, "removing a player")
    if t.rounds_paired > 0:
        raise InputError("round 1 is paired: a player is withdrawn, not removed", field="player")
    name = t.player(pid).name
    kept = [p for p in t.players if p.id != pid]
    t = replace(
        t,
        players=tuple(kept),
        byes=tuple(b for b in t.byes if b.player != pid),
        virtual_points=tuple(v for v in t.virtual_points if v.player != pid),
        prohibited=tuple(p for p in t.prohibited if pid not in p.players),
    )
    order = sorted(t.players, key=initial_order_key)
    t = renumber(t, {p.id: k for k, p in enumerate(order, start=1)})
    return Change(replace(state, tournament=t), f"player {pid} {name} removed before round 1")


def player_bye(state: State, pid: int, round_text: str, kind: str) -> Change:
    _no_draft(state, "entering a bye")
    r = int(round_text) if round_text.strip().isdigit() else state.tournament.next_round
    bye = {"half": ByeKind.HALF, "zero": ByeKind.ZERO, "full": ByeKind.FULL}.get(kind)
    if bye is None:
        raise InputError(f"found bye {kind!r}, expected half, zero or full", field="kind")
    t = request_bye(state.tournament, pid, r, bye)
    return Change(replace(state, tournament=t), f"player {pid} {t.player(pid).name}: {kind}-point bye in round {r}")


def set_availability(state: State, pid: int, r: int, kind: str) -> Change:
    """A cell of the availability grid: a bye requested for a round not yet paired
    (``half``, ``zero``, ``full``: :func:`tabellone.event.request_bye`), or none."""
    _no_draft(state, "changing who plays")
    t = state.tournament
    if kind:
        return player_bye(state, pid, str(r), kind)
    if pid not in t.by_id:
        raise InputError(f"no player has pairing number {pid}", field="player")
    if r < t.next_round:
        raise InputError(f"round {r} is already paired", field="round")
    kept = tuple(b for b in t.byes if not (b.round == r and b.player == pid))
    if len(kept) == len(t.byes):
        raise InputError(f"player {pid} has no bye in round {r}", field="round")
    return Change(replace(state, tournament=replace(t, byes=kept)), f"player {pid}: plays in round {r} (bye removed)")


def add_prohibited(state: State, players_text: str, first: str, last: str) -> Change:
    """Players who must not meet (same club, federation, family): TRF26 ``260``,
    written as ``XXP`` in TRF16 (which has no rounds: every round)."""
    from tabellone.core.model import ProhibitedPairs

    _no_draft(state, "changing who may meet")
    t = state.tournament
    ids = []
    for word in players_text.replace(",", " ").split():
        if not word.isdigit() or int(word) not in t.by_id:
            raise InputError(f"found {word!r}, expected pairing numbers of registered players", field="players")
        ids.append(int(word))
    if len(set(ids)) < 2:
        raise InputError("give at least two players who must not meet", field="players")
    last_round = t.total_rounds or 99
    lo = int(first) if first.strip().isdigit() else max(1, t.next_round)
    hi = int(last) if last.strip().isdigit() else last_round
    if not 1 <= lo <= hi <= last_round:
        raise InputError(f"rounds {lo}-{hi}: expected rounds within 1-{last_round}", field="rounds")
    new = ProhibitedPairs(lo, hi, tuple(sorted(set(ids))))
    t = replace(t, prohibited=t.prohibited + (new,))
    names = ", ".join(str(i) for i in new.players)
    return Change(replace(state, tournament=t), f"players {names} may not meet in rounds {lo}-{hi}")


def remove_prohibited(state: State, index: int) -> Change:
    _no_draft(state, "changing who may meet")
    t = state.tournament
    if not 0 <= index < len(t.prohibited):
        raise InputError(f"no prohibited group {index + 1}", field="group")
    gone = t.prohibited[index]
    kept = t.prohibited[:index] + t.prohibited[index + 1 :]
    detail = f"players {', '.join(map(str, gone.players))} may meet again"
    return Change(replace(state, tournament=replace(t, prohibited=kept)), detail)


def player_withdraw(state: State, pid: int) -> Change:
    _no_draft(state, "withdrawing a player")
    t = withdraw(state.tournament, pid)
    return Change(
        replace(state, tournament=t),
        f"player {pid} {t.player(pid).name} withdrawn from round {state.tournament.next_round}",
    )


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
    _, pairing = pair_and_record(for_pairing(t))
    draft = Draft(pairing.round, tuple(pairing.pairs), pairing.bye, (), (), system, edition)
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
    scores = state.tournament.state_before(d.round)
    key = _board_key(scores)
    at = next((k for k, p in enumerate(d.pairs) if key(p) > key((white, black))), len(d.pairs))
    new = replace(d, pairs=d.pairs[:at] + ((white, black),) + d.pairs[at:], unpaired=unpaired)
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


def record_pairing(t: Tournament, pairing: Pairing) -> Tournament:
    """``t`` with ``pairing`` entered as its round (:func:`tabellone.api.add_round`):
    requested byes written in the round's column and their ``240`` records spent, every
    other player not paired recorded absent or resting (``Z``), as
    :func:`tabellone.event.pair_and_record` records the engine's own pairing."""
    r = pairing.round
    out = api.add_round(t, pairing)
    byes = {b.player: b.kind.value for b in out.byes if b.round == r}
    players = []
    for p in out.players:
        if p.entry(r).is_empty:
            rounds = list(p.rounds) + [RoundEntry(None, None, " ")] * (r - len(p.rounds))
            rounds[r - 1] = RoundEntry(None, None, byes.get(p.id, "Z"))
            p = replace(p, rounds=tuple(rounds))
        players.append(p)
    return replace(out, players=tuple(players), byes=tuple(b for b in out.byes if b.round != r)).with_derived_points()


def publish(state: State) -> Change:
    """Lock the draft: its boards become the round (results can be entered)."""
    d = _draft(state)
    if d.unpaired:
        raise InputError(
            f"players {', '.join(map(str, d.unpaired))} have no board: pair them, give the bye, or unpair "
            "and re-pair the round",
            field="draft",
        )
    t = record_pairing(state.tournament, draft_pairing(d))
    boards = {**state.boards, d.round: d.pairs}
    edits = f" after {len(d.edits)} manual edits" if d.edits else ""
    return Change(
        replace(state, tournament=t, draft=None, boards=boards),
        f"round {d.round} published{edits}: {len(d.pairs)} boards",
        value=d.round,
    )


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


def enter_result(state: State, r: int, board: int, key: str) -> Change:
    """The result of one board, typed as ``1``, ``0``, ``=``, ``+``, ``-`` or ``--``
    (double forfeit). A result already there is corrected; the log says which later
    rounds were paired with the old one."""
    if key not in KEYS:
        raise InputError(f"found {key!r}, expected 1, 0, =, +, - or -- (double forfeit)", field="result")
    pairs = state.boards.get(r)
    if pairs is None:
        raise InputError(f"round {r} is not published", field="round")
    if not 1 <= board <= len(pairs):
        raise InputError(f"round {r} has boards 1-{len(pairs)}, not {board}", field="board")
    w, b = pairs[board - 1]
    old = result_of(state.tournament, r, w)
    t = record_results(state.tournament, r, [(w, b, KEYS[key])])
    new = result_of(t, r, w)
    if old == new:
        detail = f"round {r} board {board} ({w}-{b}): {new} confirmed"
    elif old:
        later = later_rounds(state, r)
        touched = f"; {rounds_were(later)} paired with the old result" if later else ""
        detail = f"round {r} board {board} ({w}-{b}): corrected {old} -> {new}{touched}"
    else:
        detail = f"round {r} board {board} ({w}-{b}): {new}"
    return Change(replace(state, tournament=t), detail, boards=((r, board),), value=(old, new))


def rounds_were(rounds: list[int]) -> str:
    """``round 5 was`` / ``rounds 4, 5 were``."""
    if len(rounds) == 1:
        return f"round {rounds[0]} was"
    return f"rounds {', '.join(map(str, rounds))} were"


def results_complete(t: Tournament, r: int) -> bool:
    return not any(p.entry(r).pending for p in t.players)
