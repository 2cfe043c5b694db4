"""The interface strings every `data/i18n/<lang>.yaml` holds under `ui:`, defined once.

One line per key: the key, then the placeholders its text may use (each written `{name}`); the keys
each fact needs (its names, `column.<fact>` and `column_short.<fact>`) follow from its declaration in
facts.py. A strings file must have every key and no other; its texts may use only their key's
placeholders, and no markup. Add a key here first, then to every strings file (the build names any
that lack it).
"""

from __future__ import annotations

import difflib
import re

from .facts import FACTS
from .load import Document
from .problems import Problem

DEFINITION = """
site.name
site.description
site.og_locale
lead {offerings} {providers}
comparison.caption
column.provider
column.product
column.kind
column.checked
kind.network_volume
kind.block_volume
kind.shared_filesystem
kind.object_storage
kind.persistent_home
answer.yes
answer.no
answer.partial
answer.not_applicable
answer.unknown
region.machine
region.datacenter
region.zone
region.region
region.global
region.unknown
value.unknown
value.varies
egress.free
egress.included {amount}
price.tier_up_to {rate} {size}
price.tier_above {rate}
price.monthly_fee {amount}
unit.GB-month
unit.GiB-month
unit.GB-hour
unit.GiB-hour
unit.GB
unit.GiB
unit.TB-month
unit.TiB-month
unit.TB-hour
unit.TiB-hour
unit.GB-day
unit.GiB-day
unit.TB-day
unit.TiB-day
provenance.third_party
provider.website
provider.offerings
provider.sources
provider.covers
provider.transcribes
provider.no_storage
provider.details
provider.notes
providers.title
providers.intro
providers.count {count}
faq.title
stale.badge
stale.title {days}
provider.edit_link
provider.report_link
report.shortened
faq.billed.question
faq.billed.answer {list}
faq.egress_free.question
faq.egress_free.answer {list}
faq.shared.question
faq.shared.answer {list}
faq.spot.question
faq.spot.answer {list}
faq.none
faq.unknown_count {count}
faq.cheapest.question
faq.cheapest.answer {offering} {price} {priced}
data.counts {days} {known} {offerings} {providers} {stale} {third_party} {undated} {unknown}
data.rate {currency} {date} {source} {usd}
data.endpoint.providers
data.endpoint.offerings
data.endpoint.schema
data.endpoint.rates
data.endpoint.history
data.endpoint.history_schema
tools.presets
preset.finetune.label
preset.finetune.explain
preset.pipeline.label
preset.pipeline.explain
preset.fleet.label
preset.fleet.explain
preset.reset
tools.filters
filter.name
filter.kind
filter.any
filter.egress_free
tools.calculator
calc.gb
calc.months
calc.out
calc.egress_unknown
calc.price_unknown
calc.note
tools.show_all {count}
contribute.guide
contribute.add
contribute.wrong
contribute.files
provider.description {name}
price.idle {price}
price.with_idle {price} {idle}
egress.pooled
undated.badge
undated.title
undated.some
undated.some_title
regions.count {count}
coverage.row
coverage.cell {known} {total}
coverage.item {column} {count} {known}
calc.allowance_pooled
faq.idle.question
faq.idle.answer {list}
lead.providers {count}
lead.offerings {count}
faq.cheapest.priced {count}
data.values {count}
data.values_plain {count}
data.days {count}
column.cost
column_short.product
column_short.checked
column_short.cost
text.aside {text}
throughput.up_to {value}
throughput.see_source
data.as_of {date}
data.downloads
tools.noscript
tools.toggle
tools.empty
tools.skip
filter.sort
filter.sort_none
filter.direction
filter.ascending
filter.descending
filter.known
filter.none_left
calc.currency
calc.rate {currency} {date} {usd}
calc.per_month {amount}
calc.idle_line {amount} {hours}
calc.total_line {amount} {count}
calc.too_large {size}
calc.invalid {example} {max}
completeness {count} {known}
report.field {field}
price.source_link
footer.text
notfound.title
notfound.text
notfound.guide
notfound.providers
notfound.search
text.sentences {first} {second}
text.labelled {label} {text}
history.title
history.empty
history.unavailable {reason}
history.reason.shallow
history.reason.no_repository
history.reason.no_git
history.reason.git_error
history.changed {fact} {new} {old}
history.with_difference {change} {difference}
history.now_example {case}
history.now_list {case}
history.example_case {new} {old}
history.in_data {new} {old}
history.provider_added
history.provider_removed
history.provider_renamed {file}
history.offering_added
history.offering_removed
history.commit
history.feed
changes.shown {shown} {total}
feed.title {site}
feed.provider_title {provider}
translation.outdated
translation.source
breadcrumb.label
breadcrumb.guide
provider.in_comparison {name}
changes.filter_provider
changes.any_provider
changes.filter_change
changes.any_change
changes.group.price
changes.group.value
changes.group.added
changes.group.removed
changes.older {count}
changes.none_match
feed.page_intro
feed.page_link
price.free
price.free_up_to {size}
price.free_then {size} {rate}
price.plus_fee {price} {fee}
price.fee_only {fee}
price.included_short
value.included
legend.converted {date}
calc.idle_per_month {amount}
calc.storage_per_month {amount}
calc.idle_rate {amount}
calc.not_billed_idle
calc.idle_cost_unknown
value.source_wording {text}
value.source_quote {language} {text}
price.page_missing
count.offerings {count}
count.providers {count}
count.shown {offerings} {providers}
count.folded {shown} {total}
binding_short.machine
binding_short.datacenter
binding_short.zone
binding_short.region
binding_short.global
binding_short.varies
evidence.column
evidence.short
evidence.title {date} {doubts}
legend.label
contents.label
preset.changed {preset} {explanation}
column.idle
check.throughput
check.idle
check.binding
check.limits
check.egress
tools.show_results {count}
date.source
date.checked
date.not_recorded
calc.hours
calc.running_line {amount} {hours}
calc.idle_unknown
pick.label {offering}
pick.open {count}
pick.clear
pick.title
pick.close
pick.no_size
price.example
price.example_title
price.example_of {case}
region.varies
freshness.title
freshness.confirmed {days}
freshness.weak
freshness.oldest
freshness.no_date
freshness.explain {days}
check.planner
guide.planner
planner.link
planner.noscript
planner.inputs
planner.gb
planner.runs
planner.run_hours
planner.gpu {currency}
planner.from
planner.from.object
planner.from.cloud
planner.from.internet
planner.rate
planner.gb_price {currency}
planner.filtered {shown} {total}
planner.clear_filters
planner.caption
planner.col.offering
planner.col.keep
planner.col.wait
planner.col.alternative
planner.col.cheaper
planner.col.break_even
planner.cheaper.keep
planner.cheaper.fetch
planner.cheaper.same
planner.break_even {count}
planner.always
planner.never {count}
planner.unknown {what}
planner.missing.object_storage
planner.missing.included
planner.report
planner.too_small {count} {size}
planner.none
planner.minutes {value}
planner.hours {value}
planner.ways
planner.choose
planner.way.keep
planner.way.copy
planner.way.download {origin}
planner.row.storage
planner.row.wait
planner.row.transfer
planner.row.waiting
planner.row.total
planner.chart.title
planner.chart.desc {max}
planner.axis.runs
planner.axis.cost {currency}
planner.points.caption
planner.example.intro {gb} {gpu} {offering} {run_hours} {runs}
planner.example.storage {amount} {price}
planner.example.wait {cost} {gb} {rate} {runs} {time}
planner.example.keep {total}
planner.example.download {origin} {price} {rate} {time} {total}
planner.example.copy {storage} {store} {total}
planner.example.no_copy
planner.example.result {break_even} {cheapest} {origin}
planner.example.none
"""


