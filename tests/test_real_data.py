"""Invariants of the repository's own data: every file valid, every provider on every page in every
language. Nothing here depends on a particular value, so correcting a price never fails it
(tests/test_mutation.py runs this module on a copy of the data with values changed)."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json

import jsonschema
import pytest
from conftest import DATA_ROOT, LANGUAGE_PREFIX, LANGUAGES, SITE_URL, Build

from gpustorage.dataset import Dataset
from gpustorage.export import schema_files
from gpustorage.load import load_file

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


def test_every_file_is_valid_and_loaded(real_dataset: Dataset) -> None:
    assert sorted(real_dataset.providers) == sorted(file.stem for file in PROVIDER_FILES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_comparison_lists_every_provider_and_offering(
    real_site: Build, real_dataset: Dataset, lang: str
) -> None:
    table = real_site.page(LANGUAGE_PREFIX[lang]).select_one("table#comparison")
    assert [body["data-provider"] for body in table.select("tbody")] == sorted(real_dataset.providers)
    offerings = sum(len(p.offerings) or 1 for p in real_dataset.providers.values())
    assert len(table.select("tbody tr:not(.gs-provider)")) == offerings
    for cell in table.select("tbody td"):
        assert cell.get_text(strip=True), f"empty cell in {lang}: {cell}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_provider_page_exists_in_every_language(
    real_site: Build, real_dataset: Dataset, lang: str
) -> None:
    for provider_id, provider in real_dataset.providers.items():
        page = real_site.page(f"{LANGUAGE_PREFIX[lang]}providers/{provider_id}/")
        assert page.html["lang"] == lang
        assert page.select_one("article h1").get_text(strip=True) == provider.name
        assert len(page.select("table.gs-facts")) == len(provider.offerings)
        linked = {a["href"] for a in page.select("ol.gs-sources a")}
        sources = [s for o in provider.offerings for s in o.sources] + list(
            provider.no_persistent_storage or []
        )
        assert {source.url for source in sources} <= linked
        edit = page.select_one("a.gs-edit")["href"]
        assert edit.endswith(f"/edit/main/data/providers/{provider_id}.yaml")
        listed = real_site.page(f"{LANGUAGE_PREFIX[lang]}providers/")
        assert listed.select_one(f'.gs-provider-list a[href="{provider_id}/"]') is not None


def test_sitemap_lists_every_provider_page(real_site: Build, real_dataset: Dataset) -> None:
    sitemap = (real_site.site / "sitemap.xml").read_text(encoding="utf-8")
    for provider_id in real_dataset.providers:
        for lang in LANGUAGES:
            url = f"{SITE_URL}{LANGUAGE_PREFIX[lang]}providers/{provider_id}/"
            assert f"<loc>{url}</loc>" in sitemap
            assert f'hreflang="{lang}" href="{url}"' in sitemap


def test_exports_hold_every_provider_and_offering(real_site: Build, real_dataset: Dataset) -> None:
    api = real_site.site / "api" / "v1"
    exported = json.loads((api / "providers.json").read_text(encoding="utf-8"))
    assert [p["id"] for p in exported["providers"]] == list(real_dataset.providers)
    rows = list(csv.DictReader(io.StringIO((api / "offerings.csv").read_text(encoding="utf-8"))))
    assert len(rows) == sum(len(p.offerings) for p in real_dataset.providers.values())


def test_the_build_prints_no_warning(real_site: Build) -> None:
    assert "WARNING" not in real_site.output
    assert "Traceback" not in real_site.output
