"""The workflows keep their safety and history promises: the data review runs pull-request code only
without write permission, posts only from a workflow_run job that runs no code from the pull request,
the deployment (and CI) check out the full history, a write permission belongs to the one job that needs
it, no checkout keeps its token, every action and image is pinned to what a tag named when it was
checked, and zizmor finds nothing but what .github/zizmor.yml ignores on purpose."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import ROOT

from gpustorage.review import COMMENT_MARKER

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
    """No workflow pushes, so none needs the token that checkout would leave in .git/config."""
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
