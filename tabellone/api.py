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

import functools
import inspect
import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import ModuleType
from typing import Any

from tabellone.core.errors import InputError, SelfCheckError
from tabellone.core.model import EMPTY_ENTRY, RoundEntry, Tournament, pairs_of_round
from tabellone.core.pairing import Pairing
from tabellone.formats.files import dumps, load, safe_output, write_text
from tabellone.rules import SYSTEMS, TITLES, get_system
from tabellone.verify.checker import RoundReport

__all__ = [
    "CheckReport",
    "Explanation",
    "RESULT_CODES",
    "add_round",
    "check",
    "enter_results",
    "explain",
    "pair",
    "read",
    "recorded_pairing",
    "rules_module",
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
    return {name: TITLES[name] for name in SYSTEMS}


# --- binding a system's options ---------------------------------------------------------


def accepted_options(function: Callable[..., Any], options: Mapping[str, Any], system: str) -> dict[str, Any]:
    """The options ``function`` takes; an option given that it does not take is an error."""
    params = inspect.signature(function).parameters
    for name, value in options.items():
        if value is not None and name not in params:
            raise InputError(f"the {system} system has no option --{name}", field=f"--{name}")
    return {k: v for k, v in options.items() if v is not None and k in params}


class _WithOptions:
    """A rules module whose functions receive the caller's options (``game``, ``odd``,
    the edition where a function takes it by name) whenever they take them and the caller
    has not passed them: the generic verifier calls ``pair_round(t, edition, round)`` and
    ``colour_article(t, round, white, black)`` and needs no system's names."""

    _BOUND = (
        "pair_round",
        "check_absolute",
        "evaluate",
        "quality_criteria",
        "colour_article",
        "compare",
        "explain_steps",
    )

    def __init__(self, module: ModuleType, options: Mapping[str, Any]):
        self._module = module
        self._options = {k: v for k, v in options.items() if v is not None}

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._module, name)
        if name not in self._BOUND or not callable(value):
            return value
        signature = inspect.signature(value)

        @functools.wraps(value)
        def call(*args: Any, **kwargs: Any) -> Any:
            given = signature.bind_partial(*args, **kwargs).arguments
            for key, option in self._options.items():
                if key in signature.parameters and key not in given:
                    kwargs[key] = option
            return value(*args, **kwargs)

        return call


def _edition_of(module: ModuleType, system: str, edition: str | None) -> str:
    edition = edition or module.EDITIONS[0]
    if edition not in module.EDITIONS:
        raise InputError(
            f"unknown edition {edition!r} of {system}; expected one of {', '.join(module.EDITIONS)}", field="--edition"
        )
    return edition


def _with_profile(system: str, edition: str | None, options: Mapping[str, Any]) -> tuple[str | None, dict[str, Any]]:
    """``options`` with ``profile`` (a name, a path or a Profile) read and checked
    against ``system`` and ``edition``; the edition defaults to the profile's."""
    from tabellone.rules.profiles import resolve

    given = {k: v for k, v in options.items() if v is not None}
    if "profile" not in given:
        return edition, given
    profile = resolve(given["profile"])
    if profile.system != system:
        raise InputError(
            f"profile {profile.name} is for the {profile.system} system, not {system}",
            source=profile.source or None,
            field="--profile",
        )
    if edition is not None and edition != profile.edition:
        raise InputError(
            f"profile {profile.name} is for edition {profile.edition}, not {edition}",
            source=profile.source or None,
            field="--profile",
        )
    given["profile"] = profile
    return profile.edition, given


def rules_module(system: str = "dutch", edition: str | None = None, **options: Any) -> tuple[Any, str]:
    """The rules module of ``system`` with ``options`` bound (``game``, ``odd``,
    ``profile``, ...), and the edition (the current one when ``None``, the profile's
    when a profile is given). An option the system does not take is an
    :class:`~tabellone.InputError`."""
    module = get_system(system)
    edition, given = _with_profile(system, edition, options)
    edition = _edition_of(module, system, edition)
    accepted_options(module.pair_round, given, system)
    return _WithOptions(module, {**given, "edition": edition}), edition


# --- pairing ------------------------------------------------------------------------------


