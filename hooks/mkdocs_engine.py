"""The one place that knows MkDocs, Material and mkdocs-static-i18n internals.

build_hooks.py calls only this module and the `gpustorage` package. Every undocumented attribute of
the i18n plugin or of its files that the site relies on is read or written here, and the versions
these were checked against are verified at start-up: another version fails the build with a clear
message instead of building a subtly wrong site.
"""

from __future__ import annotations

import copy
import json
from importlib import metadata
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files, InclusionLevel

# The versions whose internals this module was written against (see requirements.in).
PINNED = {"mkdocs": "1.6.1", "mkdocs-material": "9.8.2", "mkdocs-static-i18n": "1.3.1"}


def check_versions(installed: dict[str, str] | None = None) -> None:
    """Fail unless the engine packages are the versions this module knows."""
    found = installed or {name: metadata.version(name) for name in PINNED}
    wrong = [
        f"{name} {found[name]} (expected {version})"
        for name, version in PINNED.items()
        if found[name] != version
    ]
    if wrong:
        raise PluginError(
            "hooks/mkdocs_engine.py relies on internals of specific versions; installed: "
            + ", ".join(wrong)
            + ". Install the pinned requirements (make serve) or update this module for them."
        )


# Material's base.html puts `autocomplete` on its two checkbox toggles, which HTML does not allow on a
# checkbox (Firefox would otherwise restore an open drawer after a reload). The attribute moves to an
# empty form that owns both toggles: same behaviour, valid HTML, and no copy of base.html to maintain.
_TOGGLES = (
    '<input class="md-toggle" data-md-toggle="drawer" type="checkbox" id="__drawer" autocomplete="off">\n'
    '    <input class="md-toggle" data-md-toggle="search" type="checkbox" id="__search" autocomplete="off">'
)
_VALID_TOGGLES = (
    '<form id="__toggles" autocomplete="off" hidden></form>\n'
    '    <input class="md-toggle" data-md-toggle="drawer" type="checkbox" id="__drawer" form="__toggles">\n'
    '    <input class="md-toggle" data-md-toggle="search" type="checkbox" id="__search" form="__toggles">'
)


def valid_toggles(html: str) -> str:
    """A page with Material's toggles made valid HTML (see _TOGGLES)."""
    if _TOGGLES not in html:
        raise PluginError("Material's toggles changed: update _TOGGLES in hooks/mkdocs_engine.py")
    return html.replace(_TOGGLES, _VALID_TOGGLES, 1)


def _i18n(config: MkDocsConfig) -> Any:
    return config.plugins["i18n"]


def languages(config: MkDocsConfig) -> list[str]:
    """The languages built, the default one first."""
    i18n = _i18n(config)
    built = list(i18n.build_languages)
    return [i18n.default_language] + [lang for lang in built if lang != i18n.default_language]


def current_language(config: MkDocsConfig) -> str:
    return str(_i18n(config).current_language)


def default_language(config: MkDocsConfig) -> str:
    return str(_i18n(config).default_language)


def language_root(config: MkDocsConfig) -> str:
    """The current language's folder below the site root: '' for the default language, else 'zh/'."""
    lang = current_language(config)
    return "" if lang == default_language(config) else f"{lang}/"


def is_last_build(config: MkDocsConfig) -> bool:
    """static-i18n builds the other languages inside the first build's on_post_build: the outermost
    build (not `building`) is the one that finishes the whole site."""
    return not _i18n(config).building


def add_generated_page(files: Files, config: MkDocsConfig, src_uri: str, content: str) -> None:
    """Add an in-memory page in the current language, linked to its twins in the other languages.

    Must run after static-i18n's on_files (priority below -100), which would drop it otherwise.
    """
    lang = current_language(config)
    default = default_language(config)

    def localized(locale: str, text: str) -> File:
        file = File.generated(config, src_uri, content=text, inclusion=InclusionLevel.NOT_IN_NAV)
        if locale != default:
            file.dest_uri = f"{locale}/{file.dest_uri}"
        file.locale = file.localization = file.locale_alternate_of = locale  # type: ignore[attr-defined]
        return file

    page = localized(lang, content)
    page.norm_src_uri = src_uri  # type: ignore[attr-defined]
    page.alternates = {  # type: ignore[attr-defined]
        other: page if other == lang else localized(other, "") for other in languages(config)
    }
    files.append(page)


def source_page(page: Any) -> str | None:
    """A page's path within its language's docs folder ('data.md'); None for a generated page."""
    file = page.file
    if file.abs_src_path is None:
        return None
    return str(getattr(file, "norm_src_uri", file.src_uri))


def register_pages(config: MkDocsConfig, files: Files) -> None:
    """The sitemap lists alternates from static-i18n's map, filled before generated pages existed."""
    _i18n(config).i18n_files_per_language[current_language(config)] = files.documentation_pages()


def use_root_alternates(config: MkDocsConfig) -> None:
    """Point the language menu at the language roots (static-i18n leaves the last page's links in
    place, which would be wrong on the 404 page)."""
    alternates = _i18n(config).extra_alternate
    if alternates:
        # an attribute, as static-i18n sets it per page: Jinja reads it before the mapping's item
        config.extra.alternate = copy.deepcopy(alternates)


def write_not_found_pages(site: Path, pages: dict[str, str], default: str) -> None:
    """static-i18n lets every language overwrite the one root 404 page: give each language its own."""
    for lang, html in pages.items():
        target = site / ("" if lang == default else lang) / "404.html"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(html, encoding="utf-8")


def split_search_index(site: Path, languages: list[str], default: str) -> None:
    """One search index per language, so a reader searching in Chinese finds Chinese pages only.

    static-i18n merges every language into site/search/search_index.json; each language gets its
    own index below its root, with locations relative to that root (the pages' search base points
    there, see overrides/main.html).
    """
    index_file = site / "search" / "search_index.json"
    if not index_file.exists():
        return
    index = json.loads(index_file.read_text(encoding="utf-8"))
    prefixes = {lang: f"{lang}/" for lang in languages if lang != default}
    by_language: dict[str, list[dict[str, Any]]] = {lang: [] for lang in languages}
    for entry in index["docs"]:
        lang = next(
            (lang for lang, prefix in prefixes.items() if entry["location"].startswith(prefix)), default
        )
        location = entry["location"].removeprefix(prefixes.get(lang, ""))
        by_language[lang].append({**entry, "location": location})
    for lang, docs in by_language.items():
        target = site / prefixes.get(lang, "") / "search" / "search_index.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps({**index, "docs": docs}, ensure_ascii=False, separators=(",", ":"))
        target.write_text(text, encoding="utf-8")
