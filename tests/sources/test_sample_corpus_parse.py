"""The JATS parser against the sample corpus gold: every sentence, figure and reference."""

import json

import pytest

from chemx.sources import resolve_corpus
from chemx.sources.corpus import sample_corpus_dir

GOLD = json.loads((sample_corpus_dir() / "gold.json").read_text())


@pytest.fixture(scope="module")
def parsed():
    spec = resolve_corpus("sample")
    parser = spec.parsers["jats"]
    return {doc.path.name: parser.parse(doc, spec.corpus.id) for doc in spec.documents}


def test_every_gold_sentence_is_split_exactly(parsed):
    for paper in GOLD["papers"]:
        result = parsed[paper["file"]]
        texts = [sentence.text for sentence in result.sentences]
        assert texts == [sentence["text"] for sentence in paper["sentences"]], paper["file"]


def test_figures_metadata_and_images(parsed):
    for paper in GOLD["papers"]:
        result = parsed[paper["file"]]
        assert result.paper.doi == paper["doi"]
        assert result.paper.published.isoformat() == paper["published"]
        assert result.paper.licence_url == "https://creativecommons.org/licenses/by/4.0/"
        assert result.rejections == []
        by_key = {figure.figure_key: figure for figure in result.figures}
        assert set(by_key) == {figure["figure_key"] for figure in paper["figures"]}
        for gold_figure in paper["figures"]:
            figure = by_key[gold_figure["figure_key"]]
            assert figure.label == gold_figure["label"]
            assert (figure.width, figure.height) == (gold_figure["width"], gold_figure["height"])
            assert figure.image_sha256 in result.images


def test_figure_references_match_gold(parsed):
    for paper in GOLD["papers"]:
        result = parsed[paper["file"]]
        key_of = {figure.id: figure.figure_key for figure in result.figures}
        refs: dict[str, set[str]] = {}
        for reference in result.figure_references:
            refs.setdefault(reference.sentence_id, set()).add(key_of[reference.figure_id])
        for sentence, gold in zip(result.sentences, paper["sentences"], strict=True):
            assert refs.get(sentence.id, set()) == set(gold["figure_refs"]), sentence.text


def test_bold_compound_labels_are_kept(parsed):
    result = parsed["paper01.nxml"]
    bold = {span.text for sentence in result.sentences for span in sentence.bold_spans}
    assert {"1", "1a", "2a"} <= bold
