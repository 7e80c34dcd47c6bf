"""The QC 2 explanation classifier and its shipped weights (its data set: tests/devkit).

The embedding model is loaded once per session (a few seconds); the whole module runs in
well under a minute on a CPU.
"""

from __future__ import annotations

import os
import socket
from collections import Counter
from collections.abc import Iterator

import numpy as np
import pytest

from chemx.devkit.explanatory_dataset import (
    REALWORLD_NAME,
    LabelledSentence,
    dataset_path,
    file_sha256,
    load_labelled_sentences,
)
from chemx.devkit.sample_gold import load_gold_sentences
from chemx.devkit.softmax_training import confusion_matrix
from chemx.grounding import (
    EXPLANATORY,
    LABELS,
    LEXICAL_FEATURE_NAMES,
    ExplanatoryClassifier,
    lexical_features,
)
from chemx.grounding.explanatory import PREFILTER_TARGET_RECALL

CLEAR_SENTENCES = [
    (
        "The ortho-fluorine of 3c withdraws electron density from the amide carbonyl, which "
        "lowers its basicity and accounts for the 20-fold drop in hERG binding.",
        "explanatory",
    ),
    (
        "This bulk blocks the second coordination site and thereby suppresses β-hydride "
        "elimination.",
        "explanatory",
    ),
    (
        "Because the silyl ether of 8 is cleaved by fluoride, the ester was removed with LiOH "
        "instead of TBAF.",
        "explanatory",
    ),
    ("Compound 4b, bearing a para-nitro group, reacted fastest.", "partial"),
    ("Ester 9c reacted faster because it bears a nitro group.", "partial"),
    ("The des-methyl analogue 5b was tenfold less potent than 5a.", "partial"),
    ("3c was obtained in 85% yield after chromatography.", "non_explanatory"),
    ("1H NMR (400 MHz, CDCl3) δ 7.26 (d, J = 8.4 Hz, 2H), 3.81 (s, 3H).", "non_explanatory"),
    ("Compound 12a carries a methyl group at C4.", "non_explanatory"),
]


