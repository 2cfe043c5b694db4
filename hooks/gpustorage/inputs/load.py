"""Stage 1, load: read YAML files into plain Python values and remember where every value stands.

The reader is deliberately stricter than YAML 1.1: only `true`/`false` are booleans (so `no`, `on` or a
country code `NO` stay strings), aliases are refused (no billion-laughs expansion), duplicate keys are
errors, and files must be small, non-empty UTF-8 text in regular files (no symbolic links, devices or
folders; the size is checked before anything is read).
"""

from __future__ import annotations

import datetime as dt
import os
import re
import stat
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .problems import Problem

MAX_FILE_BYTES = 256 * 1024
MAX_NESTING = 50  # a provider file needs about 6 levels
MAX_DIGITS = 18  # no figure in a data file needs more digits; longer ones are never echoed whole

# What a value may not hold, however it is written (an escape like "\uFFFE" passes YAML's reader): what
# XML 1.0 cannot carry (the feeds are XML; lxml refuses the whole feed) and Unicode's noncharacters,
# which are for a program's internal use and never text (U+FDD0-FDEF, the last two of every plane)
_NONCHARACTERS = "\ufdd0-\ufdef" + "".join(
    f"{chr(plane + 0xFFFE)}{chr(plane + 0xFFFF)}" for plane in range(0, 0x110000, 0x10000)
)
_NOT_TEXT = re.compile(f"[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]|[{_NONCHARACTERS}]")

Location = tuple[int, int]  # 1-based line and column
KeyPath = tuple[str | int, ...]


@dataclass
class Document:
    """One loaded YAML file: its value and the position of every key and list item in it."""

    path: str
    value: Any
    text: str  # the file's text, as parsed
    positions: dict[KeyPath, Location] = field(default_factory=dict)
    refused: set[KeyPath] = field(default_factory=set)  # values the reader refused (a problem each)

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
    """YAML 1.2-like implicit types: no yes/no/on/off booleans, no sexagesimal numbers.

    The parser asks for every node's tag; PyYAML's general resolver also serves path resolvers and
    wildcards, which this one has none of, so it answers directly (a seventh less parsing time)."""

    def resolve(self, kind: type[yaml.Node], value: Any, implicit: Any) -> str:
        if kind is yaml.ScalarNode:
            if implicit[0]:  # a plain scalar: its type follows from its first character and pattern
                for tag, pattern in self.yaml_implicit_resolvers.get(value[:1], ()):
                    if pattern.match(value):
                        return str(tag)
            return str(self.DEFAULT_SCALAR_TAG)
        return str(self.DEFAULT_SEQUENCE_TAG if kind is yaml.SequenceNode else self.DEFAULT_MAPPING_TAG)

    def descend_resolver(self, current_node: Any, current_index: Any) -> None:
        """No path resolvers: nothing to track while descending."""

    def ascend_resolver(self) -> None:
        """No path resolvers: nothing to track while ascending."""


