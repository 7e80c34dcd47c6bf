"""Which endpoint serves which LLM role, loaded from TOML and validated at start-up.

A models file has one table per role; a role without a table is *not configured*,
which means the pipeline uses its offline backend for it. That choice is explicit
(`ModelsConfig.is_configured`), never a silent fallback after a failed call.

```toml
[defaults]                      # optional: merged under every role table below
temperature = 0.0

[identifier]
base_url = "http://127.0.0.1:8080/v1"
model = "qwen2.5-vl-7b"
structured_output = "json_object_schema"   # llama.cpp server

[judge]
base_url = "https://api.openai.com/v1"
model = "gpt-4o"
api_key_env = "OPENAI_API_KEY"             # the NAME of the variable, never the key
```

Errors name the file, the role and the field, and never echo a value: a key pasted by
mistake into the wrong field must not end up in a log.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from chemx.errors import SettingsError

IDENTIFIER_ROLE = "identifier"
"""Reads a structure's compound label from the figure (`--identifier vlm`)."""
GROUNDING_ROLE = "grounding"
"""Context expansion and QC 2 (`--expansion llm`, `--grounding llm`)."""
GENERATOR_ROLE = "generator"
"""Decomposition and question writing (`--generator llm`)."""
JUDGE_ROLE = "judge"
"""QC 3 (`--judge llm`)."""
EVALUATED_ROLE = "evaluated"
"""The model under evaluation."""
ROLES: tuple[str, ...] = (
    IDENTIFIER_ROLE,
    GROUNDING_ROLE,
    GENERATOR_ROLE,
    JUDGE_ROLE,
    EVALUATED_ROLE,
)
"""Every LLM/VLM role of the pipeline."""

StructuredOutput = Literal["json_schema", "json_object_schema", "none"]
"""How the output schema is enforced.

- `json_schema`: OpenAI's `response_format={"type": "json_schema", ...}`.
- `json_object_schema`: `{"type": "json_object", "schema": ...}`, what llama.cpp's
  server understands (it answers 500 to the OpenAI form).
- `none`: no server-side enforcement; the schema is put in the prompt.
"""

_ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
DEFAULTS_TABLE = "defaults"


class ConfigError(SettingsError):
    """The models configuration is invalid; the message lists every problem."""


class RoleNotConfigured(LookupError):
    """A caller asked for an endpoint for a role that runs on its offline backend."""


