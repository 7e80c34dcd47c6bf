"""`chemx report` on the hand-written fixture runs: numbers, records, files, the HTML page."""

from __future__ import annotations

import base64
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from statsmodels.stats.contingency_tables import mcnemar
from typer.testing import CliRunner

from chemx.cli import app
from chemx.evaluation.metrics import outcomes
from chemx.evaluation.results import load_run
from chemx.evaluation.stats import item_bootstrap, paper_bootstrap
from chemx.evaluation.taxonomy import read_label_files, write_annotations
from tests.evaluation.fixtures import IMAGE_RUN, OTHER_MODEL_RUN, RUNS, TEXT_RUN, copy_runs
from tests.evaluation.fixtures.make_fixtures import HOSTILE

runner = CliRunner()
RESAMPLES = "2000"


def report(*args: str) -> dict:
    result = runner.invoke(app, ["report", *args, "--json", "--resamples", RESAMPLES])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def three_runs(tmp_path_factory) -> tuple[dict, Path]:
    out = tmp_path_factory.mktemp("report")
    data = report(str(IMAGE_RUN), str(TEXT_RUN), str(OTHER_MODEL_RUN), "--out", str(out))
    return data, out


def test_accuracies_match_the_hand_computation(three_runs) -> None:
    data, _ = three_runs
    image, text, other = data["runs"]
    assert [r["run_id"] for r in data["runs"]] == ["model-a-image", "model-a-text", "model-b-image"]
    cells = image["cells"]
    assert (cells["overall"]["correct"], cells["overall"]["total"]) == (11, 18)
    assert cells["overall"]["accuracy"] == round(11 / 18, 6)
    by_type = {k: (v["correct"], v["total"]) for k, v in cells["reasoning_type"].items()}
    assert by_type == {"Condition": (2, 3), "Design": (3, 6), "Mechanistic": (6, 9)}
    by_entry = {k: (v["correct"], v["total"]) for k, v in cells["entry_type"].items()}
    assert by_entry == {"molecule": (5, 7), "reaction": (6, 11)}
    assert {k: v["correct"] for k, v in cells["year"].items()} == {
        "2022": 6, "2023": 3, "2024": 1, "unknown": 1,
    }  # fmt: skip
    # text-only: right on 0101 0201 (Mechanistic, Design) and 0401 0502 (Design)
    assert text["cells"]["overall"]["correct"] == 4
    assert {k: v["correct"] for k, v in text["cells"]["reasoning_type"].items()} == {
        "Condition": 0, "Design": 3, "Mechanistic": 1,
    }  # fmt: skip
    # model b: wrong on itm_0301 0302 0303 and 0602
    assert other["cells"]["overall"]["correct"] == 14
    assert image["pass_at_k"] == {
        "1": round(33 / 54, 6), "2": round((11 + 8 / 3) / 18, 6), "3": round(15 / 18, 6),
    }  # fmt: skip
    assert image["mean_reliability"] == round(33 / 54, 6)
    assert image["first_trial_accuracy"] == round(12 / 18, 6)
    assert (image["superseded_lines"], image["items_scored"], image["papers"]) == (1, 18, 6)
    assert image["failed_trials"] == [
        {
            "item_id": "itm_0603",
            "trial": 2,
            "line": 54,
            "error": "transport: connection reset (after 3 retries)",
        }
    ]
    assert [c["group"] for c in data["columns"]] == [
        "Mechanistic", "Design", "Condition", "molecule", "reaction",
    ]  # fmt: skip


def test_every_cell_lists_its_items_and_trial_lines(three_runs) -> None:
    data, _ = three_runs
    cell = data["runs"][0]["cells"]["reasoning_type"]["Condition"]
    assert [(r["item_id"], r["correct"], r["voted"]) for r in cell["records"]] == [
        ("itm_0203", True, "B"), ("itm_0403", False, None), ("itm_0603", True, "B"),
    ]  # fmt: skip
    lines = (IMAGE_RUN / "trials.jsonl").read_text(encoding="utf-8").splitlines()
    for record in cell["records"]:
        for trial, number in enumerate(record["lines"]):
            line = json.loads(lines[number - 1])
            assert (line["item_id"], line["trial"]) == (record["item_id"], trial)
            assert line["parsed_answer"] == record["trial_answers"][trial]
    assert cell["records"][2]["lines"] == [55, 53, 54]  # the retried trial's last line


