"""The command line's help names the systems, editions, methods and profiles the
registry has (filled in when printed, so they cannot drift from it), and every
command's help prints whole."""

from __future__ import annotations

import argparse
import re

import pytest

from tabellone.cli.parser import build_parser, help_listing
from tabellone.rules import SYSTEMS
from tabellone.rules.profiles import resolve


def _commands(only: str | None = None) -> dict[str, argparse.ArgumentParser]:
    sub = next(a for a in build_parser(only)._actions if isinstance(a, argparse._SubParsersAction))
    return sub.choices


COMMANDS = sorted(_commands())


def _help(command: str) -> str:
    """The help of ``command`` as one line (argparse wraps it)."""
    return re.sub(r"\s+", " ", _commands(command)[command].format_help())


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_prints_its_help_with_every_list_filled_in(command):
    text = _help(command)
    assert text.startswith(f"usage: tabellone {command}")
    assert not re.search(r"\{(systems|editions|methods|comparable|profiles)\}", text)


def test_pair_names_every_system_and_each_of_its_editions_the_default_first():
    text = _help("pair")
    for name, system in SYSTEMS.items():
        assert name in text
        first, *rest = system.editions
        said = f"{name}: {first}" + (" (the default)" if rest else "")
        assert said in text, said
        for edition in rest:
            assert edition in text.split(said, 1)[1].split(";", 1)[0], (name, edition)
    assert "1992 (literal only)" in text  # the Dutch 1992 text has no optimiser


def test_the_method_said_to_be_the_default_is_the_one_a_round_is_paired_by():
    """The help's default method of each system is the first it declares; that it is
    the default in fact is checked by the systems' contract
    (tests/rules/test_system_contract.py)."""
    text = _help("pair")
    for name, system in SYSTEMS.items():
        if len(system.methods) > 1:
            part = text.split(f"{system.methods[0]} by default:", 1)[1].split(";", 1)[0].split(")", 1)[0]
            assert name in [n.strip() for n in part.split(",")], name


def test_compare_lists_the_systems_it_takes():
    text = _help("compare")
    for name, system in SYSTEMS.items():
        assert (name in text) == system.comparable, name


def test_every_profile_the_help_names_is_one_that_reads():
    names = help_listing("profiles").split(", ")
    assert "dutch-2026" in names and "burstein-legacy" in names
    for name in names:
        assert resolve(name).system in SYSTEMS


def test_an_unknown_listing_is_refused():
    with pytest.raises(KeyError):
        help_listing("colours")
