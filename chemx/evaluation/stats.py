"""Uncertainty and comparisons: paper-level bootstrap, one question per paper, McNemar, Wilson.

Seed 002 (appendix E.8): "Questions from the same source paper tend to share a chemical
domain, drawing style, and terminology and are therefore not independent, so we resample
papers rather than individual questions." The paper-level 95% CI is the percentile
interval of accuracy over 10,000 resamples of source papers (with replacement; a
resample's accuracy pools the items of the papers drawn); "one question per paper" is
the mean accuracy and 95% range over 1,000 resamples that keep one randomly chosen
question from each paper. Paired differences between two runs resample the same papers
for both. Every resample is drawn from a seeded `numpy.random.Generator`, so a report is
reproducible.

Between two conditions on the same items, the two-sided exact McNemar test is
statsmodels' (``mcnemar(table, exact=True)``); a proportion's interval (error types) is
the Wilson interval of statsmodels' ``proportion_confint``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from chemx.evaluation.metrics import ItemOutcome

DEFAULT_RESAMPLES = 10_000
"""Paper-level bootstrap resamples (seed 002, Tab. 18)."""
ONE_PER_PAPER_RESAMPLES = 1_000
"""One-question-per-paper resamples (seed 002, Tab. 18)."""
DEFAULT_LEVEL = 0.95
DEFAULT_SEED = 0
CHUNK = 1_000
"""Resamples drawn at a time: bounds memory to CHUNK x papers numbers."""


@dataclass(frozen=True)
class Interval:
    """A percentile bootstrap interval (or a Wilson interval) around an estimate."""

    estimate: float
    low: float
    high: float
    level: float
    method: str
    """'paper-bootstrap', 'item-bootstrap', 'one-per-paper' or 'wilson'."""
    resamples: int = 0
    seed: int | None = None

    @property
    def width(self) -> float:
        """High - low."""
        return self.high - self.low


def _check(level: float, resamples: int) -> None:
    if not 0.0 < level < 1.0:
        raise ValueError(f"confidence level {level} must be between 0 and 1 (e.g. 0.95)")
    if resamples < 1:
        raise ValueError(f"resamples must be at least 1, not {resamples}")


def _cluster_sums(
    values: Sequence[float], clusters: Sequence[str]
) -> tuple[np.ndarray, np.ndarray, list[str]]:
    """Per cluster (sorted by name): the sum of values and the number of items."""
    if len(values) != len(clusters):
        raise ValueError("one cluster per value")
    names = sorted(set(clusters))
    index = {name: i for i, name in enumerate(names)}
    sums = np.zeros(len(names))
    counts = np.zeros(len(names))
    for value, cluster in zip(values, clusters, strict=True):
        sums[index[cluster]] += value
        counts[index[cluster]] += 1
    return sums, counts, names


def _percentiles(stats: np.ndarray, level: float) -> tuple[float, float]:
    tail = (1.0 - level) / 2 * 100
    low, high = np.percentile(stats, [tail, 100 - tail])
    return float(low), float(high)


def _resampled_ratios(
    numerators: Sequence[np.ndarray], counts: np.ndarray, resamples: int, seed: int
) -> list[np.ndarray]:
    """Per numerator: sum(numerator[drawn]) / sum(counts[drawn]) over cluster resamples."""
    rng = np.random.default_rng(seed)
    n = len(counts)
    results: list[list[np.ndarray]] = [[] for _ in numerators]
    done = 0
    while done < resamples:
        size = min(CHUNK, resamples - done)
        drawn = rng.integers(0, n, size=(size, n))
        total = counts[drawn].sum(axis=1)
        for out, numerator in zip(results, numerators, strict=True):
            out.append(numerator[drawn].sum(axis=1) / total)
        done += size
    return [np.concatenate(parts) for parts in results]


def cluster_bootstrap(
    values: Sequence[float],
    clusters: Sequence[str],
    *,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
    level: float = DEFAULT_LEVEL,
    method: str = "cluster-bootstrap",
) -> Interval:
    """Percentile interval of the mean of `values`, resampling whole clusters."""
    _check(level, resamples)
    if not values:
        return Interval(math.nan, math.nan, math.nan, level, method, resamples, seed)
    sums, counts, _ = _cluster_sums(values, clusters)
    (stats,) = _resampled_ratios([sums], counts, resamples, seed)
    low, high = _percentiles(stats, level)
    return Interval(float(sums.sum() / counts.sum()), low, high, level, method, resamples, seed)


def paper_bootstrap(
    items: Sequence[ItemOutcome],
    *,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
    level: float = DEFAULT_LEVEL,
) -> Interval:
    """Accuracy with its paper-level percentile bootstrap interval (resamples papers)."""
    clusters = [o.paper_id for o in items]
    return _accuracy_bootstrap(items, clusters, resamples, seed, level, "paper-bootstrap")


def item_bootstrap(
    items: Sequence[ItemOutcome],
    *,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
    level: float = DEFAULT_LEVEL,
) -> Interval:
    """The same interval resampling items, as if they were independent (for comparison)."""
    clusters = [o.item_id for o in items]
    return _accuracy_bootstrap(items, clusters, resamples, seed, level, "item-bootstrap")


def _accuracy_bootstrap(
    items: Sequence[ItemOutcome],
    clusters: Sequence[str],
    resamples: int,
    seed: int,
    level: float,
    method: str,
) -> Interval:
    return cluster_bootstrap(
        [float(o.correct) for o in items],
        clusters,
        resamples=resamples,
        seed=seed,
        level=level,
        method=method,
    )


def one_question_per_paper(
    items: Sequence[ItemOutcome],
    *,
    resamples: int = ONE_PER_PAPER_RESAMPLES,
    seed: int = DEFAULT_SEED,
    level: float = DEFAULT_LEVEL,
) -> Interval:
    """Mean accuracy and range over resamples keeping one random question per paper."""
    _check(level, resamples)
    method = "one-per-paper"
    if not items:
        return Interval(math.nan, math.nan, math.nan, level, method, resamples, seed)
    papers: dict[str, list[float]] = {}
    for outcome in items:
        papers.setdefault(outcome.paper_id, []).append(float(outcome.correct))
    rng = np.random.default_rng(seed)
    total = np.zeros(resamples)
    for name in sorted(papers):
        correct = np.asarray(papers[name])
        total += correct[rng.integers(0, len(correct), size=resamples)]
    stats = total / len(papers)
    low, high = _percentiles(stats, level)
    return Interval(float(stats.mean()), low, high, level, method, resamples, seed)


@dataclass(frozen=True)
class PairedDifference:
    """Accuracy of run a minus run b on their common items, with a paper-level interval."""

    difference: Interval
    items: int
    papers: int
    accuracy_a: float
    accuracy_b: float


def _common(
    a: Sequence[ItemOutcome], b: Sequence[ItemOutcome]
) -> list[tuple[ItemOutcome, ItemOutcome]]:
    by_id = {o.item_id: o for o in b}
    return [(x, by_id[x.item_id]) for x in a if x.item_id in by_id]


def paired_difference(
    a: Sequence[ItemOutcome],
    b: Sequence[ItemOutcome],
    *,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
    level: float = DEFAULT_LEVEL,
) -> PairedDifference:
    """acc(a) - acc(b) on the items both runs answered; both resampled by the same papers."""
    _check(level, resamples)
    pairs = _common(a, b)
    method = "paper-bootstrap"
    if not pairs:
        empty = Interval(math.nan, math.nan, math.nan, level, method, resamples, seed)
        return PairedDifference(empty, 0, 0, math.nan, math.nan)
    papers = [x.paper_id for x, _ in pairs]
    sums_a, counts, _ = _cluster_sums([float(x.correct) for x, _ in pairs], papers)
    sums_b, _, names = _cluster_sums([float(y.correct) for _, y in pairs], papers)
    (stats,) = _resampled_ratios([sums_a - sums_b], counts, resamples, seed)
    low, high = _percentiles(stats, level)
    acc_a, acc_b = sums_a.sum() / counts.sum(), sums_b.sum() / counts.sum()
    interval = Interval(float(acc_a - acc_b), low, high, level, method, resamples, seed)
    return PairedDifference(interval, len(pairs), len(names), float(acc_a), float(acc_b))


@dataclass(frozen=True)
class McNemar:
    """Exact McNemar test between two runs on their common items."""

    both_correct: int
    only_a: int
    """Items run a got right and run b wrong."""
    only_b: int
    neither: int
    statistic: float
    """min(only_a, only_b): the binomial test's statistic."""
    p_value: float

    @property
    def table(self) -> list[list[int]]:
        """[[both, only a], [only b, neither]]: rows are a correct/wrong, columns b."""
        return [[self.both_correct, self.only_a], [self.only_b, self.neither]]


