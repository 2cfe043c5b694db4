"""Fetching the data's source pages for `verify`: https only, a redirect followed only to another
https address (the data's URL rules), at most a few requests at once per host, one deadline per page and
one for the whole run, a size cap per page, and a User-Agent that names the project.

What a page says goes into a public issue, so no page may be read from a runner's own network: a host
name only a local network answers (`metadata.internal`, `printer.local`, `localhost`) is refused before
it is looked up, and a name is looked up once, every address of its answer checked (loopback, private,
link-local, shared, reserved, multicast: refused, IPv4 inside IPv6 included), and the connection made
to a checked address, never looked up again (so a second DNS answer cannot differ from the first).

The transport is the one seam: `HttpsTransport` asks the web; `LoopbackTransport`, for tests, asks a
server on 127.0.0.1 for the same https addresses (their host in the Host header), so that every rule
above holds in tests as it does for real, 127.0.0.1 being allowed for that transport alone.
"""

from __future__ import annotations

import contextlib
import http.client
import ipaddress
import socket
import ssl
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar
from urllib.parse import SplitResult, urljoin, urlsplit, urlunsplit

import urllib3
from urllib3.connection import HTTPConnection, HTTPSConnection

from ..inputs.model import url_problem

T = TypeVar("T")
IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
REDIRECTS = frozenset({301, 302, 303, 307, 308})
CHUNK = 64 * 1024
LOOPBACK = ipaddress.IPv4Address("127.0.0.1")
# Names that only a local network answers: RFC 6761's and 6762's special names, home.arpa (RFC 8375),
# .internal (ICANN's private TLD), and the suffixes networks commonly give themselves; a name without a
# dot is looked up in the runner's search domains.
LOCAL_NAME_SUFFIXES = (
    "localhost", "local", "localdomain", "internal", "intranet", "private", "corp", "home", "lan",
    "arpa", "test", "invalid", "example", "onion", "alt",
)  # fmt: skip
# IPv6 ranges that stand for an IPv4 address in their last 32 bits: that address is what is checked
NAT64 = ipaddress.IPv6Network("64:ff9b::/96")  # the well-known NAT64 prefix (RFC 6052)
IPV4_COMPATIBLE = ipaddress.IPv6Network("::/96")  # deprecated ::a.b.c.d (:: and ::1 among them)
# local-use NAT64 (RFC 8215): its IPv4 address may sit anywhere, and a local network translates it
NAT64_LOCAL = ipaddress.IPv6Network("64:ff9b:1::/48")


@dataclass(frozen=True)
class Limits:
    timeout: float = 20.0  # seconds for one page, from connecting to its last byte
    max_bytes: int = 5_000_000  # a page is read up to this many bytes (after decompression)
    per_host: int = 2  # requests to one host at once
    workers: int = 8  # requests at once in all
    max_redirects: int = 5
    run_timeout: float = 20 * 60.0  # seconds for the whole run: within verify.yml's 30 minutes


@dataclass(frozen=True)
class Deadline:
    """When a page (or the whole run) must be done, on time.monotonic()'s clock."""

    at: float
    seconds: float  # as given, for the words
    run: bool = False  # the run's deadline: a page it cuts short is not checked, not slow

    @classmethod
    def after(cls, seconds: float, run: bool = False) -> Deadline:
        return cls(time.monotonic() + seconds, seconds, run)

    def left(self) -> float:
        return max(self.at - time.monotonic(), 0.0)

    def socket_timeout(self) -> float:
        """What is left, for a socket: never 0, which would make the socket non-blocking."""
        return max(self.left(), 0.01)

    def missed(self, answered: bool) -> str:
        """What a page not read by this deadline is reported with."""
        if self.run:
            return f"the run's time limit ({self.seconds:g} s) passed before its page was read"
        if answered:
            return f"timed out: the page was still coming in after {self.seconds:g} s"
        return f"no answer within {self.seconds:g} s"


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


class DeadlineError(FetchError):
    """A deadline passed before the page was read whole."""

    def __init__(self, deadline: Deadline, answered: bool = False) -> None:
        super().__init__(deadline.missed(answered))
        self.deadline = deadline


class Transport(Protocol):
    def exchange(self, url: str, headers: dict[str, str], limits: Limits, deadline: Deadline) -> Response:
        """GET one https URL without following redirects, done by the deadline; raises FetchError."""
        ...


