"""The event file itself: read it, and write it back whole or not at all.

The event file is an ordinary tournament file (TRF26 for a new event; an existing file
keeps its own format: TRF16 with engine records, TRF26 or JSON), and keeps its own
encoding, byte-order mark and line endings (a name that its encoding cannot hold turns
the file into UTF-8, and the command says so in one line). :func:`write_event`:

1. takes the event's lock (:mod:`tabellone.event.lock`; re-entrant, so a store that
   holds it already does not wait on itself);
2. writes the new text to a temporary file in the same folder, flushed and ``fsync``-ed;
3. checks the file again: if its modification time, size or SHA-256 differ from what
   was read, a program that does not take the lock (an editor) changed it, and nothing
   is written;
4. keeps the previous version as a numbered backup, GNU style: ``EVENT.trf.~1~``,
   ``EVENT.trf.~2~``, ... (the highest number is the most recent);
5. puts the new file in place with ``os.replace`` in one step and ``fsync``-s the folder.

An interruption at any point leaves either the old file or the new one, never half of
one. Points (columns 81-84) are always written as the results give them, and the ranks
(columns 86-89) as the event's tie-breaks give them (:mod:`tabellone.event.ranks`).
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from tabellone.core.errors import FileAccessError, InputError
from tabellone.core.model import Tournament
from tabellone.event.lock import exclusive
from tabellone.formats.jsonio import format_json, parse_json
from tabellone.formats.text import decode, encode_text, read_bytes, text_form
from tabellone.formats.trf import format_trf, parse_trf


@dataclass(frozen=True)
class Fingerprint:
    """What a file was when read: a later write refuses if any of these changed."""

    mtime_ns: int
    size: int
    sha256: str


@dataclass(frozen=True)
class Event:
    """An event file as read: its path, tournament, format and fingerprint, and how its
    text is stored (encoding, byte-order mark, line ending), kept on write."""

    path: Path
    tournament: Tournament
    format: str  # 'trf16', 'trf26' or 'json'
    fingerprint: Fingerprint | None  # None: the file does not exist yet
    encoding: str = "utf-8"
    bom: bool = False
    newline: str = "\n"


@dataclass(frozen=True)
class Written:
    """What a write did: the backup made of the previous version (``None`` for a new
    file), the new file's SHA-256, and notes for the user (an encoding changed)."""

    backup: Path | None
    sha256: str
    notes: tuple[str, ...] = field(default=())


def fingerprint(path: Path, data: bytes) -> Fingerprint:
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
    """Read an event file and remember its fingerprint and text form. A team event
    (TRF26 ``310``) is read only by the commands that edit one (``teams=True``: ``pair
    --write``, ``result``, ``bye`` and ``withdraw``, :mod:`tabellone.event.teams`)."""
    p = Path(path)
    data = read_bytes(p)
    text, _ = decode(data)
    encoding, bom, newline = text_form(data)
    fmt = detect_format(text)
    from tabellone.formats.team_trf import is_team_file, parse_team_trf

    if fmt != "json" and is_team_file(text):
        if not teams:
            raise InputError(
                "this command does not edit team events (310 records): the teams and their players are "
                "registered in the file; 'pair --write', 'result', 'bye' and 'withdraw' edit them",
                source=str(p),
                field="310",
            )
        t = parse_team_trf(text, source=str(p))
        return Event(p, t, "trf26", fingerprint(p, data), encoding, bom, newline)
    t = parse_json(text, source=str(p)) if fmt == "json" else parse_trf(text, source=str(p), allow_empty=True)
    return Event(p, t, fmt, fingerprint(p, data), encoding, bom, newline)


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
    """The text of the event file: points recomputed from the results, ranks from the
    event's tie-breaks."""
    from tabellone.core.team import TeamTournament

    if isinstance(t, TeamTournament):
        from tabellone.formats.team_trf import format_team_trf

        return format_team_trf(t.with_derived_points())
    from tabellone.event.header import with_counts
    from tabellone.event.ranks import with_ranks

    t = with_counts(with_ranks(t.with_derived_points()))
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


def _unchanged(path: Path, expected: Fingerprint | None) -> None:
    """Refuse to write over a file that is not the one read."""
    if expected is None:
        if path.exists():
            raise InputError(
                f"{path} exists; choose another name (an event file is never overwritten by 'new')", field="EVENT"
            )
        return
    try:
        data = path.read_bytes()
        now = fingerprint(path, data)
    except FileNotFoundError:
        raise FileAccessError(f"{path}: the file was removed while the command ran; nothing written") from None
    except OSError as exc:
        raise FileAccessError(f"{path}: cannot read ({exc.strerror})") from None
    if now != expected:
        raise FileAccessError(
            f"{path}: the file changed since it was read (another program or command wrote it); "
            "nothing written: run the command again"
        )


def write_bytes_safely(event: Event, data: bytes) -> Path | None:
    """Put ``data`` in place of the event's file (steps 2-5 of the module text) under
    its lock; returns the backup of the previous version."""
    path = event.path
    folder = path.parent if str(path.parent) else Path(".")
    with exclusive(path):
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
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
            _unchanged(path, event.fingerprint)
            if event.fingerprint is not None:
                backup = backup_name(path)
                try:
                    os.link(path, backup)  # the old version stays whole under its new name
                except OSError:
                    import shutil

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


def write_event(event: Event, t: Tournament) -> Written:
    """Write ``t`` to the event's file safely, in the file's own format and text form."""
    data, note = encode_text(render(t, event.format), event.encoding, event.bom, event.newline)
    backup = write_bytes_safely(event, data)
    return Written(backup, hashlib.sha256(data).hexdigest(), (note,) if note else ())


def save_event(event: Event, t: Tournament) -> Path | None:
    """Write ``t`` to the event's file safely (see the module text); returns the backup
    made of the previous version (``None`` for a new file)."""
    return write_event(event, t).backup
