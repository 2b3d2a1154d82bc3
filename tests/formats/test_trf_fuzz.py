"""Property tests: real TRF files mutated at random must either read cleanly or fail with an
InputError, never with another exception.

A file that reads must also give a state (``state_before``; an InputError is allowed there
only for a game still without a result) and survive the writer:
TRF16, TRF26 and JSON each read back to an equal tournament. The command line must answer
0 (read) or 3 (invalid input), never 2 (internal error).

Seeds: real files of the shared folder (bbpPairings input from Tornello; an ISO-8859-1, CRLF
file from the Irish Chess Union; JaVaFo's TRF(x) sample; a corpus file with CR endings,
forfeits and byes) and the hand-made fixtures, which hold every record with pairing meaning
(142 152 162 192 240 250 260, XXR XXC XXS XXZ XXA XXP). Mutations: flipped and replaced
bytes, random text over random columns of random lines, swapped, duplicated, deleted and
truncated lines, and inserted records with random fields.

By default the examples are derandomised, so that every run (CI's included) checks the same
cases and a red run can be replayed. ``TABELLONE_FUZZ=explore`` draws new cases on each run
(``TABELLONE_FUZZ_SCALE=10`` draws ten times as many): run it after touching the reader and
add what it finds to the fixed tests or fix the reader.
"""

from __future__ import annotations

import contextlib
import io
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from testkit import FIXTURES, SHARED, shared_available

from tabellone import cli
from tabellone.core.errors import InputError
from tabellone.formats.jsonio import format_json, parse_json
from tabellone.formats.trf import format_trf, parse_trf

REAL_SEEDS = [
    "realdata/trf/GabrieleBattaglia_Tornello_input_bbp_bae39f4_estascacchi1_r5.trf",
    "realdata/trf/irishchessunion_icu_tournament_irish_intermediate_champs_2011.trf",
    "realdata/trf/michalperlak_trf-kt_tournament1.trf",
    "corpus/dutch-2026-dev/dutch-dev-20.trf",
]
FIXTURE_SEEDS = ["mini.trf", "records26.trf", "records16.trf", "cp1252-names.trf"]


def _seeds() -> list[tuple[str, bytes]]:
    seeds = [(name, (FIXTURES / name).read_bytes()) for name in FIXTURE_SEEDS]
    if shared_available():
        seeds += [(rel, (SHARED / rel).read_bytes()) for rel in REAL_SEEDS if (SHARED / rel).is_file()]
    return seeds


SEEDS = dict(_seeds())
SEED_NAMES = sorted(SEEDS)
REAL_AVAILABLE = len(SEEDS) > len(FIXTURE_SEEDS)

