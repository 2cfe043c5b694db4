"""Adding a language takes one docs folder, one strings file and one line of configuration."""

from __future__ import annotations

import shutil

import yaml
from conftest import ROOT, copy_project, mkdocs_build, use_fixture_data

FIXTURE = ROOT / "tests" / "fixtures" / "fourth-language"
LANGUAGE_LINE = "        - {locale: zh, name: 中文}\n"


def test_a_fourth_language_builds_in_that_language(tmp_path) -> None:
    project = use_fixture_data(copy_project(tmp_path / "project"))
    # the three additions, and nothing else
    shutil.copytree(FIXTURE / "docs" / "fr", project / "docs" / "fr")
    shutil.copy2(FIXTURE / "data" / "i18n" / "fr.yaml", project / "data" / "i18n" / "fr.yaml")
    config = (project / "mkdocs.yml").read_text(encoding="utf-8")
    assert LANGUAGE_LINE in config
    (project / "mkdocs.yml").write_text(
        config.replace(LANGUAGE_LINE, LANGUAGE_LINE + "        - {locale: fr, name: Français}\n"),
        encoding="utf-8",
    )

    build = mkdocs_build(project, project / "site")
    assert build.returncode == 0, build.output
    assert "WARNING" not in build.output

    ui = yaml.safe_load((FIXTURE / "data" / "i18n" / "fr.yaml").read_text(encoding="utf-8"))["ui"]
    french_pages = [
        "fr/",
        "fr/providers/",
        "fr/providers/alpha-cloud/",
        "fr/data/",
        "fr/contribute/",
        "fr/404.html",
    ]
    for path in french_pages:
        page = build.page(path)
        assert page.html["lang"] == "fr", path
        assert {a["hreflang"] for a in page.select("a.md-select__link[hreflang]")} == {"de", "zh", "ro", "fr"}
    guide = build.page("fr/")
    assert next(th["title"] for th in guide.select("#comparison thead th")) == ui["column.product"]
    assert guide.find("h2", string=ui["faq.title"]) is not None
    assert ui["site.name"] in guide.select_one("title").get_text()
    alpha = build.page("fr/providers/alpha-cloud/")
    assert alpha.select_one("table.gs-facts th").get_text(strip=True) == ui["column.kind"]
    # data notes not yet translated fall back to German, marked as such for readers and screen readers
    assert alpha.select_one("p.gs-notes")["lang"] == "de"
    # the other languages still link to their French twins
    zh_links = {
        a["hreflang"]: a["href"] for a in build.page("zh/data/").select("a.md-select__link[hreflang]")
    }
    assert zh_links["fr"].endswith("fr/data/")
