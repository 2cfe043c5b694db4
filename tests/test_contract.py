"""The generated comparison and compare.js agree on every data attribute and URL parameter
(hooks/gpustorage/contract.py holds the names)."""

from __future__ import annotations

import re

from bs4 import BeautifulSoup
from conftest import ROOT, Build

from gpustorage import contract

SCRIPT = (ROOT / "docs" / "assets" / "compare.js").read_text(encoding="utf-8")
DECLARED = {
    *contract.ROW_ATTRIBUTES,
    *contract.GROUP_ATTRIBUTES,
    *contract.CELL_ATTRIBUTES,
    *contract.CONTROL_ATTRIBUTES,
}


def _kebab(name: str) -> str:
    return re.sub(r"[A-Z]", lambda m: f"-{m.group().lower()}", name)


def test_the_script_reads_only_declared_attributes() -> None:
    read = {_kebab(name) for name in re.findall(r"\.dataset\.([A-Za-z]+)", SCRIPT)}
    read |= set(re.findall(r"\[data-([a-z-]+)", SCRIPT))
    assert read, "no data attribute found in compare.js"
    assert read <= DECLARED, f"compare.js reads undeclared attributes: {sorted(read - DECLARED)}"


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
    keys = re.search(r"var KEYS = \[([^\]]*)\]", SCRIPT)
    assert keys is not None
    listed = set(re.findall(r'"([a-z]+)"', keys.group(1)))
    assert listed | set(contract.FILTERS) == set(contract.URL_PARAMETERS)
    names = {control["name"] for control in page.select("#comparison-tools [name]")}
    assert names <= set(contract.URL_PARAMETERS)
    presets = {button["data-preset"] for button in page.select("[data-preset]")} - {""}
    assert presets == set(contract.PRESETS)
