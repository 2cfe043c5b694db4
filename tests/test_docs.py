"""ARCHITECTURE.md's map of the generator ("Module map") and the modules agree: every module is in the
map, the map names no module that does not exist, and each stage has the number its docstring says; the
README is a front door that leads there."""

from __future__ import annotations

import ast
import re

from conftest import ROOT

PACKAGE = ROOT / "hooks" / "gpustorage"
ARCHITECTURE = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
MAP_LINE = re.compile(r"^  (\w+\.py)(?: \+ templates/)?\s+(?:(\d)\. (\w+):)?", re.M)
# a module of a subpackage, below its folder's line ('  checks/'): '    providers.py'
SUBPACKAGE_LINE = re.compile(r"^  (\w+)/\s.*\n((?:    \w+\.py.*\n|      .*\n)+)", re.M)
DOCSTRING_STAGE = re.compile(r"^Stage (\d), (\w+):")


def module_map() -> dict[str, tuple[str, str] | None]:
    section = ARCHITECTURE.split("## Module map", 1)[1].split("```", 2)[1]
    return {name: (number, stage) if number else None for name, number, stage in MAP_LINE.findall(section)}


def docstring_stage(module: str) -> tuple[str, str] | None:
    docstring = ast.get_docstring(ast.parse((PACKAGE / module).read_text(encoding="utf-8"))) or ""
    found = DOCSTRING_STAGE.match(docstring)
    return (found.group(1), found.group(2)) if found else None


def test_the_architecture_maps_every_module_of_the_generator() -> None:
    modules = {file.name for file in PACKAGE.glob("*.py") if file.name not in {"__init__.py", "__main__.py"}}
    assert set(module_map()) == modules
    section = ARCHITECTURE.split("## Module map", 1)[1].split("```", 2)[1]
    mapped = {
        f"{package}/{name}"
        for package, lines in SUBPACKAGE_LINE.findall(section)
        for name in re.findall(r"^    (\w+\.py)", lines, re.M)
    }
    subpackages = {
        f"{file.parent.name}/{file.name}" for file in PACKAGE.glob("*/*.py") if file.name != "__init__.py"
    }
    assert mapped == subpackages


def test_the_architecture_and_the_docstrings_number_the_same_stages() -> None:
    stages = {module: docstring_stage(module) for module in module_map()}
    assert stages == module_map()
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