@pytest.fixture(scope="session")
def offline_classifier() -> Iterator[ExplanatoryClassifier]:
    """Shipped weights plus the bundled encoder, loaded with all network access blocked."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise OSError("network access attempted while loading the classifier")

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(socket.socket, "connect", refuse)
        patch.setitem(os.environ, "HF_HUB_OFFLINE", "1")
        patch.setitem(os.environ, "TRANSFORMERS_OFFLINE", "1")
        classifier = ExplanatoryClassifier.load()
        classifier.encoder.embed(["warm-up sentence"])
    # The block is lifted before yielding: it must cover loading only, not the session.
    yield classifier


@pytest.fixture(scope="session")
def sentences() -> list[LabelledSentence]:
    return load_labelled_sentences()


@pytest.fixture(scope="session")
def real_sentences(offline_classifier: ExplanatoryClassifier) -> list[LabelledSentence]:
    """The hand-labelled real-paper sentences the shipped model was trained with, if any."""
    if not offline_classifier.manifest.real_training_data:
        return []
    real = dataset_path(REALWORLD_NAME)
    return [s for s in load_labelled_sentences(dataset_path(), real) if s.paper]


@pytest.fixture(scope="session")
def heldout_sentences(
    sentences: list[LabelledSentence], real_sentences: list[LabelledSentence]
) -> list[LabelledSentence]:
    """The held-out split the manifest reports: written test sentences, then real ones."""
    return [s for s in [*sentences, *real_sentences] if s.split == "test"]


@pytest.fixture(scope="session")
def heldout_proba(
    offline_classifier: ExplanatoryClassifier, heldout_sentences: list[LabelledSentence]
) -> np.ndarray:
    return offline_classifier.predict_proba([s.text for s in heldout_sentences])


def test_shipped_model_loads_offline_and_describes_itself(
    offline_classifier: ExplanatoryClassifier,
) -> None:
    manifest = offline_classifier.manifest
    assert offline_classifier.backend == manifest.backend == "minilm-logreg"
    assert manifest.labels == list(LABELS)
    assert manifest.lexical_features == list(LEXICAL_FEATURE_NAMES)
    assert offline_classifier.model.n_features == 384 + len(LEXICAL_FEATURE_NAMES)
    assert 0.0 < offline_classifier.prefilter_threshold < 1.0


def test_clear_sentences_are_labelled_correctly(offline_classifier: ExplanatoryClassifier) -> None:
    texts = [text for text, _ in CLEAR_SENTENCES]
    predictions = offline_classifier.predict(texts)
    assert [p.label for p in predictions] == [label for _, label in CLEAR_SENTENCES]
    for prediction in predictions:
        assert sum(prediction.probabilities.values()) == pytest.approx(1.0)
        assert prediction.explanatory_probability == prediction.probabilities[EXPLANATORY]
    kept = offline_classifier.prefilter(texts)
    assert kept[:3] == [True, True, True]
    assert offline_classifier.predict([]) == []


def test_batching_does_not_change_predictions(offline_classifier: ExplanatoryClassifier) -> None:
    texts = [text for text, _ in CLEAR_SENTENCES]
    one_by_one = offline_classifier.predict_proba(texts, batch_size=1)
    batched = offline_classifier.predict_proba(texts, batch_size=64)
    np.testing.assert_allclose(one_by_one, batched, atol=1e-4)


def test_heldout_metrics_are_reproduced_from_the_shipped_model(
    offline_classifier: ExplanatoryClassifier,
    heldout_sentences: list[LabelledSentence],
    heldout_proba: np.ndarray,
) -> None:
    truth = [LABELS.index(s.label) for s in heldout_sentences]
    predicted = heldout_proba.argmax(axis=1).tolist()
    accuracy = float(np.mean(np.array(truth) == np.array(predicted)))
    heldout = offline_classifier.manifest.heldout
    assert heldout.n == len(heldout_sentences)
    assert accuracy == pytest.approx(heldout.accuracy, abs=1e-6)
    assert confusion_matrix(truth, predicted, len(LABELS)).tolist() == heldout.confusion_matrix
    written = np.array([s.paper is None for s in heldout_sentences])
    right = np.array(truth) == np.array(predicted)
    majority = Counter(np.array(truth)[written].tolist()).most_common(1)[0][1] / written.sum()
    assert right[written].mean() > majority + 0.3  # the written set: far above the majority
    real = offline_classifier.manifest.real_heldout
    if real is not None:  # real papers: mostly non-explanatory, so the majority is high
        assert real.n == int((~written).sum())
        assert right[~written].mean() == pytest.approx(real.accuracy, abs=1e-6)
        assert real.accuracy >= real.majority_baseline


def test_prefilter_keeps_explanatory_recall_on_the_test_split(
    offline_classifier: ExplanatoryClassifier,
    heldout_sentences: list[LabelledSentence],
    heldout_proba: np.ndarray,
) -> None:
    positive = np.array([s.label == EXPLANATORY for s in heldout_sentences])
    scores = heldout_proba[:, LABELS.index(EXPLANATORY)]
    kept = scores >= offline_classifier.prefilter_threshold
    recall = (kept & positive).sum() / positive.sum()
    assert recall >= PREFILTER_TARGET_RECALL
    assert recall == pytest.approx(offline_classifier.manifest.prefilter.heldout["recall"])
    assert kept.mean() < 0.6, "the pre-filter should still discard a good share of sentences"


def test_manifest_is_tied_to_the_shipped_data(
    offline_classifier: ExplanatoryClassifier, sentences: list[LabelledSentence]
) -> None:
    manifest = offline_classifier.manifest
    assert manifest.training_data_sha256 == file_sha256(dataset_path())
    if manifest.real_training_data:
        real = dataset_path(REALWORLD_NAME)
        assert manifest.real_training_data_sha256 == file_sha256(real)
    counts = Counter((s.label, s.split) for s in sentences)
    assert {
        (label, split): n
        for label, by_split in manifest.counts.items()
        for split, n in by_split.items()
    } == dict(counts)
    assert manifest.overlap_with_sample_gold["exact_matches"] == 0
    assert manifest.overlap_with_sample_gold["near_duplicates"] == 0
    assert manifest.sample_gold.n == len(load_gold_sentences())


def test_lexical_cues_mark_the_partial_versus_explanatory_contrast() -> None:
    features = lexical_features(
        [
            "Ester 9c reacted faster because it bears a nitro group.",
            "Because the enol ether of 4 hydrolyses in acid, the work-up used NaHCO3.",
        ]
    )
    column = {name: i for i, name in enumerate(LEXICAL_FEATURE_NAMES)}
    assert features[0, column["feature_only_reason"]] == 1.0
    assert features[0, column["reason_with_process"]] == 0.0
    assert features[1, column["reason_with_process"]] == 1.0
    assert features[1, column["feature_only_reason"]] == 0.0
