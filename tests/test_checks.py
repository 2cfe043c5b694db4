"""The checks across files (crosscheck.CHECKS): `python -m gpustorage checks` lists them all."""

from __future__ import annotations

import re
import subprocess
import sys

from conftest import ROOT

from gpustorage.crosscheck import CHECKS

BY_NAME = {check.name: check for check in CHECKS}


def test_checks_are_an_immutable_list_of_distinct_names_each_described_in_one_line() -> None:
    assert isinstance(CHECKS, tuple)
    assert len(BY_NAME) == len(CHECKS)
    for check in CHECKS:
        assert re.fullmatch(r"[a-z]+(-[a-z]+)*", check.name), check.name
        assert check.description and "\n" not in check.description and len(check.description) <= 100


def test_the_command_line_lists_every_check_with_its_description() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "gpustorage", "checks"],
        cwd=ROOT / "hooks",
        capture_output=True,
        text=True,
        check=True,
    )
    lines = result.stdout.splitlines()
    assert [line.split()[0] for line in lines] == [check.name for check in CHECKS]
    for line, check in zip(lines, CHECKS, strict=True):
        assert line.endswith(f"  {check.description}")
