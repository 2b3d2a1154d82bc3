"""The Dutch system's criteria on any round pairing, for the verifier
(:mod:`tabellone.verify.checker`): :func:`evaluate` values each quality criterion bracket by
bracket, by its article's definition in :mod:`tabellone.rules.dutch.criteria`;
:func:`quality_criteria` lists them in priority order."""

from __future__ import annotations

from tabellone.core.model import Tournament
from tabellone.core.pairing import Pairing
from tabellone.rules.comparison import BracketSide, BracketValues, CandidatePlaces
from tabellone.rules.dutch import candidate_order as co
from tabellone.rules.dutch.context import LITERAL_ONLY, profile_of
from tabellone.rules.dutch.criteria import criteria_of
from tabellone.rules.dutch.global_pairing import evaluate_global
from tabellone.rules.dutch.literal import c9_applies, exchange_key
from tabellone.rules.fide_common import C1_no_rematch, C3_absolute_colours, brackets_of_pairing, entrants
from tabellone.rules.profiles import CATALOGUE, Profile

#: Quality criteria in priority order, as the verifier reports them, per edition:
#: (article, what is minimised), from the catalogue of the texts
#: (:mod:`tabellone.rules.profiles`). C8 (2026) and C.7 (2017), which look at the next
#: bracket, have no value of their own in a finished pairing: the verifier sees them
#: through the brackets below.
QUALITY_2026 = [
    (c.id, c.text)
    for c in CATALOGUE[("dutch", "2026")].values()
    if c.kind == "quality" and c.id not in ("C5", "C8", "SD")
]
QUALITY_2017 = [(c.id, c.text) for c in CATALOGUE[("dutch", "2017")].values() if c.kind == "quality" and c.id != "C.7"]


def evaluate(
    t: Tournament, pairing: Pairing, edition: str = "2026", profile: Profile | str | None = None
) -> tuple[dict[str, object], list[BracketValues]]:
    """The round-level criteria (C5: the PAB assignee's score) and, bracket by
    bracket from the top, the quality criteria of ``pairing``, following the brackets the
    pairing itself creates (unpaired players move down as MDPs).

    With a ``profile``: also the absolute criteria it counts as quality (pairs that
    break them) and the value of each weighted level; a global profile has one
    "bracket", the whole round (:func:`tabellone.rules.dutch.global_pairing.evaluate_global`)."""
    if edition in LITERAL_ONLY:
        # a literal procedure: loaded when first used (context.LITERAL_ONLY)
        from tabellone.rules.dutch.edition_1992 import evaluate as evaluate_1992

        return evaluate_1992(t, pairing)
    prof = profile_of(profile, edition) if profile is not None else None
    if prof is not None and prof.procedure == "global":
        return evaluate_global(t, pairing, prof)
    state = t.state_before(pairing.round)
    players = entrants(t, state)
    by_id = {e.id: e for e in players}
    round_level: dict[str, object] = {}
    if edition == "2026" and pairing.bye is not None and pairing.bye in by_id:
        round_level["C5"] = by_id[pairing.bye].score
        # C9 looks ahead from every bracket to the PAB assignee (see LOOKAHEAD)
        round_level["C9"] = by_id[pairing.bye].state.rounds_unplayed
    out: list[BracketValues] = []
    criteria = criteria_of(edition)
    brackets = brackets_of_pairing(players, pairing.pairs)
    memo: dict = {}  # the round as [C9]'s note reads it, built once (c9_applies)
    for gi, (current, mdps, inside, floaters) in enumerate(brackets):
        mdp_ids = {e.id for e in mdps}
        pairs = [tuple(sorted(pair, key=lambda x: (-x.score, x.rank))) for pair in inside]
        lowest = min(e.score for e in current)
        v: dict[str, object] = {cid: c.value(pairs, floaters, mdp_ids, lowest) for cid, c in criteria.items()}
        concerned = {cid: c.concerned(pairs, floaters, mdp_ids, lowest) for cid, c in criteria.items()}
        if edition == "2026":
            # C9: the PAB assignee's unplayed rounds, in a bracket that downfloats exactly
            # one player, who receives the PAB (its note), as the literal procedure reads
            # it: the last bracket, or one whose downfloater no compliant pairing of the
            # brackets below could pair (c9_applies)
            v["C9"] = (
                floaters[0].state.rounds_unplayed
                if len(floaters) == 1
                and pairing.bye == floaters[0].id
                and (
                    gi == len(brackets) - 1
                    or c9_applies(t, pairing.round, pairing.bye, [e.id for e in players if e.score < lowest], memo)
                )
                else 0
            )
        if prof is not None:
            ids = ("C1", "C3") if edition == "2026" else ("C.1", "C.3")
            if prof.is_relaxed(ids[0]):
                v[ids[0]] = sum(1 for h, l in pairs if not C1_no_rematch(h, l, state))
            if prof.is_relaxed(ids[1]):
                v[ids[1]] = sum(1 for h, l in pairs if not C3_absolute_colours(h, l, state.round == t.total_rounds))
            v.update(prof.level_values(v))
        out.append(BracketValues(current[-1].score, [e.id for e in current], v, concerned))
    return round_level, out


