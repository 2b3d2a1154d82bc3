"""FIDE tie-breaks for Swiss events of players, teams and Double-Swiss matches: Handbook
C.07, Play-off and Tie-Break Regulations, in force from 1 March 2026 (edition ``"2026"``, the default) and the text in
force from 1 August 2024 (edition ``"2024"``).

A tie-break is named by its C.07 code and optional modifiers, e.g. ``BH/C1`` (Buchholz
cut 1). Implemented:

=======  ==========================================================  ===========
code     what it is                                                  article
=======  ==========================================================  ===========
DE       direct encounter: points in the games among the tied group  6
         (games played over the board; see :func:`direct_encounter`)
WIN      rounds won, played or not (forfeit win, PAB, full bye)      7.1
WON      games won over the board                                    7.2
BPG      games played with Black                                     7.3
BWG      games won with Black                                        7.4
PS       progressive score: the sum of the running scores            7.5
BH       Buchholz: the (adjusted) scores of the opponents            8.1
SB       Sonneborn-Berger: each opponent's score times the result    9.1
ARO      average rating of the opponents played                      10.1
TPR      tournament performance rating: ARO + dp(p)                  10.2
APRO     average of the opponents' TPRs                              10.4
=======  ==========================================================  ===========

Team events (a :class:`~tabellone.core.team.TeamTournament`, C.07's team list) have
two scores, match points (MP) and game points (GP). BH, SB, PS and DE read the one
named after a colon, as FIDE's calculator writes them: ``BH:GP`` sums the opponents'
game points, ``SB:MP`` multiplies the opponent's match points by the match points made
against it; with no colon they read match points. Besides:

=======  ==========================================================
code     what it is
=======  ==========================================================
MPTS     match points; GPTS game points (as a tie-break)
ESB      extended Sonneborn-Berger: the opponent's score in one system
         times the points made against it in the other. ``ESB:MP`` (also
         written ``EMGSB``): opponent's MP times own GP; ``ESB:GP``
         (``EGMSB``) the reverse; ``EMMSB`` is ``SB:MP``, ``EGGSB``
         ``SB:GP``
EDE      extended direct encounter: DE on match points, the groups still
         level then on game points, in turn until neither separates
BC       board count: each board's number times the game points the team
         made on it (an unplayed match's spread evenly, the PAB's boards all
         won); the lower ranks higher
=======  ==========================================================

In a team event a round is a match, so Art. 16 applies to matches: a forfeited match or
a bye is an unplayed round, the dummy of 16.4 has the team's own score in the system
read, capped (2026) at a drawn match in every round (in game points: half the boards).

Double-Swiss (C.04.5): a round is a match of two game columns (``games_per_round=2``,
see :func:`participants`).

Modifiers (Art. 14): ``/C1``, ``/C2`` cut the one or two least significant values;
``/M1``, ``/M2`` cut as many from both ends (median); for PS ``/C1`` leaves out the first
round's running score.

Unplayed rounds (Art. 16), as implemented for both editions:

* *the opponent side* (16.3): when a participant is someone's opponent in BH and SB, his
  score counts as it stands, except that his unplayed rounds without an opponent that
  come after the last round in which he played, had the PAB, won by forfeit or had a
  full-point bye (voluntary unplayed rounds at the end, a withdrawal) count as draws;
* *the participant's own unplayed rounds* (16.4: byes of any kind, forfeits) count in his
  BH and SB as a game against a dummy opponent with the participant's own final score.
  The 2026 text caps the dummy's score: never above the real opponent's adjusted score
  when there was one (a forfeit, 16.4.1), never above half the maximum score when there
  was none (16.4.2);
* *cuts* (Art. 14, 16.5): a low cut removes the least significant value, except that
  a voluntary unplayed round (VUR: half- and zero-point byes, forfeit losses, absences)
  is removed instead when its contribution is not lower (16.5.1); a high cut removes
  the highest value;
* rating-based tie-breaks (Art. 10: ARO, TPR, APRO) count only games played over the
  board. Art. 10 drops them from the list (every value missing) when a participant is
  unrated, unless the event's regulations (or the Chief Arbiter, before the start) say
  how unrated players count: here ``unrated``, the rating they count with; see
  :func:`rating_tiebreaks_dropped`.

The regulations were read in excerpts of the FIDE Handbook pages (handbook.fide.com
chapters TieBreakRegulations082024 and the 2026 text) together with the FIDE Technical
Commission's public reference calculator; where the two editions differ only in wording,
the computation is the same.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from tabellone.core.errors import InputError
from tabellone.core.model import BLACK, Player, Tournament, pab_receivers
from tabellone.core.team import TeamTournament

EDITIONS = ("2026", "2024")

#: FIDE B.02 (rating regulations) table 8.1.1: dp for a percentage score p (0.00 .. 1.00).
_DP_UPPER = (
    0,
    7,
    14,
    21,
    29,
    36,
    43,
    50,
    57,
    65,
    72,
    80,
    87,
    95,
    102,
    110,
    117,
    125,
    133,
    141,
    149,
    158,
    166,
    175,
    184,
    193,
    202,
    211,
    220,
    230,
    240,
    251,
    262,
    273,
    284,
    296,
    309,
    322,
    336,
    351,
    366,
    383,
    401,
    422,
    444,
    470,
    501,
    538,
    589,
    677,
    800,
)


def dp(p100: int) -> int:
    """The rating difference dp for a score of ``p100`` per cent (FIDE B.02 8.1.1)."""
    if p100 >= 50:
        return _DP_UPPER[p100 - 50]
    return -_DP_UPPER[50 - p100]


#: Codes and the article of C.07 (2024 numbering) that defines them.
CODES = {
    "DE": "6",
    "WIN": "7.1",
    "WON": "7.2",
    "BPG": "7.3",
    "BWG": "7.4",
    "PS": "7.5",
    "BH": "8.1",
    "SB": "9.1",
    "ARO": "10.1",
    "TPR": "10.2",
    "APRO": "10.4",
    # team events
    "MPTS": "team: match points",
    "GPTS": "team: game points",
    "ESB": "9.1, team: extended SB",
    "EDE": "6, team: extended direct encounter",
    "BC": "team: board count",
}
_CUTTABLE = {"BH", "SB", "ESB", "ARO", "PS"}
#: Tie-breaks that read a point system of a team event (``BH:GP``, ``SB:MP`` ...).
_SCORED = {"BH", "SB", "ESB", "PS", "DE"}
#: Tie-breaks only a team event has.
TEAM_ONLY = {"MPTS", "GPTS", "ESB", "EDE", "BC"}
#: Tie-breaks where the lower value ranks higher.
LOWER_IS_BETTER = {"BC"}
#: The extended Sonneborn-Berger names of the calculator and of C.07's team list:
#: E + the opponent's score + the participant's own result (M match, G game points).
_EXTENDED_SB = {"EMMSB": ("SB", "MP"), "EGGSB": ("SB", "GP"), "EMGSB": ("ESB", "MP"), "EGMSB": ("ESB", "GP")}


@dataclass(frozen=True)
class TieBreak:
    """One tie-break as requested: ``text`` exactly as the user wrote it (``BH:GP/C1``).

    ``system`` is the point system it reads in a team event (``"MP"`` match points,
    ``"GP"`` game points; ``""``: the event's own points, match points for teams)."""

    text: str
    code: str
    low: int = 0
    high: int = 0
    system: str = ""


def parse_code(text: str) -> TieBreak:
    """``BH/C1`` -> TieBreak('BH/C1', 'BH', low=1); ``BH:GP`` reads game points (team
    events, as the FIDE calculator writes it). Unknown codes are an error."""
    raw = text.strip()
    m = re.fullmatch(r"([A-Za-z]+)(?::([A-Za-z]{2}))?(?:/([CcMm])([12]))?", raw)
    if not m:
        raise InputError(
            f"found tie-break {raw!r}, expected a C.07 code such as BH, BH/C1, SB, DE, ARO/C1, BH:GP",
            field="--tiebreaks",
        )
    code = m.group(1).upper()
    system = (m.group(2) or "").upper()
    if code in _EXTENDED_SB:
        if system:
            raise InputError(f"{code} names its point systems itself; write it without :{system}", field="--tiebreaks")
        code, system = _EXTENDED_SB[code]
    if code not in CODES:
        raise InputError(f"unknown tie-break {code!r}; known: {', '.join(CODES)}", field="--tiebreaks")
    if system and system not in ("MP", "GP"):
        raise InputError(
            f"unknown point system {system!r} in {raw!r}; expected MP (match points) or GP (game points)",
            field="--tiebreaks",
        )
    if system and code not in _SCORED:
        raise InputError(
            f"{code} takes no point system (:MP, :GP apply to {', '.join(sorted(_SCORED))})", field="--tiebreaks"
        )
    low = high = 0
    if m.group(3):
        if code not in _CUTTABLE:
            raise InputError(
                f"{code} takes no modifier (cuts and medians apply to {', '.join(sorted(_CUTTABLE))})",
                field="--tiebreaks",
            )
        n = int(m.group(4))
        low = n
        high = n if m.group(3).upper() == "M" else 0
        if code == "PS" and high:
            raise InputError("PS takes a cut (/C1), not a median", field="--tiebreaks")
    return TieBreak(raw, code, low, high, system)


def parse_codes(items: Iterable[str]) -> list[TieBreak]:
    """Codes from a list whose items may hold several, separated by commas or blanks.
    ``PTS`` (the points, always the first criterion) may be named and is skipped."""
    out = []
    for item in items:
        for tok in re.split(r"[,\s]+", item.strip()):
            if tok and tok.upper() != "PTS":
                out.append(parse_code(tok))
    return out


def codes_from_file(t: Tournament) -> list[TieBreak]:
    """The tie-break order the file gives: TRF26 ``202`` (individual tie-breaks), else
    ``212``. Empty when the file has neither."""
    for code in ("202", "212"):
        texts = [h.text for h in t.headers if h.code == code]
        if texts:
            return parse_codes(texts)
    return []


#: The default order when neither the file nor the user gives one (C.07 recommends
#: Buchholz cut 1, Buchholz, Sonneborn-Berger for individual Swiss events).
DEFAULT = ("BH/C1", "BH", "SB")


# --- what each round was ----------------------------------------------------------------


@dataclass(frozen=True)
class RoundView:
    """One round of one participant, as the tie-breaks read it."""

    points: Fraction
    opponent: int | None  # the paired opponent (also for forfeits)
    played: bool  # over the board
    colour: str | None
    vur: bool  # voluntary unplayed round (HPB, ZPB, forfeit loss, absence)
    won: bool  # scored a win's points (played or not)
    games_won: int = 0  # games of the round won over the board (Art. 7.2)
    black_games: int = 0  # games of the round played with Black (Art. 7.3)
    black_won: int = 0  # ... and won (Art. 7.4)


@dataclass
class Participant:
    player: Player
    rounds: list[RoundView]
    points: Fraction
    adjusted: Fraction = Fraction(0)  # the score others' BH and SB see (16.3)
    values: dict[str, object] = field(default_factory=dict)


def rounds_complete(t: Tournament) -> int:
    """The last round up to which every game has a result."""
    n = 0
    for r in range(1, t.rounds_paired + 1):
        if any(p.entry(r).pending for p in t.players):
            break
        n = r
    return n


@dataclass(frozen=True)
class PointSystem:
    """The points a tie-break reads: ``""`` the event's own (a player's game points; a
    team's match points), ``"MP"`` match points, ``"GP"`` game points (team events).
    ``draw`` and ``win`` are what a drawn and a won round are worth in it (a team's
    round in game points: the boards times a game's draw or win)."""

    name: str
    draw: Fraction
    win: Fraction


def point_system(t: Tournament, name: str, games_per_round: int = 1) -> PointSystem:
    """The point system ``name`` of ``t``; a round of ``games_per_round`` games (a
    Double-Swiss match: 2) is worth that many games' draw or win."""
    if not isinstance(t, TeamTournament):
        if name:
            raise InputError(
                f"the point system :{name} is for team events; this file pairs players", field="--tiebreaks"
            )
        return PointSystem("", games_per_round * t.scoring.draw, games_per_round * t.scoring.win)
    if name == "GP":
        boards = len(t.board_colours) or max((len(team.roster) for team in t.teams), default=1)
        game = t.boards.scoring if t.boards is not None else None
        return PointSystem(
            "GP", boards * (game.draw if game else Fraction(1, 2)), boards * (game.win if game else Fraction(1))
        )
    return PointSystem("MP", t.scoring.draw, t.scoring.win)


def participants(
    t: Tournament, n: int, system: PointSystem | None = None, games_per_round: int = 1
) -> dict[int, Participant]:
    """Every participant's first ``n`` rounds with the points of ``system`` (default:
    the event's own). What a round *was* (played, won, voluntary unplayed) is read from
    the event's own results, whatever the point system.

    With ``games_per_round`` 2 (Double-Swiss, C.04.5) the event's columns are games
    and a round is the match of columns 2k-1 and 2k: its points are the two games'
    (1.5 for 1½-½), its opponent the match opponent, its colour the first game's (C.04.5
    Art. 1.6); it was played when a game was (a single forfeited game has been made a
    played one by ``double_swiss.standings_view``, Preface); it is won, for WIN
    (Art. 7.1), when it scored more than a drawn match; WON, BPG and BWG count games,
    as their articles say (7.2-7.4)."""
    g = games_per_round
    system = system or point_system(t, "", g)
    out: dict[int, Participant] = {}
    pab = {r: set(pab_receivers(t, r)) for r in range(1, g * n + 1)}
    for p in t.players:
        views = []
        for r in range(1, n + 1):
            cols = [p.entry(c) for c in range(g * (r - 1) + 1, g * r + 1)]
            own = sum((t.scoring.points(e.result, e.colour) for e in cols), Fraction(0))
            opponent = next((e.opponent for e in cols if e.opponent is not None), None)
            played = any(e.played for e in cols)
            is_win = (own > g * t.scoring.draw) if g > 1 else (own >= t.scoring.win and own > 0)
            vur = not played and not is_win and p.id not in pab[g * (r - 1) + 1]
            if not system.name or system.name == "MP":
                pts = own
            else:  # the game points of a team event's match (GP)
                assert isinstance(t, TeamTournament), f"{system.name} points belong to a team event"
                pts = t.game_points_in(p.id, r)
            won = [e.played and t.scoring.points(e.result, e.colour) >= t.scoring.win for e in cols]
            black = [e.played and e.colour == BLACK for e in cols]
            views.append(
                RoundView(
                    pts,
                    opponent,
                    played,
                    cols[0].colour if played else None,
                    vur,
                    is_win,
                    sum(won),
                    sum(black),
                    sum(w and b for w, b in zip(won, black)),
                )
            )
        out[p.id] = Participant(p, views, sum((v.points for v in views), Fraction(0)))
    for part in out.values():
        last = max((k for k, v in enumerate(part.rounds, start=1) if not v.vur), default=0)
        part.adjusted = sum(
            (
                v.points if (k <= last or v.opponent is not None) else system.draw
                for k, v in enumerate(part.rounds, start=1)
            ),
            Fraction(0),
        )
    return out


# --- the tie-breaks --------------------------------------------------------------------


def _cut(values: list[tuple[bool, Fraction, Fraction]], low: int, high: int) -> Fraction:
    """Sum of (vur, opponent score, value) triples after the cuts of Art. 14.

    The least significant value is the one of the opponent with the lowest score (the
    lower contribution among equal scores). A low cut is applied one value at a time
    (Art. 16.5.2) and, when the participant has voluntary unplayed rounds, takes the
    lowest VUR contribution instead, provided it is not lower than the least
    significant value (Art. 16.5.1): a VUR is never what a cut spares. In Buchholz a
    VUR's value is never below the least significant one, so the VUR goes first; in
    Sonneborn-Berger a VUR worth 0 (a zero-point bye, a forfeit loss) leaves the cut
    to the weakest opponent."""
    items = list(values)
    for _ in range(min(low, len(items))):
        least = min(items, key=lambda x: (x[1], x[2]))
        vurs = [x for x in items if x[0]]
        if vurs:
            vur = min(vurs, key=lambda x: (x[1], x[2]))
            if vur[2] >= least[2]:
                least = vur
        items.remove(least)
    for _ in range(min(high, len(items))):
        items.remove(max(items, key=lambda x: (x[1], x[2])))
    return sum((x[2] for x in items), Fraction(0))


def _buchholz_items(
    scores: dict[int, Participant],
    results: dict[int, Participant] | None,
    pid: int,
    edition: str,
    n: int,
    draw: Fraction,
) -> list[tuple[bool, Fraction, Fraction]]:
    """(vur, opponent score, value) for each round of ``pid``: the opponent's adjusted
    score in ``scores`` (Art. 8.1, 16.3), or the dummy opponent's (16.4) for a round not
    played; with ``results`` (Sonneborn-Berger, Art. 9.1) that score times the points
    ``pid`` made in the round, read in ``results`` (the same point system for SB, the
    other one for the extended SB of team events)."""
    me = scores[pid]
    items = []
    for k, v in enumerate(me.rounds):
        if v.played:
            score = scores[v.opponent].adjusted
        else:
            score = me.points  # the dummy opponent (16.4)
            if edition == "2026":
                cap = scores[v.opponent].adjusted if v.opponent is not None else draw * n
                score = min(score, cap)
        value = score * results[pid].rounds[k].points if results is not None else score
        items.append((v.vur and not v.played, score, value))
    return items


RATING_BASED = {"ARO", "TPR", "APRO"}


def rating_tiebreaks_dropped(t: Tournament, unrated: int | None) -> bool:
    """C.07 Art. 10: with an unrated participant and no rule giving unrated players a
    rating, the rating-based tie-breaks are dropped."""
    return unrated is None and any(not p.rating for p in t.players)


def _rated(
    parts: dict[int, Participant], me: Participant, unrated: int | None
) -> tuple[int, list[tuple[int, Fraction]]]:
    """Games played over the board, and (rating, points) of those against a rated
    opponent (or any, with ``unrated``)."""
    games = 0
    out = []
    for v in me.rounds:
        if not v.played:
            continue
        games += 1
        rating = parts[v.opponent].player.rating or unrated
        if rating:
            out.append((rating, v.points))
    return games, out


def _round_half_up(x: Fraction) -> int:
    return int((x + Fraction(1, 2)) // 1)


def average_rating(ratings: Sequence[int]) -> int | None:
    """Art. 10.1: the mean of ``ratings`` rounded to the nearest whole number, .5 upwards
    (the rounding of Dubov 2026 Art. 1.7 too); ``None`` for no rating.

    >>> average_rating([2000, 2001]), average_rating([1999, 2000, 2000]), average_rating([])
    (2001, 2000, None)
    """
    return _round_half_up(Fraction(sum(ratings), len(ratings))) if ratings else None


def _aro(games: int, rated: list[tuple[int, Fraction]], low: int, high: int) -> int | None:
    rated = sorted(rated)
    for _ in range(low):
        if games == len(rated) and rated:
            rated = rated[1:]
        games -= 1
    for _ in range(high):
        if games == len(rated) and rated:
            rated = rated[:-1]
        games -= 1
    return average_rating([r for r, _ in rated])


def _tpr(rated: list[tuple[int, Fraction]], win: Fraction) -> int | None:
    if not rated:
        return None
    aro = _round_half_up(Fraction(sum(r for r, _ in rated), len(rated)))
    score = sum((pts for _, pts in rated), Fraction(0)) / win
    p100 = _round_half_up(score * 100 / len(rated))
    return aro + dp(p100)


def compute(
    t: Tournament,
    tiebreaks: Sequence[TieBreak],
    edition: str = "2026",
    *,
    rounds: int | None = None,
    unrated: int | None = None,
    games_per_round: int = 1,
) -> dict[int, Participant]:
    """Every participant with ``values[tb.text]`` for each tie-break (DE and EDE
    excepted: they depend on the tied group, see :func:`ranking`). The participants
    returned carry the event's own points (a team's match points). ``rounds`` counts
    the file's columns; with ``games_per_round`` 2 (Double-Swiss) every two columns
    are one round (see :func:`participants`)."""
    if edition not in EDITIONS:
        raise InputError(
            f"unknown tie-break rules {edition!r}; expected one of {', '.join(EDITIONS)}", field="--tiebreak-rules"
        )
    team = isinstance(t, TeamTournament)
    for tb in tiebreaks:
        if tb.code in TEAM_ONLY and not team:
            raise InputError(f"{tb.text} is a tie-break of team events; this file pairs players", field="--tiebreaks")
    g = games_per_round
    n = (rounds_complete(t) if rounds is None else rounds) // g
    views: dict[str, dict[int, Participant]] = {}

    def in_system(name: str) -> dict[int, Participant]:
        if name not in views:
            views[name] = participants(t, n, point_system(t, name, g), g)
        return views[name]

    parts = in_system("")
    win = point_system(t, "", g).win
    tprs: dict[int, int | None] = {}
    dropped = rating_tiebreaks_dropped(t, unrated)
    if any(tb.code in ("TPR", "APRO") for tb in tiebreaks):
        for me in parts.values():
            _, rated = _rated(parts, me, unrated)
            tprs[me.player.id] = _tpr(rated, win)
    for pid, me in parts.items():
        for tb in tiebreaks:
            c = tb.code
            own = tb.system or ("MP" if team else "")
            if c in ("BH", "SB", "ESB"):
                scores = in_system(own)
                results = None if c == "BH" else in_system(own if c == "SB" else ("GP" if own == "MP" else "MP"))
                draw = point_system(t, own, g).draw
                value: object = _cut(_buchholz_items(scores, results, pid, edition, n, draw), tb.low, tb.high)
            elif c in ("MPTS", "GPTS"):
                value = in_system(c[:2])[pid].points
            elif c == "WIN":
                value = sum(1 for v in me.rounds if v.won)
            elif c == "WON":
                value = sum(v.games_won for v in me.rounds)
            elif c == "BPG":
                value = sum(v.black_games for v in me.rounds)
            elif c == "BWG":
                value = sum(v.black_won for v in me.rounds)
            elif c == "PS":
                running, total = Fraction(0), Fraction(0)
                for k, v in enumerate(in_system(own)[pid].rounds, start=1):
                    running += v.points
                    if k > tb.low:
                        total += running
                value = total
            elif c == "ARO":
                games, rated = _rated(parts, me, unrated)
                value = _aro(games, rated, tb.low, tb.high)
            elif c == "TPR":
                value = tprs[me.player.id]
            elif c == "APRO":
                opp = [tprs[v.opponent] for v in me.rounds if v.played and tprs[v.opponent] is not None]
                value = _round_half_up(Fraction(sum(opp), len(opp))) if opp else None
            elif c == "BC":
                value = board_count(t, pid, n)  # type: ignore[arg-type]
            elif c in ("DE", "EDE"):
                continue
            else:  # pragma: no cover - parse_code admits only the codes above
                raise InputError(f"unknown tie-break {c}")
            me.values[tb.text] = None if c in RATING_BASED and dropped else value
    return parts


def board_count(t: TeamTournament, tpn: int, n: int) -> Fraction:
    """Board count (BC): for each board, its number times the game points the team
    made on it over the first ``n`` rounds, summed; the lower ranks higher (points won
    on the top boards weigh least). A board is its place in the team's roster (TRF26
    ``310``). A round without a match over the board (a bye, a forfeited match) has no
    board results: its game points are spread evenly over the boards (a forfeit win is
    every board won, a zero-point bye none), except the pairing-allocated bye, which
    counts every board won whatever game points ``320`` gives it. The C.07 team articles
    could not be read here; the PAB follows FIDE's Technical Commission's reference
    calculator (TieBreakServer), which counts the PAB's boards as won for board count
    only."""
    team = t.team_by_tpn[tpn]
    if t.boards is None:
        return Fraction(0)
    boards = len(t.board_colours) or len(team.roster)
    weights = Fraction(boards * (boards + 1), 2)  # 1 + 2 + ... + boards
    total = Fraction(0)
    for r in range(1, n + 1):
        entry = t.player(tpn).entry(r)
        if entry.result == "U":  # the PAB: every board won
            total += weights
            continue
        if not entry.played:
            total += weights * t.game_points_in(tpn, r) / boards
            continue
        for board, pid in enumerate(team.roster, start=1):
            if pid in t.boards.by_id:
                total += board * t.boards.points_in_round(t.boards.player(pid), r)
    return total


def _encounters(
    parts: dict[int, Participant], group: Sequence[int], win: Fraction
) -> dict[int, tuple[Fraction, Fraction, bool]]:
    """For each member: points scored in games played over the board against the others
    of the group (several games against one opponent averaged), the most that could be
    scored if every missing encounter were won, and whether he met them all."""
    members = set(group)
    out = {}
    for pid in group:
        against: dict[int, list[Fraction]] = {}
        for v in parts[pid].rounds:
            if v.played and v.opponent in members:
                against.setdefault(v.opponent, []).append(v.points)
        score = sum((Fraction(sum(pts), len(pts)) for pts in against.values()), Fraction(0))
        missing = len(members) - 1 - len(against)
        out[pid] = (score, score + missing * win, missing == 0)
    return out


def direct_encounter(
    parts: dict[int, Participant], group: Sequence[int], win: Fraction = Fraction(1)
) -> list[list[int]]:
    """Art. 6: the tied group split by the games among its members.

    When all met, by the points scored among them. When some did not (a Swiss event),
    from the top: the leader is placed above the others only if his points among them
    exceed what any of them could still reach by winning every missing encounter; the
    first time that fails, those left stay level. Each part still level is examined again
    on its own. The value each participant shows is his points in the last group
    examined."""
    ordered = sorted(group)
    if len(ordered) < 2:
        return [ordered]
    enc = _encounters(parts, ordered, win)
    for pid in ordered:
        parts[pid].values["__de__"] = enc[pid][0]
    if all(met for _, _, met in enc.values()):
        buckets: dict[Fraction, list[int]] = {}
        for pid in ordered:
            buckets.setdefault(enc[pid][0], []).append(pid)
        split = [buckets[k] for k in sorted(buckets, reverse=True)]
    else:
        line = sorted(ordered, key=lambda pid: (-enc[pid][0], -enc[pid][1], pid))
        split = [[line[0]]]
        for i in range(1, len(line)):
            if len(split[-1]) == 1 and enc[line[i - 1]][0] > max(enc[q][1] for q in line[i:]):
                split.append([line[i]])
            else:
                split[-1].append(line[i])
                split[-1] = sorted(split[-1])
    if len(split) == 1:
        return split
    out: list[list[int]] = []
    for part in split:
        out += direct_encounter(parts, part, win) if len(part) > 1 else [part]
    return out


@dataclass
class Row:
    place: int
    shared: bool  # level with the row above or below on every criterion
    participant: Participant


def _key(value: object, lower_is_better: bool = False) -> tuple:
    """Higher is better (lower for board count); a missing value (no rated opponent)
    ranks below any number."""
    if value is None:
        return (0, 0)
    return (1, -value) if lower_is_better else (1, value)  # type: ignore[operator]


def extended_direct_encounter(
    mp: dict[int, Participant], gp: dict[int, Participant], group: Sequence[int], win_mp: Fraction, win_gp: Fraction
) -> list[list[int]]:
    """EDE, the direct encounter of team events: the tied group split by the match
    points of the matches among its members (Art. 6), each part still level then split
    by the game points of those matches, and every part so separated examined again
    from the match points, until neither score separates anyone."""
    out: list[list[int]] = []
    for part in direct_encounter(mp, group, win_mp):
        if len(part) == 1:
            out.append(part)
            continue
        by_games = direct_encounter(gp, part, win_gp)
        if len(by_games) == 1:
            out.append(part)
            continue
        for q in by_games:
            out += extended_direct_encounter(mp, gp, q, win_mp, win_gp) if len(q) > 1 else [q]
    return out


def ranking(
    t: Tournament,
    tiebreaks: Sequence[TieBreak],
    edition: str = "2026",
    *,
    rounds: int | None = None,
    unrated: int | None = None,
    primary: str = "",
    games_per_round: int = 1,
) -> list[Row]:
    """The standings: points (in a team event, the ``primary`` score: ``"MP"`` match
    points, the default, or ``"GP"`` game points), then each tie-break in order (Art.
    4.2), applied to the groups still level. Participants level on everything share the
    place; they are listed by pairing number (C.07 leaves the last word to lots)."""
    per = games_per_round
    parts = compute(t, tiebreaks, edition, rounds=rounds, unrated=unrated, games_per_round=per)
    n = (rounds_complete(t) if rounds is None else rounds) // per
    first = {pid: p.points for pid, p in parts.items()}
    if primary == "GP":
        first = {pid: p.points for pid, p in participants(t, n, point_system(t, "GP")).items()}
    groups: list[list[int]] = []
    for pid in sorted(parts, key=lambda pid: (-first[pid], pid)):
        if groups and first[groups[-1][0]] == first[pid]:
            groups[-1].append(pid)
        else:
            groups.append([pid])
    team = isinstance(t, TeamTournament)
    for tb in tiebreaks:
        refined: list[list[int]] = []
        if tb.code in ("DE", "EDE"):
            name = tb.system or ("MP" if team else "")
            sys_ = point_system(t, name, per)
            scores = participants(t, n, sys_, per)
            games = participants(t, n, point_system(t, "GP")) if tb.code == "EDE" else None
        for g in groups:
            if tb.code in ("DE", "EDE"):
                if len(g) == 1:
                    parts[g[0]].values[tb.text] = None
                    refined.append(g)
                    continue
                if tb.code == "DE":
                    refined += direct_encounter(scores, g, sys_.win)
                else:
                    refined += extended_direct_encounter(scores, games, g, sys_.win, point_system(t, "GP").win)
                for pid in g:
                    parts[pid].values[tb.text] = scores[pid].values.pop("__de__")
                continue
            values = {pid: parts[pid].values[tb.text] for pid in g}
            buckets: dict[tuple, list[int]] = {}
            for pid in g:
                buckets.setdefault(_key(values[pid], tb.code in LOWER_IS_BETTER), []).append(pid)
            for k in sorted(buckets, reverse=True):
                refined.append(sorted(buckets[k]))
        groups = refined
    rows = []
    for g in groups:
        place = len(rows) + 1
        for pid in g:
            rows.append(Row(place, len(g) > 1, parts[pid]))
    return rows
