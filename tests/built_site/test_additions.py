"""A contributor's two additions beyond data, end to end in a real strict build of one project copy
(built once per run; each addition is what CONTRIBUTING.md asks for, and nothing else):

- A new fact of a simple kind is declared in one line of facts.py (and a member of the Fact enum), and
  with its strings and one provider's value it appears everywhere: the comparison's column and filter,
  the provider page's row, providers.json, offerings.csv and the JSON Schema.
- Adding a language takes one docs folder, one strings file and one line of configuration.
"""

from __future__ import annotations

import csv
import functools
import io
import json
import shutil
from pathlib import Path

import pytest
import yaml
from conftest import (
    ROOT,
    Build,
    build_ahead,
    copy_project,
    shared_site,
    use_fixture_data,
)

FACT = "encrypted_at_rest"
MEMBER = f'    {FACT} = "{FACT}"\n'
DECLARATION = (  # the one line
    f'    FactDeclaration(Fact.{FACT}, ValueKind.answer, filter=Filter("encrypted", ("yes", "no")), '
    "optional=True),\n"
)
STRINGS = {
    "de": ("Verschlüsselt gespeichert", "Verschlüsselt"),
    "zh": ("静态加密", "加密"),
    "ro": ("Criptat la stocare", "Criptat"),
    "fr": ("Chiffré au repos", "Chiffré"),  # the fourth language's file has every string too
}


def _insert_before(file: Path, anchor: str, line: str) -> None:
    text = file.read_text(encoding="utf-8")
    assert text.count(anchor) == 1, f"{anchor!r} in {file}"
    file.write_text(text.replace(anchor, line + anchor), encoding="utf-8")


def _add_the_fact(project: Path) -> None:
    """The additions CONTRIBUTING.md asks for a fact, and nothing else."""
    facts = project / "hooks" / "gpustorage" / "inputs" / "facts.py"
    _insert_before(facts, '    egress = "egress"\n', MEMBER)
    _insert_before(facts, "    FactDeclaration(Fact.egress, ValueKind.egress),\n", DECLARATION)
    for lang, (name, short) in STRINGS.items():
        strings = project / "data" / "i18n" / f"{lang}.yaml"
        _insert_before(strings, "  site.name:", f"  column.{FACT}: {name}\n  column_short.{FACT}: {short}\n")
    alpha = project / "data" / "providers" / "alpha-cloud.yaml"  # its first offering, from its first source
    _insert_before(alpha, "    egress: free\n", f'    {FACT}: "yes"\n')
    _insert_before(alpha, "multi_attach, egress, regions]", f"{FACT}, ")
    # and the source's words for it, which every value has
    quote = f"          {FACT}: Volumes are encrypted at rest.\n"
    _insert_before(alpha, '          egress: "Data transfer out', quote)


FOURTH = ROOT / "tests" / "fixtures" / "fourth-language"
LANGUAGE_LINE = "        - {locale: zh, name: 中文}\n"


def _add_a_language(project: Path) -> None:
    """French: its docs folder, its strings file and its line in mkdocs.yml."""
    shutil.copytree(FOURTH / "docs" / "fr", project / "docs" / "fr")
    shutil.copy2(FOURTH / "data" / "i18n" / "fr.yaml", project / "data" / "i18n" / "fr.yaml")
    config = (project / "mkdocs.yml").read_text(encoding="utf-8")
    assert LANGUAGE_LINE in config
    (project / "mkdocs.yml").write_text(
        config.replace(LANGUAGE_LINE, LANGUAGE_LINE + "        - {locale: fr, name: Français}\n"),
        encoding="utf-8",
    )


def _project_with_the_additions(project: Path) -> None:
    copied = use_fixture_data(copy_project(project))
    _add_a_language(copied)
    _add_the_fact(copied)


@pytest.fixture(scope="session")
def build() -> Build:
    """The copy built once per run (both test processes share it)."""
    build = shared_site("additions", _project_with_the_additions)
    assert build.returncode == 0, build.output
    assert "WARNING" not in build.output
    return build


build_ahead("build", functools.partial(shared_site, "additions", _project_with_the_additions), __name__)


def _ui(build: Build, lang: str) -> dict[str, str]:
    text = (build.site.parent / "data" / "i18n" / f"{lang}.yaml").read_text(encoding="utf-8")
    return yaml.safe_load(text)["ui"]


