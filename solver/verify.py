"""The verifier: is a round the pairing the rules give, and if not, which rule says so?

Works with any ruleset module that offers, besides ``pair_round`` and
``check_absolute``:

* ``evaluate(t, pairing, edition) -> (round_level, brackets)``: the value of every
  quality criterion, round-level ones first, then bracket by bracket from the top
  (objects with ``score``, ``players`` and ``values``, a dict article -> value);
* ``quality_criteria(edition) -> [(article, description)]`` in priority order;
* ``colour_article(t, round, white, black) -> (white_id, article)``.

Every value is minimised (counts, or lists compared from their largest item). The
report gives the absolute violations first, then where the round differs from the
rules' pairing: the first criterion, in priority order, on which the two differ, with
both values and the bracket; the pairs that differ; and for each board whose colours
differ, the article that decides them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

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


def first_difference(module, t, given: Pairing, rules: Pairing, edition: str) -> str:
    """The first criterion, in priority order, on which ``given`` and ``rules`` differ."""
    descriptions = dict(module.quality_criteria(edition))
    g_round, g_brackets = module.evaluate(t, given, edition)
    r_round, r_brackets = module.evaluate(t, rules, edition)
    for article in sorted(set(g_round) | set(r_round)):
        gv, rv = g_round.get(article), r_round.get(article)
        if gv != rv:
            return f"{article} (score of the PAB assignee): yours {_show(gv)}, the rules allow {_show(rv)}"
    moved = None
    for gb, rb in zip(g_brackets, r_brackets):
        where = f"in the {format_points(gb.score)}-point bracket"
        for article, what in module.quality_criteria(edition):
            gv, rv = gb.values.get(article), rb.values.get(article)
            if gv != rv:
                verdict = "the rules allow" if _less(rv, gv) else "the rules' pairing has"
                return f"{article} {what}: yours {_show(gv)}, {verdict} {_show(rv)}, {where}"
        if moved is None and sorted(gb.players) != sorted(rb.players):
            moved = gb.score
    if moved is not None:
        return (
            f"equal on every criterion, but other players moved down into the {format_points(moved)}-point "
            "bracket: the rules take the choice of moved-down players generated first"
        )
    return (
        "equal on every criterion: the rules take the candidate generated first "
        "(transpositions and exchanges in the order of the text)"
    )


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
            white, article = module.colour_article(t, given.round, w, b)
            report.colour_notes.append(f"{w}-{b}: Art. {article} gives White to {white}")
    if unordered_g != unordered_r or given.bye != rules.bye:
        report.only_given = sorted(p for p in given.pairs if frozenset(p) not in unordered_r)
        report.only_rules = sorted(p for p in rules.pairs if frozenset(p) not in unordered_g)
        if not report.absolute:
            report.first_difference = first_difference(module, t, given, rules, edition)
    return report


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
