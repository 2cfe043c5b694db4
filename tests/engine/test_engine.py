"""The engine seam (hooks/mkdocs_engine.py): version check, per-language search index and 404 pages,
valid toggles."""

from __future__ import annotations

import json
from pathlib import Path

import mkdocs_engine as engine
import pytest
from jinja2 import DictLoader, Environment
from mkdocs.exceptions import PluginError


def test_other_engine_versions_are_refused_with_a_clear_message() -> None:
    engine.check_versions()  # the installed, pinned versions
    with pytest.raises(PluginError, match=r"mkdocs-static-i18n 1\.4\.0 \(expected 1\.3\.1\)"):
        engine.check_versions({**engine.PINNED, "mkdocs-static-i18n": "1.4.0"})


def test_search_index_is_split_per_language(tmp_path: Path) -> None:
    index = {
        "config": {"lang": ["de", "zh"]},
        "docs": [
            {"location": "", "title": "Start"},
            {"location": "providers/x/", "title": "X"},
            {"location": "zh/", "title": "首页"},
            {"location": "zh/providers/x/#a", "title": "X"},
            {"location": "ro/data/", "title": "Date"},
        ],
    }
    (tmp_path / "search").mkdir()
    (tmp_path / "search" / "search_index.json").write_text(json.dumps(index), encoding="utf-8")
    engine.split_search_index(tmp_path, ["de", "zh", "ro"], "de")

    def locations(prefix: str) -> list[str]:
        data = json.loads((tmp_path / prefix / "search" / "search_index.json").read_text(encoding="utf-8"))
        assert data["config"] == index["config"]
        return [doc["location"] for doc in data["docs"]]

    assert locations("") == ["", "providers/x/"]
    assert locations("zh") == ["", "providers/x/#a"]
    assert locations("ro") == ["data/"]


def test_a_missing_search_index_is_left_alone(tmp_path: Path) -> None:
    engine.split_search_index(tmp_path, ["de", "zh"], "de")
    assert list(tmp_path.iterdir()) == []


def test_each_language_gets_its_own_404_page(tmp_path: Path) -> None:
    engine.write_not_found_pages(tmp_path, {"de": "<p>de</p>", "zh": "<p>zh</p>"}, "de")
    assert (tmp_path / "404.html").read_text(encoding="utf-8") == "<p>de</p>"
    assert (tmp_path / "zh" / "404.html").read_text(encoding="utf-8") == "<p>zh</p>"


def test_toggles_become_valid_as_the_theme_loads_or_the_build_stops() -> None:
    base = f"<body>\n    {engine._TOGGLES}\n{{% block content %}}{{% endblock %}}</body>"
    env = Environment(loader=DictLoader({"base.html": base, "main.html": '{% extends "base.html" %}'}))
    engine.use_valid_toggles(env)
    engine.use_valid_toggles(env)  # a second call (another hook) changes nothing
    fixed = env.get_template("main.html").render()
    assert 'autocomplete="off">' not in fixed.replace('<form id="__toggles" autocomplete="off" hidden>', "")
    assert fixed.count('form="__toggles"') == 2
    assert env.list_templates() == ["base.html", "main.html"]
    changed = Environment(loader=DictLoader({"base.html": "<body></body>"}))
    engine.use_valid_toggles(changed)
    with pytest.raises(PluginError, match="toggles changed"):
        changed.get_template("base.html")
