"""The fixture site, built with `mkdocs build --strict`, read back as HTML."""

from __future__ import annotations

import datetime as dt
import json
from urllib.parse import parse_qs, urljoin, urlparse

import pytest
from bs4 import BeautifulSoup, Tag
from conftest import BUILD_DATE, LANGUAGE_PREFIX, LANGUAGES, ROOT, SITE_URL, Build

from gpustorage import SiteBuild
from gpustorage.inputs.settings import CONFIRMED_WITHIN_DAYS, STALE_AFTER_DAYS
from gpustorage.pages.messages import Strings

FIXTURE_PROVIDERS = ["alpha-cloud", "beta-cloud", "delta-cloud", "gamma-cloud"]


def strings(fixture_build: SiteBuild, lang: str) -> dict[str, str]:
    return fixture_build.dataset.strings[lang].ui


def test_strict_build_prints_no_warning(site: Build) -> None:
    assert "WARNING" not in site.output
    assert "Traceback" not in site.output


@pytest.mark.parametrize("lang", LANGUAGES)
def test_guide_has_the_comparison_above_the_prose(site: Build, lang: str) -> None:
    page = site.page(LANGUAGE_PREFIX[lang])
    table = page.select_one("table#comparison")
    assert [body["data-provider"] for body in table.select("tbody")] == FIXTURE_PROVIDERS
    assert table.sourceline < page.select("article h2")[0].sourceline
    assert len(table.select("tbody tr.gs-offering")) == 6
    assert len(table.select("tbody tr.gs-no-storage")) == 1


@pytest.mark.parametrize("lang", LANGUAGES)
def test_comparison_headers_are_localized(site: Build, fixture_build: SiteBuild, lang: str) -> None:
    ui = strings(fixture_build, lang)
    heads = site.page(LANGUAGE_PREFIX[lang]).select("#comparison thead th")
    # a short label shown; the full name read by screen readers and shown as a tooltip
    assert [th["title"] for th in heads] == [th.select_one(".gs-sr").get_text() for th in heads]
    assert heads[0]["title"] == ui["column.product"]
    assert heads[0].select_one("[aria-hidden=true]").get_text() == ui["column_short.product"]
    assert {ui["column.price"], ui["column.egress"]} <= {th["title"] for th in heads}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_coverage_row_counts_known_values_per_column(
    site: Build, fixture_build: SiteBuild, lang: str
) -> None:
    ui = strings(fixture_build, lang)
    row = site.page(LANGUAGE_PREFIX[lang]).select_one("#comparison tfoot tr.gs-coverage")
    cells = {td["data-column"]: td.get_text(strip=True) for td in row.select("td[data-column]")}
    # prices: Alpha x3, Beta, Gamma Files, and Gamma Home's, included in its instances
    assert cells["price"] == ui["coverage.cell"].format(known=6, total=6)
    assert cells["snapshots"] == ui["coverage.cell"].format(known=2, total=6)
    data = " ".join(
        site.page(f"{LANGUAGE_PREFIX[lang]}data/").select_one(".gs-coverage-list").get_text(" ").split()
    )
    expected = fixture_build.views[lang].t("coverage.item", column=ui["column.price"], known=6, count=6)
    assert " ".join(expected.split()) in data


