"""The match model of C.04.5 (Preface, Art. 1.4, 1.6): a match is round columns ``2k-1``
and ``2k``; how it is read back from a file and how reports name its columns."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from tabellone.core.errors import InputError
from tabellone.core.model import Player, RoundEntry, Tournament, opposite
from tabellone.core.scoring import PLAYED_CODES

#: Round columns per pairing (a match of two games): what a "round" of C.04.7 and of the
#: command line's ``--rounds`` counts, read through :func:`rules.games_per_round`.
GAMES_PER_ROUND = 2

#: The two cells of a pairing-allocated bye: a game won and a game drawn (Art. 1.4).
PAB_CODES = ("U", "H")
#: Bye codes that may fill the two cells of a match nobody plays.
BYE_CELLS = frozenset("UFHZ ")


@dataclass(frozen=True)
class Match:
    """One player's match ``number`` (1-based), read from columns ``2n-1`` and ``2n``.

    ``colour`` is the player's colour of game 1 when at least one of the two games was
    played over the board (Art. 1.6), else ``None``; ``forfeited`` is True when a player
    forfeited both games (Preface: not a meeting, the pair may meet again);
    ``forfeit_win`` when the opponent did and this player did not."""

    number: int
    opponent: int | None
    colour: str | None
    points: Fraction
    forfeited: bool = False
    forfeit_win: bool = False
    pab: bool = False
    full_bye: bool = False

    @property
    def met(self) -> bool:
        """A match that counts as played (Preface): an opponent, not forfeited."""
        return self.opponent is not None and not self.forfeited


def _cells(p: Player, k: int) -> tuple[RoundEntry, RoundEntry]:
    return p.entry(2 * k - 1), p.entry(2 * k)


def match_error(p: Player, k: int, what: str) -> InputError:
    return InputError(
        f"player {p.id}, match {k} (round columns {2 * k - 1} and {2 * k}): {what} (C.04.5 Preface: "
        "a match is two games against one opponent, colours reversed; a bye covers the whole match)",
        field=f"round {2 * k - 1}-{2 * k}",
    )


def matches_of(t: Tournament, pid: int, upto: int) -> list[Match]:
    """Player ``pid``'s matches ``1 .. upto``, checked (see the module docstring)."""
    p = t.player(pid)
    out = []
    for k in range(1, upto + 1):
        e1, e2 = _cells(p, k)
        points = t.points_in_round(p, 2 * k - 1) + t.points_in_round(p, 2 * k)
        g1, g2 = e1.opponent is not None, e2.opponent is not None
        if not g1 and not g2:
            if e1.result not in BYE_CELLS or e2.result not in BYE_CELLS:
                raise match_error(p, k, f"results {e1.result!r} {e2.result!r} without an opponent")
            if "U" in (e1.result, e2.result) and (e1.result, e2.result) != PAB_CODES:
                raise match_error(
                    p,
                    k,
                    f"a pairing-allocated bye is written U in game 1 and H in game 2 (Art. 1.4), found {e1.result!r} {e2.result!r}",
                )
            out.append(Match(k, None, None, points, pab=e1.result == "U", full_bye="F" in (e1.result, e2.result)))
            continue
        if g1 != g2 or e1.opponent != e2.opponent:
            raise match_error(
                p, k, f"game 1 against {e1.opponent or 'nobody'}, game 2 against {e2.opponent or 'nobody'}"
            )
        if e1.colour is not None and e2.colour is not None and e1.colour == e2.colour:
            raise match_error(p, k, "the same colour in both games")
        o = t.by_id.get(e1.opponent)
        if o is None:
            raise match_error(p, k, f"opponent {e1.opponent} is not in the tournament")
        o1, o2 = _cells(o, k)
        mine = e1.result == "-" and e2.result == "-"
        theirs = o1.result == "-" and o2.result == "-" and o1.opponent == pid
        played = e1.result in PLAYED_CODES or e2.result in PLAYED_CODES
        colour = e1.colour or (opposite(e2.colour) if e2.colour else None)
        out.append(
            Match(
                k,
                e1.opponent,
                colour if played else None,
                points,
                forfeited=mine or theirs,
                forfeit_win=theirs and not mine,
            )
        )
    return out


def round_name(r: int) -> str:
    """How reports name round column ``r`` (:func:`tabellone.verify.checker.round_name`): game 1
    stands for its match (it is the pairing), game 2 is named as such. Column 7 is
    'match 4 (round columns 7-8)', column 8 'match 4, game 2 (round column 8)'."""
    k = (r + 1) // 2
    return f"match {k} (round columns {r}-{r + 1})" if r % 2 else f"match {k}, game 2 (round column {r})"


def match_virtual_points(t: Tournament, k: int) -> dict[int, Fraction]:
    """The virtual points (C.04.7) of match ``k``: those recorded for its game-1 column
    ``2k-1`` (TRF26 ``250``, JaVaFo ``XXA``, or Baku's, which
    :func:`tabellone.core.acceleration.baku_virtual_points` writes in both columns of a match).
    A match is one pairing, so its game-2 column holds the same or none."""
    first, second = t.virtual_points_for(2 * k - 1), t.virtual_points_for(2 * k)
    for pid, points in second.items():
        if first.get(pid, Fraction(0)) != points:
            raise InputError(
                f"player {pid}, match {k}: virtual points {first.get(pid, 0)} for game 1 (round column {2 * k - 1}) but {points} "
                f"for game 2 (column {2 * k}); acceleration (C.04.7) adds them once per match, the same in both columns",
                field="250 / XXA",
            )
    return first
