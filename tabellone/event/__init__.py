"""Running an event from one file: register players, request byes, withdraw, pair the
next round, enter results, every step written back to the same event file safely.

The event file is an ordinary tournament file (TRF26 for a new event; an existing file
keeps its own format: TRF16 with engine records, TRF26 or JSON). Every command reads it,
changes the tournament in memory, and writes it back with :func:`save_event`:

1. the new text goes to a temporary file in the same folder, is flushed and ``fsync``-ed;
2. the file is checked again: if its modification time, size or SHA-256 differ from what
   was read, someone else changed it meanwhile and nothing is written;
3. the previous version is kept as a numbered backup, GNU style: ``EVENT.trf.~1~``,
   ``EVENT.trf.~2~``, ... (the highest number is the most recent);
4. ``os.replace`` puts the new file in place in one step, and the folder is ``fsync``-ed.

An interruption at any point leaves either the old file or the new one, never half of
one. Points (columns 81-84) are always written as the results give them.

Pairing numbers follow FIDE C.04.2 (General handling rules for Swiss tournaments,
"Initial order"): before the first round the players are ordered by rating, then FIDE
title (GM, IM, WGM, FM, WIM, CM, WFM, WCM, no title), then alphabetically, and numbered
from 1. Registering a player before round 1 is paired renumbers everyone in that order.
A player who joins after round 1 has been paired (a late entry) gets the next free
number: the numbers already printed on pairings and in the file's round records are not
changed.
"""

from __future__ import annotations

import csv
import hashlib
import io
import os
import shutil
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path

from tabellone.core.errors import FileAccessError, InputError
from tabellone.core.model import (
    BLACK,
    WHITE,
    ByeKind,
    HeaderRecord,
    Player,
    PreassignedBye,
    ProhibitedPairs,
    RoundEntry,
    Tournament,
    VirtualPoints,
)
from tabellone.core.pairing import Pairing
from tabellone.core.rounds import add_round
from tabellone.core.scoring import Scoring
from tabellone.core.team import TeamTournament
from tabellone.event.results import (
    known_player,
    missing_results,
    parse_result_triples,
    record_player_results,
    results_from_csv,
)
from tabellone.event.teams import pair_and_record_team, record_board_results
from tabellone.formats.files import read_bytes
from tabellone.formats.jsonio import format_json, parse_json
from tabellone.formats.team_trf import format_team_trf, is_team_file, parse_team_trf
from tabellone.formats.trf import decode, format_trf, parse_trf
from tabellone.rules import SYSTEMS, declared_system, get_system, system_code
from tabellone.rules.dispatch import pair
from tabellone.tiebreaks import parse_codes

__all__ = [
    "Event",
    "Fingerprint",
    "RENUMBER_UNTIL",
    "TITLE_ORDER",
    "add_players",
    "backup_name",
    "detect_format",
    "event_name",
    "initial_order_key",
    "make_player",
    "missing_results",
    "new_event",
    "normal_title",
    "pair_and_record",
    "parse_result_triples",
    "players_from_csv",
    "read_event",
    "record_player_results",
    "record_results",
    "render",
    "renumber",
    "request_bye",
    "results_from_csv",
    "save_event",
    "score",
    "system_of",
    "withdraw",
    "withdrawn_players",
]

# --- the file --------------------------------------------------------------------------


@dataclass(frozen=True)
class Fingerprint:
    """What a file was when read: a later write refuses if any of these changed."""

    mtime_ns: int
    size: int
    sha256: str


@dataclass(frozen=True)
class Event:
    """An event file as read: its path, tournament, format and fingerprint."""

    path: Path
    tournament: Tournament
    format: str  # 'trf16', 'trf26' or 'json'
    fingerprint: Fingerprint | None  # None: the file does not exist yet


def _fingerprint(path: Path, data: bytes) -> Fingerprint:
    st = path.stat()
    return Fingerprint(st.st_mtime_ns, st.st_size, hashlib.sha256(data).hexdigest())


