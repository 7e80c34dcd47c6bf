"""One self-contained HTML page per run: the summary on top, then every item.

Each item shows its image (inlined from the release parquet as a data URL), stem and
options, the correct answer, the majority vote, and every trial's output and parsed
answer with its ``trials.jsonl`` line. A little inline script filters the items by
outcome (correct / wrong), reasoning type, entry type and year; the filter lives in the
URL fragment (``#outcome=wrong&reasoning=Design``), so the summary's rows link to the
items behind each score. All text from models, papers and the release is escaped
(`_html.esc`).
"""

from __future__ import annotations

from urllib.parse import quote

from chemx.evaluation._html import esc, image_html, options_html, page, percent
from chemx.evaluation.metrics import ItemOutcome
from chemx.evaluation.report import SHORT_NAMES, Cell, Report, RunReport
from chemx.evaluation.report_table import cell_text, interval_text
from chemx.evaluation.taxonomy import consensus, read_annotations

FILTERS = (
    ("outcome", "Outcome", "outcome"),
    ("reasoning", "Reasoning type", "reasoning_type"),
    ("entry", "Entry type", "entry_type"),
    ("year", "Year", "year"),
)
"""(fragment key / data attribute, label, grouping)."""

FILTER_SCRIPT = r"""
(function () {
  var items = Array.prototype.slice.call(document.querySelectorAll('article.item'));
  var keys = ['outcome', 'reasoning', 'entry', 'year'];
  var controls = {};
  keys.forEach(function (key) { controls[key] = document.getElementById('f-' + key); });
  function has(select, value) {
    return Array.prototype.some.call(select.options, function (o) { return o.value === value; });
  }
  function apply() {
    var shown = 0;
    items.forEach(function (item) {
      var ok = keys.every(function (key) {
        var want = controls[key].value;
        return want === 'all' || item.dataset[key] === want;
      });
      item.classList.toggle('hidden', !ok);
      if (ok) { shown += 1; }
    });
    document.getElementById('shown').textContent =
      shown + ' of ' + items.length + ' items shown';
    var parts = keys.filter(function (key) { return controls[key].value !== 'all'; })
      .map(function (key) { return key + '=' + encodeURIComponent(controls[key].value); });
    try {
      history.replaceState(null, '', parts.length ? '#' + parts.join('&') : '#');
    } catch (error) { /* some browsers refuse it on file:// pages; filtering still works */ }
  }
  function fromFragment() {
    var params = new URLSearchParams(location.hash.slice(1));
    keys.forEach(function (key) {
      var value = params.get(key);
      controls[key].value = value !== null && has(controls[key], value) ? value : 'all';
    });
    apply();
  }
  keys.forEach(function (key) { controls[key].addEventListener('change', apply); });
  window.addEventListener('hashchange', fromFragment);
  fromFragment();
})();
"""


def _filter_link(key: str, value: str, text: str) -> str:
    return f'<a href="#{esc(key)}={esc(quote(value, safe=""))}">{esc(text)}</a>'


def _summary_row(label: str, cell: Cell | None, key: str = "", value: str = "") -> str:
    name = _filter_link(key, value, label) if key else esc(label)
    n = f"{cell.score.correct}/{cell.score.total}" if cell else "0/0"
    return f"<tr><td>{name}</td><td>{esc(cell_text(cell))}</td><td>{n}</td></tr>"


def _summary(run: RunReport, report: Report) -> str:
    level = f"{report.settings.level:.0%}"
    rows = [_summary_row("Overall", run.overall, "outcome", "all")]
    keys = {grouping: key for key, _, grouping in FILTERS}
    columns = [*report.columns, *(("year", year) for year in run.groups["year"])]
    for grouping, group in columns:
        cell = run.groups[grouping].get(group)
        if cell is not None:
            label = f"{grouping.replace('_', ' ')}: {SHORT_NAMES.get(group, group)}"
            rows.append(_summary_row(label, cell, keys[grouping], group))
    reliability = [
        ("First-trial accuracy", percent(run.first_trial)),
        ("pass@1 (mean reliability)", percent(run.mean_reliability)),
        *((f"pass@{k}", percent(v)) for k, v in run.pass_at.items() if k > 1),
        ("One question per paper", interval_text(run.one_per_paper)),
    ]
    if run.fidelity is not None:
        reliability.append(("Reasoning-path fidelity", percent(run.fidelity.rpf)))
    extra = "".join(f"<tr><td>{esc(k)}</td><td>{esc(v)}</td></tr>" for k, v in reliability)
    failed = ""
    if run.failed_trials:
        listed = ", ".join(
            f"{esc(t.record.item_id)} trial {t.record.trial} (line {t.line})"
            for t in run.failed_trials
        )
        failed = f"<p>Trials without an output (counted as unparseable): {listed}</p>"
    return (
        "<h2>Summary</h2>\n"
        f"<p>Majority-vote accuracy (%) with paper-level {level} bootstrap CIs "
        f"({report.settings.resamples:,} resamples, seed {report.settings.seed}). Follow "
        "a row's link to show its items.</p>\n"
        "<table><tr><th>Score</th><th>Accuracy [CI]</th><th>Correct</th></tr>"
        f"{''.join(rows)}</table>\n<table>{extra}</table>\n{failed}"
    )


