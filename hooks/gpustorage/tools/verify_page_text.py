"""What a fetched page says, as text, and where a source's quote stands in it (for `verify`).

A page is decoded as it declares (the HTTP header's charset, else its own <meta>, else UTF-8 where
that fits, else windows-1252, as browsers do), read as HTML by lxml (scripts, styles, templates and
the <head> left out; a line break between blocks, none inside a line of text), normalized to Unicode
NFKC and its whitespace collapsed. A quote is found where its words stand in that text, compared
without case, spacing or typographic variants of quotation marks and dashes; `…` in a quote marks
words left out. Where it is not found, the closest passage says what the page says instead.
"""

from __future__ import annotations

import codecs
import difflib
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from email.message import Message
from types import MappingProxyType

import lxml.html  # type: ignore[import-untyped]  # lxml ships no types (said once for the package)
from lxml import etree

# A page with fewer letters and digits than this shows no text of its own: an application that
# needs JavaScript to draw it (its <noscript> says so), not a page whose words changed
MIN_TEXT_CHARACTERS = 150
HTML_TYPES = ("text/html", "application/xhtml+xml", "")  # "": no type given; HTML is what is served
TEXT_TYPES = ("text/plain", "text/markdown", "text/x-markdown")
# Never text a reader sees
SKIPPED_ELEMENTS = ("head", "script", "style", "noscript", "template", "svg", "math", "iframe", "object")
# Elements that start a new line: their words never run into the next block's
BLOCK_ELEMENTS = frozenset(
    (
        *("address", "article", "aside", "blockquote", "br", "caption", "dd", "details", "dialog", "div"),
        *("dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5"),
        *("h6", "header", "hr", "li", "main", "nav", "ol", "p", "pre", "section", "summary", "table"),
        *("tbody", "td", "tfoot", "th", "thead", "tr", "ul"),
    )
)
# The labels WHATWG's encoding standard maps to a wider encoding than Python's codec of that name
_WIDER_ENCODING = MappingProxyType(
    {"iso-8859-1": "cp1252", "latin-1": "cp1252", "ascii": "cp1252", "gb2312": "gb18030", "gbk": "gb18030"}
)
# Typographic variants a contributor may type plainly: ’ ‘ ‚ ′ as ', “ ” „ ″ as ", dashes and minus as -
_PLAIN = MappingProxyType(
    str.maketrans(
        {**dict.fromkeys("‘’‚‛′", "'"), **dict.fromkeys("“”„‟″", '"'), **dict.fromkeys("‐‑‒–—―−", "-")}
    )
)
_GAP = re.compile(r"\[?\.\.\.\]?")  # … (NFKC makes it ...) or […]: words left out


@dataclass(frozen=True)
class PageText:
    """A page's text (empty when it is no kind of text verify reads) and why it has none."""

    text: str
    no_text: str | None = None  # why the page has no text to search, in words

    @property
    def shows_text(self) -> bool:
        return self.no_text is None and sum(c.isalnum() for c in self.text) >= MIN_TEXT_CHARACTERS


def media_type(content_type: str) -> tuple[str, str | None]:
    """The media type of a Content-Type header, lower-cased, and its charset if it names one."""
    header = Message()
    header["content-type"] = content_type or "application/octet-stream"
    charset = header.get_param("charset")
    return (header.get_content_type() if content_type else ""), (
        charset if isinstance(charset, str) else None
    )


def codec(label: str | None) -> str | None:
    """Python's codec for an encoding label, widened as browsers widen it; None for an unknown label."""
    if not label:
        return None
    try:
        name = codecs.lookup(label.strip().lower()).name
    except LookupError:
        return None
    return _WIDER_ENCODING.get(name, name)


def declared_in_page(body: bytes) -> str | None:
    """The charset a page's <meta> declares (<meta charset> or http-equiv Content-Type), read by
    lxml from the start of the page as bytes that cannot fail to decode."""
    head = lxml.html.document_fromstring(body[:4096].decode("latin-1") or "<html></html>")
    for meta in head.iter("meta"):
        if meta.get("charset"):
            return str(meta.get("charset"))
        if (meta.get("http-equiv") or "").lower() == "content-type":
            return media_type(meta.get("content") or "")[1]
    return None


def decoded(body: bytes, header_charset: str | None) -> str:
    """The page's text in the encoding it declares (see the module's docstring); a byte order mark
    comes first, as it does for browsers."""
    for mark, name in (
        (codecs.BOM_UTF8, "utf-8"),
        (codecs.BOM_UTF16_LE, "utf-16"),
        (codecs.BOM_UTF16_BE, "utf-16"),
    ):
        if body.startswith(mark):
            return body.decode(name, errors="replace").lstrip("\ufeff")
    declared = codec(header_charset) or codec(declared_in_page(body))
    if declared is None:
        try:
            return body.decode("utf-8")
        except UnicodeDecodeError:
            declared = "cp1252"
    return body.decode(declared, errors="replace")