@pytest.mark.parametrize("lang", LANGUAGES)
def test_one_evidence_mark_per_row_and_the_doubts_in_its_details(
    site: Build, fixture_build: SiteBuild, lang: str
) -> None:
    """Issue #19: a row shows one mark (its oldest source date and a symbol per doubt, read as words),
    no badge per value; its details (the provider page's block, issue #30) mark each value and give
    each source's own date."""
    ui = strings(fixture_build, lang)
    t = fixture_build.views[lang].t
    page = site.page(LANGUAGE_PREFIX[lang])
    rows = page.select("#comparison tr.gs-offering")
    assert not page.select(
        "#comparison tr.gs-offering .gs-stale-badge, #comparison tr.gs-offering .gs-undated-badge"
    )
    assert all(len(row.select(".gs-evidence")) == 1 for row in rows)
    beta = page.select_one("tbody[data-provider=beta-cloud] tr.gs-offering")
    beta_mark = beta.select_one(".gs-evidence .gs-doubts")
    assert beta_mark.select_one(".gs-sr").get_text() == t.join(
        [ui["stale.badge"], ui["undated.some"], ui["provenance.third_party"]]
    )
    assert beta_mark["data-symbol"] == "⚠∗†"  # drawn by the style sheet, read as its words
    facts = site.details(LANGUAGE_PREFIX[lang], "beta-cloud", 1)
    snapshots = facts.select_one("tr[data-column=snapshots]")
    assert snapshots.select_one(".gs-stale-badge").get_text() == ui["stale.badge"]
    max_size = facts.select_one("tr[data-column=max_size]")
    assert max_size.select_one(".gs-undated-badge") and max_size.select_one(".gs-third-party")
    assert not facts.select("tr[data-column=price] :is(.gs-stale-badge, .gs-undated-badge, .gs-third-party)")
    gamma = page.select_one("tbody[data-provider=gamma-cloud] tr.gs-offering")
    assert gamma.select_one(".gs-evidence").get_text(strip=True) == ui["undated.badge"]
    alpha = page.select_one("tbody[data-provider=alpha-cloud] tr.gs-offering")
    evidence = alpha.select_one(".gs-evidence")
    assert evidence["data-sort"] == "2026-09-01"
    assert evidence.get_text(strip=True) == t.date(dt.date(2026, 9, 1))
    assert alpha.select_one(".gs-doubts") is None
    sources = site.details(LANGUAGE_PREFIX[lang], "alpha-cloud", 1).select("ol.gs-sources > li")
    assert [li.a["href"] for li in sources] == [
        "https://alpha.example.com/docs/volumes",
        "https://alpha.example.com/docs/spot",
    ]
    assert dates(t, "2026-10-01", "2026-11-20") in sources[0].get_text()
    delta = page.select_one("tbody[data-provider=delta-cloud] tr.gs-no-storage")
    assert delta.select_one(".gs-stale-badge") is not None  # the claim rests on a source of 2025-01
    # the legend stands above the table and names every symbol
    legend = page.select_one("ul.gs-legend")
    assert legend.find_next("table")["id"] == "comparison"
    assert ui["stale.badge"] in legend.get_text() and ui["answer.partial"] in legend.get_text()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_idle_price_regions_and_pooled_allowance_are_worded(
    site: Build, fixture_build: SiteBuild, lang: str
) -> None:
    ui = strings(fixture_build, lang)
    beta = site.details(LANGUAGE_PREFIX[lang], "beta-cloud", 1)
    idle_prefix = ui["price.idle"].split("{price}")[0]
    assert idle_prefix in beta.select_one("tr[data-column=price] td").get_text()
    assert ui["egress.pooled"] in beta.select_one("tr[data-column=egress] td").get_text()
    provider = site.page(f"{LANGUAGE_PREFIX[lang]}providers/alpha-cloud/")
    regions = fixture_build.views[lang].t.join(["AL-1", "AL-2", "AL-3"])
    assert provider.select_one("tr[data-column=regions] td").get_text(strip=True) == regions


