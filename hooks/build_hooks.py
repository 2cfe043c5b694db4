"""MkDocs adapter: thin event handlers over the `gpustorage` package and the engine seam.

static-i18n builds the site once per language, and every event below runs in each of those builds.
The first language's build makes the whole run (`Run`): it loads, validates and derives the data and
renders every page of every language, once; each language's build then only looks its pages up. A
new run (`mkdocs serve` after a change) starts from nothing, so nothing stale survives. The site is
written beside site_dir and swapped in only when every language has built (the engine's "atomic
output"). Engine internals live in mkdocs_engine.py.
"""

from __future__ import annotations

import functools
import json
import logging
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import mkdocs_engine as engine
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from gpustorage import DataError, SiteBuild, build_site, render_site
from gpustorage.figures.derive import build_date
from gpustorage.inputs.settings import site_languages
from gpustorage.output.export import write_api
from gpustorage.output.feeds import write_feeds
from gpustorage.pages.render import Pages, files_beside, held_html, restore_held, site_texts
from gpustorage.pages.render_text import text_files
from gpustorage.pages.script import ScriptError, site_assets

# what the data's history had to leave out is said once per run, as information: not a warning,
# which would stop a strict build over a commit nobody can change any more
_log = logging.getLogger("mkdocs.plugins.gpustorage")
NOT_FOUND_KEYS = ("title", "text", "guide", "providers", "search")


@dataclass
class Run:
    """One run of the language builds: what the first one made for all of them."""

    build: SiteBuild
    pages: dict[str, Pages]  # by language, then by path within the language's folder
    not_found_pages: dict[str, str] = field(default_factory=dict)  # each language's rendered 404 page
    # the HTML blocks held out of each page's Markdown, by language and path, until its HTML is made
    held_blocks: dict[tuple[str, str], list[str]] = field(default_factory=dict)
    assets: dict[str, str] = field(default_factory=dict)  # the script and style sheet, by path in the site


_run: Run | None = None  # set by the first language's on_config: MkDocs hooks are module functions
# Benchmarks set GS_TIMINGS to a file: the time spent in these hooks (the generator's share of a
# build) is written there when MkDocs shuts down.
_TIMINGS_FILE = os.environ.get("GS_TIMINGS")
_timings: dict[str, float] = {}


