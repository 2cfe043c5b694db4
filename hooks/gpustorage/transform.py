"""Stage 3, transform: turn the validated dataset into a per-language view, every value already worded.

Templates receive only views: text in the reader's language, sort keys, and provenance flags.
Computed names: `checked` is the oldest date among an offering's known facts (a row is only as fresh
as its oldest figure); a fact's date is the newest `seen` among the sources that cover it.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from enum import Enum

from babel import Locale
from babel.dates import format_date
from babel.lists import format_list
from babel.numbers import format_currency, format_decimal

from .model import (
    UNKNOWN,
    Egress,
    ExchangeRates,
    Fact,
    Offering,
    Price,
    Provider,
    size_in_gb,
)
from .normalize import (
    Provenance,
    UsdEgress,
    UsdPrice,
    checked_date,
    is_stale,
    provenances,
    throughput_mb_s,
    usd_egress,
    usd_price,
)
from .validate import Dataset

COLUMNS: tuple[str, ...] = (
    "price",
    "billed_while_detached",
    "region_binding",
    "throughput",
    "max_size",
    "snapshots",
    "multi_attach",
    "spot_usable",
    "egress",
)


class Strings:
    """UI strings of one language, with `{name}` placeholders filled by keyword."""

    def __init__(self, lang: str, ui: dict[str, str], notes_fallback: str | None = None) -> None:
        self.lang = lang
        self.ui = ui
        self.notes_fallback = notes_fallback
        self.locale = Locale.parse(lang)  # parsed once: Babel would parse a code on every call

    def __call__(self, key: str, **values: object) -> str:
        return self.ui[key].format(**values)

    def money(self, amount: float, currency: str) -> str:
        return format_currency(amount, currency, locale=self.locale, decimal_quantization=False)

    def number(self, value: float) -> str:
        return format_decimal(value, locale=self.locale)

    def date(self, value: dt.date) -> str:
        return format_date(value, "medium", locale=self.locale)

    def join(self, items: list[str]) -> str:
        return format_list(items, locale=self.locale)

    def prose(self, text: dict[str, str] | None) -> Prose | None:
        """Localized prose from data, in this language or else in the fallback language."""
        if not text:
            return None
        lang = self.lang if self.lang in text else self.notes_fallback
        return Prose(text[lang], lang) if lang in text else None


@dataclass(frozen=True)
class Prose:
    text: str
    lang: str  # the language the text is written in (a fallback language until translated)


@dataclass(frozen=True)
class Cell:
    """One fact as the reader sees it."""

    text: str
    sort: float | None  # None sorts last (unknown, varying, or no comparable figure)
    unknown: bool = False
    third_party: bool = False
    sources: tuple[int, ...] = ()  # 1-based numbers into the offering's source list
    date: dt.date | None = None
    stale: bool = False


@dataclass(frozen=True)
class SourceView:
    number: int
    url: str
    seen: dt.date
    seen_text: str
    undated: bool
    third_party: bool
    quotes: str | None
    covers: str  # the covered facts, worded


@dataclass(frozen=True)
class OfferingView:
    number: int  # 1-based position within the provider
    values: dict[str, str]  # each fact's raw value as the data gives it ("yes", "zone", ...) or "table"
    kind: str
    kind_text: str
    product: str
    cells: dict[str, Cell]
    checked: dt.date
    checked_text: str
    stale: bool
    notes: Prose | None
    sources: list[SourceView]
    usd: UsdPrice | None  # normalized price, None when unknown
    usd_text: str | None  # the normalized price worded, when the source's unit or currency differs
    egress_usd: UsdEgress | None  # normalized egress fee, None when free, unknown or varying
    egress_free: bool


@dataclass(frozen=True)
class ProviderView:
    id: str
    file: str  # repository-relative path of the provider's data file
    name: str
    website: str
    notes: Prose | None
    offerings: list[OfferingView]
    no_storage_sources: list[SourceView] = field(default_factory=list)


@dataclass(frozen=True)
class SiteView:
    lang: str
    t: Strings
    providers: list[ProviderView]
    faq: list[tuple[str, str]]  # the guide's questions, then those answered from data
    today: dt.date
    rates: ExchangeRates
    repository: str  # where the data lives, for edit and report links

    @property
    def offering_count(self) -> int:
        return sum(len(provider.offerings) for provider in self.providers)

    @property
    def fact_counts(self) -> dict[str, int]:
        """How many facts are known, unknown, known only through third parties, and stale."""
        cells = [c for p in self.providers for o in p.offerings for c in o.cells.values()]
        known = [c for c in cells if not c.unknown]
        return {
            "known": len(known),
            "unknown": len(cells) - len(known),
            "third_party": sum(c.third_party for c in known),
            "stale": sum(c.stale for c in known),
        }


def _enum_value(value: object) -> object:
    return value.value if isinstance(value, Enum) else value


def _price_text(price: Price, t: Strings) -> str:
    unit = t(f"unit.{price.unit.value}")
    size_unit = t(f"unit.{price.unit.value.split('-')[0]}")
    parts = []
    for tier in price.tiers:
        rate = f"{t.money(tier.amount, price.currency.value)}/{unit}"
        if tier.up_to is not None:
            parts.append(f"{rate} {t('price.tier_up_to', size=f'{t.number(tier.up_to)} {size_unit}')}")
        elif len(price.tiers) > 1:
            parts.append(f"{t('price.tier_above')} {rate}")
        else:
            parts.append(rate)
    if price.monthly_fee:
        parts.append(t("price.monthly_fee", amount=t.money(price.monthly_fee, price.currency.value)))
    return "; ".join(parts)


def normalized_text(price: Price, usd: UsdPrice | None, t: Strings) -> str | None:
    """'≈ 0,08 $/GB-month' when the source's currency or unit differs from USD per GB-month."""
    if usd is None or (price.currency.value == "USD" and price.unit.value == "GB-month"):
        return None
    return t("price.normalized", amount=t.money(round(usd.headline, 4), "USD"))


