"""The one place that knows MkDocs, Material and mkdocs-static-i18n internals.

build_hooks.py calls only this module and the `gpustorage` package. Every undocumented attribute of
the i18n plugin or of its files that the site relies on is read or written here, and the versions
these were checked against are verified at start-up: another version fails the build with a clear
message instead of building a subtly wrong site.
"""

from __future__ import annotations

import copy
import ctypes
import json
import logging
import os
import secrets
import shutil
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

from jinja2 import BaseLoader, Environment
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.utils import CountHandler

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
    """A template (Material's base.html) with its toggles made valid HTML (see _TOGGLES)."""
    if _TOGGLES not in html:
        raise PluginError("Material's toggles changed: update _TOGGLES in hooks/mkdocs_engine.py")
    return html.replace(_TOGGLES, _VALID_TOGGLES, 1)


class _ValidTogglesLoader(BaseLoader):
    """The theme's templates, Material's base.html with valid toggles: fixed once as Jinja loads the
    template, so that no page needs fixing after it is rendered."""

    def __init__(self, loader: BaseLoader) -> None:
        self.loader = loader

    def get_source(self, environment: Environment, template: str) -> tuple[str, str | None, Any]:
        source, filename, uptodate = self.loader.get_source(environment, template)
        return (valid_toggles(source) if template == "base.html" else source), filename, uptodate

    def list_templates(self) -> list[str]:
        return self.loader.list_templates()


def use_valid_toggles(env: Environment) -> None:
    """Every page and the 404 page get valid toggles (the environment is made anew for each build)."""
    if env.loader is not None and not isinstance(env.loader, _ValidTogglesLoader):
        env.loader = _ValidTogglesLoader(env.loader)


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


def is_later_language(config: MkDocsConfig) -> bool:
    """This build is the second or a later language's, run inside the first one's on_post_build with
    the same config: what the first language's build made for the whole run still stands."""
    return bool(_i18n(config).building)


def add_generated_pages(files: Files, config: MkDocsConfig, pages: Iterable[tuple[str, str]]) -> None:
    """Add in-memory pages (source path, Markdown) in the current language, each linked to its twins
    in the other languages.

    Must run after static-i18n's on_files (priority below -100), which would drop them otherwise.
    """
    lang, default, built = current_language(config), default_language(config), languages(config)

    def localized(src_uri: str, locale: str, text: str) -> File:
        file = File.generated(config, src_uri, content=text, inclusion=InclusionLevel.NOT_IN_NAV)
        if locale != default:
            file.dest_uri = f"{locale}/{file.dest_uri}"
        file.locale = file.localization = file.locale_alternate_of = locale  # type: ignore[attr-defined]
        return file

    for src_uri, content in pages:
        page = localized(src_uri, lang, content)
        page.norm_src_uri = src_uri  # type: ignore[attr-defined]
        page.alternates = {  # type: ignore[attr-defined]
            # the page in another language, for the language menu and the sitemap: only its address
            other: page if other == lang else localized(src_uri, other, "")
            for other in built
        }
        files.append(page)


def page_path(page: Any) -> str:
    """A page's path within its language's folder ('data.md', 'providers/runpod.md'), whether it was
    read from docs/ or generated."""
    file = page.file
    return str(getattr(file, "norm_src_uri", file.src_uri))


# The nav page marked as the current section while a page outside the nav renders (see mark_section).
_marked_sections: list[Any] = []


def mark_section(page: Any, nav: Any) -> None:
    """A page outside the nav (a generated provider page, 'providers/runpod.md') shows the page of its
    folder ('providers/index.md') as its section: MkDocs marks only pages in the nav as active, and
    Material draws the current tab and the drawer's current entry from that mark. Undone by
    unmark_section once the page is rendered (every page renders with the same nav)."""
    unmark_section()
    folder = page_path(page).rpartition("/")[0]
    if not folder or page in nav.pages:
        return
    section = next((item for item in nav.pages if page_path(item) == f"{folder}/index.md"), None)
    if section is not None:
        section.active = True  # MkDocs' setter marks its parents too
        _marked_sections.append(section)


def unmark_section() -> None:
    while _marked_sections:
        _marked_sections.pop().active = False


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


