"""Cross-paper batching: work from many threads shares fixed-size passes, results unchanged."""

import threading
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image

from chemx.devkit.synthetic_figures import SyntheticRenderer
from chemx.settings import VisualSettings
from chemx.visual.batching import MicroBatcher, SharedClassifier
from chemx.visual.classes import FIGURE_CLASSES
from chemx.visual.classifier import FigureClassifier


def _together(calls: int, work: Callable[[int], Any]) -> list[Any]:
    """Run `work(n)` in `calls` threads that start together; results by thread."""
    start = threading.Barrier(calls)
    results: list[Any] = [None] * calls

    def run(n: int) -> None:
        start.wait()
        results[n] = work(n)

    threads = [threading.Thread(target=run, args=(n,)) for n in range(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_callers_share_batches_and_get_their_own_outputs_in_order() -> None:
    batches: list[list[int]] = []

    def square(items: list[int]) -> list[int]:
        batches.append(list(items))
        return [item * item for item in items]

    batcher: MicroBatcher[int, int] = MicroBatcher(square, batch_size=4, wait_s=0.5)
    try:
        results = _together(3, lambda n: batcher.map([10 * n + 1, 10 * n + 2]))
    finally:
        batcher.close()
    assert results == [[1, 4], [121, 144], [441, 484]]
    assert sorted(len(batch) for batch in batches) == [2, 4]  # 6 items: one full pass
    assert any(len({item // 10 for item in batch}) > 1 for batch in batches)
    assert batcher.stats.batches == 2 and batcher.stats.items == 6 and batcher.stats.shared >= 1


def test_a_failed_pass_fails_its_callers_and_no_other() -> None:
    def run(items: list[int]) -> list[int]:
        if -1 in items:
            raise ValueError("bad input in this pass")
        return items

    batcher: MicroBatcher[int, int] = MicroBatcher(run, batch_size=2, wait_s=0.0)
    try:
        with pytest.raises(ValueError, match="bad input"):
            batcher.map([-1])
        assert batcher.map([5, 6, 7]) == [5, 6, 7]
    finally:
        batcher.close()
    with pytest.raises(RuntimeError, match="closed"):
        batcher.map([1])


def test_a_pass_returning_the_wrong_count_is_an_error() -> None:
    batcher: MicroBatcher[int, int] = MicroBatcher(lambda items: items[:1], batch_size=3)
    try:
        with pytest.raises(RuntimeError, match="1 outputs for a batch of 3"):
            batcher.map([1, 2, 3])
    finally:
        batcher.close()


@pytest.fixture(scope="module")
def figures() -> list[Image.Image]:
    renderer = SyntheticRenderer(seed=4242)
    return [renderer.render(c).image for c in FIGURE_CLASSES for _ in range(2)]


def test_a_figures_scores_do_not_depend_on_its_pass_companions(
    figures: list[Image.Image],
) -> None:
    classifier = FigureClassifier.load(device="cpu", batch_size=4)
    together = classifier.predict(figures)
    alone = [classifier.predict([figure])[0] for figure in figures]
    reversed_order = classifier.predict(figures[::-1])[::-1]
    assert together == alone == reversed_order


def test_shared_classifier_equals_the_classifier_from_many_threads(
    figures: list[Image.Image],
) -> None:
    classifier = FigureClassifier.load(device="cpu", batch_size=4)
    expected = classifier.predict(figures)
    shared = SharedClassifier(classifier, wait_s=0.5)
    try:
        papers = [figures[0:3], figures[3:5], figures[5:8]]
        results = _together(3, lambda n: shared.predict(papers[n]))
    finally:
        shared.close()
    assert [p for paper in results for p in paper] == expected
    assert shared.batcher.stats.shared >= 1  # passes held figures of several papers
    assert shared.backend == "resnet50"


def test_classifier_batch_is_a_setting_that_does_not_redo_a_build() -> None:
    plain = VisualSettings()
    batched = VisualSettings(classifier_batch=16)
    assert plain.signature() == batched.signature()
    with pytest.raises(ValueError):
        VisualSettings(classifier_batch=0)
