"""The report as JSON (``report.json``, ``chemx report --json``).

Every accuracy cell carries its records: for each item, its id and paper, the answer,
the vote, each trial's answer and the ``trials.jsonl`` line of each trial, so any number
in the report can be traced to the model outputs behind it. NaN (nothing scored) is
written as null; numbers are rounded to 6 decimals.
"""

from __future__ import annotations

from typing import Any

from chemx import __version__
from chemx.evaluation.agreement import Agreement
from chemx.evaluation.fidelity import FidelitySummary
from chemx.evaluation.report import Cell, Report, RunReport
from chemx.evaluation.stats import Interval
from chemx.evaluation.taxonomy import ErrorDistribution, TaxonomySummary


def _num(value: float) -> float | None:
    return None if value != value else round(value, 6)  # NaN -> null


def cell_json(cell: Cell) -> dict[str, Any]:
    """The score, its interval and the records behind it."""
    return {
        "accuracy": _num(cell.score.value),
        "correct": cell.score.correct,
        "total": cell.score.total,
        "ci": [_num(cell.interval.low), _num(cell.interval.high)],
        "records": [
            {
                "item_id": o.item_id,
                "paper_id": o.paper_id,
                "answer": o.answer,
                "voted": o.voted,
                "correct": o.correct,
                "trial_answers": list(o.answers),
                "lines": list(o.lines),
            }
            for o in cell.score.outcomes
        ],
    }


def interval_json(interval: Interval) -> dict[str, Any]:
    """An estimate, its interval and how the interval was made."""
    return {
        "estimate": _num(interval.estimate),
        "ci": [_num(interval.low), _num(interval.high)],
        "level": interval.level,
        "method": interval.method,
        "resamples": interval.resamples,
        "seed": interval.seed,
    }


def _run_json(r: RunReport) -> dict[str, Any]:
    manifest = r.run.manifest
    return {
        "run_id": r.label,
        "run_dir": str(r.run.run_dir),
        "page": f"runs/{r.page}",
        "model": manifest.model,
        "backend": manifest.backend,
        "condition": manifest.condition.value,
        "trials": manifest.trials,
        "template": {"id": manifest.template_id, "hash": manifest.template_hash},
        "release": str(r.run.release),
        "release_checksum": manifest.release_checksum,
        "items_planned": manifest.items,
        "items_scored": len(r.outcomes),
        "papers": len({o.paper_id for o in r.outcomes}),
        "superseded_lines": r.run.superseded,
        "failed_trials": [
            {
                "item_id": t.record.item_id,
                "trial": t.record.trial,
                "line": t.line,
                "error": t.record.error,
            }
            for t in r.failed_trials
        ],
        "cells": {
            "overall": cell_json(r.overall),
            **{
                name: {group: cell_json(cell) for group, cell in cells.items()}
                for name, cells in r.groups.items()
            },
        },
        "one_question_per_paper": interval_json(r.one_per_paper),
        "first_trial_accuracy": _num(r.first_trial),
        "mean_reliability": _num(r.mean_reliability),
        "pass_at_k": {str(k): _num(v) for k, v in r.pass_at.items()},
        "fidelity": _fidelity_json(r.fidelity),
        "errors": errors_json(r.errors),
    }


def _fidelity_json(summary: FidelitySummary | None) -> dict[str, Any] | None:
    if summary is None:
        return None
    return {
        "rpf": _num(summary.rpf),
        "rpf_correct": _num(summary.rpf_correct),
        "rpf_wrong": _num(summary.rpf_wrong),
        "trials": summary.trials,
        "reached": {k: _num(v) for k, v in summary.reached.items()},
        "failed": summary.failed,
        "judge_models": list(summary.judge_models),
        "lines": list(summary.lines),
        "log": "fidelity.jsonl",
    }


def _distribution_json(d: ErrorDistribution) -> dict[str, Any]:
    return {
        "annotator": d.annotator,
        "total": d.total,
        "counts": d.counts,
        "shares": {k: interval_json(v) for k, v in d.shares.items()},
    }


def _agreement_json(a: Agreement | None) -> dict[str, Any] | None:
    if a is None:
        return None
    return {
        "coefficient": a.name,
        "value": _num(a.coefficient),
        "ci": [_num(a.low), _num(a.high)],
        "standard_error": _num(a.standard_error),
        "p_value": _num(a.p_value),
        "observed": _num(a.observed),
        "chance": _num(a.chance),
        "unanimous": _num(a.unanimous),
        "subjects": a.subjects,
        "raters": a.raters,
    }


def errors_json(summary: TaxonomySummary | None) -> dict[str, Any] | None:
    """The error-type section of a run (also what `chemx errors import --json` prints)."""
    if summary is None:
        return None
    return {
        "taxonomy": summary.taxonomy.model_dump(mode="json"),
        "consensus": _distribution_json(summary.consensus),
        "annotators": [_distribution_json(d) for d in summary.annotators],
        "unresolved": list(summary.unresolved),
        "agreement": _agreement_json(summary.agreement),
        "weighted_agreement": _agreement_json(summary.weighted_agreement),
        "labelled_but_not_wrong": list(summary.not_wrong),
        "wrong_but_unlabelled": list(summary.unlabelled),
        "labels": "annotations.json",
    }


def report_json(report: Report) -> dict[str, Any]:
    """The whole report as JSON-ready data."""
    s = report.settings
    return {
        "chemx_version": __version__,
        "scoring": "majority vote over each item's trials: an item is right when more than "
        "half of its trials give the correct letter",
        "intervals": {
            "method": "percentile bootstrap over source papers",
            "resamples": s.resamples,
            "one_per_paper_resamples": s.one_per_paper_resamples,
            "seed": s.seed,
            "level": s.level,
        },
        "columns": [{"grouping": g, "group": v} for g, v in report.columns],
        "runs": [_run_json(r) for r in report.runs],
        "comparisons": [
            {
                "a": c.a,
                "b": c.b,
                "items": c.difference.items,
                "papers": c.difference.papers,
                "accuracy_a": _num(c.difference.accuracy_a),
                "accuracy_b": _num(c.difference.accuracy_b),
                "difference": interval_json(c.difference.difference),
                "mcnemar": {
                    "table": c.mcnemar.table,
                    "only_a": c.mcnemar.only_a,
                    "only_b": c.mcnemar.only_b,
                    "statistic": c.mcnemar.statistic,
                    "p_value": c.mcnemar.p_value,
                    "test": "exact (binomial), two-sided; statsmodels mcnemar(exact=True)",
                },
            }
            for c in report.comparisons
        ],
    }
