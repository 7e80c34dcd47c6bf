"""One client for every LLM/VLM role: structured output, retries, limits, cache, provenance.

`ModelClient.complete` (async) is the core; `complete_sync` runs it on a private event
loop in a background thread, so the sync LangGraph nodes running in worker threads can
call it concurrently and still share one connection pool and one concurrency limit per
endpoint.

A call sends chat messages (text and PNG images as data URLs) with the output model's
JSON schema, validates the answer against that model, retries invalid or truncated
answers a bounded number of times, and returns either `CallOk` (a validated answer) or
`CallFailed` (an explicit failure), each with the `ModelCall` the caller writes to the
provenance store with its node. API keys are read from the environment once, sent only
in the Authorization header, and scrubbed from every error text.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import threading
import time
import weakref
from collections.abc import Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

import openai
from openai.types.chat import ChatCompletion, ChatCompletionMessageParam
from pydantic import BaseModel, ValidationError
from tenacity import AsyncRetrying, RetryCallState, retry_if_exception, stop_after_attempt

from chemx.models._call import CallContext
from chemx.models._transport import TransportFailure, describe_failure
from chemx.models._wire import (
    parse,
    response_format,
    sampling_params,
    summarise,
    with_schema_instruction,
)
from chemx.models.cache import ResponseCache, cache_read, cache_write, request_key
from chemx.models.config import ModelsConfig, RoleConfig
from chemx.models.messages import Message, Sampling
from chemx.models.results import CallFailed, CallOk, CallResult, FailureKind
from chemx.models.retry import MalformedResponse, is_transient, wait_retry_after
from chemx.models.text import TextCall, TextResult
from chemx.prompts import PromptTemplate

T = TypeVar("T", bound=BaseModel)
R = TypeVar("R")

log = logging.getLogger("chemx.models")

NO_KEY = "no-key"
"""Sent as the bearer token to keyless local servers (the openai client requires one)."""
MAX_ERROR_CHARS = 500


@dataclass
class _LoopState:
    """Per-event-loop resources: HTTP connection pools and semaphores bind to a loop."""

    clients: dict[tuple[str, str | None], openai.AsyncOpenAI] = field(default_factory=dict)
    semaphores: dict[tuple[str, str], asyncio.Semaphore] = field(default_factory=dict)


class ModelClient:
    """Calls the configured endpoint of a role; use as a (async) context manager.

    Args:
        config: Which roles have endpoints. Calling a role that is not configured
            raises `RoleNotConfigured`: the caller must use its offline backend.
        cache: Where validated answers are kept (normally the `ProvenanceStore`);
            None disables caching.
        env: Where key variables are read (default `os.environ`), once, now.
    """

    def __init__(
        self,
        config: ModelsConfig,
        *,
        cache: ResponseCache | None = None,
        env: Mapping[str, str] | None = None,
    ) -> None:
        config.check_env(env)
        environ = os.environ if env is None else env
        self.config = config
        self.cache = cache
        self._keys: dict[str | None, str] = {None: NO_KEY}
        for role_config in config.roles.values():
            if role_config.api_key_env is not None:
                self._keys[role_config.api_key_env] = environ[role_config.api_key_env]
        self._secrets = sorted(
            {key for key in self._keys.values() if key and key != NO_KEY}, key=len, reverse=True
        )
        self._limits: dict[tuple[str, str], int] = {}
        for role_config in config.roles.values():
            endpoint = (role_config.base_url, role_config.model)
            self._limits[endpoint] = min(
                self._limits.get(endpoint, role_config.concurrency), role_config.concurrency
            )
        self._states: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _LoopState] = (
            weakref.WeakKeyDictionary()
        )
        self._states_lock = threading.Lock()
        self._unbatched: set[tuple[str, str]] = set()  # endpoints that refuse n > 1
        self._loop: asyncio.AbstractEventLoop | None = None
        self._loop_thread: threading.Thread | None = None
        self._loop_lock = threading.Lock()

    def __repr__(self) -> str:
        return f"ModelClient({self.config.backends()!r})"

    # -- public API ------------------------------------------------------------------

    async def complete(
        self,
        role: str,
        messages: Sequence[Message],
        output: type[T],
        *,
        template: PromptTemplate | None = None,
        node_id: str | None = None,
        sampling: Sampling | None = None,
    ) -> CallResult[T]:
        """Ask `role`'s endpoint for an answer matching `output`.

        Args:
            role: identifier | grounding | generator | judge | evaluated.
            messages: The chat, with images as `ImagePart`s.
            output: The pydantic model the answer must validate against; its JSON
                schema is sent as structured-output constraint.
            template: The template the prompt was rendered from (id and hash go into
                provenance and the cache key).
            node_id: The node the call is made for (recorded in the `ModelCall`).
            sampling: Overrides of the role's temperature / max_tokens, top_p, seed.

        Returns:
            `CallOk` with the validated output, or `CallFailed`; both carry the
            `ModelCall` to write with the node.

        Raises:
            RoleNotConfigured: The role runs on its offline backend.
        """
        role_config = self.config.role(role)
        if not messages:
            raise ValueError("a model call needs at least one message")
        schema = output.model_json_schema()
        params = sampling_params(role_config, sampling or Sampling())
        key = request_key(
            endpoint=role_config.endpoint,
            model=role_config.model,
            messages=messages,
            sampling=params,
            structured_output=role_config.structured_output,
            schema=schema,
            template_hash=template.sha256 if template else None,
        )
        call = CallContext(role, role_config, template, node_id, key, time.monotonic())
        hit = await self._from_cache(call, output)
        if hit is not None:
            return hit
        body = {**params, **response_format(role_config, output, schema)}
        wire = [message.to_openai() for message in messages]
        if role_config.structured_output == "none":
            wire = with_schema_instruction(wire, schema)
        return await self._ask(call, output, wire, body)

    def complete_sync(
        self,
        role: str,
        messages: Sequence[Message],
        output: type[T],
        *,
        template: PromptTemplate | None = None,
        node_id: str | None = None,
        sampling: Sampling | None = None,
    ) -> CallResult[T]:
        """`complete` for synchronous callers; safe to call from many threads at once."""
        return self._run(
            self.complete(
                role, messages, output, template=template, node_id=node_id, sampling=sampling
            )
        )

    async def complete_text(
        self,
        role: str,
        messages: Sequence[Message],
        *,
        n: int = 1,
        sampling: Sampling | None = None,
        template: PromptTemplate | None = None,
        node_id: str | None = None,
    ) -> TextResult:
        """Ask `role`'s endpoint for `n` free-text answers (`chemx.models.text`).

        Same retries, in-flight bound, cache (keyed with `n`) and scrubbing as `complete`;
        every sampling field is sent; ``n > 1`` falls back to one request per sample
        (seeds ``seed + t``) on an endpoint that does not return `n` choices at once.
        """
        config = self.config.role(role)
        call = TextCall(role, config, self._send, self.cache, self._scrub, self._unbatched)
        return await call.run(
            messages, n=n, sampling=sampling or Sampling(), template=template, node_id=node_id
        )

    async def aclose(self) -> None:
        """Close the HTTP connections opened from the running event loop."""
        loop = asyncio.get_running_loop()
        with self._states_lock:
            state = self._states.pop(loop, None)
        if state is not None:
            for client in state.clients.values():
                await client.close()

    def close(self) -> None:
        """Close the private loop (if `complete_sync` started one) and its connections."""
        with self._loop_lock:
            loop, thread = self._loop, self._loop_thread
            self._loop = self._loop_thread = None
        if loop is None or thread is None:
            return
        try:
            asyncio.run_coroutine_threadsafe(self.aclose(), loop).result(timeout=10)
        finally:
            loop.call_soon_threadsafe(loop.stop)
            thread.join(timeout=10)
            loop.close()

    def __enter__(self) -> ModelClient:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    async def __aenter__(self) -> ModelClient:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()
        self.close()

    # -- the call --------------------------------------------------------------------

    async def _ask(
        self, call: CallContext, output: type[T], wire: list[dict[str, Any]], body: dict[str, Any]
    ) -> CallResult[T]:
        """Send, validate, retry invalid/truncated answers, record."""
        config = call.config
        failure: tuple[FailureKind, str, str | None] = (FailureKind.INVALID_OUTPUT, "", None)
        for attempt in range(1, config.output_retries + 2):
            try:
                completion = await self._send(call, wire, body)
            except TransportFailure as exc:
                kind = FailureKind.TRANSPORT if is_transient(exc.cause) else FailureKind.HTTP
                return self._failed(call, kind, describe_failure(exc.cause, config, exc.attempts))
            call.add_usage(completion)
            choice = completion.choices[0]
            content = choice.message.content
            refusal = getattr(choice.message, "refusal", None)
            if refusal or choice.finish_reason == "content_filter":
                reason = refusal or "content filter"
                return self._failed(call, FailureKind.REFUSED, f"model refused: {reason}", content)
            if choice.finish_reason == "length":
                failure = (
                    FailureKind.TRUNCATED,
                    f"answer cut at max_tokens (finish_reason 'length') on {attempt} attempt(s)",
                    content,
                )
                continue
            try:
                parsed = parse(content, output)
            except (ValidationError, ValueError) as exc:
                failure = (
                    FailureKind.INVALID_OUTPUT,
                    f"answer does not match {output.__name__} on {attempt} attempt(s): "
                    f"{summarise(exc)}",
                    content,
                )
                log.info("%s: invalid answer (attempt %d): %s", call.role, attempt, failure[1])
                continue
            assert content is not None  # parse refuses None
            await self._to_cache(call, completion, parsed, content)
            return CallOk(output=parsed, call=call.record(), raw=content)
        kind, error, raw = failure
        return self._failed(call, kind, error, raw)

    async def _send(
        self, call: CallContext, wire: list[dict[str, Any]], body: dict[str, Any]
    ) -> ChatCompletion:
        """One request with the transport retry policy."""
        config = call.config
        attempts = 0

        async def once() -> ChatCompletion:
            nonlocal attempts
            attempts += 1
            client = self._client_for(config)
            async with self._semaphore_for(config):
                response = await client.chat.completions.create(
                    model=config.model,
                    messages=cast("list[ChatCompletionMessageParam]", wire),
                    extra_body=body,
                    timeout=config.timeout_s,
                )
            if not isinstance(response, ChatCompletion) or not response.choices:
                raise MalformedResponse("response body is not a chat completion")
            return response

        retrying = AsyncRetrying(
            stop=stop_after_attempt(config.max_retries + 1),
            wait=wait_retry_after(
                initial=config.backoff_initial_s,
                maximum=config.backoff_max_s,
                retry_after_cap=config.max_retry_after_s,
            ),
            retry=retry_if_exception(is_transient),
            before_sleep=self._log_retry(call),
            reraise=True,
        )
        try:
            return await retrying(once)
        except (openai.APIError, MalformedResponse, json.JSONDecodeError) as exc:
            raise TransportFailure(exc, attempts) from None

    # -- cache -----------------------------------------------------------------------

    async def _from_cache(self, call: CallContext, output: type[T]) -> CallOk[T] | None:
        text = await cache_read(self.cache, call.key, self._scrub)
        if text is None:
            return None
        try:
            raw = str(json.loads(text)["raw"])
            parsed = parse(raw, output)  # the same parse of the same text: the same result
        except (ValueError, KeyError, TypeError, ValidationError):
            log.warning("ignoring unreadable cache entry %s", call.key[:16])
            return None
        call.cache_hit = True
        return CallOk(output=parsed, call=call.record(), raw=raw)

    async def _to_cache(
        self, call: CallContext, completion: ChatCompletion, parsed: BaseModel, raw: str
    ) -> None:
        if self.cache is None:
            return
        usage = completion.usage
        entry = {
            "output": parsed.model_dump(mode="json"),
            "raw": raw,
            "model": completion.model,
            "prompt_tokens": usage.prompt_tokens if usage else None,
            "completion_tokens": usage.completion_tokens if usage else None,
        }
        await cache_write(self.cache, call.key, entry, self._scrub)

    # -- failures and secrets --------------------------------------------------------

    def _failed(
        self, call: CallContext, kind: FailureKind, detail: str, raw: str | None = None
    ) -> CallFailed:
        error = self._scrub(f"{kind.value}: {detail}")[:MAX_ERROR_CHARS]
        call.error = error
        log.warning("%s call for %s failed: %s", call.role, call.node_id or "-", error)
        return CallFailed(
            call=call.record(), kind=kind, error=error, raw=self._scrub(raw) if raw else raw
        )

    def _scrub(self, text: str) -> str:
        """Remove every configured API key from a text bound for a record or a log."""
        for secret in self._secrets:
            text = text.replace(secret, "***")
        return text

    def _log_retry(self, call: CallContext) -> Callable[[RetryCallState], None]:
        def before_sleep(state: RetryCallState) -> None:
            exc = state.outcome.exception() if state.outcome else None
            wait = state.next_action.sleep if state.next_action else 0.0
            log.info(
                "%s: %s; retry %d in %.2f s",
                call.role,
                self._scrub(f"{type(exc).__name__}: {exc}"),
                state.attempt_number,
                wait,
            )

        return before_sleep

    # -- per-loop resources ----------------------------------------------------------

    def _state(self) -> _LoopState:
        loop = asyncio.get_running_loop()
        with self._states_lock:
            state = self._states.get(loop)
            if state is None:
                state = self._states[loop] = _LoopState()
            return state

    def _client_for(self, config: RoleConfig) -> openai.AsyncOpenAI:
        state = self._state()
        key = (config.base_url, config.api_key_env)
        client = state.clients.get(key)
        if client is None:
            client = state.clients[key] = openai.AsyncOpenAI(
                base_url=config.base_url,
                api_key=self._keys[config.api_key_env],
                max_retries=0,  # retries are ours (chemx.models.retry)
                timeout=config.timeout_s,
            )
        return client

    def _semaphore_for(self, config: RoleConfig) -> asyncio.Semaphore:
        state = self._state()
        endpoint = (config.base_url, config.model)
        semaphore = state.semaphores.get(endpoint)
        if semaphore is None:
            semaphore = state.semaphores[endpoint] = asyncio.Semaphore(self._limits[endpoint])
        return semaphore

    def _run(self, coroutine: Coroutine[Any, Any, R]) -> R:
        """Run a coroutine on the private loop and wait for it from this thread."""
        loop = self._ensure_loop()
        if threading.current_thread() is self._loop_thread:
            coroutine.close()
            raise RuntimeError("complete_sync called from the client's own event loop")
        return asyncio.run_coroutine_threadsafe(coroutine, loop).result()

    def _ensure_loop(self) -> asyncio.AbstractEventLoop:
        with self._loop_lock:
            if self._loop is None:
                loop = asyncio.new_event_loop()
                thread = threading.Thread(
                    target=loop.run_forever, name="chemx-model-client", daemon=True
                )
                thread.start()
                self._loop, self._loop_thread = loop, thread
            return self._loop
