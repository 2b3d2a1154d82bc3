"""What the event tests share: running a ``tabellone`` command in this process."""

from __future__ import annotations

from tabellone.cli import main


def run(*argv: object) -> int:
    """The command's exit code."""
    return main([str(a) for a in argv])


def cli(capsys, *argv: object, code: int = 0) -> tuple[str, str]:
    """The command's standard output and error, after checking its exit code."""
    capsys.readouterr()
    got = run(*argv)
    out, err = capsys.readouterr()
    assert got == code, err
    return out, err
