"""Stage 3, derive: language-neutral figures from the data, computed once per build for every offering.

Prices keep their original currency and unit in the data; here they become USD per decimal GB and
month (1 GiB = 1.073741824 GB; hourly rates times 730 hours, the convention providers use; daily rates
times 730 / 24 days, the same month counted in days), with
each fact's provenance and the sort keys of the comparison. Transform only words these figures,
export only serializes them, and the browser only reads them from the page.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..inputs.dataset import Dataset, build_date
from ..inputs.facts import FACTS, SIMPLE_KINDS, ValueKind
from ..inputs.model import (
    GB_PER,
    GB_PER_GIB,
    HOURS_PER_MONTH,
    UNKNOWN,
    Egress,
    ExchangeRates,
    Fact,
    Offering,
    Price,
    Provider,
    Source,
    Tier,
    name_count,
    one_line_by_language,
    per_gb_month,
    size_in_gb,
)
from ..inputs.settings import CONFIRMED_WITHIN_DAYS, STALE_AFTER_DAYS

__all__ = ["GB_PER_GIB", "HOURS_PER_MONTH", "build_date", "per_gb_month"]  # also used from here

# Sort order of worded values: the answer a reader most likely wants first.
ANSWER_RANK = {"yes": 0, "partial": 1, "no": 2, "not_applicable": 3}
# a binding that varies by plan after every fixed one: its plans are in the row's details
REGION_RANK = {"global": 0, "region": 1, "zone": 2, "datacenter": 3, "machine": 4, "varies": 5}
WORD_RANKS = {ValueKind.answer: ANSWER_RANK, ValueKind.binding: REGION_RANK}  # by the facts' kind
# Among prices of the same amount, a published price list's first, then a worked example's (or one
# region's figure): the comparison's script (sort.js) and every order made here keep it.
BASIS_RANK = {"list": 0, "example": 1}


@dataclass(frozen=True)
class UsdTier:
    up_to_gb: float | None  # None: everything above the previous tier
    usd_per_gb_month: float


@dataclass(frozen=True)
class UsdPrice:
    currency: str  # the price's own currency, which the USD figures were converted from
    tiers: tuple[UsdTier, ...]
    monthly_fee_usd: float
    idle_tiers: tuple[UsdTier, ...] | None  # the price while no GPU uses the storage, where it differs

    @property
    def headline(self) -> float:
        """The rate of the first paid gigabyte: what sorting and 'cheapest' compare."""
        return next((t.usd_per_gb_month for t in self.tiers if t.usd_per_gb_month > 0), 0.0)


@dataclass(frozen=True)
class UsdEgress:
    usd_per_gb: float
    included_gb: float
    allowance_pooled: bool  # an allowance exists per account, so none is counted here


@dataclass(frozen=True)
class Origin:
    """Where one fact comes from, and how fresh it is."""

    known: bool
    sources: tuple[int, ...]  # 1-based numbers into the source list
    third_party: bool  # every source that covers the fact is a third party
    date: dt.date | None  # its source date: the newest date a covering source shows; None: none shows one
    checked: dt.date | None  # its check day: the latest of its sources' (Source.checked_date); None: none
    undated: bool  # covered only by sources that show no date: its age is unknown
    stale: bool  # its source date is older than STALE_AFTER_DAYS


@dataclass(frozen=True)
class Figures:
    """Everything derived from one offering."""

    usd: UsdPrice | None  # None when the price is unknown or varies
    price_basis: str | None  # "list" or "example" for a price in a table; None when unknown or varies
    example_of: dict[str, str] | None  # what an example price is for (a region, a size), by language
    egress: UsdEgress | None  # None when egress is free, unknown or varies
    max_size_gb: float | None
    read_mb_s: float | None  # the lowest rate the throughput states (read_mb_s): the planner's wait
    facts: dict[Fact, Origin]
    source_date: dt.date | None  # the oldest source date among its dated known facts
    checked: dt.date | None  # the oldest checked date of its known facts; None: one has none recorded
    undated: bool  # some known fact rests only on undated sources
    stale: bool
    sort: dict[str, float | None]  # per fact: the comparison's sort key, None sorts last
    known: int  # how many facts are known
    values: dict[str, str]  # per fact: its word as the data gives it ("yes", "zone"), or "table" / "known"
    english: dict[str, str]  # per fact: the value in English, for the report form (the tracker's language)

    @property
    def regions(self) -> int | None:
        value = self.sort[Fact.regions.value]
        return None if value is None else int(value)


@dataclass(frozen=True)
class Freshness:
    """How fresh a provider's known values are: each value counted once (a fact of an offering, or the
    claim that the provider keeps no data)."""

    known: int  # values backed by a source
    confirmed: int  # of those, whose check day (Origin.checked) is at most CONFIRMED_WITHIN_DAYS old
    weak: int  # of those, resting only on undated sources or only on third parties
    oldest: dt.date | None  # the oldest date a dated source covering a known value shows; None: none


@dataclass(frozen=True)
class ProviderFigures:
    offerings: list[Figures]
    absence: Origin | None  # for a provider without persistent storage: the provenance of that claim
    freshness: Freshness


Derived = dict[str, ProviderFigures]


def is_stale(seen: dt.date, today: dt.date) -> bool:
    return (today - seen).days > STALE_AFTER_DAYS


def usd_per_unit(currency: str, rates: ExchangeRates) -> float:
    """US dollars for one unit of `currency`; validation guarantees a rate for every used currency."""
    if currency == "USD":
        return 1.0
    return rates.rates[currency].usd_per_unit  # type: ignore[index]


def _gb_per(size_unit: str) -> float:
    return GB_PER[size_unit]


def _usd_tiers(tiers: Sequence[Tier], unit: str, factor: float) -> tuple[UsdTier, ...]:
    size_factor = _gb_per(unit.split("-")[0])
    return tuple(
        UsdTier(
            up_to_gb=None if tier.up_to is None else tier.up_to * size_factor,
            usd_per_gb_month=per_gb_month(tier.amount, unit) * factor,
        )
        for tier in tiers
    )


def usd_price(price: Price, rates: ExchangeRates) -> UsdPrice:
    factor = usd_per_unit(price.currency.value, rates)
    unit = price.unit.value
    return UsdPrice(
        currency=price.currency.value,
        tiers=_usd_tiers(price.tiers, unit, factor),
        monthly_fee_usd=price.monthly_fee * factor,
        idle_tiers=_usd_tiers(price.idle_tiers, unit, factor) if price.idle_tiers else None,
    )


def usd_egress(egress: Egress, rates: ExchangeRates) -> UsdEgress:
    factor = usd_per_unit(egress.currency.value, rates)
    size_factor = _gb_per(egress.per)
    return UsdEgress(
        usd_per_gb=egress.amount * factor / size_factor,
        included_gb=egress.included_gb * size_factor,
        allowance_pooled=egress.allowance_pooled,
    )


def usd_figure(fact: Fact, value: object, rates: ExchangeRates) -> float | None:
    """What a comparison ranks a price or egress value by, in US dollars: the rate of the first paid
    gigabyte per month, or the fee per GB out ("free" is 0). None for any other value, and for a
    currency without a rate (data not yet valid, as a pull request's may be)."""
    try:
        if fact is Fact.price and isinstance(value, Price):
            return usd_price(value, rates).headline
        if fact is Fact.egress and isinstance(value, Egress):
            return usd_egress(value, rates).usd_per_gb
    except KeyError:  # no rate for the currency: validation names it
        return None
    return 0.0 if fact is Fact.egress and value == "free" else None


def origin(sources: Sequence[Source], numbers: tuple[int, ...], known: bool, today: dt.date) -> Origin:
    """The provenance of a fact covered by the sources at `numbers` (1-based)."""
    covering = [sources[n - 1] for n in numbers]
    date = max((source.source_date for source in covering if source.source_date), default=None)
    return Origin(
        known=known,
        sources=numbers,
        third_party=bool(covering) and all(source.third_party for source in covering),
        date=date,
        checked=max((source.checked_date for source in covering if source.checked_date), default=None),
        undated=bool(covering) and date is None,
        stale=date is not None and is_stale(date, today),
    )


# a figure per unit of capacity or per GPU is not absolute ("50 MB/s per TB"); one per volume is
# a rate per unit of capacity or of compute ("per TB", "/GiB", "per 1 GiB"), not a figure of its own
_RELATIVE = r"\s*(?:per|/)\s*(?:1\s*)?(?:TB|TiB|GB|GiB|PB|PiB|GPU|vCPU|core|node)\b"
_THROUGHPUT = re.compile(rf"(\d[\d,]*(?:\.\d+)?)\+?\s*(MB/s|MiB/s|GB/s|GiB/s)(?!{_RELATIVE})")
# the same with the lower end of a range before it ("200–400 MB/s": 200)
_THROUGHPUT_RANGE = re.compile(
    rf"(?:(\d[\d,]*(?:\.\d+)?)\s*(?:–|-|to)\s*)?(\d[\d,]*(?:\.\d+)?)\+?\s*(MB/s|MiB/s|GB/s|GiB/s)(?!{_RELATIVE})"
)
_MB_PER_S = {"MB/s": 1.0, "MiB/s": 2**20 / 1e6, "GB/s": 1000.0, "GiB/s": 2**30 / 1e6}


def throughput_mb_s(text: str) -> float | None:
    """The highest absolute figure in a published throughput text, in MB/s.

    Rates given per unit of capacity or per GPU ("50 MB/s per TB") are not absolute and are skipped;
    a text with no absolute figure (IOPS only, say) gives None and sorts last.
    """
    figures = [float(n.replace(",", "")) * _MB_PER_S[unit] for n, unit in _THROUGHPUT.findall(text)]
    return max(figures) if figures else None


def read_mb_s(text: str) -> float | None:
    """The lowest absolute figure in a published throughput text, in MB/s: what a run can count on
    reading at ("200–400 MB/s, up to 10 GB/s peak" -> 200), where the comparison sorts by the highest.
    The planner divides a size by it for the time a run waits; None where the text gives no figure."""
    if text == UNKNOWN:
        return None
    figures = [
        float((low or high).replace(",", "")) * _MB_PER_S[unit]
        for low, high, unit in _THROUGHPUT_RANGE.findall(text)
    ]
    return min(figures) if figures else None


def _word_rank(kind: ValueKind, value: str) -> float | None:
    return None if value == UNKNOWN else WORD_RANKS[kind][value]


def _sort_keys(
    offering: Offering, usd: UsdPrice | None, egress: UsdEgress | None, size: float | None
) -> dict[str, float | None]:
    """Per fact, the comparison's sort key: a worded fact's by its kind, the others' each by its own."""
    keys: dict[str, float | None] = {
        d.fact: _word_rank(d.kind, str(offering.value_of(d.fact))) for d in FACTS if d.kind in SIMPLE_KINDS
    }
    keys[Fact.price.value] = usd.headline if usd else None
    keys[Fact.throughput.value] = (
        None if offering.throughput == UNKNOWN else throughput_mb_s(offering.throughput)
    )
    keys[Fact.max_size.value] = size
    keys[Fact.egress.value] = 0.0 if offering.egress == "free" else egress.usd_per_gb if egress else None
    keys[Fact.regions.value] = name_count(offering.regions)
    return keys


def price_order(figures: Figures) -> tuple[float, int] | None:
    """What orders offerings by price: the first paid rate in USD, then the price's basis (a list
    price before an example of the same amount); None when the price is unknown or varies."""
    if figures.usd is None or figures.price_basis is None:
        return None
    return figures.usd.headline, BASIS_RANK[figures.price_basis]


def figures(offering: Offering, rates: ExchangeRates, today: dt.date) -> Figures:
    price = offering.price if isinstance(offering.price, Price) else None
    usd = usd_price(price, rates) if price else None
    egress = usd_egress(offering.egress, rates) if isinstance(offering.egress, Egress) else None
    size = None if offering.max_size == UNKNOWN else size_in_gb(offering.max_size)
    # facts covered by the same sources share one provenance record
    origins: dict[tuple[tuple[int, ...], bool], Origin] = {}
    facts = {}
    for fact in Fact:
        numbers = tuple(n for n, source in enumerate(offering.sources, 1) if fact in source.covers)
        key = (numbers, offering.value_of(fact) != UNKNOWN)
        if key not in origins:
            origins[key] = origin(offering.sources, numbers, key[1], today)
        facts[fact] = origins[key]
    known = [fact for fact in facts.values() if fact.known]
    dates = [fact.date for fact in known if fact.date is not None]
    source_date = min(dates) if dates else None
    return Figures(
        usd=usd,
        price_basis=price.basis.value if price else None,
        example_of=price.example_of if price else None,
        egress=egress,
        max_size_gb=size,
        read_mb_s=read_mb_s(offering.throughput),
        facts=facts,
        source_date=source_date,
        checked=oldest_checked(known),
        undated=any(fact.undated for fact in known),
        stale=source_date is not None and is_stale(source_date, today),
        sort=_sort_keys(offering, usd, egress, size),
        known=len(known),
        values={fact: raw_value(offering.value_of(fact)) for fact in Fact},
        english={fact: english_text(offering, fact) for fact in Fact},
    )


def oldest_checked(known: list[Origin]) -> dt.date | None:
    """When an offering's values were checked, as a whole: the oldest checked date of its known
    values; None when one of them has none recorded (or none is known)."""
    dates = [fact.checked for fact in known]
    if not dates or None in dates:
        return None
    return min(date for date in dates if date is not None)


def english_text(offering: Offering, fact: Fact) -> str:
    """A value as the data states it, in English, for the issue form (the tracker's language)."""
    value = offering.value_of(fact)
    if isinstance(value, Price):
        tiers = "; ".join(
            f"{tier.amount} {value.currency}/{value.unit}" + (f" up to {tier.up_to:g}" if tier.up_to else "")
            for tier in value.tiers
        )
        fee = f"; plus {value.monthly_fee} {value.currency} per month" if value.monthly_fee else ""
        idle = (
            f"; while idle {value.idle_tiers[0].amount} {value.currency}/{value.unit}"
            if value.idle_tiers
            else ""
        )
        # what the example is for is worded in the site's languages, none of them English
        example = " (an example price)" if value.example_of else ""
        return tiers + fee + idle + example
    if isinstance(value, Egress):
        allowance = f", {value.included_gb:g} {value.per} included" if value.included_gb else ""
        return f"{value.amount} {value.currency}/{value.per}{allowance}"
    if isinstance(value, list):
        return ", ".join(value)
    if isinstance(value, dict):  # names worded in each site language, none of them English
        return one_line_by_language({lang: ", ".join(names) for lang, names in value.items()})
    return str(value).replace("_", " ")


def raw_value(value: object) -> str:
    """A fact's value as a word: the data's own word, "table" for a price or fee, "known" otherwise."""
    if isinstance(value, Price | Egress):
        return "table"
    return str(value) if isinstance(value, str) else "known"


def confirmed_lately(checked: dt.date | None, today: dt.date) -> bool:
    """Whether a check day (Source.checked_date, or a value's Origin.checked: the latest of its
    sources') is at most CONFIRMED_WITHIN_DAYS before the build date."""
    return checked is not None and (today - checked).days <= CONFIRMED_WITHIN_DAYS


def freshness(values: Sequence[tuple[Sequence[Source], Origin]], today: dt.date) -> Freshness:
    """The freshness of some values, each given with its list of sources and its provenance (which of
    them cover it); only known values count."""
    known = [(o, [sources[n - 1] for n in o.sources]) for sources, o in values if o.known]
    dated = [day for _, covering in known for source in covering if (day := source.source_date) is not None]
    return Freshness(
        known=len(known),
        confirmed=sum(confirmed_lately(o.checked, today) for o, _ in known),
        weak=sum(o.undated or o.third_party for o, _ in known),
        oldest=min(dated, default=None),
    )


def provider_freshness(
    provider: Provider, offerings: Sequence[Figures], absence: Origin | None, today: dt.date
) -> Freshness:
    """A provider's freshness: every known fact of its offerings, or its claim to keep no data."""
    values: list[tuple[Sequence[Source], Origin]] = [
        (offering.sources, o)
        for offering, f in zip(provider.offerings, offerings, strict=True)
        for o in f.facts.values()
    ]
    if absence is not None and provider.no_persistent_storage:
        values.append((provider.no_persistent_storage, absence))
    return freshness(values, today)


def derive(dataset: Dataset, today: dt.date) -> Derived:
    """The figures of every offering of every provider, by provider id."""
    derived = {}
    for provider_id, provider in dataset.providers.items():
        absence = None
        if provider.no_persistent_storage:
            sources = provider.no_persistent_storage
            absence = origin(sources, tuple(range(1, len(sources) + 1)), True, today)
        offerings = [figures(offering, dataset.rates, today) for offering in provider.offerings]
        derived[provider_id] = ProviderFigures(
            offerings=offerings,
            absence=absence,
            freshness=provider_freshness(provider, offerings, absence, today),
        )
    return derived


@dataclass(frozen=True)
class Coverage:
    """How much of the dataset is known: per fact, and in total."""

    offerings: int
    known: dict[Fact, int]  # offerings whose fact is known
    third_party: int  # known facts resting only on third parties
    stale: int  # known facts whose newest dated source is older than STALE_AFTER_DAYS
    undated: int  # known facts resting only on undated sources

    @property
    def cells(self) -> int:
        return self.offerings * len(self.known)

    @property
    def known_cells(self) -> int:
        return sum(self.known.values())


def coverage(derived: Derived) -> Coverage:
    offerings = [figures for provider in derived.values() for figures in provider.offerings]
    facts = [origin for figures in offerings for origin in figures.facts.values() if origin.known]
    return Coverage(
        offerings=len(offerings),
        known={fact: sum(f.facts[fact].known for f in offerings) for fact in Fact},
        third_party=sum(origin.third_party for origin in facts),
        stale=sum(origin.stale for origin in facts),
        undated=sum(origin.undated for origin in facts),
    )
