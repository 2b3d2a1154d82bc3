"""The desk's test helpers: a real server in a subprocess on a free loopback port, and
Debian's Chromium for Playwright (never a downloaded browser build)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def chromium_path() -> str | None:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``tabellone desk FOLDER --port P --no-browser`` running in its own process."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
        self.log = open(folder.parent / f"server-{self.port}.log", "w")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tabellone", "desk", str(folder), "--port", str(self.port), "--no-browser"],
            stdout=self.log,
            stderr=subprocess.STDOUT,
            env=env,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the desk exited: {(folder.parent / f'server-{self.port}.log').read_text()}")
            try:
                urllib.request.urlopen(self.url + "/static/desk.css", timeout=1).close()
                return
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError("the desk did not start within 30 s")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


@pytest.fixture
def desk_server(tmp_path: Path):
    server = Server(tmp_path / "events")
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def chromium() -> dict:
    """Playwright's launch arguments for Debian's chromium."""
    path = chromium_path()
    if path is None:
        pytest.skip("Debian's chromium is not installed (apt-get install chromium; .ci/run installs it)")
    return {"executable_path": path, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
