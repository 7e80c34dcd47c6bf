"""What `chemx build` was asked to do: one typed model per stage, nested in `BuildSettings`.

Each option is declared once, here: its type, default and description. The CLI builds its
``--option`` flags from these fields (`chemx.cli._options`), backend choices are checked
against the registry (`chemx.registry`) when the settings are made, and the stage settings
that change what a stage produces form the checkpoint signature. So a typo fails at
start-up with the closest names, never 40 minutes into a build.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, GetCoreSchemaHandler, field_validator
from pydantic_core import core_schema

from chemx.registry import REGISTRY, BackendKind

StageName = Literal["acquire", "visual", "grounding", "generation"]
STAGE_ORDER: tuple[StageName, ...] = ("acquire", "visual", "grounding", "generation")
"""Stages in pipeline order; `--until` stops after the named one."""


@dataclass(frozen=True)
class BackendOf:
    """Marks a settings field as the registry name of a `kind` backend.

    Validation resolves aliases ("easyocr" -> "ocr") and rejects unknown names with the
    closest registered ones; the CLI reads `kind` to list the registry's choices.
    """

    kind: BackendKind

    def __get_pydantic_core_schema__(
        self, source: type[Any], handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        """A string, then the registry's canonical name for it."""
        return core_schema.no_info_after_validator_function(
            lambda name: REGISTRY.canonical(self.kind, name), handler(source)
        )


