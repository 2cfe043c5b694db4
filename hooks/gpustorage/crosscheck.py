"""Checks across files: what one file cannot know alone (languages, pages, currencies)."""

from __future__ import annotations

import datetime as dt
import unicodedata
from collections.abc import Iterable, Mapping
from pathlib import Path

from disarm import skeleton_key

from .load import Document, KeyPath, decode
from .markers import MARKER
from .model import (
    GB_PER,
    MAX_EGRESS_USD_PER_GB,
    MAX_GB,
    MAX_MONTHLY_FEE_USD,
    MAX_SIZE_TEXT,
    MAX_USD_PER_GB_MONTH,
    Egress,
    ExchangeRates,
    Price,
    Provider,
    Source,
    per_gb_month,
)
from .problems import Problem

# Names a provider id may not take, besides the pages and folders that exist in docs/: its page is
# providers/<id>/ in every language, and these are, or may become, pages and folders of the site.
RESERVED_IDS = {
    "index": "the page of the folder itself (index.md)",
    "api": "the API files (api/)",
    "assets": "the site's scripts and styles (assets/)",
    "search": "the search index (search/)",
    "sitemap": "the sitemap",
    "404": "the page shown for a missing address",
}


def note_languages(doc: Document, provider: Provider, languages: Iterable[str]) -> list[Problem]:
    """Every localized note must be written in every site language, and in no other."""
    wanted = set(languages)
    expected = f"(expected: {', '.join(sorted(wanted))})"
    problems = []
    notes: list[tuple[KeyPath, dict[str, str] | None]] = [(("notes",), provider.notes)]
    notes += [(("offerings", i, "notes"), o.notes) for i, o in enumerate(provider.offerings)]
    for loc, text in notes:
        if text is None:
            continue
        for lang in sorted(wanted - text.keys()):
            problems.append(doc.problem(loc, f"'notes' has no '{lang}' text {expected}"))
        for lang in sorted(text.keys() - wanted):
            problems.append(
                doc.problem(
                    (*loc, lang),
                    f"'notes' has text in '{lang}', which is not a site language {expected}",
                )
            )
    return problems


def currencies(display: str, rates: ExchangeRates, providers: Mapping[str, Provider]) -> list[Problem]:
    """A problem for each currency that a price uses but no exchange rate covers."""
    used = {
        amount.currency.value
        for provider in providers.values()
        for offering in provider.offerings
        for amount in (offering.price, offering.egress)
        if not isinstance(amount, str)
    }
    return [
        Problem(display, 1, 1, f"no exchange rate for {currency}; add one under 'rates'")
        for currency in sorted(used - {"USD"} - {c.value for c in rates.rates})
    ]


def _page_text(file: Path, root: Path, problems: list[Problem]) -> str | None:
    """A docs page's text; a page that is not UTF-8 is a problem at its first bad byte."""
    text, found = decode(file.read_bytes(), file.relative_to(root).as_posix())
    problems += found
    return text


def pages(docs: Path, root: Path, languages: list[str]) -> list[Problem]:
    """Every page exists in every language, with the same data markers."""
    found = {
        lang: {
            p.relative_to(docs / lang).as_posix(): p
            for p in sorted((docs / lang).rglob("*.md"))
            if p.is_file()
        }
        for lang in languages
    }
    problems: list[Problem] = []
    # every page decoded here, before MkDocs reads it: a byte that is not UTF-8 is a located problem
    texts = {
        lang: {rel: _page_text(path, root, problems) for rel, path in found[lang].items()} for lang in found
    }
    for lang in languages:
        for relative in sorted(set().union(*(p.keys() for p in found.values())) - found[lang].keys()):
            owners = ", ".join(other for other in languages if relative in found[other])
            display = (docs / lang / relative).relative_to(root).as_posix()
            problems.append(Problem(display, 1, 1, f"missing page: it exists in {owners}; translate it"))
    for relative in sorted(set.intersection(*(set(p) for p in found.values())) if found else ()):
        markers = {lang: set(MARKER.findall(texts[lang][relative] or "")) for lang in languages}
        first = languages[0]
        for lang in languages[1:]:
            unread = texts[lang][relative] is None or texts[first][relative] is None
            if markers[lang] != markers[first] and not unread:
                display = found[lang][relative].relative_to(root).as_posix()
                expected = ", ".join(f"<!-- data:{m} -->" for m in sorted(markers[first])) or "none"
                problems.append(
                    Problem(
                        display, 1, 1, f"data markers differ from the {first} page (expected: {expected})"
                    )
                )
    return problems


def taken_names(docs: Path, root: Path) -> dict[str, str]:
    """The page and folder names a provider id may not take, with what holds each: a provider's page
    is providers/<id>/ in each language, and would replace a page or folder of that name there (or, should
    provider pages ever move, at a language root)."""
    holders: dict[str, str] = {}
    language_roots = sorted(p for p in docs.iterdir() if p.is_dir()) if docs.is_dir() else []
    # the pages beside the provider's own first, then those at the language roots
    for folder in [r / "providers" for r in language_roots] + language_roots:
        for entry in sorted(folder.iterdir()) if folder.is_dir() else []:
            name = entry.stem if entry.suffix == ".md" else entry.name
            holders.setdefault(name, entry.relative_to(root).as_posix())
    for language_root in language_roots:
        holders.setdefault(language_root.name, f"the language folder {language_root.relative_to(root)}/")
    return {**RESERVED_IDS, **holders}


