"""The Dutch system on small events worked out by hand from the rule text (C.04.3)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from testkit import texts
from tournaments import field, game, merge

from tabellone.cli import main
from tabellone.core.errors import NoPairingError
from tabellone.core.model import Strength, colour_preference
from tabellone.core.pairing import Pairing
from tabellone.formats.trf import format_trf
from tabellone.rules.dutch import (
    C11_three_in_a_row,
    C12_colour_preference,
    C13_strong_preference,
    pair_round,
    violations,
)
from tabellone.rules.fide_common import Entrant, allocate_colours


def test_round_one_even_field_pairs_top_half_against_bottom_half():
    # C.04.3 Art. 3: one bracket, S1 = 1 2 3, S2 = 4 5 6, no transposition needed.
    # Colours (Art. 5.2.5): the higher-ranked player takes the initial colour when his
    # TPN is odd (1 and 3: White) and the other colour when it is even (2: Black).
    p = pair_round(field(6), "2026")
    assert p.pairs == [(1, 4), (5, 2), (3, 6)]
    assert p.bye is None


def test_round_one_initial_colour_black_mirrors_the_colours():
    p = pair_round(field(6, colour="b"), "2026")
    assert p.pairs == [(4, 1), (2, 5), (6, 3)]


def test_round_one_odd_field_gives_the_bye_to_the_last_player():
    # Seven players: the lowest-ranked takes the PAB (C5 in 2026: all scores equal, the
    # generation order floats the last BSN), the rest pair 1-4, 2-5, 3-6.
    for edition in ("2026", "2017"):
        p = pair_round(field(7), edition)
        assert p.bye == 7
        assert sorted(tuple(sorted(x)) for x in p.pairs) == [(1, 4), (2, 5), (3, 6)]


def test_round_two_winners_meet_and_rematch_is_avoided():
    # Round 1: 1-3 (1 wins), 4-2 (2 wins with Black). Round 2: scoregroup {1, 2} with
    # one point and {3, 4} with none. 1 and 2 have not met: 1-2 and 3-4. Colours by
    # 5.2.1: 1 had White (mild preference Black), 2 had Black (mild White): 2-1;
    # 3 had Black (prefers White), 4 had White: 3-4.
    t = field(4, [merge(game(1, 3, "1"), game(4, 2, "0"))])
    p = pair_round(t, "2026")
    assert p.pairs == [(2, 1), (3, 4)]


def test_transposition_chosen_for_colour_preferences():
    # Round 1: 1-2 and 3-4 drawn, so one scoregroup of four. S1 = 1 2, S2 = 3 4; C1
    # allows 1-3 2-4, but 1 and 3 both had White (both prefer Black) and 2 and 4 both
    # had Black: two C12 failures. The transposition S2 = 4 3 gives 1-4 and 2-3 where
    # everyone gets the colour he prefers, so it wins (Art. 3.8: best on C12).
    # Colours: 4 White against 1, 2 White against 3.
    t = field(4, [merge(game(1, 2, "="), game(3, 4, "="))])
    p = pair_round(t, "2026")
    assert p.pairs == [(4, 1), (2, 3)]


def test_no_legal_pairing_is_reported():
    # Two players who have met can never be paired again: exit 1 from the CLI.
    t = field(2, [game(1, 2, "1")], total=3)
    with pytest.raises(NoPairingError):
        pair_round(t, "2026")


def test_cli_exit_code_1_when_no_pairing(tmp_path, capsys):
    t = field(2, [game(1, 2, "1")], total=3)
    path = tmp_path / "two.trf"
    path.write_text(format_trf(t))
    assert main(["pair", str(path)]) == 1
    assert "pair" in capsys.readouterr().err


def test_cli_bbp_output_format(tmp_path, capsys):
    path = tmp_path / "seven.trf"
    path.write_text(format_trf(field(7)))
    assert main(["--dutch", str(path), "-p"]) == 0
    out = capsys.readouterr().out.split("\n")
    assert out[0] == "4"  # three boards and the bye line
    assert out[4] == "7 0"
    out_file = tmp_path / "pairs.txt"
    assert main(["--dutch", str(path), "-p", str(out_file)]) == 0
    assert out_file.read_text().split("\n")[0] == "4"


def test_self_check_names_the_broken_rule():
    t = field(4, [merge(game(1, 3, "1"), game(4, 2, "0"))])
    bad = Pairing(round=2, pairs=[(1, 3), (2, 4)], bye=None)
    problems = texts(violations(t, bad))
    assert any(p.startswith("C1: 1 (Player 1) and 3 (Player 3)") for p in problems)
    assert violations(t, pair_round(t, "2026")) == []


def _entrant(pid: int, history: str, rank: int, score: str = "1") -> Entrant:
    pref = colour_preference(history)
    rep = history[-1] if len(history) >= 2 and history[-1] == history[-2] else None
    return Entrant(
        id=pid,
        rank=rank,
        score=Fraction(score),
        real_score=Fraction(score),
        colours=history,
        pref=pref.colour,
        strength=pref.strength,
        cd=history.count("w") - history.count("b"),
        repeated=rep,
        topscorer=False,
        state=None,  # type: ignore[arg-type]
    )


def test_colour_rules_in_order():
    # 5.2.1: different preferences are both granted.
    # 'w b' prefers White (alternate from Black), 'b w' prefers Black.
    w, b = allocate_colours(_entrant(1, "wb", 0), _entrant(2, "bw", 1), "w")
    assert (w.id, b.id) == (1, 2)
    # 5.2.2: the stronger preference wins (strong 'b w b' -> White, over mild 'w b' -> White).
    w, b = allocate_colours(_entrant(1, "wb", 0), _entrant(2, "bwb", 1), "w")
    assert w.id == 2
    # 5.2.3: 'b w w b' and 'w b w b' both prefer White mildly (CD 0, last game Black).
    # Read back: b/b, w/w agree; then w (player 1) against b (player 2) differ: player 1
    # alternates from White to Black, player 2 gets White.
    w, b = allocate_colours(_entrant(1, "bwwb", 0), _entrant(2, "wbwb", 1), "w")
    assert (w.id, b.id) == (2, 1)
    # 5.2.4: identical histories: the higher-ranked player's preference.
    w, b = allocate_colours(_entrant(1, "wb", 3), _entrant(2, "wb", 4), "w")
    assert w.id == 1
    # 5.2.5: no history at all: higher rank 0 (odd TPN) takes the initial colour.
    w, b = allocate_colours(_entrant(1, "", 2), _entrant(2, "", 5), "b")
    assert b.id == 1


def test_colour_criteria_on_pairs():
    # C12: two players wanting White cannot both have it.
    assert not C12_colour_preference(_entrant(1, "wb", 0), _entrant(2, "bwb", 1))
    assert C12_colour_preference(_entrant(1, "wb", 0), _entrant(2, "bw", 1))
    # C13: 'b w b' (CD -1: strong White) against 'w b b' (two Blacks: absolute White):
    # the strong preference is lost. Against 'w b' (CD 0: mild White) only a mild one is.
    assert not C13_strong_preference(_entrant(1, "bwb", 0), _entrant(2, "wbb", 1))
    assert C13_strong_preference(_entrant(1, "bwb", 0), _entrant(2, "wb", 1))
    # C11: both absolute for White with equal |CD| and the same repeated colour: one of
    # them plays Black a third time.
    a, b = _entrant(1, "wbb", 0), _entrant(2, "wbb", 1)
    assert a.strength is Strength.ABSOLUTE
    assert not C11_three_in_a_row(a, b)


def test_fixed_pairs_stay_in_the_core_graph_until_an_optimum_breaks_one():
    """The Dutch matcher leaves a fixed pair's two players in the incremental core's
    graph (removing them costs the next warm start every blossom around them): an
    optimum that still pairs them is the optimum without them; when an optimum breaks
    a fixed pair, both fixed players are removed and the graph solved again."""
    from tabellone.rules.dutch import Matcher

    m = Matcher([None] * 4)
    assert m._solve_incremental([(0, 1, 10), (2, 3, 10), (0, 2, 1), (1, 3, 1)]) == [1, 0, 3, 2]
    m.finalize(0, 1)
    # still optimal with 0-1: kept in the graph, read as gone
    assert m._solve_incremental([(2, 3, 12)]) == [-1, -1, 3, 2]
    assert m._inc.weight(0, 2) == 1 and m._kept == [(0, 1)]
    # now the whole graph's optimum is 0-2, 1-3, which breaks the fixed pair: the fixed
    # players leave the graph, and what is left is paired alone
    assert m._solve_incremental([(0, 2, 100), (1, 3, 100)]) == [-1, -1, 3, 2]
    assert m._inc.weight(0, 2) == 0 and m._inc.weight(1, 3) == 0 and m._kept == []


def _pairs_of(edition):
    def pairer(t):
        p = pair_round(t, edition)
        return p.pairs, p.bye

    return pairer


def _quick_and_solved(t, edition, r, monkeypatch):
    """Round ``r`` of ``t`` paired with the steps taken without solves of their own
    (``BracketStepper.shortcuts``) and solve by solve; the two must be the same round."""
    from tabellone.rules.dutch import BracketStepper

    monkeypatch.setattr(BracketStepper, "shortcuts", True)
    quick = pair_round(t, edition, round_number=r)
    monkeypatch.setattr(BracketStepper, "shortcuts", False)
    solved = pair_round(t, edition, round_number=r)
    assert (sorted(quick.pairs), quick.bye) == (sorted(solved.pairs), solved.bye), f"round {r}"
    return quick, solved


@pytest.mark.parametrize("edition", ["2026", "2017"])
@pytest.mark.parametrize("players, seed", [(120, 11), (120, 12), (121, 13), (57, 33), (31, 33)])
def test_steps_taken_without_their_own_solves_are_the_steps_solved(edition, players, seed, monkeypatch):
    """Some generation-order steps are taken without a solve of their own: C6 guessed
    from the last optimum's dual variables and a run of guesses confirmed by one solve,
    C2-C4 in one solve when no exchange is needed. The round must be the one paired
    solve by solve (odd fields too: the bye, C9, and rounds paired on the whole field)."""
    from tabellone.generate.tournament import GeneratorSettings, generate

    t = generate(GeneratorSettings(players=players, rounds=5, seed=seed), _pairs_of(edition), total_rounds=6)
    saved = 0
    for r in range(2, 7):
        quick, solved = _quick_and_solved(t, edition, r, monkeypatch)
        saved += solved.solves - quick.solves
    assert saved > 0  # steps were taken without solves


@pytest.mark.parametrize("edition", ["2026", "2017"])
def test_guesses_confirmed_a_few_at_a_time_are_the_steps_solved(edition, monkeypatch):
    """After a failed C6 guess the next solve confirms at most ``guess_window`` guesses
    (or twice the last run confirmed): with a window of one a solve is often asked to
    confirm a single guess, with no window less often, and every round pairs as solved
    step by step either way."""
    from tabellone.generate.tournament import GeneratorSettings, generate
    from tabellone.rules.dutch import BracketStepper

    t = generate(GeneratorSettings(players=120, rounds=5, seed=11), _pairs_of(edition), total_rounds=6)
    single: dict[int, int] = {}  # per window: the solves asked to confirm one guess
    settle = BracketStepper._settle_guesses
    for window in (1, 10**6):

        def counted(self, xs, *args, window=window, **kwargs):
            single[window] = single.get(window, 0) + (len(xs) == 1)
            return settle(self, xs, *args, **kwargs)

        monkeypatch.setattr(BracketStepper, "_settle_guesses", counted)
        monkeypatch.setattr(BracketStepper, "guess_window", window)
        for r in range(2, 7):
            _quick_and_solved(t, edition, r, monkeypatch)
    assert single[1] > single[10**6], single  # runs were cut to the window


@pytest.mark.parametrize("players, seed", [(100, 1), (101, 2), (64, 3)])
def test_lone_residents_float_as_their_brackets_matched_would_float_them(players, seed, monkeypatch):
    """A 2026 bracket of one resident and no MDPs floats it without a matching
    (``Dutch2026._lone``), and a bracket without exchanges confirms C6's first guesses in
    the solve that finds its roles: every round of longer events (many lone score
    groups late on, odd fields with the bye) pairs as with every bracket matched and
    every step solved."""
    from tabellone.generate.tournament import GeneratorSettings, generate
    from tabellone.rules.dutch import Dutch2026

    t = generate(GeneratorSettings(players=players, rounds=8, seed=seed), _pairs_of("2026"), total_rounds=9)
    lone = 0
    decide = Dutch2026._lone

    def counted(self, mdps, residents, nxt):
        nonlocal lone
        got = decide(self, mdps, residents, nxt)
        lone += got
        return got

    monkeypatch.setattr(Dutch2026, "_lone", counted)
    for r in range(2, 10):
        quick, solved = _quick_and_solved(t, "2026", r, monkeypatch)
        assert quick.solves < solved.solves, f"round {r}"
    assert lone > 0  # brackets were floated without a matching


def test_layouts_kept_from_round_to_round_are_the_layouts_fitted_afresh(monkeypatch):
    """The 2026 engine keeps each bracket's field layout for its profile
    (``_Fitted.layouts``): every layout handed out, bracket-local or whole-field, is the
    one fitted from nothing for that bracket."""
    from tabellone.generate.tournament import GeneratorSettings, generate
    from tabellone.rules.dutch import Dutch2026

    fit = Dutch2026.layout_for
    checked = 0

    def compared(self, scores, count_bound, members=None):
        nonlocal checked
        got = fit(self, scores, count_bound, members)
        kept = self._fitted.layouts.copy()
        self._fitted.layouts.clear()
        try:
            fresh = fit(self, scores, count_bound, members)
        finally:
            self._fitted.layouts.clear()
            self._fitted.layouts.update(kept)
        assert got == fresh
        checked += 1
        return got

    monkeypatch.setattr(Dutch2026, "layout_for", compared)
    generate(GeneratorSettings(players=41, rounds=7, seed=4), _pairs_of("2026"), total_rounds=7)
    assert checked > 20


def test_per_kind_terms_kept_from_bracket_to_bracket_are_the_terms_made_afresh(monkeypatch):
    """The 2026 engine keeps each kind of player's weight terms per layout for its profile
    (``_Fitted.kinds``, :meth:`Dutch2026.kinds_of`), shared by brackets and rounds: every
    bracket's weights built with the kept terms are those built with none kept."""
    from tabellone.generate.tournament import GeneratorSettings, generate
    from tabellone.rules.dutch import Dutch2026
    from tabellone.rules.dutch.weights import Weights2026

    build, kinds_of = Weights2026.__init__, Dutch2026.kinds_of
    seen = {"built": 0, "kept": 0}

    def kept_kinds(self, shift_of, bonus_bits):
        got = kinds_of(self, shift_of, bonus_bits)
        seen["kept"] += bool(got)  # terms made for an earlier bracket are reused
        return got

    def compared(self, engine, *args, **kw):
        build(self, engine, *args, **kw)
        fresh = Weights2026.__new__(Weights2026)
        monkeypatch.setattr(Dutch2026, "kinds_of", lambda *_: {})
        try:
            build(fresh, engine, *args, **kw)
        finally:
            monkeypatch.setattr(Dutch2026, "kinds_of", kept_kinds)
        for name in ("const", "end", "into_next", "heq", "leq", "lhi", "upfloats", "his"):
            assert getattr(self, name) == getattr(fresh, name), name
        seen["built"] += 1

    monkeypatch.setattr(Dutch2026, "kinds_of", kept_kinds)
    monkeypatch.setattr(Weights2026, "__init__", compared)
    generate(GeneratorSettings(players=41, rounds=7, seed=4), _pairs_of("2026"), total_rounds=7)
    assert seen["built"] > 20 and seen["kept"] > 0
