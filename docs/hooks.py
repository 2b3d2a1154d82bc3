"""MkDocs hooks for the API reference.

- An API page may name a module that is not in the tree yet: a line
  ``::: tabellone.x.y`` whose module cannot be found becomes a sentence saying so, so
  that the strict build documents what exists and picks a new module up as soon as it
  lands.
- The docstrings are written with Sphinx roles (``:func:`pair```, ``:class:`~a.B```),
  which Markdown shows as the role's name before the code. The role is dropped; ``~``
  keeps the last name only, as Sphinx does; and a target documented on the same page
  becomes a link to it.
"""

from __future__ import annotations

import html
import importlib.util
import re

_DIRECTIVE = re.compile(r"^:::\s+(tabellone(?:\.\w+)*)\s*$", re.M)
_ROLE = re.compile(r":(?:func|class|mod|meth|attr|data|exc|obj|const):<code>(~?)([\w.]+)(\(\))?</code>")
_ID = re.compile(r'\bid="(tabellone[\w.]*)"')


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


def on_page_content(content: str, **_: object) -> str:
    ids = set(_ID.findall(content))

    def target_id(name: str) -> str | None:
        if name in ids:
            return name
        suffix = "." + name
        found = sorted(i for i in ids if i.endswith(suffix))
        return found[0] if len(found) == 1 else None

    def replace(m: re.Match[str]) -> str:
        tilde, name, call = m.group(1), m.group(2), m.group(3) or ""
        shown = html.escape((name.rsplit(".", 1)[-1] if tilde else name) + call)
        anchor = target_id(name)
        code = f"<code>{shown}</code>"
        return f'<a href="#{anchor}">{code}</a>' if anchor else code

    return _ROLE.sub(replace, content)
