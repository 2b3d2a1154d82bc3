"""No import circle runs through the Dutch system (issue 22, item 4).

Every ``import`` statement of every module of the ``tabellone`` package is read with the
``ast`` module, those inside functions included (a circle hidden in a function is still a
circle; it only fails later). ``from P import X`` is an import of the module ``P.X`` when
that is a module, else of ``P``. The package a module lives in is not counted as imported
by it: that is how Python finds a module, not a dependency of the code (import-linter
reads it the same way).

The circles that pass through a module of ``tabellone/rules/dutch/`` must be none: the
dispatcher imports the procedures (the optimisers, the literal procedure, the 1992 text,
the global profile's procedure), the procedures import the shared modules, and nothing
imports the package ``__init__`` back. Each module also imports on its own, first in a
fresh interpreter: that is where a circle through a package's ``__init__`` shows.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest
from testkit import REPO

ROOT = REPO
PACKAGE = ROOT / "tabellone"
SCOPE = ("tabellone.rules.dutch",)


def _modules() -> dict[str, Path]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The modules of the package that ``name`` imports anywhere in its code."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in modules:  # ``import a.b.c`` of a name inside a module
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(name, path, modules) for name, path in modules.items()}


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def _in_scope(name: str) -> bool:
    return any(name == s or name.startswith(s + ".") for s in SCOPE)


def test_no_import_circle_runs_through_the_dutch_system():
    circles = [c for c in _circles(_graph()) if any(_in_scope(m) for m in c)]
    assert circles == []


#: The system's adapter to the one interface (:mod:`tabellone.rules.dutch.system`) stands on
#: the package's public names, as any caller does: the registry loads it, the package never
#: imports it, so it closes no circle (test_architecture checks every circle).
ADAPTER = "tabellone.rules.dutch.system"


def test_nothing_in_the_dutch_package_imports_the_package_itself():
    graph = _graph()
    assert ADAPTER not in graph["tabellone.rules.dutch"]
    back = sorted(
        m for m, targets in graph.items() if _in_scope(m) and m != ADAPTER and "tabellone.rules.dutch" in targets
    )
    assert back == []


@pytest.mark.parametrize("module", sorted(m for m in _modules() if _in_scope(m)))
def test_each_dutch_module_imports_first_in_a_fresh_interpreter(module):
    run = subprocess.run([sys.executable, "-c", f"import {module}"], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-2000:]


def test_the_check_sees_a_circle_and_a_function_level_import(tmp_path):
    # the reader itself: a circle closed by an import inside a function is found
    (tmp_path / "a.py").write_text("import b\n", encoding="utf-8")
    (tmp_path / "b.py").write_text("def f():\n    from a import x\n", encoding="utf-8")
    modules = {"a": tmp_path / "a.py", "b": tmp_path / "b.py"}
    graph = {name: _imports(name, path, modules) for name, path in modules.items()}
    assert graph == {"a": {"b"}, "b": {"a"}}
    assert _circles(graph) == [["a", "b"]]
