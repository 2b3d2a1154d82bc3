"""Loading and saving tournaments in any supported format, with safe output paths."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from tabellone.core.errors import FileAccessError, InputError
from tabellone.core.model import Tournament, is_team_event
from tabellone.formats.csvio import format_csv, parse_csv
from tabellone.formats.jsonio import format_json, parse_json
from tabellone.formats.sniff import is_team_file
from tabellone.formats.text import decode, read_bytes
from tabellone.formats.trf import format_trf, parse_trf

FORMATS = ("trf16", "trf26", "json", "csv")


def load(path: str | os.PathLike[str]) -> Tournament:
    """Read a tournament from a TRF (16 or 26) or JSON file, told apart by content, or
    from the draughts clubs' CSV form (a name ending in .csv, see docs/italo-svizzero.md)."""
    data = read_bytes(path)
    text, _ = decode(data)
    if text.lstrip().startswith("{"):
        return parse_json(text, source=str(path))
    if str(path).lower().endswith(".csv"):
        return parse_csv(text, source=str(path))
    if is_team_file(text):  # team records (310 / 013): a team event
        from tabellone.formats.team_trf import parse_team_trf  # the team model, for team events only

        return parse_team_trf(text, source=str(path))
    return parse_trf(text, source=str(path))


def dumps(t: Tournament, fmt: str) -> str:
    if is_team_event(t):  # a team event is written with its team records
        from tabellone.formats.team_trf import format_team_trf

        if fmt not in ("trf16", "trf26"):
            raise InputError(f"a team event is written as TRF26, not {fmt}", field="--format")
        return format_team_trf(t)  # type: ignore[arg-type]  # a TeamTournament
    if fmt == "json":
        return format_json(t)
    if fmt in ("trf16", "trf26"):
        return format_trf(t, fmt)
    if fmt == "csv":
        return format_csv(t)
    raise InputError(f"unknown format {fmt!r}; expected one of {', '.join(FORMATS)}", field="--to")


def safe_output(out: str | os.PathLike[str], inputs: list[str], force: bool = False) -> Path:
    """Check that writing ``out`` loses nothing the user gave: never an input file, and
    never an existing file unless ``force``."""
    p = Path(out)
    for src in inputs:
        try:
            if p.exists() and Path(src).exists() and os.path.samefile(p, src):
                raise InputError(f"{out} is the input file; choose another output name", field="-o")
        except OSError:
            pass
    if p.is_dir():
        raise FileAccessError(f"{out}: is a folder, not a file")
    if p.exists() and not force:
        raise InputError(f"{out} exists; use --force to replace it", field="-o")
    return p


def write_via_temporary(path: Path, write: Callable[[Path], object]) -> None:
    """Call ``write(tmp)`` on a temporary file beside ``path``, then move it into place,
    so an interrupted write never leaves half a file; a failure is one error line."""
    tmp = path.with_name(path.name + ".tmp-tabellone")
    try:
        write(tmp)
        os.replace(tmp, path)
    except OSError as exc:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise FileAccessError(f"{path}: cannot write ({exc.strerror})") from None


def write_text(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8, newlines as given) through a temporary file."""
    write_via_temporary(path, lambda tmp: tmp.write_text(text, encoding="utf-8", newline=""))
