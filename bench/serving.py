"""A static file server on a loopback port, for tests and benchmarks alike."""

from __future__ import annotations

import functools
import http.server
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any


class QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        # a browser that leaves a page mid-load closes its connection: no traceback for that
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@contextmanager
def serve(
    directory: Path, handler: type[http.server.SimpleHTTPRequestHandler], port: int = 0
) -> Iterator[str]:
    """`directory` served by `handler` on a loopback port (a free one unless given), until the block ends."""
    httpd = QuietServer(("127.0.0.1", port), functools.partial(handler, directory=str(directory)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
