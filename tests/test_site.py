"""The real site, built with `mkdocs build --strict`, read back as HTML."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urljoin, urlparse

import pytest
from conftest import BUILD_DATE, LANGUAGE_PREFIX, LANGUAGES, ROOT, SITE_URL, Build

from gpustorage.transform import site_view
from gpustorage.validate import load_dataset

DATASET = load_dataset(ROOT, LANGUAGES)
VIEWS = {lang: site_view(DATASET, lang, BUILD_DATE, "https://example.org/repo") for lang in LANGUAGES}
PROVIDERS = sorted(DATASET.providers)


def test_strict_build_prints_no_warning(site: Build) -> None:
    assert "WARNING" not in site.output
    assert "Traceback" not in site.output


@pytest.mark.parametrize("lang", LANGUAGES)
def test_guide_has_the_comparison_above_the_prose(site: Build, lang: str) -> None:
    page = site.page(LANGUAGE_PREFIX[lang])
    table = page.select_one("table#comparison")
    assert table is not None
    assert [body["data-provider"] for body in table.select("tbody")] == PROVIDERS
    first_guide_heading = page.select("article h2")[0]
    assert table.sourceline < first_guide_heading.sourceline
    offerings = sum(len(p.offerings) or 1 for p in DATASET.providers.values())
    assert len(table.select("tbody tr:not(.gs-provider)")) == offerings
    for cell in table.select("tbody td"):
        assert cell.get_text(strip=True), f"empty cell in {lang}: {cell}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_guide_text_is_carried_in_full(site: Build, lang: str) -> None:
    seed = (ROOT / "tests" / "fixtures" / "seeds" / f"guide.{lang}.txt").read_text(encoding="utf-8")
    text = " ".join(site.page(LANGUAGE_PREFIX[lang]).select_one("article").get_text(" ").split())
    for line in seed.splitlines():
        line = re.sub(r"^(•|[0-9]+\.)\s*", "", line.strip())
        if line:
            assert line in text, f"{lang}: missing {line[:60]!r}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_comparison_headers_are_localized(site: Build, lang: str) -> None:
    ui = DATASET.strings[lang].ui
    headers = [
        th.get_text(strip=True) for th in site.page(LANGUAGE_PREFIX[lang]).select("#comparison thead th")
    ]
    assert headers[0] == ui["column.product"]
    assert ui["column.price"] in headers and ui["column.egress"] in headers


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("provider_id", PROVIDERS)
def test_every_provider_page_exists_in_every_language(site: Build, lang: str, provider_id: str) -> None:
    page = site.page(f"{LANGUAGE_PREFIX[lang]}providers/{provider_id}/")
    provider = DATASET.providers[provider_id]
    assert page.select_one("article h1").get_text(strip=True) == provider.name
    assert page.html["lang"] == lang
    facts = page.select("table.gs-facts")
    assert len(facts) == len(provider.offerings)
    source_links = {a["href"] for a in page.select("ol.gs-sources a")}
    sources = [s for o in provider.offerings for s in o.sources] + list(provider.no_persistent_storage or [])
    assert sources and {source.url for source in sources} <= source_links
    dates_shown = len(page.select("table.gs-facts time[datetime]"))
    assert dates_shown == len(provider.offerings)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_html_lang_and_404_per_language(site: Build, lang: str) -> None:
    for path in (LANGUAGE_PREFIX[lang], f"{LANGUAGE_PREFIX[lang]}providers/"):
        assert site.page(path).html["lang"] == lang
    not_found = site.page(f"{LANGUAGE_PREFIX[lang]}404.html")
    assert not_found.html["lang"] == lang
    menu = {a["hreflang"]: a["href"] for a in not_found.select("a.md-select__link[hreflang]")}
    assert menu == {other: f"/{LANGUAGE_PREFIX[other]}" for other in LANGUAGES}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("path", ["", "providers/", "providers/runpod/"])
def test_language_switcher_links_to_the_same_page(site: Build, lang: str, path: str) -> None:
    here = f"/{LANGUAGE_PREFIX[lang]}{path}"
    links = site.page(here.lstrip("/")).select("a.md-select__link[hreflang]")
    targets = {a["hreflang"]: urljoin(here, a["href"]) for a in links}
    assert targets == {other: f"/{LANGUAGE_PREFIX[other]}{path}" for other in LANGUAGES}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_faq_json_ld_matches_the_visible_faq(site: Build, lang: str) -> None:
    page = site.page(LANGUAGE_PREFIX[lang])
    blocks = [json.loads(s.string) for s in page.select('script[type="application/ld+json"]')]
    faq = next(block for block in blocks if block["@type"] == "FAQPage")
    assert faq["inLanguage"] == lang
    expected = VIEWS[lang].faq
    assert [(e["name"], e["acceptedAnswer"]["text"]) for e in faq["mainEntity"]] == expected
    faq_heading = page.find("h2", string=DATASET.strings[lang].ui["faq.title"])
    visible = [h3.get_text(strip=True) for h3 in faq_heading.find_all_next("h3")]
    assert visible == [question for question, _ in expected]
    assert len(expected) >= len(DATASET.strings[lang].faq) + 4


def _requested_urls(html_file: Path, site_root: Path) -> list[str]:
    """Every URL the browser would fetch by itself: scripts, styles, images, frames, icons."""
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(html_file.read_text(encoding="utf-8"), "html.parser")
    urls = []
    for tag in soup.find_all(["script", "img", "iframe", "source", "audio", "video", "embed"]):
        if tag.get("src"):
            urls.append(tag["src"])
    for tag in soup.find_all("link", href=True):
        if not {"alternate", "canonical"} & set(tag.get("rel", [])):
            urls.append(tag["href"])
    return urls


def test_no_page_loads_anything_from_a_third_party_host(site: Build) -> None:
    pages = sorted(site.site.rglob("*.html"))
    assert len(pages) >= 3 * (len(PROVIDERS) + 2)
    for html_file in pages:
        for url in _requested_urls(html_file, site.site):
            host = urlparse(url).netloc
            assert host in ("", urlparse(SITE_URL).netloc), f"{html_file}: loads {url}"
    for text_file in [*site.site.rglob("*.html"), *site.site.rglob("*.css")]:
        text = text_file.read_text(encoding="utf-8", errors="replace")
        for host in ("fonts.googleapis.com", "fonts.gstatic.com", "unpkg.com", "cdn.jsdelivr.net"):
            assert host not in text, f"{text_file} mentions {host}"


def test_sitemap_lists_every_provider_page_with_its_alternates(site: Build) -> None:
    sitemap = (site.site / "sitemap.xml").read_text(encoding="utf-8")
    for provider_id in PROVIDERS:
        for lang in LANGUAGES:
            url = f"{SITE_URL}{LANGUAGE_PREFIX[lang]}providers/{provider_id}/"
            assert f"<loc>{url}</loc>" in sitemap
            assert f'hreflang="{lang}" href="{url}"' in sitemap


def test_unknown_values_are_worded_never_blank(site: Build) -> None:
    for lang in LANGUAGES:
        unknown_word = DATASET.strings[lang].ui["value.unknown"]
        cells = site.page(LANGUAGE_PREFIX[lang]).select("#comparison .gs-unknown")
        assert cells and all(cell.get_text(strip=True) == unknown_word for cell in cells)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_stale_values_are_marked_in_every_language(site: Build, lang: str) -> None:
    page = site.page(LANGUAGE_PREFIX[lang])
    stale_cells = page.select("#comparison td .gs-stale")
    assert len(stale_cells) == VIEWS[lang].fact_counts["stale"] > 0
    badge = DATASET.strings[lang].ui["stale.badge"]
    for value in stale_cells:
        assert value.find_next_sibling(class_="gs-stale-badge").get_text() == badge


@pytest.mark.parametrize("lang", LANGUAGES)
def test_provider_pages_link_to_their_data_file(site: Build, lang: str) -> None:
    for provider_id in PROVIDERS:
        page = site.page(f"{LANGUAGE_PREFIX[lang]}providers/{provider_id}/")
        edit = page.select_one("a.gs-edit")
        assert edit["href"].endswith(f"/edit/main/data/providers/{provider_id}.yaml")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_data_page_documents_endpoints_that_exist(site: Build, lang: str) -> None:
    here = f"/{LANGUAGE_PREFIX[lang]}data/"
    page = site.page(here.lstrip("/"))
    assert page.html["lang"] == lang
    links = [urljoin(here, a["href"]) for a in page.select(".gs-endpoints a")]
    assert len(links) == 4
    for link in links:
        assert (site.site / link.lstrip("/")).is_file(), link
    counts = VIEWS[lang].fact_counts
    text = page.select_one("article").get_text(" ")
    assert str(counts["known"]) in text and str(counts["unknown"]) in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_row_links_to_a_prefilled_wrong_value_report(site: Build, lang: str) -> None:
    from urllib.parse import parse_qs

    rows = site.page(LANGUAGE_PREFIX[lang]).select("#comparison tr.gs-offering")
    assert len(rows) == sum(len(p.offerings) for p in DATASET.providers.values())
    for row in rows:
        link = urlparse(row.select_one("a.gs-report")["href"])
        assert link.path.endswith("/issues/new")
        query = parse_qs(link.query)
        assert query["template"] == ["wrong-value.yml"]
        assert query["provider"] == [row["data-provider"]]
        offering = DATASET.providers[row["data-provider"]].offerings
        assert query["offering"][0] in {o.product for o in offering}
        assert DATASET.strings[lang].ui["column.price"] in query["current"][0]
    form = (ROOT / ".github" / "ISSUE_TEMPLATE" / "wrong-value.yml").read_text(encoding="utf-8")
    for field in ("provider", "offering", "field", "current", "source"):
        assert f"id: {field}" in form
