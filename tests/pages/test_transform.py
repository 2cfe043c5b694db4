"""Stage 3: every value worded in the reader's language, from the fixture providers."""

from __future__ import annotations

import datetime as dt

import pytest
import yaml
from conftest import LANGUAGES, ROOT

from gpustorage import SiteBuild
from gpustorage.figures.derive import usd_price as in_usd
from gpustorage.figures.history import Change
from gpustorage.inputs.model import Fact, Price, Tier
from gpustorage.pages.messages import Strings, rate_amount
from gpustorage.pages.transform import (
    ChangeView,
    OfferingView,
    change_view,
    price_cell_words,
    size_text,
    usd_moneys,
    worded_price,
)


def offering(fixture_build: SiteBuild, lang: str, provider_id: str, number: int = 1) -> OfferingView:
    provider = next(p for p in fixture_build.views[lang].providers if p.id == provider_id)
    return provider.offerings[number - 1]


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("de", "0,07\xa0$/GB-Monat bis 1 TB und darüber 0,05\xa0$/GB-Monat"),
        ("zh", "US$0.07/GB·月（不超过 1 TB）和超出部分 US$0.05/GB·月"),
        ("ro", "0,07\xa0USD/GB-lună până la 1 TB și apoi 0,05\xa0USD/GB-lună"),
    ],
)
def test_tiered_price_is_worded_in_each_locale(fixture_build: SiteBuild, lang: str, expected: str) -> None:
    cell = offering(fixture_build, lang, "alpha-cloud").cells["price"]
    assert cell.text == expected
    assert cell.sort == pytest.approx(0.07)


def test_foreign_prices_read_in_usd_per_gb_month_with_the_source_beside(fixture_build: SiteBuild) -> None:
    buckets = offering(fixture_build, "de", "alpha-cloud", 2).cells["price"]
    # 100 GiB free, then 0.02 EUR * 1.2 / 1.073741824 per GB-month; the fee 5 EUR * 1.2
    allowance = "kostenlos bis 100 GiB, darüber "
    assert buckets.text == allowance + "≈\xa00,0224\xa0$/GB-Monat und zzgl. ≈\xa06,00\xa0$ pro Monat"
    assert buckets.detail == allowance + "0,02\xa0€/GiB-Monat und zzgl. 5,00\xa0€ pro Monat"
    assert buckets.detail_lang is None  # worded by the page, in its language: no quote
    gamma = offering(fixture_build, "de", "gamma-cloud").cells["price"]
    assert (gamma.text, gamma.detail) == ("≈\xa00,10\xa0$/GB-Monat", "8,00\xa0₹/GB-Monat")  # 8 INR * 0.0125


def test_idle_price_and_pooled_allowance_are_worded(fixture_build: SiteBuild) -> None:
    beta = offering(fixture_build, "de", "beta-cloud")
    assert beta.cells["price"].text == "0,073\xa0$/GB-Monat; ohne laufende GPU: 0,146\xa0$/GB-Monat"
    assert beta.cells["price"].detail == "0,0001\xa0$/GB-Stunde; ohne laufende GPU: 0,0002\xa0$/GB-Stunde"
    assert beta.cells["egress"].text == (
        "0,01\xa0$/GiB (500 GiB frei pro Monat) (Freikontingent pro Konto gebündelt, hier nicht eingerechnet)"
    )


def test_a_price_in_the_tables_unit_has_no_source_wording(fixture_build: SiteBuild) -> None:
    assert offering(fixture_build, "de", "alpha-cloud").cells["price"].detail is None


@pytest.mark.parametrize(
    ("amount", "expected"),
    [
        (0.0223517, 0.0224),
        (0.073, 0.073),
        (0.07, 0.07),
        (0.1, 0.1),
        (1.2345, 1.23),
        (0.00876, 0.0088),
        (0.000123456, 0.0001),
    ],
)
def test_rates_keep_three_significant_digits_within_two_to_four_decimals(
    amount: float, expected: float
) -> None:
    assert rate_amount(amount) == pytest.approx(expected, abs=1e-12)


HOURLY = Price(currency="USD", unit="GiB-hour", basis="list", tiers=[Tier(amount=0.000027397)])
DAILY = Price(currency="USD", unit="GB-day", basis="list", tiers=[Tier(amount=0.005)])


