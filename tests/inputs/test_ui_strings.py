"""Interface strings (data/i18n/<lang>.yaml) against their one definition,
hooks/gpustorage/inputs/ui_strings.py: known keys only, placeholders from each key's allowed set, no markup;
every key the code uses is defined."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from conftest import BUILD_DATE, LANGUAGES, ROOT, copy_project, renderer, use_fixture_data

from gpustorage import SiteBuild
from gpustorage.inputs.dataset import load_dataset
from gpustorage.inputs.load import load_file
from gpustorage.inputs.model import Answer, Fact, PriceUnit, RegionBinding, StorageKind
from gpustorage.inputs.problems import DataError
from gpustorage.inputs.settings import PLANNER_ORIGINS
from gpustorage.inputs.ui_strings import KEYS, check_file, text_problems
from gpustorage.pages.contract import COLUMNS, PRESETS
from gpustorage.pages.messages import Strings
from gpustorage.pages.render import PLANNER_ROWS

HOOKS = ROOT / "hooks"


def test_the_definition_is_one_line_per_key_with_its_placeholders() -> None:
    assert KEYS["lead"] == {"providers", "offerings"}
    assert KEYS["site.name"] == frozenset()
    assert len(KEYS) > 100


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_has_exactly_the_defined_keys(lang: str) -> None:
    doc, problems = load_file(ROOT / "data" / "i18n" / f"{lang}.yaml", f"{lang}.yaml")
    assert doc is not None and problems == []
    assert set(doc.value["ui"]) == set(KEYS)
    assert check_file(doc) == []
    for key, text in doc.value["ui"].items():
        for form in text.values() if isinstance(text, dict) else [text]:  # plural forms each
            used = {name for _, name, _, _ in string.Formatter().parse(form) if name}
            assert used <= KEYS[key], key


def _literal_keys() -> set[str]:
    """Keys the code names literally: t("key", ...), t('key'), t.ui["key"]."""
    sources = [*HOOKS.glob("gpustorage/**/*.py"), *HOOKS.glob("gpustorage/pages/templates/*.j2")]
    pattern = re.compile(r"""\bt(?:\.ui\[|\()\s*["']([a-z_]+\.[a-z_.A-Z-]+)["']""")
    return {key for file in sources for key in pattern.findall(file.read_text(encoding="utf-8"))}


def _family_keys() -> set[str]:
    """Keys the code builds from names: column.<fact>, kind.<kind>, unit.<unit>, preset.<name>...."""
    keys = {f"column.{fact.value}" for fact in (*COLUMNS, Fact.regions)}
    keys |= {f"column_short.{name}" for name in ("product", "checked", "cost", *(f.value for f in COLUMNS))}
    keys |= {f"notfound.{part}" for part in ("title", "text", "guide", "providers", "search")}
    keys |= {f"kind.{kind.value}" for kind in StorageKind}
    keys |= {f"answer.{answer.value}" for answer in Answer if answer is not Answer.unknown}
    keys |= {f"region.{binding.value}" for binding in RegionBinding if binding is not RegionBinding.unknown}
    # price units, and egress's per-unit (sizes are worded with their symbols, in every language alike)
    keys |= {f"unit.{unit.value}" for unit in PriceUnit} | {"unit.GB", "unit.GiB"}
    keys |= {f"preset.{name}.{part}" for name in PRESETS for part in ("label", "explain")}
    keys |= {
        f"faq.{name}.{part}"
        for name in ("billed", "egress_free", "shared", "spot", "idle", "cheapest")
        for part in ("question", "answer")
    }
    keys |= {f"planner.from.{origin}" for origin in PLANNER_ORIGINS}
    keys |= {f"planner.row.{row}" for row in PLANNER_ROWS}
    keys |= {f"planner.cheaper.{way}" for way in ("keep", "fetch", "same")}
    return keys | {"value.unknown", "value.varies", "egress.free"}


def test_every_key_the_code_names_is_defined() -> None:
    literal = _literal_keys()
    assert "site.name" in literal and "lead" not in literal  # the scan finds keys (lead has no dot)
    assert literal - KEYS.keys() == set()
    assert _family_keys() - KEYS.keys() == set()


class _Recording(dict[str, str]):
    used: set[str]

    def __getitem__(self, key: str) -> str:
        self.used.add(key)
        return super().__getitem__(key)


def test_rendering_every_page_uses_only_defined_keys(fixture_build: SiteBuild, fixture_project: Path) -> None:
    used: set[str] = set()
    for lang, view in fixture_build.views.items():
        recording = _Recording(view.t.ui)
        recording.used = used
        view.t.ui = recording
        try:
            renderer(view).pages(fixture_build.guide[lang], LANGUAGES[0])
        finally:
            view.t.ui = dict(recording)
    assert used and used <= KEYS.keys()


@pytest.mark.parametrize(
    ("key", "text", "says"),
    [
        ("regions.count", "Regions {count", "a lone '{' at character 9"),
        ("regions.count", "Regions count}", "a lone '}' at character 14"),
        ("regions.count", "Regions {coun}", "has no placeholder {coun} (it may use {count})"),
        ("site.name", "Site {name}", "has no placeholder {name} (it takes none)"),
        ("regions.count", "{count!r}", "placeholders are plain names"),
        ("regions.count", "{count:>99999999}", "placeholders are plain names"),
        ("regions.count", "{0}", "placeholders are plain names"),
        ("regions.count", "{}", "placeholders are plain names"),
        ("site.name", "{{ config }}", "template syntax '{{'"),
        ("site.name", "{% if x %}y{% endif %}", "template syntax '{%'"),
        ("site.name", "{# note #}", "template syntax '{#'"),
        ("site.name", "A <b>bold</b> name", "holds markup ('<'"),
        ("site.name", "A &amp; B", "holds markup ('&amp;'"),
        ("site.og_locale", "de-DE", "must be a locale such as de_DE"),
        ("preset.changed", "{preset}, geändert:", "must be a text holding both {preset} and {explanation}"),
    ],
)
def test_each_bad_string_is_named_without_a_traceback(key: str, text: str, says: str) -> None:
    assert any(says in problem for problem in text_problems(key, text)), text_problems(key, text)


def test_valid_strings_always_format() -> None:
    """A text that passes the checks formats with its key's placeholders: no KeyError at build time."""
    for key, names in KEYS.items():
        text = " ".join(f"{{{name}}}" for name in sorted(names)) + " plain & simple: 100 % sure"
        assert text_problems(key, text) == [] or key in ("site.og_locale",)
        Strings("de", {key: text})(key, **{name: "x" for name in names})


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return use_fixture_data(copy_project(tmp_path / "project"))


def test_a_key_missing_from_every_language_is_named_not_a_traceback(project: Path) -> None:
    for lang in LANGUAGES:
        file = project / "data" / "i18n" / f"{lang}.yaml"
        file.write_text(
            re.sub(r"\n  column\.price: [^\n]*", "", file.read_text(encoding="utf-8")), encoding="utf-8"
        )
    with pytest.raises(DataError) as caught:
        load_dataset(project, LANGUAGES, BUILD_DATE)
    report = caught.value.report()
    for lang in LANGUAGES:
        assert (
            f"data/i18n/{lang}.yaml:3:1: missing UI string 'column.price' "
            "(listed in hooks/gpustorage/inputs/ui_strings.py)" in report
        )


def test_every_problem_of_a_strings_file_at_once(project: Path) -> None:
    file = project / "data" / "i18n" / "zh.yaml"
    text = file.read_text(encoding="utf-8")
    text = re.sub(r"\n  site\.name: [^\n]*", "\n  site.name: '<script>x</script> {oops'", text)
    text = re.sub(r"\n  regions\.count: [^\n]*", "\n  regions.count: '{{ count }}'", text)
    file.write_text(text.replace("\nui:\n", "\nui:\n  extra.key: x\n", 1), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_dataset(project, LANGUAGES, BUILD_DATE)
    messages = [p.message for p in caught.value.problems]
    assert any("'site.name' holds markup" in m for m in messages)
    assert any("'site.name' has a lone '{'" in m for m in messages)
    assert any("'regions.count' holds template syntax" in m for m in messages)
    assert any("unknown UI string 'extra.key'" in m for m in messages)
    assert all(p.path == "data/i18n/zh.yaml" and p.line > 1 for p in caught.value.problems)


def test_the_definition_refuses_its_own_mistakes() -> None:
    from gpustorage.inputs.ui_strings import _parse

    assert _parse("a.b {x} {y}\nc") == {"a.b": {"x", "y"}, "c": frozenset()}
    for wrong in ("a\na", "a {X}", "a x", "a {x"):
        with pytest.raises(ValueError, match="listed twice or has a placeholder not as"):
            _parse(wrong)