# (tag, pattern, first characters); a tag written out (!!int) must fit its pattern too
_RESOLVERS: list[tuple[str, re.Pattern[str], str | list[str]]] = [
    ("tag:yaml.org,2002:bool", re.compile(r"^(?:true|false)$"), "tf"),
    ("tag:yaml.org,2002:int", re.compile(r"^[-+]?[0-9]+$"), "-+0123456789"),
    (  # YAML 1.2: 5e-2 is a number too (an integer without a dot is matched as int first)
        "tag:yaml.org,2002:float",
        re.compile(r"^[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?$"),
        "-+0123456789.",
    ),
    ("tag:yaml.org,2002:null", re.compile(r"^(?:~|null|)$"), ["~", "n", ""]),
    ("tag:yaml.org,2002:timestamp", re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"), "0123456789"),
]
_StrictResolver.yaml_implicit_resolvers = {}
for _tag, _pattern, _first in _RESOLVERS:
    _StrictResolver.add_implicit_resolver(_tag, _pattern, list(_first))


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


_TAG_WORDS = {
    "tag:yaml.org,2002:bool": "true or false",
    "tag:yaml.org,2002:int": "a whole number",
    "tag:yaml.org,2002:float": "a number",
    "tag:yaml.org,2002:timestamp": "a valid date (YYYY-MM-DD)",
    "tag:yaml.org,2002:null": "empty",
}
_LOOKS_LIKE = {tag: pattern for tag, pattern, _ in _RESOLVERS}


def shorten(text: str, limit: int = 40) -> str:
    """A value as messages quote it: long literals are cut, with their length."""
    return text if len(text) <= limit else f"{text[: limit - 10]}… ({len(text)} characters)"


class _ScalarError(ValueError):
    """A scalar whose tag (implicit or written, like !!int) does not fit its text."""


def refused_character(text: str) -> str | None:
    """Why `text` cannot be data: its first character that no data file may hold, named; else None."""
    found = _NOT_TEXT.search(text)
    if found is None:
        return None
    if unicodedata.category(found[0]) == "Cc":
        return f"control characters are not allowed in a data file (U+{ord(found[0]):04X})"
    return f"character U+{ord(found[0]):04X} is not allowed in a data file"


def _scalar(node: yaml.ScalarNode) -> Any:
    text, tag = node.value, node.tag
    refused = refused_character(text)
    if refused:
        raise _ScalarError(f"{refused}, here written as an escape")
    if tag not in _TAG_WORDS:
        return text  # plain text, whatever tag it was given: nothing is ever constructed
    if not _LOOKS_LIKE[tag].match(text):  # an explicit tag on text that is not of that type
        raise _ScalarError(f"'{shorten(text)}' is tagged as {_TAG_WORDS[tag]} but is not one")
    digits = sum(character.isdigit() for character in text)
    if tag in ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float") and digits > MAX_DIGITS:
        raise _ScalarError(
            f"the number '{shorten(text)}' has {digits} digits; at most {MAX_DIGITS} are accepted"
        )
    if tag == "tag:yaml.org,2002:bool":
        return text == "true"
    if tag == "tag:yaml.org,2002:int":
        return int(text)
    if tag == "tag:yaml.org,2002:float":
        return float(text)
    if tag == "tag:yaml.org,2002:null":
        return None
    try:
        return dt.date.fromisoformat(text)
    except ValueError:  # e.g. 2026-13-45 looks like a date but is none
        raise _ScalarError(f"'{text}' is not a valid date (YYYY-MM-DD)") from None


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
            self.doc.refused.add(path)
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
            except _ScalarError as error:
                line, column = node.start_mark.line + 1, node.start_mark.column + 1
                self.problems.append(Problem(self.doc.path, line, column, str(error)))
                self.doc.refused.add(path)
                return None
        raise TypeError(node)  # unreachable: YAML has only these three node kinds

    def _mapping(self, node: yaml.MappingNode, path: KeyPath) -> dict[str, Any]:
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            line, column = key_node.start_mark.line + 1, key_node.start_mark.column + 1
            if not isinstance(key_node, yaml.ScalarNode):
                self.problems.append(Problem(self.doc.path, line, column, "a key must be plain text"))
                continue
            key = key_node.value
            refused = refused_character(key)
            if refused:
                self.problems.append(Problem(self.doc.path, line, column, f"{refused}, here in a key"))
                continue
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


def too_large(size: int) -> str:
    """Why a file of `size` bytes is not read (over MAX_FILE_BYTES)."""
    return f"the file is {size} bytes; at most {MAX_FILE_BYTES} bytes are accepted"


def _read(file: Path, display_path: str) -> tuple[bytes | None, list[Problem]]:
    """The bytes of a regular file, at most MAX_FILE_BYTES of them: the size is checked first (a link
    to /dev/zero is never read), and symbolic links, folders and devices are refused."""

    def refuse(message: str) -> tuple[None, list[Problem]]:
        return None, [Problem(display_path, 1, 1, message)]

    try:
        info = file.lstat()
    except FileNotFoundError:
        return refuse("no such file")
    except OSError as error:
        return refuse(f"the file cannot be read ({error.strerror})")
    if stat.S_ISLNK(info.st_mode):
        return refuse("the file is a symbolic link; data files must be regular files inside data/")
    if not stat.S_ISREG(info.st_mode):
        kind = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file"
        return refuse(f"this is {kind}; data files must be regular files")
    if info.st_size > MAX_FILE_BYTES:
        return refuse(too_large(info.st_size))
    try:
        # O_NOFOLLOW: a link swapped in after the check is not followed either
        descriptor = os.open(file, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        with os.fdopen(descriptor, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        return refuse(f"the file cannot be read ({error.strerror})")
    if len(data) > MAX_FILE_BYTES:
        return refuse(f"the file is over {MAX_FILE_BYTES} bytes; at most {MAX_FILE_BYTES} are accepted")
    return data, []


def decode(data: bytes, display_path: str) -> tuple[str | None, list[Problem]]:
    """UTF-8 text (without a byte order mark), or a problem at the first byte that is not UTF-8."""
    try:
        return data.decode("utf-8").removeprefix("\ufeff"), []
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1  # in bytes: no text yet
        return None, [Problem(display_path, line, column, "the file is not UTF-8 text; save it as UTF-8")]


def read_text(file: Path, display_path: str) -> tuple[str | None, list[Problem]]:
    """A regular, bounded, UTF-8 file's text, or the problems that stop it from being read."""
    data, problems = _read(file, display_path)
    if data is None:
        return None, problems
    return decode(data, display_path)


def load_file(file: Path, display_path: str) -> tuple[Document | None, list[Problem]]:
    """Read and parse one file, refusing links, oversized or non-UTF-8 input with a located message."""
    text, problems = read_text(file, display_path)
    if text is None:
        return None, problems
    return load_text(display_path, text)
