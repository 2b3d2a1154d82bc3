"""Maximum-weight matching with exact integer weights: the compiled blossom core
(:mod:`~tabellone.matching.blossom`), the back ends and their choice
(:mod:`~tabellone.matching.backends`), lexicographic objectives packed into one weight
(:mod:`~tabellone.matching.lexicographic`), the completion oracle
(:mod:`~tabellone.matching.completion`) and CP-SAT (:mod:`~tabellone.matching.cpsat`).
It names no pairing system.
"""
