"""How GitHub's runner reads a step's output (which lines are workflow commands, how an annotation's
parts are unescaped), and provider files whose names, keys and values try to forge commands: shared by
the annotation tests of `validate` (inputs/test_annotations.py) and of the review comment
(tools/test_review_comment.py)."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from conftest import GOOD_PROVIDER

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
