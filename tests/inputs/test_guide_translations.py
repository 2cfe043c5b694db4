"""Translations that know they are outdated: each page records the hash of the German page it
translates; the fixture history changes the German data page afterwards (tests/fixture_history.py)."""

from __future__ import annotations

import shutil
from pathlib import Path
from urllib.parse import urljoin

import pytest
import yaml
from conftest import LANGUAGE_PREFIX, LANGUAGES, ROOT, Build

from gpustorage import SiteBuild
from gpustorage.__main__ import main
from gpustorage.inputs.guide_translations import (
    content_hash,
    mark_current,
    recorded_hash,
    statuses,
    with_notice,
)

TRANSLATED = [lang for lang in LANGUAGES if lang != LANGUAGES[0]]


def test_every_translated_page_records_its_german_source() -> None:
    """The repository's own pages: a translation without a recorded source could never be flagged."""
    found = [page for page in statuses(ROOT / "docs", list(LANGUAGES)) if page.status != "source"]
    assert found and all(page.recorded for page in found), [str(p) for p in found if not p.recorded]


def test_a_changed_german_page_makes_its_translations_outdated(fixture_project: Path) -> None:
    found = {(p.lang, p.page): p.status for p in statuses(fixture_project / "docs", list(LANGUAGES))}
    assert {key for key, status in found.items() if status == "outdated"} == {
        (lang, "data.md") for lang in TRANSLATED
    }
    assert {status for (lang, _), status in found.items() if lang == LANGUAGES[0]} == {"source"}
    assert found[("zh", "index.md")] == "current"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_outdated_pages_show_a_notice_linking_the_german_page(
    site: Build, fixture_build: SiteBuild, lang: str
) -> None:
    ui = fixture_build.dataset.strings[lang].ui
    here = f"/{LANGUAGE_PREFIX[lang]}data/"
    data = site.page(here.lstrip("/"))
    (notice,) = data.select("[data-translation-status]")
    assert notice["data-translation-status"] == "outdated"
    assert notice.get_text(" ", strip=True) == f"{ui['translation.outdated']} {ui['translation.source']}"
    link = notice.select_one("a")
    assert urljoin(here, link["href"]) == "/data/" and link["hreflang"] == LANGUAGES[0]
    assert notice.sourceline > data.select_one("article h1").sourceline  # below the title
    for current in ("", "changes/", "providers/alpha-cloud/"):
        assert not site.page(f"{LANGUAGE_PREFIX[lang]}{current}").select("[data-translation-status]")
    assert not site.page("data/").select("[data-translation-status]")  # the German page itself


