"""Open exports, language-neutral and built once: JSON of everything, CSV per offering, JSON Schemas.

`providers.json` holds each provider exactly as its YAML file says (so it round-trips through the
model), plus a `derived` block per offering with the normalized figures and each fact's provenance.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from .model import ExchangeRates, Fact, Offering, Price, Provider, size_in_gb
from .normalize import (
    STALE_AFTER_DAYS,
    checked_date,
    is_stale,
    provenance,
    provenances,
    usd_egress,
    usd_price,
)
from .validate import Dataset

API_VERSION = 1
DATA_LICENSE = "CC-BY-4.0"
CSV_COLUMNS = (
    "provider_id",
    "provider_name",
    "offering",
    "kind",
    "product",
    "price_currency",
    "price_unit",
    "price_tiers",
    "price_monthly_fee",
    "usd_per_gb_month",
    "billed_while_detached",
    "region_binding",
    "throughput",
    "max_size",
    "max_size_gb",
    "snapshots",
    "multi_attach",
    "spot_usable",
    "egress",
    "egress_usd_per_gb",
    "egress_included_gb",
    "regions",
    "checked",
    "stale",
    "third_party_facts",
    "unknown_facts",
    "sources",
)


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 6)


def derived(offering: Offering, rates: ExchangeRates, today: dt.date) -> dict[str, Any]:
    """Figures computed from an offering: normalized USD values, sizes in GB, provenance per fact."""
    price = usd_price(offering.price, rates) if isinstance(offering.price, Price) else None
    egress = usd_egress(offering.egress, rates) if not isinstance(offering.egress, str) else None
    facts = provenances(offering, today)
    checked = checked_date(offering, facts)
    return {
        "usd_per_gb_month": _round(price.headline) if price else None,
        "usd_tiers": [
            {"up_to_gb": _round(tier.up_to_gb), "usd_per_gb_month": _round(tier.usd_per_gb_month)}
            for tier in price.tiers
        ]
        if price
        else None,
        "monthly_fee_usd": _round(price.monthly_fee_usd) if price else None,
        "egress_usd_per_gb": _round(egress.usd_per_gb) if egress else None,
        "egress_included_gb": _round(egress.included_gb) if egress else None,
        "max_size_gb": _round(size_in_gb(offering.max_size)) if offering.max_size != "unknown" else None,
        "checked": checked.isoformat(),
        "stale": is_stale(checked, today),
        "facts": {
            fact.value: {
                "known": origin.known,
                "sources": list(origin.sources),
                "third_party": origin.third_party,
                "date": origin.date.isoformat() if origin.date else None,
                "stale": origin.stale,
            }
            for fact, origin in facts.items()
        },
    }


Derived = dict[tuple[str, int], dict[str, Any]]  # (provider id, offering number) -> derived()


def derive_all(dataset: Dataset, today: dt.date) -> Derived:
    """The derived figures of every offering, computed once for both exports."""
    return {
        (pid, number): derived(offering, dataset.rates, today)
        for pid, provider in dataset.providers.items()
        for number, offering in enumerate(provider.offerings, 1)
    }


def provider_record(provider_id: str, provider: Provider, extras: Derived) -> dict[str, Any]:
    record = {"id": provider_id, **provider.model_dump(mode="json")}
    for number, exported in enumerate(record["offerings"], 1):
        exported["derived"] = extras[(provider_id, number)]
    return record


def providers_json(dataset: Dataset, today: dt.date, extras: Derived | None = None) -> dict[str, Any]:
    extras = extras or derive_all(dataset, today)
    return {
        "version": API_VERSION,
        "generated": today.isoformat(),
        "license": DATA_LICENSE,
        "stale_after_days": STALE_AFTER_DAYS,
        "exchange_rates": dataset.rates.model_dump(mode="json")["rates"],
        "providers": [provider_record(pid, provider, extras) for pid, provider in dataset.providers.items()],
    }


def _csv_text(value: Any) -> str:
    """A cell no spreadsheet will run as a formula."""
    text = "" if value is None else str(value)
    return f"'{text}" if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def _csv_row(
    provider_id: str, provider: Provider, number: int, offering: Offering, extra: dict[str, Any]
) -> list[str]:
    price = offering.price if isinstance(offering.price, Price) else None
    egress = offering.egress if isinstance(offering.egress, str) else "fee"
    facts = extra["facts"]
    row = {
        "provider_id": provider_id,
        "provider_name": provider.name,
        "offering": number,
        "kind": offering.kind.value,
        "product": offering.product,
        "price_currency": price.currency.value if price else offering.price,
        "price_unit": price.unit.value if price else "",
        "price_tiers": ";".join(f"{t.up_to if t.up_to is not None else ''}:{t.amount}" for t in price.tiers)
        if price
        else "",
        "price_monthly_fee": price.monthly_fee if price else "",
        "usd_per_gb_month": extra["usd_per_gb_month"],
        "billed_while_detached": offering.billed_while_detached.value,
        "region_binding": offering.region_binding.value,
        "throughput": offering.throughput,
        "max_size": offering.max_size,
        "max_size_gb": extra["max_size_gb"],
        "snapshots": offering.snapshots.value,
        "multi_attach": offering.multi_attach.value,
        "spot_usable": offering.spot_usable.value,
        "egress": egress,
        "egress_usd_per_gb": extra["egress_usd_per_gb"],
        "egress_included_gb": extra["egress_included_gb"],
        "regions": " ".join(offering.regions) if isinstance(offering.regions, list) else "",
        "checked": extra["checked"],
        "stale": "yes" if extra["stale"] else "no",
        "third_party_facts": " ".join(name for name, f in facts.items() if f["third_party"]),
        "unknown_facts": " ".join(name for name, f in facts.items() if not f["known"]),
        "sources": " ".join(source.url for source in offering.sources),
    }
    return [_csv_text(row[column]) for column in CSV_COLUMNS]


def offerings_csv(dataset: Dataset, today: dt.date, extras: Derived | None = None) -> str:
    extras = extras or derive_all(dataset, today)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for pid, provider in dataset.providers.items():
        for number, offering in enumerate(provider.offerings, 1):
            writer.writerow(_csv_row(pid, provider, number, offering, extras[(pid, number)]))
    return buffer.getvalue()


def json_schema(model: type[BaseModel], title: str) -> dict[str, Any]:
    """The JSON Schema editors use to check a data file, generated from the same model as the build."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        **model.model_json_schema(),
        "title": title,
    }


