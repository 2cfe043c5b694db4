"""MkDocs adapter: thin event handlers over the `gpustorage` package and the engine seam.

static-i18n builds the site once per language and every event below runs in each of those builds.
Data is loaded, validated and derived once (DatasetCache); each build only picks its language's view.
The site is written beside site_dir and swapped in only when every language has built (see the
engine's "atomic output"). Engine internals live in mkdocs_engine.py.
"""

from __future__ import annotations

import functools
import gc
import json
import logging
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import mkdocs_engine as engine
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from gpustorage import DataError, DatasetCache, SiteBuild, SiteView
from gpustorage.derive import build_date
from gpustorage.export import write_api
from gpustorage.feeds import write_feeds
from gpustorage.render import (
    fill_markers,
    front_matter,
    jsonld_blocks,
    markers_in,
    render_provider_page,
    site_root_for,
    site_texts,
    translation_notice,
)
from gpustorage.settings import site_languages
from gpustorage.translations import SOURCE_HASH

# what the data's history had to leave out is said once per reading, as information: not a warning,
# which would stop a strict build over a commit nobody can change any more
_cache = DatasetCache(report=logging.getLogger("mkdocs.plugins.gpustorage").info)
NOT_FOUND_KEYS = ("title", "text", "guide", "providers", "search")
_not_found_pages: dict[str, str] = {}  # the rendered 404 page of each language
# Benchmarks set GS_TIMINGS to a file: the time spent in these hooks (the generator's share of a
# build) is written there when MkDocs shuts down.
_TIMINGS_FILE = os.environ.get("GS_TIMINGS")
_timings: dict[str, float] = {}


def _handler(handler: Callable[..., Any]) -> Callable[..., Any]:
    """An event handler run with automatic garbage collection paused, and timed when GS_TIMINGS asks.

    The generator makes hundreds of thousands of small objects that reference counting frees: a
    collection started by those allocations finds next to nothing to free, yet scans everything MkDocs
    holds in memory (a third of the generator's time at 1,000 providers). It resumes on return.
    """

    @functools.wraps(handler)
    def run(*args: Any, **kwargs: Any) -> Any:
        # paused before the clock starts and resumed after it stops: a collection that MkDocs' own
        # allocations have made due runs on MkDocs' time, not on the handler's
        collecting = gc.isenabled()
        gc.disable()
        start = time.perf_counter()
        try:
            return handler(*args, **kwargs)
        finally:
            if _TIMINGS_FILE:
                _timings[handler.__name__] = _timings.get(handler.__name__, 0.0) + time.perf_counter() - start
            if collecting:
                gc.enable()

    return run


def on_startup(command: str, dirty: bool) -> None:
    engine.start_output(dirty)


def on_shutdown() -> None:
    if _TIMINGS_FILE:
        Path(_TIMINGS_FILE).write_text(json.dumps(_timings), encoding="utf-8")


def on_build_error(error: Exception) -> None:
    engine.discard_output()


def _site(config: MkDocsConfig) -> SiteBuild:
    """The site build; the data is read again only if a file under data/ changed. The languages of one
    build share its config: the second and third take the site the first one loaded."""
    if engine.is_later_language(config) and _cache.build is not None:
        return _cache.build
    config_file = Path(config.config_file_path)
    try:
        languages = site_languages(config_file.parent, config_file)
        engine.check_languages(config, languages)
        build = _cache.get(config_file.parent, languages, build_date(), config.extra["repository"])
    except DataError as error:
        raise PluginError(f"invalid data\n{error.report()}") from None
    # the deployment sets GS_REQUIRE_HISTORY: a site published without its history is a mistake there
    if os.environ.get("GS_REQUIRE_HISTORY") and not build.history.available:
        raise PluginError(f"the data's git history is unavailable ({build.history.reason}): fetch it in full")
    return build


def _view(config: MkDocsConfig) -> SiteView:
    """This language build's view (on_config has loaded the site)."""
    assert _cache.build is not None
    return _cache.build.views[engine.current_language(config)]


@event_priority(-150)  # after static-i18n has set the language of this build
@_handler
def on_config(config: MkDocsConfig) -> None:
    engine.check_versions()
    # loading validates before anything is written: a data error leaves no half-written site
    view = _site(config).views[engine.current_language(config)]
    engine.stage_output(config)
    texts = site_texts(view)  # escaped: the theme prints them as they are
    config.site_name = texts["site_name"]
    config.site_description = texts["site_description"]
    # read by overrides/main.html
    config.extra["language_root"] = engine.language_root(config)
    config.extra["default_language"] = engine.default_language(config)
    config.extra["og_locale"] = texts["og_locale"]
    config.extra["feed_title"] = view.t("feed.title", site=view.t("site.name"))
    config.extra["generator"] = False  # no "Made with Material for MkDocs" in English on every page
    config.copyright = texts["copyright"]
    config.extra["not_found"] = {key: view.t(f"notfound.{key}") for key in NOT_FOUND_KEYS}


@event_priority(-200)  # after static-i18n's on_files, which would drop in-memory pages
@_handler
def on_files(files: Files, config: MkDocsConfig) -> Files:
    view = _view(config)
    pages = ((f"providers/{p.id}.md", render_provider_page(view, p)) for p in view.providers)
    engine.add_generated_pages(files, config, pages)
    engine.register_pages(config, files)
    return files


@_handler
def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, **_: Any) -> str:
    front_matter(page.meta)  # every page's title and description, escaped once
    source = engine.source_page(page)
    if source is None:  # a provider page: made here, with every value escaped, it holds no marker
        return markdown
    default = engine.default_language(config)
    if engine.current_language(config) != default:
        markdown = translation_notice(
            markdown,
            _view(config),
            Path(config.docs_dir),
            default,
            source,
            page.meta.get(SOURCE_HASH),
            site_root_for(page.url),
        )
    if not markers_in(markdown):  # most guide pages hold no marker
        return markdown
    view = _view(config)
    site_root = site_root_for(page.url)
    page.meta["jsonld"] = jsonld_blocks(markdown, view, page.canonical_url or "", site_root)
    return fill_markers(markdown, view, site_root)


@_handler
def on_env(env: Any, config: MkDocsConfig, files: Files) -> None:
    env.filters["absolute_url"] = lambda base, link: urljoin(base, link)
    engine.use_valid_toggles(env)


@_handler
def on_pre_template(template: Any, template_name: str, config: MkDocsConfig) -> Any:
    if template_name == "404.html":
        engine.use_root_alternates(config)
    return template


@_handler
def on_post_template(output: str, template_name: str, config: MkDocsConfig) -> str:
    if template_name == "404.html":
        _not_found_pages[engine.current_language(config)] = output
    return output


@event_priority(-200)  # after static-i18n has built every language and merged the search index
@_handler
def on_post_build(config: MkDocsConfig) -> None:
    if not engine.is_last_build(config):
        return
    site, build = Path(config.site_dir), _cache.build
    assert build is not None
    write_api(
        site / "api" / "v1",
        build.dataset,
        build.derived,
        build.today,
        build.history,
        config.extra["repository"],
    )
    write_feeds(site, build.views, config.site_url or "/", build.today)
    languages, default = engine.languages(config), engine.default_language(config)
    engine.write_not_found_pages(site, _not_found_pages, default)
    engine.split_search_index(site, languages, default)
    engine.publish_output(config)  # every language is built: the new site replaces the previous one
