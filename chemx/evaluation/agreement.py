"""Agreement between annotators: Gwet's AC1 (nominal labels) and AC2 (weighted).

Seed 002 reports Gwet's AC2 for its Likert scores ("ratings cluster near the top of the
scale, where weighted kappa and Krippendorff's alpha suffer from the prevalence
paradox") and the agreement of three experts on the error taxonomy. Error types are
nominal, so their coefficient is AC1 (identity weights); an ordered taxonomy may ask for
AC2 with quadratic weights.

This is the computation of irrCAC's ``CAC(ratings, weights, categories).gwet()``
(Gwet 2014, ch. 4; irrCAC 0.4.4, `irrCAC/raw.py`): subjects rated by fewer than two
raters count for chance agreement but not for observed agreement, and the standard
error is Gwet's linearised variance with the t interval on n - 1 degrees of freedom.
irrCAC itself cannot be a dependency: every release of it pins ``scipy==1.12.0``, which
has no build for this project's numpy 2. `tests/evaluation/test_taxonomy.py` checks
the numbers against values computed with irrCAC 0.4.4 on the same ratings.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np

Weights = Literal["identity", "quadratic", "linear"]


@dataclass(frozen=True)
class Agreement:
    """A chance-corrected agreement coefficient with its interval."""

    name: str
    """'AC1' (identity weights) or 'AC2' (other weights)."""
    coefficient: float
    standard_error: float
    low: float
    high: float
    level: float
    p_value: float
    observed: float
    """pa: the observed (weighted) agreement between pairs of raters."""
    chance: float
    """pe: Gwet's chance agreement."""
    subjects: int
    raters: int
    unanimous: float
    """Share of subjects rated at least twice on which every rater gave the same label."""


def weight_matrix(categories: Sequence[str], weights: Weights) -> np.ndarray:
    """Q x q agreement weights; categories are taken as ordered for non-identity weights."""
    q = len(categories)
    if weights == "identity" or q < 2:
        return np.eye(q)
    rank = np.arange(q, dtype=float)
    distance = np.abs(rank[:, None] - rank[None, :]) / (q - 1)
    if weights == "quadratic":
        return 1.0 - distance**2
    if weights == "linear":
        return 1.0 - distance
    raise ValueError(f"unknown weights {weights!r}; use identity, quadratic or linear")


def gwet_agreement(
    ratings: Sequence[Sequence[str | None]],
    categories: Sequence[str],
    *,
    weights: Weights = "identity",
    level: float = 0.95,
) -> Agreement:
    """Gwet's AC1/AC2 of a subjects x raters table of labels (None: not rated).

    Subjects nobody rated are dropped. Raises ValueError for a label outside
    `categories` or when no subject has two ratings.
    """
    from scipy import stats

    rows = [list(row) for row in ratings if any(r is not None for r in row)]
    q = len(categories)
    index = {c: i for i, c in enumerate(categories)}
    counts = np.zeros((len(rows), q))
    for s, row in enumerate(rows):
        for label in row:
            if label is None:
                continue
            if label not in index:
                raise ValueError(f"label {label!r} is not one of {list(categories)}")
            counts[s, index[label]] += 1
    n = len(rows)
    per_subject = counts.sum(axis=1)
    rated_twice = per_subject >= 2
    if not rated_twice.any():
        raise ValueError("agreement needs at least one subject rated by two raters")
    w = weight_matrix(categories, weights)
    weighted = counts @ w.T
    agreeing = (counts * (weighted - 1)).sum(axis=1)
    pairs = per_subject * (per_subject - 1)
    n2 = int(rated_twice.sum())
    pa = float((agreeing[rated_twice] / pairs[rated_twice]).sum() / n2)
    pi = (counts / per_subject[:, None]).sum(axis=0) / n
    w_sum = float(w.sum())
    pe = w_sum * float((pi * (1 - pi)).sum()) / (q * (q - 1)) if q >= 2 else 1 - 1e-15
    coefficient = (pa - pe) / (1 - pe)
    safe_pairs = np.where(pairs == 0, -1, pairs)  # irrCAC: a 0 denominator becomes -1
    pa_i = agreeing / safe_pairs
    ac_i = (n / n2) * (pa_i - pe * rated_twice) / (1 - pe)
    pe_i = (w_sum / (q * (q - 1))) * (counts @ (1 - pi)) / per_subject if q >= 2 else pa_i * 0
    ac_star = ac_i - 2 * (1 - coefficient) * (pe_i - pe) / (1 - pe)
    variance = float(((ac_star - coefficient) ** 2).sum()) / (n * (n - 1)) if n > 1 else 0.0
    se = math.sqrt(variance) or 1e-15
    low, high = stats.t.interval(level, df=max(n - 1, 1), loc=coefficient, scale=se)
    p_value = float(2 * (1 - stats.t.cdf(abs(coefficient / se), max(n - 1, 1))))
    unanimous = float(
        np.mean([np.count_nonzero(counts[s]) == 1 for s in range(n) if rated_twice[s]])
    )
    return Agreement(
        name="AC1" if math.isclose(w_sum, q) else "AC2",
        coefficient=float(coefficient),
        standard_error=se,
        low=float(low),
        high=min(1.0, float(high)),
        level=level,
        p_value=p_value,
        observed=pa,
        chance=float(pe),
        subjects=n,
        raters=max((len(row) for row in rows), default=0),
        unanimous=unanimous,
    )
