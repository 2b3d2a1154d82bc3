"""What an event is: its name, place, dates, arbiters and time control (the TRF header
records a rating report needs), its pairing system, and the options every later
command honours.

Header records (TRF16 and TRF26 alike, 1-based columns; TRF26 keeps TRF16's 012-132)::

    012 name                022 city                032 federation (three letters)
    042 start date          052 end date            (YYYY/MM/DD, as TRF26 asks)
    062 players             072 rated players       082 teams      (counted on write)
    092 type of tournament  102 chief arbiter       112 deputy chief arbiter, one line each
    122 allotted times per moves/game (free text)
    132 round dates, YY/MM/DD, round r's date in columns 92+10(r-1) to 99+10(r-1): above
        that round's columns in the player records
    222 (TRF26 only) the time control encoded: periods [moves/]seconds[+increment] joined
        by ':', e.g. 5400+30 or 40/6000+30:900+30; W...-B... when White's and Black's differ

The pairing system is TRF26 ``192`` (``FIDE_DUTCH_2026``; ``..._BAKU`` with Baku
acceleration, C.04.7). Options that TRF has no record for (the pairing method, what a
late entrant scores for rounds missed, italo-svizzero's game and odd-field rule) are
kept in one comment record, ``### tabellone options: method=literal missed=half``, read
back by every command: an option given once at ``new`` holds for the whole event.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Sequence
from dataclasses import replace

from tabellone.core.errors import InputError
from tabellone.core.model import BLACK, WHITE, HeaderRecord, Tournament
from tabellone.event.outcome import Outcome
from tabellone.rules import DEFAULT_SYSTEM, declared_system, get_system, system_code, system_options

#: Header records an organiser sets, in file order, with what people call them.
HEADER_FIELDS = {
    "012": "name",
    "022": "city",
    "032": "federation",
    "042": "start date",
    "052": "end date",
    "092": "type of tournament",
    "102": "chief arbiter",
    "112": "deputy chief arbiter",
    "122": "time control",
    "132": "round dates",
    "222": "time control, encoded (TRF26)",
}
#: Counted from the players on every write.
COUNTED = ("062", "072", "082")
#: Codes kept in the order of the TRF header.
HEADER_ORDER = ("012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122", "132", "222")
#: Records only TRF26 defines: left out of a TRF16 export.
TRF26_ONLY = ("222",)

#: TRF26 222: periods ``[moves/]seconds[+increment]`` joined by ``:``, or different for
#: White and Black: ``W<periods>-B<periods>`` (e.g. ``5400+30``, ``40/6000+30:900+30``, ``W300-B240``).
_PERIODS = r"(?:\d+/)?\d+(?:\+\d+)?(?::(?:\d+/)?\d+(?:\+\d+)?)*"
TIME_CONTROL_CODE = re.compile(rf"{_PERIODS}|W{_PERIODS}-B{_PERIODS}", re.ASCII)

OPTIONS_PREFIX = "tabellone options:"
#: Options kept in the options record, and the values each may take; with them, the
#: options the systems declare (:func:`option_values`).
OPTION_VALUES = {
    "method": ("literal", "optimised"),
    "missed": ("zero", "half"),
}


def option_values() -> dict[str, tuple[str, ...]]:
    """Every option the options record keeps, and the values each may take: those of
    :data:`OPTION_VALUES` and the systems' own (``game``, ``odd``: :func:`tabellone.rules.system_options`)."""
    return OPTION_VALUES | {o.name: o.choices for o in system_options()}


def pairing_option_names() -> tuple[str, ...]:
    """The options of the record a round is paired with: ``method`` and the systems' own."""
    return ("method", *dict.fromkeys(o.name for o in system_options()))


def system_of(t: Tournament) -> tuple[str, str | None]:
    """The pairing system and edition the file names (TRF26 ``192``), else the default system."""
    found, _ = declared_system(t.system)
    return found if found is not None else (DEFAULT_SYSTEM, None)


def event_name(t: Tournament) -> str:
    return next((h.text for h in t.headers if h.code == "012"), "")


def header_text(t: Tournament, code: str) -> list[str]:
    return [h.text for h in t.headers if h.code == code]


# --- options ----------------------------------------------------------------------------------


def event_options(t: Tournament) -> dict[str, str]:
    """The options the event declares: ``baku`` (``yes`` when 192 ends in ``_BAKU``) and
    those of its options record."""
    out: dict[str, str] = {}
    _, baku = declared_system(t.system)
    if baku:
        out["baku"] = "yes"
    for h in t.headers:
        if h.code == "###" and h.text.strip().startswith(OPTIONS_PREFIX):
            values = option_values()
            for token in h.text.strip()[len(OPTIONS_PREFIX) :].split():
                key, _, value = token.partition("=")
                if key in values and value in values[key]:
                    out[key] = value
    return out


