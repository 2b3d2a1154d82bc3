"""Decoding a file's bytes into text: the leaf every reader of a format shares.

A file is read whole (:func:`read_bytes`, one error line when it cannot be), its
encoding found from its bytes (:func:`decode`), its lines split on any line end
(:func:`split_lines`). Nothing here knows a format.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from tabellone.core.errors import FileAccessError, InputError

#: A decimal number as the formats write points (``4``, ``2.5``, ``.5``, ``-1``).
NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)$", re.ASCII)


def read_bytes(path: str | os.PathLike[str]) -> bytes:
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        raise FileAccessError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise FileAccessError(f"{path}: is a folder, not a file") from None
    except OSError as exc:
        raise FileAccessError(f"{path}: cannot read ({exc.strerror})") from None


def decode(data: bytes) -> tuple[str, str]:
    """Text of a file and the encoding it was read with: UTF-16 when it starts with its
    byte-order mark (Windows editors save so) or has a zero byte in every other place,
    UTF-8, else Windows-1252, else Latin-1 (which decodes any byte)."""
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", errors="strict"), "utf-8-sig"
    for bom, encoding in ((b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be")):
        if data.startswith(bom):
            return _utf16(data[2:], encoding), encoding
    head = data[:400]
    if len(head) >= 8 and head[1::2].count(0) == len(head) // 2 and head[0::2].count(0) == 0:
        return _utf16(data, "utf-16-le"), "utf-16-le"
    for encoding in ("utf-8", "cp1252"):
        try:
            return data.decode(encoding), encoding
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1"), "latin-1"


def _utf16(data: bytes, encoding: str) -> str:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        raise InputError(
            f"the file starts as {encoding.upper()} but byte {exc.start} is not {encoding.upper()} text"
        ) from None


def split_lines(text: str) -> list[str]:
    """Lines of a file ending in CR, LF or CRLF (mixed is fine)."""
    return re.split(r"\r\n|\r|\n", text)
