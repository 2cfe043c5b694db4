"""Language-neutral derived figures: prices in USD per decimal GB and month, and freshness.

Prices keep their original currency and unit in the data; these helpers derive comparable values for
sorting, cost estimates and the exports. GiB become GB (1 GiB = 1.073741824 GB); hourly rates become
monthly with 730 hours, the convention providers use.
"""

from __future__ import annotations

import datetime as dt
import os
import re
from dataclasses import dataclass

from .model import UNKNOWN, Egress, ExchangeRates, Fact, Offering, Price

HOURS_PER_MONTH = 730
GB_PER_GIB = 2**30 / 1e9
STALE_AFTER_DAYS = 180


@dataclass(frozen=True)
class UsdTier:
    up_to_gb: float | None  # None: everything above the previous tier
    usd_per_gb_month: float


@dataclass(frozen=True)
class UsdPrice:
    tiers: tuple[UsdTier, ...]
    monthly_fee_usd: float

    @property
    def pairs(self) -> list[tuple[float | None, float]]:
        """The tiers as (upper bound in GB, USD per GB-month) pairs, for the cost calculator."""
        return [(tier.up_to_gb, tier.usd_per_gb_month) for tier in self.tiers]

    @property
    def headline(self) -> float:
        """The rate of the first paid gigabyte: what sorting and 'cheapest' compare."""
        return next((t.usd_per_gb_month for t in self.tiers if t.usd_per_gb_month > 0), 0.0)

    def monthly_cost(self, gb: float) -> float:
        """What keeping `gb` gigabytes costs for one month, tier by tier, fee included."""
        cost, lower = self.monthly_fee_usd, 0.0
        for tier in self.tiers:
            upper = gb if tier.up_to_gb is None else min(gb, tier.up_to_gb)
            cost += max(0.0, upper - lower) * tier.usd_per_gb_month
            if tier.up_to_gb is None or tier.up_to_gb >= gb:
                break
            lower = tier.up_to_gb
        return cost


@dataclass(frozen=True)
class UsdEgress:
    usd_per_gb: float
    included_gb: float

    def monthly_cost(self, gb: float) -> float:
        return max(0.0, gb - self.included_gb) * self.usd_per_gb


def usd_per_unit(currency: str, rates: ExchangeRates) -> float | None:
    if currency == "USD":
        return 1.0
    rate = rates.rates.get(currency)  # type: ignore[call-overload]
    return rate.usd_per_unit if rate else None


def _size_to_gb(size_unit: str) -> float:
    return GB_PER_GIB if size_unit == "GiB" else 1.0


def per_gb_month(amount: float, unit: str) -> float:
    """A rate in a source unit (e.g. GiB-hour), expressed per decimal GB and per month."""
    size, period = unit.split("-")
    per_month = amount * HOURS_PER_MONTH if period == "hour" else amount
    return per_month / _size_to_gb(size)


def usd_price(price: Price, rates: ExchangeRates) -> UsdPrice | None:
    factor = usd_per_unit(price.currency.value, rates)
    if factor is None:
        return None
    size_factor = _size_to_gb(price.unit.value.split("-")[0])
    tiers = tuple(
        UsdTier(
            up_to_gb=None if tier.up_to is None else tier.up_to * size_factor,
            usd_per_gb_month=per_gb_month(tier.amount, price.unit.value) * factor,
        )
        for tier in price.tiers
    )
    return UsdPrice(tiers=tiers, monthly_fee_usd=price.monthly_fee * factor)


def usd_egress(egress: Egress, rates: ExchangeRates) -> UsdEgress | None:
    factor = usd_per_unit(egress.currency.value, rates)
    if factor is None:
        return None
    size_factor = _size_to_gb(egress.per)
    return UsdEgress(
        usd_per_gb=egress.amount * factor / size_factor, included_gb=egress.included_gb * size_factor
    )


def build_date() -> dt.date:
    """The date the build judges freshness by: SOURCE_DATE_EPOCH when set (reproducible), else today."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch:
        return dt.datetime.fromtimestamp(int(epoch), tz=dt.UTC).date()
    return dt.datetime.now(tz=dt.UTC).date()


def is_stale(seen: dt.date, today: dt.date) -> bool:
    return (today - seen).days > STALE_AFTER_DAYS


@dataclass(frozen=True)
class Provenance:
    """Where one fact of an offering comes from, and how fresh it is."""

    known: bool
    sources: tuple[int, ...]  # 1-based numbers into the offering's source list
    third_party: bool  # every source that covers the fact is a third party
    date: dt.date | None  # the newest `seen` among those sources
    stale: bool


def provenance(offering: Offering, fact: Fact, today: dt.date) -> Provenance:
    numbers = tuple(n for n, source in enumerate(offering.sources, 1) if fact in source.covers)
    covering = [offering.sources[n - 1] for n in numbers]
    date = max((source.seen for source in covering), default=None)
    return Provenance(
        known=offering.value_of(fact) != UNKNOWN,
        sources=numbers,
        third_party=bool(covering) and all(source.third_party for source in covering),
        date=date,
        stale=date is not None and is_stale(date, today),
    )


def provenances(offering: Offering, today: dt.date) -> dict[Fact, Provenance]:
    return {fact: provenance(offering, fact, today) for fact in Fact}


def checked_date(offering: Offering, facts: dict[Fact, Provenance]) -> dt.date:
    """An offering is as fresh as its oldest sourced fact (or its newest source when none is)."""
    dates = [origin.date for origin in facts.values() if origin.date is not None]
    return min(dates) if dates else max(source.seen for source in offering.sources)


_THROUGHPUT = re.compile(r"(\d[\d,]*(?:\.\d+)?)\+?\s*(MB/s|MiB/s|GB/s|GiB/s)(?!\s*per\b)")
_MB_PER_S = {"MB/s": 1.0, "MiB/s": 2**20 / 1e6, "GB/s": 1000.0, "GiB/s": 2**30 / 1e6}


def throughput_mb_s(text: str) -> float | None:
    """The highest absolute figure in a published throughput text, in MB/s.

    Rates given per unit of capacity or per GPU ("50 MB/s per TB") are not absolute and are skipped;
    a text with no absolute figure (IOPS only, say) gives None and sorts last.
    """
    figures = [float(n.replace(",", "")) * _MB_PER_S[unit] for n, unit in _THROUGHPUT.findall(text)]
    return max(figures) if figures else None
