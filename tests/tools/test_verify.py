"""verify: every source page fetched and each quote looked for, against a local HTTP server (tests never
reach the web: `--via-loopback` asks 127.0.0.1 for each https:// address, its host in the Host
header, and every rule of real runs still applies). One page per case: a quote present, moved within
its page, gone, its number changed; a 404, a redirect to another host, a redirect to http, a timeout,
a page over the size cap, pages in GBK and windows-1252, a page that needs JavaScript; redirects to
names only a local network answers, a name whose address is not public, headers and a body that drip in
past the page's deadline, and a run that ends by its own."""

from __future__ import annotations

import contextlib
import datetime as dt
import http.server
import ipaddress
import json
import re
import shutil
import socket
import threading
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import yaml
from conftest import BUILD_DATE, ROOT
from test_review_comment import REFERENCES, github_html, list_items, text_outside_code
from test_workflows import publish

from gpustorage import __main__ as gpustorage_main
from gpustorage.__main__ import main
from gpustorage.inputs.settings import repository
from gpustorage.tools import verify_fetch
from gpustorage.tools.review import COMMENT_LIMIT, comment_length
from gpustorage.tools.verify_checked_dates import CheckedDateError, with_checked_dates
from gpustorage.tools.verify_fetch import Deadline, FetchError, HttpsTransport, Limits, LoopbackTransport
from gpustorage.tools.verify_page_text import closest_passage, holds, page_text

QUOTE = "Network volumes are billed at $0.07 per GB per month"
# text enough for a page to show text of its own (page_text.MIN_TEXT_CHARACTERS)
FILLER = "<p>" + "Our storage keeps your data between sessions and across machines. " * 4 + "</p>"
# generous: on a busy machine even the loopback answers late; only the slow page may take longer
TIMEOUT = 4.0
# the slow page's own run (slow_result): it answers after 4 × TIMEOUT, so a run that waits TIMEOUT for it
# waits for nothing else; its own short timeout saves the suite those seconds
SLOW_TIMEOUT = 0.5
DRIP, DRIP_FOR = 0.05, 20.0  # a dripping page's pace, and how long it drips at the most
EPOCH = str(int(dt.datetime.combine(BUILD_DATE, dt.time(12), tzinfo=dt.UTC).timestamp()))


def html(body: str, head: str = "") -> bytes:
    return (
        f"<!doctype html><html><head>{head}<title>Pricing</title></head><body>{body}</body></html>".encode()
    )


@dataclass(frozen=True)
class Page:
    body: bytes = b""
    status: int = 200
    headers: tuple[tuple[str, str], ...] = (("Content-Type", "text/html; charset=utf-8"),)
    delay: float = 0.0
    drip: str = ""  # "headers" or "body": sent a byte at a time, each well within a socket's timeout


def redirect(location: str, status: int = 301) -> Page:
    return Page(status=status, headers=(("Location", location),))


CHINESE = "云硬盘每GB每月0.5元，按小时计费"
FRENCH = "0,05 € par Go et par mois – sans frais de sortie"
JAVASCRIPT_APP = html(
    '<div id="root"></div><script src="/app.js"></script>'
    "<noscript>You need to enable JavaScript to run this app.</noscript>"
)
PAGES = {
    ("docs.example.com", "/present"): Page(
        html(f"<h1>Storage</h1><p>{QUOTE}, billed by the hour.</p>{FILLER}")
    ),
    ("docs.example.com", "/moved-within"): Page(
        html(
            f"{FILLER}<table><tr><td>Network volumes</td>"
            "<td>are billed at <b>$0.07</b> per GB per month</td></tr></table>"
        )
    ),
    ("docs.example.com", "/gone"): Page(html(f"{FILLER}<p>Block storage is sold in bundles of 100 GB.</p>")),
    ("docs.example.com", "/changed"): Page(
        html(f"{FILLER}<p>Network volumes are billed at $0.09 per GB per month.</p>")
    ),
    ("old.example.com", "/pricing"): redirect("https://new.example.com/pricing"),
    ("new.example.com", "/pricing"): Page(html(f"<p>{QUOTE}.</p>{FILLER}")),
    ("plain.example.com", "/pricing"): redirect("http://plain.example.com/pricing", 302),
    ("slow.example.com", "/pricing"): Page(html(f"<p>{QUOTE}</p>{FILLER}"), delay=TIMEOUT * 4),
    ("huge.example.com", "/pricing"): Page(html(FILLER * 600 + f"<p>{QUOTE}</p>")),
    ("huge.example.com", "/early"): Page(html(f"<p>{QUOTE}</p>" + FILLER * 600)),
    ("cn.example.com", "/pricing"): Page(
        html(f"<p>{CHINESE}。</p>{FILLER}", head='<meta charset="gb2312">').decode().encode("gbk"),
        headers=(("Content-Type", "text/html"),),  # the page's <meta> says which encoding
    ),
    ("latin.example.com", "/prix"): Page(
        html(f"<p>Stockage : {FRENCH}.</p>{FILLER}").decode().encode("cp1252"),
        headers=(("Content-Type", "text/html; charset=windows-1252"),),  # the header says which
    ),
    ("app.example.com", "/pricing"): Page(JAVASCRIPT_APP),
}
# redirects to names only a local network answers: refused before any lookup
INTERNAL_TARGETS = {
    "/to-internal": "https://metadata.internal/latest/meta-data",
    "/to-local": "https://printer.local/status",
    "/to-cluster": "https://api.default.svc.cluster.local/secrets",
    "/to-lan": "https://nas.lan/",
    "/to-home-arpa": "https://router.home.arpa/",
    "/to-localhost": "https://app.localhost/",
    "/to-corp": "https://wiki.corp/",
    "/to-bare-name": "https://intranet/",  # a name without a dot
}
PAGES |= {("redirect.example.com", path): redirect(target) for path, target in INTERNAL_TARGETS.items()}
# what a page may say near a quote: mentions, links, Markdown, HTML and backticks that would close a span
HOSTILE_PASSAGE = (
    "Network @octocat volumes are `billed` at [$0.09](https://example-phish.test/login) per GB ``` per"
    " <b>month</b> #123 www.example-phish.test owner/repo#1 GH-1 @org/team"
)
HOSTILE_PAGE = Page(html(f"{FILLER}<p>{escape(HOSTILE_PASSAGE)}</p>"))
PAGES |= {
    ("drip-headers.example.com", "/pricing"): Page(drip="headers"),
    ("drip-body.example.com", "/pricing"): Page(drip="body"),
}
for number in range(3):  # one host with several pages: asked one at a time with --per-host 1
    PAGES["busy.example.com", f"/page-{number}"] = Page(html(f"<p>{QUOTE}</p>{FILLER}"), delay=0.2)


