"""Build the compiled matching core ``tabellone.matching._blossom``; the project itself is in
pyproject.toml. The core is optional: without a working C compiler the install still
succeeds, says so in one line, and the engine uses the exact pure-Python matching (it
says so once again, on first use). ``TABELLONE_REQUIRE_CORE=1`` makes a failed build an
error instead: the wheel builds of CI set it, so that no wheel ships without its core
(docs/installation.md).

``_blossom.c`` is one translation unit that includes its parts from
``tabellone/matching/blossom_core/`` (arithmetic, state, blossoms, stages, certificate,
slack classes, graph parsing, warm start, module functions, IncrementalMatcher): they are listed as
``depends`` so that a change to any of them rebuilds the core and the sdist carries them.
"""

import os
import sys
from glob import glob

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

_told: list = []


def _without_core(exc):
    """Say in one line that the core was not built (or fail, with TABELLONE_REQUIRE_CORE=1)."""
    if os.environ.get("TABELLONE_REQUIRE_CORE") == "1":
        raise exc
    if _told:  # once: an in-place build fails again when it copies the missing module
        return
    _told.append(exc)
    first = (str(exc).strip().splitlines() or [""])[0]
    failed = type(exc).__name__ in ("CompileError", "LinkError")  # the message is the command line
    why = f"the C compiler failed: {type(exc).__name__}" if failed or not first else first
    print(
        f"tabellone: WARNING: the compiled matching core was not built ({why[:100]}); "
        "installing the exact pure-Python matching, slower on large events",
        file=sys.stderr,
    )


class OptionalCoreBuild(build_ext):
    """Compile the core with the compiler's own optimisation flag; when no compiler
    works, one line on stderr instead of the compiler's output and a traceback."""

    def run(self):
        try:
            super().run()
        except Exception as exc:  # no compiler at all (setuptools' DistutilsPlatformError)
            _without_core(exc)

    def build_extension(self, ext):
        ext.extra_compile_args = ["/O2"] if self.compiler.compiler_type == "msvc" else ["-O3"]
        try:
            super().build_extension(ext)
        except Exception as exc:  # CompileError, LinkError, a compiler that is not there: OSError
            _without_core(exc)


setup(
    ext_modules=[
        Extension(
            "tabellone.matching._blossom",
            ["tabellone/matching/_blossom.c"],
            depends=sorted(glob("tabellone/matching/blossom_core/*.c")),
        )
    ],
    cmdclass={"build_ext": OptionalCoreBuild},
)
