"""Stage 4, transform: word the validated dataset and its derived figures in one language.

Templates receive only views: text in the reader's language, the derived figures (computed once for
all languages, see derive.py) and provenance flags. Two dates are never one: a source's own date (its
source date) and the day it was checked (model.Source.checked_date). A row's source date is the
oldest among its dated known facts (a row is only as fresh as its oldest figure).
"""

from __future__ import annotations

import datetime as dt
import json
import math
from dataclasses import dataclass, field

from pydantic import BaseModel

from ..figures.derive import (
    Coverage,
    Derived,
    Figures,
    Freshness,
    Origin,
    ProviderFigures,
    UsdPrice,
    UsdTier,
    price_order,
    throughput_mb_s,
    usd_per_unit,
    usd_price,
)
from ..figures.history import Change, History, json_value
from ..inputs.dataset import Dataset
from ..inputs.facts import DECLARED, ValueKind
from ..inputs.model import BYTES_PER_UNIT as BYTES_PER
from ..inputs.model import (
    INCLUDED,
    UNKNOWN,
    Egress,
    ExchangeRates,
    Fact,
    Offering,
    Price,
    Provider,
    Source,
    Tier,
    pricing_page,
)
from .messages import Prose, Strings

# The language of the data's free text (a published throughput): sources are read and quoted in English.
DATA_TEXT_LANG = "en"


@dataclass(frozen=True)
class Worded:
    """A value as the comparison words it, and the source's own wording where that differs: a price
    in the source's unit and currency (worded in the page's language), or a published throughput
    quoted as the data writes it (in DATA_TEXT_LANG)."""

    text: str
    source: str | None = None
    source_lang: str | None = None  # the source wording's language when quoted; None: the page's
    moneys: tuple[Money, ...] = ()  # the amounts in `text` (Money)

    def plain(self, t: Strings) -> str:
        """The value with its source wording as one line of plain text (for feeds and summaries): a
        quote is marked with its language in words, since plain text cannot carry a lang attribute."""
        if self.source is None:
            return self.text
        if self.source_lang is None:
            aside = t("value.source_wording", text=self.source)
        else:
            aside = t("value.source_quote", text=self.source, language=t.language_name(self.source_lang))
        return self.text + t("text.aside", text=aside)


@dataclass(frozen=True)
class Cell:
    """One fact as the reader sees it."""

    text: str
    sort: float | None  # None sorts last (unknown, varying, or no comparable figure)
    origin: Origin
    unknown: bool = False
    english: str = ""  # the value in English, for the report form (the issue tracker's language)
    detail: str | None = None  # the source's own wording where the text is a normalized figure
    detail_lang: str | None = None  # the language of `detail` when it is quoted; None: the page's
    short: str = ""  # the value as a token that fits one line of the comparison; "": the text itself
    moneys: tuple[Money, ...] = ()  # the amounts in `text` and `short`, for the reader's currency

    @property
    def token(self) -> str:
        return self.short or self.text


CONVERTED_SIGN = "≈"  # before an amount converted from another currency
CONVERTED = CONVERTED_SIGN + "\u00a0"  # joined to its amount: no line ends with the sign (as numbers.js)


@dataclass(frozen=True)
class Money:
    """An amount as the comparison shows it ('≈ 0,0224 $' converted, '5,00 $' in the source's own
    currency), with what the script needs to show it in the reader's currency instead."""

    text: str
    usd: float  # the amount in US dollars
    currency: str  # the source's currency: shown in it, the amount is exact (no ≈)
    rate: bool  # a rate per GB-month (three significant digits); else a sum in cents


def usd_money(usd: float, currency: str, t: Strings, rate: bool = False) -> Money:
    """`usd` in US dollars, '≈' where the source's `currency` is another."""
    amount = t.rate(usd, "USD") if rate else t.money(round(usd, 2), "USD")
    return Money(amount if currency == "USD" else CONVERTED + amount, usd, currency, rate)


@dataclass(frozen=True)
class CoveredFact:
    """A fact a source covers, worded, and the source's own words that state it, where given."""

    name: str
    quote: str | None