@pytest.mark.parametrize(
    ("price", "lang", "text", "source"),
    [
        # 0.000027397 * 730 / 1.073741824: three significant digits
        (HOURLY, "de", "0,0186\xa0$/GB-Monat", "0,000027397\xa0$/GiB-Stunde"),
        (HOURLY, "zh", "US$0.0186/GB·月", "US$0.000027397/GiB·小时"),
        (HOURLY, "ro", "0,0186\xa0USD/GB-lună", "0,000027397\xa0USD/GiB-oră"),
        # 0.005 * 730 / 24 = 0.15208…: a month is 730 / 24 days
        (DAILY, "de", "0,152\xa0$/GB-Monat", "0,005\xa0$/GB-Tag"),
        (DAILY, "zh", "US$0.152/GB·月", "US$0.005/GB·天"),
        (DAILY, "ro", "0,152\xa0USD/GB-lună", "0,005\xa0USD/GB-zi"),
    ],
)
def test_an_hourly_or_daily_price_reads_per_gb_month_beside_the_sources_unit(
    fixture_build: SiteBuild, price: Price, lang: str, text: str, source: str
) -> None:
    worded = worded_price(price, fixture_build.views[lang].t, fixture_build.dataset.rates)
    assert (worded.text, worded.source) == (text, source)


def test_the_fourth_language_fixture_words_a_daily_price(fixture_build: SiteBuild) -> None:
    """The fourth-language fixture has the per-day units too, so a language added later has them."""
    ui = yaml.safe_load(
        (ROOT / "tests/fixtures/fourth-language/data/i18n/fr.yaml").read_text(encoding="utf-8")
    )
    worded = worded_price(DAILY, Strings("fr", ui["ui"]), fixture_build.dataset.rates)
    assert worded.source is not None and worded.source.endswith("/GB-jour")
    assert worded.text.endswith("/GB-mois")


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("de", "kostenlos bis 250 GB und darüber 0,02\xa0$/GB-Monat"),
        ("zh", "免费（不超过 250 GB）和超出部分 US$0.02/GB·月"),
        ("ro", "gratuit până la 250 GB și apoi 0,02\xa0USD/GB-lună"),
    ],
)
def test_a_free_tier_reads_as_free(fixture_build: SiteBuild, lang: str, expected: str) -> None:
    price = Price(
        currency="USD", unit="GB-month", basis="list", tiers=[Tier(up_to=250, amount=0), Tier(amount=0.02)]
    )
    worded = worded_price(price, fixture_build.views[lang].t, fixture_build.dataset.rates)
    assert (worded.text, worded.source) == (expected, None)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("de", "100 GiB kostenlos, dann ≈\xa00,0224\xa0$/GB-Monat + ≈\xa06,00\xa0$/Monat"),
        ("zh", "100 GiB 以内免费，超出部分 ≈\xa0US$0.0224/GB·月 + 月费 ≈\xa0US$6.00"),
        ("ro", "100 GiB gratuit, apoi ≈\xa00,0224\xa0USD/GB-lună + ≈\xa06,00\xa0USD/lună"),
    ],
)
def test_a_price_cell_says_what_a_reader_pays(fixture_build: SiteBuild, lang: str, expected: str) -> None:
    """A free allowance and a monthly fee: never "free" alone (issue #29), the fee in the cell."""
    buckets = offering(fixture_build, lang, "alpha-cloud", 2).cells["price"]
    assert buckets.token == expected
    assert buckets.sort == pytest.approx(0.02 * 1.2 / 1.073741824)  # the rate the cell names
    amounts = sorted({(money.usd, money.rate) for money in buckets.moneys})
    assert amounts == [(pytest.approx(0.02 * 1.2 / 1.073741824), True), (pytest.approx(6.0), False)]
    assert all(money.currency == "EUR" for money in buckets.moneys)


def test_storage_included_in_a_plan_is_no_price_of_zero(fixture_build: SiteBuild) -> None:
    home = offering(fixture_build, "de", "gamma-cloud", 2).cells["price"]
    assert (home.token, home.sort, home.unknown) == ("inbegriffen", None, False)
    assert home.text == "inbegriffen (im Tarif oder in der Instanz, kein eigener Preis)"


def test_nothing_charged_at_any_size_reads_free(fixture_build: SiteBuild) -> None:
    t, rates = fixture_build.views["de"].t, fixture_build.dataset.rates
    free = Price(currency="USD", unit="GB-month", basis="list", tiers=[Tier(amount=0)])
    assert price_cell_words(free, usd_moneys(free, in_usd(free, rates), t), t) == "kostenlos"
    fee_only = Price(currency="USD", unit="GB-month", basis="list", monthly_fee=5, tiers=[Tier(amount=0)])
    fee_moneys = usd_moneys(fee_only, in_usd(fee_only, rates), t)
    assert price_cell_words(fee_only, fee_moneys, t) == "5,00\xa0$/Monat"


