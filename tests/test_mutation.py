"""Correcting data never fails a code test: a few real values are changed in a copy of the project,
and the tests that read the real data (test_real_data.py) run on that copy."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from conftest import ROOT, copy_project


def _change(file: Path, pattern: str, replacement: str) -> None:
    text = file.read_text(encoding="utf-8")
    changed, count = re.subn(pattern, replacement, text, count=1, flags=re.MULTILINE)
    assert count == 1, f"{file.name}: nothing matched {pattern!r}"
    file.write_text(changed, encoding="utf-8")


def test_changed_real_values_keep_the_data_tests_green(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    providers = sorted((project / "data" / "providers").glob("*.yaml"))
    # a price, an answer, a size and a date, in the first files that have them
    amounts = next(f for f in providers if re.search(r"amount: [0-9.]+", f.read_text(encoding="utf-8")))
    _change(amounts, r"amount: ([0-9.]+)", "amount: 0.0123")
    answers = next(
        f for f in providers if re.search(r'^    multi_attach: "yes"', f.read_text(encoding="utf-8"), re.M)
    )
    _change(answers, r'^    multi_attach: "yes"', '    multi_attach: "no"')
    sizes = next(f for f in providers if re.search(r"^    max_size: \d", f.read_text(encoding="utf-8"), re.M))
    _change(sizes, r"^    max_size: .*$", "    max_size: 123 TiB")
    _change(providers[-1], r"seen: \d{4}-\d{2}-\d{2}", "seen: 2026-11-01")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            str(ROOT / "tests" / "test_real_data.py"),
        ],
        cwd=ROOT,
        env={**os.environ, "GS_DATA_ROOT": str(project)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert " passed" in result.stdout
