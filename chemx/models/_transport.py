"""Transport failures of a model call (no usable HTTP answer) and how the record words them."""

from __future__ import annotations

import re

import openai

from chemx.models.config import RoleConfig

_ERROR_CODE = re.compile(r"^Error code: \d+ - ")
LLAMA_CPP_HINT = (
    " (if this endpoint is a llama.cpp server, set structured_output = "
    '"json_object_schema" for this role)'
)


class TransportFailure(Exception):
    """The request failed after the transport retry policy gave up.

    Args:
        cause: The last exception (openai error, malformed body, undecodable JSON).
        attempts: How many requests were sent.
    """

    def __init__(self, cause: BaseException, attempts: int) -> None:
        super().__init__(str(cause))
        self.cause = cause
        self.attempts = attempts


def describe_failure(exc: BaseException, config: RoleConfig, attempts: int) -> str:
    """One line saying why the request failed, with a hint where the fix is known."""
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