def mcnemar_exact(a: Sequence[ItemOutcome], b: Sequence[ItemOutcome]) -> McNemar:
    """Two-sided exact McNemar test on the items both runs answered (statsmodels)."""
    from statsmodels.stats.contingency_tables import mcnemar

    pairs = _common(a, b)
    both = sum(x.correct and y.correct for x, y in pairs)
    only_a = sum(x.correct and not y.correct for x, y in pairs)
    only_b = sum(y.correct and not x.correct for x, y in pairs)
    neither = len(pairs) - both - only_a - only_b
    result = mcnemar([[both, only_a], [only_b, neither]], exact=True)
    return McNemar(both, only_a, only_b, neither, float(result.statistic), float(result.pvalue))


def wilson_interval(count: int, total: int, level: float = DEFAULT_LEVEL) -> Interval:
    """A proportion with its Wilson score interval (statsmodels)."""
    from statsmodels.stats.proportion import proportion_confint

    if not 0.0 < level < 1.0:
        raise ValueError(f"confidence level {level} must be between 0 and 1 (e.g. 0.95)")
    if total == 0:
        return Interval(math.nan, math.nan, math.nan, level, "wilson")
    alpha = round(1.0 - level, 12)  # 0.05, not 0.050000000000000044
    low, high = proportion_confint(count, total, alpha=alpha, method="wilson")
    return Interval(count / total, float(low), float(high), level, "wilson")
