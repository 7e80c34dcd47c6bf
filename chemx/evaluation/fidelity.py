"""Reasoning-path fidelity (seed 003): does a trial's reasoning reach the expert checkpoints?

SUPERChem's Reasoning Path Fidelity is the "weighted percentage of matched reasoning
checkpoints between the model's generated chain-of-thought and the expert-annotated
solution path", judged by an independent model. A chemx item's expert path is its
paper's explanation, decomposed when the item was built (the release's
``provenance/<item>.json``, ``decomposition``): the observed **effect**, the structural
**feature** responsible and the **mechanism** linking them. These are the checkpoints.

The judge role (`chemx.models.JUDGE_ROLE`, template ``fidelity.v1``) reads the question,
the checkpoints and one trial's output, and says per checkpoint, explanation first,
whether the reasoning reaches it. It reads text only: checkpoints are statements, and
the judge grades the argument, not the picture. Each verdict is one line of
``RUN_DIR/fidelity.jsonl`` (a `CheckpointScore`, naming the trial's line and the judge
call), appended as trials are scored, so an interrupted scoring resumes; a failed call
is logged with its error and retried next time. A score belongs to the trial line it
names: a trial that was run again is scored again.

RPF = sum of the weights of reached checkpoints / sum of all checkpoint weights, pooled
over the scored trials (seed 003's ``score_rpf``); weights are 1 unless given.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from chemx.evaluation.records import LETTERS, EvalItem
from chemx.evaluation.results import LoadedRun, RunError, TrialLine
from chemx.models import JUDGE_ROLE, CallOk, Message, ModelCaller
from chemx.prompts import PromptTemplate, load_template

CHECKPOINTS: tuple[str, ...] = ("effect", "feature", "mechanism")
"""The expert path of an item, in reasoning order (the release's decomposition)."""
FIDELITY_TEMPLATE = "fidelity.v1"
FIDELITY_FILE = "fidelity.jsonl"
DEFAULT_WEIGHTS: Mapping[str, float] = {name: 1.0 for name in CHECKPOINTS}

TrialSelection = Literal["all", "first"]
"""Which trials are judged: every trial with an output, or the first one per item."""


class CheckpointVerdict(BaseModel):
    """The judge on one checkpoint: the analysis first, then the verdict."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    explanation: str = Field(description="Your analysis of this checkpoint, before deciding.")
    reached: bool = Field(description="Whether the reasoning reaches the checkpoint.")


class FidelityAnswer(BaseModel):
    """What ``fidelity.v1`` asks the judge role for."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    effect: CheckpointVerdict
    feature: CheckpointVerdict
    mechanism: CheckpointVerdict


@dataclass(frozen=True)
class Checkpoint:
    """One step of an item's expert path."""

    name: str
    text: str
    weight: float = 1.0


class CheckpointScore(BaseModel):
    """One checkpoint of one trial, judged: one line of ``fidelity.jsonl``."""

    model_config = ConfigDict(frozen=True)

    item_id: str
    trial: int
    trial_line: int
    """The ``trials.jsonl`` line of the trial whose output was judged."""
    checkpoint: str
    text: str
    weight: float
    reached: bool | None
    """None when the judge call failed (see `error`); such a line is retried."""
    explanation: str = ""
    judge_model: str
    template_id: str
    template_hash: str
    judge_request_hash: str
    error: str | None = None


def checkpoints_for(
    item_id: str, provenance: Mapping[str, object], weights: Mapping[str, float] = DEFAULT_WEIGHTS
) -> tuple[Checkpoint, ...]:
    """The item's checkpoints from its provenance record's decomposition."""
    decomposition = provenance.get("decomposition")
    if not isinstance(decomposition, Mapping):
        raise RunError(f"item {item_id}: its provenance record has no decomposition")
    result = []
    for name in CHECKPOINTS:
        text = decomposition.get(name)
        if not isinstance(text, str) or not text.strip():
            raise RunError(f"item {item_id}: its decomposition has no {name}")
        result.append(Checkpoint(name, text.strip(), float(weights.get(name, 1.0))))
    return tuple(result)


def fidelity_prompt(
    template: PromptTemplate, item: EvalItem, checkpoints: tuple[Checkpoint, ...], reasoning: str
) -> str:
    """The rendered ``fidelity.v1`` prompt for one trial."""
    options = "\n".join(
        f"{letter}. {text}" for letter, text in zip(LETTERS, item.choices, strict=True)
    )
    path = "\n".join(f"{c.name}: {c.text}" for c in checkpoints)
    return template.render(stem=item.stem, options=options, checkpoints=path, reasoning=reasoning)


def judge_trial(
    client: ModelCaller,
    template: PromptTemplate,
    item: EvalItem,
    checkpoints: tuple[Checkpoint, ...],
    trial: TrialLine,
) -> list[CheckpointScore]:
    """Ask the judge about one trial; one score per checkpoint (reached None on failure)."""
    record = trial.record
    text = fidelity_prompt(template, item, checkpoints, record.raw_output or "")
    result = client.complete_sync(
        JUDGE_ROLE, [Message.user(text)], FidelityAnswer, template=template, node_id=item.id
    )
    call = result.call
    scores = []
    for checkpoint in checkpoints:
        verdict: CheckpointVerdict | None = None
        if isinstance(result, CallOk):
            verdict = getattr(result.output, checkpoint.name)
        scores.append(
            CheckpointScore(
                item_id=item.id,
                trial=record.trial,
                trial_line=trial.line,
                checkpoint=checkpoint.name,
                text=checkpoint.text,
                weight=checkpoint.weight,
                reached=verdict.reached if verdict else None,
                explanation=verdict.explanation if verdict else "",
                judge_model=call.model,
                template_id=template.id,
                template_hash=template.sha256,
                judge_request_hash=call.request_hash,
                error=None if verdict else call.error or "judge call failed",
            )
        )
    return scores


def read_fidelity(run_dir: Path) -> list[CheckpointScore]:
    """The run's checkpoint scores; the last line per (trial line, checkpoint) wins."""
    path = run_dir / FIDELITY_FILE
    if not path.is_file():
        return []
    kept: dict[tuple[int, str], CheckpointScore] = {}
    with path.open(encoding="utf-8") as handle:
        for number, text in enumerate(handle, start=1):
            if not text.strip():
                continue
            try:
                score = CheckpointScore.model_validate_json(text)
            except ValidationError as exc:
                raise RunError(
                    f"{path}:{number}: not a checkpoint score ({exc.errors()[0]['msg']}); "
                    "remove the line and score again"
                ) from exc
            kept[(score.trial_line, score.checkpoint)] = score
    return list(kept.values())


def _selected(run: LoadedRun, trials: TrialSelection) -> list[TrialLine]:
    chosen = []
    for _, lines in sorted(run.by_item.items()):
        with_output = [t for t in lines if t.record.raw_output is not None]
        chosen.extend(with_output[:1] if trials == "first" else with_output)
    return chosen


@dataclass(frozen=True)
class FidelityRun:
    """What one `score_fidelity` call did."""

    judged: int
    """Trials sent to the judge now."""
    reused: int
    """Trials already scored in ``fidelity.jsonl``."""
    failed: int
    """Trials whose judge call failed now (logged; retried next time)."""


def score_fidelity(
    run: LoadedRun,
    client: ModelCaller,
    *,
    trials: TrialSelection = "all",
    weights: Mapping[str, float] = DEFAULT_WEIGHTS,
    progress: Callable[[int, int], None] | None = None,
) -> FidelityRun:
    """Judge every selected trial with an output not yet scored; append to ``fidelity.jsonl``."""
    template = load_template(FIDELITY_TEMPLATE)
    done = {
        s.trial_line
        for s in read_fidelity(run.run_dir)
        if s.reached is not None and s.template_hash == template.sha256
    }
    selected = _selected(run, trials)
    todo = [t for t in selected if t.line not in done]
    failed = 0
    path = run.run_dir / FIDELITY_FILE
    paths: dict[str, tuple[Checkpoint, ...]] = {}
    for number, trial in enumerate(todo, start=1):
        item = run.items[trial.record.item_id]
        if item.id not in paths:
            paths[item.id] = checkpoints_for(item.id, run.provenance(item.id), weights)
        scores = judge_trial(client, template, item, paths[item.id], trial)
        failed += any(s.reached is None for s in scores)
        with path.open("a", encoding="utf-8") as handle:
            handle.writelines(s.model_dump_json() + "\n" for s in scores)
        if progress is not None:
            progress(number, len(todo))
    return FidelityRun(len(todo), len(selected) - len(todo), failed)


@dataclass(frozen=True)
class FidelitySummary:
    """RPF of a run and how often each checkpoint is reached."""

    rpf: float
    """Reached weight / total weight over every judged checkpoint of the scored trials."""
    rpf_correct: float
    """The same over trials whose answer was correct."""
    rpf_wrong: float
    trials: int
    reached: dict[str, float]
    """Share of scored trials reaching each checkpoint."""
    failed: int
    """Trials with a failed judge call (not in RPF)."""
    judge_models: tuple[str, ...]
    lines: tuple[int, ...]
    """The ``trials.jsonl`` lines of the scored trials."""


def _pooled(scores: list[CheckpointScore]) -> float:
    total = sum(s.weight for s in scores)
    return sum(s.weight for s in scores if s.reached) / total if total else math.nan


def summarise_fidelity(run: LoadedRun, scores: list[CheckpointScore]) -> FidelitySummary | None:
    """RPF over the current trial lines of `run` (None when none is scored)."""
    current = {t.line: t for t in run.trials}
    by_trial: dict[int, list[CheckpointScore]] = {}
    for score in scores:
        if score.trial_line in current:
            by_trial.setdefault(score.trial_line, []).append(score)
    complete = {
        line: group
        for line, group in by_trial.items()
        if all(s.reached is not None for s in group) and len(group) == len(CHECKPOINTS)
    }
    if not by_trial:
        return None
    pooled = [s for group in complete.values() for s in group]
    right = [s for line, g in complete.items() if current[line].record.correct for s in g]
    wrong = [s for line, g in complete.items() if not current[line].record.correct for s in g]
    reached = {
        name: (
            sum(1 for g in complete.values() for s in g if s.checkpoint == name and s.reached)
            / len(complete)
            if complete
            else math.nan
        )
        for name in CHECKPOINTS
    }
    return FidelitySummary(
        rpf=_pooled(pooled),
        rpf_correct=_pooled(right),
        rpf_wrong=_pooled(wrong),
        trials=len(complete),
        reached=reached,
        failed=len(by_trial) - len(complete),
        judge_models=tuple(sorted({s.judge_model for s in pooled})),
        lines=tuple(sorted(complete)),
    )
