"""`verify --update-checked`: the day a source's quotes were found, written as its `checked` date, and
not one other character of its file changed.

The edit is made in the text, where load.py's parser says each source's `seen` (or `checked`) stands:
a date is replaced where it is written, and a new `checked` goes on the line after `seen` at its
indentation (or, in a source written on one line, `{…, seen: …}`, right after the date). A round trip
through ruamel.yaml would keep comments but not every layout (it rewrites `[{amount: 1}]` as
`[amount: 1]`). The text edited is read back by load.py and must hold the same values as before but
the dates, or the file is not written at all.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..inputs.load import Document, KeyPath, load_text

DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")  # how a date is written in a data file (load.py)


class CheckedDateError(Exception):
    """A file whose dates could not be set without changing anything else; it is left as it was."""


@dataclass(frozen=True, order=True)
class _Edit:
    """Text put at a place of one line: `new` in place of the characters `start`..`end`, or, with
    `new_line`, a line of its own after that line."""

    line: int  # 0-based
    start: int
    end: int
    new: str
    new_line: bool = False


def _date_after(lines: list[str], position: tuple[int, int], shown: str) -> re.Match[str]:
    """The date written after the key at a (1-based) position, on the key's line."""
    line, column = position
    found = DATE.search(lines[line - 1], column - 1)
    if found is None:
        raise CheckedDateError(f"{shown}:{line}: no date on the line of the key; it is left unchanged")
    return found


def _edit(doc: Document, lines: list[str], path: KeyPath, day: dt.date, shown: str) -> _Edit:
    """Where `checked: day` goes for the source at `path`."""
    if (*path, "checked") in doc.positions:
        date = _date_after(lines, doc.positions[(*path, "checked")], shown)
        return _Edit(doc.positions[(*path, "checked")][0] - 1, date.start(), date.end(), day.isoformat())
    line, column = doc.positions[(*path, "seen")]
    date = _date_after(lines, (line, column), shown)
    if lines[line - 1][: column - 1].strip() in ("", "-"):  # block style: a line of its own, aligned
        return _Edit(line - 1, 0, 0, f"{' ' * (column - 1)}checked: {day.isoformat()}", new_line=True)
    return _Edit(line - 1, date.end(), date.end(), f", checked: {day.isoformat()}")  # {…, seen: …}


def _apply(lines: list[str], edit: _Edit) -> None:
    text = lines[edit.line]
    if not edit.new_line:
        lines[edit.line] = text[: edit.start] + edit.new + text[edit.end :]
        return
    body = text.rstrip("\r\n")
    ending = text[len(body) :] or "\n"
    lines[edit.line] = body + ending
    lines.insert(edit.line + 1, edit.new + ending)


def with_checked_dates(text: str, sources: Iterable[KeyPath], day: dt.date, shown: str) -> str:
    """The file's text with `checked: day` on each source at the given key paths."""
    doc, problems = load_text(shown, text)
    if doc is None or problems:
        raise CheckedDateError(f"{shown}: the file is not valid YAML; it is left unchanged")
    paths = list(sources)
    lines = text.splitlines(keepends=True)
    for edit in sorted((_edit(doc, lines, path, day, shown) for path in paths), reverse=True):
        _apply(lines, edit)  # from the end of the file up: no edit moves the place of another
    edited = "".join(lines)
    _same_values_but_dates(doc.value, edited, paths, day, shown)
    return edited


def _at(value: Any, path: KeyPath) -> Any:
    for part in path:
        value = value[part]
    return value


def _same_values_but_dates(before: Any, after: str, paths: list[KeyPath], day: dt.date, shown: str) -> None:
    """Read the edited text as the build reads it: but the dates set, its values must be the same."""
    new, problems = load_text(shown, after)
    for path in paths:
        _at(before, path)["checked"] = day
    if new is None or problems or new.value != before:
        raise CheckedDateError(f"{shown}: setting the dates would change more; it is left unchanged")


def set_checked_dates(file: Path, sources: Iterable[KeyPath], day: dt.date, shown: str, read: str) -> bool:
    """Write the dates into the file (replacing it whole, never half-written); whether it changed.
    `read` is the file's text as verify loaded it: the key paths name sources of that text, so a file
    that changed since (a source added above another) is left as it is, not dated in the wrong place."""
    try:
        text = file.read_bytes().decode("utf-8")  # as it is: no newline translated
    except (OSError, UnicodeDecodeError):
        raise CheckedDateError(f"{shown}: the file cannot be read any more; no date is set in it") from None
    if text.removeprefix("\ufeff") != read:  # load.py reads the text without its byte order mark
        raise CheckedDateError(
            f"{shown}: the file changed while verify ran; no date is set in it (run verify again)"
        )
    edited = with_checked_dates(text, sources, day, shown)
    if edited == text:
        return False
    handle, temporary = tempfile.mkstemp(dir=file.parent, prefix=f".{file.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(edited.encode("utf-8"))
        os.chmod(temporary, file.stat().st_mode & 0o777)
        os.replace(temporary, file)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return True
