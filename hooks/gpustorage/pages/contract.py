"""The contract between the generated comparison and the script that drives it (docs/assets/compare/).

Templates write these data attributes and URL parameters; the script's modules read them and nothing else.
The columns and filters follow the facts' declarations (facts.py).
tests/pages/test_contract.py checks both sides against the names defined here, so a rename cannot
silently break the page.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..inputs.facts import FACTS, Fact, Filter

# The guide's three workload patterns as filter and sort settings (URL parameter -> value).
PRESETS: dict[str, dict[str, str]] = {
    "finetune": {
        "kind": "network_volume,block_volume,shared_filesystem,persistent_home",
        "sort": "price",
        "dir": "asc",
    },
    "pipeline": {
        "kind": "network_volume,block_volume,shared_filesystem",
        "sort": "throughput",
        "dir": "desc",
    },
    "fleet": {"multi": "yes", "sort": "price", "dir": "asc"},
}


def _declared_filters() -> list[tuple[Filter, Fact]]:
    """The filters the facts declare, each with its fact, in the order of their names (the order the
    page shows them in)."""
    pairs = [(declaration.filter, declaration.fact) for declaration in FACTS if declaration.filter]
    return sorted(pairs, key=lambda pair: pair[0].name)


# Filters on worded facts: URL parameter (and row attribute) -> fact.
FILTERS: dict[str, Fact] = {filter_.name: fact for filter_, fact in _declared_filters()}

# The choices each filter offers (besides "any"), in the order shown.
FILTER_VALUES: dict[str, list[str]] = {
    filter_.name: list(filter_.choices) for filter_, _ in _declared_filters()
}

# Filters that take several values at once, as checkboxes ("region=zone,region"), like the kinds.
LIST_FILTERS = ("region",)

# Columns of the comparison, in order: the product, one per fact shown, and the date checked.
COLUMNS: tuple[Fact, ...] = tuple(declaration.fact for declaration in FACTS if declaration.column)

# data-* attributes of each offering row (<tr class="gs-offering">), with what they hold.
ROW_ATTRIBUTES: dict[str, str] = {
    "provider": "the provider's id",
    "kind": "the storage kind",
    **{
        name: f"the raw value of '{fact.value}' (yes, no, zone, unknown...)" for name, fact in FILTERS.items()
    },
    "egress": "free, varies, unknown, or table (a fee: see egress-rate)",
    "tiers": "the price as JSON [[upper bound in GB or null, USD per GB-month], ...]; absent when unknown",
    "price-basis": "list or example (derive.BASIS_RANK: an example sorts after a list price of the same "
    "amount); absent when the price is unknown",
    "currency": "the price's own currency (an amount in it is exact, in another converted: ≈); absent "
    "when the price is unknown",
    "fee": "a fixed monthly fee in USD",
    "price": "included where the storage is part of a plan or an instance, with no price of its own "
    "(its own group in a sort by price or cost); absent otherwise",
    "idle-tiers": "like tiers: the price while no GPU uses the storage, where it differs",
    "billed-idle": "yes, no or unknown: whether the storage bills while no GPU uses it",
    "egress-rate": "USD per GB of outbound traffic",
    "egress-included": "free outbound GB per month",
    "egress-pooled": "present when the free allowance is pooled per account (not counted)",
    "max-gb": "the largest size in GB",
}
# data-* attributes elsewhere: provider groups (<tbody>), cells and headers, preset buttons.
GROUP_ATTRIBUTES = ("provider", "name")
# value: the amount of a cost cell (the script writes it); label: the short column name a card shows
# symbol: an answer's symbol, which the style sheet draws (its word is the cell's text)
CELL_ATTRIBUTES = ("column", "sort", "value", "label", "symbol")
# an amount (span.gs-money) in a cell or a row's details: in US dollars, the source's currency, and
# "1" for a rate per GB-month (three significant digits) rather than a sum; the script shows it in the
# reader's currency
MONEY_ATTRIBUTES = ("usd", "cur", "rate")
# preset buttons; a filter option's own label and the option a count belongs to ("kind:object_storage");
# keep: on a link to another page (the planner), the URL parameters of the view it carries there
CONTROL_ATTRIBUTES = ("preset", "label", "for", "keep")
# An offering's details (render_html.offering_details) are on its provider's page and, alone, in this file
# beside it (providers/<id>/details.html): the comparison's script opens a row's details from there
DETAILS_FILE = "details.html"
# A comparison longer than settings.FOLD_ABOVE_ROWS holds its first rows; the others are in this file
# beside it as JSON, which the script reads before it starts (main.js; render_html.rows_index): each
# provider's rows (without ROW_ATTRIBUTES) and, per offering, those attributes and its cells' sort keys
ROWS_FILE = "rows.json"
# The comparison's script in the site, one module that the build assembles from docs/assets/compare/
# (gpustorage.pages.script); the pages that hold the comparison load it, and no other page
COMPARISON_SCRIPT = "assets/comparison.js"
# The planner's script (keep, copy in or download again: its own page), assembled the same way from
# docs/assets/planner/, which reuses the comparison's cost model; the planner's pages load it, no other
PLANNER_SCRIPT = "assets/planner.js"
# The planner's own style rules, which its pages alone load after the site's (assets/site.css, every
# page's); minified by the build as the site's are (gpustorage.pages.script)
PLANNER_STYLE = "assets/planner.css"
# The changes page's filter, one module in docs/ of the same name (minified there, as the others are);
# the changes pages load it (render.page_scripts), no other; the list is complete without it
CHANGES_SCRIPT = "assets/changes.js"
# What the comparison's link to the planner carries of its view (state.js: queryKeeper): its filters and
# the size and currency of its calculator; the planner reads them as they are (docs/assets/planner/)
PLANNER_CARRIED = (
    "name",
    "kind",
    "egress",
    *(filter_.name for filter_, _ in _declared_filters()),
    "gb",
    "cur",
)


@dataclass(frozen=True)
class CountWording:
    """How the comparison words a count, the page and the script alike (render_html.count_text; the
    page's settings.counts for numbers.js countWriter): `message` (a key of ui_strings.py) filled with
    numbers by name, a number worded by the message `numbers` names for it ({count}) or else written as
    a number, and 0 by the message `none` where it names one."""

    message: str
    numbers: Mapping[str, str] = field(default_factory=dict)
    none: str | None = None


# The counts the comparison words, by name
COUNT_WORDING: dict[str, CountWording] = {
    # what the table shows: "12 offerings from 9 providers" (offerings, providers)
    "shown": CountWording("count.shown", {"offerings": "count.offerings", "providers": "count.providers"}),
    # while a long table is folded: "50 of 400 offerings shown" (shown, total)
    "folded": CountWording("count.folded"),
    # beside a filter's choice, the offerings it leaves, in the language's brackets: " (12)", " (none)" (text)
    "choice": CountWording("text.aside", none="filter.none_left"),
}

# URL parameters of the view (shared links keep filters, sort and amounts). The script takes a value from
# a link only if the page offers it (a control's choice, a preset, a rate; name and amounts are free).
URL_PARAMETERS = (
    *("name", "kind", "egress", "sort", "dir", "known", "gb", "months", "out", "cur", "preset", "all"),
    "hours",  # the hours a month the GPU runs (the calculator's idle question); none: all month
    "pick",  # offerings ticked to compare: "<provider-id>:<offering number>,..." (pick.js)
    "side",  # "1": the ticked offerings shown side by side
    *FILTERS,
)
