"""The site's languages, defined once: the i18n plugin's list in mkdocs.yml (default language first).

The build and the command line both read them here (the build then checks that the i18n plugin builds
the same list), so `make validate` and the build always check the same languages; a strings file in
data/i18n/ for a language not listed is an error in both.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from .problems import DataError, Problem


class _ConfigLoader(yaml.SafeLoader):
    """mkdocs.yml with its MkDocs-specific tags (!ENV, !!python/...) read as plain values."""


def _any_tag(loader: yaml.SafeLoader, suffix: str, node: yaml.Node) -> Any:
    if isinstance(node, yaml.ScalarNode):
        return loader.construct_scalar(node)
    if isinstance(node, yaml.SequenceNode):
        return loader.construct_sequence(node)
    return loader.construct_mapping(node)  # type: ignore[arg-type]


_ConfigLoader.add_multi_constructor("!", _any_tag)
_ConfigLoader.add_multi_constructor("tag:yaml.org,2002:python/", _any_tag)


def site_languages(root: Path, config_file: Path | None = None) -> list[str]:
    """The locales of mkdocs.yml's i18n plugin (or another MkDocs configuration's), the default first."""
    config_file = config_file or root / "mkdocs.yml"
    config = yaml.load(config_file.read_text(encoding="utf-8"), Loader=_ConfigLoader)
    for plugin in config.get("plugins", []):
        if isinstance(plugin, dict) and "i18n" in plugin:
            entries = plugin["i18n"]["languages"]
            default = [entry["locale"] for entry in entries if entry.get("default")]
            return default + [entry["locale"] for entry in entries if not entry.get("default")]
    raise DataError([Problem("mkdocs.yml", 1, 1, "no i18n plugin with a 'languages' list")])
