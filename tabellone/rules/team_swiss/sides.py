"""The teams before the round as the criteria of C.04.6 read them (Art. 1.5-1.7): scores,
opponents, colours, floats and colour preferences."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from tabellone.core.errors import InputError
from tabellone.core.model import BLACK, WHITE, Tournament
from tabellone.core.team import TeamTournament
from tabellone.rules.team_swiss.absolute import C2_bye_allowed

EDITIONS = ("2026",)
METHODS = ("literal", "optimised")
WEAK, STRONG = 1, 2


@dataclass
class Side:
    """One team before the round: its scores, whom it met, its colours (first board, in
    played matches, oldest first: C.04.2 Art. 3.4), its preference."""

    tpn: int
    score: Fraction  # primary score, virtual points included (pairing score)
    secondary: Fraction
    opponents: frozenset[int]
    colours: str
    matches: int  # matches played over the board
    bye_barred: bool  # [C2]
    floated: bool  # a floater in the previous round (1.5)
    pref: str | None = None  # 'w', 'b' or None
    strength: int = 0  # WEAK (simple or mild) or STRONG (Type B strong)

    @property
    def cd(self) -> int:
        """Art. 1.6.2: matches with White minus matches with Black."""
        return self.colours.count(WHITE) - self.colours.count(BLACK)


@dataclass
class Ctx:
    t: TeamTournament
    round: int
    sides: dict[int, Side]
    prohibited: frozenset[frozenset[int]]
    preferences: str
    floats_count: bool  # [C7] and [C10] apply (not the last two rounds)
    initial: str
    solves: int = 0
    nodes: int = 0


def A1_7_preference(colours: str, kind: str, last_round: bool) -> tuple[str | None, int]:
    """Art. 1.7: the colour preference of a team whose played matches had ``colours``
    (oldest first), for preferences of ``kind`` (``"A"``, ``"B"`` or ``"none"``), and its
    strength. Type A (1.7.1) and Type B strong (1.7.2): CD below -1, or CD 0 or -1 with
    Black in the last two played matches, wants White (mirror for Black). Type B mild:
    CD -1, or CD 0 outside the last round with Black last, wants White (mirror). Before a
    played match, or with CD 0 in the last round (and not strong), none."""
    if kind == "none" or not colours:
        return None, 0
    cd = colours.count(WHITE) - colours.count(BLACK)
    last2 = colours[-2:] if len(colours) >= 2 else ""
    if cd < -1 or (cd in (0, -1) and last2 == BLACK * 2):
        return WHITE, STRONG if kind == "B" else WEAK
    if cd > 1 or (cd in (0, 1) and last2 == WHITE * 2):
        return BLACK, STRONG if kind == "B" else WEAK
    if kind == "B":
        if cd == -1 or (cd == 0 and not last_round and colours[-1] == BLACK):
            return WHITE, WEAK
        if cd == 1 or (cd == 0 and not last_round and colours[-1] == WHITE):
            return BLACK, WEAK
    return None, 0


def floated(t: TeamTournament, tpn: int, round_number: int, scores: dict[int, Fraction]) -> bool:
    """Art. 1.5: the team played, in ``round_number``, an opponent with another score
    (``scores``: the pairing scores before that round)."""
    e = t.player(tpn).entry(round_number)
    return e.played and scores.get(tpn) != scores.get(e.opponent)


def _pairing_scores(t: TeamTournament, r: int) -> dict[int, Fraction]:
    primary, _ = t.scores_before(r)
    vp = t.virtual_points_for(r)
    return {k: v + vp.get(k, Fraction(0)) for k, v in primary.items()}


def prepare(t: Tournament, edition: str, round_number: int | None) -> Ctx:
    if edition not in EDITIONS:
        raise InputError(
            f"unknown edition {edition!r} of the Swiss Team Pairing System; expected one of {', '.join(EDITIONS)}",
            field="--edition",
        )
    if not isinstance(t, TeamTournament):
        raise InputError(
            "the Swiss Team Pairing System pairs team events: the file has no team records (310 or 013)",
            field="--system",
        )
    r = round_number or t.next_round
    state = t.state_before(r)
    last = t.total_rounds is not None and r >= t.total_rounds
    scores = _pairing_scores(t, r)
    primary, secondary = t.scores_before(r)
    prev = _pairing_scores(t, r - 1) if r > 1 else {}
    sides = {}
    for ps in state.to_pair:
        p = t.player(ps.id)
        colours = "".join(
            p.entry(k).colour for k in range(1, r) if p.entry(k).played and p.entry(k).colour in (WHITE, BLACK)
        )
        opponents = frozenset(p.entry(k).opponent for k in range(1, r) if p.entry(k).played)
        pref, strength = A1_7_preference(colours, t.preferences, last)
        sides[ps.id] = Side(
            ps.id,
            scores[ps.id],
            secondary[ps.id],
            opponents,
            colours,
            sum(1 for k in range(1, r) if p.entry(k).played),
            not C2_bye_allowed(t, ps.id, r),
            r > 1 and floated(t, ps.id, r - 1, prev),
            pref,
            strength,
        )
    floats_count = t.total_rounds is None or r < t.total_rounds - 1
    return Ctx(t, r, sides, state.prohibited, t.preferences, floats_count, t.initial_colour or WHITE)