@dataclass(frozen=True)
class WordedDate:
    """A day and the words the page's language gives it ('02.11.2026', '2026年11月2日')."""

    day: dt.date
    text: str

    @classmethod
    def of(cls, day: dt.date, t: Strings) -> WordedDate:
        return cls(day, t.date(day))


def worded_date(day: dt.date | None, t: Strings) -> WordedDate | None:
    """A day with its words, or None for none (an undated source, a check not recorded)."""
    return None if day is None else WordedDate.of(day, t)


@dataclass(frozen=True)
class SourceView:
    number: int
    url: str
    source_date: WordedDate | None  # the date the source shows; None: it shows none (undated)
    checked: WordedDate | None  # the day it was checked (Source.checked_date); None: not recorded
    undated: bool
    third_party: bool
    transcribes: str | None  # for a third party's page: the provider page it transcribes
    lang: str  # the language of the page, and so of its quotes
    covers: tuple[CoveredFact, ...]


@dataclass(frozen=True)
class OfferingView:
    number: int  # 1-based position within the provider
    offering: Offering
    figures: Figures
    kind_text: str
    cells: dict[str, Cell]  # by fact name: every fact
    source_date: (
        WordedDate | None
    )  # its oldest source date; None when every known fact rests on undated sources
    checked: WordedDate | None  # its oldest checked date (derive.oldest_checked); None: not recorded
    notes: Prose | None
    sources: list[SourceView]
    price_page: str | None  # the provider's own price page (model.pricing_page); None: not in the data
    plans: tuple[str, ...] = ()  # a binding that varies by plan: each plan's ("Metro: an eine Region")
    example_of: Prose | None = None  # what an example price is for, in the page's language

    @property
    def product(self) -> str:
        return self.offering.product

    @property
    def kind(self) -> str:
        return str(self.offering.kind)

    def value(self, fact: Fact) -> str:
        """The fact's raw value as the data gives it ("yes", "zone", "unknown"), or "known"/"table"."""
        return self.figures.values[fact]


@dataclass(frozen=True)
class ProviderView:
    id: str
    file: str  # repository-relative path of the provider's data file
    name: str
    website: str
    notes: Prose | None
    offerings: list[OfferingView]
    freshness: Freshness  # how many of its values were confirmed lately, rest on weak sources; its oldest
    absence: Origin | None = None  # provenance of "no persistent storage"
    no_storage_sources: list[SourceView] = field(default_factory=list)


@dataclass(frozen=True)
class SiteView:
    lang: str
    t: Strings
    providers: list[ProviderView]
    faq: list[tuple[str, str]]  # the guide's questions, then those answered from data
    today: dt.date
    dataset: Dataset
    coverage: Coverage
    repository: str  # where the data lives, for edit and report links
    prefix: str = ""  # the language's folder below the site root: "" for the default language, "zh/"
    history: HistoryView | None = None  # the data's changes, worded

    @property
    def offering_count(self) -> int:
        return self.coverage.offerings


# Sizes keep their family: a binary size is never shown in decimal units, nor the reverse (a reader
# who compares "64 TiB" with "70 TB" needs the units the sources chose). Largest unit first.
_SIZE_FAMILIES = (("EiB", "PiB", "TiB", "GiB"), ("EB", "PB", "TB", "GB"))


def _whole_or_one_decimal(value: float) -> bool:
    tenths = value * 10
    return math.isclose(tenths, round(tenths), rel_tol=1e-9, abs_tol=1e-9)


def readable_size(amount: float, unit: str) -> tuple[float, str]:
    """The size in the largest unit of its family in which it is a whole number or has one decimal:
    32768 GiB is 32 TiB, 15000 GB is 15 TB, 1500 GB is 1.5 TB; 1048576 GB stays 1048576 GB, since
    1 PB would be 5 % less than the source says. A size no unit shows so stays as written."""
    family = next(units for units in _SIZE_FAMILIES if unit in units)
    size_bytes = amount * BYTES_PER[unit]
    for candidate in family:
        value = size_bytes / BYTES_PER[candidate]
        if value >= 1 and _whole_or_one_decimal(value):
            return round(value, 1), candidate
    return amount, unit


def size_text(amount: float, unit: str, t: Strings) -> str:
    """A size in a readable unit and the language's number format: '1.048.576 GB', '63,9 TiB'."""
    value, readable_unit = readable_size(amount, unit)
    return f"{t.number(value)} {readable_unit}"


