"""The comparison tools in a real headless Chromium, on the fixture site, in every language.

Expected results come from the fixture providers (tests/fixtures/providers), independently of the
page's script.
"""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import urlparse

import pytest
from conftest import LANGUAGE_PREFIX, LANGUAGES, copy_project, mkdocs_build, serve_directory

from gpustorage import SiteBuild
from gpustorage.contract import FILTERS, PRESETS
from gpustorage.dataset import Dataset
from projects import write_providers

pytestmark = pytest.mark.browser
ALL = ["alpha-cloud", "beta-cloud", "delta-cloud", "gamma-cloud"]


def expected(dataset: Dataset, name: str = "", kind: str = "", egress: str = "", **facts: str) -> list[str]:
    """Provider ids the filters should leave, from the data alone."""
    kinds = set(kind.split(",")) if kind else None
    offering_filter = bool(kinds or egress or any(facts.values()))
    result = []
    for pid, provider in dataset.providers.items():
        if name.lower() not in provider.name.lower():
            continue
        matching = [
            o
            for o in provider.offerings
            if (kinds is None or o.kind.value in kinds)
            and all(str(o.value_of(FILTERS[key])) == value for key, value in facts.items() if value)
            and (egress != "free" or o.egress == "free")
        ]
        if matching or (not offering_filter and not provider.offerings):
            result.append(pid)
    return result


def open_comparison(page, server: str, lang: str, query: str = "") -> None:
    page.goto(f"{server}/{LANGUAGE_PREFIX[lang]}{query}")
    page.wait_for_selector("#comparison-tools:not([hidden])")


def visible_providers(page) -> list[str]:
    """Provider ids in the order a reader sees them, grouped or sorted."""
    return page.eval_on_selector_all(
        "#comparison tr.gs-offering, #comparison tr.gs-no-storage",
        "rows => [...new Set(rows.filter(r => r.checkVisibility()).map(r => r.dataset.provider))]",
    )


def visible_products(page) -> list[str]:
    return page.eval_on_selector_all(
        "#comparison tr.gs-offering",
        "rows => rows.filter(r => r.checkVisibility())"
        ".map(r => r.querySelector('th[data-column=product]').firstChild.nextSibling.textContent)",
    )


def visible_sort_keys(page, column: str) -> list[float | None]:
    return page.eval_on_selector_all(
        f"#comparison tr.gs-offering [data-column={column}]",
        "cells => cells.filter(c => c.checkVisibility() || c.parentElement.checkVisibility())"
        ".map(c => c.dataset.sort === undefined ? null : Number(c.dataset.sort))",
    )


def count_text(page) -> str:
    return page.text_content("#comparison-count")


def test_sort_by_price_puts_the_cheapest_known_offering_first(page, server: str) -> None:
    open_comparison(page, server, "ro")
    page.click("th[data-column=price] button")
    assert page.get_attribute("th[data-column=price]", "aria-sort") == "ascending"
    # USD per GB-month: Buckets 0.0224, Volume 0.07, Disk 0.073, Files 0.10; Home unknown
    assert visible_products(page) == [
        "Alpha Buckets",
        "Alpha Volume",
        "Beta Disk",
        "Gamma Files",
        "Gamma Home",
    ]
    keys = visible_sort_keys(page, "price")
    assert keys[-1] is None and keys[:4] == sorted(keys[:4])
    page.click("th[data-column=price] button")
    assert page.get_attribute("th[data-column=price]", "aria-sort") == "descending"
    assert visible_products(page) == [
        "Gamma Files",
        "Beta Disk",
        "Alpha Volume",
        "Alpha Buckets",
        "Gamma Home",
    ]


@pytest.mark.parametrize(
    ("action", "selector", "value", "filters"),
    [
        ("check", "input[name=kind][value=shared_filesystem]", None, {"kind": "shared_filesystem"}),
        ("select", "select[name=billed]", "yes", {"billed": "yes"}),
        ("select", "select[name=multi]", "yes", {"multi": "yes"}),
        ("select", "select[name=region]", "machine", {"region": "machine"}),
        ("select", "select[name=spot]", "no", {"spot": "no"}),
        ("check", "input[name=egress]", None, {"egress": "free"}),
        ("fill", "input[name=name]", "ta", {"name": "ta"}),
    ],
)
def test_each_filter_shows_the_expected_providers(
    page, server: str, fixture_build: SiteBuild, action: str, selector: str, value, filters: dict
) -> None:
    lang = "de"  # filtering does not depend on the language; its wording is tested per language below
    open_comparison(page, server, lang)
    if action == "select":
        page.select_option(selector, value)
    elif action == "fill":
        page.fill(selector, value)
    else:
        page.check(selector)
    want = expected(fixture_build.dataset, **filters)
    assert want and want != ALL, "a filter test must leave some providers out"
    assert visible_providers(page) == want
    ui = fixture_build.dataset.strings[lang].ui
    assert count_text(page) == ui["tools.count"].format(shown=len(want), total=len(ALL))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("preset", list(PRESETS))
