"""Players of an event: register (one, or a CSV), edit, remove; each field checked as
typed, with the warnings an arbiter wants before the list is published.

Pairing numbers follow FIDE C.04.2 (General handling rules, Art. 2 "Initial order"):
before the first round the players are ordered by rating, then FIDE title (GM, IM,
WGM, FM, WIM, CM, WFM, WCM, no title), then alphabetically, and numbered from 1; every
registration, edit or removal before round 1 is paired renumbers everyone so. A player
who joins after round 1 has been paired (a late entry, Art. 2.4) gets the next free
number, or with ``insert`` his place in the initial order (everyone renumbered, until
round 4 is paired: Art. 2.3). Art. 2.4 gives a late entry no points for the rounds
missed "unless the rules of the tournament say otherwise": an event whose rules give
half a point for them records those rounds as half-point byes (``missed="half"``).

Names are written as FIDE writes them, "Surname, Forename": a name without a comma is
accepted with a warning. A second player with the same name and nothing to tell the two
apart (no FIDE id, no different birth date) is refused unless ``same_name_ok``. Birth
dates go into TRF's YYYY/MM/DD; a date typed DD/MM/YYYY (or with dots or dashes) is
converted, and the command says so.
"""

from __future__ import annotations

import csv
import datetime
import io
import re
from collections.abc import Iterable, Sequence
from dataclasses import replace

from tabellone.core.errors import InputError
from tabellone.core.model import Player, PreassignedBye, ProhibitedPairs, RoundEntry, Tournament, VirtualPoints
from tabellone.event.outcome import Outcome

#: FIDE titles in the order of C.04.2 (Initial order): GM, IM, WGM, FM, WIM, CM, WFM, WCM.
TITLE_ORDER = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
_TITLE_CODES = {"g": "GM", "i": "IM", "wg": "WGM", "f": "FM", "wi": "WIM", "c": "CM", "wf": "WFM", "wc": "WCM"}

#: C.04.2 Art. 2.3: pairing numbers may be reassigned until this many rounds are paired.
RENUMBER_UNTIL = 4

#: What a late entrant scores in each round missed: C.04.2 Art. 2.4 (nothing), or the
#: half-point bye an event's rules may give instead.
MISSED = {"zero": "Z", "half": "H"}


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


def _in_initial_order(t: Tournament) -> tuple[Tournament, dict[int, int]]:
    order = sorted(t.players, key=initial_order_key)
    mapping = {p.id: k for k, p in enumerate(order, start=1)}
    return renumber(t, mapping), mapping


def _check_field(value: str, width: int, what: str, option: str) -> str:
    value = value.strip()
    if len(value) > width:
        raise InputError(f"{what} {value!r} is longer than its {width} TRF columns", field=option)
    return value


_YMD = re.compile(r"(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})", re.ASCII)
_DMY = re.compile(r"(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})", re.ASCII)