class StageSettings(BaseModel):
    """Common base: frozen, no unknown keys, and a checkpoint signature."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    def signature(self) -> dict[str, str]:
        """The settings as strings, for the checkpoint thread id."""
        result = {}
        for name, value in self.model_dump(mode="json").items():
            result[name] = str(value).lower() if isinstance(value, bool) else str(value)
        return result


class VisualSettings(StageSettings):
    """The visual stage: classify, segment, identify, read SMILES, QC 1."""

    classifier: Annotated[str, BackendOf(BackendKind.CLASSIFIER)] = Field(
        default="resnet50", description="Figure classifier."
    )
    classifier_checkpoint: Path | None = Field(
        default=None, description="Figure classifier weights (default: the shipped ones)."
    )
    classifier_batch: int | None = Field(
        default=None,
        ge=1,
        description="Figures per classifier pass, shared by the papers in flight "
        "(default: 32 on a GPU, 1 on the CPU; more than 1 pads each pass to that size).",
    )
    segmenter: Annotated[str, BackendOf(BackendKind.SEGMENTER)] = Field(
        default="classical", description="Multi-molecule figures."
    )
    reaction_parser: Annotated[str, BackendOf(BackendKind.REACTION_PARSER)] = Field(
        default="classical", description="Reaction schemes."
    )
    identifier: Annotated[str, BackendOf(BackendKind.IDENTIFIER)] = Field(
        default="ocr", description="Compound labels."
    )
    ocsr: Annotated[str, BackendOf(BackendKind.OCSR)] = Field(
        default="auto",
        description="SMILES for the visible-feature catalogue, read once per labelled crop.",
    )
    names: Annotated[str, BackendOf(BackendKind.NAMES)] = Field(
        default="auto",
        description="SMILES of labelled compounds from the paper's systematic names "
        "(preferred to the drawing's reading).",
    )

    def signature(self) -> dict[str, str]:
        """As the base, with the shipped checkpoint named 'shipped'.

        The classifier's batch size is left out: like the device, it says how the
        figures are classified, not what with, so changing it does not redo a build.
        """
        result = super().signature()
        result["classifier_checkpoint"] = str(self.classifier_checkpoint or "shipped")
        del result["classifier_batch"]
        return result


class GroundingSettings(StageSettings):
    """Text grounding: retrieval, context expansion, QC 2."""

    expansion: Annotated[str, BackendOf(BackendKind.EXPANDER)] = Field(
        default="embedding", description="Context expansion within the paragraph."
    )
    qc2: Annotated[str, BackendOf(BackendKind.QC2)] = Field(
        default="offline",
        description="QC 2 sentence labels.",
        json_schema_extra={"cli_aliases": ["--grounding"]},
    )
    prefilter: bool = Field(
        default=False,
        description="With --qc2 llm: reject blocks the classifier finds no explanation in "
        "(at its recall-oriented threshold) without calling the model.",
    )


class GenerationSettings(StageSettings):
    """Question generation, anti-shortcut checks and QC 3."""

    generator: Annotated[str, BackendOf(BackendKind.GENERATOR)] = Field(
        default="template", description="Decomposition and question writing."
    )
    judge: Annotated[str, BackendOf(BackendKind.JUDGE)] = Field(
        default="heuristic", description="QC 3."
    )
    judge_threshold: float = Field(
        default=4.0, ge=1.0, le=5.0, description="QC 3 accepts at this mean score (1-5)."
    )
    judge_rounds: int = Field(
        default=3, ge=1, le=24, description="LLM judge scorings, each with shuffled options."
    )


class SourceSettings(StageSettings):
    """Acquisition: how documents are read."""

    pdf: Annotated[str, BackendOf(BackendKind.PDF)] = Field(
        default="pymupdf",
        description="PDF parser.",
        json_schema_extra={"cli_aliases": ["--pdf-backend"]},
    )
    max_document_mb: float = Field(
        default=100,
        gt=0,
        description=(
            "Largest document (JATS or PDF file) read, in MB; a larger one is rejected "
            "as too_large before it is read (real articles are well under 100 MB)."
        ),
    )


PUBLICATION_DATE = re.compile(
    r"(?P<year>\d{4})(?:[-/](?P<month>\d{1,2})(?:[-/](?P<day>\d{1,2}))?)?"
)
"""`--published-after/--published-before`: YYYY, YYYY-MM or YYYY-MM-DD (or with slashes)."""


class PmcSettings(StageSettings):
    """`--corpus pmc_oa`: which PubMed Central open-access papers to fetch, and from where.

    The search runs on NCBI E-utilities, the files come from the PMC Cloud Service
    bucket (or a local copy of it, `--mirror`); see `chemx.sources.pmc`.
    """

    query: str | None = Field(
        default=None,
        description="--corpus pmc_oa: E-utilities search terms on PMC, e.g. "
        "'catalysis[Abstract] AND chemistry'; 'open access[filter]' is added.",
    )
    email: str | None = Field(
        default=None,
        description="Contact e-mail sent to NCBI with every E-utilities request "
        "(default: $CHEMX_NCBI_EMAIL). An API key is read from $NCBI_API_KEY.",
    )
    published_after: str | None = Field(
        default=None, description="Only papers published on or after YYYY[-MM[-DD]]."
    )
    published_before: str | None = Field(
        default=None, description="Only papers published on or before YYYY[-MM[-DD]]."
    )
    sjr_table: Path | None = Field(
        default=None,
        description="SCImago journal-rank CSV export (scimagojr YYYY.csv): keep papers whose "
        "journal has SJR >= --sjr-min.",
    )
    sjr_min: float = Field(
        default=2.0, ge=0, description="With --sjr-table: the lowest journal SJR kept."
    )
    sjr_year: int | None = Field(
        default=None,
        ge=1990,
        le=2100,
        description="With --sjr-table: the table's year (default: read from its file name).",
    )
    max_papers: int | None = Field(
        default=None,
        ge=1,
        description="--corpus pmc_oa: take at most this many papers that pass the filters, "
        "in search order.",
    )
    mirror: Path | None = Field(
        default=None,
        description="Local copy of the PMC bucket (same layout); articles missing from it are "
        "downloaded into it. Default: OUT/pmc.",
    )
    eutils_url: str = Field(
        default="https://eutils.ncbi.nlm.nih.gov/entrez/eutils/",
        description="E-utilities base URL.",
    )
    pmc_url: str = Field(
        default="https://pmc-oa-opendata.s3.amazonaws.com",
        description="PMC Cloud Service bucket URL (anonymous HTTPS).",
    )

    @field_validator("published_after", "published_before")
    @classmethod
    def _date(cls, value: str | None) -> str | None:
        if value is not None and not PUBLICATION_DATE.fullmatch(value.strip()):
            raise ValueError(f"{value!r} is not a date; write YYYY, YYYY-MM or YYYY-MM-DD")
        return value.strip() if value is not None else None

    @field_validator("sjr_table")
    @classmethod
    def _table_exists(cls, value: Path | None) -> Path | None:
        if value is not None and not value.expanduser().is_file():
            raise ValueError(
                f"{value} is not a file; download the CSV from "
                "https://www.scimagojr.com/journalrank.php (Download data)"
            )
        return value.expanduser() if value is not None else None

    @field_validator("eutils_url", "pmc_url")
    @classmethod
    def _http_url(cls, value: str) -> str:
        if not value.startswith(("https://", "http://")):
            raise ValueError(f"{value!r} is not an http(s) URL")
        return value


class BuildSettings(BaseModel):
    """Everything `chemx build` was asked to do, validated before any work starts."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    corpus: str = Field(description="'sample', 'pmc_oa' or a folder of .nxml/.pdf files.")
    out: Path
    executor: Literal["local", "process", "ray"] = "local"
    workers: int = Field(default=4, ge=1, le=256)
    """Papers in flight at once (`--concurrency`): threads, processes or Ray actors."""
    ray_address: str | None = Field(
        default=None, description="An existing Ray cluster ('auto' or HOST:PORT)."
    )
    until: StageName = "generation"
    device: str | None = Field(
        default=None, description="cuda or cpu for the models (default: cuda if present)."
    )
    models: Path | None = Field(default=None, description="TOML file with model endpoints.")
    model_options: dict[str, str] = Field(
        default_factory=dict, description="Overrides such as {'identifier.model': 'gpt-4o'}."
    )
    source: SourceSettings = Field(default_factory=SourceSettings)
    pmc: PmcSettings = Field(default_factory=PmcSettings)
    visual: VisualSettings = Field(default_factory=VisualSettings)
    grounding: GroundingSettings = Field(default_factory=GroundingSettings)
    generation: GenerationSettings = Field(default_factory=GenerationSettings)

    def stages(self) -> list[StageName]:
        """The stages this build runs, in order."""
        return list(STAGE_ORDER[: STAGE_ORDER.index(self.until) + 1])

    def stage_settings(self) -> dict[str, str]:
        """Settings that change what the stages produce (part of the graph signature)."""
        settings: dict[str, str] = {"pdf_backend": self.source.pdf}
        if self.source.max_document_mb != SourceSettings().max_document_mb:
            # raising the cap must re-run documents it refused (default: old checkpoints hold)
            settings["max_document_mb"] = f"{self.source.max_document_mb:g}"
        for stage in ("visual", "grounding", "generation"):
            if stage in self.stages():
                model: StageSettings = getattr(self, stage)
                settings.update({f"{stage}.{k}": v for k, v in model.signature().items()})
        return settings


STAGE_SETTINGS: dict[str, type[StageSettings]] = {
    "source": SourceSettings,
    "pmc": PmcSettings,
    "visual": VisualSettings,
    "grounding": GroundingSettings,
    "generation": GenerationSettings,
}
"""The nested stage models of `BuildSettings`, by field name (the CLI builds flags from them)."""

__all__ = [
    "STAGE_ORDER",
    "STAGE_SETTINGS",
    "BuildSettings",
    "GenerationSettings",
    "GroundingSettings",
    "PmcSettings",
    "SourceSettings",
    "StageName",
    "StageSettings",
    "VisualSettings",
]
