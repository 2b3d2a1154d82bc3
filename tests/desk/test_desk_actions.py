"""What the desk does to an event, checked against the shared event layer: a published
draft is recorded exactly as ``tabellone.event.pair_and_record`` records it, edits move
players as asked, the live check follows the edits, corrections name later rounds."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest

from tabellone.core.errors import InputError
from tabellone.core.model import ByeKind
from tabellone.desk import actions
from tabellone.desk.store import State
from tabellone.event import add_players, make_player, pair_and_record, request_bye


def fresh(players: int = 11) -> State:
    state, _ = actions.create_event({"name": "Actions Open", "rounds": "4", "initial_colour": "black"})
    rng = random.Random(11)
    t, _ = add_players(state.tournament, [make_player(f"P{k:02d}", rng.randint(1400, 2400)) for k in range(players)])
    return replace(state, tournament=t.with_derived_points())


def test_the_initial_colour_drawn_by_lot_is_recorded():
    seen = set()
    for seed in range(8):
        state, detail = actions.create_event(
            {"name": "Lot", "rounds": "3", "initial_colour": "lot"}, rng=random.Random(seed)
        )
        colour = {"w": "white", "b": "black"}[state.tournament.initial_colour]
        assert f"initial colour {colour} (drawn by lot)" in detail
        assert state.settings["initial_colour_drawn"] is True
        seen.add(colour)
    assert seen == {"white", "black"}


def test_the_event_form_writes_its_records():
    state, _ = actions.create_event(
        {
            "name": "Rec",
            "rounds": "7",
            "place": "Siena",
            "arbiter": "IA Verdi",
            "acceleration": "baku",
            "tiebreaks": "BH/C1 SB",
            "initial_colour": "white",
        }
    )
    t = state.tournament
    assert (actions.header(t, "022"), actions.header(t, "102"), actions.header(t, "202")) == (
        "Siena",
        "IA Verdi",
        "BH/C1 SB",
    )
    assert t.system == "FIDE_DUTCH_2026_BAKU" and actions.accelerated(state)
    with pytest.raises(InputError, match="rounds"):
        actions.create_event({"name": "Bad", "rounds": "x"})


def test_publish_records_the_round_as_the_event_layer_does():
    state = fresh()
    t = request_bye(state.tournament, 3, 1, ByeKind.HALF)  # a requested bye, spent into round 1
    state = replace(state, tournament=t)
    drafted = actions.pair_draft(state).state
    published = actions.publish(drafted).state
    expected, pairing = pair_and_record(t)
    assert published.tournament == expected.with_derived_points()
    assert published.boards[1] == tuple(pairing.pairs)
    assert published.draft is None


def test_edits_move_players_and_the_check_follows():
    state = actions.pair_draft(fresh()).state
    d = state.draft
    assert d.bye is not None  # 11 players, minus one half-point bye: 10 paired... or a PAB
    report, problem = actions.check_draft(state)
    assert problem is None and report.rounds[0].ok

    swapped = actions.swap_colours(state, 1).state
    assert swapped.draft.pairs[0] == d.pairs[0][::-1]
    report, _ = actions.check_draft(swapped)
    assert not report.rounds[0].ok and report.rounds[0].colour_notes

    w, b = d.pairs[1]
    unpaired = actions.unpair_board(state, 2).state
    assert set(unpaired.draft.unpaired) == {w, b} and len(unpaired.draft.pairs) == len(d.pairs) - 1
    with pytest.raises(InputError, match="have no board"):
        actions.publish(unpaired)
    with_bye = actions.give_bye(unpaired, w).state
    assert with_bye.draft.bye == w and set(with_bye.draft.unpaired) == {b, d.bye}
    repaired = actions.pair_two(with_bye, d.bye, b).state
    assert not repaired.draft.unpaired
    report, _ = actions.check_draft(repaired)
    assert not report.rounds[0].ok  # the bye went to another player

    back = actions.pair_two(unpaired, w, b).state
    assert back.draft.pairs == d.pairs, "the board goes back to its place in the board order"
    assert actions.check_draft(back)[0].rounds[0].ok

    a, c = d.pairs[0][0], d.pairs[2][1]
    exchanged = actions.exchange(state, a, c).state
    assert exchanged.draft.pairs[0][0] == c and exchanged.draft.pairs[2][1] == a
    with pytest.raises(InputError, match="play each other"):
        actions.exchange(state, *d.pairs[0])


def test_the_check_lines_name_the_players_beside_their_numbers():
    """The desk's report lines (the live check of a draft) name each player by number
    and name: the bye moved to another player, the boards that differ, a board whose
    colours were swapped (the names are the event's own, P00 ... P10)."""
    from tabellone.desk import views

    state = actions.pair_draft(fresh()).state
    d = state.draft
    name = {p.id: p.name for p in state.tournament.players}

    def who(pid: int) -> str:
        return f"{pid} ({name[pid]})"

    w, b = d.pairs[1]
    moved = actions.pair_two(actions.give_bye(actions.unpair_board(state, 2).state, w).state, d.bye, b).state
    report, _ = actions.check_draft(moved)
    lines = views.verdict(report.rounds[0]).lines
    assert f"bye given to {who(w)}; the rules give it to {who(d.bye)}" in lines, lines
    given = next(x for x in lines if x.startswith("pairs only in this pairing: "))
    assert who(d.bye) in given and who(b) in given, given
    rules = next(x for x in lines if x.startswith("pairs the rules make instead: "))
    assert f"{who(w)} - {who(b)}" in rules or f"{who(b)} - {who(w)}" in rules, rules

    x, y = d.pairs[0]
    report, _ = actions.check_draft(actions.swap_colours(state, 1).state)
    lines = views.verdict(report.rounds[0]).lines
    assert any(v.startswith(f"colours: {who(y)} - {who(x)}: Art. 5.2.") for v in lines), lines


def test_explain_gives_the_rules_reasons():
    state = actions.pair_draft(fresh()).state
    w, b = state.draft.pairs[0]
    lines = actions.explain_draft(state, (w, b), None).lines
    assert any("bracket" in line for line in lines)
    assert actions.explain_draft(state, None, state.draft.bye).lines


def test_results_and_corrections():
    state = actions.publish(actions.pair_draft(fresh(10)).state).state
    with pytest.raises(InputError, match="expected 1, 0"):
        actions.enter_result(state, 1, 1, "2")
    for n in range(1, 6):
        entered = actions.enter_result(state, 1, n, "=")
        w, b = state.boards[1][n - 1]
        assert entered.detail.startswith(f"round 1: board {n} {w}-{b}: ½-½ entered"), "the log says what was entered"
        state = entered.state
    assert actions.results_complete(state.tournament, 1)
    state = actions.publish(actions.pair_draft(state).state).state
    done = actions.enter_result(state, 1, 2, "1")
    assert done.value == ("½-½", "1-0")
    w, b = state.boards[1][1]
    # the event layer's words, and its board number is the desk's board number
    assert f"board 2 {w}-{b}: changed from ½-½ to 1-0" in done.detail
    assert any("round 1 was corrected after round 2 was paired on the old result" in x for x in done.warnings)
    with pytest.raises(InputError, match="expected 1, 0"):
        actions.enter_result(state, 1, 2, "2-0")
    typed = actions.enter_result(done.state, 1, 2, "½-½")  # as a score sheet writes it
    assert typed.value == ("1-0", "½-½")
    assert done.state.tournament.score_after(done.state.tournament.player(w), 1) == 1
    double = actions.enter_result(done.state, 2, 1, "--").state
    w2, b2 = state.boards[2][0]
    assert [double.tournament.player(x).entry(2).result for x in (w2, b2)] == ["-", "-"]


def test_players_before_and_after_round_one():
    state = fresh(6)
    top = state.tournament.player(1)
    edited = actions.edit_player(state, 6, {"name": "New Top", "rating": "2700"}).state
    assert edited.tournament.player(1).name == "New Top", "renumbered in the initial order"
    assert edited.tournament.player(2).name == top.name
    removed = actions.remove_player(edited, 1).state
    assert len(removed.tournament.players) == 5 and removed.tournament.player(1).name == top.name
    drafted = actions.pair_draft(removed).state
    with pytest.raises(InputError, match="drafted"):
        actions.add_player(drafted, {"name": "Too, Late"})
    published = actions.publish(drafted).state
    with pytest.raises(InputError, match="stays in the record; .withdraw. takes"):
        actions.remove_player(published, 2)
    late = actions.add_player(published, {"name": "Late, Lou", "rating": "2000"})
    assert late.value == 6 and "late entry" in late.detail


def test_availability_and_players_who_must_not_meet():
    state = fresh(10)
    w, b = actions.pair_draft(state).state.draft.pairs[0]
    kept_apart = actions.add_prohibited(state, f"{w} {b}", "1", "4").state
    assert kept_apart.tournament.prohibited[-1].players == tuple(sorted((w, b)))
    pairs = actions.pair_draft(kept_apart).state.draft.pairs
    assert {w, b} not in [set(p) for p in pairs], "the engine keeps them apart"
    assert len(actions.remove_prohibited(kept_apart, 0).state.tournament.prohibited) == 0
    with pytest.raises(InputError, match="at least two"):
        actions.add_prohibited(state, f"{w}", "1", "4")
    away = actions.set_availability(state, w, 1, "zero").state
    assert [(x.player, x.round, x.kind) for x in away.tournament.byes] == [(w, 1, ByeKind.ZERO)]
    drafted = actions.pair_draft(away).state.draft
    assert w not in {x for p in drafted.pairs for x in p} and drafted.bye != w
    back = actions.set_availability(away, w, 1, "").state
    assert back.tournament.byes == ()
    with pytest.raises(InputError, match="no bye"):
        actions.set_availability(back, w, 1, "")


@pytest.mark.parametrize("system", actions.desk_systems())
def test_every_desk_system_pairs_checks_and_ranks(system):
    from tabellone.desk import views

    rng = random.Random(2)
    state, _ = actions.create_event({"name": "Systems", "rounds": "4", "system": system, "initial_colour": "white"})
    t, _ = add_players(state.tournament, [make_player(f"P{k:02d}", rng.randint(1500, 2550)) for k in range(11)])
    state = replace(state, tournament=t.with_derived_points())
    for r in (1, 2):
        drafted = actions.pair_draft(state).state
        report, problem = actions.check_draft(drafted)
        assert problem is None and report.rounds[0].ok, (system, r)
        state = actions.publish(drafted).state
        for n in range(1, len(state.boards[r]) + 1):
            state = actions.enter_result(state, r, n, rng.choice("10=")).state
    table = views.standings(state)
    assert sorted(table.order) == list(range(1, 12))
    assert len(views.crosstable(state, table.order)) == 11


def test_a_second_player_of_the_same_name_is_asked_about_in_the_forms_words():
    state = fresh(4)
    name = state.tournament.player(2).name
    with pytest.raises(InputError, match="tick 'a different person") as refused:
        actions.add_player(state, {"name": name})
    assert "--same-name-ok" not in str(refused.value)
    twin = actions.add_player(state, {"name": name, "same_name_ok": "1"})
    assert [p.name for p in twin.state.tournament.players].count(name) == 2
    assert any("same name as player" in w for w in twin.warnings)


def test_an_event_whose_rules_give_half_a_point_for_missed_rounds():
    from tabellone.event import with_options

    state = actions.publish(actions.pair_draft(fresh(6)).state).state
    state = replace(state, tournament=with_options(state.tournament, missed="half"))
    late = actions.add_player(state, {"name": "Late, Lou", "rating": "2000"})
    t = late.state.tournament
    assert t.player(late.value).entry(1).result == "H" and t.score_after(t.player(late.value), 1) == Fraction(1, 2)
    assert any("half-point byes" in w for w in late.warnings)


def test_a_baku_event_is_drafted_and_checked_with_its_acceleration():
    """The draft is the event layer's pairing (pair_round reads 192 ..._BAKU), and the
    live check reads the same virtual points: an untouched draft checks as the rules
    pair it, and it is not the pairing without acceleration."""
    state, _ = actions.create_event({"name": "Baku", "rounds": "7", "acceleration": "baku", "initial_colour": "white"})
    rng = random.Random(7)
    t, _ = add_players(state.tournament, [make_player(f"P{k:02d}", rng.randint(1400, 2500)) for k in range(24)])
    state = replace(state, tournament=t.with_derived_points())
    drafted = actions.pair_draft(state).state
    report, problem = actions.check_draft(drafted)
    assert problem is None and report.rounds[0].ok
    plain = pair_and_record(replace(state.tournament, system="FIDE_DUTCH_2026"))[1]
    assert {frozenset(p) for p in drafted.draft.pairs} != {frozenset(p) for p in plain.pairs}


@pytest.mark.parametrize("system", actions.desk_systems())
def test_baku_acceleration_only_for_the_fide_systems(system):
    """C.04.7 accelerates a FIDE event; the italo-svizzero (draughts, 2-1-0 points) is
    refused it, naming the field, and every FIDE system the desk pairs declares it."""
    form = {"name": "Baku", "rounds": "5", "system": system, "acceleration": "baku", "initial_colour": "white"}
    if system == "italo-svizzero":
        with pytest.raises(InputError, match="for the FIDE systems") as refused:
            actions.create_event(form)
        assert refused.value.field == "acceleration"
    else:
        state, _ = actions.create_event(form)
        assert state.tournament.system.endswith("_BAKU")


def test_the_desk_pairs_the_individual_one_game_rulesets():
    """Read from the registry: not the team system, not Double-Swiss (two games a round),
    not the random research baseline."""
    assert set(actions.desk_systems()) == {"dutch", "dubov", "burstein", "lim", "italo-svizzero"}
