"""Scripted chat replies for the fake OpenAI-compatible server: n choices per request."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from tests.evaluation._release import answer_letter
from tests.fakes.openai_server import RecordedRequest, Reply


def choices_reply(texts: Sequence[str], *, prompt_tokens: int = 30) -> Reply:
    """A 200 chat completion holding one choice per text."""
    body = {
        "id": "chatcmpl-eval",
        "object": "chat.completion",
        "created": 0,
        "model": "fake-vlm",
        "choices": [
            {
                "index": i,
                "message": {"role": "assistant", "content": text},
                "finish_reason": "stop",
            }
            for i, text in enumerate(texts)
        ],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": 5 * len(texts),
            "total_tokens": prompt_tokens + 5 * len(texts),
        },
    }
    return Reply(body=json.dumps(body).encode())


def n_of(request: RecordedRequest) -> int:
    return int(request.json.get("n") or 1)


def oracle(
    answer: Callable[[dict[str, Any], int], str] | None = None, *, accept_n: bool = True
) -> Callable[[RecordedRequest], Reply]:
    """A responder: `answer(body, i)` is choice i's text (default: the right letter).

    Without `accept_n` it refuses n > 1 the way vLLM's and llama.cpp's servers word it.
    """

    def respond(request: RecordedRequest) -> Reply:
        body = request.json
        n = n_of(request)
        if n > 1 and not accept_n:
            return Reply.error(400, "Only one completion choice is allowed (n must be 1)")
        write = answer or (lambda b, _i: f"Reasoning ... FINAL ANSWER: {answer_letter(b)}")
        return choices_reply([write(body, i) for i in range(n)])

    return respond
