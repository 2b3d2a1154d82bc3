"""Pairing a round (:func:`pair_round`): the options checked, the round's view, the
start of its rotation, the literal procedure or the optimiser, and the pairing checked
against the absolute criteria before it is returned.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from tabellone.core import progress
from tabellone.core.errors import InputError, SelfCheckError
from tabellone.core.model import Tournament
from tabellone.rules.italo_svizzero.checks import violations
from tabellone.rules.italo_svizzero.literal import pair_literal
from tabellone.rules.italo_svizzero.odd import detect_odd_method
from tabellone.rules.italo_svizzero.optimiser import pair_optimised
from tabellone.rules.italo_svizzero.trace import rotation_trace
from tabellone.rules.italo_svizzero.view import ODD_METHODS, ItaloPairing, RoundView, check_options, round_view


def round_and_view(t: Tournament, round_number: int | None, edition: str, game: str) -> RoundView:
    r = t.next_round if round_number is None else round_number
    if t.total_rounds is not None and r > t.total_rounds:
        raise InputError(f"round {r} is beyond the {t.total_rounds} rounds the file declares", field="XXR / 142")
    if r > t.rounds_paired + 1:
        raise InputError(f"round {r} cannot be paired: the file has rounds 1-{t.rounds_paired} paired", field="round")
    return round_view(t, r, edition, game)


def start_before(t: Tournament, edition: str, game: str, odd: str, round_number: int) -> int | None:
    """The player round ``round_number`` starts from (Art. 4 / 2.2), by replaying the
    rounds before it (:func:`rotation_trace`); ``None`` for round 1."""
    if round_number <= 1:
        return None
    trace = rotation_trace(t, edition, game, odd, upto=round_number - 1)
    return trace[-1].next_start if trace else None


def pair_round(
    t: Tournament,
    edition: str = "capo5",
    round_number: int | None = None,
    game: str = "italiana",
    method: str = "literal",
    odd: str | None = None,
    start: int | None = None,
    check: bool = True,
    no_bye: Iterable[int] = (),
) -> ItaloPairing:
    """Pair the next round (or ``round_number``) of ``t``.

    ``game``: ``'italiana'`` or ``'internazionale'`` (Art. 14, 17.3). ``method``:
    ``'literal'`` (the rotation as written) or ``'optimised'`` (the lexicographic model).
    ``odd``: ``'forfeit'`` (Art. 8) or ``'rest'`` (Art. 9); by default read from round 1
    of the file (:func:`detect_odd_method`). ``start``: the player the rotation starts
    from; by default found by replaying the rounds before (:func:`rotation_trace`).
    ``no_bye``: players who may not take the forfeit points this round (as if Art. 11
    excluded them; ``tabellone explain --bye`` asks what the round would be without
    them).

    The pairing is checked against :func:`violations` before it is returned; a
    violation raises :class:`~tabellone.core.errors.SelfCheckError` (an engine bug).
    """
    check_options(edition, game, method)
    odd = odd or detect_odd_method(t)
    if odd not in ODD_METHODS:
        raise InputError(f"unknown odd-field method {odd!r}; expected one of {', '.join(ODD_METHODS)}", field="--odd")
    view = round_and_view(t, round_number, edition, game)
    with progress.task(f"italo-svizzero {edition}, round {view.round}, {len(view.to_pair)} players"):
        if start is None:
            start = start_before(t, edition, game, odd, view.round)
        if no_bye:
            view = replace(view, awarded=view.awarded | set(no_bye))
        if not view.to_pair:
            raise InputError(f"round {view.round}: nobody is to be paired (every player is absent)", field="round")
        pairing = pair_literal(view, start, odd) if method == "literal" else pair_optimised(view, start, odd)
    if check:
        problems = violations(t, pairing, edition, game=game, odd=odd)
        if problems:
            raise SelfCheckError(
                f"round {view.round}: the {method} pairing breaks the rules: {'; '.join(v.text for v in problems)}"
            )
    return pairing
