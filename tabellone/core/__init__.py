"""The core model, at the bottom of every layer: players, rounds, results and scores
(:mod:`~tabellone.core.model`, :mod:`~tabellone.core.scoring`), a round's pairing
(:mod:`~tabellone.core.pairing`), team events (:mod:`~tabellone.core.team`), history cuts,
acceleration, progress lines and the errors a user can act on. It imports nothing of the
package above it.
"""
