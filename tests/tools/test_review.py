"""The review companion of data pull requests: `python -m gpustorage diff BASE HEAD` on the fixture
history, and `validate`'s annotations under GitHub Actions."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from conftest import GOOD_PROVIDER, LANGUAGES
from fixture_history import PROVIDERS, clone, commit_ids

from gpustorage.__main__ import main
from gpustorage.tools import review
from gpustorage.tools.review import COMMENT_MARKER, CUT_MARKER, RevisionError, code, diff
from gpustorage.tools.review_strings import DEFAULT_LANGUAGE, MESSAGES
from projects import commit_all


def section(report: str, title: str) -> str:
    """The lines of one '### title' section (without the cut marker before the next one)."""
    return report.split(f"### {title}\n", 1)[1].split("\n### ", 1)[0].replace(CUT_MARKER, "").strip()


def edit(file: Path, old: str, new: str) -> None:
    """Replace the one `old` in a file with `new`, as a pull request would."""
    text = file.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"the fixture changed: {old!r} is not in {file.name} once"
    file.write_text(text.replace(old, new), encoding="utf-8")


def place(problem: str) -> str:
    """The file, line and column of a problem's line in the report (`path:line:column: message`)."""
    return problem.split("`")[1].split(": ", 1)[0]


@pytest.fixture(scope="module")
def report(fixture_project: Path) -> str:
    return diff(fixture_project, commit_ids(fixture_project)["initial"], "HEAD")


def test_the_report_names_both_revisions(report: str, fixture_project: Path) -> None:
    commits = commit_ids(fixture_project)
    assert report.startswith(f"{COMMENT_MARKER}\n## Data review\n")
    assert f"`{commits['initial'][:7]}` (base) to `{commits['guide'][:7]}` (head)" in report


def test_providers_and_offerings_added_removed_or_renamed(report: str) -> None:
    assert section(report, "Providers").splitlines() == [
        "- Removed: `Epsilon Cloud` (`epsilon-cloud`)",
        "- Renamed: `gamma` → `gamma-cloud`",
    ]
    assert section(report, "Offerings").splitlines() == [
        "- Added: `Alpha Cloud` · `Alpha Buckets` (object_storage); price rank 1 of 5 (1 = cheapest)",
        "- Removed: `Alpha Cloud` · `Alpha Archive`",
    ]


def test_changed_values_with_their_usd_effect_and_price_rank(report: str) -> None:
    values = section(report, "Changed values").splitlines()
    assert values == [
        "- `Alpha Cloud` · `Alpha Volume` · **price**:"
        " `{currency: USD, unit: GB-month, basis: list, tiers: [{amount: 0.08}]}`"
        " → `{currency: USD, unit: GB-month, basis: list,"
        " tiers: [{up_to: 1000.0, amount: 0.07}, {amount: 0.05}]}`",
        "  - normalized 0.0800 → 0.0700 USD per GB-month (-0.0100, -12.5 %)",
        "  - price rank 3 of 4 → 2 of 5 (1 = cheapest)",
        "- `Alpha Cloud` · `Alpha Scratch` · **price**:"
        " `{currency: USD, unit: GB-hour, basis: list, tiers: [{amount: 0.0001}]}`"
        " → `{currency: USD, unit: GB-hour, basis: example,"
        " example_of: {de: Region AL-1, zh: AL-1 区域, ro: regiunea AL-1}, tiers: [{amount: 0.0001}]}`",
        "  - normalized 0.0730 → 0.0730 USD per GB-month (+0.0000, +0.0 %)",  # an example now
        "  - price rank 1 of 4 → 3 of 5 (1 = cheapest)",
        "- `Gamma Cloud` · `Gamma Files` · **multi_attach**: `unknown` → `yes`",  # across the rename
    ]


def test_values_added_or_changed_with_their_quotes_are_not_named(report: str) -> None:
    """Every value the fixture's history adds or changes comes with its source's words."""
    assert "### Values without a quote" not in report


def test_a_value_changed_without_a_quote_is_named(fixture_project: Path, tmp_path: Path) -> None:
    """From now on every value added or changed comes with its source's words: Gamma's changed answer
    without them is named."""
    project = clone(fixture_project, tmp_path / "project")
    gamma = project / PROVIDERS / "gamma-cloud.yaml"
    text = gamma.read_text(encoding="utf-8").replace('multi_attach: "yes"', "multi_attach: partial", 1)
    gamma.write_text(text.replace("          multi_attach: 'Multi attach: yes.'\n", "", 1), encoding="utf-8")
    commit_all(project, "Sharing is limited", "2026-10-01T10:00:00+00:00")
    lines = section(diff(project, "HEAD~1", "HEAD"), "Values without a quote").splitlines()
    assert lines[0].startswith("Each value added or changed needs the words of its source")
    assert lines[2:] == ["- `Gamma Cloud` · `Gamma Files` · **multi_attach**"]


