"""The site's own scripts and style sheet as the browser gets them: each one file, minified.

Each page script is written as ES modules (the comparison's in docs/assets/compare/, the planner's in
docs/assets/planner/, tested under Node as they are); the browser would discover them one request
after another. `assemble` makes one module of an entry (ENTRIES) and every module it imports, without
a JavaScript toolchain: it follows the entry's imports, puts each module after those it imports (the
order the browser would run them in), and gives each its own function scope, so that two modules'
private names cannot collide:

    const m_dom = (() => { ...dom.js without "export "...; return { setText, setData }; })();

and an import becomes `const { setText, setData: put } = m_dom;`. A module may import from its own
folder (`./x.js`) or from a sibling folder (`../compare/x.js`: the planner reuses the comparison's
cost model); a module outside the entry's folder is named after its folder too (`m_compare_cost`).
It knows only the forms the modules use; anything else (export default, import *, a dynamic import,
a re-export...) fails the build with the file and line, instead of a script that breaks in the browser.
The whole stands in one block, so that every name in it is local: the minifier (tdewolff/minify) then
shortens them all, and reads every module, so that a module it cannot parse fails the build too.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path

import minify  # type: ignore[import-untyped]  # it ships no types

from ..inputs.problems import Problem
from .contract import CHANGES_SCRIPT, COMPARISON_SCRIPT, PLANNER_SCRIPT, PLANNER_STYLE

__all__ = ["ENTRIES", "ScriptError", "assemble", "minified_script", "site_assets"]

# Each page script by its path in the site, and its entry module in docs/ (the modules are not copied to
# the site: mkdocs.yml excludes them)
ENTRIES = {
    COMPARISON_SCRIPT: "assets/compare/main.js",
    PLANNER_SCRIPT: "assets/planner/main.js",
    CHANGES_SCRIPT: "assets/changes.js",
}
# in docs/ and in the site, minified there (mkdocs.yml excludes the sources): every page's, the planner's
STYLE_SHEETS = ("assets/site.css", PLANNER_STYLE)

_NAME = r"[A-Za-z_$][\w$]*"
# `import { a, b as c } from "./x.js";` over one line or several; a module of the same folder, or of a
# sibling folder ("../compare/x.js")
_IMPORT = re.compile(
    rf"""import\s*\{{(?P<names>[^}}]*)\}}\s*from\s*(?P<quote>["'])"""
    rf"""(?P<file>\./{_NAME}\.js|\.\./[A-Za-z_][\w-]*/{_NAME}\.js)(?P=quote)\s*;"""
)
_IMPORTED = re.compile(rf"(?P<name>{_NAME})(?:\s+as\s+(?P<alias>{_NAME}))?")
# `export function f`, `export async function f`, `export const A`, `export class C`: a declaration that
# keeps its name. `export let` is refused: an importer would keep a copy, not the live binding.
_EXPORT = re.compile(rf"export\s+(?:(?:async\s+)?function\*?|const|class)\s+(?P<name>{_NAME})\b")
# a line that starts with either keyword (an indented one matches neither form above: refused), and
# the uses of `import` that are not statements
_STATEMENT = re.compile(r"^[ \t]*(?:import|export)\b", re.MULTILINE)
_IMPORT_EXPRESSION = re.compile(r"\bimport\s*(?:\(|\.\s*meta\b)")
_SUPPORTED = (
    'supported: import { a, b as c } from "./x.js" (or "../folder/x.js"); and export function / async '
    "function / const / class NAME at the start of a line"
)


class ScriptError(Exception):
    """A module the assembler or the minifier does not understand: where, and what is wrong."""

    def __init__(self, path: Path, text: str, position: int, message: str) -> None:
        line_start = text.rfind("\n", 0, position) + 1
        line = text.count("\n", 0, position) + 1
        self.problem = Problem(str(path), line, position - line_start + 1, message)
        super().__init__(str(self.problem))


@dataclass(frozen=True)
class _Import:
    file: str  # the imported module's path relative to the importer: "./x.js", "../compare/x.js"
    names: tuple[tuple[str, str], ...]  # (exported name, local name)
    position: int  # where the statement starts in its module, for errors
    end: int  # where it ends


@dataclass(frozen=True)
class _Module:
    path: Path
    text: str
    body: str  # the text without its import statements and without "export " before declarations
    imports: tuple[_Import, ...]
    exports: tuple[str, ...]
    variable: str = ""  # its name in the assembled script (set by _in_order: it depends on the entry)


def _read_import(path: Path, text: str, position: int) -> _Import:
    found = _IMPORT.match(text, position)
    if found is None:
        raise ScriptError(path, text, position, f"an import the assembler does not know ({_SUPPORTED})")
    names = []
    for item in (part.strip() for part in found["names"].split(",")):
        named = _IMPORTED.fullmatch(item)
        if named is None:
            if item:
                raise ScriptError(path, text, position, f"cannot read the imported name {item!r}")
            continue  # the empty item after a trailing comma
        names.append((named["name"], named["alias"] or named["name"]))
    return _Import(found["file"], tuple(names), position, found.end())


def _read_module(path: Path) -> _Module:
    text = path.read_text(encoding="utf-8")
    expression = _IMPORT_EXPRESSION.search(text)
    if expression is not None:
        raise ScriptError(path, text, expression.start(), f"a dynamic import or import.meta ({_SUPPORTED})")
    imports: list[_Import] = []
    exports: list[str] = []
    pieces: list[str] = []  # the body, between the statements taken out or changed
    kept_from = 0
    for statement in _STATEMENT.finditer(text):
        start = statement.start()
        if statement.group().strip() == "import":
            imported = _read_import(path, text, start)
            imports.append(imported)
            pieces.append(text[kept_from:start])
            kept_from = imported.end
            continue
        declared = _EXPORT.match(text, start)
        if declared is None:
            raise ScriptError(path, text, start, f"an export the assembler does not know ({_SUPPORTED})")
        exports.append(declared["name"])
        pieces.append(text[kept_from:start])
        kept_from = start + len("export ")
    pieces.append(text[kept_from:])
    return _Module(path, text, "".join(pieces), tuple(imports), tuple(exports))


def _target(path: Path, imported: _Import) -> Path:
    """The module an import names, as a normalized path (two names of one file are one module)."""
    return Path(os.path.normpath(path.parent / imported.file))


def _shown(imported: _Import) -> str:
    """An imported module as messages name it: "x.js" in the same folder, "../compare/x.js" beyond."""
    return imported.file.removeprefix("./")


def _variable(path: Path, home: Path) -> str:
    """A module's name in the assembled script: m_cost in the entry's folder, m_compare_cost beyond."""
    stem = re.sub(r"\W", "_", path.stem)
    folder = re.sub(r"\W", "_", path.parent.name)
    return f"m_{stem}" if path.parent == home else f"m_{folder}_{stem}"


def _in_order(entry: Path) -> list[_Module]:
    """The modules entry imports, directly or not, each after those it imports; entry last."""
    entry = Path(os.path.normpath(entry))
    ordered: dict[Path, _Module] = {}
    visiting: list[Path] = []

    def visit(path: Path) -> None:
        module = _read_module(path)
        visiting.append(path)
        for imported in module.imports:
            target = _target(path, imported)
            if target in visiting:
                cycle = " -> ".join(p.name for p in [*visiting[visiting.index(target) :], target])
                raise ScriptError(path, module.text, imported.position, f"modules import each other: {cycle}")
            if not target.is_file():
                raise ScriptError(path, module.text, imported.position, f"no module {_shown(imported)}")
            if target not in ordered:
                visit(target)
            missing = [name for name, _ in imported.names if name not in ordered[target].exports]
            if missing:
                raise ScriptError(
                    path,
                    module.text,
                    imported.position,
                    f"{_shown(imported)} exports no {', '.join(missing)}",
                )
        visiting.pop()
        ordered[path] = replace(module, variable=_variable(path, entry.parent))

    visit(entry)
    variables = Counter(module.variable for module in ordered.values())
    twice = sorted(name for name, count in variables.items() if count > 1)
    if twice:  # two folders' names that read alike once made names ("a-b" and "a_b")
        raise ScriptError(entry, "", 0, f"two modules would share the name {', '.join(twice)}")
    return list(ordered.values())


def _scoped(module: _Module, modules: dict[Path, _Module], last: bool) -> str:
    """A module's body in its own function scope, its imports read from the modules before it."""
    bindings = "".join(
        "const { "
        + ", ".join(name if name == local else f"{name}: {local}" for name, local in imported.names)
        + f" }} = {modules[_target(module.path, imported)].variable};\n"
        for imported in module.imports
    )
    if last:  # the entry exports nothing anyone reads; in a function, its functions' names are local too
        return f"(() => {{\n{bindings}{module.body}}})();\n"
    returned = f"return {{ {', '.join(module.exports)} }};\n"
    return f"const {module.variable} = (() => {{\n{bindings}{module.body}{returned}}})();\n"


def assemble(entry: Path) -> str:
    """One module made of entry and every module it imports (see the module's docstring)."""
    modules = _in_order(entry)
    by_path = {module.path: module for module in modules}
    return "{\n" + "".join(_scoped(module, by_path, module is modules[-1]) for module in modules) + "}\n"


_JAVASCRIPT = "application/javascript"
# where tdewolff/minify says a parse error is: "... on line 3 and column 12"
_MINIFY_PLACE = re.compile(r"^(?P<message>.*?) on line (?P<line>\d+) and column (?P<column>\d+)")


def _unparsable(module: Path, text: str, error: minify.MinifyError) -> ScriptError:
    """A module the minifier cannot parse, as a ScriptError at the place it names."""
    place = _MINIFY_PLACE.match(str(error))
    if place is None:
        return ScriptError(module, text, 0, f"the minifier cannot read it: {str(error).splitlines()[0]}")
    lines = text.split("\n")[: int(place["line"]) - 1]
    position = sum(len(line) + 1 for line in lines) + int(place["column"]) - 1
    return ScriptError(module, text, position, f"the minifier cannot read it: {place['message']}")


def minified_script(entry: Path) -> str:
    """assemble(entry), minified. A module the minifier cannot parse fails with its file, line and column."""
    assembled = assemble(entry)
    try:
        return str(minify.string(_JAVASCRIPT, assembled))
    except minify.MinifyError as error:
        for module in _in_order(entry):  # the error's place is in the assembled script: find its module
            try:
                minify.string(_JAVASCRIPT, module.text)
            except minify.MinifyError as in_module:
                raise _unparsable(module.path, module.text, in_module) from None
        raise AssertionError(
            f"the modules parse, the assembled script not (the assembler's defect): {error}"
        ) from None


def site_assets(docs: Path) -> dict[str, str]:
    """Each page script (ENTRIES) and style sheet (STYLE_SHEETS), minified, by their paths in the site."""
    scripts = {script: minified_script(docs / entry) for script, entry in ENTRIES.items()}
    styles = {
        style: str(minify.string("text/css", (docs / style).read_text(encoding="utf-8")))
        for style in STYLE_SHEETS
    }
    return {**scripts, **styles}