def birth_date(text: str, today: datetime.date | None = None) -> tuple[str, str | None]:
    """A birth date as TRF writes it (YYYY/MM/DD, columns 70-79), and a note when it was
    typed otherwise: DD/MM/YYYY (also with dots or dashes) is converted; a year alone is
    kept as ``YYYY/00/00``, the form FIDE's own files use for an unknown day. Anything
    that is not a real date in the past is refused."""
    text = text.strip()
    if not text:
        return "", None
    note = None
    if re.fullmatch(r"\d{4}", text, re.ASCII):
        year, month, day = int(text), 0, 0
        note = f"birth date {text} written as {text}/00/00 (TRF: YYYY/MM/DD, day and month unknown)"
    elif m := _YMD.fullmatch(text):
        year, month, day = (int(g) for g in m.groups())
    elif m := _DMY.fullmatch(text):
        day, month, year = (int(g) for g in m.groups())
        note = (
            f"birth date {text} read as day/month/year and written {year:04d}/{month:02d}/{day:02d} (TRF: YYYY/MM/DD)"
        )
    else:
        raise InputError(f"found birth date {text!r}, expected YYYY/MM/DD (or DD/MM/YYYY)", field="--birth")
    today = today or datetime.date.today()
    if (month, day) != (0, 0):
        try:
            when = datetime.date(year, month, day)
        except ValueError:
            raise InputError(f"found birth date {text!r}: there is no such day", field="--birth") from None
        if when > today:
            raise InputError(f"found birth date {text!r}, which is in the future", field="--birth")
    if year < 1900 or year > today.year:
        raise InputError(f"found birth date {text!r}: the year {year} is not plausible", field="--birth")
    value = f"{year:04d}/{month:02d}/{day:02d}"
    if note is None and value != text:
        note = f"birth date {text} written as {value} (TRF: YYYY/MM/DD)"
    return value, note


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
    name = " ".join((name or "").split())
    name = _check_field(name, 33, "name", "--name")
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
    if federation and not (federation.isascii() and federation.isalpha() and len(federation) == 3):
        raise InputError(
            f"found federation {federation!r}, expected a three-letter code such as ITA", field="--federation"
        )
    birth_value, _ = birth_date(birth or "")
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
        birth_date=birth_value,
        sex="w" if sex == "f" else sex,
    )


def _same_person_risk(a: Player, b: Player) -> bool:
    """Same name, and nothing on record tells the two apart."""
    if " ".join(a.name.casefold().split()) != " ".join(b.name.casefold().split()):
        return False
    if a.fide_id and b.fide_id and a.fide_id != b.fide_id:
        return False
    return not (a.birth_date and b.birth_date and a.birth_date != b.birth_date)


def player_warnings(
    t: Tournament, p: Player, same_name_ok: bool = False, birth_typed: str = "", ignore: int | None = None
) -> list[str]:
    """What to tell the arbiter about registering ``p`` in ``t`` (``ignore``: the
    player being edited); refuses a FIDE id already registered, and a duplicate name
    unless ``same_name_ok``."""
    notes = []
    others = [q for q in t.players if q.id != ignore]
    for q in others:
        if p.fide_id and q.fide_id == p.fide_id:
            raise InputError(f"FIDE id {p.fide_id} is already registered (player {q.id} {q.name})", field="--fide-id")
    twins = [q for q in others if _same_person_risk(p, q)]
    if twins:
        q = twins[0]
        if not same_name_ok:
            raise InputError(
                f"player {q.id} is already registered as {q.name!r} with nothing to tell the two apart "
                "(FIDE id, birth date): registered twice? If they are two people, add --same-name-ok",
                field="--name",
            )
        notes.append(f"{p.name!r} has the same name as player {q.id}")
    if "," not in p.name:
        notes.append(f"name {p.name!r} has no comma: FIDE writes 'Surname, Forename' (e.g. 'Rossi, Mario')")
    if birth_typed:
        _, note = birth_date(birth_typed)
        if note:
            notes.append(note)
    return notes


