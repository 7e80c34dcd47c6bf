"""One registry for every kind of backend: segmenters to judges, PDF parsers to evaluators.

Each entry maps a name to a ``"module:attr"`` factory, so choosing the offline default
never imports another backend's stack (TensorFlow for DECIMER, torch checkpoints for
RxnScribe, vLLM); a module is imported only when its backend is built. CLI choices, the
settings' validation, ``--help`` text and the build report's backend names all come from
here, so adding a backend is one module plus one line (in `chemx.builtin_backends` for
chemx's own, a `register` call at run time, or an entry point in the ``chemx.backends``
group of an installed package: ``NAME = "kind:name=module:attr"``).

A factory takes a `BackendContext` and returns an object that satisfies its kind's
Protocol (checked when the Protocol is runtime-checkable)::

    from chemx.registry import REGISTRY, BackendKind
    REGISTRY.register(BackendKind.SEGMENTER, "toy", "my_pkg.toy:make", "a toy segmenter")
"""

from __future__ import annotations

import difflib
import importlib
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from importlib import metadata
from typing import TYPE_CHECKING, Any, TypeVar

from chemx.builtin_backends import BUILTIN_BACKENDS
from chemx.errors import BackendUnavailable, SettingsError

if TYPE_CHECKING:
    from chemx.models.protocol import ModelCaller
    from chemx.models.retrying import RetryChecker

T = TypeVar("T")
ENTRY_POINT_GROUP = "chemx.backends"


class BackendKind(StrEnum):
    """Every step of the pipeline that can be done by more than one backend."""

    PDF = "pdf"
    CLASSIFIER = "classifier"
    SEGMENTER = "segmenter"
    REACTION_PARSER = "reaction_parser"
    IDENTIFIER = "identifier"
    OCSR = "ocsr"
    NAMES = "names"
    EXPANDER = "expander"
    QC2 = "qc2"
    GENERATOR = "generator"
    JUDGE = "judge"
    EVALUATION = "evaluation"


PROTOCOLS: dict[BackendKind, str] = {
    BackendKind.PDF: "chemx.sources._base:DocumentParser",
    BackendKind.CLASSIFIER: "chemx.visual.classifier:FigureClassifierLike",
    BackendKind.SEGMENTER: "chemx.visual.segmentation._base:Segmenter",
    BackendKind.REACTION_PARSER: "chemx.visual.segmentation._base:ReactionParser",
    BackendKind.IDENTIFIER: "chemx.visual.identifiers._base:IdentifierExtractor",
    BackendKind.OCSR: "chemx.visual.ocsr:OcsrReader",
    BackendKind.NAMES: "chemx.visual.names:NameReader",
    BackendKind.EXPANDER: "chemx.grounding.expansion:Expander",
    BackendKind.QC2: "chemx.qc.qc2_backends:Qc2Backend",
    BackendKind.GENERATOR: "chemx.generation.backends:Generator",
    BackendKind.JUDGE: "chemx.qc.judge:Judge",
    BackendKind.EVALUATION: "chemx.evaluation.backends._base:EvaluationBackend",
}
"""The Protocol each kind's backends satisfy ("module:attr", imported on demand)."""


@dataclass
class SharedModels:
    """Models that several backends use (MiniLM, the explanatory classifier), loaded once.

    Loading one takes seconds; doing it per backend or per paper would cost more than
    the work. Thread-safe and re-entrant: a model may ask for another while it loads.
    """

    _lock: threading.RLock = field(default_factory=threading.RLock)
    _models: dict[str, Any] = field(default_factory=dict)

    def get(self, key: str, load: Callable[[], T]) -> T:
        """The model stored under `key`, loading it with `load` on first use."""
        with self._lock:
            if key not in self._models:
                self._models[key] = load()
            model: T = self._models[key]
            return model


@dataclass
class BackendContext:
    """What a factory may read: the stage's settings, the model client, shared models."""

    settings: Any
    """The stage's typed settings (`chemx.pipeline.settings`), e.g. the judge threshold."""
    model_client: ModelCaller | None = None
    """The shared `chemx.models.ModelClient`, or None when no role has an endpoint."""
    device: str | None = None
    """'cuda' or 'cpu' for torch models; None picks cuda when present."""
    shared: SharedModels = field(default_factory=SharedModels)
    retries: RetryChecker | None = None
    """Set by a build: a model endpoint that does not answer leaves the paper for the next
    build (`chemx.models.retrying`) instead of recording the failure as a verdict."""

    def client_for(self, role: str, option: str) -> ModelCaller:
        """The model client, or a `BackendUnavailable` that names the role and the fix."""
        client = self.model_client
        if client is None or not client.config.is_configured(role):
            raise BackendUnavailable(
                f"{option} needs an endpoint for the '{role}' role "
                f"(--models FILE or --model-option {role}.base_url=...)"
            )
        if self.retries is not None:
            from chemx.models.retrying import RetryingCaller

            return RetryingCaller(client, self.retries)
        return client


@dataclass(frozen=True)
class BackendSpec:
    """One registered backend."""

    kind: BackendKind
    name: str
    target: str
    """``"module:attr"`` of a factory ``(BackendContext) -> backend``."""
    summary: str
    """One phrase for ``--help``: what it is and what it needs."""
    role: str | None = None
    """The model role it calls, if any (it then needs an endpoint)."""
    aliases: tuple[str, ...] = ()

    def load_factory(self) -> Callable[[BackendContext], Any]:
        """Import the factory (and only now its module's dependencies)."""
        module_name, _, attr = self.target.partition(":")
        factory: Callable[[BackendContext], Any] = getattr(
            importlib.import_module(module_name), attr
        )
        return factory


