"""FIDE rating lists (TXT with its header line, XML, zipped) read and used to register
players by FIDE id. The lists are written here column by column, with widths chosen by
the test, so the reader must find the columns from the header line."""

from __future__ import annotations

import io
import zipfile

import pytest

from tabellone.core.errors import InputError
from tabellone.desk.fidelist import read_list

PLAYERS = [
    # id, name, fed, sex, title, woman's title, rating, birth year
    ("1503014", "Carlsen, Magnus", "NOR", "M", "g", "", "2833", "1990"),
    ("24116068", "Rossi, Anna Maria", "ITA", "F", "", "wf", "1987", "2004"),
    ("900000123", "Bianchi, Carlo", "SUI", "M", "", "", "", "1975"),
]


def txt_list(widths: dict[str, int], rating_heading: str = "MAR26") -> bytes:
    headings = [
        "ID Number",
        "Name",
        "Fed",
        "Sex",
        "Tit",
        "WTit",
        "OTit",
        "FOA",
        rating_heading,
        "Gms",
        "K",
        "B-day",
        "Flag",
    ]
    lines = ["".join(h.ljust(widths.get(h, len(h) + 1)) for h in headings).rstrip()]
    for fid, name, fed, sex, tit, wtit, rating, year in PLAYERS:
        cells = [
            fid,
            name,
            fed,
            sex,
            tit,
            wtit,
            "",
            "",
            rating,
            "0" if rating else "",
            "20" if rating else "",
            year,
            "",
        ]
        lines.append("".join(c.ljust(widths.get(h, len(h) + 1)) for h, c in zip(headings, cells)).rstrip())
    return ("\n".join(lines) + "\n").encode()


def check_players(listed) -> None:
    got = {p.fide_id: p for p in listed}
    assert set(got) == {p[0] for p in PLAYERS}
    carlsen, rossi, bianchi = (got[p[0]] for p in PLAYERS)
    assert (carlsen.name, carlsen.federation, carlsen.title, carlsen.rating, carlsen.birth) == (
        "Carlsen, Magnus",
        "NOR",
        "GM",
        2833,
        "1990",
    )
    assert (rossi.sex, rossi.title, rossi.rating) == ("f", "WFM", 1987)
    assert (bianchi.rating, bianchi.title) == (0, "")


@pytest.mark.parametrize(
    "widths",
    [
        {"ID Number": 15, "Name": 61, "Fed": 4, "Sex": 4, "Tit": 5, "WTit": 5, "OTit": 15, "FOA": 4, "Gms": 4, "K": 3},
        {"ID Number": 12, "Name": 40, "Fed": 5, "Sex": 5, "Tit": 6, "WTit": 6, "OTit": 6, "FOA": 5, "MAR26": 7},
    ],
)
def test_a_txt_list_is_read_by_its_header_line(widths):
    check_players(read_list(txt_list(widths), "players_list_foa.txt"))


def test_the_full_list_heading_and_a_zip_as_downloaded():
    widths = {"ID Number": 15, "Name": 61, "Fed": 4, "Sex": 4, "Tit": 5, "WTit": 5, "OTit": 15, "FOA": 4}
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("players_list_foa.txt", txt_list(widths, "SRtng"))
    check_players(read_list(buf.getvalue(), "players_list.zip"))


def test_an_xml_list():
    players = "".join(
        f"<player><fideid>{fid}</fideid><name>{name}</name><country>{fed}</country><sex>{sex}</sex>"
        f"<title>{tit}</title><w_title>{wtit}</w_title><rating>{rating}</rating><birthday>{year}</birthday></player>"
        for fid, name, fed, sex, tit, wtit, rating, year in PLAYERS
    )
    check_players(read_list(f"<?xml version='1.0'?><playerslist>{players}</playerslist>".encode(), "list.xml"))


def test_not_a_rating_list():
    with pytest.raises(InputError, match="ID Number"):
        list(read_list(b"name,rating\nRossi,2000\n", "players.csv"))
    with pytest.raises(InputError, match="expected a FIDE id"):
        list(read_list(b"ID Number  Name       Fed\nabc        Rossi      ITA\n", "bad.txt"))


def test_registering_by_fide_id_through_the_desk(tmp_path):
    pytest.importorskip("starlette", reason="the desk extra")
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from tabellone.desk.app import create_app

    client = TestClient(create_app(tmp_path / "events"), client=("127.0.0.1", 50000))
    client.post("/setup", data={"password": "rating-list", "repeat": "rating-list"})
    widths = {"ID Number": 15, "Name": 61, "Fed": 4, "Sex": 4, "Tit": 5, "WTit": 5, "OTit": 15, "FOA": 4}
    loaded = client.post("/ratings", files={"file": ("players_list_foa.txt", txt_list(widths))})
    assert "3 players read" in loaded.text
    made = client.post("/events", data={"name": "Listed Open", "rounds": "5", "initial_colour": "white"})
    slug = made.url.path.split("/")[2]
    added = client.post(f"/e/{slug}/players/fide", data={"fide_ids": "24116068 1503014"})
    assert "registered from the FIDE list" in added.text
    rows = added.text.split('id="players"')[1]
    assert rows.index("Carlsen, Magnus") < rows.index("Rossi, Anna Maria"), "numbered in the initial order"
    assert "WFM" in rows and "2833" in rows
    unknown = client.post(f"/e/{slug}/players/fide", data={"fide_ids": "42"})
    assert "not in the rating list: 42" in unknown.text
