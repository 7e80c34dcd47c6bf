"""Paper-level bootstrap, one question per paper, paired differences, McNemar, Wilson."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.stats import binom
from statsmodels.stats.contingency_tables import mcnemar
from statsmodels.stats.proportion import proportion_confint

from chemx.evaluation.metrics import ItemOutcome, outcomes
from chemx.evaluation.results import load_run
from chemx.evaluation.stats import (
    cluster_bootstrap,
    item_bootstrap,
    mcnemar_exact,
    one_question_per_paper,
    paired_difference,
    paper_bootstrap,
    wilson_interval,
)
from tests.evaluation.fixtures import IMAGE_RUN, OTHER_MODEL_RUN, TEXT_RUN


def outcome(item: str, paper: str, right: bool) -> ItemOutcome:
    """An item answered A three times, whose answer is A when `right` (else B)."""
    return ItemOutcome(item, paper, "Mechanistic", "molecule", "2024", "A" if right else "B",
                       ("A", "A", "A"), (1, 2, 3))  # fmt: skip


@pytest.fixture(scope="module")
def image_run():
    return outcomes(load_run(IMAGE_RUN))


def test_two_papers_one_right_one_wrong_give_the_whole_range() -> None:
    # Resampling two papers: accuracy 0, 1/2 or 1 with probabilities 1/4, 1/2, 1/4, so
    # the 2.5th and 97.5th percentiles are 0 and 1 whatever the paper sizes.
    items = [outcome(f"r{i}", "right", True) for i in range(3)]
    items += [outcome(f"w{i}", "wrong", False) for i in range(3)]
    paper = paper_bootstrap(items)
    assert (paper.estimate, paper.low, paper.high) == (0.5, 0.0, 1.0)
    # Resampling the six items instead: 0 of 6 has probability 1/64 < 2.5%, and 1 of 6
    # brings the cumulative probability to 7/64, so the interval is [1/6, 5/6].
    item = item_bootstrap(items)
    assert (item.low, item.high) == (pytest.approx(1 / 6), pytest.approx(5 / 6))
    assert paper.width > item.width


def test_the_clustered_fixture_run_gives_a_wider_paper_interval(image_run) -> None:
    # papers 1-3 all right, paper 4 all wrong: answers within a paper move together
    paper = paper_bootstrap(image_run)
    item = item_bootstrap(image_run)
    assert paper.estimate == item.estimate == pytest.approx(11 / 18)
    assert paper.method == "paper-bootstrap" and item.method == "item-bootstrap"
    assert paper.width > item.width + 0.1
    assert (paper.low, paper.high) == (pytest.approx(5 / 18), pytest.approx(16 / 18))


def test_with_one_item_per_paper_both_resamples_are_the_same(image_run) -> None:
    singles = [outcome(o.item_id, f"paper-of-{o.item_id}", o.correct) for o in image_run]
    a, b = paper_bootstrap(singles, seed=3), item_bootstrap(singles, seed=3)
    assert (a.low, a.high) == (b.low, b.high)


def test_the_bootstrap_is_seeded_and_matches_a_plain_loop() -> None:
    values = [1.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0]
    clusters = ["p1", "p1", "p2", "p3", "p3", "p3", "p4"]
    first = cluster_bootstrap(values, clusters, resamples=500, seed=11)
    assert first == cluster_bootstrap(values, clusters, resamples=500, seed=11)
    assert first != cluster_bootstrap(values, clusters, resamples=500, seed=12)
    # the same draws, written as a loop over resamples
    rng = np.random.default_rng(11)
    sums, counts = np.array([1.0, 1.0, 2.0, 0.0]), np.array([2.0, 1.0, 3.0, 1.0])  # per paper
    stats = []
    drawn = rng.integers(0, 4, size=(500, 4))
    for row in drawn:
        stats.append(sums[row].sum() / counts[row].sum())
    low, high = np.percentile(stats, [2.5, 97.5])
    assert (first.low, first.high) == (pytest.approx(low), pytest.approx(high))


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="between 0 and 1"):
        cluster_bootstrap([1.0], ["p"], level=95)
    with pytest.raises(ValueError, match="at least 1"):
        cluster_bootstrap([1.0], ["p"], resamples=0)
    empty = paper_bootstrap([])
    assert math.isnan(empty.estimate) and math.isnan(empty.low)


def test_one_question_per_paper(image_run) -> None:
    # per paper, the share of right items: 1, 1, 1, 0, 1/3, 1/3 -> expected mean 11/18;
    # a resample keeps 3, 4 or 5 right questions of 6
    result = one_question_per_paper(image_run, seed=0)
    assert result.resamples == 1000
    assert result.estimate == pytest.approx(11 / 18, abs=0.02)
    assert (result.low, result.high) == (pytest.approx(3 / 6), pytest.approx(5 / 6))
    assert result == one_question_per_paper(image_run, seed=0)


def test_paired_difference_resamples_the_same_papers_for_both_runs(image_run) -> None:
    other = outcomes(load_run(OTHER_MODEL_RUN))
    result = paired_difference(image_run, other)
    assert (result.items, result.papers) == (18, 6)
    assert result.accuracy_a == pytest.approx(11 / 18)
    assert result.accuracy_b == pytest.approx(14 / 18)
    assert result.difference.estimate == pytest.approx(-3 / 18)
    assert result.difference.low < -3 / 18 < result.difference.high
    # a run against itself differs by exactly 0 in every resample
    same = paired_difference(image_run, image_run)
    assert (same.difference.low, same.difference.high) == (0.0, 0.0)
    # only common items count
    assert paired_difference(image_run[:4], other[2:]).items == 2


def test_mcnemar_is_statsmodels_exact_test(image_run) -> None:
    text = outcomes(load_run(TEXT_RUN))
    result = mcnemar_exact(image_run, text)
    # by hand: both right 0101 0201; image only 9; text only 0401 0502; neither 5
    assert result.table == [[2, 9], [2, 5]]
    expected = mcnemar([[2, 9], [2, 5]], exact=True)
    assert result.p_value == expected.pvalue
    assert result.statistic == expected.statistic == 2
    # two-sided exact binomial: 2 P(X <= 2), X ~ Bin(11, 1/2) = 2 * 67 / 2048
    assert result.p_value == pytest.approx(2 * binom.cdf(2, 11, 0.5)) == 134 / 2048
    # swapping the runs swaps the discordant cells, not the p-value
    assert mcnemar_exact(text, image_run).table == [[2, 2], [9, 5]]
    assert mcnemar_exact(text, image_run).p_value == result.p_value


def test_wilson_interval_is_statsmodels() -> None:
    interval = wilson_interval(100, 140)
    low, high = proportion_confint(100, 140, alpha=0.05, method="wilson")
    assert (interval.low, interval.high) == (low, high)
    # seed 002, section 5.3: 100 of 140 errors, "71.4%; 95% Wilson CI [63.5, 78.3]"
    assert (round(100 * interval.low, 1), round(100 * interval.high, 1)) == (63.5, 78.3)
    z = 1.959963984540054
    p, n = 100 / 140, 140
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    assert interval.low == pytest.approx(centre - half) and interval.high == pytest.approx(
        centre + half
    )
    assert math.isnan(wilson_interval(0, 0).estimate)
