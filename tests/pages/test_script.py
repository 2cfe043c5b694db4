"""The comparison's script assembled into one module (gpustorage.pages.script): ordered, scoped, strict."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from conftest import ROOT, Build, node_binary

from gpustorage.pages.contract import PLANNER_SCRIPT, PLANNER_STYLE
from gpustorage.pages.script import ENTRIES, ScriptError, assemble, minified_script

MODULES = {
    # two modules with the same private name (secret); each logs when it runs, so that the bundle is seen
    # to run them in the order the browser would
    "main.js": 'import { greet } from "./b.js";\nimport { name as who, reveal } from "./a.js";\n'
    'function announce(...words) { console.log("main", ...words); }\nannounce(greet(), who, reveal());\n',
    "b.js": 'import { name } from "./a.js";\nconst secret = "b";\nconsole.log("b");\n'
    "export function greet() { return name + secret; }\n",
    "a.js": 'const secret = "a";\nconsole.log("a");\nexport const name = "A";\n'
    "export function reveal() { return secret; }\n",
}


def _modules(folder: Path, **changed: str) -> Path:
    for name, text in {**MODULES, **changed}.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder / "main.js"


def _run(node: str, module: Path) -> str:
    return subprocess.run([node, module], capture_output=True, text=True, check=True, timeout=60).stdout


def test_one_module_runs_as_the_modules_do_each_in_order_and_its_own_scope(tmp_path: Path) -> None:
    main = _modules(tmp_path)
    bundle = assemble(main)
    assert "import" not in bundle and "export" not in bundle
    assert bundle.index("const m_a =") < bundle.index("const m_b =") < bundle.index('console.log("main"')
    (tmp_path / "bundle.mjs").write_text(bundle, encoding="utf-8")
    (tmp_path / "package.json").write_text('{"type": "module"}', encoding="utf-8")  # main.js: a module
    node = node_binary()
    assert _run(node, tmp_path / "bundle.mjs") == _run(node, main) == "a\nb\nmain Ab A a\n"


@pytest.mark.parametrize(
    ("line", "column"),
    [
        (line, 1)
        for line in [
            "export default 1;",
            'import * as a from "./a.js";',
            'import a from "./a.js";',
            'export * from "./a.js";',
            "export { greet };",
            "export let count = 1;",
            'import { name } from "https://example.org/a.js";',
            'import { nothing } from "./a.js";',
            'import { name } from "./missing.js";',
            '  import { name } from "./a.js";',
        ]
    ]
    + [('const later = import("./a.js");', 15)],
)
def test_a_form_it_does_not_know_fails_naming_the_file_line_and_column(
    tmp_path: Path, line: str, column: int
) -> None:
    a = 'export const name = "A";\n'
    main = _modules(tmp_path, **{"main.js": f"// one\n// two\n{line}\n", "a.js": a})
    with pytest.raises(ScriptError, match=rf"^{re.escape(str(main))}:3:{column}: "):
        assemble(main)


def test_a_module_that_does_not_parse_fails_naming_its_file_line_and_column(tmp_path: Path) -> None:
    broken = 'const secret = "≈";\nexport const name = ("A";\nexport function reveal() { return secret; }\n'
    main = _modules(tmp_path, **{"a.js": broken})
    with pytest.raises(ScriptError, match=r"/a\.js:2:25: the minifier cannot read it: unexpected ;"):
        minified_script(main)


def test_the_minified_script_runs_as_the_modules_do_with_shorter_names(tmp_path: Path) -> None:
    main = _modules(tmp_path)
    script = minified_script(main)
    assert "secret" not in script and "announce" not in script  # private names, the entry's too, shortened
    (tmp_path / "bundle.mjs").write_text(script, encoding="utf-8")
    (tmp_path / "package.json").write_text('{"type": "module"}', encoding="utf-8")
    assert _run(node_binary(), tmp_path / "bundle.mjs") == "a\nb\nmain Ab A a\n"


def test_modules_that_import_each_other_fail(tmp_path: Path) -> None:
    main = _modules(tmp_path, **{"a.js": 'import { greet } from "./b.js";\nexport const name = "A";\n'})
    with pytest.raises(ScriptError, match=r"/a\.js:1:1: modules import each other: b\.js -> a\.js -> b\.js"):
        assemble(main)


def test_only_the_comparison_pages_load_its_one_minified_script(site: Build) -> None:
    loading = {
        page.relative_to(site.site).as_posix(): re.findall(
            r'<script type="module" src="([^"]*comparison\.js)"', page.read_text(encoding="utf-8")
        )
        for page in site.site.rglob("*.html")
    }
    roots = {"index.html", "zh/index.html", "ro/index.html"}
    assert {page for page, sources in loading.items() if sources} == roots
    for page in roots:
        (source,) = loading[page]
        assert (site.site / page).parent.joinpath(source).resolve() == site.site / "assets" / "comparison.js"
    script = (site.site / "assets" / "comparison.js").read_text(encoding="utf-8")
    style = (site.site / "assets" / "site.css").read_text(encoding="utf-8")
    changes_script = (site.site / "assets" / "changes.js").read_text(encoding="utf-8")
    for text in (script, style, changes_script):  # minified: no comment, no indented line
        assert "/*" not in text and not re.search(r"\n[ \t]", text)
    assert not re.search(r"^(?:import|export)\b|\bimport\s*\(", script, re.MULTILINE)  # nothing more to load
    assert not (site.site / "assets" / "compare").exists()
    assert not (site.site / "assets" / "planner").exists()
    changes = (site.site / "changes" / "index.html").read_text(encoding="utf-8")
    assert '<script type="module" src="../assets/changes.js">' in changes


def test_no_style_rule_restyles_the_table_for_its_busy_mark() -> None:
    """Issue #30: the table is aria-busy from each control until its rows follow. Chromium files a rule
    under the attribute it names, whatever element changes it: a rule on `[aria-busy] > td` (the details
    row while it loads) made every cell of the table restyle twice a control, 66 of the 114 ms a preset's
    tap took on a phone. Whatever is loading is styled by other means (`:empty`)."""
    style = (ROOT / "docs" / "assets" / "site.css").read_text(encoding="utf-8")
    rules = re.sub(r"/\*.*?\*/", "", style, flags=re.DOTALL)
    assert "aria-busy" not in rules


def test_only_the_planner_pages_load_the_planners_script_made_with_the_comparisons_modules(
    site: Build,
) -> None:
    """The planner's entry (docs/assets/planner/main.js) imports the comparison's cost model and
    numbers; the build assembles both into one module, loaded by the planner's pages alone, as its own
    style rules are (minified, after the site's: the comparison's page does not carry them)."""
    pages = {
        page.relative_to(site.site).as_posix(): page.read_text(encoding="utf-8")
        for page in site.site.rglob("*.html")
    }
    planner_pages = {"planner/index.html", "zh/planner/index.html", "ro/planner/index.html"}
    loading = {
        page
        for page, html in pages.items()
        if re.search(r'<script type="module" src="[^"]*planner\.js"', html)
    }
    assert loading == planner_pages
    styled = {
        page: re.findall(r'<link rel="stylesheet" href="[^"]*assets/(site|planner)\.css"', html)
        for page, html in pages.items()
    }
    assert {page for page, sheets in styled.items() if "planner" in sheets} == planner_pages
    assert all(styled[page] == ["site", "planner"] for page in planner_pages)  # the planner's last
    style = (site.site / PLANNER_STYLE).read_text(encoding="utf-8")
    assert ".gs-chart" in style and "/*" not in style and not re.search(r"\n[ \t]", style)
    assert ".gs-chart" not in (site.site / "assets" / "site.css").read_text(encoding="utf-8")
    entry = ROOT / "docs" / ENTRIES[PLANNER_SCRIPT]
    script = (site.site / PLANNER_SCRIPT).read_text(encoding="utf-8")
    assert script == minified_script(entry)
    assert "/*" not in script and not re.search(r"^(?:import|export)\b", script, re.MULTILINE)
    # the comparison's modules, named after their folder beside the planner's own (before minifying)
    for name in ("m_compare_cost", "m_compare_numbers", "m_compare_state", "m_plan", "m_chart"):
        assert f"const {name} =" in assemble(entry), name


def test_a_module_may_import_from_a_sibling_folder(tmp_path: Path) -> None:
    (tmp_path / "shared").mkdir()
    (tmp_path / "page").mkdir()
    (tmp_path / "shared" / "a.js").write_text(
        'const secret = "shared";\nexport const name = "A";\n', encoding="utf-8"
    )
    (tmp_path / "page" / "a.js").write_text(
        'const secret = "page";\nexport const other = "B";\n', encoding="utf-8"
    )
    main = tmp_path / "page" / "main.js"
    main.write_text(
        'import { name } from "../shared/a.js";\nimport { other } from "./a.js";\n'
        "console.log(name, other);\n",
        encoding="utf-8",
    )
    bundle = assemble(main)
    assert "const m_shared_a = " in bundle and "const m_a = " in bundle
    (tmp_path / "page" / "bundle.mjs").write_text(bundle, encoding="utf-8")
    assert _run(node_binary(), tmp_path / "page" / "bundle.mjs") == "A B\n"
    main.write_text('import { name } from "../nowhere/a.js";\n', encoding="utf-8")
    with pytest.raises(ScriptError, match=r"no module \.\./nowhere/a\.js"):
        assemble(main)
