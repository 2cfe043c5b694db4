"""Stage 1, load: read YAML files into plain Python values and remember where every value stands.

The reader is deliberately stricter than YAML 1.1: only `true`/`false` are booleans (so `no`, `on` or a
country code `NO` stay strings), aliases are refused (no billion-laughs expansion), duplicate keys are
errors, and files must be small, non-empty UTF-8 text.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .problems import Problem

MAX_FILE_BYTES = 256 * 1024
MAX_NESTING = 50  # a provider file needs about 6 levels

Location = tuple[int, int]  # 1-based line and column
KeyPath = tuple[str | int, ...]


@dataclass
class Document:
    """One loaded YAML file: its value and the position of every key and list item in it."""

    path: str
    value: Any
    text: str  # the file's text, as parsed
    positions: dict[KeyPath, Location] = field(default_factory=dict)

    def locate(self, key_path: KeyPath) -> Location:
        """The position of the deepest part of `key_path` that exists in the file."""
        for end in range(len(key_path), -1, -1):
            if key_path[:end] in self.positions:
                return self.positions[key_path[:end]]
        return (1, 1)

    def problem(self, key_path: KeyPath, message: str) -> Problem:
        line, column = self.locate(key_path)
        return Problem(self.path, line, column, message)


class _StrictResolver(yaml.resolver.Resolver):
    """YAML 1.2-like implicit types: no yes/no/on/off booleans, no sexagesimal numbers."""


_StrictResolver.yaml_implicit_resolvers = {}
for _tag, _pattern, _first in [
    ("tag:yaml.org,2002:bool", r"^(?:true|false)$", "tf"),
    ("tag:yaml.org,2002:int", r"^[-+]?[0-9]+$", "-+0123456789"),
    (
        "tag:yaml.org,2002:float",
        r"^[-+]?(?:[0-9]+\.[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?$",
        "-+0123456789.",
    ),
    ("tag:yaml.org,2002:null", r"^(?:~|null|)$", ["~", "n", ""]),
    ("tag:yaml.org,2002:timestamp", r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$", "0123456789"),
]:
    _StrictResolver.add_implicit_resolver(_tag, re.compile(_pattern), list(_first))


# libyaml (C) scans, parses and composes the node graph, where an alias is the same node object as
# its anchor: _Builder refuses a node met twice, so nothing is ever expanded (no billion laughs).
# The pure-Python parser is the fallback when PyYAML was built without libyaml.
try:
    import yaml.cyaml

    _CParser: Any = getattr(yaml.cyaml, "CParser", None)
except ImportError:
    _CParser = None


class _PyLoader(
    yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser, yaml.composer.Composer, _StrictResolver
):
    def __init__(self, stream: str) -> None:
        yaml.reader.Reader.__init__(self, stream)
        yaml.scanner.Scanner.__init__(self)
        yaml.parser.Parser.__init__(self)
        yaml.composer.Composer.__init__(self)
        _StrictResolver.__init__(self)

    def compose_node(self, parent: Any, index: Any) -> Any:
        # the Python composer recurses: stop before Python's recursion limit, with a position
        self._depth = getattr(self, "_depth", 0) + 1
        try:
            if self._depth > MAX_NESTING:
                mark = self.peek_event().start_mark  # type: ignore[no-untyped-call]
                raise yaml.MarkedYAMLError(problem=_TOO_DEEP, problem_mark=mark)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


_Loader: Any = _PyLoader
if _CParser is not None:

    class _CLoader(_CParser, _StrictResolver):  # type: ignore[misc]
        def __init__(self, stream: str) -> None:
            _CParser.__init__(self, stream)
            _StrictResolver.__init__(self)

    _Loader = _CLoader

_TOO_DEEP = f"values are nested too deeply (more than {MAX_NESTING} levels)"
_ALIAS = "aliases (*name) are not allowed; write the value out"


def _scalar(node: yaml.ScalarNode) -> Any:
    text = node.value
    if node.tag == "tag:yaml.org,2002:bool":
        return text == "true"
    if node.tag == "tag:yaml.org,2002:int":
        return int(text)
    if node.tag == "tag:yaml.org,2002:float":
        return float(text)
    if node.tag == "tag:yaml.org,2002:null":
        return None
    if node.tag == "tag:yaml.org,2002:timestamp":
        return dt.date.fromisoformat(text)
    return text


class _Builder:
    """Turns a composed node tree into Python values, recording positions and duplicate keys."""

    def __init__(self, doc: Document, problems: list[Problem]) -> None:
        self.doc = doc
        self.problems = problems
        self.seen: set[int] = set()  # ids of the nodes built: one met again is an alias

    def build(self, node: yaml.Node, path: KeyPath) -> Any:
        if id(node) in self.seen:
            line, column = self.doc.locate(path)
            self.problems.append(Problem(self.doc.path, line, column, _ALIAS))
            return None
        self.seen.add(id(node))
        self.doc.positions[path] = (node.start_mark.line + 1, node.start_mark.column + 1)
        if len(path) > MAX_NESTING:
            line, column = self.doc.positions[path]
            self.problems.append(Problem(self.doc.path, line, column, f"not valid YAML: {_TOO_DEEP}"))
            return None
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, path)
        if isinstance(node, yaml.SequenceNode):
            return [self.build(item, (*path, index)) for index, item in enumerate(node.value)]
        if isinstance(node, yaml.ScalarNode):
            try:
                return _scalar(node)
            except ValueError:  # e.g. 2026-13-45 looks like a date but is none
                line, column = node.start_mark.line + 1, node.start_mark.column + 1
                self.problems.append(
                    Problem(self.doc.path, line, column, f"'{node.value}' is not a valid date (YYYY-MM-DD)")
                )
                return node.value
        raise TypeError(node)  # unreachable: YAML has only these three node kinds

    def _mapping(self, node: yaml.MappingNode, path: KeyPath) -> dict[str, Any]:
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            line, column = key_node.start_mark.line + 1, key_node.start_mark.column + 1
            if not isinstance(key_node, yaml.ScalarNode):
                self.problems.append(Problem(self.doc.path, line, column, "a key must be plain text"))
                continue
            key = key_node.value
            if key == "<<":
                self.problems.append(Problem(self.doc.path, line, column, "merge keys (<<) are not allowed"))
                continue
            if key in result:
                first_line = self.doc.positions[(*path, key)][0]
                self.problems.append(
                    Problem(
                        self.doc.path,
                        line,
                        column,
                        f"duplicate key '{key}' (first given on line {first_line}); keep only one",
                    )
                )
                continue
            self.doc.positions[(*path, key)] = (line, column)
            result[key] = self.build(value_node, (*path, key))
            self.doc.positions[(*path, key)] = (line, column)
        return result


def _position(text: str, offset: int) -> tuple[int, int]:
    """1-based line and column of a character offset."""
    return text.count("\n", 0, offset) + 1, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _explain(problem: str | None, text: str, line: int) -> str:
    """The parser's complaint, reworded where a contributor would not recognize the cause."""
    lines = text.splitlines()
    if line <= len(lines) and "\t" in lines[line - 1] and "cannot start any token" in (problem or ""):
        return "a tab character is not allowed in YAML indentation; indent with spaces"
    if "nesting depth" in (problem or ""):
        return "values are nested too deeply"
    return problem or "invalid YAML"


