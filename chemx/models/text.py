"""Free-text completions: the model's own words, `n` samples per prompt (model evaluation).

`ModelClient.complete_text` is the free-text sibling of the structured `complete`: the
same transport (tenacity retries, the per-endpoint in-flight bound, the secret scrubbing)
and the same response cache, keyed with `n`. What differs:

- Every request states its sampling in full: temperature, top_p, the max-tokens field
  and the seed, plus `n`. A served model's generation_config must never decide how it is
  sampled, so nothing is left to the server's defaults.
- `n` samples come from one request (``n=n``, one seed) where the server accepts it, and
  otherwise from `n` requests with ``n=1`` and seeds ``seed + t``. A server that refuses
  ``n > 1`` (a 400 that names ``n`` or the number of choices, as llama.cpp's server
  does) or silently returns fewer choices than asked is remembered per endpoint, and the
  samples are asked again one by one.
- Any text is an answer: a truncated or empty reply is kept as the model's output (the
  caller scores it); only a request that got no reply is a failure.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import openai
from openai.types.chat import ChatCompletion

from chemx.models._call import CallContext
from chemx.models._transport import TransportFailure, describe_failure
from chemx.models._wire import sampling_params
from chemx.models.cache import ResponseCache, cache_read, cache_write, request_key
from chemx.models.config import RoleConfig
from chemx.models.messages import Message, Sampling
from chemx.models.retry import is_transient
from chemx.prompts import PromptTemplate
from chemx.records import ModelCall

log = logging.getLogger("chemx.models")

TEXT_MODE = "text"
"""The structured-output field of a free-text request's cache key (no schema is sent)."""
DEFAULT_TOP_P = 1.0
"""Sent when the caller gives no top_p: the server's own default must not apply."""
N_REFUSED = re.compile(r"\bn\b|\bchoices?\b", re.IGNORECASE)
"""A 400 whose message matches this refused ``n > 1`` ("n must be 1", llama.cpp's "Only
one completion choice is allowed")."""
MAX_ERROR_CHARS = 500

Sender = Callable[[CallContext, list[dict[str, Any]], dict[str, Any]], Awaitable[ChatCompletion]]
"""`ModelClient._send`: one request under the transport retry policy and in-flight bound."""


@dataclass(frozen=True)
class TextSample:
    """One sampled answer and the request it came from."""

    text: str | None
    """The message content ('' when the model said nothing); None when the request failed."""
    finish_reason: str | None
    call: ModelCall
    """The request that produced it; the samples of one ``n``-request share it."""
    seed: int | None
    """The seed that request was sent with."""
    n: int
    """How many samples that request asked for."""
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    """This sample's share of its request's usage (split evenly over the request's samples,
    so summing over samples gives the request's total)."""
    error: str | None = None
    """Why there is no text (the same as `call.error`)."""


@dataclass(frozen=True)
class TextResult:
    """The `n` samples of one prompt, in order."""

    samples: tuple[TextSample, ...]
    batched: bool
    """Whether one request with ``n`` produced every sample."""

    @property
    def choices(self) -> list[str | None]:
        """The sampled texts (None for a sample whose request failed)."""
        return [sample.text for sample in self.samples]

    @property
    def calls(self) -> list[ModelCall]:
        """The distinct requests behind the samples, in order."""
        calls: dict[str, ModelCall] = {}
        for sample in self.samples:
            calls.setdefault(sample.call.id, sample.call)
        return list(calls.values())

    @property
    def ok(self) -> bool:
        """Whether every sample has text."""
        return all(sample.error is None for sample in self.samples)


