"""Every TRF file of the shared folder: it reads, ``info`` shows it, and every conversion
(TRF16, TRF26, JSON, in both directions and through the ``convert`` command) gives back the
same tournament.

Files: ``shared/realdata/trf`` (real events), ``shared/corpus/**`` (complete events paired by
bbpPairings) and ``shared/witness/**`` (another engine's outputs). The suite skips with a
reason when the shared folder is absent.
"""

from __future__ import annotations

import os
import shutil
from fractions import Fraction
from pathlib import Path

import pytest
from testkit import (
    all_shared_trf_files,
    corpus_trf_files,
    file_params,
    parsed,
    read_shared_bytes,
    realdata_trf_files,
    rel,
    split_any_newline,
    witness_trf_files,
)

from tabellone import cli
from tabellone.formats.files import load
from tabellone.formats.jsonio import format_json, parse_json
from tabellone.formats.trf import decode, format_player, format_trf, parse_trf

ALL = file_params(all_shared_trf_files())
GENERATED = file_params(corpus_trf_files() + witness_trf_files())
REAL = file_params(realdata_trf_files())

# Points per result code under the default FIDE system (win 1, draw 1/2, every bye of a win's
# value but the half-point bye), written out here from the TRF16 table, independently of
# tabellone.core.scoring.
DEFAULT_POINTS = {"1": 1, "W": 1, "+": 1, "F": 1, "U": 1, "=": Fraction(1, 2), "D": Fraction(1, 2), "H": Fraction(1, 2)}


def player_lines(path: Path) -> list[str]:
    text = decode(read_shared_bytes(path))[0]
    return [line for line in split_any_newline(text) if line.startswith("001")]


@pytest.mark.parametrize("path", ALL)
def test_file_parses_with_one_player_per_001_line(path):
    t = parsed(path)
    lines = player_lines(path)
    assert len(t.players) == len(lines)
    # start ranks come straight from columns 5-8 of the 001 lines
    assert sorted(p.id for p in t.players) == sorted(int(line[4:8]) for line in lines)
    assert [p.id for p in t.players] == sorted(p.id for p in t.players)
    # every played game is recorded by both players, with opposite colours
    for p in t.players:
        for r, e in enumerate(p.rounds, start=1):
            if e.played:
                back = t.player(e.opponent).entry(r)
                assert back.opponent == p.id and back.played
                assert {e.colour, back.colour} == {"w", "b"}


@pytest.mark.parametrize("path", GENERATED)
def test_generated_file_points_and_lines_are_reproduced(path):
    """Engine-generated files hold exact points and FIDE-layout 001 lines: the declared
    points equal the sum of the result codes (worked out here from the raw columns), and
    the writer gives back each 001 line exactly (trailing blanks aside)."""
    t = parsed(path)
    lines = player_lines(path)
    for line, p in zip(sorted(lines, key=lambda s: int(s[4:8])), t.players):
        line = line.rstrip()
        total = sum(
            (DEFAULT_POINTS.get(line[c + 7].upper(), 0) for c in range(91, len(line), 10) if c + 7 < len(line)),
            Fraction(0),
        )
        assert Fraction(line[80:84].strip()) == total, f"player {p.id}"
        assert p.points == total
        assert t.score_after(p, t.rounds_recorded) == total
        assert format_player(p) == line
    assert t.score_mismatches() == []


@pytest.mark.parametrize("path", ALL)
def test_info_command_shows_every_player(path, capsys):
    t = parsed(path)
    assert cli.main(["info", str(path)]) == 0
    out = capsys.readouterr().out
    if t.total_rounds is not None and t.rounds_paired >= t.total_rounds:  # finished: no "round 10 of 9"
        assert f"all {t.total_rounds} rounds played" in out
    else:
        assert f"state before round {t.rounds_paired + 1}" in out
    # one table row per player: rank and start rank right-aligned in 4 columns
    rows = [
        line
        for line in out.splitlines()
        if len(line) > 10 and line[:4].strip().isdigit() and line[5:9].strip().isdigit()
    ]
    assert sorted(int(line[5:9]) for line in rows) == sorted(p.id for p in t.players)


