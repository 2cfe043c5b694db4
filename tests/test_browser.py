"""The comparison tools in a real headless Chromium, on the built site, in every language.

Expected results are computed here from the YAML data, independently of the page's script.
"""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import urlparse

import pytest
from conftest import LANGUAGE_PREFIX, LANGUAGES, ROOT, copy_project, mkdocs_build, serve_directory

from gpustorage.model import Price
from gpustorage.transform import PRESETS
from gpustorage.validate import load_dataset
from projects import write_providers

pytestmark = pytest.mark.browser
DATASET = load_dataset(ROOT, LANGUAGES)
FACT_OF = {
    "billed": "billed_while_detached",
    "multi": "multi_attach",
    "region": "region_binding",
    "spot": "spot_usable",
}


def expected(name: str = "", kind: str = "", egress: str = "", **facts: str) -> list[str]:
    """Provider ids the filters should leave, from the data alone."""
    kinds = set(kind.split(",")) if kind else None
    offering_filter = bool(kinds or egress or any(facts.values()))
    result = []
    for pid, provider in DATASET.providers.items():
        if name.lower() not in provider.name.lower():
            continue
        matching = [
            o
            for o in provider.offerings
            if (kinds is None or o.kind.value in kinds)
            and all(str(getattr(o, FACT_OF[key]).value) == value for key, value in facts.items() if value)
            and (egress != "free" or o.egress == "free")
        ]
        if matching or (not offering_filter and not provider.offerings):
            result.append(pid)
    return result


def usd_per_gb_month(price: Price) -> float:
    """The first paid tier in USD per decimal GB and month, computed here without the app's code."""
    amount = next((tier.amount for tier in price.tiers if tier.amount > 0), 0.0)
    size, period = price.unit.value.split("-")
    amount *= 730 if period == "hour" else 1
    amount /= 2**30 / 1e9 if size == "GiB" else 1
    rate = 1.0 if price.currency.value == "USD" else DATASET.rates.rates[price.currency].usd_per_unit
    return amount * rate


def open_comparison(page, server: str, lang: str, query: str = "") -> None:
    page.goto(f"{server}/{LANGUAGE_PREFIX[lang]}{query}")
    page.wait_for_selector("#comparison-tools:not([hidden])")


def visible_providers(page) -> list[str]:
    """Provider ids in the order a reader sees them, grouped or sorted."""
    return page.eval_on_selector_all(
        "#comparison tr.gs-offering, #comparison tr.gs-no-storage",
        "rows => [...new Set(rows.filter(r => r.checkVisibility()).map(r => r.dataset.provider))]",
    )


def visible_sort_keys(page, column: str) -> list[float | None]:
    return page.eval_on_selector_all(
        f"#comparison tr.gs-offering [data-column={column}]",
        "cells => cells.filter(c => c.checkVisibility() || c.parentElement.checkVisibility())"
        ".map(c => c.dataset.sort === undefined ? null : Number(c.dataset.sort))",
    )


def count_text(page) -> str:
    return page.text_content("#comparison-count")


def strings(lang: str) -> dict[str, str]:
    return DATASET.strings[lang].ui


