"""The README's map of the generator ("How it fits together") and the modules agree: every module is in
the map, the map names no module that does not exist, and each stage has the number its docstring says."""

from __future__ import annotations

import ast
import re

from conftest import ROOT

PACKAGE = ROOT / "hooks" / "gpustorage"
README = (ROOT / "README.md").read_text(encoding="utf-8")
MAP_LINE = re.compile(r"^  (\w+\.py)(?: \+ templates/)?\s+(?:(\d)\. (\w+):)?", re.M)
DOCSTRING_STAGE = re.compile(r"^Stage (\d), (\w+):")


def readme_map() -> dict[str, tuple[str, str] | None]:
    section = README.split("## How it fits together", 1)[1].split("```", 2)[1]
    return {name: (number, stage) if number else None for name, number, stage in MAP_LINE.findall(section)}


def docstring_stage(module: str) -> tuple[str, str] | None:
    docstring = ast.get_docstring(ast.parse((PACKAGE / module).read_text(encoding="utf-8"))) or ""
    found = DOCSTRING_STAGE.match(docstring)
    return (found.group(1), found.group(2)) if found else None


def test_the_readme_maps_every_module_of_the_generator() -> None:
    modules = {file.name for file in PACKAGE.glob("*.py") if file.name not in {"__init__.py", "__main__.py"}}
    assert set(readme_map()) == modules


def test_the_readme_and_the_docstrings_number_the_same_stages() -> None:
    stages = {module: docstring_stage(module) for module in readme_map()}
    assert stages == readme_map()
    numbers = sorted(stage for stage in stages.values() if stage)
    assert [number for number, _ in numbers] == ["1", "2", "3", "4", "5", "6"]
    names = [name for _, name in numbers]
    assert " -> ".join(names) in (ast.get_docstring(ast.parse((PACKAGE / "__init__.py").read_text())) or "")