def add_players(
    t: Tournament, new: Iterable[Player], insert: bool = False, missed: str = "zero"
) -> tuple[Tournament, list[int]]:
    """``t`` with ``new`` registered, and the pairing number each one got.

    Before round 1 is paired every player is renumbered in the C.04.2 initial order;
    afterwards each new player gets the next free number (a late entry), with the rounds
    already paired recorded as ``missed`` (``zero``: ``0000 - Z``, no points; ``half``:
    ``0000 - H``, a half-point bye, where the event's rules give one). With ``insert`` a
    late entry is put in its place in the initial order instead and everyone renumbered
    (every round record follows), which C.04.2 allows until the fourth round is paired."""
    new = list(new)
    if missed not in MISSED:
        raise InputError(f"found {missed!r}, expected zero or half", field="--missed")
    if insert and 0 < t.rounds_paired:
        if t.rounds_paired >= RENUMBER_UNTIL:
            raise InputError(
                f"{t.rounds_paired} rounds are paired: pairing numbers are not changed after round {RENUMBER_UNTIL} "
                "(C.04.2); the player gets the next free number without --insert",
                field="--insert",
            )
        t, ids = add_players(t, new, missed=missed)
        out, mapping = _in_initial_order(t)
        return out, [mapping[i] for i in ids]
    if t.total_rounds is not None and t.rounds_paired >= t.total_rounds:
        raise InputError(f"all {t.total_rounds} rounds are paired; no player can join", field="player")
    fide_ids = {p.fide_id for p in t.players if p.fide_id}
    for p in new:
        if p.fide_id and p.fide_id in fide_ids:
            raise InputError(f"FIDE id {p.fide_id} is already registered", field="--fide-id")
        if p.fide_id:
            fide_ids.add(p.fide_id)
    start = max((p.id for p in t.players), default=0)
    if t.rounds_paired == 0:
        provisional = [replace(p, id=start + k) for k, p in enumerate(new, start=1)]
        merged = replace(t, players=tuple(sorted(list(t.players) + provisional, key=lambda p: p.id)))
        out, mapping = _in_initial_order(merged)
        return out, [mapping[p.id] for p in provisional]
    code = MISSED[missed]
    rounds = tuple(RoundEntry(None, None, code) for _ in range(t.rounds_paired))
    added = [replace(p, id=start + 1 + k, rounds=rounds) for k, p in enumerate(new)]
    return replace(t, players=t.players + tuple(added)), [p.id for p in added]


def register(
    t: Tournament,
    players: Sequence[Player],
    *,
    insert: bool = False,
    missed: str = "zero",
    same_name_ok: bool = False,
    births_typed: Sequence[str] = (),
) -> Outcome:
    """The operation 'register players' (:func:`add_players`) with its warnings."""
    warnings: list[str] = []
    seen = t
    for k, p in enumerate(players):
        warnings += player_warnings(seen, p, same_name_ok, births_typed[k] if k < len(births_typed) else "")
        seen = replace(seen, players=seen.players + (replace(p, id=-1 - k),))
    late = t.rounds_paired > 0
    out, ids = add_players(t, players, insert=insert, missed=missed)
    if late and missed == "half":
        warnings.append(
            f"rounds 1-{t.rounds_paired} missed: half-point byes, as the event's rules allow (C.04.2 Art. 2.4)"
        )
    if len(ids) == 1:
        how = "inserted in the initial order, everyone renumbered" if insert else "next free number"
        what = f"player {ids[0]} {out.player(ids[0]).name}" + (f" (late entry: {how})" if late else "")
    else:
        what = f"{len(ids)} players" + (" (late entries)" if late else "")
    n = len(out.players)
    message = f"registered {what}; {n} player{'s' if n != 1 else ''}" + (
        "" if late else ", numbered in the C.04.2 initial order"
    )
    return Outcome(out, message, tuple(warnings), ids)


#: Fields ``player edit`` may change, as make_player names them.
EDITABLE = ("name", "rating", "fide_id", "federation", "title", "birth", "sex")