def test_a_value_changed_to_unknown_needs_no_quote(fixture_project: Path, tmp_path: Path) -> None:
    project = clone(fixture_project, tmp_path / "project")
    gamma = project / PROVIDERS / "gamma-cloud.yaml"
    gamma.write_text(
        gamma.read_text(encoding="utf-8").replace('multi_attach: "yes"', "multi_attach: unknown", 1),
        encoding="utf-8",
    )
    commit_all(project, "Not known after all", "2026-10-01T10:00:00+00:00")
    report = diff(project, "HEAD~1", "HEAD")
    assert "**multi_attach**: `yes` → `unknown`" in report and "### Values without a quote" not in report


def test_sources_added_and_removed(report: str) -> None:
    assert section(report, "Sources").splitlines() == [
        "- `Alpha Cloud` · `Alpha Buckets`: added `https://alpha.example.com/pricing` (seen 2026-11-01)",
        "- `Alpha Cloud` · `Alpha Archive`: removed `https://alpha.example.com/docs/archive`",
    ]
    assert section(report, "Validation") == "No problems: the data at head is valid."


def test_formatting_only_changes_report_nothing(fixture_project: Path) -> None:
    commits = commit_ids(fixture_project)
    quiet = diff(fixture_project, commits["renamed"], commits["guide"])  # beta reformatted, guide edited
    assert "No data values changed." in quiet and "### Changed values" not in quiet


def test_validation_problems_of_head_are_listed(fixture_project: Path, tmp_path: Path) -> None:
    project = clone(fixture_project, tmp_path / "project")
    broken = GOOD_PROVIDER.replace("egress: free", "egres: free").replace("name: Example", "name: Ex <b>")
    (project / PROVIDERS / "example.yaml").write_text(broken, encoding="utf-8")
    edit(project / PROVIDERS / "alpha-cloud.yaml", "amount: 0.07", "amount: 0.09")
    commit_all(project, "A pull request", "2026-10-01T10:00:00+00:00")
    report = diff(project, "HEAD~1", "HEAD")
    problems = section(report, "Validation").splitlines()
    assert problems[0] == "3 problems at head; the site will not build until fixed:"
    assert [place(line) for line in problems[2:]] == [
        "data/providers/example.yaml:2:1",
        "data/providers/example.yaml:5:5",
        "data/providers/example.yaml:21:5",
    ]
    assert "got 'Ex <b> Cloud'`" in problems[2]  # as it is, in a code span (test_review_comment renders it)
    assert "  - price rank 2 of 5 → 4 of 5 (1 = cheapest)" in section(report, "Changed values").splitlines()


def test_a_product_named_like_a_second_offering_is_reported_as_itself(
    fixture_project: Path, tmp_path: Path
) -> None:
    """compare() names a second 'Disk' 'Disk #2'; a product really named 'Alpha Volume #2' or 'Bucket
    #1' is still that product (an offering was once looked up by the name before ' #')."""
    project = clone(fixture_project, tmp_path / "project")
    edit(project / PROVIDERS / "alpha-cloud.yaml", "product: Alpha Buckets", 'product: "Alpha Volume #2"')
    edit(project / PROVIDERS / "gamma-cloud.yaml", "product: Gamma Files", 'product: "Files #1"')
    commit_all(project, "A pull request", "2026-10-01T10:00:00+00:00")
    report = diff(project, "HEAD~1", "HEAD")
    offerings = section(report, "Offerings").splitlines()
    assert offerings[0].startswith("- Added: `Alpha Cloud` · `Alpha Volume #2` (object_storage); price")
    assert offerings[2].startswith("- Added: `Gamma Cloud` · `Files #1` (shared_filesystem)")
    sources = section(report, "Sources").splitlines()
    assert "- `Alpha Cloud` · `Alpha Volume #2`: added `https://alpha.example.com/pricing`" in sources[0]


def test_data_is_a_code_span_on_one_line_whatever_it_holds() -> None:
    assert code("a ` b") == "``a ` b``" and code("`x`") == "`` `x` ``" and code("``") == "``` `` ```"
    assert code("") == code(" ") == "` `" and code(" a  b ") == "`a b`"
    # what does not print is shown as Python writes it: on one line, visible, printable to any stdout
    assert code("a\nb\r\tc\x1b[2J\u202e\udcff") == "`a\\nb\\r\\tc\\x1b[2J\\u202e\\udcff`"
    # a word joiner (which shows as nothing) keeps `##[` from being a command in a GitHub Actions log
    assert code("##[error] ###[x") == "`#\u2060#[error] ##\u2060#[x`"


