"""A catalogue of broken data files, each a distinct mistake, each checked in-process the way the
build checks it (tests/test_build_errors.py runs the real build on a few of them).

For every case: loading fails with a DataError whose report names the file and the line and says
what was expected.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import GOOD_PROVIDER, LANGUAGES, ROOT, copy_project, use_fixture_data

from gpustorage.dataset import load_dataset
from gpustorage.problems import DataError

BAD = "data/providers/bad.yaml"
GOOD = GOOD_PROVIDER


@dataclass(frozen=True)
class Case:
    id: str
    content: bytes | str  # what the file holds
    where: str  # expected "path:line:" in the report
    says: str  # expected part of the message
    path: str = BAD


def edit(old: str, new: str) -> str:
    assert old in GOOD, old
    return GOOD.replace(old, new, 1)


CASES = [
    Case("misspelt top-level key", edit("website:", "webiste:"), f"{BAD}:3:", "did you mean 'website'?"),
    Case(
        "misspelt offering key", edit("    product:", "    prodcut:"), f"{BAD}:6:", "did you mean 'product'?"
    ),
    Case("missing name", edit("name: Example Cloud\n", ""), f"{BAD}:2:", "missing required key 'name'"),
    Case(
        "missing sources", GOOD[: GOOD.index("    sources:")], f"{BAD}:5:", "missing required key 'sources'"
    ),
    Case(
        "number where text belongs",
        edit("name: Example Cloud", "name: 42"),
        f"{BAD}:2:",
        "put the text in quotes",
    ),
    Case(
        "version-like number",
        edit("product: Volume", "product: 1.10"),
        f"{BAD}:6:",
        "got 1.1 (YAML read a number",
    ),
    Case("unknown kind", edit("kind: network_volume", "kind: nfs"), f"{BAD}:5:", "'kind' must be one of"),
    Case(
        "YAML boolean for a tri-state",
        edit('multi_attach: "no"', "multi_attach: false"),
        f"{BAD}:18:",
        "got False",
    ),
    Case(
        "duplicate key",
        edit("website: https://example.com\n", "website: https://example.com\nname: B\n"),
        f"{BAD}:4:",
        "duplicate key 'name'",
    ),
    Case(
        "alias",
        edit("product: Volume", "product: &p Volume").replace("throughput: unknown", "throughput: *p"),
        f"{BAD}:15:",
        "aliases",
    ),
    Case("merge key", edit("    product: Volume", "    <<: {product: Volume}"), f"{BAD}:6:", "merge keys"),
    Case("oversized file", GOOD + "# " + "x" * 300_000 + "\n", f"{BAD}:1:", "at most 262144 bytes"),
    Case("empty file", "", f"{BAD}:1:", "the file is empty"),
    Case("not UTF-8", GOOD.encode().replace(b"Volume", b"Vol\xfcme"), f"{BAD}:6:", "not UTF-8"),
    Case("tab indentation", edit("    product: Volume", "\tproduct: Volume"), f"{BAD}:6:", "tab character"),
    Case("list instead of mapping", "- name: Example\n", f"{BAD}:1:", "holds a list; expected a mapping"),
    Case(
        "text instead of an offering",
        GOOD[: GOOD.index("offerings:")] + "offerings: [just text]\n",
        f"{BAD}:4:",
        "must be a mapping",
    ),
    Case(
        "tiers out of order",
        edit(
            "{up_to: 1000, amount: 0.07}", "{up_to: 1000, amount: 0.07}\n        - {up_to: 10, amount: 0.06}"
        ),
        f"{BAD}:7:",
        "must rise",
    ),
    Case(
        "bounded last tier", edit("{amount: 0.05}", "{up_to: 5000, amount: 0.05}"), f"{BAD}:7:", "last tier"
    ),
    Case("negative price", edit("amount: 0.05", "amount: -0.05"), f"{BAD}:12:", "must be at least 0"),
    Case(
        "unknown currency", edit("currency: USD", "currency: GBP"), f"{BAD}:8:", "'currency' must be one of"
    ),
    Case(
        "plain http source",
        edit("url: https://example.com/docs", "url: http://example.com/docs"),
        f"{BAD}:23:",
        "https:// URL",
    ),
    Case(
        "javascript: website",
        edit("website: https://example.com", "website: javascript:alert(1)"),
        f"{BAD}:3:",
        "https:// URL",
    ),
    Case(
        "data: source",
        edit("url: https://example.com/docs", "url: data:text/html,<script>alert(1)</script>"),
        f"{BAD}:23:",
        "https:// URL",
    ),
    Case(
        "quote in a URL",
        edit("url: https://example.com/docs", "url: 'https://example.com/\"onmouseover=alert(1)'"),
        f"{BAD}:23:",
        "https:// URL",
    ),
    Case("impossible date", edit("seen: 2026-07-20", "seen: 2026-13-40"), f"{BAD}:24:", "not a valid date"),
    Case("date in quotes", edit("seen: 2026-07-20", 'seen: "2026-07-20"'), f"{BAD}:24:", "YYYY-MM-DD"),
    Case(
        "fact without a source",
        edit("throughput: unknown", "throughput: 1 GB/s"),
        f"{BAD}:5:",
        "no source covers throughput",
    ),
    Case(
        "note missing a language",
        edit("notes: {de: Hinweis, zh: 说明, ro: Notă}", "notes: {de: Hinweis, ro: Notă}"),
        f"{BAD}:21:",
        "has no 'zh' text",
    ),
    Case(
        "note in a foreign language",
        edit("ro: Notă}", "ro: Notă, en: Note}"),
        f"{BAD}:21:",
        "not a site language",
    ),
    Case(
        "file name is not an id",
        GOOD,
        "data/providers/Bad_Name.yaml:1:",
        "is not a valid id",
        path="data/providers/Bad_Name.yaml",
    ),
    Case(
        "wrong extension",
        GOOD,
        "data/providers/bad.yml:1:",
        "must end in '.yaml'",
        path="data/providers/bad.yml",
    ),
    Case("missing schema line", GOOD.split("\n", 1)[1], f"{BAD}:1:", "yaml-language-server"),
    Case(
        "control character",
        edit("name: Example Cloud", 'name: "Example\\e[31m Cloud"'),
        f"{BAD}:2:",
        "control characters",
    ),
    Case(
        "direction override",
        edit("product: Volume", 'product: "Vol\\u202eemu"'),
        f"{BAD}:6:",
        "direction overrides",
    ),
    Case(
        "overlong text",
        edit("product: Volume", "product: " + "V" * 201),
        f"{BAD}:6:",
        "at most 200 characters",
    ),
    Case("blank name", edit("name: Example Cloud", 'name: "   "'), f"{BAD}:2:", "visible letter or digit"),
    Case(
        "markup in a name",
        edit("name: Example Cloud", "name: <script>alert(1)</script>"),
        f"{BAD}:2:",
        "without < or >",
    ),
    Case(
        "offerings and no-storage at once",
        edit(
            "offerings:",
            "no_persistent_storage:\n  - {url: https://example.com, seen: 2026-01-01}\nofferings:",
        ),
        f"{BAD}:2:",
        "exclude each other",
    ),
    Case(
        "nothing offered, nothing sourced",
        GOOD[: GOOD.index("offerings:")],
        f"{BAD}:2:",
        "at least one offering",
    ),
    Case("size without a space", edit("max_size: 4 TB", "max_size: 4TB"), f"{BAD}:16:", "'4 TB'"),
    Case("broken YAML", edit("      unit: GB-month", "      unit: [GB-month"), f"{BAD}:", "not valid YAML"),
    Case("two documents", GOOD + "---\nname: Other\n", f"{BAD}:", "not valid YAML"),
    Case(
        "deep nesting",
        GOOD.split("\n", 1)[0] + "\nname: " + "[" * 20_000 + "]" * 20_000 + "\n",
        f"{BAD}:2:",
        "nested too deeply",
    ),
    Case(
        "negative exchange rate",
        "rates:\n  EUR: {usd_per_unit: -1, date: 2026-05-08, source: https://example.com}\n",
        "data/exchange-rates.yaml:2:",
        "greater than 0",
        path="data/exchange-rates.yaml",
    ),
    Case(
        "missing UI string",
        (ROOT / "data/i18n/ro.yaml").read_text(encoding="utf-8").replace("  column.price: Preț\n", ""),
        "data/i18n/ro.yaml:3:",
        "missing UI string 'column.price'",
        path="data/i18n/ro.yaml",
    ),
]


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return use_fixture_data(copy_project(tmp_path_factory.mktemp("bad-data") / "project"))


@pytest.fixture
def broken(workspace: Path, request: pytest.FixtureRequest) -> Iterator[tuple[Path, Case]]:
    case: Case = request.param
    file = workspace / case.path
    original = file.read_bytes() if file.exists() else None
    data = case.content.encode("utf-8") if isinstance(case.content, str) else case.content
    file.write_bytes(data)
    yield workspace, case
    if original is None:
        file.unlink()
    else:
        file.write_bytes(original)


def test_there_are_at_least_thirty_distinct_mistakes() -> None:
    assert len({case.id for case in CASES}) == len(CASES) >= 30


@pytest.mark.parametrize("broken", CASES, ids=[case.id for case in CASES], indirect=True)
def test_loading_refuses_it_with_file_line_and_expectation(broken: tuple[Path, Case]) -> None:
    project, case = broken
    with pytest.raises(DataError) as caught:
        load_dataset(project, LANGUAGES)
    report = caught.value.report()
    located = [line for line in report.splitlines() if line.startswith(case.where)]
    assert located, f"no message starting with {case.where!r} in:\n{report}"
    assert any(case.says in line for line in located), f"{case.says!r} not in {located}"
    assert report.endswith("nothing was built.")
