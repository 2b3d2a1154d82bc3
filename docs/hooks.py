"""MkDocs hook: an API page may name a module that is not in the tree yet.

A line ``::: tabellone.x.y`` asks mkdocstrings for that module's reference; when the
module cannot be found the line becomes a sentence saying so, so that the strict build
documents what exists and picks a new module up as soon as it lands.
"""

from __future__ import annotations

import importlib.util
import re

_DIRECTIVE = re.compile(r"^:::\s+(tabellone(?:\.\w+)*)\s*$", re.M)


def _exists(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def on_page_markdown(markdown: str, **_: object) -> str:
    def replace(m: re.Match[str]) -> str:
        name = m.group(1)
        return m.group(0) if _exists(name) else f"*`{name}` is not part of this version.*"

    return _DIRECTIVE.sub(replace, markdown)
