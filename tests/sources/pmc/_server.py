"""A loopback stand-in for E-utilities and the PMC bucket, serving recorded fixture files.

- ``/eutils/esearch.fcgi``: page 1 (JSON) for a new search, page 2 (XML) for a request
  that names the stored result (``WebEnv``, ``query_key``) from ``retstart=5``.
- ``/bucket/?list-type=2&prefix=P``: an S3 ListObjectsV2 page of the fixture bucket
  folder (key, size, ETag = MD5).
- ``/bucket/<key>``: the object, honouring ``Range: bytes=N-`` with a 206.

`script(path, [Scripted(429, ...), ...], when={...})` makes the next requests for a path
(whose query has the `when` values) answer with those statuses before the fixture. Every request is
recorded. The server listens on 127.0.0.1 only and shuts itself down after
`LIFETIME_S` even if a test forgets to.
"""

from __future__ import annotations

import hashlib
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit
from xml.sax.saxutils import escape

FIXTURES = Path(__file__).parent / "fixtures"
BUCKET_FOLDER = FIXTURES / "bucket"
LIFETIME_S = 120.0


@dataclass(frozen=True)
class Seen:
    """One request the server answered."""

    path: str
    query: dict[str, str]
    headers: dict[str, str]
    at: float
    status: int


@dataclass
class Scripted:
    """An answer served before the fixture: a status and headers."""

    status: int
    headers: dict[str, str] = field(default_factory=dict)


class FixtureServer:
    """Start with `start()`, stop with `stop()` (or let `LIFETIME_S` do it)."""

    def __init__(self, bucket: Path = BUCKET_FOLDER) -> None:
        self.bucket = bucket
        self.seen: list[Seen] = []
        self.scripts: list[tuple[str, dict[str, str], Scripted]] = []
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._timer = threading.Timer(LIFETIME_S, self._server.shutdown)
        self._timer.daemon = True

    @property
    def url(self) -> str:
        """Base URL, e.g. http://127.0.0.1:40123."""
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def start(self) -> FixtureServer:
        self._thread.start()
        self._timer.start()
        return self

    def stop(self) -> None:
        self._timer.cancel()
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=10)

    def script(
        self, path: str, answers: list[Scripted], when: dict[str, str] | None = None
    ) -> None:
        """Serve `answers` to the next requests for `path` (with `when` in their query)."""
        with self._lock:
            self.scripts.extend((path, when or {}, answer) for answer in answers)

    def requests(self, prefix: str) -> list[Seen]:
        """Requests whose path starts with `prefix`."""
        with self._lock:
            return [seen for seen in self.seen if seen.path.startswith(prefix)]

    def article_file_requests(self) -> list[Seen]:
        """GETs of article files or metadata (not searches, not listings)."""
        return [
            seen
            for seen in self.requests("/bucket/")
            if seen.path != "/bucket/" and seen.status < 400
        ]

    def _record(self, seen: Seen) -> None:
        with self._lock:
            self.seen.append(seen)

    def _next_script(self, path: str, query: dict[str, str]) -> Scripted | None:
        with self._lock:
            for index, (wanted, when, answer) in enumerate(self.scripts):
                if wanted == path and all(query.get(k) == v for k, v in when.items()):
                    del self.scripts[index]
                    return answer
            return None

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: object) -> None:  # quiet
                return

            def do_GET(self) -> None:
                parts = urlsplit(self.path)
                query = {k: v[0] for k, v in parse_qs(parts.query).items()}
                status, body, headers = server._answer(parts.path, query, dict(self.headers))
                server._record(
                    Seen(parts.path, query, dict(self.headers), time.monotonic(), status)
                )
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        return Handler

    def _answer(
        self, path: str, query: dict[str, str], headers: dict[str, str]
    ) -> tuple[int, bytes, dict[str, str]]:
        scripted = self._next_script(path, query)
        if scripted is not None:
            return scripted.status, b"scripted failure", scripted.headers
        if path == "/eutils/esearch.fcgi":
            return self._esearch(query)
        if path == "/bucket/" and query.get("list-type") == "2":
            return 200, self._listing(query.get("prefix", "")), {"Content-Type": "application/xml"}
        if path.startswith("/bucket/"):
            return self._object(path.removeprefix("/bucket/"), headers)
        return 404, b"not found", {}

    def _esearch(self, query: dict[str, str]) -> tuple[int, bytes, dict[str, str]]:
        if query.get("WebEnv") == "MCID_fixture_webenv" and query.get("retstart") == "5":
            page = FIXTURES / "eutils" / "esearch_page2.xml"
            return 200, page.read_bytes(), {"Content-Type": "text/xml"}
        if "open access[filter]" in query.get("term", ""):
            page = FIXTURES / "eutils" / "esearch_page1.json"
            return 200, page.read_bytes(), {"Content-Type": "application/json"}
        return 400, b'{"error": "unexpected esearch request"}', {}

    def _listing(self, prefix: str) -> bytes:
        keys = sorted(
            path.relative_to(self.bucket).as_posix()
            for path in self.bucket.rglob("*")
            if path.is_file()
        )
        contents = "".join(
            f"<Contents><Key>{escape(key)}</Key><Size>{(self.bucket / key).stat().st_size}</Size>"
            f'<ETag>"{hashlib.md5((self.bucket / key).read_bytes()).hexdigest()}"</ETag></Contents>'
            for key in keys
            if key.startswith(prefix)
        )
        return (
            '<?xml version="1.0" encoding="UTF-8"?>'
            '<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">'
            f"<Name>pmc-oa-opendata</Name><Prefix>{escape(prefix)}</Prefix>"
            f"<IsTruncated>false</IsTruncated>{contents}</ListBucketResult>"
        ).encode()

    def _object(self, key: str, headers: dict[str, str]) -> tuple[int, bytes, dict[str, str]]:
        path = self.bucket / key
        if ".." in key.split("/") or not path.is_file():
            return 404, b"<Error><Code>NoSuchKey</Code></Error>", {}
        data = path.read_bytes()
        wanted = headers.get("Range", "")
        if wanted.startswith("bytes=") and wanted.endswith("-"):
            start = int(wanted.removeprefix("bytes=").removesuffix("-"))
            if start >= len(data):
                return 416, b"", {}
            return (
                206,
                data[start:],
                {"Content-Range": f"bytes {start}-{len(data) - 1}/{len(data)}"},
            )
        return 200, data, {}
