"""`python -m gpustorage verify`: every source page fetched (verify_fetch.py) and read as text
(verify_page_text.py), and each quote looked for in it: one finding per fact a source covers. Verify
never edits a value; with --update-checked it only sets `checked` on the sources whose every quote it
found (verify_checked_dates.py).

A finding's status: `confirmed` (the quote is on the page), `not_found` (it is not: the closest
passage shows what the page says instead), `unreachable` (no answer, an HTTP error, a redirect not
followed, or a page over the size cap whose part read lacks the quote), `moved` (redirects end at
another page), `no_text` (the page shows no text without JavaScript, or is no text at all, such as a
PDF), `unquoted` (the source gives no words for the fact: nothing to look for, and nothing to fix), or
`not_checked` (the run's time limit passed before its page was read: the next run checks it).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from enum import StrEnum

from ..inputs.checks import LoadedProvider
from ..inputs.load import KeyPath
from ..inputs.model import Fact, Source
from .verify_fetch import Fetched, Limits, Transport, fetch_all
from .verify_page_text import PageText, Passage, closest_passage, holds, page_text

# What verify asks for, besides its User-Agent: a page, in the language of the source's quotes
ACCEPT = "text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5"


class Status(StrEnum):
    confirmed = "confirmed"
    not_found = "not_found"
    unreachable = "unreachable"
    moved = "moved"
    no_text = "no_text"
    unquoted = "unquoted"
    not_checked = "not_checked"


# a page not checked needs a look too: until one run checks it, nothing says its quotes are still there
NEEDS_A_LOOK = frozenset(
    {Status.not_found, Status.unreachable, Status.moved, Status.no_text, Status.not_checked}
)


@dataclass(frozen=True)
class SourceEntry:
    """One source in one data file, and where it stands."""

    file: str  # the data file, as the report names it
    line: int
    key_path: KeyPath  # ("offerings", 0, "sources", 1) or ("no_persistent_storage", 0)
    provider: str  # the provider's name
    offering: str | None  # the product; None for a source of `no_persistent_storage`
    number: int  # 1-based, among the offering's sources
    source: Source


@dataclass(frozen=True)
class Finding:
    """What verify found for one fact a source covers (fact None: a source that covers none)."""

    entry: SourceEntry
    fact: Fact | None
    status: Status
    detail: str = ""  # the HTTP status, the error, where the page moved, in words
    final_url: str | None = None
    http_status: int | None = None
    closest: Passage | None = None

    @property
    def quote(self) -> str | None:
        return self.entry.source.quote.get(self.fact) if self.fact else None


@dataclass(frozen=True)
class ReadPage:
    """A fetched page and its text (None when nothing could be read)."""

    fetched: Fetched
    text: PageText | None


def source_entries(providers: Iterable[LoadedProvider]) -> Iterator[SourceEntry]:
    """Every source of every provider, in file order."""
    for loaded in providers:
        doc, provider = loaded.document, loaded.provider
        for number, source in enumerate(provider.no_persistent_storage or [], 1):
            path: KeyPath = ("no_persistent_storage", number - 1)
            yield SourceEntry(doc.path, doc.locate(path)[0], path, provider.name, None, number, source)
        for index, offering in enumerate(provider.offerings):
            for number, source in enumerate(offering.sources, 1):
                path = ("offerings", index, "sources", number - 1)
                yield SourceEntry(
                    doc.path, doc.locate(path)[0], path, provider.name, offering.product, number, source
                )


def read_pages(
    keys: list[tuple[str, str]], transport: Transport, limits: Limits
) -> dict[tuple[str, str], ReadPage]:
    """Each (URL, language) page fetched once, and read as text where it answered with one."""
    requests = [(url, {"Accept": ACCEPT, "Accept-Language": lang}) for url, lang in keys]
    return dict(zip(keys, fetch_all(requests, transport, limits, then=_read), strict=True))


def _read(page: Fetched) -> ReadPage:
    """A page as text; its bytes are let go, the text being all that is needed from here on."""
    return ReadPage(replace(page, body=b""), _text(page))


def _text(page: Fetched) -> PageText | None:
    if page.error is not None or page.status is None or not 200 <= page.status < 300:
        return None
    return page_text(page.body, page.content_type)


def verify(providers: Iterable[LoadedProvider], transport: Transport, limits: Limits) -> list[Finding]:
    """A finding for every fact every source covers."""
    entries = list(source_entries(providers))
    pages = read_pages(sorted({(e.source.url, e.source.lang) for e in entries}), transport, limits)
    return [
        finding for entry in entries for finding in judge(entry, pages[entry.source.url, entry.source.lang])
    ]


def judge(entry: SourceEntry, page: ReadPage) -> list[Finding]:
    """The findings for one source's facts on its page (a source that covers none: one finding, if
    its page needs a look)."""
    fetched = page.fetched
    facts: list[Fact | None] = list(entry.source.covers) or [None]
    findings = []
    for fact in facts:
        status, detail, closest = _unread(page) or _on_page(entry.source, fact, page.text, fetched)
        findings.append(Finding(entry, fact, status, detail, fetched.final_url, fetched.status, closest))
    return [finding for finding in findings if finding.fact is not None or finding.status in NEEDS_A_LOOK]


Judgement = tuple[Status, str, Passage | None]  # a status, its detail in words, the closest passage


def _unread(page: ReadPage) -> Judgement | None:
    """Why a page could not be searched at all, when it could not."""
    fetched = page.fetched
    if fetched.not_checked:
        return Status.not_checked, fetched.error or "", None
    if fetched.error is not None:
        return Status.unreachable, fetched.error, None
    if page.text is None:
        return Status.unreachable, f"HTTP {fetched.status}", None
    if page.text.no_text is not None:
        return Status.no_text, page.text.no_text, None
    return None


def _on_page(source: Source, fact: Fact | None, text: PageText | None, fetched: Fetched) -> Judgement:
    """One fact on a page that could be read: its status, the detail, and the closest passage."""
    assert text is not None  # _unread came first
    quote = source.quote.get(fact) if fact else None
    found = quote is not None and holds(text.text, quote)
    if fetched.moved:
        there = "" if quote is None else "; the quote is there" if found else "; the quote is not there"
        return Status.moved, f"now at {fetched.final_url}{there}", None
    if found:
        return Status.confirmed, "", None
    if not text.shows_text:
        return Status.no_text, "the page shows no text without JavaScript", None
    if quote is None:
        return Status.unquoted, "", None
    if fetched.truncated:
        return Status.unreachable, "the page is over the size cap, and the part read lacks the quote", None
    return Status.not_found, "", closest_passage(text.text, quote)


def confirmed_sources(findings: Iterable[Finding]) -> list[SourceEntry]:
    """The sources whose every quote was found (and that have one): those `checked` may be set on."""
    by_source: dict[tuple[str, KeyPath], list[Finding]] = {}
    for finding in findings:
        by_source.setdefault((finding.entry.file, finding.entry.key_path), []).append(finding)
    return [
        found[0].entry
        for found in by_source.values()
        if found[0].entry.source.quote
        and all(f.status is Status.confirmed for f in found if f.quote is not None)
        and not any(f.status in NEEDS_A_LOOK for f in found)
    ]


def needs_a_look(findings: Iterable[Finding]) -> bool:
    return any(finding.status in NEEDS_A_LOOK for finding in findings)