#: Criteria a bracket meets by looking ahead to the rest of the round: [C9] minimises the
#: unplayed rounds of the PAB assignee, whom the last bracket fixes but a bracket's choice
#: of its one downfloater can decide. Each bracket's value (:func:`evaluate`) is the
#: literal procedure's; the verifier compares it in the first bracket where two pairings
#: part, naming each side's PAB assignee.
LOOKAHEAD = ("C9",)


def generation_article(edition: str) -> str:
    """The article that, among candidates equally good on every criterion, takes the one
    the text generates first (2026 Art. 3.8 with the order of Art. 4: transpositions 4.2,
    exchanges 4.3, sets of moved-down players 4.4; 2017 B.8 with D.1-D.3)."""
    if edition in LITERAL_ONLY:
        return "1992 C.04.3 B, the order of its transpositions and exchanges"
    return "C.04.3 2017 B.8, order of D.1-D.3" if edition == "2017" else "C.04.3 2026 Art. 3.8, order of Art. 4.2-4.4"


def quality_criteria(edition: str, profile: Profile | str | None = None) -> list[tuple[str, str]]:
    """The quality criteria in priority order: (article, what is minimised); with a
    ``profile``, its levels in its order."""
    if edition in LITERAL_ONLY:
        # a literal procedure: loaded when first used (context.LITERAL_ONLY)
        from tabellone.rules.dutch.edition_1992 import QUALITY as QUALITY_1992

        return QUALITY_1992
    if profile is not None:
        return profile_of(profile, edition).quality_criteria()
    return QUALITY_2026 if edition == "2026" else QUALITY_2017


#: The steps of the Dutch generation order, by edition: MDPs chosen, exchange, transposition
_STEPS = {
    "2026": ("the choice of MDPs (Art. 4.4)", "the exchange (Art. 4.3)", "the transposition of S2 (Art. 4.2)"),
    "2017": ("the choice of MDPs (D.3)", "the exchange (D.2)", "the transposition of S2 (D.1)"),
}


