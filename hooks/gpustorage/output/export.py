"""Open exports, language-neutral and built once: JSON of everything, CSV per offering, JSON Schemas.

`providers.json` holds each provider exactly as its YAML file says (so it round-trips through the
model), plus a `derived` block per offering with the normalized figures and each fact's provenance.
Two dates stay apart everywhere: `source_date`, the date a source shows (null when undated), and
`checked`, the day it was checked (model.Source.checked_date, the site's one definition; null when
not recorded).
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import re
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from ..figures.derive import Derived, Figures, Origin, UsdTier
from ..figures.history import History, HistoryRecord
from ..inputs.dataset import Dataset
from ..inputs.facts import DECLARED, FACTS, SIMPLE_KINDS, Fact
from ..inputs.model import (
    ExchangeRates,
    Offering,
    Price,
    Provider,
    Source,
    one_line_by_language,
    pricing_page,
)
from ..inputs.settings import STALE_AFTER_DAYS

API_VERSION = 1
DATA_LICENSE = "CC-BY-4.0"
# offerings.csv: which offering, then the facts' columns, then how fresh they are and their sources.
_OFFERING_COLUMNS = ("provider_id", "provider_name", "offering", "kind", "product")
_PROVENANCE_COLUMNS = (
    "source_date",
    "stale",
    "undated_facts",
    "third_party_facts",
    "unknown_facts",
    "sources",
    "quotes",
)
# The columns of each fact whose kind has its own logic (_own_cells fills them); a worded fact has one,
# named after it, holding its word.
OWN_COLUMNS: dict[Fact, tuple[str, ...]] = {
    Fact.price: (
        "price_currency",
        "price_unit",
        "price_tiers",
        "price_idle_tiers",
        "price_monthly_fee",
        "usd_per_gb_month",
        "price_basis",
        "price_example_of",
    ),
    Fact.throughput: ("throughput",),
    Fact.max_size: ("max_size", "max_size_gb"),
    Fact.egress: ("egress", "egress_usd_per_gb", "egress_included_gb"),
    Fact.regions: ("regions",),
}


def _facts_in_csv_order() -> list[Fact]:
    """FACTS' order, but regions right after region_binding, where readers of the CSV have always had it."""
    facts: list[Fact] = [fact for fact in Fact if fact is not Fact.regions]
    facts.insert(facts.index(Fact.region_binding) + 1, Fact.regions)
    return facts


def _columns_of(fact: Fact) -> tuple[str, ...]:
    kind = DECLARED[fact].kind
    if kind in SIMPLE_KINDS:
        return (fact.value,)
    if fact not in OWN_COLUMNS:
        raise ValueError(f"export.py: {fact} is a fact of kind {kind}: add its columns to OWN_COLUMNS")
    return OWN_COLUMNS[fact]


CSV_COLUMNS = (
    *_OFFERING_COLUMNS,
    *(column for fact in _facts_in_csv_order() for column in _columns_of(fact)),
    *_PROVENANCE_COLUMNS,
    "pricing",  # the columns before it keep their places for readers of earlier files
    # the day the values were checked (the oldest of theirs), and each source's two dates, in the
    # order of `sources` ("undated", "not_recorded" where a source has none)
    "checked",
    "source_dates",
    "checked_dates",
)


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 6)


def _tiers(tiers: tuple[UsdTier, ...] | None) -> list[dict[str, float | None]] | None:
    if tiers is None:
        return None
    return [{"up_to_gb": _round(t.up_to_gb), "usd_per_gb_month": _round(t.usd_per_gb_month)} for t in tiers]


def _origin(origin: Origin) -> dict[str, Any]:
    return {
        "known": origin.known,
        "sources": list(origin.sources),
        "third_party": origin.third_party,
        "source_date": _iso(origin.date),
        "checked": _iso(origin.checked),
        "undated": origin.undated,
        "stale": origin.stale,
    }


def _iso(date: dt.date | None) -> str | None:
    return date.isoformat() if date else None


def source_dates(source: Source) -> dict[str, str | None]:
    """A source's two dates: the one it shows (None: undated) and the day it was checked (None: not
    recorded)."""
    return {"source_date": _iso(source.source_date), "checked": _iso(source.checked_date)}