def test_a_free_tier_in_another_unit_reads_as_free_in_both_wordings(fixture_build: SiteBuild) -> None:
    price = Price(
        currency="EUR", unit="TB-hour", basis="list", tiers=[Tier(up_to=1, amount=0), Tier(amount=0.01)]
    )
    worded = worded_price(price, fixture_build.views["de"].t, fixture_build.dataset.rates)
    # 0.01 * 1.2 * 730 / 1000
    assert worded.text == "kostenlos bis 1 TB und darüber ≈\xa00,0088\xa0$/GB-Monat"
    assert worded.source == "kostenlos bis 1 TB und darüber 0,01\xa0€/TB-Stunde"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_unknown_is_one_word_and_sorts_last(fixture_build: SiteBuild, lang: str) -> None:
    view = fixture_build.views[lang]
    cells = [c for p in view.providers for o in p.offerings for c in o.cells.values() if c.unknown]
    assert len(cells) == fixture_build.coverage.offerings * 10 - fixture_build.coverage.known_cells
    assert {c.text for c in cells} == {view.t("value.unknown")}
    assert all(c.sort is None for c in cells)


def test_data_questions_are_answered_from_the_data(fixture_build: SiteBuild) -> None:
    view = fixture_build.views["de"]
    answers = dict(view.faq)
    assert answers[view.t("faq.spot.question")].startswith(
        view.t("faq.spot.answer", list="Alpha Cloud (Alpha Volume)")
    )
    assert "Beta Cloud (Beta Disk)" in answers[view.t("faq.idle.question")]
    cheapest = answers[view.t("faq.cheapest.question")]
    assert "Alpha Cloud (Alpha Buckets)" in cheapest  # 0.0224 USD per GB-month, below 0.07 and 0.073


def test_guide_questions_come_first(fixture_build: SiteBuild) -> None:
    for lang, view in fixture_build.views.items():
        guide = [(q.question, q.answer) for q in fixture_build.dataset.strings[lang].faq]
        assert view.faq[: len(guide)] == guide


@pytest.mark.parametrize(
    ("lang", "amount", "unit", "expected"),
    [
        ("de", 32768, "GiB", "32 TiB"),  # binary stays binary
        ("de", 15000, "GB", "15 TB"),  # decimal stays decimal
        ("de", 1048576, "GB", "1.048.576 GB"),  # 1.048576 PB: no unit shows it whole, so separators
        ("de", 63.9, "TiB", "63,9 TiB"),
        ("de", 1500, "GB", "1,5 TB"),
        ("de", 5, "PiB", "5 PiB"),
        ("zh", 1048576, "GB", "1,048,576 GB"),
        ("zh", 65536, "GiB", "64 TiB"),
        ("ro", 1048576, "GB", "1.048.576 GB"),
        ("ro", 63.9, "TiB", "63,9 TiB"),
    ],
)
def test_sizes_take_a_readable_unit_of_their_family(
    fixture_build: SiteBuild, lang: str, amount: float, unit: str, expected: str
) -> None:
    assert size_text(amount, unit, fixture_build.views[lang].t) == expected


def test_sizes_in_cells_and_tiers_are_readable(fixture_build: SiteBuild) -> None:
    assert offering(fixture_build, "de", "beta-cloud").cells["max_size"].text == "10 TiB"
    assert "bis 1 TB" in offering(fixture_build, "de", "alpha-cloud").cells["price"].text  # up_to 1000 GB


def changed(fixture_build: SiteBuild, fact: Fact, old: object, new: object, lang: str = "de") -> ChangeView:
    """A change of Alpha Volume's `fact` from `old` to `new`, worded in `lang`."""
    change = Change(
        commit="0" * 40,
        date=dt.datetime(2026, 1, 1, tzinfo=dt.UTC),
        kind="changed",
        provider="alpha-cloud",
        provider_name="Alpha Cloud",
        file="data/providers/alpha-cloud.yaml",
        offering="Alpha Volume",
        fact=fact,
        old=old,
        new=new,
    )
    t = fixture_build.views[lang].t
    return change_view(change, t, {}, "https://example.org/repo", fixture_build.dataset.rates)


@pytest.mark.parametrize(
    ("lang", "old", "note"),
    [
        (
            "de",
            "bis 314,6 MB/s",
            "Wortlaut der Quelle, Englisch: „per file system: Standard up to 300 MiB/s“",
        ),
        ("zh", "最高 314.6 MB/s", "来源原文（英语）：“per file system: Standard up to 300 MiB/s”"),
        (
            "ro",
            "până la 314,6 MB/s",
            "Formularea sursei, în engleză: „per file system: Standard up to 300 MiB/s”",
        ),
    ],
)
def test_a_changed_throughput_reads_like_its_cell_with_the_source_quoted(
    fixture_build: SiteBuild, lang: str, old: str, note: str
) -> None:
    view = changed(
        fixture_build, Fact.throughput, "per file system: Standard up to 300 MiB/s", "2,000 requests/s", lang
    )
    t = fixture_build.views[lang].t
    assert view.old is not None and view.new is not None
    assert (view.old.text, view.old.source_lang) == (old, "en")
    assert view.new.text == t("throughput.see_source")  # no figure in MB/s to word
    assert old + t("text.aside", text=note) in view.summary  # a feed's plain text names the language


