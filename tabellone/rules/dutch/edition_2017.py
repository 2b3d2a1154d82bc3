"""The Dutch system, 2017 edition (C.04.3 as of Baku 2016 with the 2017 additions, in force
until 31 January 2026), as an optimiser: the pairing score difference (PSD, A.8) instead of
downfloater scores, completion checked after each bracket, and the penultimate pairing
bracket (PPB) re-paired with everything below collapsed (A.9)."""

from __future__ import annotations

from bisect import bisect_right
from fractions import Fraction

from tabellone.core import progress
from tabellone.core.errors import NoPairingError
from tabellone.matching.completion import CompletionOracle
from tabellone.matching.lexicographic import fit_layout
from tabellone.rules.dutch.absolute import Compatibility
from tabellone.rules.dutch.bracket_matcher import RowMatcher
from tabellone.rules.dutch.context import RoundContext, absolute_checks, bitlen, score_ranks
from tabellone.rules.dutch.criteria import CRITERIA_2017, C2_bye_eligible, colour_checks, float_before
from tabellone.rules.dutch.edition_2026 import Dutch2026
from tabellone.rules.dutch.generation import BracketStepper, settle_bracket
from tabellone.rules.dutch.matcher import Matcher, default_solve
from tabellone.rules.dutch.weights import Weights2017
from tabellone.rules.fide_common import C1_no_rematch, C3_absolute_colours, Entrant, scoregroups
from tabellone.rules.profiles import Objective, Profile, official

#: Field of the 2017 weights -> the article it implements, whose articles are C.1 ... C.19.
OWNER_2017 = {
    "C1": "C.1",
    "C3": "C.3",
    "C5": "C.5",
    "C6": "C.6",
    "C7a": "C.7",
    "C7b": "C.7",
    **{f"C{k}": f"C.{k}" for k in range(8, 20)},
}


def _with_field(*ids: str) -> tuple:
    """The 2017 criteria ``ids`` (criteria.py), each with the name of its weight field."""
    return tuple((CRITERIA_2017[c], c.replace(".", "")) for c in ids)


#: The pairing score difference, the colour criteria, and the float criteria of one and two
#: rounds before (repeated downfloats, repeated upfloats, their score differences).
PSD_2017 = CRITERIA_2017["C.6"]
COLOUR_2017 = _with_field("C.8", "C.9", "C.10", "C.11")
FLOATS_2017 = (_with_field("C.12", "C.13", "C.16", "C.17"), _with_field("C.14", "C.15", "C.18", "C.19"))


