"""Checks of the provider files against each other and the site: ids, notes' languages, look-alike names,
plausible figures, dates, and a quote for every known value."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from pathlib import Path
from types import MappingProxyType

from disarm import skeleton_key

from ..load import Document, KeyPath
from ..model import (
    GB_PER,
    MAX_EGRESS_USD_PER_GB,
    MAX_GB,
    MAX_MONTHLY_FEE_USD,
    MAX_QUOTE,
    MAX_SIZE_TEXT,
    MAX_USD_PER_GB_MONTH,
    UNKNOWN,
    Answer,
    Egress,
    ExchangeRates,
    Fact,
    OfferingBase,
    Price,
    Tier,
    per_gb_month,
)
from ..problems import Problem
from .base import Check, CheckInput, LoadedProvider, each_provider, latest_date, localized_texts, sources_of

# Names a provider id may not take, besides the pages and folders that exist in docs/: its page is
# providers/<id>/ in every language, and these are, or may become, pages and folders of the site.
RESERVED_IDS = MappingProxyType(
    {
        "index": "the page of the folder itself (index.md)",
        "api": "the API files (api/)",
        "assets": "the site's scripts and styles (assets/)",
        "search": "the search index (search/)",
        "sitemap": "the sitemap",
        "404": "the page shown for a missing address",
    }
)


def _text_languages(data: CheckInput, loaded: LoadedProvider) -> list[Problem]:
    """Every localized text must be written in every note language, and in no other; names given
    per language are the same names in each (as many)."""
    wanted, doc = set(data.note_languages), loaded.document
    expected = f"(expected: {', '.join(sorted(wanted))})"
    problems = []
    for loc, text in localized_texts(loaded.provider):
        name = loc[-1]
        for lang in sorted(wanted - text.keys()):
            problems.append(doc.problem(loc, f"'{name}' has no '{lang}' text {expected}"))
        for lang in sorted(text.keys() - wanted):
            message = f"'{name}' has text in '{lang}', which is not a site language {expected}"
            problems.append(doc.problem((*loc, lang), message))
        counts = {lang: len(names) for lang, names in text.items() if isinstance(names, list)}
        if len(set(counts.values())) > 1:
            listed = ", ".join(f"{count} in '{lang}'" for lang, count in counts.items())
            message = f"'{name}' lists {listed}: each language names the same ones, in the same order"
            problems.append(doc.problem(loc, message))
    return problems


def taken_names(root: Path) -> dict[str, str]:
    """The page and folder names a provider id may not take, with what holds each: a provider's page
    is providers/<id>/ in each language, and would replace a page or folder of that name there (or, should
    provider pages ever move, at a language root)."""
    docs = root / "docs"
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
    """A collision of a provider id with a page or folder, naming both (history checks past files too)."""
    holder = taken.get(provider_id)
    if holder is None:
        return []
    message = (
        f"the provider id '{provider_id}' (the file name) is taken by {holder}: the provider's page "
        "would replace it; rename the file"
    )
    return [Problem(display, 1, 1, message)]


def _provider_ids(data: CheckInput) -> list[Problem]:
    taken = taken_names(data.root)
    return [problem for file in data.provider_files for problem in provider_id(file.id, file.path, taken)]


def name_key(name: str) -> str:
    """What two provider names must not share: the text after NFKC normalization, case folding and
    the Unicode confusables skeleton (TR 39), so 'AWS', 'aws' and 'ΑWS' (Greek Alpha) are one name."""
    return str(skeleton_key(unicodedata.normalize("NFKC", name).casefold()))


def _distinct_names(data: CheckInput) -> list[Problem]:
    """Provider names must be told apart by a reader: no two may look alike. Each file of a pair is
    named in the other's problem."""
    groups: dict[str, list[LoadedProvider]] = {}
    for loaded in sorted(data.providers, key=lambda loaded: loaded.id):
        groups.setdefault(name_key(loaded.provider.name), []).append(loaded)
    problems = []
    for group in groups.values():
        for loaded in group if len(group) > 1 else []:
            others = " and ".join(
                f"'{other.provider.name}' in {other.document.path}" for other in group if other is not loaded
            )
            problems.append(
                loaded.document.problem(
                    ("name",),
                    f"the name '{loaded.provider.name}' looks the same as {others} (ignoring case, width and "
                    "look-alike letters); give each provider a distinct name",
                )
            )
    return problems


def _usd(currency: str, rates: ExchangeRates | None) -> float | None:
    if currency == "USD":
        return 1.0
    rate = rates.rates.get(currency) if rates else None  # type: ignore[call-overload]
    return rate.usd_per_unit if rate else None


def _tier_bounds(doc: Document, loc: KeyPath, tier: Tier, price: Price, usd: float | None) -> list[Problem]:
    """One tier's amount and bound within plausible limits (the amount only where a rate is known)."""
    problems = []
    unit, size = price.unit.value, price.unit.value.split("-")[0]
    usd_per_gb_month = None if usd is None else per_gb_month(tier.amount, unit) * usd
    if usd_per_gb_month is not None and usd_per_gb_month > MAX_USD_PER_GB_MONTH:
        given = f"{tier.amount:g} {price.currency.value} per {unit}"
        converted = f"{usd_per_gb_month:.4g} USD per GB-month"
        said = given if given == converted else f"{given} is {converted}"
        problems.append(
            doc.problem(
                (*loc, "amount"),
                f"'amount' {said}, above the plausible maximum of {MAX_USD_PER_GB_MONTH:g}; "
                "check the amount and the unit",
            )
        )
    if tier.up_to is not None and tier.up_to * GB_PER[size] > MAX_GB:
        problems.append(
            doc.problem(
                (*loc, "up_to"),
                f"'up_to' {tier.up_to:g} {size} is larger than {MAX_SIZE_TEXT}, the largest size accepted",
            )
        )
    return problems


