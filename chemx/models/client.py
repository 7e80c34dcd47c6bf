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
import datetime as dt
import json
import logging
import os
import re
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

from chemx.models.cache import ResponseCache, request_key
from chemx.models.config import ModelsConfig, RoleConfig
from chemx.models.messages import Message, Sampling
from chemx.models.results import CallFailed, CallOk, CallResult, FailureKind
from chemx.models.retry import MalformedResponse, is_transient, wait_retry_after
from chemx.prompts import PromptTemplate
from chemx.provenance.ids import digest
from chemx.records import ModelCall

T = TypeVar("T", bound=BaseModel)
R = TypeVar("R")

log = logging.getLogger("chemx.models")

NO_KEY = "no-key"
"""Sent as the bearer token to keyless local servers (the openai client requires one)."""
MAX_ERROR_CHARS = 500
_FENCE = re.compile(r"^\s*```(?:json)?\s*(.*?)\s*```\s*$", re.DOTALL)
_SCHEMA_NAME = re.compile(r"[^A-Za-z0-9_-]")
_ERROR_CODE = re.compile(r"^Error code: \d+ - ")
LLAMA_CPP_HINT = (
    " (if this endpoint is a llama.cpp server, set structured_output = "
    '"json_object_schema" for this role)'
)


@dataclass
class _LoopState:
    """Per-event-loop resources: HTTP connection pools and semaphores bind to a loop."""

    clients: dict[tuple[str, str | None], openai.AsyncOpenAI] = field(default_factory=dict)
    semaphores: dict[tuple[str, str], asyncio.Semaphore] = field(default_factory=dict)


