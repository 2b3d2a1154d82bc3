"""The shape of the package, read from its source: no import circle among its modules,
and layers that point one way.

Every module of ``tabellone`` is parsed (no import is run) and every ``import`` in it is
an edge, wherever it stands: at module level, inside a function, or under
``if TYPE_CHECKING:``. ``from P import name`` is an edge to the module ``P.name`` when
there is one, else to ``P`` itself, so a subpackage that imports a name from its parent
package depends on the parent's ``__init__``. Imports made from a string
(``importlib.import_module``, the systems' registry in :mod:`tabellone.rules`) are not
seen; they point from the registry down to the systems.

**No circle.** The modules and their run-time imports make no cycle. Imports under
``if TYPE_CHECKING:`` never run and are left out of this check (they are the usual way to
name a type for an annotation); they still count for the layers.

**Layers**, lowest first; a module may import from its own layer and the layers below,
never from a layer above:

0. ``core``: the model, scoring, pairing, history, the team model, errors. It names no
   format and no system.
1. ``formats`` (TRF16/26, team records, JSON, CSV), ``matching`` (the matching core and
   its wrappers), ``generate`` (tournaments and team events made up for tests and
   simulation: it reads the core only, and systems such as Double-Swiss use it), and
   ``tiebreaks`` (it reads the core only, and the Swiss Team system ranks by it).
2. ``rules``: the pairing systems, their registry and the dispatch of a round to one.
3. ``verify``, ``event``, ``simulate``, ``reports``: what is built on the systems.
   ``reports`` sits here because it prints an event's standings (it reads
   :mod:`tabellone.event`).
4. ``api``, ``cli``, ``desk``: the entry points, and the package's own ``__init__`` and
   ``__main__``, which re-export and run them.

A new top-level module or subpackage must be given a layer here before it can be added.
"""

from __future__ import annotations

import ast
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "tabellone"

#: Layers, lowest first: the top-level names of ``tabellone`` in each ("" is the package's
#: own ``__init__``).
LAYERS: list[set[str]] = [
    {"core"},
    {"formats", "matching", "generate", "tiebreaks"},
    {"rules"},
    {"verify", "event", "simulate", "reports"},
    {"api", "cli", "desk", "__main__", ""},
]


@dataclass(frozen=True)
class Edge:
    source: str
    target: str
    line: int
    type_only: bool  # under ``if TYPE_CHECKING:``

    def __str__(self) -> str:
        return f"{self.source} (line {self.line}) imports {self.target}"


def modules(root: Path) -> dict[str, Path]:
    """Every module of the package at ``root``: dotted name -> file."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _type_checking_block(node: ast.AST) -> bool:
    if not isinstance(node, ast.If):
        return False
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST) -> Iterable[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Every import statement anywhere in ``tree``, and whether it is type-only."""
    stack: list[tuple[ast.AST, bool]] = [(tree, False)]
    while stack:
        node, type_only = stack.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node, type_only
        for child in ast.iter_child_nodes(node):
            stack.append((child, type_only or (_type_checking_block(node) and child in node.body)))


def edges(root: Path) -> list[Edge]:
    """The import edges among the modules of the package at ``root``."""
    known = modules(root)
    top = root.name

    def nearest(name: str) -> str | None:
        while name and name not in known:
            name = name.rpartition(".")[0]
        return name or None

    out = []
    for name, path in known.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node, type_only in _imports(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            targets: list[str | None] = []
            if isinstance(node, ast.Import):
                targets = [nearest(a.name) for a in node.names if a.name.split(".")[0] == top]
            else:
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                    source = ".".join(base + ([node.module] if node.module else []))
                else:
                    source = node.module or ""
                if source.split(".")[0] != top:
                    continue
                targets = [
                    f"{source}.{a.name}" if f"{source}.{a.name}" in known else nearest(source) for a in node.names
                ]
            for target in dict.fromkeys(targets):
                if target is not None and target != name:
                    out.append(Edge(name, target, node.lineno, type_only))
    return out


def _graph(all_edges: list[Edge]) -> dict[str, dict[str, Edge]]:
    graph: dict[str, dict[str, Edge]] = {}
    for e in all_edges:
        graph.setdefault(e.source, {}).setdefault(e.target, e)
        graph.setdefault(e.target, {})
    return graph


def circle_groups(all_edges: list[Edge]) -> list[list[str]]:
    """The modules of each import circle, whole: the strongly connected groups of more
    than one module (Tarjan's algorithm, without recursion)."""
    graph = _graph(all_edges)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(graph[start]))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(graph[w])))
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                group = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    group.append(w)
                    if w == v:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return groups


