"""A catalogue of broken data files, each a distinct mistake, each checked in-process the way the
build checks it (tests/engine/test_build_errors.py runs the real build on a few of them).

For every case: loading fails with a DataError whose report names the file and the line and says
what was expected.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import BUILD_DATE, GOOD_PROVIDER, LANGUAGES, ROOT, copy_project, use_fixture_data

from gpustorage.inputs.dataset import load_dataset
from gpustorage.inputs.problems import DataError

BAD = "data/providers/bad.yaml"
GOOD = GOOD_PROVIDER


@dataclass(frozen=True)
class Case:
    id: str
    content: bytes | str  # what the file holds
    where: str  # expected "path:line:" in the report
    says: str  # expected part of the message
    path: str = BAD
    kind: str = "file"  # or "folder", "link" (content: where it points) or "pipe"


def edit(old: str, new: str) -> str:
    assert old in GOOD, old
    return GOOD.replace(old, new, 1)


def quoted(quote: str) -> str:
    """GOOD with its source's `quote:` (the file's last key) written as given (its value as written
    after the key)."""
    return GOOD[: GOOD.index("        quote:")] + f"        quote: {quote}\n"


RO = "data/i18n/ro.yaml"
RO_TEXT = (ROOT / RO).read_text(encoding="utf-8")
RATES = "data/exchange-rates.yaml"
RATE = (ROOT / "tests/fixtures/exchange-rates.yaml").read_text(encoding="utf-8")


def ro(key: str, value: str) -> str:
    """ro.yaml with one single-line interface string replaced."""
    start = RO_TEXT.index(f"\n  {key}: ") + 1
    end = RO_TEXT.index("\n", start)
    return RO_TEXT[:start] + f"  {key}: {value}" + RO_TEXT[end:]


def ro_line(key: str) -> str:
    return f"{RO}:{RO_TEXT[: RO_TEXT.index(f'  {key}: ')].count(chr(10)) + 1}:3:"


ZH_INDEX = "docs/zh/index.md"


def _line_of(path: str, start: str) -> int:
    """The 1-based number of the first line of a project file that starts with `start`."""
    lines = (ROOT / path).read_text(encoding="utf-8").splitlines()
    return next(number for number, line in enumerate(lines, 1) if line.startswith(start))


TIERS = "".join(f"        - {{up_to: {n * 10}, amount: 0.07}}\n" for n in range(1, 21))


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
        f"{BAD}:19:",
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
        f"{BAD}:16:",
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
    Case("negative price", edit("amount: 0.05", "amount: -0.05"), f"{BAD}:13:", "must be at least 0"),
    Case(
        "unknown currency", edit("currency: USD", "currency: GBP"), f"{BAD}:8:", "'currency' must be one of"
    ),
    Case(
        "plain http source",
        edit("url: https://example.com/docs", "url: http://example.com/docs"),
        f"{BAD}:24:",
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
        f"{BAD}:24:",
        "https:// URL",
    ),
    Case(
        "quote in a URL",
        edit("url: https://example.com/docs", "url: 'https://example.com/\"onmouseover=alert(1)'"),
        f"{BAD}:24:",
        "https:// URL",
    ),
    Case(
        "the old name of 'transcribes'",
        edit("seen: 2026-07-20", "seen: 2026-07-20\n        quotes: https://example.com/pricing"),
        f"{BAD}:26:",
        "'quotes' is now called 'transcribes': rename the key",
    ),
    Case(
        "quote too long",
        quoted(f"{{price: {'x' * 301}}}"),
        f"{BAD}:27:",
        "'price' may have at most 300 characters; it has 301: quote only the words that state the value",
    ),
    Case(
        "quote for a fact the source does not cover",
        quoted(
            "\n          price: 0.07 USD per GB-month\n          spot_usable: Volumes work with spot pods"
        ),
        f"{BAD}:29:",
        "'spot_usable' is a quote for a fact this source does not cover: add 'spot_usable' to its 'covers'",
    ),
    Case("empty quote", quoted('{price: ""}'), f"{BAD}:27:", "'price' is an empty quote"),
    Case("quote with nothing", quoted("\n          price:"), f"{BAD}:28:", "'price' is an empty quote"),
    Case("quote for no fact", quoted("{cost: 0.07 USD}"), f"{BAD}:27:", "'cost' must be one of 'price'"),
    Case(
        "language that is no tag",
        edit("seen: 2026-07-20", "seen: 2026-07-20\n        lang: English"),
        f"{BAD}:26:",
        "'lang' must be a language tag (BCP 47) such as en",
    ),
    Case("impossible date", edit("seen: 2026-07-20", "seen: 2026-13-40"), f"{BAD}:25:", "not a valid date"),
    Case("date in quotes", edit("seen: 2026-07-20", 'seen: "2026-07-20"'), f"{BAD}:25:", "YYYY-MM-DD"),
    Case(
        "fact without a source",
        edit("throughput: unknown", "throughput: 1 GB/s"),
        f"{BAD}:5:",
        "no source covers throughput",
    ),
    Case(
        "note missing a language",
        edit("notes: {de: Hinweis, zh: 说明, ro: Notă}", "notes: {de: Hinweis, ro: Notă}"),
        f"{BAD}:22:",
        "has no 'zh' text",
    ),
    Case(
        "note in a foreign language",
        edit("ro: Notă}", "ro: Notă, en: Note}"),
        f"{BAD}:22:",
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
    Case("size without a space", edit("max_size: 4 TB", "max_size: 4TB"), f"{BAD}:17:", "'4 TB'"),
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

# Round two (issue 12): each is a distinct hostile or careless input.
CASES += [
    Case("infinite price", edit("amount: 0.05", "amount: 1.0e999"), f"{BAD}:13:", "must be a finite number"),
    Case(
        "infinite tier bound",
        edit("up_to: 1000, amount", "up_to: 1.0e999, amount"),
        f"{BAD}:12:",
        "must be a finite number",
    ),
    Case(
        "infinite egress amount",
        edit("egress: free", "egress: {currency: USD, per: GB, amount: 1.0e999}"),
        f"{BAD}:21:",
        "must be a finite number",
    ),
    Case(
        "400-digit size",
        edit("max_size: 4 TB", "max_size: " + "9" * 400 + " TB"),
        f"{BAD}:17:",
        "(405 characters)",  # never echoed whole
    ),
    Case(
        "5,000-digit number",
        edit("amount: 0.05", "amount: " + "9" * 5000),
        f"{BAD}:13:",
        "has 5000 digits; at most 18 are accepted",
    ),
    Case(
        "explicit !!int on text",
        edit("amount: 0.05", "amount: !!int abc"),
        f"{BAD}:13:",
        "'abc' is tagged as a whole number but is not one",
    ),
    Case(
        "price above the bound",
        edit("amount: 0.05", "amount: 150"),
        f"{BAD}:13:",
        "150 USD per GB-month, above the plausible maximum of 100",
    ),
    Case(
        "hourly price above the bound",
        edit("unit: GB-month", "unit: GB-hour").replace("{amount: 0.05}", "{amount: 0.2}"),
        f"{BAD}:13:",
        "'amount' 0.2 USD per GB-hour is 146 USD per GB-month, above the plausible maximum of 100",
    ),
    Case(
        "egress above the bound",
        edit("egress: free", "egress: {currency: USD, per: GB, amount: 25}"),
        f"{BAD}:21:",
        "25 USD per GB of egress, above the plausible maximum of 10",
    ),
    Case(
        "monthly fee above the bound",
        edit("      tiers:", "      monthly_fee: 250000\n      tiers:"),
        f"{BAD}:11:",
        "above the plausible maximum of 100,000 USD per month",
    ),
    Case("size above 100 EB", edit("max_size: 4 TB", "max_size: 200 EB"), f"{BAD}:17:", "larger than 100 EB"),
    Case(
        "tier bound above 100 EB",
        edit("up_to: 1000, amount", "up_to: 200000000000, amount"),
        f"{BAD}:12:",
        "'up_to' 2e+11 GB is larger than 100 EB",
    ),
    Case(
        "too many tiers",
        edit("        - {up_to: 1000, amount: 0.07}\n", TIERS),
        f"{BAD}:11:",
        "'tiers' may have at most 20 entries; got 21",
    ),
    Case(
        "seen in the far future",
        edit("seen: 2026-07-20", "seen: 9999-12-31"),
        f"{BAD}:25:",
        "'seen' is 9999-12-31, after the build date (2026-11-30)",
    ),
    Case(
        "URL with credentials",
        edit("url: https://example.com/docs", "url: https://lambda.ai@evil.example/login"),
        f"{BAD}:24:",
        "user name or password ('lambda.ai@')",
    ),
    Case(
        "URL without a host",
        edit("url: https://example.com/docs", "url: https:///etc/passwd"),
        f"{BAD}:24:",
        "'' is not a host name with a dot",
    ),
    Case(
        "host without a dot",
        edit("website: https://example.com", "website: https://intranet/start"),
        f"{BAD}:3:",
        "'intranet' is not a host name with a dot",
    ),
    Case(
        "zero-width space in a URL",
        edit("url: https://example.com/docs", 'url: "https://example.com/\\u200bdocs"'),
        f"{BAD}:24:",
        "invisible character (U+200B)",
    ),
    Case(
        "name of zero-width spaces",
        edit("name: Example Cloud", 'name: "\\u200b\\u200b"'),
        f"{BAD}:2:",
        "visible letter or digit",
    ),
    Case(
        "name of Hangul fillers",
        edit("name: Example Cloud", "name: \u3164\u3164"),
        f"{BAD}:2:",
        "needs at least one visible letter or digit",
    ),
    Case(
        "C1 control character (NEL)",
        edit("product: Volume", 'product: "Vol\\u0085ume"'),
        f"{BAD}:6:",
        "control characters",
    ),
    Case(
        "C1 control sequence introducer",
        edit("name: Example Cloud", 'name: "Example\\u009b31m Cloud"'),
        f"{BAD}:2:",
        "control characters",
    ),
    Case(
        "name differing only in case",
        edit("name: Example Cloud", "name: ALPHA CLOUD"),
        f"{BAD}:2:",
        "looks the same as 'Alpha Cloud' in data/providers/alpha-cloud.yaml",
    ),
    Case(
        "homoglyph name",
        edit("name: Example Cloud", "name: \u0391lpha Cloud"),  # Greek capital Alpha
        f"{BAD}:2:",
        "looks the same as 'Alpha Cloud'",
    ),
    Case(
        "full-width name",
        edit("name: Example Cloud", "name: \uff22\uff45\uff54\uff41 Cloud"),
        f"{BAD}:2:",
        "looks the same as 'Beta Cloud'",
    ),
    Case(
        "provider id of the overview page",
        GOOD,
        "data/providers/index.yaml:1:",
        "'index' (the file name) is taken by docs/de/providers/index.md",
        path="data/providers/index.yaml",
    ),
    Case(
        "provider id of a site folder",
        GOOD,
        "data/providers/api.yaml:1:",
        "taken by the API files (api/)",
        path="data/providers/api.yaml",
    ),
    Case(
        "folder named like a provider file",
        "",
        "data/providers/folder.yaml:1:",
        "this is a folder; data files must be regular files",
        path="data/providers/folder.yaml",
        kind="folder",
    ),
    Case(
        "dangling symbolic link",
        "missing.yaml",
        "data/providers/dangling.yaml:1:",
        "symbolic link",
        path="data/providers/dangling.yaml",
        kind="link",
    ),
    Case(
        "glossary as a dangling symbolic link",  # not read as a language without a glossary
        "missing.yaml",
        "data/glossary/zh.yaml:1:",
        "symbolic link",
        path="data/glossary/zh.yaml",
        kind="link",
    ),
    Case(
        "link to /dev/zero",
        "/dev/zero",
        "data/providers/zero.yaml:1:",
        "symbolic link",
        path="data/providers/zero.yaml",
        kind="link",
    ),
    Case(
        "link to a file outside the repository",
        "/etc/hostname",
        "data/providers/outside.yaml:1:",
        "symbolic link",
        path="data/providers/outside.yaml",
        kind="link",
    ),
    Case(
        "named pipe",
        "",
        "data/providers/pipe.yaml:1:",
        "not a regular file",
        path="data/providers/pipe.yaml",
        kind="pipe",
    ),
    Case(
        "non-UTF-8 byte in a docs page",
        (ROOT / ZH_INDEX).read_bytes().replace("# 具有".encode(), b"# \xff"),
        f"{ZH_INDEX}:{_line_of(ZH_INDEX, '# 具有')}:",  # wherever the front matter puts the title
        "not UTF-8",
        path=ZH_INDEX,
    ),
    Case(
        "infinite exchange rate",
        RATE.replace("usd_per_unit: 1.2", "usd_per_unit: 1.0e999"),
        f"{RATES}:5:",
        "must be a finite number",
        path=RATES,
    ),
    Case(
        "absurd exchange rate",
        RATE.replace("usd_per_unit: 1.2", "usd_per_unit: 5000"),
        f"{RATES}:5:",
        "'usd_per_unit' must be at most 1000",
        path=RATES,
    ),
    Case(
        "exchange rate dated in the future",
        RATE.replace("date: 2026-11-02", "date: 2099-01-01", 1),
        f"{RATES}:6:",
        "after the build date",
        path=RATES,
    ),
    Case(
        "lone brace in an interface string",
        ro("regions.count", "Regiuni {count"),
        ro_line("regions.count"),
        "has a lone '{' at character 9",
        path=RO,
    ),
    Case(
        "unknown placeholder",
        ro("regions.count", "Regiuni {numar}"),
        ro_line("regions.count"),
        "'regions.count' has no placeholder {numar} (it may use {count})",
        path=RO,
    ),
    Case(
        "placeholder in a string that takes none",
        ro("comparison.caption", "Stocare {providers}"),
        ro_line("comparison.caption"),
        "has no placeholder {providers} (it takes none)",
        path=RO,
    ),
    Case(
        "placeholder with a format",
        ro("regions.count", "Regiuni {count.__class__}"),
        ro_line("regions.count"),
        "placeholders are plain names",
        path=RO,
    ),
    Case(
        "Jinja syntax in an interface string",
        ro("comparison.caption", "'{{ config.extra }}'"),
        ro_line("comparison.caption"),
        "template syntax '{{' at character 1",
        path=RO,
    ),
    Case(
        "script in the site name",
        ro("site.name", "<img src=x onerror=alert(1)>"),
        ro_line("site.name"),
        "'site.name' holds markup ('<' at character 1)",
        path=RO,
    ),
    Case(
        "markup in the Open Graph locale",
        ro("site.og_locale", "'ro_RO\"><script>alert(1)</script>'"),
        ro_line("site.og_locale"),
        "'site.og_locale' must be a locale such as de_DE",
        path=RO,
    ),
    Case(
        "character reference in an interface string",
        ro("column.price", "Pre&#355;"),
        ro_line("column.price"),
        "holds markup ('&#355;'",
        path=RO,
    ),
    Case(
        "markup in a guide question",
        RO_TEXT.replace("- question: Stocarea", "- question: <b>Stocarea", 1),
        f"{RO}:{RO_TEXT[: RO_TEXT.index('- question: Stocarea')].count(chr(10)) + 1}:",
        "'question' holds markup",
        path=RO,
    ),
    Case(
        "unknown interface key",
        ro("column.price", "Preț\n  colum.price: Preț"),
        f"{RO}:{RO_TEXT[: RO_TEXT.index('  column.price: ')].count(chr(10)) + 2}:3:",
        "unknown UI string 'colum.price'; did you mean 'column.price'?",
        path=RO,
    ),
    Case(
        "strings file of a language the site does not have",
        RO_TEXT,
        "data/i18n/fr.yaml:1:",
        "not a strings file of a site language",
        path="data/i18n/fr.yaml",
    ),
]


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return use_fixture_data(copy_project(tmp_path_factory.mktemp("bad-data") / "project"))


def _remove(file: Path) -> None:
    if file.is_dir() and not file.is_symlink():
        shutil.rmtree(file)
    elif file.exists() or file.is_symlink():
        file.unlink()


@pytest.fixture
def broken(workspace: Path, request: pytest.FixtureRequest) -> Iterator[tuple[Path, Case]]:
    case: Case = request.param
    file = workspace / case.path
    original = file.read_bytes() if file.is_file() and not file.is_symlink() else None
    _remove(file)
    data = case.content.encode("utf-8") if isinstance(case.content, str) else case.content
    if case.kind == "folder":
        file.mkdir()
    elif case.kind == "link":
        file.symlink_to(data.decode())
    elif case.kind == "pipe":
        os.mkfifo(file)
    else:
        file.write_bytes(data)
    yield workspace, case
    _remove(file)
    if original is not None:
        file.write_bytes(original)


def test_there_are_at_least_seventy_five_distinct_mistakes() -> None:
    assert len({case.id for case in CASES}) == len(CASES) >= 76  # 46 of round one, 30+ of round two


@pytest.mark.parametrize("broken", CASES, ids=[case.id for case in CASES], indirect=True)
def test_loading_refuses_it_with_file_line_and_expectation(broken: tuple[Path, Case]) -> None:
    project, case = broken
    with pytest.raises(DataError) as caught:
        load_dataset(project, LANGUAGES, BUILD_DATE)
    report = caught.value.report()
    located = [line for line in report.splitlines() if line.startswith(case.where)]
    assert located, f"no message starting with {case.where!r} in:\n{report}"
    assert any(case.says in line for line in located), f"{case.says!r} not in {located}"
    assert report.endswith("nothing was built.")
    assert all(len(line) < 400 for line in report.splitlines())  # long literals are never echoed whole
