"""Checks of the docs pages: UTF-8 text, every page in every site language, the same data markers in each."""

from __future__ import annotations

from pathlib import Path

from ..load import decode
from ..markers import MARKER
from ..problems import Problem
from .base import Check, CheckInput


def _docs_pages(data: CheckInput) -> dict[str, dict[str, Path]]:
    """Every Markdown page of every language, by its path inside the language's folder."""
    docs = data.root / "docs"
    found = {lang: sorted(p for p in (docs / lang).rglob("*.md") if p.is_file()) for lang in data.languages}
    return {lang: {p.relative_to(docs / lang).as_posix(): p for p in pages} for lang, pages in found.items()}


def _decoded(page: Path, root: Path) -> tuple[str | None, list[Problem]]:
    """A docs page's text; a page that is not UTF-8 is a problem at its first bad byte."""
    return decode(page.read_bytes(), page.relative_to(root).as_posix())


def _page_encoding(data: CheckInput) -> list[Problem]:
    """Every page decoded here, before MkDocs reads it: a byte that is not UTF-8 is a located problem."""
    pages = _docs_pages(data).values()
    return [problem for found in pages for page in found.values() for problem in _decoded(page, data.root)[1]]


def _pages_in_every_language(data: CheckInput) -> list[Problem]:
    """Every page exists in every language; a missing one names the languages that have it."""
    found = _docs_pages(data)
    every_page: set[str] = set().union(*(pages.keys() for pages in found.values()))
    problems = []
    for lang in data.languages:
        for relative in sorted(every_page - found[lang].keys()):
            owners = ", ".join(other for other in data.languages if relative in found[other])
            display = (data.root / "docs" / lang / relative).relative_to(data.root).as_posix()
            problems.append(Problem(display, 1, 1, f"missing page: it exists in {owners}; translate it"))
    return problems


def _markers(page: Path, root: Path) -> set[str] | None:
    """A page's data markers; None when it cannot be read (`_page_encoding` names it)."""
    text = _decoded(page, root)[0]
    return None if text is None else set(MARKER.findall(text))


def _page_markers(data: CheckInput) -> list[Problem]:
    """A page that exists in every language has the same data markers in each as in the first."""
    found = _docs_pages(data)
    in_every_language = set.intersection(*(set(pages) for pages in found.values())) if found else set()
    problems = []
    for relative in sorted(in_every_language):
        first, *others = data.languages
        expected = _markers(found[first][relative], data.root)
        for lang in others:
            markers = _markers(found[lang][relative], data.root)
            if expected is not None and markers is not None and markers != expected:
                display = found[lang][relative].relative_to(data.root).as_posix()
                listed = ", ".join(f"<!-- data:{m} -->" for m in sorted(expected)) or "none"
                message = f"data markers differ from the {first} page (expected: {listed})"
                problems.append(Problem(display, 1, 1, message))
    return problems


CHECKS = (
    Check("page-encoding", "every docs page is UTF-8 text", _page_encoding, whole_project=True),
    Check(
        "pages-in-every-language",
        "every docs page exists in every site language",
        _pages_in_every_language,
        whole_project=True,
    ),
    Check(
        "page-markers",
        "a page has the same data markers in every language",
        _page_markers,
        whole_project=True,
    ),
)
