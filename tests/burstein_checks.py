"""Checks of generated Burstein events that read the file only, with no code of the engine."""

from __future__ import annotations


def independent_check(t):
    """The absolute rules read straight from the file, with no code of the engine: no
    two players meet twice over the board, nobody's colours differ by more than two or
    repeat three times running, nobody has two pairing-allocated byes or one after a
    forfeit win, and everyone not on a bye or absent plays exactly once per round."""
    played: set[frozenset] = set()
    colours = {p.id: "" for p in t.players}
    had = {p.id: set() for p in t.players}
    for r in range(1, t.rounds_paired + 1):
        seen = []
        for p in t.players:
            e = p.entry(r)
            if e.opponent is not None:
                seen.append(p.id)
                if e.played:
                    key = frozenset((p.id, e.opponent))
                    if p.id < e.opponent:
                        assert key not in played, f"round {r}: {p.id} and {e.opponent} meet again"
                        played.add(key)
                    colours[p.id] += e.colour
            if e.result == "U":
                assert not had[p.id] & {"U", "+"}, f"round {r}: {p.id} gets a bye after a bye or forfeit win"
                seen.append(p.id)
            had[p.id].add(e.result)
        assert len(seen) == len(set(seen))
        for pid, c in colours.items():
            assert abs(c.count("w") - c.count("b")) <= 2, f"round {r}: {pid} has colours {c}"
            assert "www" not in c and "bbb" not in c, f"round {r}: {pid} has colours {c}"