def provider_id(provider_id: str, display: str, taken: Mapping[str, str]) -> list[Problem]:
    """A collision of a provider id with a page or folder, naming both."""
    holder = taken.get(provider_id)
    if holder is None:
        return []
    return [
        Problem(
            display,
            1,
            1,
            f"the provider id '{provider_id}' (the file name) is taken by {holder}: the provider's page "
            "would replace it; rename the file",
        )
    ]


def name_key(name: str) -> str:
    """What two provider names must not share: the text after NFKC normalization, case folding and
    the Unicode confusables skeleton (TR 39), so 'AWS', 'aws' and 'ΑWS' (Greek Alpha) are one name."""
    return str(skeleton_key(unicodedata.normalize("NFKC", name).casefold()))


def unique_names(named: Mapping[str, tuple[Provider, Document]]) -> list[Problem]:
    """Provider names must be told apart by a reader: no two may look alike. Each file of a pair is
    named in the other's problem."""
    groups: dict[str, list[tuple[Provider, Document]]] = {}
    for _, (provider, doc) in sorted(named.items()):
        groups.setdefault(name_key(provider.name), []).append((provider, doc))
    problems = []
    for group in groups.values():
        for provider, doc in group if len(group) > 1 else []:
            others = " and ".join(f"'{p.name}' in {d.path}" for p, d in group if d is not doc)
            problems.append(
                doc.problem(
                    ("name",),
                    f"the name '{provider.name}' looks the same as {others} (ignoring case, width and "
                    "look-alike letters); give each provider a distinct name",
                )
            )
    return problems


def _sources(provider: Provider) -> list[tuple[KeyPath, Source]]:
    found: list[tuple[KeyPath, Source]] = [
        (("no_persistent_storage", n), s) for n, s in enumerate(provider.no_persistent_storage or [])
    ]
    for i, offering in enumerate(provider.offerings):
        found += [(("offerings", i, "sources", n), s) for n, s in enumerate(offering.sources)]
    return found


def dates(doc: Document, provider: Provider, today: dt.date) -> list[Problem]:
    """No source is seen after the build date (plus a day, for time zones)."""
    latest = today + dt.timedelta(days=1)
    return [
        doc.problem(
            (*loc, "seen"),
            f"'seen' is {source.seen.isoformat()}, after the build date ({today.isoformat()}); "
            "enter the date the source shows, or the day you read it",
        )
        for loc, source in _sources(provider)
        if source.seen > latest
    ]


def rate_dates(doc: Document, rates: ExchangeRates, today: dt.date) -> list[Problem]:
    latest = today + dt.timedelta(days=1)
    return [
        doc.problem(
            ("rates", currency.value, "date"),
            f"'date' is {rate.date.isoformat()}, after the build date ({today.isoformat()})",
        )
        for currency, rate in rates.rates.items()
        if rate.date > latest
    ]


def _usd(currency: str, rates: ExchangeRates | None) -> float | None:
    if currency == "USD":
        return 1.0
    rate = rates.rates.get(currency) if rates else None  # type: ignore[call-overload]
    return rate.usd_per_unit if rate else None


def plausible(doc: Document, provider: Provider, rates: ExchangeRates | None) -> list[Problem]:
    """Prices, fees and sizes within plausible bounds, in US dollars where a rate is known: a value
    beyond them is a typo (the unit, a missing dot), and would make every comparison wrong."""
    problems = []
    for i, offering in enumerate(provider.offerings):
        price, egress = offering.price, offering.egress
        if isinstance(price, Price):
            unit, size = price.unit.value, price.unit.value.split("-")[0]
            usd = _usd(price.currency.value, rates)
            for field in ("tiers", "idle_tiers"):
                for j, tier in enumerate(getattr(price, field) or []):
                    loc = ("offerings", i, "price", field, j)
                    if usd is not None and per_gb_month(tier.amount, unit) * usd > MAX_USD_PER_GB_MONTH:
                        value = per_gb_month(tier.amount, unit) * usd
                        given = f"{tier.amount:g} {price.currency.value} per {unit}"
                        converted = f"{value:.4g} USD per GB-month"
                        said = given if given == converted else f"{given} is {converted}"
                        problems.append(
                            doc.problem(
                                (*loc, "amount"),
                                f"'amount' {said}, above the plausible maximum of "
                                f"{MAX_USD_PER_GB_MONTH:g}; check the amount and the unit",
                            )
                        )
                    if tier.up_to is not None and tier.up_to * GB_PER[size] > MAX_GB:
                        problems.append(
                            doc.problem(
                                (*loc, "up_to"),
                                f"'up_to' {tier.up_to:g} {size} is larger than {MAX_SIZE_TEXT}, "
                                "the largest size accepted",
                            )
                        )
            if usd is not None and price.monthly_fee * usd > MAX_MONTHLY_FEE_USD:
                problems.append(
                    doc.problem(
                        ("offerings", i, "price", "monthly_fee"),
                        f"'monthly_fee' is {price.monthly_fee * usd:,.0f} USD, above the plausible maximum "
                        f"of {MAX_MONTHLY_FEE_USD:,.0f} USD per month",
                    )
                )
        if isinstance(egress, Egress):
            usd = _usd(egress.currency.value, rates)
            if usd is not None and egress.amount * usd / GB_PER[egress.per] > MAX_EGRESS_USD_PER_GB:
                problems.append(
                    doc.problem(
                        ("offerings", i, "egress", "amount"),
                        f"'amount' is {egress.amount * usd / GB_PER[egress.per]:.4g} USD per GB of "
                        f"egress, above the plausible maximum of {MAX_EGRESS_USD_PER_GB:g}",
                    )
                )
    return problems
