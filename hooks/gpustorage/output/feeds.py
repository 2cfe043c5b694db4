"""Atom feeds of the data's history: `feed.atom` at each language's root (every provider) and
`providers/<id>/feed.atom` per provider and language, written with feedgen.

An entry holds what one commit changed in one provider file, worded in the feed's language. Its id
comes from the commit, the file and the language, so it never changes; its date is the commit's. A
build without history writes each language's feed, valid and empty, since every page links it;
provider pages then link no feed of their own, and none is written.

A browser that opens a feed shows it as a page in its language: each feed names its encoding and
its language's stylesheet (`feed.xsl` at the language's root, written here with the language's
strings in it), which turns the feed into HTML: its title, a line on what a feed is, and each
entry's date, title, summary and link. The stylesheet is the site's own file: no other host.
"""

from __future__ import annotations

import datetime as dt
import re
import uuid
from collections.abc import Iterable
from pathlib import Path
from string import Template

from feedgen.feed import FeedGenerator  # type: ignore[import-untyped]  # feedgen ships no types
from markupsafe import escape

from ..inputs.settings import FEED_ENTRIES, FEED_ID_NAMESPACE
from ..pages.messages import Strings
from ..pages.transform import ChangeView, SiteView

FEED_FILE = "feed.atom"
STYLESHEET_FILE = "feed.xsl"  # at each language's root
# feedgen writes `<?xml version='1.0' encoding='UTF-8'?>`; the feeds carry the usual double-quoted form
XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n'
# entry ids are name-based UUIDs in this namespace: the same commit, file and language, the same id
_ENTRY_NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, FEED_ID_NAMESPACE)


def _groups(changes: Iterable[ChangeView]) -> list[list[ChangeView]]:
    """Changes grouped by commit and provider file (consecutive in a history)."""
    groups: list[list[ChangeView]] = []
    for change in changes:
        key = (change.change.commit, change.change.file)
        if groups and (groups[-1][0].change.commit, groups[-1][0].change.file) == key:
            groups[-1].append(change)
        else:
            groups.append([change])
    return groups


def entry_id(change: ChangeView, lang: str) -> str:
    return f"urn:uuid:{uuid.uuid5(_ENTRY_NAMESPACE, f'{change.change.commit}/{change.change.file}/{lang}')}"


def _content(group: list[ChangeView], view: SiteView) -> str:
    """The entry's HTML: its changes, and a link to the commit (f-strings with escape(): a build words
    every change twice per language, in the site's feed and in its provider's)."""
    items = "".join(f"<li>{escape(change.summary)}</li>" for change in group)
    first = group[0]
    commit, short = escape(view.t("history.commit")), escape(first.commit_short)
    link = f'<p><a href="{escape(first.commit_url)}">{commit}</a> <code>{short}</code></p>'
    return f"<ul>{items}</ul>{link}"


def _title(group: list[ChangeView], view: SiteView) -> str:
    whats = list(dict.fromkeys(change.what for change in group))
    return f"{group[0].provider_name}: {view.t.join(whats)}"


def feed_xml(
    view: SiteView,
    changes: list[ChangeView],
    language_url: str,
    feed_url: str,
    page_url: str,
    title: str,
    today: dt.date,
) -> bytes:
    """One feed of the newest FEED_ENTRIES commit groups among `changes` (newest first);
    `language_url` is the absolute URL of the language's root, `page_url` the page the feed follows."""
    site = view.t("site.name")
    groups = _groups(changes)[:FEED_ENTRIES]
    feed = FeedGenerator()
    feed.id(feed_url)
    feed.title(title)
    feed.language(view.lang)
    feed.author({"name": site})
    feed.link(href=feed_url, rel="self", type="application/atom+xml")
    feed.link(href=page_url, rel="alternate", type="text/html")
    feed.generator("gpustorage")  # no version: two builds of one commit stay identical
    newest = groups[0][0].change.date if groups else None
    feed.updated(newest or dt.datetime.combine(today, dt.time(), dt.UTC))
    for group in groups:
        first = group[0]
        entry = feed.add_entry(order="append")
        entry.id(entry_id(first, view.lang))
        entry.title(_title(group, view))
        entry.updated(first.change.date)
        entry.published(first.change.date)
        entry.summary("; ".join(change.summary for change in group))
        entry.content(_content(group, view), type="html")
        # one link only: feedgen 1.0.0 drops the rel of entry links, and two alternates are invalid
        entry.link(href=_entry_page(first, language_url))
    return bytes(feed.atom_str(pretty=True))


def with_stylesheet(atom: bytes, stylesheet: str) -> bytes:
    """A feed with its encoding declared and the stylesheet a browser shows it with (`stylesheet`:
    relative to the feed). feedgen's own declaration is replaced, the rest kept byte for byte."""
    declaration, _, document = atom.partition(b"?>")
    if not declaration.startswith(b"<?xml "):
        raise ValueError("feedgen wrote no XML declaration")  # its output changed: check what it writes
    instruction = f'<?xml-stylesheet type="text/xsl" href="{escape(stylesheet)}"?>\n'
    return (XML_DECLARATION + instruction).encode() + document.lstrip()


def _entry_page(change: ChangeView, language_url: str) -> str:
    """The provider page's history section, or the changes page for a provider removed since."""
    if change.listed:
        return f"{language_url}providers/{change.change.provider}/#history"
    return f"{language_url}changes/"


