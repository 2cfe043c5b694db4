"""The review comment as GitHub shows it: a pull request whose names, values and file names carry links,
mentions and references is reported with every piece of data inert.

The report is rendered by GitHub's own Markdown renderer (cmark-gfm with GitHub's extensions), then
read the way GitHub reads the HTML after rendering: it links `@user`, `@org/team`, `#123`, `GH-123`
and `owner/repo#123` in any text but that of code, links and preformatted blocks.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import cmarkgfm
import pytest
from bs4 import BeautifulSoup, Comment
from cmarkgfm.cmark import Options
from conftest import GOOD_PROVIDER, ROOT
from fixture_history import PROVIDERS, clone
from github_runner import HOSTILE_VALUE as ANNOTATED_VALUE
from github_runner import hostile_files, output_lines, runner_command
from test_workflows import steps, workflow

from gpustorage.__main__ import main
from gpustorage.tools.review import (
    COMMENT_LIMIT,
    COMMENT_MARKER,
    CUT_MARKER,
    MIN_COMMENT_CHARS,
    Report,
    comment_length,
    diff,
    markdown,
    report_of,
)
from gpustorage.tools.review_strings import MESSAGES
from projects import commit_all, write_providers

LINKED = ["www.example-phish.test", "https://example-phish.test/login", "user@example.com"]
MENTIONS = ["@octocat", "@org/team", "owner/repo#1", "#123", "GH-1"]
# what GitHub links after rendering, in the text of anything but code, links and pre
REFERENCES = re.compile(
    r"@[A-Za-z0-9-]+(/[A-Za-z0-9-]+)?|[A-Za-z0-9-]+/[A-Za-z0-9._-]+#\d+|#\d+|GH-\d+", re.IGNORECASE
)
MARKUP = "**bold** _em_ ~~struck~~ [link](https://example-phish.test) ![i](https://x.test/i.png) ``` a`b"
HOSTILE_NAME = "Phish @org/team www.example-phish.test"
HOSTILE_PRODUCT = "Disk owner/repo#1 #123 GH-1 user@example.com"
HOSTILE_TEXT = f"https://example-phish.test/login @octocat {MARKUP}"
HOSTILE_URL = "https://example-phish.test/@org/team#123"
HOSTILE_FILE = "@org-team#123 GH-1 www.example-phish.test.yaml"
HOSTILE_LINK = "data/owner/repo#1 `x`.yaml"  # a symbolic link: named in a problem, never followed
HOSTILE_KEY = "@octocat owner/repo#1"
HOSTILE_VALUE = "#123 GH-1 user@example.com"


def hostile_pull_request(fixture_project: Path, target: Path) -> Path:
    """A clone of the fixture project with one commit that puts hostile text in every place the report
    shows data: provider and product names, a value, a source, a renamed file, problems that quote a
    key, a value and file names; and test_annotations' files, whose names, keys and values a GitHub
    Actions log could take for workflow commands."""
    project = clone(fixture_project, target)
    providers = project / PROVIDERS
    alpha = providers / "alpha-cloud.yaml"
    text = alpha.read_text(encoding="utf-8")
    text = text.replace("name: Alpha Cloud", f"name: {HOSTILE_NAME!r}")
    text = text.replace("product: Alpha Buckets", f"product: {HOSTILE_PRODUCT!r}")
    text = text.replace('"200–400 MB/s, up to 10 GB/s peak"', repr(HOSTILE_TEXT))
    alpha.write_text(text, encoding="utf-8")
    unquoted = GOOD_PROVIDER[: GOOD_PROVIDER.index("        quote:")]  # its values without their words
    new = unquoted.replace("name: Example Cloud", f"name: 'Evil {HOSTILE_NAME}'")
    new = new.replace("https://example.com/docs", HOSTILE_URL)
    (providers / "evil.yaml").write_text(new, encoding="utf-8")
    os.rename(providers / "beta-cloud.yaml", providers / HOSTILE_FILE)
    broken = GOOD_PROVIDER.replace("website:", f"{HOSTILE_KEY!r}: 1\nwebsite:")
    broken = broken.replace("region_binding: datacenter", f"region_binding: {HOSTILE_VALUE!r}")
    (providers / "broken.yaml").write_text(broken, encoding="utf-8")
    (project / HOSTILE_LINK).parent.mkdir()
    (project / HOSTILE_LINK).symlink_to("../providers/evil.yaml")
    hostile_files(providers)  # names, keys and values that a GitHub Actions log could take for commands
    commit_all(project, "A hostile pull request", "2026-10-01T10:00:00+00:00")
    return project


@pytest.fixture(scope="module")
def hostile_project(fixture_project: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return hostile_pull_request(fixture_project, tmp_path_factory.mktemp("hostile") / "project")


@pytest.fixture(scope="module", params=sorted(MESSAGES))
def hostile_report(hostile_project: Path, request: pytest.FixtureRequest) -> str:
    """The report on the hostile pull request, in each language the review speaks."""
    return diff(hostile_project, "HEAD~1", "HEAD", request.param)


def github_html(markdown: str) -> BeautifulSoup:
    """The comment as GitHub's renderer makes it, with GitHub's extensions (autolink, table,
    strikethrough, tagfilter, tasklist) and raw HTML let through, as GitHub does before it sanitizes."""
    html = cmarkgfm.github_flavored_markdown_to_html(markdown, options=Options.CMARK_OPT_UNSAFE)
    return BeautifulSoup(html, "html.parser")


def text_outside_code(html: BeautifulSoup) -> str:
    """The text GitHub looks for mentions and references in: all but code, links and pre."""
    copy = BeautifulSoup(str(html), "html.parser")
    for element in copy.find_all(["code", "a", "pre"]):
        element.decompose()
    return copy.get_text()


def test_the_hostile_pull_request_reaches_every_section(hostile_report: str) -> None:
    """Providers, offerings, values, values without a quote, sources and validation problems: all but
    exchange rates."""
    assert hostile_report.count("\n### ") == 6 and "- `data/providers/broken.yaml:" in hostile_report


def test_no_data_becomes_a_link_or_markup(hostile_report: str) -> None:
    html = github_html(hostile_report)
    assert html.find_all("a") == []  # the report has no links of its own either
    assert {tag.name for tag in html.find_all(True)} <= {"h2", "h3", "p", "ul", "li", "code", "strong"}


def test_no_data_mentions_or_references_anything(hostile_report: str) -> None:
    outside = text_outside_code(github_html(hostile_report))
    assert [match.group() for match in REFERENCES.finditer(outside)] == []
    assert not any(word in outside for word in [*LINKED, *MENTIONS, "example-phish", "octocat"])


def test_data_shows_as_it_is_inside_code(hostile_report: str) -> None:
    shown = [code.get_text() for code in github_html(hostile_report).find_all("code")]
    stem = HOSTILE_FILE.removesuffix(".yaml")
    hostile = [HOSTILE_NAME, HOSTILE_PRODUCT, HOSTILE_TEXT, HOSTILE_URL, stem, HOSTILE_KEY, HOSTILE_VALUE]
    for data in [*hostile, HOSTILE_LINK]:
        assert any(data in text for text in shown), data
    # a word joiner, which shows as nothing, splits `##[` (test_no_line_of_the_report_or_the_log_…)
    assert any(f"got {ANNOTATED_VALUE!r}" in text.replace("\u2060", "") for text in shown)


# ---- a report too long for one comment ------------------------------------------------------------------

LARGE = 150  # synthetic providers: a report longer than GitHub allows, and shorter than twice that
# a product name may hold the cut marker's text: it stays inside its code span, on an entry's line
PRODUCT_WITH_MARKER = f"{CUT_MARKER} ``` x"


def large_pull_request(fixture_project: Path, target: Path) -> Path:
    """A pull request that replaces the providers with LARGE synthetic ones, whose names hold
    characters outside the Basic Multilingual Plane (two UTF-16 units each, as JavaScript counts); one
    offering's name holds the cut marker, and its values have no quotes."""
    project = clone(fixture_project, target)
    providers = project / PROVIDERS
    write_providers(providers, LARGE)
    for file in providers.glob("*.yaml"):
        text = re.sub(r"name: (Synthetic Cloud \d+)", r"name: '\1 🚀🚀'", file.read_text(encoding="utf-8"))
        text = text.replace("product: Synthetic storage 0\n", f"product: '{PRODUCT_WITH_MARKER}'\n")
        # that offering's values come without their source's words: the report names them
        text = re.sub(r'        quote:\n(          \w+: "Synthetic storage 0 states its \w+\."\n)+', "", text)
        file.write_text(text, encoding="utf-8")
    commit_all(project, "Many providers", "2026-10-01T10:00:00+00:00")
    return project


