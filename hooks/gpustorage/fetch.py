"""Fetching the data's source pages for `verify`: https only, a redirect followed only to another
https address (the data's URL rules), at most a few requests at once per host, a time limit and a size
cap per page, and a User-Agent that names the project.

The transport is the one seam: `HttpsTransport` asks the web; `LoopbackTransport`, for tests, asks a
server on 127.0.0.1 for the same https addresses (their host in the Host header), so that every rule
above holds in tests as it does for real.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Protocol, TypeVar
from urllib.parse import urljoin, urlsplit, urlunsplit

import urllib3

from .model import url_problem

T = TypeVar("T")
REDIRECTS = frozenset({301, 302, 303, 307, 308})
CHUNK = 64 * 1024


@dataclass(frozen=True)
class Limits:
    timeout: float = 20.0  # seconds for one page, from connecting to its last byte
    max_bytes: int = 5_000_000  # a page is read up to this many bytes (after decompression)
    per_host: int = 2  # requests to one host at once
    workers: int = 8  # requests at once in all
    max_redirects: int = 5


@dataclass(frozen=True)
class Response:
    """One HTTP exchange, as much of it as verify needs."""

    status: int
    location: str | None
    content_type: str
    body: bytes
    truncated: bool  # the page went on past Limits.max_bytes


class FetchError(Exception):
    """Why a page could not be read, in words ('no answer within 20 s')."""


class Transport(Protocol):
    def exchange(self, url: str, headers: dict[str, str], limits: Limits) -> Response:
        """GET one https URL without following redirects; raises FetchError."""
        ...


class HttpsTransport:
    """The web, over https only."""

    def __init__(self, user_agent: str) -> None:
        self.user_agent = user_agent
        self.pool = urllib3.PoolManager(retries=False)

    def target(self, url: str) -> tuple[str, dict[str, str]]:
        """Where the request for `url` goes, and the headers that address needs."""
        return url, {}

    def exchange(self, url: str, headers: dict[str, str], limits: Limits) -> Response:
        if not url.startswith("https://"):  # FetchPage checks every redirect; this is the last word
            raise FetchError("not an https address")
        address, extra = self.target(url)
        deadline = time.monotonic() + limits.timeout
        try:
            response = self.pool.request(
                "GET",
                address,
                headers={"User-Agent": self.user_agent, **headers, **extra},
                redirect=False,
                preload_content=False,
                timeout=urllib3.Timeout(connect=limits.timeout, read=limits.timeout),
            )
            body, truncated = _read(response, limits.max_bytes, deadline)
        except urllib3.exceptions.NewConnectionError as error:  # urllib3 makes it a ConnectTimeoutError too
            raise FetchError(_connection_failed(error)) from None
        except urllib3.exceptions.TimeoutError:
            raise FetchError(_too_slow(limits)) from None
        except urllib3.exceptions.SSLError:
            raise FetchError("its TLS connection failed (certificate or protocol)") from None
        except urllib3.exceptions.HTTPError as error:
            raise FetchError(_connection_failed(error)) from None
        return Response(
            status=response.status,
            location=response.headers.get("Location"),
            content_type=response.headers.get("Content-Type", ""),
            body=body,
            truncated=truncated,
        )


class LoopbackTransport(HttpsTransport):
    """For tests: each https://HOST/PATH is asked of http://127.0.0.1:PORT/PATH with `Host: HOST`.
    Only the loopback address can be reached this way, so no real page is ever read over http."""

    def __init__(self, user_agent: str, port: int) -> None:
        super().__init__(user_agent)
        self.port = port

    def target(self, url: str) -> tuple[str, dict[str, str]]:
        parts = urlsplit(url)
        return urlunsplit(("http", f"127.0.0.1:{self.port}", parts.path, parts.query, "")), {
            "Host": parts.netloc
        }


def _read(response: urllib3.BaseHTTPResponse, max_bytes: int, deadline: float) -> tuple[bytes, bool]:
    """The body, at most `max_bytes` of it (and whether there was more); a page that trickles in past
    the deadline is given up, whatever its pace. The connection is kept only when read to its end."""
    chunks, size = [], 0
    try:
        for chunk in response.stream(CHUNK, decode_content=True):
            chunks.append(chunk)
            size += len(chunk)
            if size > max_bytes:
                response.close()
                return b"".join(chunks)[:max_bytes], True
            if time.monotonic() > deadline:
                raise urllib3.exceptions.TimeoutError("over the time limit")
    except BaseException:
        response.close()
        raise
    response.release_conn()
    return b"".join(chunks), False


def _too_slow(limits: Limits) -> str:
    return f"no answer within {limits.timeout:g} s"


def _connection_failed(error: urllib3.exceptions.HTTPError) -> str:
    """A connection error in words (urllib3's own messages name its internals)."""
    if isinstance(error, urllib3.exceptions.NameResolutionError):
        return "its host name is not found"
    if isinstance(error, urllib3.exceptions.NewConnectionError):
        return "no connection could be made"
    if isinstance(error, urllib3.exceptions.ProtocolError):
        return "the connection broke off"
    return f"the connection failed ({type(error).__name__})"


@dataclass(frozen=True)
class Fetched:
    """A source page as verify found it."""

    url: str  # as the data gives it
    final_url: str  # after redirects (where a redirect not followed pointed)
    status: int | None = None  # the last HTTP status; None when there was no answer
    content_type: str = ""
    body: bytes = b""
    truncated: bool = False
    error: str | None = None  # why the page could not be read, in words

    @property
    def moved(self) -> bool:
        """Whether redirects ended at another page (not merely a slash added or taken away)."""
        return page_key(self.url) != page_key(self.final_url)


def page_key(url: str) -> tuple[str, str, str, str]:
    """What makes a page another page: not a slash at the end of its path, nor a fragment."""
    parts = urlsplit(url)
    return (parts.scheme, parts.netloc.lower(), parts.path.rstrip("/") or "/", parts.query)


class HostSlots:
    """At most `per_host` requests at once to one host, whichever thread asks."""

    def __init__(self, per_host: int) -> None:
        self.per_host = per_host
        self.lock = threading.Lock()
        self.slots: dict[str, threading.BoundedSemaphore] = {}

    @contextmanager
    def slot(self, url: str) -> Iterator[None]:
        host = (urlsplit(url).hostname or "").lower()
        with self.lock:
            semaphore = self.slots.setdefault(host, threading.BoundedSemaphore(self.per_host))
        with semaphore:
            yield


def fetch(
    url: str, headers: dict[str, str], transport: Transport, limits: Limits, slots: HostSlots
) -> Fetched:
    """One page, following redirects to https addresses the data's rules accept; never raises."""
    current = url
    for _ in range(limits.max_redirects + 1):
        try:
            with slots.slot(current):
                response = transport.exchange(current, headers, limits)
        except FetchError as error:
            return Fetched(url, current, error=str(error))
        if response.status not in REDIRECTS or not response.location:
            return Fetched(
                url, current, response.status, response.content_type, response.body, response.truncated
            )
        target = urljoin(current, response.location.strip())
        if url_problem(target) is not None:  # why stays unsaid: the reason would repeat the page's words
            why = "not https" if not target.startswith("https://") else "not an address the data would accept"
            return Fetched(
                url, target, response.status, error=f"it redirects to an address not followed ({why})"
            )
        current = target
    return Fetched(url, current, error=f"more than {limits.max_redirects} redirects")


def fetch_all(
    requests: list[tuple[str, dict[str, str]]],
    transport: Transport,
    limits: Limits,
    then: Callable[[Fetched], T],
) -> list[T]:
    """What `then` makes of each request's page (URL and headers), in the order asked, fetched at once
    up to the limits; `then` runs in the worker, so that no more pages than workers are held at once.
    Hosts take turns, so that the threads do not all wait for the one host with the most pages."""
    slots = HostSlots(limits.per_host)
    order = _by_turns([url for url, _ in requests])

    def one(index: int) -> T:
        return then(fetch(*requests[index], transport, limits, slots))

    with ThreadPoolExecutor(max_workers=limits.workers) as pool:
        found = dict(zip(order, pool.map(one, order), strict=True))
    return [found[index] for index in range(len(requests))]


def _by_turns(urls: list[str]) -> list[int]:
    """The places of the URLs, ordered so that each host's first comes before any host's second."""
    turn: dict[str, int] = {}
    turns = []
    for url in urls:
        host = urlsplit(url).netloc.lower()
        turn[host] = turn.get(host, -1) + 1
        turns.append(turn[host])
    return sorted(range(len(urls)), key=lambda index: turns[index])
