#!/usr/bin/env python3
"""Cross-check the Dutch optimiser where no reference engine pairs the whole round
(issue 26: the 9,999-player events).

    python benchmarks/large_crosscheck.py EVENT.trf [--edition 2026|2017] [--rounds 2,6,11]
        [--brackets 4] [--max-bracket 200] [--max-below 300] [--budget 200000]
        [--reference PATH] [--cut 1000] [--timeout 600]

For each sampled round ``R`` of ``EVENT`` (its rounds before ``R`` as recorded, cut by
:func:`tabellone.core.history.cut_before`) three checks, one table line:

1. **The optimality certificate, every solve of the round.** The compiled core proves
   each answer before returning it (dual feasibility and complementary slackness: LP
   duality; ``tabellone/matching/blossom_core/certificate.c``) and raises when the proof
   fails, where the Python wrapper warns and answers with networkx instead
   (:mod:`tabellone.matching.blossom`). :func:`certified` counts, while the optimiser
   pairs the round, every solve that reaches the core (``Matcher.solve`` and the core's
   one-shot ``max_weight_matching``), the edges its certificate checked
   (``_last_stats()``), and every fallback (the wrapper's RuntimeWarning): ``certified``
   is the solves whose certificate held, ``failed`` those whose certificate failed. The
   brackets of 1,000 players or more (with the next) are *priced* (only some pairs stored,
   :mod:`tabellone.matching.pricing`): each priced solve is proved on the stored
   pairs, and a pricing pass that finds no pair of negative slack proves it on the whole
   bracket (``priced proofs``). The round is also compared with the event's own
   record of it (``= file``).
2. **The literal procedure on sampled brackets.** The optimiser's round is cut into its
   brackets top down (:func:`brackets_of`: a bracket's MDPs are the players the brackets
   above it left unpaired, in the optimiser's pairing). A bracket is sampled when the
   literal procedure can pair it: at most ``--max-bracket`` players (MDPs and
   residents) and at most ``--max-below`` players in the scoregroups below it (its
   completion and look-ahead criteria read all of them; the literal procedure builds
   every pair of them in Python). The lowest such brackets are taken, up to
   ``--brackets`` per round. Each is paired by the literal procedure
   (:mod:`tabellone.rules.dutch.literal`, its ``_Bracket``: the text's candidate
   generation, no matching chooses) with the same MDPs and residents, the same players
   below for completion and look-ahead, and the round's own C1/C3 and PAB eligibility,
   and its pairs and downfloaters are compared with the optimiser's
   (``literal = optimised``). The literal procedure sees only the players from the
   bracket down (:func:`sub_round`): the brackets above are already paired and no
   criterion of this bracket reads them, except 2026 [C5], the least score a complete
   round-pairing lets the PAB have. That is computed on those players, and kept only when
   it is the least score of any PAB-eligible player of the whole round (then the
   optimiser's pairing above completes it, and nothing lower exists); otherwise the bracket
   is not sampled. In the 2017 edition the sampled brackets run top down as in
   ``_pair_2017`` (A.9: a bracket whose downfloaters leave the rest uncompletable is
   the PPB, paired again with C.4, and everything below collapses into one bracket);
   the highest sampled bracket is taken as an ordinary one (a PPB above it would show
   as a disagreement).
3. **bbpPairings on the round cut to a size it pairs** (``--reference PATH``: 6.0.0 for
   the 2026 edition, 5.0.1 for 2017; built outside the project). The cut
   (:func:`cut_event`) keeps the players of pairing numbers 1 to ``--cut`` and the
   rounds before ``R``; every game a kept player had against a player not kept becomes
   an unplayed round with the same points, as TRF16/TRF26 write one in a round column
   (opponent ``0000``, colour ``-``, result ``F`` full-point, ``H`` half-point or ``Z``
   zero-point bye), and a kept player's other entries stay. The cut file is a valid
   Dutch round of its own: every game left is between two kept players and recorded on
   both sides, every score is what its results give (the points unchanged), the
   declared rounds and initial colour are the event's; only the histories differ from
   the big round's (the lost games no longer count as meetings, colours or floats; a
   full-point bye bars its player from the PAB under 2026 C2), so its pairing is not a
   part of the big round's: the check is that both engines pair the cut file the same
   (``identical``: games with colours, and the bye; or both find no legal pairing, which
   an odd cut often meets, the byes leaving nobody eligible for the PAB: the default cut
   is even). The file is written without its system code (``192``): the engine is told
   the system on its command line. Without ``--reference`` that column says ``-``.

Per round the table prints the optimiser's CPU seconds, the solves and how many the
certificate proved, the priced proofs, whether the round is the file's, the brackets
checked and how many agree, the cut size and whether bbpPairings agrees (with its CPU
seconds). Disagreements are listed below the table, and the exit code is 1 when any
check failed.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import tempfile
import time
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from dutch_speed import run_child  # noqa: E402

from tabellone.core.errors import NoPairingError, TabelloneError  # noqa: E402
from tabellone.core.history import cut_before  # noqa: E402
from tabellone.core.model import RoundEntry, Tournament, pairs_of_round  # noqa: E402
from tabellone.core.pairing import Pairing  # noqa: E402
from tabellone.formats.trf import format_trf, read_trf  # noqa: E402
from tabellone.matching import blossom, pricing  # noqa: E402
from tabellone.rules.dutch import literal, pair_round  # noqa: E402
from tabellone.rules.dutch.criteria import C2_bye_eligible  # noqa: E402
from tabellone.rules.fide_common import (  # noqa: E402
    C1_no_rematch,
    C3_absolute_colours,
    Entrant,
    round_to_pair,
    scoregroups,
)

# ======================================================================================
# 1. the certificate of every solve


@dataclass
class Certificates:
    """What the core proved while a round was paired."""

    solves: int = 0  # solves that reached the compiled core
    certified: int = 0  # ... whose optimality certificate held
    failed: int = 0  # ... whose certificate failed (the wrapper fell back to networkx)
    edges: int = 0  # edges the certificates checked
    pricing_passes: int = 0  # pricing passes of priced brackets
    priced_proofs: int = 0  # ... that found no pair of negative slack: whole-bracket optima


@contextlib.contextmanager
def certified() -> Iterator[Certificates]:
    """Count, while the body runs, every solve of the compiled core, the edges its
    certificate checked, the certificates that failed and the pricing passes that proved
    a priced bracket's optimum. Nothing the engine computes changes: the core's own
    functions run, wrapped."""
    counts = Certificates()
    core = blossom._blossom
    if core is None:
        yield counts  # no compiled core: nothing is certified (the table says 0)
        return
    one_shot = core.max_weight_matching
    solve = blossom.Matcher.solve
    price = pricing.price_rows

    def after_core_solve() -> None:
        counts.solves += 1
        counts.certified += 1  # the core returned: its certificate held
        counts.edges += core._last_stats()["certified_edges"]

    def counted_one_shot(*args, **kwargs):
        try:
            got = one_shot(*args, **kwargs)
        except RuntimeError:  # the certificate (or the core) failed; the caller falls back
            counts.solves += 1
            counts.failed += 1
            raise
        after_core_solve()
        return got

    def counted_solve(self, max_cardinality: bool = False):
        if self._core is None or max_cardinality:  # networkx, or the one-shot core (counted there)
            return solve(self, max_cardinality)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            got = solve(self, max_cardinality)
        fell_back = [w for w in caught if issubclass(w.category, RuntimeWarning)]
        for w in caught:
            if w not in fell_back:
                warnings.showwarning(w.message, w.category, w.filename, w.lineno)
        if fell_back:
            counts.solves += 1
            counts.failed += 1
        else:
            after_core_solve()
        return got

    def counted_price(inc, rows, limit):
        got = price(inc, rows, limit)
        counts.pricing_passes += 1
        counts.priced_proofs += not got
        return got

    core.max_weight_matching = counted_one_shot
    blossom.Matcher.solve = counted_solve  # type: ignore[method-assign]
    pricing.price_rows = counted_price
    try:
        yield counts
    finally:
        core.max_weight_matching = one_shot
        blossom.Matcher.solve = solve  # type: ignore[method-assign]
        pricing.price_rows = price


def game_set(pairing: Pairing) -> tuple[list[tuple[int, int]], int | None]:
    """The games (white, black), sorted, and the bye: a round compared with colours."""
    return sorted(pairing.pairs), pairing.bye


# ======================================================================================
# 2. the literal procedure on sampled brackets


@dataclass
class Bracket:
    """One bracket of a round as a pairing paired it: positions in the round's entrants
    (pairing order). ``below`` holds the players of the scoregroups under it, ``nxt``
    those of the next one; ``kind`` is ``bracket``, or in 2017 ``PPB``/``CLB``."""

    score: Fraction
    mdps: list[int]
    residents: list[int]
    below: list[int]
    nxt: list[int]
    next_is_last: bool
    pairs: set[frozenset[int]] = field(default_factory=set)
    floaters: list[int] = field(default_factory=list)
    kind: str = "bracket"


def brackets_of(players: list[Entrant], pairs: list[tuple[int, int]], clb_from: int | None = None) -> list[Bracket]:
    """The brackets of a round paired with ``pairs`` (player ids), top down: the
    scoregroups of ``players`` with, as MDPs, the players left unpaired by the brackets
    above. ``clb_from``: the scoregroups from this one down make one bracket (2017 A.9)."""
    index = {e.id: i for i, e in enumerate(players)}
    mate: dict[int, int] = {}
    for a, b in pairs:
        mate[index[a]], mate[index[b]] = index[b], index[a]
    groups = scoregroups(players)
    if clb_from is not None and clb_from < len(groups):
        groups = groups[:clb_from] + [[i for g in groups[clb_from:] for i in g]]
    out: list[Bracket] = []
    mdps: list[int] = []
    for gi, group in enumerate(groups):
        below = [i for g in groups[gi + 1 :] for i in g]
        inside = set(mdps) | set(group)
        bracket_pairs = {frozenset((x, mate[x])) for x in inside if mate.get(x) in inside}
        paired = {x for q in bracket_pairs for x in q}
        floaters = sorted(x for x in inside if x not in paired)
        out.append(
            Bracket(
                players[group[0]].score,
                sorted(mdps),
                list(group),
                below,
                groups[gi + 1] if gi + 1 < len(groups) else [],
                gi + 2 == len(groups),
                bracket_pairs,
                floaters,
                "CLB" if clb_from is not None and gi == clb_from else "bracket",
            )
        )
        mdps = floaters
    return out


def sampled(brackets: list[Bracket], count: int, max_bracket: int, max_below: int) -> list[int]:
    """The lowest ``count`` brackets the literal procedure can pair (at most
    ``max_bracket`` players, at most ``max_below`` below), as indices, top down; the run
    is contiguous (2017 pairs it top down)."""
    chosen: list[int] = []
    for k in range(len(brackets) - 1, -1, -1):
        b = brackets[k]
        if len(chosen) == count or len(b.below) > max_below or len(b.mdps) + len(b.residents) > max_bracket:
            break
        chosen.append(k)
    return chosen[::-1]


def sub_round(
    t: Tournament, edition: str, r: int, players: list[Entrant], keep: list[int], budget: int
) -> literal._Round | None:
    """The literal procedure's round restricted to the players ``keep`` (positions in
    ``players``, pairing order): their C1/C3 compatibilities and PAB eligibility as in the
    whole round, and 2026 [C5]'s least PAB score when it provably is the whole round's
    (None when it cannot be told: the bracket is not sampled)."""
    state = t.state_before(r)
    last = r == t.total_rounds
    P = [players[i] for i in keep]
    rnd = literal._Round(t, edition, P, last_round=last, budget=budget, label=f"round {r}: ")
    for i in range(len(P)):
        for j in range(i + 1, len(P)):
            ok = C1_no_rematch(P[i], P[j], state) and C3_absolute_colours(P[i], P[j], last)
            rnd.compat[i][j] = rnd.compat[j][i] = ok
    if edition == "2026":
        literal._fix_bye_score(rnd)
        if rnd.bye_score is not None:
            least = min(e.score for e in players if C2_bye_eligible(e, edition))
            if rnd.bye_score != least:
                return None
    return rnd


@dataclass
class BracketCheck:
    score: Fraction
    kind: str
    size: int
    agree: bool | None  # None: not checked (the reason in ``note``)
    note: str = ""
    floaters: list[int] = field(default_factory=list)  # the literal procedure's, positions in its round


def literal_brackets(
    t: Tournament, edition: str, r: int, pairing: Pairing, count: int, max_bracket: int, max_below: int, budget: int
) -> list[BracketCheck]:
    """The sampled brackets of round ``r`` as ``pairing`` (the optimiser's) paired them,
    each paired again by the literal procedure and compared (pairs and downfloaters)."""
    _, players, _ = round_to_pair(t, r)
    brackets = brackets_of(players, pairing.pairs)
    chosen = sampled(brackets, count, max_bracket, max_below)
    out: list[BracketCheck] = []
    if not chosen:
        return out
    top = chosen[0]
    keep = sorted(set(brackets[top].mdps) | set(brackets[top].residents) | set(brackets[top].below))
    rnd = sub_round(t, edition, r, players, keep, budget)
    if rnd is None:
        return [BracketCheck(brackets[k].score, "bracket", 0, None, "2026 [C5] not decidable here") for k in chosen]
    local = {x: k for k, x in enumerate(keep)}
    if edition == "2017":
        out += _walk_2017(rnd, players, pairing, brackets, chosen, local)
        return out
    for k in chosen:
        b = brackets[k]
        out.append(_compare(rnd, b, local, completion=True, lookahead=True))
    return out


def _compare(
    rnd: literal._Round, b: Bracket, local: dict[int, int], *, completion: bool, lookahead: bool
) -> BracketCheck:
    """Pair bracket ``b`` by the literal procedure on ``rnd`` (positions ``local``) and
    compare with the pairs and downfloaters ``b`` holds."""
    to = (
        [local[i] for i in b.mdps],
        [local[i] for i in b.residents],
        [local[i] for i in b.below],
        [local[i] for i in b.nxt],
    )
    rnd.used = 0
    br = literal._Bracket(
        rnd,
        *to,
        completion=completion,
        lookahead=lookahead,
        next_is_last=b.next_is_last,
        label=f"{rnd.label}the {literal._fmt(b.score)}-point {b.kind}",
    )
    size = len(b.mdps) + len(b.residents)
    try:
        pairs, floaters = br.pair()
    except literal.LiteralBudgetExceeded as exc:
        return BracketCheck(b.score, b.kind, size, None, f"beyond the budget: {exc}")
    back = {v: k for k, v in local.items()}
    got_pairs = {frozenset((back[x], back[y])) for x, y in pairs}
    got_floaters = sorted(back[x] for x in floaters)
    if got_pairs == b.pairs and got_floaters == b.floaters:
        return BracketCheck(b.score, b.kind, size, True, floaters=floaters)
    ids = [rnd.P[local[i]].id for i in b.mdps + b.residents]

    def show(ps: set[frozenset[int]]) -> str:
        return " ".join("-".join(str(rnd.P[local[x]].id) for x in sorted(q)) for q in sorted(ps, key=sorted)) or "-"

    note = (
        f"{literal._fmt(b.score)}-point {b.kind} (players {' '.join(map(str, ids))}): "
        f"literal {show(got_pairs - b.pairs)}; optimiser {show(b.pairs - got_pairs)}"
    )
    return BracketCheck(b.score, b.kind, size, False, note, floaters)


def _walk_2017(
    rnd: literal._Round,
    players: list[Entrant],
    pairing: Pairing,
    brackets: list[Bracket],
    chosen: list[int],
    local: dict[int, int],
) -> list[BracketCheck]:
    """2017: the chosen brackets top down as ``literal._pair_2017`` pairs them (A.9)."""
    out: list[BracketCheck] = []
    for k in chosen:
        b = brackets[k]
        if not b.below:  # the last bracket: C.4 applies, no look-ahead
            out.append(_compare(rnd, b, local, completion=True, lookahead=False))
            continue
        check = _compare(rnd, b, local, completion=False, lookahead=True)
        if check.agree is None or rnd.completable(check.floaters + [local[i] for i in b.below]):
            out.append(check)
            continue
        # A.9: the literal procedure's downfloaters leave the rest uncompletable: this is
        # the PPB, paired again with C.4; the scoregroups below collapse into the CLB
        b.kind = "PPB"
        out.append(_compare(rnd, b, local, completion=True, lookahead=False))
        clb = brackets_of(players, pairing.pairs, clb_from=k + 1)[-1]
        out.append(_compare(rnd, clb, local, completion=True, lookahead=False))
        break
    return out


# ======================================================================================
# 3. bbpPairings on the round cut to a size it pairs


def cut_event(t: Tournament, r: int, k: int) -> Tournament:
    """The event before round ``r`` with the players of pairing numbers 1..``k`` only:
    each game against a player not kept becomes an unplayed round worth the same points
    (a full-point, half-point or zero-point bye), everything else stays (see the module
    docstring); records naming a player not kept lose that player."""
    cut = cut_before(t, r)
    scoring = cut.scoring
    unplayed = {scoring.points(code): code for code in ("Z", "H", "F")}
    players = []
    for p in cut.players:
        if p.id > k:
            continue
        rounds = []
        for e in p.rounds:
            if e.opponent is not None and e.opponent > k:
                points = scoring.points(e.result, e.colour)
                if points not in unplayed:
                    raise ValueError(f"player {p.id}: no unplayed round is worth {points} points")
                e = RoundEntry(None, None, unplayed[points])
            rounds.append(e)
        players.append(replace(p, rounds=tuple(rounds)))
    prohibited = []
    for rec in cut.prohibited:
        left = tuple(x for x in rec.players if x <= k)
        if len(left) > 1:
            prohibited.append(replace(rec, players=left))
    return replace(
        cut,
        players=tuple(players),
        byes=tuple(b for b in cut.byes if b.player <= k),
        virtual_points=tuple(v for v in cut.virtual_points if v.player <= k),
        prohibited=tuple(prohibited),
        pairing_order=tuple(i for i in cut.pairing_order if i <= k),
    )


#: The outcome of a round without a legal pairing (a cut of an odd number of players may
#: leave nobody eligible for the PAB: C2 bars whoever scored a win's points unplayed).
NO_PAIRING = "no legal pairing"


def bbp_round(engine: str, edition: str, cut: Tournament, timeout: float) -> dict:
    """bbpPairings' Dutch on the cut file: {outcome: (games, bye) or NO_PAIRING, cpu} or
    {error}."""
    with tempfile.TemporaryDirectory() as folder:
        trf, out = Path(folder) / "cut.trf", Path(folder) / "out.txt"
        # no system code (192): the engine is told the system on its command line, and
        # bbpPairings 6.0.0 rejects the code FIDE_DUTCH_2026 tabellone generate writes
        trf.write_text(format_trf(replace(cut, system=None)))
        got = run_child([engine, "--dutch", str(trf), "-p", str(out)], timeout)
        if isinstance(got, str):
            if "No valid pairing exists" in got:  # its exit code 1
                return {"outcome": NO_PAIRING, "cpu": None}
            return {"error": got}
        boards = [tuple(map(int, row.split())) for row in out.read_text().splitlines()[1:] if row.strip()]
    games = sorted((w, b) for w, b in boards if b)
    bye = next((w for w, b in boards if not b), None)
    return {"outcome": (games, bye), "cpu": got[1]["cpu"]}


# ======================================================================================
# the table


@dataclass
class RoundCheck:
    round: int
    seconds: float
    certificates: Certificates
    same_as_file: bool | None
    brackets: list[BracketCheck]
    cut: int = 0
    reference: dict | None = None
    ours_cut: tuple | str | None = None

    @property
    def identical(self) -> bool | None:
        if self.reference is None or "error" in self.reference:
            return None
        return self.ours_cut == self.reference["outcome"]


def check_round(
    t: Tournament,
    edition: str,
    r: int,
    *,
    brackets: int = 4,
    max_bracket: int = 200,
    max_below: int = 300,
    budget: int = literal.DEFAULT_BUDGET,
    reference: str | None = None,
    cut: int = 1000,
    timeout: float = 600,
) -> RoundCheck:
    """The three checks of round ``r`` of ``t`` (see the module docstring)."""
    before = cut_before(t, r)
    start = time.process_time()
    with certified() as counts:
        ours = pair_round(before, edition, r)
    seconds = time.process_time() - start
    same = None
    if r <= t.rounds_paired:
        games, pab = pairs_of_round(t, r)
        same = (sorted(games), pab[0] if pab else None) == game_set(ours)
    checks = literal_brackets(before, edition, r, ours, brackets, max_bracket, max_below, budget)
    out = RoundCheck(r, seconds, counts, same, checks)
    if reference:
        small = cut_event(t, r, cut)
        out.cut = len(small.players)
        try:
            out.ours_cut = game_set(pair_round(small, edition, r))
        except NoPairingError:
            out.ours_cut = NO_PAIRING
        out.reference = bbp_round(reference, edition, small, timeout)
    return out


HEADER = (
    f"{'round':>5} {'cpu s':>7} {'solves':>6} {'certified':>9} {'failed':>6} {'edges checked':>13} "
    f"{'priced proofs':>13} {'= file':>6} {'brackets':>8} {'literal=opt':>11} {'cut':>5} {'identical':>9} {'bbp s':>6}"
)


def line(c: RoundCheck) -> str:
    k = c.certificates
    checked = [b for b in c.brackets if b.agree is not None]
    agree = sum(b.agree is True for b in checked)
    same = "-" if c.same_as_file is None else "yes" if c.same_as_file else "NO"
    if c.reference is None:
        ident, bbp_s = "-", "-"
    elif "error" in c.reference:
        ident, bbp_s = c.reference["error"][:9], "-"
    else:
        cpu = c.reference["cpu"]
        ident, bbp_s = ("yes" if c.identical else "NO"), "-" if cpu is None else f"{cpu:.1f}"
    return (
        f"{c.round:>5} {c.seconds:>7.1f} {k.solves:>6} {k.certified:>9} {k.failed:>6} {k.edges:>13,} "
        f"{k.priced_proofs:>6}/{k.pricing_passes:<6} {same:>6} {len(checked):>8} {agree:>11} "
        f"{c.cut or '-':>5} {ident:>9} {bbp_s:>6}"
    )


def failed(c: RoundCheck) -> bool:
    return (
        c.certificates.failed > 0
        or c.same_as_file is False
        or any(b.agree is False for b in c.brackets)
        or c.identical is False
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("event", type=Path, help="a TRF event (its recorded rounds are paired again)")
    ap.add_argument("--edition", default="2026", choices=("2026", "2017"))
    ap.add_argument("--rounds", default="", help="rounds to check, e.g. 2,6,11 (default: every recorded round)")
    ap.add_argument("--brackets", type=int, default=4, help="brackets sampled per round (default 4)")
    ap.add_argument("--max-bracket", type=int, default=200, help="players of a sampled bracket, at most")
    ap.add_argument("--max-below", type=int, default=300, help="players below a sampled bracket, at most")
    ap.add_argument(
        "--budget", type=int, default=literal.DEFAULT_BUDGET, help="literal procedure: candidates per bracket"
    )
    ap.add_argument("--reference", help="bbpPairings' executable (6.0.0 for 2026, 5.0.1 for 2017)")
    ap.add_argument("--cut", type=int, default=1000, help="players of the cut round given to the reference")
    ap.add_argument("--timeout", type=float, default=600, help="seconds the reference may take")
    args = ap.parse_args(argv)
    try:
        t = read_trf(args.event)
    except TabelloneError as exc:  # one line naming the file, line and field: no traceback
        print(f"large_crosscheck: {exc}", file=sys.stderr)
        return 2
    try:
        rounds = [int(x) for x in args.rounds.split(",")] if args.rounds else list(range(1, t.rounds_paired + 1))
    except ValueError:
        ap.error(f"--rounds {args.rounds!r}: expected round numbers separated by commas, e.g. 2,6,11")
    if not all(1 <= r <= t.rounds_paired for r in rounds):
        ap.error(f"--rounds {args.rounds}: {args.event} records rounds 1 to {t.rounds_paired}")
    print(f"{args.event.name}: {len(t.players)} players, Dutch {args.edition}", flush=True)
    if not args.reference:
        print("no --reference: the bbpPairings columns are left out (-)")
    print(HEADER)
    print("-" * len(HEADER), flush=True)
    notes: list[str] = []
    bad = False
    for r in rounds:
        c = check_round(
            t,
            args.edition,
            r,
            brackets=args.brackets,
            max_bracket=args.max_bracket,
            max_below=args.max_below,
            budget=args.budget,
            reference=args.reference,
            cut=args.cut,
            timeout=args.timeout,
        )
        print(line(c), flush=True)
        bad |= failed(c)
        notes += [f"  round {r}: {b.note}" for b in c.brackets if b.note]
        if c.ours_cut == NO_PAIRING:
            notes.append(f"  round {r}: the cut round has no legal pairing (tabellone: {NO_PAIRING})")
        sizes = ", ".join(f"{literal._fmt(b.score)}:{b.size}" for b in c.brackets if b.agree is not None)
        notes.append(f"  round {r}: sampled brackets (score:players) {sizes or 'none'}")
    if notes:
        print()
        print("\n".join(notes))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
