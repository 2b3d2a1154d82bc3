"""File formats: TRF16 and TRF26 (:mod:`~tabellone.formats.trf`), TRF26 team records
(:mod:`~tabellone.formats.team_trf`, :mod:`~tabellone.formats.team_records`), JSON
(:mod:`~tabellone.formats.jsonio`) and CSV (:mod:`~tabellone.formats.csvio`); loading and
saving any of them by name (:mod:`~tabellone.formats.files`).
"""
