"""The speed paths of Dubov and the italo-svizzero (issue 12) against the definitions
they replace: each shortcut is switched off and the round paired again the slow way (the
whole-field matchings, the per-pair rules), and both must give the same pairing; and the
progress line of the 1997 edition and the italo-svizzero."""

from __future__ import annotations

import io

import pytest

from tabellone.core import progress
from tabellone.core.errors import NoPairingError
from tabellone.core.history import cut_before
from tabellone.generate.tournament import GeneratorSettings, generate
from tabellone.rules import dubov
from tabellone.rules import italo_svizzero as italo
from tabellone.rules.dubov import context, optimiser_1997, procedure_2026
from tabellone.rules.italo_svizzero import optimiser as italo_optimiser
from tabellone.rules.italo_svizzero import view as italo_view


def _event(edition: str, method: str, players: int, rounds: int, seed: int):
    s = GeneratorSettings(
        players=players, rounds=rounds, seed=seed, absence_rate=0.03, half_bye_rate=0.02, forfeit_rate=0.02
    )

    def pairer(t):
        p = dubov.pair_round(t, edition, method=method)
        return p.pairs, p.bye

    try:
        return generate(s, pairer)
    except NoPairingError:
        pytest.skip("the generated event became unpairable (possible with few players)")


def _slow(monkeypatch):
    """Every Dubov shortcut off: the whole-field matchings decide, as before them."""
    monkeypatch.setattr(procedure_2026, "upfloaters_by_candidates", lambda *a, **k: None)
    monkeypatch.setattr(procedure_2026, "_lex_match_closed", lambda *a, **k: None)
    monkeypatch.setattr(procedure_2026, "_sorted_across", lambda *a, **k: None)
    monkeypatch.setattr(optimiser_1997, "upfloaters_by_candidates", lambda *a, **k: None)
    monkeypatch.setattr(optimiser_1997, "_lex_match_closed", lambda *a, **k: None)


@pytest.mark.parametrize(
    "edition,method,players,seed",
    [
        ("2026", "literal", 41, 1),
        ("2026", "optimised", 40, 2),
        ("2026", "optimised", 33, 3),
        ("1997", "literal", 37, 4),
        ("1997", "optimised", 42, 5),
        ("1997", "optimised", 31, 6),
    ],
)
def test_shortcuts_pair_as_the_whole_field_matchings(monkeypatch, edition, method, players, seed):
    t = _event(edition, method, players, 7, seed)
    fast = {r: dubov.pair_round(cut_before(t, r), edition, r, method=method) for r in range(1, 8)}
    with monkeypatch.context() as m:
        _slow(m)
        for r in range(1, 8):
            slow = dubov.pair_round(cut_before(t, r), edition, r, method=method)
            assert (slow.pairs, slow.bye) == (fast[r].pairs, fast[r].bye), f"round {r}"


@pytest.mark.parametrize("edition", dubov.EDITIONS)
def test_legal_pair_matrix_is_the_per_pair_rule(edition):
    t = _event(edition, "literal", 36, 6, 11)
    for r in (2, 4, 6):
        ctx = context._context(cut_before(t, r), edition, r, None)
        for relax in (False, True):
            m = context._compat_matrix(ctx, relax)
            for i in range(ctx.n):
                for j in range(ctx.n):
                    a, b = ctx.P[min(i, j)], ctx.P[max(i, j)]
                    want = i != j and context._pair_legal(ctx, a, b, relax)
                    assert m[i][j] == want, (r, relax, a.id, b.id)


def test_italo_edge_terms_are_the_board_terms():
    t = _event("2026", "literal", 30, 6, 12)  # a history to read; the italo rules pair each round again
    for r in (1, 2, 4, 6):
        view = italo.round_view(cut_before(t, r), r)
        players = list(view.to_pair)
        rank = italo.reading_order(view, players, players[0])
        unit = italo_view.score_units(view, players)
        terms = italo_optimiser._board_terms_table(view, players, rank, unit, "forfeit")
        for a in players:
            for b in players:
                want = (
                    italo_optimiser.board_terms(view, rank, unit, a, b, "forfeit")
                    if italo.art6_may_meet(view, a, b)
                    else None
                )
                assert terms(a, b) == want, (r, a, b)


def _progress_of(monkeypatch, run) -> str:
    out = io.StringIO()
    monkeypatch.setattr(progress, "DELAY", 0.0)
    monkeypatch.setattr(progress, "INTERVAL", 0.0)
    progress.configure(stream=out)
    try:
        run()
    finally:
        progress.configure()
    return out.getvalue()


def test_progress_line_of_dubov_1997(monkeypatch):
    t = _event("1997", "literal", 20, 4, 13)
    got = _progress_of(monkeypatch, lambda: dubov.pair_round(cut_before(t, 4), "1997", 4))
    assert "tabellone: Dubov 1997, round 4, 20 players: score group 1 of " in got
    assert got.endswith("\r\033[K")  # erased at the end


def test_progress_line_of_the_italo_svizzero(monkeypatch):
    t = _event("2026", "literal", 20, 4, 14)
    tr = cut_before(t, 4)
    got = _progress_of(monkeypatch, lambda: italo.pair_round(tr, "capo5", 4, method="optimised"))
    assert "tabellone: italo-svizzero capo5, round 4, " in got
    assert "earlier round replayed 3 of 3" in got and "matching 1 of " in got
    assert got.endswith("\r\033[K")


@pytest.mark.parametrize("seed,players", [(15, 31), (16, 40), (17, 57)])
def test_italo_shortlist_matching_pairs_as_the_whole_field(monkeypatch, seed, players):
    t = _event("2026", "literal", players, 7, seed)  # a history; the italo optimiser pairs each round again
    used = []
    shortlisted = italo_optimiser.unique_best

    def spy(*a, **k):
        got = shortlisted(*a, **k)
        used.append(got is not None)
        return got

    monkeypatch.setattr(italo_optimiser, "unique_best", spy)
    fast = {r: italo.pair_round(cut_before(t, r), "capo5", r, method="optimised") for r in range(1, 8)}
    assert any(used)  # the proof went through somewhere
    monkeypatch.setattr(italo_optimiser, "unique_best", lambda *a, **k: None)
    for r in range(1, 8):
        slow = italo.pair_round(cut_before(t, r), "capo5", r, method="optimised")
        assert (slow.pairs, slow.bye) == (fast[r].pairs, fast[r].bye), f"round {r}"
