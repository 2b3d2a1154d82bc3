"""A whole event run from the command line: new, players, nine rounds of ``pair --write``
and results, a late entry, a half-point bye, a withdrawal and a forfeit on the way, then
the standings. After every command the file reads back to the tournament the same steps
give in memory (tabellone.event), and ``tabellone check`` finds every round as the rules
pair it."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import tabellone
from tabellone.cli import main
from tabellone.core.model import ByeKind
from tabellone.event import (
    add_players,
    make_player,
    new_event,
    pair_and_record,
    record_results,
    render,
    request_bye,
    withdraw,
)

PLAYERS = [
    ("Anand, V", 2750, "GM"),
    ("Bruni, M", 2410, "IM"),
    ("Conti, L", 2410, "FM"),
    ("Dara, S", 2290, ""),
    ("Esposito, G", 2205, "CM"),
    ("Fabbri, R", 2130, ""),
    ("Greco, P", 2050, ""),
    ("Lodi, F", 1990, ""),
    ("Marino, T", 1905, ""),
    ("Neri, O", 1840, ""),
    ("Orsi, A", 1702, ""),
]


def results_for(t: tabellone.Tournament, r: int, forfeit: bool = False) -> list[tuple[int, int, str]]:
    """The higher rated player wins, a draw within 60 points; the first board of a
    round with ``forfeit`` is lost by Black not appearing."""
    out = []
    for p in t.players:
        e = p.entry(r)
        if e.pending and e.colour == "w":
            w, b = p, t.player(e.opponent)
            diff = w.rating - b.rating
            res = "=" if abs(diff) < 60 else "1-0" if diff > 0 else "0-1"
            if forfeit and not out:
                res = "+-"
            out.append((w.id, b.id, res))
    return out


def test_a_whole_event(tmp_path, capsys):
    path = tmp_path / "open.trf"

    def cli(*argv: object) -> str:
        capsys.readouterr()
        code = main([str(a) for a in argv])
        out, err = capsys.readouterr()
        assert code == 0, err
        return out

    def same_as_file(expected: tabellone.Tournament) -> None:
        # the file is what the same steps in memory render (points, ranks, counts derived)
        assert path.read_text() == render(expected, "trf26")
        cli("check", path)  # every round paired so far is the rules' pairing (exit 0)

    cli(
        "new",
        path,
        "--name",
        "Spring Open",
        "--rounds",
        "9",
        "--initial-colour",
        "white",
        "--tiebreaks",
        "BH/C1,BH,SB,DE",
    )
    t = new_event("Spring Open", 9, initial_colour="white", tiebreaks=["BH/C1,BH,SB,DE"])
    players_csv = tmp_path / "players.csv"
    players_csv.write_text("name,rating,title\n" + "".join(f'"{n}",{r},{ti}\n' for n, r, ti in PLAYERS))
    cli("player", "import", path, players_csv)
    t, _ = add_players(t, [make_player(n, r, title=ti) for n, r, ti in PLAYERS])
    same_as_file(t)
    assert tabellone.read(path).player(2).name == "Bruni, M"  # IM before FM at 2410 (C.04.2)

    for r in range(1, 10):
        if r == 3:  # a late entry, after round 2
            cli("player", "add", path, "--name", "Ultimo, Z", "--rating", "2500")
            t, ids = add_players(t, [make_player("Ultimo, Z", 2500)])
            assert ids == [12]
        if r == 4:  # player 7 leaves from round 4
            cli("withdraw", path, 7)
            t = withdraw(t, 7)
        if r == 5:  # player 2 asks for a half-point bye in round 5
            cli("bye", path, 2, "--round", 5, "--half")
            t = request_bye(t, 2, 5, ByeKind.HALF)
        same_as_file(t)
        cli("pair", path, "--write")
        t, pairing = pair_and_record(t)
        assert pairing.round == r
        same_as_file(t)
        results = results_for(t, r, forfeit=(r == 6))
        cli("result", path, "--round", r, *[x for triple in results for x in triple])
        t = record_results(t, r, results)
        same_as_file(t)

    final = tabellone.read(path)
    assert final.rounds_paired == 9 and not final.score_mismatches()
    assert final.player(12).entry(1).result == "Z" and final.player(12).entry(2).result == "Z"
    assert all(final.player(7).entry(k).result == "Z" for k in range(4, 10))
    assert final.player(2).entry(5).result == "H"
    assert any(p.entry(6).result == "+" for p in final.players)

    text = cli("standings", path, "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert list(rows[0]) == ["start_rank", "name", "points", "BH/C1", "BH", "SB", "DE"]
    assert len(rows) == 12
    points = [float(row["points"]) for row in rows]
    assert points == sorted(points, reverse=True)
    assert sum(points) == float(sum(p.points for p in final.players))
    assert "Spring Open" in cli("standings", path)
    assert "<table>" in cli("standings", path, "--format", "html")
    assert Path(str(path) + ".~1~").exists()
