"""FIDE rating lists as FIDE publishes them for download, read to register players by
FIDE id: the TXT lists (fixed columns under a header line: ``ID Number``, ``Name``,
``Fed``, ``Sex``, ``Tit``, ..., a rating column, ``B-day``) and the XML lists
(``<playerslist><player><fideid>...``), plain or zipped as downloaded.

The TXT columns are found from the header line itself (where each heading starts), not
from fixed positions, so a list whose columns moved still reads.
"""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from xml.etree import ElementTree

from tabellone.core.errors import InputError


@dataclass(frozen=True)
class Listed:
    fide_id: str
    name: str
    federation: str
    sex: str
    title: str
    rating: int
    birth: str


#: A standard-list rating heading: the month (``MAR26``), or the full list's ``SRtng``.
_RATING = re.compile(r"^(SRtng|Rtg|Rating|[A-Z]{3}\d{2})$")


def unpack(data: bytes, filename: str) -> tuple[bytes, str]:
    """The list inside a downloaded ZIP (its first .txt or .xml member), or the data."""
    if data[:4] != b"PK\x03\x04":
        return data, filename
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        members = [n for n in z.namelist() if n.lower().endswith((".txt", ".xml"))]
        if not members:
            raise InputError("the ZIP holds no .txt or .xml rating list", source=filename)
        return z.read(members[0]), members[0]


def read_list(data: bytes, filename: str) -> Iterator[Listed]:
    """The players of a FIDE rating list (TXT or XML, plain or zipped)."""
    data, name = unpack(data, filename)
    if data.lstrip()[:1] == b"<":
        yield from _xml(data, name)
    else:
        yield from _txt(data.decode("utf-8", errors="replace"), name)


def _title(*titles: str) -> str:
    for t in titles:
        t = t.strip().upper()
        if t in ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"):
            return t
        full = {"G": "GM", "I": "IM", "WG": "WGM", "F": "FM", "WI": "WIM", "C": "CM", "WF": "WFM", "WC": "WCM"}
        if t in full:
            return full[t]
    return ""


def _int(text: str) -> int:
    text = text.strip()
    return int(text) if text.isdigit() else 0


def _columns(header: str) -> dict[str, tuple[int, int]]:
    """Heading -> (start, end) from the header line (``ID Number`` is one heading)."""
    spans = [(m.start(), m.group()) for m in re.finditer(r"\S+", header.replace("ID Number", "ID_Number"))]
    out = {}
    for k, (start, name) in enumerate(spans):
        end = spans[k + 1][0] if k + 1 < len(spans) else None
        out[name.replace("ID_Number", "ID Number")] = (start, end or 10_000)
    return out


def _txt(text: str, source: str) -> Iterator[Listed]:
    lines = text.splitlines()
    if not lines or not lines[0].startswith("ID Number"):
        raise InputError("expected a FIDE rating list: a header line starting 'ID Number'", source=source, line=1)
    cols = _columns(lines[0])
    for need in ("Name", "Fed"):
        if need not in cols:
            raise InputError(f"no {need!r} column in the header line", source=source, line=1)
    rating = next((c for c in cols if _RATING.match(c)), None)
    birth = next((c for c in cols if c.lower().replace("-", "") in ("bday", "birthday", "born")), None)

    def field(line: str, name: str | None) -> str:
        if name is None or name not in cols:
            return ""
        a, b = cols[name]
        return line[a:b].strip()

    for n, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        fide_id = field(line, "ID Number")
        if not fide_id.isdigit():
            raise InputError(f"found {fide_id!r}, expected a FIDE id", source=source, line=n, field="ID Number")
        yield Listed(
            fide_id,
            field(line, "Name"),
            field(line, "Fed"),
            field(line, "Sex").lower()[:1],
            _title(field(line, "Tit"), field(line, "WTit")),
            _int(field(line, rating)),
            field(line, birth),
        )


def _xml(data: bytes, source: str) -> Iterator[Listed]:
    try:
        for _, el in ElementTree.iterparse(io.BytesIO(data)):
            if el.tag != "player":
                continue

            def get(tag: str, el=el) -> str:
                return (el.findtext(tag) or "").strip()

            if get("fideid").isdigit():
                yield Listed(
                    get("fideid"),
                    get("name"),
                    get("country"),
                    get("sex").lower()[:1],
                    _title(get("title"), get("w_title")),
                    _int(get("rating")),
                    get("birthday"),
                )
            el.clear()
    except ElementTree.ParseError as exc:
        raise InputError(f"not a well-formed XML rating list ({exc})", source=source) from None
