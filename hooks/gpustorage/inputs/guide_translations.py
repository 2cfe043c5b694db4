"""Translations that know when they are outdated.

Each page in another language records in its front matter which version of the default language's
page (German) it translates: `source_hash: "sha256:…"`, the content hash of that page. When the German
page changes afterwards, the hashes differ: the translated page shows a notice linking the German
page (`data-translation-status="outdated"`), and `make translations` lists it. Running
`make translations CURRENT=docs/zh/data.md` records the present hash once the translation is updated,
editing the front matter with ruamel.yaml's round trip so that nothing else in it changes.
"""

from __future__ import annotations

import hashlib
import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import yaml
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.scalarstring import DoubleQuotedScalarString, ScalarString
from ruamel.yaml.util import load_yaml_guess_indent

from .load import decode

SOURCE_HASH = "source_hash"
Status = Literal["source", "current", "outdated", "unrecorded", "no_source"]
_FRONT_MATTER = re.compile(r"\A---[ \t]*\n(.*?\n)?---[ \t]*\n", re.S)


class PageError(Exception):
    """A page that cannot be read, or whose front matter cannot be edited; the message names it."""


def read_page(file: Path, shown: str) -> str:
    """A page's text as MkDocs reads it (UTF-8, any line ending as \\n), or a PageError naming the page
    (`shown`) and, when it is not UTF-8, where its first byte that is not lies."""
    try:
        data = file.read_bytes()
    except OSError as error:
        raise PageError(f"{shown}: the page cannot be read ({error.strerror})") from None
    text, problems = decode(data, shown)
    if text is None:
        raise PageError(str(problems[0]))
    return text.replace("\r\n", "\n").replace("\r", "\n")


def content_hash(text: str) -> str:
    """The hash a translation records: of the page's text, line endings and a BOM aside."""
    normalized = text.removeprefix("\ufeff").replace("\r\n", "\n")
    return "sha256:" + hashlib.sha256(normalized.encode("utf-8")).hexdigest()[:16]


def recorded_hash(text: str) -> str | None:
    """The source hash a page's front matter records, if any."""
    match = _FRONT_MATTER.match(text.removeprefix("\ufeff"))
    if not match or not match.group(1):
        return None
    try:
        meta = yaml.safe_load(match.group(1))
    except yaml.YAMLError:
        return None
    value = meta.get(SOURCE_HASH) if isinstance(meta, dict) else None
    return str(value) if value is not None else None


def status(docs: Path, default: str, page: str, recorded: object) -> Status:
    """How a translated page (`page` relative to its language folder) stands to its German source."""
    source = docs / default / page
    if not source.is_file():
        return "no_source"
    if recorded is None:
        return "unrecorded"
    return "current" if str(recorded) == content_hash(read_page(source, _shown(source, docs))) else "outdated"


def _shown(file: Path, docs: Path) -> str:
    """A page's name in messages: from the project's folder on (docs/zh/data.md)."""
    return file.relative_to(docs.parent).as_posix() if file.is_relative_to(docs.parent) else str(file)


@dataclass(frozen=True)
class PageStatus:
    lang: str
    page: str  # relative to docs/<lang>/
    status: Status
    recorded: str | None
    source: str | None  # the German page's hash now

    def __str__(self) -> str:
        line = f"docs/{self.lang}/{self.page}: {self.status}"
        if self.status == "outdated":
            line += f" (records {self.recorded}; the source is now {self.source})"
        return line


def statuses(docs: Path, languages: list[str]) -> list[PageStatus]:
    """Every page of every language; the default language's pages are the sources."""
    default = languages[0]
    found = []
    for lang in languages:
        for file in sorted((docs / lang).rglob("*.md")):
            page = file.relative_to(docs / lang).as_posix()
            source = docs / default / page
            now = content_hash(read_page(source, _shown(source, docs))) if source.is_file() else None
            if lang == default:
                found.append(PageStatus(lang, page, "source", None, now))
                continue
            recorded = recorded_hash(read_page(file, _shown(file, docs)))
            found.append(PageStatus(lang, page, status(docs, default, page, recorded), recorded, now))
    return found


