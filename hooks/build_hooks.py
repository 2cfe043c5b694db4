"""MkDocs adapter: thin event handlers over the `gpustorage` package.

static-i18n builds the site once per language and every event below runs in each of those builds.
Data is loaded and validated once (DatasetCache); each build only picks its language's view.
"""

from __future__ import annotations

import copy
import html
import re
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.pages import Page

from gpustorage import DataError, DatasetCache, SiteView
from gpustorage.export import write_api
from gpustorage.normalize import build_date
from gpustorage.render import (
    faq_jsonld,
    fill_markers,
    render_provider_page,
    script_json,
    site_root_for,
)

_cache = DatasetCache()
_PROVIDER_PAGE = re.compile(r"^providers/([a-z0-9-]+)\.md$")
_root_404: bytes | None = None


def _i18n(config: MkDocsConfig) -> Any:
    return config.plugins["i18n"]


def _view(config: MkDocsConfig) -> SiteView:
    i18n = _i18n(config)
    languages = list(i18n.build_languages)
    root = Path(config.config_file_path).parent
    try:
        views = _cache.views(root, languages, build_date(), config.extra["repository"])
    except DataError as error:
        raise PluginError(f"invalid data\n{error.report()}") from None
    return views[i18n.current_language]


@event_priority(-150)  # after static-i18n has set the language of this build
def on_config(config: MkDocsConfig) -> None:
    # loading validates before anything is written: a data error leaves no half-written site
    view = _view(config)
    config.site_name = view.t("site.name")
    config.site_description = view.t("site.description")


@event_priority(-200)  # after static-i18n's on_files, which would drop in-memory pages
def on_files(files: Files, config: MkDocsConfig) -> Files:
    i18n = _i18n(config)
    view = _view(config)
    for provider in view.providers:
        files.append(_provider_file(config, i18n, provider.id, render_provider_page(view, provider.id)))
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


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, **_: Any) -> str:
    view = _view(config)
    provider = _PROVIDER_PAGE.match(page.file.src_uri)
    if provider:
        # Material prints the title unescaped (and unescapes heading text first): give it one
        # that is already escaped
        name = next(p.name for p in view.providers if p.id == provider.group(1))
        page.meta["title"] = html.escape(name)
    if "<!-- data:faq -->" in markdown:
        page.meta["jsonld"] = script_json(faq_jsonld(view, page.canonical_url or ""))
    return fill_markers(markdown, view, site_root_for(page.url))


def on_pre_template(template: Any, template_name: str, config: MkDocsConfig) -> Any:
    """The 404 page's language menu must point at the language roots, not at the last page built."""
    i18n = _i18n(config)
    if template_name == "404.html" and i18n.extra_alternate:
        config.extra.alternate = copy.deepcopy(i18n.extra_alternate)  # as static-i18n sets it
    return template


def on_post_build(config: MkDocsConfig) -> None:
    i18n = _i18n(config)
    if i18n.current_language == i18n.default_language and _cache.dataset is not None:
        write_api(Path(config.site_dir) / "api" / "v1", _cache.dataset, _view(config).today)
    _keep_404_per_language(config, i18n)


def _keep_404_per_language(config: MkDocsConfig, i18n: Any) -> None:
    """Give each language its own 404 page; static-i18n lets every build overwrite the root one."""
    global _root_404
    root_404 = Path(config.site_dir) / "404.html"
    if not root_404.exists():
        return
    if i18n.current_language == i18n.default_language:
        _root_404 = root_404.read_bytes()
        return
    target = Path(config.site_dir) / i18n.current_language / "404.html"
    target.parent.mkdir(parents=True, exist_ok=True)
    root_404.replace(target)
    if _root_404 is not None:
        root_404.write_bytes(_root_404)
