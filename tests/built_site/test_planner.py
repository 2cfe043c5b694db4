"""The planner page (keep, copy in or download again) in a real headless Chromium, on the fixture site,
in every language; and its worked example as the build writes it for the page without JavaScript.

The figures are the fixture's, stated here: Alpha Volume keeps 500 GB for 35 USD a month (0.07 USD a
GB-month, billed alike without a GPU) and reads at 200 MB/s (the lowest figure of "200–400 MB/s, up to
10 GB/s peak"); the planner's defaults are 10 runs a month of 4 hours, a GPU at 2 USD an hour and a
download from the internet at 50 MB/s, free. So a run waits 500 × 1000 / 200 s = 41.7 minutes to read
from the volume and 2.8 hours for the download: keeping costs 35 + 10 × 0.694 × 2 = 48.89 USD a month,
downloading 10 × 2.778 × 2 = 55.56 USD, and keeping pays off from 9 runs (35 + 1.389 n ≤ 5.556 n).
Alpha Buckets (EUR 5 a month and 0.02 EUR a GiB beyond 100 free GiB, at 1.2 USD a euro) holds it for
14.78 USD a month, copied in at 200 MB/s: 14.78 + 13.89 = 28.66 USD. Its euros make each figure they
are part of approximate in US dollars ("≈"), as the comparison marks a converted amount.
"""

from __future__ import annotations

import datetime as dt
from urllib.parse import parse_qs, urlparse

import pytest
from conftest import LANGUAGE_PREFIX, LANGUAGES, Build
from test_browser import _money, open_comparison, settled

from gpustorage import SiteBuild

pytestmark = pytest.mark.browser

KEEP, DOWNLOAD, COPY, STORE = 48.89, 55.56, 28.66, 14.78
RATES_DATE = dt.date(2026, 11, 2)  # the fixture's exchange rates' date, which a "≈" names


def open_planner(page, server: str, lang: str, query: str = "") -> None:
    page.goto(f"{server}/{LANGUAGE_PREFIX[lang]}planner/{query}")
    page.wait_for_selector("#planner-results:not([hidden])", state="attached")


def row_texts(page, offering_id: str) -> list[str]:
    return page.eval_on_selector_all(
        f"#planner-rows tr[data-id='{offering_id}'] > *", "cells => cells.map(c => c.textContent)"
    )


