"""``tabellone.core.records.builder``: the object it makes is the one the class's own
``__init__`` makes from the same fields (equal, same hash, same type, as immutable), for
every class the hot loops build with it, and it refuses a class whose ``__init__`` does
more than store fields."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from tabellone.core.model import (
    BLACK,
    WHITE,
    ByeKind,
    ColourPreference,
    Float,
    Player,
    PlayerState,
    RoundEntry,
    Strength,
)
from tabellone.core.records import builder
from tabellone.rules.fide_common import Entrant

STATE = PlayerState(
    id=7,
    score=Fraction(5, 2),
    pairing_score=Fraction(3),
    opponents=frozenset({1, 4, 9}),
    colours="wbw",
    preference=ColourPreference(Strength.STRONG, BLACK),
    floats_2026=(None, Float.DOWN, None, Float.UP),
    floats_2017=(Float.DOWN, Float.DOWN, None, Float.UP),
    had_pab=False,
    won_without_playing=True,
    won_pab_or_forfeit=True,
    participated=True,
    games_played=3,
    rounds_unplayed=1,
    rating=2105,
    present=False,
    bye=ByeKind.HALF,
)

#: One object of each class, every field different from its neighbours' (a builder that
#: put a value in the wrong field would not compare equal).
EXAMPLES = [
    STATE,
    Player(
        id=3,
        name="Rossi, Mario",
        rounds=(RoundEntry(9, WHITE, "1"), RoundEntry(None, None, "H")),
        sex="m",
        title="FM",
        rating=2311,
        federation="ITA",
        fide_id="123456",
        birth_date="1990/01/02",
        points=Fraction(3, 2),
        rank=4,
    ),
    Entrant(
        id=7,
        rank=5,
        score=Fraction(3),
        real_score=Fraction(5, 2),
        colours="wbw",
        pref=BLACK,
        strength=Strength.STRONG,
        cd=1,
        repeated=None,
        topscorer=True,
        state=STATE,
    ),
]


@pytest.mark.parametrize("obj", EXAMPLES, ids=lambda o: type(o).__name__)
def test_builder_makes_what_the_class_makes(obj):
    cls = type(obj)
    values = [getattr(obj, f.name) for f in dataclasses.fields(cls)]
    built = builder(cls)(*values)
    assert type(built) is cls
    assert built == obj == cls(*values)
    assert hash(built) == hash(obj)
    assert [getattr(built, f.name) for f in dataclasses.fields(cls)] == values
    by_name = builder(cls)(**{f.name: getattr(obj, f.name) for f in dataclasses.fields(cls)})
    assert by_name == obj
    with pytest.raises(dataclasses.FrozenInstanceError):
        built.id = 99
    with pytest.raises(TypeError):  # no defaults: every field is given
        builder(cls)(*values[:-1])


def test_builder_refuses_what_it_cannot_copy():
    @dataclasses.dataclass
    class Mutable:
        a: int

    @dataclasses.dataclass(frozen=True)
    class Checked:
        a: int

        def __post_init__(self) -> None:
            if self.a < 0:
                raise ValueError("negative")

    @dataclasses.dataclass(frozen=True)
    class Derived:
        a: int
        b: int = dataclasses.field(init=False, default=0)

    for cls in (Mutable, Checked, Derived, int):
        with pytest.raises(TypeError):
            builder(cls)
