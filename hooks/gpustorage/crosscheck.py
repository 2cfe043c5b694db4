"""Checks across files: what one file cannot know alone (languages, pages and markers, currencies, ids,
look-alike names, bounds in USD, dates after the build date), and rules that tie a value to its sources
(a yes or no quoted without limiting words, an object store's answers, a list price quoted as one,
first-party sources before third parties, the plans of a region binding that varies).

Every check has one shape, a `Check`: a name, a one-line description and a function from one `CheckInput`
(everything the data files and docs pages hold, read once by dataset.py) to the problems it finds.
`CHECKS` lists every check, in the order `python -m gpustorage checks` prints them; dataset.py runs
each the same way and reports every problem at once. A check marked `whole_project` needs every
provider file and the docs pages, so `validate FILES` (some provider files) leaves it out.

The list is one literal tuple rather than a decorator that registers each function as it is defined:
a reader sees every check in one place and in order, and no module-level list grows by side effect.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from disarm import skeleton_key

from .load import Document, KeyPath, decode
from .markers import MARKER
from .model import (
    BINDING_BY_PLAN,
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
    PriceBasis,
    Provider,
    RegionBinding,
    Source,
    StorageKind,
    Tier,
    per_gb_month,
)
from .problems import Problem

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


@dataclass(frozen=True)
class ProviderFile:
    """A provider file given to the checks, whether or not it could be read."""

    id: str  # the file name without its extension
    path: str  # as problems name it


@dataclass(frozen=True)
class LoadedProvider:
    """A provider file that matched the model, with the document that locates its keys."""

    id: str
    provider: Provider
    document: Document


@dataclass(frozen=True)
class RatesFile:
    """The exchange-rates file. `rates` is None when none could be read from it (it is unreadable or does
    not match the model: validation names that once) or none were given; a missing file has no rates
    (an empty mapping). `document` is there when rates were read from it."""

    path: str  # as problems name it
    rates: ExchangeRates | None
    document: Document | None = None


@dataclass(frozen=True)
class CheckInput:
    """Everything a check may look at, read once."""

    root: Path  # the project: docs/ is below it, and problems name paths relative to it
    languages: tuple[str, ...]  # the site's languages, the source language first
    note_languages: tuple[str, ...]  # those every note is written in: none with a notes fallback
    today: dt.date  # the build date
    provider_files: tuple[ProviderFile, ...]  # every provider file given, read or not
    providers: tuple[LoadedProvider, ...]  # those that matched the model
    rates: RatesFile


CheckRun = Callable[[CheckInput], list[Problem]]


@dataclass(frozen=True)
class Check:
    """One check across files, as `python -m gpustorage checks` lists it."""

    name: str
    description: str  # one line: what the data must be
    run: CheckRun
    whole_project: bool = False  # needs every provider file and the docs pages


def _each_provider(check: Callable[[CheckInput, LoadedProvider], list[Problem]]) -> CheckRun:
    """A check of one provider at a time, run over every provider that matched the model."""

    def run(data: CheckInput) -> list[Problem]:
        return [problem for loaded in data.providers for problem in check(data, loaded)]

    return run


# --- provider files ---------------------------------------------------------------------------------------


def _localized(provider: Provider) -> list[tuple[KeyPath, Mapping[str, object]]]:
    """Every text the dataset words itself in each language, with where it stands: the notes of a
    provider and of its offerings, what an example price is for, and names given per language."""
    texts: list[tuple[KeyPath, Mapping[str, object] | None]] = [(("notes",), provider.notes)]
    for i, offering in enumerate(provider.offerings):
        texts.append((("offerings", i, "notes"), offering.notes))
        if isinstance(offering.price, Price):
            texts.append((("offerings", i, "price", "example_of"), offering.price.example_of))
        if isinstance(offering.regions, dict):
            texts.append((("offerings", i, "regions"), offering.regions))
    return [(loc, text) for loc, text in texts if text is not None]


def _text_languages(data: CheckInput, loaded: LoadedProvider) -> list[Problem]:
    """Every localized text must be written in every note language, and in no other; names given
    per language are the same names in each (as many)."""
    wanted, doc = set(data.note_languages), loaded.document
    expected = f"(expected: {', '.join(sorted(wanted))})"
    problems = []
    for loc, text in _localized(loaded.provider):
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


def _sources(provider: Provider) -> list[tuple[KeyPath, Source]]:
    found: list[tuple[KeyPath, Source]] = [
        (("no_persistent_storage", n), s) for n, s in enumerate(provider.no_persistent_storage or [])
    ]
    for i, offering in enumerate(provider.offerings):
        found += [(("offerings", i, "sources", n), s) for n, s in enumerate(offering.sources)]
    return found


def _latest_date(data: CheckInput) -> dt.date:
    """The latest date a source or rate may show: the build date, plus a day for time zones."""
    return data.today + dt.timedelta(days=1)


_DATE_ADVICE = (
    ("seen", "enter the date the source shows, or the day you read it"),
    ("checked", "enter the day the quotes were found on the page"),
)


def _source_dates(data: CheckInput, loaded: LoadedProvider) -> list[Problem]:
    """No source is seen or checked after the build date."""
    today, latest = data.today.isoformat(), _latest_date(data)
    return [
        loaded.document.problem(
            (*loc, name), f"'{name}' is {date.isoformat()}, after the build date ({today}); {advice}"
        )
        for loc, source in _sources(loaded.provider)
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


# --- consistency of values with their sources ---------------------------------------------------------

# The yes/no facts: each says whether something holds for the whole offering. One limited to some types,
# modes, plans or cases is `partial` (data/README.md, "Answers").
ANSWER_FACTS = (Fact.billed_while_detached, Fact.snapshots, Fact.multi_attach, Fact.spot_usable)

# Words that limit what a quote for a "yes" or a "no" states, per answer and quote language (the primary
# subtag of a source's `lang`); the longer phrase first, so that "read-only" is named rather than "only".
# Latin words match whole; Chinese characters anywhere. A "yes" limited to some types or to reading is
# partial ("only Premium SSDs", "read-only"); a "no" says "only one instance" in its own words, so only
# an exception makes it partial ("except shared disks").
LIMITING_PHRASES: Mapping[str, Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {
        "yes": {
            "en": ("read-only", "only", "some", "certain", "limited", "except"),
            "de": ("schreibgeschützt", "nur", "außer", "manche"),
            "zh": ("只读", "仅", "只", "除"),
        },
        "no": {
            "en": ("except", "unless", "some", "certain"),
            "de": ("außer", "manche"),
            "zh": ("除",),
        },
    }
)
# Reading is a limit of sharing only: a snapshot or a detached volume that is read-only is not partial.
MODE_PHRASES = frozenset({"read-only", "schreibgeschützt", "只读"})
# Words that hold a limiting word without limiting the answer, per quote language: "a certain amount" is
# an amount, not a kind; "you pay only for what you use" says what is billed, not when.
NOT_LIMITING: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "en": (
            "a certain",
            "pay only for",
            "pays only for",
            "paid only for",
            "billed only for",
            "charged only for",
        )
    }
)
# "read-only" beside "read/write" names one of the modes a share offers, not a limit
_BOTH_MODES = re.compile(r"read[/ -]write", re.IGNORECASE)


def _phrase_pattern(phrase: str, language: str) -> re.Pattern[str]:
    """A phrase as a whole word ("außer" is not the start of "Außerdem"); in Chinese, which writes no
    spaces between words, anywhere."""
    escaped = re.escape(phrase)
    return re.compile(escaped if language == "zh" else rf"(?<![\w-]){escaped}(?![\w-])", re.IGNORECASE)


def limiting_phrase(quote: str, lang: str, answer: str, fact: Fact = Fact.multi_attach) -> str | None:
    """The first phrase of the quote's language that limits `answer` for `fact` in the quote, or None."""
    language = lang.split("-")[0].lower()
    text = quote
    for idiom in NOT_LIMITING.get(language, ()):
        text = _phrase_pattern(idiom, language).sub(" ", text)
    for phrase in LIMITING_PHRASES[answer].get(language, ()):
        pattern = _phrase_pattern(phrase, language)
        if phrase in MODE_PHRASES and (fact is not Fact.multi_attach or _BOTH_MODES.search(quote)):
            text = pattern.sub(" ", text)  # nor does its shorter part ("只" of "只读") count
            continue
        if pattern.search(text):
            return phrase
    return None


