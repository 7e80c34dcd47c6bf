"""The wire format of a chat-completions call: the request body and the reading of the answer.

`ModelClient` builds every request with these and reads every answer (fresh or cached)
with `parse`, so the same text always gives the same result.
"""

from __future__ import annotations

import json
import re
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from chemx.models.config import RoleConfig
from chemx.models.messages import Sampling

T = TypeVar("T", bound=BaseModel)

_FENCE = re.compile(r"^\s*```(?:json)?\s*(.*?)\s*```\s*$", re.DOTALL)
_SCHEMA_NAME = re.compile(r"[^A-Za-z0-9_-]")


# -- request building ----------------------------------------------------------------


def sampling_params(config: RoleConfig, sampling: Sampling) -> dict[str, Any]:
    """The sampling fields of the body: the call's overrides, else the role's settings."""
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


def response_format(
    config: RoleConfig, output: type[BaseModel], schema: dict[str, Any]
) -> dict[str, Any]:
    """The `response_format` body field for the role's structured-output mode."""
    if config.structured_output == "json_object_schema":
        return {"response_format": {"type": "json_object", "schema": schema}}
    if config.structured_output == "none":
        return {}
    strict = strict_schema(schema)
    name = _SCHEMA_NAME.sub("_", output.__name__)[:64] or "output"
    return {
        "response_format": {
            "type": "json_schema",
            "json_schema": {"name": name, "schema": strict or schema, "strict": strict is not None},
        }
    }


def strict_schema(schema: dict[str, Any]) -> dict[str, Any] | None:
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


def with_schema_instruction(
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


def parse(content: str | None, output: type[T]) -> T:
    """Validate the answer text against the output model (code fences tolerated)."""
    if content is None or not content.strip():
        raise ValueError("empty answer")
    match = _FENCE.match(content)
    return output.model_validate_json(match.group(1) if match else content)


def summarise(exc: Exception) -> str:
    """Why an answer was refused, in one line (the first five validation errors)."""
    if isinstance(exc, ValidationError):
        parts = [
            f"{'.'.join(str(p) for p in error['loc']) or '<root>'}: {error['msg']}"
            for error in exc.errors(include_input=False, include_url=False)[:5]
        ]
        return "; ".join(parts)
    return str(exc)
