"""CLI flags made from the settings models, so each option is declared once.

`chemx.settings` declares every stage option (type, default, description); this module
turns those fields into typer options: ``VisualSettings.segmenter`` becomes
``--segmenter``, a boolean becomes ``--prefilter/--no-prefilter``, a backend field lists
the registry's choices in its help, and the value is checked against the registry when
the settings are made (so a backend registered at run time, by a test or a plugin, is
accepted with no change here).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import Annotated, Any

import typer
from pydantic import BaseModel
from pydantic.fields import FieldInfo

from chemx.registry import REGISTRY, BackendKind
from chemx.settings import BackendOf


def _kind(field: FieldInfo) -> BackendKind | None:
    for meta in field.metadata:
        if isinstance(meta, BackendOf):
            return meta.kind
    return None


def _extra(field: FieldInfo, key: str) -> list[str]:
    extra = field.json_schema_extra
    if isinstance(extra, Mapping):
        value = extra.get(key, [])
        return [str(v) for v in value] if isinstance(value, list) else []
    return []


def _help(field: FieldInfo, kind: BackendKind | None) -> str:
    text = field.description or ""
    if kind is None:
        return text
    return f"{text} Choices: {REGISTRY.help(kind)}."


def option_parameters(prefix: str, model: type[BaseModel]) -> list[inspect.Parameter]:
    """One keyword parameter per field of `model`, named ``<prefix>__<field>``."""
    parameters = []
    for name, field in model.model_fields.items():
        kind = _kind(field)
        flag = "--" + name.replace("_", "-")
        declarations = [flag, *_extra(field, "cli_aliases")]
        annotation: Any = field.annotation
        if kind is not None:
            annotation = str
        if annotation is bool:
            declarations = [f"{flag}/--no-{flag[2:]}"]
        option = typer.Option(*declarations, help=_help(field, kind), show_default=True)
        parameters.append(
            inspect.Parameter(
                f"{prefix}__{name}",
                inspect.Parameter.KEYWORD_ONLY,
                annotation=Annotated[annotation, option],
                default=field.default,
            )
        )
    return parameters


def with_settings_options(
    command: Callable[..., None], models: Mapping[str, type[BaseModel]]
) -> Callable[..., None]:
    """`command` with a flag per field of each model; it receives ``stages={name: {...}}``.

    The command's own parameters come first, then the generated ones; the wrapper
    groups the generated values by model and passes them as the ``stages`` keyword.
    """
    own = inspect.signature(command, eval_str=True)
    own_parameters = [p for p in own.parameters.values() if p.name != "stages"]
    generated = [p for prefix, model in models.items() for p in option_parameters(prefix, model)]

    def wrapper(**kwargs: Any) -> None:
        stages: dict[str, dict[str, Any]] = {prefix: {} for prefix in models}
        for key in list(kwargs):
            prefix, sep, name = key.partition("__")
            if sep and prefix in stages:
                stages[prefix][name] = kwargs.pop(key)
        command(**kwargs, stages=stages)

    wrapper.__name__ = command.__name__
    wrapper.__doc__ = command.__doc__
    wrapper.__signature__ = own.replace(  # type: ignore[attr-defined]
        parameters=[*own_parameters, *generated]
    )
    hints = {p.name: p.annotation for p in [*own_parameters, *generated]}
    wrapper.__annotations__ = {**hints, "return": None}
    return wrapper