def detect_format(text: str) -> str:
    """``json`` for a JSON document; ``trf16`` when the file uses the engines' ``XX?`` /
    ``BB?`` records (it was written for bbpPairings or JaVaFo); otherwise ``trf26``."""
    if text.lstrip().startswith("{"):
        return "json"
    for line in text.splitlines():
        if line[:2].upper() in ("XX", "BB") and len(line) >= 3 and line[2].isalpha():
            return "trf16"
    return "trf26"


def read_event(path: str | os.PathLike[str], teams: bool = False) -> Event:
    """Read an event file and remember its fingerprint. A team event (TRF26 ``310``)
    is read only by the commands that edit one (``teams=True``: ``pair --write``,
    ``result``, ``bye`` and ``withdraw``, :mod:`tabellone.event.teams`)."""
    p = Path(path)
    data = read_bytes(p)
    text, _ = decode(data)
    fmt = detect_format(text)
    if fmt != "json" and is_team_file(text):
        if not teams:
            raise InputError(
                "this command does not edit team events (310 records): the teams and their players are "
                "registered in the file; 'pair --write', 'result', 'bye' and 'withdraw' edit them",
                source=str(p),
                field="310",
            )
        return Event(p, parse_team_trf(text, source=str(p)), "trf26", _fingerprint(p, data))
    t = parse_json(text, source=str(p)) if fmt == "json" else parse_trf(text, source=str(p), allow_empty=True)
    return Event(p, t, fmt, _fingerprint(p, data))


def backup_name(path: Path) -> Path:
    """The next free numbered backup name: ``EVENT.trf.~N~``."""
    n = 1
    prefix = path.name + ".~"
    for name in os.listdir(path.parent if str(path.parent) else "."):
        number = name[len(prefix) : -1]
        if name.startswith(prefix) and name.endswith("~") and number.isascii() and number.isdigit():
            n = max(n, int(number) + 1)
    return path.with_name(f"{path.name}.~{n}~")


def render(t: Tournament, fmt: str) -> str:
    """The text of the event file: points recomputed from the results."""
    if isinstance(t, TeamTournament):
        return format_team_trf(t.with_derived_points())
    t = t.with_derived_points()
    return format_json(t) if fmt == "json" else format_trf(t, fmt)


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _unchanged(path: Path, fingerprint: Fingerprint | None) -> None:
    """Refuse to write over a file that is not the one read."""
    if fingerprint is None:
        if path.exists():
            raise InputError(
                f"{path} exists; choose another name (an event file is never overwritten by 'new')", field="EVENT"
            )
        return
    try:
        data = path.read_bytes()
        now = _fingerprint(path, data)
    except FileNotFoundError:
        raise FileAccessError(f"{path}: the file was removed while the command ran; nothing written") from None
    except OSError as exc:
        raise FileAccessError(f"{path}: cannot read ({exc.strerror})") from None
    if now != fingerprint:
        raise FileAccessError(
            f"{path}: the file changed since it was read (another program or command wrote it); "
            "nothing written: run the command again"
        )


def save_event(event: Event, t: Tournament) -> Path | None:
    """Write ``t`` to the event's file safely (see the module text); returns the backup
    made of the previous version (``None`` for a new file)."""
    path = event.path
    text = render(t, event.format)
    folder = path.parent if str(path.parent) else Path(".")
    try:
        fd, tmp_name = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as exc:
        raise FileAccessError(f"{path}: cannot write in {folder} ({exc.strerror})") from None
    tmp = Path(tmp_name)
    backup = None
    try:
        try:
            mode = path.stat().st_mode & 0o7777
        except OSError:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(tmp, mode)
        with os.fdopen(fd, "wb") as f:
            f.write(text.encode("utf-8"))
            f.flush()
            os.fsync(f.fileno())
        _unchanged(path, event.fingerprint)
        if event.fingerprint is not None:
            backup = backup_name(path)
            try:
                os.link(path, backup)  # the old version stays whole under its new name
            except OSError:
                shutil.copy2(path, backup)
        os.replace(tmp, path)
        _fsync_folder(folder)
    except OSError as exc:
        raise FileAccessError(f"{path}: cannot write ({exc.strerror}); the file is as it was") from None
    finally:
        if tmp.exists():
            try:
                tmp.unlink()
            except OSError:
                pass
    return backup


