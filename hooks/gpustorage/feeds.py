"""Atom feeds of the data's history: `feed.atom` at each language's root (every provider) and
`providers/<id>/feed.atom` per provider and language, written with feedgen.

An entry holds what one commit changed in one provider file, worded in the feed's language. Its id
comes from the commit, the file and the language, so it never changes; its date is the commit's. A
build without history writes each language's feed, valid and empty, since every page links it;
provider pages then link no feed of their own, and none is written.
"""

from __future__ import annotations

import datetime as dt
import uuid
from collections.abc import Iterable
from pathlib import Path

from feedgen.feed import FeedGenerator  # type: ignore[import-untyped]  # feedgen ships no types
from markupsafe import escape

from .settings import FEED_ENTRIES, FEED_ID_NAMESPACE
from .transform import ChangeView, SiteView

FEED_FILE = "feed.atom"
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
            target.write_bytes(xml)
            written.append(target)
    return written
