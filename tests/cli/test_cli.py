import json

from typer.testing import CliRunner

from chemx.cli import app

runner = CliRunner()


def _invoke(*args: str):
    return runner.invoke(app, list(args), catch_exceptions=False)


def test_build_trace_audit_papers_round_trip(bad_corpus, tmp_path):
    out = str(tmp_path / "out")
    built = _invoke(
        "build", "--corpus", str(bad_corpus), "--out", out, "--json", "--until", "acquire"
    )
    assert built.exit_code == 0, built.output
    report = json.loads(built.output)
    assert report["documents"]["rejected"] == 5

    listed = _invoke("papers", "--out", out, "--json")
    papers = json.loads(listed.output)
    good = next(p for p in papers if p["doi"] == "10.5555/good")
    assert good["counts"]["figure"] == {"ok": 1}

    traced = json.loads(_invoke("trace", good["id"], "--out", out, "--json").output)
    tree = traced["tree"]
    assert tree["kind"] == "paper" and traced["ancestors"][0]["kind"] == "corpus"
    kinds = {child["kind"] for child in tree["children"]}
    assert kinds == {"paragraph", "figure"}
    sentences = [s for p in tree["children"] if p["kind"] == "paragraph" for s in p["children"]]
    assert [s["record"]["text"] for s in sentences] == [
        "Compound 1 was prepared as shown in Fig. 1.",
        "Its strained ring opens readily because the amide bond is twisted.",
    ]
    assert sentences[0]["children"][0]["kind"] == "figure_reference"

    audited = json.loads(_invoke("audit", "--out", out, "--json").output)
    found = {(g["gate"], g["reason"]): g["nodes"] for g in audited}
    assert {node["what"] for node in found[("acquisition", "xml_malformed")]} == {
        "file malformed.nxml",
        "file truncated.nxml",
    }
    assert "encrypted.pdf" in found[("acquisition", "pdf_encrypted")][0]["detail"]
    only_images = json.loads(
        _invoke("audit", "--out", out, "--json", "--reason", "image_too_large").output
    )
    assert [g["reason"] for g in only_images] == ["image_too_large"]
    assert "megapixels" in only_images[0]["nodes"][0]["detail"]

    table = _invoke("trace", good["id"][:8], "--out", out)
    assert table.exit_code == 0 and "Figure 1" in table.output


def test_unknown_id_and_missing_store_are_clear_errors(tmp_path, good_corpus):
    missing = runner.invoke(app, ["audit", "--out", str(tmp_path / "none")])
    assert missing.exit_code == 2
    assert "chemx build" in missing.output
    out = str(tmp_path / "out")
    _invoke("build", "--corpus", str(good_corpus), "--out", out, "--json", "--until", "acquire")
    unknown = runner.invoke(app, ["trace", "pap_0000000000000000", "--out", out])
    assert unknown.exit_code == 2 and "no node with id" in unknown.output
    bad_gate = runner.invoke(app, ["audit", "--out", out, "--gate", "qc9"])
    assert bad_gate.exit_code == 2 and "anti_shortcut" in bad_gate.output


def test_exit_code_is_nonzero_only_when_nothing_could_be_read(tmp_path):
    folder = tmp_path / "junk"
    folder.mkdir()
    (folder / "a.nxml").write_text("<article><body>", encoding="utf-8")
    result = runner.invoke(
        app, ["build", "--corpus", str(folder), "--out", str(tmp_path / "o"), "--until", "acquire"]
    )
    assert result.exit_code == 1
    empty = tmp_path / "empty"
    empty.mkdir()
    result = runner.invoke(app, ["build", "--corpus", str(empty), "--out", str(tmp_path / "o2")])
    assert result.exit_code == 2 and "no .nxml" in result.output