def edit_player(t: Tournament, pid: int, changes: dict[str, str], same_name_ok: bool = False) -> Outcome:
    """The operation 'correct a player's record' (``changes``: field -> value as typed,
    fields of :data:`EDITABLE`). Before round 1 is paired everyone is renumbered in the
    initial order; afterwards every pairing number stays as printed on the pairings
    already published (C.04.2 Art. 2.3 would allow a renumbering for wrong data until
    round 4 is paired; here it is not done behind the arbiter's back, and the warning
    says so), and the corrected data count for ratings and tie-breaks."""
    old = known_player(t, pid)
    changes = {k: v for k, v in changes.items() if v is not None}
    unknown = set(changes) - set(EDITABLE)
    if unknown:
        raise InputError(f"cannot edit {', '.join(sorted(unknown))}; fields: {', '.join(EDITABLE)}", field="FIELD")
    if not changes:
        raise InputError("nothing to change: give --name, --rating, --fide-id, --federation, --title, --birth or --sex")
    typed = {
        "name": old.name,
        "rating": str(old.rating) if old.rating else "",
        "fide_id": old.fide_id,
        "federation": old.federation,
        "title": old.title,
        "birth": old.birth_date,
        "sex": old.sex,
    }
    typed.update(changes)
    fresh = make_player(**typed)
    new = replace(old, **{k: getattr(fresh, k) for k in ("name", "rating", "fide_id", "federation", "title", "sex")})
    new = replace(new, birth_date=fresh.birth_date)
    warnings = player_warnings(t, new, same_name_ok, changes.get("birth", ""), ignore=pid)
    said = [
        f"{label} {before or '-'} -> {after or '-'}"
        for label, before, after in (
            ("name", old.name, new.name),
            ("rating", old.rating, new.rating),
            ("FIDE id", old.fide_id, new.fide_id),
            ("federation", old.federation, new.federation),
            ("title", old.title, new.title),
            ("birth", old.birth_date, new.birth_date),
            ("sex", old.sex, new.sex),
        )
        if before != after
    ]
    if not said:
        raise InputError(f"player {pid} {old.name} already has these details; nothing changed", field="ID")
    out = replace(t, players=tuple(new if p.id == pid else p for p in t.players))
    message = f"player {pid} {new.name}: " + ", ".join(said)
    if t.rounds_paired == 0:
        out, mapping = _in_initial_order(out)
        if mapping[pid] != pid:
            message += f"; now number {mapping[pid]} in the initial order (everyone renumbered)"
    elif any(k in changes for k in ("rating", "title", "name")):
        warnings.append(
            "round 1 is paired: pairing numbers stay as they are (C.04.2 Art. 2.3); the corrected data count "
            "for ratings and tie-breaks"
        )
    return Outcome(out, message, tuple(warnings), pid)


def remove_player(t: Tournament, pid: int) -> Outcome:
    """The operation 'remove a registration': only before round 1 is paired (afterwards
    the player's rounds are part of the record: withdraw instead); everyone renumbered."""
    p = known_player(t, pid)
    if t.rounds_paired > 0:
        raise InputError(
            f"round {t.rounds_paired} is paired: player {pid} stays in the record; "
            "'withdraw' takes a player out of the rounds still to pair",
            field="ID",
        )
    kept = replace(
        t,
        players=tuple(q for q in t.players if q.id != pid),
        byes=tuple(b for b in t.byes if b.player != pid),
        virtual_points=tuple(v for v in t.virtual_points if v.player != pid),
        prohibited=tuple(
            ProhibitedPairs(r.first_round, r.last_round, tuple(i for i in r.players if i != pid))
            for r in t.prohibited
            if len([i for i in r.players if i != pid]) >= 2
        ),
    )
    out, _ = _in_initial_order(kept)
    n = len(out.players)
    return Outcome(out, f"removed player {pid} {p.name}; {n} player{'s' if n != 1 else ''}, renumbered", (), pid)


def known_player(t: Tournament, pid: int) -> Player:
    if pid not in t.by_id:
        raise InputError(f"no player has pairing number {pid}", field="ID")
    return t.player(pid)


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


def players_from_csv(text: str, source: str, births: list[str] | None = None) -> list[Player]:
    """Players from a CSV with a header row naming its columns: ``name`` (required),
    ``rating``, ``fide_id``, ``federation``, ``title``, ``birth``, ``sex`` (a few usual
    spellings accepted). Comma or semicolon separated. ``births`` receives the birth
    dates as typed (for the notes on converted ones)."""
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
        if births is not None:
            births.append(values.get("birth", ""))
    if not players:
        raise InputError("a header row but no players", source=source)
    return players
