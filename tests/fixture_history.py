"""The fixture project's git history: seven dated commits that end in exactly the fixture files.

1. 2026-01-10 "Initial data": Alpha Volume at a flat 0.08 USD, Alpha Archive (removed later), no
   Alpha Buckets yet; Gamma as gamma.yaml with Gamma Files' multi-attach unknown; beta-cloud.yaml
   written in another style; Epsilon Cloud (removed later).
2. 2026-03-02 "Alpha Volume tiered, Alpha Scratch an example; Gamma Files multi-attach": a price
   change, a price that only becomes an example (the same amount, now for AL-1 rather than a price
   list), and an answer changed in a file that is renamed later.
3. 2026-04-01 "Alpha Buckets": a new offering.
4. 2026-05-04 "Alpha Archive and Epsilon Cloud gone": a removed offering, a removed provider.
5. 2026-06-01 "gamma.yaml is gamma-cloud.yaml": a renamed file.
6. 2026-07-01 "Tidy beta-cloud.yaml": formatting and comments only.
7. 2026-08-03 "German data page wording": a change to a page of the German guide only (docs/de/data.md:
   its translations become outdated).

Tests state their expectations from this list; the history is built with fixed dates and identity,
so every copy has the same commit ids.
"""

from __future__ import annotations

from pathlib import Path

from projects import commit_all, git

PROVIDERS = Path("data", "providers")

ALPHA_TIERS = "      tiers:\n        - {up_to: 1000, amount: 0.07}\n        - {amount: 0.05}\n"
ALPHA_FLAT = "      tiers:\n        - {amount: 0.08}\n"
# Alpha Scratch's price: a list price at first, then the same amount as an example for AL-1
SCRATCH_EXAMPLE = (
    "      basis: example\n      example_of: {de: Region AL-1, zh: AL-1 区域, ro: regiunea AL-1}\n"
)
SCRATCH_LIST = "      basis: list\n"
ALPHA_ARCHIVE = """\
  - kind: object_storage
    product: Alpha Archive
    price: unknown
    billed_while_detached: unknown
    region_binding: unknown
    throughput: unknown
    max_size: unknown
    snapshots: unknown
    multi_attach: unknown
    spot_usable: unknown
    egress: unknown
    sources:
      - url: https://alpha.example.com/docs/archive
        seen: 2026-01-05
"""
EPSILON = """\
# yaml-language-server: $schema=../../schema/provider.schema.json
name: Epsilon Cloud
website: https://epsilon.example.com
no_persistent_storage:
  - url: https://epsilon.example.com/docs
    seen: 2026-01-05
"""
# the same values as tests/fixtures/providers/beta-cloud.yaml, written another way
BETA_STYLE = [
    ("# Fixture: an hourly GB price", "# An early version of the fixture: an hourly GB price"),
    (
        "      tiers:\n        - {amount: 0.0001}\n      idle_tiers:\n        - {amount: 0.0002}\n",
        "      tiers: [{amount: 0.00010}]\n      idle_tiers: [{amount: 2.0e-4}]\n",
    ),
    ('throughput: "1,000 MiB/s per volume"', "throughput: 1,000 MiB/s per volume  # as the page says"),
    ('multi_attach: "no"', "multi_attach: 'no'"),
]
GUIDE_PAGE = Path("docs", "de", "data.md")
GUIDE_BEFORE, GUIDE_AFTER = "Korrekturen sind willkommen", "Korrekturen sind jederzeit willkommen"
DATES = {
    "initial": "2026-01-10T09:00:00+00:00",
    "price": "2026-03-02T10:30:00+00:00",
    "offering_added": "2026-04-01T08:00:00+00:00",
    "removed": "2026-05-04T12:00:00+00:00",
    "renamed": "2026-06-01T07:15:00+00:00",
    "formatting": "2026-07-01T16:45:00+00:00",
    "guide": "2026-08-03T11:00:00+00:00",
}


MESSAGES = {
    "initial": "Initial data",
    "price": "Alpha Volume tiered, Alpha Scratch an example; Gamma Files multi-attach",
    "offering_added": "Alpha Buckets",
    "removed": "Alpha Archive and Epsilon Cloud gone",
    "renamed": "gamma.yaml is gamma-cloud.yaml",
    "formatting": "Tidy beta-cloud.yaml",
    "guide": "German data page wording",
}


