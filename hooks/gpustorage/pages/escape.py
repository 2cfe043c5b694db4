"""The escaping rules for every place data lands: HTML, inline Markdown and JSON inside <script>.

Every string from data (provider files, interface strings, exchange rates, front matter) passes one of
these before it reaches a page, so no data can add markup, links or scripts.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from markupsafe import Markup, escape

_MD_ESCAPABLE = re.compile(r"([\\`*_{}\[\]|!])")
_LIST_START = re.compile(r"^([-+]|\d+(?=[.)]))")
# MarkupSafe's entities, plus '#' (a heading's closing sequence) in one pass, so that no entity is
# escaped twice ("Tom's" stays "Tom&#39;s", never "Tom&&#35;39;s")
_MD_ENTITIES = str.maketrans(
    {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&#34;", "'": "&#39;", "#": "&#35;"}
)


def html(text: object) -> Markup:
    """Text escaped for HTML (content and quoted attributes): the escaping Jinja's autoescape applies
    (text already escaped, a Markup value, stays as it is)."""
    return escape(text)


def md(text: object) -> Markup:
    """Escape text for inline Markdown: one line, HTML entities, and backslashes before markup."""
    flat = " ".join(str(text).split())
    escaped = _MD_ESCAPABLE.sub(r"\\\1", flat.translate(_MD_ENTITIES))
    # a leading "- ", "+ " or "1. " would start a list: escape the marker's punctuation
    marker = _LIST_START.match(escaped)
    if marker:
        end = marker.end()
        escaped = f"\\{escaped}" if marker.group(1) in "-+" else f"{escaped[:end]}\\{escaped[end:]}"
    return Markup(escaped)


def script_json(value: Any) -> Markup:
    """JSON that is safe inside <script>: no '<', '>' or '&' can close the tag or open a comment."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, allow_nan=False)
    return Markup(text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))


def html_format(template: str, /, *args: object, **kwargs: object) -> Markup:
    """`Markup(template).format(...)` done by str.format: every argument is escaped first, then placed;
    a Markup argument, escaped already, is placed as it is. Markup.format runs Python's pure-Python
    Formatter, which took most of the time of rendering a page; str.format is the same placement in C."""
    return Markup(
        template.format(
            *(_escaped(value) for value in args), **{key: _escaped(value) for key, value in kwargs.items()}
        )
    )


def html_join(separator: str, items: Iterable[object], /) -> Markup:
    """`Markup(separator).join(items)` done by str.join: every item escaped, a Markup item placed as it
    is, and one Markup made of the whole. Markup.join makes a new Markup of every item, escaped already
    or not, which made most of the Markup objects a page's render made."""
    return Markup(separator.join([_escaped(item) for item in items]))


def _escaped(value: object) -> str:
    """The one rule of both: a Markup value is escaped already and passes as it is; any other is
    escaped."""
    return value if isinstance(value, Markup) else escape(value)
