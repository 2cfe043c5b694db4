"""The words of `verify`: a Markdown report (for a person, a job summary or an issue) and JSON (for a
program), both from the same findings.

The Markdown lists what needs a look first, one item per source and status (a passage not found: one
per fact, with the quote and the closest passage), then the dates set, what was confirmed, then the
facts without a quote. Everything a data file or a page says is shown in code spans (review.py's
`code`), so that no page can add markup, links or mentions to an issue; the issue's copy is cut only
between items, never inside a code span (review.py's blocks, as the data review comment is cut).
"""

from __future__ import annotations

import datetime as dt
import json
from collections import Counter
from collections.abc import Iterable, Iterator
from itertools import groupby
from typing import Any

from .review import Block, code, comment_length, section_heading, shortened
from .verify import NEEDS_A_LOOK, Finding, SourceEntry, Status
from .verify_fetch import page_key

REPORT_VERSION = 1
STATUS_WORDS = {
    Status.confirmed: "confirmed",
    Status.not_found: "quote not found",
    Status.unreachable: "unreachable",
    Status.moved: "moved",
    Status.no_text: "no text",
    Status.unquoted: "no quote",
    Status.not_checked: "not checked",
}


def _where(entry: SourceEntry) -> str:
    """The source's line in its file, the provider, the offering and the source's number."""
    parts = [code(f"{entry.file}:{entry.line}"), code(entry.provider)]
    if entry.offering is not None:
        parts.append(code(entry.offering))
    return " · ".join([*parts, f"source {entry.number}"])


def _facts(findings: list[Finding]) -> str:
    return ", ".join(finding.fact.value for finding in findings if finding.fact is not None) or "its page"


def _grouped(findings: Iterable[Finding]) -> Iterator[list[Finding]]:
    """Findings of one source with one status and one detail together; a passage not found alone."""
    for _, group in groupby(findings, key=lambda f: (f.entry.file, f.entry.key_path, f.status, f.detail)):
        found = list(group)
        if found[0].status is Status.not_found:
            yield from ([finding] for finding in found)
        else:
            yield found


def _look(findings: list[Finding]) -> list[str]:
    """One item of 'needs a look': what, where, for which facts, and what the page says."""
    first = findings[0]
    lines = [f"- **{STATUS_WORDS[first.status]}** · {_where(first.entry)} · {_facts(findings)}"]
    page = code(first.entry.source.url)
    if first.final_url and page_key(first.final_url) != page_key(first.entry.source.url):
        page += f" → {code(first.final_url)}"
    # a move's detail names the new address first, which the line shows already
    detail = first.detail.partition("; ")[2] if first.status is Status.moved else first.detail
    lines.append(f"  - page: {page}" + (f": {code(detail)}" if detail else ""))
    if first.status is Status.not_found and first.quote is not None:
        lines.append(f"  - quote: {code(first.quote)}")
        if first.closest is not None:
            alike = f"{first.closest.similarity:.0%} alike"
            lines.append(f"  - closest passage ({alike}): {code(first.closest.text)}")
        else:
            lines.append("  - no passage of the page is like it")
    return lines


def _counts(findings: list[Finding]) -> Counter[Status]:
    return Counter(finding.status for finding in findings)


def summary_line(findings: list[Finding], day: dt.date) -> str:
    counts = _counts(findings)
    pages = len({finding.entry.source.url for finding in findings})
    sources = len({(finding.entry.file, finding.entry.key_path) for finding in findings})
    look = sum(counts[status] for status in NEEDS_A_LOOK)
    said = ", ".join(f"{counts[status]} {STATUS_WORDS[status]}" for status in Status if counts[status])
    return (
        f"Checked on {day.isoformat()}: {sources} sources on {pages} pages; "
        f"{look} {'fact needs' if look == 1 else 'facts need'} a look ({said or 'nothing to check'})."
    )


def _blocks(findings: list[Finding], day: dt.date, checked: list[SourceEntry] | None) -> list[Block]:
    """The report, item by item (each item's lines one block), in the order it is read."""
    blocks = [Block(f"## Source check\n\n{summary_line(findings, day)}\n", entries=0)]
    look = [f for f in findings if f.status in NEEDS_A_LOOK]
    if look:
        blocks.append(section_heading("Needs a look"))
        blocks += [Block("\n".join(_look(group)) + "\n") for group in _grouped(look)]
    if checked:
        blocks.append(section_heading("Checked dates set"))
        blocks += [Block(f"- {_where(entry)}: `checked: {day.isoformat()}`\n") for entry in checked]
    confirmed = [f for f in findings if f.status is Status.confirmed]
    if confirmed:
        blocks.append(section_heading("Confirmed"))
        blocks += [Block(f"- {_where(g[0].entry)} · {_facts(g)}\n") for g in _grouped(confirmed)]
    unquoted = [f for f in findings if f.status is Status.unquoted]
    if unquoted:
        count = f"{len(unquoted)} {'fact' if len(unquoted) == 1 else 'facts'}"
        items = [f"- {_where(g[0].entry)} · {_facts(g)}\n" for g in _grouped(unquoted)]
        # one block: a cut inside <details> would leave it open around the note
        details = f"<details><summary>{count}</summary>\n\n{''.join(items)}\n</details>\n"
        blocks += [section_heading("Without a quote"), Block(details, entries=len(items))]
    return blocks


def markdown(
    findings: list[Finding],
    day: dt.date,
    checked: list[SourceEntry] | None = None,
    max_chars: int | None = None,
    whole_report: str = "the run's summary",
) -> str:
    """The report: a summary line, what needs a look, the sources whose `checked` date was set (with
    --update-checked), what was confirmed, and the facts without a quote. With `max_chars` (for an
    issue), at most that long (review.comment_length), cut where an item ends, never inside one (a
    code span cut open would let the page's words after it render as Markdown), with a note of the
    items left out and where the whole report is (`whole_report`, in words)."""
    blocks = _blocks(findings, day, checked)
    whole = "".join(block.text for block in blocks)
    if max_chars is None or comment_length(whole) <= max_chars:
        return whole
    return shortened(blocks, max_chars, lambda left_out: _note(left_out, whole_report))


def _note(left_out: int, whole_report: str) -> str:
    items = f"{left_out:,} more {'item is' if left_out == 1 else 'items are'}"
    return f"\n… Shortened to fit in a GitHub issue: {items} not shown. The whole report: {whole_report}.\n"


def finding_record(finding: Finding) -> dict[str, Any]:
    entry = finding.entry
    return {
        "file": entry.file,
        "line": entry.line,
        "provider": entry.provider,
        "offering": entry.offering,
        "source": entry.number,
        "url": entry.source.url,
        "lang": entry.source.lang,
        "fact": finding.fact.value if finding.fact else None,
        "status": finding.status.value,
        "detail": finding.detail or None,
        "final_url": finding.final_url,
        "http_status": finding.http_status,
        "quote": finding.quote,
        "closest": finding.closest.text if finding.closest else None,
        "similarity": finding.closest.similarity if finding.closest else None,
    }


def json_report(findings: list[Finding], day: dt.date, checked: list[SourceEntry] | None = None) -> str:
    counts = _counts(findings)
    record = {
        "version": REPORT_VERSION,
        "date": day.isoformat(),
        "needs_a_look": sum(counts[status] for status in NEEDS_A_LOOK),
        "counts": {status.value: counts[status] for status in Status},
        "findings": [finding_record(finding) for finding in findings],
        "checked": [{"file": e.file, "line": e.line, "url": e.source.url} for e in checked or []],
    }
    return json.dumps(record, ensure_ascii=False, indent=1) + "\n"
