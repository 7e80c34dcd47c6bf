"""Error taxonomy: export of wrong answers, labels back in, distribution and agreement."""

from __future__ import annotations

import csv
import json

import pytest
from statsmodels.stats.proportion import proportion_confint
from typer.testing import CliRunner

from chemx.cli import app
from chemx.evaluation.agreement import gwet_agreement
from chemx.evaluation.taxonomy import (
    DEFAULT_TAXONOMY,
    TaxonomyError,
    consensus,
    load_taxonomy,
    read_annotations,
    read_label_files,
    summarise,
)
from tests.evaluation.fixtures import copy_runs
from tests.evaluation.fixtures.make_fixtures import HOSTILE

runner = CliRunner()
WRONG = ["itm_0401", "itm_0402", "itm_0403", "itm_0502", "itm_0503", "itm_0601", "itm_0602"]
ANN1 = ["perception", "knowledge", "attribution", "attribution", "perception", "attribution",
        "knowledge"]  # fmt: skip
ANN2 = ["perception", "attribution", "attribution", "attribution", "perception", "attribution",
        "knowledge"]  # fmt: skip

# Reference values computed with irrCAC 0.4.4 (`CAC(ratings, weights, categories,
# digits=10).gwet()`) in a separate environment: irrCAC pins scipy 1.12, which this
# project's numpy 2 cannot load (see chemx/evaluation/agreement.py).
CATEGORIES = ["perception", "knowledge", "attribution"]
THREE_RATERS = [
    ["attribution", "attribution", "attribution"],
    ["attribution", "attribution", "knowledge"],
    ["perception", "perception", "perception"],
    ["knowledge", "knowledge", "knowledge"],
    ["attribution", "attribution", None],
    ["knowledge", "attribution", "knowledge"],
    ["attribution", "attribution", "attribution"],
    ["perception", "knowledge", "perception"],
    ["attribution", None, None],
    ["attribution", "attribution", "attribution"],
]
IRRCAC = {
    "identity": {"value": 0.6918335901, "pa": 0.7777777778, "pe": 0.2788888889,
                 "se": 0.1769346654, "ci": (0.2915795694, 1.0), "p": 0.0035641704853217604},
    "quadratic": {"value": 0.8743718593, "pa": 0.9444444444, "pe": 0.5577777778,
                  "se": 0.1177654688, "ci": (0.6079678605, 1.0), "p": 3.997569265989931e-05},
}  # fmt: skip


@pytest.mark.parametrize("weights", ["identity", "quadratic"])
def test_gwet_matches_irrcac(weights) -> None:
    result = gwet_agreement(THREE_RATERS, CATEGORIES, weights=weights)
    expected = IRRCAC[weights]
    assert result.name == ("AC1" if weights == "identity" else "AC2")
    assert result.coefficient == pytest.approx(expected["value"], abs=1e-9)
    assert result.observed == pytest.approx(expected["pa"], abs=1e-9)
    assert result.chance == pytest.approx(expected["pe"], abs=1e-9)
    assert result.standard_error == pytest.approx(expected["se"], abs=1e-9)
    assert (result.low, result.high) == (
        pytest.approx(expected["ci"][0], abs=1e-9),
        expected["ci"][1],
    )
    assert result.p_value == pytest.approx(expected["p"], rel=1e-9)
    assert (result.subjects, result.raters) == (10, 3)
    assert result.unanimous == pytest.approx(6 / 9)  # the single-rated subject is left out


def test_gwet_on_gwets_four_rater_example() -> None:
    # irrCAC's dataset raw_4raters (Gwet 2014): AC1 = 0.7754440681, se 0.1429499506
    nan = None
    table = [[1, 1, nan, 1], [2, 2, 3, 2], [3, 3, 3, 3], [3, 3, 3, 3], [2, 2, 2, 2],
             [1, 2, 3, 4], [4, 4, 4, 4], [1, 1, 2, 1], [2, 2, 2, 2], [nan, 5, 5, 5],
             [nan, nan, 1, 1], [nan, nan, 3, nan]]  # fmt: skip
    ratings = [[None if v is None else str(v) for v in row] for row in table]
    result = gwet_agreement(ratings, ["1", "2", "3", "4", "5"])
    assert result.coefficient == pytest.approx(0.7754440681, abs=1e-9)
    assert result.standard_error == pytest.approx(0.1429499506, abs=1e-9)
    with pytest.raises(ValueError, match="not one of"):
        gwet_agreement([["x", "y"]], ["1", "2"])
    with pytest.raises(ValueError, match="two raters"):
        gwet_agreement([["1", None], [None, "2"]], ["1", "2"])


