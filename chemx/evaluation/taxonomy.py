"""Error taxonomy: annotators' labels on wrong answers, their distribution and agreement.

Seed 002 (section 5.3) classifies each incorrect response by its reasoning trace as a
**perception** error (the model misidentifies or overlooks visible structural features),
a **knowledge** gap (it perceives the features but lacks the chemistry linking them to
the effect) or an **attribution** error (it perceives the features and has the knowledge
but misjudges which feature is primarily responsible in this structural context). Other
taxonomies can be given in a file (`load_taxonomy`).

Labels come from one or more annotators as CSV files (`read_label_files`): the file
`chemx errors export` wrote, filled in, or the labels file its HTML page downloads. The
distribution of error types is reported with Wilson 95% intervals (per annotator, and for
the consensus: the label most annotators gave, ties left unresolved); agreement between
annotators is Gwet's AC1 (and AC2 with quadratic weights for an ordered taxonomy).
"""

from __future__ import annotations

import csv
import json
import tomllib
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from chemx.errors import ChemxError
from chemx.evaluation.agreement import Agreement, gwet_agreement
from chemx.evaluation.stats import Interval, wilson_interval

ANNOTATIONS_FILE = "annotations.json"
"""Written into the run folder by `chemx errors import`; read by `chemx report`."""
CONSENSUS = "consensus"


class TaxonomyError(ChemxError):
    """A taxonomy file or a labels file cannot be used."""


class ErrorCategory(BaseModel):
    """One error type."""

    model_config = ConfigDict(frozen=True)

    key: str = Field(pattern=r"^[a-z][a-z0-9_-]*$")
    """The label annotators write (lower case; matched case-insensitively)."""
    description: str = ""


class Taxonomy(BaseModel):
    """The error types an annotator chooses from."""

    model_config = ConfigDict(frozen=True)

    name: str
    categories: tuple[ErrorCategory, ...] = Field(min_length=2)
    ordered: bool = False
    """Whether the categories form a scale (then AC2 with quadratic weights is reported)."""

    @property
    def keys(self) -> tuple[str, ...]:
        """The labels, in the taxonomy's order."""
        return tuple(c.key for c in self.categories)

    def normalise(self, label: str) -> str | None:
        """The category key for `label` (case and spaces ignored); None for a blank label.

        Raises:
            ValueError: `label` is not a category.
        """
        text = label.strip().lower()
        if not text:
            return None
        if text not in self.keys:
            raise ValueError(f"label {label.strip()!r} is not one of {', '.join(self.keys)}")
        return text


DEFAULT_TAXONOMY = Taxonomy(
    name="perception-knowledge-attribution",
    categories=(
        ErrorCategory(
            key="perception",
            description="misidentifies or overlooks visible structural features",
        ),
        ErrorCategory(
            key="knowledge",
            description="perceives the features but lacks the chemical knowledge linking "
            "them to the effect",
        ),
        ErrorCategory(
            key="attribution",
            description="perceives the relevant features and has the knowledge but "
            "misjudges which feature is primarily responsible in this structural context",
        ),
    ),
)
"""Seed 002, section 5.3."""


def load_taxonomy(path: Path) -> Taxonomy:
    """A taxonomy from a file: TOML or JSON (`Taxonomy` fields), or text (one label a line).

    TOML example::

        name = "my-taxonomy"
        [[categories]]
        key = "perception"
        description = "misreads the structure"

    A text file lists one label per line, optionally ``label: description``; lines
    starting with ``#`` are comments.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise TaxonomyError(f"--taxonomy {path}: cannot read it ({exc})") from exc
    try:
        if path.suffix == ".toml":
            data = tomllib.loads(text)
        elif path.suffix == ".json":
            data = json.loads(text)
        else:
            data = {"name": path.stem, "categories": _text_categories(text)}
        data.setdefault("name", path.stem)
        return Taxonomy.model_validate(data)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as exc:
        raise TaxonomyError(f"--taxonomy {path}: not valid {path.suffix[1:]}: {exc}") from exc
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "the file"
        raise TaxonomyError(
            f"--taxonomy {path}: {where}: {first['msg']} (labels are lower-case words; "
            "give at least two)"
        ) from exc


def _text_categories(text: str) -> list[dict[str, str]]:
    categories = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, _, description = line.partition(":")
        categories.append({"key": key.strip().lower(), "description": description.strip()})
    return categories


class AnnotatorLabels(BaseModel):
    """One annotator's labels, by item id."""

    annotator: str
    source: str
    """The file the labels were read from."""
    labels: dict[str, str]
    notes: dict[str, str] = {}


