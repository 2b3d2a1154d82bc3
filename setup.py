"""Build the compiled matching core ``tabellone.matching._blossom``; the project itself is in
pyproject.toml. The core is optional: without a C compiler the install still succeeds and
the engine uses the exact pure-Python matching (it says so once, on first use).

``_blossom.c`` is one translation unit that includes its parts from
``tabellone/matching/blossom_core/`` (arithmetic, state, blossoms, stages, certificate,
graph parsing, warm start, module functions, IncrementalMatcher): they are listed as
``depends`` so that a change to any of them rebuilds the core and the sdist carries them.
"""

from glob import glob

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "tabellone.matching._blossom",
            ["tabellone/matching/_blossom.c"],
            depends=sorted(glob("tabellone/matching/blossom_core/*.c")),
            extra_compile_args=["-O3"],
            optional=True,
        )
    ]
)