def with_options(t: Tournament, **options: str | None) -> Tournament:
    """``t`` with ``options`` (``None``: leave as is) written in its options record."""
    values = option_values()
    current = {k: v for k, v in event_options(t).items() if k in values}
    for key, value in options.items():
        if value is None:
            continue
        if key not in values or value not in values[key]:
            raise InputError(f"option {key}={value!r}: expected one of {', '.join(values.get(key, ()))}")
        current[key] = value
    headers = [h for h in t.headers if not (h.code == "###" and h.text.strip().startswith(OPTIONS_PREFIX))]
    if current:
        text = OPTIONS_PREFIX + " " + " ".join(f"{k}={v}" for k, v in sorted(current.items()))
        headers.append(HeaderRecord("###", text))
    return replace(t, headers=tuple(headers))


def with_baku(t: Tournament) -> Tournament:
    """``t`` declaring Baku acceleration: its 192 code with ``_BAKU``."""
    system, edition = system_of(t)
    code = t.system or system_code(system, edition or get_system(system).editions[0])
    return t if code.upper().endswith("_BAKU") else replace(t, system=code + "_BAKU")


# --- header records ---------------------------------------------------------------------------


def trf_date(text: str, field: str) -> tuple[str, str | None]:
    """A date as TRF26 writes it (YYYY/MM/DD), and a note when typed otherwise
    (DD/MM/YYYY, or with dots or dashes, is converted)."""
    t = text.strip()
    m = re.fullmatch(r"(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})", t, re.ASCII)
    if m:
        year, month, day = (int(g) for g in m.groups())
        note = None
    else:
        m = re.fullmatch(r"(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})", t, re.ASCII)
        if not m:
            raise InputError(f"found date {text!r}, expected YYYY/MM/DD (or DD/MM/YYYY)", field=field)
        day, month, year = (int(g) for g in m.groups())
        note = f"{field} {t} read as day/month/year: {year:04d}/{month:02d}/{day:02d}"
    try:
        datetime.date(year, month, day)
    except ValueError:
        raise InputError(f"found date {text!r}: there is no such day", field=field) from None
    return f"{year:04d}/{month:02d}/{day:02d}", note


def round_dates_text(dates: Sequence[str]) -> str:
    """The text of a ``132`` record (after column 4): each date as YY/MM/DD in columns
    92+10(r-1) to 99+10(r-1); an empty entry leaves its round blank."""
    line = "132".ljust(91)
    for k, d in enumerate(dates):
        cell = ""
        if d:
            ymd, _ = trf_date(d, "--round-dates")
            cell = ymd[2:]
        line = line.ljust(91 + 10 * k) + cell.ljust(8)
    return line[4:].rstrip()


def round_dates(t: Tournament) -> list[str]:
    """The dates of the ``132`` record, one per round column (YY/MM/DD, '' where none)."""
    text = next((h.text for h in t.headers if h.code == "132"), "")
    line = "132 " + text
    out = []
    k = 0
    while 91 + 10 * k < len(line):
        out.append(line[91 + 10 * k : 99 + 10 * k].strip())
        k += 1
    return out


def _ordered(headers: list[HeaderRecord]) -> tuple[HeaderRecord, ...]:
    known = [h for h in headers if h.code in HEADER_ORDER]
    known.sort(key=lambda h: HEADER_ORDER.index(h.code))  # stable: 112 lines keep their order
    return tuple(known + [h for h in headers if h.code not in HEADER_ORDER])


def set_headers(
    t: Tournament, values: dict[str, str | Sequence[str] | None]
) -> tuple[Tournament, list[str], list[str]]:
    """``t`` with header records set (``values``: code -> text, a list for ``112`` and
    ``132``; ``None`` leaves a record, ``''`` removes it); returns what changed, said
    in words, and notes on dates converted."""
    headers = list(t.headers)
    said, notes = [], []
    for code, value in values.items():
        dates: list[str] = []
        if value is None:
            continue
        if code not in HEADER_FIELDS:
            raise InputError(f"record {code} is not one an organiser sets here")
        label = HEADER_FIELDS[code]
        if code == "132":
            dates = list(value) if not isinstance(value, str) else [d.strip() for d in value.split(",")]
            if t.total_rounds is not None and len(dates) > t.total_rounds:
                raise InputError(f"{len(dates)} round dates for {t.total_rounds} rounds", field="--round-dates")
            for d in dates:
                if d:
                    _, note = trf_date(d, "--round-dates")
                    if note:
                        notes.append(note)
            texts = [round_dates_text(dates)] if any(dates) else []
        elif code == "112":
            texts = [v.strip() for v in ([value] if isinstance(value, str) else value) if v.strip()]
        else:
            text = str(value).strip()
            if code in ("042", "052") and text:
                text, note = trf_date(text, "--start" if code == "042" else "--end")
                if note:
                    notes.append(note)
            if code == "032" and text:
                text = text.upper()
                if not (text.isascii() and text.isalpha() and len(text) == 3):
                    raise InputError(f"found federation {text!r}, expected a three-letter code such as ITA")
            if code == "222" and text and not TIME_CONTROL_CODE.fullmatch(text):
                raise InputError(
                    f"found {text!r}, expected the TRF26 code: seconds[+increment] per period, periods joined by "
                    "':' with moves/ before them, e.g. 5400+30 or 40/6000+30:900+30",
                    field="--time-control-code",
                )
            if code == "012" and not text:
                raise InputError("the event needs a name", field="--name")
            texts = [text] if text else []
        headers = [h for h in headers if h.code != code] + [HeaderRecord(code, x) for x in texts]
        shown = ", ".join(d for d in dates if d) if code == "132" else ", ".join(texts)
        said.append(f"{label}: {shown}" if texts else f"{label} removed")
    start = header_text(replace(t, headers=tuple(headers)), "042")
    end = header_text(replace(t, headers=tuple(headers)), "052")
    if start and end and end[0] < start[0]:
        raise InputError(f"the event ends ({end[0]}) before it starts ({start[0]})", field="--end")
    return replace(t, headers=_ordered(headers)), said, notes