def _timed(handler: Callable[..., Any]) -> Callable[..., Any]:
    """An event handler whose time counts as the generator's when GS_TIMINGS asks."""
    if not _TIMINGS_FILE:
        return handler

    @functools.wraps(handler)
    def run(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return handler(*args, **kwargs)
        finally:
            _timings[handler.__name__] = _timings.get(handler.__name__, 0.0) + time.perf_counter() - start

    return run


def on_startup(command: str, dirty: bool) -> None:
    engine.start_output(dirty)


def on_shutdown() -> None:
    if _TIMINGS_FILE:
        Path(_TIMINGS_FILE).write_text(json.dumps(_timings), encoding="utf-8")


def on_build_error(error: Exception) -> None:
    engine.discard_output()


def _new_run(config: MkDocsConfig) -> Run:
    """Load, validate and render everything, for every language: nothing is written before this
    succeeds, so a data error leaves no half-written site."""
    config_file = Path(config.config_file_path)
    try:
        languages = site_languages(config_file.parent, config_file)
        engine.check_languages(config, languages)
        build = build_site(
            config_file.parent,
            languages,
            build_date(),
            config.extra["repository"],
            docs=Path(config.docs_dir),
        )
        pages = render_site(build, config.site_url or "/")
        assets = site_assets(Path(config.docs_dir))
    except DataError as error:
        raise PluginError(f"invalid data\n{error.report()}") from None
    except ScriptError as error:
        raise PluginError(f"the comparison's script cannot be assembled\n{error}") from None
    for skipped in build.history.skipped:
        _log.info(str(skipped))
    # the deployment sets GS_REQUIRE_HISTORY: a site published without its history is a mistake there
    if os.environ.get("GS_REQUIRE_HISTORY") and not build.history.available:
        raise PluginError(f"the data's git history is unavailable ({build.history.reason}): fetch it in full")
    return Run(build, pages, assets=assets)


def _current(config: MkDocsConfig) -> Run:
    assert _run is not None, "on_config makes the run"
    return _run


@event_priority(-150)  # after static-i18n has set the language of this build
@_timed
def on_config(config: MkDocsConfig) -> None:
    global _run
    engine.check_versions()
    if not engine.is_later_language(config) or _run is None:
        # once a run: the later languages' builds share this config and its search plugin
        engine.add_search_languages(config)
        _run = _new_run(config)
    engine.stage_output(config)
    view = _run.build.views[engine.current_language(config)]
    texts = site_texts(view)  # escaped: the theme prints them as they are
    config.site_name = texts["site_name"]
    config.site_description = texts["site_description"]
    config.copyright = texts["copyright"]
    # read by overrides/main.html
    config.extra["language_root"] = engine.language_root(config)
    config.extra["default_language"] = engine.default_language(config)
    config.extra["og_locale"] = texts["og_locale"]
    config.extra["feed_title"] = texts["feed_title"]
    config.extra["generator"] = False  # no "Made with Material for MkDocs" in English on every page
    config.extra["not_found"] = {key: view.t(f"notfound.{key}") for key in NOT_FOUND_KEYS}


@event_priority(-200)  # after static-i18n's on_files, which would drop in-memory pages
@_timed
def on_files(files: Files, config: MkDocsConfig) -> Files:
    pages = _current(config).pages[engine.current_language(config)]
    generated = ((path, str(page.body)) for path, page in pages.items() if page.generated)
    engine.add_generated_pages(files, config, generated)
    engine.register_pages(config, files)
    return files


def _page_key(page: Page, config: MkDocsConfig) -> tuple[str, str]:
    return engine.current_language(config), engine.page_path(page)


@_timed
def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, **_: Any) -> str:
    """The rendered page in place of the one MkDocs read, with its escaped front matter; its generated
    HTML blocks held out of Markdown's reach (render.held_html), as Markdown would pass them through."""
    run, (lang, path) = _current(config), _page_key(page, config)
    rendered = run.pages[lang][path]
    page.meta = rendered.front_matter.as_meta()
    held, run.held_blocks[lang, path] = held_html(str(rendered.body))
    return held


@_timed
def on_page_content(html: str, page: Page, config: MkDocsConfig, **_: Any) -> str:
    """The page's HTML with its held blocks back in place."""
    return restore_held(html, _current(config).held_blocks.pop(_page_key(page, config)))


@_timed
def on_page_context(context: Any, page: Page, config: MkDocsConfig, nav: Any) -> Any:
    engine.mark_section(page, nav)  # a provider page's tab: "providers"
    return context


@_timed
def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    engine.unmark_section()
    return output


@_timed
def on_env(env: Any, config: MkDocsConfig, files: Files) -> None:
    env.filters["absolute_url"] = lambda base, link: urljoin(base, link)
    engine.use_valid_toggles(env)


@_timed
def on_pre_template(template: Any, template_name: str, config: MkDocsConfig) -> Any:
    if template_name == "404.html":
        engine.use_root_alternates(config)
    return template


@_timed
def on_post_template(output: str, template_name: str, config: MkDocsConfig) -> str:
    if template_name == "404.html":
        _current(config).not_found_pages[engine.current_language(config)] = output
    return output


@event_priority(-200)  # after static-i18n has built every language and merged the search index
@_timed
def on_post_build(config: MkDocsConfig) -> None:
    if not engine.is_last_build(config):
        return
    run, site = _current(config), Path(config.site_dir)
    build = run.build
    write_api(
        site / "api" / "v1",
        build.dataset,
        build.derived,
        build.today,
        build.history,
        config.extra["repository"],
    )
    write_feeds(site, build.views, config.site_url or "/", build.today)
    files = text_files(build, config.site_url or "/") | files_beside(build.views, run.pages) | run.assets
    for path, text in files.items():
        (site / path).parent.mkdir(parents=True, exist_ok=True)
        (site / path).write_text(text, encoding="utf-8")
    languages, default = engine.languages(config), engine.default_language(config)
    engine.write_not_found_pages(site, run.not_found_pages, default)
    engine.split_search_index(site, languages, default)
    engine.publish_output(config)  # every language is built: the new site replaces the previous one
