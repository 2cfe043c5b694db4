"""Facts are declared once (hooks/gpustorage/inputs/facts.py), and the generator follows the declarations."""

from __future__ import annotations

import dataclasses

import pytest
import yaml
from conftest import LANGUAGES, ROOT

from gpustorage import SiteBuild
from gpustorage.figures.derive import WORD_RANKS
from gpustorage.inputs.facts import FACTS, SIMPLE_KINDS, Fact, Filter, ValueKind, declaration_problems
from gpustorage.inputs.model import Answer, Offering, RegionBinding
from gpustorage.inputs.ui_strings import KEYS
from gpustorage.output import export
from gpustorage.pages import contract, render_html
from gpustorage.pages.transform import word_key

# The words a fact of each simple kind may hold.
WORDS = {ValueKind.answer: set(Answer), ValueKind.binding: set(RegionBinding)}


def test_facts_declare_every_member_of_the_enum_once_in_its_order() -> None:
    assert [declaration.fact for declaration in FACTS] == list(Fact)
    assert declaration_problems(FACTS) == []


def test_declarations_that_cannot_drive_the_generator_are_named() -> None:
    price, billed, region, *rest = FACTS
    assert declaration_problems((billed, price, region, *rest)) == [
        "FACTS declares billed_while_detached, price, region_binding, throughput, max_size, snapshots, "
        "multi_attach, spot_usable, egress, regions; it must declare every member of Fact once, in the "
        "enum's order: price, billed_while_detached, region_binding, throughput, max_size, snapshots, "
        "multi_attach, spot_usable, egress, regions"
    ]
    assert "every member of Fact once" in declaration_problems((price, billed, billed, region, *rest))[0]
    twice = dataclasses.replace(region, filter=Filter("billed", ("zone",)))
    assert declaration_problems((price, billed, twice, *rest)) == [
        "a filter name is used twice: billed, billed, multi, spot"
    ]
    priced = dataclasses.replace(price, filter=Filter("price", ("free",)))
    assert declaration_problems((priced, billed, region, *rest)) == [
        "price has a filter, but only a fact of a simple kind (a word from a list) can have one"
    ]


@pytest.mark.parametrize("declaration", [d for d in FACTS if d.filter], ids=lambda d: d.fact)
def test_a_filter_offers_words_of_its_fact(declaration) -> None:
    assert declaration.kind in SIMPLE_KINDS
    # "unknown" is a choice where readers ask for it (billed while idle: what is not known yet)
    assert set(declaration.filter.choices) <= WORDS[declaration.kind] | {"unknown"}


def test_the_comparison_shows_the_declared_columns_and_filters() -> None:
    assert tuple(d.fact for d in FACTS if d.column) == contract.COLUMNS
    # filters in the order of their names, as the page has always shown them
    assert list(contract.FILTERS.items()) == [
        ("billed", Fact.billed_while_detached),
        ("multi", Fact.multi_attach),
        ("region", Fact.region_binding),
        ("spot", Fact.spot_usable),
    ]
    assert contract.FILTER_VALUES["region"] == [b.value for b in RegionBinding if b != "unknown"]


def test_an_offering_has_a_field_per_fact_in_their_order() -> None:
    facts = list(map(str, Fact))
    facts.insert(facts.index("region_binding") + 1, "binding_by_plan")  # the plans of a binding that varies
    assert list(Offering.model_fields) == ["kind", "product", "pricing", *facts, "notes", "sources"]
    for declaration in FACTS:
        field = Offering.model_fields[declaration.fact]
        assert field.is_required() is not declaration.optional, declaration.fact
        assert field.description == declaration.description
    assert Offering.model_fields["regions"].default == "unknown"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_fact_has_its_strings(lang: str) -> None:
    """Its name, and a short head for a column: required of every strings file, and in each."""
    ui = yaml.safe_load((ROOT / "data" / "i18n" / f"{lang}.yaml").read_text(encoding="utf-8"))["ui"]
    for declaration in FACTS:
        name, short = f"column.{declaration.fact}", f"column_short.{declaration.fact}"
        assert KEYS[name] == frozenset() and name in ui
        assert (short in KEYS) is (short in ui) is declaration.column


def test_every_fact_is_sorted_worded_and_shown(fixture_build: SiteBuild) -> None:
    """A sort key and a cell for every fact of every offering; a worded fact's by its kind."""
    view = fixture_build.views["de"]
    offerings = [offering for provider in view.providers for offering in provider.offerings]
    for offering in offerings:
        assert set(offering.figures.sort) == set(offering.cells) == set(Fact)
        for declaration in (d for d in FACTS if d.kind in SIMPLE_KINDS):
            value = offering.value(declaration.fact)
            key = None if value == "unknown" else WORD_RANKS[declaration.kind][value]
            assert offering.figures.sort[declaration.fact] == key
            assert offering.cells[declaration.fact].text == view.t(word_key(declaration.fact, value))
    assert tuple(Fact) == render_html.FACT_ROWS  # a provider page has a row for every fact
    assert word_key(Fact.region_binding, "zone") == "region.zone"
    assert word_key(Fact.region_binding, "varies") == "region.varies"  # varies by plan
    assert word_key(Fact.snapshots, "unknown") == "value.unknown"


def test_offerings_csv_has_the_columns_of_every_fact() -> None:
    worded = [d.fact.value for d in FACTS if d.kind in SIMPLE_KINDS]
    assert [column for column in export.CSV_COLUMNS if column in worded] == worded
    assert set(export.OWN_COLUMNS) == {d.fact for d in FACTS if d.kind not in SIMPLE_KINDS}