EXPLORE = os.environ.get("TABELLONE_FUZZ") == "explore"
SCALE = int(os.environ.get("TABELLONE_FUZZ_SCALE", "1"))
FUZZ = settings(
    deadline=None,
    derandomize=not EXPLORE,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# ----------------------------------------------------------------------------------------
# mutations

# bytes that decode to something unusual: NUL, TAB, CR, LF, cp1252 superscript digits
# (str.isdigit() is true for them), NBSP and NEL (str.strip() removes them), a UTF-8 lead byte
INTERESTING_BYTES = [0x00, 0x09, 0x0D, 0x0A, 0xB2, 0xB3, 0xB9, 0xA0, 0x85, 0xC3, 0xEF]
TRF_CHARS = " 0123456789wbWB-+=HFUZDLhfuzdl.,/"
printable_text = st.text(
    alphabet=st.one_of(
        st.sampled_from(TRF_CHARS),
        st.characters(min_codepoint=32, max_codepoint=126),
        st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp")),
    ),
    min_size=1,
    max_size=12,
)
RECORD_CODES = [
    "XXR",
    "XXC",
    "XXS",
    "XXZ",
    "XXA",
    "XXP",
    "BBW",
    "BBD",
    "BBU",
    "BBZ",
    "142",
    "152",
    "162",
    "192",
    "240",
    "250",
    "260",
    "012",
    "###",
    "001",
]
record_token = st.one_of(
    st.sampled_from(
        [
            "H",
            "F",
            "Z",
            "W",
            "D",
            "L",
            "A",
            "P",
            "X",
            "white1",
            "black1",
            "rank",
            "W=3",
            "D=1",
            "PAB=.5",
            "WW=2",
            "FPB=0",
            "1-3",
            "-",
            "+",
        ]
    ),
    st.integers(-3, 1200).map(str),
    st.integers(0, 999).map(lambda n: f"{n:03d}"),
    st.integers(0, 9999).map(lambda n: f"{n:4d}"),
    st.decimals(min_value=-2, max_value=20, places=1).map(str),
    printable_text,
)

INSERT = st.tuples(
    st.just("insert"), st.integers(0, 1 << 20), st.sampled_from(RECORD_CODES), st.lists(record_token, max_size=6)
)
OPS = st.one_of(
    st.tuples(st.just("flip"), st.integers(0, 1 << 20), st.integers(0, 7)),
    st.tuples(
        st.just("byte"), st.integers(0, 1 << 20), st.one_of(st.integers(0, 255), st.sampled_from(INTERESTING_BYTES))
    ),
    st.tuples(st.just("overwrite"), st.integers(0, 1 << 20), st.integers(0, 140), printable_text),
    st.tuples(st.just("swap"), st.integers(0, 1 << 20), st.integers(0, 1 << 20)),
    st.tuples(st.just("duplicate"), st.integers(0, 1 << 20)),
    st.tuples(st.just("delete"), st.integers(0, 1 << 20)),
    st.tuples(st.just("truncate"), st.integers(0, 1 << 20), st.integers(0, 140)),
    INSERT,
)


def mutate(data: bytes, ops) -> bytes:
    buf = bytes(data)
    for op in ops:
        kind = op[0]
        if kind in ("flip", "byte"):
            if buf:
                i = op[1] % len(buf)
                value = buf[i] ^ (1 << op[2]) if kind == "flip" else op[2]
                buf = buf[:i] + bytes([value]) + buf[i + 1 :]
            continue
        lines = buf.splitlines(keepends=True) or [b"\n"]
        k = op[1] % len(lines)
        body = lines[k].rstrip(b"\r\n")
        end = lines[k][len(body) :] or b"\n"
        if kind == "overwrite":
            new = op[3].encode("utf-8")
            col = op[2]
            body = body.ljust(col)
            lines[k] = body[:col] + new + body[col + len(new) :] + end
        elif kind == "swap":
            j = op[2] % len(lines)
            lines[k], lines[j] = lines[j], lines[k]
        elif kind == "duplicate":
            lines.insert(k, lines[k])
        elif kind == "delete":
            del lines[k]
        elif kind == "truncate":
            lines[k] = body[: op[2]] + end
        elif kind == "insert":
            text = " ".join([op[2], *op[3]])
            lines.insert(k, text.encode("utf-8") + end)
        buf = b"".join(lines)
    return buf


def read_or_reject(data: bytes):
    """Parse ``data``; on success check the derived state and every round trip."""
    try:
        t = parse_trf(data, source="fuzz.trf")
    except InputError as exc:
        assert str(exc).startswith("fuzz.trf"), str(exc)  # the error names the file
        return None
    try:
        t.state_before()
    except InputError as exc:
        # allowed only when a game before the round to pair has no result yet ('   3 w  ')
        assert any(e.opponent is not None and e.result == " " for p in t.players for e in p.rounds), str(exc)
    for fmt in ("trf16", "trf26"):
        assert parse_trf(format_trf(t, fmt)) == t, fmt
    assert parse_json(format_json(t)) == t
    return t


# ----------------------------------------------------------------------------------------
# tests


def test_the_seeds_themselves_read():
    for name, data in SEEDS.items():
        assert read_or_reject(data) is not None, name
    if not REAL_AVAILABLE:
        pytest.skip("shared folder absent: the fuzz tests mutate the hand-made fixtures only")


@pytest.mark.slow
@settings(FUZZ, max_examples=2000 * SCALE)
@given(seed=st.sampled_from(SEED_NAMES), ops=st.lists(OPS, min_size=1, max_size=4))
def test_mutated_files_read_or_fail_with_input_error(seed, ops):
    read_or_reject(mutate(SEEDS[seed], ops))


@settings(FUZZ, max_examples=500 * SCALE)
@given(seed=st.sampled_from(SEED_NAMES), ops=st.lists(INSERT, min_size=1, max_size=4))
def test_inserted_records_read_or_fail_with_input_error(seed, ops):
    read_or_reject(mutate(SEEDS[seed], ops))


@pytest.fixture(scope="module")
def fuzz_file(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("fuzz") / "mutated.trf"


@pytest.mark.slow
@settings(
    FUZZ,
    max_examples=300 * SCALE,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(seed=st.sampled_from(SEED_NAMES), ops=st.lists(OPS, min_size=1, max_size=4))
def test_info_command_exits_0_or_3(fuzz_file, seed, ops):
    fuzz_file.write_bytes(mutate(SEEDS[seed], ops))
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(["info", str(fuzz_file)])
    assert code in (0, 3), err.getvalue()
    if code == 3:
        errors = [line for line in err.getvalue().splitlines() if not line.startswith("tabellone: warning:")]
        assert errors and all(str(fuzz_file) in line for line in errors), err.getvalue()
    assert "internal error" not in err.getvalue()