def as_generated(state, bracket, pairs, moved: list[int], edition: str) -> tuple[tuple, list[int | None], str]:
    """A bracket's candidate as the Dutch text generates it (C.04.3 2026 Art. 4; 2017
    D): the MDPs paired and their opponents (Art. 4.4 / D.3 chooses them), then the
    remainder, or the homogeneous bracket, as S1 against S2 in the order the
    transposition gives (Art. 4.2 / D.1), with the players an exchange moved from S1 to
    S2 and back (Art. 4.3 / D.2), and who floats down. A pairing of the remainder is
    made first by the exchange that keeps in S1 the higher-ranked player of each pair:
    the fewest and smallest BSNs moved. Returns its place in the text's order (the keys
    of the four steps, compared left to right), the ordinals of the four steps
    (:mod:`tabellone.rules.dutch.candidate_order`; ``None`` where too many to count),
    and the sentence."""
    players = list(bracket.players)
    order = {p: i for i, p in enumerate(players)}
    mate: dict[int, int] = {}
    for w, b in pairs:
        if w in order and b in order and w not in moved and b not in moved:
            mate[w], mate[b] = b, w
    mdps = [p for p in players if p in state.players and state[p].pairing_score > bracket.score]
    parts = []
    paired_mdps = [m for m in mdps if m in mate]
    if paired_mdps:
        parts.append("MDPs " + " ".join(f"{m}-{mate[m]}" for m in paired_mdps))
    taken = set(paired_mdps) | {mate[m] for m in paired_mdps}
    rest = [p for p in players if p not in taken and p not in mdps]
    s1_new = [p for p in rest if p in mate and mate[p] in rest and order[p] < order[mate[p]]]
    s1 = rest[: len(s1_new)]
    out = [p for p in s1 if p not in s1_new]
    into = [p for p in s1_new if p not in s1]
    s2_order = [mate[p] for p in s1_new] + [p for p in rest if p not in s1_new and p not in mate]
    if s1_new:
        head = "remainder S1" if paired_mdps else "S1"
        text = f"{head} {' '.join(map(str, s1_new))} against S2 in the order {' '.join(map(str, s2_order))}"
        if out:
            text += f", exchanging {' '.join(map(str, out))} (S1) for {' '.join(map(str, into))} (S2)"
        parts.append(text)
    parts.append(f"{' '.join(map(str, moved)) or 'nobody'} floating down")

    # the steps on BSNs: the bracket's for the MDPs, fresh ones (1..r) for the remainder
    def score_of(x: int):
        return state[players[x - 1]].pairing_score

    bsn = {p: i + 1 for i, p in enumerate(players)}
    mdp_set = [bsn[m] for m in paired_mdps]
    residents = [bsn[p] for p in players if p not in mdps]
    opponents = [bsn[mate[m]] for m in paired_mdps]
    fresh = {p: i + 1 for i, p in enumerate(rest)}
    s1r, s2r = list(range(1, len(s1) + 1)), list(range(len(s1) + 1, len(rest) + 1))
    down, up = [fresh[p] for p in out], [fresh[p] for p in into]
    s2_after = sorted((set(s2r) - set(up)) | set(down))
    chosen = [fresh[mate[p]] for p in s1_new]
    t_mdps = co.transposition_ordinal(opponents, residents)
    t_s2 = co.transposition_ordinal(chosen, s2_after)
    # a transposition the text never makes (two MDPs paired together) comes after all
    keys = (
        co.set_key(mdp_set, edition, score_of),
        t_mdps if t_mdps is not None else float("inf"),
        exchange_key(down, up),
        t_s2 if t_s2 is not None else float("inf"),
    )
    ordinals = [
        co.mdp_set_ordinal(mdp_set, [bsn[m] for m in mdps], edition, score_of) if mdps else 1,
        t_mdps,
        co.exchange_ordinal(down, up, s1r, s2r),
        t_s2,
    ]
    return keys, ordinals, ", ".join(parts)


def _ranking(has_mdps: bool, g: list[int | None], r: list[int | None], yours: str) -> str:
    """Where the text's generation order places the two candidates, step by step (a
    homogeneous bracket has only the exchange and the transposition of S2), as the
    ordinal of each step's choice: "no. 1" is the first the text tries."""
    labels = ("set of MDPs", "transposition for the MDPs", "exchange", "transposition of S2")
    steps = range(0 if has_mdps else 2, 4)

    def number(n: int | None) -> str:
        return "not counted" if n is None else f"no. {n}"

    def places(ordinals: list[int | None]) -> str:
        return ", ".join(
            "no exchange" if k == 2 and ordinals[k] == 1 else f"{labels[k]} {number(ordinals[k])}" for k in steps
        )

    who = "yours" if yours == "yours" else f"the one {yours}"
    return f"the text makes the rules' candidate with {places(r)}; {who} with {places(g)}"


def _deciding_step(edition: str, g_keys: tuple, r_keys: tuple) -> str:
    """Which step of the Dutch generation order first tells the two candidates apart."""
    choice, exchange, transposition = _STEPS[edition]
    steps = (choice, transposition + " for the MDPs", exchange, transposition)
    return next((step for step, g, r in zip(steps, g_keys, r_keys) if g != r), transposition)


def candidate_places(
    t: Tournament, edition: str, round_number: int, given: BracketSide, rules: BracketSide, yours: str = "yours"
) -> CandidatePlaces | None:
    """Where Art. 4 (2017: D) places the two candidates of one bracket, step by step
    (:func:`as_generated`), and which step first tells them apart; ``None`` for an
    edition whose steps are not counted (1992)."""
    if edition not in _STEPS:
        return None
    state = t.state_before(round_number)
    g_keys, g_rank, g_cand = as_generated(state, given.bracket, given.pairs, given.moved, edition)
    r_keys, r_rank, r_cand = as_generated(state, rules.bracket, rules.pairs, rules.moved, edition)
    if g_cand == r_cand:
        return CandidatePlaces(g_cand, r_cand, g_rank, r_rank, None, "")
    b = given.bracket
    has_mdps = any(state[p].pairing_score > b.score for p in b.players if p in state.players)
    return CandidatePlaces(
        g_cand,
        r_cand,
        g_rank,
        r_rank,
        _deciding_step(edition, g_keys, r_keys),
        _ranking(has_mdps, g_rank, r_rank, yours),
    )
