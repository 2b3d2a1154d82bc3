"""One writer at a time: an exclusive lock over an event file, across processes.

Every read-modify-write of an event file runs inside :func:`exclusive`: the lock is
``fcntl.flock`` on a sidecar file next to the event (``.EVENT.lock``; the event file
itself is replaced by each write, so it cannot carry the lock). A second command waits
up to ``timeout`` seconds, then refuses with one line and changes nothing. The kernel
releases the lock when its holder exits, however it exits (even ``kill -9``): a stale
lock cannot block an event.

Within one thread the lock is re-entrant: a write that already holds it (the
store's ``apply``) may call the plain writer (:func:`tabellone.event.eventfile.save_event`),
which takes it again without waiting on itself. Two threads (a web server's) each
open the lock file and exclude each other like two processes.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tabellone.core.errors import FileAccessError

#: Seconds a command waits for another one writing the same event.
TIMEOUT = 5.0

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: msvcrt locks a byte range instead
    fcntl = None  # type: ignore[assignment]

_held: dict[tuple[str, int], tuple[int, int]] = {}  # (lock path, thread) -> (fd, depth)
_guard = threading.Lock()


def lock_path(event: Path) -> Path:
    """The sidecar lock file of an event: ``.NAME.lock`` in its folder."""
    return event.with_name(f".{event.name}.lock")


def _try_lock(fd: int) -> bool:
    if fcntl is not None:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            return False
    import msvcrt  # pragma: no cover

    try:  # pragma: no cover
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        return True
    except OSError:  # pragma: no cover
        return False


def _unlock(fd: int) -> None:
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_UN)
    else:  # pragma: no cover
        import msvcrt

        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)


@contextmanager
def exclusive(event: str | os.PathLike[str], timeout: float | None = None) -> Iterator[None]:
    """Hold the event's lock for the block; wait at most ``timeout`` seconds (default
    :data:`TIMEOUT`, or the ``TABELLONE_LOCK_TIMEOUT`` environment variable) for
    another writer, then raise :class:`FileAccessError` (one line, nothing changed)."""
    path = lock_path(Path(event))
    key = (os.path.abspath(path), threading.get_ident())
    with _guard:
        if key in _held:
            fd, depth = _held[key]
            _held[key] = (fd, depth + 1)
            reentered = True
        else:
            reentered = False
    if reentered:
        try:
            yield
        finally:
            with _guard:
                fd, depth = _held[key]
                _held[key] = (fd, depth - 1)
        return
    if timeout is None:
        timeout = float(os.environ.get("TABELLONE_LOCK_TIMEOUT", TIMEOUT))
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o666)
    except OSError as exc:
        raise FileAccessError(f"{event}: cannot create its lock file {path.name} ({exc.strerror})") from None
    try:
        deadline = time.monotonic() + timeout
        delay = 0.005
        while not _try_lock(fd):
            if time.monotonic() >= deadline:
                raise FileAccessError(
                    f"{event}: another command is changing this event (waited {timeout:g} s); "
                    "nothing done: run the command again when it has finished"
                )
            time.sleep(delay)
            delay = min(delay * 2, 0.05)
        with _guard:
            _held[key] = (fd, 1)
        try:
            yield
        finally:
            with _guard:
                del _held[key]
            _unlock(fd)
    finally:
        os.close(fd)
