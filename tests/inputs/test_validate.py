"""Stage 2: strict validation, every problem reported with file, line and the expected value."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from conftest import GOOD_PROVIDER, LANGUAGES, ROOT

from gpustorage.inputs.dataset import load_dataset, loaded_providers

GOOD = GOOD_PROVIDER


def problems_for(tmp_path: Path, text: str, name: str = "example.yaml") -> list[str]:
    file = tmp_path / name
    file.write_text(text, encoding="utf-8")
    _, problems = loaded_providers([file], tmp_path, LANGUAGES)
    return [str(problem) for problem in sorted(problems)]


def test_good_file_is_valid(tmp_path: Path) -> None:
    assert problems_for(tmp_path, GOOD) == []


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (
            ("    product: Volume\n", "    prodcut: Volume\n"),
            [
                "example.yaml:5:5: missing required key 'product'",
                "example.yaml:6:5: unknown key 'prodcut'; did you mean 'product'? (expected one of: "
                "kind, product, pricing, price, billed_while_detached, region_binding, binding_by_plan, "
                "throughput, max_size, snapshots, multi_attach, spot_usable, egress, regions, notes, "
                "sources)",
            ],
        ),
        (
            ("kind: network_volume", "kind: nfs"),
            [
                "example.yaml:5:5: 'kind' must be one of 'network_volume', 'block_volume', "
                "'shared_filesystem', 'object_storage' or 'persistent_home'; got 'nfs'"
            ],
        ),
        (
            ('multi_attach: "no"', "multi_attach: false"),
            [
                "example.yaml:19:5: 'multi_attach' must be one of 'yes', 'no', 'partial', "
                "'not_applicable' or 'unknown'; got False"
            ],
        ),
        (
            ("amount: 0.07", 'amount: "0.07"'),
            ["example.yaml:12:25: 'amount' must be a number; got '0.07'"],
        ),
        (
            ("seen: 2026-07-20", 'seen: "July 2026"'),
            [
                "example.yaml:25:9: 'seen' must be a date written as YYYY-MM-DD (without quotes); "
                "got 'July 2026'"
            ],
        ),
        (
            ("url: https://example.com/docs", "url: http://example.com/docs"),
            [
                "example.yaml:24:9: 'url' must be an https:// URL with a host name such as example.com; "
                "got 'http://example.com/docs': it must start with https://"
            ],
        ),
        (
            ("max_size: 4 TB", "max_size: 4TB"),
            [
                "example.yaml:17:5: 'max_size' must be 'unknown' or a size such as '4 TB', "
                "'10 TiB' or '500 GB'; got '4TB'"
            ],
        ),
        (
            ("currency: USD", "currency: usd"),
            ["example.yaml:8:7: 'currency' must be one of 'USD', 'EUR', 'INR' or 'CNY'; got 'usd'"],
        ),
        (
            (GOOD[GOOD.index("    price:") : GOOD.index("    billed")], "    price: 7\n"),
            ["example.yaml:7:5: 'price' must be one of 'unknown', 'varies' or 'included'; got 7"],
        ),
        (
            ("        - {amount: 0.05}\n", ""),
            [
                "example.yaml:7:5: the last tier of 'tiers' must have no 'up_to' "
                "(it covers everything above)",
            ],
        ),
        (
            ("throughput: unknown", "throughput: 1 GB/s"),
            [
                "example.yaml:5:5: no source covers throughput: add them to the 'covers' list of "
                "the source that states them, or set them to 'unknown'"
            ],
        ),
        (
            ("covers: [price,", "covers: [prices,"),
            [
                "example.yaml:26:18: 'covers' must be one of 'price', 'billed_while_detached', "
                "'region_binding', 'throughput', 'max_size', 'snapshots', 'multi_attach', "
                "'spot_usable', 'egress' or 'regions'; got 'prices'",
            ],
        ),
    ],
)
def test_each_mistake_is_located(tmp_path: Path, change: tuple[str, str], expected: list[str]) -> None:
    old, new = change
    assert old in GOOD
    assert problems_for(tmp_path, GOOD.replace(old, new, 1)) == expected


def test_notes_must_cover_every_language(tmp_path: Path) -> None:
    text = GOOD.replace("{de: Hinweis, zh: 说明, ro: Notă}", "{de: Hallo, ro: Salut, en: Hi}")
    assert problems_for(tmp_path, text) == [
        "example.yaml:22:5: 'notes' has no 'zh' text (expected: de, ro, zh)",
        "example.yaml:22:35: 'notes' has text in 'en', which is not a site language (expected: de, ro, zh)",
    ]


def test_what_an_example_is_for_must_cover_every_language(tmp_path: Path) -> None:
    """Issue #29: what an example price is for is the dataset's own words, in every site language like
    the notes; a missing language (an English text alone, as once written) is named with file and line."""
    example = "      basis: example\n      example_of: {de: Region us-east-1, en: us-east-1}\n"
    text = GOOD.replace("      basis: list\n", example)
    assert problems_for(tmp_path, text) == [
        "example.yaml:11:7: 'example_of' has no 'ro' text (expected: de, ro, zh)",
        "example.yaml:11:7: 'example_of' has no 'zh' text (expected: de, ro, zh)",
        "example.yaml:11:42: 'example_of' has text in 'en', which is not a site language "
        "(expected: de, ro, zh)",
    ]


def test_what_an_example_is_for_is_words_by_language(tmp_path: Path) -> None:
    text = GOOD.replace("      basis: list\n", "      basis: example\n      example_of: us-east-1\n")
    assert problems_for(tmp_path, text) == [
        "example.yaml:11:7: 'example_of' must be a mapping (key: value lines); got 'us-east-1'"
    ]


def test_region_names_by_language_cover_every_language_and_name_the_same_regions(tmp_path: Path) -> None:
    """Issue #29: region names given per language are in every site language, as many in each."""
    regions = "    regions: {de: [Nordküste, Südküste], zh: [北海岸]}\n"
    text = GOOD.replace("    notes:", regions + "    notes:").replace(
        "max_size, multi_attach, egress]", "max_size, multi_attach, egress, regions]"
    )
    text = text.replace(
        'egress: "Egress is free."', 'egress: "Egress is free."\n          regions: "North and south coast."'
    )
    assert problems_for(tmp_path, text) == [
        "example.yaml:22:5: 'regions' has no 'ro' text (expected: de, ro, zh)",
        "example.yaml:22:5: 'regions' lists 2 in 'de', 1 in 'zh': each language names the same ones, in the "
        "same order",
    ]


