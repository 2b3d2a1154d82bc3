"""The verifier: is a round the pairing the rules give, and if not, which article says so
(:mod:`~tabellone.verify.checker`); conformance runs over reference tournaments
(:mod:`~tabellone.verify.conformance`).
"""