def test_presets_filter_sort_and_explain(
    page, server: str, fixture_build: SiteBuild, lang: str, preset: str
) -> None:
    open_comparison(page, server, lang)
    page.click(f"button[data-preset={preset}]")
    settings = PRESETS[preset]
    filters = {key: value for key, value in settings.items() if key not in ("sort", "dir")}
    assert set(visible_providers(page)) == set(expected(fixture_build.dataset, **filters))
    ui = fixture_build.dataset.strings[lang].ui
    assert page.text_content("#preset-explanation") == ui[f"preset.{preset}.explain"]
    assert page.get_attribute(f"button[data-preset={preset}]", "aria-pressed") == "true"
    direction = "ascending" if settings["dir"] == "asc" else "descending"
    assert page.get_attribute(f"th[data-column={settings['sort']}]", "aria-sort") == direction
    keys = [k for k in visible_sort_keys(page, settings["sort"]) if k is not None]
    assert keys == sorted(keys, reverse=settings["dir"] == "desc")
    page.click("button[data-preset='']")
    assert visible_providers(page) == ALL
    assert page.text_content("#preset-explanation") == ""


def _money(page, lang: str, amount: float) -> str:
    return page.evaluate(
        "([lang, amount]) => "
        "new Intl.NumberFormat(lang, {style: 'currency', currency: 'USD'}).format(amount)",
        [lang, amount],
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_calculator_adds_tiers_fees_idle_prices_and_egress(
    page, server: str, fixture_build: SiteBuild, lang: str
) -> None:
    open_comparison(page, server, lang)
    page.fill("input[name=gb]", "1500")
    page.fill("input[name=months]", "3")
    page.fill("input[name=out]", "1200")
    ui = fixture_build.dataset.strings[lang].ui
    gib = 1.073741824
    cases = {
        # 1,000 GB at 0.07 and 500 GB at 0.05; free egress; billed the same while idle
        ("alpha-cloud", 1): (95.0, 95.0, ""),
        # 5 EUR fee and 0.02 EUR/GiB at 1.2 USD; 1,100 GB over the allowance at 0.012 USD
        ("alpha-cloud", 2): (6 + 1500 * 0.02 * 1.2 / gib + 1100 * 0.012, 6 + 1500 * 0.02 * 1.2 / gib, ""),
        # 0.0001 USD/GB-hour running, 0.0002 stopped; the pooled allowance is not counted
        ("beta-cloud", 1): (1500 * 0.073 + 1200 * 0.01 / gib, 1500 * 0.146, ui["calc.allowance_pooled"]),
        # 8 INR at 0.0125 USD; egress unknown
        ("gamma-cloud", 1): (150.0, None, ui["calc.egress_unknown"]),
    }
    for (provider_id, number), (monthly, idle, note) in cases.items():
        row = f"tbody[data-provider={provider_id}] tr.gs-offering:nth-of-type({number + 1})"
        for column, amount in (("monthly", monthly), ("idle", idle), ("total", monthly * 3)):
            cell = page.locator(f"{row} td[data-column={column}]")
            if amount is None:
                assert cell.text_content() == ui["value.unknown"]
                continue
            assert float(cell.get_attribute("data-value")) == pytest.approx(amount)
            suffix = f" {note}" if note and column != "idle" else ""
            assert cell.text_content() == _money(page, lang, amount) + suffix
    unknown = page.locator(
        "tbody[data-provider=gamma-cloud] tr.gs-offering:nth-of-type(3) td[data-column=monthly]"
    )
    assert unknown.text_content() == ui["calc.price_unknown"]
    page.click("th[data-column=total] button")
    totals = [k for k in visible_sort_keys(page, "total") if k is not None]
    assert totals == sorted(totals) and len(totals) == 4


def test_a_shared_url_restores_the_view(page, server: str, fixture_build: SiteBuild) -> None:
    lang = "zh"
    query = "?kind=block_volume,network_volume&billed=yes&sort=price&dir=desc&gb=250&months=2&out=0"
    open_comparison(page, server, lang, query)
    assert page.is_checked("input[name=kind][value=block_volume]")
    assert page.is_checked("input[name=kind][value=network_volume]")
    assert not page.is_checked("input[name=kind][value=object_storage]")
    assert page.input_value("select[name=billed]") == "yes"
    assert page.input_value("input[name=gb]") == "250"
    assert page.get_attribute("th[data-column=price]", "aria-sort") == "descending"
    assert visible_products(page) == ["Beta Disk", "Alpha Volume"]
    assert page.locator("td[data-column=monthly]:visible").count() == 2
    page.fill("input[name=name]", "a")
    page.wait_for_function("location.search.includes('name=a') && location.search.includes('billed=yes')")


@pytest.mark.parametrize("lang", ["de", "zh"])
def test_language_switch_keeps_page_and_view(page, server: str, lang: str) -> None:
    for path in ("providers/alpha-cloud/", "data/"):
        page.goto(f"{server}/{LANGUAGE_PREFIX[lang]}{path}")
        for other in LANGUAGES:
            href = page.get_attribute(f"a.md-select__link[hreflang={other}]", "href")
            target = urlparse(page.evaluate("href => new URL(href, location.href).href", href))
            assert target.path == f"/{LANGUAGE_PREFIX[other]}{path}"
    open_comparison(page, server, lang, "?billed=yes&sort=price")
    other = next(o for o in LANGUAGES if o != lang)
    page.hover(".md-header__option .md-select")
    page.click(f"a.md-select__link[hreflang={other}]")
    page.wait_for_selector("#comparison-tools:not([hidden])")
    assert urlparse(page.url).path == f"/{LANGUAGE_PREFIX[other]}"
    assert page.get_attribute("html", "lang") == other
    assert page.input_value("select[name=billed]") == "yes"
    assert page.get_attribute("th[data-column=price]", "aria-sort") == "ascending"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_counts_are_worded_in_each_language(page, server: str, fixture_build: SiteBuild, lang: str) -> None:
    open_comparison(page, server, lang, "?egress=free")
    ui = fixture_build.dataset.strings[lang].ui
    assert count_text(page) == ui["tools.count"].format(shown=1, total=len(ALL))
    page.click("button[data-preset='']")
    assert count_text(page) == ui["tools.count"].format(shown=len(ALL), total=len(ALL))


def test_keyboard_sorts_and_filters(page, server: str, fixture_build: SiteBuild) -> None:
    open_comparison(page, server, "de")
    page.focus("th[data-column=max_size] button")
    page.keyboard.press("Enter")
    assert page.get_attribute("th[data-column=max_size]", "aria-sort") == "ascending"
    page.keyboard.press("Space")
    assert page.get_attribute("th[data-column=max_size]", "aria-sort") == "descending"
    page.focus("input[name=egress]")
    page.keyboard.press("Space")
    assert visible_providers(page) == expected(fixture_build.dataset, egress="free")
    labels = page.eval_on_selector_all(
        "#comparison-tools input, #comparison-tools select",
        "controls => controls.filter(c => !(c.labels && c.labels.length)).map(c => c.name)",
    )
    assert labels == [], "every form control needs a label"


def test_every_offering_is_shown_without_paging(page, server: str, fixture_build: SiteBuild) -> None:
    open_comparison(page, server, "de")
    shown = page.eval_on_selector_all(
        "#comparison tr.gs-offering", "rows => rows.filter(r => r.checkVisibility()).length"
    )
    assert shown == 5
    assert page.is_hidden("#comparison-show-all")


def test_pages_request_nothing_from_other_hosts(page, server: str) -> None:
    hosts, failed = set(), []
    page.on("request", lambda request: hosts.add(urlparse(request.url).netloc))
    page.on("response", lambda response: response.status >= 400 and failed.append(response.url))
    for path in ("", "zh/", "ro/providers/alpha-cloud/", "data/", "zh/providers/"):
        page.goto(f"{server}/{path}", wait_until="networkidle")
    assert hosts == {urlparse(server).netloc}
    assert failed == [], "no request may fail (a 404 is an error in the console)"


@pytest.fixture(scope="module")
def long_table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A site whose comparison is long enough to be shown a page at a time."""
    project = copy_project(tmp_path_factory.mktemp("long") / "project")
    write_providers(project / "data" / "providers", 80, seed=7)
    build = mkdocs_build(project, project / "site")
    assert build.returncode == 0, build.output
    with serve_directory(build.site) as url:
        yield url


def test_a_long_table_is_shown_a_page_at_a_time(page, long_table: str, fixture_build: SiteBuild) -> None:
    page.goto(f"{long_table}/")
    page.wait_for_selector("#comparison-tools:not([hidden])")
    total = page.eval_on_selector_all("#comparison tr.gs-offering", "rows => rows.length")
    assert total > 100

    def shown() -> int:
        return page.eval_on_selector_all(
            "#comparison tr.gs-offering", "rows => rows.filter(r => r.checkVisibility()).length"
        )

    assert shown() == 50
    page.click("th[data-column=price] button")
    assert shown() == 50
    keys = visible_sort_keys(page, "price")
    known = [k for k in keys if k is not None]
    assert known == sorted(known) and len(keys) == 50
    ui = fixture_build.dataset.strings["de"].ui
    assert page.text_content("#comparison-show-all") == ui["tools.show_all"].format(count=total - 50)
    page.click("#comparison-show-all")
    assert shown() == total
    assert page.is_hidden("#comparison-show-all")
    page.wait_for_function("location.search.includes('all=1')")
