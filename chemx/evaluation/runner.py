"""`chemx eval`: one model, one condition, one release, k trials per item, into a run folder.

The protocol (seed 002, section 5.1): zero-shot, reasoning-first prompting, three
independent trials per item, majority vote; three different answers, no majority or an
unparseable output count as wrong (`chemx.evaluation.vote`). The runner

1. checks the settings and builds the backend (an unknown baseline, a missing
   --base-url or vLLM are refused before any work),
2. reads and verifies the release (`chemx.evaluation.items`),
3. opens the run folder, refusing one made for another run (`chemx.evaluation.run_folder`),
4. asks the backend for every trial not yet finished (an errored trial counts as not
   finished), reads each answer with the extraction chain (`chemx.evaluation.extract`)
   and appends its `TrialRecord` as it arrives,
5. summarises the run (`RunSummary`).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from chemx.errors import SettingsError
from chemx.evaluation.backends._base import (
    EvalBatch,
    EvalSettings,
    EvaluationBackend,
    TrialOutput,
    TrialRequest,
)
from chemx.evaluation.extract import extract_answer
from chemx.evaluation.items import load_extra_context, load_release
from chemx.evaluation.prompts import build_messages, template_for
from chemx.evaluation.records import Condition, EvalItem, RunManifest, TrialRecord
from chemx.evaluation.run_folder import TrialLog, open_run, write_summary
from chemx.evaluation.vote import item_votes
from chemx.provenance.ids import digest
from chemx.qc.shortcut_battery import wilson_interval
from chemx.registry import REGISTRY, BackendContext, BackendKind

OnStart = Callable[[int, int], None]
"""Called once before the first request: (trials in the run, trials left to run)."""
OnTrial = Callable[[TrialRecord], None]
"""Called after each trial's record is written."""


@dataclass(frozen=True)
class RunSummary:
    """What a run holds when it ends (finished, or stopped with trials left)."""

    out: Path
    manifest: RunManifest
    items: int
    trials_expected: int
    trials_done: int
    """Trials with an answer (parsed or not) in trials.jsonl."""
    asked: int
    """Trials run by this invocation (the rest were finished by an earlier one)."""
    errors: int
    """Trials whose request failed (asked again by the next run)."""
    unparseable: int
    majority_correct: int
    no_majority: int
    mean_trial_accuracy: float
    prompt_tokens: int
    completion_tokens: int
    elapsed_s: float

    @property
    def majority_accuracy(self) -> float:
        """Share of items whose majority vote is the answer."""
        return self.majority_correct / self.items if self.items else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        """95% Wilson interval of `majority_accuracy`."""
        return wilson_interval(self.majority_correct, self.items)

    @property
    def complete(self) -> bool:
        """Whether every trial has an answer."""
        return self.trials_done == self.trials_expected

    def to_json(self) -> dict[str, Any]:
        """The summary `chemx eval --json` prints."""
        low, high = self.ci95
        manifest = self.manifest
        return {
            "run_dir": str(self.out),
            "run_id": manifest.run_id,
            "release": manifest.release,
            "release_checksum": manifest.release_checksum,
            "model": manifest.model,
            "backend": manifest.backend,
            "condition": manifest.condition.value,
            "template_id": manifest.template_id,
            "items": self.items,
            "trials_per_item": manifest.trials,
            "trials_expected": self.trials_expected,
            "trials_done": self.trials_done,
            "asked_now": self.asked,
            "errors": self.errors,
            "unparseable": self.unparseable,
            "complete": self.complete,
            "majority_vote": {
                "correct": self.majority_correct,
                "accuracy": round(self.majority_accuracy, 4),
                "ci95": [round(low, 4), round(high, 4)],
                "no_majority": self.no_majority,
            },
            "mean_trial_accuracy": round(self.mean_trial_accuracy, 4),
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": self.completion_tokens,
            "elapsed_s": round(self.elapsed_s, 2),
        }


def _check(settings: EvalSettings) -> None:
    REGISTRY.spec(BackendKind.EVALUATION, settings.backend)  # unknown: closest names
    if settings.condition is Condition.CONTEXT and settings.extra_context is None:
        raise SettingsError("--condition context needs --extra-context FILE (item_id -> text)")
    if settings.extra_context is not None and settings.condition is not Condition.CONTEXT:
        raise SettingsError(
            f"--extra-context is read only with --condition context (not {settings.condition})"
        )
    if settings.extra_context is not None and not settings.extra_context.is_file():
        raise SettingsError(f"--extra-context {settings.extra_context} is not a file")


def _file_sha256(path: Path | None) -> str | None:
    return None if path is None else hashlib.sha256(path.read_bytes()).hexdigest()


def build_backend(settings: EvalSettings) -> EvaluationBackend:
    """The registry's backend for `settings` (its factory checks its own flags)."""
    backend: EvaluationBackend = REGISTRY.build(
        BackendKind.EVALUATION, settings.backend, BackendContext(settings=settings)
    )
    return backend


