"""Stage 1: the YAML reader keeps positions and refuses YAML's surprises."""

from __future__ import annotations

import datetime as dt

from gpustorage.load import MAX_FILE_BYTES, load_file, load_text


def test_positions_point_at_keys_and_items() -> None:
    doc, problems = load_text("f.yaml", "name: A\noffer:\n  - kind: x\n    product: y\n")
    assert problems == []
    assert doc is not None
    assert doc.positions[("name",)] == (1, 1)
    assert doc.positions[("offer", 0)] == (3, 5)
    assert doc.positions[("offer", 0, "product")] == (4, 5)
    assert doc.locate(("offer", 0, "missing")) == (3, 5)


def test_yaml_11_words_stay_text() -> None:
    doc, _ = load_text("f.yaml", "a: no\nb: on\nc: NO\nd: yes\ne: true\nf: 1.10\ng: 2026-07-20\n")
    assert doc is not None
    assert doc.value == {
        "a": "no",
        "b": "on",
        "c": "NO",
        "d": "yes",
        "e": True,
        "f": 1.1,
        "g": dt.date(2026, 7, 20),
    }


def test_duplicate_keys_are_reported_with_both_lines() -> None:
    _, problems = load_text("f.yaml", "name: A\nwebsite: x\nname: B\n")
    assert [str(p) for p in problems] == [
        "f.yaml:3:1: duplicate key 'name' (first given on line 1); keep only one"
    ]


def test_aliases_are_refused_and_never_expanded() -> None:
    doc, problems = load_text("f.yaml", "a: &x [1, 2]\nb: *x\n")
    assert [(p.line, p.column) for p in problems] == [(2, 1)]
    assert "aliases" in problems[0].message
    assert doc is not None and doc.value["b"] is None
    laughs = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{n}: &{n} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]\n"
        for p, n in zip("abcdefgh", "bcdefghi", strict=True)
    )
    _, problems = load_text("f.yaml", laughs)  # 9**9 values if expanded
    assert len(problems) == 8 * 9 and all("aliases" in p.message for p in problems)


def test_tabs_empty_and_scalar_files() -> None:
    _, tabs = load_text("f.yaml", "a:\n\tb: 1\n")
    assert tabs[0].line == 2 and "tab" in tabs[0].message
    _, empty = load_text("f.yaml", "  \n")
    assert "empty" in empty[0].message


def test_non_utf8_and_oversized_files(tmp_path) -> None:
    latin = tmp_path / "latin.yaml"
    latin.write_bytes(b"name: ok\nnotes: caf\xe9\n")
    _, problems = load_file(latin, "latin.yaml")
    assert (problems[0].line, problems[0].column) == (2, 11)
    assert "UTF-8" in problems[0].message
    big = tmp_path / "big.yaml"
    big.write_text("a: " + "x" * MAX_FILE_BYTES)
    _, problems = load_file(big, "big.yaml")
    assert "at most" in problems[0].message


def test_deep_nesting_is_refused_with_its_position() -> None:
    _, problems = load_text("f.yaml", "a:\n  b: " + "[" * 60 + "]" * 60 + "\n")
    assert [(p.line, p.message) for p in problems] == [
        (2, "not valid YAML: values are nested too deeply (more than 50 levels)")
    ]
