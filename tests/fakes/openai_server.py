"""A real OpenAI-compatible HTTP server on 127.0.0.1, for testing the model client.

It stands in for the network only: the client under test is the real `openai` package
talking HTTP to this server. Replies are scripted (a queue, then a function of the
request, then a default), faults are injectable (429 with Retry-After, 500, a hanging
response, a malformed body, truncated content, a llama.cpp-style refusal of
`json_schema`), and every request is recorded so tests can assert what was sent.

Run as a script (`python -m tests.fakes.openai_server --port P`) it serves until killed,
which lets tests stand it in for a `llama_cpp.server` process.
"""

from __future__ import annotations

import argparse
import json
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

__all__ = ["FakeOpenAIServer", "RecordedRequest", "Reply"]


@dataclass(frozen=True)
class Reply:
    """One scripted answer to a chat completion request."""

    status: int = 200
    content: str | None = "{}"
    """The assistant message content (for status 200)."""
    finish_reason: str = "stop"
    body: bytes | None = None
    """A raw body that replaces the generated one (malformed JSON, error bodies)."""
    headers: dict[str, str] = field(default_factory=dict)
    delay_s: float = 0.0
    hang_s: float = 0.0
    """Sleep this long before answering (released early when the server stops)."""
    prompt_tokens: int = 11
    completion_tokens: int = 7
    refusal: str | None = None

    @classmethod
    def ok(cls, content: str | dict[str, Any], **kwargs: Any) -> Reply:
        text = content if isinstance(content, str) else json.dumps(content)
        return cls(content=text, **kwargs)

    @classmethod
    def rate_limited(cls, retry_after: str | None = "0.2") -> Reply:
        headers = {"Retry-After": retry_after} if retry_after is not None else {}
        return cls.error(429, "Rate limit reached, slow down", headers=headers)

    @classmethod
    def server_error(cls, status: int = 500, message: str = "internal error") -> Reply:
        return cls.error(status, message)

    @classmethod
    def error(cls, status: int, message: str, headers: dict[str, str] | None = None) -> Reply:
        body = json.dumps({"error": {"message": message, "type": "server_error", "code": status}})
        return cls(status=status, body=body.encode(), headers=headers or {})

    @classmethod
    def hang(cls, seconds: float = 30.0) -> Reply:
        return cls(hang_s=seconds)

    @classmethod
    def malformed(cls) -> Reply:
        return cls(body=b'{"id": "chatcmpl-x", "choices": [{"index": 0, "mess')

    @classmethod
    def truncated(cls, content: str = '{"identifier": "3') -> Reply:
        return cls(content=content, finish_reason="length")


@dataclass(frozen=True)
class RecordedRequest:
    """What the server received."""

    method: str
    path: str
    headers: dict[str, str]
    raw: bytes
    received_at: float
    """time.monotonic() when the request line arrived."""

    @property
    def json(self) -> Any:
        return json.loads(self.raw) if self.raw else None


Responder = Callable[[RecordedRequest], Reply]

LLAMA_CPP_SCHEMA_ERROR = (
    b'{"error":{"code":500,"message":"Unrecognized schema: json_schema","type":"server_error"}}'
)


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 128
    """A burst of concurrent clients connects at once (the listen backlog is 5 otherwise)."""