def _written_size_text(size: str, t: Strings) -> str:
    """A size as a data file writes it ('32768 GiB'), worded readably ('32 TiB')."""
    amount, unit = size.split(" ")
    return size_text(float(amount), unit, t)


def _tiers_parts(bounds: list[str | None], rates: list[str | None], t: Strings) -> list[str]:
    """Tiers worded: a rate up to its bound, the rate above the last bound; a free tier (rate None)
    as 'free up to 250 GB', never as '0,00 $/GB-month'."""
    parts = []
    for bound, rate in zip(bounds, rates, strict=True):
        if rate is None:
            parts.append(t("price.free_up_to", size=bound) if bound else t("price.free"))
        elif bound is not None:
            parts.append(t("price.tier_up_to", rate=rate, size=bound))
        elif len(rates) > 1:
            parts.append(t("price.tier_above", rate=rate))
        else:
            parts.append(rate)
    return parts


def _bounds(tiers: list[Tier], unit: str, t: Strings) -> list[str | None]:
    """The tiers' upper bounds in the price's size unit, worded as sizes."""
    size_unit = unit.split("-")[0]
    return [None if tier.up_to is None else size_text(tier.up_to, size_unit, t) for tier in tiers]


def _source_tiers(tiers: list[Tier], currency: str, unit: str, t: Strings) -> list[str]:
    """Tiers in the source's currency and unit, its amounts in full: '0,000027397 $/GiB-Stunde'."""
    unit_text = t(f"unit.{unit}")
    rates = [f"{t.money(tier.amount, currency)}/{unit_text}" if tier.amount else None for tier in tiers]
    return _tiers_parts(_bounds(tiers, unit, t), rates, t)


def _rate_text(rate: Money, t: Strings) -> str:
    """A rate per GB-month as the comparison words it: '0,0197 $/GB-Monat', '≈ 0,0224 $/GB-Monat'."""
    return f"{rate.text}/{t('unit.GB-month')}"


def _usd_rates(usd_tiers: tuple[UsdTier, ...], currency: str, t: Strings) -> list[Money | None]:
    """Each tier's rate in US dollars per GB-month ('≈' when converted); None for a free tier."""
    return [
        usd_money(tier.usd_per_gb_month, currency, t, rate=True) if tier.usd_per_gb_month > 0 else None
        for tier in usd_tiers
    ]


def _usd_tiers(tiers: list[Tier], rates: list[Money | None], unit: str, t: Strings) -> list[str]:
    """Tiers in US dollars per GB-month, bounded where the source bounds them ('bis 1 TB')."""
    texts = [None if rate is None else _rate_text(rate, t) for rate in rates]
    return _tiers_parts(_bounds(tiers, unit, t), texts, t)


def _joined_price(tiers: list[str], fee: str | None, idle: list[str] | None, t: Strings) -> str:
    parts = list(tiers)
    if fee:
        parts.append(t("price.monthly_fee", amount=fee))
    if not idle:
        return t.join(parts)
    # the price while no GPU runs is a second price, not one more item of a list ("…; ohne laufende GPU: …")
    return t("price.with_idle", price=t.join(parts), idle=t("price.idle", price=t.join(idle)))


def price_text(price: Price, t: Strings) -> str:
    """A price as its source states it: its currency and unit, its amounts in full."""
    currency, unit = price.currency.value, price.unit.value
    fee = t.money(price.monthly_fee, currency) if price.monthly_fee else None
    idle = _source_tiers(price.idle_tiers, currency, unit, t) if price.idle_tiers else None
    return _joined_price(_source_tiers(price.tiers, currency, unit, t), fee, idle, t)


@dataclass(frozen=True)
class UsdMoneys:
    """A price's amounts in US dollars as a language words them, made once for the price's full text
    and its cell alike: each tier's rate per GB-month (None: a free tier), the idle tiers' and the
    monthly fee."""

    rates: list[Money | None]
    idle_rates: list[Money | None]
    fee: Money | None

    def every(self) -> tuple[Money, ...]:
        return tuple(money for money in [*self.rates, *self.idle_rates, self.fee] if money)