@dataclass
class Visits:
    """What the server saw: each request's host, path and headers, and the most at once per host."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    requests: list[tuple[str, str, dict[str, str]]] = field(default_factory=list)
    open: Counter[str] = field(default_factory=Counter)
    most: Counter[str] = field(default_factory=Counter)


def handler(
    visits: Visits, pages: dict[tuple[str, str], Page] = PAGES
) -> type[http.server.BaseHTTPRequestHandler]:
    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            pass

        def do_GET(self) -> None:
            host = self.headers["Host"]
            with visits.lock:
                visits.requests.append((host, self.path, dict(self.headers)))
                visits.open[host] += 1
                visits.most[host] = max(visits.most[host], visits.open[host])
            page = pages.get((host, self.path), Page(b"not here", status=404))
            if host == "hostile.example.com":  # any of its pages
                page = HOSTILE_PAGE
            time.sleep(page.delay)
            # closed before the answer goes out: the client may ask again as soon as it has the answer,
            # before this thread would run on after sending it
            with visits.lock:
                visits.open[host] -= 1
            self.answer(page)

        def answer(self, page: Page) -> None:
            if page.drip:
                self.drip(page.drip)
                return
            self.send_response(page.status)
            for name, value in page.headers:
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(page.body)))
            self.end_headers()
            with contextlib.suppress(BrokenPipeError, ConnectionResetError):  # a client that stops reading
                self.wfile.write(page.body)

        def drip(self, part: str) -> None:
            """A status line, then headers or a body that never end, a byte every DRIP seconds: never
            a socket timeout, until the client hangs up (or DRIP_FOR has passed)."""
            start = b"HTTP/1.1 200 OK\r\n"
            if part == "body":
                start += b"Content-Type: text/plain\r\nContent-Length: 1000000\r\n\r\n"
            ends = time.monotonic() + DRIP_FOR
            with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                self.wfile.write(start)
                while time.monotonic() < ends:
                    self.wfile.write(b"x")
                    time.sleep(DRIP)

    return Handler


@contextlib.contextmanager
def serving(pages: dict[tuple[str, str], Page]) -> Iterator[tuple[int, Visits]]:
    """A local HTTP server of these pages (by host and path): its port, and what it saw."""
    visits = Visits()
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler(visits, pages))
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield httpd.server_address[1], visits
    finally:
        httpd.shutdown()


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[int, Visits]]:
    with serving(PAGES) as served:
        yield served


HEADER = """\
# yaml-language-server: $schema=../../schema/provider.schema.json
name: Verify Cloud
website: https://docs.example.com
offerings:
  - kind: network_volume
    product: Volume
    price: {currency: USD, unit: GB-month, basis: list, tiers: [{amount: 0.07}]}
    billed_while_detached: unknown
    region_binding: unknown
    throughput: unknown
    max_size: unknown
    snapshots: unknown
    multi_attach: not_applicable
    spot_usable: unknown
    egress: unknown
    sources:
