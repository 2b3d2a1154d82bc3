#!/usr/bin/env python3
"""Time the desk on a large event, through its HTTP interface, against a real server.

    python benchmarks/desk_speed.py [--players 1000] [--results 500] [--seed 1]

A ``tabellone desk`` server runs in a child process (uvicorn, as a user starts it) on a
free loopback port over a fresh folder. The script, as a client:

1. sets the admin password, creates an event, imports N players from a CSV;
2. pairs round 1 as a draft (the answer is the draft's page), asks for its live check
   as the page does (:func:`tabellone.api.check` pairs the round a second time to
   compare), then publishes it and opens its result grid;
3. enters RESULTS results one board at a time (``POST /e/EVENT/results/1/BOARD`` with
   the board's version, as the grid does), then the rest of the round;
4. pairs round 2 (with scores), publishes it, and opens the standings page (C.07
   tie-breaks) and the crosstable.

Each step's time is the server's own: the ``Server-Timing`` header the desk adds to
every response (from the request's arrival to its response's start, when the page is
computed), next to the time the client waited. Goals from issue #24: pairing a round
and showing its page under 2 s, the standings page under 1 s on this machine.
Wall-clock times on a shared machine: compare steps within one run.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server_ms(response) -> float:
    found = re.search(r"dur=([0-9.]+)", response.headers.get("server-timing", ""))
    if not found:
        raise SystemExit(f"desk_speed: no Server-Timing header on {response.request.url}")
    return float(found.group(1))


class Steps:
    def __init__(self) -> None:
        self.rows: list[tuple[str, str, str, str]] = []

    def one(self, name: str, response, client_s: float, goal: str = "") -> None:
        if response.status_code >= 400:
            raise SystemExit(f"desk_speed: {name}: HTTP {response.status_code}: {response.text[:300]}")
        self.rows.append((name, f"{server_ms(response):.0f}", f"{client_s * 1000:.0f}", goal))

    def many(self, name: str, server: list[float], client: list[float]) -> None:
        def stats(xs: list[float]) -> str:
            return f"{statistics.median(xs):.1f} med, {max(xs):.1f} max, {sum(xs) / 1000:.1f} s total"

        self.rows.append((name, stats(server), stats([c * 1000 for c in client]), ""))

    def print(self) -> None:
        header = ("step", "server ms", "client ms", "goal")
        widths = [max(len(r[k]) for r in [header, *self.rows]) for k in range(4)]
        for row in [header, tuple("-" * w for w in widths), *self.rows]:
            print("  ".join(cell.ljust(widths[k]) for k, cell in enumerate(row)).rstrip())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--results", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    import httpx

    folder = Path(tempfile.mkdtemp(prefix="desk-speed-"))
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    server = subprocess.Popen(
        [sys.executable, "-m", "tabellone", "desk", str(folder / "events"), "--port", str(port), "--no-browser"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    url = f"http://127.0.0.1:{port}"
    steps = Steps()
    try:
        client = httpx.Client(base_url=url, timeout=120, follow_redirects=True)
        for _ in range(300):
            try:
                client.get("/static/desk.css")
                break
            except httpx.TransportError:
                time.sleep(0.1)
        client.post("/setup", data={"password": "benchmark!", "repeat": "benchmark!"})
        made = client.post("/events", data={"name": "Speed Open", "rounds": "9", "initial_colour": "white"})
        event = "/e/" + made.url.path.split("/")[2]
        rng = random.Random(args.seed)
        csv = "name,rating,federation\n" + "".join(
            f'"Player{k:05d}, A.",{rng.randint(1000, 2800)},ITA\n' for k in range(args.players)
        )

        def timed(method: str, path: str, **kw):
            t0 = time.perf_counter()
            response = client.request(method, path, **kw)
            return response, time.perf_counter() - t0

        def pair_check_publish(r: int) -> str:
            """Pair round ``r`` as a draft, its live check, publish; the result grid's page."""
            response, s = timed("POST", event + "/draft/pair", headers=hx)
            steps.one(f"pair round {r} and show the draft", response, s, "< 2000")
            response, s = timed("GET", event + "/draft/check")
            assert "as the rules pair it" in response.text, "the draft's check"
            steps.one("  its live check (pairs the round again)", response, s)
            response, s = timed("POST", event + "/draft/publish")
            steps.one(f"publish round {r} (snapshot) and its result grid", response, s)
            return response.text

        hx = {"HX-Request": "true"}
        response, s = timed("POST", event + "/players/import", files={"file": ("players.csv", csv.encode())})
        steps.one(f"import {args.players} players (and the players page)", response, s)
        grid = pair_check_publish(1)
        boards = [(int(n), int(v)) for n, v in re.findall(r'id="b(\d+)" data-board="\d+" data-version="(\d+)"', grid)]
        server_times, client_times = [], []
        for k, (n, version) in enumerate(boards):
            key = rng.choice(["1", "0", "="])
            response, s = timed("POST", f"{event}/results/1/{n}", data={"result": key, "version": version}, headers=hx)
            if "conflict" in response.text.split(">", 1)[0]:
                raise SystemExit(f"desk_speed: board {n}: unexpected conflict")
            if k < args.results:
                server_times.append(server_ms(response))
                client_times.append(s)
        steps.many(f"{min(args.results, len(boards))} results, one POST each", server_times, client_times)
        response, s = timed("GET", event + "/results/1")
        steps.one("result grid of round 1", response, s)
        pair_check_publish(2)
        response, s = timed("GET", event + "/pairings/2")
        steps.one("pairing list of round 2", response, s)
        response, s = timed("GET", event + "/standings")
        steps.one("standings (BH/C1 BH SB)", response, s, "< 1000")
        response, s = timed("GET", event + "/crosstable")
        steps.one("crosstable", response, s)
        response, s = timed("GET", event + "/hall/content")
        steps.one("hall screen content", response, s)
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(folder, ignore_errors=True)
    print(f"desk_speed: {args.players} players, {args.results} results through HTTP, server at {url}")
    steps.print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