class Annotations(BaseModel):
    """Every annotator's labels on one run's wrong answers (``annotations.json``)."""

    run_id: str | None
    taxonomy: Taxonomy
    annotators: list[AnnotatorLabels]

    @property
    def items(self) -> list[str]:
        """Every item some annotator labelled, sorted."""
        return sorted({item for a in self.annotators for item in a.labels})


LABEL_COLUMNS = ("item_id", "label")
"""The columns a labels file needs; ``annotator``, ``run_id`` and ``notes`` are optional."""


def read_label_files(paths: Sequence[Path], taxonomy: Taxonomy = DEFAULT_TAXONOMY) -> Annotations:
    """Read annotators' labels from CSV files, checking every label against `taxonomy`.

    A file holds one annotator (named in its ``annotator`` column, else by the file's
    name) or several (one ``annotator`` value per row). Rows with a blank label are
    not labelled yet and are skipped.

    Raises:
        TaxonomyError: A file is unreadable or lacks the columns, a label is not in the
            taxonomy, an annotator labels one item twice differently, or the files come
            from different runs.
    """
    by_annotator: dict[str, AnnotatorLabels] = {}
    run_ids: dict[str, Path] = {}
    for path in paths:
        for number, row in _rows(path):
            where = f"{path}:{number}"
            try:
                label = taxonomy.normalise(row.get("label") or "")
            except ValueError as exc:
                raise TaxonomyError(f"{where}: {exc} (taxonomy {taxonomy.name})") from exc
            if label is None:
                continue
            item_id = (row.get("item_id") or "").strip()
            if not item_id:
                raise TaxonomyError(f"{where}: the row has a label but no item_id")
            run_id = (row.get("run_id") or "").strip()
            if run_id:
                run_ids.setdefault(run_id, path)
            name = (row.get("annotator") or "").strip() or path.stem
            entry = by_annotator.setdefault(
                name, AnnotatorLabels(annotator=name, source=str(path), labels={})
            )
            previous = entry.labels.get(item_id)
            if previous is not None and previous != label:
                raise TaxonomyError(
                    f"{where}: annotator {name} labels item {item_id} both {previous} and "
                    f"{label}; keep one"
                )
            entry.labels[item_id] = label
            note = (row.get("notes") or "").strip()
            if note:
                entry.notes[item_id] = note
    if len(run_ids) > 1:
        listed = ", ".join(f"{run} ({path})" for run, path in sorted(run_ids.items()))
        raise TaxonomyError(f"the labels files come from different runs: {listed}")
    if not by_annotator:
        raise TaxonomyError(f"no labelled rows in {', '.join(str(p) for p in paths)}")
    annotators = [by_annotator[name] for name in sorted(by_annotator)]
    return Annotations(run_id=next(iter(run_ids), None), taxonomy=taxonomy, annotators=annotators)


def _rows(path: Path) -> list[tuple[int, dict[str, str]]]:
    try:
        with path.open(encoding="utf-8-sig", newline="") as handle:
            reader = csv.DictReader(handle)
            missing = [c for c in LABEL_COLUMNS if c not in (reader.fieldnames or [])]
            if missing:
                raise TaxonomyError(
                    f"{path}: no column {', '.join(missing)} (a labels file needs "
                    f"{', '.join(LABEL_COLUMNS)}; fill in the file `chemx errors export` wrote)"
                )
            rows = []
            start = reader.line_num + 1
            for row in reader:  # a quoted trace spans lines: name the record's first line
                rows.append((start, row))
                start = reader.line_num + 1
    except OSError as exc:
        raise TaxonomyError(f"cannot read labels file {path}: {exc}") from exc
    except (csv.Error, UnicodeDecodeError) as exc:
        raise TaxonomyError(f"{path} is not a UTF-8 CSV file: {exc}") from exc
    return rows