@pytest.mark.parametrize("lang", LANGUAGES)
def test_sort_by_price_puts_the_cheapest_known_offering_first(page, server: str, lang: str) -> None:
    open_comparison(page, server, lang)
    page.click("th[data-column=price] button")
    assert page.get_attribute("th[data-column=price]", "aria-sort") == "ascending"
    keys = visible_sort_keys(page, "price")
    known = [k for k in keys if k is not None]
    cheapest_usd, cheapest_product = min(
        (usd_per_gb_month(o.price), o.product)
        for p in DATASET.providers.values()
        for o in p.offerings
        if isinstance(o.price, Price)
    )
    assert keys[0] == pytest.approx(cheapest_usd)
    first_product = page.text_content("#comparison tbody tr.gs-offering th[data-column=product]")
    assert cheapest_product in first_product
    assert known == sorted(known)
    assert keys[: len(known)] == known, "unknown prices must come after every known one"
    page.click("th[data-column=price] button")
    assert page.get_attribute("th[data-column=price]", "aria-sort") == "descending"
    keys = visible_sort_keys(page, "price")
    assert keys[0] == max(known) and keys[-1] is None


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    ("action", "selector", "value", "filters"),
    [
        ("check", "input[name=kind][value=shared_filesystem]", None, {"kind": "shared_filesystem"}),
        ("select", "select[name=billed]", "yes", {"billed": "yes"}),
        ("select", "select[name=multi]", "yes", {"multi": "yes"}),
        ("select", "select[name=region]", "zone", {"region": "zone"}),
        ("select", "select[name=spot]", "yes", {"spot": "yes"}),
        ("check", "input[name=egress]", None, {"egress": "free"}),
        ("fill", "input[name=name]", "pod", {"name": "pod"}),
    ],
)
def test_each_filter_shows_the_expected_providers(
    page, server: str, lang: str, action: str, selector: str, value: str | None, filters: dict
) -> None:
    open_comparison(page, server, lang)
    if action == "select":
        page.select_option(selector, value)
    elif action == "fill":
        page.fill(selector, value)
    else:
        page.check(selector)
    want = expected(**filters)
    assert visible_providers(page) == want
    assert count_text(page) == strings(lang)["tools.count"].format(
        shown=len(want), total=len(DATASET.providers)
    )


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("preset", list(PRESETS))
def test_presets_filter_sort_and_explain(page, server: str, lang: str, preset: str) -> None:
    open_comparison(page, server, lang)
    page.click(f"button[data-preset={preset}]")
    settings = PRESETS[preset]
    filters = {key: value for key, value in settings.items() if key not in ("sort", "dir")}
    assert set(visible_providers(page)) == set(expected(**filters))
    assert page.text_content("#preset-explanation") == strings(lang)[f"preset.{preset}.explain"]
    assert page.get_attribute(f"button[data-preset={preset}]", "aria-pressed") == "true"
    direction = "ascending" if settings["dir"] == "asc" else "descending"
    assert page.get_attribute(f"th[data-column={settings['sort']}]", "aria-sort") == direction
    keys = [k for k in visible_sort_keys(page, settings["sort"]) if k is not None]
    assert keys == sorted(keys, reverse=settings["dir"] == "desc")
    page.click("button[data-preset='']")
    assert len(visible_providers(page)) == len(DATASET.providers)
    assert page.text_content("#preset-explanation") == ""


def _tiered_cost(tiers: list[tuple[float | None, float]], fee: float, gb: float) -> float:
    """Independent arithmetic: each gigabyte at the rate of the tier it falls in."""
    cost, lower = fee, 0.0
    for up_to, rate in tiers:
        top = gb if up_to is None else min(gb, up_to)
        cost += max(0.0, top - lower) * rate
        if up_to is not None:
            lower = up_to
    return cost