"""


def source(url: str, quote: str | None = QUOTE, lang: str = "en", covers: str = "[price]") -> str:
    text = f"      - url: {url}\n        seen: 2026-11-01\n        lang: {lang}\n        covers: {covers}\n"
    return text + (f"        quote: {{price: {json.dumps(quote, ensure_ascii=False)}}}\n" if quote else "")


PRESENT = source("https://docs.example.com/present", covers="[price, multi_attach]")  # multi_attach: no quote
CASES = [
    PRESENT,
    source("https://docs.example.com/moved-within"),
    source("https://docs.example.com/gone"),
    source("https://docs.example.com/changed"),
    source("https://docs.example.com/missing"),
    source("https://old.example.com/pricing"),
    source("https://plain.example.com/pricing"),
    source("https://huge.example.com/pricing"),
    source("https://huge.example.com/early"),
    source("https://cn.example.com/pricing", CHINESE, "zh-CN"),
    source("https://latin.example.com/prix", FRENCH, "fr"),
    source("https://app.example.com/pricing"),
    *(source(f"https://busy.example.com/page-{number}") for number in range(3)),
]


def project(root: Path, provider: str) -> Path:
    """A project with mkdocs.yml (its languages and repository) and one provider file."""
    shutil.copy2(ROOT / "mkdocs.yml", root / "mkdocs.yml")
    (root / "data" / "providers").mkdir(parents=True)
    (root / "data" / "providers" / "verify-cloud.yaml").write_text(provider, encoding="utf-8")
    return root


def run(root: Path, port: int, *options: str, timeout: float = TIMEOUT) -> tuple[int, str, dict[str, Any]]:
    """verify as the command line runs it: its exit status, its Markdown and its JSON."""
    markdown, report = root / "report.md", root / "report.json"
    status = main(
        [
            "verify",
            "--root",
            str(root),
            "--via-loopback",
            str(port),
            "--timeout",
            str(timeout),
            "--max-bytes",
            "100000",
            "--per-host",
            "1",
            "--markdown",
            str(markdown),
            "--json",
            str(report),
            *options,
        ]
    )
    return status, markdown.read_text(encoding="utf-8"), json.loads(report.read_text(encoding="utf-8"))


@pytest.fixture(autouse=True)
def build_date(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)


def run_once(
    factory: pytest.TempPathFactory, port: int, sources: str, timeout: float = TIMEOUT
) -> tuple[int, str, dict[str, Any]]:
    """verify on a project of `sources`, for a module's fixture (the build date set, as build_date sets
    it for each test)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SOURCE_DATE_EPOCH", EPOCH)
        return run(project(factory.mktemp("verify"), HEADER + sources), port, timeout=timeout)


@pytest.fixture(scope="module")
def result(
    server: tuple[int, Visits], tmp_path_factory: pytest.TempPathFactory
) -> tuple[int, str, dict[str, Any]]:
    return run_once(tmp_path_factory, server[0], "".join(CASES))


@pytest.fixture(scope="module")
def slow_result(
    server: tuple[int, Visits], tmp_path_factory: pytest.TempPathFactory
) -> tuple[int, str, dict[str, Any]]:
    """verify on the page that answers too late, alone (SLOW_TIMEOUT)."""
    slow = source("https://slow.example.com/pricing", covers="[price, multi_attach]")
    return run_once(tmp_path_factory, server[0], slow, SLOW_TIMEOUT)


def test_a_page_that_answers_too_late_is_unreachable(slow_result: tuple[int, str, dict[str, Any]]) -> None:
    found = finding(slow_result, "https://slow.example.com/pricing")
    assert (found["status"], found["detail"]) == ("unreachable", f"no answer within {SLOW_TIMEOUT:g} s")


def line_of(number: int) -> int:
    """The line of the `number`th source of CASES: each takes five lines after HEADER's."""
    return HEADER.count("\n") + 1 + 5 * (number - 1)


def finding(result: tuple[int, str, dict[str, Any]], url: str, fact: str = "price") -> dict[str, Any]:
    (found,) = [f for f in result[2]["findings"] if f["url"] == url and f["fact"] == fact]
    return found


@pytest.mark.parametrize(
    ("url", "status", "detail"),
    [
        ("https://docs.example.com/present", "confirmed", None),
        ("https://docs.example.com/moved-within", "confirmed", None),  # elsewhere, across elements
        ("https://docs.example.com/gone", "not_found", None),
        ("https://docs.example.com/changed", "not_found", None),
        ("https://docs.example.com/missing", "unreachable", "HTTP 404"),
        (
            "https://old.example.com/pricing",
            "moved",
            "now at https://new.example.com/pricing; the quote is there",
        ),
        (
            "https://plain.example.com/pricing",
            "unreachable",
            "it redirects to an address not followed (not https)",
        ),
        (
            "https://huge.example.com/pricing",
            "unreachable",
            "the page is over the size cap, and the part read lacks the quote",
        ),
        ("https://huge.example.com/early", "confirmed", None),  # found in the part read
        ("https://cn.example.com/pricing", "confirmed", None),  # GBK, as its <meta> declares
        ("https://latin.example.com/prix", "confirmed", None),  # windows-1252, as the header declares
        ("https://app.example.com/pricing", "no_text", "the page shows no text without JavaScript"),
    ],
)
def test_each_page_gets_its_finding(
    result: tuple[int, str, dict[str, Any]], url: str, status: str, detail: str | None
) -> None:
    found = finding(result, url)
    assert (found["status"], found["detail"]) == (status, detail)


def test_a_changed_number_shows_in_the_closest_passage(result: tuple[int, str, dict[str, Any]]) -> None:
    changed = finding(result, "https://docs.example.com/changed")
    assert changed["closest"] == "Network volumes are billed at $0.09 per GB per month."
    assert changed["similarity"] > 0.9
    assert (finding(result, "https://docs.example.com/gone")["similarity"] or 0) < 0.6


def test_a_fact_without_a_quote_has_nothing_to_look_for(result: tuple[int, str, dict[str, Any]]) -> None:
    assert finding(result, "https://docs.example.com/present", "multi_attach")["status"] == "unquoted"