def usd_moneys(price: Price, usd: UsdPrice, t: Strings) -> UsdMoneys:
    currency = price.currency.value
    return UsdMoneys(
        _usd_rates(usd.tiers, currency, t),
        _usd_rates(usd.idle_tiers, currency, t) if price.idle_tiers and usd.idle_tiers else [],
        # a fee in cents, even once converted
        usd_money(usd.monthly_fee_usd, currency, t) if usd.monthly_fee_usd else None,
    )


def table_price_words(price: Price, moneys: UsdMoneys, t: Strings) -> str:
    """A price in the comparison's unit, US dollars per GB-month with three significant digits:
    '0,0197 $/GB-Monat', '≈ 0,0224 $/GB-Monat' from another currency, 'kostenlos bis 250 GB'."""
    unit, fee = price.unit.value, moneys.fee
    idle_tiers, idle_rates = price.idle_tiers, moneys.idle_rates
    idle = _usd_tiers(idle_tiers, idle_rates, unit, t) if idle_tiers and idle_rates else None
    return _joined_price(_usd_tiers(price.tiers, moneys.rates, unit, t), fee.text if fee else None, idle, t)


def price_cell_words(price: Price, moneys: UsdMoneys, t: Strings) -> str:
    """What a reader pays, as the price's cell in the comparison says it: the first paid rate, after a
    free allowance ('250 GB kostenlos, dann 0,02 $/GB-Monat'), plus a monthly fee ('+ 5,00 $/Monat');
    'kostenlos' only where nothing is charged at any size. The sort by price orders by that rate. Its
    amounts are the price's full text's (`moneys`)."""
    fee = moneys.fee
    paid = next((n for n, rate in enumerate(moneys.rates) if rate is not None), None)
    if paid is None:
        return t("price.fee_only", fee=fee.text) if fee else t("price.free")
    rate = moneys.rates[paid]
    assert rate is not None
    text = _rate_text(rate, t)
    if paid:  # free tiers first: the allowance ends at the last free tier's bound
        allowance = _bounds(price.tiers, price.unit.value, t)[paid - 1]
        text = t("price.free_then", size=allowance, rate=text)
    return text if fee is None else t("price.plus_fee", price=text, fee=fee.text)


def _usd_or_none(price: Price, rates: ExchangeRates) -> UsdPrice | None:
    try:
        return usd_price(price, rates)
    except KeyError:  # a currency without a rate (a past version's): the price stays in its own words
        return None


def worded_price(price: Price, t: Strings, rates: ExchangeRates) -> Worded:
    """A price as the comparison words it, with the source's wording where that differs."""
    usd = _usd_or_none(price, rates)
    return price_worded(price, None if usd is None else usd_moneys(price, usd, t), t)


def price_worded(price: Price, moneys: UsdMoneys | None, t: Strings) -> Worded:
    """A price worded with its amounts in US dollars (`moneys`; None: no rate for its currency, and it
    stays in its own words), with the source's wording where that differs."""
    source = price_text(price, t)
    if moneys is None:
        return Worded(source)
    text = table_price_words(price, moneys, t)
    return Worded(text, source if source != text else None, moneys=moneys.every())


def egress_fee(egress: Egress, t: Strings, rates: ExchangeRates) -> Money | None:
    """An egress fee per GB or GiB in its source's currency, as written; None without a rate for it."""
    currency = egress.currency.value
    try:
        usd = egress.amount * usd_per_unit(currency, rates)
    except KeyError:
        return None
    return Money(t.money(egress.amount, currency), usd, currency, rate=True)


def egress_text(egress: Egress, t: Strings) -> str:
    per = t(f"unit.{egress.per}")
    text = f"{t.money(egress.amount, egress.currency.value)}/{per}"
    if egress.included_gb:
        included = size_text(egress.included_gb, egress.per, t)
        text += t("text.aside", text=t("egress.included", amount=included))
    if egress.allowance_pooled:
        text += t("text.aside", text=t("egress.pooled"))
    return text


def throughput_text(mb_s: float | None, t: Strings) -> str:
    """The highest published figure, in the language's number format: 'bis 10 GB/s'."""
    if mb_s is None:
        return t("throughput.see_source")
    if mb_s >= 1000:
        return t("throughput.up_to", value=f"{t.decimal(mb_s / 1000)} GB/s")
    return t("throughput.up_to", value=f"{t.decimal(mb_s)} MB/s")