def test_file_name_must_be_an_id(tmp_path: Path) -> None:
    assert problems_for(tmp_path, GOOD, name="Example_Cloud.yaml") == [
        "Example_Cloud.yaml:1:1: file name 'Example_Cloud.yaml' is not a valid id: use "
        "lower-case letters, digits and single hyphens, e.g. 'lambda-labs.yaml'"
    ]


def test_provider_without_offerings_needs_sources(tmp_path: Path) -> None:
    text = GOOD[: GOOD.index("offerings:")]
    assert problems_for(tmp_path, text) == [
        "example.yaml:2:1: a provider needs at least one offering, or 'no_persistent_storage' with sources"
    ]


def test_all_problems_of_all_files_are_listed(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text(GOOD.replace("kind: network_volume", "kind: disk"))
    (tmp_path / "b.yaml").write_text(GOOD.replace("name: Example Cloud\n", ""))
    _, problems = loaded_providers(sorted(tmp_path.glob("*.yaml")), tmp_path, LANGUAGES)
    assert [(p.path, p.line) for p in problems] == [("a.yaml", 5), ("b.yaml", 2)]


def test_strings_files_have_the_same_keys(tmp_path: Path) -> None:
    data = tmp_path / "data"
    (data / "i18n").mkdir(parents=True)
    for lang in LANGUAGES:
        text = (ROOT / "data" / "i18n" / f"{lang}.yaml").read_text(encoding="utf-8")
        if lang == "ro":
            text = text.replace("  faq.title: Întrebări frecvente\n", "")
        (data / "i18n" / f"{lang}.yaml").write_text(text, encoding="utf-8")
    (data / "providers").mkdir()
    (data / "providers" / "example.yaml").write_text(GOOD)
    with pytest.raises(Exception) as caught:
        load_dataset(tmp_path, LANGUAGES)
    assert "data/i18n/ro.yaml:3:1: missing UI string 'faq.title' (present in de, zh)" in str(caught.value)


def test_cli_reports_and_exits_non_zero_without_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(GOOD.replace("region_binding: datacenter", "region_binding: continent"))
    result = subprocess.run(
        [sys.executable, "-m", "gpustorage", "validate", str(bad)],
        cwd=ROOT / "hooks",
        capture_output=True,
        text=True,
    )
    assert result.returncode == 1
    assert "bad.yaml:15:5: 'region_binding' must be one of" in result.stderr
    assert "1 data problem found; nothing was built." in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_schema_line_is_required(tmp_path: Path) -> None:
    assert problems_for(tmp_path, GOOD.split("\n", 1)[1]) == [
        "example.yaml:1:1: the first line must be '# yaml-language-server: "
        "$schema=../../schema/provider.schema.json' (editors check the file with it)"
    ]


def test_the_commented_example_in_contributing_is_valid(tmp_path: Path) -> None:
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    example = text.split("```yaml\n", 1)[1].split("```", 1)[0]
    assert problems_for(tmp_path, example, name="example-cloud.yaml") == []


def test_validating_missing_or_linked_files_names_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from gpustorage.__main__ import validate

    (tmp_path / "linked.yaml").symlink_to(ROOT / "tests" / "fixtures" / "providers" / "alpha-cloud.yaml")
    assert validate([tmp_path / "missing.yaml", tmp_path / "linked.yaml"], ROOT) == 1
    err = capsys.readouterr().err
    assert f"{tmp_path}/missing.yaml:1:1: no such file" in err
    assert f"{tmp_path}/linked.yaml:1:1: the file is a symbolic link" in err
    assert "2 data problems found" in err and "Traceback" not in err


def test_validator_and_build_read_one_list_of_languages(tmp_path: Path) -> None:
    """An i18n file for a language mkdocs.yml does not list is an error for both (they share
    languages.site_languages and dataset.load_strings); the build also checks the i18n plugin's list."""
    import mkdocs_engine as engine
    from mkdocs.exceptions import PluginError

    from gpustorage.inputs.dataset import load_strings
    from gpustorage.inputs.settings import site_languages

    assert site_languages(ROOT) == list(LANGUAGES)
    (tmp_path / "fr.yaml").write_text("ui: {}\n", encoding="utf-8")
    for lang in LANGUAGES:
        (tmp_path / f"{lang}.yaml").write_bytes((ROOT / "data" / "i18n" / f"{lang}.yaml").read_bytes())
    _, problems = load_strings(tmp_path, tmp_path, LANGUAGES)
    assert [(p.path, p.message[:45]) for p in problems] == [
        ("fr.yaml", "not a strings file of a site language (expect")
    ]

    i18n = SimpleNamespace(build_languages=["de", "zh"], default_language="de")
    config = SimpleNamespace(plugins={"i18n": i18n})
    with pytest.raises(PluginError, match=r"builds de, zh, but mkdocs\.yml lists de, zh, ro"):
        engine.check_languages(config, ["de", "zh", "ro"])  # type: ignore[arg-type]
