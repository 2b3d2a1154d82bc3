"""The verifier: is a round the pairing the rules give, and if not, which rule says so?

Works with any system through the one interface
(:class:`tabellone.rules.base.PairingSystem`): ``pair`` and ``violations`` (the
absolute rules, as :class:`~tabellone.rules.base.Violation` fields); ``evaluate`` (the
value of every quality criterion, round-level ones first, then bracket by bracket from
the top) and ``quality_criteria`` (their articles in priority order; a system with none
gets no criterion-by-criterion report); ``colour_article`` (who gets White, and the
article that says so); ``lookahead`` (criteria a bracket meets by looking ahead to the
PAB, compared with the round's value), ``generation_article`` (the article that breaks
ties by the order candidates are generated) and ``bye_reading`` (who may have the bye,
and which reading of the text says so). Every function here takes the system (or its
package, or its name) and the system's options.

Every value is minimised (counts; lists, compared item by item: differences sorted from
the largest, sequence numbers in the text's order; places in one of the text's orders). The
report gives the absolute violations first, then where the round differs from the
rules' pairing: walking the brackets from the top, the first bracket where the two
pairings part and there the first criterion, in priority order, on which they differ,
with both values (or, equal on every criterion, the generation order and who each moved
down); the pairs that differ; and for each board whose colours differ, the article that
decides them. A round the rules cannot pair is reported as such, and the caller goes on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from types import ModuleType

from tabellone.core.errors import InputError, NoPairingError, TabelloneError
from tabellone.core.model import named
from tabellone.core.pairing import Pairing, Violation
from tabellone.core.scoring import format_points
from tabellone.rules import as_system
from tabellone.rules.base import BracketSide, Options, PairingSystem

#: A system as the functions here take it: the object, its package or its name.
SystemLike = PairingSystem | ModuleType | str


class ColourNote(str):
    """A board whose colours differ from the rules' (the sentence, as a ``str``), with
    its fields: the board as given (``white``, ``black``), whom the rules give White
    (``rules_white``) and the article that decides it (``article``; ``None`` for a
    system without colour articles)."""

    white: int
    black: int
    rules_white: int | None
    article: str | None

    def __new__(cls, white: int, black: int, rules_white: int | None, article: str | None) -> ColourNote:
        text = (
            f"{white}-{black}: the rules give the other colours"
            if article is None
            else f"{white}-{black}: Art. {article} gives White to {rules_white}"
        )
        obj = super().__new__(cls, text)
        obj.white, obj.black, obj.rules_white, obj.article = white, black, rules_white, article
        return obj

    def as_dict(self) -> dict:
        return {
            "board": [self.white, self.black],
            "rules_white": self.rules_white,
            "article": self.article,
            "text": str(self),
        }


@dataclass
class RoundReport:
    """One round checked. ``status`` is ``"ok"`` (the rules' pairing), ``"differs"``,
    ``"breaks"`` (an absolute rule is broken), ``"unpairable"`` (the rules find no
    legal pairing of the round from the rounds before it: ``unpairable`` says why) or
    ``"no games"`` (nothing to compare: see :func:`no_games_report`)."""

    round: int
    violations: list[Violation] = field(default_factory=list)
    identical: bool = True
    first_difference: Difference | None = None
    only_given: list[tuple[int, int]] = field(default_factory=list)
    only_rules: list[tuple[int, int]] = field(default_factory=list)
    colour_notes: list[ColourNote] = field(default_factory=list)
    bye_given: int | None = None
    bye_rules: int | None = None
    unpairable: str | None = None
    #: a round without a single game (see :func:`no_games_report`): what its cells
    #: hold, result code -> players (``" "`` for an empty cell), and whether it is the
    #: next round to pair (no round after it has a game) or a round nobody played
    no_games: dict[str, list[int]] | None = None
    next_to_pair: bool = False
    after_last_game: bool = False
    #: the players the report names, by number and name (:func:`named`)
    names: dict[int, str] = field(default_factory=dict, compare=False)

    def name(self, pid: int | None) -> str:
        """``pid`` as the report names it ("38 (Rossi, Mario)"), or 'nobody'."""
        return "nobody" if pid is None else self.names.get(pid, str(pid))

    def colour_line(self, note: ColourNote) -> str:
        """A board whose colours differ from the rules', its players named, and whom the
        rules' article gives White."""
        board = f"{self.name(note.white)} - {self.name(note.black)}"
        if note.rules_white is None or note.article is None:
            return f"{board}: the rules give the other colours"
        return f"{board}: Art. {note.article} gives White to {self.name(note.rules_white)}"

    def pairs_named(self, pairs: list[tuple[int, int]]) -> list[str]:
        """Boards as the report lists them, each player by number and name
        ("38 (Rossi, Mario) - 62 (Bianchi, Anna)")."""
        return [f"{self.name(w)} - {self.name(b)}" for w, b in pairs]

    @property
    def absolute(self) -> list[str]:
        """The absolute rules broken, as the sentences the report prints."""
        return [v.text for v in self.violations]

    @property
    def ok(self) -> bool:
        return self.identical and not self.violations and self.unpairable is None

    @property
    def status(self) -> str:
        if self.no_games is not None:
            return "no games"
        if self.violations:
            return "breaks"
        if self.unpairable is not None:
            return "unpairable"
        return "ok" if self.ok else "differs"

    def as_dict(self) -> dict:
        first = self.first_difference
        return {
            "round": self.round,
            "status": self.status,
            "ok": self.ok,
            "absolute": [v.as_dict() for v in self.violations],
            "identical": self.identical,
            "unpairable": self.unpairable,
            "first_difference": first.as_dict() if isinstance(first, Difference) else first,
            "only_given": [list(p) for p in self.only_given],
            "only_rules": [list(p) for p in self.only_rules],
            "colours": [n.as_dict() for n in self.colour_notes],
            "bye_given": self.bye_given,
            "bye_rules": self.bye_rules,
            "entered": (
                {("empty" if code == " " else code): ids for code, ids in self.no_games.items()}
                if self.no_games is not None
                else None
            ),
            "next_to_pair": self.next_to_pair,
            # the same lists with each player by number and name, as the report prints them
            "only_given_named": self.pairs_named(self.only_given),
            "only_rules_named": self.pairs_named(self.only_rules),
        }


def no_games_report(t, round_number: int) -> RoundReport:
    """Round ``round_number`` of ``t`` holds no game (played, forfeited or pending) and
    no PAB: only byes and absences entered, or empty cells.

    After the last round with a game it is not a paired round (an arbiter enters the
    requested byes and the absences of the next round before pairing it): it is the
    next round to pair, or, further on, a round with byes entered ahead. Before it, it
    is a round that nobody played. Either way the report says what its cells hold and
    compares no pairing: there is none."""
    held: dict[str, list[int]] = {}
    for p in t.players:
        held.setdefault(p.entry(round_number).result, []).append(p.id)
    return RoundReport(
        round=round_number,
        no_games=held,
        next_to_pair=round_number == t.rounds_paired + 1,
        after_last_game=round_number > t.rounds_paired,
    )


#: what a result code in a round without games means, for the report
_HELD = {
    "H": "half-point bye",
    "F": "full-point bye",
    "Z": "zero-point bye",
    "-": "absent (-)",
    "+": "won by forfeit without opponent",
    "U": "pairing-allocated bye",
}


def round_name(system: SystemLike | None, r: int) -> str:
    """How reports name round ``r`` under ``system`` (the Double-Swiss system names the
    match, whose two games fill two round columns); 'round r' when no system is given."""
    return as_system(system).round_name(r) if system is not None else f"round {r}"


def _no_games_lines(rep: RoundReport, system: PairingSystem | None = None) -> list[str]:
    held = dict(rep.no_games or {})
    empty = held.pop(" ", [])
    if rep.next_to_pair:
        head = "NO GAMES YET: the next round to pair (no round with a game after it)"
    elif rep.after_last_game:
        head = "NO GAMES YET: byes or absences entered ahead"
    else:
        head = "NO GAMES: nobody played this round"
    lines = [f"{round_name(system, rep.round)}: {head}"]
    for code, ids in sorted(held.items()):
        lines.append(f"  {_HELD.get(code, repr(code))}: {' '.join(map(str, ids))}")
    if empty:
        who = "to be paired" if rep.next_to_pair else ("no entry" if rep.after_last_game else "absent")
        lines.append(f"  empty cell ({who}): {len(empty)} player{'s' if len(empty) != 1 else ''}")
    return lines


def _show(value: object) -> str:
    if isinstance(value, Fraction):
        return format_points(value)
    if isinstance(value, tuple):
        return "[" + ", ".join(_show(v) for v in value) + "]" if value else "none"
    return str(value)


def _less(a: object, b: object) -> bool:
    return a < b  # counts, scores and lists (compared from the largest item) alike


class Difference(str):
    """Where a pairing first parts from the rules' one, as a sentence (the ``str``) and as
    fields: ``article`` and ``description`` of the first criterion that differs (``None``
    when the two are equal on every criterion), ``bracket`` (its score, ``None`` for a
    round-level criterion), ``yours`` and ``rules`` (the two values), ``rules_better``;
    or, decided by the text's generation order, ``order_article`` and the players each
    pairing moved down from that bracket (``moved_yours``, ``moved_rules``)."""

    article: str | None
    description: str | None
    bracket: Fraction | None
    yours: object
    rules: object
    rules_better: bool
    order_article: str | None
    moved_yours: list[int]
    moved_rules: list[int]
    players_yours: list[int]
    players_rules: list[int]
    candidate_yours: str | None
    candidate_rules: str | None
    rank_yours: list[int | None]
    rank_rules: list[int | None]
    ranking: str | None

    def __new__(cls, text: str, **fields: object) -> Difference:
        obj = super().__new__(cls, text)
        obj.article = fields.get("article")  # type: ignore[assignment]
        obj.description = fields.get("description")  # type: ignore[assignment]
        obj.bracket = fields.get("bracket")  # type: ignore[assignment]
        obj.yours = fields.get("yours")
        obj.rules = fields.get("rules")
        obj.rules_better = bool(fields.get("rules_better", False))
        obj.order_article = fields.get("order_article")  # type: ignore[assignment]
        obj.moved_yours = list(fields.get("moved_yours") or [])  # type: ignore[call-overload]
        obj.moved_rules = list(fields.get("moved_rules") or [])  # type: ignore[call-overload]
        obj.players_yours = list(fields.get("players_yours") or [])  # type: ignore[call-overload]
        obj.players_rules = list(fields.get("players_rules") or [])  # type: ignore[call-overload]
        obj.candidate_yours = fields.get("candidate_yours")  # type: ignore[assignment]
        obj.candidate_rules = fields.get("candidate_rules")  # type: ignore[assignment]
        obj.rank_yours = list(fields.get("rank_yours") or [])  # type: ignore[call-overload]
        obj.rank_rules = list(fields.get("rank_rules") or [])  # type: ignore[call-overload]
        obj.ranking = fields.get("ranking")  # type: ignore[assignment]
        return obj

    @property
    def equal(self) -> bool:
        """Equal on every criterion: the generation order decided."""
        return self.article is None

    def as_dict(self) -> dict:
        if self.equal:
            return {
                "criterion": None,
                "article": self.order_article,
                "bracket": _json(self.bracket),
                "moved_down_yours": self.moved_yours,
                "moved_down_rules": self.moved_rules,
                "candidate_yours": self.candidate_yours,
                "candidate_rules": self.candidate_rules,
                # the ordinals of the steps that make each candidate in the text's order:
                # set of MDPs, transposition for the MDPs, exchange, transposition of S2
                "generation_yours": self.rank_yours,
                "generation_rules": self.rank_rules,
                "text": str(self),
            }
        return {
            "criterion": self.description,
            "article": self.article,
            "bracket": _json(self.bracket),
            "yours": _json(self.yours),
            "rules": _json(self.rules),
            "rules_better": self.rules_better,
            "players_yours": self.players_yours,
            "players_rules": self.players_rules,
            "text": str(self),
        }


def _json(value: object) -> object:
    if isinstance(value, Fraction):
        return format_points(value)
    if isinstance(value, tuple):
        return [_json(v) for v in value]
    return value


def _who(t, players: tuple[int, ...] | None) -> str:
    """The players behind a value, named, for the verdict ("" when none are known)."""
    if not players or t is None:
        return ""
    return " [" + ", ".join(named(t, p) for p in players) + "]"


def _verdict(
    article: str,
    what: str,
    gv: object,
    rv: object,
    yours: str,
    where: str = "",
    label: str | None = None,
    t=None,
    concerned: tuple[tuple[int, ...] | None, tuple[int, ...] | None] = (None, None),
    **fields: object,
) -> Difference:
    rules_better = _less(rv, gv)
    verdict = "the rules allow" if rules_better else "the rules' pairing has"
    g_who, r_who = _who(t, concerned[0]), _who(t, concerned[1])
    return Difference(
        f"{label or article + ' ' + what}: {yours} {_show(gv)}{g_who}, {verdict} {_show(rv)}{r_who}{where}",
        article=article,
        description=what,
        yours=gv,
        rules=rv,
        rules_better=rules_better,
        **fields,
    )


#: How the criteria's descriptions name the rounds their floats come from, relative to the
#: round paired: 1 the round (or match) before it, 2 the one before that
_RELATIVE = (
    ("two rounds before", 2),
    ("round before", 1),
    ("in the previous round", 1),
    ("the previous round", 1),
)


def _dated(what: str, system: PairingSystem, round_number: int) -> str:
    """A criterion's description with the round its floats come from named by number, as
    an arbiter reads a verdict ("MDP opponents who upfloated in round 7", not "... the
    round before"); a Double-Swiss match by its number. Unchanged when it names none."""
    step = system.games_per_round
    for phrase, back in _RELATIVE:
        if phrase in what and round_number - back * step >= 1:
            k = round_number - back * step
            when = f"in round {k}" if step == 1 else f"in match {(k + step - 1) // step}"
            if f"the {phrase}" in what:
                phrase = f"the {phrase}"
            return what.replace(phrase, when)
    return what


def _bracket_pairs(pairs, bracket, moved: set[int]) -> set[frozenset[int]]:
    """The pairs made inside ``bracket`` (both players in it, neither moved on down)."""
    members = set(bracket.players)
    return {frozenset(p) for p in pairs if set(p) <= members and not (set(p) & moved)}


def _moved_down(brackets, k: int, bye: int | None) -> list[int]:
    """The players bracket ``k`` moved down: those of it found in the next bracket (the
    last bracket moves down its PAB assignee)."""
    if k + 1 < len(brackets):
        nxt = set(brackets[k + 1].players)
        return [p for p in brackets[k].players if p in nxt]
    return [bye] if bye is not None and bye in brackets[k].players else []


def _ahead(article: str, round_values: dict, bracket, moved: list[int], bye: int | None) -> object:
    """A look-ahead criterion (the Dutch [C9]) in a bracket: by its note it counts only
    in a bracket that downfloats exactly one player, who receives the PAB. The bracket's
    own value, when the system gives one, is its reading of that note (the Dutch: the
    literal procedure's, the downfloater left for the PAB whatever the brackets below
    do); otherwise the round's value (the PAB assignee's) where the bracket sends down
    just the PAB assignee, nothing (0) elsewhere. A bracket that sends two players down
    is decided by the criteria after it (C.04.3 2026 Art. 2.4.4 and its note)."""
    if article not in round_values:
        return bracket.values.get(article)
    own = bracket.values.get(article)
    if own is not None:
        return own
    return round_values[article] if bye is not None and moved == [bye] else 0


def _bye_of(pairing: Pairing) -> tuple[int, ...]:
    return (pairing.bye,) if pairing.bye is not None else ()


def first_difference(
    system: SystemLike,
    t,
    given: Pairing,
    rules: Pairing,
    edition: str,
    yours: str = "yours",
    options: Options | None = None,
) -> Difference:
    """Where ``given`` first parts from ``rules`` (a round of ``t``), in the text's order.

    The round-level criteria come first (those the text settles before any bracket: the
    Dutch C5, the Dubov PAB of Art. 3.1). Then the brackets are walked from the top, as
    the text pairs them, to the first one where the two pairings part (other players,
    other pairs inside, or other players moved down); there the criteria are compared in
    priority order, and the first that differs is the answer. Criteria that look ahead
    from a bracket to the rest of the round (the system's ``lookahead``: the Dutch C9,
    the unplayed rounds of the PAB assignee) take the bracket's own value, the system's
    reading of where they apply (:func:`_ahead`), and name each side's PAB assignee.
    When the two are equal on every criterion there, the text's generation order
    decided (the system's ``generation_article``), and the answer names who each one
    moved down and, where the system counts its generation order step by step
    (:meth:`~tabellone.rules.base.PairingSystem.candidate_places`: the Dutch Art. 4),
    where it places each candidate.
    """
    system = as_system(system)
    g_round, g_brackets = system.evaluate(t, given, edition, options)
    r_round, r_brackets = system.evaluate(t, rules, edition, options)
    criteria = system.quality_criteria(edition, options)
    described = dict(criteria)
    priority = {article: k for k, (article, _) in enumerate(criteria)}
    lookahead = set(system.lookahead)
    for article in sorted(set(g_round) | set(r_round), key=lambda a: (priority.get(a, -1), a)):
        if article in lookahead:
            continue
        gv, rv = g_round.get(article), r_round.get(article)
        if gv != rv:
            byes = (_bye_of(given), _bye_of(rules))
            if article in described:
                what = described[article]
                label = f"{article} {_dated(what, system, given.round)}"
                return _verdict(article, what, gv, rv, yours, label=label, t=t, concerned=byes)
            return _verdict(
                article,
                "score of the PAB assignee",
                gv,
                rv,
                yours,
                label=f"{article} (score of the PAB assignee)",
                t=t,
                concerned=byes,
            )
    for k, (gb, rb) in enumerate(zip(g_brackets, r_brackets)):
        g_moved = _moved_down(g_brackets, k, given.bye)
        r_moved = _moved_down(r_brackets, k, rules.bye)
        parted = (
            gb.score != rb.score
            or sorted(gb.players) != sorted(rb.players)
            or sorted(g_moved) != sorted(r_moved)
            or _bracket_pairs(given.pairs, gb, set(g_moved)) != _bracket_pairs(rules.pairs, rb, set(r_moved))
            or gb.values != rb.values
        )
        if not parted:
            continue
        where = f", in the {format_points(gb.score)}-point bracket"
        for article, what in criteria:
            if article in lookahead:
                gv = _ahead(article, g_round, gb, g_moved, given.bye)
                rv = _ahead(article, r_round, rb, r_moved, rules.bye)
            else:
                gv, rv = gb.values.get(article), rb.values.get(article)
            if gv != rv:
                concerned = (gb.concerned.get(article), rb.concerned.get(article))
                if article in lookahead and article in g_round:
                    # a look-ahead to the PAB: its assignee in each pairing
                    concerned = (_bye_of(given), _bye_of(rules))
                return _verdict(
                    article,
                    what,
                    gv,
                    rv,
                    yours,
                    where,
                    label=f"{article} {_dated(what, system, given.round)}",
                    t=t,
                    concerned=concerned,
                    bracket=gb.score,
                    players_yours=list(concerned[0] or ()),
                    players_rules=list(concerned[1] or ()),
                )
        order = system.generation_article(edition)
        if sorted(g_moved) != sorted(r_moved):
            mine = ", ".join(named(t, p) for p in g_moved) or "nobody"
            theirs = ", ".join(named(t, p) for p in r_moved) or "nobody"
            # the last bracket moves nobody down: who is left over takes the PAB
            moves = (
                f"{yours} gives the pairing-allocated bye to {mine}, the rules to {theirs}"
                if k == len(g_brackets) - 1
                else f"{yours} moves down {mine}, the rules move down {theirs}"
            )
            text = (
                f"equal on every criterion in the {format_points(gb.score)}-point bracket, where the pairings part: "
                f"the text's generation order ({order}) decides; {moves}"
            )
        else:
            text = (
                f"equal on every criterion in the {format_points(gb.score)}-point bracket, where the pairings part: "
                f"the rules take the candidate the text's generation order ({order}) gives first"
            )
        g_cand = r_cand = ranking = None
        g_rank: list[int | None] = []
        r_rank: list[int | None] = []
        places = system.candidate_places(
            t, edition, given.round, BracketSide(gb, given.pairs, g_moved), BracketSide(rb, rules.pairs, r_moved), yours
        )
        if places is not None:
            g_cand, r_cand, g_rank, r_rank = places.yours, places.rules, places.rank_yours, places.rank_rules
            if places.decides is not None:
                text += (
                    f"; {places.decides} decides (the rules' candidate: {r_cand}; {yours}: {g_cand}): {places.ranking}"
                )
                ranking = f"{places.decides} decides: {places.ranking}"
        return Difference(
            text,
            bracket=gb.score,
            order_article=order,
            moved_yours=g_moved,
            moved_rules=r_moved,
            candidate_yours=g_cand,
            candidate_rules=r_cand,
            rank_yours=g_rank,
            rank_rules=r_rank,
            ranking=ranking,
        )
    order = system.generation_article(edition)
    return Difference(
        f"equal on every criterion: the rules take the candidate the text's generation order ({order}) gives first",
        order_article=order,
    )


def check_round(system: SystemLike, t, given: Pairing, edition: str, options: Options | None = None) -> RoundReport:
    """Check ``given`` (a round of ``t``, which holds the rounds before it).

    When the rules find no legal pairing of the round, the report says so
    (``unpairable``) after the absolute checks, and the caller goes on to the next round
    (bbpPairings' ``-c`` does the same)."""
    system = as_system(system)
    report = RoundReport(round=given.round, bye_given=given.bye)
    report.violations = system.violations(t, given, edition, options)
    report.names = {p.id: named(t, p.id) for p in t.players}
    try:
        rules = system.pair(t, edition, given.round, options)
    except NoPairingError as exc:
        report.identical = False
        report.unpairable = str(exc)
        return report
    report.bye_rules = rules.bye
    r_set = set(rules.pairs)
    # a board recorded without colours takes the rules' orientation: nothing to compare
    g_set = {(b, w) if frozenset((w, b)) in given.colourless and (b, w) in r_set else (w, b) for w, b in given.pairs}
    if g_set == r_set and given.bye == rules.bye:
        return report
    report.identical = False
    unordered_g = {frozenset(p) for p in given.pairs}
    unordered_r = {frozenset(p) for p in rules.pairs}
    for w, b in sorted(g_set - r_set):
        if frozenset((w, b)) in unordered_r:
            decided = system.colour_article(t, given.round, w, b, edition, options)
            white, article = decided if decided is not None else (None, None)
            report.colour_notes.append(ColourNote(w, b, white, article))
    if unordered_g != unordered_r or given.bye != rules.bye:
        report.only_given = sorted(p for p in given.pairs if frozenset(p) not in unordered_r)
        report.only_rules = sorted(p for p in rules.pairs if frozenset(p) not in unordered_g)
        if not report.violations:
            if system.quality_criteria(edition, options):
                report.first_difference = first_difference(system, t, given, rules, edition, options=options)
            else:
                report.first_difference = Difference(
                    "the rules pair it differently (this system has no criterion-by-criterion report yet)"
                )
    return report


def format_report(reports: list[RoundReport], system: SystemLike | None = None) -> str:
    """The report of ``check``, a paragraph per round (named as ``system``, the rules
    checked against, names its rounds: :func:`round_name`), then a summary line."""
    rules = as_system(system) if system is not None else None
    lines = []
    played = [r for r in reports if r.no_games is None]
    for rep in reports:
        if rep.no_games is not None:
            lines += _no_games_lines(rep, rules)
            continue
        status = {
            "ok": "as the rules pair it",
            "differs": "DIFFERS",
            "breaks": "BREAKS ABSOLUTE RULES",
            "unpairable": "NO LEGAL PAIRING BY THE RULES",
        }[rep.status]
        lines.append(f"{round_name(rules, rep.round)}: {status}")
        for a in rep.absolute:
            lines.append(f"  {a}")
        if rep.unpairable is not None:
            lines.append(
                f"  the rules find no legal pairing of this round from the rounds before it ({rep.unpairable})"
            )
        if rep.first_difference:
            lines.append(f"  {rep.first_difference}")
        if rep.only_given or rep.only_rules:
            lines.append(f"  pairs given only:       {'; '.join(rep.pairs_named(rep.only_given)) or '-'}")
            lines.append(f"  pairs the rules make:   {'; '.join(rep.pairs_named(rep.only_rules)) or '-'}")
        if rep.bye_given != rep.bye_rules:
            lines.append(f"  bye given to {rep.name(rep.bye_given)}, the rules give it to {rep.name(rep.bye_rules)}")
        lines += [f"  colours {rep.colour_line(note)}" for note in rep.colour_notes]
    ok = sum(1 for r in played if r.ok)
    unit = "rounds" if rules is None or rules.games_per_round == 1 else "round columns"
    summary = f"{ok} of {len(played)} {unit} as the rules pair them"
    empty = [str(r.round) for r in reports if r.no_games is not None]
    if empty:
        summary += f"; no games in {unit if len(empty) > 1 else unit[:-1]} {', '.join(empty)}"
    lines.append(summary)
    return "\n".join(lines) + "\n"


def explain(
    system: SystemLike,
    t,
    round_number: int,
    edition: str,
    pair: tuple[int, int] | None = None,
    bye: int | None = None,
    options: Options | None = None,
) -> list[str]:
    """Why the rules pair ``pair`` (or give ``bye`` the bye) in ``round_number`` of ``t``
    (which holds the rounds before it), or why they do not.

    When the rules make it: the bracket, and what the best pairing without it would
    cost, criterion by criterion. When they do not ("why not my pair?"): the best
    pairing that makes it (the pair forced: each of the two may meet only the other; the
    bye forced: nobody else may have it), and the first criterion on which that pairing
    is worse than the rules', with both values. A bye the player may not have cites the
    article that bars it (the Dutch C2, saying which edition's reading applied)."""
    from dataclasses import replace

    from tabellone.core.model import ProhibitedPairs

    system = as_system(system)
    if not system.quality_criteria(edition, options):
        raise InputError(
            "explain is not available for this system yet (it has no criterion-by-criterion report)", field="--system"
        )
    rules = system.pair(t, edition, round_number, options)
    state = t.state_before(round_number)
    lines = []

    def who(pid: int) -> str:
        if pid not in state.players:
            raise InputError(f"player {pid} is not in the tournament", field="--pair / --bye")
        s = state[pid]
        if not s.present:
            raise InputError(
                f"player {pid} is not paired in {round_name(system, round_number)} (bye or absence entered)",
                field="--pair / --bye",
            )
        name = named(t, pid)
        points = f"{format_points(s.pairing_score)} points"
        return f"{name[:-1]}, {points})" if name.endswith(")") else f"{pid} ({points})"

    partner = {}
    for w, b in rules.pairs:
        partner[w], partner[b] = b, w
    present = frozenset(s.id for s in state.to_pair)

    def reading(player: int) -> tuple[bool, str] | None:
        return system.bye_reading(t, round_number, player, edition)

    if pair is not None:
        a, b = pair
        lines.append(f"{round_name(system, round_number)}: {who(a)} and {who(b)}")
        if a == b:
            raise InputError(f"--pair names player {a} twice", field="--pair")
        if partner.get(a) != b:
            meets = lambda x: f"meets {named(t, partner[x])}" if x in partner else "gets the bye"  # noqa: E731
            lines.append(f"the rules do not pair them: {a} {meets(a)}, {b} {meets(b)}")
            if not state.may_meet(a, b):
                met = b in state[a].opponents
                when = [
                    k
                    for k in range(1, round_number)
                    if t.player(a).entry(k).opponent == b and t.player(a).entry(k).played
                ]
                lines.append(
                    f"C1: they have already played each other{f' (round {when[-1]})' if when else ''}"
                    if met
                    else "C1: they are a prohibited pair (they may not meet)"
                )
                return lines
            barred = _pair_barred(system, t, round_number, a, b, edition, options)
            if barred:
                lines.append(barred)
                return lines
            only_each_other = tuple(
                ProhibitedPairs(round_number, round_number, (x, y))
                for x in (a, b)
                for y in sorted(present)
                if y not in (a, b)
            )
            forced_t = replace(t, prohibited=t.prohibited + only_each_other)
            return lines + _why_not(
                system,
                t,
                rules,
                edition,
                f"{a}-{b}",
                lambda: system.pair(forced_t, edition, round_number, options, no_bye=frozenset((a, b))),
                options,
            )
        _, brackets = system.evaluate(t, rules, edition, options)
        for br in brackets:
            if a in br.players and b in br.players:
                down = [x for x in (a, b) if state[x].pairing_score > br.score]
                up = [x for x in (a, b) if state[x].pairing_score < br.score]
                note = f"; {' and '.join(named(t, x) for x in down)} moved down from a higher score" if down else ""
                note += f"; {' and '.join(named(t, x) for x in up)} moved up from a lower score" if up else ""
                lines.append(
                    f"they meet in the {format_points(br.score)}-point bracket ({len(br.players)} players{note})"
                )
                break
        alt_t = replace(t, prohibited=t.prohibited + (ProhibitedPairs(round_number, round_number, (a, b)),))
        subject = f"{a}-{b}"
        try:
            alternative = system.pair(alt_t, edition, round_number, options)
        except TabelloneError as exc:
            lines.append(f"{subject} is forced: without it no legal pairing exists ({exc})")
            return lines
    else:
        lines.append(f"{round_name(system, round_number)}: the pairing-allocated bye to {who(bye)}")
        if rules.bye != bye:
            lines.append(
                f"the rules give the bye to {named(t, rules.bye) if rules.bye else 'nobody'}"
                + (f"; {bye} meets {named(t, partner[bye])}" if bye in partner else "")
            )
            if rules.bye is None:
                lines.append(f"{len(present)} players are paired: an even number, so nobody has the bye")
                return lines
            said = reading(bye)
            if said is not None:
                allowed, sentence = said
                lines.append(sentence)
                if not allowed:
                    return lines
            return lines + _why_not(
                system,
                t,
                rules,
                edition,
                f"the bye to {bye}",
                lambda: system.pair(t, edition, round_number, options, no_bye=present - {bye}),
                options,
            )
        subject = f"the bye to {bye}"
        try:
            alternative = system.pair(t, edition, round_number, options, no_bye=frozenset({bye}))
        except TabelloneError as exc:
            lines.append(f"{subject} is forced: without it no legal pairing exists ({exc})")
            return lines
    verdict = first_difference(system, t, alternative, rules, edition, yours="without it", options=options)
    if verdict.equal:
        lines.append(
            f"without {subject} the best pairing is just as good; {subject} comes first in the text's order of candidates"
        )
        if verdict.ranking:
            lines.append(verdict.ranking)
    elif not verdict.rules_better:
        # a procedural system (the italo-svizzero rotation) need not be optimal on the
        # criteria: say so rather than call the better alternative worse
        lines.append(
            f"without {subject} a pairing exists that is better on {verdict}; the text's procedure still forms {subject}"
        )
    else:
        lines.append(f"without {subject} the best pairing is worse on {verdict}")
    lines.append(_boards_that_differ(t, alternative, rules))
    said = reading(bye) if bye is not None else None
    if said is not None:
        lines.append(said[1])
    return lines


def _boards_that_differ(t, other: Pairing, rules: Pairing) -> str:
    """The line under a "why" that lists the boards of ``other`` the rules do not make,
    each player by number and name, and its bye when it differs."""
    changed = sorted(set(other.pairs) - set(rules.pairs))
    boards = "; ".join(f"{named(t, w)} - {named(t, b)}" for w, b in changed) or "-"
    return f"  its boards that differ: {boards}" + (f"; bye {named(t, other.bye)}" if other.bye != rules.bye else "")


def _pair_barred(
    system: PairingSystem, t, round_number: int, a: int, b: int, edition: str, options: Options | None = None
) -> str | None:
    """The absolute criterion that bars the pair ``a``-``b`` whichever colours it gets
    (C3: both have an absolute preference for the same colour), as the system's own
    check words it: a violation it reports about these two players alone, in both
    orientations."""

    def breaks(white: int, black: int) -> dict[str, str]:
        try:
            found = system.violations(t, Pairing(round_number, [(white, black)]), edition, options)
        except TabelloneError:
            return {}
        out: dict[str, str] = {}
        for v in found:
            if v.article != "attendance" and sorted(v.players) == sorted((a, b)):
                out.setdefault(v.article, v.text)
        return out

    as_asked, reversed_ = breaks(a, b), breaks(b, a)
    common = [article for article in as_asked if article in reversed_]
    return as_asked[common[0]] if common else None


def _why_not(
    system: PairingSystem, t, rules: Pairing, edition: str, subject: str, forced, options: Options | None = None
) -> list[str]:
    """The best pairing with ``subject`` (made by ``forced()``) against the rules' one:
    the first criterion on which it is worse, with both values, and its boards."""
    try:
        best = forced()
    except TabelloneError as exc:
        return [f"with {subject} no legal pairing of the round exists ({exc})"]
    verdict = first_difference(system, t, best, rules, edition, yours=f"with {subject}", options=options)
    if verdict.equal:
        lines = [
            f"with {subject} the best pairing is as good on every criterion; the rules' pairing comes first "
            f"in the text's generation order ({verdict.order_article})"
        ]
        if verdict.ranking:
            lines.append(verdict.ranking)
    elif not verdict.rules_better:
        lines = [
            f"with {subject} a pairing exists that is better on {verdict}; the text's procedure still does not make it"
        ]
    else:
        lines = [f"with {subject} the best pairing is worse on {verdict}"]
    lines.append(_boards_that_differ(t, best, rules))
    return lines