def _replace(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, f"the fixture changed: {old!r} is not in it once"
    return text.replace(old, new)


def _offering_block(text: str, product: str) -> str:
    """The YAML block of one offering (from its '  - kind:' line to the next one or the end)."""
    start = text.rindex("  - kind:", 0, text.index(f"product: {product}"))
    end = text.find("\n  - kind:", start + 1)
    return text[start : end + 1 if end != -1 else len(text)]


def _commit(project: Path, step: str) -> str:
    return commit_all(project, MESSAGES[step], DATES[step])


def use_fixture_history(project: Path) -> dict[str, str]:
    """Turn a project holding the fixture data into a git repository whose history ends in it;
    returns each step's commit id by its name in DATES."""
    providers = project / PROVIDERS
    final = {path.name: path.read_text(encoding="utf-8") for path in providers.glob("*.yaml")}
    guide = project / GUIDE_PAGE
    guide_final = _replace(guide.read_text(encoding="utf-8"), GUIDE_BEFORE, GUIDE_AFTER)
    alpha = final["alpha-cloud.yaml"]
    buckets = _offering_block(alpha, "Alpha Buckets")
    alpha_tiered = alpha.replace(buckets, "")  # step 2: tiered price, no buckets yet
    alpha_initial = _replace(alpha_tiered, ALPHA_TIERS, ALPHA_FLAT) + ALPHA_ARCHIVE
    alpha_initial = _replace(alpha_initial, SCRATCH_EXAMPLE, SCRATCH_LIST)
    beta_initial = final["beta-cloud.yaml"]
    for old, new in BETA_STYLE:
        beta_initial = _replace(beta_initial, old, new)
    gamma = final["gamma-cloud.yaml"]
    files = _offering_block(gamma, "Gamma Files")
    gamma_initial = gamma.replace(files, _replace(files, 'multi_attach: "yes"', "multi_attach: unknown"))

    def write(name: str, text: str) -> None:
        (providers / name).write_text(text, encoding="utf-8")

    commits = {}
    (providers / "gamma-cloud.yaml").unlink()
    write("gamma.yaml", gamma_initial)
    write("alpha-cloud.yaml", alpha_initial)
    write("beta-cloud.yaml", beta_initial)
    write("epsilon-cloud.yaml", EPSILON)
    git(project, "init", "--quiet")
    commits["initial"] = _commit(project, "initial")
    write("alpha-cloud.yaml", alpha_tiered + ALPHA_ARCHIVE)
    write("gamma.yaml", gamma)
    commits["price"] = _commit(project, "price")
    write("alpha-cloud.yaml", alpha + ALPHA_ARCHIVE)  # the final file ends with Alpha Buckets
    commits["offering_added"] = _commit(project, "offering_added")
    write("alpha-cloud.yaml", alpha)
    (providers / "epsilon-cloud.yaml").unlink()
    commits["removed"] = _commit(project, "removed")
    git(project, "mv", str(PROVIDERS / "gamma.yaml"), str(PROVIDERS / "gamma-cloud.yaml"))
    commits["renamed"] = _commit(project, "renamed")
    write("beta-cloud.yaml", final["beta-cloud.yaml"])
    commits["formatting"] = _commit(project, "formatting")
    guide.write_text(guide_final, encoding="utf-8")
    commits["guide"] = _commit(project, "guide")
    assert {p.name: p.read_text(encoding="utf-8") for p in providers.glob("*.yaml")} == final
    assert git(project, "status", "--porcelain") == ""
    return commits


def clone(source: Path, target: Path, depth: int | None = None) -> Path:
    """A clone of a local repository (`depth`: a shallow one, as CI checks out by default)."""
    shallow = ["--depth", str(depth)] if depth else []
    git(target.parent, "clone", "--quiet", *shallow, f"file://{source}", str(target))
    return target


def commit_ids(project: Path) -> dict[str, str]:
    """Each step's commit id in a repository made by use_fixture_history (or a clone of one)."""
    steps = {message: step for step, message in MESSAGES.items()}
    lines = git(project, "log", "--format=%H %s").splitlines()
    return {steps[subject]: sha for sha, subject in (line.split(" ", 1) for line in lines)}
