"""The data's history from git (tests/fixture_history.py): changes read once from the whole log,
shown on provider pages and the changes page in each language, and published as history.json."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import replace
from pathlib import Path
from urllib.parse import urljoin

import jsonschema
import markdown
import pytest
from bs4 import BeautifulSoup
from conftest import (
    BUILD_DATE,
    LANGUAGE_PREFIX,
    LANGUAGES,
    REPOSITORY,
    Build,
    changes_reading_the_same,
    copy_project,
    provider_markdown,
)
from fixture_history import DATES, PROVIDERS, clone, commit_ids

from gpustorage import SiteBuild, build_site
from gpustorage.figures.history import Change, History, read_history
from gpustorage.inputs.model import Answer, Fact, Price
from gpustorage.output.export import history_json, schema_files
from gpustorage.pages.transform import history_view, value_text, worded_value
from projects import commit_all, git

MERGED = "2026-09-03T10:00:00+00:00"


@pytest.fixture(scope="module")
def history(fixture_project: Path) -> History:
    return read_history(fixture_project, BUILD_DATE)


@pytest.fixture(scope="module")
def commits(fixture_project: Path) -> dict[str, str]:
    return commit_ids(fixture_project)


def when(step: str) -> dt.datetime:
    return dt.datetime.fromisoformat(DATES[step]).astimezone(dt.UTC)


def summary(history: History) -> list[tuple[str, str, str, str | None, str | None]]:
    return [(c.commit, c.kind, c.provider, c.offering, c.fact) for c in history.changes]


def test_every_change_is_read_newest_first(history: History, commits: dict[str, str]) -> None:
    assert history.available and history.reason is None
    assert summary(history) == [
        (commits["renamed"], "provider_renamed", "gamma-cloud", None, None),
        (commits["removed"], "offering_removed", "alpha-cloud", "Alpha Archive", None),
        (commits["removed"], "provider_removed", "epsilon-cloud", None, None),
        (commits["offering_added"], "offering_added", "alpha-cloud", "Alpha Buckets", None),
        (commits["price"], "changed", "alpha-cloud", "Alpha Volume", Fact.price),
        (commits["price"], "changed", "alpha-cloud", "Alpha Scratch", Fact.price),
        (commits["price"], "changed", "gamma-cloud", "Gamma Files", Fact.multi_attach),
        *(
            (commits["initial"], "provider_added", provider, None, None)
            for provider in ("alpha-cloud", "beta-cloud", "delta-cloud", "epsilon-cloud", "gamma-cloud")
        ),
    ]
    dates = [change.date for change in history.changes]
    assert dates == sorted(dates, reverse=True)


def price_change(changes: tuple[Change, ...], offering: str) -> Change:
    (change,) = [c for c in changes if c.fact is Fact.price and c.offering == offering]
    return change


def test_a_price_change_holds_both_values_and_its_commit(history: History, commits: dict[str, str]) -> None:
    change = price_change(history.changes, "Alpha Volume")
    assert change.date == when("price")
    assert isinstance(change.old, Price) and isinstance(change.new, Price)
    assert [(t.up_to, t.amount) for t in change.old.tiers] == [(None, 0.08)]
    assert [(t.up_to, t.amount) for t in change.new.tiers] == [(1000, 0.07), (None, 0.05)]
    assert change.provider_name == "Alpha Cloud" and change.file == "data/providers/alpha-cloud.yaml"


def test_a_renamed_file_keeps_its_history_under_the_new_id(history: History) -> None:
    gamma = history.of("gamma-cloud")
    assert [c.kind for c in gamma] == ["provider_renamed", "changed", "provider_added"]
    renamed, answer, added = gamma
    assert renamed.previous_file == "data/providers/gamma.yaml"
    assert renamed.file == "data/providers/gamma-cloud.yaml"
    assert answer.file == added.file == "data/providers/gamma.yaml"  # the name it had then
    assert (answer.old, answer.new) == (Answer.unknown, Answer.yes)
    assert history.of("gamma") == []


def test_formatting_comments_and_prose_commits_change_nothing(
    history: History, commits: dict[str, str]
) -> None:
    changed_by = {change.commit for change in history.changes}
    assert commits["formatting"] not in changed_by  # beta-cloud.yaml rewritten in another style
    assert commits["guide"] not in changed_by  # docs only
    assert [change.kind for change in history.of("beta-cloud")] == ["provider_added"]


def test_an_invalid_version_in_between_is_skipped(fixture_project: Path, tmp_path: Path) -> None:
    """A file broken in one commit and repaired in the next: one change, from the last valid version."""
    project = clone(fixture_project, tmp_path / "project")
    alpha = project / PROVIDERS / "alpha-cloud.yaml"
    valid = alpha.read_text(encoding="utf-8")
    alpha.write_text(valid.replace("egress: free", "egres: free"), encoding="utf-8")
    commit_all(project, "Broken", "2026-09-01T10:00:00+00:00")
    alpha.write_text(valid.replace('spot_usable: "yes"', 'spot_usable: "no"'), encoding="utf-8")
    repaired = commit_all(project, "Repaired", "2026-09-02T10:00:00+00:00")
    newest = read_history(project).changes[0]
    assert (newest.commit, newest.kind, newest.fact) == (repaired, "changed", Fact.spot_usable)
    assert read_history(project).changes[1].kind == "provider_renamed"  # nothing from the broken one


def test_an_example_once_worded_in_english_alone_is_read_and_its_rewording_changes_nothing(
    fixture_project: Path, tmp_path: Path
) -> None:
    """Issue #29: what an example price is for was one English text before it was worded in every
    language. Such a version is still read (not skipped), and the commit that words it per language
    changes no value; a price change beside it is still one."""
    project = clone(fixture_project, tmp_path / "project")
    alpha = project / PROVIDERS / "alpha-cloud.yaml"
    present = alpha.read_text(encoding="utf-8")
    localized = "example_of: {de: Region AL-1, zh: AL-1 区域, ro: regiunea AL-1}"
    assert localized in present
    alpha.write_text(present.replace(localized, "example_of: AL-1"), encoding="utf-8")
    english = commit_all(project, "Example in English", "2026-09-01T10:00:00+00:00")
    alpha.write_text(present.replace("{amount: 0.0001}", "{amount: 0.0002}"), encoding="utf-8")
    reworded = commit_all(project, "Example in every language", "2026-09-02T10:00:00+00:00")
    history = read_history(project)
    assert history.skipped == ()
    changes = [(c.commit, c.kind, c.fact) for c in history.changes]
    assert (english, "changed", Fact.price) not in changes
    assert changes[0] == (reworded, "changed", Fact.price)  # the amount, not the words
    assert [c.commit for c in history.changes].count(reworded) == 1


def test_a_merged_pull_request_shows_what_main_held(fixture_project: Path, tmp_path: Path) -> None:
    """A pull request merged with a merge commit (GitHub's default), its commit older than one on
    main: the history follows main commit by commit and ends in exactly the current values."""
    project = clone(fixture_project, tmp_path / "project")
    alpha = project / PROVIDERS / "alpha-cloud.yaml"
    before = alpha.read_text(encoding="utf-8")
    git(project, "checkout", "--quiet", "-b", "pull-request")
    alpha.write_text(before.replace("amount: 0.07", "amount: 0.09"), encoding="utf-8")
    commit_all(project, "Alpha Volume 0.09", "2026-09-01T10:00:00+00:00")
    git(project, "checkout", "--quiet", "main")
    alpha.write_text(before.replace('spot_usable: "yes"', 'spot_usable: "no"'), encoding="utf-8")
    on_main = commit_all(project, "Alpha Volume not for spot", "2026-09-02T10:00:00+00:00")
    git(project, "merge", "--quiet", "--no-ff", "-m", "Merge pull request", "pull-request", date=MERGED)
    merge = git(project, "rev-parse", "HEAD").strip()
    history = read_history(project)
    newest = [(c.commit, c.fact, c.old, c.new) for c in history.changes[:2]]
    assert newest[1] == (on_main, Fact.spot_usable, Answer.yes, Answer.no)
    assert newest[0][:2] == (merge, Fact.price)
    assert [tier.amount for tier in newest[0][2].tiers] == [0.07, 0.05]
    assert [tier.amount for tier in newest[0][3].tiers] == [0.09, 0.05]  # what the file says now
    assert [c.commit for c in history.changes].count(merge) == 1


def test_a_shallow_clone_or_a_copy_outside_git_has_no_history(fixture_project: Path, tmp_path: Path) -> None:
    shallow = clone(fixture_project, tmp_path / "shallow", depth=1)
    assert read_history(shallow) == History(available=False, reason="shallow")
    assert read_history(copy_project(tmp_path / "copy")) == History(available=False, reason="no_repository")


def history_items(text: str) -> list[BeautifulSoup]:
    html = BeautifulSoup(markdown.markdown(text, extensions=["attr_list"]), "html.parser")
    return html.select("ul.gs-history li")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_provider_pages_word_the_history_in_their_language(
    fixture_build: SiteBuild, commits: dict[str, str], lang: str
) -> None:
    view = fixture_build.views[lang]
    alpha = next(provider for provider in view.providers if provider.id == "alpha-cloud")
    items = history_items(provider_markdown(view, alpha))
    assert [item["data-change"] for item in items] == [
        "offering_removed",
        "offering_added",
        "changed",
        "changed",
        "provider_added",
    ]
    price = items[2]
    change = price_change(fixture_build.history.changes, "Alpha Volume")
    assert price.select_one("del").get_text() == value_text(
        Fact.price, change.old, view.t, fixture_build.dataset.rates
    )
    assert price.select_one("ins").get_text() == value_text(
        Fact.price, change.new, view.t, fixture_build.dataset.rates
    )
    assert view.t.money(0.08, "USD") in price.select_one("del").get_text()  # the page's number format
    assert price.select_one("time")["datetime"] == "2026-03-02"
    assert price.select_one("time").get_text() == view.t.date(dt.date(2026, 3, 2))
    assert price.select_one("a")["href"] == f"{REPOSITORY}/commit/{commits['price']}"
    assert view.t("column.price") in price.get_text()
    assert items[0].get_text().count(view.t("history.offering_removed")) == 1


# what Alpha Scratch's example price is for, as the fixture words it in each language
AL_1 = {"de": "Region AL-1", "zh": "AL-1 区域", "ro": "regiunea AL-1"}


def test_a_price_that_only_becomes_an_example_keeps_its_amount(history: History) -> None:
    change = price_change(history.changes, "Alpha Scratch")
    assert isinstance(change.old, Price) and isinstance(change.new, Price)
    assert (change.old.basis, change.old.example_of) == ("list", None)
    assert (change.new.basis, change.new.example_of) == ("example", AL_1)
    assert change.old.model_copy(update={"basis": "example", "example_of": AL_1}) == change.new


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_change_that_reads_the_same_before_and_after_says_what_changed(
    site: Build, fixture_build: SiteBuild, lang: str
) -> None:
    """Alpha Scratch's price became an example for AL-1 at the same amount: every wording of the
    value reads as before, so the entry shows it once and says what changed, on the changes page and
    on the provider's page."""
    view, rates = fixture_build.views[lang], fixture_build.dataset.rates
    t = view.t
    change = price_change(fixture_build.history.changes, "Alpha Scratch")
    value = worded_value(Fact.price, change.new, t, rates)
    assert worded_value(Fact.price, change.old, t, rates) == value
    expected = t(
        "history.with_difference",
        change=t("text.labelled", label=t("column.price"), text=value.plain(t)),
        difference=t("history.now_example", case=AL_1[lang]),
    )
    changes = site.page(f"{LANGUAGE_PREFIX[lang]}changes/").select("ul.gs-history li")
    alpha = next(provider for provider in view.providers if provider.id == "alpha-cloud")
    on_page = history_items(provider_markdown(view, alpha))
    for items in (changes, on_page):
        (item,) = [item for item in items if "Alpha Scratch" in item.get_text()]
        assert f"Alpha Scratch · {expected} · " in item.get_text()
        assert not item.select("del, ins")  # no value struck out for the same one
        assert item.select_one(".gs-data-text").get_text() == AL_1[lang]
        assert item.select_one(".gs-data-text")["lang"] == lang  # the data's words, in their language


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_change_reads_the_same_before_and_after(site: Build, lang: str) -> None:
    assert changes_reading_the_same(site.page(f"{LANGUAGE_PREFIX[lang]}changes/")) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_built_site_shows_history_and_changes(site: Build, fixture_build: SiteBuild, lang: str) -> None:
    ui = fixture_build.dataset.strings[lang].ui
    prefix = LANGUAGE_PREFIX[lang]
    gamma = site.page(f"{prefix}providers/gamma-cloud/")
    assert gamma.select_one("h2#history").get_text(strip=True) == ui["history.title"]
    assert [li["data-change"] for li in gamma.select("ul.gs-history li")] == [
        "provider_renamed",
        "changed",
        "provider_added",
    ]
    assert "gamma.yaml" in gamma.select_one("ul.gs-history li").get_text()
    here = f"/{prefix}changes/"
    changes = site.page(here.lstrip("/"))
    items = changes.select("ul.gs-history li")
    assert len(items) == len(fixture_build.history.changes) == 12
    for item in items:
        for link in item.select("a[href]:not([rel])"):  # provider links lead to provider pages
            target = urljoin(here, link["href"]).split("#")[0]
            assert (site.site / target.lstrip("/") / "index.html").is_file(), target
    epsilon = [item for item in items if "Epsilon Cloud" in item.get_text()]
    assert len(epsilon) == 2 and not any(item.select("a:not([rel])") for item in epsilon)  # no page left


def test_history_json_follows_its_schema(site: Build, history: History, commits: dict[str, str]) -> None:
    api = site.site / "api" / "v1"
    published = json.loads((api / "history.json").read_text(encoding="utf-8"))
    schema = json.loads((api / "history.schema.json").read_text(encoding="utf-8"))
    assert schema == json.loads(schema_files()["history.schema.json"])
    jsonschema.Draft202012Validator(schema).validate(published)
    assert published["available"] is True and len(published["changes"]) == len(history.changes)
    price = next(c for c in published["changes"] if c["fact"] == "price")
    assert price["commit"] == commits["price"] and price["url"].endswith(f"/commit/{commits['price']}")
    assert price["date"] == "2026-03-02T10:30:00Z"
    assert price["old"]["tiers"] == [{"up_to": None, "amount": 0.08}]
    assert price["new"]["tiers"][0] == {"up_to": 1000.0, "amount": 0.07}
    renamed = published["changes"][0]
    assert (renamed["change"], renamed["previous_file"]) == ("provider_renamed", "data/providers/gamma.yaml")


def test_without_history_pages_say_so_in_their_language(fixture_project: Path, tmp_path: Path) -> None:
    shallow = clone(fixture_project, tmp_path / "shallow", depth=1)
    built = build_site(shallow, list(LANGUAGES), BUILD_DATE, REPOSITORY)
    for lang, view in built.views.items():
        ui = built.dataset.strings[lang].ui
        alpha = next(provider for provider in view.providers if provider.id == "alpha-cloud")
        page = BeautifulSoup(markdown.markdown(provider_markdown(view, alpha)), "html.parser")
        notice = page.select_one(".gs-history-unavailable").get_text()
        assert notice == ui["history.unavailable"].format(reason=ui["history.reason.shallow"])
    record = history_json(built.history, BUILD_DATE, REPOSITORY).model_dump(mode="json")
    assert (record["available"], record["unavailable_reason"], record["changes"]) == (False, "shallow", [])


def test_history_text_from_data_is_escaped(fixture_build: SiteBuild) -> None:
    hostile = "<script>alert(1)</script> [x](javascript:alert(1))"
    change = Change(
        commit="0" * 40,
        date=dt.datetime(2026, 1, 1, tzinfo=dt.UTC),
        kind="changed",
        provider="alpha-cloud",
        provider_name=hostile,
        file="data/providers/alpha-cloud.yaml",
        offering=hostile,
        fact=Fact.throughput,
        old=hostile,
        new="1 GB/s",
    )
    view = fixture_build.views["de"]
    worded = history_view(
        History(available=True, changes=(change,)), view.t, {}, REPOSITORY, fixture_build.dataset.rates
    )
    hostile_view = replace(view, history=worded)
    items = history_items(
        provider_markdown(hostile_view, next(p for p in view.providers if p.id == "alpha-cloud"))
    )
    assert len(items) == 1
    assert not items[0].select("script") and all(
        a["href"].startswith(REPOSITORY) for a in items[0].select("a")
    )
    assert "<script>" in items[0].get_text()