def _answer_words(data: CheckInput, loaded: LoadedProvider) -> list[Problem]:
    """A "yes" or "no" is stated without limit: a quote for it with a phrase that limits that answer
    (LIMITING_PHRASES) says the answer is partial."""
    problems = []
    for i, offering in enumerate(loaded.provider.offerings):
        for fact in ANSWER_FACTS:
            value = str(offering.value_of(fact))
            if value not in LIMITING_PHRASES:
                continue
            for n, source in enumerate(offering.sources):
                quote = source.quote.get(fact)
                phrase = limiting_phrase(quote, source.lang, value, fact) if quote else None
                if phrase is None:
                    continue
                loc = ("offerings", i, "sources", n, "quote", fact.value)
                message = (
                    f"{fact.value} is '{value}', but its quote limits it with '{phrase}': set partial, or "
                    "quote the words that state it without limit"
                )
                problems.append(loaded.document.problem(loc, message))
    return problems


# An object store is reached over its API by any number of machines and is attached to none: whether it
# bills while no GPU uses it and whether several machines can attach it follow from its kind.
OBJECT_STORE_FACTS = (Fact.billed_while_detached, Fact.multi_attach)


def _object_store_answers(data: CheckInput, loaded: LoadedProvider) -> list[Problem]:
    """An object store's billed_while_detached and multi_attach are not_applicable; storage that
    machines mount as a file system is a shared_filesystem."""
    return [
        loaded.document.problem(
            ("offerings", i, fact.value),
            f"{fact.value} of an object store is not_applicable, not '{offering.value_of(fact)}': it is "
            "attached to no machine; if machines mount it as a file system, its kind is shared_filesystem",
        )
        for i, offering in enumerate(loaded.provider.offerings)
        if offering.kind is StorageKind.object_storage
        for fact in OBJECT_STORE_FACTS
        if offering.value_of(fact) != Answer.not_applicable
    ]