# --- the system of an event --------------------------------------------------------------


def system_of(t: Tournament) -> tuple[str, str | None]:
    """The pairing system and edition the file names (TRF26 ``192``): Dutch by default."""
    found, _ = declared_system(t.system)
    return found if found is not None else ("dutch", None)


def event_name(t: Tournament) -> str:
    return next((h.text for h in t.headers if h.code == "012"), "")


# --- creating an event -----------------------------------------------------------------


def new_event(
    name: str,
    rounds: int,
    system: str = "dutch",
    edition: str | None = None,
    initial_colour: str | None = None,
    tiebreaks: Sequence[str] = (),
) -> Tournament:
    """An event without players: name (``012``), rounds (``142``), initial colour
    (``152``), system (``192``), tie-breaks (``202``)."""
    if not name.strip():
        raise InputError("the event needs a name", field="--name")
    if rounds < 1 or rounds > 99:
        raise InputError(f"found {rounds} rounds, expected 1 to 99", field="--rounds")
    if system not in SYSTEMS:
        raise InputError(f"unknown pairing system {system!r}; available: {', '.join(SYSTEMS)}", field="--system")
    module = get_system(system)
    edition = edition or module.editions[0]
    if edition not in module.editions:
        raise InputError(
            f"unknown edition {edition!r} of {system}; expected one of {', '.join(module.editions)}", field="--edition"
        )
    colour = None
    if initial_colour is not None:
        if initial_colour not in ("white", "black"):
            raise InputError(f"found {initial_colour!r}, expected white or black", field="--initial-colour")
        colour = WHITE if initial_colour == "white" else BLACK
    headers = [HeaderRecord("012", name.strip())]
    if tiebreaks:
        headers.append(HeaderRecord("202", " ".join(tb.text for tb in parse_codes(tiebreaks))))
    scoring = Scoring.draughts() if system == "italo-svizzero" else Scoring()
    return Tournament(
        players=(),
        total_rounds=rounds,
        initial_colour=colour,
        scoring=scoring,
        system=system_code(system, edition),
        headers=tuple(headers),
    )


# --- players ------------------------------------------------------------------------------

#: FIDE titles in the order of C.04.2 (Initial order): GM, IM, WGM, FM, WIM, CM, WFM, WCM.
TITLE_ORDER = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
_TITLE_CODES = {"g": "GM", "i": "IM", "wg": "WGM", "f": "FM", "wi": "WIM", "c": "CM", "wf": "WFM", "wc": "WCM"}


def normal_title(title: str) -> str:
    """A title as typed (``gm``, ``GM``, TRF's ``g``) in the form the file keeps."""
    t = title.strip()
    if not t:
        return ""
    if t.lower() in _TITLE_CODES:
        return _TITLE_CODES[t.lower()]
    if t.upper() in TITLE_ORDER:
        return t.upper()
    raise InputError(f"found title {title!r}, expected one of {', '.join(TITLE_ORDER)} or none", field="--title")


def initial_order_key(p: Player) -> tuple:
    """C.04.2 Initial order: rating (highest first), title, then name."""
    title = (
        normal_title(p.title)
        if p.title.strip().upper() in TITLE_ORDER or p.title.strip().lower() in _TITLE_CODES
        else ""
    )
    rank = TITLE_ORDER.index(title) if title else len(TITLE_ORDER)
    return (-p.rating, rank, p.name.casefold(), p.name)


def renumber(t: Tournament, mapping: dict[int, int]) -> Tournament:
    """``t`` with every pairing number changed by ``mapping`` (players, round records,
    byes, virtual points, prohibited pairs)."""

    def m(pid: int | None) -> int | None:
        return None if pid is None else mapping[pid]

    players = []
    for p in t.players:
        rounds = tuple(RoundEntry(m(e.opponent), e.colour, e.result) for e in p.rounds)
        players.append(replace(p, id=mapping[p.id], rounds=rounds))
    players.sort(key=lambda p: p.id)
    return replace(
        t,
        players=tuple(players),
        byes=tuple(sorted(PreassignedBye(b.round, mapping[b.player], b.kind) for b in t.byes)),
        virtual_points=tuple(sorted(VirtualPoints(v.round, mapping[v.player], v.points) for v in t.virtual_points)),
        prohibited=tuple(
            ProhibitedPairs(r.first_round, r.last_round, tuple(mapping[i] for i in r.players)) for r in t.prohibited
        ),
    )