@dataclass
class TextCall:
    """Everything one `complete_text` call needs from the client that makes it."""

    role: str
    config: RoleConfig
    send: Sender
    cache: ResponseCache | None
    scrub: Callable[[str], str]
    unbatched: set[tuple[str, str]]
    """Endpoints (base_url, model) known to refuse ``n > 1``; shared by the client's calls."""

    async def run(
        self,
        messages: Sequence[Message],
        *,
        n: int,
        sampling: Sampling,
        template: PromptTemplate | None,
        node_id: str | None,
    ) -> TextResult:
        """Ask for `n` samples (see the module docstring for how)."""
        if n < 1:
            raise ValueError("n must be at least 1")
        if not messages:
            raise ValueError("a model call needs at least one message")
        wire = [message.to_openai() for message in messages]
        endpoint = (self.config.base_url, self.config.model)
        if n > 1 and endpoint not in self.unbatched:
            samples = await self._request(messages, wire, n, sampling, template, node_id)
            if samples is not None:
                return TextResult(tuple(samples), batched=True)
            self.unbatched.add(endpoint)
            log.info(
                "%s: %s (%s) does not return n=%d choices in one request; asking one by one",
                self.role,
                self.config.endpoint,
                self.config.model,
                n,
            )
        base = sampling.seed
        singles = await asyncio.gather(
            *(
                self._request(
                    messages,
                    wire,
                    1,
                    replace(sampling, seed=None if base is None else base + t),
                    template,
                    node_id,
                )
                for t in range(n)
            )
        )
        samples = []
        for single in singles:
            assert single is not None  # only an n > 1 request can be refused for its n
            samples.extend(single)
        return TextResult(tuple(samples), batched=n == 1)

    def body(self, n: int, sampling: Sampling) -> dict[str, Any]:
        """The request's sampling fields, every one stated."""
        params = sampling_params(self.config, sampling)
        params["top_p"] = sampling.top_p if sampling.top_p is not None else DEFAULT_TOP_P
        params["n"] = n
        return params

    async def _request(
        self,
        messages: Sequence[Message],
        wire: list[dict[str, Any]],
        n: int,
        sampling: Sampling,
        template: PromptTemplate | None,
        node_id: str | None,
    ) -> list[TextSample] | None:
        """One request for `n` samples; None when the server refused or cut short ``n > 1``."""
        body = self.body(n, sampling)
        key = request_key(
            endpoint=self.config.endpoint,
            model=self.config.model,
            messages=messages,
            sampling=body,
            structured_output=TEXT_MODE,
            schema=None,
            template_hash=template.sha256 if template else None,
        )
        call = CallContext(self.role, self.config, template, node_id, key, time.monotonic())
        cached = await self._from_cache(call, n)
        if cached is not None:
            return self._samples(call, cached, sampling.seed, n, None, None)
        try:
            completion = await self.send(call, wire, body)
        except TransportFailure as exc:
            if n > 1 and _refuses_n(exc.cause):
                return None
            kind = "transport" if is_transient(exc.cause) else "http"
            call.error = self.scrub(
                f"{kind}: {describe_failure(exc.cause, self.config, exc.attempts)}"
            )[:MAX_ERROR_CHARS]
            log.warning("%s call for %s failed: %s", self.role, node_id or "-", call.error)
            record = call.record()
            return [
                TextSample(None, None, record, sampling.seed, n, error=call.error) for _ in range(n)
            ]
        choices: list[tuple[str, str | None]] = [
            (choice.message.content or "", choice.finish_reason or None)
            for choice in sorted(completion.choices, key=lambda choice: choice.index)
        ]
        if len(choices) < n:
            return None
        choices = choices[:n]
        call.add_usage(completion)
        await self._to_cache(call, completion, choices)
        return self._samples(
            call, choices, sampling.seed, n, call.prompt_tokens, call.completion_tokens
        )

    @staticmethod
    def _samples(
        call: CallContext,
        choices: list[tuple[str, str | None]],
        seed: int | None,
        n: int,
        prompt_tokens: int | None,
        completion_tokens: int | None,
    ) -> list[TextSample]:
        record = call.record()
        prompt_shares = _shares(prompt_tokens, n)
        completion_shares = _shares(completion_tokens, n)
        return [
            TextSample(text, reason, record, seed, n, prompt_shares[i], completion_shares[i])
            for i, (text, reason) in enumerate(choices)
        ]

    async def _from_cache(self, call: CallContext, n: int) -> list[tuple[str, str | None]] | None:
        text = await cache_read(self.cache, call.key, self.scrub)
        if text is None:
            return None
        try:
            entry = json.loads(text)
            choices = [(str(c["text"]), c.get("finish_reason")) for c in entry["choices"]]
        except (ValueError, KeyError, TypeError):
            log.warning("ignoring unreadable cache entry %s", call.key[:16])
            return None
        if len(choices) != n:
            return None
        call.cache_hit = True
        return choices

    async def _to_cache(
        self,
        call: CallContext,
        completion: ChatCompletion,
        choices: list[tuple[str, str | None]],
    ) -> None:
        if self.cache is None:
            return
        entry = {
            "choices": [{"text": text, "finish_reason": reason} for text, reason in choices],
            "model": completion.model,
            "prompt_tokens": call.prompt_tokens,
            "completion_tokens": call.completion_tokens,
        }
        await cache_write(self.cache, call.key, entry, self.scrub)


def _refuses_n(exc: BaseException) -> bool:
    """Whether a failed ``n > 1`` request was refused for its ``n``."""
    return isinstance(exc, openai.BadRequestError) and bool(N_REFUSED.search(exc.message))


def _shares(total: int | None, n: int) -> list[int | None]:
    """`total` split into `n` integer shares that sum to it (the remainder on the first)."""
    if total is None:
        return [None] * n
    share, remainder = divmod(total, n)
    return [share + (remainder if i == 0 else 0) for i in range(n)]
