"""This tabellone's version, in one place: the package's ``tabellone.__version__``, the
built distribution's version (``pyproject.toml`` reads it from here) and the record of a
simulation run (:mod:`tabellone.simulate.record`) all read :data:`VERSION`."""

VERSION = "0.2.0"