# The strings that word a fact's value from its list, by the fact's kind: answer.yes, region.zone...
WORD_KEYS = {ValueKind.answer: "answer", ValueKind.binding: "region", ValueKind.egress: "egress"}


def word_key(fact: str, value: str) -> str:
    """The string that words a value from a fact's list ("yes", "zone", "free"; "unknown", "varies")."""
    kind = DECLARED[Fact(fact)].kind
    if value in (UNKNOWN, INCLUDED) or (value == "varies" and kind is not ValueKind.binding):
        return f"value.{value}"
    return f"{WORD_KEYS[kind]}.{value}"  # a binding that varies does so by plan: "region.varies"


def value_text(fact: Fact, value: object, t: Strings, rates: ExchangeRates) -> str:
    """One value of a fact worded as the comparison words it."""
    return worded_value(fact, value, t, rates).text


def worded_value(fact: Fact, value: object, t: Strings, rates: ExchangeRates) -> Worded:
    """One value of a fact worded as the comparison words it, with the source's wording where that
    differs (the history words old and new values this way too, so a change reads like the cell)."""
    if isinstance(value, Price):
        return worded_price(value, t, rates)
    if isinstance(value, Egress):
        fee = egress_fee(value, t, rates)
        return Worded(egress_text(value, t), moneys=(fee,) if fee else ())
    if fact is Fact.throughput and isinstance(value, str) and value != UNKNOWN:
        return Worded(throughput_text(throughput_mb_s(value), t), value, DATA_TEXT_LANG)
    return Worded(_word(fact, value, t))


def _word(fact: Fact, value: object, t: Strings) -> str:
    """A value that needs no source wording beside it: a word from the fact's list, a size, a list."""
    if isinstance(value, str):
        if value != UNKNOWN and DECLARED[fact].kind is ValueKind.size:
            return _written_size_text(value, t)
        if value != UNKNOWN and DECLARED[fact].kind is ValueKind.text:
            return value
        return t(word_key(fact, value))
    if isinstance(value, list):  # regions
        return t.join(value)
    if isinstance(value, dict):  # regions named in each language
        lang = t.data_language(value)
        return t.join(value[lang]) if lang else t("value.unknown")
    return t(word_key(fact, str(value)))


def dates_text(source_date: WordedDate | None, checked: WordedDate | None, t: Strings) -> str:
    """A source's two dates, each with its name and never one for the other: the date it shows
    ("undated" when it shows none) and the day it was checked ("not recorded" when the data has none)."""
    shown = source_date.text if source_date else t("undated.badge")
    read = checked.text if checked else t("date.not_recorded")
    shown_line = t("text.labelled", label=t("date.source"), text=shown)
    read_line = t("text.labelled", label=t("date.checked"), text=read)
    return f"{shown_line} · {read_line}"


def source_view(number: int, source: Source, t: Strings) -> SourceView:
    return SourceView(
        number=number,
        url=source.url,
        source_date=worded_date(source.source_date, t),
        checked=worded_date(source.checked_date, t),
        undated=source.undated,
        third_party=source.third_party,
        transcribes=source.transcribes,
        lang=source.lang,
        covers=tuple(
            CoveredFact(t(f"column.{fact.value}"), source.quote.get(fact)) for fact in source.covers
        ),
    )


def short_words(fact: Fact, value: object, moneys: UsdMoneys | None, t: Strings) -> str:
    """A value short enough for the comparison's row, where its full text is longer: a price as what a
    reader pays (price_cell_words, from its amounts in US dollars, `moneys`), a fee's rate, a binding's
    one word. "" where the full text is short already; the row's details show it whole."""
    if isinstance(value, Price):
        if moneys:
            return price_cell_words(value, moneys, t)
        first = value.tiers[0]
        return f"{t.money(first.amount, value.currency.value)}/{t(f'unit.{value.unit.value}')}"
    if isinstance(value, Egress):
        return f"{t.money(value.amount, value.currency.value)}/{t(f'unit.{value.per}')}"
    if fact is Fact.price and value == INCLUDED:
        return t("price.included_short")
    if fact is Fact.region_binding and value != UNKNOWN:
        return t(f"binding_short.{value}")
    return ""


