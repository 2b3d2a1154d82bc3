"""The JSON form of a tournament, for programs that do not speak TRF.

Schema (version 1), documented in ``docs/json-format.md``::

    {
      "format": "tabellone-tournament", "version": 1,
      "total_rounds": 9 | null,
      "initial_colour": "w" | "b" | null,
      "initial_colour_by_rank": false,
      "system": "FIDE_DUTCH_2026" | null,
      "scoring": {"win": "1", "draw": "1/2", ...}      only values differing from 1-1/2-0
      "byes": [{"round": 5, "player": 12, "kind": "H"}],
      "virtual_points": [{"round": 1, "player": 3, "points": "1"}],
      "prohibited": [{"first_round": 1, "last_round": 9, "players": [4, 7]}],
      "headers": [{"code": "012", "text": "Club Open"}],   ("sep" too when column 4 is not blank)
      "players": [
        {"id": 1, "name": "...", "sex": "m", "title": "GM", "rating": 2500,
         "federation": "ITA", "fide_id": "...", "birth_date": "1990/01/01",
         "points": "3.5" | null, "rank": 1 | null,
         "rounds": [{"opponent": 9 | null, "colour": "w" | "b" | null, "result": "1"}]}
      ]
    }

Points are strings holding exact fractions (``"1/2"``, ``"1"``) so that no value is
rounded. Every fact of the model is in the JSON form and back.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from tabellone.core.errors import InputError
from tabellone.core.model import (
    ByeKind,
    HeaderRecord,
    Player,
    PreassignedBye,
    ProhibitedPairs,
    RoundEntry,
    Tournament,
    VirtualPoints,
)
from tabellone.core.scoring import RESULT_KINDS, Scoring
from tabellone.core.validate import check_consistency

FORMAT = "tabellone-tournament"
VERSION = 1


def _frac(v: Fraction) -> str:
    return str(v)


def to_json_dict(t: Tournament) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "total_rounds": t.total_rounds,
        "initial_colour": t.initial_colour,
        "initial_colour_by_rank": t.initial_colour_by_rank,
        "system": t.system,
        "scoring": {k: _frac(v) for k, v in t.scoring.explicit_values().items()},
        "byes": [{"round": b.round, "player": b.player, "kind": b.kind.value} for b in t.byes],
        "virtual_points": [{"round": v.round, "player": v.player, "points": _frac(v.points)} for v in t.virtual_points],
        "prohibited": [
            {"first_round": p.first_round, "last_round": p.last_round, "players": list(p.players)} for p in t.prohibited
        ],
        "headers": [{"code": h.code, "text": h.text, **({"sep": h.sep} if h.sep != " " else {})} for h in t.headers],
        "players": [
            {
                "id": p.id,
                "name": p.name,
                "sex": p.sex,
                "title": p.title,
                "rating": p.rating,
                "federation": p.federation,
                "fide_id": p.fide_id,
                "birth_date": p.birth_date,
                "points": None if p.points is None else _frac(p.points),
                "rank": p.rank,
                "rounds": [{"opponent": e.opponent, "colour": e.colour, "result": e.result} for e in p.rounds],
            }
            for p in t.in_pairing_order
        ],
    }


def format_json(t: Tournament) -> str:
    return json.dumps(to_json_dict(t), indent=1, ensure_ascii=False) + "\n"


class _Walker:
    """Reads JSON values with errors that name the path of the bad field."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, path: str, message: str) -> InputError:
        return InputError(message, source=self.source, field=path)

    def get(
        self, obj: Any, key: str, path: str, types: tuple[type, ...], *, optional: bool = False, default: Any = None
    ) -> Any:
        if not isinstance(obj, dict):
            raise self.fail(path, f"expected an object, found {type(obj).__name__}")
        if key not in obj:
            if optional:
                return default
            raise self.fail(f"{path}.{key}", "missing")
        v = obj[key]
        if v is None and optional:
            return default
        if not isinstance(v, types) or (isinstance(v, bool) and bool not in types):
            names = " or ".join(t.__name__ for t in types)
            raise self.fail(f"{path}.{key}", f"expected {names}, found {json.dumps(v)[:40]}")
        return v

    def frac(self, text: Any, path: str) -> Fraction:
        if isinstance(text, bool) or not isinstance(text, (str, int)):
            raise self.fail(path, f'expected a number as a string such as "1/2", found {json.dumps(text)[:40]}')
        try:
            return Fraction(str(text))
        except (ValueError, ZeroDivisionError):
            raise self.fail(path, f'expected a number such as "1/2" or "0.5", found {text!r}') from None


