"""ChemPro-style text benchmarks: load the parquet files, score MCQ and numerical answers.

ChemPro (seeds 000/001) has four tiers of increasing difficulty (easy, medium,
challenging, difficult), multiple-choice and numerical questions scored separately, and
one or more subfield labels per question. "Report the result for each tier. A single
average hides the drop in accuracy that the benchmark is built to show."

Layout read from a local folder (the Hub's ``data/`` folder, or the folder above it)::

    DIR/data/mcq/<tier>*.parquet        question, choices (list), answer (letter)
    DIR/data/numerical/<tier>*.parquet  question, answer_value, answer_unit

with an optional ``id`` column (else ``<type>-<tier>-<row>``) and subfields in a
``subfields`` list column or a ``subfield`` text column (comma-separated).

Metrics (seed 001's table): MCQ overall accuracy, option-wise accuracy (accuracy per
correct letter) and the answer-correlation table (correct letter x predicted letter,
with ``none`` for no answer). Numerical: exact match (the parsed value equals the answer
up to float rounding), tolerance accuracy in the README's form |ŷ − y| <= 0.1·|y|
(`tolerance_accuracy`) and in the paper's symmetric form |ŷ − y| <= 0.1·(|y| + |ŷ|)/2
(`symmetric_tolerance_accuracy`), mean absolute error and mean relative error
|ŷ − y| / (|y| + |ŷ|) (0 when both are 0). A prediction without a parsable answer is
wrong for the accuracies and left out of MAE and relative error, whose ``parsed`` count
says over how many they are.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from chemx.errors import ChemxError
from chemx.evaluation.chempro_extract import extract_letter, extract_number

TIERS: tuple[str, ...] = ("easy", "medium", "challenging", "difficult")
"""In increasing difficulty (seed 001)."""
TOLERANCE = 0.1
"""θ of both tolerance forms (seed 000: θ = 0.1)."""
NO_ANSWER = "none"

QuestionType = Literal["mcq", "numerical"]


class ChemProError(ChemxError):
    """A ChemPro folder or predictions file cannot be read."""


@dataclass(frozen=True)
class ChemProQuestion:
    """One ChemPro question (either type)."""

    id: str
    type: QuestionType
    tier: str
    question: str
    subfields: tuple[str, ...] = ()
    choices: tuple[str, ...] = ()
    answer: str | None = None
    """The correct letter (MCQ)."""
    answer_value: float | None = None
    """The correct value (numerical)."""
    answer_unit: str = ""


def _files(folder: Path, kind: QuestionType, tier: str) -> list[Path]:
    for base in (folder / "data" / kind, folder / kind):
        found = sorted(base.glob(f"{tier}*.parquet"))
        if found:
            return found
    return []


def _letter(value: Any, where: str) -> str:
    if isinstance(value, int) and 0 <= value < 26:
        return chr(ord("A") + value)
    text = str(value).strip().strip("()").upper()
    if len(text) == 1 and text.isalpha():
        return text
    raise ChemProError(f"{where}: answer {value!r} is not a letter or an option index")


def _subfields(row: Mapping[str, Any]) -> tuple[str, ...]:
    value = row.get("subfields", row.get("subfield"))
    if value is None:
        return ()
    if isinstance(value, str):
        return tuple(part.strip() for part in value.split(",") if part.strip())
    return tuple(str(part) for part in value)


def _question(row: Mapping[str, Any], kind: QuestionType, tier: str, where: str) -> ChemProQuestion:
    try:
        question_id = str(row.get("id") or where.rsplit(":", 1)[-1])
        question, subfields = str(row["question"]), _subfields(row)
        if kind == "mcq":
            choices = tuple(str(c) for c in row["choices"])
            answer = _letter(row["answer"], where)
            if ord(answer) - ord("A") >= len(choices):
                raise ChemProError(f"{where}: answer {answer} but only {len(choices)} choices")
            return ChemProQuestion(
                question_id, kind, tier, question, subfields, choices=choices, answer=answer
            )
        return ChemProQuestion(
            question_id,
            kind,
            tier,
            question,
            subfields,
            answer_value=float(row["answer_value"]),
            answer_unit=str(row.get("answer_unit") or ""),
        )
    except KeyError as exc:
        raise ChemProError(f"{where}: no column {exc.args[0]!r} for a {kind} question") from exc
    except (TypeError, ValueError) as exc:
        raise ChemProError(f"{where}: {exc}") from exc


def load_chempro(
    folder: Path, kind: QuestionType, tiers: Sequence[str] = TIERS
) -> list[ChemProQuestion]:
    """The questions of `kind` in `tiers` from a local ChemPro folder, tier by tier.

    Raises:
        ChemProError: A tier has no parquet file, or a row lacks a needed column.
    """
    import pyarrow.parquet as pq

    questions: list[ChemProQuestion] = []
    for tier in tiers:
        files = _files(folder, kind, tier)
        if not files:
            raise ChemProError(
                f"{folder}: no {kind} parquet for tier {tier} (looked for "
                f"data/{kind}/{tier}*.parquet and {kind}/{tier}*.parquet)"
            )
        row_number = 0
        for path in files:
            for row in pq.read_table(path).to_pylist():
                where = f"{path}:{kind}-{tier}-{row_number}"
                questions.append(_question(row, kind, tier, where))
                row_number += 1
    ids = [q.id for q in questions]
    if len(set(ids)) != len(ids):
        duplicate = next(i for i in ids if ids.count(i) > 1)
        raise ChemProError(f"{folder}: question id {duplicate} occurs twice")
    return questions


def read_outputs(path: Path) -> dict[str, str]:
    """Model outputs by question id from JSON lines ``{"id": ..., "output": ...}``."""
    outputs: dict[str, str] = {}
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise ChemProError(f"cannot read predictions {path}: {exc}") from exc
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            outputs[str(record["id"])] = str(record["output"] or "")
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            raise ChemProError(f'{path}:{number}: expected {{"id": ..., "output": ...}}') from exc
    return outputs


@dataclass(frozen=True)
class McqScores:
    """MCQ metrics over some questions (one tier, one subfield, or all)."""

    questions: int
    overall_accuracy: float
    option_wise_accuracy: dict[str, float]
    """Correct letter -> accuracy on the questions with that answer."""
    answer_correlation: dict[str, dict[str, int]]
    """Correct letter -> predicted letter (or 'none') -> count."""
    predictions: dict[str, str | None] = field(repr=False, default_factory=dict)


def _mcq(questions: Sequence[ChemProQuestion], predicted: Mapping[str, str | None]) -> McqScores:
    letters = sorted(
        {q.answer for q in questions if q.answer} | {p for p in predicted.values() if p}
    )
    table = {
        a: {p: 0 for p in [*letters, NO_ANSWER]}
        for a in sorted({q.answer or "" for q in questions})
    }
    for q in questions:
        table[q.answer or ""][predicted[q.id] or NO_ANSWER] += 1
    correct = [predicted[q.id] == q.answer for q in questions]
    option_wise = {
        letter: row[letter] / total for letter, row in table.items() if (total := sum(row.values()))
    }
    return McqScores(
        questions=len(questions),
        overall_accuracy=sum(correct) / len(questions) if questions else math.nan,
        option_wise_accuracy=option_wise,
        answer_correlation=table,
        predictions={q.id: predicted[q.id] for q in questions},
    )


@dataclass(frozen=True)
class NumericalScores:
    """Numerical metrics over some questions."""

    questions: int
    parsed: int
    """Predictions with a number (MAE and relative error are over these)."""
    exact_match: float
    tolerance_accuracy: float
    """README form: |ŷ − y| <= θ·|y|."""
    symmetric_tolerance_accuracy: float
    """Paper form: |ŷ − y| <= θ·(|y| + |ŷ|)/2."""
    mean_absolute_error: float
    mean_relative_error: float
    predictions: dict[str, float | None] = field(repr=False, default_factory=dict)


def exact(prediction: float, answer: float) -> bool:
    """Equal up to float rounding (2.5e-3 parsed from text equals 0.0025)."""
    return math.isclose(prediction, answer, rel_tol=1e-9, abs_tol=0.0)


def within_tolerance(prediction: float, answer: float, theta: float = TOLERANCE) -> bool:
    """README form: |ŷ − y| <= θ·|y|."""
    return abs(prediction - answer) <= theta * abs(answer)


def within_symmetric_tolerance(prediction: float, answer: float, theta: float = TOLERANCE) -> bool:
    """Paper form: |ŷ − y| <= θ·(|y| + |ŷ|)/2."""
    return abs(prediction - answer) <= theta * (abs(answer) + abs(prediction)) / 2


def relative_error(prediction: float, answer: float) -> float:
    """|ŷ − y| / (|y| + |ŷ|); 0 when both are 0."""
    scale = abs(answer) + abs(prediction)
    return abs(prediction - answer) / scale if scale else 0.0


def _numerical(
    questions: Sequence[ChemProQuestion], predicted: Mapping[str, float | None]
) -> NumericalScores:
    n = len(questions)
    pairs = [(predicted[q.id], q.answer_value) for q in questions]
    parsed = [(p, a) for p, a in pairs if p is not None and a is not None]

    def share(test: Callable[[float, float], bool]) -> float:
        return sum(test(p, a) for p, a in parsed) / n if n else math.nan

    return NumericalScores(
        questions=n,
        parsed=len(parsed),
        exact_match=share(exact),
        tolerance_accuracy=share(within_tolerance),
        symmetric_tolerance_accuracy=share(within_symmetric_tolerance),
        mean_absolute_error=(
            sum(abs(p - a) for p, a in parsed) / len(parsed) if parsed else math.nan
        ),
        mean_relative_error=(
            sum(relative_error(p, a) for p, a in parsed) / len(parsed) if parsed else math.nan
        ),
        predictions={q.id: predicted[q.id] for q in questions},
    )


@dataclass(frozen=True)
class ChemProReport:
    """Scores overall, per tier (in difficulty order) and per subfield."""

    type: QuestionType
    overall: McqScores | NumericalScores
    tiers: dict[str, McqScores | NumericalScores]
    subfields: dict[str, McqScores | NumericalScores]
    missing: tuple[str, ...]
    """Questions with no output (scored as no answer)."""


def score_chempro(
    questions: Sequence[ChemProQuestion], outputs: Mapping[str, str]
) -> ChemProReport:
    """Extract each output's FINAL ANSWER and score, overall, per tier and per subfield.

    All questions must be of one type; a question without an output has no answer.
    """
    kinds = {q.type for q in questions}
    if len(kinds) != 1:
        raise ValueError("score MCQ and numerical questions separately (seed 001)")
    kind = kinds.pop()
    missing = tuple(q.id for q in questions if q.id not in outputs)

    def score(chosen: Sequence[ChemProQuestion]) -> McqScores | NumericalScores:
        if kind == "mcq":
            letters = {
                q.id: extract_letter(
                    outputs.get(q.id), "".join(chr(65 + i) for i in range(len(q.choices)))
                )
                for q in chosen
            }
            return _mcq(chosen, letters)
        return _numerical(chosen, {q.id: extract_number(outputs.get(q.id)) for q in chosen})

    order = [t for t in TIERS if any(q.tier == t for q in questions)]
    order += sorted({q.tier for q in questions} - set(order))
    subfields = sorted({s for q in questions for s in q.subfields})
    return ChemProReport(
        type=kind,
        overall=score(questions),
        tiers={t: score([q for q in questions if q.tier == t]) for t in order},
        subfields={s: score([q for q in questions if s in q.subfields]) for s in subfields},
        missing=missing,
    )
