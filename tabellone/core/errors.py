"""Errors the user can act on, and the exit codes they map to.

Exit codes follow the convention of bbpPairings and JaVaFo, so that programs which
call those engines can call ``tabellone`` instead:

====  =====================================================
code  meaning
====  =====================================================
0     success
1     no valid pairing exists for the requested round
2     unexpected error (a bug: please report it)
3     invalid input (malformed file, impossible request)
5     a file could not be read or written
====  =====================================================
"""

from __future__ import annotations

EXIT_OK = 0
EXIT_NO_PAIRING = 1
EXIT_UNEXPECTED = 2
EXIT_INVALID_INPUT = 3
EXIT_FILE_ACCESS = 5


class TabelloneError(Exception):
    """Base class of every error the command line reports without a traceback."""

    exit_code = EXIT_UNEXPECTED


class InputError(TabelloneError):
    """The input is malformed or inconsistent.

    The message names the file, the line, the columns or field, what was found and what
    was expected, e.g.::

        round1.trf:14: columns 49-52 (rating): found 'x123', expected a whole number
    """

    exit_code = EXIT_INVALID_INPUT

    def __init__(
        self,
        message: str,
        *,
        source: str | None = None,
        line: int | None = None,
        field: str | None = None,
    ) -> None:
        self.source = source
        self.line = line
        self.field = field
        self.detail = message
        where = ""
        if source is not None:
            where = source
            if line is not None:
                where += f":{line}"
            where += ": "
        if field:
            where += f"{field}: "
        super().__init__(where + message)


class FileAccessError(TabelloneError):
    """A file could not be opened, read or written."""

    exit_code = EXIT_FILE_ACCESS


class NoPairingError(TabelloneError):
    """No pairing satisfies the absolute criteria; the message says who cannot be paired."""

    exit_code = EXIT_NO_PAIRING


class SelfCheckError(TabelloneError):
    """The engine produced a pairing that breaks an absolute criterion: a bug, never printed."""

    exit_code = EXIT_UNEXPECTED


class SolverLimitError(TabelloneError, RuntimeError):
    """A back end did not prove an optimum within its limits (CP-SAT's time limit): no
    pairing is given rather than one that may not be the best."""

    exit_code = EXIT_UNEXPECTED