def pair(
    t: Tournament,
    system: str = "dutch",
    edition: str | None = None,
    method: str | None = None,
    round: int | None = None,
    *,
    profile: Any = None,
    source: str = "tournament",
    **options: Any,
) -> Pairing:
    """Pair the next round of ``t`` (or ``round``: a past round is paired from the rounds
    before it) by ``system`` (see :func:`systems`) and ``edition``.

    ``profile`` states the criteria as data (docs/profiles.md): the name of a shipped
    profile (``"dutch-2026"``, ``"dutch-2017"``, ``"global"``), the path of a TOML file,
    or a :class:`tabellone.rules.profiles.Profile`. Its edition is used when ``edition``
    is ``None``; the absolute criteria checked are the profile's.

    ``method`` is ``"optimised"`` or ``"literal"`` for systems that have both; other
    options (``game``, ``odd``, ``solve``, ...) go to the systems that take them. The
    pairing is checked against the absolute criteria before it is returned: a violation
    is an engine bug and raises :class:`~tabellone.SelfCheckError`. No legal pairing
    raises :class:`~tabellone.NoPairingError`.
    """
    from tabellone.core.history import cut_before

    if round is not None:
        if round < 1 or round > t.rounds_paired + 1:
            raise InputError(f"round {round} cannot be paired: rounds 1-{t.rounds_paired + 1} can", field="--round")
        if round <= t.rounds_paired:
            t = cut_before(t, round)
    module = get_system(system)
    edition, options = _with_profile(system, edition, {**options, "profile": profile})
    edition = _edition_of(module, system, edition)
    given = {"method": method, **options}
    pairing = module.pair_round(t, edition, **accepted_options(module.pair_round, given, system))
    check_options = {
        k: v for k, v in accepted_options(module.pair_round, given, system).items() if k not in ("method", "solve")
    }
    problems = module.check_absolute(
        t, pairing, edition, **accepted_options(module.check_absolute, check_options, system)
    )
    if problems:
        raise SelfCheckError(
            f"{source}: the engine produced a pairing that breaks the rules ({'; '.join(problems)}); "
            "nothing was written. Please report this with the input file."
        )
    return pairing


# --- entering rounds and results -----------------------------------------------------------


def add_round(t: Tournament, pairing: Pairing) -> Tournament:
    """``t`` with ``pairing`` entered as its round: the games without results, the
    pairing-allocated bye (``U``), and rests where the system has them (``Z``). Every
    player's points are set to the score the results give (none is left stale)."""
    r = pairing.round
    entries: dict[int, RoundEntry] = {}
    for w, b in pairing.pairs:
        entries[w] = RoundEntry(b, "w", " ")
        entries[b] = RoundEntry(w, "b", " ")
    if pairing.bye is not None:
        entries[pairing.bye] = RoundEntry(None, None, "U")
    for pid in getattr(pairing, "rests", ()) or ():
        entries[pid] = RoundEntry(None, None, "Z")
    for pid in getattr(pairing, "half_byes", ()) or ():  # Double-Swiss: the PAB's second game
        entries[pid] = RoundEntry(None, None, "H")
    players = []
    for p in t.players:
        rounds = list(p.rounds[: r - 1])
        while len(rounds) < r - 1:
            rounds.append(EMPTY_ENTRY)
        rounds.append(entries.get(p.id, p.entry(r)))
        while rounds and rounds[-1].is_empty:
            rounds.pop()
        players.append(replace(p, rounds=tuple(rounds)))
    added = replace(t, players=tuple(players)).with_derived_points()
    second = getattr(pairing, "second_game", None)  # Double-Swiss: a match is two rounds
    return add_round(added, second) if second is not None else added


#: Results as typed (``1-0``, ``=``, forfeits ``+-``) -> the TRF codes of White and Black.
RESULT_CODES: dict[str, tuple[str, str]] = {
    "1-0": ("1", "0"),
    "0-1": ("0", "1"),
    "=": ("=", "="),
    "1/2-1/2": ("=", "="),
    "½-½": ("=", "="),
    "0.5-0.5": ("=", "="),
    "+-": ("+", "-"),
    "-+": ("-", "+"),
    "--": ("-", "-"),
    "0-0": ("0", "0"),
}