@pytest.mark.parametrize("path", ALL)
def test_round_trip_through_every_format(path):
    t = parsed(path)
    via26 = parse_trf(format_trf(t, "trf26"))
    assert via26 == t
    back16 = parse_trf(format_trf(via26, "trf16"))
    assert back16 == t
    via_json = parse_json(format_json(t))
    assert via_json == t
    assert parse_trf(format_trf(via_json, "trf16")) == t


# The convert command adds no conversion logic of its own (the round trip above covers every
# file): it runs on every real and witness file in all three formats, and on every 10th
# corpus file in one format, rotating, to keep the suite fast.
_CORPUS = corpus_trf_files()
CONVERT_CASES = [(p, ["trf16", "trf26", "json"]) for p in realdata_trf_files() + witness_trf_files()] + [
    (p, [("trf16", "trf26", "json")[i // 10 % 3]]) for i, p in enumerate(_CORPUS) if i % 10 == 0
]
CONVERT = [pytest.param(p, fmts, id=f"{rel(p)}-{'+'.join(fmts)}") for p, fmts in CONVERT_CASES] or [
    pytest.param(None, None, marks=ALL[0].marks, id="no-shared-data")
]


@pytest.mark.parametrize("path,formats", CONVERT)
def test_convert_command_writes_a_file_that_reads_back_equal(path, formats, tmp_path, capsys):
    t = parsed(path)
    for fmt in formats:
        out = tmp_path / f"out.{fmt}"
        assert cli.main(["convert", str(path), "--to", fmt, "-o", str(out)]) == 0
        assert load(out) == t
        text = out.read_text(encoding="utf-8")
        codes = [line[:3] for line in text.splitlines()]
        if fmt == "json":
            assert text.startswith("{")
        elif fmt == "trf26":
            assert "XXR" not in codes and "XXZ" not in codes and "XXA" not in codes
            assert (f"142 {t.total_rounds}" in text.splitlines()) == (t.total_rounds is not None)
        else:
            assert "142" not in codes and "250" not in codes
            assert (f"XXR {t.total_rounds}" in text.splitlines()) == (t.total_rounds is not None)
    assert not list(tmp_path.glob("*.tmp-tabellone"))
    capsys.readouterr()


@pytest.mark.parametrize("path", REAL)
def test_convert_refuses_to_overwrite_its_input(path, tmp_path, capsys):
    src = tmp_path / path.name
    shutil.copyfile(path, src)
    before = src.read_bytes()
    for extra in ([], ["--force"]):
        for fmt in ("trf16", "trf26", "json"):
            assert cli.main(["convert", str(src), "--to", fmt, "-o", str(src), *extra]) == 3
            assert src.read_bytes() == before
    # the same file under another name (a hard link) is still the input
    alias = tmp_path / "alias.trf"
    os.link(src, alias)
    assert cli.main(["convert", str(src), "--to", "trf26", "-o", str(alias), "--force"]) == 3
    assert src.read_bytes() == before
    err = capsys.readouterr().err
    assert "input file" in err


@pytest.mark.parametrize("path", REAL)
def test_convert_refuses_an_existing_output_without_force(path, tmp_path, capsys):
    out = tmp_path / "existing.trf"
    out.write_bytes(b"do not lose me\n")
    assert cli.main(["convert", str(path), "--to", "trf26", "-o", str(out)]) == 3
    assert out.read_bytes() == b"do not lose me\n"
    assert "--force" in capsys.readouterr().err
    assert cli.main(["convert", str(path), "--to", "trf26", "-o", str(out), "--force"]) == 0
    assert load(out) == parsed(path)


@pytest.mark.parametrize("path", REAL)
def test_convert_to_standard_output(path, capsys):
    assert cli.main(["convert", str(path), "--to", "trf16"]) == 0
    assert parse_trf(capsys.readouterr().out) == parsed(path)