def _parse(definition: str) -> dict[str, frozenset[str]]:
    keys: dict[str, frozenset[str]] = {}
    for line in definition.strip().splitlines():
        key, *placeholders = line.split()
        if key in keys or not all(re.fullmatch(r"\{[a-z][a-z_]*\}", p) for p in placeholders):
            raise ValueError(f"ui_strings.py: {line!r} is listed twice or has a placeholder not as {{name}}")
        keys[key] = frozenset(p.strip("{}") for p in placeholders)
    return keys


def _fact_keys() -> dict[str, frozenset[str]]:
    """The strings each fact needs (facts.FACTS): `column.<fact>`, its name (in table heads, fact rows,
    sources' lists of what they cover, histories), and for a column of the comparison
    `column_short.<fact>`, its short head. None takes a placeholder."""
    names = [f"column.{d.fact}" for d in FACTS] + [f"column_short.{d.fact}" for d in FACTS if d.column]
    return dict.fromkeys(names, frozenset())


def _keys() -> dict[str, frozenset[str]]:
    listed, of_facts = _parse(DEFINITION), _fact_keys()
    twice = sorted(listed.keys() & of_facts.keys())
    if twice:
        raise ValueError(f"ui_strings.py: {', '.join(twice)} come from facts.FACTS; list them no more")
    return listed | of_facts


KEYS: dict[str, frozenset[str]] = _keys()

