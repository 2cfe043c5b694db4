"""The review comment as GitHub shows it: a pull request whose names, values and file names carry links,
mentions and references is reported with every piece of data inert.

The report is rendered by GitHub's own Markdown renderer (cmark-gfm with GitHub's extensions), then
read the way GitHub reads the HTML after rendering: it links `@user`, `@org/team`, `#123`, `GH-123`
and `owner/repo#123` in any text but that of code, links and preformatted blocks.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import cmarkgfm
import pytest
from bs4 import BeautifulSoup
from cmarkgfm.cmark import Options
from conftest import GOOD_PROVIDER
from fixture_history import PROVIDERS, clone

from gpustorage.review import diff
from gpustorage.review_strings import MESSAGES
from projects import commit_all

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
    key, a value and file names."""
    project = clone(fixture_project, target)
    providers = project / PROVIDERS
    alpha = providers / "alpha-cloud.yaml"
    text = alpha.read_text(encoding="utf-8")
    text = text.replace("name: Alpha Cloud", f"name: {HOSTILE_NAME!r}")
    text = text.replace("product: Alpha Buckets", f"product: {HOSTILE_PRODUCT!r}")
    text = text.replace('"200–400 MB/s, up to 10 GB/s peak"', repr(HOSTILE_TEXT))
    alpha.write_text(text, encoding="utf-8")
    new = GOOD_PROVIDER.replace("name: Example Cloud", f"name: 'Evil {HOSTILE_NAME}'")
    new = new.replace("https://example.com/docs", HOSTILE_URL)
    (providers / "evil.yaml").write_text(new, encoding="utf-8")
    os.rename(providers / "beta-cloud.yaml", providers / HOSTILE_FILE)
    broken = GOOD_PROVIDER.replace("website:", f"{HOSTILE_KEY!r}: 1\nwebsite:")
    broken = broken.replace("region_binding: datacenter", f"region_binding: {HOSTILE_VALUE!r}")
    (providers / "broken.yaml").write_text(broken, encoding="utf-8")
    (project / HOSTILE_LINK).parent.mkdir()
    (project / HOSTILE_LINK).symlink_to("../providers/evil.yaml")
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
    """Providers, offerings, values, sources and validation problems: all but exchange rates."""
    assert hostile_report.count("\n### ") == 5 and "- `data/providers/broken.yaml:" in hostile_report


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