# Words that say a price is a floor or a worked example rather than the price list, per quote language:
# such a price is `basis: example`, named in `example_of` (data/README.md, "Price basis"). Patterns
# match without case; Latin words whole.
NOT_A_LIST: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "en": (
            r"starts? at",
            r"starting (?:at|from)",
            r"from (?:just |only )?(?:US)?[$€£₹¥]",
            r"as low as",
            r"for example",
            r"e\.g\.",
        ),
        "de": (r"ab (?:nur )?(?:[$€]|\d)", r"zum Beispiel", r"z\. ?B\."),
        "fr": (r"à partir de", r"par exemple"),
        "pt": (r"a partir de", r"por exemplo"),
        "zh": (r"起价", r"低至", r"例如", r"\d\s*(?:元|美元)(?:/\S+)?\s*起"),
    }
)


def floor_words(quote: str, lang: str) -> str | None:
    """The words of the quote that make its price a floor or an example, or None."""
    language = lang.split("-")[0].lower()
    for pattern in NOT_A_LIST.get(language, ()):
        bounded = pattern if language == "zh" else rf"(?<![\w-]){pattern}"
        found = re.search(bounded, quote, re.IGNORECASE)
        if found:
            return found.group(0)
    return None


def _price_basis_words(data: CheckInput, loaded: LoadedProvider) -> list[Problem]:
    """A list price is quoted as a price, not as a floor ("starts at", "ab") or an example."""
    problems = []
    for i, offering in enumerate(loaded.provider.offerings):
        price = offering.price
        if not isinstance(price, Price) or price.basis is not PriceBasis.list:
            continue
        for n, source in enumerate(offering.sources):
            quote = source.quote.get(Fact.price)
            words = floor_words(quote, source.lang) if quote else None
            if words is None:
                continue
            message = (
                f"price is a list price, but its quote says '{words}': a floor or an example is "
                "basis: example, with example_of naming the case"
            )
            problems.append(
                loaded.document.problem(("offerings", i, "sources", n, "quote", "price"), message)
            )
    return problems


def _first_party_clash(fact: Fact, third: Source, offering: OfferingBase) -> Source | None:
    """A first-party source of the offering that covers the fact and is not older than the third party."""
    return next(
        (
            source
            for source in offering.sources
            if not source.third_party and fact in source.covers and source.seen >= third.seen
        ),
        None,
    )


def _first_party_first(data: CheckInput, loaded: LoadedProvider) -> list[Problem]:
    """A fact that a first-party source of the offering covers is not also taken from a third party,
    unless the first-party source is older (the third party then has the newer word)."""
    problems = []
    for i, offering in enumerate(loaded.provider.offerings):
        for n, source in enumerate(offering.sources):
            for k, fact in enumerate(source.covers if source.third_party else ()):
                own = _first_party_clash(fact, source, offering)
                if own is None:
                    continue
                message = (
                    f"{fact.value} is covered by this third-party source (seen {source.seen.isoformat()}) "
                    f"and by the provider's own {own.url} (seen {own.seen.isoformat()}), which is not "
                    "older: take the value from the first-party source and drop the fact from the third "
                    "party's covers"
                )
                problems.append(loaded.document.problem(("offerings", i, "sources", n, "covers", k), message))
    return problems


_PLAN_BINDINGS_ADVICE = "name each plan's binding, e.g. 'binding_by_plan: {Single-AZ: zone, Metro: region}'"


