"""Text from data files in a GitHub Actions log, where a line can be a workflow command.

GitHub's runner takes a line of a step's output for a command when, after leading white space, it
starts with `::` (`::add-mask::`, `::stop-commands::`, `::warning file=…::`), or when it holds the older
`##[` form anywhere. A file name, key or value could so hide a secret's mask, stop the real annotations
or forge a warning on any file. So every line that data can influence is escaped, in GitHub's own
scheme (`%25` for `%`, `%0D` and `%0A` for line breaks; `%3A` and `%2C` for `:` and `,` in a command's
properties), before it is printed.
"""

from __future__ import annotations

import re

# Line breaks split a problem into lines the data chose; other control characters (an escape sequence
# recolours the log) and lone surrogates (a file name's bytes that are not UTF-8, which a strict stdout
# refuses) are shown as their code, in the same scheme.
_INVISIBLE = re.compile(r"[%\x00-\x1f\x7f-\x9f\ud800-\udfff]")


def _code(match: re.Match[str]) -> str:
    point = ord(match.group())
    return f"%{point:02X}" if point < 0x100 else f"%u{point:04X}"


def escape_data(text: str) -> str:
    """A command's data (the message of an annotation), on one line: GitHub shows it unescaped."""
    return _INVISIBLE.sub(_code, text)


def escape_property(text: str) -> str:
    """A command's property value (`file=…`): also without the `:` and `,` that end it."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def log_line(text: str) -> str:
    """A plain line of the log that no runner reads as a command: on one line, no `##[` anywhere, and no
    `::` at its start (even after white space, which the runner skips)."""
    line = escape_data(text).replace("##[", "#%23[")
    body = line.lstrip()
    if body.startswith("::"):
        line = f"{line[: len(line) - len(body)]}%3A{body[1:]}"
    return line