def _cell(offering: Offering, figures: Figures, fact: Fact, t: Strings, rates: ExchangeRates) -> Cell:
    origin, sort = figures.facts[fact], figures.sort[fact]
    value = offering.value_of(fact)
    # a price's amounts in US dollars (derive's figures), worded once for its full text and its cell
    moneys = usd_moneys(value, figures.usd, t) if isinstance(value, Price) and figures.usd else None
    worded = (
        price_worded(value, moneys, t) if isinstance(value, Price) else worded_value(fact, value, t, rates)
    )
    return Cell(
        worded.text,
        sort,
        origin,
        not origin.known,
        figures.english[fact],
        worded.source,
        worded.source_lang,
        short_words(fact, value, moneys, t),
        worded.moneys,  # the short text's amounts are among them
    )


def plan_bindings(offering: Offering, t: Strings) -> tuple[str, ...]:
    """Each plan's region binding, worded, where the binding varies by plan ("Metro: an eine Region")."""
    plans = offering.binding_by_plan or {}
    return tuple(
        t("text.labelled", label=plan, text=t(f"region.{binding}")) for plan, binding in plans.items()
    )


def offering_view(
    number: int, offering: Offering, figures: Figures, t: Strings, rates: ExchangeRates, pricing: str | None
) -> OfferingView:
    cells: dict[str, Cell] = {fact: _cell(offering, figures, fact, t, rates) for fact in Fact}
    return OfferingView(
        number=number,
        offering=offering,
        figures=figures,
        kind_text=t(f"kind.{offering.kind}"),
        cells=cells,
        source_date=worded_date(figures.source_date, t),
        checked=worded_date(figures.checked, t),
        notes=t.prose(offering.notes),
        sources=[source_view(n, s, t) for n, s in enumerate(offering.sources, 1)],
        price_page=pricing,
        plans=plan_bindings(offering, t),
        example_of=t.prose(figures.example_of),
    )


def provider_view(
    provider_id: str,
    file: str,
    provider: Provider,
    figures: ProviderFigures,
    t: Strings,
    rates: ExchangeRates,
) -> ProviderView:
    return ProviderView(
        id=provider_id,
        file=file,
        name=provider.name,
        website=provider.website,
        notes=t.prose(provider.notes),
        offerings=[
            offering_view(number, offering, numbers, t, rates, pricing_page(provider, offering))
            for number, (offering, numbers) in enumerate(
                zip(provider.offerings, figures.offerings, strict=True), 1
            )
        ],
        freshness=figures.freshness,
        absence=figures.absence,
        no_storage_sources=[
            source_view(n, s, t) for n, s in enumerate(provider.no_persistent_storage or [], 1)
        ],
    )


def _offerings_where(providers: list[ProviderView], fact: Fact, value: str, t: Strings) -> list[str]:
    aside = t.ui["text.aside"]  # "Name (product)": worded for every matching offering of every provider
    return [
        f"{provider.name}{aside.format(text=offering.product)}"
        for provider in providers
        for offering in provider.offerings
        if offering.figures.values[fact] == value
    ]


def _data_questions(providers: list[ProviderView], t: Strings) -> list[tuple[str, str]]:
    """Questions whose answers are worded from the dataset, so they never drift from it."""
    offerings = [o for p in providers for o in p.offerings]
    questions = []
    for key, fact, answer in [
        ("billed", Fact.billed_while_detached, "yes"),
        ("egress_free", Fact.egress, "free"),
        ("shared", Fact.multi_attach, "yes"),
        ("spot", Fact.spot_usable, "yes"),
    ]:
        matches = _offerings_where(providers, fact, answer, t)
        unknown = sum(1 for o in offerings if o.cells[fact.value].unknown)
        text = t(f"faq.{key}.answer", list=t.join(matches)) if matches else t("faq.none")
        answer = t("text.sentences", first=text, second=t("faq.unknown_count", count=unknown))
        questions.append((t(f"faq.{key}.question"), answer))
    idle = [
        t("text.labelled", label=f"{p.name}{t('text.aside', text=o.product)}", text=o.cells[Fact.price].text)
        for p in providers
        for o in p.offerings
        if o.figures.usd and o.figures.usd.idle_tiers
    ]
    questions.append(
        (t("faq.idle.question"), t("faq.idle.answer", list=t.join(idle)) if idle else t("faq.none"))
    )
    priced = sorted(
        (
            (order, p.name, o)
            for p in providers
            for o in p.offerings
            if o.figures.usd and o.figures.usd.headline and (order := price_order(o.figures))
        ),
        key=lambda item: item[0],
    )
    if priced:
        _, name, offering = priced[0]
        cell = offering.cells[Fact.price.value]
        price = Worded(cell.text, cell.detail, cell.detail_lang).plain(t)
        questions.append(
            (
                t("faq.cheapest.question"),
                t(
                    "faq.cheapest.answer",
                    offering=f"{name}{t('text.aside', text=offering.product)}",
                    price=price,
                    priced=t("faq.cheapest.priced", count=len(priced)),
                ),
            )
        )
    return questions