def test_the_exit_status_and_the_counts(result: tuple[int, str, dict[str, Any]]) -> None:
    status, _, report = result
    assert status == 1
    assert report["counts"] == {
        "confirmed": 8,
        "not_found": 2,
        "unreachable": 3,
        "moved": 1,
        "no_text": 1,
        "unquoted": 1,
        "not_checked": 0,
    }
    assert report["needs_a_look"] == 7 and report["date"] == BUILD_DATE.isoformat()


def test_the_markdown_report_lists_what_needs_a_look(result: tuple[int, str, dict[str, Any]]) -> None:
    markdown = result[1]
    assert markdown.startswith(
        "## Source check\n\nChecked on 2026-11-30: 15 sources on 15 pages; 7 facts need a look"
    )
    look = markdown.split("### Needs a look\n\n", 1)[1].split("\n### ", 1)[0]
    assert (
        f"- **quote not found** · `data/providers/verify-cloud.yaml:{line_of(3)}` · `Verify Cloud` · `Volume`"
        " · source 3 · price\n"
        "  - page: `https://docs.example.com/gone`\n"
        f"  - quote: `{QUOTE}`\n"
    ) in look
    assert "  - closest passage (97% alike): `Network volumes are billed at $0.09 per GB per month.`" in look
    moved = "`https://old.example.com/pricing` → `https://new.example.com/pricing`"
    assert f"  - page: {moved}: `the quote is there`" in look
    assert (
        "  - page: `https://plain.example.com/pricing` → `http://plain.example.com/pricing`: `it redirects"
        in look
    )
    assert f"- **no text** · `data/providers/verify-cloud.yaml:{line_of(12)}`" in look
    assert "### Confirmed" in markdown and "<details><summary>1 fact</summary>" in markdown


def test_requests_name_the_project_keep_to_the_host_limit_and_ask_for_the_quotes_language(
    result: tuple[int, str, dict[str, Any]], server: tuple[int, Visits]
) -> None:
    visits = server[1]
    agents = {headers["User-Agent"] for _, _, headers in visits.requests}
    assert agents == {f"gpu-storage-guide-verify/1 (+{repository(ROOT)}; checks its data's sources)"}
    assert visits.most["busy.example.com"] == 1  # (open from its request until its answer goes out)
    languages = {(host, headers["Accept-Language"]) for host, _, headers in visits.requests}
    assert ("cn.example.com", "zh-CN") in languages and ("latin.example.com", "fr") in languages


# ---- --update-checked ----------------------------------------------------------------------------------

COMMENTED = (
    HEADER  # its price's `tiers: [{amount: 0.07}]` is a layout ruamel.yaml's round trip would change
    + """\
      - url: https://docs.example.com/present   # the pricing page
        seen: 2026-11-01     # as the page says
        # the words, copied
        covers: [price, multi_attach]
        quote:
          price: 'Network volumes are billed at $0.07 per GB per month'
      - {url: https://docs.example.com/moved-within, seen: 2026-11-01, covers: [price], quote: {price: $0.07}}
      - url: https://docs.example.com/changed
        seen: 2026-11-01
        checked: 2026-10-01  # found then, not now
        covers: [price]
        quote: {price: "Network volumes are billed at $0.07 per GB per month"}
      - url: https://new.example.com/pricing
        seen: 2026-11-01
        checked: 2026-10-01  # last time
        covers: [price]
        quote: {price: "Network volumes are billed at $0.07 per GB per month"}
"""
)


def test_update_checked_sets_only_the_dates_of_confirmed_sources(
    server: tuple[int, Visits], tmp_path: Path
) -> None:
    """A new date goes after `seen` (in a one-line source, right after its date), an older one is
    replaced where it stands; not one other character changes, comments and layout included."""
    root = project(tmp_path, COMMENTED)
    file = root / "data" / "providers" / "verify-cloud.yaml"
    status, markdown, report = run(root, server[0], "--update-checked")
    assert status == 1  # the third source's quote is not on its page
    assert file.read_text(encoding="utf-8") == (
        COMMENTED.replace(
            "        seen: 2026-11-01     # as the page says\n",
            "        seen: 2026-11-01     # as the page says\n        checked: 2026-11-30\n",
        )
        .replace("seen: 2026-11-01, covers", "seen: 2026-11-01, checked: 2026-11-30, covers")
        .replace("checked: 2026-10-01  # last time", "checked: 2026-11-30  # last time")
    )
    assert [entry["line"] for entry in report["checked"]] == [17, 23, 29]
    assert "### Checked dates set" in markdown
    before = file.read_bytes()
    assert run(root, server[0], "--update-checked")[0] == 1 and file.read_bytes() == before


def test_nothing_to_look_at_exits_0_and_without_the_option_nothing_is_written(
    server: tuple[int, Visits], tmp_path: Path
) -> None:
    provider = HEADER + source("https://docs.example.com/present", covers="[price, multi_attach]")
    root = project(tmp_path, provider)
    status, markdown, report = run(root, server[0])
    assert (status, report["needs_a_look"], report["checked"]) == (0, 0, [])
    assert "### Needs a look" not in markdown
    assert (root / "data" / "providers" / "verify-cloud.yaml").read_text(encoding="utf-8") == provider


