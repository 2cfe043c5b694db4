"""The generated comparison and its script (the modules in docs/assets/compare/) agree on every data
attribute and URL parameter (hooks/gpustorage/pages/contract.py holds the names)."""

from __future__ import annotations

import json
import re
from urllib.parse import urlsplit

from bs4 import BeautifulSoup
from conftest import ROOT, Build

from gpustorage.pages import contract
from gpustorage.pages.transform import CONVERTED

MODULES = ROOT / "docs" / "assets" / "compare"
SOURCES = {path.name: path.read_text(encoding="utf-8") for path in sorted(MODULES.glob("*.js"))}
SCRIPT = "\n".join(SOURCES.values())
CODE = re.sub(r"/\*.*?\*/|//[^\n]*", "", SCRIPT, flags=re.DOTALL)  # without comments
DECLARED = {
    *contract.ROW_ATTRIBUTES,
    *contract.GROUP_ATTRIBUTES,
    *contract.CELL_ATTRIBUTES,
    *contract.CONTROL_ATTRIBUTES,
    *contract.MONEY_ATTRIBUTES,
}


def _kebab(name: str) -> str:
    return re.sub(r"[A-Z]", lambda m: f"-{m.group().lower()}", name)


def test_the_script_reads_only_declared_attributes() -> None:
    read = {_kebab(name) for name in re.findall(r"\.dataset\.([A-Za-z]+)", SCRIPT)}
    read |= set(re.findall(r"\[data-([a-z-]+)", SCRIPT))
    assert read, "no data attribute found in the comparison script"
    assert read <= DECLARED, f"the comparison script reads undeclared attributes: {sorted(read - DECLARED)}"


def _data_names(tags: list) -> set[str]:
    """The data-* attribute names the tags carry, without 'data-'."""
    return {name.removeprefix("data-") for tag in tags for name in tag.attrs if name.startswith("data-")}


def test_the_page_writes_exactly_the_declared_row_attributes(site: Build) -> None:
    page = site.page("")
    assert _data_names(page.select("#comparison tr.gs-offering")) == set(contract.ROW_ATTRIBUTES)
    assert _data_names(page.select("#comparison tbody")) == set(contract.GROUP_ATTRIBUTES)
    assert _data_names(page.select("#comparison td, #comparison th")) <= set(contract.CELL_ATTRIBUTES)


def test_url_parameters_and_settings_match(site: Build) -> None:
    page: BeautifulSoup = site.page("")
    keys = re.search(r"const VIEW_KEYS = \[([^\]]*)\]", SOURCES["state.js"])
    assert keys is not None
    listed = set(re.findall(r'"([a-z]+)"', keys.group(1)))
    assert listed | set(contract.FILTERS) == set(contract.URL_PARAMETERS)
    names = {control["name"] for control in page.select("#comparison-tools [name]")}
    assert names <= set(contract.URL_PARAMETERS)
    presets = {button["data-preset"] for button in page.select("[data-preset]")} - {""}
    assert presets == set(contract.PRESETS)


def test_the_script_reads_every_setting_and_text_the_page_writes_and_no_other(site: Build) -> None:
    """Tunables such as the page size come from the page (hooks/gpustorage/inputs/settings.py via render.py),
    never from a constant in the script; a text the script names exists in every language's settings."""
    settings = json.loads(site.page("").select_one("#comparison-settings").string)
    assert set(re.findall(r"\bsettings\.([a-z_]+)", CODE)) == set(settings)
    assert set(re.findall(r"\bstrings\.([a-z_]+)", CODE)) == set(settings["strings"])
    # the counts the script words are the page's (contract.COUNT_WORDING), each in the page's messages
    assert (
        set(re.findall(r"\bcount\(\"([a-z]+)\"", CODE))
        == set(settings["counts"])
        == set(contract.COUNT_WORDING)
    )


PLANNER_CODE = "\n".join(
    re.sub(r"/\*.*?\*/|//[^\n]*", "", path.read_text(encoding="utf-8"), flags=re.DOTALL)
    for path in sorted((ROOT / "docs" / "assets" / "planner").glob("*.js"))
)


def test_the_planner_reads_every_setting_and_text_its_page_writes_and_no_other(site: Build) -> None:
    """Issue #34: the planner's script and its page (hooks/gpustorage/pages/planner.py) agree as the
    comparison's do: every setting and text the page writes is read, and the script names no other."""
    settings = json.loads(site.page("planner/").select_one("#planner-settings").string)
    assert set(re.findall(r"\bsettings\.([a-z_]+)", PLANNER_CODE)) == set(settings)
    assert set(re.findall(r"\bstrings\.([a-z_]+)", PLANNER_CODE)) == set(settings["strings"])


def test_a_converted_amount_is_marked_alike_by_the_page_and_the_script() -> None:
    """The sign before a converted amount, and the no-break space that joins it, are written once in
    Python (transform.CONVERTED) and once in the script (numbers.js), which rewrites the page's amounts."""
    written = re.search(r'export const CONVERTED = "([^"]*)";', SOURCES["numbers.js"])
    assert written is not None, "numbers.js declares no CONVERTED"
    assert json.loads(f'"{written.group(1)}"') == CONVERTED


def test_the_modules_import_only_each_other() -> None:
    """No module loads anything from another host, or from outside its folder."""
    imported = {
        (name, found)
        for name, text in SOURCES.items()
        for found in re.findall(r"""\bimport\b[^"';]*?["']([^"']+)["']""", text)
    }
    assert imported, "no import found"
    assert {found for _, found in imported} <= {f"./{name}" for name in SOURCES}, sorted(imported)
    assert "main.js" in SOURCES
    for word in ("XMLHttpRequest", "import(", "http://", "https://"):
        assert word not in SCRIPT, word
    # two requests, both for the site's own files beside its pages: a provider's details file, beside
    # the page a row links to (details.js), and a long comparison's rows file, beside it (main.js)
    assert [name for name, text in SOURCES.items() if "fetch(" in text] == ["details.js", "main.js"]
    details, main = SOURCES["details.js"], SOURCES["main.js"]
    assert details.count("fetch(") == 1 and "fetch(new URL(fileName, page))" in details
    assert main.count("fetch(") == 1 and "fetch(rowsFile)" in main


def test_the_files_the_script_reads_are_the_sites_own(site: Build) -> None:
    """Each row's name links, relatively, to its offering's details on its provider's page; the details
    file details.js reads stands beside that page and holds the same block (issue #30)."""
    for prefix in ("", "zh/", "ro/"):
        page = site.page(prefix)
        settings = json.loads(page.select_one("#comparison-settings").string)
        assert settings["details_file"] == contract.DETAILS_FILE
        for link in page.select("#comparison a.gs-disclose"):
            address = urlsplit(link["href"])
            assert address.scheme == address.netloc == "" and address.path.startswith("providers/")
            number = int(address.fragment.removeprefix("offering-"))
            provider = address.path.removeprefix("providers/").rstrip("/")
            assert site.details(prefix, provider, number) is not None
