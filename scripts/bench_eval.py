"""Throughput of `chemx eval --backend openai` against a local server with injected latency.

    python scripts/bench_eval.py [--items 500] [--trials 3] [--latency 0.2] [--concurrency 16 32]

A scripted OpenAI-compatible server (asyncio, HTTP/1.1 keep-alive, 127.0.0.1 only, in its
own process so it does not share the client's interpreter) answers every chat request
after `--latency` seconds with ``n`` choices. Each case runs the whole `run_eval` on a
synthetic release of `--items` items into a fresh run folder, and prints its wall time as
a ratio of the floor, ``calls x latency / concurrency``:

- ``n=3``: the server accepts ``n``; one request per item (calls = items).
- ``n=1``: the server refuses ``n > 1`` (a 400, as llama.cpp does); the client falls back
  to one request per trial (calls = items x trials; the refused probes are not counted).
- ``bare``: a bare `openai.AsyncOpenAI` loop with a semaphore over the same prompts and
  ``n=1`` (the reference for what the transport alone costs on this machine).

"request phase" is from the first request to the last record; "total" adds reading the
release, building the 500 prompts (image flattening, base64) and writing the summary.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:  # the synthetic release helper lives with the tests
    sys.path.insert(0, str(REPO))

MAX_BODY = 8 << 20
"""Largest request body the bench server reads (a prompt with one small image)."""
MAX_CONNECTIONS = 512
"""The server refuses connections beyond this: bounded whatever the client does."""
WARMUP_ITEMS = 8
"""A small run first, so that one-off costs (imports, lazy set-up) are not timed."""
LIFETIME_S = 1800
"""The server exits after this long even if its parent never stops it."""


# -- the server (runs in a child process) ----------------------------------------------


def _completion(n: int, seed: int) -> bytes:
    letters = "ABCD"
    choices = [
        {
            "index": i,
            "message": {
                "role": "assistant",
                "content": f"Reasoning.\nFINAL ANSWER: {letters[(seed + i) % 4]}",
            },
            "finish_reason": "stop",
        }
        for i in range(n)
    ]
    body = {
        "id": "chatcmpl-bench",
        "object": "chat.completion",
        "created": 0,
        "model": "bench-vlm",
        "choices": choices,
        "usage": {"prompt_tokens": 300, "completion_tokens": 20 * n, "total_tokens": 300 + 20 * n},
    }
    return json.dumps(body).encode()


def _response(status: int, body: bytes) -> bytes:
    reason = {200: "OK", 400: "Bad Request", 413: "Payload Too Large"}[status]
    head = (
        f"HTTP/1.1 {status} {reason}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\nConnection: keep-alive\r\n\r\n"
    )
    return head.encode() + body


async def _serve(latency: float, accept_n: bool) -> None:
    connections = 0

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        nonlocal connections
        connections += 1
        try:
            if connections > MAX_CONNECTIONS:
                return
            while True:
                line = await reader.readline()
                if not line:
                    return
                headers = {}
                while (header := await reader.readline()) not in (b"\r\n", b"\n", b""):
                    name, _, value = header.decode("latin-1").partition(":")
                    headers[name.strip().lower()] = value.strip()
                length = int(headers.get("content-length") or 0)
                if length > MAX_BODY:
                    writer.write(_response(413, b'{"error": {"message": "too large"}}'))
                    await writer.drain()
                    return
                request = json.loads(await reader.readexactly(length)) if length else {}
                n = int(request.get("n") or 1)
                if n > 1 and not accept_n:
                    message = b'{"error": {"message": "Only one completion choice is allowed"}}'
                    writer.write(_response(400, message))
                else:
                    await asyncio.sleep(latency)
                    writer.write(_response(200, _completion(n, int(request.get("seed") or 0))))
                await writer.drain()
        except (ConnectionError, asyncio.IncompleteReadError):
            return
        finally:
            connections -= 1
            writer.close()

    server = await asyncio.start_server(handle, "127.0.0.1", 0, backlog=MAX_CONNECTIONS)
    port = server.sockets[0].getsockname()[1]
    print(port, flush=True)
    async with server:
        await asyncio.sleep(LIFETIME_S)


def serve(latency: float, accept_n: bool) -> None:
    """Child process: serve until the parent closes our stdin (or dies)."""
    threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
    asyncio.run(_serve(latency, accept_n))


class BenchServer:
    """The server child process."""

    def __init__(self, latency: float, accept_n: bool) -> None:
        flag = "--accept-n" if accept_n else "--refuse-n"
        command = [sys.executable, __file__, "--serve", str(latency), flag]
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        assert self.process.stdout is not None
        self.url = f"http://127.0.0.1:{int(self.process.stdout.readline())}/v1"

    def __enter__(self) -> BenchServer:
        return self

    def __exit__(self, *exc_info: object) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=10)


# -- the client side -------------------------------------------------------------------


def run_case(release: Path, out: Path, url: str, concurrency: int, trials: int) -> dict[str, float]:
    from chemx.evaluation.backends import EvalSettings
    from chemx.evaluation.records import SamplingParams
    from chemx.evaluation.runner import run_eval

    marks: dict[str, float] = {}
    settings = EvalSettings(
        release=release,
        model="bench-vlm",
        backend="openai",
        trials=trials,
        sampling=SamplingParams(temperature=0.7, top_p=0.95, max_tokens=512, seed=0),
        out=out,
        base_url=url,
        concurrency=concurrency,
        max_retries=0,
    )

    def on_trial(_record: Any) -> None:
        marks["last"] = time.perf_counter()

    started = time.perf_counter()
    summary = run_eval(
        settings,
        on_start=lambda _total, _left: marks.setdefault("first", time.perf_counter()),
        on_trial=on_trial,
    )
    total = time.perf_counter() - started
    assert summary.complete and summary.errors == 0, summary.to_json()
    return {"phase": marks["last"] - marks["first"], "total": total}


async def _bare(url: str, prompts: list[list[dict[str, Any]]], concurrency: int) -> None:
    import openai

    client = openai.AsyncOpenAI(base_url=url, api_key="none", max_retries=0)
    limit = asyncio.Semaphore(concurrency)

    async def one(messages: list[dict[str, Any]], seed: int) -> None:
        async with limit:
            await client.chat.completions.create(
                model="bench-vlm",
                messages=messages,
                temperature=0.7,
                seed=seed,
                n=1,
            )

    await asyncio.gather(*(one(m, s) for m in prompts for s in range(3)))
    await client.close()


def bare_case(release: Path, url: str, concurrency: int) -> float:
    from chemx.evaluation.items import load_release
    from chemx.evaluation.prompts import build_messages, template_for
    from chemx.evaluation.records import Condition

    template = template_for(Condition.IMAGE)
    prompts = [
        [m.to_openai() for m in build_messages(item, Condition.IMAGE, template)]
        for item in load_release(release).items
    ]
    started = time.perf_counter()
    asyncio.run(_bare(url, prompts, concurrency))
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--items", type=int, default=500)
    parser.add_argument("--trials", type=int, default=3)
    parser.add_argument("--latency", type=float, default=0.2)
    parser.add_argument("--concurrency", type=int, nargs="+", default=[16, 32])
    parser.add_argument("--no-bare", action="store_true", help="Skip the bare-client reference.")
    parser.add_argument("--serve", type=float, help=argparse.SUPPRESS)
    parser.add_argument("--accept-n", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--refuse-n", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve is not None:
        serve(args.serve, args.accept_n)
        return

    from tests.evaluation._release import synthetic_rows, write_release

    results = []
    with tempfile.TemporaryDirectory(prefix="chemx-bench-eval-") as folder:
        root = Path(folder)
        release = root / "release"
        write_release(release, synthetic_rows(args.items))
        warmup = root / "warmup"
        write_release(warmup, synthetic_rows(WARMUP_ITEMS))
        for accept_n in (True, False):
            mode = f"n={args.trials}" if accept_n else "n=1"
            calls = args.items if accept_n else args.items * args.trials
            with BenchServer(args.latency, accept_n) as server:
                # imports, lazy client set-up, first connections: paid once per process
                run_case(warmup, root / f"warmup-{mode}", server.url, 4, args.trials)
                for concurrency in args.concurrency:
                    floor = calls * args.latency / concurrency
                    out = root / f"run-{mode}-{concurrency}"
                    times = run_case(release, out, server.url, concurrency, args.trials)
                    phase, total = times["phase"], times["total"]
                    results.append(
                        {
                            "mode": mode,
                            "concurrency": concurrency,
                            "calls": calls,
                            "floor_s": round(floor, 3),
                            "request_phase_s": round(phase, 3),
                            "total_s": round(total, 3),
                            "ratio": round(phase / floor, 3),
                        }
                    )
                    print(
                        f"{mode:>5}  concurrency {concurrency:>3}: {calls} calls, "
                        f"floor {floor:.2f} s, request phase {phase:.2f} s "
                        f"({phase / floor:.2f}x), total {total:.2f} s ({total / floor:.2f}x)",
                        flush=True,
                    )
                    if not accept_n and not args.no_bare:
                        bare = bare_case(release, server.url, concurrency)
                        results.append(
                            {
                                **results[-1],
                                "mode": "bare",
                                "request_phase_s": round(bare, 3),
                                "total_s": round(bare, 3),
                                "ratio": round(bare / floor, 3),
                            }
                        )
                        print(
                            f" bare  concurrency {concurrency:>3}: {calls} calls, "
                            f"floor {floor:.2f} s, {bare:.2f} s ({bare / floor:.2f}x)",
                            flush=True,
                        )
    print(json.dumps(results))


if __name__ == "__main__":
    main()
