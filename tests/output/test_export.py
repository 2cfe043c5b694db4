"""Open exports: JSON round-trips to the data, CSV has one row per offering, schemas check the files."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys

import jsonschema
import pytest
from conftest import ROOT, Build

from gpustorage import SiteBuild
from gpustorage.inputs.model import Provider
from gpustorage.output.export import CSV_COLUMNS, offerings_csv, providers_json, schema_files

COVERED_BY_VOLUMES = ("price", "billed_while_detached", "region_binding", "throughput", "max_size")
COVERED_BY_VOLUMES += ("multi_attach", "egress", "regions")


def test_json_export_round_trips_to_the_same_data(fixture_build: SiteBuild) -> None:
    """Quotes, languages and checked dates included: the YAML as it is."""
    exported = providers_json(fixture_build.dataset, fixture_build.derived, fixture_build.today)
    assert [p["id"] for p in exported["providers"]] == list(fixture_build.dataset.providers)
    for record in json.loads(json.dumps(exported))["providers"]:
        provider_id = record.pop("id")
        record.pop("derived", None)
        for offering in record["offerings"]:
            offering.pop("derived")
        assert (
            Provider.model_validate_json(json.dumps(record)) == fixture_build.dataset.providers[provider_id]
        )
    alpha = next(record for record in exported["providers"] if record["id"] == "alpha-cloud")
    volumes, buckets = (offering["sources"][0] for offering in alpha["offerings"][:2])
    assert (volumes["checked"], volumes["lang"], sorted(volumes["quote"])) == (
        "2026-11-20",
        "en",
        sorted(COVERED_BY_VOLUMES),
    )
    assert (buckets["checked"], buckets["lang"]) == (None, "de")


def test_json_export_carries_the_derived_figures(fixture_build: SiteBuild) -> None:
    records = {
        r["id"]: r
        for r in providers_json(fixture_build.dataset, fixture_build.derived, fixture_build.today)[
            "providers"
        ]
    }
    beta = records["beta-cloud"]["offerings"][0]["derived"]
    assert beta["usd_per_gb_month"] == pytest.approx(0.073)
    assert beta["usd_idle_tiers"] == [{"up_to_gb": None, "usd_per_gb_month": pytest.approx(0.146)}]
    assert beta["egress_allowance_pooled"] is True
    assert beta["facts"]["snapshots"] == {
        "known": True,
        "sources": [3],
        "third_party": False,
        "source_date": "2024-01-10",
        "checked": "2026-06-01",
        "undated": False,
        "stale": True,
    }
    gamma = records["gamma-cloud"]["offerings"][0]["derived"]
    assert gamma["source_date"] is None and gamma["undated"] is True
    assert gamma["facts"]["price"]["undated"] is True and gamma["facts"]["price"]["source_date"] is None
    # two dates, never one: an undated source has no source date, and its `seen` is its checked date
    assert gamma["checked"] == gamma["facts"]["price"]["checked"] == "2026-11-30"
    assert gamma["sources"] == [{"source_date": None, "checked": "2026-11-30"}]
    alpha = records["alpha-cloud"]["offerings"][0]["derived"]
    assert alpha["sources"] == [
        {"source_date": "2026-10-01", "checked": "2026-11-20"},
        {"source_date": "2026-09-01", "checked": None},
    ]
    assert (alpha["source_date"], alpha["checked"]) == ("2026-09-01", None)
    assert records["alpha-cloud"]["offerings"][0]["derived"]["regions"] == 3
    assert records["delta-cloud"]["derived"]["no_persistent_storage"]["stale"] is True


def test_every_known_value_has_a_source(fixture_build: SiteBuild) -> None:
    exported = providers_json(fixture_build.dataset, fixture_build.derived, fixture_build.today)
    for record in exported["providers"]:
        for offering in record["offerings"]:
            for name, fact in offering["derived"]["facts"].items():
                assert fact["known"] == (offering.get(name, "unknown") != "unknown")
                if fact["known"]:
                    assert fact["sources"], f"{record['id']}: {name} has no source"
                    assert fact["source_date"] is not None or fact["undated"]


def test_csv_has_one_row_per_offering(fixture_build: SiteBuild) -> None:
    rows = list(csv.DictReader(io.StringIO(offerings_csv(fixture_build.dataset, fixture_build.derived))))
    assert len(rows) == 6
    assert list(rows[0]) == list(CSV_COLUMNS)
    alpha = rows[0]
    assert (alpha["price_tiers"], alpha["usd_per_gb_month"], alpha["egress"], alpha["regions"]) == (
        "1000.0:0.07;:0.05",
        "0.07",
        "free",
        "AL-1 AL-2 AL-3",
    )
    assert alpha["quotes"] == (
        "price [1]: “Volumes cost $0.07 per GB-month for the first 1,000 GB and $0.05 per GB-month beyond.”"
        " | egress [1]: “Data transfer out of a volume's data centre is free.”"
        " | billed_while_detached [1]: “Billed while detached: yes.”"
        " | region_binding [1]: “It is bound to one datacenter.”"
        " | throughput [1]: “Throughput: 200–400 MB/s, up to 10 GB/s peak.”"
        " | max_size [1]: “The largest size is 4 TB.” | multi_attach [1]: “Multi attach: yes.”"
        " | regions [1]: “Available in AL-1, AL-2, AL-3.” | spot_usable [2]: “Spot usable: yes.”"
    )
    assert rows[1]["quotes"].startswith("price [1]: “Objektspeicher: 0,02 € je GiB und Monat")
    # each source's two dates, in the order of `sources`; the offering's oldest of each
    assert (alpha["source_dates"], alpha["checked_dates"]) == (
        "2026-10-01 2026-09-01",
        "2026-11-20 not_recorded",
    )
    assert (alpha["source_date"], alpha["checked"]) == ("2026-09-01", "")
    gamma = next(r for r in rows if r["provider_id"] == "gamma-cloud")
    assert (gamma["source_dates"], gamma["checked_dates"], gamma["checked"]) == (
        "undated",
        "2026-11-30",
        "2026-11-30",
    )
    beta = next(r for r in rows if r["provider_id"] == "beta-cloud")
    assert beta["quotes"].startswith("price [1]: “Storage costs 0.0001 USD per GB per hour.”")
    assert beta["quotes"].endswith(" | snapshots [3]: “Snapshots: yes.”")  # each with its source's number
    assert (beta["price_idle_tiers"], beta["stale"], beta["third_party_facts"]) == (
        ":0.0002",
        "yes",
        "throughput max_size",
    )


def test_json_schema_rejects_what_the_model_rejects(fixture_build: SiteBuild) -> None:
    schema = json.loads(schema_files()["provider.schema.json"])
    record = json.loads(fixture_build.dataset.providers["alpha-cloud"].model_dump_json())
    jsonschema.Draft202012Validator(schema).validate(record)
    record["offerings"][0]["kind"] = "nfs"
    record["offerings"][0]["egres"] = "free"
    assert len(list(jsonschema.Draft202012Validator(schema).iter_errors(record))) == 2


def test_committed_schemas_are_current() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "gpustorage", "schema", "--check"],
        cwd=ROOT / "hooks",
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr


def test_site_serves_the_exports(site: Build, fixture_build: SiteBuild) -> None:
    api = site.site / "api" / "v1"
    exported = providers_json(fixture_build.dataset, fixture_build.derived, fixture_build.today)
    assert json.loads((api / "providers.json").read_text(encoding="utf-8")) == json.loads(
        json.dumps(exported)
    )
    csv_text = offerings_csv(fixture_build.dataset, fixture_build.derived)
    assert (api / "offerings.csv").read_text(encoding="utf-8") == csv_text
    schema = schema_files()["provider.schema.json"]
    assert (api / "provider.schema.json").read_text(encoding="utf-8") == schema


def test_csv_says_each_price_basis_and_what_an_example_is_for(fixture_build: SiteBuild) -> None:
    rows = list(csv.DictReader(io.StringIO(offerings_csv(fixture_build.dataset, fixture_build.derived))))
    basis = {row["product"]: (row["price_basis"], row["price_example_of"]) for row in rows}
    # what an example is for, in every language, as the quotes column writes its items
    assert basis["Alpha Scratch"] == ("example", "de: Region AL-1 | ro: regiunea AL-1 | zh: AL-1 区域")
    assert basis["Alpha Volume"] == basis["Beta Disk"] == ("list", "")
    assert basis["Gamma Home"] == ("", "")  # price unknown
