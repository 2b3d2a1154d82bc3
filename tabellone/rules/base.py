"""The one interface every pairing system implements: :class:`PairingSystem`.

A system is an object, registered by name in :mod:`tabellone.rules`. Everything above
the systems (the API, the command line, the verifier, the simulator) talks to it only
through this class, and knows no system by name:

>>> from tabellone.rules import get_system
>>> dutch = get_system("dutch")
>>> dutch.name, dutch.editions[0], dutch.methods
('dutch', '2026', ('optimised', 'literal'))
>>> edition, options = dutch.configure(None, method="literal")
>>> edition, options.method
('2026', 'literal')

Pairing a round and checking it::

    pairing = dutch.pair(t, edition, None, options)        # the next round of t
    assert dutch.violations(t, pairing, edition, options) == []

What a system states about itself:

* :attr:`~PairingSystem.name` (the command line's ``--system``), :attr:`~PairingSystem.title`;
* :attr:`~PairingSystem.editions`, the first the default; :attr:`~PairingSystem.methods`
  (``"optimised"``, ``"literal"``: the text's own procedure), empty for a system with one;
* :attr:`~PairingSystem.games_per_round`: round columns one pairing fills (2 for a
  Double-Swiss match);
* :attr:`~PairingSystem.options_type`: its options as one frozen dataclass (an
  :class:`Options`), validated once by
  :meth:`~PairingSystem.configure` (an option it does not take, or a bad value, is an
  :class:`~tabellone.InputError` naming the option); those that take one of a few values
  and that the command line offers (``--game``, ``--odd``) are declared, with their help,
  in ``options.json`` beside the class, which :func:`tabellone.rules.system_options`
  reads without importing the system.

What it does: :meth:`~PairingSystem.pair` and :meth:`~PairingSystem.violations` (every
absolute rule a pairing breaks, as :class:`Violation` fields), which every system must
implement; the verifier's :meth:`~PairingSystem.evaluate`,
:meth:`~PairingSystem.quality_criteria` and :meth:`~PairingSystem.colour_article`;
``tabellone compare``'s :meth:`~PairingSystem.compare`; and a few optional reports
(:meth:`~PairingSystem.info_report`, :meth:`~PairingSystem.standings`,
:meth:`~PairingSystem.explain_steps`, ...), whose defaults say "nothing of the kind".

A system's class lives in its package (``tabellone/rules/<system>/system.py``) and calls
the package's public functions (``pair_round``, ``violations``, ``evaluate``, ...): the
class is the contract, the package the rules. Adding a system whose package offers those
functions takes a class that says which options each of them takes::

    @dataclass(frozen=True)
    class MineOptions(Options):
        method: str | None = None

    class Mine(PackageSystem[MineOptions]):
        name, title = "mine", "My Swiss system"
        editions, methods = ("2026",), ("literal", "optimised")
        options_type = MineOptions
        package = tabellone.rules.mine
        keywords = {"pair_round": ("method",)}

and a line in the registry (``tabellone.rules._CLASSES``); ``tests/rules/test_system_contract.py``
then checks it like every other system.
"""

from __future__ import annotations

import dataclasses
import functools
import warnings
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, ParamSpec, TypeVar, cast

from tabellone.core.errors import InputError
from tabellone.core.model import Tournament
from tabellone.core.pairing import Pairing, Violation
from tabellone.core.scoring import Scoring
from tabellone.rules.comparison import BracketSide, BracketValues, CandidatePlaces, Comparison

__all__ = [
    "BracketSide",
    "BracketValues",
    "CandidatePlaces",
    "Comparison",
    "NoOptions",
    "Options",
    "PackageSystem",
    "PairingSystem",
    "Violation",
    "deprecated_check_absolute",
]


@dataclass(frozen=True)
class Options:
    """A system's options: subclass it as a frozen dataclass, one field per option, each
    defaulting to ``None`` or its neutral value (the field name is the command line's
    ``--name``), set as the system's :attr:`~PairingSystem.options_type`.
    ``__post_init__`` checks the values (an :class:`~tabellone.InputError`
    naming the option); :meth:`PairingSystem.configure` checks ``method`` against the
    system's :attr:`~PairingSystem.methods` and reads ``profile``.

    >>> from tabellone.rules import get_system
    >>> get_system("italo-svizzero").configure(None, game="internazionale")[1].game
    'internazionale'
    """

    @classmethod
    def names(cls) -> tuple[str, ...]:
        """The options, by name."""
        return tuple(f.name for f in dataclasses.fields(cls))

    def given(self, *names: str) -> dict[str, Any]:
        """The options among ``names`` that are set (not ``None``), as keyword arguments
        for the system's functions."""
        return {n: getattr(self, n) for n in names if getattr(self, n) is not None}


