"""Throwaway copies of the project, for tests and benchmarks, and synthetic provider files
(valid, varied, deterministic) to make them large."""

from __future__ import annotations

import io
import os
import random
import shutil
import subprocess
from pathlib import Path

from gpustorage.inputs.model import Fact

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"
PROJECT_PARTS = ("mkdocs.yml", "docs", "data", "hooks", "overrides", "schema")
KINDS = ["network_volume", "block_volume", "shared_filesystem", "object_storage", "persistent_home"]
ANSWERS = ['"yes"', '"no"', "partial", "unknown"]
BINDINGS = ["machine", "datacenter", "zone", "region", "global", "unknown"]
FACTS = [fact.value for fact in Fact]
EGRESS_FEE = "\n      currency: USD\n      per: GB\n      amount: 0.01\n      included_gb: 100"
HEADER = "# yaml-language-server: $schema=../../schema/provider.schema.json\n"


def _offering(rng: random.Random, number: int) -> str:
    tiered = rng.random() < 0.3
    amount = round(rng.uniform(0.01, 0.3), 3)
    tiers = (
        f"        - {{up_to: 1000, amount: {amount}}}\n        - {{amount: {round(amount * 0.7, 3)}}}\n"
        if tiered
        else f"        - {{amount: {amount}}}\n"
    )
    currency = rng.choice(["USD", "USD", "EUR"])
    unit = rng.choice(["GB-month", "GiB-month"])
    price = (
        "unknown"
        if rng.random() < 0.2
        else f"\n      currency: {currency}\n      unit: {unit}\n      basis: list"
        f"\n      tiers:\n{tiers.rstrip()}"
    )
    egress = rng.choice(["free", "unknown", "varies", EGRESS_FEE])
    # the source's words for every fact, as real data carries them (issue #20: a quote per value)
    quotes = "\n".join(f'          {fact}: "Synthetic storage {number} states its {fact}."' for fact in FACTS)
    kind = rng.choice(KINDS)
    # an object store is attached to no machine: these two follow from its kind (data/README.md)
    attached = ["not_applicable"] if kind == "object_storage" else ANSWERS
    return f"""  - kind: {kind}
    product: Synthetic storage {number}
    price: {price}
    billed_while_detached: {rng.choice(attached)}
    region_binding: {rng.choice(BINDINGS)}
    throughput: "{rng.randint(100, 5000)} MB/s"
    max_size: {rng.choice([1, 4, 10, 16])} TB
    snapshots: {rng.choice(ANSWERS)}
    multi_attach: {rng.choice(attached)}
    spot_usable: {rng.choice(ANSWERS)}
    egress: {egress}
    sources:
      - url: https://example.com/provider/{number}
        seen: 2026-{rng.randint(1, 11):02d}-{rng.randint(1, 28):02d}
        covers: [{", ".join(FACTS)}]
        quote:
{quotes}
"""


def write_providers(directory: Path, count: int, seed: int = 1, offerings: tuple[int, int] = (1, 3)) -> None:
    """Replace the provider files in `directory` with `count` synthetic ones, each with between
    `offerings[0]` and `offerings[1]` offerings (at most 9)."""
    assert 1 <= offerings[0] <= offerings[1] <= 9, offerings  # product numbers are index * 10 + n
    rng = random.Random(seed)
    directory.mkdir(parents=True, exist_ok=True)
    for old in directory.glob("*.yaml"):
        old.unlink()
    for index in range(count):
        products = "".join(_offering(rng, index * 10 + n) for n in range(rng.randint(*offerings)))
        text = f"{HEADER}name: Synthetic Cloud {index:04d}\nwebsite: https://example.com/{index}\nofferings:\n{products}"
        (directory / f"synthetic-{index:04d}.yaml").write_text(text, encoding="utf-8")


def use_fixture_data(project: Path) -> Path:
    """Replace a project copy's providers and exchange rates with the test fixtures (tests/fixtures),
    whose values tests may rely on: the real data can change with any pull request."""
    providers = project / "data" / "providers"
    shutil.rmtree(providers)
    shutil.copytree(FIXTURES / "providers", providers)
    shutil.copy2(FIXTURES / "exchange-rates.yaml", project / "data" / "exchange-rates.yaml")
    return project