def consensus(annotations: Annotations) -> tuple[dict[str, str], list[str]]:
    """The label most annotators gave per item, and the items where the top labels tie."""
    agreed: dict[str, str] = {}
    unresolved: list[str] = []
    for item in annotations.items:
        votes = Counter(a.labels[item] for a in annotations.annotators if item in a.labels)
        ranked = votes.most_common()
        if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
            unresolved.append(item)
        else:
            agreed[item] = ranked[0][0]
    return agreed, unresolved


@dataclass(frozen=True)
class ErrorDistribution:
    """How many of one annotator's (or the consensus') labels fall in each error type."""

    annotator: str
    total: int
    counts: dict[str, int]
    shares: dict[str, Interval]
    """Share of `total` per type with its Wilson interval."""


def distribution(
    annotator: str, labels: Mapping[str, str], taxonomy: Taxonomy
) -> ErrorDistribution:
    """Counts and Wilson intervals of `labels` over the taxonomy's categories."""
    counts = Counter(labels.values())
    total = len(labels)
    return ErrorDistribution(
        annotator=annotator,
        total=total,
        counts={key: counts.get(key, 0) for key in taxonomy.keys},
        shares={key: wilson_interval(counts.get(key, 0), total) for key in taxonomy.keys},
    )


@dataclass(frozen=True)
class TaxonomySummary:
    """What a report says about the annotated errors of one run."""

    taxonomy: Taxonomy
    consensus: ErrorDistribution
    annotators: tuple[ErrorDistribution, ...]
    unresolved: tuple[str, ...]
    agreement: Agreement | None
    """AC1 over the items labelled by at least one annotator (None with one annotator)."""
    weighted_agreement: Agreement | None
    """AC2 with quadratic weights, for an ordered taxonomy."""
    not_wrong: tuple[str, ...] = ()
    """Labelled items that are not wrong answers of the run (labels of another run?)."""
    unlabelled: tuple[str, ...] = ()
    """Wrong answers of the run no annotator labelled."""


def summarise(
    annotations: Annotations, wrong_items: Iterable[str] | None = None
) -> TaxonomySummary:
    """Distribution (consensus and per annotator) and agreement of `annotations`."""
    taxonomy = annotations.taxonomy
    agreed, unresolved = consensus(annotations)
    per_annotator = tuple(
        distribution(a.annotator, a.labels, taxonomy) for a in annotations.annotators
    )
    agreement = weighted = None
    if len(annotations.annotators) > 1:
        table = [[a.labels.get(item) for a in annotations.annotators] for item in annotations.items]
        try:
            agreement = gwet_agreement(table, taxonomy.keys)
            if taxonomy.ordered:
                weighted = gwet_agreement(table, taxonomy.keys, weights="quadratic")
        except ValueError:  # no item has two labels yet
            agreement = weighted = None
    labelled = set(annotations.items)
    wrong = set(wrong_items) if wrong_items is not None else labelled
    return TaxonomySummary(
        taxonomy=taxonomy,
        consensus=distribution(CONSENSUS, agreed, taxonomy),
        annotators=per_annotator,
        unresolved=tuple(unresolved),
        agreement=agreement,
        weighted_agreement=weighted,
        not_wrong=tuple(sorted(labelled - wrong)),
        unlabelled=tuple(sorted(wrong - labelled)),
    )


def write_annotations(run_dir: Path, annotations: Annotations) -> Path:
    """Write ``annotations.json`` into the run folder (replacing an earlier import)."""
    path = run_dir / ANNOTATIONS_FILE
    path.write_text(annotations.model_dump_json(indent=2) + "\n", encoding="utf-8")
    return path


def read_annotations(run_dir: Path) -> Annotations | None:
    """The run's ``annotations.json``, or None when nobody imported labels yet."""
    path = run_dir / ANNOTATIONS_FILE
    if not path.is_file():
        return None
    try:
        return Annotations.model_validate_json(path.read_text(encoding="utf-8"))
    except ValidationError as exc:
        raise TaxonomyError(
            f"{path} is not an annotations file ({exc.errors()[0]['msg']}); run "
            "`chemx errors import` again"
        ) from exc
