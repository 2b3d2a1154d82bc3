"""Tabellone's public API: read a tournament, pair a round, check or explain a pairing,
enter the round and its results.

Everything here is also what the command line runs: ``tabellone pair`` is :func:`pair`
plus a formatter, ``tabellone check`` is :func:`check` plus a formatter.

>>> import tabellone
>>> t = tabellone.read("examples/open-24-before-r6.trf")
>>> t.next_round
6
>>> p = tabellone.pair(t)                      # FIDE Dutch, current edition
>>> p.round, len(p.pairs)                      # 23 to pair: one asked for a zero-point bye
(6, 11)
>>> p.bye                                      # the pairing-allocated bye (C.04.3 C2-C5)
21
>>> t6 = tabellone.add_round(t, p)             # the boards, results not yet in
>>> white, black = p.pairs[0]
>>> t6 = tabellone.enter_results(t6, 6, {(white, black): "1-0"})
>>> t6.player(white).entry(6).result, t6.player(black).entry(6).result
('1', '0')
>>> report = tabellone.check(t6, round=6)      # is board 1 still the rules' pairing?
>>> report.rounds[0].absolute
[]
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from tabellone.core.errors import InputError
from tabellone.core.history import cut_before
from tabellone.core.model import Tournament
from tabellone.core.pairing import Pairing
from tabellone.core.rounds import RESULT_CODES, add_round, enter_results, recorded_pairing
from tabellone.formats.files import dumps, load, safe_output, write_text
from tabellone.rules import DEFAULT_SYSTEM, SYSTEMS
from tabellone.rules.dispatch import configure, pair

if TYPE_CHECKING:  # the checker loads with check and explain, not with pair
    from tabellone.verify.checker import RoundReport

__all__ = [
    "CheckReport",
    "Explanation",
    "RESULT_CODES",
    "add_round",
    "check",
    "configure",
    "enter_results",
    "explain",
    "pair",
    "read",
    "recorded_pairing",
    "systems",
    "write",
]


def read(path: str | os.PathLike[str]) -> Tournament:
    """Read a tournament from a TRF16, TRF26 or JSON file (told apart by content), or
    from the draughts clubs' CSV form (a name ending in ``.csv``).

    A malformed file raises :class:`~tabellone.InputError` naming the file, line and
    field."""
    return load(path)


def write(t: Tournament, path: str | os.PathLike[str], format: str = "trf16", *, force: bool = False) -> None:
    """Write ``t`` to ``path`` as ``trf16``, ``trf26``, ``json`` or ``csv``.

    An existing file is replaced only with ``force``; the write goes to a temporary file
    that is then renamed, so a failure never leaves half a file."""
    write_text(safe_output(str(path), [], force), dumps(t, format))


def systems() -> dict[str, str]:
    """The pairing systems by command-line name, with their full titles."""
    return {name: rules.title for name, rules in SYSTEMS.items()}


# --- checking and explaining -------------------------------------------------------------


@dataclass
class CheckReport:
    """What :func:`check` found: one :class:`RoundReport` per round checked."""

    system: str
    edition: str
    rounds: list[RoundReport] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Every round checked is legal and is the pairing the rules make."""
        return all(r.ok for r in self.rounds)

    def as_dict(self) -> dict[str, Any]:
        return {"system": self.system, "edition": self.edition, "rounds": [r.as_dict() for r in self.rounds]}


def check(
    t: Tournament,
    system: str = DEFAULT_SYSTEM,
    edition: str | None = None,
    round: int | None = None,
    pairing: Pairing | None = None,
    **options: Any,
) -> CheckReport:
    """Check rounds of ``t`` against the rules: every paired round (or only ``round``),
    or ``pairing``, a proposed pairing of ``round`` (the next round when ``None``).

    Each round is re-paired from the rounds before it; the report gives the absolute
    criteria it breaks and, where it differs from the rules' pairing, the first criterion
    in priority order on which the two differ."""
    from tabellone.verify.checker import check_round, no_games_report

    rules, edition, opts = configure(system, edition, **options)
    report = CheckReport(system, edition)
    if pairing is not None:
        r = round or pairing.round or t.next_round
        if r < 1 or r > t.rounds_paired + 1:
            raise InputError(f"round {r} cannot be checked: rounds 1-{t.rounds_paired + 1} can", field="--round")
        if pairing.round != r:
            pairing = replace(pairing, round=r)
        report.rounds.append(check_round(rules, cut_before(t, r), pairing, edition, opts))
        return report
    # a round without a game is reported as such: one nobody played, or after the last
    # round with a game, byes and absences entered before pairing (the next round to pair)
    last = t.rounds_recorded  # every round with a game is recorded; byes entered ahead too
    rounds = [round] if round else list(range(1, last + 1))
    for r in rounds:
        if r < 1 or r > last:
            raise InputError(f"round {r} is not in the file (rounds 1-{last})", field="--round")
        recorded = recorded_pairing(t, r)
        if not recorded.pairs and recorded.bye is None:
            report.rounds.append(no_games_report(t, r))
        else:
            report.rounds.append(check_round(rules, cut_before(t, r), recorded, edition, opts))
    return report


@dataclass
class Explanation:
    """Why the rules pair two players (or give one the bye) in a round: the lines of
    the report, in order."""

    round: int
    subject: str
    lines: list[str]

    def __str__(self) -> str:
        return "\n".join(self.lines)


def explain(
    t: Tournament,
    system: str = DEFAULT_SYSTEM,
    edition: str | None = None,
    round: int | None = None,
    *,
    pair: tuple[int, int] | None = None,
    bye: int | None = None,
    **options: Any,
) -> Explanation:
    """Why the rules make ``pair`` (or give ``bye`` the bye) in ``round`` (default: the
    next): the bracket, and what the best pairing without it costs, criterion by
    criterion."""
    from tabellone.verify.checker import explain as explain_lines

    if (pair is None) == (bye is None):
        raise InputError("give either a pair or a bye to explain", field="--pair / --bye")
    rules, edition, opts = configure(system, edition, **options)
    r = round or t.next_round
    if r < 1 or r > t.rounds_paired + 1:
        raise InputError(f"round {r} cannot be explained: rounds 1-{t.rounds_paired + 1} can", field="--round")
    before = cut_before(t, r) if r <= t.rounds_paired else t
    before, note = rules.score_suspended(before, edition, r)
    lines = explain_lines(rules, before, r, edition, pair=pair, bye=bye, options=opts)
    lines += rules.explain_steps(before, r, edition, opts, pair=pair, bye=bye)  # a procedural system's step
    if note:
        lines.append(note)
    subject = f"{pair[0]}-{pair[1]}" if pair is not None else f"bye {bye}"
    return Explanation(r, subject, lines)