def _egress_text(egress: Egress, t: Strings) -> str:
    text = f"{t.money(egress.amount, egress.currency.value)}/{t(f'unit.{egress.per}')}"
    if egress.included_gb:
        allowance = f"{t.number(egress.included_gb)} {t(f'unit.{egress.per}')}"
        text += f" ({t('egress.included', amount=allowance)})"
    return text


# The guide's three workload patterns as filter and sort settings (URL parameter names).
PRESETS: dict[str, dict[str, str]] = {
    "finetune": {
        "kind": "network_volume,block_volume,shared_filesystem,persistent_home",
        "sort": "price",
        "dir": "asc",
    },
    "pipeline": {
        "kind": "network_volume,block_volume,shared_filesystem",
        "sort": "throughput",
        "dir": "desc",
    },
    "fleet": {"multi": "yes", "sort": "price", "dir": "asc"},
}
# Filters on worded facts: URL parameter -> fact.
FILTERS = {
    "billed": "billed_while_detached",
    "multi": "multi_attach",
    "region": "region_binding",
    "spot": "spot_usable",
}

# Sort order of worded values: the answer a reader most likely wants first.
ANSWER_RANK = {"yes": 0, "partial": 1, "no": 2, "not_applicable": 3}
REGION_RANK = {"global": 0, "region": 1, "zone": 2, "datacenter": 3, "machine": 4}


def _word(fact: Fact, value: str, t: Strings) -> tuple[str, float | None, bool]:
    """Text, sort key and unknown-ness of a value given as a word (an enum member or a keyword)."""
    if value == UNKNOWN:
        return t("value.unknown"), None, True
    if value == "varies":
        return t("value.varies"), None, False
    if fact is Fact.region_binding:
        return t(f"region.{value}"), REGION_RANK[value], False
    if fact is Fact.egress:
        return t(f"egress.{value}"), 0.0, False
    return t(f"answer.{value}"), ANSWER_RANK[value], False


def _fact_cell(offering: Offering, fact: Fact, origin: Provenance, t: Strings, rates: ExchangeRates) -> Cell:
    value = _enum_value(getattr(offering, fact.value))
    provenance_fields = {
        "sources": origin.sources,
        "third_party": origin.third_party,
        "date": origin.date,
        "stale": origin.stale,
    }
    if isinstance(value, Price):
        usd = usd_price(value, rates)
        return Cell(_price_text(value, t), usd and usd.headline, **provenance_fields)
    if isinstance(value, Egress):
        egress = usd_egress(value, rates)
        return Cell(_egress_text(value, t), egress and egress.usd_per_gb, **provenance_fields)
    if fact is Fact.throughput and value != UNKNOWN:
        return Cell(str(value), throughput_mb_s(str(value)), **provenance_fields)
    if fact is Fact.max_size and value != UNKNOWN:
        return Cell(str(value), size_in_gb(str(value)), **provenance_fields)
    if fact is Fact.regions and isinstance(value, list):
        return Cell(", ".join(value), len(value), **provenance_fields)
    text, sort, unknown = _word(fact, str(value), t)
    return Cell(text, sort, unknown=unknown, **provenance_fields)


def _source_view(number: int, source, t: Strings) -> SourceView:
    return SourceView(
        number=number,
        url=source.url,
        seen=source.seen,
        seen_text=t.date(source.seen),
        undated=source.undated,
        third_party=source.third_party,
        quotes=source.quotes,
        covers=", ".join(t(f"column.{fact.value}") for fact in source.covers),
    )


def _raw_value(offering: Offering, fact: Fact) -> str:
    value = offering.value_of(fact)
    if isinstance(value, Price | Egress):
        return "table"
    known_text = fact in (Fact.throughput, Fact.max_size, Fact.regions) and value != UNKNOWN
    return "known" if known_text else str(value)