class Registry:
    """Backends by kind and name; lookups suggest close names on a typo."""

    def __init__(self) -> None:
        self._specs: dict[BackendKind, dict[str, BackendSpec]] = {kind: {} for kind in BackendKind}
        self._aliases: dict[BackendKind, dict[str, str]] = {kind: {} for kind in BackendKind}
        self._entry_points_loaded = False

    def register(
        self,
        kind: BackendKind | str,
        name: str,
        target: str,
        summary: str,
        *,
        role: str | None = None,
        aliases: tuple[str, ...] = (),
        replace: bool = False,
    ) -> BackendSpec:
        """Add a backend; `replace` must be set to overwrite an existing name."""
        kind = BackendKind(kind)
        if ":" not in target:
            raise SettingsError(f"backend {kind}/{name}: target {target!r} is not 'module:attr'")
        if name in self._specs[kind] and not replace:
            raise SettingsError(f"backend {kind}/{name} is already registered")
        spec = BackendSpec(kind, name, target, summary, role, aliases)
        self._specs[kind][name] = spec
        for alias in aliases:
            self._aliases[kind][alias] = name
        return spec

    def unregister(self, kind: BackendKind | str, name: str) -> None:
        """Remove a backend (tests that register a toy one clean up with this)."""
        kind = BackendKind(kind)
        spec = self._specs[kind].pop(name)
        for alias in spec.aliases:
            self._aliases[kind].pop(alias, None)

    def names(self, kind: BackendKind | str) -> list[str]:
        """Registered names of `kind`, in registration order (the default first)."""
        self._load_entry_points()
        return list(self._specs[BackendKind(kind)])

    def specs(self, kind: BackendKind | str) -> Iterator[BackendSpec]:
        """Every backend of `kind`."""
        self._load_entry_points()
        yield from self._specs[BackendKind(kind)].values()

    def spec(self, kind: BackendKind | str, name: str) -> BackendSpec:
        """The backend called `name` (or one of its aliases).

        Raises:
            SettingsError: no such backend; the message lists the choices and suggests
                the closest names.
        """
        kind = BackendKind(kind)
        self._load_entry_points()
        canonical = self._aliases[kind].get(name, name)
        try:
            return self._specs[kind][canonical]
        except KeyError:
            pass
        choices = [*self._specs[kind], *self._aliases[kind]]
        close = difflib.get_close_matches(name, choices, n=2, cutoff=0.6)
        hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
        raise SettingsError(
            f"unknown {kind.value.replace('_', ' ')} {name!r}{hint} "
            f"(choose one of: {', '.join(self._specs[kind])})"
        ) from None

    def canonical(self, kind: BackendKind | str, name: str) -> str:
        """The registered name for `name` (resolving aliases); raises like `spec`."""
        return self.spec(kind, name).name

    def build(self, kind: BackendKind | str, name: str, context: BackendContext) -> Any:
        """Build the backend `name` of `kind` with `context`.

        Raises:
            SettingsError: unknown name.
            BackendUnavailable: the backend cannot run here (raised by its factory).
            TypeError: the factory returned something that is not a `kind` backend (a bug
                in the backend, not a user error).
        """
        spec = self.spec(kind, name)
        backend = spec.load_factory()(context)
        protocol = protocol_of(spec.kind)
        if protocol is not None and getattr(protocol, "_is_runtime_protocol", False):
            self._check_protocol(spec, backend, protocol)
        return backend

    @staticmethod
    def _check_protocol(spec: BackendSpec, backend: Any, protocol: type) -> None:
        if not isinstance(backend, protocol):
            raise TypeError(
                f"backend {spec.kind}/{spec.name} ({spec.target}) returned "
                f"{type(backend).__name__}, which is not a {protocol.__name__}"
            )

    def help(self, kind: BackendKind | str) -> str:
        """``'a' (summary), 'b' (summary)``: the choices for an option's help text."""
        return "; ".join(f"'{spec.name}': {spec.summary}" for spec in self.specs(kind))

    def _load_entry_points(self) -> None:
        """Backends that installed packages declare in the ``chemx.backends`` group."""
        if self._entry_points_loaded:
            return
        self._entry_points_loaded = True
        for entry in metadata.entry_points(group=ENTRY_POINT_GROUP):
            kind_name, _, target = entry.value.partition("=")
            kind, _, name = kind_name.partition(":")
            if name not in self._specs.get(BackendKind(kind), {}):
                self.register(kind, name, target.strip(), f"plugin {entry.name}")


def protocol_of(kind: BackendKind) -> type | None:
    """The Protocol class backends of `kind` satisfy, or None if none is declared."""
    target = PROTOCOLS.get(kind)
    if target is None:
        return None
    module_name, _, attr = target.partition(":")
    protocol: type = getattr(importlib.import_module(module_name), attr)
    return protocol


REGISTRY = Registry()
"""The process-wide registry, holding every built-in backend (`chemx.builtin_backends`)."""

for _entry in BUILTIN_BACKENDS:
    REGISTRY.register(
        _entry.kind,
        _entry.name,
        _entry.target,
        _entry.summary,
        role=_entry.role,
        aliases=_entry.aliases,
    )

__all__ = [
    "ENTRY_POINT_GROUP",
    "PROTOCOLS",
    "REGISTRY",
    "BackendContext",
    "BackendKind",
    "BackendSpec",
    "Registry",
    "SharedModels",
    "protocol_of",
]