# Beta Disk's regions in the fixture: names that are words, given in each language
BETA_REGIONS = {
    "de": ["Nordküste", "Südküste"],
    "zh": ["北海岸", "南海岸"],
    "ro": ["Coasta de Nord", "Coasta de Sud"],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_region_names_given_per_language_show_in_the_pages_language(
    site: Build, fixture_build: SiteBuild, lang: str
) -> None:
    """Issue #29: region names that are words of a language (not codes) are the dataset's own voice:
    each page lists them in its language, in the row's details and on the provider page."""
    ui, t = strings(fixture_build, lang), fixture_build.views[lang].t
    beta = site.details(LANGUAGE_PREFIX[lang], "beta-cloud", 1)
    assert t.join(BETA_REGIONS[lang]) in beta.select_one("tr[data-column=regions] td").get_text()
    assert ui["column.regions"] == beta.select_one("tr[data-column=regions] th").get_text()
    provider = site.page(f"{LANGUAGE_PREFIX[lang]}providers/beta-cloud/")
    regions = provider.select_one("tr[data-column=regions] td .gs-value").get_text()
    assert regions == t.join(BETA_REGIONS[lang])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_provider_pages_show_every_offering_source_and_date(site: Build, lang: str) -> None:
    page = site.page(f"{LANGUAGE_PREFIX[lang]}providers/alpha-cloud/")
    assert page.html["lang"] == lang
    assert page.select_one("article h1").get_text(strip=True) == "Alpha Cloud"
    offerings = page.select("article h2:not(#history)")
    assert [h2.get_text(strip=True) for h2 in offerings] == ["Alpha Volume", "Alpha Buckets", "Alpha Scratch"]
    assert page.select("article h2")[-1]["id"] == "history"  # the history closes the page
    assert {a["href"] for a in page.select("ol.gs-sources a")} >= {
        "https://alpha.example.com/docs/volumes",
        "https://alpha.example.com/docs/spot",
        "https://alpha.example.com/pricing",
    }
    first = page.select_one("table.gs-facts")
    # the oldest dated fact, then when the values were read (not recorded for the spot page)
    assert first.select_one("tr:nth-last-child(2) time")["datetime"] == "2026-09-01"
    spot = first.select_one("tr[data-column=spot_usable]")
    assert [a["href"] for a in spot.select("td:nth-of-type(2) a")] == ["#source-1-2"]
    report = spot.select_one("a.gs-report")["href"]
    assert "field=spot_usable" in report and "current=spot+usable%3A+yes" in report
    assert page.select_one("#source-1-2 a")["href"] == "https://alpha.example.com/docs/spot"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_sourced_price_without_a_price_page_says_nothing_of_one(
    site: Build, fixture_build: SiteBuild, lang: str
) -> None:
    """Issue #29: 'price page not in the data' under a price with sources read as if the price had
    none. No fixture price lacks a source now (test_real_data checks that the words stand under an
    unknown price); a price page in the data is linked (Alpha's)."""
    missing = strings(fixture_build, lang)["price.page_missing"]
    gamma = site.page(f"{LANGUAGE_PREFIX[lang]}providers/gamma-cloud/")
    files, home = (table.select("tr[data-column=price] td") for table in gamma.select("table.gs-facts"))
    assert [a.get_text() for a in files[1].select("a")] == ["[1]"]  # Gamma Files' price has a source
    assert [a.get_text() for a in home[1].select("a")] == ["[1]"]  # Gamma Home's: included, sourced
    assert missing not in files[0].get_text() and missing not in home[0].get_text()
    alpha = site.page(f"{LANGUAGE_PREFIX[lang]}providers/alpha-cloud/")
    price = alpha.select_one("tr[data-column=price] td")
    assert price.select_one("small a")["href"] == "https://alpha.example.com/pricing"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("path", ["", "providers/", "providers/alpha-cloud/", "data/"])
def test_a_pages_browser_title_names_the_page_then_the_site(
    site: Build, fixture_build: SiteBuild, lang: str, path: str
) -> None:
    """Issue #29: every page's title, the German home page's too, is 'page - site' (a browser's tab
    and a bookmark show which page it is)."""
    page = site.page(f"{LANGUAGE_PREFIX[lang]}{path}")
    heading = page.select_one("article h1").get_text(strip=True)
    assert page.title.get_text() == f"{heading} - {strings(fixture_build, lang)['site.name']}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_html_lang_and_404_per_language(site: Build, lang: str) -> None:
    for path in (LANGUAGE_PREFIX[lang], f"{LANGUAGE_PREFIX[lang]}providers/"):
        assert site.page(path).html["lang"] == lang
    not_found = site.page(f"{LANGUAGE_PREFIX[lang]}404.html")
    assert not_found.html["lang"] == lang
    menu = {a["hreflang"]: a["href"] for a in not_found.select("a.md-select__link[hreflang]")}
    assert menu == {other: f"/{LANGUAGE_PREFIX[other]}" for other in LANGUAGES}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("path", ["", "providers/", "providers/alpha-cloud/"])
def test_language_switcher_links_to_the_same_page(site: Build, lang: str, path: str) -> None:
    here = f"/{LANGUAGE_PREFIX[lang]}{path}"
    links = site.page(here.lstrip("/")).select("a.md-select__link[hreflang]")
    targets = {a["hreflang"]: urljoin(here, a["href"]) for a in links}
    assert targets == {other: f"/{LANGUAGE_PREFIX[other]}{path}" for other in LANGUAGES}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_faq_json_ld_matches_the_visible_faq(site: Build, fixture_build: SiteBuild, lang: str) -> None:
    page = site.page(LANGUAGE_PREFIX[lang])
    blocks = [json.loads(s.string) for s in page.select('script[type="application/ld+json"]')]
    faq = next(block for block in blocks if block["@type"] == "FAQPage")
    assert faq["inLanguage"] == lang
    expected = fixture_build.views[lang].faq
    assert [(e["name"], e["acceptedAnswer"]["text"]) for e in faq["mainEntity"]] == expected
    faq_heading = page.find("h2", string=strings(fixture_build, lang)["faq.title"])
    visible = [h3.get_text(strip=True) for h3 in faq_heading.find_all_next("h3")]
    assert visible == [question for question, _ in expected]


def _requested_urls(html: BeautifulSoup) -> list[str]:
    """Every URL the browser would fetch by itself: scripts, styles, images, frames, icons."""
    urls = [
        tag["src"]
        for tag in html.find_all(["script", "img", "iframe", "source", "audio", "video", "embed"])
        if tag.get("src")
    ]
    urls += [
        tag["href"]
        for tag in html.find_all("link", href=True)
        if not {"alternate", "canonical"} & set(tag.get("rel", []))
    ]
    return urls


def test_no_page_loads_anything_from_a_third_party_host(site: Build) -> None:
    pages = sorted(site.site.rglob("*.html"))
    assert len(pages) >= 3 * (len(FIXTURE_PROVIDERS) + 4)
    for html_file in pages:
        for url in _requested_urls(BeautifulSoup(html_file.read_text(encoding="utf-8"), "html.parser")):
            assert urlparse(url).netloc in ("", urlparse(SITE_URL).netloc), f"{html_file}: loads {url}"
    for text_file in [*site.site.rglob("*.html"), *site.site.rglob("*.css")]:
        text = text_file.read_text(encoding="utf-8", errors="replace")
        for host in ("fonts.googleapis.com", "fonts.gstatic.com", "unpkg.com", "cdn.jsdelivr.net"):
            assert host not in text, f"{text_file} mentions {host}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_unknown_values_are_worded_never_blank(site: Build, fixture_build: SiteBuild, lang: str) -> None:
    unknown_word = strings(fixture_build, lang)["value.unknown"]
    cells = site.page(LANGUAGE_PREFIX[lang]).select("#comparison tr.gs-offering .gs-unknown")
    assert len(cells) == 6 * 9 - sum(
        fixture_build.coverage.known[c]
        for c in (
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
    )
    # shown as "?", read as the word
    assert all(cell.select_one(".gs-sr").get_text(strip=True) == unknown_word for cell in cells)
    # its sign, "?", is drawn by the style sheet: the text holds the word only
    assert all("gs-token" in cell["class"] and cell.get_text() == unknown_word for cell in cells)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_data_page_documents_endpoints_that_exist(site: Build, fixture_build: SiteBuild, lang: str) -> None:
    here = f"/{LANGUAGE_PREFIX[lang]}data/"
    page = site.page(here.lstrip("/"))
    links = [urljoin(here, a["href"]) for a in page.select(".gs-endpoints a")]
    assert len(links) == 6
    for link in links:
        assert (site.site / link.lstrip("/")).is_file(), link
    coverage = fixture_build.coverage
    text = page.select_one("article").get_text(" ")
    assert str(coverage.known_cells) in text and str(coverage.cells - coverage.known_cells) in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_row_leads_to_its_prefilled_wrong_value_report(
    site: Build, fixture_build: SiteBuild, lang: str
) -> None:
    """A row's details (its name's link; the script opens them in place) end in its offering's report
    line, whose link fills in the issue form with the provider, the offering and every value shown. The
    row itself carries no report link (issue #30: a row holds what a reader compares)."""
    rows = site.page(LANGUAGE_PREFIX[lang]).select("#comparison tr.gs-offering")
    assert len(rows) == 6
    for row in rows:
        assert row.select("a.gs-report") == []
        number = int(row.select_one("a.gs-disclose")["href"].rpartition("#offering-")[2])
        details = site.details(LANGUAGE_PREFIX[lang], row["data-provider"], number)
        link = urlparse(details.select_one("p.gs-report-line a.gs-report")["href"])
        assert link.path.endswith("/issues/new")
        query = parse_qs(link.query)
        assert query["template"] == ["wrong-value.yml"]
        assert query["provider"] == [row["data-provider"]]
        offerings = fixture_build.dataset.providers[row["data-provider"]].offerings
        product = product_of(row)
        assert query["offering"] == [product] and product in {o.product for o in offerings}
        assert strings(fixture_build, lang)["column.price"] in query["current"][0]
    form = (ROOT / ".github" / "ISSUE_TEMPLATE" / "wrong-value.yml").read_text(encoding="utf-8")
    for field in ("provider", "offering", "field", "current", "source"):
        assert f"id: {field}" in form


def test_llms_txt_and_a_markdown_twin_of_every_provider_page(site: Build, fixture_build: SiteBuild) -> None:
    llms = (site.site / "llms.txt").read_text(encoding="utf-8")
    for lang, view in fixture_build.views.items():
        for provider in view.providers:
            twin = site.site / LANGUAGE_PREFIX[lang] / "providers" / provider.id / "index.md"
            assert twin.read_text(encoding="utf-8").startswith(f"# {provider.name}\n")
            assert f"{SITE_URL}{LANGUAGE_PREFIX[lang]}providers/{provider.id}/index.md" in llms


def product_of(row: Tag) -> str:
    """An offering's name as its comparison row shows it after its provider's: the link to its details."""
    return row.select_one("a.gs-disclose").get_text()


def dates(t: Strings, source_date: str | None, checked: str | None) -> str:
    """A source's two dates as the page must name them: "Source date: … · Checked: …"."""
    shown = t.date(dt.date.fromisoformat(source_date)) if source_date else t("undated.badge")
    read = t.date(dt.date.fromisoformat(checked)) if checked else t("date.not_recorded")
    return (
        f"{t('text.labelled', label=t('date.source'), text=shown)} · "
        f"{t('text.labelled', label=t('date.checked'), text=read)}"
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_source_date_and_a_checked_date_are_two_named_dates(
    site: Build, fixture_build: SiteBuild, lang: str
) -> None:
    """Issue #19: the date a source shows and the day a contributor read it are never one date: row
    details and provider pages name both (an undated source's `seen` is its checked date); stale is
    judged on the source date and says so."""
    t = fixture_build.views[lang].t
    details = {
        provider: site.details(LANGUAGE_PREFIX[lang], provider, 1).select_one("ol.gs-sources").get_text(" ")
        for provider in ("alpha-cloud", "gamma-cloud")
    }
    assert dates(t, "2026-10-01", "2026-11-20") in details["alpha-cloud"]
    assert dates(t, "2026-09-01", None) in details["alpha-cloud"]
    assert dates(t, None, "2026-11-30") in details["gamma-cloud"]
    assert str(STALE_AFTER_DAYS) in t("stale.title", days=STALE_AFTER_DAYS)
    assert t("date.source") in t("stale.title", days=STALE_AFTER_DAYS)
    provider = site.page(f"{LANGUAGE_PREFIX[lang]}providers/alpha-cloud/")
    sources = provider.select("#sources-1 li")
    assert dates(t, "2026-10-01", "2026-11-20") in sources[0].get_text()
    assert dates(t, "2026-09-01", None) in sources[1].get_text()
    rows = {tr.th.get_text(): tr.td for tr in provider.select("table.gs-facts")[0].select("tr")}
    assert rows[t("evidence.column")].time["datetime"] == "2026-09-01"
    assert rows[t("column.checked")].get_text() == t("date.not_recorded")
    gamma = site.page(f"{LANGUAGE_PREFIX[lang]}providers/gamma-cloud/")
    gamma_rows = {tr.th.get_text(): tr.td for tr in gamma.select("table.gs-facts")[0].select("tr")}
    assert gamma_rows[t("column.checked")].time["datetime"] == "2026-11-30"
    assert gamma_rows[t("evidence.column")].select_one(".gs-undated-badge") is not None


# Alpha Scratch's example_of in the fixture, in each language
EXAMPLE_OF = {"de": "Region AL-1", "zh": "AL-1 区域", "ro": "regiunea AL-1"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_date_beside_the_undated_mark_says_what_it_is(
    site: Build, fixture_build: SiteBuild, lang: str
) -> None:
    """Issue #29: Beta Disk's values rest on a stale blog of 2024-01-10 and, for two of them, on an
    undated page. Beside that date the undated mark reads "some values undated" (not "undated", which
    the date would contradict), and the comparison's mark names the date as the oldest source date of
    the values; a row whose values are all undated still reads "undated"."""
    ui, t = strings(fixture_build, lang), fixture_build.views[lang].t
    date = t.date(dt.date(2024, 1, 10))
    doubts = t.join([ui["stale.badge"], ui["undated.some"], ui["provenance.third_party"]])
    page = site.page(LANGUAGE_PREFIX[lang])
    mark = page.select_one("tbody[data-provider=beta-cloud] tr.gs-offering .gs-evidence")
    assert mark.get_text().startswith(date)
    assert mark["title"] == t("evidence.title", date=date, doubts=doubts)
    assert mark.select_one(".gs-doubts .gs-sr").get_text() == doubts
    gamma = page.select_one("tbody[data-provider=gamma-cloud] tr.gs-offering .gs-evidence")
    assert (gamma.get_text(), gamma.get("title")) == (ui["undated.badge"], None)
    provider = site.page(f"{LANGUAGE_PREFIX[lang]}providers/beta-cloud/")
    rows = {tr.th.get_text(): tr.td for tr in provider.select("table.gs-facts")[0].select("tr")}
    shown = rows[ui["evidence.column"]]
    assert shown.time.get_text() == date
    undated = shown.select_one(".gs-undated-badge")
    assert (undated.get_text(), undated["title"]) == (ui["undated.some"], ui["undated.some_title"])
    assert undated.find_previous_sibling(class_="gs-stale-badge").get_text() == ui["stale.badge"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_example_price_is_marked_and_says_what_it_is_an_example_of(
    site: Build, fixture_build: SiteBuild, lang: str
) -> None:
    """Issue #20: Alpha Scratch's price is one region's figure (AL-1). Its cell carries the example mark,
    read as its word and explained in the legend; its details and its provider page name the region;
    list prices carry no mark."""
    ui, t = strings(fixture_build, lang), fixture_build.views[lang].t
    page = site.page(LANGUAGE_PREFIX[lang])
    rows = {product_of(row): row for row in page.select("#comparison tr.gs-offering")}
    mark = rows["Alpha Scratch"].select_one("td[data-column=price] .gs-example")
    assert mark is not None and mark.select_one(".gs-sr").get_text() == ui["price.example"]
    assert mark["title"] == ui["price.example_title"]
    assert rows["Alpha Scratch"]["data-price-basis"] == "example"
    assert rows["Beta Disk"]["data-price-basis"] == "list"
    assert not any(rows[p].select(".gs-example") for p in ("Alpha Volume", "Alpha Buckets", "Beta Disk"))
    legend = [li.get_text() for li in page.select(".gs-legend li")]
    assert "◇" + ui["price.example"] in legend
    # what the example is for, in the page's own words and marked with its language (issue #29)
    case = EXAMPLE_OF[lang]
    provider = site.page(f"{LANGUAGE_PREFIX[lang]}providers/alpha-cloud/")
    price_rows = provider.select("table.gs-facts tr[data-column=price]")
    assert [row.select_one(".gs-example-of") is not None for row in price_rows] == [False, False, True]
    line = price_rows[2].select_one(".gs-example-of")
    assert line.get_text() == t("price.example_of", case=case)
    assert line.select_one(".gs-data-text")["lang"] == lang


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_binding_that_varies_by_plan_names_its_plans(
    site: Build, fixture_build: SiteBuild, lang: str
) -> None:
    """Issue #20: Alpha Scratch is bound to a zone on its Standard plan and to a region on Metro. The
    table says "varies by plan" and filters it under the binding filter; the details and the provider
    page name each plan's binding."""
    ui, t = strings(fixture_build, lang), fixture_build.views[lang].t
    page = site.page(LANGUAGE_PREFIX[lang])
    row = next(r for r in page.select("#comparison tr.gs-offering") if product_of(r) == "Alpha Scratch")
    assert row["data-region"] == "varies"
    assert row.select_one("td[data-column=region_binding]").get_text() == ui["binding_short.varies"]
    choice = page.select_one("input[name=region][value=varies]")
    assert choice is not None and ui["binding_short.varies"] in choice.parent.get_text()
    plans = [
        t("text.labelled", label="Standard", text=ui["region.zone"]),
        t("text.labelled", label="Metro", text=ui["region.region"]),
    ]
    provider = site.page(f"{LANGUAGE_PREFIX[lang]}providers/alpha-cloud/")
    binding = provider.select("table.gs-facts tr[data-column=region_binding]")[2]
    assert binding.select_one(".gs-value").get_text() == ui["region.varies"]
    assert binding.select_one(".gs-plans").get_text() == " · ".join(plans)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_data_page_and_provider_pages_show_freshness(
    site: Build, fixture_build: SiteBuild, lang: str
) -> None:
    """Issue #20: the data page has a row per provider (linking its page) with its values confirmed
    lately, those resting only on undated or third-party sources, and its oldest source's date; each
    provider page says the same in a line after its sources."""
    ui, t = strings(fixture_build, lang), fixture_build.views[lang].t
    here = f"{LANGUAGE_PREFIX[lang]}data/"
    table = site.page(here).select_one("table.gs-freshness-table")
    rows = {row["data-provider"]: row for row in table.select("tbody tr")}
    assert list(rows) == FIXTURE_PROVIDERS
    for provider_id, row in rows.items():
        link = row.select_one("th a")["href"]
        assert urljoin(f"/{here}", link) == f"/{LANGUAGE_PREFIX[lang]}providers/{provider_id}/"
    cells = [td.get_text() for td in rows["alpha-cloud"].select("td")]
    assert cells[:2] == [ui["coverage.cell"].format(known=8, total=17), "0"]
    assert rows["alpha-cloud"].select_one("time")["datetime"] == "2026-09-01"
    assert [td.get_text() for td in rows["gamma-cloud"].select("td")][1:] == ["4", ui["freshness.no_date"]]
    page = site.page(f"{LANGUAGE_PREFIX[lang]}providers/beta-cloud/")
    line = page.select_one("p.gs-freshness")
    assert line.select_one("strong").get_text() == ui["freshness.title"]
    assert ui["coverage.cell"].format(known=2, total=10) in line.get_text()
    assert line.select_one("time")["datetime"] == "2024-01-10"
    assert line.sourceline > page.select("ol.gs-sources")[-1].sourceline  # after its sources
    assert t("freshness.confirmed", days=t("data.days", count=90)) in line.get_text()


def shown_checked_day(source: str, t: Strings) -> dt.date | None:
    """The day a source's line on a provider page names as its check ("Geprüft: 20.11.2026"); None
    where it reads "not recorded"."""
    label = t("text.labelled", label=t("date.checked"), text="")
    shown = next(part[len(label) :] for part in source.split(" · ") if part.startswith(label))
    if shown == t("date.not_recorded"):
        return None
    days = (BUILD_DATE - dt.timedelta(days=n) for n in range(1000))
    return next(day for day in days if t.date(day) == shown)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_value_counts_as_confirmed_where_its_sources_show_a_check_within_the_window(
    site: Build, fixture_build: SiteBuild, lang: str
) -> None:
    """Issue #29: one account of checking. On each provider's page, a known value counts as confirmed
    lately when one of the sources it links shows a check at most CONFIRMED_WITHIN_DAYS before the
    build; its freshness line and the data page's row give that count. An undated page's check is the
    day it was read (Gamma's: 4 values; Beta's third party: 2); Beta's 2024 blog shows a check too old
    to count; a source without one reads "not recorded"."""
    t = fixture_build.views[lang].t
    data_page = site.page(f"{LANGUAGE_PREFIX[lang]}data/").select_one("table.gs-freshness-table")
    shown: dict[str, str] = {}
    for provider_id in ("alpha-cloud", "beta-cloud", "gamma-cloud"):
        page = site.page(f"{LANGUAGE_PREFIX[lang]}providers/{provider_id}/")
        checked = {
            item["id"]: shown_checked_day(item.get_text(), t) for item in page.select("ol.gs-sources li")
        }
        confirmed = known = 0
        for row in page.select("table.gs-facts tr[data-column]"):
            if row.select_one(".gs-value.gs-unknown") is not None:
                continue
            days = [checked[link["href"].removeprefix("#")] for link in row.select("a.gs-source-ref")]
            known += 1
            confirmed += any(day and (BUILD_DATE - day).days <= CONFIRMED_WITHIN_DAYS for day in days)
        shown[provider_id] = t("coverage.cell", known=confirmed, total=known)
        assert shown[provider_id] in page.select_one("p.gs-freshness").get_text()
        row = data_page.select_one(f'tr[data-provider="{provider_id}"]')
        assert row.select("td")[0].get_text() == shown[provider_id]
    assert shown["gamma-cloud"] == t("coverage.cell", known=4, total=4)
    assert shown["beta-cloud"] == t("coverage.cell", known=2, total=10)
    beta = site.page(f"{LANGUAGE_PREFIX[lang]}providers/beta-cloud/").select("ol.gs-sources li")
    checks = [None, dt.date(2026, 11, 20), dt.date(2026, 6, 1)]
    assert [shown_checked_day(item.get_text(), t) for item in beta] == checks
