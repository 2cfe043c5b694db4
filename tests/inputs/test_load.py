"""Stage 1: the YAML reader keeps positions and refuses YAML's surprises."""

from __future__ import annotations

import datetime as dt

from gpustorage.inputs.load import MAX_FILE_BYTES, load_file, load_text


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


def test_numbers_follow_yaml_12_and_tags_must_fit() -> None:
    doc, problems = load_text("f.yaml", "a: 5e-2\nb: 1E3\nc: .inf\nd: .nan\ne: !!str 12\nf: 0x1F\n")
    assert problems == [] and doc is not None
    assert doc.value == {"a": 0.05, "b": 1000.0, "c": ".inf", "d": ".nan", "e": "12", "f": "0x1F"}
    _, problems = load_text(
        "f.yaml", "a: !!int abc\nb: !!float x\nc: !!bool yes\nd: !!timestamp 2026-13-01\n"
    )
    assert [str(p) for p in problems] == [
        "f.yaml:1:4: 'abc' is tagged as a whole number but is not one",
        "f.yaml:2:4: 'x' is tagged as a number but is not one",
        "f.yaml:3:4: 'yes' is tagged as true or false but is not one",
        "f.yaml:4:4: '2026-13-01' is not a valid date (YYYY-MM-DD)",
    ]


def test_long_numbers_are_refused_and_never_echoed_whole() -> None:
    _, problems = load_text("f.yaml", "a: " + "7" * 5000 + "\nb: 1234567890123456789.5\n")
    assert [(p.line, p.message[:19]) for p in problems] == [
        (1, "the number '7777777"),
        (2, "the number '1234567"),
    ]
    assert all(len(p.message) < 150 for p in problems)
    assert "has 5000 digits; at most 18 are accepted" in problems[0].message


def test_a_byte_order_mark_is_read_past(tmp_path) -> None:
    file = tmp_path / "bom.yaml"
    file.write_bytes(b"\xef\xbb\xbf# first line\nname: A\n")
    doc, problems = load_file(file, "bom.yaml")
    assert problems == [] and doc is not None
    assert doc.text.startswith("# first line") and doc.value == {"name": "A"}


def test_only_regular_files_are_read(tmp_path) -> None:
    (tmp_path / "folder.yaml").mkdir()
    (tmp_path / "link.yaml").symlink_to("/dev/zero")
    (tmp_path / "dangling.yaml").symlink_to(tmp_path / "missing.yaml")
    expected = {
        "folder.yaml": "this is a folder",
        "link.yaml": "symbolic link",
        "dangling.yaml": "symbolic link",
        "missing.yaml": "no such file",
    }
    for name, says in expected.items():
        doc, problems = load_file(tmp_path / name, name)
        assert doc is None and len(problems) == 1, name
        assert (problems[0].line, problems[0].column) == (1, 1) and says in problems[0].message, name


def test_size_is_checked_before_reading(tmp_path, monkeypatch) -> None:
    big = tmp_path / "big.yaml"
    with big.open("wb") as handle:
        handle.truncate(50 * MAX_FILE_BYTES)  # sparse: large, never read
    opened: list[object] = []
    monkeypatch.setattr("os.open", lambda *args, **kwargs: opened.append(args) or 1 / 0)
    _, problems = load_file(big, "big.yaml")
    assert opened == [] and f"the file is {50 * MAX_FILE_BYTES} bytes" in problems[0].message


def test_characters_no_data_may_hold_are_refused_however_written() -> None:
    """An escape passes YAML's reader: U+FFFE (a noncharacter), a control character or NUL would
    reach the pages, and the feeds (XML) could not be written at all."""
    for escape, refused in (
        ("\\uFFFE", "character U+FFFE is not allowed in a data file"),
        ("\\U0001FFFF", "character U+1FFFF is not allowed in a data file"),
        ("\\uFDD0", "character U+FDD0 is not allowed in a data file"),
        ("\\0", "control characters are not allowed in a data file (U+0000)"),
    ):
        doc, problems = load_text("f.yaml", f'name: "A{escape}"\nok: fine\n"k{escape}": 1\n')
        assert [(p.line, p.column, p.message) for p in problems] == [
            (1, 7, f"{refused}, here written as an escape"),
            (3, 1, f"{refused}, here in a key"),
        ]
        assert doc is not None and doc.value == {"name": None, "ok": "fine"}
    doc, problems = load_text("f.yaml", 'name: "tab\\tand \\u00e9 \\U0001F600 \\uFFFD"\n')
    assert problems == [] and doc is not None and doc.value["name"] == "tab\tand é 😀 \ufffd"