def add_search_languages(config: MkDocsConfig) -> None:
    """The search plugin's languages: each one static-i18n builds that lunr supports, as static-i18n's
    `reconfigure_search` adds them, with its own function. That option stays off (mkdocs.yml): its other
    part drops a language's entries that read as the default language's (a provider page's own entry:
    its title is the provider's name, its text empty), though each language has an index of its own
    (split_search_index); and it compares every entry with every other (6.6 s of a build at 1,000
    providers)."""
    for name in ("search", "material/search"):
        if name in config.plugins:
            _i18n(config).reconfigure_search_plugin(config, name, config.plugins[name])


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
        entry["location"] = entry["location"].removeprefix(prefixes.get(lang, ""))
        by_language[lang].append(entry)
    for lang, docs in by_language.items():
        target = site / prefixes.get(lang, "") / "search" / "search_index.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps({**index, "docs": docs}, ensure_ascii=False, separators=(",", ":"))
        target.write_text(text, encoding="utf-8")


def check_languages(config: MkDocsConfig, expected: list[str]) -> None:
    """The languages static-i18n builds are the site's languages as the validator reads them."""
    built = languages(config)
    if built != expected:
        raise PluginError(
            f"the i18n plugin builds {', '.join(built)}, but mkdocs.yml lists {', '.join(expected)}"
        )


# ---- atomic output -------------------------------------------------------------------------------
# A build writes into a folder beside site_dir and swaps it in only after every language built
# without error (and, in strict mode, without warnings): a failing or killed build leaves the previous
# site as it was. `mkdocs serve` rebuilds the same way into its own folder; a dirty build (which keeps
# unchanged files) writes in place.

_STAGING = ".building-"  # the staging folder: .<site folder name>.building-<pid>-<random>


@dataclass
class _Output:
    dirty: bool | None = None  # from on_startup; None when MkDocs was started some other way
    target: Path | None = None  # the site folder the build replaces
    staging: Path | None = None  # where this build writes


_output = _Output()


def start_output(dirty: bool) -> None:
    """Called from on_startup: whether this run writes in place (a dirty build) or stages."""
    _output.dirty = dirty


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _remove_leftovers(target: Path) -> None:
    """Staging folders of builds that were killed (their process is gone) are removed."""
    for leftover in target.parent.glob(f".{target.name}{_STAGING}*"):
        pid = leftover.name.removeprefix(f".{target.name}{_STAGING}").split("-")[0]
        if pid.isdigit() and not _pid_alive(int(pid)):
            shutil.rmtree(leftover, ignore_errors=True)


def stage_output(config: MkDocsConfig) -> None:
    """Send this build's output to a new folder beside site_dir (once per build, in the first
    language's on_config; the other languages' builds share the config and so the folder)."""
    if _output.dirty is not False or _output.staging is not None:
        return
    target = Path(config.site_dir)
    target.parent.mkdir(parents=True, exist_ok=True)
    _remove_leftovers(target)
    staging = target.parent / f".{target.name}{_STAGING}{os.getpid()}-{secrets.token_hex(4)}"
    staging.mkdir()  # with the umask's permissions, as MkDocs would create the site folder
    _output.target, _output.staging = target, staging
    config.site_dir = str(staging)


def _strict_warnings(config: MkDocsConfig) -> bool:
    """Whether strict mode will abort this build: MkDocs counts warnings with a CountHandler on its
    logger and checks them only after on_post_build."""
    counters = [h for h in logging.getLogger("mkdocs").handlers if isinstance(h, CountHandler)]
    return bool(config.strict) and any(counter.get_counts() for counter in counters)


def _exchange(first: Path, second: Path) -> bool:
    """Swap two paths in one step (Linux renameat2 with RENAME_EXCHANGE); False where unsupported."""
    try:
        renameat2 = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):
        return False
    renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    at_fdcwd, rename_exchange = -100, 2
    return bool(renameat2(at_fdcwd, bytes(first), at_fdcwd, bytes(second), rename_exchange) == 0)


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path, ignore_errors=True)
    elif path.exists() or path.is_symlink():
        path.unlink()


def publish_output(config: MkDocsConfig) -> None:
    """At the end of the last language's build: swap the new site in, or drop it if strict mode is
    about to abort the build."""
    target, staging = _output.target, _output.staging
    if target is None or staging is None:
        return
    _output.target = _output.staging = None
    config.site_dir = str(target)
    if _strict_warnings(config):
        _remove(staging)
        return
    if not (target.exists() or target.is_symlink()):
        staging.rename(target)
    elif _exchange(staging, target):
        _remove(staging)  # now the previous site
    else:  # two renames: between them only the previous site, complete, stands beside the target
        previous = target.parent / f".{target.name}{_STAGING}{os.getpid()}-previous"
        target.rename(previous)
        staging.rename(target)
        _remove(previous)


def discard_output() -> None:
    """After a failed build: the new, incomplete site is removed; the previous one was never touched."""
    staging = _output.staging
    _output.target = _output.staging = None
    if staging is not None:
        _remove(staging)