def test_intervals_resample_papers(three_runs) -> None:
    data, _ = three_runs
    items = outcomes(load_run(IMAGE_RUN))
    paper = paper_bootstrap(items, resamples=int(RESAMPLES), seed=0)
    item = item_bootstrap(items, resamples=int(RESAMPLES), seed=0)
    ci = data["runs"][0]["cells"]["overall"]["ci"]
    assert ci == [round(paper.low, 6), round(paper.high, 6)]
    assert ci != [round(item.low, 6), round(item.high, 6)]
    assert data["intervals"] == {
        "method": "percentile bootstrap over source papers",
        "resamples": 2000,
        "one_per_paper_resamples": 1000,
        "seed": 0,
        "level": 0.95,
    }
    again = report(str(IMAGE_RUN), "--out", str(Path(data["runs"][0]["run_dir"]).parent / "x"))
    assert again["runs"][0]["cells"]["overall"]["ci"] == ci  # seeded
    shutil.rmtree(Path(data["runs"][0]["run_dir"]).parent / "x")


def test_comparisons_are_paired_and_use_exact_mcnemar(three_runs) -> None:
    data, _ = three_runs
    first = data["comparisons"][0]
    assert (first["a"], first["b"], first["items"]) == ("model-a-image", "model-a-text", 18)
    assert first["mcnemar"]["table"] == [[2, 9], [2, 5]]
    assert first["mcnemar"]["p_value"] == mcnemar([[2, 9], [2, 5]], exact=True).pvalue
    assert first["difference"]["estimate"] == round(7 / 18, 6)
    low, high = first["difference"]["ci"]
    assert low <= 7 / 18 <= high
    second = data["comparisons"][1]
    assert (second["a"], second["b"]) == ("model-a-image", "model-b-image")
    # b is wrong on 0301-0303 (a right) and 0602 (a wrong too); a is wrong on 6 b gets
    assert second["mcnemar"]["table"] == [[8, 3], [6, 1]]
    assert second["mcnemar"]["p_value"] == mcnemar([[8, 3], [6, 1]], exact=True).pvalue
    assert len(data["comparisons"]) == 3


def test_files_are_written(three_runs) -> None:
    data, out = three_runs
    assert json.loads((out / "report.json").read_text(encoding="utf-8")) == data
    table = (out / "table.md").read_text(encoding="utf-8")
    header = "| Run | Model | Condition | Trials | Avg. | Mech. | Design | Cond. | Mol. | Rxn. |"
    assert header in table
    row = next(line for line in table.splitlines() if line.startswith("| [model-a-image]"))
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[0] == "[model-a-image](runs/model-a-image.html)"
    assert cells[4].startswith("61.1 [") and cells[5].startswith("66.7 [")
    assert cells[6].startswith("50.0 [") and cells[8].startswith("71.4 [")
    assert "| model-a-image | model-a-text | 18 | 61.1 | 22.2 | +38.9 [" in table
    assert (out / "accuracy.png").read_bytes().startswith(b"\x89PNG")
    assert not (out / "errors.png").exists()
    assert sorted(p.name for p in (out / "runs").iterdir()) == [
        "model-a-image.html", "model-a-text.html", "model-b-image.html",
    ]  # fmt: skip


def test_the_run_page_shows_every_item_escaped(three_runs) -> None:
    _, out = three_runs
    page = (out / "runs" / "model-a-image.html").read_text(encoding="utf-8")
    articles = re.findall(r'<article id="item-(itm_\d+)" class="item (correct|wrong)"', page)
    assert len(articles) == 18
    assert sum(kind == "wrong" for _, kind in articles) == 7
    assert HOSTILE not in page and page.count("<script>") == 1
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x" in page
    run = load_run(IMAGE_RUN)
    image = run.items["itm_0101"].image_png
    assert image is not None
    assert f'src="data:image/png;base64,{base64.b64encode(image).decode()}"' in page
    assert 'data-reasoning="Condition"' in page and 'data-year="unknown"' in page
    assert "trials.jsonl line 55" in page  # each trial names its line
    assert 'href="#reasoning=Design"' in page  # a summary row links to its items
    assert "Content-Security-Policy" in page and "http" not in page.split("<body")[0].replace(
        "http-equiv", ""
    )


def chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


