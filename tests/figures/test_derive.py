"""Derived figures: USD per decimal GB and month, provenance and freshness, sort keys, coverage."""

from __future__ import annotations

import datetime as dt

import pytest
from conftest import BUILD_DATE

from gpustorage import SiteBuild
from gpustorage.figures.derive import (
    GB_PER_GIB,
    Freshness,
    confirmed_lately,
    coverage,
    derive,
    freshness,
    is_stale,
    origin,
    per_gb_month,
    price_order,
    read_mb_s,
    throughput_mb_s,
    usd_price,
)
from gpustorage.inputs.model import Fact, Price, Source, Tier
from gpustorage.inputs.settings import CONFIRMED_WITHIN_DAYS


def figures(fixture_build: SiteBuild, provider_id: str, number: int = 1):
    return fixture_build.derived[provider_id].offerings[number - 1]


@pytest.mark.parametrize(
    ("amount", "unit", "expected"),
    [
        (0.07, "GB-month", 0.07),
        (0.07, "GiB-month", 0.07 / GB_PER_GIB),
        (0.0001, "GB-hour", 0.073),
        (0.0001, "GiB-hour", 0.073 / GB_PER_GIB),
        (6.7, "TB-hour", 6.7 * 730 / 1000),
        (20, "TiB-month", 20 / (1024 * GB_PER_GIB)),
        (0.005, "GB-day", 0.005 * 730 / 24),  # a month is 730 / 24 days, as it is 730 hours
        (0.005, "GiB-day", 0.005 * 730 / 24 / GB_PER_GIB),
        (0.5, "TB-day", 0.5 * 730 / 24 / 1000),
        (0.5, "TiB-day", 0.5 * 730 / 24 / (1024 * GB_PER_GIB)),
    ],
)
def test_rates_become_usd_per_gb_month(amount: float, unit: str, expected: float) -> None:
    assert per_gb_month(amount, unit) == pytest.approx(expected)


@pytest.mark.parametrize("size", ["GB", "GiB", "TB", "TiB"])
def test_a_daily_rate_is_24_hourly_rates(size: str) -> None:
    """A day is 24 hours: a rate per day and the 24th part of it per hour make the same month."""
    assert per_gb_month(0.024, f"{size}-day") == pytest.approx(per_gb_month(0.001, f"{size}-hour"))


def test_a_daily_price_normalizes_to_usd_per_gb_month(fixture_build: SiteBuild) -> None:
    """A price per GB-day (built here, not read from the data) becomes its month in US dollars."""
    price = Price(
        currency="USD", unit="GB-day", basis="list", tiers=[Tier(up_to=60, amount=0), Tier(amount=0.005)]
    )
    usd = usd_price(price, fixture_build.dataset.rates)
    assert [(t.up_to_gb, t.usd_per_gb_month) for t in usd.tiers] == [
        (60, 0),
        (None, pytest.approx(0.15208333)),
    ]
    assert usd.headline == pytest.approx(0.005 * 730 / 24)


def test_prices_fees_and_currencies_are_normalized(fixture_build: SiteBuild) -> None:
    volume = figures(fixture_build, "alpha-cloud").usd
    assert [(t.up_to_gb, t.usd_per_gb_month) for t in volume.tiers] == [(1000, 0.07), (None, 0.05)]
    buckets = figures(fixture_build, "alpha-cloud", 2)
    assert buckets.usd.monthly_fee_usd == pytest.approx(6.0)  # 5 EUR at 1.2
    assert buckets.usd.headline == pytest.approx(0.02 * 1.2 / GB_PER_GIB)
    assert buckets.egress.usd_per_gb == pytest.approx(0.012)
    assert buckets.egress.included_gb == 100
    gamma = figures(fixture_build, "gamma-cloud")
    assert gamma.usd.headline == pytest.approx(8 * 0.0125)


def test_idle_price_and_pooled_allowance(fixture_build: SiteBuild) -> None:
    beta = figures(fixture_build, "beta-cloud")
    assert [t.usd_per_gb_month for t in beta.usd.idle_tiers] == [pytest.approx(0.146)]
    assert beta.egress.allowance_pooled is True
    assert beta.egress.included_gb == pytest.approx(500 * GB_PER_GIB)
    assert figures(fixture_build, "alpha-cloud").usd.idle_tiers is None