def _manifest(
    settings: EvalSettings,
    backend: EvaluationBackend,
    checksum: str,
    items: Sequence[EvalItem],
) -> RunManifest:
    from chemx import __version__

    template = template_for(settings.condition)
    context_sha = _file_sha256(settings.extra_context)
    run_id = (
        "run_"
        + digest(
            checksum,
            settings.model,
            backend.name,
            settings.condition.value,
            settings.trials,
            settings.sampling.model_dump_json(),
            template.sha256,
            context_sha,
        )[:16]
    )
    return RunManifest(
        run_id=run_id,
        release=str(settings.release),
        release_checksum=checksum,
        model=settings.model,
        backend=backend.name,
        condition=settings.condition,
        trials=settings.trials,
        sampling=settings.sampling,
        template_id=template.id,
        template_hash=template.sha256,
        items=len(items),
        extra_context=str(settings.extra_context) if settings.extra_context else None,
        extra_context_sha256=context_sha,
        endpoint=backend.endpoint,
        created_at=dt.datetime.now(dt.UTC),
        chemx_version=__version__,
    )


def trial_record(manifest: RunManifest, request: TrialRequest, output: TrialOutput) -> TrialRecord:
    """The record of one trial: the backend's output read by the extraction chain."""
    item = request.item
    letter, rule = extract_answer(output.raw_output) if output.error is None else (None, None)
    return TrialRecord(
        item_id=item.id,
        paper_id=item.paper_id,
        condition=manifest.condition,
        trial=output.trial,
        request_hash=output.request_hash,
        raw_output=output.raw_output,
        parsed_answer=letter,
        extraction=rule,
        correct=letter is not None and letter == item.answer,
        latency_s=output.latency_s,
        prompt_tokens=output.prompt_tokens,
        completion_tokens=output.completion_tokens,
        backend=manifest.backend,
        model=manifest.model,
        sampling=manifest.sampling,
        template_id=manifest.template_id,
        template_hash=manifest.template_hash,
        error=output.error,
        seed=output.seed,
        n_in_request=output.n_in_request,
        finish_reason=output.finish_reason,
    )


def run_eval(
    settings: EvalSettings,
    *,
    on_start: OnStart | None = None,
    on_trial: OnTrial | None = None,
    backend: EvaluationBackend | None = None,
) -> RunSummary:
    """Evaluate `settings.model` on the release into `settings.out`, resuming a stopped run.

    Args:
        settings: What to run (see `EvalSettings`).
        on_start: Progress: called with (trials in the run, trials left).
        on_trial: Progress: called after each trial's record is written.
        backend: A ready backend (tests); by default the registry builds it.

    Raises:
        ChemxError: a bad setting, an unusable release, context file or run folder, or a
            backend that cannot run here; all before the first request.
    """
    started = time.monotonic()
    _check(settings)
    backend = backend or build_backend(settings)
    try:
        release = load_release(settings.release)
        items = release.items
        contexts: dict[str, str] = {}
        if settings.extra_context is not None:
            contexts = load_extra_context(settings.extra_context, items)
            items = tuple(item for item in items if item.id in contexts)
        manifest = open_run(settings.out, _manifest(settings, backend, release.checksum, items))
        template = template_for(settings.condition)
        log = TrialLog(settings.out)
        done = {key for key, record in log.load().items() if record.error is None}
        requests = []
        for item in items:
            left = tuple(t for t in range(settings.trials) if (item.id, t) not in done)
            if left:
                messages = build_messages(item, settings.condition, template, contexts.get(item.id))
                requests.append(TrialRequest(item, messages, left, settings.trials))
        asked = sum(len(request.trials) for request in requests)
        if on_start is not None:
            on_start(len(items) * settings.trials, asked)

        def sink(request: TrialRequest, output: TrialOutput) -> None:
            record = trial_record(manifest, request, output)
            log.append(record)
            if on_trial is not None:
                on_trial(record)

        batch = EvalBatch(tuple(requests), items, template, settings.sampling)
        try:
            backend.evaluate(batch, sink)
        finally:
            log.close()
        log.compact()
    finally:
        backend.close()
    summary = summarise(settings.out, manifest, items, log, asked, time.monotonic() - started)
    write_summary(settings.out, summary.to_json())
    return summary


def summarise(
    out: Path,
    manifest: RunManifest,
    items: Sequence[EvalItem],
    log: TrialLog,
    asked: int,
    elapsed_s: float,
) -> RunSummary:
    """The summary of the records in `log` for `items`."""
    ids = {item.id for item in items}
    records = [record for record in log.load(repair=False).values() if record.item_id in ids]
    answered = [record for record in records if record.error is None]
    votes = item_votes(records)  # a failed trial votes for no letter
    answers = {item.id: item.answer for item in items}
    correct = sum(1 for item_id, vote in votes.items() if vote == answers[item_id])
    return RunSummary(
        out=out,
        manifest=manifest,
        items=len(items),
        trials_expected=len(items) * manifest.trials,
        trials_done=len(answered),
        asked=asked,
        errors=len(records) - len(answered),
        unparseable=sum(1 for record in answered if record.parsed_answer is None),
        majority_correct=correct,
        no_majority=sum(1 for item in items if votes.get(item.id) is None),
        mean_trial_accuracy=(
            sum(record.correct for record in answered) / (len(items) * manifest.trials)
            if items
            else 0.0
        ),
        prompt_tokens=sum(record.prompt_tokens or 0 for record in answered),
        completion_tokens=sum(record.completion_tokens or 0 for record in answered),
        elapsed_s=elapsed_s,
    )
