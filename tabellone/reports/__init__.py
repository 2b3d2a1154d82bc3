"""What an organiser posts: pairing lists, standings and crosstables as tables
(:mod:`~tabellone.reports.tables`) written as text, CSV, JSON or a printable HTML page
(:mod:`~tabellone.reports.html`).
"""