def _meta(run: RunReport) -> str:
    m = run.run.manifest
    s = m.sampling
    facts = [
        ("model", m.model),
        ("backend", m.backend),
        ("condition", m.condition.value),
        ("trials", str(m.trials)),
        ("sampling", f"temperature {s.temperature}, top_p {s.top_p}, max_tokens {s.max_tokens}"),
        ("template", f"{m.template_id} ({m.template_hash[:12]})"),
        ("release", f"{run.run.release} ({m.release_checksum[:12]})"),
        ("created", m.created_at.isoformat()),
        ("chemx", m.chemx_version),
    ]
    return '<p class="meta">' + " · ".join(f"{esc(k)}: {esc(v)}" for k, v in facts) + "</p>"


def _controls(run: RunReport) -> str:
    selects = []
    for key, label, grouping in FILTERS:
        values = ["correct", "wrong"] if key == "outcome" else list(run.groups[grouping])
        options = '<option value="all">all</option>' + "".join(
            f'<option value="{esc(v)}">{esc(v)}</option>' for v in values
        )
        selects.append(f'<label>{esc(label)} <select id="f-{key}">{options}</select></label>')
    return f'<div class="controls">{"".join(selects)}<span id="shown"></span></div>'


def _trial(run: RunReport, outcome: ItemOutcome, index: int) -> str:
    line = run.run.by_item[outcome.item_id][index]
    record = line.record
    parsed = record.parsed_answer or "none"
    rule = f" · rule {record.extraction}" if record.extraction else ""
    body = (
        f"<pre>{esc(record.raw_output)}</pre>"
        if record.raw_output is not None
        else f"<p>No output: {esc(record.error or 'unknown error')}</p>"
    )
    return (
        f"<details><summary>Trial {record.trial} · parsed {esc(parsed)}"
        f"{' ✓' if record.correct else ' ✗'} · trials.jsonl line {line.line}{esc(rule)}"
        f"</summary>{body}</details>"
    )


def _item(run: RunReport, outcome: ItemOutcome, error_label: str | None) -> str:
    item = run.run.items[outcome.item_id]
    verdict = "correct" if outcome.correct else "wrong"
    options = options_html(item.choices, item.answer, outcome.voted)
    image = image_html(item.id, item.image_png, "(no image in the release)")
    badges = [item.reasoning_type, item.entry_type, outcome.year]
    if error_label:
        badges.append(f"error: {error_label}")
    trials = "".join(_trial(run, outcome, i) for i in range(outcome.trials))
    return (
        f'<article id="item-{esc(item.id)}" class="item {verdict}" data-outcome="{verdict}" '
        f'data-reasoning="{esc(item.reasoning_type)}" data-entry="{esc(item.entry_type)}" '
        f'data-year="{esc(outcome.year)}">\n'
        f"<h3>{esc(item.id)} "
        + "".join(f'<span class="badge">{esc(b)}</span>' for b in badges)
        + "</h3>\n"
        f'<p class="meta">paper {esc(item.paper_id)} · <b>{verdict}</b></p>\n{image}\n'
        f'<p class="stem">{esc(item.stem)}</p>\n<ol class="options">{options}</ol>\n'
        f"<p>Correct answer: <b>{esc(item.answer)}</b> · majority vote: "
        f"<b>{esc(outcome.voted or 'none')}</b> over {outcome.trials} trials</p>\n"
        f"{trials}\n</article>"
    )


def run_page(run: RunReport, report: Report) -> str:
    """The run's page (a complete HTML document)."""
    labels: dict[str, str] = {}
    annotations = read_annotations(run.run.run_dir)
    if annotations is not None:
        labels, _ = consensus(annotations)
    items = "\n".join(_item(run, o, labels.get(o.item_id)) for o in run.outcomes)
    body = (
        f"<h1>Run {esc(run.label)}</h1>\n{_meta(run)}\n{_summary(run, report)}\n"
        f"<h2>Items</h2>\n{_controls(run)}\n{items}"
    )
    return page(f"chemx run {run.label}", body, FILTER_SCRIPT)
