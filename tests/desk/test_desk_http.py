"""The desk's HTTP interface without a browser: who may do what, importing and exporting
files, errors as one line on the page, and the command when the extra is missing."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the desk extra: pip install -e '.[desk]'")
pytest.importorskip("httpx", reason="starlette's test client needs httpx (test extra)")

with warnings.catch_warnings():  # starlette >= 1.0 asks for httpx2; httpx works the same
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from tabellone.api import check
from tabellone.formats.trf import parse_trf

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "open-24-before-r6.trf"
PASSWORD = "correct horse"
LOCAL = ("127.0.0.1", 50000)  # the computer running the desk


def flash(response) -> list[str]:
    return re.findall(r'class="flash (?:ok|err|warn)[^"]*"[^>]*>([^<]*)', response.text)


@pytest.fixture
def desk(tmp_path):
    from tabellone.desk.app import create_app

    return create_app(tmp_path / "events")


@pytest.fixture
def admin(desk) -> TestClient:
    client = TestClient(desk, client=LOCAL)
    client.post("/setup", data={"password": PASSWORD, "repeat": PASSWORD})
    return client


def test_first_start_asks_for_the_admin_password(desk):
    client = TestClient(desk, client=LOCAL)
    assert client.get("/").url.path == "/setup"
    short = client.post("/setup", data={"password": "short", "repeat": "short"})
    assert short.status_code == 400 and "at least 8" in short.text
    differ = client.post("/setup", data={"password": PASSWORD, "repeat": PASSWORD + "!"})
    assert "differ" in differ.text
    done = client.post("/setup", data={"password": PASSWORD, "repeat": PASSWORD})
    assert done.url.path == "/" and "log out" in done.text
    # set once: a second setup cannot replace it
    other = TestClient(desk, client=LOCAL)
    assert other.post("/setup", data={"password": "x" * 10, "repeat": "x" * 10}).url.path == "/login"
    assert "wrong password" in other.post("/login", data={"password": "x" * 10}).text
    assert "log out" in other.post("/login", data={"password": PASSWORD}).text


def test_the_password_is_set_from_the_desk_computer_only(desk):
    from_lan = TestClient(desk, client=("192.168.1.20", 50000))
    refused = from_lan.post("/setup", data={"password": PASSWORD, "repeat": PASSWORD})
    assert refused.status_code == 403
    assert TestClient(desk, client=LOCAL).get("/").url.path == "/setup", "still to be set"


def test_visitors_read_the_public_pages_only(admin, desk):
    made = admin.post("/events/import", files={"file": (EXAMPLE.name, EXAMPLE.read_bytes())})
    slug = made.url.path.split("/")[2]
    public = TestClient(desk, client=LOCAL)
    assert public.get(f"/e/{slug}/standings").status_code == 200
    assert public.get(f"/e/{slug}/pairings/5").status_code == 200
    for url in (f"/e/{slug}/players", f"/e/{slug}/rounds", f"/e/{slug}/results/5", f"/e/{slug}/log", "/check"):
        assert public.get(url).url.path == "/login", url
    refused = public.post(f"/e/{slug}/draft/pair")
    assert refused.url.path == "/login"
    assert admin.get(f"/e/{slug}/log").text.count("<tr") == 2  # header and the import: the visitor changed nothing


def test_a_device_enters_results_and_nothing_else(admin, desk):
    made = admin.post("/events/import", files={"file": (EXAMPLE.name, EXAMPLE.read_bytes())})
    slug = made.url.path.split("/")[2]
    admin.post("/devices", data={"name": "tablet 1"})
    token = re.search(r"/d/([A-Za-z0-9_-]+)", admin.get("/devices").text).group(1)
    tablet = TestClient(desk, client=LOCAL)
    assert "tablet 1" in tablet.get(f"/d/{token}").text
    assert tablet.get(f"/e/{slug}/results/5").status_code == 200
    assert tablet.get(f"/e/{slug}/players").status_code == 403
    admin.post("/devices", data={"revoke": token})
    assert tablet.get(f"/e/{slug}/results/5").url.path == "/login"


def test_an_imported_event_goes_on_and_exports_what_it_holds(admin):
    made = admin.post("/events/import", files={"file": (EXAMPLE.name, EXAMPLE.read_bytes())})
    assert "5 rounds paired" in flash(made)[0]
    slug = made.url.path.split("/")[2]
    original = parse_trf(EXAMPLE.read_text(encoding="utf-8"))
    exported = parse_trf(admin.get(f"/e/{slug}/export/trf26").text)
    assert [p.rounds for p in exported.players] == [p.rounds for p in original.players]
    assert check(exported).ok == check(original).ok
    drafted = admin.post(f"/e/{slug}/draft/pair", headers={"HX-Request": "true"})
    assert 'hx-get="/e/' in drafted.text and "/draft/check" in drafted.text  # the check follows
    assert "as the rules pair it" in admin.get(f"/e/{slug}/draft/check").text
    trf16 = admin.get(f"/e/{slug}/export/trf16")
    assert "XXR" in trf16.text and trf16.headers["content-disposition"].endswith('.trf"')


def test_bad_input_is_one_line_on_the_page(admin):
    made = admin.post("/events", data={"name": "Errors Open", "rounds": "5", "initial_colour": "white"})
    slug = made.url.path.split("/")[2]
    bad = "name;rating\nRossi, Anna;2100\nBianchi, Carlo;19x0\n"
    response = admin.post(f"/e/{slug}/players/import", files={"file": ("bad.csv", bad.encode())})
    assert response.url.path == f"/e/{slug}/players"
    (message,) = flash(response)
    assert message.startswith("bad.csv:3: rating:") and "19x0" in message
    assert "Rossi, Anna" not in response.text, "nothing imported from a file with an error"
    no_round = admin.post(f"/e/{slug}/results/1/1", data={"result": "1", "version": "1"})
    assert "published" in " ".join(flash(no_round))
    missing = admin.get("/e/no-such-event/standings")
    assert missing.status_code == 404 and "no event" in missing.text


def test_the_command_says_how_to_install_the_extra(monkeypatch, capsys, tmp_path):
    import tabellone.desk
    from tabellone.cli import main

    monkeypatch.setattr(tabellone.desk, "missing", lambda: ["starlette", "uvicorn"])
    assert main(["desk", str(tmp_path), "--no-browser"]) != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "pip install 'tabellone[desk]'" in err[0]


def test_a_csv_with_other_column_names_is_mapped_by_hand(admin):
    made = admin.post("/events", data={"name": "Mapped Open", "rounds": "5", "initial_colour": "white"})
    slug = made.url.path.split("/")[2]
    text = (
        "Cognome e nome;Punti Elo;Società;Nazione\nRossi, Anna;2100;Scacchi Roma;ITA\nBianchi, Carlo;1950;Torre;SUI\n"
    )
    asked = admin.post(f"/e/{slug}/players/import", files={"file": ("soci.csv", text.encode())})
    assert "which column is which" in asked.text and "Società" in asked.text
    mapping = {"col0": "name", "col1": "rating", "col2": "", "col3": "federation", "filename": "soci.csv"}
    done = admin.post(f"/e/{slug}/players/mapped", data={**mapping, "csv": text})
    assert "2 players imported" in " ".join(flash(done))
    players = admin.get(f"/e/{slug}/players").text
    assert "Rossi, Anna" in players and "SUI" in players and "Scacchi Roma" not in players
    twice = admin.post(f"/e/{slug}/players/mapped", data={**mapping, "col1": "name", "csv": text})
    assert "the same field" in " ".join(flash(twice))


def test_a_port_in_use_is_one_line(capsys, tmp_path):
    import socket

    from tabellone.cli import main

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert main(["desk", str(tmp_path), "--port", str(port), "--no-browser"]) != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and f"cannot listen on 127.0.0.1:{port}" in err[0]


def test_a_draft_edited_in_another_window_is_not_edited_blind(admin):
    made = admin.post("/events/import", files={"file": (EXAMPLE.name, EXAMPLE.read_bytes())})
    slug = made.url.path.split("/")[2]
    hx = {"HX-Request": "true"}
    page_a = admin.post(f"/e/{slug}/draft/pair", headers=hx).text
    seen = re.search(r'hx-vals=\'\{"seen": "(\d+)"\}\'', page_a).group(1)
    admin.post(f"/e/{slug}/draft/swap", data={"board": "1", "seen": seen}, headers=hx)  # window B
    stale = admin.post(f"/e/{slug}/draft/unpair", data={"board": "2", "seen": seen}, headers=hx)
    assert "nothing was done" in stale.text
    assert "board 2" not in admin.get(f"/e/{slug}/log").text.split("</tbody>")[0].split("<tbody>")[1].split("</tr>")[0]
    published = admin.post(f"/e/{slug}/draft/publish", data={"seen": seen})
    assert "nothing was done" in " ".join(flash(published)) and published.url.path.endswith("/rounds")


def test_a_player_is_not_removed_by_a_number_that_changed(admin):
    made = admin.post("/events", data={"name": "Numbers Open", "rounds": "5", "initial_colour": "white"})
    slug = made.url.path.split("/")[2]
    admin.post(f"/e/{slug}/players/add", data={"name": "Low, Lea", "rating": "1500"})
    page_a = admin.get(f"/e/{slug}/players").text
    seen = re.search(r'name="seen" value="(\d+)"', page_a).group(1)
    admin.post(f"/e/{slug}/players/add", data={"name": "High, Hal", "rating": "2500"})  # now number 1
    stale = admin.post(f"/e/{slug}/players/remove", data={"id": "1", "seen": seen})
    assert "nothing was done" in " ".join(flash(stale))
    assert "High, Hal" in stale.text and "Low, Lea" in stale.text
