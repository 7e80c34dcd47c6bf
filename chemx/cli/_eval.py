"""`chemx eval`: evaluate a model (or a baseline) on a release, into a resumable run folder."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from chemx.cli._common import JsonOption, console, errors, print_json
from chemx.evaluation.records import Condition, SamplingParams
from chemx.registry import REGISTRY, BackendKind

if TYPE_CHECKING:
    from pydantic import ValidationError

    from chemx.evaluation.backends import EvalSettings
    from chemx.evaluation.runner import RunSummary

DEFAULT_RUNS = Path("chemx-eval")
ALL_BASELINES = "all"
INCOMPLETE_EXIT = 3
"""Some trials failed (endpoint down, timeouts): re-running the command asks them again."""
INTERRUPTED_EXIT = 130
_DEFAULTS = SamplingParams()


class _Rate(ProgressColumn):
    """Trials per second."""

    def render(self, task: Task) -> Text:
        speed = task.speed
        return Text(f"{speed:.1f} trials/s" if speed else "", style="cyan")


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", text).strip("_") or "model"


def _flag_errors(exc: ValidationError) -> str:
    """One line naming each bad flag (never echoing a value)."""
    return "; ".join(
        f"--{str(error['loc'][-1]).replace('_', '-')}: {error['msg']}"
        for error in exc.errors(include_input=False, include_url=False)
    )


def _run(settings: EvalSettings, quiet: bool) -> RunSummary:
    """One run with a progress bar (none when `quiet`)."""
    from chemx.evaluation.runner import run_eval

    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        _Rate(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        disable=quiet,
        transient=False,
    ) as progress:
        task = progress.add_task(escape(f"{settings.model} ({settings.condition})"), start=False)

        def on_start(total: int, left: int) -> None:
            progress.update(task, total=total, completed=total - left)
            progress.start_task(task)

        return run_eval(
            settings, on_start=on_start, on_trial=lambda _record: progress.advance(task)
        )


def _print_summary(summary: RunSummary) -> None:
    low, high = summary.ci95
    manifest = summary.manifest
    table = Table(title=escape(f"chemx eval: {manifest.model} ({manifest.backend})"))
    table.add_column("")
    table.add_column("")
    rows = [
        ("release", f"{manifest.release} ({manifest.release_checksum[:12]})"),
        ("condition", f"{manifest.condition} (template {manifest.template_id})"),
        ("items", str(summary.items)),
        ("trials", f"{summary.trials_done} of {summary.trials_expected} ({summary.asked} now)"),
        ("errors", str(summary.errors)),
        ("unparseable", str(summary.unparseable)),
        (
            "majority-vote accuracy",
            f"{summary.majority_accuracy:.1%} (95% CI {low:.1%}-{high:.1%}; "
            f"{summary.no_majority} items without a majority)",
        ),
        ("mean trial accuracy", f"{summary.mean_trial_accuracy:.1%}"),
        ("tokens", f"{summary.prompt_tokens} prompt, {summary.completion_tokens} completion"),
        ("time", f"{summary.elapsed_s:.1f} s"),
        ("run folder", str(summary.out)),
    ]
    for name, value in rows:
        table.add_row(name, escape(value))
    console.print(table)


def _print_baselines(summaries: list[RunSummary]) -> None:
    table = Table(title="chemx eval: baselines (majority vote)")
    for column in ("baseline", "accuracy", "95% CI", "run folder"):
        table.add_column(column)
    for summary in summaries:
        low, high = summary.ci95
        table.add_row(
            escape(summary.manifest.model),
            f"{summary.majority_accuracy:.1%}",
            f"{low:.1%}-{high:.1%}",
            escape(str(summary.out)),
        )
    console.print(table)


def eval_(
    release: Annotated[Path, typer.Argument(help="A folder written by `chemx release`.")],
    model: Annotated[
        str,
        typer.Option(
            "--model",
            "-m",
            help="The model: its name on the server (openai), a hub id or path (vllm), or a "
            "baseline: random, always-A, longest, shortest, stem-overlap, rarest-feature, "
            "rarest-mechanism, option-only, or 'all' for every one.",
        ),
    ],
    backend: Annotated[
        str,
        typer.Option("--backend", "-b", help=f"Choices: {REGISTRY.help(BackendKind.EVALUATION)}."),
    ],
    condition: Annotated[
        Condition,
        typer.Option(
            help="image: the benchmark; text-only: the same prompt without the image; ega: "
            "Evidence-Grounded Attribution prompting; context: adds --extra-context text."
        ),
    ] = Condition.IMAGE,
    extra_context: Annotated[
        Path | None,
        typer.Option(
            help="Per-item text for --condition context: JSON lines {item_id, text} or a CSV "
            "with item_id,text. Only the items it names are evaluated."
        ),
    ] = None,
    trials: Annotated[int, typer.Option(min=1, max=64, help="Trials per item.")] = 3,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            "-o",
            help="Run folder (run.json, trials.jsonl). Re-running the same command resumes "
            "it; a folder made for another model, condition or release is refused. "
            "Default: chemx-eval/MODEL-CONDITION.",
        ),
    ] = None,
    base_url: Annotated[
        str | None,
        typer.Option(help="OpenAI-compatible base URL (openai), e.g. http://localhost:8000/v1."),
    ] = None,
    api_key_env: Annotated[
        str | None,
        typer.Option(help="NAME of the environment variable holding the API key (openai)."),
    ] = None,
    concurrency: Annotated[
        int, typer.Option(min=1, max=1024, help="Requests in flight at once (openai).")
    ] = 16,
    temperature: Annotated[
        float, typer.Option(min=0.0, max=2.0, help="Sent with every request.")
    ] = _DEFAULTS.temperature,
    top_p: Annotated[
        float, typer.Option(min=0.0, max=1.0, help="Sent with every request.")
    ] = _DEFAULTS.top_p,
    max_tokens: Annotated[
        int, typer.Option(min=1, help="Sent with every request.")
    ] = _DEFAULTS.max_tokens,
    seed: Annotated[
        int, typer.Option(help="Base seed: trial t uses seed + t when asked on its own.")
    ] = _DEFAULTS.seed or 0,
    as_json: JsonOption = False,
) -> None:
    """Evaluate a model on a release: k trials per item, majority vote, resumable.

    Every trial is appended to RUN/trials.jsonl as it finishes; an interrupted run resumes
    where it stopped and never asks a finished trial again (failed ones are asked again).
    Exits 3 when trials failed (run the command again), 130 when interrupted.
    """
    from pydantic import ValidationError

    from chemx.errors import SettingsError
    from chemx.evaluation.backends import EvalSettings

    try:
        sampling = SamplingParams(
            temperature=temperature, top_p=top_p, max_tokens=max_tokens, seed=seed
        )
    except ValidationError as exc:
        raise SettingsError(_flag_errors(exc)) from None
    common = {
        "release": release,
        "backend": backend,
        "condition": condition,
        "trials": trials,
        "sampling": sampling,
        "extra_context": extra_context,
        "base_url": base_url,
        "api_key_env": api_key_env,
        "concurrency": concurrency,
    }
    models = [model]
    if model == ALL_BASELINES and REGISTRY.canonical(BackendKind.EVALUATION, backend) == "baseline":
        from chemx.evaluation.backends.baseline import BASELINES

        models = list(BASELINES)
    summaries = []
    try:
        for name in models:
            folder = out or DEFAULT_RUNS / f"{_slug(name)}-{condition.value}"
            if len(models) > 1:
                folder = (out or DEFAULT_RUNS / f"baselines-{condition.value}") / _slug(name)
            try:
                settings = EvalSettings.model_validate({**common, "model": name, "out": folder})
            except ValidationError as exc:
                raise SettingsError(_flag_errors(exc)) from None
            summaries.append(_run(settings, quiet=as_json))
    except KeyboardInterrupt:
        errors.print(
            "[bold yellow]interrupted:[/] every finished trial is in the run folder; "
            "run the same command again to resume"
        )
        raise typer.Exit(INTERRUPTED_EXIT) from None
    if as_json:
        data = [summary.to_json() for summary in summaries]
        print_json(data[0] if len(data) == 1 else data)
    elif len(summaries) == 1:
        _print_summary(summaries[0])
    else:
        _print_baselines(summaries)
    failed = sum(summary.errors for summary in summaries)
    if failed:
        errors.print(
            f"[bold yellow]incomplete:[/] {failed} trial(s) got no answer (see `error` in "
            "trials.jsonl); run the same command again to ask them again"
        )
        raise typer.Exit(INCOMPLETE_EXIT)
