"""Pieces several FIDE systems share: who may meet, who may get the bye, colours, boards.

Each function cites the article it implements. The Dutch and Burstein systems allocate
colours by the same five rules (C.04.3 2026 Art. 5.2 = 2017 E.1-E.5); every FIDE system
orders boards the same way (C.04.2 2026 Art. 3.6, 2017 D.9).
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from fractions import Fraction
from math import floor, gcd

from tabellone.core.model import WHITE, PlayerState, RoundState, Strength, Tournament, named, opposite
from tabellone.core.pairing import Violation, attendance_violations
from tabellone.core.records import builder


@dataclass(frozen=True)
class Entrant:
    """A player to be paired, with everything the FIDE criteria read, precomputed once.

    ``rank`` is the effective pairing number, 0-based: players are numbered in TPN order,
    skipping those who were never paired and are absent now (they hold no place in the
    ranking; bbpPairings issue 30). ``score`` is the pairing score (virtual points
    included), ``real_score`` the score without them.
    """

    id: int
    rank: int
    score: Fraction
    real_score: Fraction
    colours: str  # played games only: 'wbw'
    pref: str | None  # preferred colour, None before any game
    strength: Strength
    cd: int  # colour difference: whites minus blacks
    repeated: str | None  # the colour of the last two games when they were the same
    topscorer: bool
    state: PlayerState

    @property
    def absolute(self) -> bool:
        return self.strength is Strength.ABSOLUTE

    @property
    def strong(self) -> bool:
        """A strong preference that is not absolute (|CD| = 1)."""
        return self.strength is Strength.STRONG


#: An :class:`Entrant` from its fields, at half the frozen ``__init__``'s cost (a round
#: makes one per player to pair: :func:`tabellone.core.records.builder`).
_entrant = builder(Entrant)


def state_to_pair(t: Tournament, round_number: int | None = None) -> RoundState:
    """The state before the round to pair, after the checks every FIDE system needs: the
    number of rounds is known (the last round has rules of its own) and the round is
    within it."""
    from tabellone.core.errors import InputError

    if t.total_rounds is None:
        raise InputError(
            "the number of rounds is needed to pair (XXR n or 142 n in the file, or --rounds N): the last round has its own rules",
            field="XXR / 142",
        )
    state = t.state_before(round_number)
    if state.round > t.total_rounds:
        raise InputError(
            f"round {state.round} is beyond the {t.total_rounds} rounds the file declares", field="XXR / 142"
        )
    return state


def required_initial_colour(t: Tournament, state: RoundState) -> str:
    """The initial colour (``XXC``/``152``, else read from round 1); an input error when
    there is none to read."""
    from tabellone.core.errors import InputError

    initial = t.initial_colour or infer_initial_colour(t, effective_ranks(t, state))
    if initial is None:
        raise InputError(
            "the initial colour is needed to pair round 1 (XXC white1|black1 or 152 W|B in the file, or --initial-colour)",
            field="XXC / 152",
        )
    return initial


def round_to_pair(t: Tournament, round_number: int | None = None) -> tuple[RoundState, list[Entrant], str]:
    """What every FIDE Dutch procedure starts from: the state before the round to pair
    (:func:`state_to_pair`), its entrants in pairing order, and the initial colour."""
    state = state_to_pair(t, round_number)
    return state, entrants(t, state), required_initial_colour(t, state)


def finish_pairing(players: list[Entrant], round_number: int, pair_idx, bye_idx, initial: str, solves: int = 0):
    """Colours by Art. 5.2 (2017 E), boards by C.04.2 3.6 (2017 D.9): the published round."""
    from tabellone.core.pairing import Pairing

    ordered = board_order([allocate_colours(players[a], players[b], initial) for a, b in pair_idx])
    return Pairing(
        round=round_number,
        pairs=[(w.id, b.id) for w, b in ordered],
        bye=players[bye_idx].id if bye_idx is not None else None,
        solves=solves,
    )


def effective_ranks(t: Tournament, state: RoundState) -> dict[int, int]:
    """0-based effective pairing numbers (see :class:`Entrant`)."""
    ranks: dict[int, int] = {}
    k = 0
    for p in t.in_pairing_order:
        s = state[p.id]
        if s.present or s.participated:
            ranks[p.id] = k
            k += 1
    return ranks


def is_topscorer(score: Fraction, t: Tournament, state: RoundState) -> bool:
    """C.04.3 2026 Art. 1.7 (2017 A.7): in the final round only, a player with more than
    half of the maximum possible score. As the reference engines compute it: the pairing
    score above floor(rounds played x max(win, draw) / 2), in tenths of a point."""
    threshold = topscorer_threshold(t, state)
    return threshold is not None and score > threshold


def topscorer_threshold(t: Tournament, state: RoundState) -> Fraction | None:
    """The pairing score a topscorer of :func:`is_topscorer` must pass; ``None`` outside
    the final round (nobody is a topscorer there)."""
    total = state.total_rounds
    played = state.round - 1
    if total is None or played < total - 1:
        return None
    best = max(t.scoring.win, t.scoring.draw)
    return Fraction(floor(played * best * 10 / 2), 10)


def pairing_order_key(scores: list[Fraction]) -> list[int]:
    """Whole numbers ordered exactly as ``scores`` (the same value for equal scores):
    each score over the common denominator. Sorting by them is sorting by the scores,
    without a :class:`~fractions.Fraction` comparison per step."""
    common = 1
    for s in scores:
        d = s.denominator
        if common % d:
            common = common * d // gcd(common, d)
    return [s.numerator * (common // s.denominator) for s in scores]


#: The last round's entrants (:func:`entrants`): weak references to its tournament and
#: state, and the players. Pairing a round and then checking the pairing (the dispatcher's
#: self-check, ``check``) read the same state object twice
#: (:meth:`~tabellone.core.model.Tournament.state_before` keeps it), and would build the
#: same players twice.
_last_entrants: tuple[weakref.ref[Tournament], weakref.ref[RoundState], tuple[Entrant, ...]] | None = None


def entrants(t: Tournament, state: RoundState) -> list[Entrant]:
    """The players to pair, in pairing order: pairing score descending, then rank.

    Both arguments are immutable, so the answer for the same two objects is the same:
    the last one is kept (:data:`_last_entrants`) and handed out again, as a new list."""
    global _last_entrants
    last = _last_entrants
    if last is not None and last[0]() is t and last[1]() is state:
        return list(last[2])
    found = _entrants(t, state)
    try:
        _last_entrants = (weakref.ref(t), weakref.ref(state), tuple(found))
    except TypeError:  # a stand-in without weak references (a caller's own state): not kept
        _last_entrants = None
    return found


def _entrants(t: Tournament, state: RoundState) -> list[Entrant]:
    ranks = effective_ranks(t, state)
    threshold = topscorer_threshold(t, state)
    out = []
    for s in state.to_pair:
        colours = s.colours
        repeated = colours[-1] if len(colours) >= 2 and colours[-1] == colours[-2] else None
        preference = s.preference
        out.append(
            _entrant(
                id=s.id,
                rank=ranks[s.id],
                score=s.pairing_score,
                real_score=s.score,
                colours=colours,
                pref=preference.colour,
                strength=preference.strength,
                cd=s.colour_difference,
                repeated=repeated,
                topscorer=threshold is not None and s.pairing_score > threshold,
                state=s,
            )
        )
    keys = pairing_order_key([e.score for e in out])
    order = sorted(range(len(out)), key=lambda k: (-keys[k], out[k].rank))
    return [out[k] for k in order]


def scoregroups(players: list[Entrant]) -> list[list[int]]:
    """Positions of ``players`` (in pairing order) grouped by equal pairing score."""
    groups: list[list[int]] = []
    for i, e in enumerate(players):
        if groups and players[groups[-1][0]].score == e.score:
            groups[-1].append(i)
        else:
            groups.append([i])
    return groups


def C1_no_rematch(a: Entrant, b: Entrant, state: RoundState) -> bool:
    """C1 (2026) / C.1 (2017): two players shall not meet more than once. A forfeited
    game is not a meeting (C.04.2 3.5); prohibited pairs (TRF 260, XXP) count as met."""
    return state.may_meet(a.id, b.id)


def rematch_violation(
    a: Entrant, b: Entrant, state: RoundState, article: str, t: Tournament | None = None
) -> Violation | None:
    """The violation when ``a`` and ``b`` may not meet (None when they may), under the
    ``article`` of the edition at hand (C1, C.1, B1a), naming them from ``t``."""
    if C1_no_rematch(a, b, state):
        return None
    why = "are a prohibited pair" if b.id not in state[a.id].opponents else "have already played each other"
    return pair_violation(article, t, a.id, b.id, why, state.round)


def pair_violation(
    article: str, t: Tournament | None, a: int, b: int, why: str, round_number: int | None, label: str = ""
) -> Violation:
    """The violation of a pair ``a``-``b`` that an absolute rule bars, every system's
    one sentence for it: both players named (:func:`~tabellone.core.model.named`), then
    ``why`` ("have already played each other", "both have an absolute preference for
    White")."""
    body = f"{named(t, a)} and {named(t, b)} {why}"
    return Violation.headed(article, body, players=(a, b), round=round_number, label=label)


def C3_absolute_colours(a: Entrant, b: Entrant, last_round: bool) -> bool:
    """C3 (2026) / C.3 (2017): non-topscorers with the same absolute colour preference
    shall not meet. In the last round one topscorer in the pair lifts the bar."""
    if a.absolute and b.absolute and a.pref == b.pref:
        return last_round and (a.topscorer or b.topscorer)
    return True


def higher_ranked(a: Entrant, b: Entrant) -> Entrant:
    """The higher-ranked of two players: higher pairing score, then smaller rank."""
    return a if (-a.score, a.rank) <= (-b.score, b.rank) else b


def allocate_colours(a: Entrant, b: Entrant, initial_colour: str) -> tuple[Entrant, Entrant]:
    """(white, black) for a pair, by C.04.3 2026 Art. 5.2 (2017 E.1-E.5), in order:

    5.2.1 grant both colour preferences;
    5.2.2 grant the stronger preference (both absolute: the wider colour difference);
    5.2.3 alternate colours to the most recent round in which they had different ones
          (played games only, C.04.2 3.4);
    5.2.4 grant the preference of the higher-ranked player;
    5.2.5 the higher-ranked player gets the initial colour if their pairing number is
          odd (rank 0, 2, ...), the other colour if it is even.
    """
    colour, _ = colour_rule(a, b, initial_colour)
    return (a, b) if colour == WHITE else (b, a)


def colour_rule(p: Entrant, q: Entrant, initial_colour: str) -> tuple[str, str]:
    """The colour of ``p`` when playing ``q``, and the article that decides it."""
    # 5.2.1: different preferences, or only one has any
    if p.pref != q.pref or p.pref is None or q.pref is None:
        if p.pref is not None:
            return p.pref, "5.2.1"
        if q.pref is not None:
            return opposite(q.pref), "5.2.1"
        return _initial_colour_rule(p, q, initial_colour), "5.2.5"
    same = p.pref
    # 5.2.2: the stronger preference; both absolute, the wider colour difference
    if p.absolute and (not q.absolute or abs(p.cd) > abs(q.cd)):
        return same, "5.2.2"
    if q.absolute and (not p.absolute or abs(q.cd) > abs(p.cd)):
        return opposite(same), "5.2.2"
    if p.strong and not q.strong and not q.absolute:
        return same, "5.2.2"
    if q.strong and not p.strong and not p.absolute:
        return opposite(same), "5.2.2"
    # 5.2.3: alternate to the last round in which their colours differed
    for cp, cq in zip(reversed(p.colours), reversed(q.colours)):
        if cp != cq:
            return cq, "5.2.3"
    # 5.2.4: the higher-ranked player's preference
    top = higher_ranked(p, q)
    return (same if top is p else opposite(same)), "5.2.4"


def _initial_colour_rule(p: Entrant, q: Entrant, initial_colour: str) -> str:
    """5.2.5: odd pairing number (even 0-based rank) takes the initial colour."""
    top = higher_ranked(p, q)
    colour = initial_colour if top.rank % 2 == 0 else opposite(initial_colour)
    return colour if top is p else opposite(colour)


def board_order(pairs: list[tuple[Entrant, Entrant]]) -> list[tuple[Entrant, Entrant]]:
    """Boards as C.04.2 (2026 Art. 3.6, 2017 D.9) orders them, as the reference engine
    reads it: the higher score in the pair (real score, without virtual points) first,
    then the lower score of the pair, then the higher-ranked player's pairing number."""

    # the real scores as whole numbers in the same order (pairing_order_key): no
    # Fraction compared or negated per pair
    scores = pairing_order_key([e.real_score for pair in pairs for e in pair])

    def key(k: int) -> tuple[int, int, int]:
        a, b = pairs[k]
        sa, sb = scores[2 * k], scores[2 * k + 1]
        if (-sa, a.rank) <= (-sb, b.rank):
            return (-sa, -sb, a.rank)
        return (-sb, -sa, b.rank)

    return [pairs[k] for k in sorted(range(len(pairs)), key=key)]


def infer_initial_colour(t: Tournament, ranks: dict[int, int]) -> str | None:
    """The initial colour when the file does not state it (no ``XXC``/``152``): the
    colour of the top-ranked player paired in round 1 (see
    :func:`tabellone.core.history.infer_initial_colour`)."""
    from tabellone.core.history import infer_initial_colour as from_round_one

    return from_round_one(t)


def brackets_of_pairing(
    players: list[Entrant], pairs: list[tuple[int, int]]
) -> list[tuple[list[Entrant], list[Entrant], list[tuple[Entrant, Entrant]], list[Entrant]]]:
    """The brackets a round's pairing makes, from the top, for the verifier: one
    ``(current, mdps, pairs, floaters)`` per score group, where ``current`` is the MDPs
    moved down into it followed by its residents, ``pairs`` the pairs made inside it (as
    ``(a, b)`` Entrants, ``a`` the lower id), and ``floaters`` those left unpaired in it,
    who move down into the next group as its MDPs. ``players`` in pairing order."""
    by_id = {e.id: e for e in players}
    mate: dict[int, int] = {}
    for w, b in pairs:
        mate[w] = b
        mate[b] = w
    groups: list[list[Entrant]] = []
    for e in players:
        if groups and groups[-1][0].score == e.score:
            groups[-1].append(e)
        else:
            groups.append([e])
    out = []
    mdps: list[Entrant] = []
    for group in groups:
        current = mdps + group
        ids = {e.id for e in current}
        inside = [(e, by_id[o]) for e in current if (o := mate.get(e.id)) in ids and e.id < o]
        paired = {e.id for pair in inside for e in pair}
        floaters = [e for e in current if e.id not in paired]
        out.append((current, mdps, inside, floaters))
        mdps = floaters
    return out


# ----------------------------------------------------------------------------------------
# who may have the pairing-allocated bye: C.04.1 Art. 4 and the systems' own [C2]


@dataclass(frozen=True)
class ByeRule:
    """One text's rule against another pairing-allocated bye: what, scored in an earlier
    round without playing, bars a player from the PAB. Each system decides eligibility
    with one function that quotes its text and applies one of these.

    ``any_pab``: an earlier PAB bars, whatever it was worth (a win's points, half of them
    or nothing); ``forfeit_win``: a game won by forfeit bars (and so does a PAB worth a
    win: a point scored without an opponent); ``win_unplayed``: a win's points scored in
    one single round without playing bar (a forfeit win, a full-point bye, a PAB worth a
    win). A bye the player asked for that is worth less than a win bars under none.
    ``article`` names the rule in messages, ``source`` the text it quotes (if any)."""

    article: str
    any_pab: bool
    forfeit_win: bool
    win_unplayed: bool
    source: str = ""

    def bars(self, s: PlayerState) -> bool:
        """Whether the player of state ``s`` may not have the PAB by this rule."""
        return (
            (self.any_pab and s.had_pab)
            or (self.win_unplayed and s.won_without_playing)
            or (self.forfeit_win and s.won_pab_or_forfeit)
        )

    def earlier(self, t: Tournament, player: int, round_number: int) -> tuple[int, str] | None:
        """The first round before ``round_number`` in which ``player`` scored what bars
        the PAB by this rule, and what it was; ``None`` when nothing does. The same
        reading of the rounds as :meth:`bars` (through the player's state)."""
        from tabellone.core.scoring import Kind, format_points

        p = t.player(player)
        for k in range(1, round_number):
            e = p.entry(k)
            if e.played:
                continue
            pts = t.points_in_round(p, k)
            won = pts >= t.scoring.win and e.kind is not Kind.ZERO_BYE
            if e.result == "U" and (self.any_pab or (won and (self.forfeit_win or self.win_unplayed))):
                return k, f"a pairing-allocated bye worth {format_points(pts)} points"
            if not won or not (self.win_unplayed or (self.forfeit_win and e.result == "+")):
                continue
            if e.result == "+" and e.opponent is not None:
                return k, f"a win by forfeit against {named(t, e.opponent)}"
            if e.result == "+":
                return k, f"a full point without an opponent ('0000 - +', {format_points(pts)} points)"
            if e.result == "F":
                return k, f"a full-point bye ({format_points(pts)} points)"
            return k, f"{format_points(pts)} points without playing (result {e.result!r})"
        return None

    def violation(self, t: Tournament, player: int, round_number: int) -> Violation | None:
        """The violation of a PAB given to ``player`` in ``round_number`` against this
        rule, its sentence naming the round and the bye or win that bars it; ``None``
        when the player may have it."""
        bar = self.earlier(t, player, round_number)
        if bar is None:
            return None
        k, what = bar
        return Violation.headed(
            self.article,
            f"the pairing-allocated bye goes to {named(t, player)}, who had {what} in round {k}{self._source()}",
            players=(player,),
            round=round_number,
        )

    def reading(self, t: Tournament, player: int, round_number: int) -> tuple[bool, str]:
        """Whether ``player`` may have the PAB of ``round_number``, and the sentence that
        says so, naming the rule and, when barred, the round that decides."""
        bar = self.earlier(t, player, round_number)
        if bar is not None:
            k, what = bar
            return (
                False,
                f"{self.article}: {named(t, player)} may not have the bye: {what} in round {k}{self._source()}",
            )
        return True, f"{self.article}: {named(t, player)} may have the bye ({self.allows()}){self._source()}"

    def _source(self) -> str:
        return f" ({self.source})" if self.source else ""

    def allows(self) -> str:
        """What the rule leaves out, for the sentence of a player who may have the bye."""
        parts = ["no earlier pairing-allocated bye" if self.any_pab else "no earlier PAB worth a win"]
        if self.win_unplayed:
            parts.append("no round won without playing")
        elif self.forfeit_win:
            parts.append("no forfeit win")
        return " and ".join(parts)


#: C.04.1 (2026) Art. 4: "A participant who has already received a pairing allocated bye,
#: or has already scored in one single round, without playing, as many points as rewarded
#: for a win, shall not receive the pairing allocated bye." Dutch, Dubov, Burstein (2026)
#: quote it as their [C2]; Lim (2026) pairs under the Basic Rules.
ART4_2026 = ByeRule("C2", any_pab=True, forfeit_win=False, win_unplayed=True, source="C.04.1 Art. 4, 2026")
#: C.04.1.d (the text till 31 January 2026): "A player who has already received a
#: pairing-allocated bye, or has already scored a (forfeit) win due to an opponent not
#: appearing in time, shall not receive the pairing-allocated bye." Dutch 2017 C.2 and
#: Burstein 2025 C.2 quote it.
ART_D_2017 = ByeRule("C.2", any_pab=True, forfeit_win=True, win_unplayed=False, source="C.04.1.d")


def colour_breaches(players: dict[int, Entrant], pairing, exempt=None, t: Tournament | None = None) -> list[Violation]:
    """C.04.1 (2026) Art. 6 and 7 on the colours a pairing gives, one message each,
    naming the article, the player and the colours played so far: "the difference
    between the number of rounds they play with Black and ... with White shall not be
    greater than 2 or less than -2"; "No participants shall receive the same colour
    three times in a row" (C.04.2 Art. 3.4: unplayed rounds do not count, so the colours
    of the games played, in order). ``exempt(white, black)``: the system's own exception
    for a board (Dutch: the last round, a topscorer on the board, 2026 C10-C11). Boards a
    recorded round gives without colours (a forfeit written ``251 - -``) are skipped.
    Each violation's article is ``"C.04.1 Art. 7"`` or ``"C.04.1 Art. 6"`` (the Basic
    Rules, not the system's own text), its players the one player, named from ``t``."""
    out: list[Violation] = []
    colourless = getattr(pairing, "colourless", frozenset())

    def breach(article: str, player: int, body: str) -> Violation:
        return Violation.headed(article, f"{named(t, player)} {body}", players=(player,), round=pairing.round)

    for w, b in pairing.pairs:
        if w == b or w not in players or b not in players or frozenset((w, b)) in colourless:
            continue
        if exempt is not None and exempt(players[w], players[b]):
            continue
        for p, colour in ((players[w], WHITE), (players[b], opposite(WHITE))):
            third = p.repeated == colour
            cd = p.cd + (1 if colour == WHITE else -1)
            if not third and abs(cd) <= 2:
                continue
            name = "White" if colour == WHITE else "Black"
            played = f"(colours played: {' '.join(c.upper() for c in p.colours) or 'none'})"
            if third:
                out.append(breach("C.04.1 Art. 7", p.id, f"gets {name} a third time in a row {played}"))
            if abs(cd) > 2:
                more, fewer = ("Whites", "Blacks") if cd > 0 else ("Blacks", "Whites")
                words = {3: "three", 4: "four"}.get(abs(cd), "more than two")
                out.append(breach("C.04.1 Art. 6", p.id, f"gets {name}: {words} more {more} than {fewer} {played}"))
    return out


def absolute_violations(
    t: Tournament, pairing, colours_ok, bye_ok, articles: tuple[str, str, str], bye_rule: ByeRule | None = None
) -> list[Violation]:
    """Every absolute rule a proposed round breaks (empty: legal), for a system given by
    its two absolute tests: ``colours_ok(a, b)`` (may two players meet as far as colours
    go) and ``bye_ok(e)`` (may a player take the pairing-allocated bye). Checked:
    everyone to be paired appears exactly once and nobody else does, and the bye
    completes an odd number (C.04.1); no rematch; the colour and bye tests; the colours
    against C.04.1 Art. 6-7 (:func:`colour_breaches`, no exception: the Burstein texts
    have none). ``articles`` names the rules broken: (rematch, colours, bye); a
    ``bye_rule`` (the one ``bye_ok`` applies) words the bye's violation, with the round
    of the earlier bye or win that bars it."""
    rematch_article, colour_article, bye_article = articles
    state = t.state_before(pairing.round)
    r = pairing.round
    players = {e.id: e for e in entrants(t, state)}
    problems, _ = attendance_violations(pairing, set(players), set(state.players), t)
    for w, b in pairing.pairs:
        if w == b or w not in players or b not in players:
            continue
        pw, pb = players[w], players[b]
        problem = rematch_violation(pw, pb, state, rematch_article, t)
        if problem:
            problems.append(problem)
        if not colours_ok(pw, pb):
            colour = "White" if pw.pref == WHITE else "Black"
            problems.append(
                pair_violation(colour_article, t, w, b, f"both have an absolute preference for {colour}", r)
            )
    problems += colour_breaches(players, pairing, t=t)  # no exception in the Burstein texts
    if pairing.bye in players and not bye_ok(players[pairing.bye]):
        found = bye_rule.violation(t, pairing.bye, r) if bye_rule is not None else None
        problems.append(
            found
            or Violation.headed(
                bye_article,
                f"the pairing-allocated bye goes to {named(t, pairing.bye)}, who may not have it",
                players=(pairing.bye,),
                round=r,
            )
        )
    return problems