class _TransportFailure(Exception):
    def __init__(self, cause: BaseException, attempts: int) -> None:
        super().__init__(str(cause))
        self.cause = cause
        self.attempts = attempts


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
        params = _sampling_params(role_config, sampling or Sampling())
        key = request_key(
            endpoint=role_config.endpoint,
            model=role_config.model,
            messages=messages,
            sampling=params,
            structured_output=role_config.structured_output,
            schema=schema,
            template_hash=template.sha256 if template else None,
        )
        call = _CallContext(role, role_config, template, node_id, key, time.monotonic())
        hit = await self._from_cache(call, output)
        if hit is not None:
            return hit
        body = {**params, **_response_format(role_config, output, schema)}
        wire = [message.to_openai() for message in messages]
        if role_config.structured_output == "none":
            wire = _with_schema_instruction(wire, schema)
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
        self, call: _CallContext, output: type[T], wire: list[dict[str, Any]], body: dict[str, Any]
    ) -> CallResult[T]:
        """Send, validate, retry invalid/truncated answers, record."""
        config = call.config
        failure: tuple[FailureKind, str, str | None] = (FailureKind.INVALID_OUTPUT, "", None)
        for attempt in range(1, config.output_retries + 2):
            try:
                completion = await self._send(call, wire, body)
            except _TransportFailure as exc:
                kind = FailureKind.TRANSPORT if is_transient(exc.cause) else FailureKind.HTTP
                return self._failed(call, kind, self._describe(exc.cause, config, exc.attempts))
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
                parsed = _parse(content, output)
            except (ValidationError, ValueError) as exc:
                failure = (
                    FailureKind.INVALID_OUTPUT,
                    f"answer does not match {output.__name__} on {attempt} attempt(s): "
                    f"{_summarise(exc)}",
                    content,
                )
                log.info("%s: invalid answer (attempt %d): %s", call.role, attempt, failure[1])
                continue
            assert content is not None  # _parse refuses None
            await self._to_cache(call, completion, parsed, content)
            return CallOk(output=parsed, call=call.record(), raw=content)
        kind, error, raw = failure
        return self._failed(call, kind, error, raw)

    async def _send(
        self, call: _CallContext, wire: list[dict[str, Any]], body: dict[str, Any]
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
            raise _TransportFailure(exc, attempts) from None

    # -- cache -----------------------------------------------------------------------

    async def _from_cache(self, call: _CallContext, output: type[T]) -> CallOk[T] | None:
        if self.cache is None:
            return None
        try:
            text = await asyncio.to_thread(self.cache.cache_get, call.key)
        except Exception as exc:  # a broken cache must not stop the build
            log.warning("response cache read failed: %s", self._scrub(repr(exc)))
            return None
        if text is None:
            return None
        try:
            raw = str(json.loads(text)["raw"])
            parsed = _parse(raw, output)  # the same parse of the same text: the same result
        except (ValueError, KeyError, TypeError, ValidationError):
            log.warning("ignoring unreadable cache entry %s", call.key[:16])
            return None
        call.cache_hit = True
        return CallOk(output=parsed, call=call.record(), raw=raw)

    async def _to_cache(
        self, call: _CallContext, completion: ChatCompletion, parsed: BaseModel, raw: str
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
        try:
            await asyncio.to_thread(self.cache.cache_put, call.key, json.dumps(entry))
        except Exception as exc:
            log.warning("response cache write failed: %s", self._scrub(repr(exc)))

    # -- failures and secrets --------------------------------------------------------

    def _failed(
        self, call: _CallContext, kind: FailureKind, detail: str, raw: str | None = None
    ) -> CallFailed:
        error = self._scrub(f"{kind.value}: {detail}")[:MAX_ERROR_CHARS]
        call.error = error
        log.warning("%s call for %s failed: %s", call.role, call.node_id or "-", error)
        return CallFailed(
            call=call.record(), kind=kind, error=error, raw=self._scrub(raw) if raw else raw
        )

    def _describe(self, exc: BaseException, config: RoleConfig, attempts: int) -> str:
        after = f" after {attempts} attempt(s)"
        if isinstance(exc, openai.APITimeoutError):
            return f"timed out ({config.timeout_s:g} s){after}"
        if isinstance(exc, openai.APIConnectionError):
            cause = exc.__cause__ or exc
            return f"connection error: {type(cause).__name__}: {cause}{after}"
        if isinstance(exc, openai.APIStatusError):
            message = _ERROR_CODE.sub("", exc.message)
            text = f"HTTP {exc.status_code}: {message}{after}"
            if config.structured_output == "json_schema" and exc.status_code in (400, 500):
                text += LLAMA_CPP_HINT
            return text
        return f"malformed response body ({type(exc).__name__}){after}"

    def _scrub(self, text: str) -> str:
        """Remove every configured API key from a text bound for a record or a log."""
        for secret in self._secrets:
            text = text.replace(secret, "***")
        return text

    def _log_retry(self, call: _CallContext) -> Callable[[RetryCallState], None]:
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


@dataclass
class _CallContext:
    """What is known about one logical call while it runs (all attempts together)."""

    role: str
    config: RoleConfig
    template: PromptTemplate | None
    node_id: str | None
    key: str
    started: float
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    cache_hit: bool = False
    error: str | None = None

    def add_usage(self, completion: ChatCompletion) -> None:
        """Sum token usage over attempts: every attempt was paid for."""
        usage = completion.usage
        if usage is None:
            return
        self.prompt_tokens = (self.prompt_tokens or 0) + (usage.prompt_tokens or 0)
        self.completion_tokens = (self.completion_tokens or 0) + (usage.completion_tokens or 0)

    def record(self) -> ModelCall:
        """The provenance row for this call.

        Its id depends on node, role, request and outcome only, so re-building (or
        resuming) a build writes no second row for the same call.
        """
        outcome = "error" if self.error else "ok"
        return ModelCall(
            id=f"mc_{digest(self.node_id, self.role, self.key, outcome)[:16]}",
            node_id=self.node_id,
            role=self.role,
            endpoint=self.config.endpoint,
            model=self.config.model,
            template_id=self.template.id if self.template else None,
            template_hash=self.template.sha256 if self.template else None,
            request_hash=self.key,
            prompt_tokens=0 if self.cache_hit else self.prompt_tokens,
            completion_tokens=0 if self.cache_hit else self.completion_tokens,
            latency_s=round(time.monotonic() - self.started, 4),
            cache_hit=self.cache_hit,
            error=self.error,
            time=dt.datetime.now(dt.UTC),
        )


# -- request building ----------------------------------------------------------------


def _sampling_params(config: RoleConfig, sampling: Sampling) -> dict[str, Any]:
    params: dict[str, Any] = {
        "temperature": sampling.temperature
        if sampling.temperature is not None
        else config.temperature,
        config.max_tokens_param: sampling.max_tokens or config.max_tokens,
    }
    if sampling.top_p is not None:
        params["top_p"] = sampling.top_p
    if sampling.seed is not None:
        params["seed"] = sampling.seed
    return params


def _response_format(
    config: RoleConfig, output: type[BaseModel], schema: dict[str, Any]
) -> dict[str, Any]:
    """The `response_format` body field for the role's structured-output mode."""
    if config.structured_output == "json_object_schema":
        return {"response_format": {"type": "json_object", "schema": schema}}
    if config.structured_output == "none":
        return {}
    strict = _strict_schema(schema)
    name = _SCHEMA_NAME.sub("_", output.__name__)[:64] or "output"
    return {
        "response_format": {
            "type": "json_schema",
            "json_schema": {"name": name, "schema": strict or schema, "strict": strict is not None},
        }
    }


def _strict_schema(schema: dict[str, Any]) -> dict[str, Any] | None:
    """The schema in OpenAI strict form, or None if it cannot be (optional fields).

    Strict mode needs every property required and `additionalProperties: false` on
    every object; the latter is added here (pydantic accepts no extra keys it would not
    ignore anyway).
    """
    copy = json.loads(json.dumps(schema))
    objects: list[dict[str, Any]] = []

    def visit(node: Any) -> None:
        if not isinstance(node, dict):
            return
        if node.get("type") == "object" or "properties" in node:
            objects.append(node)
            for child in (node.get("properties") or {}).values():
                visit(child)
            if isinstance(node.get("additionalProperties"), dict):
                visit(node["additionalProperties"])
        for key in ("anyOf", "oneOf", "allOf", "prefixItems"):
            for child in node.get(key) or []:
                visit(child)
        visit(node.get("items"))
        for child in (node.get("$defs") or {}).values():
            visit(child)

    visit(copy)
    for node in objects:
        properties = set((node.get("properties") or {}).keys())
        if properties != set(node.get("required") or []):
            return None
        if node.get("additionalProperties") not in (None, False):
            return None
        node["additionalProperties"] = False
    return copy


def _with_schema_instruction(
    wire: list[dict[str, Any]], schema: dict[str, Any]
) -> list[dict[str, Any]]:
    """For endpoints without structured output: put the schema in the last user turn."""
    instruction = (
        "\n\nAnswer with one JSON object, and nothing else, that conforms to this JSON "
        f"schema:\n{json.dumps(schema, sort_keys=True)}"
    )
    result = [dict(message) for message in wire]
    for message in reversed(result):
        if message["role"] != "user":
            continue
        if isinstance(message["content"], str):
            message["content"] = message["content"] + instruction
        else:
            message["content"] = [*message["content"], {"type": "text", "text": instruction}]
        return result
    return [*result, {"role": "user", "content": instruction.strip()}]


# -- answer parsing ------------------------------------------------------------------


def _parse(content: str | None, output: type[T]) -> T:
    """Validate the answer text against the output model (code fences tolerated)."""
    if content is None or not content.strip():
        raise ValueError("empty answer")
    match = _FENCE.match(content)
    return output.model_validate_json(match.group(1) if match else content)


def _summarise(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        parts = [
            f"{'.'.join(str(p) for p in error['loc']) or '<root>'}: {error['msg']}"
            for error in exc.errors(include_input=False, include_url=False)[:5]
        ]
        return "; ".join(parts)
    return str(exc)
