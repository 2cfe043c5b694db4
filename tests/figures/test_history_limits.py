"""History reads past versions with the same limits and text rules as the present (size, names,
characters): what it cannot read it leaves out and reports once, it never stops the build, and it
never shows a date after the build date (issue #21). Each case is a clone of the fixture project with
real commits added."""

from __future__ import annotations

import datetime as dt
import os
import re
from pathlib import Path

import pytest
from conftest import BUILD_DATE, GOOD_PROVIDER, LANGUAGES, REPOSITORY, mkdocs_build
from fixture_history import PROVIDERS, clone

from gpustorage import build_site
from gpustorage.figures import history
from gpustorage.figures.history import History, read_history
from gpustorage.inputs.load import MAX_FILE_BYTES, too_large
from gpustorage.inputs.model import Fact
from gpustorage.output.export import history_json
from gpustorage.output.feeds import write_feeds
from projects import commit_all, git

SITE_URL = "https://gpu-storage.example/"
ALPHA = PROVIDERS / "alpha-cloud.yaml"
THROUGHPUT = 'throughput: "200–400 MB/s, up to 10 GB/s peak"'


@pytest.fixture
def project(fixture_project: Path, tmp_path: Path) -> Path:
    return clone(fixture_project, tmp_path / "project")


def edit(project: Path, path: Path, old: str, new: str) -> None:
    file = project / path
    text = file.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    file.write_text(text.replace(old, new), encoding="utf-8")


def published(project: Path, tmp_path: Path) -> tuple[History, str]:
    """The history as a build publishes it (feeds in every language, history.json): nothing fails."""
    built = build_site(project, list(LANGUAGES), BUILD_DATE, REPOSITORY)
    write_feeds(tmp_path / "site", built.views, SITE_URL, BUILD_DATE)
    return built.history, history_json(built.history, BUILD_DATE, REPOSITORY).model_dump_json()


def noncharacter_then_fixed(project: Path) -> tuple[str, str]:
    """A throughput with U+FFFE written as an escape, fixed in the next commit: both commits' ids."""
    edit(project, ALPHA, THROUGHPUT, 'throughput: "1 GB/s\\uFFFE"')
    broken = commit_all(project, "A noncharacter", "2026-09-01T10:00:00+00:00")
    edit(project, ALPHA, 'throughput: "1 GB/s\\uFFFE"', 'throughput: "2 GB/s"')
    return broken, commit_all(project, "Fixed", "2026-09-02T10:00:00+00:00")


def test_a_past_version_with_a_character_no_data_may_hold_is_left_out(project: Path, tmp_path: Path) -> None:
    """The build neither fails nor keeps the version that cannot be written."""
    broken, fixed = noncharacter_then_fixed(project)
    history, json_text = published(project, tmp_path)
    newest = history.changes[0]
    assert (newest.commit, newest.fact, newest.new) == (fixed, Fact.throughput, "2 GB/s")
    assert newest.old == THROUGHPUT.split(": ", 1)[1].strip('"')
    assert broken not in {change.commit for change in history.changes}
    assert "\ufffe" not in json_text and "\\ufffe" not in json_text.lower()
    ((skipped),) = history.skipped
    assert (skipped.commit, skipped.path) == (broken, "data/providers/alpha-cloud.yaml")
    assert "U+FFFE" in skipped.reason


def test_what_history_leaves_out_is_reported_once_per_build(project: Path, tmp_path: Path) -> None:
    """Every language's build reads the one run's history: a left-out version is said once, as
    information (a strict build passes), not once per language."""
    noncharacter_then_fixed(project)
    build = mkdocs_build(project, tmp_path / "site")
    assert build.returncode == 0, build.output
    skipped = str(read_history(project).skipped[0])
    assert skipped.startswith("history: data/providers/alpha-cloud.yaml at commit ")
    assert build.output.count(skipped) == 1


def test_a_file_name_no_provider_may_have_is_left_out_and_named_printably(
    project: Path, tmp_path: Path
) -> None:
    """A control character, \\x01 (which once split git's output) or bytes that are not UTF-8 in a
    name: the present refuses such a file; history leaves it out, however briefly it was there."""
    names = [b"new\x01line\n.yaml", b"caf\xe9.yaml", b"Upper.yaml"]
    for name in names:
        (project / os.fsdecode(bytes(PROVIDERS) + b"/" + name)).write_text(GOOD_PROVIDER, encoding="utf-8")
    added = commit_all(project, "Files no provider may be named", "2026-09-01T10:00:00+00:00")
    for name in names:
        (project / os.fsdecode(bytes(PROVIDERS) + b"/" + name)).unlink()
    commit_all(project, "Gone", "2026-09-02T10:00:00+00:00")
    history, _ = published(project, tmp_path)
    assert history.changes == read_history(project).changes and added not in {
        c.commit for c in history.changes
    }
    assert sorted((s.commit, s.path) for s in history.skipped) == [
        (added, "data/providers/Upper.yaml"),
        (added, "data/providers/caf\\udce9.yaml"),
        (added, "data/providers/new\\x01line\\n.yaml"),
    ]
    assert all("is not a valid id" in skipped.reason for skipped in history.skipped)


