"""MkDocs adapter: thin event handlers over the `gpustorage` package.

static-i18n builds the site once per language and every event below runs in each of those builds.
Data is loaded and validated once (DatasetCache); each build only picks its language's view.
"""

from __future__ import annotations

import copy
import functools
import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.pages import Page

from gpustorage import DataError, DatasetCache, SiteView
from gpustorage.export import write_api
from gpustorage.normalize import build_date
from gpustorage.render import (
    dataset_jsonld,
    faq_jsonld,
    fill_markers,
    render_provider_page,
    script_json,
    site_root_for,
)

_cache = DatasetCache()
# Benchmarks set GS_TIMINGS to a file: the time spent in these hooks (the generator's share of a
# build) is written there when MkDocs shuts down.
_TIMINGS_FILE = os.environ.get("GS_TIMINGS")
_timings: dict[str, float] = {}


def _timed(handler: Callable[..., Any]) -> Callable[..., Any]:
    if not _TIMINGS_FILE:
        return handler

    @functools.wraps(handler)
    def timed(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return handler(*args, **kwargs)
        finally:
            _timings[handler.__name__] = _timings.get(handler.__name__, 0.0) + time.perf_counter() - start

    return timed


def on_shutdown() -> None:
    if _TIMINGS_FILE:
        Path(_TIMINGS_FILE).write_text(json.dumps(_timings), encoding="utf-8")


_current: dict[str, SiteView] = {}  # the view of the language being built
_not_found_pages: dict[str, str] = {}  # the rendered 404 page of each language


def _i18n(config: MkDocsConfig) -> Any:
    return config.plugins["i18n"]


def _load_view(config: MkDocsConfig) -> SiteView:
    """This build's language view; the data is read again only if a file under data/ changed."""
    i18n = _i18n(config)
    languages = list(i18n.build_languages)
    root = Path(config.config_file_path).parent
    try:
        views = _cache.views(root, languages, build_date(), config.extra["repository"])
    except DataError as error:
        raise PluginError(f"invalid data\n{error.report()}") from None
    _current["view"] = views[i18n.current_language]
    return _current["view"]


def _view(config: MkDocsConfig) -> SiteView:
    """The view on_config loaded for this language build (cheap: events run once per page)."""
    return _current["view"]


@event_priority(-150)  # after static-i18n has set the language of this build
@_timed
def on_config(config: MkDocsConfig) -> None:
    # loading validates before anything is written: a data error leaves no half-written site
    view = _load_view(config)
    config.site_name = view.t("site.name")
    config.site_description = view.t("site.description")
    # read by overrides/main.html
    config.extra["language_root"] = _language_root(config)
    config.extra["default_language"] = _i18n(config).default_language
    config.extra["og_locale"] = view.t("site.og_locale")


@event_priority(-200)  # after static-i18n's on_files, which would drop in-memory pages
@_timed
def on_files(files: Files, config: MkDocsConfig) -> Files:
    i18n = _i18n(config)
    view = _view(config)
    for provider in view.providers:
        files.append(_provider_file(config, i18n, provider.id, render_provider_page(view, provider)))
    # the sitemap lists alternates from this map, filled before our pages existed
    i18n.i18n_files_per_language[view.lang] = files.documentation_pages()
    return files


def _provider_file(config: MkDocsConfig, i18n: Any, provider_id: str, content: str) -> File:
    src_uri = f"providers/{provider_id}.md"

    def localized(lang: str, text: str) -> File:
        file = File.generated(config, src_uri, content=text, inclusion=InclusionLevel.NOT_IN_NAV)
        if lang != i18n.default_language:
            file.dest_uri = f"{lang}/{file.dest_uri}"
        file.locale = file.localization = file.locale_alternate_of = lang
        return file

    lang = i18n.current_language
    page = localized(lang, content)
    page.norm_src_uri = src_uri
    page.alternates = {
        other: page if other == lang else localized(other, "") for other in i18n.build_languages
    }
    return page


@_timed
def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, **_: Any) -> str:
    view = _view(config)
    site_root = site_root_for(page.url)
    blocks = []
    if "<!-- data:faq -->" in markdown:
        blocks.append(faq_jsonld(view, page.canonical_url or ""))
    if "<!-- data:dataset -->" in markdown:
        blocks.append(dataset_jsonld(view, page.canonical_url or "", site_root))
    page.meta["jsonld"] = [script_json(block) for block in blocks]
    return fill_markers(markdown, view, site_root)


def _language_root(config: MkDocsConfig) -> str:
    i18n = _i18n(config)
    return "" if i18n.current_language == i18n.default_language else f"{i18n.current_language}/"


@_timed
def on_env(env: Any, config: MkDocsConfig, files: Files) -> None:
    env.filters["absolute_url"] = lambda base, link: urljoin(base, link)


@_timed
def on_pre_template(template: Any, template_name: str, config: MkDocsConfig) -> Any:
    """The 404 page's language menu must point at the language roots, not at the last page built."""
    i18n = _i18n(config)
    if template_name == "404.html" and i18n.extra_alternate:
        config.extra.alternate = copy.deepcopy(i18n.extra_alternate)  # as static-i18n sets it
    return template


@_timed
def on_post_template(output: str, template_name: str, config: MkDocsConfig) -> str:
    if template_name == "404.html":
        _not_found_pages[_i18n(config).current_language] = output
    return output


@event_priority(-200)  # after static-i18n has built every language and merged the search index
@_timed
def on_post_build(config: MkDocsConfig) -> None:
    i18n = _i18n(config)
    if i18n.building:  # one language of several: the last (outermost) build finishes the site
        return
    site = Path(config.site_dir)
    if _cache.dataset is not None:
        write_api(site / "api" / "v1", _cache.dataset, _view(config).today)
    languages = list(i18n.build_languages)
    # static-i18n lets every language overwrite the one root 404 page: give each its own
    for lang, page in _not_found_pages.items():
        target = site / ("" if lang == i18n.default_language else lang) / "404.html"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(page, encoding="utf-8")
    split_search_index(site, languages, i18n.default_language)


def split_search_index(site: Path, languages: list[str], default: str) -> None:
    """One search index per language, so a reader searching in Chinese finds Chinese pages only.

    static-i18n merges every language into site/search/search_index.json; each language gets its
    own index below its root, with locations relative to that root (the pages' "base" points there).
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
