"""`chemx errors export`: a run's wrong answers as a CSV and an HTML page for annotators.

One row per item the majority vote got wrong (seed 002 classifies "each incorrect
response by its reasoning trace"). The trace shown is the output of the first trial that
gave the voted answer; when the vote has no winner or is unparseable, the first trial
with an output. Every trial's answer and line are listed beside it.

The CSV carries the image as a path to a PNG written beside it (or as a data URL with
``data_urls=True``), the item, the options, the correct and the model's answer, the trace,
and the item's source sentence (the evidence sentence the answer was built from, read
from the release's provenance record), with empty ``label``, ``annotator`` and ``notes``
columns to fill in. The HTML page shows the same with images inlined and a form that
downloads the labels as a CSV `chemx errors import` reads.

Spreadsheet programs run a cell that starts with ``=``, ``+``, ``-`` or ``@`` as a
formula; free-text cells that do are prefixed with an apostrophe (the usual defence
against CSV injection). Labels are read from other columns, so this changes nothing
that is imported.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from chemx.evaluation._html import data_url, esc, image_html, options_html, page
from chemx.evaluation.metrics import ItemOutcome, outcomes
from chemx.evaluation.records import LETTERS
from chemx.evaluation.results import LoadedRun, TrialLine
from chemx.evaluation.taxonomy import DEFAULT_TAXONOMY, Taxonomy

COLUMNS = (
    "run_id",
    "model",
    "condition",
    "item_id",
    "paper_id",
    "reasoning_type",
    "entry_type",
    "image",
    "stem",
    *(f"option_{letter}" for letter in LETTERS),
    "correct_answer",
    "model_answer",
    "trial_answers",
    "trial",
    "trial_line",
    "reasoning_trace",
    "source_sentence",
    "label",
    "annotator",
    "notes",
)
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
FREE_TEXT = ("stem", *(f"option_{letter}" for letter in LETTERS), "reasoning_trace")
FREE_TEXT += ("source_sentence",)


@dataclass(frozen=True)
class WrongAnswer:
    """One wrong item of a run, with the trace an annotator classifies."""

    outcome: ItemOutcome
    trace: TrialLine | None
    """The trial whose output is shown (None: no trial has an output)."""
    source_sentence: str


@dataclass(frozen=True)
class ExportSummary:
    """What `export_errors` wrote."""

    csv: Path
    html: Path
    images: Path | None
    errors: int


def _trace(outcome: ItemOutcome, trials: tuple[TrialLine, ...]) -> TrialLine | None:
    with_output = [t for t in trials if t.record.raw_output is not None]
    voted = outcome.voted
    for trial in with_output:
        if voted is not None and trial.record.parsed_answer == voted:
            return trial
    return with_output[0] if with_output else None


def source_sentence(provenance: dict[str, Any]) -> str:
    """The evidence sentence the answer was built from (all evidence when none is marked)."""
    evidence = provenance.get("evidence") or {}
    sentences = evidence.get("sentences") or []
    basis = evidence.get("basis_sentence_id")
    for sentence in sentences:
        if basis is not None and sentence.get("sentence_id") == basis:
            return str(sentence.get("text", ""))
    return " ".join(str(s.get("text", "")) for s in sentences)


def wrong_answers(run: LoadedRun) -> list[WrongAnswer]:
    """The run's wrong items, sorted by item id."""
    result = []
    for outcome in outcomes(run):
        if outcome.correct:
            continue
        trace = _trace(outcome, run.by_item[outcome.item_id])
        sentence = source_sentence(run.provenance(outcome.item_id))
        result.append(WrongAnswer(outcome, trace, sentence))
    return result


def _cell(name: str, value: str) -> str:
    if name in FREE_TEXT and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def _row(run: LoadedRun, wrong: WrongAnswer, image: str) -> dict[str, str]:
    outcome = wrong.outcome
    item = run.items[outcome.item_id]
    trace = wrong.trace
    row = {
        "run_id": run.run_id,
        "model": run.manifest.model,
        "condition": run.manifest.condition.value,
        "item_id": item.id,
        "paper_id": item.paper_id,
        "reasoning_type": item.reasoning_type,
        "entry_type": item.entry_type,
        "image": image,
        "stem": item.stem,
        **{f"option_{letter}": text for letter, text in zip(LETTERS, item.choices, strict=True)},
        "correct_answer": item.answer,
        "model_answer": outcome.voted or "none",
        "trial_answers": " ".join(a or "-" for a in outcome.answers),
        "trial": str(trace.record.trial) if trace else "",
        "trial_line": str(trace.line) if trace else "",
        "reasoning_trace": (trace.record.raw_output or "") if trace else "",
        "source_sentence": wrong.source_sentence,
        "label": "",
        "annotator": "",
        "notes": "",
    }
    return {name: _cell(name, value) for name, value in row.items()}


