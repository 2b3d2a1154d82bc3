"""The generation order of the Dutch system (C.04.3 2026 Art. 3.3-4.4; 2017 B-D) on the
optimiser's matcher: among the pairings best on every criterion, the one the text
generates first (:class:`BracketStepper`); or any optimum, for a profile without the
generation order (:func:`settle_bracket`)."""

from __future__ import annotations

from collections.abc import Callable

from tabellone.rules.dutch.matcher import Matcher, NeedWholeField, Pairs


def settle_bracket(
    m: Matcher, mdps: list[int], residents: list[int]
) -> tuple[dict[int, int], list[tuple[int, int]], list[int]]:
    """A bracket paired without the text's generation order (a profile with
    ``generation_order = false``): any optimum of the criteria; the bracket's pairs are
    fixed and its unpaired players float down."""
    mate = m.solve()
    current = mdps + residents
    inside = set(current)
    pairs = []
    for x in current:
        y = mate.get(x)
        if y is not None and y in inside and x < y and x not in m.final:
            m.finalize(x, y)
            pairs.append((x, y))
    floaters = sorted(x for x in current if x not in m.final)
    return mate, pairs, floaters


class BracketStepper:
    """The generation order of Art. 3.3-4.4 (2026) / B-D (2017), reproduced on a matcher.

    After the bracket's best weight is known, each step adds a tiny bonus that the text
    would prefer (the MDPs with the lowest BSNs, their highest-ranked possible opponents,
    the fewest and smallest exchanges, the lowest transposition) and keeps it only if the
    optimum survives; the criteria fields are untouched, so no step can trade a
    criterion for generation order.
    """

    #: whether steps may be taken without solves of their own: C6 guessed from the last
    #: optimum's dual variables (:meth:`_transpositions`), C2-C4 and C6's first guesses
    #: in one solve when no exchange is needed (:meth:`_roles_without_exchange`), and a
    #: 2026 bracket of one resident and no MDPs floated without a matching
    #: (:meth:`Dutch2026._lone`); the answers are the same either way (tests compare the two)
    shortcuts = True
    #: after a failed guess of C6 (:meth:`_transpositions`), the next solve is asked to
    #: confirm at most so many guesses, or twice the run the last solve confirmed if
    #: that is more. A failed guess moves every later guess on by one partner; a solve
    #: asked to confirm all of them re-weighs hundreds of pairs to find the next failure
    #: a few players on (measured on the 9,999-player events: from 8 on the solves are
    #: fewer and cheaper than with no bound, 16 and 32 about alike)
    guess_window = 16

    def __init__(self, m: Matcher, mdps: list[int], residents: list[int], nxt: list[int], b: int):
        self.m = m
        self.mdps = mdps
        self.res = residents
        self.nxt = nxt
        self.b = b
        # the matcher's own method, bound once: the steps set hundreds of thousands of
        # bonuses in a large bracket
        self._set_bonus: Callable[[int, int, int], None] = m.set_bonus

    def _take_best(
        self,
        x: int,
        candidates: list[int],
        start: int,
        count_edges_only: bool,
        mate: dict[int, int],
        allowed: set[int],
        unit: int = 1,
    ) -> tuple[dict[int, int], int]:
        """Pair ``x`` with the best of ``candidates`` (given lowest preference first)
        that keeps the optimum: bonuses ``start, start + 1, ...`` up the list, times
        ``unit`` (the counter advances on every candidate, or only on those with an
        edge when ``count_edges_only``), solve again unless provably unnecessary, and
        finalise."""
        m = self.m
        final, have, set_bonus = m.final, m.bonus, self._set_bonus
        y0 = mate.get(x)
        # whether the optimum stays one without solving again: only x's edges change,
        # and any matching gains the change on the one edge it uses at x (none if x is
        # left single). If the optimum's edge at x gains at least nothing, and at least
        # as much as any other edge of x, no matching can overtake it, and the answer
        # read from it stands.
        gain_at_mate, gain_elsewhere = 0, 0
        bonus = start
        for y, may_meet in zip(candidates, m.meets_row(x, candidates)):
            if y in final:
                continue
            if may_meet:
                new = bonus * unit
                gain = new - have.get((x, y) if x < y else (y, x), 0)
                set_bonus(x, y, new)
                if y == y0:
                    gain_at_mate = gain
                elif gain > gain_elsewhere:
                    gain_elsewhere = gain
            if may_meet or not count_edges_only:
                bonus += 1
        if y0 is None or y0 == x or gain_at_mate < 0 or gain_at_mate < gain_elsewhere:
            mate = m.solve()
        y = mate.get(x)
        if y is None or y not in allowed:
            raise AssertionError(f"player at position {x} lost its opponent while fixing the generation order")
        m.finalize(x, y)
        return mate, y

    def _roles_without_exchange(
        self, R: list[int], pos: dict[int, int], p: int, mate: dict[int, int]
    ) -> tuple[dict[int, bool], dict[int, int], dict[int, list[int]] | None, dict[int, int], bool] | None:
        """C2-C4 in one solve when an optimum needs no exchange (the common case): the
        roles (True: S1), the optimum with them, and C6's first guesses placed with it
        (the usable partners and the guesses, for :meth:`_transpositions`), or None,
        with the weights as before.

        Make the pairs C5 would drop if S1 were the first ``p`` players of ``R`` (the
        number of S1 players in every optimum: the pairs made inside the bracket), and
        solve. If the optimum's criteria (its weight above the bonuses) are the last
        optimum's, and it pairs each of the first ``p`` with a later player of ``R``, it
        is an optimum of the criteria with no exchange. Then the C2 solve would find
        none (its bonuses favour exactly these players as S1, and cost every further
        one), C3 and C4 have nothing to do, and C5 would drop the same pairs: what
        follows starts from the same weights. Otherwise the dropped pairs are put back.

        The same solve confirms C6's first guesses (:meth:`_settle_guesses`), made from
        the last optimum's duals: when the criteria keep their value, every optimum
        with the roles locked is an optimum of the weights before (it uses none of the
        dropped pairs), so it uses only pairs of slack 0 under those duals, which is
        all the guesses' proof asks of the usable partners; their bonuses (below one
        unit of the lowest criterion) leave the test above as it was.

        When the last optimum (``mate``) already needs no exchange and holds every
        guess, no solve is needed: it uses none of the dropped pairs and carries the
        guesses' bonuses, so it stays an optimum (the last item returned says so, the
        change pending or not)."""
        m = self.m
        before = m.value()
        if before is None or m.changes_pending():
            return None
        s1 = R[:p]
        # S1 players meet only S2 players once the roles are locked: R's players after
        # the first p (none of R is paired yet)
        usable = self._usable_partners(s1, R, pos, R[p:])
        guess: dict[int, int] = {}
        if usable:
            self._place_guesses(s1, usable, guess, {})
        held = all(pos.get(mate.get(x), -1) > k for k, x in enumerate(s1)) and all(
            mate.get(x) == z for x, z in guess.items()
        )
        roles = {x: k < p for k, x in enumerate(R)}
        saved = m.zero_pairs(self._apart(R, roles))
        if held:
            return roles, mate, usable, guess, True
        try:
            mate = m.solve()
        except NeedWholeField:  # this optimum could not be completed below: no proof
            mate = None
        after = None if mate is None else m.value()
        if (
            mate is not None
            and after is not None
            and after >> m.bonus_bits == before >> m.bonus_bits
            and all(pos.get(mate.get(x), -1) > k for k, x in enumerate(s1))
        ):
            return roles, mate, usable, guess, False
        m.restore_pairs(saved)
        for x, z in guess.items():
            self._set_bonus(x, z, 0)
        return None

    @staticmethod
    def _apart(R: list[int], roles: dict[int, bool]) -> Pairs:
        """The pairs of ``R`` that C5 drops: all but an S1 player with a later S2 player."""
        apart = Pairs()
        s1 = [x for x in R if roles[x]]
        j = 0  # S1 players up to x
        for k, x in enumerate(R):
            if roles[x]:
                j += 1
                later = s1[j:]
            else:
                later = R[k + 1 :]
            apart.extend(x, later)
        return apart

    def _transpositions(
        self,
        R: list[int],
        pos: dict[int, int],
        roles: dict[int, bool],
        Rset: set[int],
        mate: dict[int, int],
        pairs: list[tuple[int, int]],
        usable: dict[int, list[int]] | None = None,
        guess: dict[int, int] | None = None,
        optimal: bool = False,
    ) -> dict[int, int]:
        """C6: each S1 player in turn takes the lowest S2 BSN that keeps the optimum.

        Step by step (:meth:`_take_best`) that is a solve per S1 player. Most of them are
        saved by guessing. The duals of one optimum tell, for every S1 player, the only
        players an optimum can pair it with (:meth:`_usable_partners`); each S1 player
        is guessed to take the first of them still free that no earlier guess took, and
        one solve confirms a run of guesses (:meth:`_settle_guesses`). The player whose
        guess fails takes its step by a solve, its bonuses scaled above the sum of the
        guesses' (which stay, so that solve keeps as many of them as it can); then the
        guesses after it are made again and only the pairs that changed re-weighted,
        at most :attr:`guess_window` guesses at a time (or twice the last run confirmed).
        Appends the pairs to ``pairs``; returns the last optimum. ``usable`` and
        ``guess``: the usable partners and the guesses already placed, and held by
        ``mate`` as far as it goes (:meth:`_roles_without_exchange`); ``optimal``:
        ``mate`` is an optimum of the present weights, changes pending or not.
        """
        m = self.m
        s1 = [x for x in R if roles[x]]
        unit = len(R) + 1  # a step's bonus unit while guesses stand: above their sum
        if guess is None:
            guess = {}
        i = 0
        window = len(s1)  # how many guesses the next solve is asked to confirm
        while i < len(s1):
            if usable is None and self.shortcuts:
                usable = self._usable_partners(s1[i:], R, pos)
            if usable:
                asked = s1[i : i + window]
                mate, settled = self._settle_guesses(asked, usable, guess, mate, optimal)
                window = max(self.guess_window, 2 * len(settled), 1)
                pairs += settled
                i += len(settled)
                if i == len(s1):
                    break
                if len(settled) == len(asked):  # no guess failed: guess on (after a step,
                    continue  # the first window being all of s1, so ``optimal`` is False)
            optimal = False  # (a step solves, or keeps an optimum of the weights it sets)
            x = s1[i]
            a = pos[x]
            mate, y = self._take_best(
                x, [R[c] for c in range(len(R) - 1, a, -1)], 0, False, mate, Rset, unit if guess else 1
            )
            guess.pop(x, None)
            pairs.append((x, y))
            m.set_bonus_row(x, R[a + 1 :], 0)
            i += 1
        for x, z in guess.items():
            self._set_bonus(x, z, 0)
        return mate

    def _usable_partners(
        self, xs: list[int], R: list[int], pos: dict[int, int], among: list[int] | None = None
    ) -> dict[int, list[int]] | None:
        """For each S1 player of ``xs``: the players after it in ``R`` (or of ``among``,
        for each of them) that an optimum can pair it with, by the last optimum's duals
        (:meth:`Matcher.usable`), in its order of preference. They stay true to the end of C6: each step keeps only optima of
        the step before. None when the duals do not describe the present weights (a
        change since the last solve; try again later); empty when a bonus is left on
        a pair of players still to pair (a leftover of Step A: the duals are those of
        weights with bonuses, whose optima are not all the optima of the criteria)."""
        m = self.m
        final = m.final
        if m.bonus_pending():
            return {}
        if m.changes_pending():
            return None
        # no pair is asked whether it may meet (a call per pair of the bracket): with no
        # change pending, the core's graph holds exactly the pairs of free players of
        # non-zero weight, and :meth:`Matcher.usable` names only edges of that graph
        out: dict[int, list[int]] = {}
        for x in xs:
            found = m.usable(x, among if among is not None else [z for z in R[pos[x] + 1 :] if z not in final])
            if found is None:
                return {}
            out[x] = found
        return out

    def _settle_guesses(
        self,
        xs: list[int],
        usable: dict[int, list[int]],
        guess: dict[int, int],
        mate: dict[int, int],
        optimal: bool = False,
    ) -> tuple[dict[int, int], list[tuple[int, int]]]:
        """Guess the C6 steps of ``xs`` in turn (each takes its first usable partner
        still free and not guessed for an earlier one), put a bonus of 1 on each guessed
        pair (``guess``: the pairs that have one), solve (unless the last optimum stays
        one: bonuses added only to its pairs and taken only from others), and settle the
        guesses the optimum holds from the first on: the steps of those players.

        Why: the bonuses of a matching sum to less than one unit of the lowest
        criterion, so the optimum is an optimum of the criteria (holding as many guesses
        as any). Take its first ``j`` guesses, x_i with z_i, all in it. A player x_i
        prefers to z_i is paired already, or taken by an earlier guess (paired with
        x_h, h < i, in this optimum), or not usable: no optimum pairs them. And z_i
        is in an optimum with the pairs before it. So z_i is x_i's step after those of
        x_1 .. x_{i-1}: what :meth:`_take_best` would find, solve by solve.

        ``optimal``: ``mate`` is an optimum of the present weights, changes pending or
        not: it stays one if it holds every guess (all on its pairs)."""
        m = self.m
        run, stays = self._place_guesses(xs, usable, guess, mate)
        if optimal:
            stays = all(mate.get(x) == z for x, z in guess.items())
        if not stays and m.changes_pending():
            mate = m.solve()
        settled: list[tuple[int, int]] = []
        for x, z in run:
            if mate.get(x) != z:
                break
            m.finalize(x, z)
            settled.append((x, z))
            self._set_bonus(x, z, 0)
            del guess[x]
        return mate, settled

    def _place_guesses(
        self, xs: list[int], usable: dict[int, list[int]], guess: dict[int, int], mate: dict[int, int]
    ) -> tuple[list[tuple[int, int]], bool]:
        """The guesses of :meth:`_settle_guesses` in order, their bonuses set (``guess``
        updated), and whether the optimum ``mate`` stays one."""
        final = self.m.final
        run: list[tuple[int, int]] = []
        taken: set[int] = set()
        for x in xs:
            for z in usable[x]:
                if z not in final and z not in taken:
                    break
            else:  # no partner left to guess
                break
            run.append((x, z))
            taken.add(z)
        wanted = dict(run)
        # the last optimum stays one if no other change is pending and every bonus added
        # is on a pair it holds, every bonus taken off on a pair it does not
        stays = not self.m.changes_pending()
        for x, z in list(guess.items()):
            if wanted.get(x) != z:
                self._set_bonus(x, z, 0)
                del guess[x]
                stays = stays and mate.get(x) != z
        for x, z in run:
            if x not in guess:
                self._set_bonus(x, z, 1)
                guess[x] = z
                stays = stays and mate.get(x) == z
        return run, stays

    def run(self) -> tuple[dict[int, int], list[tuple[int, int]], list[int]]:
        m = self.m
        res_set = set(self.res)
        mate = m.solve()
        pairs: list[tuple[int, int]] = []

        base_nonzero = m.has_edge

        # Step A: which MDPs are paired (S1 versus Limbo)
        chosen: list[int] = []
        i = 0
        mdps = self.mdps
        while i < len(mdps):
            j = i
            while j < len(mdps) and m.players[mdps[j]].score == m.players[mdps[i]].score:
                j += 1
            group = mdps[i:j]
            r = len(group)
            mcount = sum(1 for x in group if mate.get(x) in res_set)
            for x in group:
                if mcount == 0:
                    continue
                if r <= mcount:
                    chosen.append(x)
                    continue
                r -= 1
                if mate.get(x) not in res_set:
                    for y in self.res:
                        if y not in m.final and base_nonzero(x, y):
                            self._set_bonus(x, y, 1)
                    mate = m.solve()
                if mate.get(x) in res_set:
                    chosen.append(x)
                    mcount -= 1
                    for y in self.res:
                        if y not in m.final and base_nonzero(x, y):
                            self._set_bonus(x, y, len(self.res) + 1)
            i = j

        # Step B: the chosen MDPs' opponents, highest-ranked possible first
        start = len(self.mdps) + len(self.res) + len(self.nxt)
        for x in chosen:
            mate, y = self._take_best(x, list(reversed(self.res)), start, True, mate, res_set)
            pairs.append((x, y))
        # (bonuses left on unchosen MDPs stay, as in the reference engine)

        # Step C: the remainder
        R = [x for x in self.res if x not in m.final]
        pos = {x: k for k, x in enumerate(R)}
        Rset = set(R)
        p = sum(1 for x in R if mate.get(x) in Rset and pos[mate[x]] > pos[x])
        b = self.b

        def s1_role(x: int, mt: dict[int, int]) -> bool:
            y = mt.get(x)
            return y is not None and y in Rset and pos[y] > pos[x]

        def c2_bonus(k: int) -> int:
            return (((1 << (2 * b)) if k < p else 0) - k) << 1

        def set_c2(k: int, extra: int = 0) -> None:
            # R[k]'s pairs with the players after it: the bonus where they may meet, 0
            # elsewhere (one call for the row: a large bracket sets millions)
            m.set_bonus_row(R[k], R[k + 1 :], c2_bonus(k) + extra)

        if p > 0:
            # C2-C4 (exchanges), unless an optimum needs none: then S1 is R's first p players
            found = self._roles_without_exchange(R, pos, p, mate) if self.shortcuts else None
            usable: dict[int, list[int]] | None = None
            guess: dict[int, int] | None = None
            optimal = False
            if found is not None:
                roles, mate, usable, guess, optimal = found
            else:
                for k in range(len(R)):
                    set_c2(k)
                mate = m.solve()
                exchanges = sum(1 for k in range(p) if not s1_role(R[k], mate))
                # C3: who moves from S1 to S2 (the largest BSN first)
                e3 = exchanges
                k = p - 1
                while k >= 0 and e3 > 0:
                    x = R[k]
                    if s1_role(x, mate):
                        set_c2(k, -1)
                        mate = m.solve()
                    if not s1_role(x, mate):
                        e3 -= 1
                        for q in range(k + 1, len(R)):
                            m.zero(x, R[q])
                    set_c2(k)
                    k -= 1
                # C4: who moves from S2 to S1 (the smallest BSN first)
                e4 = exchanges
                k = p
                while k < len(R) and e4 > 1:
                    x = R[k]
                    tested = False
                    if not s1_role(x, mate):
                        set_c2(k, 1)
                        mate = m.solve()
                        tested = True
                    if s1_role(x, mate):
                        e4 -= 1
                        for q in range(0, k):
                            m.zero(R[q], x)
                        for y in self.nxt:
                            m.zero(x, y)
                    if tested:
                        set_c2(k)
                    k += 1
                # C5: lock the roles (S1 players meet S2 players only), and drop the C2 bonuses
                roles = {x: s1_role(x, mate) for x in R}
                m.zero_pairs(self._apart(R, roles))
                for x, y in [key for key in m.bonus if key[0] in Rset and key[1] in Rset]:
                    self._set_bonus(x, y, 0)
            mate = self._transpositions(R, pos, roles, Rset, mate, pairs, usable, guess, optimal)
        floaters = sorted([x for x in self.mdps if x not in m.final] + [x for x in R if x not in m.final])
        return mate, pairs, floaters