def write_feeds(site_dir: Path, views: dict[str, SiteView], site_url: str, today: dt.date) -> list[Path]:
    """Every language's feed and every provider's feed in every language."""
    site_url = site_url if site_url.endswith("/") else f"{site_url}/"
    written = []
    for view in views.values():
        history = view.history
        changes = history.changes if history is not None else []
        root = f"{site_url}{view.prefix}"
        files = {
            Path(view.prefix, FEED_FILE): feed_xml(
                view,
                changes,
                root,
                f"{root}{FEED_FILE}",
                f"{root}changes/",
                view.t("feed.title", site=view.t("site.name")),
                today,
            )
        }
        available = history is not None and history.available
        followed = history.by_provider if history is not None else {}
        for provider in view.providers if available else []:
            own = followed.get(provider.id, [])
            page = f"{root}providers/{provider.id}/"
            files[Path(view.prefix, "providers", provider.id, FEED_FILE)] = feed_xml(
                view,
                own,
                root,
                f"{page}{FEED_FILE}",
                f"{page}#history",
                view.t("feed.provider_title", provider=provider.name),
                today,
            )
        for relative, xml in files.items():
            target = site_dir / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            to_stylesheet = "../" * (len(relative.parts) - len(Path(view.prefix).parts) - 1)
            target.write_bytes(with_stylesheet(xml, f"{to_stylesheet}{STYLESHEET_FILE}"))
            written.append(target)
        stylesheet = site_dir / view.prefix / STYLESHEET_FILE
        stylesheet.write_text(feed_stylesheet(view), encoding="utf-8")
        written.append(stylesheet)
    return written


# ---- the stylesheet a browser shows a feed with ------------------------------------------------------

_STYLESHEET = Template("""\
<?xml version="1.0" encoding="UTF-8"?>
<!-- A feed of this site as a page in its language (feeds.py writes one per language) -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
  xmlns:atom="http://www.w3.org/2005/Atom" exclude-result-prefixes="atom">
<xsl:output method="html" encoding="UTF-8" doctype-system="about:legacy-compat"/>
<xsl:template match="/atom:feed">
<html lang="$lang">
<head>
<meta charset="utf-8"/>
<meta name="viewport" content="width=device-width,initial-scale=1"/>
<title><xsl:value-of select="atom:title"/></title>
<style>
body { font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1a1a;
  max-width: 44rem; margin: 2rem auto; padding: 0 1rem; }
.intro { border-left: 4px solid #3f51b5; padding-left: 0.8em; }
ol { list-style: none; padding: 0; }
li { border-top: 1px solid #ddd; padding: 0.6em 0; }
h2 { font-size: 1.05rem; margin: 0.2em 0; }
time { color: #555; }
a { color: #303fa1; }
</style>
</head>
<body>
<h1><xsl:value-of select="atom:title"/></h1>
<p class="intro">$intro <a href="{atom:link[@rel='alternate']/@href}">$page_link</a></p>
<xsl:if test="not(atom:entry)"><p>$empty</p></xsl:if>
<ol>
<xsl:for-each select="atom:entry">
<li>
<time datetime="{substring(atom:updated, 1, 10)}"><xsl:call-template name="date">
<xsl:with-param name="when" select="atom:updated"/></xsl:call-template></time>
<h2><a href="{atom:link/@href}"><xsl:value-of select="atom:title"/></a></h2>
<p><xsl:value-of select="atom:summary"/></p>
</li>
</xsl:for-each>
</ol>
</body>
</html>
</xsl:template>
<!-- an Atom date (2026-05-04T12:00:00+00:00) as the site writes dates in this language -->
<xsl:template name="date">
<xsl:param name="when"/>
<xsl:choose>
$months
</xsl:choose>
</xsl:template>
</xsl:stylesheet>
""")
# XPath 1.0 on an Atom date: its year, its day (with the zero a language may drop)
_YEAR, _DAY, _SAMPLE_YEAR, _SAMPLE_DAY = "substring($when, 1, 4)", "substring($when, 9, 2)", 2000, 28


def _date_in(t: Strings, month: int) -> str:
    """The XSLT that writes a date of `month` as t.date does: a sample date's text, its year and day
    replaced by the parts of the entry's date (a day below ten keeps its zero where t.date does)."""
    sample = t.date(dt.date(_SAMPLE_YEAR, month, _SAMPLE_DAY))
    padded = "05" in t.date(dt.date(_SAMPLE_YEAR, month, 5))
    day = _DAY if padded else f"number({_DAY})"
    parts = re.split(f"({_SAMPLE_YEAR}|{_SAMPLE_DAY})", sample)
    return "".join(
        f'<xsl:value-of select="{_YEAR if part == str(_SAMPLE_YEAR) else day}"/>'
        if part in (str(_SAMPLE_YEAR), str(_SAMPLE_DAY))
        else f"<xsl:text>{escape(part)}</xsl:text>"
        if part
        else ""
        for part in parts
    )


def feed_stylesheet(view: SiteView) -> str:
    """The language's stylesheet for its feeds, with its strings and its way of writing dates."""
    t = view.t
    months = "\n".join(
        f"<xsl:when test=\"substring($when, 6, 2) = '{month:02d}'\">{_date_in(t, month)}</xsl:when>"
        for month in range(1, 13)
    )
    return _STYLESHEET.substitute(
        lang=escape(view.lang),
        intro=escape(t("feed.page_intro")),
        page_link=escape(t("feed.page_link")),
        empty=escape(t("history.empty")),
        months=months,
    )