def enter_results(
    t: Tournament, round: int, results: Mapping[tuple[int, int], str] | Iterable[tuple[int, int, str]]
) -> Tournament:
    """``t`` with the results of round ``round`` entered.

    ``results`` maps ``(white, black)`` to ``"1-0"``, ``"0-1"``, ``"="`` (also
    ``"1/2-1/2"``), ``"0-0"``, or a forfeit ``"+-"``, ``"-+"``, ``"--"``; or is a list of
    ``(white, black, result)``. The pair must be a board of that round with those
    colours; anything else is an :class:`~tabellone.InputError`. Declared points are not
    kept: they are set to the score the results give."""
    items = list(results.items()) if isinstance(results, Mapping) else [((w, b), res) for w, b, res in results]
    new: dict[int, RoundEntry] = {}
    for (w, b), res in items:
        codes = RESULT_CODES.get(res.strip())
        if codes is None:
            raise InputError(f"result {res!r} for {w}-{b}: expected one of {', '.join(RESULT_CODES)}", field="result")
        for pid, colour, opp in ((w, "w", b), (b, "b", w)):
            if pid not in t.by_id:
                raise InputError(f"player {pid} is not in the tournament", field="result")
            e = t.player(pid).entry(round)
            if e.opponent != opp or e.colour != colour:
                raise InputError(f"{w}-{b} is not a board of round {round} (White {w}, Black {b})", field="result")
            if pid in new:
                raise InputError(f"player {pid} has two results in round {round}", field="result")
        new[w] = RoundEntry(b, "w", codes[0])
        new[b] = RoundEntry(w, "b", codes[1])
    players = []
    for p in t.players:
        if p.id in new:
            rounds = list(p.rounds)
            rounds[round - 1] = new[p.id]
            p = replace(p, rounds=tuple(rounds))
        players.append(p)
    return replace(t, players=tuple(players)).with_derived_points()


def recorded_pairing(t: Tournament, round: int) -> Pairing:
    """Round ``round`` of ``t`` as paired: its games (finished or not) and its PAB."""
    pairs, pab = pairs_of_round(t, round)
    colourless = frozenset(frozenset((w, b)) for w, b in pairs if t.player(w).entry(round).colour not in ("w", "b"))
    return Pairing(round=round, pairs=pairs, bye=pab[0] if pab else None, colourless=colourless)


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
    system: str = "dutch",
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
    from tabellone.core.history import cut_before
    from tabellone.verify.checker import check_round, no_games_report

    module, edition = rules_module(system, edition, **options)
    report = CheckReport(system, edition)
    if pairing is not None:
        r = round or pairing.round or t.next_round
        if r < 1 or r > t.rounds_paired + 1:
            raise InputError(f"round {r} cannot be checked: rounds 1-{t.rounds_paired + 1} can", field="--round")
        if pairing.round != r:
            pairing = replace(pairing, round=r)
        report.rounds.append(check_round(module, cut_before(t, r), pairing, edition))
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
            report.rounds.append(check_round(module, cut_before(t, r), recorded, edition))
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
    system: str = "dutch",
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
    from tabellone.core.history import cut_before
    from tabellone.verify.checker import explain as explain_lines

    if (pair is None) == (bye is None):
        raise InputError("give either a pair or a bye to explain", field="--pair / --bye")
    module, edition = rules_module(system, edition, **options)
    r = round or t.next_round
    if r < 1 or r > t.rounds_paired + 1:
        raise InputError(f"round {r} cannot be explained: rounds 1-{t.rounds_paired + 1} can", field="--round")
    before = cut_before(t, r) if r <= t.rounds_paired else t
    note = None
    if hasattr(module, "score_suspended"):
        before, note = module.score_suspended(before, edition, r)
    lines = explain_lines(module, before, r, edition, pair=pair, bye=bye)
    if hasattr(module, "explain_steps"):  # a procedural system: the step of its procedure
        lines += module.explain_steps(before, r, edition, pair=pair, bye=bye)
    if note:
        lines.append(note)
    subject = f"{pair[0]}-{pair[1]}" if pair is not None else f"bye {bye}"
    return Explanation(r, subject, lines)
