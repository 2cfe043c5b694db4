"""ARCHITECTURE.md's map of the generator ("Module map") and the modules agree: every module is in the
map under its folder, the map names no module or folder that does not exist, and each stage has the
number its docstring says; the README is a front door that leads there."""

from __future__ import annotations

import ast
import re

from conftest import ROOT

PACKAGE = ROOT / "hooks" / "gpustorage"
ARCHITECTURE = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
# an entry of the package's tree: a module or a folder, indented two spaces a level ('  inputs/',
# '    load.py  1. load: ...'); the lines that go on describing an entry are indented further
MAP_ENTRY = re.compile(r"^((?:  ){1,5})(\w+\.py|\w+/)(?: \+ templates/)?(?:\s+(?:(\d)\. (\w+):)?|$)")
DOCSTRING_STAGE = re.compile(r"^Stage (\d), (\w+):")


def module_map() -> dict[str, tuple[str, str] | None]:
    """Every module and folder the map lists below hooks/gpustorage/, by its path in the package
    ('inputs/checks/', 'inputs/load.py'), with the stage a module's line numbers."""
    section = ARCHITECTURE.split("## Module map", 1)[1].split("```", 2)[1]
    block = section.split("\nhooks/gpustorage/", 1)[1].split("\n", 1)[1]
    entries: dict[str, tuple[str, str] | None] = {}
    folders: list[str] = []
    for line in block.splitlines():
        if line and not line.startswith(" "):
            break  # the next line of the map outside the package
        if found := MAP_ENTRY.match(line):
            depth = len(found.group(1)) // 2
            folders[depth - 1 :] = []
            path = "".join(folders) + found.group(2)
            entries[path] = (found.group(3), found.group(4)) if found.group(3) else None
            if path.endswith("/"):
                folders.append(found.group(2))
    return entries


def docstring_stage(module: str) -> tuple[str, str] | None:
    docstring = ast.get_docstring(ast.parse((PACKAGE / module).read_text(encoding="utf-8"))) or ""
    found = DOCSTRING_STAGE.match(docstring)
    return (found.group(1), found.group(2)) if found else None


def test_the_architecture_maps_every_module_of_the_generator() -> None:
    modules = {
        file.relative_to(PACKAGE).as_posix()
        for file in PACKAGE.rglob("*.py")
        if file.name not in {"__init__.py", "__main__.py"}
    }
    folders = {f"{init.parent.relative_to(PACKAGE).as_posix()}/" for init in PACKAGE.glob("*/**/__init__.py")}
    mapped = module_map()
    assert {path for path in mapped if path.endswith(".py")} == modules
    assert {path for path in mapped if path.endswith("/")} == folders


def test_the_architecture_and_the_docstrings_number_the_same_stages() -> None:
    modules = [path for path in module_map() if path.endswith(".py")]
    stages = {module: docstring_stage(module) for module in modules}
    assert stages == {module: module_map()[module] for module in modules}
    numbers = sorted(stage for stage in stages.values() if stage)
    assert [number for number, _ in numbers] == ["1", "2", "3", "4", "5", "6"]
    names = [name for _, name in numbers]
    assert " -> ".join(names) in (ast.get_docstring(ast.parse((PACKAGE / "__init__.py").read_text())) or "")


def test_the_readme_is_a_front_door_to_the_other_documents() -> None:
    """Issue #33: what this is, the two commands and where to go next, short; the rest is linked."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 90
    for command in ("make serve", "make test", "make test-quick"):
        assert command in readme
    for document in ("CONTRIBUTING.md", "ARCHITECTURE.md", "TESTING.md", "data/README.md"):
        assert f"]({document}" in readme and (ROOT / document).is_file()
