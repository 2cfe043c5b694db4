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
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import GOOD_PROVIDER, ROOT

from gpustorage.inputs.problems import DataError, Problem
from gpustorage.inputs.workflow_commands import escape_data, escape_property, log_line

# the runner's unescaping, in its order (%25 last)
DATA_CODES = [("%0D", "\r"), ("%0A", "\n"), ("%25", "%")]
PROPERTY_CODES = [("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ","), ("%25", "%")]

HOSTILE_NAMES = [
    "::add-mask::secret,a=b:c%0A.yaml",
    "x\n::stop-commands::halt\r##[warning]forged.yaml",
    " ::warning file=README.md,line=1::forged.yaml",
]
UNDECODABLE_NAME = b"\xff\x1b[31mred.yaml"  # not UTF-8, with an escape sequence
HOSTILE_KEYS = [
    "x\n::add-mask::k1",
    "\r##[error]k2",
    "\u3000::warning file=x.py,line=1::k3",  # white space the runner skips
    "%0A::notice::k4",  # a literal escape: shown as written, never decoded into a line break
]
HOSTILE_VALUE = "##[warning]v1 ::add-mask::v2 %0D"


def runner_command(line: str) -> str | None:
    """The workflow command GitHub's runner takes an output line for, if any: `::name` after leading
    white space, else the older `##[name]` anywhere in the line."""
    start = line.lstrip()
    if start.startswith("::"):
        return re.split(r"[ :]", start[2:], maxsplit=1)[0]
    if "##[" in line:
        return re.split(r"[ \]]", line.split("##[", 1)[1], maxsplit=1)[0]
    return None


def unescape(text: str, codes: list[tuple[str, str]]) -> str:
    for code, char in codes:
        text = text.replace(code, char)
    return text


@dataclass(frozen=True)
class Annotation:
    command: str
    properties: dict[str, str]
    message: str


def parse(line: str) -> Annotation:
    """A `::command key=value,…::data` line as the runner parses it."""
    head, data = line.lstrip()[2:].split("::", 1)
    command, _, properties = head.partition(" ")
    pairs = (pair.split("=", 1) for pair in properties.split(",") if pair)
    return Annotation(
        command,
        {key: unescape(value, PROPERTY_CODES) for key, value in pairs},
        unescape(data, DATA_CODES),
    )


def output_lines(output: bytes) -> list[str]:
    """A stream's lines as the runner reads them (\\r, \\n or both end a line), strictly UTF-8."""
    return re.split(r"\r\n|\r|\n", output.decode("utf-8").removesuffix("\n"))


def hostile_files(folder: Path) -> list[bytes]:
    """Provider files in `folder` with hostile names, keys and values; their paths, as bytes."""
    unknown_key = GOOD_PROVIDER.replace("website:", "webiste:")
    files = {os.fsencode(folder / name): unknown_key for name in HOSTILE_NAMES}
    files[os.fsencode(folder) + b"/" + UNDECODABLE_NAME] = unknown_key
    keys = "".join(f'"{key.encode("unicode_escape").decode()}": 1\n' for key in HOSTILE_KEYS)
    files[os.fsencode(folder / "keys.yaml")] = GOOD_PROVIDER.replace("website:", f"{keys}website:")
    value = f'region_binding: "{HOSTILE_VALUE}"'
    files[os.fsencode(folder / "value.yaml")] = GOOD_PROVIDER.replace("region_binding: datacenter", value)
    for path, text in files.items():
        Path(os.fsdecode(path)).write_text(text, encoding="utf-8")
    return list(files)


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