def _lines(root: etree._Element) -> str:
    """The text of an element tree as a reader sees it: a newline around each block, inline parts
    joined as they stand (a price in <b> stays beside its unit)."""
    pieces: list[str] = []
    for event, element in etree.iterwalk(root, events=("start", "end")):
        is_element = isinstance(element.tag, str)
        block = is_element and element.tag.lower() in BLOCK_ELEMENTS
        if event == "start":
            pieces.append("\n" if block else "")
            pieces.append(element.text or "" if is_element else "")
        else:
            pieces.append("\n" if block else "")
            pieces.append(element.tail or "")
    return "".join(pieces)


def html_text(markup: str) -> str:
    """The visible text of an HTML page (see the module's docstring), NFKC, each line's spaces
    collapsed, empty lines left out."""
    if not markup.strip():
        return ""
    document = lxml.html.document_fromstring(markup)
    for element in list(document.iter(*SKIPPED_ELEMENTS)):
        element.drop_tree()  # keeps the text that follows it
    return normalized(_lines(document))


def normalized(text: str) -> str:
    """NFKC, one space for any run of spaces, one line break for any run of line breaks."""
    text = unicodedata.normalize("NFKC", text)
    lines = (" ".join(line.split()) for line in text.splitlines())
    return "\n".join(line for line in lines if line)


def page_text(body: bytes, content_type: str) -> PageText:
    """What a fetched page says, by its media type: HTML as text, plain text as it is; anything
    else (a PDF, an image) has no text that verify reads."""
    kind, charset = media_type(content_type)
    if kind in TEXT_TYPES:
        return PageText(normalized(decoded(body, charset)))
    if kind not in HTML_TYPES:
        return PageText("", no_text=f"it is {kind}, not a page of text")
    return PageText(html_text(decoded(body, charset)))


# ---- finding a quote ------------------------------------------------------------------------------


def comparable(text: str) -> str:
    """Text as a quote and a page are compared: NFKC, plain quotation marks and dashes, case folded,
    no whitespace (a page splits words across elements; a quote is typed on one line)."""
    plain = unicodedata.normalize("NFKC", text).translate(_PLAIN).casefold()
    return "".join(plain.split())


def holds(text: str, quote: str) -> bool:
    """Whether the text holds the quote's words in order; each `…` may stand for any words between."""
    page, position = comparable(text), 0
    for part in _GAP.split(comparable(quote)):
        found = page.find(part, position)
        if found == -1:
            return False
        position = found + len(part)
    return True


@dataclass(frozen=True)
class Passage:
    """The page's words most like a quote, and how alike they are (0 to 1)."""

    text: str
    similarity: float


def closest_passage(text: str, quote: str) -> Passage | None:
    """The stretch of the page most like the quote: start positions are voted for by the quote's
    4-character pieces where the page has them, and the best few compared whole (difflib)."""
    wanted = normalized(quote).replace("\n", " ")
    flat = text.replace("\n", " ")
    folded = flat.lower() if len(flat.lower()) == len(flat) else flat  # positions must stay the same
    starts = _votes(folded, wanted.lower())
    best: Passage | None = None
    for start, _ in starts.most_common(5):
        passage = _around(flat, start, len(wanted))
        similarity = difflib.SequenceMatcher(None, wanted.lower(), passage.lower(), autojunk=False).ratio()
        if best is None or similarity > best.similarity:
            best = Passage(passage, round(similarity, 2))
    return best


def _votes(page: str, quote: str, size: int = 4, per_piece: int = 200) -> Counter[int]:
    """For each place the page could hold the quote from, how many of the quote's pieces agree."""
    votes: Counter[int] = Counter()
    for offset in range(max(len(quote) - size + 1, 1)):
        piece, found = quote[offset : offset + size], 0
        position = page.find(piece)
        while position != -1 and found < per_piece:  # a common piece says little: counted so far only
            votes[max(position - offset, 0)] += 1
            position, found = page.find(piece, position + 1), found + 1
    return votes


def _around(text: str, start: int, length: int, slack: int = 30) -> str:
    """The text from `start` for `length` characters, widened to whole words (at most `slack` more
    characters on each side)."""
    begin = start
    while begin > 0 and start - begin < slack and not text[begin - 1].isspace():
        begin -= 1
    end = min(start + length, len(text))
    while end < len(text) and end - (start + length) < slack and not text[end].isspace():
        end += 1
    return text[begin:end].strip()
