"""Load and validate the guide's pages (docs/<lang>/**/*.md): their front matter and their text.

A page's front matter may hold only the keys below, each of its type (`GuideFrontMatter`): render
escapes or serializes every one of them, so that no engine prints a contributor's value raw. JSON-LD
and feed links are never taken from a page; render makes them. Every problem is reported with its
file and line, all at once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from . import guide_translations
from .load import load_text, read_text
from .problems import DataError, Problem
from .validate import check_model

# MkDocs' own rule (mkdocs.utils.meta): a YAML block between '---' lines at the very top
_FRONT_MATTER = re.compile(r"\A-{3}[ \t]*\n(.*?\n)(?:\.{3}|-{3})[ \t]*\n", re.S)


class GuideFrontMatter(BaseModel):
    """What a guide page's front matter may say."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    title: str | None = Field(None, description="The page's title (default: its first heading).")
    description: str | None = Field(None, description="The page's description for search engines.")
    hide: list[Literal["navigation", "toc", "footer", "path", "feedback"]] = Field(
        default_factory=list, description="Parts of Material's layout this page leaves out."
    )
    source_hash: str | None = Field(
        None,
        pattern=r"^sha256:[0-9a-f]{16}$",
        description="A translation: the content hash of the default language's page it translates.",
    )


@dataclass(frozen=True)
class GuidePage:
    path: str  # relative to its language's folder: 'index.md', 'providers/index.md'
    front_matter: GuideFrontMatter
    body: str  # the Markdown below the front matter, as written
    outdated: bool  # a translation whose default-language page changed since it was translated


def _split(text: str) -> tuple[str | None, int, str]:
    """The front matter's YAML (None without one), the line it starts on, and the text below it."""
    match = _FRONT_MATTER.match(text)
    if not match:
        return None, 1, text
    return match.group(1), 2, text[match.end() :]


def _front_matter(
    display: str, yaml_text: str | None, first_line: int
) -> tuple[GuideFrontMatter | None, list[Problem]]:
    if yaml_text is None or not yaml_text.strip():
        return GuideFrontMatter(), []
    # padded with empty lines, so that positions are the page's own lines
    doc, problems = load_text(display, "\n" * (first_line - 1) + yaml_text)
    if doc is None:
        return None, problems
    front_matter, found = check_model(doc, GuideFrontMatter)
    return front_matter, problems + found


def load_page(docs: Path, lang: str, file: Path, default: str) -> tuple[GuidePage | None, list[Problem]]:
    display = file.relative_to(docs.parent).as_posix()
    text, problems = read_text(file, display)
    if text is None:
        return None, problems
    yaml_text, first_line, body = _split(text)
    front_matter, problems = _front_matter(display, yaml_text, first_line)
    if front_matter is None or problems:
        return None, problems
    path = file.relative_to(docs / lang).as_posix()
    return GuidePage(path, front_matter, body, _outdated(docs, lang, default, path, front_matter)), []


def _outdated(docs: Path, lang: str, default: str, path: str, front_matter: GuideFrontMatter) -> bool:
    if lang == default:
        return False
    try:
        return guide_translations.status(docs, default, path, front_matter.source_hash) == "outdated"
    except guide_translations.PageError:  # the source page cannot be read: loading it reports why
        return False


def load_guide(docs: Path, languages: list[str]) -> dict[str, list[GuidePage]]:
    """Every language's guide pages (the default language first), or every problem found in them."""
    pages: dict[str, list[GuidePage]] = {lang: [] for lang in languages}
    problems: list[Problem] = []
    for lang in languages:
        for file in sorted((docs / lang).rglob("*.md")):
            page, found = load_page(docs, lang, file, languages[0])
            problems += found
            if page is not None:
                pages[lang].append(page)
    if problems:
        raise DataError(problems)
    return pages