def test_data_that_is_not_valid_or_a_bad_option_exits_2(
    server: tuple[int, Visits], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = project(
        tmp_path, HEADER + source("https://docs.example.com/present").replace("[price]", "[prices]")
    )
    assert main(["verify", "--root", str(root), "--via-loopback", str(server[0])]) == 2
    assert "verify-cloud.yaml:20:" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exit_:
        main(["verify", "--timeout", "-1"])
    assert exit_.value.code == 2


# ---- the pieces --------------------------------------------------------------------------------------


def test_real_runs_ask_only_https_addresses() -> None:
    with pytest.raises(FetchError, match="not an https address"):
        HttpsTransport("test").exchange("http://127.0.0.1/", {}, Limits(), Deadline.after(TIMEOUT))


def test_a_host_that_refuses_is_no_timeout() -> None:
    """urllib3 makes a refused connection a kind of connect timeout; verify says what happened."""
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]  # bound, never listening: connecting is refused
        with pytest.raises(FetchError, match=r"^no connection could be made$"):
            LoopbackTransport("test", port).exchange(
                "https://refused.example.com/", {}, Limits(), Deadline.after(TIMEOUT)
            )


@pytest.mark.parametrize(
    ("quote", "found"),
    [
        ("network volumes ARE billed at $0.07", True),  # case and spacing do not count
        ("Network volumes are billed … per month", True),  # … stands for words left out
        ("Network volumes are billed at $0.07 […] per month", True),
        ("per month … Network volumes", False),  # in order only
        ("“Free” egress — always", True),  # typographic marks as the plain ones the page has
    ],
)
def test_a_quote_is_found_as_a_reader_would_find_it(quote: str, found: bool) -> None:
    text = page_text(
        html('<p>Network volumes are billed at $0.07 per GB per month.</p><p>"Free" egress - always</p>'),
        "text/html",
    ).text
    assert holds(text, quote) is found


def test_the_page_text_leaves_out_what_no_reader_sees() -> None:
    page = html(
        "<p>Visible</p><script>hidden()</script><style>p{}</style><template>hidden</template>"
        "<!-- hidden --><p>ﬁne print</p>",
        head="<script>hidden()</script>",
    )
    assert page_text(page, "text/html").text == "Visible\nfine print"  # the <head> (its title) too


def test_a_page_that_is_no_text_says_so() -> None:
    assert page_text(b"%PDF-1.7", "application/pdf").no_text == "it is application/pdf, not a page of text"
    assert page_text(b"plain words", "text/plain; charset=utf-8").text == "plain words"


def test_no_passage_is_closest_on_a_page_without_any_of_the_words() -> None:
    assert closest_passage("Something else entirely.", "zzzz qqqq") is None


SOURCE = ("offerings", 0, "sources", 0)


def test_a_new_date_keeps_the_files_line_endings() -> None:
    text = (HEADER + source("https://docs.example.com/present", covers="[price, multi_attach]")).replace(
        "\n", "\r\n"
    )
    edited = with_checked_dates(text, [SOURCE], BUILD_DATE, "x.yaml")
    assert edited == text.replace(
        "seen: 2026-11-01\r\n", "seen: 2026-11-01\r\n        checked: 2026-11-30\r\n"
    )


def test_a_date_that_cannot_be_set_in_place_is_not_set() -> None:
    text = HEADER + source("https://docs.example.com/present", covers="[price, multi_attach]").replace(
        "seen: 2026-11-01", "seen:\n          2026-11-01"
    )
    with pytest.raises(CheckedDateError, match=r"x\.yaml:18: no date on the line of the key"):
        with_checked_dates(text, [SOURCE], BUILD_DATE, "x.yaml")


# ---- no page of a local network ---------------------------------------------------------------------


def test_a_redirect_to_a_local_networks_name_is_not_followed(
    server: tuple[int, Visits], tmp_path: Path
) -> None:
    """A redirect to `metadata.internal`, `printer.local` and their kind is refused before the name is
    looked up (the loopback transport would answer any name): nothing of such a page reaches a report."""
    cases = "".join(source(f"https://redirect.example.com{path}") for path in INTERNAL_TARGETS)
    root = project(tmp_path, HEADER + PRESENT + cases)
    status, _, report = run(root, server[0])
    assert status == 1
    found = {f["final_url"]: (f["status"], f["detail"]) for f in report["findings"] if f["fact"] == "price"}
    del found["https://docs.example.com/present"]
    local = "a local network's host name"
    why = {"https://intranet/": "not an address the data would accept"}  # the data's rules: a dot
    assert found == {
        target: ("unreachable", f"it redirects to an address not followed ({why.get(target, local)})")
        for target in INTERNAL_TARGETS.values()
    }
    asked = {host for host, _, _ in server[1].requests}
    assert not any(urlsplit(target).hostname in asked for target in INTERNAL_TARGETS.values())