def test_provenance_dated_undated_third_party_and_stale(fixture_build: SiteBuild) -> None:
    alpha = figures(fixture_build, "alpha-cloud")
    spot = alpha.facts[Fact.spot_usable]
    assert (spot.sources, spot.date, spot.undated, spot.stale) == ((2,), dt.date(2026, 9, 1), False, False)
    assert alpha.source_date == dt.date(2026, 9, 1)  # the oldest dated known fact
    # two dates apart: the volume page shows 2026-10-01 and was read on 2026-11-20; the spot page's
    # reading day is not recorded, so the offering's checked date is not either
    price = alpha.facts[Fact.price]
    assert (price.date, price.checked) == (dt.date(2026, 10, 1), dt.date(2026, 11, 20))
    assert (spot.checked, alpha.checked) == (None, None)
    beta = figures(fixture_build, "beta-cloud")
    assert beta.facts[Fact.max_size].third_party and not beta.facts[Fact.price].third_party
    assert beta.facts[Fact.snapshots].stale and beta.stale and beta.source_date == dt.date(2024, 1, 10)
    gamma = figures(fixture_build, "gamma-cloud")
    assert gamma.facts[Fact.price].undated and gamma.facts[Fact.price].date is None
    assert (gamma.source_date, gamma.undated, gamma.stale) == (None, True, False)
    # an undated source's `seen` is the day it was read: its checked date, not a source date
    assert (gamma.facts[Fact.price].checked, gamma.checked) == (dt.date(2026, 11, 30), dt.date(2026, 11, 30))
    assert not gamma.facts[Fact.snapshots].known and not gamma.facts[Fact.snapshots].undated
    absence = fixture_build.derived["delta-cloud"].absence
    assert absence is not None and absence.stale and absence.date == dt.date(2025, 1, 15)


def test_staleness_follows_the_build_date(fixture_build: SiteBuild) -> None:
    seen = dt.date(2026, 9, 1)
    for days, stale in [(180, False), (181, True)]:
        today = seen + dt.timedelta(days=days)
        later = derive(fixture_build.dataset, today)
        assert later["alpha-cloud"].offerings[0].facts[Fact.spot_usable].stale is stale
        assert is_stale(seen, today) is stale


def test_sort_keys(fixture_build: SiteBuild) -> None:
    alpha, beta = figures(fixture_build, "alpha-cloud"), figures(fixture_build, "beta-cloud")
    assert alpha.sort["throughput"] == 10_000  # "up to 10 GB/s peak"
    assert beta.sort["throughput"] == pytest.approx(1000 * 2**20 / 1e6)
    assert alpha.sort["egress"] == 0.0 and alpha.sort["regions"] == 3
    assert alpha.sort["multi_attach"] < beta.sort["multi_attach"]  # yes before no
    assert alpha.sort["region_binding"] < beta.sort["region_binding"]  # datacenter before machine
    assert figures(fixture_build, "gamma-cloud").sort["snapshots"] is None
    assert figures(fixture_build, "gamma-cloud", 2).sort["egress"] is None  # varies


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("200–400 MB/s, up to 10 GB/s peak", 10_000),
        ("3,414 MiB/s", 3414 * 2**20 / 1e6),
        ("50 MB/s per TB", None),
        ("2.5 MB/s per 1 GiB", None),
        ("16,000 IOPS", None),
    ],
)
def test_throughput_takes_the_highest_absolute_figure(text: str, expected: float | None) -> None:
    assert throughput_mb_s(text) == (pytest.approx(expected) if expected else None)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("200–400 MB/s, up to 10 GB/s peak", 200),
        ("0.5 MB/s per GB (50 MB/s base, up to 512 MB/s)", 50),
        # a rate per GiB is no floor of its own (it read as 0.4 MB/s: a run of 500 GB waited 347 hours)
        ("SSD: 2.5 MB/s per 1 GiB, up to 500 MB/s; HDD: 0.4 MB/s per 1 GiB, up to 300 MB/s", 300),
        ("16,000 IOPS", None),
    ],
)
def test_a_runs_read_rate_is_the_lowest_absolute_figure(text: str, expected: float | None) -> None:
    assert read_mb_s(text) == (pytest.approx(expected) if expected else None)