class RoleConfig(BaseModel):
    """One role's endpoint, model and limits. Holds no secret, so it may be logged."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    base_url: str = Field(description="OpenAI-compatible base URL, e.g. http://host:8080/v1.")
    model: str = Field(min_length=1)
    api_key_env: str | None = Field(
        default=None,
        description="Name of the environment variable holding the key; None for keyless "
        "local servers.",
    )
    temperature: float = Field(default=0.0, ge=0.0, le=2.0)
    max_tokens: int = Field(default=1024, gt=0)
    max_tokens_param: Literal["max_tokens", "max_completion_tokens"] = Field(
        default="max_tokens",
        description="Newer OpenAI models accept only `max_completion_tokens`; local servers "
        "only `max_tokens`.",
    )
    concurrency: int = Field(default=4, gt=0, description="Max requests in flight per endpoint.")
    timeout_s: float = Field(default=120.0, gt=0)
    max_retries: int = Field(
        default=4, ge=0, description="Retries on 429/5xx/timeouts/connection errors."
    )
    output_retries: int = Field(
        default=2, ge=0, description="Extra requests after an invalid or truncated answer."
    )
    backoff_initial_s: float = Field(default=1.0, gt=0)
    backoff_max_s: float = Field(default=30.0, gt=0)
    max_retry_after_s: float = Field(
        default=120.0, gt=0, description="Longest server-requested wait we honour."
    )
    structured_output: StructuredOutput = "json_schema"

    @field_validator("base_url")
    @classmethod
    def _check_url(cls, value: str) -> str:
        parts = urlsplit(value)
        if parts.scheme not in ("http", "https"):
            raise ValueError("must start with http:// or https://")
        if not parts.hostname:
            raise ValueError("has no host")
        if parts.username or parts.password:
            raise ValueError(
                "must not contain credentials; put the key in the environment variable "
                "named by api_key_env"
            )
        if parts.query or parts.fragment:
            raise ValueError("must not have a query or fragment")
        return value.rstrip("/")

    @field_validator("api_key_env")
    @classmethod
    def _check_env_name(cls, value: str | None) -> str | None:
        if value is not None and not _ENV_NAME.match(value):
            raise ValueError(
                "must be the NAME of an environment variable (letters, digits, _), not a key"
            )
        return value

    @property
    def endpoint(self) -> str:
        """Where requests go, as recorded in provenance (no secret in it)."""
        return self.base_url


class ModelsConfig(BaseModel):
    """Role name -> endpoint. A role absent here runs on its offline backend."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    roles: dict[str, RoleConfig] = Field(default_factory=dict)
    source: str = Field(default="<defaults>", description="Where it was loaded from.")

    @field_validator("roles")
    @classmethod
    def _known_roles(cls, value: dict[str, RoleConfig]) -> dict[str, RoleConfig]:
        unknown = sorted(set(value) - set(ROLES))
        if unknown:
            raise ValueError(f"unknown role(s) {unknown}; known roles: {', '.join(ROLES)}")
        return value

    def is_configured(self, role: str) -> bool:
        """Whether `role` has an endpoint; False means: use the offline backend."""
        _check_role(role, self.source)
        return role in self.roles

    def role(self, role: str) -> RoleConfig:
        """The endpoint of `role`; raises `RoleNotConfigured` if it runs offline."""
        _check_role(role, self.source)
        try:
            return self.roles[role]
        except KeyError:
            raise RoleNotConfigured(
                f"role {role!r} is not configured in {self.source}; it runs on its offline "
                "backend (check is_configured() before asking for an endpoint)"
            ) from None

    def backends(self) -> dict[str, str]:
        """Role -> 'offline' or 'model @ endpoint', for build reports and start-up logs."""
        return {
            role: (
                f"{self.roles[role].model} @ {self.roles[role].endpoint}"
                if role in self.roles
                else "offline"
            )
            for role in ROLES
        }

    def shared_by(self, processes: int) -> ModelsConfig:
        """A copy whose per-endpoint limits are split over `processes` clients.

        Each worker process has its own client; together they keep to the limit one
        client would (rounded up, at least 1 request each).
        """
        if processes <= 1:
            return self
        roles = {
            role: config.model_copy(update={"concurrency": -(-config.concurrency // processes)})
            for role, config in self.roles.items()
        }
        return ModelsConfig(roles=roles, source=self.source)

    def with_role(self, role: str, config: RoleConfig) -> ModelsConfig:
        """A copy with `role` served by `config` (e.g. a local llama.cpp server)."""
        _check_role(role, self.source)
        return ModelsConfig(roles={**self.roles, role: config}, source=self.source)

    def check_env(self, env: Mapping[str, str] | None = None) -> None:
        """Raise `ConfigError` if a role names a key variable that is unset or empty."""
        environ = os.environ if env is None else env
        problems = [
            f"{self.source}: [{role}] api_key_env: environment variable "
            f"{config.api_key_env} is not set"
            for role, config in sorted(self.roles.items())
            if config.api_key_env is not None and not environ.get(config.api_key_env)
        ]
        if problems:
            raise ConfigError("\n".join(problems))

    @classmethod
    def load(
        cls,
        path: Path | str | None = None,
        overrides: Mapping[str, str | int | float | bool] | None = None,
        *,
        env: Mapping[str, str] | None = None,
        check_env: bool = True,
    ) -> ModelsConfig:
        """Load a models TOML file (or nothing), apply `role.field` overrides, validate.

        Args:
            path: The TOML file; None means no file (only overrides, or all offline).
            overrides: CLI-style `{"judge.model": "gpt-4o"}`; string values are coerced
                to the field's type. An override may configure a role the file lacks.
            env: The environment to check key variables against (default `os.environ`).
            check_env: Whether a missing key variable is an error now (start-up) rather
                than at the first call.

        Raises:
            ConfigError: Naming the file, role and field of every problem.
        """
        source = str(path) if path is not None else "<no models file>"
        tables: dict[str, dict[str, Any]] = {}
        if path is not None:
            tables = _read_toml(Path(path))
        defaults = tables.pop(DEFAULTS_TABLE, {})
        problems = [
            f"{source}: [{name}] is not a role; known roles: {', '.join(ROLES)}"
            for name in tables
            if name not in ROLES
        ]
        for name, table in tables.items():
            if not isinstance(table, dict):
                problems.append(f"{source}: {name} must be a table ([{name}])")
        if not isinstance(defaults, dict):
            problems.append(f"{source}: {DEFAULTS_TABLE} must be a table")
            defaults = {}
        problems.extend(_apply_overrides(tables, overrides or {}, source))
        if problems:
            raise ConfigError("\n".join(problems))

        roles: dict[str, RoleConfig] = {}
        for name, table in tables.items():
            try:
                roles[name] = RoleConfig.model_validate({**defaults, **table})
            except ValidationError as exc:
                problems.extend(_describe(exc, source, name))
        if problems:
            raise ConfigError("\n".join(problems))
        config = cls(roles=roles, source=source)
        if check_env:
            config.check_env(env)
        return config


def _check_role(role: str, source: str) -> None:
    if role not in ROLES:
        raise ConfigError(f"{source}: unknown role {role!r}; known roles: {', '.join(ROLES)}")


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        raise ConfigError(f"{path}: models file not found") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from None


def _apply_overrides(
    tables: dict[str, dict[str, Any]],
    overrides: Mapping[str, str | int | float | bool],
    source: str,
) -> list[str]:
    problems = []
    for key, value in overrides.items():
        role, dot, name = key.partition(".")
        if not dot or not name or "." in name:
            problems.append(f"{source}: override {key!r} must look like 'role.field'")
        elif role not in ROLES:
            problems.append(
                f"{source}: override {key!r}: unknown role {role!r}; "
                f"known roles: {', '.join(ROLES)}"
            )
        elif name not in RoleConfig.model_fields:
            problems.append(f"{source}: override {key!r}: unknown field {name!r}")
        else:
            tables.setdefault(role, {})[name] = value
    return problems


def _describe(exc: ValidationError, source: str, role: str) -> list[str]:
    """One line per error, naming file, role and field, without the offending value."""
    lines = []
    for error in exc.errors(include_input=False, include_url=False):
        field = ".".join(str(part) for part in error["loc"]) or "?"
        message = str(error["msg"]).removeprefix("Value error, ")
        if error["type"] == "extra_forbidden":
            message = "unknown field"
        lines.append(f"{source}: [{role}] {field}: {message}")
    return lines