def _check_field(value: str, width: int, what: str, option: str) -> str:
    value = value.strip()
    if len(value) > width:
        raise InputError(f"{what} {value!r} is longer than its {width} TRF columns", field=option)
    return value


def make_player(
    name: str,
    rating: int | str | None = None,
    fide_id: str = "",
    federation: str = "",
    title: str = "",
    birth: str = "",
    sex: str = "",
) -> Player:
    """A player record from what the organiser typed, each field checked."""
    name = _check_field(name or "", 33, "name", "--name")
    if not name:
        raise InputError("a player needs a name", field="--name")
    if rating in (None, ""):
        rating_value = 0
    else:
        text = str(rating).strip()
        if not (text.isascii() and text.isdigit()) or int(text) > 9999:
            raise InputError(f"found rating {text!r}, expected a whole number from 0 to 9999", field="--rating")
        rating_value = int(text)
    fide_id = _check_field(fide_id or "", 11, "FIDE id", "--fide-id")
    if fide_id and not (fide_id.isascii() and fide_id.isdigit()):
        raise InputError(f"found FIDE id {fide_id!r}, expected digits", field="--fide-id")
    federation = _check_field(federation or "", 3, "federation", "--federation").upper()
    birth = _check_field(birth or "", 10, "birth date", "--birth")
    sex = _check_field(sex or "", 1, "sex", "--sex").lower()
    if sex and sex not in ("m", "w", "f"):
        raise InputError(f"found sex {sex!r}, expected m or w", field="--sex")
    return Player(
        id=0,
        name=name,
        rating=rating_value,
        fide_id=fide_id,
        federation=federation,
        title=normal_title(title or ""),
        birth_date=birth,
        sex=sex,
    )


#: C.04.2: pairing numbers may be reassigned until this many rounds are paired.
RENUMBER_UNTIL = 4


def add_players(t: Tournament, new: Iterable[Player], insert: bool = False) -> tuple[Tournament, list[int]]:
    """``t`` with ``new`` registered, and the pairing number each one got.

    Before round 1 is paired every player is renumbered in the C.04.2 initial order;
    afterwards each new player gets the next free number (a late entry), with the rounds
    already paired recorded as absences (``0000 - Z``: no points). With ``insert`` a late
    entry is put in its place in the initial order instead and everyone renumbered (every
    round record follows), which C.04.2 allows until the fourth round is paired."""
    new = list(new)
    if insert and 0 < t.rounds_paired:
        if t.rounds_paired >= RENUMBER_UNTIL:
            raise InputError(
                f"{t.rounds_paired} rounds are paired: pairing numbers are not changed after round {RENUMBER_UNTIL} "
                "(C.04.2); the player gets the next free number without --insert",
                field="--insert",
            )
        t, ids = add_players(t, new)
        order = sorted(t.players, key=initial_order_key)
        mapping = {p.id: k for k, p in enumerate(order, start=1)}
        return renumber(t, mapping), [mapping[i] for i in ids]
    if t.total_rounds is not None and t.rounds_paired >= t.total_rounds:
        raise InputError(f"all {t.total_rounds} rounds are paired; no player can join", field="player")
    fide_ids = {p.fide_id for p in t.players if p.fide_id}
    for p in new:
        if p.fide_id and p.fide_id in fide_ids:
            raise InputError(f"FIDE id {p.fide_id} is already registered", field="--fide-id")
        if p.fide_id:
            fide_ids.add(p.fide_id)
    if t.rounds_paired == 0:
        start = max((p.id for p in t.players), default=0)
        provisional = [replace(p, id=start + k) for k, p in enumerate(new, start=1)]
        everyone = list(t.players) + provisional
        order = sorted(everyone, key=initial_order_key)
        mapping = {p.id: k for k, p in enumerate(order, start=1)}
        merged = replace(t, players=tuple(sorted(everyone, key=lambda p: p.id)))
        out = renumber(merged, mapping)
        return out, [mapping[p.id] for p in provisional]
    first = max((p.id for p in t.players), default=0) + 1
    missed = tuple(RoundEntry(None, None, "Z") for _ in range(t.rounds_paired))
    added = [replace(p, id=first + k, rounds=missed) for k, p in enumerate(new)]
    return replace(t, players=t.players + tuple(added)), [p.id for p in added]