@dataclass(frozen=True)
class NoOptions(Options):
    """The options of a system that takes none."""


O = TypeVar("O", bound=Options)


class PairingSystem(Generic[O]):
    """A pairing system: what it is called, its editions and methods, how it pairs a
    round and what its absolute rules forbid, and how the verifier weighs a pairing.

    Subclasses set the class attributes and implement :meth:`pair` and
    :meth:`violations`; every other method has a default meaning "this system has
    none" (no quality criteria, no second method, no colour articles, ...)."""

    #: The name on the command line (``--system``) and in the registry.
    name: ClassVar[str]
    #: The full name, for reports ("FIDE Dutch").
    title: ClassVar[str]
    #: The editions of the text, the first the default (``--edition``).
    editions: ClassVar[tuple[str, ...]]
    #: The methods (``--method``): ``"optimised"`` and/or ``"literal"``, the first the
    #: default; empty when the system has one way of pairing.
    methods: ClassVar[tuple[str, ...]] = ()
    #: Editions paired by the text's own procedure whatever the method (the Dutch 1992).
    literal_only: ClassVar[tuple[str, ...]] = ()
    #: Whether :meth:`compare` pairs a round by both methods (``tabellone compare``).
    comparable: ClassVar[bool] = False
    #: Whether the two methods give one pairing: the optimiser states the text's criteria
    #: in the text's order, generation order included, so it makes the round the text's
    #: procedure makes (checked on generated rounds by ``tests/rules/test_system_contract.py``
    #: and at scale by the ``benchmarks/*_crosscheck.py`` scripts). False where the
    #: procedure may settle for less than the optimum (the Lim colour choices, the
    #: italo-svizzero rotation) or where the two readings differ (Dubov).
    methods_agree: ClassVar[bool] = False
    #: Round columns one pairing fills: 2 for a Double-Swiss match (two games, each in
    #: its own TRF column), 1 for the others. A "round" of ``--rounds`` and of the C.04.7
    #: acceleration is one pairing.
    games_per_round: ClassVar[int] = 1
    #: Whether the system pairs team events (records 310/013), and whether it is the
    #: team system (the default for a team event, and the one whose standings it has).
    pairs_teams: ClassVar[bool] = False
    team_system: ClassVar[bool] = False
    #: Whether the bbpPairings / JaVaFo command line ``tabellone --NAME FILE -p|-c`` pairs
    #: by this system (``--dutch``, ``--dubov``, ``--burstein``).
    bbp_compatible: ClassVar[bool] = False
    #: A research baseline rather than a ruleset (the random pairing): its one edition is
    #: not named in reports, and it draws from a ``seed`` option.
    research_baseline: ClassVar[bool] = False
    #: Criteria a bracket meets by looking ahead to the rest of the round (the Dutch C9):
    #: the verifier compares their round value, not the bracket's.
    lookahead: ClassVar[tuple[str, ...]] = ()
    #: Whether :meth:`pair` already checks its pairing against every absolute criterion
    #: :meth:`violations` lists (the same call, raising
    #: :class:`~tabellone.SelfCheckError` on any), so that :func:`tabellone.pair` does not
    #: run the same check a second time.
    checks_own_pairing: ClassVar[bool] = False
    #: The type of the system's options, a frozen dataclass (:class:`Options`); the class
    #: is generic in it, so :meth:`options` gives the system's own type.
    options_type: type[Options] = NoOptions

    # --- editions and options ------------------------------------------------------------

    def edition(self, edition: str | None) -> str:
        """``edition``, or the default (the first) when ``None``; an edition the system
        does not have is an :class:`~tabellone.InputError` (``--edition``)."""
        edition = edition or self.editions[0]
        if edition not in self.editions:
            raise InputError(
                f"unknown edition {edition!r} of {self.name}; expected one of {', '.join(self.editions)}",
                field="--edition",
            )
        return edition

    def takes(self, option: str) -> bool:
        """Whether the system takes ``option`` (``"profile"``, ``"solve"``, ``"game"``...)."""
        return option in self.options_type.names()

    def configure(self, edition: str | None = None, **given: Any) -> tuple[str, O]:
        """The edition and the :attr:`options_type` for ``given`` (``None`` values are left
        out), checked once: a ``profile`` (a name, a path or a Profile) is read and must
        be for this system and edition (its edition is the default); the edition must be
        the system's; an option the system does not take, or a bad value, is an
        :class:`~tabellone.InputError` naming it."""
        given = {k: v for k, v in given.items() if v is not None}
        if "profile" in given:
            edition, given["profile"] = self._profile(edition, given["profile"])
        edition = self.edition(edition)
        names = self.options_type.names()
        for key in given:
            if key not in names:
                raise InputError(f"the {self.name} system has no option --{key}", field=f"--{key}")
        method = given.get("method")
        if method is not None and method not in self.methods:
            raise InputError(
                f"unknown method {method!r}; expected one of {', '.join(self.methods) or 'none'}", field="--method"
            )
        return edition, cast(O, self.options_type(**given))

    def options(self, options: Options | Mapping[str, Any] | None = None) -> O:
        """``options`` as the system's :attr:`options_type` (a mapping is checked as by
        :meth:`configure`; ``None``: every option at its default)."""
        if options is None:
            return cast(O, self.options_type())
        if isinstance(options, self.options_type):
            return cast(O, options)
        if isinstance(options, Options):
            raise TypeError(f"{type(options).__name__} are not the options of the {self.name} system")
        return self.configure(self.editions[0], **options)[1]

    def _profile(self, edition: str | None, profile: Any) -> tuple[str | None, Any]:
        from tabellone.rules.profiles import resolve

        p = resolve(profile)
        assert p is not None  # configure passes only a profile given
        if p.system != self.name:
            raise InputError(
                f"profile {p.name} is for the {p.system} system, not {self.name}",
                source=p.source or None,
                field="--profile",
            )
        if edition is not None and edition != p.edition:
            raise InputError(
                f"profile {p.name} is for edition {p.edition}, not {edition}",
                source=p.source or None,
                field="--profile",
            )
        return p.edition, p

    # --- pairing and the absolute rules -----------------------------------------------------

    def pair(
        self,
        t: Tournament,
        edition: str,
        round_number: int | None = None,
        options: Options | None = None,
        *,
        no_bye: Iterable[int] = frozenset(),
    ) -> Pairing:
        """Pair round ``round_number`` of ``t`` (``None``: the next), from the rounds
        before it. ``no_bye`` bars players from the pairing-allocated bye on top of the
        rules (the verifier prices alternatives with it). No legal pairing raises
        :class:`~tabellone.NoPairingError`."""
        raise NotImplementedError

    def violations(
        self, t: Tournament, pairing: Pairing, edition: str, options: Options | None = None
    ) -> list[Violation]:
        """Every absolute rule ``pairing`` (a round of ``t``) breaks, one
        :class:`Violation` each; empty when it is legal."""
        raise NotImplementedError

    # --- the verifier -----------------------------------------------------------------------

    def quality_criteria(self, edition: str, options: Options | None = None) -> list[tuple[str, str]]:
        """The quality criteria in priority order, as ``(article, what is minimised)``;
        round-level articles may be listed too. Empty: the system has no
        criterion-by-criterion report (the verifier then says only that it differs)."""
        return []

    def evaluate(
        self, t: Tournament, pairing: Pairing, edition: str, options: Options | None = None
    ) -> tuple[dict[str, object], list[BracketValues]]:
        """The value of every quality criterion in ``pairing``: the round-level ones
        (article -> value), then one :class:`BracketValues` per bracket from the top. Its
        keys are the articles of :meth:`quality_criteria`."""
        return {}, []

    def colour_article(
        self, t: Tournament, round_number: int, white: int, black: int, edition: str, options: Options | None = None
    ) -> tuple[int, str] | None:
        """Who gets White when ``white`` and ``black`` meet in ``round_number``, and the
        article that decides; ``None`` for a system without colour articles."""
        return None

    def pab_article(self, edition: str) -> str | None:
        """The round-level article :meth:`evaluate` gives as the score of the PAB
        assignee without listing it in :meth:`quality_criteria` (the Dutch C5, which the
        text settles before any bracket; the italo-svizzero Art. 8); the verifier
        compares it first and names it "score of the PAB assignee". ``None``: none."""
        return None

    def candidate_places(
        self, t: Tournament, edition: str, round_number: int, given: BracketSide, rules: BracketSide, yours: str
    ) -> CandidatePlaces | None:
        """Where the text's generation order places two candidates of one bracket that
        tie on every criterion (``given`` and the rules' ``rules``, in round
        ``round_number``; ``yours`` names the first in the sentences), step by step;
        ``None``: the system does not count its generation order so (the default)."""
        return None

    def generation_article(self, edition: str) -> str:
        """The article that makes the first-generated of equally good candidates the
        pairing (the verifier names it when two pairings tie on every criterion)."""
        return "the text's procedure"

    def bye_reading(self, t: Tournament, round_number: int, player: int, edition: str) -> tuple[bool, str] | None:
        """Whether ``player`` may have the pairing-allocated bye, and the sentence that
        says which reading of the text decides (the Dutch C2); ``None``: nothing to add."""
        return None

    def compare(
        self, t: Tournament, edition: str, round_number: int | None = None, options: Options | None = None
    ) -> Any:
        """Pair a round by both methods and compare their objective vectors (a
        :class:`Comparison`, or an object with its fields), for :attr:`comparable`
        systems."""
        raise InputError(f"the {self.name} system has no second method to compare with", field="--system")

    # --- reports ----------------------------------------------------------------------------

    def round_name(self, round_number: int) -> str:
        """How reports name a round column ("round 5"; the Double-Swiss system names the
        match and the game)."""
        return f"round {round_number}"

    def score_suspended(
        self, t: Tournament, edition: str, round_number: int | None = None
    ) -> tuple[Tournament, str | None]:
        """``t`` with games still suspended scored as the system scores them for pairing,
        and a note saying so; by default ``t`` and no note (every result is needed)."""
        return t, None

    def explain_steps(
        self,
        t: Tournament,
        round_number: int,
        edition: str,
        options: Options | None = None,
        pair: tuple[int, int] | None = None,
        bye: int | None = None,
    ) -> list[str]:
        """For a procedural system, the step of its procedure that forms ``pair`` (or
        gives ``bye``), as lines appended to ``tabellone explain``; none by default."""
        return []

    def info_report(self, t: Tournament, round_number: int, edition: str | None, as_json: bool) -> str | None:
        """The system's own table for ``tabellone info --system NAME`` (the Dubov ARO
        list, the Burstein index order), as text or JSON; ``None``: the common table."""
        return None

    def standings(
        self, t: Tournament, edition: str | None, options: Options | None = None, tiebreaks: Any = None
    ) -> list[Any] | None:
        """The system's own standings rows (the italo-svizzero Buchholz procedure);
        ``None``: the FIDE C.07 tie-breaks of the file (``tabellone standings``)."""
        return None

    def format_standings(self, t: Tournament, rows: list[Any], edition: str | None) -> str:
        """The text table of :meth:`standings` rows."""
        raise NotImplementedError

    def scoring(self) -> Scoring:
        """The points a new event of this system scores by (chess: 1-½-0)."""
        return Scoring()

    def generate(self, settings: Any, pairer: Callable[[Tournament], Pairing]) -> Tournament:
        """A random event (:class:`tabellone.generate.tournament.GeneratorSettings`), each
        round paired by ``pairer`` (given the event before the round, it returns the
        :class:`Pairing`) and played (:func:`tabellone.generate.tournament.generate`)."""
        from tabellone.generate.tournament import generate

        def pairs(t: Tournament) -> tuple[list[tuple[int, int]], int | None]:
            pairing = pairer(t)
            return pairing.pairs, pairing.bye

        return generate(settings, pairs)

    def standings_view(self, t: Tournament) -> Tournament:
        """``t`` as the tie-breaks read it (the Double-Swiss system counts a single
        forfeited game of a match as played); ``t`` itself by default."""
        return t

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