class Dutch2017:
    """The round pairing of the 2017 edition (A-D): the pairing score difference (PSD,
    A.8) instead of downfloater scores, completion checked after each bracket, and the
    penultimate pairing bracket (PPB) re-paired with everything below collapsed (A.9)."""

    ONE_POINT = Fraction(1)
    #: whether a bracket's matching keeps its weights row by row (:class:`RowMatcher`)
    #: when the weights are packed from per-player terms and the incremental core
    #: solves; the generic :class:`Matcher` otherwise (tests compare the two)
    row_matcher = True

    def __init__(self, ctx: RoundContext, solve=None, profile: Profile | None = None):
        self.ctx = ctx
        self.P = ctx.players
        self.n = len(self.P)
        self.solve_fn = solve
        self.one_shot = solve or default_solve
        self.profile = profile = profile or official("dutch", "2017")
        # (no pair-counting adjustment: the 2017 weights have no completion field above
        # every bracket, so the number of matched edges is not fixed; see docs/profiles.md)
        self.objective = Objective(profile, OWNER_2017)
        hard1, hard2, hard3 = absolute_checks(profile, "C.1", "C.2", "C.3")
        self.relax1, self.relax3 = profile.is_relaxed("C.1"), profile.is_relaxed("C.3")
        self.ok = Compatibility(self.P, ctx.state, ctx.last_round, hard1, hard3)
        self.oracle = CompletionOracle(self.ok)
        self.eligible = [not hard2 or C2_bye_eligible(e, "2017") for e in self.P]
        self.rounds_played = ctx.state.round - 1
        self.final_pairs: dict[int, int] = {}
        self.solves = 0
        #: the pair weights are packed from per-player terms (:mod:`tabellone.rules.dutch.weights`)
        #: when the profile's fold is the identity and no absolute criterion is quality;
        #: for them: each score's rank (0 the lowest) and each player's floats one and
        #: two rounds before
        self.fast_weights = self.objective.identity and not (self.relax1 or self.relax3)
        self.score_key = score_ranks(self.P)[1]
        self.floats = [(float_before(e, 1, "2017"), float_before(e, 2, "2017")) for e in self.P]
        self.colour_checks = colour_checks
        self._colour_classes: tuple[list[int], list[Entrant]] | None = None
        self._colour_masks: list[list[int]] | None = None
        self._colour_rows: dict[tuple[int, ...], list[list[int]]] = {}

    colour_classes = Dutch2026.colour_classes
    colour_masks = Dutch2026.colour_masks
    colour_rows = Dutch2026.colour_rows

    @property
    def m(self):  # the number of solves, for reports
        return self

    # ---- completion (validity) -------------------------------------------------------

    def completable(self, extra: list[tuple[int, int]]) -> bool:
        """Whether every player not yet paired can still be paired (one bye-eligible
        player left over when the number is odd)."""
        fixed = set(self.final_pairs)
        for a, b in extra:
            fixed.update((a, b))
        free = [i for i in range(self.n) if i not in fixed]
        self.solves += 1
        return self.oracle.complete(free, (), self.eligible.__getitem__) is not None

    # ---- weights -----------------------------------------------------------------------

    def values(self, h, l, cur, nxt, special, final, df):
        """The fields of the pair h-l, mapped by the profile (:meth:`Objective.fold`)."""
        return self.objective.fold(self._text_values(h, l, cur, nxt, special, final, df))

    def _text_values(self, h, l, cur, nxt, special, final, df):
        """The fields of the pair h-l as the text defines them (None: they may not meet).

        The quality criteria from C.6 on are those of :mod:`tabellone.rules.dutch.criteria`,
        by article (a field is named as its article without the dot: ``C12`` for C.12).
        The matching maximises, so a field holds what the pair saves: the parts its two
        players would have as downfloaters, less the pair's own part. A downfloater's
        score difference is keyed by ``df``, its score above one point below the lowest
        of the bracket and the next (:meth:`layout`). :class:`Weights2017` packs the same
        fields from per-player terms (``tests/rules/dutch/test_dutch_weights.py``)."""
        if not self.ok(h, l):
            return None
        P = self.P
        ph, pl = P[h], P[l]
        v: dict = {}
        if self.relax1:
            v["C1"] = int(C1_no_rematch(ph, pl, self.ctx.state))
        if self.relax3:
            v["C3"] = int(C3_absolute_colours(ph, pl, self.ctx.last_round))

        def add(key, amount):
            v[key] = v.get(key, 0) + amount

        in_br = l in cur
        if special:
            v["top"] = 1 + (not self.eligible[h]) + (not self.eligible[l])
        if in_br:
            v["C5"] = 1
            add(("C6", df[h]), 1)
            add(("C6", df[l]), 1)
            add(("C6", PSD_2017.pair(ph, pl)), -1)
        if not special:
            if final:
                v["C7a"] = 1 + (not self.eligible[h]) + (not self.eligible[l])
            elif l in nxt:
                v["C7a"] = 1
            if h in cur:
                add(("C7b", df[h]), 1)
            if l in cur:
                add(("C7b", df[l]), 1)
        if not in_br:
            return v
        for c, name in COLOUR_2017:
            v[name] = 1 - c.pair(ph, pl)
        for (down, c_down), (up, c_up), (sd_down, s_down), (sd_up, s_up) in FLOATS_2017:
            if self.rounds_played < down.back:
                continue
            v[c_down] = down.floater(pl, False, pl.score) + down.floater(ph, False, pl.score) - down.pair(ph, pl)
            if up.pair(ph, pl):
                v[c_up] = -1
            if (d := sd_up.pair(ph, pl)) is not None:
                add((s_up, d), -1)
            if sd_down.repeats(pl):
                add((s_down, df[l]), 1)
            if sd_down.repeats(ph):
                add((s_down, df[h]), 1)
            if (d := sd_down.pair(ph, pl)) is not None:
                add((s_down, d), -1)
        return v

    def layout(self, cur, residents, nxt, special, final):
        P = self.P
        base = min(P[i].score for i in cur + nxt)
        df = {i: P[i].score - base + self.ONE_POINT for i in cur + nxt}
        mult: dict = {}
        # for each player i of the bracket: its own downfloat difference, and once each
        # score of a resident after it the difference to it; the residents' distinct
        # scores after each place are listed once, from the end
        res = sorted(residents)
        after: list[list[Fraction]] = [[] for _ in range(len(res) + 1)]
        for t in range(len(res) - 1, -1, -1):
            s, later = P[res[t]].score, after[t + 1]
            after[t] = later if s in later else [s] + later
        for i in cur:
            mult[df[i]] = mult.get(df[i], 0) + 1
            for s in after[bisect_right(res, i)]:
                d = P[i].score - s
                mult[d] = mult.get(d, 0) + 1
        values = sorted(mult, reverse=True)
        size = len(cur) + len(nxt)
        per_value = lambda c: [((c, d), 4 * mult[d] + 4) for d in values]  # noqa: E731
        blocks: dict[str, list[tuple[object, int]]] = {
            "C.1": [("C1", size)],
            "C.3": [("C3", size)],
            "C.5": [("C5", size)],
            "C.6": per_value("C6"),
            "C.7": [] if special else [("C7a", 3 * size if final else size)] + per_value("C7b"),
        }
        for k in range(8, 16):
            blocks[f"C.{k}"] = [(f"C{k}", 4 * size)]
        for k in range(16, 20):
            blocks[f"C.{k}"] = per_value(f"C{k}")
        for group in FLOATS_2017:
            if group[0][0].back > self.rounds_played:
                # floats of a round not played yet: no pair has a value in these fields
                # (:meth:`_text_values`), which then take no bits (round 2: 90 of 326)
                for _c, name in group:
                    blocks[f"C.{name[1:]}"] = []
        names, maxima = self.objective.layout_names(blocks)
        if special:
            names, maxima = ["top"] + names, [3 * size] + maxima
        return fit_layout(names, maxima), df

    # ---- the round -----------------------------------------------------------------------

    def pair(self) -> tuple[list[tuple[int, int]], int | None]:
        P, n = self.P, self.n
        groups = scoregroups(P)
        if not self.completable([]):
            raise NoPairingError("no legal pairing of the whole round exists")
        pairs: list[tuple[int, int]] = []
        mdps: list[int] = []
        special = len(groups) == 1
        collapsed = False
        gi = 0
        m: Matcher | None = None
        weights: Weights2017 | None = None
        while gi < len(groups):
            progress.step(gi + 1, len(groups))
            if collapsed:
                residents = [i for g in groups[gi:] for i in g]
                gi_next = len(groups)
            else:
                residents = groups[gi]
                gi_next = gi + 1
            if special:
                nxt = [i for g in groups[gi_next:] for i in g]
                final = True
            else:
                nxt = groups[gi_next] if gi_next < len(groups) else []
                final = gi_next >= len(groups) - 1
            current = mdps + residents
            lay, df = self.layout(current, residents, nxt, special, final)
            rows = self.row_matcher and self.fast_weights and self.solve_fn is None
            # the bracket before's matcher (its core holds every pair of it: 860 MB in
            # round 2 of 9,999 players) let go before this one's room is taken
            m = weights = None
            m = RowMatcher(P, current + nxt, len(current)) if rows else Matcher(P, self.solve_fn, active=current + nxt)
            m.relayout(lay, 3 * bitlen(len(current) + len(nxt)) + 3)
            cur_set, nxt_set, mdp_set = set(current), set(nxt), set(mdps)
            verts = sorted(current + nxt)
            weights = (
                Weights2017(self, m.shift_of, m.bonus_bits, current, nxt, special, final, df)
                if self.fast_weights
                else None
            )
            if weights is not None:  # every pair but MDP-MDP (they float together)
                shared = len(verts) >= weights.types_from  # (laid out by type: one object per weight)
                for h, ls, row in weights.later_rows(verts, mdp_set):
                    m.set_row(h, ls, row, shared)
            else:
                for a_pos, h in enumerate(verts):
                    later = verts[a_pos + 1 :]
                    ls = [l for l in later if l not in mdp_set] if h in mdp_set else later
                    for l in ls:
                        m.set_base(h, l, self.values(h, l, cur_set, nxt_set, special, final, df))
            if self.profile.generation_order:
                mate, new_pairs, floaters = BracketStepper(
                    m, mdps, residents, nxt, bitlen(len(current) + len(nxt))
                ).run()
            else:
                mate, new_pairs, floaters = settle_bracket(m, mdps, residents)
            self.solves += m.solves
            if not special and not self.completable(new_pairs):
                special = True  # this is the PPB: pair it again with completion enforced
                self.ppb = True
                continue
            for a, b in new_pairs:
                self.final_pairs[a] = b
                self.final_pairs[b] = a
            pairs += new_pairs
            mdps = floaters
            if getattr(self, "ppb", False) and not collapsed:
                collapsed = True
            elif not special:
                special = final
            gi = gi_next
        bye = None
        if mdps:
            if len(mdps) > 1 or n % 2 == 0:
                raise NoPairingError(f"players {', '.join(str(P[i].id) for i in mdps)} could not be paired")
            bye = mdps[0]
        return pairs, bye
