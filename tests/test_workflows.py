"""The workflows keep their safety and history promises: the data review runs pull-request code only
without write permission, posts only from a workflow_run job that runs no code from the pull request,
the deployment (and CI) check out the full history, a write permission belongs to the one job that needs
it, no checkout keeps its token, every action and image is pinned to what a tag named when it was
checked, and zizmor finds nothing but what .github/zizmor.yml ignores on purpose. The weekly source
check (verify.yml) reads the web read-only and publishes through the API alone: its script is run by
Node.js against a stand-in for the API."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import ROOT, node_binary

from gpustorage.tools.review import COMMENT_LIMIT, COMMENT_MARKER, comment_length

WORKFLOWS = ROOT / ".github" / "workflows"
NAMES = sorted(path.name for path in WORKFLOWS.glob("*.yml"))
# `uses: owner/repo@<commit>  # v1.2.3`: a commit cannot be moved as a tag can; the comment says which
# release it is, for readers and for updates
PINNED_USES = re.compile(r"^[\w.-]+/[\w./-]+@[0-9a-f]{40}  # v\d+(\.\d+){2}$")
PINNED_IMAGE = re.compile(r"^[\w./-]+:[\w.-]+@sha256:[0-9a-f]{64}$")


def workflow(name: str) -> dict[Any, Any]:
    data = yaml.safe_load((WORKFLOWS / name).read_text(encoding="utf-8"))
    data["on"] = data.pop(True)  # YAML 1.1 reads the key `on` as true
    return data


def steps(data: dict[Any, Any]) -> list[dict[str, Any]]:
    return [step for job in data["jobs"].values() for step in job["steps"]]


def writes(permissions: dict[str, str]) -> set[str]:
    return {scope for scope, level in permissions.items() if level == "write"}


def test_the_job_that_runs_pull_request_code_can_only_read_and_upload() -> None:
    report = workflow("data-review.yml")
    assert set(report["on"]) == {"pull_request"}  # never pull_request_target
    assert report["permissions"] == {"contents": "read"}
    assert all("permissions" not in job for job in report["jobs"].values())
    uses = [step.get("uses", "") for step in steps(report)]
    assert any(use.startswith("actions/upload-artifact@") for use in uses)
    assert not any(use.startswith("actions/github-script@") for use in uses)
    assert "gpustorage diff" in " ".join(step.get("run", "") for step in steps(report))


def test_the_job_that_posts_runs_no_pull_request_code() -> None:
    comment = workflow("data-review-comment.yml")
    assert comment["on"]["workflow_run"]["workflows"] == [workflow("data-review.yml")["name"]]
    assert comment["permissions"] == {}
    assert comment["jobs"]["comment"]["permissions"] == {"actions": "read", "pull-requests": "write"}
    posted = steps(comment)
    assert all("run" not in step for step in posted)  # no shell: nothing from the artifact is executed
    uses = [step["uses"] for step in posted]
    assert not any(use.startswith("actions/checkout@") for use in uses)
    assert [use.split("@")[0] for use in uses] == ["actions/download-artifact", "actions/github-script"]
    script = posted[1]["with"]["script"]
    assert COMMENT_MARKER in script and "updateComment" in script and "head_sha" in script


def test_deployment_and_ci_fetch_the_whole_history() -> None:
    for name in ("deploy.yml", "ci.yml"):
        checkout = next(s for s in steps(workflow(name)) if s.get("uses", "").startswith("actions/checkout@"))
        assert checkout["with"]["fetch-depth"] == 0, name
    assert "GS_REQUIRE_HISTORY=1 make build" in " ".join(
        s.get("run", "") for s in steps(workflow("deploy.yml"))
    )


@pytest.mark.parametrize("name", NAMES)
def test_no_workflow_grants_a_write_permission_to_all_its_jobs(name: str) -> None:
    assert not writes(workflow(name)["permissions"])


def test_only_the_deploy_job_can_publish() -> None:
    jobs = workflow("deploy.yml")["jobs"]
    assert jobs["deploy"]["permissions"] == {"pages": "write", "id-token": "write"}
    assert not writes(jobs["build"]["permissions"])  # the job that runs the build's code
    assert all("uses" in step for step in jobs["deploy"]["steps"])  # and the deploy job runs none


@pytest.mark.parametrize("name", NAMES)
def test_no_checkout_keeps_its_token(name: str) -> None:
    """No workflow pushes with git (verify.yml commits through the API), so none needs the token that
    checkout would leave in .git/config."""
    checkouts = [s for s in steps(workflow(name)) if s.get("uses", "").startswith("actions/checkout@")]
    assert all(step["with"]["persist-credentials"] is False for step in checkouts)


@pytest.mark.parametrize("name", NAMES)
def test_every_action_and_image_is_pinned_by_digest(name: str) -> None:
    data = workflow(name)
    lines = (WORKFLOWS / name).read_text(encoding="utf-8").splitlines()
    # the raw lines, since YAML drops the comment that names the tag
    pins = [line.split("uses:", 1)[1].strip() for line in lines if re.match(r"^\s*(- )?uses:", line)]
    assert len(pins) == sum("uses" in step for step in steps(data))
    assert all(PINNED_USES.match(pin) for pin in pins), pins
    images = [job["container"] for job in data["jobs"].values() if "container" in job]
    assert all(PINNED_IMAGE.match(image) for image in images), images


def zizmor_findings(*options: str) -> set[tuple[str, str]]:
    """The rule and file of each finding of zizmor (offline, its default persona) on the workflows."""
    zizmor = Path(sys.executable).with_name("zizmor")
    done = subprocess.run(
        [str(zizmor), "--offline", "--format", "json", *options, str(ROOT)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 or done.returncode >= 10, done.stderr  # 10 and up: findings, by severity
    return {
        (found["ident"], Path(found["locations"][0]["symbolic"]["key"]["Local"]["verbatim_path"]).name)
        for found in json.loads(done.stdout)
    }


def test_zizmor_finds_nothing_but_what_its_configuration_ignores_on_purpose() -> None:
    assert zizmor_findings() == set()
    assert zizmor_findings("--no-config") == {("dangerous-triggers", "data-review-comment.yml")}


# ---- verify.yml: the weekly source check -------------------------------------------------------------

VERIFY = "verify.yml"
CHECKED_BRANCH = "verify/checked-dates"


def test_the_source_check_runs_weekly_or_by_hand_never_on_a_pull_request() -> None:
    check = workflow(VERIFY)
    assert set(check["on"]) == {"schedule", "workflow_dispatch"}
    assert [entry["cron"] for entry in check["on"]["schedule"]] == ["23 4 * * 1"]
    assert check["permissions"] == {}


def test_the_job_that_reads_the_web_can_only_read() -> None:
    job = workflow(VERIFY)["jobs"]["verify"]
    assert job["permissions"] == {"contents": "read"}
    script = " ".join(step.get("run", "") for step in job["steps"])
    assert (
        "make verify" in script
        and "--update-checked" in script
        and "--issue verify/issue.md" in script
        and "|| test -s verify/report.json" in script
    )
    assert [step["uses"].split("@")[0] for step in job["steps"] if "uses" in step] == [
        "actions/checkout",
        "actions/upload-artifact",
    ]


def test_the_job_that_writes_runs_no_code_of_the_project() -> None:
    job = workflow(VERIFY)["jobs"]["publish"]
    assert job["needs"] == "verify"
    assert job["permissions"] == {"contents": "write", "pull-requests": "write", "issues": "write"}
    assert all("run" not in step for step in job["steps"])  # no shell, no checkout: the API only
    assert [step["uses"].split("@")[0] for step in job["steps"]] == [
        "actions/download-artifact",
        "actions/github-script",
    ]
    assert "default_branch" in job["if"]
    assert "${{" not in job["steps"][1]["with"]["script"]  # nothing from the event is pasted into code


PUBLISH_HARNESS = """
const calls = [];
const state = JSON.parse(process.env.STATE);
const answer = (name, data) => async (args) => { calls.push([name, args]); return {data}; };
const github = {
  rest: {
    git: {
      getCommit: answer('getCommit', {tree: {sha: 'base-tree'}}),
      createTree: answer('createTree', {sha: 'tree'}),
      createCommit: answer('createCommit', {sha: 'commit'}),
      updateRef: async (args) => {
        calls.push(['updateRef', args]);
        if (!state.branch) throw Object.assign(new Error('Reference does not exist'), {status: 422});
        return {data: {}};
      },
      createRef: answer('createRef', {}),
    },
    pulls: {list: answer('pulls.list', state.pulls), update: answer('pulls.update', {}),
            create: answer('pulls.create', {})},
    repos: {get: answer('repos.get', {default_branch: 'main'})},
    issues: {listForRepo: 'listForRepo', update: answer('issues.update', {}),
             create: answer('issues.create', {})},
  },
  paginate: async (method, args) => { calls.push(['paginate', args]); return state.issues; },
};
const context = {repo: {owner: 'o', repo: 'r'}, sha: 'abc', serverUrl: 'https://github.com', runId: 7};
const core = {warning: (message) => calls.push(['core.warning', message])};
(async () => {
SCRIPT
})().then(() => console.log(JSON.stringify(calls)), (error) => { console.error(error); process.exit(1); });
"""


# verify's issue body, longer than GitHub takes, and with no cut marker: the script can only post its note
TOO_LONG = "## Source check\n" + "x" * 70_000
SHORTENED = (
    "\n… (shortened: the whole report is in the run's summary, https://github.com/o/r/actions/runs/7)\n"
)


def publish(
    tmp_path: Path,
    needs_a_look: int,
    changed: dict[str, str] | None,
    issue: str = TOO_LONG,
    **state: Any,
) -> list[Any]:
    """The publish job's script run by Node on an artifact made here (`changed`: the data files whose
    dates moved; None: no folder, as upload-artifact leaves out an empty one), against a stand-in for
    the GitHub API that records each call (the state: whether the branch exists, open pulls and
    issues)."""
    node = node_binary()
    if changed is not None:
        folder = tmp_path / "verify" / "data" / "providers"
        folder.mkdir(parents=True)
        for name, text in changed.items():
            (folder / name).write_text(text, encoding="utf-8")
    (tmp_path / "verify").mkdir(parents=True, exist_ok=True)
    report = {
        "date": "2026-11-30",
        "needs_a_look": needs_a_look,
        "checked": [{"line": 1}] * len(changed or {}),
    }
    (tmp_path / "verify" / "report.json").write_text(json.dumps(report), encoding="utf-8")
    (tmp_path / "verify" / "issue.md").write_text(issue, encoding="utf-8")
    script = workflow(VERIFY)["jobs"]["publish"]["steps"][1]["with"]["script"]
    (tmp_path / "publish.js").write_text(PUBLISH_HARNESS.replace("SCRIPT", script), encoding="utf-8")
    state = {"branch": False, "pulls": [], "issues": [], **state}
    done = subprocess.run(
        [node, "publish.js"],
        cwd=tmp_path,
        env={**os.environ, "STATE": json.dumps(state)},
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return list(json.loads(done.stdout))


def test_the_first_run_opens_the_branch_its_pull_request_and_the_issue(tmp_path: Path) -> None:
    calls = publish(tmp_path, 3, {"alpha.yaml": "checked: 2026-11-30\n", "not an id.sh": "x"})
    names = [name for name, _ in calls]
    assert names == [
        "core.warning", "getCommit", "createTree", "createCommit", "updateRef", "createRef", "pulls.list",
        "repos.get", "pulls.create", "paginate", "issues.create",
    ]  # fmt: skip
    made = dict(calls)
    assert made["createTree"]["tree"] == [
        {
            "path": "data/providers/alpha.yaml",
            "mode": "100644",
            "type": "blob",
            "content": "checked: 2026-11-30\n",
        }
    ]  # a file whose name is no provider id is not committed
    assert made["createCommit"]["parents"] == ["abc"]
    assert made["createRef"]["ref"] == f"refs/heads/{CHECKED_BRANCH}"
    assert (made["pulls.create"]["head"], made["pulls.create"]["base"]) == (CHECKED_BRANCH, "main")
    issue = made["issues.create"]
    assert (issue["title"], issue["labels"]) == ("Sources that need a look", ["source-check"])
    # too long, and without a cut marker: only its heading and the note are posted
    assert issue["body"] == f"## Source check\n{SHORTENED}"


def test_later_runs_update_the_one_pull_request_and_the_one_issue(tmp_path: Path) -> None:
    issues = [
        {"number": 4, "title": "Another", "labels": []},
        {"number": 9, "title": "Sources that need a look"},
    ]
    calls = dict(
        publish(tmp_path, 1, {"alpha.yaml": "x\n"}, branch=True, pulls=[{"number": 5}], issues=issues)
    )
    assert calls["updateRef"]["force"] is True and "createRef" not in calls
    assert calls["pulls.update"]["pull_number"] == 5 and "pulls.create" not in calls
    assert calls["issues.update"]["issue_number"] == 9 and "issues.create" not in calls


def test_nothing_to_look_at_closes_the_issue_and_no_date_moved_touches_no_branch(tmp_path: Path) -> None:
    issues = [{"number": 9, "title": "Sources that need a look"}]
    calls = publish(tmp_path, 0, {}, "## Source check\n", issues=issues)
    assert [name for name, _ in calls] == ["paginate", "issues.update"]
    assert (calls[1][1]["state"], calls[1][1]["state_reason"]) == ("closed", "completed")


def test_a_run_that_moved_no_date_has_no_folder_and_still_opens_its_issue(tmp_path: Path) -> None:
    """The week nothing was confirmed: verify copies no data file, upload-artifact drops the empty
    folder, and the script goes on to the issue."""
    calls = publish(tmp_path, 4, None, "## Source check\n\n- **unreachable** · `x`\n")
    assert [name for name, _ in calls] == ["paginate", "issues.create"]
    assert calls[1][1]["body"] == "## Source check\n\n- **unreachable** · `x`\n"


def test_a_body_that_fits_is_posted_as_verify_wrote_it(tmp_path: Path) -> None:
    item = "- **moved** · `@octocat 🚀 [x](https://example-phish.test)`\n"
    issue = "## Source check\n\n" + item * ((COMMENT_LIMIT - 17) // comment_length(item))
    assert COMMENT_LIMIT - 100 < comment_length(issue) <= COMMENT_LIMIT < len(issue.encode())
    calls = dict(publish(tmp_path, 1, None, issue))
    assert calls["issues.create"]["body"] == issue and "core.warning" not in calls


def test_a_body_too_long_is_cut_only_at_a_cut_marker(tmp_path: Path) -> None:
    """Never inside a code span: what a page says would render as Markdown after the cut."""
    section = (
        "\n<!-- gpustorage:cut -->\n\n### Needs a look\n\n" + "- `@octocat [x](https://e.test) ``` `\n" * 600
    )
    issue = "## Source check\n" + section * 4  # about 96,000 characters, each section 24,000
    calls = dict(publish(tmp_path, 1, None, issue))
    body = calls["issues.create"]["body"]
    assert body == "## Source check\n" + section * 2 + SHORTENED and comment_length(body) <= COMMENT_LIMIT
    assert calls["core.warning"] == "the report was longer than an issue may be: posted shortened"