@pytest.fixture(scope="module")
def large_project(fixture_project: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return large_pull_request(fixture_project, tmp_path_factory.mktemp("large") / "project")


@pytest.fixture(scope="module")
def large(large_project: Path) -> Report:
    return report_of(large_project, "HEAD~1", "HEAD")


def entries(markdown_text: str) -> int:
    """Entries of the English report: list items and the validation's sentence."""
    return len(re.findall(r"^(- |No problems|\d[\d,]* problems? at head)", markdown_text, re.MULTILINE))


def list_items(markdown_text: str) -> list[str]:
    return [str(item) for item in github_html(markdown_text).find_all("li")]


def test_the_large_report_is_longer_than_a_comment_may_be(large: Report) -> None:
    whole = markdown(large)
    assert COMMENT_LIMIT < len(whole) < comment_length(whole) < 2 * COMMENT_LIMIT
    assert comment_length("🚀 a") == 4  # as JavaScript's length counts it
    assert markdown(large, comment_length(whole)) == whole  # one that fits is left whole


@pytest.mark.parametrize("limit", [MIN_COMMENT_CHARS, 1234, 20_000, 44_444, COMMENT_LIMIT])
def test_a_long_report_is_cut_where_an_entry_ends_with_a_note(large: Report, limit: int) -> None:
    whole, short = markdown(large), markdown(large, limit)
    assert comment_length(short) <= limit
    kept, note = short.rsplit("\n\n", 1)
    kept += "\n"
    assert whole.startswith(kept) and not kept.endswith("\n\n")
    assert re.match(r"^- |^\n", whole[len(kept) :])  # what follows starts an entry or a section
    assert kept.rstrip("\n").rsplit("\n", 1)[1].startswith("- ")  # a heading is never the last line
    command = f"`python -m gpustorage diff {large.base.revision[:7]} {large.head.revision[:7]}`"
    assert note == (
        f"Shortened to fit in a GitHub comment: {entries(whole) - entries(kept):,} more entries are not"
        f" shown. {command} prints the whole report.\n"
    )
    shown = list_items(short)
    assert shown == list_items(whole)[: len(shown)]  # every entry shown whole, code spans included
    assert comment_length(short) > limit - 400  # no more room left than about an entry and a heading


def test_the_command_line_cuts_the_same_report(
    large: Report, large_project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["diff", "HEAD~1", "HEAD", "--root", str(large_project), "--max-chars", "30000"]) == 0
    assert capsys.readouterr().out == markdown(large, 30_000)
    with pytest.raises(SystemExit):
        main(["diff", "HEAD~1", "HEAD", "--max-chars", str(MIN_COMMENT_CHARS - 1)])
    assert "--max-chars: a whole number of at least 1000 is needed" in capsys.readouterr().err
    with pytest.raises(ValueError, match="cannot hold the report's heading"):
        markdown(large, 100)


def test_cut_markers_stand_alone_before_each_section(large: Report) -> None:
    whole = markdown(large)
    lines = whole.splitlines()
    places = [number for number, line in enumerate(lines) if line == CUT_MARKER]
    assert [lines[number + 2] for number in places] == [
        "### Providers",
        "### Offerings",
        "### Values without a quote",
        "### Sources",
        "### Validation",
    ]
    assert all(lines[number - 1] == lines[number + 1] == "" for number in places)
    # elsewhere the marker's text is data: inside a code span, on an entry's line
    data = [line for line in lines if CUT_MARKER in line and line != CUT_MARKER]
    # its offering, its source, and its facts that no source quotes
    assert len(data) >= 2 and all(line.startswith("- ") for line in data)
    html = github_html(whole)
    assert all(comment.parent is html for comment in html.find_all(string=lambda s: isinstance(s, Comment)))


# ---- the comment job ------------------------------------------------------------------------------------

# Runs the github-script step of data-review-comment.yml as actions/github-script does (its script as
# the body of an async function), with the GitHub API replaced by one that records what is posted.
COMMENT_JOB = r"""
const fs = require('fs');
const [script, result] = process.argv.slice(2);
const posted = [];
const warnings = [];
const github = {
  rest: {
    pulls: {get: async () => ({data: {head: {sha: 'head'}}})},
    issues: {
      listComments: 'listComments',
      createComment: async ({body}) => posted.push(body),
      updateComment: async ({body}) => posted.push(body),
    },
  },
  paginate: async () => [],
};
const context = {repo: {owner: 'owner', repo: 'repo'}, payload: {workflow_run: {head_sha: 'head'}}};
const core = {
  setFailed: (message) => { throw new Error(message); },
  notice: () => {},
  warning: (message) => warnings.push(message),
};
const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor;
new AsyncFunction('require', 'github', 'context', 'core', fs.readFileSync(script, 'utf8'))(
  require, github, context, core,
).then(() => fs.writeFileSync(result, JSON.stringify({posted, warnings})));
"""
NODE = shutil.which("node")


def comment_step() -> dict[str, Any]:
    """The step of data-review-comment.yml that posts (actions/github-script)."""
    return steps(workflow("data-review-comment.yml"))[1]


def posted_comment(report: str, folder: Path) -> tuple[str, list[str]]:
    """What the comment job posts for an artifact holding `report`, and the warnings it logs."""
    assert NODE, "Node.js runs the comment job's script"
    (folder / "review").mkdir()
    (folder / "review" / "report.md").write_text(report, encoding="utf-8")
    (folder / "review" / "number").write_text("21\n", encoding="utf-8")
    (folder / "script.js").write_text(comment_step()["with"]["script"], encoding="utf-8")
    (folder / "job.js").write_text(COMMENT_JOB, encoding="utf-8")
    command = [NODE, "job.js", "script.js", "result.json"]
    subprocess.run(command, cwd=folder, check=True, capture_output=True, timeout=60)
    result = json.loads((folder / "result.json").read_text(encoding="utf-8"))
    (body,) = result["posted"]
    return body, result["warnings"]


def test_the_workflows_keep_to_githubs_limit_and_cut_at_the_markers() -> None:
    run = " ".join(step.get("run", "") for step in steps(workflow("data-review.yml")))
    assert re.findall(r"gpustorage diff --max-chars (\d+) ", run) == [str(COMMENT_LIMIT)]
    script = comment_step()["with"]["script"]
    assert f"const limit = {COMMENT_LIMIT};" in script
    assert f"const cut = '\\n{CUT_MARKER}\\n';" in script


def test_the_comment_job_posts_a_shortened_report_as_it_is(large: Report, tmp_path: Path) -> None:
    """diff's cut is the one GitHub shows: JavaScript counts the report as diff did, and finds it fits."""
    short = markdown(large, COMMENT_LIMIT)
    assert short != markdown(large)
    assert posted_comment(short, tmp_path) == (short, [])


def test_the_comment_job_cuts_a_report_too_long_at_its_last_marker_that_fits(
    large: Report, tmp_path: Path
) -> None:
    whole = markdown(large)
    body, warnings = posted_comment(whole, tmp_path)
    kept, note = body.rsplit("\n\n", 1)
    assert comment_length(body) <= COMMENT_LIMIT and warnings
    assert note == "… (shortened: run `python -m gpustorage diff` for the whole report)\n"
    assert whole.startswith(f"{kept}\n\n{CUT_MARKER}\n")  # cut just before a marker
    after = whole.index(f"\n{CUT_MARKER}\n", len(kept) + 2)  # a cut at the next marker would not fit
    assert comment_length(whole[:after] + "\n" + note) > COMMENT_LIMIT
    assert list_items(body) == list_items(whole)[: len(list_items(body))]


def test_without_a_marker_that_fits_the_comment_job_posts_only_its_note(tmp_path: Path) -> None:
    body, warnings = posted_comment("- `x`\n" * COMMENT_LIMIT, tmp_path)
    assert body == f"{COMMENT_MARKER}\n… (shortened: run `python -m gpustorage diff` for the whole report)\n"
    assert warnings


# ---- GitHub Actions logs -----------------------------------------------------------------------------


def test_no_line_of_the_report_or_the_log_is_a_workflow_command(hostile_project: Path) -> None:
    """`diff` as data-review.yml runs it (a strict UTF-8 stdout, as in its container): whatever the
    report or stderr says, no line is a command to the runner, and a name that is not UTF-8 is shown."""
    env = {**os.environ, "GITHUB_ACTIONS": "true", "PYTHONIOENCODING": "utf-8"}
    command = [sys.executable, "-m", "gpustorage", "diff", "HEAD~1", "HEAD", "--root", str(hostile_project)]
    done = subprocess.run(command, cwd=ROOT / "hooks", env=env, capture_output=True, check=False)
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    lines = output_lines(done.stdout) + output_lines(done.stderr)
    assert [line for line in lines if runner_command(line)] == []
    report = done.stdout.decode("utf-8")
    assert "file name '\\udcff\\x1b[31mred.yaml' is not a valid id" in report
    assert "unknown key 'x\\n::add-mask::k1'" in report  # a line break shown, on the entry's line


def test_a_bad_revision_is_named_in_the_log_as_no_command(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    assert main(["diff", "##[error]x", "HEAD", "--root", str(ROOT)]) == 2
    assert capsys.readouterr().err == "diff: unknown revision: #%23[error]x\n"


def test_the_step_that_runs_diff_stops_workflow_commands_while_it_runs() -> None:
    """A line from data that escaped all the above (a traceback, say) is no command either."""
    (script,) = [
        step["run"] for step in steps(workflow("data-review.yml")) if "gpustorage diff" in step.get("run", "")
    ]
    lines = script.splitlines()
    assert lines[:3] == [
        'token="$(cat /proc/sys/kernel/random/uuid)"',
        'echo "::stop-commands::$token"',
        """trap 'echo "::$token::"' EXIT""",
    ]
