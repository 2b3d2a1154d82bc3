"""Rulesets: one module per pairing system, each its criteria in priority order and its
literal procedure. The engine in :mod:`solver` knows none of them by name."""
