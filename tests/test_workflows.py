"""The workflows keep their safety and history promises: the data review runs pull-request code only
without write permission, posts only from a workflow_run job that runs no code from the pull request,
and the deployment (and CI) check out the full history."""

from __future__ import annotations

from typing import Any

import yaml
from conftest import ROOT

from gpustorage.review import COMMENT_MARKER

WORKFLOWS = ROOT / ".github" / "workflows"


def workflow(name: str) -> dict[Any, Any]:
    data = yaml.safe_load((WORKFLOWS / name).read_text(encoding="utf-8"))
    data["on"] = data.pop(True)  # YAML 1.1 reads the key `on` as true
    return data


def steps(data: dict[Any, Any]) -> list[dict[str, Any]]:
    return [step for job in data["jobs"].values() for step in job["steps"]]


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
    assert comment["permissions"]["pull-requests"] == "write"
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
