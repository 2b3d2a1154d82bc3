"""The players as the Dubov rules read them (1997 art. 1, 2026 Art. 1): due colour or
colour preference, ARO, upfloat history, bye eligibility, computed once per round.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from tabellone.core.errors import InputError
from tabellone.core.model import BLACK, WHITE, Float, RoundState, Strength, Tournament, opposite
from tabellone.rules.dubov.aro import A1_7_aro, R1_aro
from tabellone.rules.dubov.restrictions import R2_3_colour_difference, R2_4_three_in_a_row, bye_allowed
from tabellone.rules.fide_common import pairing_order_key


@dataclass
class DP:
    """One player to pair, with everything both editions read, computed once per round.

    ``tpn`` is the 1-based pairing number (players never paired and absent now hold
    none). ``aro`` is exact (a Fraction) for 1997 and rounded half up for 2026.
    ``score_key`` and ``aro_key`` are whole numbers ordered exactly as ``score`` and
    ``aro`` among the round's players (each over its common denominator, set by
    :func:`build_players`): the orders and groupings that only compare them read these.
    ``due`` is the due colour / colour preference; ``allowed`` the colours 2.3 and 2.4
    (1997) or an absolute preference (2026) leave the player.
    """

    id: int
    tpn: int
    name: str
    rating: int
    score: Fraction
    real_score: Fraction
    aro: Fraction
    games: int
    colours: str
    cd: int
    due: str
    strength: Strength
    allowed: frozenset
    upfloats: int
    upfloated_last: bool
    upfloat_run: int
    no_games: bool
    bye_ok: bool
    score_key: int = 0
    aro_key: int = 0
    index: int = 0


def R1_due_colour(colours: str) -> str:
    """Art. 1 (1997): White after more Blacks than Whites, or equal numbers and Black in
    the previous game; Black in the mirror cases. Reading (art. 1): a player with no game
    yet is due Black, as the later editions say (2018 A.5.d, 2026 1.6.4); the 1997 text
    only needs due colours after round 1, where everyone has one unless unplayed."""
    if not colours:
        return BLACK
    w, b = colours.count(WHITE), colours.count(BLACK)
    if b > w:
        return WHITE
    if w > b:
        return BLACK
    return opposite(colours[-1])


def A1_6_colour_preference(colours: str) -> tuple[str, Strength]:
    """Art. 1.6 (2026): absolute when |CD| > 1 or the last two games had one colour,
    strong at |CD| = 1, mild at 0 (alternate); no game yet: mild Black (1.6.4)."""
    if not colours:
        return BLACK, Strength.MILD
    cd = colours.count(WHITE) - colours.count(BLACK)
    if cd > 1:
        return BLACK, Strength.ABSOLUTE
    if cd < -1:
        return WHITE, Strength.ABSOLUTE
    if len(colours) >= 2 and colours[-1] == colours[-2]:
        return opposite(colours[-1]), Strength.ABSOLUTE
    if cd == 1:
        return BLACK, Strength.STRONG
    if cd == -1:
        return WHITE, Strength.STRONG
    return opposite(colours[-1]), Strength.MILD


def A1_8_max_t(total_rounds: int) -> int:
    """Art. 1.8.2 (2026): MaxT = 2 + [Rnds / 5]."""
    return 2 + total_rounds // 5


def _opponent_ratings(t: Tournament, pid: int, r: int, ratings: dict[int, int]) -> list[int]:
    """The ratings of the opponents ``pid`` met over the board in rounds 1 .. r-1 (those
    not recorded: no game)."""
    by_id = t.by_id
    return [ratings[e.opponent] for e in by_id[pid].rounds[: r - 1] if e.played and e.opponent in by_id]


def _ratings(t: Tournament, given: dict[int, int] | None) -> dict[int, int]:
    out = {}
    for p in t.players:
        r = (given or {}).get(p.id, p.rating)
        out[p.id] = r
    return out


#: The colours an absolute preference leaves (2026), and those any other leaves.
_ABSOLUTE = {c: frozenset([c]) for c in (WHITE, BLACK)}
_EITHER = frozenset((WHITE, BLACK))


def build_players(t: Tournament, state: RoundState, edition: str, ratings: dict[int, int] | None = None) -> list[DP]:
    """The players to pair, as :class:`DP`, in score order (score descending, TPN).

    Art. 1.1 (2026) / preface (1997): every player must have a rating; an unrated player
    to be paired is an :class:`InputError` unless ``ratings`` supplies one (the
    provisional rating the Chief Arbiter assigns, 2026 Art. 1.1.2)."""
    rt = _ratings(t, ratings)
    r = state.round
    states = state.players
    ranks: dict[int, int] = {}
    k = 0
    for p in t.players:
        s = states[p.id]
        if s.present or s.participated:
            k += 1
            ranks[p.id] = k
    by_id = t.by_id
    out: list[DP] = []
    for s in state.to_pair:
        pl = by_id[s.id]
        if rt[s.id] <= 0:
            raise InputError(
                f"player {s.id} ({pl.name or 'no name'}) has no rating; the Dubov system needs one for every "
                f"player (C.04.4.1 Art. 1.1): give a provisional rating",
                field=f"player {s.id}, rating",
            )
        opp = _opponent_ratings(t, s.id, r, rt)
        colours = s.colours
        if edition == "1997":
            aro = R1_aro(opp)
            due = R1_due_colour(colours)
            allowed = frozenset(
                c for c in (WHITE, BLACK) if R2_3_colour_difference(colours, c) and R2_4_three_in_a_row(colours, c)
            )
            strength = Strength.ABSOLUTE if len(allowed) == 1 else (Strength.MILD if colours else Strength.NONE)
            if due not in allowed and allowed:
                # Reading (art. 1, 2.6): a due colour that 2.3/2.4 forbid cannot be
                # played; the player sits in the subgroup of the colour he must get.
                due = next(iter(allowed))
        else:
            aro = A1_7_aro(opp)
            due, strength = A1_6_colour_preference(colours)
            allowed = _ABSOLUTE[due] if strength is Strength.ABSOLUTE else _EITHER
        bye_ok = bye_allowed(s, edition)
        floats = s.floats_2026
        ups = floats.count(Float.UP)
        run = 0
        for f in reversed(floats):
            if f is Float.UP:
                run += 1
            else:
                break
        out.append(
            DP(
                id=s.id,
                tpn=ranks[s.id],
                name=pl.name,
                rating=rt[s.id],
                score=s.pairing_score,
                real_score=s.score,
                aro=aro,
                games=s.games_played,
                colours=colours,
                cd=s.colour_difference,
                due=due,
                strength=strength,
                allowed=allowed,
                upfloats=ups,
                upfloated_last=bool(floats) and floats[-1] is Float.UP,
                upfloat_run=run,
                no_games=not colours,
                bye_ok=bye_ok,
            )
        )
    keys = pairing_order_key([p.score for p in out])  # (-score, tpn) without Fraction comparisons
    aro_keys = pairing_order_key([p.aro for p in out])
    for dp, key, aro_key in zip(out, keys, aro_keys):
        dp.score_key, dp.aro_key = key, aro_key
    out.sort(key=lambda p: (-p.score_key, p.tpn))
    for i, dp in enumerate(out):
        dp.index = i
    return out