def load_text(path: str, text: str) -> tuple[Document | None, list[Problem]]:
    """Parse one YAML document held in `text`; `path` is only used in messages."""
    problems: list[Problem] = []
    if not text.strip():
        return None, [Problem(path, 1, 1, "the file is empty; expected a YAML mapping")]
    try:
        loader = _Loader(text)
        try:
            node = loader.get_single_node()
        finally:
            loader.dispose()
    except yaml.reader.ReaderError as error:  # a character YAML does not allow (control characters)
        line, column = _position(text, error.position)
        return None, [
            Problem(path, line, column, f"character U+{error.character:04X} is not allowed in a data file")
        ]
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        return None, [Problem(path, line, column, f"not valid YAML: {_explain(error.problem, text, line)}")]
    except yaml.YAMLError as error:
        return None, [Problem(path, 1, 1, f"not valid YAML: {error}")]
    except RecursionError:
        return None, [Problem(path, 1, 1, "not valid YAML here: values are nested too deeply")]
    if node is None:
        return None, [Problem(path, 1, 1, "the file holds no value; expected a YAML mapping")]
    if not isinstance(node, yaml.MappingNode):
        line, column = node.start_mark.line + 1, node.start_mark.column + 1
        found = "a list" if isinstance(node, yaml.SequenceNode) else "a single value"
        return None, [
            Problem(path, line, column, f"the file holds {found}; expected a mapping (key: value lines)")
        ]
    doc = Document(path=path, value=None, text=text)
    doc.value = _Builder(doc, problems).build(node, ())
    return doc, problems


def load_file(file: Path, display_path: str) -> tuple[Document | None, list[Problem]]:
    """Read and parse one file, refusing oversized or non-UTF-8 input with a located message."""
    data = file.read_bytes()
    if len(data) > MAX_FILE_BYTES:
        return None, [
            Problem(
                display_path,
                1,
                1,
                f"the file is {len(data)} bytes; at most {MAX_FILE_BYTES} bytes are accepted",
            )
        ]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1  # in bytes: no text yet
        return None, [Problem(display_path, line, column, "the file is not UTF-8 text; save it as UTF-8")]
    return load_text(display_path, text.removeprefix("\ufeff"))