def dump_dom(page: Path, fragment: str = "") -> str:
    browser = chromium()
    assert browser is not None
    result = subprocess.run(
        [
            browser,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--dump-dom",
            page.resolve().as_uri() + fragment,
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return result.stdout


@pytest.mark.skipif(chromium() is None, reason="needs Debian chromium (apt-get install chromium)")
def test_the_page_opens_in_a_headless_browser(three_runs) -> None:
    _, out = three_runs
    page = out / "runs" / "model-a-image.html"
    dom = dump_dom(page)
    assert 'id="shown">18 of 18 items shown<' in dom  # the script ran
    assert len(re.findall(r'<article id="item-itm_\d+" class="item (?:correct|wrong)"', dom)) == 18
    assert "<img src=" not in dom.replace('<img alt="structure', "")  # no injected element
    assert dom.count("<script") == 1
    wrong = dump_dom(page, "#outcome=wrong&reasoning=Mechanistic")
    # Mechanistic and wrong: itm_0402, itm_0503, itm_0602
    assert 'id="shown">3 of 18 items shown<' in wrong
    visible = re.findall(r'<article id="item-(itm_\d+)" class="item wrong"', wrong)
    assert visible == ["itm_0402", "itm_0503", "itm_0602"]


@pytest.mark.skipif(chromium() is None, reason="needs Debian chromium (apt-get install chromium)")
def test_the_annotators_page_opens_in_a_headless_browser(tmp_path) -> None:
    run = copy_runs(tmp_path) / "model-a-image"
    result = runner.invoke(app, ["errors", "export", str(run)])
    assert result.exit_code == 0, result.output
    dom = dump_dom(run / "errors.html")
    assert 'id="progress">0 of 7 labelled<' in dom  # the script ran
    assert dom.count('<article class="wrong error"') == 7 and dom.count("<script") == 1


def test_error_types_appear_once_labels_are_imported(tmp_path) -> None:
    runs = copy_runs(tmp_path)
    run = runs / "model-a-image"
    labels = tmp_path / "ann1.csv"
    labels.write_text(
        "item_id,label\nitm_0401,perception\nitm_0402,knowledge\nitm_0403,attribution\n"
        "itm_0502,attribution\nitm_0503,perception\nitm_0601,attribution\n",
        encoding="utf-8",
    )
    write_annotations(run, read_label_files([labels]))
    out = tmp_path / "out"
    data = report(str(run), "--out", str(out))
    errors = data["runs"][0]["errors"]
    assert errors["consensus"]["counts"] == {"perception": 2, "knowledge": 1, "attribution": 3}
    assert errors["wrong_but_unlabelled"] == ["itm_0602"]
    assert errors["agreement"] is None  # one annotator
    share = errors["consensus"]["shares"]["attribution"]
    assert share["estimate"] == 0.5 and share["method"] == "wilson"
    assert (out / "errors.png").read_bytes().startswith(b"\x89PNG")
    assert "## Error types: model-a-image" in (out / "table.md").read_text(encoding="utf-8")
    page = (out / "runs" / "model-a-image.html").read_text(encoding="utf-8")
    assert "error: perception" in page


def test_the_terminal_shows_the_tables(tmp_path) -> None:
    result = runner.invoke(
        app, ["report", str(IMAGE_RUN), "--out", str(tmp_path), "--resamples", "200"]
    )
    assert result.exit_code == 0, result.output
    assert (
        "Majority-vote accuracy" in result.output and "runs/" not in result.output.split("wrote")[0]
    )


def test_user_errors_are_one_line(tmp_path) -> None:
    twice = runner.invoke(app, ["report", str(IMAGE_RUN), str(IMAGE_RUN), "--out", str(tmp_path)])
    assert twice.exit_code == 2 and "is given twice" in twice.output
    a_file = tmp_path / "file"
    a_file.write_text("", encoding="utf-8")
    refused = runner.invoke(app, ["report", str(IMAGE_RUN), "--out", str(a_file)])
    assert refused.exit_code == 2 and "is a file, not a folder" in refused.output
    lonely = tmp_path / "a" / "b" / "run"
    shutil.copytree(RUNS / "model-a-text", lonely)
    missing = runner.invoke(app, ["report", str(lonely), "--out", str(tmp_path / "o")])
    assert missing.exit_code == 2 and "pass --release with the release folder" in missing.output
    assert "Traceback" not in missing.output