def derived_record(figures: Figures, sources: list[Source]) -> dict[str, Any]:
    """An offering's derived figures: normalized USD values, sizes in GB, provenance per fact, and
    each source's two dates (in the order of its `sources`)."""
    usd, egress = figures.usd, figures.egress
    return {
        "usd_per_gb_month": _round(usd.headline) if usd else None,
        "usd_tiers": _tiers(usd.tiers) if usd else None,
        "usd_idle_tiers": _tiers(usd.idle_tiers) if usd else None,
        "monthly_fee_usd": _round(usd.monthly_fee_usd) if usd else None,
        "egress_usd_per_gb": _round(egress.usd_per_gb) if egress else None,
        "egress_included_gb": _round(egress.included_gb) if egress else None,
        "egress_allowance_pooled": egress.allowance_pooled if egress else None,
        "max_size_gb": _round(figures.max_size_gb),
        "regions": figures.regions,
        "source_date": _iso(figures.source_date),
        "checked": _iso(figures.checked),
        "undated": figures.undated,
        "stale": figures.stale,
        "facts": {fact.value: _origin(origin) for fact, origin in figures.facts.items()},
        "sources": [source_dates(source) for source in sources],
    }


def provider_record(provider_id: str, provider: Provider, figures: Derived) -> dict[str, Any]:
    record = {"id": provider_id, **provider.model_dump(mode="json")}
    offerings = zip(record["offerings"], provider.offerings, figures[provider_id].offerings, strict=True)
    for exported, offering, numbers in offerings:
        exported["derived"] = derived_record(numbers, offering.sources)
    absence = figures[provider_id].absence
    if absence is not None:
        sources = provider.no_persistent_storage or []
        record["derived"] = {
            "no_persistent_storage": _origin(absence),
            "sources": [source_dates(source) for source in sources],
        }
    return record


def providers_json(dataset: Dataset, derived: Derived, today: dt.date) -> dict[str, Any]:
    return {
        "version": API_VERSION,
        "generated": today.isoformat(),
        "license": DATA_LICENSE,
        "stale_after_days": STALE_AFTER_DAYS,
        "exchange_rates": dataset.rates.model_dump(mode="json")["rates"],
        "providers": [provider_record(pid, provider, derived) for pid, provider in dataset.providers.items()],
    }


# What starts a formula in a spreadsheet, also after leading spaces and in full-width form (＝＋－＠)
_FORMULA_START = frozenset("=+-@\t\r\uff1d\uff0b\uff0d\uff20")
# ...and inside a value, after a separator some reader may split on (';' in German Excel, ',' or tab)
_INNER_FORMULA = re.compile(r"([;,\t][ \u00a0\u3000]*)([=+\-@\uff1d\uff0b\uff0d\uff20])")


def _csv_text(value: Any) -> str:
    """A cell no spreadsheet will run as a formula, whichever separator it splits on: a value that
    could start one is prefixed with ', and so is a sign right after a separator inside it."""
    text = "" if value is None else str(value)
    if _INNER_FORMULA.search(text):  # rare: sub() with a template costs several times a search
        text = _INNER_FORMULA.sub(r"\1'\2", text)
    first = text.lstrip(" \u00a0\u3000")[:1] or text[:1]
    return f"'{text}" if first in _FORMULA_START else text


def _csv_row(
    provider_id: str, provider: Provider, number: int, offering: Offering, figures: Figures
) -> list[str]:
    facts = figures.facts
    row = {
        "provider_id": provider_id,
        "provider_name": provider.name,
        "offering": number,
        "kind": offering.kind.value,
        "product": offering.product,
        **_words(offering),
        **_own_cells(offering, figures),
        "source_date": _iso(figures.source_date),
        "checked": _iso(figures.checked),
        "source_dates": " ".join(_iso(s.source_date) or "undated" for s in offering.sources),
        "checked_dates": " ".join(_iso(s.checked_date) or "not_recorded" for s in offering.sources),
        "stale": "yes" if figures.stale else "no",
        "undated_facts": " ".join(fact for fact, f in facts.items() if f.known and f.undated),
        "pricing": pricing_page(provider, offering),
        "third_party_facts": " ".join(fact for fact, f in facts.items() if f.third_party),
        "unknown_facts": " ".join(fact for fact, f in facts.items() if not f.known),
        "sources": " ".join(source.url for source in offering.sources),
        "quotes": quotes_text(offering.sources),
    }
    return [_csv_text(row[column]) for column in CSV_COLUMNS]


def _words(offering: Offering) -> dict[str, str]:
    """The column of each fact of a simple kind: its word."""
    return {d.fact: str(offering.value_of(d.fact)) for d in FACTS if d.kind in SIMPLE_KINDS}