def local_name(host: str) -> bool:
    """Whether a host name is one that only a local network answers (before it is looked up)."""
    name = host.lower().rstrip(".")
    return "." not in name or name.rsplit(".", 1)[1] in LOCAL_NAME_SUFFIXES or name.endswith(".home.arpa")


def _embedded_ipv4(address: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 one stands for: mapped (::ffff:a.b.c.d), 6to4 (2002::/16), NAT64
    (64:ff9b::/96) or IPv4-compatible (::a.b.c.d); None for an address that holds none."""
    if address.ipv4_mapped is not None or address.sixtofour is not None:
        return address.ipv4_mapped or address.sixtofour
    if address in NAT64 or address in IPV4_COMPATIBLE:
        return ipaddress.IPv4Address(int(address) & 0xFFFF_FFFF)
    return None


def public_address(address: IPAddress) -> bool:
    """Whether an address is on the public internet: not loopback, private, link-local, unique-local,
    shared (100.64/10), reserved, multicast or unspecified, in IPv4 or inside IPv6. `is_global` alone
    lets through multicast, and in IPv6 the forms that hold an IPv4 address (::127.0.0.1 is global)."""
    if isinstance(address, ipaddress.IPv6Address):
        if address in NAT64_LOCAL or address.teredo is not None:
            return False
        inner = _embedded_ipv4(address)
        if inner is not None:
            return public_address(inner)
        if address.is_site_local:
            return False
    return address.is_global and not (
        address.is_multicast
        or address.is_reserved
        or address.is_unspecified
        or address.is_loopback
        or address.is_link_local
        or address.is_private
    )


def resolve_host(host: str, port: int) -> list[IPAddress]:
    """The addresses DNS gives for a host name, in the order the system prefers them."""
    found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return list(dict.fromkeys(ipaddress.ip_address(info[4][0]) for info in found))


def within(seconds: float, work: Callable[[], T]) -> T:
    """`work()`, waited for at most `seconds` (then TimeoutError). It runs in a thread of its own that
    is left behind when late: a DNS lookup takes as long as the name's servers make it, and cannot be
    stopped; the thread ends with the lookup, and does not hold the process when it exits."""
    done: list[T] = []
    failed: list[BaseException] = []

    def run() -> None:
        try:
            done.append(work())
        except BaseException as error:  # handed to the waiting thread
            failed.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    if failed:
        raise failed[0]
    if not done:
        raise TimeoutError
    return done[0]


class Watchdog:
    """Shuts a page's connection down when its deadline passes. A socket's timeout bounds each read,
    not all of them: a server that sends its headers or body a byte at a time would hold the page as
    long as it likes. Shutting the socket down (a duplicate of it, which stays valid when TLS takes
    the socket over) ends whatever read is waiting, at once."""

    def __init__(self, deadline: Deadline) -> None:
        self.deadline = deadline
        self.fired = threading.Event()
        self.lock = threading.Lock()
        self.watched: socket.socket | None = None
        self.timer = threading.Timer(deadline.left(), self._shut)
        self.timer.daemon = True

    def watch(self, sock: socket.socket) -> None:
        with self.lock:
            self.watched = sock.dup()
            if self.fired.is_set():
                self._shut_down()

    def _shut(self) -> None:
        with self.lock:
            self.fired.set()
            self._shut_down()

    def _shut_down(self) -> None:
        if self.watched is not None:
            with contextlib.suppress(OSError):  # closed by the other side already
                self.watched.shutdown(socket.SHUT_RDWR)

    def __enter__(self) -> Watchdog:
        self.timer.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.timer.cancel()
        with self.lock:
            if self.watched is not None:
                self.watched.close()
                self.watched = None


class _WatchedHTTPConnection(HTTPConnection):
    """A connection to an address checked already (it looks nothing up), whose socket its page's
    watchdog can shut down. Plain: for tests only (LoopbackTransport)."""

    def __init__(self, address: IPAddress, port: int, watchdog: Watchdog, **options: Any) -> None:
        super().__init__(str(address), port, timeout=watchdog.deadline.socket_timeout(), **options)
        self.watchdog = watchdog

    def _new_conn(self) -> socket.socket:
        sock = super()._new_conn()
        self.watchdog.watch(sock)  # before any byte is exchanged, the TLS handshake's included
        return sock


class _WatchedHTTPSConnection(_WatchedHTTPConnection, HTTPSConnection):
    """The same over TLS, which verifies the certificate for the host's name (`server_hostname`)."""


class HttpsTransport:
    """The web, over https only, to public addresses only (but those in `allowed`: tests alone)."""

    def __init__(self, user_agent: str, allowed: frozenset[IPAddress] = frozenset()) -> None:
        self.user_agent = user_agent
        self.allowed = allowed

    def addresses(self, host: str, port: int, deadline: Deadline) -> list[IPAddress]:
        """The host's addresses, looked up once (resolve_host), by the deadline."""
        try:
            return within(deadline.left(), lambda: resolve_host(host, port))
        except TimeoutError:
            raise DeadlineError(deadline) from None
        except (OSError, UnicodeError, ValueError):  # gaierror among them; a name IDNA refuses
            raise FetchError("its host name is not found") from None

    def connection(self, address: IPAddress, parts: SplitResult, watchdog: Watchdog) -> HTTPConnection:
        """A connection to `address`, which was checked (TLS still verifies the host's name)."""
        return _WatchedHTTPSConnection(address, parts.port or 443, watchdog, server_hostname=parts.hostname)

    def checked(self, host: str, port: int, deadline: Deadline) -> list[IPAddress]:
        """The host's addresses, when every one of them may be asked: an answer that mixes a public
        address with a private one is refused whole (its next answer could be the private one)."""
        if local_name(host):
            raise FetchError("its host name belongs to a local network")
        addresses = self.addresses(host, port, deadline)
        refused = [a for a in addresses if not public_address(a) and a not in self.allowed]
        if refused:
            raise FetchError(f"its host name points to an address that is not public ({refused[0]})")
        if not addresses:
            raise FetchError("its host name is not found")
        return addresses

    def exchange(self, url: str, headers: dict[str, str], limits: Limits, deadline: Deadline) -> Response:
        parts = urlsplit(url)
        if parts.scheme != "https" or not parts.hostname:  # fetch checks each redirect; this is the last word
            raise FetchError("not an https address")
        try:
            port = parts.port or 443
        except ValueError:
            raise FetchError("not an https address") from None
        addresses = self.checked(parts.hostname, port, deadline)
        with Watchdog(deadline) as watchdog:
            connection = self._connected(addresses, parts, watchdog)
            try:
                return self._asked(connection, parts, headers, limits, watchdog)
            finally:
                connection.close()  # a connection serves one page: its address and deadline are its own

    def _connected(
        self, addresses: list[IPAddress], parts: SplitResult, watchdog: Watchdog
    ) -> HTTPConnection:
        """A connection to the first of the addresses that accepts one."""
        failure = "no connection could be made"
        for address in addresses:
            connection = self.connection(address, parts, watchdog)
            try:
                connection.connect()
                return connection
            except urllib3.exceptions.NewConnectionError:  # refused: the next address (not a timeout,
                continue  # though urllib3 makes it a ConnectTimeoutError too)
            except (OSError, ValueError, urllib3.exceptions.HTTPError) as error:  # ssl's, CertificateError
                connection.close()
                late = isinstance(error, (TimeoutError, urllib3.exceptions.TimeoutError))
                if late or watchdog.fired.is_set():  # a handshake dripped in is cut by the watchdog
                    raise DeadlineError(watchdog.deadline) from None
                if isinstance(error, (ssl.SSLError, ValueError)):
                    failure = "its TLS connection failed (certificate or protocol)"
        raise FetchError(failure)

    def _asked(
        self,
        connection: HTTPConnection,
        parts: SplitResult,
        headers: dict[str, str],
        limits: Limits,
        watchdog: Watchdog,
    ) -> Response:
        """The answer to one GET on a connection made, read by the watchdog's deadline."""
        answered = False
        target = urlunsplit(("", "", parts.path or "/", parts.query, ""))
        try:
            connection.request(
                "GET",
                target,
                headers={"User-Agent": self.user_agent, **headers, "Host": parts.netloc},
                preload_content=False,
            )
            response = connection.getresponse()
            answered = not watchdog.fired.is_set()  # headers cut short by the shutdown end early
            body, truncated = _read(response, limits.max_bytes)
        except (OSError, http.client.HTTPException, urllib3.exceptions.HTTPError) as error:
            if watchdog.fired.is_set() or isinstance(error, (TimeoutError, urllib3.exceptions.TimeoutError)):
                raise DeadlineError(watchdog.deadline, answered) from None
            raise FetchError(_connection_failed(error)) from None
        if watchdog.fired.is_set():  # a page sent without its length ends where the shutdown cut it
            raise DeadlineError(watchdog.deadline, answered)
        return Response(
            status=response.status,
            location=response.headers.get("Location"),
            content_type=response.headers.get("Content-Type", ""),
            body=body,
            truncated=truncated,
        )


class LoopbackTransport(HttpsTransport):
    """For tests: each https://HOST/PATH is asked of http://127.0.0.1:PORT/PATH with `Host: HOST`.
    Every name stands for 127.0.0.1, and only that address is allowed (`allowed`, which tests may
    empty), so no real page is ever read over http."""

    def __init__(
        self, user_agent: str, port: int, allowed: frozenset[IPAddress] = frozenset({LOOPBACK})
    ) -> None:
        super().__init__(user_agent, allowed)
        self.port = port

    def addresses(self, host: str, port: int, deadline: Deadline) -> list[IPAddress]:
        return [LOOPBACK]

    def connection(self, address: IPAddress, parts: SplitResult, watchdog: Watchdog) -> HTTPConnection:
        return _WatchedHTTPConnection(address, self.port, watchdog)


def _read(response: urllib3.BaseHTTPResponse, max_bytes: int) -> tuple[bytes, bool]:
    """The body, at most `max_bytes` of it (and whether there was more)."""
    chunks, size = [], 0
    for chunk in response.stream(CHUNK, decode_content=True):
        chunks.append(chunk)
        size += len(chunk)
        if size > max_bytes:
            return b"".join(chunks)[:max_bytes], True
    return b"".join(chunks), False


def _connection_failed(error: Exception) -> str:
    """A connection error in words (urllib3's and http.client's own messages name their internals)."""
    if isinstance(error, urllib3.exceptions.DecodeError):
        return "its compressed body could not be read"
    if isinstance(error, (urllib3.exceptions.ProtocolError, http.client.HTTPException, ConnectionError)):
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
    not_checked: bool = False  # the run's deadline passed before the page was read

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
    def slot(self, url: str, run: Deadline) -> Iterator[None]:
        """A turn at the URL's host, waited for until the run's deadline at the most."""
        host = (urlsplit(url).hostname or "").lower()
        with self.lock:
            semaphore = self.slots.setdefault(host, threading.BoundedSemaphore(self.per_host))
        if not semaphore.acquire(timeout=run.left()):
            raise DeadlineError(run)
        try:
            yield
        finally:
            semaphore.release()


def redirect_problem(target: str) -> str | None:
    """Why a redirect's target is not followed, in words; None when it is followed. Why the data's
    rules refuse it stays unsaid: the reason would repeat the page's words."""
    if not target.startswith("https://"):
        return "not https"
    if url_problem(target) is not None:
        return "not an address the data would accept"
    if local_name(urlsplit(target).hostname or ""):
        return "a local network's host name"
    return None


def fetch(
    url: str, headers: dict[str, str], transport: Transport, limits: Limits, slots: HostSlots, run: Deadline
) -> Fetched:
    """One page, following redirects to https addresses the data's rules accept; each request done by
    its own deadline and by the run's; never raises."""
    current = url
    for _ in range(limits.max_redirects + 1):
        try:
            with slots.slot(current, run):
                page = Deadline.after(limits.timeout)  # from the turn at its host on
                deadline = run if run.at < page.at else page
                if deadline.left() <= 0:
                    raise DeadlineError(deadline)
                response = transport.exchange(current, headers, limits, deadline)
        except DeadlineError as late:
            return Fetched(url, current, error=str(late), not_checked=late.deadline.run)
        except FetchError as error:
            return Fetched(url, current, error=str(error))
        if response.status not in REDIRECTS or not response.location:
            return Fetched(
                url, current, response.status, response.content_type, response.body, response.truncated
            )
        target = urljoin(current, response.location.strip())
        why = redirect_problem(target)
        if why is not None:
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
    Hosts take turns, so that the threads do not all wait for the one host with the most pages. The
    run ends by its deadline (Limits.run_timeout): a page not read by then is reported not checked."""
    slots = HostSlots(limits.per_host)
    run = Deadline.after(limits.run_timeout, run=True)
    order = _by_turns([url for url, _ in requests])

    def one(index: int) -> T:
        return then(fetch(*requests[index], transport, limits, slots, run))

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
