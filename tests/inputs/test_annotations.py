"""`validate` under GitHub Actions: no file name, key or value can act as a workflow command.

The real command line runs on files whose names, keys and values carry `::add-mask::`,
`::stop-commands::`, forged `::warning file=…::` lines, the older `##[warning]` form, line breaks, an
escape sequence and bytes that are not UTF-8. Each line it prints is read the way GitHub's runner reads
a step's output: only our own `::error` annotations are commands, and they show the data as it is.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT
from github_runner import (
    HOSTILE_KEYS,
    HOSTILE_VALUE,
    UNDECODABLE_NAME,
    hostile_files,
    output_lines,
    parse,
    runner_command,
)

from gpustorage.inputs.problems import DataError, Problem
from gpustorage.inputs.workflow_commands import escape_data, escape_property, log_line


def validate(files: list[bytes], github_actions: bool) -> subprocess.CompletedProcess[bytes]:
    """The real command line on `files`, in or outside a GitHub Actions step."""
    env = {key: value for key, value in os.environ.items() if key != "GITHUB_ACTIONS"}
    if github_actions:
        # a strict UTF-8 stdout, as under a UTF-8 locale: a name's undecodable bytes must not crash it
        env |= {"GITHUB_ACTIONS": "true", "PYTHONIOENCODING": "utf-8"}
    command = [sys.executable, "-m", "gpustorage", "validate", *files]
    return subprocess.run(command, cwd=ROOT / "hooks", capture_output=True, env=env, check=False)


Run = tuple[list[str], list[str], list[bytes]]  # stdout's lines, stderr's lines, the files


@pytest.fixture(scope="module")
def github_run(tmp_path_factory: pytest.TempPathFactory) -> Run:
    """`validate` on the hostile files as a GitHub Actions step runs it."""
    files = hostile_files(tmp_path_factory.mktemp("hostile"))
    done = validate(files, github_actions=True)
    assert done.returncode == 1, done.stderr
    return output_lines(done.stdout), output_lines(done.stderr), files


def test_only_our_annotations_are_commands(github_run: Run) -> None:
    out, err, _ = github_run
    assert {runner_command(line) for line in out} == {"error"}
    assert [line for line in err if runner_command(line)] == []
    assert "Traceback" not in "\n".join(out + err)


def test_each_problem_is_one_annotation_and_one_report_line(github_run: Run) -> None:
    out, err, _ = github_run
    count = int(err[-1].split()[0])
    assert err[-1] == f"{count} data problems found; nothing was built."
    assert len(out) == count and len(err) == count + 1
    assert all(set(parse(line).properties) == {"file", "line", "col"} for line in out)


def test_annotations_show_the_file_names_keys_and_values_as_they_are(github_run: Run) -> None:
    out, _, files = github_run
    annotations = [parse(line) for line in out]
    shown = {annotation.properties["file"] for annotation in annotations}
    readable = {os.fsdecode(path) for path in files if UNDECODABLE_NAME not in path}
    assert readable <= shown
    messages = "\n".join(annotation.message for annotation in annotations)
    assert all(f"unknown key '{key}'" in messages for key in HOSTILE_KEYS)
    assert repr(HOSTILE_VALUE) in messages
    # a name's bytes that are not UTF-8, and its escape sequence, are shown as their codes
    assert any(file.endswith("/%uDCFF%1B[31mred.yaml") for file in shown)


def test_outside_github_actions_the_report_is_plain(tmp_path: Path) -> None:
    done = validate(hostile_files(tmp_path), github_actions=False)
    assert done.returncode == 1 and done.stdout == b""
    assert b"unknown key 'x\n::add-mask::k1'" in done.stderr


@pytest.mark.parametrize(
    "text",
    [
        "::add-mask::x",
        "  \t::stop-commands::x",
        "\u00a0::warning::x",
        "a\n::error::x",
        "a\r::error::x",
        "see ##[warning]x",
        "###[x",
        "##[##[x",
        "%0A::x",
        "\x1b[2J\udcff",
    ],
)
def test_a_log_line_is_never_a_command_and_keeps_what_it_says(text: str) -> None:
    line = log_line(text)
    assert runner_command(line) is None and re.search(r"[\x00-\x1f\ud800-\udfff]", line) is None
    assert decoded(line) == text


def decoded(line: str) -> str:
    """The text a log line escapes: every `%XX` and `%uXXXX` is a code, since `%` itself is one."""
    return re.sub(r"%u([0-9A-F]{4})|%([0-9A-F]{2})", lambda code: chr(int(code[1] or code[2], 16)), line)


def test_escaping_follows_githubs_rules() -> None:
    assert escape_data("100% \r\n: ,") == "100%25 %0D%0A: ,"
    assert escape_property("a:b,c%d\n") == "a%3Ab%2Cc%25d%0A"
    problem = Problem("data/x,y:z.yaml", 3, 5, "bad\nvalue")
    assert problem.annotation() == "::error file=data/x%2Cy%3Az.yaml,line=3,col=5::bad%0Avalue"
    assert DataError([problem]).log_report().splitlines() == [
        "data/x,y:z.yaml:3:5: bad%0Avalue",
        "1 data problem found; nothing was built.",
    ]