def _own_cells(offering: Offering, figures: Figures) -> dict[str, object]:
    """The columns of the facts whose kind has its own logic (OWN_COLUMNS)."""
    price = offering.price if isinstance(offering.price, Price) else None
    usd, egress = figures.usd, figures.egress
    return {
        "price_currency": price.currency.value if price else offering.price,
        "price_unit": price.unit.value if price else "",
        "price_tiers": _tiers_text(price.tiers) if price else "",
        "price_idle_tiers": _tiers_text(price.idle_tiers) if price and price.idle_tiers else "",
        "price_monthly_fee": price.monthly_fee if price else "",
        "usd_per_gb_month": _round(usd.headline) if usd else None,
        "price_basis": price.basis.value if price else "",
        "price_example_of": one_line_by_language(price.example_of) if price and price.example_of else "",
        "regions": _names_text(offering.regions),
        "throughput": offering.throughput,
        "max_size": offering.max_size,
        "max_size_gb": _round(figures.max_size_gb),
        "egress": offering.egress if isinstance(offering.egress, str) else "fee",
        "egress_usd_per_gb": _round(egress.usd_per_gb) if egress else None,
        "egress_included_gb": _round(egress.included_gb) if egress else None,
    }


def _names_text(names: object) -> str:
    """A `names` fact's cell: its names separated by spaces, or by language ('de: a, b | zh: …')."""
    if isinstance(names, dict):
        return one_line_by_language({lang: ", ".join(listed) for lang, listed in names.items()})
    return " ".join(names) if isinstance(names, list) else ""


def quotes_text(sources: list[Source]) -> str:
    """Every quote of an offering on one line, for a spreadsheet: 'fact [n]: “words”', with n the
    source's place in the `sources` column, separated by ' | '."""
    return " | ".join(
        f"{fact.value} [{number}]: “{' '.join(words.split())}”"
        for number, source in enumerate(sources, 1)
        for fact, words in source.quote.items()
    )


def _tiers_text(tiers: list[Any]) -> str:
    return ";".join(f"{t.up_to if t.up_to is not None else ''}:{t.amount}" for t in tiers)


def offerings_csv(dataset: Dataset, derived: Derived) -> str:
    buffer = io.StringIO()
    # every field quoted: a reader splitting on ';' (German Excel's default) sees no formula either
    writer = csv.writer(buffer, lineterminator="\n", quoting=csv.QUOTE_ALL)
    writer.writerow(CSV_COLUMNS)
    for pid, provider in dataset.providers.items():
        for number, (offering, figures) in enumerate(
            zip(provider.offerings, derived[pid].offerings, strict=True), 1
        ):
            writer.writerow(_csv_row(pid, provider, number, offering, figures))
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
    "history.schema.json": (HistoryRecord, "Every change to the data, from the repository's git history"),
}


def schema_files() -> dict[str, str]:
    return {name: _json_text(json_schema(model, title)) for name, (model, title) in SCHEMAS.items()}


def _json_text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2, sort_keys=False) + "\n"


def history_json(history: History, today: dt.date, repository: str) -> HistoryRecord:
    repository = repository.rstrip("/")
    return HistoryRecord(
        version=API_VERSION,
        generated=today,
        license=DATA_LICENSE,
        repository=repository,
        available=history.available,
        unavailable_reason=history.reason,
        changes=list(history.changes),
    )


def write_api(
    out: Path,
    dataset: Dataset,
    derived: Derived,
    today: dt.date,
    history: History | None = None,
    repository: str = "",
) -> list[Path]:
    """Write /api/v1/: providers.json, offerings.csv, history.json (given a history) and the JSON Schemas."""
    out.mkdir(parents=True, exist_ok=True)
    # compact: the C encoder is several times faster than indented output, and readers use tools
    # allow_nan=False: validation keeps every number finite; Infinity would not be JSON at all
    compact = json.dumps(
        providers_json(dataset, derived, today), ensure_ascii=False, separators=(",", ":"), allow_nan=False
    )
    files = {
        "providers.json": compact + "\n",
        "offerings.csv": offerings_csv(dataset, derived),
        **schema_files(),
    }
    if history is not None:
        files["history.json"] = history_json(history, today, repository).model_dump_json() + "\n"
    for name, text in files.items():
        (out / name).write_text(text, encoding="utf-8")
    return [out / name for name in files]