def test_marking_a_translation_current_records_the_hash(fixture_project: Path, tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    shutil.copytree(fixture_project / "docs", docs)
    page = docs / "zh" / "data.md"
    before = yaml.safe_load(page.read_text(encoding="utf-8").split("---")[1])
    value = mark_current(page, docs, "de")
    assert value == content_hash((docs / "de" / "data.md").read_text(encoding="utf-8"))
    after = yaml.safe_load(page.read_text(encoding="utf-8").split("---")[1])
    assert after == {**before, "source_hash": value}  # the other keys kept
    assert recorded_hash(page.read_text(encoding="utf-8")) == value
    assert {(p.lang, p.page) for p in statuses(docs, list(LANGUAGES)) if p.status == "outdated"} == {
        ("ro", "data.md")
    }
    bare = docs / "ro" / "bare.md"
    bare.write_text("# Titlu\n\nText.\n", encoding="utf-8")
    (docs / "de" / "bare.md").write_text("# Titel\n\nText.\n", encoding="utf-8")
    mark_current(bare, docs, "de")  # a page without front matter gets one
    assert bare.read_text(encoding="utf-8").startswith('---\nsource_hash: "sha256:')
    assert recorded_hash(bare.read_text(encoding="utf-8")) == content_hash("# Titel\n\nText.\n")


def test_the_command_lists_every_page_and_marks_pages_current(
    fixture_project: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["translations", "--root", str(fixture_project)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(TRANSLATED) * len(list((fixture_project / "docs" / "de").rglob("*.md")))
    assert "docs/zh/data.md: outdated (records sha256:" in "\n".join(lines)
    assert "docs/zh/index.md: current" in lines
    project = tmp_path / "project"
    shutil.copytree(fixture_project, project, ignore=shutil.ignore_patterns("site", ".git"))
    target = project / "docs" / "zh" / "data.md"
    assert main(["translations", "--root", str(project), "--current", str(target)]) == 0
    capsys.readouterr()
    main(["translations", "--root", str(project)])
    assert "docs/zh/data.md: current" in capsys.readouterr().out.splitlines()


def test_the_notice_goes_below_the_first_heading() -> None:
    assert with_notice("# Title\n\nText\n", "<p>N</p>") == "# Title\n\n<p>N</p>\n\nText\n"
    assert with_notice("Text\n", "<p>N</p>") == "<p>N</p>\n\nText\n"


def translated_page(tmp_path: Path, front_matter: str | None, body: str = "# 数据\n\n正文。\n") -> Path:
    """A project's docs/zh/page.md with the given front matter (none when None), beside a German
    docs/de/page.md; mkdocs.yml names the languages."""
    shutil.copy2(ROOT / "mkdocs.yml", tmp_path / "mkdocs.yml")
    docs = tmp_path / "docs"
    (docs / "de").mkdir(parents=True)
    (docs / "zh").mkdir()
    (docs / "de" / "page.md").write_text("# Daten\n\nText.\n", encoding="utf-8")
    page = docs / "zh" / "page.md"
    page.write_text(body if front_matter is None else f"---\n{front_matter}---\n\n{body}", encoding="utf-8")
    return page


GERMAN_HASH = content_hash("# Daten\n\nText.\n")


@pytest.mark.parametrize(
    "written",
    [
        "source_hash: >-\n  sha256:0000\n  1111\n",  # folded over two lines
        "source_hash: >\n  sha256:0000\n",  # folded, with its line break kept
        "source_hash: |\n  sha256:0000\n",  # literal
        "source_hash:\n  sha256:0000\n  1111\n",  # plain, over two lines
        'source_hash: "sha256:0000\n  1111"\n',  # double-quoted, over two lines
        "source_hash: 'sha256:0000'\n",
        "source_hash: sha256:0000\n",
        "source_hash:\n",  # empty
    ],
)
def test_a_hash_over_several_lines_or_in_any_style_is_replaced_whole(tmp_path: Path, written: str) -> None:
    page = translated_page(tmp_path, f"{written}title: Daten\n")
    assert mark_current(page, page.parents[1], "de") == GERMAN_HASH
    text = page.read_text(encoding="utf-8")
    assert yaml.safe_load(text.split("---\n")[1]) == {"source_hash": GERMAN_HASH, "title": "Daten"}
    assert recorded_hash(text) == GERMAN_HASH and text.endswith("---\n\n# 数据\n\n正文。\n")
    assert [p.status for p in statuses(page.parents[1], ["de", "zh"]) if p.lang == "zh"] == ["current"]


def test_marking_keeps_the_comments_the_order_and_the_style_of_the_front_matter(tmp_path: Path) -> None:
    before = """\
# why this page is here
title: 'Daten'  # as in the menu
description: "一句很长的描述，长到任何一个会重新折行的 YAML 写入器都会把它折成两行的程度，但它必须保持一行。"
source_hash: >-  # do not edit by hand
  sha256:0000
  1111
# the next key hides the table of contents
hide:
  - toc
search:
  boost: 2
"""
    page = translated_page(tmp_path, before)
    mark_current(page, page.parents[1], "de")
    after = before.replace("sha256:0000\n  1111\n", f"{GERMAN_HASH}\n")
    assert page.read_text(encoding="utf-8") == f"---\n{after}---\n\n# 数据\n\n正文。\n"


@pytest.mark.parametrize("front_matter", [None, ""], ids=["no front matter", "an empty one"])
def test_a_page_without_a_hash_gets_one(tmp_path: Path, front_matter: str | None) -> None:
    page = translated_page(tmp_path, front_matter)
    mark_current(page, page.parents[1], "de")
    text = page.read_text(encoding="utf-8")
    assert text.startswith(f'---\nsource_hash: "{GERMAN_HASH}"\n---\n')
    assert text.endswith("# 数据\n\n正文。\n") and recorded_hash(text) == GERMAN_HASH


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (
            b"---\nsource_hash: x\n---\n\n\xe6\x95\xb0\xff\n",
            "docs/zh/page.md:5:4: the file is not UTF-8 text",
        ),
        (b"---\ntitle: [Daten\n---\n", "docs/zh/page.md:3: the front matter is not valid YAML"),
        (b"---\ntitle: a\ntitle: b\n---\n", "docs/zh/page.md:3: the front matter is not valid YAML"),
        (b"---\n- Daten\n---\n", "docs/zh/page.md: the front matter is not a mapping"),
    ],
    ids=["not UTF-8", "not YAML", "a key twice", "a list"],
)
def test_a_page_that_cannot_be_marked_is_named_and_left_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, says: str
) -> None:
    page = translated_page(tmp_path, None)
    page.write_bytes(content)
    assert main(["translations", "--root", str(tmp_path), "--current", str(page)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(says) and err.endswith("; nothing was recorded\n")
    assert page.read_bytes() == content


def test_the_list_names_a_page_that_is_not_utf8(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = translated_page(tmp_path, None)
    page.write_bytes(b"# \xff\n")
    assert main(["translations", "--root", str(tmp_path)]) == 1
    assert capsys.readouterr().err == "docs/zh/page.md:1:3: the file is not UTF-8 text; save it as UTF-8\n"


def test_only_a_translated_page_with_a_german_source_can_be_marked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = translated_page(tmp_path, None)
    docs = page.parents[1]
    orphan = docs / "zh" / "orphan.md"
    orphan.write_text("# 孤儿\n", encoding="utf-8")
    outside = tmp_path / "outside.md"
    outside.write_text("# x\n", encoding="utf-8")
    files = [docs / "de" / "page.md", orphan, outside, page]
    assert main(["translations", "--root", str(tmp_path), "--current", *map(str, files)]) == 1
    out, err = capsys.readouterr()
    assert err.splitlines() == [
        "docs/de/page.md: a page in de is a source, not a translation; nothing was recorded",
        "docs/zh/orphan.md: there is no page docs/de/orphan.md that it translates; nothing was recorded",
        "outside.md: not a page in a language folder of docs/; nothing was recorded",
    ]
    assert out == f"{page}: source_hash {GERMAN_HASH} recorded; the page is current\n"  # the others go on