@dataclass(frozen=True)
class Difference:
    """What changed in a value where its wordings do not show it: a message whose placeholders are all
    the data's own words (what an example price is for, a value in the data's notation), each with the
    language it is written in."""

    key: str
    data: tuple[tuple[str, Prose], ...]  # (placeholder, the data's words)

    def plain(self, t: Strings) -> str:
        return t(self.key, **{name: words.text for name, words in self.data})


# A price's fields that basis_difference words; no wording of the price shows them
_BASIS_FIELDS = frozenset({"basis", "example_of"})


def basis_difference(old: Price, new: Price, t: Strings) -> Difference | None:
    """A price that became an example or a list price, or an example for another case: what no
    wording of the price shows ('jetzt als Beispiel (us-east-1) statt Preisliste'), the case in the
    page's language (or a fallback's). `example_of` is given exactly for an example price
    (model.Price), so it alone tells the basis."""
    was, now = t.prose(old.example_of), t.prose(new.example_of)
    if was is not None and now is not None and was.text != now.text:
        return Difference("history.example_case", (("old", was), ("new", now)))
    if was is None and now is not None:
        return Difference("history.now_example", (("case", now),))
    if was is not None and now is None:
        return Difference("history.now_list", (("case", was),))
    return None


def data_notation(value: object) -> str:
    """A value as the data writes it, in one line: '1024 GiB', '[{"up_to": 1000.0, "amount": 0.07}]'."""
    published = json_value(value)
    return published if isinstance(published, str) else json.dumps(published, ensure_ascii=False)


def data_difference(old: object, new: object) -> Difference | None:
    """Two values in the data's notation, for a change that no wording shows: of a record (a price,
    egress) only the fields that differ, a price's basis left to basis_difference; None when nothing
    else differs."""
    if not (isinstance(old, BaseModel) and type(old) is type(new)):
        return _in_data(data_notation(old), data_notation(new))
    fields = [
        name
        for name in type(old).model_fields
        if name not in _BASIS_FIELDS and getattr(old, name) != getattr(new, name)
    ]
    if not fields:
        return None

    def notation(record: object) -> str:
        return "; ".join(f"{name}: {data_notation(getattr(record, name))}" for name in fields)

    return _in_data(notation(old), notation(new))


def _in_data(old: str, new: str) -> Difference:
    """Two values in the data's notation (English keys and words)."""
    return Difference(
        "history.in_data", (("old", Prose(old, DATA_TEXT_LANG)), ("new", Prose(new, DATA_TEXT_LANG)))
    )


def change_differences(old: object, new: object, reads_same: bool, t: Strings) -> tuple[Difference, ...]:
    """What a change's wording of its old and new values leaves unsaid: a price's basis always, and
    where both values read the same, every other part that changed, in the data's notation (a tier's
    bound or amount below the wording's precision, a size written in another unit). So no change can
    read the same before and after without saying what differs."""
    named = basis_difference(old, new, t) if isinstance(old, Price) and isinstance(new, Price) else None
    rest = data_difference(old, new) if reads_same else None
    return tuple(difference for difference in (named, rest) if difference is not None)


