"""Translations that know when they are outdated.

Each page in another language records in its front matter which version of the default language's
page (German) it translates: `source_hash: "sha256:…"`, the content hash of that page. When the German
page changes afterwards, the hashes differ: the translated page shows a notice linking the German
page (`data-translation-status="outdated"`), and `make translations` lists it. Running
`make translations CURRENT=docs/zh/data.md` records the present hash once the translation is updated.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import yaml

SOURCE_HASH = "source_hash"
Status = Literal["source", "current", "outdated", "unrecorded", "no_source"]
_FRONT_MATTER = re.compile(r"\A---[ \t]*\n(.*?\n)?---[ \t]*\n", re.S)
_HASH_LINE = re.compile(rf"^{SOURCE_HASH}:.*$", re.M)


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
    return "current" if str(recorded) == content_hash(source.read_text(encoding="utf-8")) else "outdated"


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
            now = content_hash(source.read_text(encoding="utf-8")) if source.is_file() else None
            if lang == default:
                found.append(PageStatus(lang, page, "source", None, now))
                continue
            recorded = recorded_hash(file.read_text(encoding="utf-8"))
            found.append(PageStatus(lang, page, status(docs, default, page, recorded), recorded, now))
    return found


def mark_current(file: Path, docs: Path, default: str) -> str:
    """Record in a translated page's front matter the hash of its German source as it is now."""
    relative = file.resolve().relative_to(docs.resolve())
    source = docs / default / Path(*relative.parts[1:])
    value = content_hash(source.read_text(encoding="utf-8"))
    line = f'{SOURCE_HASH}: "{value}"'
    text = file.read_text(encoding="utf-8")
    match = _FRONT_MATTER.match(text)
    if match is None:
        text = f"---\n{line}\n---\n\n{text}"
    else:
        body = match.group(1) or ""
        body = _HASH_LINE.sub(line, body, count=1) if _HASH_LINE.search(body) else f"{body}{line}\n"
        text = f"---\n{body}---\n{text[match.end() :]}"
    file.write_text(text, encoding="utf-8")
    return value


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