class PackageSystem(PairingSystem[O]):
    """A system whose rules package offers the functions the interface calls, with the
    same meaning: ``pair_round(t, edition, round_number, no_bye=...)``,
    ``violations(t, pairing, edition)``, ``quality_criteria(edition)``,
    ``evaluate(t, pairing, edition)``, ``colour_article(t, round, white, black, edition=...)``
    and, for a :attr:`~PairingSystem.comparable` system, ``compare(t, edition, round_number)``;
    with :attr:`reads_bye`, ``C2_bye_reading(t, round_number, player, edition)``.

    :attr:`package` is the package; :attr:`keywords` says which options each function
    takes, as keywords (every option it does not name stays out of the call):

    >>> from tabellone.rules import get_system
    >>> get_system("lim").keywords["pair_round"]
    ('method', 'profile')
    """

    #: The rules package (``tabellone.rules.lim``).
    package: Any
    #: Function name -> the options it takes by keyword.
    keywords: Mapping[str, tuple[str, ...]] = {}
    #: Whether the package offers ``C2_bye_reading(t, round_number, player, edition)``
    #: (who may have the pairing-allocated bye by the edition's text, and the sentence
    #: that says so, naming the round of the earlier bye or win that bars it), which
    #: :meth:`bye_reading` then gives.
    reads_bye: ClassVar[bool] = False

    def _given(self, function: str, options: Options | None) -> dict[str, Any]:
        return self.options(options).given(*self.keywords.get(function, ()))

    def pair(
        self,
        t: Tournament,
        edition: str,
        round_number: int | None = None,
        options: Options | None = None,
        *,
        no_bye: Iterable[int] = frozenset(),
    ) -> Pairing:
        kw = self._given("pair_round", options)
        pairing: Pairing = self.package.pair_round(t, edition, round_number, no_bye=frozenset(no_bye), **kw)
        return pairing

    def violations(
        self, t: Tournament, pairing: Pairing, edition: str, options: Options | None = None
    ) -> list[Violation]:
        found: list[Violation] = self.package.violations(t, pairing, edition, **self._given("violations", options))
        return found

    def quality_criteria(self, edition: str, options: Options | None = None) -> list[tuple[str, str]]:
        criteria: list[tuple[str, str]] = self.package.quality_criteria(
            edition, **self._given("quality_criteria", options)
        )
        return criteria

    def evaluate(
        self, t: Tournament, pairing: Pairing, edition: str, options: Options | None = None
    ) -> tuple[dict[str, object], list[BracketValues]]:
        values: tuple[dict[str, object], list[BracketValues]] = self.package.evaluate(
            t, pairing, edition, **self._given("evaluate", options)
        )
        return values

    def colour_article(
        self, t: Tournament, round_number: int, white: int, black: int, edition: str, options: Options | None = None
    ) -> tuple[int, str] | None:
        kw = self._given("colour_article", options)
        decided: tuple[int, str] = self.package.colour_article(t, round_number, white, black, edition=edition, **kw)
        return decided

    def bye_reading(self, t: Tournament, round_number: int, player: int, edition: str) -> tuple[bool, str] | None:
        if not self.reads_bye:
            return None
        said: tuple[bool, str] = self.package.C2_bye_reading(t, round_number, player, edition)
        return said

    def compare(
        self, t: Tournament, edition: str, round_number: int | None = None, options: Options | None = None
    ) -> Any:
        if not self.comparable:
            return super().compare(t, edition, round_number, options)
        return self.package.compare(t, edition, round_number, **self._given("compare", options))


P = ParamSpec("P")


def deprecated_check_absolute(violations: Callable[P, list[Violation]]) -> Callable[P, list[str]]:
    """A package's former ``check_absolute``: its ``violations`` as sentences, with a
    :class:`DeprecationWarning`. A system states its absolute rules once, as
    :meth:`PairingSystem.violations` (each a :class:`Violation`, whose ``text`` is the
    sentence); this keeps old callers of ``check_absolute`` working meanwhile."""

    @functools.wraps(violations)
    def check_absolute(*args: P.args, **kwargs: P.kwargs) -> list[str]:
        warnings.warn(
            "check_absolute is deprecated: use violations (a list of Violation; .text is the sentence)",
            DeprecationWarning,
            stacklevel=2,
        )
        return [v.text for v in violations(*args, **kwargs)]

    check_absolute.__name__ = check_absolute.__qualname__ = "check_absolute"
    check_absolute.__doc__ = "Deprecated: :func:`violations` as sentences."
    return check_absolute
