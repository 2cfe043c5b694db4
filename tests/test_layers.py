"""The generator's folders are layers in the pipeline's order, and imports run one way: a module imports
from its own folder and the folders before it, never from a later one or from the package above it, and
no modules import each other in a circle (issue #33)."""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import ROOT

PACKAGE = ROOT / "hooks" / "gpustorage"
# in the pipeline's order: data in and checked, figures derived, views and pages made, files written; then
# the tools beside the build. The package itself (__init__, __main__) stands above them all.
LAYERS = ("inputs", "figures", "pages", "output", "tools")


def module_name(file: Path) -> str:
    parts = file.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(file): file for file in sorted(PACKAGE.rglob("*.py"))}


def imports(name: str) -> set[str]:
    """The package's modules that `name` imports, anywhere in it (functions and TYPE_CHECKING too)."""
    file = MODULES[name]
    here = name.split(".") if file.name == "__init__.py" else name.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import | ast.ImportFrom) and not getattr(node, "level", 0):
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else [node.module]
            assert not any(str(n).split(".")[0] == "gpustorage" for n in names), f"{name}: import relative"
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(here[: len(here) - node.level + 1] + ([node.module] if node.module else []))
            found |= {f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base for a in node.names}
    return found - {name}


def layer(name: str) -> int:
    """A module's place: its folder's index in LAYERS, or after them all for the package's own files."""
    parts = name.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 2 or parts[-1] in LAYERS else len(LAYERS)


def test_every_folder_is_a_layer() -> None:
    folders = {init.parent.name for init in PACKAGE.glob("*/__init__.py")}
    assert folders == set(LAYERS)
    assert {file.name for file in PACKAGE.glob("*.py")} == {"__init__.py", "__main__.py"}


def test_imports_run_one_way() -> None:
    backwards = sorted(
        f"{name} imports {target}"
        for name in MODULES
        for target in imports(name)
        if layer(target) > layer(name) or (target == "gpustorage" and layer(name) < len(LAYERS))
    )
    assert backwards == []


def test_no_modules_import_each_other_in_a_circle() -> None:
    graph = {name: imports(name) for name in MODULES}
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> None:
        assert name not in path, " -> ".join([*path[path.index(name) :], name])
        if name not in done:
            for target in sorted(graph[name]):
                visit(target, [*path, name])
            done.add(name)

    for name in MODULES:
        visit(name, [])


def test_a_test_module_imports_helpers_from_its_own_folder_or_the_tests_root() -> None:
    """pytest puts a test module's own folder and the tests root (conftest's) on the import path; a
    module of another folder is importable only once that folder's tests were collected, so a file run
    alone would fail. Helpers several folders share live at the tests root (conftest, github_runner)."""
    tests = ROOT / "tests"
    roots = {file.stem for file in tests.glob("*.py")}
    helpers = {file.stem for file in tests.rglob("*.py")}  # the test tree's modules, at any depth
    wrong = []
    for file in sorted(tests.rglob("test_*.py")):
        importable = roots | {other.stem for other in file.parent.glob("*.py")}
        for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and not node.level and node.module:
                top = node.module.split(".")[0]
                if top in helpers and top not in importable:
                    wrong.append(f"{file.relative_to(tests)}: {node.module}")
    assert wrong == []
