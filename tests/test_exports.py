"""Open exports: JSON round-trips to the data, CSV has one row per offering, schemas check the files."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import subprocess
import sys

import jsonschema
import pytest
from conftest import BUILD_DATE, LANGUAGES, ROOT, Build

from gpustorage.export import CSV_COLUMNS, offerings_csv, providers_json, schema_files, value_counts
from gpustorage.load import load_file
from gpustorage.model import Fact, Provider
from gpustorage.normalize import is_stale
from gpustorage.validate import load_dataset

DATASET = load_dataset(ROOT, LANGUAGES)
PROVIDER_FILES = sorted((ROOT / "data" / "providers").glob("*.yaml"))


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
    jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker()).validate(
        _json_ready(doc.value)
    )


def test_json_schema_rejects_what_the_model_rejects() -> None:
    schema = json.loads(schema_files()["provider.schema.json"])
    doc, _ = load_file(ROOT / "data" / "providers" / "runpod.yaml", "runpod.yaml")
    broken = _json_ready(doc.value)
    broken["offerings"][0]["kind"] = "nfs"
    broken["offerings"][0]["egres"] = "free"
    errors = list(jsonschema.Draft202012Validator(schema).iter_errors(broken))
    assert len(errors) == 2


def test_committed_schemas_are_current() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "gpustorage", "schema", "--check"],
        cwd=ROOT / "hooks",
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr


def test_json_export_round_trips_to_the_same_data() -> None:
    exported = providers_json(DATASET, BUILD_DATE)
    assert [p["id"] for p in exported["providers"]] == list(DATASET.providers)
    for record in json.loads(json.dumps(exported))["providers"]:
        provider_id = record.pop("id")
        for offering in record["offerings"]:
            offering.pop("derived")
        assert Provider.model_validate_json(json.dumps(record)) == DATASET.providers[provider_id]


def test_every_published_value_has_a_source_or_is_unknown() -> None:
    for record in providers_json(DATASET, BUILD_DATE)["providers"]:
        for offering in record["offerings"]:
            for name, fact in offering["derived"]["facts"].items():
                value = offering[name]
                assert fact["known"] == (value != "unknown")
                if fact["known"]:
                    assert fact["sources"], f"{record['id']}: {name} has no source"
                    assert fact["date"] is not None


def test_csv_has_one_row_per_offering() -> None:
    rows = list(csv.DictReader(io.StringIO(offerings_csv(DATASET, BUILD_DATE))))
    assert len(rows) == sum(len(p.offerings) for p in DATASET.providers.values())
    assert list(rows[0]) == list(CSV_COLUMNS)
    runpod = next(r for r in rows if r["provider_id"] == "runpod")
    assert (runpod["price_tiers"], runpod["usd_per_gb_month"], runpod["egress"]) == (
        "1000.0:0.07;:0.05",
        "0.07",
        "free",
    )


def test_normalized_prices_handle_gib_hours_and_fees() -> None:
    records = {r["id"]: r for r in providers_json(DATASET, BUILD_DATE)["providers"]}
    hyperstack = records["hyperstack"]["offerings"][0]
    assert hyperstack["price"]["unit"] == "GB-hour"
    assert hyperstack["derived"]["usd_per_gb_month"] == pytest.approx(0.000096774 * 730, rel=1e-5)
    crusoe = next(o for o in records["crusoe"]["offerings"] if o["price"] != "unknown")
    assert crusoe["price"]["unit"] == "GiB-month"
    assert crusoe["derived"]["usd_per_gb_month"] == pytest.approx(
        crusoe["price"]["tiers"][0]["amount"] / 1.073741824, rel=1e-5
    )


def test_stale_marking_follows_the_build_date() -> None:
    lambda_fs = DATASET.providers["lambda"].offerings[0]
    region_sources = [s.seen for s in lambda_fs.sources if Fact.region_binding in s.covers]
    seen = max(region_sources)
    assert seen.year == 2023
    for today, stale in [(seen + dt.timedelta(days=180), False), (seen + dt.timedelta(days=181), True)]:
        facts = providers_json(DATASET, today)["providers"]
        record = next(p for p in facts if p["id"] == "lambda")
        assert record["offerings"][0]["derived"]["facts"]["region_binding"]["stale"] is stale
        assert is_stale(seen, today) is stale


def test_counts_add_up() -> None:
    counts = value_counts(DATASET, BUILD_DATE)
    assert counts["known"] + counts["unknown"] == counts["offerings"] * len(Fact)
    assert counts["providers"] >= 25


def test_site_serves_the_exports(site: Build) -> None:
    api = site.site / "api" / "v1"
    assert json.loads((api / "providers.json").read_text(encoding="utf-8")) == json.loads(
        json.dumps(providers_json(DATASET, BUILD_DATE))
    )
    assert (api / "offerings.csv").read_text(encoding="utf-8") == offerings_csv(DATASET, BUILD_DATE)
    assert (api / "provider.schema.json").read_text(encoding="utf-8") == schema_files()[
        "provider.schema.json"
    ]