def mark_current(file: Path, docs: Path, default: str) -> str:
    """Record in a translated page's front matter the hash of its German source as it is now."""
    shown = _shown(file, docs)
    source = _source_of(file, docs, default, shown)
    value = content_hash(read_page(source, _shown(source, docs)))
    text = with_source_hash(read_page(file, shown), value, shown)
    file.write_text(text, encoding="utf-8")
    return value


def _source_of(file: Path, docs: Path, default: str, shown: str) -> Path:
    """The German page a translated page translates; a PageError when there is none."""
    folder = docs.resolve()
    if not file.resolve().is_relative_to(folder) or len(file.resolve().relative_to(folder).parts) < 2:
        raise PageError(f"{shown}: not a page in a language folder of {_shown(docs, docs)}/")
    lang, *page = file.resolve().relative_to(folder).parts
    if lang == default:
        raise PageError(f"{shown}: a page in {default} is a source, not a translation")
    source = docs / default / Path(*page)
    if not source.is_file():
        raise PageError(f"{shown}: there is no page {_shown(source, docs)} that it translates")
    return source


def with_source_hash(text: str, value: str, shown: str) -> str:
    """The page with `source_hash: value` in its front matter (one made when it has none); every other
    key, its comments and the order of the keys are kept (ruamel.yaml's round trip)."""
    match = _FRONT_MATTER.match(text)
    if match is None:
        return f'---\n{SOURCE_HASH}: "{value}"\n---\n\n{text}'
    editor, meta = _front_matter(match.group(1) or "", shown)
    meta[SOURCE_HASH] = _styled_like(meta.get(SOURCE_HASH), value)
    written = io.StringIO()
    editor.dump(meta, written)
    return f"---\n{written.getvalue()}---\n{text[match.end() :]}"


def _front_matter(text: str, shown: str) -> tuple[YAML, CommentedMap]:
    """The front matter as an editable mapping, and a writer that keeps its layout."""
    editor = YAML()  # round trip: comments, key order and quotes are kept
    editor.preserve_quotes = True
    editor.width = 1 << 16  # never re-wrap a long description
    try:
        meta, indent, offset = load_yaml_guess_indent(text, yaml=editor)
    except YAMLError as error:
        raise _invalid(error, shown) from None
    if meta is None:
        meta = CommentedMap()
    if not isinstance(meta, CommentedMap):
        raise PageError(f"{shown}: the front matter is not a mapping of keys to values")
    # lists indented as the page indents them; mappings by two spaces, as .editorconfig asks
    editor.indent(mapping=2, sequence=indent or 2, offset=offset or 0)
    return editor, meta


def _invalid(error: YAMLError, shown: str) -> PageError:
    """The error naming the page, and the line of the page where the front matter stops being YAML."""
    if isinstance(error, MarkedYAMLError) and error.problem_mark is not None:
        line = int(error.problem_mark.line) + 2  # the front matter starts on the page's second line
        return PageError(f"{shown}:{line}: the front matter is not valid YAML ({error.problem})")
    return PageError(f"{shown}: the front matter is not valid YAML ({error})")


def _styled_like(old: Any, value: str) -> str:
    """The new hash written as the page wrote the old one (quoted, folded, on several lines…): the
    comments ruamel.yaml keeps beside a value stay where they were only for a value of the same style.
    Double-quoted, as CONTRIBUTING.md shows it, where the page had none."""
    if isinstance(old, str) and not isinstance(old, ScalarString):
        return value  # plain, as it was
    style = type(old) if isinstance(old, ScalarString) else DoubleQuotedScalarString
    restyled: str = style(value)
    return restyled


def page_url(page: str) -> str:
    """The directory-style URL of a page within its language ('data.md' -> 'data/')."""
    stem = page.removesuffix(".md")
    if stem == "index":
        return ""
    return f"{stem.removesuffix('/index')}/"


def with_notice(markdown: str, notice: str) -> str:
    """The page with a notice block below its first heading (or at its top)."""
    heading = re.search(r"^# .*$", markdown, re.M)
    block = f"\n\n{notice}\n\n"
    if heading is None:
        return f"{notice}\n\n{markdown}"
    return markdown[: heading.end()] + block + markdown[heading.end() :].lstrip("\n")
