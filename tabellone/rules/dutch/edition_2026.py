"""The Dutch system, 2026 edition (C.04.3, in force since 1 February 2026), as an
optimiser: the round bracket by bracket (Art. 3-4), each bracket a maximum-weight matching
whose fields are the quality criteria C6-C21 in the profile's order, the text's
generation order reproduced by :class:`~tabellone.rules.dutch.generation.BracketStepper`."""

from __future__ import annotations

from bisect import bisect_left
from fractions import Fraction
from itertools import groupby
from operator import itemgetter

from tabellone.core import progress
from tabellone.core.errors import NoPairingError
from tabellone.matching.completion import CompletionOracle
from tabellone.matching.cpsat import solve_fields_of
from tabellone.matching.lexicographic import Layout, fit_layout
from tabellone.rules.dutch.absolute import Compatibility
from tabellone.rules.dutch.context import RoundContext, absolute_checks, bitlen, score_ranks
from tabellone.rules.dutch.criteria import (
    CRITERIA_2026,
    C2_bye_eligible,
    FloatCriterion,
    colour_checks,
    float_before,
)
from tabellone.rules.dutch.generation import BracketStepper, settle_bracket
from tabellone.rules.dutch.matcher import LocalMatcher, Matcher, NeedWholeField, default_solve
from tabellone.rules.dutch.weights import Weights2026, colour_classes, colour_key, colour_rows
from tabellone.rules.fide_common import C1_no_rematch, C3_absolute_colours, Entrant
from tabellone.rules.profiles import Objective, Profile, official

#: Field of the 2026 weights -> the article it implements. ``top`` (C4 and C5, the
#: completion) is owned by none: it is always the first field. ``C1`` and ``C3`` exist
#: only when a profile counts those absolute criteria as quality ones.
OWNER_2026 = {
    "C1": "C1",
    "C3": "C3",
    "C6": "C6",
    "C7": "C7",
    "C8p": "C8",
    "C8s": "C8",
    "C9": "C9",
    **{f"C{k}": f"C{k}" for k in range(10, 22)},
}
#: Fields of the 2026 weights that count the pairs meeting a criterion.
PAIR_COUNTING_2026 = frozenset({"C10", "C11", "C12", "C13", "C15", "C17"})


#: The colour criteria, and the float criteria of one and two rounds before (each as
#: (resident downfloats, MDP opponents' upfloats, their score differences)), by article.
COLOUR_2026 = tuple(CRITERIA_2026[c] for c in ("C10", "C11", "C12", "C13"))


def _float_criteria(*ids: str) -> tuple[FloatCriterion, ...]:
    found = tuple(c for c in (CRITERIA_2026[i] for i in ids) if isinstance(c, FloatCriterion))
    assert len(found) == len(ids), "C14-C21 are float criteria"
    return found


FLOATS_2026 = tuple(_float_criteria(*ids) for ids in (("C14", "C15", "C18", "C19"), ("C16", "C17", "C20", "C21")))


#: the colour checks' bits (:meth:`Dutch2026.colour_masks`) of a pair of colour classes,
#: by the checks and the two classes' keys (:func:`colour_key`), higher player first
_KNOWN_MASKS: dict[tuple, int] = {}


class _Fitted:
    """A profile's objective (:class:`Objective`) and the layouts it has fitted
    (:meth:`Dutch2026.layout_for`), kept from round to round: a simulation pairs
    thousands of rounds by one profile, and a layout is a function of the players'
    count, their score ranks, how many players each has and C9's ranks only."""

    #: the last profiles seen, by identity (each with the profile, lest an id be reused)
    known: dict[int, tuple[Profile, _Fitted]] = {}

    def __init__(self, profile: Profile):
        self.objective = Objective(profile, OWNER_2026, PAIR_COUNTING_2026, "C6")
        self.layouts: dict[tuple, tuple[Layout, int]] = {}
        #: per layout and bonus width (by the layout's identity, with the layout): the
        #: per-kind terms of :class:`Weights2026`
        self.kinds: dict[tuple[int, int], tuple[Layout, dict]] = {}

    @classmethod
    def of(cls, profile: Profile) -> _Fitted:
        got = cls.known.get(id(profile))
        if got is None or got[0] is not profile:
            if len(cls.known) >= 16:
                cls.known.clear()
            got = cls.known[id(profile)] = (profile, cls(profile))
        return got[1]


