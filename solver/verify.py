"""The verifier: is a round the pairing the rules give, and if not, which rule says so?

Works with any ruleset module that offers, besides ``pair_round`` and
``check_absolute``:

* ``evaluate(t, pairing, edition) -> (round_level, brackets)``: the value of every
  quality criterion, round-level ones first, then bracket by bracket from the top
  (objects with ``score``, ``players`` and ``values``, a dict article -> value);
* ``quality_criteria(edition) -> [(article, description)]`` in priority order (it may
  list round-level articles too: they are then compared in that order, and described);
* ``colour_article(t, round, white, black) -> (white_id, article)`` (given the edition
  as a keyword when it takes an ``edition`` parameter).

Every value is minimised (counts; lists, compared item by item: differences sorted from
the largest, sequence numbers in the text's order; places in one of the text's orders). The
report gives the absolute violations first, then where the round differs from the
rules' pairing: the first criterion, in priority order, on which the two differ, with
both values and the bracket; the pairs that differ; and for each board whose colours
differ, the article that decides them.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from fractions import Fraction

from .errors import InputError, TabelloneError
from .pairing import Pairing
from .scoring import format_points


@dataclass
class RoundReport:
    round: int
    absolute: list[str] = field(default_factory=list)
    identical: bool = True
    first_difference: str | None = None
    only_given: list[tuple[int, int]] = field(default_factory=list)
    only_rules: list[tuple[int, int]] = field(default_factory=list)
    colour_notes: list[str] = field(default_factory=list)
    bye_given: int | None = None
    bye_rules: int | None = None

    @property
    def ok(self) -> bool:
        return self.identical and not self.absolute

    def as_dict(self) -> dict:
        return {
            "round": self.round,
            "ok": self.ok,
            "absolute": self.absolute,
            "identical": self.identical,
            "first_difference": self.first_difference,
            "only_given": [list(p) for p in self.only_given],
            "only_rules": [list(p) for p in self.only_rules],
            "colours": self.colour_notes,
            "bye_given": self.bye_given,
            "bye_rules": self.bye_rules,
        }


def _show(value: object) -> str:
    if isinstance(value, Fraction):
        return format_points(value)
    if isinstance(value, tuple):
        return "[" + ", ".join(_show(v) for v in value) + "]" if value else "none"
    return str(value)


def _less(a: object, b: object) -> bool:
    return a < b  # counts, scores and lists (compared from the largest item) alike


def first_difference(module, t, given: Pairing, rules: Pairing, edition: str, yours: str = "yours") -> str:
    """The first criterion, in priority order, on which ``given`` and ``rules`` differ."""
    g_round, g_brackets = module.evaluate(t, given, edition)
    r_round, r_brackets = module.evaluate(t, rules, edition)
    criteria = module.quality_criteria(edition)
    described = dict(criteria)
    priority = {article: k for k, (article, _) in enumerate(criteria)}
    for article in sorted(set(g_round) | set(r_round), key=lambda a: (priority.get(a, len(priority)), a)):
        gv, rv = g_round.get(article), r_round.get(article)
        if gv != rv:
            if article not in described:
                return f"{article} (score of the PAB assignee): {yours} {_show(gv)}, the rules allow {_show(rv)}"
            verdict = "the rules allow" if _less(rv, gv) else "the rules' pairing has"
            return f"{article} {described[article]}: {yours} {_show(gv)}, {verdict} {_show(rv)}"
    moved = None
    for gb, rb in zip(g_brackets, r_brackets):
        where = f"in the {format_points(gb.score)}-point bracket"
        for article, what in module.quality_criteria(edition):
            gv, rv = gb.values.get(article), rb.values.get(article)
            if gv != rv:
                verdict = "the rules allow" if _less(rv, gv) else "the rules' pairing has"
                return f"{article} {what}: {yours} {_show(gv)}, {verdict} {_show(rv)}, {where}"
        if moved is None and sorted(gb.players) != sorted(rb.players):
            moved = gb.score
    if moved is not None:
        return (
            f"equal on every criterion, but other players moved down into the {format_points(moved)}-point "
            "bracket: the rules take the choice of moved-down players generated first"
        )
    return "equal on every criterion: the rules take the candidate the text's procedure generates first"


def check_round(module, t, given: Pairing, edition: str) -> RoundReport:
    """Check ``given`` (a round of ``t``, which holds the rounds before it)."""
    report = RoundReport(round=given.round, bye_given=given.bye)
    report.absolute = module.check_absolute(t, given, edition)
    rules = module.pair_round(t, edition, given.round)
    report.bye_rules = rules.bye
    g_set, r_set = set(given.pairs), set(rules.pairs)
    if g_set == r_set and given.bye == rules.bye:
        return report
    report.identical = False
    unordered_g = {frozenset(p) for p in given.pairs}
    unordered_r = {frozenset(p) for p in rules.pairs}
    for w, b in sorted(g_set - r_set):
        if frozenset((w, b)) in unordered_r:
            if hasattr(module, "colour_article"):
                white, article = _colour_article(module, t, given.round, w, b, edition)
                report.colour_notes.append(f"{w}-{b}: Art. {article} gives White to {white}")
            else:
                report.colour_notes.append(f"{w}-{b}: the rules give the other colours")
    if unordered_g != unordered_r or given.bye != rules.bye:
        report.only_given = sorted(p for p in given.pairs if frozenset(p) not in unordered_r)
        report.only_rules = sorted(p for p in rules.pairs if frozenset(p) not in unordered_g)
        if not report.absolute:
            if hasattr(module, "evaluate"):
                report.first_difference = first_difference(module, t, given, rules, edition)
            else:
                report.first_difference = "the rules pair it differently (this system has no criterion-by-criterion report yet)"
    return report


def _colour_article(module, t, round_number: int, white: int, black: int, edition: str) -> tuple[int, str]:
    """``module.colour_article``, told the edition when it distinguishes editions."""
    if "edition" in inspect.signature(module.colour_article).parameters:
        return module.colour_article(t, round_number, white, black, edition=edition)
    return module.colour_article(t, round_number, white, black)


def format_report(reports: list[RoundReport]) -> str:
    lines = []
    for rep in reports:
        status = "as the rules pair it" if rep.ok else "DIFFERS" if not rep.absolute else "BREAKS ABSOLUTE RULES"
        lines.append(f"round {rep.round}: {status}")
        for a in rep.absolute:
            lines.append(f"  {a}")
        if rep.first_difference:
            lines.append(f"  {rep.first_difference}")
        if rep.only_given or rep.only_rules:
            lines.append(f"  pairs given only:       {' '.join(f'{w}-{b}' for w, b in rep.only_given) or '-'}")
            lines.append(f"  pairs the rules make:   {' '.join(f'{w}-{b}' for w, b in rep.only_rules) or '-'}")
        if rep.bye_given != rep.bye_rules:
            lines.append(f"  bye given to {rep.bye_given or 'nobody'}, the rules give it to {rep.bye_rules or 'nobody'}")
        for note in rep.colour_notes:
            lines.append(f"  colours {note}")
    ok = sum(1 for r in reports if r.ok)
    lines.append(f"{ok} of {len(reports)} rounds as the rules pair them")
    return "\n".join(lines) + "\n"


def explain(module, t, round_number: int, edition: str, pair: tuple[int, int] | None = None, bye: int | None = None) -> list[str]:
    """Why the rules pair ``pair`` (or give ``bye`` the bye) in ``round_number`` of ``t``
    (which holds the rounds before it): the bracket, and what the best pairing without
    it would cost, criterion by criterion."""
    from dataclasses import replace

    from .model import ProhibitedPairs

    if not hasattr(module, "evaluate"):
        raise InputError("explain is not available for this system yet (it has no criterion-by-criterion report)", field="--system")
    rules = module.pair_round(t, edition, round_number)
    state = t.state_before(round_number)
    lines = []

    def who(pid: int) -> str:
        if pid not in state.players:
            raise InputError(f"player {pid} is not in the tournament", field="--pair / --bye")
        s = state[pid]
        if not s.present:
            raise InputError(f"player {pid} is not paired in round {round_number} (bye or absence entered)", field="--pair / --bye")
        return f"{pid} ({format_points(s.pairing_score)} points)"

    partner = {}
    for w, b in rules.pairs:
        partner[w], partner[b] = b, w
    if pair is not None:
        a, b = pair
        lines.append(f"round {round_number}: {who(a)} and {who(b)}")
        if partner.get(a) != b:
            meets = lambda x: f"meets {partner[x]}" if x in partner else "gets the bye"  # noqa: E731
            lines.append(f"the rules do not pair them: {a} {meets(a)}, {b} {meets(b)}")
            if b in state[a].opponents:
                lines.append("C1: they have already played each other")
            return lines
        _, brackets = module.evaluate(t, rules, edition)
        for br in brackets:
            if a in br.players and b in br.players:
                down = [x for x in (a, b) if state[x].pairing_score > br.score]
                up = [x for x in (a, b) if state[x].pairing_score < br.score]
                note = f"; {' and '.join(map(str, down))} moved down from a higher score" if down else ""
                note += f"; {' and '.join(map(str, up))} moved up from a lower score" if up else ""
                lines.append(f"they meet in the {format_points(br.score)}-point bracket ({len(br.players)} players{note})")
                break
        alt_t = replace(t, prohibited=t.prohibited + (ProhibitedPairs(round_number, round_number, (a, b)),))
        subject = f"{a}-{b}"
        try:
            alternative = module.pair_round(alt_t, edition, round_number)
        except TabelloneError as exc:
            lines.append(f"{subject} is forced: without it no legal pairing exists ({exc})")
            return lines
    else:
        lines.append(f"round {round_number}: the pairing-allocated bye to {who(bye)}")
        if rules.bye != bye:
            lines.append(f"the rules give the bye to {rules.bye or 'nobody'}" + (f"; {bye} meets {partner[bye]}" if bye in partner else ""))
            return lines
        subject = f"the bye to {bye}"
        try:
            alternative = module.pair_round(t, edition, round_number, no_bye=frozenset({bye}))
        except TabelloneError as exc:
            lines.append(f"{subject} is forced: without it no legal pairing exists ({exc})")
            return lines
    verdict = first_difference(module, t, alternative, rules, edition, yours="without it")
    if verdict.startswith("equal on every criterion"):
        lines.append(f"without {subject} the best pairing is just as good; {subject} comes first in the text's order of candidates")
    elif "the rules' pairing has" in verdict:
        # a procedural system (the italo-svizzero rotation) need not be optimal on the
        # criteria: say so rather than call the better alternative worse
        lines.append(f"without {subject} a pairing exists that is better on {verdict}; the text's procedure still forms {subject}")
    else:
        lines.append(f"without {subject} the best pairing is worse on {verdict}")
    changed = sorted(set(alternative.pairs) - set(rules.pairs))
    lines.append(f"  its boards that differ: {' '.join(f'{w}-{b}' for w, b in changed) or '-'}" + (f"; bye {alternative.bye}" if alternative.bye != rules.bye else ""))
    return lines
