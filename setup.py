"""Build the compiled matching core ``solver._blossom``; the project itself is in pyproject.toml."""

from setuptools import Extension, setup

setup(ext_modules=[Extension("solver._blossom", ["solver/_blossom.c"], extra_compile_args=["-O3"])])
