"""Random tournaments for tests, benchmarks and simulation: players, byes and results
drawn from a seed (:mod:`~tabellone.generate.tournament`), team events
(:mod:`~tabellone.generate.teams`) and the result models (:mod:`~tabellone.generate.result_models`).
The pairing engine is passed in; nothing here names a system.
"""