# Keys whose text must have a particular form, with that form in words.
FORMATS: dict[str, tuple[re.Pattern[str], str]] = {
    "site.og_locale": (re.compile(r"^[a-z]{2,3}_[A-Z]{2}$"), "a locale such as de_DE or zh_CN"),
    # the changed preset's whole text: without the explanation a reader would lose it on a change
    "preset.changed": (
        re.compile(r"^(?=.*\{preset\})(?=.*\{explanation\})", re.S),
        "a text holding both {preset} and {explanation}",
    ),
}
_TEMPLATE = re.compile(r"\{[{%#]|[}%#]\}")  # Jinja's {{ }}, {% %} and {# #}
_BRACES = re.compile(r"\{([^{}]*)\}|[{}]")
_NAME = re.compile(r"^[a-z][a-z_]*$")
_MARKUP = re.compile(r"[<>]|&(?:#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);")


def _allowed(key: str) -> str:
    names = sorted(KEYS[key])
    return f"it may use {', '.join('{' + n + '}' for n in names)}" if names else "it takes none"


def markup_problem(label: str, text: str) -> str | None:
    """Interface texts are plain: no HTML tags, angle brackets or character references."""
    found = _MARKUP.search(text)
    if found is None:
        return None
    return (
        f"{label} holds markup ('{found.group()}' at character {found.start() + 1}); interface texts "
        "are plain text: no HTML tags, < or >, or character references like &amp;"
    )


def text_problems(key: str, text: str) -> list[str]:
    """What is wrong with the text of one known key, in words (the caller adds the location)."""
    label = f"'{key}'"
    problems = []
    markup = markup_problem(label, text)
    if markup:
        problems.append(markup)
    template = _TEMPLATE.search(text)
    if template:
        problems.append(
            f"{label} holds template syntax '{template.group()}' at character {template.start() + 1}; "
            "placeholders are written {name}, and texts may not hold other braces"
        )
        return problems
    for found in _BRACES.finditer(text):
        where = f"at character {found.start() + 1}"
        name = found.group(1)
        if name is None:
            problems.append(
                f"{label} has a lone '{found.group()}' {where}; placeholders are written {{name}}, and "
                "texts may not hold other braces"
            )
        elif not _NAME.match(name):
            problems.append(
                f"{label} has the placeholder '{{{name[:30]}}}' {where}; placeholders are plain names "
                f"such as {{count}} ({_allowed(key)})"
            )
        elif name not in KEYS[key]:
            problems.append(f"{label} has no placeholder {{{name}}} ({_allowed(key)})")
    if key in FORMATS and not FORMATS[key][0].match(text):
        problems.append(f"{label} must be {FORMATS[key][1]}")
    return problems


def check_file(doc: Document) -> list[Problem]:
    """Every problem of one strings file's texts: unknown keys, placeholders, markup, formats."""
    value = doc.value if isinstance(doc.value, dict) else {}
    ui, faq = value.get("ui"), value.get("faq")
    problems = []
    for key, text in ui.items() if isinstance(ui, dict) else ():
        if key not in KEYS:
            close = difflib.get_close_matches(key, KEYS, n=1, cutoff=0.8)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            problems.append(
                doc.problem(
                    ("ui", key),
                    f"unknown UI string '{key}'{hint}"
                    " (the keys are listed in hooks/gpustorage/inputs/ui_strings.py)",
                )
            )
        elif isinstance(text, str):
            problems += [doc.problem(("ui", key), message) for message in text_problems(key, text)]
        elif isinstance(text, dict):  # plural forms, each a text of its own
            for form, form_text in text.items():
                if isinstance(form_text, str):
                    found = text_problems(key, form_text)
                    problems += [doc.problem(("ui", key, form), message) for message in found]
    for number, item in enumerate(faq if isinstance(faq, list) else []):
        for part in ("question", "answer"):
            text = item.get(part) if isinstance(item, dict) else None
            markup = markup_problem(f"'{part}'", text) if isinstance(text, str) else None
            if markup:
                problems.append(doc.problem(("faq", number, part), markup))
    return problems


def missing_keys(docs: dict[str, Document]) -> list[Problem]:
    """Every key of the definition in every strings file, naming the files that have it."""
    present = {
        lang: set(doc.value["ui"]) if isinstance(doc.value.get("ui"), dict) else set()
        for lang, doc in docs.items()
    }
    problems = []
    for lang, doc in docs.items():
        for key in sorted(KEYS.keys() - present[lang]):
            owners = ", ".join(sorted(other for other, keys in present.items() if key in keys))
            where = f"present in {owners}" if owners else "listed in hooks/gpustorage/inputs/ui_strings.py"
            problems.append(doc.problem(("ui",), f"missing UI string '{key}' ({where})"))
    return problems
