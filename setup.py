"""Build the compiled matching core ``tabellone.matching._blossom``; the project itself is in
pyproject.toml. The core is optional: without a C compiler the install still succeeds and
the engine uses the exact pure-Python matching (it says so once, on first use)."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "tabellone.matching._blossom", ["tabellone/matching/_blossom.c"], extra_compile_args=["-O3"], optional=True
        )
    ]
)
