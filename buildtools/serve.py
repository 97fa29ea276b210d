"""Serve dist/ on localhost (the play command and the tests' server)."""

from __future__ import annotations

import argparse
import contextlib
import errno
import functools
import http.server
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from buildtools.common import DIST, MIME_TYPES, BuildError
from buildtools.site import build


class DistHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the right MIME types and no caching; optional sub-path prefix."""

    extensions_map = MIME_TYPES
    protocol_version = "HTTP/1.1"  # keep-alive: the page makes ~40 requests
    prefix = ""  # e.g. "/pywar" to test serving from a sub-path, as on GitHub Pages
    quiet = True

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def translate_path(self, path: str) -> str:
        if self.prefix:
            if not (path == self.prefix or path.startswith(self.prefix + "/")):
                return str(Path(self.directory) / ".no-such-file")
            path = path[len(self.prefix) :] or "/"
        return super().translate_path(path)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib signature
        if not self.quiet:
            super().log_message(format, *args)


class DistServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):
            return  # the browser gave up on a response (navigation, test teardown)
        super().handle_error(request, client_address)


def make_server(
    directory: Path = DIST,
    host: str = "127.0.0.1",
    port: int = 0,
    *,
    prefix: str = "",
    quiet: bool = True,
) -> DistServer:
    """An HTTP server for `directory`; port 0 picks a free port (see `server.server_port`)."""
    handler = type("Handler", (DistHandler,), {"prefix": prefix.rstrip("/"), "quiet": quiet})
    return DistServer((host, port), functools.partial(handler, directory=str(directory)))


@contextlib.contextmanager
def serving(directory: Path = DIST, *, prefix: str = "") -> Iterator[str]:
    """Serve `directory` on a free localhost port in a thread; yields the base URL (with /)."""
    server = make_server(directory, prefix=prefix)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}{prefix.rstrip('/')}/"
    finally:
        server.shutdown()
        server.server_close()


def cmd_serve(args: argparse.Namespace) -> int:
    try:  # the port first: a busy one is one line, not a traceback after a build
        server = make_server(DIST, args.host, args.port, quiet=False)
    except OSError as exc:
        if exc.errno in (errno.EADDRINUSE, errno.EACCES):
            why = "is already in use" if exc.errno == errno.EADDRINUSE else "is not allowed"
            raise BuildError(
                f"port {args.port} on {args.host} {why}: serve on another one, e.g. "
                f"python3 build.py serve --port {args.port + 1 if args.port < 65535 else 8080}"
            ) from None
        raise BuildError(f"cannot serve on {args.host}:{args.port}: {exc.strerror}") from None
    try:
        if not args.no_build:
            build()
        print(
            f"Serving dist/ on http://{args.host}:{server.server_port}/  (Ctrl-C to stop)",
            flush=True,
        )
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0