def copy_project(target: Path, providers: int | None = None) -> Path:
    """The project's sources (no virtual environment, no build output) at `target`, its providers
    replaced by `providers` synthetic ones when asked."""
    target.mkdir(parents=True)
    for part in PROJECT_PARTS:
        source = ROOT / part
        if source.is_dir():
            shutil.copytree(source, target / part, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, target / part)
    if providers is not None:
        write_providers(target / "data" / "providers", providers)
    return target


# ---- git history --------------------------------------------------------------------------------------

GIT_IDENTITY = {
    "GIT_AUTHOR_NAME": "Fixture Author",
    "GIT_AUTHOR_EMAIL": "author@example.org",
    "GIT_COMMITTER_NAME": "Fixture Author",
    "GIT_COMMITTER_EMAIL": "author@example.org",
    "GIT_CONFIG_GLOBAL": os.devnull,  # no user settings (signing, hooks, default branch) take part
    "GIT_CONFIG_NOSYSTEM": "1",
}


def git(directory: Path, *args: str, date: str | None = None, stdin: bytes | None = None) -> str:
    """Run git in `directory` with a fixed identity (and commit date, when given)."""
    env = {**os.environ, **GIT_IDENTITY}
    if date:
        env.update(GIT_AUTHOR_DATE=date, GIT_COMMITTER_DATE=date)
    result = subprocess.run(
        ["git", "-c", "init.defaultBranch=main", *args],
        cwd=directory,
        env=env,
        input=stdin,
        capture_output=True,
        check=True,
    )
    return result.stdout.decode("utf-8")


def commit_all(project: Path, message: str, date: str) -> str:
    """Commit every file of the work tree; returns the commit id."""
    git(project, "add", "--all")
    git(project, "commit", "--quiet", "--allow-empty", "-m", message, date=date)
    return git(project, "rev-parse", "HEAD").strip()


_HISTORY_PROVIDER = """\
# yaml-language-server: $schema=../../schema/provider.schema.json
name: Synthetic Cloud {index:04d}
website: https://example.com/{index}
offerings:
  - kind: network_volume
    product: Synthetic volume {index}
    price:
      currency: USD
      unit: GB-month
      basis: list
      tiers:
        - {{up_to: 1000, amount: {amount}}}
        - {{amount: 0.05}}
    billed_while_detached: "{billed}"
    region_binding: datacenter
    throughput: "{throughput} MB/s"
    max_size: 4 TB
    snapshots: unknown
    multi_attach: "no"
    spot_usable: unknown
    egress: free
    regions: [EX-1, EX-2]
    sources:
      - url: https://example.com/provider/{index}
        seen: 2026-07-20
        covers: [{covers}]
"""


def write_history_repository(target: Path, commits: int = 1000, files: int = 40) -> Path:
    """A git repository whose data/providers holds `files` synthetic providers, changed over `commits`
    commits (the first adds them all; each later one changes a price, an answer or a throughput in one
    file), written by one `git fast-import`."""
    target.mkdir(parents=True)
    git(target, "init", "--quiet")
    state = {index: {"amount": 0.07, "billed": "yes", "throughput": 200} for index in range(files)}

    def blob(index: int) -> bytes:
        return _HISTORY_PROVIDER.format(index=index, covers=", ".join(FACTS), **state[index]).encode()

    def data(payload: bytes) -> bytes:
        return b"data %d\n%s\n" % (len(payload), payload)

    stream = io.BytesIO()
    start = 1767225600  # 2026-01-01
    for number in range(commits):
        changed = range(files) if number == 0 else [number % files]
        if number:
            values = state[number % files]
            field = ("amount", "billed", "throughput")[number % 3]
            if field == "amount":
                values["amount"] = round(0.01 + number / 100000, 5)
            elif field == "billed":
                values["billed"] = "no" if values["billed"] == "yes" else "yes"
            else:
                values["throughput"] = int(values["throughput"]) + 10
        stream.write(b"commit refs/heads/main\n")
        stream.write(b"committer Bench <bench@example.org> %d +0000\n" % (start + number * 3600))
        stream.write(data(b"change %d" % number))
        for index in changed:
            stream.write(b"M 100644 inline data/providers/synthetic-%04d.yaml\n" % index)
            stream.write(data(blob(index)))
        stream.write(b"\n")
    git(target, "fast-import", "--quiet", stdin=stream.getvalue())
    git(target, "reset", "--quiet", "--hard", "main")
    return target