def parse_json(data: bytes | str, source: str = "<input>") -> Tournament:
    try:
        doc = json.loads(data)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        line = getattr(exc, "lineno", None)
        raise InputError(f"not valid JSON ({getattr(exc, 'msg', exc)})", source=source, line=line) from None
    w = _Walker(source)
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise w.fail("format", f'expected "{FORMAT}"')
    if doc.get("version") != VERSION:
        raise w.fail("version", f"expected {VERSION}, found {doc.get('version')!r}")
    players = []
    seen = set()
    for i, pj in enumerate(w.get(doc, "players", "$", (list,))):
        path = f"players[{i}]"
        pid = w.get(pj, "id", path, (int,))
        if pid < 1 or pid in seen:
            raise w.fail(f"{path}.id", f"id {pid} is below 1 or used twice")
        seen.add(pid)
        rounds = []
        for k, rj in enumerate(w.get(pj, "rounds", path, (list,))):
            rp = f"{path}.rounds[{k}]"
            opp = w.get(rj, "opponent", rp, (int,), optional=True)
            colour = w.get(rj, "colour", rp, (str,), optional=True)
            result = w.get(rj, "result", rp, (str,))
            if colour not in (None, "w", "b"):
                raise w.fail(f"{rp}.colour", f'expected "w", "b" or null, found {colour!r}')
            if result not in RESULT_KINDS:
                raise w.fail(f"{rp}.result", f"expected a TRF result code, found {result!r}")
            rounds.append(RoundEntry(opp or None, colour, result))
        points = w.get(pj, "points", path, (str, int), optional=True)
        players.append(
            Player(
                id=pid,
                name=w.get(pj, "name", path, (str,)),
                rounds=tuple(rounds),
                sex=w.get(pj, "sex", path, (str,), optional=True, default=""),
                title=w.get(pj, "title", path, (str,), optional=True, default=""),
                rating=w.get(pj, "rating", path, (int,), optional=True, default=0),
                federation=w.get(pj, "federation", path, (str,), optional=True, default=""),
                fide_id=w.get(pj, "fide_id", path, (str,), optional=True, default=""),
                birth_date=w.get(pj, "birth_date", path, (str,), optional=True, default=""),
                points=None if points is None else w.frac(points, f"{path}.points"),
                rank=w.get(pj, "rank", path, (int,), optional=True),
            )
        )
    scoring_j = w.get(doc, "scoring", "$", (dict,), optional=True, default={})
    fields = Scoring.__dataclass_fields__
    for k in scoring_j:
        if k not in fields:
            raise w.fail(f"scoring.{k}", f"unknown; expected one of {', '.join(fields)}")
    scoring = Scoring().with_values(**{k: w.frac(v, f"scoring.{k}") for k, v in scoring_j.items()})
    byes = []
    for i, b in enumerate(w.get(doc, "byes", "$", (list,), optional=True, default=[])):
        kind = w.get(b, "kind", f"byes[{i}]", (str,))
        if kind not in ("H", "F", "Z"):
            raise w.fail(f"byes[{i}].kind", f"expected H, F or Z, found {kind!r}")
        byes.append(
            PreassignedBye(
                w.get(b, "round", f"byes[{i}]", (int,)), w.get(b, "player", f"byes[{i}]", (int,)), ByeKind(kind)
            )
        )
    virtual = [
        VirtualPoints(
            w.get(v, "round", f"virtual_points[{i}]", (int,)),
            w.get(v, "player", f"virtual_points[{i}]", (int,)),
            w.frac(w.get(v, "points", f"virtual_points[{i}]", (str, int)), f"virtual_points[{i}].points"),
        )
        for i, v in enumerate(w.get(doc, "virtual_points", "$", (list,), optional=True, default=[]))
    ]
    prohibited = [
        ProhibitedPairs(
            w.get(p, "first_round", f"prohibited[{i}]", (int,)),
            w.get(p, "last_round", f"prohibited[{i}]", (int,)),
            tuple(w.get(p, "players", f"prohibited[{i}]", (list,))),
        )
        for i, p in enumerate(w.get(doc, "prohibited", "$", (list,), optional=True, default=[]))
    ]
    headers = [
        HeaderRecord(
            w.get(h, "code", f"headers[{i}]", (str,)),
            w.get(h, "text", f"headers[{i}]", (str,)),
            w.get(h, "sep", f"headers[{i}]", (str,), optional=True, default=" "),
        )
        for i, h in enumerate(w.get(doc, "headers", "$", (list,), optional=True, default=[]))
    ]
    colour = w.get(doc, "initial_colour", "$", (str,), optional=True)
    if colour not in (None, "w", "b"):
        raise w.fail("initial_colour", f'expected "w", "b" or null, found {colour!r}')
    by_rank = w.get(doc, "initial_colour_by_rank", "$", (bool,), optional=True, default=False)
    t = Tournament(
        players=tuple(sorted(players, key=lambda p: p.id)),
        total_rounds=w.get(doc, "total_rounds", "$", (int,), optional=True),
        initial_colour=colour,
        initial_colour_by_rank=by_rank,
        pairing_order=tuple(p.id for p in players) if by_rank else (),
        scoring=scoring,
        system=w.get(doc, "system", "$", (str,), optional=True),
        byes=tuple(sorted(byes)),
        virtual_points=tuple(sorted(virtual)),
        prohibited=tuple(prohibited),
        headers=tuple(headers),
    )
    check_consistency(t, source)
    return t