def _offering_view(
    number: int,
    offering: Offering,
    facts: dict[Fact, Provenance],
    t: Strings,
    rates: ExchangeRates,
    today: dt.date,
) -> OfferingView:
    cells = {fact.value: _fact_cell(offering, fact, origin, t, rates) for fact, origin in facts.items()}
    checked = checked_date(offering, facts)
    price = offering.price if isinstance(offering.price, Price) else None
    usd = usd_price(price, rates) if price else None
    return OfferingView(
        number=number,
        values={fact.value: _raw_value(offering, fact) for fact in Fact},
        kind=offering.kind.value,
        kind_text=t(f"kind.{offering.kind.value}"),
        product=offering.product,
        cells=cells,
        checked=checked,
        checked_text=t.date(checked),
        stale=is_stale(checked, today),
        notes=t.prose(offering.notes),
        sources=[_source_view(n, s, t) for n, s in enumerate(offering.sources, 1)],
        usd=usd,
        usd_text=normalized_text(price, usd, t) if price else None,
        egress_usd=usd_egress(offering.egress, rates) if isinstance(offering.egress, Egress) else None,
        egress_free=offering.egress == "free",
    )


def provider_view(
    provider_id: str,
    file: str,
    provider: Provider,
    t: Strings,
    rates: ExchangeRates,
    today: dt.date,
    facts: list[dict[Fact, Provenance]] | None = None,
) -> ProviderView:
    """One provider in one language; `facts` is each offering's provenance when already computed."""
    facts = facts or [provenances(offering, today) for offering in provider.offerings]
    return ProviderView(
        id=provider_id,
        file=file,
        name=provider.name,
        website=provider.website,
        notes=t.prose(provider.notes),
        offerings=[
            _offering_view(number, offering, origin, t, rates, today)
            for number, (offering, origin) in enumerate(zip(provider.offerings, facts, strict=True), 1)
        ],
        no_storage_sources=[
            _source_view(n, s, t) for n, s in enumerate(provider.no_persistent_storage or [], 1)
        ],
    )


def _offerings_where(providers: list[ProviderView], fact: str, value: str) -> list[str]:
    return [
        f"{provider.name} ({offering.product})"
        for provider in providers
        for offering in provider.offerings
        if offering.values[fact] == value
    ]


def _data_questions(providers: list[ProviderView], t: Strings) -> list[tuple[str, str]]:
    """Questions whose answers are worded from the dataset, so they never drift from it."""
    offerings = [o for p in providers for o in p.offerings]
    questions = []
    for key, fact, answer in [
        ("billed", "billed_while_detached", "yes"),
        ("egress_free", "egress", "free"),
        ("shared", "multi_attach", "yes"),
        ("spot", "spot_usable", "yes"),
    ]:
        matches = _offerings_where(providers, fact, answer)
        unknown = sum(1 for o in offerings if o.cells[fact].unknown)
        text = t(f"faq.{key}.answer", list=t.join(matches)) if matches else t("faq.none")
        questions.append((t(f"faq.{key}.question"), f"{text} {t('faq.unknown_count', count=unknown)}"))
    priced = sorted(
        ((o.usd.headline, p.name, o) for p in providers for o in p.offerings if o.usd and o.usd.headline),
        key=lambda item: item[0],
    )
    if priced:
        usd, name, offering = priced[0]
        questions.append(
            (
                t("faq.cheapest.question"),
                t(
                    "faq.cheapest.answer",
                    offering=f"{name} ({offering.product})",
                    price=offering.cells["price"].text,
                    usd=t.money(round(usd, 4), "USD"),
                    count=len(priced),
                ),
            )
        )
    return questions


def provenance_table(dataset: Dataset, today: dt.date) -> dict[str, list[dict[Fact, Provenance]]]:
    """Where every fact comes from, by provider id and offering: the same in every language."""
    return {
        pid: [provenances(offering, today) for offering in provider.offerings]
        for pid, provider in dataset.providers.items()
    }


def site_view(
    dataset: Dataset,
    lang: str,
    today: dt.date,
    repository: str,
    table: dict[str, list[dict[Fact, Provenance]]] | None = None,
) -> SiteView:
    strings = dataset.strings[lang]
    t = Strings(lang, strings.ui, strings.notes_fallback)
    table = table or provenance_table(dataset, today)
    providers = [
        provider_view(pid, dataset.files[pid], provider, t, dataset.rates, today, table[pid])
        for pid, provider in dataset.providers.items()
    ]
    faq = [(item.question, item.answer) for item in strings.faq]
    faq += _data_questions(providers, t)
    return SiteView(
        lang=lang,
        t=t,
        providers=providers,
        faq=faq,
        today=today,
        rates=dataset.rates,
        repository=repository.rstrip("/"),
    )
