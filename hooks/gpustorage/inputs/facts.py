"""The facts of an offering, each declared once: the kind of value it holds and where the site shows it.

A fact is a value of a storage offering that a source can cover: its price, whether it bills while no
GPU uses it, its throughput... `Fact` names them; `FACTS` declares each, in the same order: its kind
of value, whether the comparison shows it as a column (columns keep FACTS' order), the comparison's
filter on it if any, whether a provider file may leave it out, and its description in the JSON
Schema. The generator reads these declarations:

- model.py: each fact's field in a provider file, in FACTS' order (and so the JSON Schema);
- contract.py: the comparison's columns and filters (COLUMNS, FILTERS, FILTER_VALUES);
- ui_strings.py: the strings each fact needs (`column.<fact>`, and `column_short.<fact>` for a column);
- derive.py: the sort key of a worded fact; transform.py: the words of its values;
- export.py: its field in providers.json, and its column in offerings.csv for a worded fact;
- render_html.py: its cell in the comparison (one per column) and its row on the provider page.

Adding a fact of a simple kind (`answer` or `binding`: a word from a fixed list) takes:

1. here, a member of `Fact` and its declaration in `FACTS`, each at the place it should take (the
   order of fields in a file and in the schema, and of the columns);
2. in every `data/i18n/<lang>.yaml`, its name `column.<fact>` and, for a column, its short head
   `column_short.<fact>` (the build names any that is missing);
3. its value in every provider file, named in the `covers` list of a source that states it; a fact
   declared `optional=True` may be left out and is then unknown (a required one also needs a value in
   tests/fixtures/providers, tests/conftest.py's GOOD_PROVIDER, tests/fixture_history.py and
   bench/projects.py's synthetic files);
4. `make schema`; its line in data/README.md and in .github/ISSUE_TEMPLATE/wrong-value.yml.

A fact of a kind with its own logic takes the same, and code of its own:

- `size`, `text`, `names` (like max_size, throughput, regions): its sort key in `derive._sort_keys`,
  its columns in offerings.csv (`export.OWN_COLUMNS`, filled by `export._own_cells`; the import stops
  until they are there) and, for code that reads it by name, its attribute in model.OfferingBase's
  type-only block. Its field, its words (as written, or a list joined), its cell and its row follow
  from its kind.
- `price`, `egress`: one fact each, with their own model classes (Price, Egress), USD figures
  (derive), words (transform), cells and row attributes (render_html), CSV columns (export), effects
  in the review (review.py) and costs in docs/assets/compare.js: a second fact of such a kind needs
  that code made general first.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Fact(StrEnum):
    """The facts of an offering that a source can cover."""

    price = "price"
    billed_while_detached = "billed_while_detached"
    region_binding = "region_binding"
    throughput = "throughput"
    max_size = "max_size"
    snapshots = "snapshots"
    multi_attach = "multi_attach"
    spot_usable = "spot_usable"
    egress = "egress"
    regions = "regions"


class ValueKind(StrEnum):
    """What a fact's value is, which decides the code that checks, sorts, words and exports it."""

    answer = "answer"  # yes, no, partial, not_applicable or unknown
    binding = "binding"  # what a volume is bound to: machine, datacenter, zone, region, global, varies
    # (by plan: the offering's `binding_by_plan` names each plan's), unknown
    price = "price"  # tiers in a currency and unit, or unknown / varies / included
    egress = "egress"  # a fee per GB with an allowance, or free / varies / unknown
    size = "size"  # a size such as '4 TB', or unknown
    text = "text"  # free text with figures, such as a published throughput, or unknown
    names = "names"  # a list of names, such as regions (or the same names in each language), or unknown


# Kinds whose value is one word from a fixed list: the declaration alone makes all of their code.
SIMPLE_KINDS = frozenset({ValueKind.answer, ValueKind.binding})


@dataclass(frozen=True)
class Filter:
    """A filter of the comparison on a worded fact: its URL parameter (also the row's data attribute)
    and the choices it offers besides "any", in the order shown."""

    name: str
    choices: tuple[str, ...]


@dataclass(frozen=True)
class FactDeclaration:
    fact: Fact
    kind: ValueKind
    column: bool = True  # a column of the comparison; otherwise shown only on the provider pages
    filter: Filter | None = None
    optional: bool = False  # a provider file may leave it out: it is then unknown
    description: str | None = None  # the field's description in the JSON Schema, which editors show


def declaration_problems(declarations: tuple[FactDeclaration, ...]) -> list[str]:
    """What keeps declarations from driving the generator: every fact declared once, in the enum's
    order (code walks `Fact`, pages and files show FACTS' order), filters only on worded facts, each
    filter name used once."""
    problems = []
    declared = [declaration.fact for declaration in declarations]
    if declared != list(Fact):
        problems.append(
            f"FACTS declares {', '.join(declared)}; it must declare every member of Fact once, in the "
            f"enum's order: {', '.join(Fact)}"
        )
    filters = [d.filter.name for d in declarations if d.filter]
    if len(set(filters)) != len(filters):
        problems.append(f"a filter name is used twice: {', '.join(filters)}")
    problems += [
        f"{d.fact} has a filter, but only a fact of a simple kind (a word from a list) can have one"
        for d in declarations
        if d.filter and d.kind not in SIMPLE_KINDS
    ]
    return problems


def _checked(*declarations: FactDeclaration) -> tuple[FactDeclaration, ...]:
    """The declarations, once they pass the checks (a mistake stops the generator at import)."""
    problems = declaration_problems(declarations)
    if problems:
        raise ValueError("facts.py: " + "; ".join(problems))
    return declarations


FACTS = _checked(
    FactDeclaration(Fact.price, ValueKind.price),
    FactDeclaration(
        Fact.billed_while_detached,
        ValueKind.answer,
        filter=Filter("billed", ("yes", "no", "partial", "not_applicable", "unknown")),
    ),
    FactDeclaration(
        Fact.region_binding,
        ValueKind.binding,
        filter=Filter("region", ("machine", "datacenter", "zone", "region", "global", "varies")),
    ),
    FactDeclaration(
        Fact.throughput,
        ValueKind.text,
        description="Published throughput or IOPS, in figures and units, or `unknown`.",
    ),
    FactDeclaration(
        Fact.max_size, ValueKind.size, description="The largest size offered, e.g. '4 TB', or 'unknown'."
    ),
    FactDeclaration(Fact.snapshots, ValueKind.answer),
    FactDeclaration(Fact.multi_attach, ValueKind.answer, filter=Filter("multi", ("yes", "partial", "no"))),
    FactDeclaration(
        Fact.spot_usable, ValueKind.answer, filter=Filter("spot", ("yes", "no", "not_applicable"))
    ),
    FactDeclaration(Fact.egress, ValueKind.egress),
    FactDeclaration(
        Fact.regions,
        ValueKind.names,
        column=False,
        optional=True,
        description="Where the offering exists (regions or data centres) as the source lists them: "
        "`[us-east-1, fsn1]` for codes and names that read alike in every language, or the same names "
        "in each site language where they are words of one (`{de: [Nordamerika], zh: [北美], ro: "
        "[America de Nord]}`).",
    ),
)


# Each fact's declaration, for code that starts from a fact.
DECLARED: dict[Fact, FactDeclaration] = {declaration.fact: declaration for declaration in FACTS}