def export_errors(
    run: LoadedRun,
    out: Path,
    *,
    data_urls: bool = False,
    taxonomy: Taxonomy = DEFAULT_TAXONOMY,
) -> ExportSummary:
    """Write `out` (CSV), ``<out>.html`` and, unless `data_urls`, ``<out stem>_images/``."""
    wrong = wrong_answers(run)
    out.parent.mkdir(parents=True, exist_ok=True)
    images = None if data_urls else out.with_name(f"{out.stem}_images")
    rows = []
    for entry in wrong:
        png = run.items[entry.outcome.item_id].image_png or b""
        if images is None:
            image = data_url(png) if png else ""
        else:
            images.mkdir(exist_ok=True)
            target = images / f"{entry.outcome.item_id}.png"
            target.write_bytes(png)
            image = f"{images.name}/{target.name}"
        rows.append(_row(run, entry, image))
    with out.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=COLUMNS)
        writer.writeheader()
        writer.writerows(rows)
    html_path = out.with_suffix(".html")
    html_path.write_text(annotator_page(run, wrong, taxonomy), encoding="utf-8")
    return ExportSummary(out, html_path, images, len(wrong))


def _card(run: LoadedRun, wrong: WrongAnswer, taxonomy: Taxonomy) -> str:
    outcome = wrong.outcome
    item = run.items[outcome.item_id]
    options = options_html(item.choices, item.answer, outcome.voted)
    image = image_html(item.id, item.image_png, "(no image)")
    trace = wrong.trace
    trace_html = (
        f'<p class="meta">Trial {trace.record.trial} (trials.jsonl line {trace.line})</p>'
        f"<pre>{esc(trace.record.raw_output or '')}</pre>"
        if trace
        else "<p>(no trial produced an output)</p>"
    )
    choices = "".join(
        f'<option value="{esc(c.key)}" title="{esc(c.description)}">{esc(c.key)}</option>'
        for c in taxonomy.categories
    )
    return (
        f'<article class="wrong error" data-item="{esc(item.id)}">\n'
        f'<h3>{esc(item.id)} <span class="badge">{esc(item.reasoning_type)}</span>'
        f'<span class="badge">{esc(item.entry_type)}</span></h3>\n'
        f'<p class="meta">paper {esc(item.paper_id)}</p>\n{image}\n'
        f'<p>{esc(item.stem)}</p>\n<ol class="options">{options}</ol>\n'
        f"<p>Correct answer: <b>{esc(item.answer)}</b> · model's answer: "
        f"<b>{esc(outcome.voted or 'none')}</b> · trials: "
        f"{esc(' '.join(a or '-' for a in outcome.answers))}</p>\n"
        f"<h4>Reasoning trace</h4>\n{trace_html}\n"
        f"<h4>Source sentence</h4>\n<blockquote>{esc(wrong.source_sentence)}</blockquote>\n"
        f'<label>Error type <select class="label"><option value=""></option>{choices}'
        "</select></label>\n"
        '<label>Notes <input class="notes" type="text" size="50"></label>\n</article>'
    )


ANNOTATOR_SCRIPT = r"""
function showProgress() {
  var selects = document.querySelectorAll('article.error select.label');
  var done = Array.prototype.filter.call(selects, function (s) { return s.value !== ''; });
  document.getElementById('progress').textContent =
    done.length + ' of ' + selects.length + ' labelled';
}
document.querySelectorAll('article.error select.label').forEach(function (select) {
  select.addEventListener('change', showProgress);
});
showProgress();
function csvField(value) {
  return '"' + String(value).replace(/"/g, '""') + '"';
}
document.getElementById('download').addEventListener('click', function () {
  var run = document.body.dataset.run;
  var annotator = document.getElementById('annotator').value.trim();
  var lines = ['item_id,label,annotator,notes,run_id'];
  document.querySelectorAll('article.error').forEach(function (card) {
    var label = card.querySelector('select.label').value;
    var notes = card.querySelector('input.notes').value;
    lines.push([card.dataset.item, label, annotator, notes, run].map(csvField).join(','));
  });
  var blob = new Blob([lines.join('\r\n') + '\r\n'], {type: 'text/csv'});
  var link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = 'labels-' + (annotator || 'annotator') + '.csv';
  link.click();
});
"""


def annotator_page(run: LoadedRun, wrong: list[WrongAnswer], taxonomy: Taxonomy) -> str:
    """The page annotators label the wrong answers on."""
    legend = "".join(
        f"<li><b>{esc(c.key)}</b>: {esc(c.description)}</li>" for c in taxonomy.categories
    )
    cards = "\n".join(_card(run, entry, taxonomy) for entry in wrong)
    manifest = run.manifest
    body = (
        f"<h1>Wrong answers of run {esc(run.run_id)}</h1>\n"
        f'<p class="meta">model {esc(manifest.model)} · condition '
        f"{esc(manifest.condition.value)} · {len(wrong)} wrong items</p>\n"
        f"<p>Classify each wrong answer by its reasoning trace ({esc(taxonomy.name)}):</p>"
        f"<ul>{legend}</ul>\n"
        '<div class="controls"><label>Annotator <input id="annotator" type="text"></label>'
        '<button id="download" type="button">Download labels (CSV)</button> '
        '<span id="progress"></span></div>\n'
        f"{cards}"
    )
    document = page(f"Errors of {run.run_id}", body, ANNOTATOR_SCRIPT)
    return document.replace("<body>", f'<body data-run="{esc(run.run_id)}">', 1)