def _price_bounds(doc: Document, loc: KeyPath, price: Price, rates: ExchangeRates | None) -> list[Problem]:
    """A price's tiers (idle ones too) and monthly fee within plausible bounds."""
    usd = _usd(price.currency.value, rates)
    problems = [
        problem
        for field in ("tiers", "idle_tiers")
        for j, tier in enumerate(getattr(price, field) or [])
        for problem in _tier_bounds(doc, (*loc, field, j), tier, price, usd)
    ]
    if usd is not None and price.monthly_fee * usd > MAX_MONTHLY_FEE_USD:
        problems.append(
            doc.problem(
                (*loc, "monthly_fee"),
                f"'monthly_fee' is {price.monthly_fee * usd:,.0f} USD, above the plausible maximum "
                f"of {MAX_MONTHLY_FEE_USD:,.0f} USD per month",
            )
        )
    return problems


def _egress_bounds(doc: Document, loc: KeyPath, egress: Egress, rates: ExchangeRates | None) -> list[Problem]:
    usd = _usd(egress.currency.value, rates)
    if usd is None or egress.amount * usd / GB_PER[egress.per] <= MAX_EGRESS_USD_PER_GB:
        return []
    return [
        doc.problem(
            (*loc, "amount"),
            f"'amount' is {egress.amount * usd / GB_PER[egress.per]:.4g} USD per GB of "
            f"egress, above the plausible maximum of {MAX_EGRESS_USD_PER_GB:g}",
        )
    ]


def _plausible_figures(data: CheckInput, loaded: LoadedProvider) -> list[Problem]:
    """Prices, fees and sizes within plausible bounds, in US dollars where a rate is known: a value
    beyond them is a typo (the unit, a missing dot), and would make every comparison wrong."""
    doc, rates = loaded.document, data.rates.rates
    problems: list[Problem] = []
    for i, offering in enumerate(loaded.provider.offerings):
        if isinstance(offering.price, Price):
            problems += _price_bounds(doc, ("offerings", i, "price"), offering.price, rates)
        if isinstance(offering.egress, Egress):
            problems += _egress_bounds(doc, ("offerings", i, "egress"), offering.egress, rates)
    return problems


_DATE_ADVICE = (
    ("seen", "enter the date the source shows, or the day you read it"),
    ("checked", "enter the day the quotes were found on the page"),
)


def _source_dates(data: CheckInput, loaded: LoadedProvider) -> list[Problem]:
    """No source is seen or checked after the build date."""
    today, latest = data.today.isoformat(), latest_date(data)
    return [
        loaded.document.problem(
            (*loc, name), f"'{name}' is {date.isoformat()}, after the build date ({today}); {advice}"
        )
        for loc, source in sources_of(loaded.provider)
        for name, advice in _DATE_ADVICE
        if (date := getattr(source, name)) is not None and date > latest
    ]


# A value that says a fact does not apply to the kind of product (an object store's "attached while no
# GPU runs") follows from the kind, which the sources name: no sentence states it, so none is asked for.
NEEDS_NO_QUOTE = Answer.not_applicable


def unquoted_facts(offering: OfferingBase, facts: Iterable[Fact] = tuple(Fact)) -> list[Fact]:
    """The facts among `facts` whose value is known (and needs words) but that no source quotes (a
    quote is always for a fact its source covers: the model sees to it)."""
    return [
        fact
        for fact in facts
        if offering.value_of(fact) not in (UNKNOWN, NEEDS_NO_QUOTE)
        and not any(fact in source.quote for source in offering.sources)
    ]


def _quoted_values(data: CheckInput, loaded: LoadedProvider) -> list[Problem]:
    """Every known value carries the words of a source that states it: a `quote` for its fact under a
    source that covers it (see CONTRIBUTING: "Fix a value")."""
    return [
        loaded.document.problem(
            ("offerings", i, fact.value),
            f"{fact.value} has no quote: under the source that states it, add "
            f'`quote: {{{fact.value}: "…"}}` with the page\'s own words (one line, at most '
            f"{MAX_QUOTE} characters), or set it to unknown",
        )
        for i, offering in enumerate(loaded.provider.offerings)
        for fact in unquoted_facts(offering)
    ]


CHECKS = (
    Check(
        "provider-ids",
        "no provider id (the file name) is the name of a page or folder of the site",
        _provider_ids,
    ),
    Check(
        "note-languages",
        "notes, example_of and names by language: every site language without a notes fallback, no other",
        each_provider(_text_languages),
    ),
    Check(
        "distinct-names",
        "no two provider names look alike (ignoring case, width and look-alike letters)",
        _distinct_names,
    ),
    Check(
        "plausible-figures",
        "prices, fees and sizes are within plausible bounds, in US dollars where a rate is known",
        each_provider(_plausible_figures),
    ),
    Check(
        "source-dates",
        "no source is seen or checked after the build date",
        each_provider(_source_dates),
    ),
    Check(
        "quoted-values",
        "every known value (but not_applicable) has a quote from a source that covers it",
        each_provider(_quoted_values),
    ),
)
