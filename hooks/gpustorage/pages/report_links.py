"""Render, the "wrong value" links: a prefilled issue form per offering and per fact.

The form names the provider and offering and carries the values shown now, in English (the issue
tracker's language) and in the page's language. The English half is the same in every language, so
it is quoted once per build (`offering_report`); each language's lines once per offering
(`report_links`). Values are shortened, with a note, until a link fits MAX_REPORT_URL.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote_plus

from .contract import COLUMNS
from .messages import Strings
from .transform import OfferingView, ProviderView

MAX_REPORT_URL = 8192  # browsers and GitHub accept longer links, but a report needs no more
_FIRST_LIMIT = 400  # the longest value kept whole once a link is too long; halved until it fits
_ALL_FACTS = tuple(map(str, COLUMNS))


def _form(text: str) -> str:
    """application/x-www-form-urlencoded, as a form's fields are sent."""
    return quote_plus(text, safe="")


def _cut(text: str, limit: int | None) -> str:
    return text if limit is None or len(text) <= limit else text[: limit - 1] + "…"


@dataclass(frozen=True)
class OfferingReport:
    """What an offering's report links hold in every language."""

    repository: str
    provider_id: str
    provider_name: str
    product: str
    english: dict[str, str]  # per fact: its value in English
    head: str  # the form's address and the fields naming the offering, quoted
    english_lines: dict[str, str]  # per fact: "price: 0.07 USD/GB-month", quoted


def _head(repository: str, provider_id: str, provider_name: str, product: str) -> str:
    query = {
        "template": "wrong-value.yml",
        "title": f"[{provider_name}] {product}",
        "provider": provider_id,
        "offering": product,
    }
    return f"{repository}/issues/new?" + "&".join(f"{key}={_form(value)}" for key, value in query.items())


def _english_line(name: str, english: str, limit: int | None) -> str:
    return _form(f"{name.replace('_', ' ')}: {_cut(english, limit)}")


def offering_report(repository: str, provider: ProviderView, offering: OfferingView) -> OfferingReport:
    english = {name: cell.english for name, cell in offering.cells.items()}
    return OfferingReport(
        repository=repository,
        provider_id=provider.id,
        provider_name=provider.name,
        product=offering.product,
        english=english,
        head=_head(repository, provider.id, provider.name, offering.product),
        english_lines={name: _english_line(name, text, None) for name, text in english.items()},
    )


def _line(report: OfferingReport, offering: OfferingView, t: Strings, name: str, limit: int | None) -> str:
    """One value's line of the form, in English and in the page's language, cut to `limit` (quoted)."""
    english = (
        report.english_lines[name] if limit is None else _english_line(name, report.english[name], limit)
    )
    return english + _form(f" / {t(f'column.{name}')}: {_cut(offering.cells[name].text, limit)}")


def _form_url(head: str, field: str | None, lines: list[str]) -> str:
    """The form at `head` for one fact (or the whole offering: no field), its quoted value lines."""
    return f"{head}&field={_form(field or '')}&current={'%0A'.join(lines)}"  # %0A: a line break


def _url(report: OfferingReport, offering: OfferingView, t: Strings, field: str | None, limit: int) -> str:
    """The form for one fact or the whole offering, every value cut to `limit` characters."""
    names = [field] if field else _ALL_FACTS
    lines = [_line(report, offering, t, name, limit) for name in names]
    lines.append(_form(t("report.shortened")))
    head = _head(
        report.repository, report.provider_id, _cut(report.provider_name, limit), _cut(report.product, limit)
    )
    return _form_url(head, field, lines)


def _fitting(url: str, report: OfferingReport, offering: OfferingView, t: Strings, field: str | None) -> str:
    """`url` if it fits MAX_REPORT_URL; else the form with its values cut, by half each time, until
    it does."""
    limit = _FIRST_LIMIT
    while len(url) > MAX_REPORT_URL and limit >= 1:
        url = _url(report, offering, t, field, limit)
        limit //= 2
    return url


@dataclass(frozen=True)
class ReportLinks:
    """An offering's report links in one language: one per fact, and one for the whole offering."""

    per_fact: dict[str, str]
    offering: str


def report_links(report: OfferingReport, offering: OfferingView, t: Strings) -> ReportLinks:
    """Every report link of an offering in the page's language, each value's line quoted once: a
    fact's form carries its line, the offering's form all of them."""
    lines = {name: _line(report, offering, t, name, None) for name in offering.cells}

    def link(field: str | None, current: list[str]) -> str:
        return _fitting(_form_url(report.head, field, current), report, offering, t, field)

    return ReportLinks(
        per_fact={name: link(name, [line]) for name, line in lines.items()},
        offering=link(None, [lines[name] for name in _ALL_FACTS]),
    )
