"""The site's settings in one place: the tunables below, and what mkdocs.yml says once for everyone.

mkdocs.yml is the one source of the site's languages (the i18n plugin's list, default language first)
and of the repository that edit and report links point to (`extra.repository`, which REPO_URL
overrides). The build and the command line both read them here (the build then checks that the i18n
plugin builds the same list), so `make validate` and the build always check the same languages.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import yaml

from .problems import DataError, Problem

STALE_AFTER_DAYS = 180  # a fact whose newest dated source is older than this is marked stale
# a value counts as confirmed lately when a source covering it was checked (model.Source.checked_date)
# at most this many days before the build date
CONFIRMED_WITHIN_DAYS = 90
CHANGES_SHOWN = 100  # the changes page shows the latest changes; /api/v1/history.json holds them all
FEED_ENTRIES = 50  # entries per feed: the newest commits
DISPLAY_CURRENCIES = ("EUR", "CNY")  # the calculator's currencies besides USD, where a rate exists
# The comparison shows every offering. Only a table of more than FOLD_ABOVE_ROWS offerings (far beyond the
# real data: a browser lays out thousands of rows slowly) shows ROWS_PER_PAGE of them at first, and says so.
ROWS_PER_PAGE = 50
FOLD_ABOVE_ROWS = 300
# The planner's amounts while the reader gives none (planner.py, docs/assets/planner/plan.js): the data
# kept between runs (GB), GPU starts a month, hours a run, the GPU's price an hour (USD: the dataset has
# no GPU prices, so this is a placeholder the reader replaces) and where the data comes from otherwise
PLANNER_DEFAULTS: dict[str, Any] = {"gb": 500, "runs": 10, "run_hours": 4, "gpu_usd": 2.0, "from": "internet"}
# Each origin's transfer rate (MB/s) and price a GB out (USD) while the reader gives none: a copy within
# the provider (free, about one stream's speed), another cloud's list egress, a free public download
PLANNER_ORIGINS: dict[str, dict[str, float]] = {
    "object": {"rate_mb_s": 200, "usd_per_gb": 0.0},
    "cloud": {"rate_mb_s": 100, "usd_per_gb": 0.09},
    "internet": {"rate_mb_s": 50, "usd_per_gb": 0.0},
}
# Feed entry ids are name-based UUIDs in this namespace. It only has to stay the same forever (readers
# key entries by id), so it is a fixed name, not the repository's current address.
FEED_ID_NAMESPACE = "https://github.com/gpu-storage-guide/gpu-storage-guide"


class _ConfigLoader(yaml.SafeLoader):
    """mkdocs.yml with its MkDocs-specific tags (!ENV, !!python/...) read as plain values."""


def _any_tag(loader: yaml.SafeLoader, suffix: str, node: yaml.Node) -> Any:
    if suffix == "ENV" and isinstance(node, yaml.SequenceNode):  # !ENV [NAME, ..., default]
        *names, default = loader.construct_sequence(node)
        return next((os.environ[name] for name in names if os.environ.get(name)), default)
    if isinstance(node, yaml.ScalarNode):
        return loader.construct_scalar(node)
    if isinstance(node, yaml.SequenceNode):
        return loader.construct_sequence(node)
    return loader.construct_mapping(node)  # type: ignore[arg-type]


_ConfigLoader.add_multi_constructor("!", _any_tag)
_ConfigLoader.add_multi_constructor("tag:yaml.org,2002:python/", _any_tag)


def _config(root: Path, config_file: Path | None) -> dict[str, Any]:
    config_file = config_file or root / "mkdocs.yml"
    config: dict[str, Any] = yaml.load(config_file.read_text(encoding="utf-8"), Loader=_ConfigLoader)
    return config


def repository(root: Path, config_file: Path | None = None) -> str:
    """The repository's address (mkdocs.yml's `extra.repository`, or REPO_URL where it is set)."""
    url = _config(root, config_file).get("extra", {}).get("repository")
    if not isinstance(url, str) or not url.startswith("https://"):
        raise DataError([Problem("mkdocs.yml", 1, 1, "'extra.repository' must be an https:// address")])
    return url.rstrip("/")


def site_url(root: Path, config_file: Path | None = None) -> str:
    """The site's absolute address (mkdocs.yml's `site_url`, or SITE_URL where it is set)."""
    url = _config(root, config_file).get("site_url")
    if not isinstance(url, str) or not url.startswith(("https://", "http://")):
        raise DataError([Problem("mkdocs.yml", 1, 1, "'site_url' must be an http(s):// address")])
    return url if url.endswith("/") else f"{url}/"


def site_languages(root: Path, config_file: Path | None = None) -> list[str]:
    """The locales of mkdocs.yml's i18n plugin (or another MkDocs configuration's), the default first."""
    config = _config(root, config_file)
    for plugin in config.get("plugins", []):
        if isinstance(plugin, dict) and "i18n" in plugin:
            entries = plugin["i18n"]["languages"]
            default = [entry["locale"] for entry in entries if entry.get("default")]
            return default + [entry["locale"] for entry in entries if not entry.get("default")]
    raise DataError([Problem("mkdocs.yml", 1, 1, "no i18n plugin with a 'languages' list")])