def test_taxonomy_files(tmp_path) -> None:
    toml = tmp_path / "mine.toml"
    toml.write_text(
        'name = "severity"\nordered = true\n'
        '[[categories]]\nkey = "minor"\n[[categories]]\nkey = "major"\ndescription = "x"\n',
        encoding="utf-8",
    )
    severity = load_taxonomy(toml)
    assert severity.keys == ("minor", "major") and severity.ordered
    text = tmp_path / "labels.txt"
    text.write_text("# error types\nReading: misreads the image\nChemistry\n", encoding="utf-8")
    assert load_taxonomy(text).keys == ("reading", "chemistry")
    assert load_taxonomy(text).name == "labels"
    bad = tmp_path / "bad.json"
    bad.write_text('{"categories": [{"key": "Only One"}]}', encoding="utf-8")
    with pytest.raises(TaxonomyError, match=r"--taxonomy .*bad\.json: categories"):
        load_taxonomy(bad)
    with pytest.raises(TaxonomyError, match="cannot read"):
        load_taxonomy(tmp_path / "missing.toml")
    assert DEFAULT_TAXONOMY.normalise(" Attribution ") == "attribution"
    assert DEFAULT_TAXONOMY.normalise("") is None


@pytest.fixture
def exported(tmp_path):
    runs = copy_runs(tmp_path)
    run = runs / "model-a-image"
    trials = run / "trials.jsonl"
    lines = trials.read_text(encoding="utf-8").splitlines(keepends=True)
    first = json.loads(lines[27])  # itm_0401 trial 0, answered A
    assert (first["item_id"], first["trial"]) == ("itm_0401", 0)
    lines[27] = (
        json.dumps({**first, "raw_output": '=HYPERLINK("http://x")\nFINAL ANSWER: A'}) + "\n"
    )
    trials.write_text("".join(lines), encoding="utf-8")
    result = runner.invoke(app, ["errors", "export", str(run), "--json"])
    assert result.exit_code == 0, result.output
    return run, json.loads(result.stdout)


def test_export_writes_the_wrong_answers(exported) -> None:
    run, summary = exported
    assert summary["errors"] == 7 and summary["csv"] == str(run / "errors.csv")
    with (run / "errors.csv").open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [r["item_id"] for r in rows] == WRONG
    by_id = {r["item_id"]: r for r in rows}
    row = by_id["itm_0402"]  # "ABD": no majority, the first trial's trace is shown
    assert (row["correct_answer"], row["model_answer"], row["trial_answers"]) == (
        "C",
        "none",
        "A B D",
    )
    assert (row["trial"], row["trial_line"]) == ("0", "31")
    assert row["image"] == "errors_images/itm_0402.png"
    assert (run / "errors_images" / "itm_0402.png").read_bytes().startswith(b"\x89PNG")
    assert row["source_sentence"] == (
        "Because the CF2H group withdraws electron density from the ortho position, "
        "compound 0402 gives a single regioisomer."
    )
    assert row["option_C"].startswith("The CF2H group")
    assert by_id["itm_0503"]["model_answer"] == "none"  # two unparseable outputs
    assert by_id["itm_0602"]["reasoning_trace"].startswith(HOSTILE)
    # a cell a spreadsheet would run as a formula is defused
    assert by_id["itm_0401"]["reasoning_trace"].startswith("'=HYPERLINK")
    assert all(r["label"] == "" and r["annotator"] == "" for r in rows)
    page = (run / "errors.html").read_text(encoding="utf-8")
    assert page.count('<article class="wrong error"') == 7
    assert HOSTILE not in page and "&lt;script&gt;alert(&quot;x&quot;)" in page
    assert page.count("<script>") == 1


def test_export_with_data_urls(exported, tmp_path) -> None:
    run, _ = exported
    out = tmp_path / "labels" / "out.csv"
    result = runner.invoke(app, ["errors", "export", str(run), "--out", str(out), "--data-urls"])
    assert result.exit_code == 0, result.output
    with out.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert rows[0]["image"].startswith("data:image/png;base64,")
    assert not (out.parent / "out_images").exists() and (out.parent / "out.html").is_file()