_CSV_FIELDS = {
    "name": "name",
    "player": "name",
    "rating": "rating",
    "elo": "rating",
    "rtg": "rating",
    "fide_id": "fide_id",
    "fide id": "fide_id",
    "fideid": "fide_id",
    "id_fide": "fide_id",
    "federation": "federation",
    "fed": "federation",
    "country": "federation",
    "title": "title",
    "tit": "title",
    "birth": "birth",
    "birth_date": "birth",
    "born": "birth",
    "birthday": "birth",
    "sex": "sex",
    "gender": "sex",
}


def players_from_csv(text: str, source: str) -> list[Player]:
    """Players from a CSV with a header row naming its columns: ``name`` (required),
    ``rating``, ``fide_id``, ``federation``, ``title``, ``birth``, ``sex`` (a few usual
    spellings accepted). Comma or semicolon separated."""
    sample = text[:2048]
    delimiter = ";" if sample.count(";") > sample.count(",") else ","
    rows = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    rows = [(n, r) for n, r in enumerate(rows, start=1) if any(c.strip() for c in r)]
    if not rows:
        raise InputError("no rows: expected a header row (name,rating,...) and one row per player", source=source)
    header_line, header = rows[0]
    columns: dict[int, str] = {}
    for k, cell in enumerate(header):
        key = cell.strip().lower().lstrip("\ufeff")
        if key not in _CSV_FIELDS:
            raise InputError(
                f"unknown column {cell.strip()!r}; expected some of name, rating, fide_id, federation, title, birth, sex",
                source=source,
                line=header_line,
                field="header",
            )
        columns[k] = _CSV_FIELDS[key]
    if "name" not in columns.values():
        raise InputError("no 'name' column in the header row", source=source, line=header_line, field="header")
    players = []
    for n, row in rows[1:]:
        if len(row) > len(header):
            raise InputError(f"{len(row)} fields, the header has {len(header)}", source=source, line=n)
        values = {columns[k]: cell for k, cell in enumerate(row)}
        try:
            players.append(make_player(**values))
        except InputError as exc:
            raise InputError(
                exc.detail, source=source, line=n, field=(exc.field or "").lstrip("-").replace("-", "_")
            ) from None
    if not players:
        raise InputError("a header row but no players", source=source)
    return players


# --- byes and withdrawals -----------------------------------------------------------------


def _future_round(t: Tournament, r: int, what: str) -> None:
    if r < t.next_round:
        raise InputError(f"round {r} is already paired (the next round is {t.next_round}); {what}", field="--round")
    if t.total_rounds is not None and r > t.total_rounds:
        raise InputError(f"round {r} is beyond the event's {t.total_rounds} rounds", field="--round")


def request_bye(t: Tournament, pid: int, round_number: int, kind: ByeKind) -> Tournament:
    """A bye requested before round ``round_number`` is paired (TRF26 ``240``): the
    player is not paired and scores the bye's points (``H`` half, ``Z`` zero, ``F`` a
    win where the rules of the event allow it)."""
    known_player(t, pid)
    _future_round(t, round_number, "a bye is requested before the round is paired")
    if any(b.round == round_number and b.player == pid for b in t.byes):
        old = next(b for b in t.byes if b.round == round_number and b.player == pid)
        if old.kind == kind:
            raise InputError(f"player {pid} already has this bye in round {round_number}", field="ID")
    byes = tuple(
        sorted(
            {b for b in t.byes if not (b.round == round_number and b.player == pid)}
            | {PreassignedBye(round_number, pid, kind)}
        )
    )
    return replace(t, byes=byes)