def _plan_binding_problem(offering: OfferingBase) -> tuple[str, str] | None:
    """What is wrong with an offering's binding by plan, and the key it stands at; None when nothing."""
    varies = offering.value_of(Fact.region_binding) == RegionBinding.varies
    plans = offering.binding_by_plan
    if plans is None:
        return (
            ("region_binding", f"region_binding 'varies' needs its plans: {_PLAN_BINDINGS_ADVICE}")
            if varies
            else None
        )
    if not varies:
        binding = offering.value_of(Fact.region_binding)
        return (
            BINDING_BY_PLAN,
            f"'{BINDING_BY_PLAN}' is given, but region_binding is '{binding}': set region_binding to "
            "varies, or remove the plans",
        )
    vague = sorted(
        plan for plan, binding in plans.items() if binding in (RegionBinding.varies, RegionBinding.unknown)
    )
    if vague:
        return (
            BINDING_BY_PLAN,
            f"each plan needs a binding of its own, not varies or unknown: {', '.join(vague)}",
        )
    if len(plans) < 2 or len(set(plans.values())) < 2:
        return (
            BINDING_BY_PLAN,
            "a binding that varies needs at least two plans with different bindings; "
            + _PLAN_BINDINGS_ADVICE,
        )
    return None


def _binding_by_plan(data: CheckInput, loaded: LoadedProvider) -> list[Problem]:
    """region_binding 'varies' names at least two plans with different bindings, and only then."""
    problems = []
    for i, offering in enumerate(loaded.provider.offerings):
        found = _plan_binding_problem(offering)
        if found is not None:
            key, message = found
            problems.append(loaded.document.problem(("offerings", i, key), message))
    return problems


# --- the exchange rates -----------------------------------------------------------------------------------


def _rate_dates(data: CheckInput) -> list[Problem]:
    """No exchange rate is dated after the build date."""
    doc, rates = data.rates.document, data.rates.rates
    if doc is None or rates is None:
        return []
    return [
        doc.problem(
            ("rates", currency.value, "date"),
            f"'date' is {rate.date.isoformat()}, after the build date ({data.today.isoformat()})",
        )
        for currency, rate in rates.rates.items()
        if rate.date > _latest_date(data)
    ]


def _used_currencies(providers: Iterable[LoadedProvider]) -> set[str]:
    return {
        amount.currency.value
        for loaded in providers
        for offering in loaded.provider.offerings
        for amount in (offering.price, offering.egress)
        if not isinstance(amount, str)
    }


def _currencies(data: CheckInput) -> list[Problem]:
    """A problem for each currency that a price uses but no exchange rate covers."""
    rates = data.rates.rates
    if rates is None:  # a broken rates file is named once, not once per currency it lacks
        return []
    return [
        Problem(data.rates.path, 1, 1, f"no exchange rate for {currency}; add one under 'rates'")
        for currency in sorted(_used_currencies(data.providers) - {"USD"} - {c.value for c in rates.rates})
    ]


# --- the docs pages ---------------------------------------------------------------------------------------


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
    Check(
        "provider-ids",
        "no provider id (the file name) is the name of a page or folder of the site",
        _provider_ids,
    ),
    Check(
        "note-languages",
        "notes, example_of and names by language: every site language without a notes fallback, no other",
        _each_provider(_text_languages),
    ),
    Check(
        "distinct-names",
        "no two provider names look alike (ignoring case, width and look-alike letters)",
        _distinct_names,
    ),
    Check(
        "plausible-figures",
        "prices, fees and sizes are within plausible bounds, in US dollars where a rate is known",
        _each_provider(_plausible_figures),
    ),
    Check(
        "source-dates",
        "no source is seen or checked after the build date",
        _each_provider(_source_dates),
    ),
    Check(
        "quoted-values",
        "every known value (but not_applicable) has a quote from a source that covers it",
        _each_provider(_quoted_values),
    ),
    Check(
        "answer-words",
        'a "yes" or "no" (snapshots, multi_attach…) has no quote with limiting words (only, except, 仅…)',
        _each_provider(_answer_words),
    ),
    Check(
        "object-store-answers",
        "an object store's billed_while_detached and multi_attach are not_applicable",
        _each_provider(_object_store_answers),
    ),
    Check(
        "price-basis-words",
        "a list price's quote has no words of a floor or an example (starts at, from $, ab, for example…)",
        _each_provider(_price_basis_words),
    ),
    Check(
        "first-party-first",
        "no fact is taken from a third party that a first-party source as new or newer also covers",
        _each_provider(_first_party_first),
    ),
    Check(
        "binding-by-plan",
        "region_binding 'varies' names at least two plans with different bindings, and only then",
        _each_provider(_binding_by_plan),
    ),
    Check("rate-dates", "no exchange rate is dated after the build date", _rate_dates),
    Check(
        "currencies",
        "every currency a price or an egress fee uses has an exchange rate",
        _currencies,
        whole_project=True,
    ),
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
