"""Invariants of the repository's own data: every file valid, every provider on every page in every
language. Nothing here depends on a particular value, so correcting a price never fails it: each test
runs on the real data and on a copy with a few real values changed, as a contributor would change them."""

from __future__ import annotations

import csv
import datetime as dt
import functools
import io
import json
import re
from dataclasses import dataclass
from pathlib import Path

import jsonschema
import lxml.html
import pytest
from conftest import (
    DATA_ROOT,
    LANGUAGE_PREFIX,
    LANGUAGES,
    SITE_URL,
    TODAY_EPOCH,
    Build,
    build_ahead,
    changes_reading_the_same,
    copy_project,
    shared_site,
    without_search,
)

from gpustorage.inputs.dataset import Dataset, load_dataset
from gpustorage.inputs.load import load_file
from gpustorage.output.export import schema_files

PROVIDER_FILES = sorted((DATA_ROOT / "data" / "providers").glob("*.yaml"))


def _json_ready(value: object) -> object:
    """YAML values as an editor's JSON view of the file sees them (dates are text)."""
    if isinstance(value, dict):
        return {key: _json_ready(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_json_ready(item) for item in value]
    return value.isoformat() if isinstance(value, dt.date) else value


@pytest.mark.parametrize("file", PROVIDER_FILES, ids=lambda f: f.name)
def test_every_data_file_passes_the_published_json_schema(file) -> None:
    schema = json.loads(schema_files()["provider.schema.json"])
    doc, problems = load_file(file, file.name)
    assert problems == [] and doc is not None
    jsonschema.Draft202012Validator(schema).validate(_json_ready(doc.value))


@dataclass(frozen=True)
class Data:
    root: Path
    dataset: Dataset
    site: Build


def _change(file: Path, pattern: str, replacement: str) -> None:
    text = file.read_text(encoding="utf-8")
    changed, count = re.subn(pattern, replacement, text, count=1, flags=re.MULTILINE)
    assert count == 1, f"{file.name}: nothing matched {pattern!r}"
    file.write_text(changed, encoding="utf-8")


def changed_copy(target: Path) -> Path:
    """The project with a price, an answer, a size and a date changed in the first files having them.
    Built without the search index (without_search): the tests here read pages and exports, not search."""
    project = without_search(copy_project(target))
    providers = sorted((project / "data" / "providers").glob("*.yaml"))

    def first(pattern: str) -> Path:
        return next(f for f in providers if re.search(pattern, f.read_text(encoding="utf-8"), re.MULTILINE))

    _change(first(r"amount: [0-9.]+"), r"amount: ([0-9.]+)", "amount: 0.0123")
    _change(first(r'^    multi_attach: "yes"'), r'^    multi_attach: "yes"', '    multi_attach: "no"')
    _change(first(r"^    max_size: \d"), r"^    max_size: .*$", "    max_size: 123 TiB")
    _change(providers[-1], r"seen: \d{4}-\d{2}-\d{2}", "seen: 2026-11-01")
    return project


@pytest.fixture(scope="session", params=["real data", "values changed"])
def data(request, real_dataset: Dataset, real_site: Build) -> Data:
    if request.param == "real data":
        return Data(DATA_ROOT, real_dataset, real_site)
    build = shared_site("changed", changed_copy, TODAY_EPOCH)
    assert build.returncode == 0, build.output
    project = build.site.parent  # shared_site builds a project into its folder `site`
    return Data(project, load_dataset(project, LANGUAGES), build)


build_ahead("data", functools.partial(shared_site, "changed", changed_copy, TODAY_EPOCH), __name__)


@pytest.fixture(scope="session", params=LANGUAGES)
def lang(request) -> str:
    return request.param


@pytest.fixture(scope="session")
def provider_pages(data: Data, lang: str) -> dict[str, lxml.html.HtmlElement]:
    """Each provider's page in `lang`, parsed once for the tests below that read them all (pytest keeps
    one language of one data set at a time), by lxml in a twentieth of BeautifulSoup's time."""
    folder = data.site.site / LANGUAGE_PREFIX[lang] / "providers"
    return {pid: lxml.html.parse(folder / pid / "index.html").getroot() for pid in data.dataset.providers}


def test_every_file_is_valid_and_loaded(data: Data) -> None:
    files = sorted((data.root / "data" / "providers").glob("*.yaml"))
    assert sorted(data.dataset.providers) == sorted(file.stem for file in files)


def test_comparison_lists_every_provider_and_offering(data: Data, lang: str) -> None:
    table = data.site.page(LANGUAGE_PREFIX[lang]).select_one("table#comparison")
    assert [body["data-provider"] for body in table.select("tbody")] == sorted(data.dataset.providers)
    offerings = sum(len(p.offerings) or 1 for p in data.dataset.providers.values())
    assert len(table.select("tbody tr:is(.gs-offering, .gs-no-storage)")) == offerings
    # each offering's row links to its details on its provider's page, which its details file holds too
    for link in table.select("tr.gs-offering a.gs-disclose"):
        page, _, anchor = link["href"].partition("#")
        details = data.site.site / LANGUAGE_PREFIX[lang] / page / "details.html"
        assert f'<div class="gs-details" id="{anchor}">' in details.read_text(encoding="utf-8"), link
    for cell in table.select("tbody td"):
        assert cell.get_text(strip=True), f"empty cell in {lang}: {cell}"


def test_every_provider_page_exists_in_every_language(data: Data, lang: str, provider_pages) -> None:
    listed = data.site.page(f"{LANGUAGE_PREFIX[lang]}providers/")
    for provider_id, provider in data.dataset.providers.items():
        page = provider_pages[provider_id]
        assert page.get("lang") == lang
        assert page.cssselect("article h1")[0].text_content().strip() == provider.name
        assert len(page.cssselect("table.gs-facts")) == len(provider.offerings)
        linked = {a.get("href") for a in page.cssselect("ol.gs-sources a")}
        sources = [s for o in provider.offerings for s in o.sources] + list(
            provider.no_persistent_storage or []
        )
        assert {source.url for source in sources} <= linked
        edit = page.cssselect("a.gs-edit")[0].get("href")
        assert edit.endswith(f"/edit/main/data/providers/{provider_id}.yaml")
        assert listed.select_one(f'.gs-provider-list a[href="{provider_id}/"]') is not None


def test_sitemap_lists_every_provider_page(data: Data) -> None:
    sitemap = (data.site.site / "sitemap.xml").read_text(encoding="utf-8")
    for provider_id in data.dataset.providers:
        for lang in LANGUAGES:
            url = f"{SITE_URL}{LANGUAGE_PREFIX[lang]}providers/{provider_id}/"
            assert f"<loc>{url}</loc>" in sitemap
            assert f'hreflang="{lang}" href="{url}"' in sitemap


def test_exports_hold_every_provider_and_offering(data: Data) -> None:
    api = data.site.site / "api" / "v1"
    exported = json.loads((api / "providers.json").read_text(encoding="utf-8"))
    assert [p["id"] for p in exported["providers"]] == list(data.dataset.providers)
    rows = list(csv.DictReader(io.StringIO((api / "offerings.csv").read_text(encoding="utf-8"))))
    assert len(rows) == sum(len(p.offerings) for p in data.dataset.providers.values())


def test_no_change_reads_the_same_before_and_after(data: Data, lang: str) -> None:
    """Where a change's values read alike (a price that became an example), the entry says what changed."""
    assert changes_reading_the_same(data.site.page(f"{LANGUAGE_PREFIX[lang]}changes/")) == []


def test_a_missing_price_page_is_said_only_under_an_unknown_price(provider_pages) -> None:
    """Issue #29: 'price page not in the data' stands under a price no source gives, where no price
    page is linked, and never under a sourced price."""
    for provider_id, page in provider_pages.items():
        for cell in page.cssselect("table.gs-facts tr[data-column=price] td:first-of-type"):
            unknown = bool(cell.cssselect(".gs-unknown"))
            said = bool(cell.cssselect(".gs-no-price-page"))
            text = cell.text_content()
            assert said <= unknown, f"{provider_id}: {text}"
            assert unknown <= (said or bool(cell.cssselect("small a"))), f"{provider_id}: {text}"


def test_the_build_prints_no_warning(data: Data) -> None:
    assert "WARNING" not in data.site.output
    assert "Traceback" not in data.site.output
