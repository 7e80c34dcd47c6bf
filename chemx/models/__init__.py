"""One model client for every LLM/VLM role (identifier, grounding, generator, judge, evaluated).

A role is either configured (an OpenAI-compatible endpoint in the models TOML) or runs on
its offline backend; `ModelsConfig.is_configured` says which. Calls return a validated
answer (`CallOk`) or an explicit failure (`CallFailed`), each with the `ModelCall` to write
to the provenance store with its node; `ModelClient.complete_text` returns free-text
samples (`TextResult`) for the model under evaluation.
"""

from chemx.models.cache import MemoryCache, ResponseCache, SqliteCache, request_key
from chemx.models.client import ModelClient
from chemx.models.config import (
    EVALUATED_ROLE,
    GENERATOR_ROLE,
    GROUNDING_ROLE,
    IDENTIFIER_ROLE,
    JUDGE_ROLE,
    ROLES,
    ConfigError,
    ModelsConfig,
    RoleConfig,
    RoleNotConfigured,
    StructuredOutput,
)
from chemx.models.local import (
    LocalBackendUnavailable,
    LocalServer,
    LocalServerError,
    llama_server_command,
)
from chemx.models.messages import ImagePart, Message, Sampling
from chemx.models.protocol import ModelCaller
from chemx.models.results import CallFailed, CallOk, CallResult, FailureKind, ModelCallFailed
from chemx.models.text import TextResult, TextSample

__all__ = [
    "EVALUATED_ROLE",
    "GENERATOR_ROLE",
    "GROUNDING_ROLE",
    "IDENTIFIER_ROLE",
    "JUDGE_ROLE",
    "ROLES",
    "CallFailed",
    "CallOk",
    "CallResult",
    "ConfigError",
    "FailureKind",
    "ImagePart",
    "LocalBackendUnavailable",
    "LocalServer",
    "LocalServerError",
    "MemoryCache",
    "Message",
    "ModelCallFailed",
    "ModelCaller",
    "ModelClient",
    "ModelsConfig",
    "ResponseCache",
    "RoleConfig",
    "RoleNotConfigured",
    "Sampling",
    "SqliteCache",
    "StructuredOutput",
    "TextResult",
    "TextSample",
    "llama_server_command",
    "request_key",
]