def test_a_past_version_over_the_size_limit_is_never_read(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its size is asked first (`git cat-file --batch-check`); its content is never asked for."""
    large = project / PROVIDERS / "large.yaml"
    large.write_text(GOOD_PROVIDER + "# " + "x" * MAX_FILE_BYTES + "\n", encoding="utf-8")
    added = commit_all(project, "A large file", "2026-09-01T10:00:00+00:00")
    blob = git(project, "rev-parse", f"{added}:{PROVIDERS.as_posix()}/large.yaml").strip()
    large.unlink()
    commit_all(project, "Gone", "2026-09-02T10:00:00+00:00")
    asked: list[bytes] = []
    real = history.git

    def recording(root: Path, *args: str, stdin: bytes | None = None) -> bytes:
        if args[:2] == ("cat-file", "--batch"):
            asked.append(stdin or b"")
        return real(root, *args, stdin=stdin)

    monkeypatch.setattr(history, "git", recording)
    read = read_history(project)
    assert len(asked) == 1 and blob.encode() not in asked[0]
    ((skipped),) = read.skipped
    assert (skipped.commit, skipped.path) == (added, "data/providers/large.yaml")
    assert skipped.reason == too_large(int(git(project, "cat-file", "-s", blob)))
    assert added not in {change.commit for change in read.changes}


FUTURE_DATE = re.compile(r"2099-\d\d-\d\d")


def test_no_date_after_the_build_date_is_shown(project: Path, tmp_path: Path) -> None:
    """A commit dated 2099 is clamped, not skipped (the branch holds its values): to the build date's
    last second while it is the newest, then to the date of the commit made after it."""
    edit(project, ALPHA, THROUGHPUT, 'throughput: "2 GB/s"')
    future = commit_all(project, "A wrong clock", "2099-01-01T10:00:00+00:00")
    end_of_build_day = dt.datetime.combine(BUILD_DATE, dt.time(23, 59, 59), dt.UTC)
    history, json_text = published(project, tmp_path)
    assert (history.changes[0].commit, history.changes[0].date) == (future, end_of_build_day)
    # no date of 2099 (the digits alone may stand in a commit id or an entry's uuid)
    assert not FUTURE_DATE.search(json_text) and not FUTURE_DATE.search(feeds_text(tmp_path / "site"))
    edit(project, ALPHA, 'spot_usable: "yes"', 'spot_usable: "no"')
    commit_all(project, "A right clock", "2026-11-02T10:00:00+00:00")
    history, _ = published(project, tmp_path)
    dates = [change.date for change in history.changes]
    assert dates[0] == dates[1] == dt.datetime(2026, 11, 2, 10, tzinfo=dt.UTC)  # not after its successor
    assert history.changes[1].commit == future and dates == sorted(dates, reverse=True)


def feeds_text(site: Path) -> str:
    return "".join(feed.read_text(encoding="utf-8") for feed in site.rglob("feed.atom"))


def test_past_versions_meet_the_name_rules_across_files(project: Path, tmp_path: Path) -> None:
    """A file added and removed within one pull request, named like an existing provider (or taking a
    reserved id), publishes nothing under that name; a name free again may be taken."""
    alpha = (project / ALPHA).read_text(encoding="utf-8")
    (project / PROVIDERS / "alpha-copy.yaml").write_text(
        alpha.replace("Alpha Volume", "Copy"), encoding="utf-8"
    )
    (project / PROVIDERS / "api.yaml").write_text(GOOD_PROVIDER, encoding="utf-8")
    epsilon = GOOD_PROVIDER.replace("name: Example Cloud", "name: EPSILON cloud")
    (project / PROVIDERS / "epsilon-again.yaml").write_text(epsilon, encoding="utf-8")
    added = commit_all(project, "Look-alikes", "2026-09-01T10:00:00+00:00")
    (project / PROVIDERS / "alpha-copy.yaml").unlink()
    (project / PROVIDERS / "api.yaml").unlink()
    commit_all(project, "Gone again", "2026-09-02T10:00:00+00:00")
    history, _ = published(project, tmp_path)
    touched = {(c.provider, c.provider_name) for c in history.changes if c.commit == added}
    assert touched == {("epsilon-again", "EPSILON cloud")}  # Epsilon Cloud was removed in May
    assert {(s.commit, s.path) for s in history.skipped} == {
        (added, "data/providers/alpha-copy.yaml"),
        (added, "data/providers/api.yaml"),
    }
    reasons = sorted(skipped.reason for skipped in history.skipped)
    assert reasons[0].startswith(
        "the name 'Alpha Cloud' looks the same as 'Alpha Cloud' in data/providers/alpha-cloud.yaml"
    )
    assert "the provider id 'api' (the file name) is taken" in reasons[1]


def test_a_key_renamed_since_is_no_change(project: Path) -> None:
    """Past versions wrote a source's `transcribes` as `quotes`: history reads them under the present
    name, so the rename neither leaves a version out nor shows as a change."""
    beta = PROVIDERS / "beta-cloud.yaml"
    edit(project, beta, "transcribes: https://", "quotes: https://")
    old = commit_all(project, "Before the rename", "2026-09-01T10:00:00+00:00")
    edit(project, beta, "quotes: https://", "transcribes: https://")
    renamed = commit_all(project, "The rename", "2026-09-02T10:00:00+00:00")
    found = read_history(project, BUILD_DATE)
    assert found.skipped == ()
    assert not {old, renamed} & {change.commit for change in found.changes}