def fill(run, tmp_path):
    """ann1 fills the exported CSV; ann2 sends the labels file the HTML page downloads."""
    with (run / "errors.csv").open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    first = tmp_path / "ann1.csv"
    with first.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        for row, label in zip(rows, ANN1, strict=True):
            writer.writerow({**row, "label": label.upper(), "annotator": "ann1"})
    second = tmp_path / "labels-ann2.csv"
    lines = ["item_id,label,annotator,notes,run_id"]
    lines += [
        f'"{i}","{label}","ann2","","model-a-image"' for i, label in zip(WRONG, ANN2, strict=True)
    ]
    second.write_text("\r\n".join(lines) + "\r\n", encoding="utf-8")
    return first, second


def test_labels_distribution_and_agreement(exported, tmp_path) -> None:
    run, _ = exported
    first, second = fill(run, tmp_path)
    annotations = read_label_files([first, second])
    assert [a.annotator for a in annotations.annotators] == ["ann1", "ann2"]
    assert annotations.run_id == "model-a-image"
    _, unresolved = consensus(annotations)
    assert unresolved == ["itm_0402"]  # knowledge vs attribution
    summary = summarise(annotations, WRONG)
    counts = summary.consensus.counts
    assert counts == {"perception": 2, "knowledge": 1, "attribution": 3}
    assert summary.consensus.total == 6
    low, high = proportion_confint(3, 6, alpha=0.05, method="wilson")
    assert (
        summary.consensus.shares["attribution"].low,
        summary.consensus.shares["attribution"].high,
    ) == (low, high)
    assert summary.annotators[0].counts == {"perception": 2, "knowledge": 2, "attribution": 3}
    # irrCAC 0.4.4 on the same 7 x 2 table: AC1 0.7925925926, se 0.2088891507
    assert summary.agreement is not None and summary.agreement.name == "AC1"
    assert summary.agreement.coefficient == pytest.approx(0.7925925926, abs=1e-9)
    assert summary.agreement.standard_error == pytest.approx(0.2088891507, abs=1e-9)
    assert summary.agreement.unanimous == pytest.approx(6 / 7)
    assert summary.weighted_agreement is None  # the default taxonomy is not a scale
    assert summary.unlabelled == () and summary.not_wrong == ()


def test_import_stores_the_labels_for_the_report(exported, tmp_path) -> None:
    run, _ = exported
    first, second = fill(run, tmp_path)
    result = runner.invoke(
        app, ["errors", "import", str(first), str(second), "--run", str(run), "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["stored"] == str(run / "annotations.json")
    assert data["consensus"]["counts"] == {"perception": 2, "knowledge": 1, "attribution": 3}
    assert data["agreement"]["coefficient"] == "AC1"
    stored = read_annotations(run)
    assert stored is not None and stored.run_id == "model-a-image"
    shown = runner.invoke(app, ["errors", "import", str(first), str(second)])
    assert shown.exit_code == 0 and "Gwet's AC1 = 0.793" in shown.output


def test_bad_labels_are_named(exported, tmp_path) -> None:
    run, _ = exported
    first, _ = fill(run, tmp_path)
    bad = tmp_path / "bad.csv"
    bad.write_text("item_id,label\nitm_0401,perception\nitm_0402,confusion\n", encoding="utf-8")
    result = runner.invoke(app, ["errors", "import", str(bad)])
    assert result.exit_code == 2
    assert (
        "bad.csv:3: label 'confusion' is not one of perception, knowledge, attribution"
        in result.output
    )
    twice = tmp_path / "twice.csv"
    twice.write_text("item_id,label\nitm_0401,perception\nitm_0401,knowledge\n", encoding="utf-8")
    with pytest.raises(TaxonomyError, match="labels item itm_0401 both perception and knowledge"):
        read_label_files([twice])
    no_column = tmp_path / "none.csv"
    no_column.write_text("item,kind\n", encoding="utf-8")
    with pytest.raises(TaxonomyError, match="no column item_id, label"):
        read_label_files([no_column])
    other_run = tmp_path / "other.csv"
    other_run.write_text("item_id,label,run_id\nitm_0401,knowledge,another-run\n", encoding="utf-8")
    with pytest.raises(TaxonomyError, match="different runs"):
        read_label_files([first, other_run])
    result = runner.invoke(app, ["errors", "import", str(other_run), "--run", str(run)])
    assert result.exit_code == 2 and "the labels are for run another-run" in result.output