def way(page, row: str) -> list[str]:
    return page.eval_on_selector_all(
        f"#planner-ways tr[data-row={row}] td", "cells => cells.map(c => c.textContent)"
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_worked_example_in_numbers(page, server: str, fixture_build: SiteBuild, lang: str) -> None:
    t = fixture_build.views[lang].t
    open_planner(page, server, lang, "?pick=alpha-cloud:1")

    def per_month(amount: float, converted: str = "") -> str:
        return t("calc.per_month", amount=converted + _money(page, lang, amount))

    name, keep, wait, other, cheaper, even = row_texts(page, "alpha-cloud:1")
    assert name == "Alpha Cloud: Alpha Volume"
    assert keep == per_month(KEEP)
    assert wait == t("planner.minutes", value=t.decimal(41.7))
    assert other == per_month(DOWNLOAD)
    assert cheaper == t("planner.cheaper.keep")
    assert even == t("planner.break_even", count=9)
    # the three ways side by side, the verdict against the download
    assert way(page, "total") == [per_month(KEEP), per_month(COPY, "≈\xa0"), per_month(DOWNLOAD)]
    assert way(page, "storage") == [per_month(35), per_month(STORE, "≈\xa0"), per_month(0)]
    assert page.text_content("#planner-results .gs-legend") == "≈" + t(
        "legend.converted", date=t.date(RATES_DATE)
    )
    assert page.text_content("#planner-verdict") == t(
        "text.labelled", label=t("planner.col.break_even"), text=t("planner.break_even", count=9)
    )
    # the chart names itself and its figures stand in the table beside it, the break-even marked
    assert (
        page.get_attribute("#planner-chart svg", "aria-labelledby")
        == "planner-chart-title planner-chart-desc"
    )
    assert page.text_content("#planner-chart-title") == t("planner.chart.title")
    assert page.locator("#planner-chart polyline").count() == 3
    assert page.text_content(".gs-chart-even text") == t("planner.break_even", count=9)
    points = page.eval_on_selector_all(
        "#planner-points tbody tr", "rows => rows.map(r => [...r.children].map(c => c.textContent))"
    )
    nine = next(row for row in points if row[0] == "9")
    assert nine[1:] == [
        _money(page, lang, 47.5),
        "≈\xa0" + _money(page, lang, 14.78 + 12.5),
        _money(page, lang, 50),
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_without_javascript_holds_the_method_and_the_example(
    site: Build, fixture_build: SiteBuild, lang: str
) -> None:
    t = fixture_build.views[lang].t
    page = site.page(f"{LANGUAGE_PREFIX[lang]}planner/")
    text = page.select_one("article").get_text(" ")
    assert t("planner.noscript") in page.select_one("noscript").get_text()
    for figure in (
        t.money(35, "USD"),
        t.money(KEEP, "USD"),
        t.money(DOWNLOAD, "USD"),
        "≈\xa0" + t.money(COPY, "USD"),
    ):
        assert figure in text, figure
    assert "≈\xa0" + t.money(KEEP, "USD") not in text  # exact: priced in US dollars
    converted = t("legend.converted", date=t.date(RATES_DATE))
    assert page.select_one(".gs-planner-example .gs-legend").get_text() == "≈" + converted
    assert t("planner.break_even", count=9) in text
    assert "× 1000 ÷" in text  # the formulas
    assert page.select_one("#planner-form")["hidden"] == "" or page.select_one("#planner-form").has_attr(
        "hidden"
    )


def test_unknown_figures_stay_unknown_and_say_what_is_missing(
    page, server: str, fixture_build: SiteBuild
) -> None:
    t = fixture_build.views["de"].t
    open_planner(page, server, "de")
    cells = row_texts(page, "gamma-cloud:1")  # Gamma Files: idle billing and throughput unknown
    missing = t.join([t("column.billed_while_detached"), t("column.throughput")])
    assert cells[1] == t("planner.unknown", what=missing) + " " + t("planner.report")
    assert cells[4] == cells[5] == t("value.unknown")
    report = page.get_attribute("#planner-rows tr[data-id='gamma-cloud:1'] a.gs-planner-report", "href")
    assert report == "../providers/gamma-cloud/#report-1"
    assert "0" not in cells[1]
    # Gamma Home's price is included in its instance's: said so, not reported
    assert row_texts(page, "gamma-cloud:2")[1] == t("planner.missing.included")
    # object storage is the second way, not a row
    assert row_texts(page, "alpha-cloud:2") == []


def test_amounts_and_choices_live_in_the_url(page, server: str, fixture_build: SiteBuild) -> None:
    t = fixture_build.views["de"].t
    open_planner(page, server, "de")
    page.fill("input[name=gb]", "1.500")  # German: a group separator
    page.select_option("select[name=from]", "cloud")
    page.select_option("select[name=cur]", "EUR")
    page.fill("input[name=gpu]", "2,5")
    page.wait_for_function("location.search.includes('gpu=')")
    query = parse_qs(urlparse(page.url).query)
    assert query == {
        "gb": ["1500"],
        "gpu": ["2.5"],
        "from": ["cloud"],
        "cur": ["EUR"],
        "pick": ["alpha-cloud:1"],
    }
    assert page.text_content("#planner-gpu-label") == t("planner.gpu", currency="EUR")
    page.reload()
    page.wait_for_selector("#planner-results:not([hidden])", state="attached")
    assert page.input_value("input[name=gb]") == "1500"
    assert page.input_value("input[name=gpu]") == "2,5"
    assert page.input_value("select[name=from]") == "cloud"
    # 1,500 GB at 0.07 up to 1,000 GB and 0.05 beyond = 95 USD, shown in euros: converted
    assert page.text_content("#planner-ways tr[data-row=storage] td") == t(
        "calc.per_month", amount="≈\xa0" + _money(page, "de", 95 / 1.2, "EUR")
    )
    # the GPU's price typed in euros: its hours are exact in euros, not the total with US dollars in it
    # (10 runs, each waiting 1,500 GB ÷ 200 MB/s = 2.08 hours at 2.50 EUR)
    assert page.text_content("#planner-ways tr[data-row=waiting] td") == t(
        "calc.per_month", amount=_money(page, "de", 10 * 1500 * 1000 / 200 / 3600 * 2.5, "EUR")
    )
    assert page.text_content("#planner-ways tr[data-row=total] td").startswith("≈\xa0")
    # an amount out of range in a link is dropped, with the hint naming the limit
    open_planner(page, server, "de", "?runs=5000")
    assert page.input_value("input[name=runs]") == ""
    assert page.text_content("#planner-hint") != ""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_comparison_links_to_the_planner_with_its_filters_and_size(page, server: str, lang: str) -> None:
    open_comparison(page, server, lang, "?kind=block_volume&spot=no&gb=800&sort=price")
    settled(page)
    page.click("a.gs-planner-link")
    page.wait_for_selector("#planner-results:not([hidden])", state="attached")
    query = parse_qs(urlparse(page.url).query)
    assert query == {"kind": ["block_volume"], "spot": ["no"], "gb": ["800"]}
    assert urlparse(page.url).path == f"/{LANGUAGE_PREFIX[lang]}planner/"
    shown = page.eval_on_selector_all("#planner-rows tr", "rows => rows.map(r => r.dataset.id)")
    assert shown == ["beta-cloud:1"]
    assert page.input_value("input[name=gb]") == "800"
    assert page.is_visible("#planner-filtered")
    page.click("#planner-clear")
    page.wait_for_function("document.querySelectorAll('#planner-rows tr').length > 1")
    assert "gb=800" in page.url and "kind=" not in page.url


def test_the_guide_points_to_the_planner(site: Build) -> None:
    """Its sections on workflows and trade-offs, its checks on idle cost and egress, and the comparison
    (whose link the script fills with the view) lead to the planner of the same language."""
    for lang in LANGUAGES:
        prefix = LANGUAGE_PREFIX[lang]
        guide = site.page(prefix)
        article = guide.select_one("article")
        sections = article.select("p.gs-planner-link a[href='planner/']")
        checks = article.select("li > a.gs-check-link[href='planner/']")
        comparison = article.select("a.gs-planner-link[data-keep]")
        assert (len(sections), len(checks), len(comparison)) == (2, 2, 1), lang
        assert [a.find_parent("li") for a in checks] == [
            article.select("ol > li")[1],
            article.select("ol > li")[4],
        ]  # the checks on the price model and on egress
        href = comparison[0]["href"]
        assert href in ("planner/", f"../{prefix}planner/"), href
