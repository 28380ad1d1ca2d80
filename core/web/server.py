"""``phaseline serve``: the web board over HTTP on the loopback interface (standard library only).

Routes: ``/`` the page, ``/static/*`` its script and style (package data, no CDN),
``/api/state`` the clock, decision and log, ``/api/map.svg?reach=UNIT`` the map,
``/api/unit?id=UNIT`` a counter and its legal orders, ``POST /api/order`` a typed or
clicked order, ``/api/events`` server-sent events when the match changes (another tab,
another terminal). Only loopback host names are answered (no DNS rebinding), and an order
must carry the page's token (no other site can post one through the player's browser).
"""

from __future__ import annotations

import json
import secrets
import sys
import threading
import time
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib.resources import files
from typing import Any
from urllib.parse import parse_qs, urlsplit

from ..errors import PhaselineError
from .board import MatchBoard

HOST = "127.0.0.1"
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
POLL_SECONDS = 0.5  # how often the events stream looks at the store file
HEARTBEAT_SECONDS = 15.0
STATIC = {"board.js": "text/javascript", "board.css": "text/css"}
MAX_BODY = 64 * 1024


class BoardServer(ThreadingHTTPServer):
    """The HTTP server of one match's board; ``stopping`` ends the event streams."""

    daemon_threads = True

    def __init__(self, board: MatchBoard, port: int) -> None:
        self.board = board
        self.token = secrets.token_urlsafe(24)
        self.stopping = threading.Event()
        super().__init__((HOST, port), BoardHandler)

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.server_address[1]}/"

    def shutdown(self) -> None:
        self.stopping.set()
        super().shutdown()


class BoardHandler(BaseHTTPRequestHandler):
    server: BoardServer
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the terminal running ``serve`` shows only what matters."""

    # --- routing -------------------------------------------------------------------

    def do_GET(self) -> None:
        if not self._loopback():
            return
        url = urlsplit(self.path)
        query = {k: v[0] for k, v in parse_qs(url.query).items()}
        board = self.server.board
        try:
            if url.path == "/":
                self._send(HTTPStatus.OK, "text/html; charset=utf-8", self._page())
            elif url.path == "/favicon.ico":
                self._send(HTTPStatus.NO_CONTENT, "image/x-icon", "")
            elif url.path.startswith("/static/") and url.path[8:] in STATIC:
                name = url.path[8:]
                self._send(HTTPStatus.OK, STATIC[name] + "; charset=utf-8", _static(name))
            elif url.path == "/api/state":
                self._json(board.state())
            elif url.path == "/api/map.svg":
                self._send(HTTPStatus.OK, "image/svg+xml; charset=utf-8", board.svg(query.get("reach")))
            elif url.path == "/api/unit" and query.get("id"):
                self._json(board.unit(query["id"]))
            elif url.path == "/api/events":
                self._events()
            else:
                self._json({"error": f"no page {url.path}"}, HTTPStatus.NOT_FOUND)
        except PhaselineError as error:
            self._json({"error": str(error), "rule": getattr(error, "rule", None)}, HTTPStatus.BAD_REQUEST)

    def do_POST(self) -> None:
        if not self._loopback():
            return
        if urlsplit(self.path).path != "/api/order":
            self._json({"error": f"no page {self.path}"}, HTTPStatus.NOT_FOUND)
            return
        if not secrets.compare_digest(self.headers.get("X-Phaseline-Token", ""), self.server.token):
            self._json({"error": "an order must come from the board's own page"}, HTTPStatus.FORBIDDEN)
            return
        length = int(self.headers.get("Content-Length") or 0)
        if length > MAX_BODY:
            self._json({"error": "the order is too long"}, HTTPStatus.REQUEST_ENTITY_TOO_LARGE)
            return
        try:
            line = str(json.loads(self.rfile.read(length) or b"{}").get("line", ""))
        except (ValueError, AttributeError):
            self._json({"error": 'send {"line": "ORDER"}'}, HTTPStatus.BAD_REQUEST)
            return
        self._json(self.server.board.order(line))

    # --- answers -------------------------------------------------------------------

    def _loopback(self) -> bool:
        host = (self.headers.get("Host") or "").rsplit(":", 1)[0]
        if host in LOOPBACK_NAMES:
            return True
        self._json({"error": "the board answers only on the loopback interface"}, HTTPStatus.FORBIDDEN)
        return False

    def _page(self) -> str:
        return (
            _static("board.html")
            .replace("{{token}}", self.server.token)
            .replace("{{game}}", self.server.board.match_id)
        )

    def _json(self, value: Any, status: HTTPStatus = HTTPStatus.OK) -> None:
        self._send(status, "application/json", json.dumps(value, default=str))

    def _send(self, status: HTTPStatus, kind: str, body: str) -> None:
        data = body.encode()
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(data)

    def _events(self) -> None:
        """Server-sent events: ``seq`` with the match's last event whenever it changes."""
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        board, stopping = self.server.board, self.server.stopping
        stamp, seq, beat = None, None, time.monotonic()
        try:
            while not stopping.is_set():
                now = board.store_stamp()
                if now != stamp:
                    stamp, last = now, _quietly(board.last_seq)
                    if last is not None and last != seq:
                        seq = last
                        self.wfile.write(f"event: seq\ndata: {seq}\n\n".encode())
                        self.wfile.flush()
                if time.monotonic() - beat > HEARTBEAT_SECONDS:
                    beat = time.monotonic()
                    self.wfile.write(b": still here\n\n")
                    self.wfile.flush()
                stopping.wait(POLL_SECONDS)
        except (BrokenPipeError, ConnectionResetError):
            return  # the page was closed


def _quietly(read: Any) -> Any:
    """``read()``, or None while the store is busy (another process writing: asked again soon)."""
    try:
        return read()
    except PhaselineError:
        return None


def _static(name: str) -> str:
    return (files("phaseline.web") / "static" / name).read_text(encoding="utf-8")


def serve(board: MatchBoard, port: int, ready: Any = None) -> None:
    """Serve ``board`` on the loopback interface until interrupted; ``ready(url)`` once listening."""
    try:
        server = BoardServer(board, port)
    except OSError as error:
        raise PhaselineError(
            f"cannot serve on {HOST}:{port}: {error.strerror or error}; choose another --port"
        ) from None
    (ready or print)(server.url)
    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    finally:
        server.stopping.set()
        server.server_close()
        sys.stdout.flush()