def withdraw(t: Tournament, pid: int, from_round: int | None = None) -> Tournament:
    """The player leaves from ``from_round`` (default: the next round to pair) to the
    end: a zero-point bye (``240 Z``) in each of those rounds. Results already played
    stay (C.04.2: a withdrawn player is not paired any more)."""
    known_player(t, pid)
    if t.total_rounds is None:
        raise InputError("the file does not say how many rounds the event has (TRF26 142 / XXR)", field="142")
    r = t.next_round if from_round is None else from_round
    _future_round(t, r, "a game already paired is ended with a result (a forfeit: -+ or +-), not a withdrawal")
    rounds = range(r, t.total_rounds + 1)
    kept = {b for b in t.byes if not (b.player == pid and b.round >= r)}
    kept |= {PreassignedBye(k, pid, ByeKind.ZERO) for k in rounds}
    return replace(t, byes=tuple(sorted(kept)))


def withdrawn_players(t: Tournament) -> set[int]:
    """Players with a zero-point bye in every round from some round to the last, with at
    least one of them still to be played or not played at all (a withdrawal)."""
    if not t.total_rounds:
        return set()
    out = set()
    zero_records = {(b.player, b.round) for b in t.byes if b.kind is ByeKind.ZERO}
    for p in t.players:
        last = t.total_rounds
        if (p.id, last) in zero_records or (
            p.entry(last).opponent is None and p.entry(last).result in "Z-" and last <= t.rounds_paired
        ):
            out.add(p.id)
    return out


# --- pairing and results --------------------------------------------------------------------


def pair_and_record(
    t: Tournament, system: str | None = None, edition: str | None = None, **options
) -> tuple[Tournament, Pairing]:
    """Pair the next round by the file's system (or ``system``), and record it: the
    boards without results, the PAB, and the byes requested for that round written into
    its column (``0000 - H``), their ``240`` records then spent."""
    if isinstance(t, TeamTournament):
        return pair_and_record_team(t, system, edition, **options)
    file_system, file_edition = system_of(t)
    system = system or file_system
    edition = edition or (file_edition if system == file_system else None)
    if t.total_rounds is not None and t.next_round > t.total_rounds:
        raise InputError(f"all {t.total_rounds} rounds are paired", field="EVENT")
    if len(t.players) < 2:
        raise InputError(f"{len(t.players)} players registered; at least two are needed to pair", field="EVENT")
    pairing = pair(t, system, edition, **{k: v for k, v in options.items() if v is not None})
    r = pairing.round
    out = add_round(t, pairing)
    if out.system is None:  # the file says which system paired it (TRF26 192)
        out = replace(out, system=system_code(system, edition))
    byes = {b.player: b.kind for b in out.byes if b.round == r}
    players = []
    for p in out.players:
        if p.id in byes and p.entry(r).is_empty:
            rounds = list(p.rounds) + [RoundEntry(None, None, " ")] * (r - len(p.rounds))
            rounds[r - 1] = RoundEntry(None, None, byes[p.id].value)
            p = replace(p, rounds=tuple(rounds))
        elif p.entry(r).is_empty:  # not paired and no bye: absent (no points)
            rounds = list(p.rounds) + [RoundEntry(None, None, " ")] * (r - len(p.rounds))
            rounds[r - 1] = RoundEntry(None, None, "Z")
            p = replace(p, rounds=tuple(rounds))
        players.append(p)
    out = replace(out, players=tuple(players), byes=tuple(b for b in out.byes if b.round != r))
    return out, pairing


def record_results(t: Tournament, round_number: int, triples: Sequence[tuple[int, int, str]]) -> Tournament:
    """Enter results of ``round_number``. A pair given as BLACK WHITE is turned round
    (``7 12 0-1`` is board ``12 7 1-0``). A result already entered is replaced (a
    correction). In a team event the numbers are the players' (its boards), and the
    matches follow their boards (:func:`tabellone.event.teams.record_board_results`)."""
    if isinstance(t, TeamTournament):
        return record_board_results(t, round_number, triples)
    return record_player_results(t, round_number, triples)


def score(t: Tournament, pid: int) -> Fraction:
    return t.score_after(t.player(pid), t.rounds_recorded)