def test_coverage_counts_known_third_party_stale_and_undated(fixture_build: SiteBuild) -> None:
    counted = coverage(fixture_build.derived)
    assert counted.offerings == 6
    assert counted.known[Fact.price] == 6 and counted.known[Fact.regions] == 2  # Gamma Home's: included
    assert counted.third_party == 2 and counted.stale == 1
    # Beta: max size, throughput; Gamma: price, multi-attach; Gamma Home: price, egress
    assert counted.undated == 6
    assert counted.cells == 60 and counted.known_cells == sum(counted.known.values())
    assert fixture_build.today == BUILD_DATE


def test_an_example_price_orders_after_a_list_price_of_the_same_amount(fixture_build: SiteBuild) -> None:
    """Alpha Scratch (an example, 0.0001 USD per GB-hour) and Beta Disk (a list price of that amount)."""
    scratch = fixture_build.derived["alpha-cloud"].offerings[2]
    disk = fixture_build.derived["beta-cloud"].offerings[0]
    assert scratch.price_basis == "example"
    assert scratch.example_of == {"de": "Region AL-1", "zh": "AL-1 区域", "ro": "regiunea AL-1"}
    assert (disk.price_basis, disk.example_of) == ("list", None)
    assert scratch.usd is not None and disk.usd is not None and scratch.usd.headline == disk.usd.headline
    assert price_order(disk) < price_order(scratch)  # type: ignore[operator]
    assert price_order(fixture_build.derived["gamma-cloud"].offerings[1]) is None  # included: no price


def test_freshness_per_provider(fixture_build: SiteBuild) -> None:
    """Issue #20: per provider, the known values confirmed lately (a covering source checked at most
    CONFIRMED_WITHIN_DAYS before the build), those resting only on undated or third-party sources, and
    the oldest date a dated source shows. Issue #29: an undated page's check is the day it was read."""
    fresh = {pid: figures.freshness for pid, figures in fixture_build.derived.items()}
    # Alpha: 9 + 6 + 2 known values; the volumes page (checked 2026-11-20) covers 8 of them
    assert fresh["alpha-cloud"] == Freshness(known=17, confirmed=8, weak=0, oldest=dt.date(2026, 9, 1))
    # Beta: max size and throughput only from a third party's undated page, read 10 days before the
    # build; the snapshots blog of 2024, checked in June
    assert fresh["beta-cloud"] == Freshness(known=10, confirmed=2, weak=2, oldest=dt.date(2024, 1, 10))
    # Gamma: everything on undated pages, read the day of the build; Delta: its claim to keep no data
    assert fresh["gamma-cloud"] == Freshness(known=4, confirmed=4, weak=4, oldest=None)
    assert fresh["delta-cloud"] == Freshness(known=1, confirmed=0, weak=0, oldest=dt.date(2025, 1, 15))


@pytest.mark.parametrize(("days_ago", "confirmed"), [(0, True), (CONFIRMED_WITHIN_DAYS, True), (91, False)])
def test_a_source_confirms_its_values_for_so_many_days(days_ago: int, confirmed: bool) -> None:
    checked = BUILD_DATE - dt.timedelta(days=days_ago)
    source = Source.model_validate(
        {"url": "https://example.com/a", "seen": dt.date(2026, 1, 1), "checked": checked}
    )
    assert confirmed_lately(source.checked_date, BUILD_DATE) is confirmed
    known = origin([source], (1,), True, BUILD_DATE)
    unknown = origin([source], (), False, BUILD_DATE)
    counted = freshness([([source], known), ([source], unknown)], BUILD_DATE)
    assert counted == Freshness(known=1, confirmed=int(confirmed), weak=0, oldest=dt.date(2026, 1, 1))