def circles(all_edges: list[Edge]) -> list[list[Edge]]:
    """The import circles: for each group of :func:`circle_groups`, one shortest cycle
    through its first module, as the edges that make it."""
    graph = _graph(all_edges)
    groups = circle_groups(all_edges)
    out = []
    for group in groups:
        members = set(group)
        first = group[0]
        # breadth first from the first module back to itself, inside the group
        came: dict[str, Edge] = {}
        queue = deque([first])
        while queue:
            v = queue.popleft()
            for w, e in graph[v].items():
                if w in members and w not in came:
                    came[w] = e
                    queue.append(w)
        cycle = [came[first]]
        while cycle[-1].source != first:
            cycle.append(came[cycle[-1].source])
        out.append(cycle[::-1])
    return out


def layer_of(module: str) -> int:
    parts = module.split(".")
    top = parts[1] if len(parts) > 1 else ""
    for rank, names in enumerate(LAYERS):
        if top in names:
            return rank
    raise LookupError(module)


def _describe(cycle: list[Edge]) -> str:
    return " -> ".join([cycle[0].source] + [f"{e.target} (line {e.line} of {e.source})" for e in cycle])


# --------------------------------------------------------------------------------------
# the package


@pytest.fixture(scope="module")
def package_edges() -> list[Edge]:
    return edges(PACKAGE)


def test_every_module_has_a_layer():
    unplaced = []
    for name in modules(PACKAGE):
        try:
            layer_of(name)
        except LookupError:
            unplaced.append(name)
    assert not unplaced, f"give these a layer in tests/test_architecture.py: {unplaced}"


def test_no_import_circle(package_edges):
    runtime = [e for e in package_edges if not e.type_only]
    found = zip(circle_groups(runtime), circles(runtime))  # in the same order
    new = [f"{len(group)} modules, e.g. {_describe(cycle)}" for group, cycle in found]
    assert not new, "import circle(s):\n" + "\n".join(new)


def test_layers_point_one_way(package_edges):
    upward = [
        f"{e} (layer {layer_of(e.source)} -> layer {layer_of(e.target)})"
        for e in package_edges
        if layer_of(e.target) > layer_of(e.source)
    ]
    assert not upward, "imports that point up:\n" + "\n".join(upward)


def test_the_core_names_no_format_and_no_system(package_edges):
    # the bottom layer imports nothing but itself
    out = [str(e) for e in package_edges if e.source.startswith("tabellone.core") and layer_of(e.target) != 0]
    assert not out


# --------------------------------------------------------------------------------------
# the check itself, on a package made up for it


def _write(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root / "pkg"


def test_a_circle_through_a_function_level_import_is_found(tmp_path):
    root = _write(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/a.py": "from pkg.b import thing\n",
            "pkg/b.py": "def thing():\n    from pkg import c\n    return c\n",
            "pkg/c.py": "import pkg.a\n",
            "pkg/d.py": "from pkg.a import x\n",
        },
    )
    found = circles(edges(root))
    assert len(found) == 1
    assert [(e.source, e.target) for e in found[0]] == [("pkg.a", "pkg.b"), ("pkg.b", "pkg.c"), ("pkg.c", "pkg.a")]
    assert found[0][1].line == 2  # the import inside the function


def test_a_subpackage_importing_its_parent_is_an_edge_and_type_only_imports_are_marked(tmp_path):
    root = _write(
        tmp_path,
        {
            "pkg/__init__.py": "from pkg.sub.leaf import f\n",
            "pkg/sub/__init__.py": "",
            "pkg/sub/leaf.py": (
                "from typing import TYPE_CHECKING\n"
                "from .. import g\n"
                "if TYPE_CHECKING:\n"
                "    from pkg.sub import other\n"
                "def f():\n    pass\n"
            ),
            "pkg/sub/other.py": "from pkg.sub.leaf import f\n",
        },
    )
    got = {(e.source, e.target, e.type_only) for e in edges(root)}
    assert ("pkg.sub.leaf", "pkg", False) in got  # ``from .. import g``: the parent's __init__
    assert ("pkg.sub.leaf", "pkg.sub.other", True) in got
    runtime = circles([e for e in edges(root) if not e.type_only])
    assert [sorted({e.source for e in c}) for c in runtime] == [["pkg", "pkg.sub.leaf"]]