def usd_price(amount: float, **basis: str) -> Price:
    return Price(currency="USD", unit="GB-month", tiers=[Tier(amount=amount)], **{"basis": "list", **basis})


def tiered_price(bound: float, **basis: str) -> Price:
    tiers = [Tier(up_to=bound, amount=0.07), Tier(amount=0.05)]
    return Price(currency="USD", unit="GB-month", tiers=tiers, **{"basis": "list", **basis})


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        (  # a basis alone: the value once, and what changed
            usd_price(0.08),
            usd_price(
                0.08, basis="example", example_of={"de": "us-east-1", "zh": "us-east-1", "ro": "us-east-1"}
            ),
            "Preis: 0,08\xa0$/GB-Monat, jetzt als Beispiel (us-east-1) statt Preisliste",
        ),
        (
            usd_price(
                0.08, basis="example", example_of={"de": "us-east-1", "zh": "us-east-1", "ro": "us-east-1"}
            ),
            usd_price(0.08),
            "Preis: 0,08\xa0$/GB-Monat, jetzt Preisliste statt Beispiel (us-east-1)",
        ),
        (  # a basis is said even where the amount changes too: no wording of a price shows it
            usd_price(
                0.08, basis="example", example_of={"de": "us-east-1", "zh": "us-east-1", "ro": "us-east-1"}
            ),
            usd_price(
                0.09, basis="example", example_of={"de": "eu-west-1", "zh": "eu-west-1", "ro": "eu-west-1"}
            ),
            "Preis: 0,08\xa0$/GB-Monat → 0,09\xa0$/GB-Monat, "
            "Beispiel jetzt für eu-west-1 statt für us-east-1",
        ),
        (  # a tier's bound below the wording's precision: the parts that differ, in the data's notation
            tiered_price(1500.0001),
            tiered_price(1500.0002, basis="example", example_of={"de": "AL-1", "zh": "AL-1", "ro": "AL-1"}),
            "Preis: 0,07\xa0$/GB-Monat bis 1.500 GB und darüber 0,05\xa0$/GB-Monat, jetzt als Beispiel "
            '(AL-1) statt Preisliste und in den Daten: tiers: [{"up_to": 1500.0001, "amount": 0.07}, '
            '{"up_to": null, "amount": 0.05}] → tiers: [{"up_to": 1500.0002, "amount": 0.07}, '
            '{"up_to": null, "amount": 0.05}]',
        ),
    ],
)
def test_a_change_words_what_changed_where_its_values_read_alike(
    fixture_build: SiteBuild, old: Price, new: Price, expected: str
) -> None:
    view = changed(fixture_build, Fact.price, old, new)
    assert view.summary == f"Alpha Volume · {expected}"


def test_a_size_written_in_another_unit_names_both_as_the_data_writes_them(fixture_build: SiteBuild) -> None:
    view = changed(fixture_build, Fact.max_size, "1024 GiB", "1 TiB")
    assert view.reads_same
    assert view.summary == "Alpha Volume · Max. Größe: 1 TiB, in den Daten: 1024 GiB → 1 TiB"


def test_the_price_link_opens_the_providers_own_price_page_or_none(fixture_build: SiteBuild) -> None:
    """The provider's `pricing`, an offering's own where it sets one; none where the data has none,
    even though the price has a source of the provider's own (never a page passed off as prices)."""
    assert offering(fixture_build, "de", "alpha-cloud", 2).price_page == "https://alpha.example.com/pricing"
    assert offering(fixture_build, "de", "beta-cloud").price_page == "https://beta.example.com/pricing"
    assert offering(fixture_build, "de", "gamma-cloud").price_page is None


def test_a_converted_monthly_fee_reads_in_cents(fixture_build: SiteBuild) -> None:
    price = Price(currency="EUR", unit="GB-month", basis="list", tiers=[Tier(amount=0.01)], monthly_fee=4.9)
    worded = worded_price(price, fixture_build.views["de"].t, fixture_build.dataset.rates)
    assert worded.text.endswith("zzgl. ≈\xa05,88\xa0$ pro Monat")  # 4.9 EUR * 1.2, not 5,8800000000000004