@pytest.mark.parametrize(
    "host",
    ["localhost", "LOCALHOST.", "intranet", "app.localhost", "metadata.internal", "printer.local",
     "api.default.svc.cluster.local", "nas.lan", "router.home.arpa", "wiki.corp", "box.intranet",
     "db.localdomain", "x.test", "x.invalid"],
)  # fmt: skip
def test_names_only_a_local_network_answers_are_refused_before_any_lookup(
    host: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(verify_fetch, "resolve_host", lambda *_: pytest.fail("looked up"))
    assert verify_fetch.local_name(host)
    with pytest.raises(FetchError, match=r"^its host name belongs to a local network$"):
        HttpsTransport("test").exchange(f"https://{host}/", {}, Limits(), Deadline.after(TIMEOUT))


@pytest.mark.parametrize(
    "address",
    ["127.0.0.1", "127.255.0.1", "10.0.0.1", "172.16.5.4", "192.168.1.1", "169.254.169.254",
     "100.64.0.1", "0.0.0.0", "255.255.255.255", "224.0.0.1", "239.1.2.3", "240.0.0.1",
     "192.0.0.1", "198.18.0.1", "::1", "::", "fe80::1", "fc00::1", "fd12:3456::1", "fec0::1",
     "ff02::1", "ff0e::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "::127.0.0.1", "::10.0.0.1",
     "2002:7f00:1::1", "2002:c0a8:101::1", "64:ff9b::7f00:1", "64:ff9b::a9fe:a9fe", "64:ff9b:1::1",
     "2001::1", "2001:db8::1", "100::1"],
)  # fmt: skip
def test_addresses_off_the_public_internet_are_refused(address: str) -> None:
    assert not verify_fetch.public_address(ipaddress.ip_address(address))


@pytest.mark.parametrize(
    "address",
    ["93.184.215.14", "8.8.8.8", "2606:4700:4700::1111", "2a00:1450:4001:80b::200e",
     "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1"],
)  # fmt: skip
def test_public_addresses_are_asked_in_any_form(address: str) -> None:
    assert verify_fetch.public_address(ipaddress.ip_address(address))


class ResolvingLoopback(LoopbackTransport):
    """The loopback transport, its names looked up as real runs look them up (verify_fetch.resolve_host),
    and the connection made to the address that lookup gave."""

    addresses = HttpsTransport.addresses


def resolving_to(monkeypatch: pytest.MonkeyPatch, *addresses: str) -> list[str]:
    """verify_fetch.resolve_host answering every name with these addresses; the names it was asked for."""
    asked: list[str] = []

    def resolve(host: str, port: int) -> list[ipaddress.IPv4Address | ipaddress.IPv6Address]:
        asked.append(host)
        return [ipaddress.ip_address(address) for address in addresses]

    monkeypatch.setattr(verify_fetch, "resolve_host", resolve)
    return asked


def test_a_public_name_that_resolves_to_127_0_0_1_is_refused(
    server: tuple[int, Visits], monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = resolving_to(monkeypatch, "127.0.0.1")
    for transport in (HttpsTransport("test"), ResolvingLoopback("test", server[0], allowed=frozenset())):
        with pytest.raises(FetchError, match=r"points to an address that is not public \(127\.0\.0\.1\)"):
            transport.exchange("https://docs.example.com/present", {}, Limits(), Deadline.after(TIMEOUT))
    assert asked == ["docs.example.com"] * 2
    # allowed, as tests allow it: the page is read from the address the one lookup gave
    allowed = ResolvingLoopback("test", server[0])
    page = allowed.exchange("https://docs.example.com/present", {}, Limits(), Deadline.after(TIMEOUT))
    assert page.status == 200 and QUOTE.encode() in page.body and len(asked) == 3


def test_an_answer_with_one_private_address_among_public_ones_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    resolving_to(monkeypatch, "93.184.215.14", "::ffff:192.168.0.1")
    shown = re.escape(str(ipaddress.ip_address("::ffff:192.168.0.1")))  # as this Python writes it
    with pytest.raises(FetchError, match=rf"not public \({shown}\)"):
        HttpsTransport("test").exchange("https://docs.example.com/", {}, Limits(), Deadline.after(TIMEOUT))


def test_a_lookup_that_takes_too_long_is_given_up(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(verify_fetch, "resolve_host", lambda *_: time.sleep(5) or [])
    started = time.monotonic()
    with pytest.raises(FetchError, match=r"^no answer within 0\.5 s$"):
        HttpsTransport("test").exchange("https://slow-dns.example.com/", {}, Limits(), Deadline.after(0.5))
    assert time.monotonic() - started < 2


# ---- deadlines ---------------------------------------------------------------------------------------


def test_a_tls_handshake_that_never_ends_is_given_up_at_the_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    """The real https transport, its name resolved to 127.0.0.1 (allowed here): the port accepts the
    connection (the kernel does, from its backlog) and never answers the TLS handshake."""
    resolving_to(monkeypatch, "127.0.0.1")
    transport = HttpsTransport("test", allowed=frozenset({verify_fetch.LOOPBACK}))
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        url = f"https://silent.example.com:{silent.getsockname()[1]}/pricing"
        started = time.monotonic()
        with pytest.raises(FetchError, match=r"^no answer within 1 s$"):
            transport.exchange(url, {}, Limits(), Deadline.after(1))
    assert time.monotonic() - started < 1 + 2


DRIPPING = [
    source("https://drip-headers.example.com/pricing"),
    source("https://drip-body.example.com/pricing"),
]


def timed_run(root: Path, port: int, *options: str) -> tuple[float, tuple[int, str, dict[str, Any]]]:
    started = time.monotonic()
    result = run(root, port, *options)
    return time.monotonic() - started, result


def test_a_page_that_drips_in_is_given_up_at_its_deadline(server: tuple[int, Visits], tmp_path: Path) -> None:
    """Headers or a body sent a byte at a time never let a socket time out; the page's one deadline
    (connecting, headers and body) ends it all the same."""
    root = project(tmp_path, HEADER + PRESENT + "".join(DRIPPING))
    took, (status, markdown, report) = timed_run(root, server[0], "--timeout", "1")
    assert took < 1 + 2 and status == 1
    assert finding((status, markdown, report), "https://drip-headers.example.com/pricing")["detail"] == (
        "no answer within 1 s"
    )
    assert finding((status, markdown, report), "https://drip-body.example.com/pricing")["detail"] == (
        "timed out: the page was still coming in after 1 s"
    )
    assert "`timed out: the page was still coming in after 1 s`" in markdown


def test_the_run_ends_by_its_deadline_with_its_report(server: tuple[int, Visits], tmp_path: Path) -> None:
    """One page at a time, each allowed 30 s: the run's 1.5 s cut the first dripping page short, and
    the pages after it are not asked at all; each is reported as not checked."""
    root = project(tmp_path, HEADER + PRESENT + "".join(DRIPPING))
    took, result = timed_run(root, server[0], "--timeout", "30", "--run-timeout", "1.5", "--workers", "1")
    status, markdown, report = result
    assert took < 1.5 + 2 and status == 1
    assert finding(result, "https://docs.example.com/present")["status"] == "confirmed"  # asked first
    for url in ("https://drip-body.example.com/pricing", "https://drip-headers.example.com/pricing"):
        assert (finding(result, url)["status"], finding(result, url)["detail"]) == (
            "not_checked",
            "the run's time limit (1.5 s) passed before its page was read",
        )
    assert report["counts"]["not_checked"] == 2 and "- **not checked** · " in markdown


def test_a_file_that_changes_during_the_run_gets_no_date(
    server: tuple[int, Visits],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A source added above a confirmed one while the pages are read: the confirmed source's key path
    now names the new one, never fetched. The file is named and left as it is; another file that did
    not change still gets its dates."""
    root = project(tmp_path, COMMENTED)
    changing = root / "data" / "providers" / "verify-cloud.yaml"
    steady = root / "data" / "providers" / "steady-cloud.yaml"
    steady.write_text(HEADER.replace("Verify Cloud", "Steady Cloud") + PRESENT, encoding="utf-8")
    added = source("https://docs.example.com/gone")  # never fetched: its quote is not on its page
    changed = COMMENTED.replace("    sources:\n", "    sources:\n" + added, 1)
    fetched = gpustorage_main.verify

    def verify_while_the_file_changes(*arguments: Any) -> Any:
        found = fetched(*arguments)
        changing.write_text(changed, encoding="utf-8")
        return found

    monkeypatch.setattr(gpustorage_main, "verify", verify_while_the_file_changes)
    status, markdown, report = run(root, server[0], "--update-checked")
    assert status == 1 and changing.read_text(encoding="utf-8") == changed
    assert capsys.readouterr().err == (
        "data/providers/verify-cloud.yaml: the file changed while verify ran; no date is set in it"
        " (run verify again)\n"
    )
    assert [entry["file"] for entry in report["checked"]] == ["data/providers/steady-cloud.yaml"]
    assert "checked: 2026-11-30" in steady.read_text(encoding="utf-8")
    dated = markdown.split("### Checked dates set\n\n", 1)[1].split("\n### ", 1)[0]
    assert "steady-cloud.yaml:" in dated and "verify-cloud.yaml:" not in dated


# ---- the issue -----------------------------------------------------------------------------------------


REPORT_TAGS = {"h2", "h3", "p", "ul", "li", "code", "strong", "details", "summary"}  # the report's own


def items(markdown: str) -> int:
    """The report's items: its lines that start a list item of their own (not a detail of one)."""
    return len(re.findall(r"^- ", markdown, re.MULTILINE))


def test_a_long_report_is_cut_for_the_issue_between_items_and_no_page_text_is_live(
    server: tuple[int, Visits], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nearly four hundred sources whose pages put mentions, links, Markdown and HTML in the closest passage:
    the issue's copy fits GitHub's limit, ends with a note of the items left out and where the whole
    report is, shows every item it keeps whole, and nothing a page says is a link or a mention."""
    for name, value in [("GITHUB_SERVER_URL", "https://github.com"), ("GITHUB_REPOSITORY", "o/r")]:
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("GITHUB_RUN_ID", "7")
    root = project(tmp_path, HEADER + PRESENT)
    for file in range(8):  # fifty sources at the most to an offering: PRESENT and 49
        pages = "".join(source(f"https://hostile.example.com/{file}/{number}") for number in range(49))
        text = HEADER.replace("Verify Cloud", f"Hostile Cloud {file}") + PRESENT + pages
        (root / "data" / "providers" / f"hostile-{file}.yaml").write_text(text, encoding="utf-8")
    issue_file = root / "issue.md"
    status, whole, _ = run(root, server[0], "--per-host", "8", "--issue", str(issue_file))
    issue = issue_file.read_text(encoding="utf-8")
    assert status == 1 and comment_length(whole) > COMMENT_LIMIT >= comment_length(issue)
    kept, note = issue.rsplit("\n\n", 1)
    shown = list_items(issue)
    assert whole.startswith(kept) and shown == list_items(whole)[: len(shown)]  # each item whole
    assert note == (
        f"… Shortened to fit in a GitHub issue: {items(whole) - items(kept)} more items are not"
        " shown. The whole report: the run's summary, https://github.com/o/r/actions/runs/7.\n"
    )
    assert comment_length(issue) > COMMENT_LIMIT - 600  # no more room left than about an item
    for text, links in [(whole, []), (issue, ["https://github.com/o/r/actions/runs/7"])]:  # the note's
        html_text = github_html(text)
        assert [a["href"] for a in html_text.find_all("a")] == links
        outside = text_outside_code(html_text)
        assert [m.group() for m in REFERENCES.finditer(outside)] == [] and "example-phish" not in outside
        assert {tag.name for tag in html_text.find_all(True)} <= REPORT_TAGS | ({"a"} if links else set())
    shown_as_code = " ".join(code.get_text() for code in github_html(issue).find_all("code"))
    assert (
        "Network @octocat volumes are `billed` at [$0.09](https://example-phish.test/login)" in shown_as_code
    )
    # the issue as the publish job posts it: as verify wrote it, it fits
    calls = dict(publish(tmp_path / "publish", 400, None, issue))
    assert calls["issues.create"]["body"] == issue


# ---- the fixture data, end to end ---------------------------------------------------------------------

FIXTURE_PROVIDERS = ROOT / "tests" / "fixtures" / "providers"
CHANGED_URL = "https://beta.example.com/pricing"  # its page now asks another price
GONE_URL = "https://reviews.example.org/beta"  # its page is not there any more


def fixture_sources() -> list[dict[str, Any]]:
    """Every source of the fixture providers, as their files write it."""
    found = []
    for file in sorted(FIXTURE_PROVIDERS.glob("*.yaml")):
        provider = yaml.safe_load(file.read_text(encoding="utf-8"))
        found += provider.get("no_persistent_storage") or []
        found += [source for offering in provider.get("offerings", []) for source in offering["sources"]]
    return found


def fixture_pages() -> dict[tuple[str, str], Page]:
    """A page for each fixture source that says its quotes, but one whose price changed; one source's
    page is gone (a 404)."""
    pages = {}
    for source_ in fixture_sources():
        quotes = [str(quote) for quote in (source_.get("quote") or {}).values()]
        if source_["url"] == CHANGED_URL:
            quotes = [quote.replace("0.0001 USD", "0.0002 USD") for quote in quotes]
        parts = urlsplit(source_["url"])
        body = "".join(f"<p>{escape(quote)}</p>" for quote in quotes)
        pages[parts.hostname or "", parts.path] = Page(html(body + FILLER))
    del pages["reviews.example.org", "/beta"]
    return pages


def test_the_fixture_data_is_verified_end_to_end(tmp_path: Path) -> None:
    """`verify --update-checked` on a copy of the fixture providers, every page read from a local
    server through the real fetch path (names, addresses, deadlines, redirects, text): the Markdown
    report, the JSON and the issue's copy, and the dates of the confirmed sources, nothing else."""
    root = project(tmp_path, "")
    (root / "data" / "providers" / "verify-cloud.yaml").unlink()
    for file in FIXTURE_PROVIDERS.glob("*.yaml"):
        shutil.copy2(file, root / "data" / "providers" / file.name)
    before = {file.name: file.read_text(encoding="utf-8") for file in (root / "data" / "providers").iterdir()}
    issue = root / "issue.md"
    with serving(fixture_pages()) as (port, visits):
        status, markdown, report = run(root, port, "--update-checked", "--issue", str(issue))
        asked = {f"https://{host}{path}" for host, path, _ in visits.requests}
    assert status == 1 and asked == {source_["url"] for source_ in fixture_sources()}
    assert issue.read_text(encoding="utf-8") == markdown  # short enough for an issue as it is
    statuses = Counter((f["url"], f["status"]) for f in report["findings"])
    assert statuses[CHANGED_URL, "not_found"] == 1 and statuses[CHANGED_URL, "confirmed"] == 6
    assert statuses[GONE_URL, "unreachable"] == 2
    looked = {f["url"] for f in report["findings"] if f["status"] not in ("confirmed", "unquoted")}
    assert looked == {CHANGED_URL, GONE_URL} and report["needs_a_look"] == 3
    changed = next(f for f in report["findings"] if f["status"] == "not_found")
    assert changed["closest"] == "Storage costs 0.0002 USD per GB per hour."
    assert "  - closest passage (" in markdown and "### Checked dates set" in markdown
    # every source whose every quote was found, and only those, dated; no other line changed
    dated = {(entry["file"].rsplit("/", 1)[1], entry["url"]) for entry in report["checked"]}
    quoted = {source_["url"] for source_ in fixture_sources() if source_.get("quote")}
    assert {url for _, url in dated} == quoted - {CHANGED_URL, GONE_URL}
    for name, text in before.items():
        after = (root / "data" / "providers" / name).read_text(encoding="utf-8")
        kept = [line for line in after.splitlines() if "checked: 2026-11-30" not in line]
        dates = sum(1 for file, _ in dated if file == name)
        assert len(after.splitlines()) - len(text.splitlines()) <= dates == after.count("checked: 2026-11-30")
        assert kept == [line for line in text.splitlines() if not re.search(r"^\s+checked: ", line)], name
