"""A provider page on a laptop and on a phone, in every language, in a real Chromium: source numbers
kept whole, the offerings' tables in one width, the way back (breadcrumb, section tab) and the way on
(the comparison filtered to the provider).

The fixture's Alpha Cloud has two offerings whose facts cite several sources.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest
from conftest import LANGUAGE_PREFIX, LANGUAGES

from gpustorage import SiteBuild
from gpustorage.pages.messages import Strings

pytestmark = pytest.mark.browser
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
SCREENS = {"laptop": LAPTOP, "phone": PHONE}
PROVIDER = "alpha-cloud"


def open_provider_page(open_tab, server: str, lang: str, viewport: dict[str, int]):
    options = {"is_mobile": True, "has_touch": True} if viewport is PHONE else {}
    page = open_tab(viewport, **options)
    page.goto(f"{server}/{LANGUAGE_PREFIX[lang]}providers/{PROVIDER}/")
    return page


@pytest.fixture(params=[(lang, screen) for lang in LANGUAGES for screen in SCREENS], ids="-".join)
def provider_page(request, open_tab, server: str, fixture_build: SiteBuild) -> tuple[object, str, Strings]:
    """Alpha Cloud's page in a language on a screen, the language and its strings."""
    lang, screen = request.param
    return open_provider_page(open_tab, server, lang, SCREENS[screen]), lang, fixture_build.views[lang].t


def test_source_links_stay_whole_and_the_tables_line_up(provider_page) -> None:
    page, _, _ = provider_page
    layout = page.evaluate(
        """() => {
        const tables = [...document.querySelectorAll('table.gs-facts')];
        const edges = el => {
            const r = el.getBoundingClientRect();
            return [Math.round(r.left), Math.round(r.right)];
        };
        const lastCell = row => row.cells[row.cells.length - 1];
        return {
            links: document.querySelectorAll('table.gs-facts a.gs-source-ref').length,
            broken: [...document.querySelectorAll('table.gs-facts a.gs-source-ref')]
                .filter(a => a.getClientRects().length > 1).map(a => a.textContent),
            tables: [...new Set(tables.map(t => edges(t).join()))],
            columns: [...new Set(tables.map(t => [...t.querySelector('tr[data-column]').cells]
                .map(c => edges(c)[0]).join()))],
            rowEnds: [...new Set(tables.flatMap(t => [...t.rows].map(r => edges(lastCell(r))[1])))],
            sideways: document.documentElement.scrollWidth - innerWidth,
        };
        }"""
    )
    assert layout["links"] > 2
    assert layout["broken"] == []
    assert len(layout["tables"]) == 1, "every offering's table has the same width"
    assert len(layout["columns"]) == 1, "and the same columns"
    table_end = int(layout["tables"][0].split(",")[1])
    assert layout["rowEnds"] == [table_end], "every row ends where its table does"
    assert layout["sideways"] == 0


def test_the_breadcrumb_leads_back_in_the_pages_language(provider_page) -> None:
    page, lang, t = provider_page
    crumbs = page.locator(f"nav.gs-breadcrumb[aria-label='{t('breadcrumb.label')}'] > ol > li")
    assert crumbs.all_inner_texts() == [t("breadcrumb.guide"), t("providers.title"), "Alpha Cloud"]
    assert crumbs.nth(2).get_attribute("aria-current") == "page"
    assert crumbs.nth(0).is_visible()
    hrefs = [
        page.evaluate("a => new URL(a.getAttribute('href'), location.href).pathname", link)
        for link in crumbs.locator("a").element_handles()
    ]
    assert hrefs == [f"/{LANGUAGE_PREFIX[lang]}", f"/{LANGUAGE_PREFIX[lang]}providers/"]
    crumbs.nth(1).locator("a").click()
    page.wait_for_url(f"**/{LANGUAGE_PREFIX[lang]}providers/")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_providers_tab_is_the_current_section(open_tab, server: str, lang: str) -> None:
    """On a laptop the tabs show the section; on a phone the drawer marks it."""
    page = open_provider_page(open_tab, server, lang, LAPTOP)
    active = page.locator(".md-tabs__item--active a")
    assert active.count() == 1 and active.is_visible()
    path = page.evaluate("a => new URL(a.href).pathname", active.element_handle())
    assert path == f"/{LANGUAGE_PREFIX[lang]}providers/"
    page = open_provider_page(open_tab, server, lang, PHONE)
    drawer = page.locator(".md-nav--primary .md-nav__item--active > a")
    assert drawer.count() == 1
    assert page.evaluate("a => new URL(a.href).pathname", drawer.element_handle()) == path


def test_the_comparison_link_shows_the_providers_offerings(provider_page, fixture_build: SiteBuild) -> None:
    page, lang, t = provider_page
    link = page.get_by_role("link", name=t("provider.in_comparison", name="Alpha Cloud"), exact=True)
    link.click()
    # the script has started (it shows the tools) and the rows follow the link's filter
    page.wait_for_selector("#comparison-tools:not([hidden])", state="attached")
    page.wait_for_selector("#comparison:not([aria-busy])", state="attached")
    target = urlparse(page.url)
    assert target.path == f"/{LANGUAGE_PREFIX[lang]}"
    assert parse_qs(target.query) == {"name": ["Alpha Cloud"]}
    shown = page.eval_on_selector_all(
        "#comparison tr.gs-offering",
        "rows => rows.filter(r => r.checkVisibility()).map(r => [r.dataset.provider,"
        " r.querySelector('a.gs-disclose').textContent])",
    )
    alpha = fixture_build.dataset.providers[PROVIDER]
    assert shown == [[PROVIDER, offering.product] for offering in alpha.offerings]
