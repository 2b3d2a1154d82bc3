"""A progress line on stderr for long pairings, and the name of the work in hand.

A large open (thousands of players) can take tens of seconds to pair; a silent terminal
for that long reads as a hang. The pairing engines report their steps here
(:func:`task` when a round starts, :func:`step` per bracket); once a task has run for
:data:`DELAY` seconds a single line, rewritten in place, shows how far it got::

    tabellone: Dutch 2026, round 9, 1000 players: bracket 12 of 31, 14.2 s

A task started inside another (a round paired while ``generate`` plays a whole event)
keeps the outer task's name and clock, and its steps follow the outer task's step, so
a long round of a long event still moves the line::

    tabellone: generating 1000 players, 9 rounds: round 3 of 9, bracket 2 of 7, 31.0 s

The line appears only when stderr is a terminal and nobody asked for quiet
(:func:`configure`, the command line's ``-q``); it is erased when the task ends, so
output piped to a file or read by a program never sees it. Short runs print nothing.

:func:`current` names the task under way (or the last one), with the inner task when one
was running, so that a failure such as running out of memory can say what was being
tried (the command line's ``main``).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

#: Seconds a task runs before its progress line appears.
DELAY = 2.0
#: Least seconds between two rewrites of the line.
INTERVAL = 0.25

_quiet = False
_stream: TextIO | None = None
_label: str | None = None
_recent: str | None = None
_depth = 0
_outer_step: str | None = None  # the outer task's last step, which an inner step follows
_start = 0.0
_last = 0.0
_shown = False


def configure(quiet: bool = False, stream: TextIO | None = None) -> None:
    """``quiet`` silences the line; ``stream`` replaces stderr (for tests)."""
    global _quiet, _stream
    _quiet = quiet
    _stream = stream


def _out() -> TextIO | None:
    stream = _stream if _stream is not None else sys.stderr
    if _quiet:
        return None
    if _stream is None:
        try:
            if not stream.isatty():
                return None
        except (AttributeError, ValueError):
            return None
    return stream


@contextmanager
def task(label: str) -> Iterator[None]:
    """The work inside the ``with`` block is ``label`` (e.g. 'Dutch 2026, round 9, 1000
    players'); its progress line, if one was shown, is erased at the end. Nested tasks
    keep the outer one's name and clock; :func:`current` names both."""
    global _label, _recent, _start, _last, _shown, _depth, _outer_step
    if _label is not None:
        _depth += 1
        outer = _recent
        _recent = f"{_label}; {label}"
        try:
            yield
        finally:
            _depth -= 1
        _recent = outer  # ended normally (an error leaving it keeps naming the inner task)
        return
    _recent = label
    _label, _start, _last, _shown, _outer_step = label, time.monotonic(), 0.0, False, None
    try:
        yield
    finally:
        if _shown:
            out = _out()
            if out is not None:
                out.write("\r\033[K")
                out.flush()
        _label, _shown = None, False


def step(k: int, total: int, unit: str = "bracket") -> None:
    """Step ``k`` of ``total`` of the current task has started. A nested task's step is
    shown after the outer task's last one ('round 3 of 9, bracket 2 of 7')."""
    global _last, _shown, _outer_step
    if _label is None:
        return
    where = f"{unit} {k} of {total}"
    if _depth == 0:
        _outer_step = where
    elif _outer_step is not None:
        where = f"{_outer_step}, {where}"
    now = time.monotonic()
    if now - _start < DELAY or now - _last < INTERVAL:
        return
    out = _out()
    if out is None:
        return
    _last, _shown = now, True
    out.write(f"\r\033[Ktabellone: {_label}: {where}, {now - _start:.1f} s")
    out.flush()


def current() -> str | None:
    """The label of the task under way, or of the last one (kept after it ended, so that
    an error leaving it can still be told what it was doing); None before any."""
    return _recent
