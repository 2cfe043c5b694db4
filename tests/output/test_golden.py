"""The generator's output on the fixture project, pinned by golden files under tests/golden/.

Each language's generated pages (the guide with its comparison and FAQ, the provider list, the changes,
the data page, one provider page and its Markdown twin), llms.txt, the API files and the feeds are
compared with the stored files. A change of the output is meant or it is a defect: after a meant one,
`make golden` writes the files again and the commit shows its effect as their diff. JSON is stored
indented, so that a diff names the value that changed. The fixture's commit ids change with any file of
the project (its history commits the whole copy), so they are stored as the name of their place in the
history (`commit-1` is the oldest), and feed entry ids, made from them, by their order in the file.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import tempfile
from pathlib import Path

import pytest
from conftest import BUILD_DATE, LANGUAGES, REPOSITORY, ROOT

from gpustorage import build_site, render_site
from gpustorage.output.export import write_api
from gpustorage.output.feeds import write_feeds
from gpustorage.output.write import write_pages
from gpustorage.pages.render_text import text_files

GOLDEN = ROOT / "tests" / "golden"
UPDATE = os.environ.get("GS_GOLDEN") == "update"  # set by `make golden`
PROVIDER = "alpha-cloud"  # the fixture provider with the most to show: tiers, several offerings, history
PAGES = (
    "index.md",
    "providers/index.md",
    "changes.md",
    "data.md",
    "contribute.md",
    "planner.md",
    f"providers/{PROVIDER}.md",
)
API = ("providers.json", "offerings.csv", "history.json")
SITE_URL = "https://gpu-storage.example/"  # fixed: the test site's own address has a random port
FEEDS = ("feed.atom", f"providers/{PROVIDER}/feed.atom", "feed.xsl")


def _readable(name: str, text: str, commits: list[str]) -> str:
    if name.endswith(".json"):
        text = json.dumps(json.loads(text), ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    for number, commit in enumerate(commits, 1):
        text = re.sub(rf"\b{commit[:7]}([0-9a-f]{{33}})?\b", f"commit-{number}", text)
    entry_ids: dict[str, str] = {}
    return re.sub(
        r"urn:uuid:[0-9a-f-]{36}",
        lambda found: entry_ids.setdefault(found[0], f"urn:uuid:entry-{len(entry_ids) + 1}"),
        text,
    )


def generated(project: Path) -> dict[str, str]:
    """The pinned part of the generator's output for `project`, by the path it is stored at."""
    build = build_site(project, list(LANGUAGES), BUILD_DATE, REPOSITORY)
    with tempfile.TemporaryDirectory() as temporary:
        out = Path(temporary)
        write_pages(out / "docs", render_site(build, SITE_URL))
        write_api(out / "api", build.dataset, build.derived, build.today, build.history, REPOSITORY)
        write_feeds(out / "feeds", build.views, SITE_URL, build.today)
        files = {}
        for lang in LANGUAGES:
            prefix = "" if lang == LANGUAGES[0] else f"{lang}/"
            for page in PAGES:
                files[f"pages/{lang}/{page}"] = out / "docs" / lang / page
            for feed in FEEDS:
                files[f"feeds/{prefix}{feed}"] = out / "feeds" / prefix / feed
        for name in API:
            files[f"api/{name}"] = out / "api" / name
        texts = text_files(build, SITE_URL)
        for lang in LANGUAGES:
            prefix = "" if lang == LANGUAGES[0] else f"{lang}/"
            twin = f"{prefix}providers/{PROVIDER}/index.md"
            (out / "text" / twin).parent.mkdir(parents=True, exist_ok=True)
            (out / "text" / twin).write_text(texts[twin], encoding="utf-8")
            files[f"text/{twin}"] = out / "text" / twin
        (out / "text" / "llms.txt").write_text(texts["llms.txt"], encoding="utf-8")
        files["text/llms.txt"] = out / "text" / "llms.txt"
        commits = list(dict.fromkeys(change.commit for change in reversed(build.history.changes)))
        return {
            name: _readable(name, file.read_text(encoding="utf-8"), commits) for name, file in files.items()
        }


def _stored() -> dict[str, str]:
    return {
        file.relative_to(GOLDEN).as_posix(): file.read_text(encoding="utf-8")
        for file in sorted(GOLDEN.rglob("*"))
        if file.is_file()
    }


def _rewrite(files: dict[str, str]) -> None:
    for old in GOLDEN.rglob("*"):
        if old.is_file() and old.relative_to(GOLDEN).as_posix() not in files:
            old.unlink()
    for name, text in files.items():
        target = GOLDEN / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")


def _diff(name: str, stored: str, made: str, lines: int = 60) -> str:
    diff = list(
        difflib.unified_diff(
            stored.splitlines(), made.splitlines(), f"golden/{name}", f"generated/{name}", lineterm=""
        )
    )
    more = f"\n… {len(diff) - lines} more lines" if len(diff) > lines else ""
    return "\n".join(diff[:lines]) + more


@pytest.fixture(scope="module")
def output(fixture_project: Path) -> dict[str, str]:
    return generated(fixture_project)


def test_the_generator_writes_the_same_files_twice(output: dict[str, str], fixture_project: Path) -> None:
    assert generated(fixture_project) == output


def test_the_output_matches_the_golden_files(output: dict[str, str]) -> None:
    if UPDATE:
        _rewrite(output)
    stored = _stored()
    assert sorted(stored) == sorted(output), "golden files missing or left over: run `make golden`"
    changed = [_diff(name, stored[name], text) for name, text in output.items() if stored[name] != text]
    assert not changed, "the output changed; if meant, run `make golden`:\n" + "\n\n".join(changed)
