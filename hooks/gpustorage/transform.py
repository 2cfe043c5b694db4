"""Stage 3, transform: turn the validated dataset into a per-language view, every value already worded.

Templates receive only views: text in the reader's language, sort keys, and provenance flags.
Computed names: `checked` is the oldest date among an offering's known facts (a row is only as fresh
as its oldest figure); a fact's date is the newest `seen` among the sources that cover it.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from enum import Enum

from babel.dates import format_date
from babel.numbers import format_currency, format_decimal

from .model import (
    UNKNOWN,
    Egress,
    Fact,
    Offering,
    Price,
    Provider,
    size_in_gb,
)
from .validate import Dataset

HOURS_PER_MONTH = 730  # the convention providers use to turn hourly into monthly rates
GB_PER_GIB = 2**30 / 1e9
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

    def __init__(self, lang: str, ui: dict[str, str]) -> None:
        self.lang = lang
        self.ui = ui

    def __call__(self, key: str, **values: object) -> str:
        return self.ui[key].format(**values)

    def money(self, amount: float, currency: str) -> str:
        return format_currency(amount, currency, locale=self.lang, decimal_quantization=False)

    def number(self, value: float) -> str:
        return format_decimal(value, locale=self.lang)

    def date(self, value: dt.date) -> str:
        return format_date(value, "medium", locale=self.lang)


@dataclass(frozen=True)
class Cell:
    """One fact as the reader sees it."""

    text: str
    sort: float | str | None  # None sorts last: the value is unknown
    unknown: bool = False
    third_party: bool = False
    sources: tuple[int, ...] = ()  # 1-based numbers into the offering's source list
    date: dt.date | None = None


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
    kind: str
    kind_text: str
    product: str
    cells: dict[str, Cell]
    checked: dt.date
    checked_text: str
    notes: str | None
    sources: list[SourceView]


@dataclass(frozen=True)
class ProviderView:
    id: str
    name: str
    website: str
    notes: str | None
    offerings: list[OfferingView]
    no_storage_sources: list[SourceView] = field(default_factory=list)


@dataclass(frozen=True)
class SiteView:
    lang: str
    t: Strings
    providers: list[ProviderView]
    faq: list[tuple[str, str]]

    @property
    def offering_count(self) -> int:
        return sum(len(provider.offerings) for provider in self.providers)


def _enum_value(value: object) -> object:
    return value.value if isinstance(value, Enum) else value


def price_per_gb_month(amount: float, unit: str) -> float:
    """A rate in the source's unit, expressed per decimal GB and per month."""
    size, period = unit.split("-")
    per_month = amount * HOURS_PER_MONTH if period == "hour" else amount
    return per_month / GB_PER_GIB if size == "GiB" else per_month


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


def _price_sort(price: Price) -> float:
    """The rate a reader pays for the first paid gigabyte, per GB-month (original currency)."""
    paid = [tier.amount for tier in price.tiers if tier.amount > 0] or [0.0]
    return price_per_gb_month(paid[0], price.unit.value)


def _egress_text(egress: Egress, t: Strings) -> str:
    text = f"{t.money(egress.amount, egress.currency.value)}/{t(f'unit.{egress.per}')}"
    if egress.included_gb:
        allowance = f"{t.number(egress.included_gb)} {t(f'unit.{egress.per}')}"
        text += f" ({t('egress.included', amount=allowance)})"
    return text


def _word(fact: Fact, value: str, t: Strings) -> tuple[str, float | str | None]:
    """Text and sort key of a value given as a word (an enum member or a keyword)."""
    if value == UNKNOWN:
        return t("value.unknown"), None
    if value == "varies":
        return t("value.varies"), "~"
    if fact is Fact.region_binding:
        return t(f"region.{value}"), value
    if fact is Fact.egress:
        return t(f"egress.{value}"), 0.0
    return t(f"answer.{value}"), value


def _fact_cell(offering: Offering, fact: Fact, t: Strings) -> Cell:
    value = _enum_value(getattr(offering, fact.value))
    numbers = tuple(number for number, source in enumerate(offering.sources, 1) if fact in source.covers)
    covering = [offering.sources[number - 1] for number in numbers]
    provenance = {
        "sources": numbers,
        "third_party": bool(covering) and all(source.third_party for source in covering),
        "date": max((source.seen for source in covering), default=None),
    }
    if isinstance(value, Price):
        return Cell(_price_text(value, t), _price_sort(value), **provenance)
    if isinstance(value, Egress):
        return Cell(
            _egress_text(value, t),
            price_per_gb_month(value.amount, f"{value.per}-month"),
            **provenance,
        )
    if fact is Fact.throughput and value != UNKNOWN:
        return Cell(str(value), str(value), **provenance)
    if fact is Fact.max_size and value != UNKNOWN:
        return Cell(str(value), size_in_gb(str(value)), **provenance)
    text, sort = _word(fact, str(value), t)
    return Cell(text, sort, unknown=sort is None, **provenance)


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


def _offering_view(offering: Offering, t: Strings) -> OfferingView:
    cells = {fact.value: _fact_cell(offering, fact, t) for fact in Fact}
    dates = [cell.date for cell in cells.values() if cell.date is not None]
    checked = min(dates) if dates else max(source.seen for source in offering.sources)
    return OfferingView(
        kind=offering.kind.value,
        kind_text=t(f"kind.{offering.kind.value}"),
        product=offering.product,
        cells=cells,
        checked=checked,
        checked_text=t.date(checked),
        notes=offering.notes[t.lang] if offering.notes else None,
        sources=[_source_view(n, s, t) for n, s in enumerate(offering.sources, 1)],
    )


def provider_view(provider_id: str, provider: Provider, t: Strings) -> ProviderView:
    return ProviderView(
        id=provider_id,
        name=provider.name,
        website=provider.website,
        notes=provider.notes[t.lang] if provider.notes else None,
        offerings=[_offering_view(offering, t) for offering in provider.offerings],
        no_storage_sources=[
            _source_view(n, s, t) for n, s in enumerate(provider.no_persistent_storage or [], 1)
        ],
    )


def site_view(dataset: Dataset, lang: str) -> SiteView:
    strings = dataset.strings[lang]
    t = Strings(lang, strings.ui)
    providers = [provider_view(pid, provider, t) for pid, provider in dataset.providers.items()]
    faq = [(item.question, item.answer) for item in strings.faq]
    return SiteView(lang=lang, t=t, providers=providers, faq=faq)
