"""The Dutch system's criteria on any round pairing, for the verifier
(:mod:`tabellone.verify.checker`): :func:`evaluate` values each quality criterion bracket by
bracket, by its article's definition in :mod:`tabellone.rules.dutch.criteria`;
:func:`quality_criteria` lists them in priority order."""

from __future__ import annotations

from tabellone.core.model import Tournament
from tabellone.core.pairing import Pairing
from tabellone.rules.comparison import BracketValues
from tabellone.rules.dutch.context import LITERAL_ONLY, profile_of
from tabellone.rules.dutch.criteria import criteria_of
from tabellone.rules.dutch.global_pairing import evaluate_global
from tabellone.rules.dutch.literal import c9_applies
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