def with_counts(t: Tournament) -> Tournament:
    """``t`` with ``062`` (players) and ``072`` (rated players) counted from its player
    records, for a file that has its name record (an event made here, or one whose
    organiser set its header)."""
    if not any(h.code == "012" for h in t.headers) or not t.players:
        return t
    counts = {"062": str(len(t.players)), "072": str(sum(1 for p in t.players if p.rating))}
    headers = [h for h in t.headers if h.code not in counts]
    headers += [HeaderRecord(code, text) for code, text in counts.items()]
    return replace(t, headers=_ordered(headers))


def set_event(t: Tournament, values: dict[str, str | Sequence[str] | None], **options: str | None) -> Outcome:
    """The operation 'set the event's header records and options'."""
    out, said, notes = set_headers(t, values)
    if any(v is not None for v in options.values()):
        out = with_options(out, **options)
        said += [f"{k}={v}" for k, v in options.items() if v is not None]
    if not said:
        raise InputError("nothing to set: give --city, --federation, --start, ... (see 'tabellone event set --help')")
    return Outcome(out, "event: " + "; ".join(said), tuple(notes))


def tiebreak_text(codes: Sequence[str]) -> str:
    """The ``202`` record's text for tie-breaks as typed (``BH/C1 SB``), each checked."""
    from tabellone.tiebreaks import parse_codes

    return " ".join(tb.text for tb in parse_codes(list(codes)))


def set_tiebreaks(t: Tournament, codes: Sequence[str]) -> Outcome:
    """The operation 'the event's tie-breaks are these' (TRF26 ``202``, in order; none:
    the record removed)."""
    text = tiebreak_text(codes) if codes else ""
    if text == " ".join(header_text(t, "202")):
        raise InputError(f"the tie-breaks are already {text or 'none'}; nothing changed", field="--tiebreaks")
    headers = [h for h in t.headers if h.code != "202"] + ([HeaderRecord("202", text)] if text else [])
    return Outcome(
        replace(t, headers=_ordered(headers)), f"event: tie-breaks {text}" if text else "event: tie-breaks removed"
    )


# --- creating an event -----------------------------------------------------------------------


def new_event(
    name: str,
    rounds: int,
    system: str = DEFAULT_SYSTEM,
    edition: str | None = None,
    initial_colour: str | None = None,
    tiebreaks: Sequence[str] = (),
    baku: bool = False,
    headers: dict[str, str | Sequence[str] | None] | None = None,
    notes: list[str] | None = None,
    **options: str | None,
) -> Tournament:
    """An event without players: name (``012``), rounds (``142``), initial colour
    (``152``), system (``192``, with ``_BAKU`` for Baku acceleration), tie-breaks
    (``202``), the other header records (``headers``; ``notes`` receives what was
    converted, such as a date typed day first) and options."""
    if not name.strip():
        raise InputError("the event needs a name", field="--name")
    if rounds < 1 or rounds > 99:
        raise InputError(f"found {rounds} rounds, expected 1 to 99", field="--rounds")
    rules = get_system(system)  # an unknown system or edition: one line naming it
    edition = rules.edition(edition)
    colour = None
    if initial_colour is not None:
        if initial_colour not in ("white", "black"):
            raise InputError(f"found {initial_colour!r}, expected white or black", field="--initial-colour")
        colour = WHITE if initial_colour == "white" else BLACK
    records = [HeaderRecord("012", name.strip())]
    if tiebreaks:
        records.append(HeaderRecord("202", tiebreak_text(tiebreaks)))
    scoring = rules.scoring()
    t = Tournament(
        players=(),
        total_rounds=rounds,
        initial_colour=colour,
        scoring=scoring,
        system=system_code(system, edition),
        headers=tuple(records),
    )
    if baku:
        t = with_baku(t)
    if headers:
        t, _, converted = set_headers(t, headers)
        if notes is not None:
            notes.extend(converted)
    return with_options(t, **options)