class FakeOpenAIServer:
    """Serves `POST /v1/chat/completions` and `GET /v1/models` from a background thread."""

    def __init__(
        self,
        *,
        port: int = 0,
        latency_s: float = 0.0,
        responder: Responder | None = None,
        default: Reply | None = None,
        refuse_json_schema: bool = False,
        models: Iterable[str] = ("fake-model",),
    ) -> None:
        self.latency_s = latency_s
        self.responder = responder
        self.default = default or Reply()
        self.refuse_json_schema = refuse_json_schema
        self.models = tuple(models)
        self.requests: list[RecordedRequest] = []
        """Every chat completion request, in arrival order."""
        self.all_requests: list[RecordedRequest] = []
        self.in_flight = 0
        self.max_in_flight = 0
        self._queue: deque[Reply] = deque()
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._httpd = _Server(("127.0.0.1", port), self._handler_class())
        self._thread: threading.Thread | None = None

    # -- lifecycle -------------------------------------------------------------------

    @property
    def port(self) -> int:
        return int(self._httpd.server_address[1])

    @property
    def url(self) -> str:
        """The base URL a client is configured with."""
        return f"http://127.0.0.1:{self.port}/v1"

    def start(self) -> FakeOpenAIServer:
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()  # releases hanging handlers
        self._httpd.shutdown()
        self._httpd.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> FakeOpenAIServer:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    # -- scripting -------------------------------------------------------------------

    def enqueue(self, *replies: Reply) -> None:
        """Answer the next requests with these replies, in order."""
        with self._lock:
            self._queue.extend(replies)

    def reset(self) -> None:
        with self._lock:
            self._queue.clear()
            self.requests.clear()
            self.all_requests.clear()
            self.max_in_flight = 0

    @property
    def chat_bodies(self) -> list[dict[str, Any]]:
        return [request.json for request in self.requests]

    def _next_reply(self, request: RecordedRequest) -> Reply:
        with self._lock:
            if self._queue:
                return self._queue.popleft()
        if self.responder is not None:
            return self.responder(request)
        return self.default

    # -- HTTP ------------------------------------------------------------------------

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True  # as uvicorn and vLLM do: no 40 ms ACK stall

            def log_message(self, format: str, *args: Any) -> None:
                """Silence the default stderr access log."""

            def _record(self) -> RecordedRequest:
                started = time.monotonic()
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) if length else b""
                request = RecordedRequest(
                    method=self.command,
                    path=self.path,
                    headers={k.lower(): v for k, v in self.headers.items()},
                    raw=raw,
                    received_at=started,
                )
                with fake._lock:
                    fake.all_requests.append(request)
                return request

            def _send(
                self, status: int, body: bytes, headers: dict[str, str] | None = None
            ) -> None:
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(body)))
                    for name, value in (headers or {}).items():
                        self.send_header(name, value)
                    self.end_headers()
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (timeout); nothing to answer

            def do_GET(self) -> None:
                self._record()
                if self.path.rstrip("/") == "/v1/models":
                    data = [{"id": m, "object": "model", "owned_by": "fake"} for m in fake.models]
                    self._send(200, json.dumps({"object": "list", "data": data}).encode())
                else:
                    self._send(404, b'{"error": {"message": "not found"}}')

            def do_POST(self) -> None:
                request = self._record()
                if self.path.rstrip("/") != "/v1/chat/completions":
                    self._send(404, b'{"error": {"message": "not found"}}')
                    return
                with fake._lock:
                    fake.requests.append(request)
                    fake.in_flight += 1
                    fake.max_in_flight = max(fake.max_in_flight, fake.in_flight)
                try:
                    self._answer(request)
                finally:
                    with fake._lock:
                        fake.in_flight -= 1

            def _answer(self, request: RecordedRequest) -> None:
                body = request.json
                if fake.latency_s:
                    time.sleep(fake.latency_s)
                response_format = (body or {}).get("response_format") or {}
                if fake.refuse_json_schema and response_format.get("type") == "json_schema":
                    self._send(500, LLAMA_CPP_SCHEMA_ERROR)
                    return
                reply = fake._next_reply(request)
                if reply.delay_s:
                    time.sleep(reply.delay_s)
                if reply.hang_s:
                    fake._stopping.wait(reply.hang_s)
                if reply.body is not None:
                    self._send(reply.status, reply.body, reply.headers)
                    return
                completion = {
                    "id": f"chatcmpl-{len(fake.requests)}",
                    "object": "chat.completion",
                    "created": int(time.time()),
                    "model": (body or {}).get("model", "fake-model"),
                    "choices": [
                        {
                            "index": 0,
                            "message": {
                                "role": "assistant",
                                "content": reply.content,
                                "refusal": reply.refusal,
                            },
                            "finish_reason": reply.finish_reason,
                        }
                    ],
                    "usage": {
                        "prompt_tokens": reply.prompt_tokens,
                        "completion_tokens": reply.completion_tokens,
                        "total_tokens": reply.prompt_tokens + reply.completion_tokens,
                    },
                }
                self._send(reply.status, json.dumps(completion).encode(), reply.headers)

        return Handler


def main() -> None:
    """Serve until killed; used as a stand-in `llama_cpp.server` process."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--model", default="fake-model")
    args, _ = parser.parse_known_args()
    server = FakeOpenAIServer(port=args.port, models=(args.model,)).start()
    try:
        threading.Event().wait()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