def test_the_command_line_prints_the_report_or_names_a_bad_revision(
    fixture_project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    commits = commit_ids(fixture_project)
    assert main(["diff", commits["price"], commits["offering_added"], "--root", str(fixture_project)]) == 0
    assert "- Added: `Alpha Cloud` · `Alpha Buckets`" in capsys.readouterr().out
    assert main(["diff", "no-such-branch", "HEAD", "--root", str(fixture_project)]) == 2
    assert "unknown revision: no-such-branch" in capsys.readouterr().err
    with pytest.raises(RevisionError):
        diff(fixture_project, "--output=x", "HEAD")


def test_validate_annotates_problems_under_github_actions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    bad = tmp_path / "bad-file.yaml"
    bad.write_text(GOOD_PROVIDER.replace("egress: free", "egres: free"), encoding="utf-8")
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    assert main(["validate", str(bad)]) == 1
    out, err = capsys.readouterr()
    annotations = out.splitlines()
    assert f"::error file={bad},line=21,col=5::unknown key 'egres'; did you mean 'egress'?" in annotations[1]
    assert len(annotations) == 2 and all(line.startswith("::error file=") for line in annotations)
    assert "2 data problems found" in err
    monkeypatch.setenv("GITHUB_ACTIONS", "false")
    assert main(["validate", str(bad)]) == 1
    assert capsys.readouterr().out == ""


def placeholders(message: object) -> set[str]:
    forms = message.values() if isinstance(message, dict) else [message]
    return {name for form in forms for name in re.findall(r"{(\w+)}", str(form))}


def test_every_review_language_has_every_message_with_its_placeholders() -> None:
    english = MESSAGES[DEFAULT_LANGUAGE]
    assert DEFAULT_LANGUAGE == "en" and set(MESSAGES) >= {"en", *LANGUAGES}
    for lang, messages in MESSAGES.items():
        assert messages.keys() == english.keys(), lang
        for key, message in messages.items():
            assert placeholders(message) == placeholders(english[key]), (lang, key)
            assert not isinstance(message, dict) or "other" in message, (lang, key)


def test_the_report_is_worded_in_the_language_asked_for(
    fixture_project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    commits = commit_ids(fixture_project)
    german = diff(fixture_project, commits["initial"], "HEAD", "de")
    assert german.startswith(f"{COMMENT_MARKER}\n## {MESSAGES['de']['title']}\n")
    assert section(german, str(MESSAGES["de"]["section.values"])).endswith(
        "- `Gamma Cloud` · `Gamma Files` · **multi_attach**: `unknown` → `yes`"
    )
    assert main(["diff", commits["price"], "HEAD", "--lang", "zh", "--root", str(fixture_project)]) == 0
    assert f"### {MESSAGES['zh']['section.offerings']}" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["diff", commits["price"], "HEAD", "--lang", "xx", "--root", str(fixture_project)])


def test_each_revision_is_read_once(fixture_project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    read = []
    real = review.read_dataset

    def counted(root: Path, languages: list[str]) -> Any:
        read.append(root)
        return real(root, languages)

    monkeypatch.setattr(review, "read_dataset", counted)
    diff(fixture_project, "HEAD~1", "HEAD")
    assert len(read) == 2


def test_revisions_are_read_as_stored_and_a_link_is_a_problem(fixture_project: Path, tmp_path: Path) -> None:
    """A pull request's .gitattributes cannot hide or rewrite a file (export-ignore, export-subst:
    `git archive` applies them), and a symbolic link is named in the report, never followed."""
    project = clone(fixture_project, tmp_path / "project")
    edit(project / PROVIDERS / "alpha-cloud.yaml", '"200–400 MB/s, up to 10 GB/s peak"', '"$Format:%H$"')
    (project / ".gitattributes").write_text(
        "data/providers/alpha-cloud.yaml export-subst\ndata/providers/beta-cloud.yaml export-ignore\n",
        encoding="utf-8",
    )
    (project / PROVIDERS / "link.yaml").symlink_to("/etc/passwd")
    (project / "docs" / "outside").symlink_to("../..")
    commit_all(project, "A pull request", "2026-10-01T10:00:00+00:00")
    report = diff(project, "HEAD~1", "HEAD")
    assert "### Providers" not in report  # beta-cloud.yaml is still there
    values = section(report, "Changed values").splitlines()
    assert values == [
        "- `Alpha Cloud` · `Alpha Volume` · **throughput**: `200–400 MB/s, up to 10 GB/s peak`"
        " → `$Format:%H$`"
    ]
    problems = section(report, "Validation").splitlines()
    assert problems[0].startswith("2 problems at head")
    assert [place(line) for line in problems[2:]] == [
        "data/providers/link.yaml:1:1",
        "docs/outside:1:1",
    ]
    assert "symbolic link" in problems[2] and "root:" not in report