@pytest.mark.parametrize("lang", LANGUAGES)
def test_calculator_adds_tiers_fees_and_egress(page, server: str, lang: str) -> None:
    open_comparison(page, server, lang)
    page.fill("input[name=gb]", "1500")
    page.fill("input[name=months]", "3")
    page.fill("input[name=out]", "1200")
    runpod = DATASET.providers["runpod"].offerings[0].price
    vultr = next(o for o in DATASET.providers["vultr"].offerings if o.product == "Object Storage (Standard)")
    cases = {
        ("runpod", 1): _tiered_cost([(t.up_to, t.amount) for t in runpod.tiers], 0, 1500),  # free egress
        ("vultr", 3): _tiered_cost(
            [(t.up_to, t.amount) for t in vultr.price.tiers], vultr.price.monthly_fee, 1500
        )
        + (1200 - vultr.egress.included_gb) * vultr.egress.amount,
    }
    assert cases[("runpod", 1)] == pytest.approx(95.0)
    assert cases[("vultr", 3)] == pytest.approx(18 + 500 * 0.018 + 200 * 0.01)
    for (provider_id, number), monthly in cases.items():
        row = f"tbody[data-provider={provider_id}] tr.gs-offering:nth-of-type({number + 1})"
        for column, amount in (("monthly", monthly), ("total", monthly * 3)):
            cell = page.locator(f"{row} td[data-column={column}]")
            assert float(cell.get_attribute("data-value")) == pytest.approx(amount)
            formatted = page.evaluate(
                "([lang, amount]) => "
                "new Intl.NumberFormat(lang, {style: 'currency', currency: 'USD'}).format(amount)",
                [lang, amount],
            )
            assert cell.text_content() == formatted
    unknown = page.locator("tbody[data-provider=aws] tr.gs-offering:nth-of-type(3) td[data-column=monthly]")
    assert unknown.text_content() == strings(lang)["calc.price_unknown"]
    page.click("th[data-column=total] button")
    totals = [k for k in visible_sort_keys(page, "total") if k is not None]
    assert totals == sorted(totals)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_shared_url_restores_the_view(page, server: str, lang: str) -> None:
    query = "?kind=shared_filesystem,network_volume&multi=yes&sort=price&dir=desc&gb=250&months=2&out=0"
    open_comparison(page, server, lang, query)
    assert page.is_checked("input[name=kind][value=shared_filesystem]")
    assert page.is_checked("input[name=kind][value=network_volume]")
    assert not page.is_checked("input[name=kind][value=object_storage]")
    assert page.input_value("select[name=multi]") == "yes"
    assert page.input_value("input[name=gb]") == "250"
    assert page.get_attribute("th[data-column=price]", "aria-sort") == "descending"
    keys = visible_sort_keys(page, "price")
    known = [k for k in keys if k is not None]
    assert keys[: len(known)] == sorted(known, reverse=True)
    assert set(visible_providers(page)) == set(expected(kind="shared_filesystem,network_volume", multi="yes"))
    assert page.locator("td[data-column=monthly]:visible").count() > 0
    page.fill("input[name=name]", "a")
    page.wait_for_function("location.search.includes('name=a') && location.search.includes('multi=yes')")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_language_switch_keeps_page_and_view(page, server: str, lang: str) -> None:
    for path in ("providers/runpod/", "data/"):
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
def test_keyboard_sorts_and_filters(page, server: str, lang: str) -> None:
    open_comparison(page, server, lang)
    page.focus("th[data-column=max_size] button")
    page.keyboard.press("Enter")
    assert page.get_attribute("th[data-column=max_size]", "aria-sort") == "ascending"
    page.keyboard.press("Space")
    assert page.get_attribute("th[data-column=max_size]", "aria-sort") == "descending"
    page.focus("input[name=egress]")
    page.keyboard.press("Space")
    assert set(visible_providers(page)) == set(expected(egress="free"))
    labels = page.eval_on_selector_all(
        "#comparison-tools input, #comparison-tools select",
        "controls => controls.filter(c => !(c.labels && c.labels.length)).map(c => c.name)",
    )
    assert labels == [], "every form control needs a label"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_offering_is_shown_without_paging(page, server: str, lang: str) -> None:
    open_comparison(page, server, lang)
    offerings = sum(len(p.offerings) for p in DATASET.providers.values())
    shown = page.eval_on_selector_all(
        "#comparison tr.gs-offering", "rows => rows.filter(r => r.checkVisibility()).length"
    )
    assert shown == offerings
    assert page.is_hidden("#comparison-show-all")
    assert count_text(page) == strings(lang)["tools.count"].format(
        shown=len(DATASET.providers), total=len(DATASET.providers)
    )


def test_pages_request_nothing_from_other_hosts(page, server: str) -> None:
    hosts, failed = set(), []
    page.on("request", lambda request: hosts.add(urlparse(request.url).netloc))
    page.on("response", lambda response: response.status >= 400 and failed.append(response.url))
    for path in ("", "zh/", "ro/providers/runpod/", "data/", "zh/providers/"):
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


def test_a_long_table_is_shown_a_page_at_a_time(page, long_table: str) -> None:
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
    assert page.text_content("#comparison-show-all") == DATASET.strings["de"].ui["tools.show_all"].format(
        count=total - 50
    )
    page.click("#comparison-show-all")
    assert shown() == total
    assert page.is_hidden("#comparison-show-all")
    page.wait_for_function("location.search.includes('all=1')")
