"""The planner: keep the data on a volume between runs, copy it in from the provider's object storage
at each start, or download it from its origin each time; per offering, in numbers.

The page's script (docs/assets/planner/plan.js, tested under Node) computes it for the reader's
amounts in the browser. This module gives it what it reads (`planner_settings`: each offering's
figures, the defaults, the origins) and computes, with the same model, the worked example the page
shows without JavaScript (`worked_example`) for the defaults (settings.PLANNER_DEFAULTS and
PLANNER_ORIGINS) and the dataset's figures.

The model, once (plan.js follows it line by line):
- keeping costs the storage for a month at its price while a GPU runs (runs x hours a run) and its price
  without one the rest of the month (compare/cost.js, derive's USD tiers, fee and idle price), plus
  the GPU hours each run waits to read the data: size / the lowest throughput its source states
  (derive.read_mb_s);
- fetching costs, each run, the origin's price per GB out times the size and the GPU hours spent
  waiting for it (size / the origin's rate); from the provider's object storage, plus that storage's
  whole month;
- keeping pays off from the fewest runs a month at which it costs no more than fetching.
A figure the data lacks makes the result unknown (None), never 0, and names the fact it needs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..figures.derive import UsdTier
from ..inputs.facts import Fact
from ..inputs.model import HOURS_PER_MONTH, INCLUDED, StorageKind
from ..inputs.settings import PLANNER_DEFAULTS, PLANNER_ORIGINS
from .messages import Strings
from .transform import CONVERTED, OfferingView, ProviderView, SiteView

__all__ = [
    "MAX_RUNS",
    "Cost",
    "PlanOffering",
    "WorkedExample",
    "break_even",
    "fetch_cost",
    "keep_cost",
    "plan_offerings",
    "planner_settings",
    "planner_table",
    "worked_example",
]

MB_PER_GB = 1000
SECONDS_PER_HOUR = 3600
MAX_RUNS = 1000  # as plan.js: a month of runs back to back, never more than this


@dataclass(frozen=True)
class PlanOffering:
    """What the planner knows of one offering (plan.js reads the same, from the page's settings)."""

    id: str  # "<provider id>:<offering number>", as the comparison's pick names it
    provider: ProviderView
    offering: OfferingView
    tiers: tuple[UsdTier, ...] | None  # USD per GB-month; None when the price is unknown or included
    idle_tiers: tuple[UsdTier, ...] | None
    billed_idle: str
    fee: float
    max_gb: float | None
    included: bool
    read_mb_s: float | None
    currency: str | None  # its price's own currency; None where the price is unknown


def plan_offerings(view: SiteView) -> list[PlanOffering]:
    """Every offering of the view, in the page's order, with the figures the planner uses."""
    found = []
    for provider in view.providers:
        for offering in provider.offerings:
            usd = offering.figures.usd
            found.append(
                PlanOffering(
                    id=f"{provider.id}:{offering.number}",
                    provider=provider,
                    offering=offering,
                    tiers=usd.tiers if usd else None,
                    idle_tiers=usd.idle_tiers if usd else None,
                    billed_idle=offering.value(Fact.billed_while_detached),
                    fee=usd.monthly_fee_usd if usd else 0.0,
                    max_gb=offering.figures.max_size_gb,
                    included=offering.value(Fact.price) == INCLUDED,
                    read_mb_s=offering.figures.read_mb_s,
                    currency=usd.currency if usd else None,
                )
            )
    return found


# ---- the model (plan.js and compare/cost.js do the same in the browser) --------------------------------


def storage_cost(tiers: Sequence[UsdTier], fee: float, gb: float) -> float:
    """`gb` kept a month under `tiers`, with the monthly fee (cost.js: storageCost)."""
    cost, lower = fee, 0.0
    for tier in tiers:
        upper = gb if tier.up_to_gb is None else min(gb, tier.up_to_gb)
        cost += max(0.0, upper - lower) * tier.usd_per_gb_month
        if tier.up_to_gb is None or tier.up_to_gb >= gb:
            break
        lower = tier.up_to_gb
    return cost


def wait_hours(gb: float, mb_s: float | None) -> float | None:
    """Hours spent moving `gb` at `mb_s`; None where the rate is unknown."""
    return None if not mb_s or mb_s <= 0 else gb * MB_PER_GB / mb_s / SECONDS_PER_HOUR


@dataclass(frozen=True)
class Amounts:
    gb: float
    runs: int
    run_hours: float
    gpu_usd: float
    origin: str  # where the data comes from otherwise: a key of PLANNER_ORIGINS

    def rate(self, origin: str) -> float:
        return float(PLANNER_ORIGINS[origin]["rate_mb_s"])

    def usd_per_gb(self, origin: str) -> float:
        return float(PLANNER_ORIGINS[origin]["usd_per_gb"])


DEFAULT_AMOUNTS = Amounts(
    gb=float(PLANNER_DEFAULTS["gb"]),
    runs=int(PLANNER_DEFAULTS["runs"]),
    run_hours=float(PLANNER_DEFAULTS["run_hours"]),
    gpu_usd=float(PLANNER_DEFAULTS["gpu_usd"]),
    origin=str(PLANNER_DEFAULTS["from"]),
)


COST_PARTS = ("storage", "transfer", "waiting")


@dataclass(frozen=True)
class Cost:
    """A strategy's month: its storage, the wait a run, the transfer and the GPU hours spent waiting
    (in USD), their total; None where unknown, with the facts it lacks. `priced_in` gives the currency
    each part is priced in (COST_PARTS): an amount is exact there and converted in any other."""

    storage: float | None
    wait: float | None  # hours a run
    transfer: float
    waiting: float | None
    total: float | None
    missing: tuple[str, ...]
    priced_in: Mapping[str, str | None]  # per part (COST_PARTS): its currency, None for no price

    def exact_in(self, currency: str, part: str = "total") -> bool:
        """Whether `part` (one of COST_PARTS, or "total": all of them) is exact in `currency`: each amount
        in it is 0 or priced in that currency (plan.js: exactIn)."""
        parts = COST_PARTS if part == "total" else (part,)
        return all(not getattr(self, name) or self.priced_in[name] == currency for name in parts)


def _priced_in(storage: str | None, transfer: str | None) -> dict[str, str | None]:
    """Each part's currency: the storage's and the transfer's as given, the GPU's the defaults' (USD)."""
    return {"storage": storage, "transfer": transfer, "waiting": "USD"}


def keep_cost(item: PlanOffering, amounts: Amounts, runs: int) -> Cost:
    missing = []
    storage = None
    if item.tiers is None:
        missing.append("price")
    else:
        hours = min(HOURS_PER_MONTH, runs * amounts.run_hours)
        month = storage_cost(item.tiers, item.fee, amounts.gb)
        running = month * hours / HOURS_PER_MONTH
        idle_hours = HOURS_PER_MONTH - hours
        if idle_hours == 0:
            storage = running
        else:
            if item.idle_tiers:
                idle_month: float | None = storage_cost(item.idle_tiers, item.fee, amounts.gb)
            elif item.billed_idle == "no":
                idle_month = 0.0
            elif item.billed_idle in ("yes", "not_applicable"):
                idle_month = month
            else:
                idle_month = None
            if idle_month is None:
                missing.append("billed_while_detached")
            else:
                storage = running + idle_month * idle_hours / HOURS_PER_MONTH
    wait = wait_hours(amounts.gb, item.read_mb_s)
    if wait is None:
        missing.append("throughput")
    waiting = None if wait is None else runs * wait * amounts.gpu_usd
    total = None if storage is None or waiting is None else storage + waiting
    return Cost(storage, wait, 0.0, waiting, total, tuple(missing), _priced_in(item.currency, None))


def fetch_cost(
    origin: str, amounts: Amounts, runs: int, store: PlanOffering | None, needs_store: bool
) -> Cost:
    storage: float | None = 0.0
    missing = []
    if needs_store:
        if store is None or store.tiers is None:
            storage = None
            missing.append("object_storage")
        else:
            storage = storage_cost(store.tiers, store.fee, amounts.gb)
    wait = wait_hours(amounts.gb, amounts.rate(origin))
    transfer = runs * amounts.gb * amounts.usd_per_gb(origin)
    waiting = None if wait is None else runs * wait * amounts.gpu_usd
    total = None if storage is None or waiting is None else storage + transfer + waiting
    priced_in = _priced_in(store.currency if store else None, "USD")
    return Cost(storage, wait, transfer, waiting, total, tuple(missing), priced_in)


def stores_by_provider(items: Sequence[PlanOffering]) -> dict[str, list[PlanOffering]]:
    """Each provider's object storages with a known price, by provider id: made once for the offerings,
    so that finding an offering's store looks at its provider's alone (store_for)."""
    stores: dict[str, list[PlanOffering]] = {}
    for item in items:
        if item.offering.kind == StorageKind.object_storage and item.tiers is not None:
            stores.setdefault(item.provider.id, []).append(item)
    return stores


def store_for(stores: Mapping[str, Sequence[PlanOffering]], provider: str, gb: float) -> PlanOffering | None:
    """The provider's object storage that holds `gb` for the least (`stores`: stores_by_provider)."""
    holding = [item for item in stores.get(provider, ()) if item.max_gb is None or gb <= item.max_gb]
    return min(holding, key=lambda item: storage_cost(item.tiers or (), item.fee, gb), default=None)


def max_runs(amounts: Amounts) -> int:
    return MAX_RUNS if amounts.run_hours <= 0 else min(MAX_RUNS, int(HOURS_PER_MONTH // amounts.run_hours))


def break_even(keep: Callable[[int], Cost], other: Callable[[int], Cost], most: int) -> int | None:
    """The fewest runs a month from which keeping costs no more than the other way; None when it never
    does up to `most` runs (callers check that both costs are known)."""
    for runs in range(most + 1):
        kept, fetched = keep(runs).total, other(runs).total
        assert kept is not None and fetched is not None
        if kept <= fetched + 1e-9:
            return runs
    return None


# ---- the worked example --------------------------------------------------------------------------------


@dataclass(frozen=True)
class WorkedExample:
    """The planner's method on one offering of the data, for the default amounts."""

    item: PlanOffering
    store: PlanOffering | None  # its provider's object storage, where the data has one with a price
    amounts: Amounts
    keep: Cost
    download: Cost  # from the default origin
    copy: Cost | None  # from the provider's object storage; None where the provider has none
    break_even: int | None

    @property
    def converted(self) -> bool:
        """Whether an amount it shows (in USD) was converted from another currency."""
        return not all(cost.exact_in("USD") for cost in (self.keep, self.download, self.copy) if cost)


def _complete(item: PlanOffering, amounts: Amounts) -> bool:
    return (
        item.offering.kind != StorageKind.object_storage
        and (item.max_gb is None or amounts.gb <= item.max_gb)
        and keep_cost(item, amounts, amounts.runs).total is not None
    )


def worked_example(items: Sequence[PlanOffering], amounts: Amounts = DEFAULT_AMOUNTS) -> WorkedExample | None:
    """The first offering of `items` (plan_offerings: the page's order) whose every figure the method
    needs is known, one whose provider also has an object storage with a price before the others; None
    where none is."""
    complete = [item for item in items if _complete(item, amounts)]
    if not complete:
        return None
    stores = stores_by_provider(items)
    with_store = [item for item in complete if store_for(stores, item.provider.id, amounts.gb)]
    chosen = (with_store or complete)[0]
    store = store_for(stores, chosen.provider.id, amounts.gb)
    origin = amounts.origin if amounts.origin != "object" else "internet"

    def keep(runs: int) -> Cost:
        return keep_cost(chosen, amounts, runs)

    def download(runs: int) -> Cost:
        return fetch_cost(origin, amounts, runs, None, False)

    return WorkedExample(
        item=chosen,
        store=store,
        amounts=amounts,
        keep=keep(amounts.runs),
        download=download(amounts.runs),
        copy=fetch_cost("object", amounts, amounts.runs, store, True) if store else None,
        break_even=break_even(keep, download, max_runs(amounts)),
    )


# ---- what the page's script reads ----------------------------------------------------------------------


def _pairs(tiers: tuple[UsdTier, ...] | None) -> list[list[float | None]] | None:
    return None if tiers is None else [[tier.up_to_gb, tier.usd_per_gb_month] for tier in tiers]


def _links(view: SiteView, item: PlanOffering, site_root: str) -> dict[str, str]:
    page = f"{site_root}{view.prefix}providers/{item.provider.id}/"
    return {
        "link": f"{page}#offering-{item.offering.number}",
        "report": f"{page}#report-{item.offering.number}",
    }


def planner_settings(
    items: Sequence[PlanOffering], view: SiteView, filters: dict[str, Fact], site_root: str
) -> dict[str, Any]:
    """The planner's settings without its strings: each offering's figures (in the page's order), the
    filters' values (the comparison's filters apply), the defaults and the origins."""
    offerings = []
    for item in items:
        offering, provider = item.offering, item.provider
        offerings.append(
            {
                "id": item.id,
                "provider": provider.id,
                "provider_name": provider.name,
                "product": offering.product,
                "kind": offering.kind,
                "tiers": _pairs(item.tiers),
                "idle_tiers": _pairs(item.idle_tiers),
                "billed_idle": item.billed_idle,
                "fee": item.fee,
                "max_gb": item.max_gb,
                "included": item.included,
                "read_mb_s": item.read_mb_s,
                "currency": item.currency,
                "data": {
                    "kind": offering.kind,
                    "egress": offering.value(Fact.egress),
                    **{name: offering.value(fact) for name, fact in filters.items()},
                },
                # its details and its report line on its provider's page (as the comparison's details do)
                **_links(view, item, site_root),
            }
        )
    return {
        "offerings": offerings,
        "defaults": dict(PLANNER_DEFAULTS),
        "origins": {name: dict(origin) for name, origin in PLANNER_ORIGINS.items()},
        "hours_per_month": HOURS_PER_MONTH,
        "max_runs": MAX_RUNS,
    }


# ---- the results table as the page holds it ----------------------------------------------------------------

REPORTED = ("price", "billed_while_detached", "throughput")  # as view.js: the facts a reader can report


@dataclass(frozen=True)
class UnknownCell:
    """A figure the data lacks, as view.js writes it: what is missing, and the report link if any."""

    text: str
    report: str | None


@dataclass(frozen=True)
class TableRow:
    """An offering's row of the planner's table for the default amounts: its name and link, and each
    cell's unknown figure (None: a figure the script writes; a str: a text that needs no figure)."""

    id: str
    name: str
    link: str
    cells: tuple[UnknownCell | str | None, ...]  # keep, wait, the alternative, cheaper, break-even


def word_gap(t: Strings) -> str:
    """What stands between two parts of a text in the language: a space, or nothing (Chinese)."""
    return t("text.sentences", first="", second="")


def _unknown(item: PlanOffering, missing: Sequence[str], t: Strings, report: str) -> UnknownCell:
    if item.included and "price" in missing:
        return UnknownCell(t("planner.missing.included"), None)
    names = {
        "price": t("column.price"),
        "billed_while_detached": t("column.billed_while_detached"),
        "throughput": t("column.throughput"),
        "object_storage": t("planner.missing.object_storage"),
    }
    text = t("planner.unknown", what=t.join([names[name] for name in missing]))
    return UnknownCell(text, report if any(name in REPORTED for name in missing) else None)


def planner_table(
    items: Sequence[PlanOffering], view: SiteView, site_root: str, amounts: Amounts = DEFAULT_AMOUNTS
) -> list[TableRow]:
    """The planner table's rows for the default amounts, without filters, in its order (view.js: the
    offerings with an answer first, the cheapest to keep first): the page holds them, so that the
    script writes their figures in place instead of making the table at load. What the data lacks is
    said as the script says it; the figures are left to the script (its locale's number format)."""
    t = view.t
    stores = stores_by_provider(items)
    made = []
    for item in items:
        if item.offering.kind == StorageKind.object_storage or not (
            item.max_gb is None or amounts.gb <= item.max_gb
        ):
            continue
        store = store_for(stores, item.provider.id, amounts.gb)
        needs_store = amounts.origin == "object"
        keep = keep_cost(item, amounts, amounts.runs)
        other = fetch_cost(amounts.origin, amounts, amounts.runs, store, needs_store)
        links = _links(view, item, site_root)
        unknown = t("value.unknown")
        answered = keep.total is not None and other.total is not None
        cells = (
            None if keep.total is not None else _unknown(item, keep.missing, t, links["report"]),
            None if keep.wait is not None else _unknown(item, ("throughput",), t, links["report"]),
            None if other.total is not None else _unknown(item, other.missing, t, links["report"]),
            None if answered else unknown,
            None if answered else unknown,
        )
        name = f"{item.provider.name}: {item.offering.product}"
        made.append((keep.total if answered else None, TableRow(item.id, name, links["link"], cells)))
    made.sort(key=lambda pair: (pair[0] is None, pair[0] or 0.0))
    return [row for _, row in made]


# ---- the worked example in words ------------------------------------------------------------------------


def _money(amount: float, t: Strings) -> str:
    return t.money(round(amount, 2), "USD")


def _cost_money(cost: Cost, part: str, t: Strings) -> str:
    """A cost's `part` (or "total") in USD, with "≈" where a price in it was converted (view.js: money)."""
    amount = cost.total if part == "total" else getattr(cost, part)
    assert amount is not None
    return ("" if cost.exact_in("USD", part) else CONVERTED) + _money(amount, t)


def duration_text(hours: float, t: Strings) -> str:
    """A wait as plan.js words it: minutes below an hour, else hours, with one decimal at most."""
    if hours < 1:
        return t("planner.minutes", value=t.decimal(hours * 60))
    return t("planner.hours", value=t.decimal(hours))


def _copy_in(example: WorkedExample, t: Strings) -> tuple[str, float | None]:
    """The worked example's copy-in sentence, and that way's monthly total (None: no store to copy from)."""
    if example.copy is None or example.store is None:
        return t("planner.example.no_copy"), None
    assert example.copy.storage is not None and example.copy.total is not None
    sentence = t(
        "planner.example.copy",
        store=f"{example.store.provider.name}: {example.store.offering.product}",
        storage=_cost_money(example.copy, "storage", t),
        total=_cost_money(example.copy, "total", t),
    )
    return sentence, example.copy.total


def _break_even_text(even: int | None, amounts: Amounts, t: Strings) -> str:
    """From how many runs a month keeping pays off, as the script words it (view.js: evenText)."""
    if even is None:
        return t("planner.never", count=max_runs(amounts))
    if even == 0:
        return t("planner.always")
    return t("planner.break_even", count=even)


def example_sentences(example: WorkedExample, t: Strings) -> dict[str, str]:
    """The worked example's sentences in the page's language (planner_example.md.j2 lays them out)."""
    amounts, item = example.amounts, example.item
    keep, download = example.keep, example.download
    assert keep.storage is not None and keep.wait is not None and keep.waiting is not None
    assert keep.total is not None and download.wait is not None and download.total is not None
    origin = amounts.origin if amounts.origin != "object" else "internet"
    gb = f"{t.decimal(amounts.gb)} GB"
    sentences = {
        "intro": t(
            "planner.example.intro",
            offering=f"{item.provider.name}: {item.offering.product}",
            gb=gb,
            runs=amounts.runs,
            run_hours=t.decimal(amounts.run_hours),
            gpu=_money(amounts.gpu_usd, t),
        ),
        "storage": t(
            "planner.example.storage",
            price=item.offering.cells[Fact.price].text,
            amount=_cost_money(keep, "storage", t),
        ),
        "wait": t(
            "planner.example.wait",
            gb=t.decimal(amounts.gb),
            rate=f"{t.decimal(item.read_mb_s or 0)} MB/s",
            time=duration_text(keep.wait, t),
            runs=amounts.runs,
            cost=_cost_money(keep, "waiting", t),
        ),
        "keep": t("planner.example.keep", total=_cost_money(keep, "total", t)),
        "download": t(
            "planner.example.download",
            origin=t(f"planner.from.{origin}"),
            rate=f"{t.decimal(amounts.rate(origin))} MB/s",
            price=_money(amounts.usd_per_gb(origin), t),
            time=duration_text(download.wait, t),
            total=_cost_money(download, "total", t),
        ),
    }
    ways = {
        t("planner.way.keep"): keep.total,
        t("planner.way.download", origin=t(f"planner.from.{origin}")): download.total,
    }
    sentences["copy_in"], copy_total = _copy_in(example, t)
    if copy_total is not None:
        ways[t("planner.way.copy")] = copy_total
    sentences["result"] = t(
        "planner.example.result",
        origin=t(f"planner.from.{origin}"),
        break_even=_break_even_text(example.break_even, amounts, t),
        cheapest=min(ways, key=lambda name: ways[name]),
    )
    return sentences


def planner_strings(t: Strings) -> dict[str, Any]:
    """The texts the planner's script fills in (plural messages stay a mapping of forms)."""
    return {
        "per_month": t.message("calc.per_month"),
        "invalid": t.message("calc.invalid"),
        "unknown": t.message("planner.unknown"),
        "unknown_short": t("value.unknown"),
        "missing": {
            "price": t("column.price"),
            "billed_while_detached": t("column.billed_while_detached"),
            "throughput": t("column.throughput"),
            "object_storage": t("planner.missing.object_storage"),
        },
        "included": t("planner.missing.included"),
        "report": t("planner.report"),
        "gap": word_gap(t),  # before the report link: a space, none in Chinese
        "cheaper": {way: t(f"planner.cheaper.{way}") for way in ("keep", "fetch", "same")},
        "break_even": t.message("planner.break_even"),
        "always": t("planner.always"),
        "never": t.message("planner.never"),
        "too_small": t.message("planner.too_small"),
        "none": t("planner.none"),
        "minutes": t.message("planner.minutes"),
        "hours": t.message("planner.hours"),
        "filtered": t.message("planner.filtered"),
        "from": {origin: t(f"planner.from.{origin}") for origin in PLANNER_ORIGINS},
        "gpu": t.message("planner.gpu"),
        "gb_price": t.message("planner.gb_price"),
        "way_keep": t("planner.way.keep"),
        "way_copy": t("planner.way.copy"),
        "way_download": t.message("planner.way.download"),
        "chart_title": t("planner.chart.title"),
        "chart_desc": t.message("planner.chart.desc"),
        "axis_runs": t("planner.axis.runs"),
        "axis_cost": t.message("planner.axis.cost"),
        "labelled": t.message("text.labelled"),
        "break_even_label": t("planner.col.break_even"),
    }