class Dutch2026:
    """The round pairing of the 2026 edition, bracket by bracket (Art. 3-4)."""

    def __init__(self, ctx: RoundContext, solve=None, profile: Profile | None = None):
        self.ctx = ctx
        self.P = ctx.players
        self.n = len(self.P)
        self.m = Matcher(self.P, solve)
        self.one_shot = solve or default_solve
        self.profile = profile = profile or official("dutch", "2026")
        self._fitted = _Fitted.of(profile)
        self.objective = self._fitted.objective
        hard1, hard2, hard3 = absolute_checks(profile, "C1", "C2", "C3")
        self.relax1, self.relax3 = profile.is_relaxed("C1"), profile.is_relaxed("C3")
        self.ok = Compatibility(self.P, ctx.state, ctx.last_round, hard1, hard3)
        self.eligible = [not hard2 or C2_bye_eligible(e, "2026") for e in self.P]
        self.rounds_played = ctx.state.round - 1
        self.solve_fn = solve
        #: each score's rank (0 the lowest), the key of the per-score fields; per player
        self.score_rank, self.score_key = score_ranks(self.P)
        #: each player's float one and two rounds before (None: none, or no such round)
        self.floats = [(float_before(e, 1, "2026"), float_before(e, 2, "2026")) for e in self.P]
        #: the pair weights are packed from per-player terms (:mod:`tabellone.rules.dutch.weights`)
        #: when the profile's fold is the identity and no absolute criterion is quality
        self.fast_weights = self.objective.identity and not (self.relax1 or self.relax3)
        self.colour_checks = colour_checks
        self._colour_classes: tuple[list[int], list[Entrant]] | None = None
        self._colour_masks: list[list[int]] | None = None
        self._colour_rows: dict[tuple[int, ...], list[list[int]]] = {}
        #: the scores :meth:`layout_for` was last given, and their ranks
        self._ranks_of: tuple[list[Fraction], list[int]] | None = None

    def scoregroups(self) -> list[list[int]]:
        """The score groups (:func:`tabellone.rules.fide_common.scoregroups`: positions
        grouped by equal pairing score, in pairing order), told apart by the players'
        score ranks (:attr:`score_key`, whole numbers) instead of by comparing their
        scores' Fractions."""
        return [[i for i, _ in run] for _, run in groupby(enumerate(self.score_key), key=itemgetter(1))]

    def colour_classes(self) -> tuple[list[int], list[Entrant]]:
        """Each player's colour class and one player of each (:func:`tabellone.rules.dutch.weights.colour_classes`)."""
        if self._colour_classes is None:
            self._colour_classes = colour_classes(self.P)
        return self._colour_classes

    def colour_masks(self) -> list[list[int]]:
        """``masks[cl][ch]``: the four colour checks (:attr:`colour_checks`) of a pair whose
        higher player is of colour class ``ch`` and whose lower one of class ``cl``, as
        bits (bit k: check k met), evaluated once per round (every bracket's
        :class:`Weights2026` reads them)."""
        if self._colour_masks is None:
            reps = self.colour_classes()[1]
            checks = self.colour_checks
            keys = [colour_key(e) for e in reps]
            # a pair of classes' checks, from round to round (the classes' keys are all
            # the checks read)
            known = _KNOWN_MASKS
            if len(known) >= 1 << 14:
                known.clear()
            masks = []
            for rl, kl in zip(reps, keys):
                row = []
                for rh, kh in zip(reps, keys):
                    mask = known.get((checks, kh, kl))
                    if mask is None:
                        mask = known[checks, kh, kl] = sum(1 << k for k, met in enumerate(checks(rh, rl)) if met)
                    row.append(mask)
                masks.append(row)
            self._colour_masks = masks
        return self._colour_masks

    def colour_rows(self, units: tuple[int, ...]) -> list[list[int]]:
        """The packed colour fields of every pair of colour classes (:func:`colour_rows`
        of :meth:`colour_masks`) for the units of the four colour fields, worked out once
        per round and layout (brackets of the same layout share them). The 2017 edition's
        weights read these whole tables; 2026's own brackets make only the rows they read
        (``_LazyColourRows`` in :mod:`tabellone.rules.dutch.weights`)."""
        rows = self._colour_rows.get(units)
        if rows is None:
            rows = self._colour_rows[units] = colour_rows(self.colour_masks(), units)
        return rows

    def kinds_of(self, shift_of: dict, bonus_bits: int) -> dict:
        """Where :class:`Weights2026` keeps its per-kind terms for the layout ``shift_of``
        and ``bonus_bits``: shared by every bracket of this profile that has the same
        layout (:meth:`layout_for` gives each one layout object) when they are the
        matcher's; a dict of its own otherwise."""
        m = self.m
        layout = m.layout
        if layout is None or m.shift_of is not shift_of or m.bonus_bits != bonus_bits:
            return {}
        kinds = self._fitted.kinds
        got = kinds.get((id(layout), bonus_bits))
        if got is None or got[0] is not layout:
            got = kinds[(id(layout), bonus_bits)] = (layout, {})
        return got[1]

    # ---- the fields of one pair ------------------------------------------------------

    def cand(self, i: int) -> bool:
        """Whether player ``i`` may take the PAB at the round's bye score (C2, C5)."""
        bs = self.ctx.bye_score
        key = (bs, id(self.eligible))
        if getattr(self, "_cand_key", None) != key:  # worked out once per bye score
            self._cand_key = key
            self._cand = [ok and bs is not None and e.score <= bs for ok, e in zip(self.eligible, self.P)]
        return self._cand[i]

    def base_values(self, h: int, l: int, current: set[int], nxt: set[int], c9_on: bool) -> dict | None:
        """The fields of the pair h-l, mapped by the profile (:meth:`Objective.fold`).
        The caller has called :meth:`cand` since the bye score or eligibility last changed."""
        return self.objective.fold(self._text_values(h, l, current, nxt, c9_on))

    def _text_values(self, h: int, l: int, current: set[int], nxt: set[int], c9_on: bool) -> dict | None:
        """The fields of the pair h-l as the text defines them (None: they may not meet).

        Per-score fields are keyed by the score's rank (:attr:`score_key`), worked out
        once per round. The quality criteria from C10 on are those of
        :mod:`tabellone.rules.dutch.criteria`, by article; :class:`Weights2026` packs the
        same fields from per-player terms (``tests/rules/dutch/test_dutch_weights.py``)."""
        if not self.ok(h, l):
            return None
        P = self.P
        ph, pl = P[h], P[l]
        cand = self._cand
        v: dict = {"top": 1 + (not cand[h]) + (not cand[l])}
        if self.relax1:
            v["C1"] = int(C1_no_rematch(ph, pl, self.ctx.state))
        if self.relax3:
            v["C3"] = int(C3_absolute_colours(ph, pl, self.ctx.last_round))
        sk = self.score_key
        sh, sl = sk[h], sk[l]
        if c9_on:
            bs = self.ctx.bye_score
            c9 = (self.ctx.c9_ranks.get(h, 0) if ph.score == bs else 0) + (
                self.ctx.c9_ranks.get(l, 0) if pl.score == bs else 0
            )
            if c9:
                v["C9"] = c9
        if l in nxt:
            v["C8p"] = 1
            v[("C8s", sh)] = 1
        if l not in current:
            return v
        v["C6"] = 1
        v[("C7", sh)] = 1
        # the criteria by their articles (criteria.py); the matching maximises, so a count
        # field holds what the pair saves: the pairs meeting a criterion, or the players
        # whom pairing h with l keeps from a repeated downfloat
        for c in COLOUR_2026:
            v[c.id] = 1 - c.pair(ph, pl)
        if self.rounds_played:
            higher = sh > sl  # h is an MDP, l its resident opponent
            for down, up, sd_down, sd_up in FLOATS_2026:
                if self.rounds_played < down.back:
                    break
                v[down.id] = down.floater(pl, False, pl.score) + down.floater(ph, higher, pl.score)
                v[up.id] = 1 - up.pair(ph, pl)
                # the score differences by score, highest first (the reference engine's
                # encoding): the players paired here who downfloated then, and the
                # higher player of a pair whose lower one did not upfloat then
                if sd_down.repeats(pl):
                    v[(sd_down.id, sl)] = 1
                if sd_down.repeats(ph):
                    v[(sd_down.id, sh)] = v.get((sd_down.id, sh), 0) + 1
                if sd_up.pair(ph, pl) is None:
                    v[(sd_up.id, sh)] = 1
        return v

    def layout_for(
        self, scores: list[Fraction], count_bound: int, members: list[int] | None = None
    ) -> tuple[Layout, int]:
        """The field layout of the round: each field as wide as its sum over one matching
        can grow. A field counting pairs holds at most n/2; a field counting players at
        most n; a per-score field (C7, C8, C18-C21) at most the number of players with
        that score, since each player lies on one edge of a matching.

        With ``members`` (the players of a bracket-local matching, :class:`LocalMatcher`)
        the same for the matchings of those players only: the fields of scores none of
        them has are always zero there and are left out, which keeps the weights a few
        machine words wide (the order of the fields, hence the optimum, is unchanged)."""
        key = self.score_rank
        known = self._ranks_of
        if known is None or known[0] is not scores:  # the same list at every bracket of a round
            known = self._ranks_of = (scores, [key[s] for s in scores])
        ranks = known[1]
        local = members is not None
        group = members if members is not None else range(self.n)
        n = len(group)
        pairs_max, players_max = max(n // 2, 1), max(n, 1)
        count = [0] * len(key)  # players per score rank
        sk = self.score_key
        for i in group:
            count[sk[i]] += 1
        if local:
            ranks = [r for r in ranks if count[r]]
        c9_count = len(self.ctx.c9_ranks)
        layouts = self._fitted.layouts
        known_key = (local, n, tuple(ranks), tuple([count[r] for r in ranks]), c9_count, count_bound)
        fitted = layouts.get(known_key)
        if fitted is not None:
            return fitted
        per_score = lambda c: [((c, r), count[r]) for r in ranks]  # noqa: E731
        blocks: dict[str, list[tuple[object, int]]] = {
            "C1": [("C1", pairs_max)],
            "C3": [("C3", pairs_max)],
            "C6": [("C6", pairs_max)],
            "C7": per_score("C7"),
            "C8": [("C8p", pairs_max)] + per_score("C8s"),
            "C9": [("C9", max(c9_count, 1) ** 2)],
        }
        for c in ("C10", "C11", "C12", "C13", "C14", "C15", "C16", "C17"):
            blocks[c] = [(c, players_max if c in ("C14", "C16") else pairs_max)]
        for c in ("C18", "C19", "C20", "C21"):
            blocks[c] = per_score(c)
        names, maxima = self.objective.layout_names(blocks)
        if len(layouts) >= 4096:
            layouts.clear()
            self._fitted.kinds.clear()
        fitted = layouts[known_key] = fit_layout(["top"] + names, [3 * n] + maxima), 3 * bitlen(count_bound) + 3
        return fitted

    # ---- the round -------------------------------------------------------------------

    def pair(self) -> tuple[list[tuple[int, int]], int | None]:
        """The round: bracket by bracket on a bracket-local matcher (:class:`LocalMatcher`)
        when the objective allows it, else (or when its answer cannot be completed) on
        the whole field; both give the same pairing (see LocalMatcher)."""
        if self.solve_fn is None and not (self.relax1 or self.relax3):
            self._resume: tuple[int, list[tuple[int, int]], list[int], bool] | None = None
            try:
                return self._pair_local()
            except NeedWholeField:
                solves = self.m.solves
            if self._resume is not None:
                return self._pair_rest(*self._resume, solves)
            self.m = Matcher(self.P, None)
            self.m.solves = solves
        return self._pair_whole()

    def _pair_local(self) -> tuple[list[tuple[int, int]], int | None]:
        P, n, ctx = self.P, self.n, self.ctx
        groups = self.scoregroups()
        all_scores = sorted(self.score_rank, reverse=True)
        oracle = CompletionOracle(self.ok)
        if n % 2 == 1:
            eligible = self.eligible
            for s in sorted(all_scores):  # C5: the lowest score at which the PAB completes the round
                if oracle.complete(range(n), (), lambda i, s=s: eligible[i] and P[i].score <= s) is not None:
                    break
            else:
                raise NeedWholeField("no complete pairing with a bye")
            if s >= P[groups[0][0]].score:
                raise NeedWholeField("the bye score is the top score (C9 reaches the first bracket)")
            ctx.bye_score = s
            counts = sorted((P[i].state.games_played for i in range(n) if P[i].score == s), reverse=True)
            last_pos = {c: pos for pos, c in enumerate(counts)}
            ctx.c9_ranks = {i: last_pos[P[i].state.games_played] for i in range(n) if P[i].score == s}
        else:
            ctx.bye_score = None
            if oracle.complete(range(n)) is None:
                raise NeedWholeField("no complete pairing")
        self.cand(0)  # the bye candidates at the bye score, listed once
        # the list read directly: the bye score and the eligibility stay for the round
        self.m = m = LocalMatcher(P, self.ok, self._cand.__getitem__, self.ok.meets_any)
        room = bitlen(n)
        c9_on = False
        pairs: list[tuple[int, int]] = []
        mdps: list[int] = []
        for gi, group in enumerate(groups):
            progress.step(gi + 1, len(groups))
            # where the whole-field matcher takes over if this bracket's answer cannot
            # be completed below (:meth:`_pair_rest`)
            self._resume = (gi, list(pairs), list(mdps), c9_on)
            residents = group
            nxt = groups[gi + 1] if gi + 1 < len(groups) else []
            if self._lone(mdps, residents, nxt):
                mdps = list(residents)
                c9_on = False
                continue
            # the score groups are consecutive runs of the positions: everyone after the next one
            below = list(range(groups[gi + 2][0], n)) if gi + 2 < len(groups) else []
            current = mdps + residents
            A = current + nxt
            m.relayout(*self.layout_for(all_scores, n, A))
            m.begin_bracket(A, below, (len(A) + len(below)) % 2 == 1, len(current))
            cur_set, nxt_set = set(current), set(nxt)
            above = sorted(mdps + residents + nxt)
            weights = (
                Weights2026(self, m.shift_of, m.bonus_bits, m.top_unit, current, nxt, c9_on)
                if self.fast_weights
                else None
            )
            if weights is not None:  # every pair inside A but MDP-MDP (they float together)
                shared = len(above) >= weights.types_from  # (laid out by type: one object per weight)
                m.set_columns(weights.prefix_columns(residents + nxt, above), shared)
            else:
                for l in residents + nxt:
                    for h in above[: bisect_left(above, l)]:
                        m.set_base(h, l, self.base_values(h, l, cur_set, nxt_set, c9_on))
            m.clear_bonuses()
            if self.profile.generation_order:
                mate, new_pairs, floaters = BracketStepper(m, mdps, residents, nxt, room).run()
            else:
                mate, new_pairs, floaters = settle_bracket(m, mdps, residents)
            pairs += new_pairs
            c9_on = self._c9_next(mate, floaters, nxt)
            for k, a in enumerate(floaters):  # players floating down together never meet (see _pair_whole)
                for b in floaters[k + 1 :]:
                    m.zero(a, b)
            mdps = floaters
        return self._bye_of(mdps, pairs)

    def _c9_next(self, mate: dict[int, int], floaters: list[int], nxt: list[int]) -> bool:
        """C9's flag for the next bracket: the bye score reaches it and the optimum pairs
        nobody of it (nor the floaters) below it (a mate at a position >= n is a
        shadow of LocalMatcher: paired below)."""
        P, n = self.P, self.n
        if not self._c9_may_reach(nxt):
            return False
        limit = P[nxt[0]].score
        for x in floaters + nxt:
            y = mate.get(x)
            if y is not None and y != x and (y >= n or P[y].score < limit):
                return False
        return True

    def _lone(self, mdps: list[int], residents: list[int], nxt: list[int]) -> bool:
        """Whether the bracket floats its players without a matching: a lone resident
        and no MDPs (with :attr:`BracketStepper.shortcuts`). No pair can be made in it,
        so the resident floats, as the bracket's matching would say, and C9's flag for
        the next bracket is off whatever the optimum (:meth:`_c9_may_reach`). Were the
        bracket's answer not completable below, the next bracket's, which starts from
        the same players, falls to the whole field, with the same pairing."""
        # switched by BracketStepper.shortcuts (generation.py), on another class: the one
        # switch of every speed-only shortcut of the bracket steps, which the tests turn
        # off at once to compare each round with and without them
        return BracketStepper.shortcuts and not mdps and len(residents) == 1 and not self._c9_may_reach(nxt)

    def _c9_may_reach(self, nxt: list[int]) -> bool:
        """Whether C9's flag can be on for the bracket ``nxt``: the number of players is
        odd and the bye score reaches it."""
        return self.n % 2 == 1 and bool(nxt) and self.ctx.bye_score >= self.P[nxt[0]].score

    def _bye_of(self, mdps: list[int], pairs: list[tuple[int, int]]) -> tuple[list[tuple[int, int]], int | None]:
        bye = None
        if mdps:
            if len(mdps) > 1 or self.n % 2 == 0:
                raise NoPairingError(f"players {', '.join(str(self.P[i].id) for i in mdps)} could not be paired")
            bye = mdps[0]
        return pairs, bye

    def _pair_whole(self) -> tuple[list[tuple[int, int]], int | None]:
        """The round with one matcher on the whole field, every pair of players in it."""
        P, n = self.P, self.n
        ctx = self.ctx
        groups = self.scoregroups()
        all_scores = sorted(self.score_rank, reverse=True)
        c9_on = False
        if n % 2 == 1:
            self._find_bye_score(groups, all_scores)
            c9_on = ctx.bye_score >= P[groups[0][0]].score and self._top_internal
        else:
            ctx.bye_score = None
        self.cand(0)  # the bye candidates at the bye score, listed once
        # one layout for the whole round (the matcher keeps its graph between brackets)
        layout, bonus_bits = self.layout_for(all_scores, n)
        self.m.relayout(layout, bonus_bits)
        self._set_whole(self.m, list(range(n)), bonus_bits, c9_on)
        mate = self.m.solve()
        self._check_complete(mate)
        return self._brackets_whole(groups, 0, [], [], c9_on)

    def _set_whole(self, m: Matcher, members: list[int], bonus_bits: int, c9_on: bool) -> None:
        """Every pair of ``members`` (ascending) in the whole-field matcher ``m`` with the
        value it has before the first bracket (no bonuses; C9's flag ``c9_on``)."""
        weights = (
            Weights2026(self, m.shift_of, bonus_bits, 0, [], [], c9_on, members, None) if self.fast_weights else None
        )
        for k, i in enumerate(members):
            others = members[k + 1 :]
            if weights is not None:
                m.set_row(i, others, weights.ends_row(i, others))
                continue
            for j in others:
                m.set_base(i, j, self.base_values(i, j, set(), set(), c9_on))

    def _pair_rest(
        self, first: int, pairs: list[tuple[int, int]], mdps: list[int], c9_on: bool, solves: int
    ) -> tuple[list[tuple[int, int]], int | None]:
        """The round on the whole field from bracket ``first`` on, the brackets before it
        paired by :meth:`_pair_local` (``pairs``; ``mdps`` float into bracket ``first``,
        ``c9_on`` is C9's flag there): the bracket-local answer of bracket ``first``
        could not be completed below.

        The whole-field matcher (:meth:`_pair_whole`) at bracket ``first`` holds exactly
        this: the earlier brackets' pairs fixed, the pairs among ``mdps`` removed (they
        float together), and every other pair of players still to pair with the value
        it got before the first bracket (``top`` and C9 with C9's flag of the round's
        start, off: the local pairing runs only when the bye score is below the top
        score), since the brackets before set only pairs with an end in them or in the
        next bracket, ``first``, whose pairs are set again there. And the brackets
        before paired as the whole-field matcher would (:class:`LocalMatcher`), so the
        round is the one :meth:`_pair_whole` makes, without pairing those brackets
        again."""
        P, n = self.P, self.n
        groups = self.scoregroups()
        layout, bonus_bits = self.layout_for(sorted(self.score_rank, reverse=True), n)
        fixed = {x for pair in pairs for x in pair}
        free = [i for i in range(n) if i not in fixed]
        self.m = m = Matcher(P, None, active=free)  # a graph of the players still to pair only
        m.solves = solves
        for a, b in pairs:  # paired already: read as fixed (never in this graph)
            m.final[a], m.final[b] = b, a
        m.relayout(layout, bonus_bits)
        self._set_whole(m, free, bonus_bits, False)
        for k, a in enumerate(mdps):
            for b in mdps[k + 1 :]:
                m.zero(a, b)
        return self._brackets_whole(groups, first, pairs, mdps, c9_on)

    def _brackets_whole(
        self, groups: list[list[int]], first: int, pairs: list[tuple[int, int]], mdps: list[int], c9_on: bool
    ) -> tuple[list[tuple[int, int]], int | None]:
        """The brackets from ``first`` on, on the whole-field matcher (:meth:`_pair_whole`),
        after ``pairs``, with ``mdps`` floating into bracket ``first``."""
        n = self.n
        fast = self.fast_weights
        bonus_bits = self.m.bonus_bits
        room = bitlen(n)
        for gi in range(first, len(groups)):
            group = groups[gi]
            progress.step(gi + 1, len(groups))
            residents = group
            nxt = groups[gi + 1] if gi + 1 < len(groups) else []
            current = mdps + residents
            cur_set, nxt_set = set(current), set(nxt)
            mdp_set = set(mdps)
            final = self.m.final
            free = [h for h in range(max(residents + nxt) + 1) if h not in final]
            weights = (
                Weights2026(self, self.m.shift_of, bonus_bits, 0, current, nxt, c9_on, free, None) if fast else None
            )
            for l in residents + nxt:
                hs = [h for h in free[: bisect_left(free, l)] if not (h in mdp_set and l in mdp_set)]
                if weights is not None:
                    self.m.set_column(l, hs, weights.column(l, hs))
                    continue
                for h in hs:
                    self.m.set_base(h, l, self.base_values(h, l, cur_set, nxt_set, c9_on))
            self.m.clear_bonuses()
            if self.profile.generation_order:
                mate, new_pairs, floaters = BracketStepper(self.m, mdps, residents, nxt, room).run()
            else:
                mate, new_pairs, floaters = settle_bracket(self.m, mdps, residents)
            pairs += new_pairs
            c9_on = self._c9_next(mate, floaters, nxt)
            # Players moving down together never meet each other (Art. 3: an MDP is
            # paired with a resident of its new bracket, or floats on); their edges keep
            # the values of the bracket they came from, so remove them, lest a later
            # optimum count on a pair no bracket can make. Under the text's order (C6
            # right after completion) such a pair would have been made in the bracket;
            # a profile ranking other criteria above C6 can float both instead.
            for k, a in enumerate(floaters):
                for b in floaters[k + 1 :]:
                    self.m.zero(a, b)
            mdps = floaters
        return self._bye_of(mdps, pairs)

    def _find_bye_score(self, groups: list[list[int]], all_scores: list[Fraction]) -> None:
        """C5: the lowest score at which an eligible player can take the PAB in a
        complete legal pairing; also who would (for C9's first-bracket flag)."""
        P, n, ctx = self.P, self.n, self.ctx
        ascending = sorted(all_scores)
        off = {}
        acc = 0
        for s in ascending:
            off[s] = acc
            acc += 1
        top = set(groups[0])
        sum_bound = 2 * n * max(acc, 1)
        lay = fit_layout(["top", "off", "topgroup"], [3 * n, sum_bound, n])
        # 'top' is 1 + the ineligible ends, 'off' the ends' score offsets: a term per end,
        # packed per player once and added per pair
        s_top, s_off, s_grp = lay.shifts
        half = [((not self.eligible[i]) << s_top) + (off[P[i].score] << s_off) for i in range(n)]
        grp = 1 << s_grp
        edges = []
        ok = self.ok
        for i in range(n):
            hi, in_top = half[i] + (1 << s_top), i in top
            for j in range(i + 1, n):
                if ok(i, j):
                    edges.append((i, j, hi + half[j] + (grp if in_top and j in top else 0)))
        mate = solve_fields_of(self.one_shot, n, edges, lay.fields)
        self.m.solves += 1
        unmatched = [i for i in range(n) if i not in mate]
        if len(unmatched) != 1 or not self.eligible[unmatched[0]]:
            who = ", ".join(str(P[i].id) for i in unmatched)
            raise NoPairingError(f"no legal pairing leaves one player eligible for the bye (unpaired: {who or 'none'})")
        u = unmatched[0]
        ctx.bye_score = P[u].score
        self._top_internal = all((i == u) or (mate.get(i) in top) for i in top)
        counts = sorted((P[i].state.games_played for i in range(n) if P[i].score == ctx.bye_score), reverse=True)
        last_pos = {}
        for pos, c in enumerate(counts):
            last_pos[c] = pos
        ctx.c9_ranks = {i: last_pos[P[i].state.games_played] for i in range(n) if P[i].score == ctx.bye_score}

    def _check_complete(self, mate: dict[int, int]) -> None:
        unmatched = [i for i in range(self.n) if i not in mate]
        if len(unmatched) > self.n % 2:
            who = ", ".join(str(self.P[i].id) for i in unmatched)
            raise NoPairingError(f"no legal pairing of the whole round exists (cannot pair: {who})")