@pytest.mark.parametrize(("lang", "prefix"), [("de", ""), ("zh", "zh/")])
def test_the_comparison_has_its_column_and_filter(build: Build, lang: str, prefix: str) -> None:
    ui, (name, short) = _ui(build, lang), STRINGS[lang]
    page = build.page(prefix)
    head = page.select_one(f"#comparison thead th[data-column={FACT}]")
    assert head["title"] == name and head.get_text() == short + name
    heads = [th["data-column"] for th in page.select("#comparison thead th")]
    assert heads.index(FACT) == heads.index("spot_usable") + 1
    alpha = page.select_one("#comparison tbody[data-provider=alpha-cloud] tr.gs-offering")
    cell = alpha.select_one(f"td[data-column={FACT}]")
    assert cell.get_text() == ui["answer.yes"] and cell["data-sort"] == "0"
    assert alpha["data-encrypted"] == "yes"
    gamma = page.select_one(f"#comparison tbody[data-provider=gamma-cloud] td[data-column={FACT}]")
    assert gamma.get_text() == ui["value.unknown"]  # left out of its file: unknown
    choices = page.select("#comparison-tools select[name=encrypted] option")
    assert [option["value"] for option in choices] == ["", "yes", "no"]
    assert page.select_one(f"#comparison-tools select[name=sort] option[value={FACT}]").get_text() == name


def test_the_provider_page_has_its_row(build: Build) -> None:
    ui, (name, _) = _ui(build, "de"), STRINGS["de"]
    row = build.page("providers/alpha-cloud/").select_one(f"table.gs-facts tr[data-column={FACT}]")
    assert row.th.get_text() == name
    value, sources, report = row.select("td")
    assert value.get_text() == ui["answer.yes"]
    assert [a["href"] for a in sources.select("a")] == ["#source-1-1"]
    assert f"field={FACT}" in report.a["href"]


def test_the_api_has_its_field_and_column(build: Build) -> None:
    api = build.site / "api" / "v1"
    providers = {
        p["id"]: p for p in json.loads((api / "providers.json").read_text(encoding="utf-8"))["providers"]
    }
    volume, buckets, _ = providers["alpha-cloud"]["offerings"]
    assert (volume[FACT], buckets[FACT]) == ("yes", "unknown")
    assert volume["derived"]["facts"][FACT]["known"] and not buckets["derived"]["facts"][FACT]["known"]
    rows = list(csv.DictReader(io.StringIO((api / "offerings.csv").read_text(encoding="utf-8"))))
    assert list(rows[0]).index(FACT) == list(rows[0]).index("spot_usable") + 1
    assert [row[FACT] for row in rows if row["provider_id"] == "alpha-cloud"] == ["yes", "unknown", "unknown"]
    schema = json.loads((api / "provider.schema.json").read_text(encoding="utf-8"))
    offering = schema["$defs"]["Offering"]
    assert offering["properties"][FACT] == {"$ref": "#/$defs/Answer", "default": "unknown"}
    assert FACT not in offering["required"] and FACT in schema["$defs"]["Fact"]["enum"]


def test_a_fourth_language_builds_in_that_language(build: Build) -> None:
    ui = _ui(build, "fr")
    french_pages = [
        "fr/",
        "fr/providers/",
        "fr/providers/alpha-cloud/",
        "fr/data/",
        "fr/contribute/",
        "fr/404.html",
    ]
    for path in french_pages:
        page = build.page(path)
        assert page.html["lang"] == "fr", path
        assert {a["hreflang"] for a in page.select("a.md-select__link[hreflang]")} == {"de", "zh", "ro", "fr"}
    guide = build.page("fr/")
    assert next(th["title"] for th in guide.select("#comparison thead th")) == ui["column.product"]
    assert guide.find("h2", string=ui["faq.title"]) is not None
    assert ui["site.name"] in guide.select_one("title").get_text()
    alpha = build.page("fr/providers/alpha-cloud/")
    assert alpha.select_one("table.gs-facts th").get_text(strip=True) == ui["column.kind"]
    # data notes not yet translated fall back to German, marked as such for readers and screen readers
    assert alpha.select_one("p.gs-notes")["lang"] == "de"
    # the other languages still link to their French twins
    zh_links = {
        a["hreflang"]: a["href"] for a in build.page("zh/data/").select("a.md-select__link[hreflang]")
    }
    assert zh_links["fr"].endswith("fr/data/")