SCHEMAS: dict[str, tuple[type[BaseModel], str]] = {
    "provider.schema.json": (Provider, "A cloud GPU provider and its persistent storage offerings"),
    "exchange-rates.schema.json": (ExchangeRates, "Exchange rates used to normalize prices to USD"),
}


def schema_files() -> dict[str, str]:
    return {name: _json_text(json_schema(model, title)) for name, (model, title) in SCHEMAS.items()}


def _json_text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2, sort_keys=False) + "\n"


def write_api(out: Path, dataset: Dataset, today: dt.date) -> list[Path]:
    """Write /api/v1/: providers.json, offerings.csv and the JSON Schemas."""
    out.mkdir(parents=True, exist_ok=True)
    extras = derive_all(dataset, today)
    # compact: the C encoder is several times faster than indented output, and readers use tools
    compact = json.dumps(providers_json(dataset, today, extras), ensure_ascii=False, separators=(",", ":"))
    files = {
        "providers.json": compact + "\n",
        "offerings.csv": offerings_csv(dataset, today, extras),
        **schema_files(),
    }
    for name, text in files.items():
        (out / name).write_text(text, encoding="utf-8")
    return [out / name for name in files]


def value_counts(dataset: Dataset, today: dt.date) -> dict[str, int]:
    """How many published facts are known, unknown, third-party only, and stale."""
    counts = {
        "providers": len(dataset.providers),
        "offerings": 0,
        "known": 0,
        "unknown": 0,
        "third_party": 0,
        "stale": 0,
    }
    for provider in dataset.providers.values():
        for offering in provider.offerings:
            counts["offerings"] += 1
            for fact in Fact:
                origin = provenance(offering, fact, today)
                counts["known" if origin.known else "unknown"] += 1
                counts["third_party"] += origin.known and origin.third_party
                counts["stale"] += origin.known and origin.stale
    return counts