@dataclass(frozen=True)
class ChangeView:
    """One change of the data's history as the reader sees it."""

    change: Change
    date: WordedDate  # the day of the commit
    provider_name: str  # the provider's name today, or the last one it had once removed
    listed: bool  # the provider still has a page
    offering: str | None
    what: str  # the fact's name, or what happened ("offering added")
    old: Worded | None  # the values before and after ("changed" only), worded as the comparison's cells
    new: Worded | None
    summary: str  # the whole change on one line of plain text
    commit_url: str
    commit_short: str
    reads_same: bool = False  # old and new are worded alike: the entry shows the value once
    differences: tuple[Difference, ...] = ()  # what changed that the wordings do not show


@dataclass(frozen=True)
class HistoryView:
    available: bool
    unavailable_text: str | None
    changes: list[ChangeView]  # newest first
    by_provider: dict[str, list[ChangeView]]

    def of(self, provider_id: str) -> list[ChangeView]:
        return self.by_provider.get(provider_id, [])


def changed_text(what: str, old: Worded, new: Worded, differences: tuple[Difference, ...], t: Strings) -> str:
    """A changed value on one line: 'Preis: A → B', or the value once where both read the same, and
    what else changed ('…, jetzt als Beispiel (us-east-1) statt Preisliste')."""
    if old == new:
        text = t("text.labelled", label=what, text=new.plain(t))
    else:
        text = t("history.changed", fact=what, old=old.plain(t), new=new.plain(t))
    if not differences:
        return text
    return t("history.with_difference", change=text, difference=t.join([d.plain(t) for d in differences]))


def change_view(
    change: Change, t: Strings, names: dict[str, str], repository: str, rates: ExchangeRates
) -> ChangeView:
    old = new = None
    differences: tuple[Difference, ...] = ()
    if change.kind == "changed":
        assert change.fact is not None
        what = t(f"column.{change.fact.value}")
        old, new = (
            worded_value(change.fact, change.old, t, rates),
            worded_value(change.fact, change.new, t, rates),
        )
        differences = change_differences(change.old, change.new, old == new, t)
        text = changed_text(what, old, new, differences, t)
    else:
        what = text = t(f"history.{change.kind}", file=change.previous_file or "")
    return ChangeView(
        change=change,
        date=WordedDate.of(change.day, t),
        provider_name=names.get(change.provider, change.provider_name),
        listed=change.provider in names,
        offering=change.offering,
        what=what,
        old=old,
        new=new,
        summary=" · ".join(part for part in (change.offering, text) if part),
        commit_url=f"{repository}/commit/{change.commit}",
        commit_short=change.commit[:7],
        reads_same=old is not None and old == new,
        differences=differences,
    )


def history_view(
    history: History, t: Strings, names: dict[str, str], repository: str, rates: ExchangeRates
) -> HistoryView:
    """The history worded in one language: values in the page's formats and the comparison's units
    (prices converted at today's rates, as the comparison's), dates in its calendar."""
    if not history.available:
        reason = t(f"history.reason.{history.reason}")
        return HistoryView(False, t("history.unavailable", reason=reason), [], {})
    changes = [change_view(change, t, names, repository, rates) for change in history.changes]
    by_provider: dict[str, list[ChangeView]] = {}
    for view in changes:
        by_provider.setdefault(view.change.provider, []).append(view)
    return HistoryView(True, None, changes, by_provider)


def site_view(
    dataset: Dataset,
    derived: Derived,
    coverage: Coverage,
    lang: str,
    today: dt.date,
    repository: str,
    history: History | None = None,
    prefix: str = "",
) -> SiteView:
    strings = dataset.strings[lang]
    t = Strings(lang, strings.ui, strings.notes_fallback)
    providers = [
        provider_view(pid, dataset.files[pid], provider, derived[pid], t, dataset.rates)
        for pid, provider in dataset.providers.items()
    ]
    faq = [(item.question, item.answer) for item in strings.faq]
    faq += _data_questions(providers, t)
    names = {provider.id: provider.name for provider in providers}
    repository = repository.rstrip("/")
    return SiteView(
        lang=lang,
        t=t,
        providers=providers,
        faq=faq,
        today=today,
        dataset=dataset,
        coverage=coverage,
        repository=repository,
        prefix=prefix,
        history=history_view(history, t, names, repository, dataset.rates) if history is not None else None,
    )
