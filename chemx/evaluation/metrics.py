"""Scores of one run: majority-vote accuracy by group, pass@k and mean reliability.

Seed 002 (section 5.1): "All models are evaluated in the zero-shot setting with
majority-vote accuracy over three independent trials [...] A question counts as
incorrect when the three trials yield three different answers or when an output cannot
be parsed into an option." The vote is the runner's (`chemx.evaluation.vote`): a letter
wins only with a strict majority of all the item's trials, so an unparseable output (or
a failed request) can block a majority but never make one.

Seed 003 (SUPERChem): pass@1 is the mean reliability over the k trials (the share of
correct trials, averaged over items); pass@k is the share of items answered correctly in
at least one of k attempts, estimated without bias from n >= k trials with the Codex
estimator 1 - C(n-c, k) / C(n, k) (c correct of n).

Every `Score` keeps the items and the trial lines behind it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from chemx.evaluation.records import EvalItem, Letter
from chemx.evaluation.results import LoadedRun
from chemx.evaluation.vote import majority_vote

UNKNOWN_YEAR = "unknown"
"""The year group of items whose paper has no publication date."""


class _Vote(NamedTuple):
    """A trial's answer as `chemx.evaluation.vote.majority_vote` reads it."""

    parsed_answer: Letter | None


@dataclass(frozen=True)
class ItemOutcome:
    """One item of a run: its trials' answers, the vote and where the trials are recorded."""

    item_id: str
    paper_id: str
    reasoning_type: str
    entry_type: str
    year: str
    answer: Letter
    answers: tuple[Letter | None, ...]
    """Parsed answer per trial, in trial order (None: unparseable or failed)."""
    lines: tuple[int, ...]
    """The ``trials.jsonl`` line of each trial, same order."""

    @property
    def voted(self) -> Letter | None:
        """The majority vote over the trials (the runner's rule, `chemx.evaluation.vote`)."""
        return majority_vote(_Vote(answer) for answer in self.answers)

    @property
    def correct(self) -> bool:
        """Whether the vote is the correct answer."""
        return self.voted == self.answer

    @property
    def trials(self) -> int:
        """n: the number of trials."""
        return len(self.answers)

    @property
    def correct_trials(self) -> int:
        """c: the number of correct trials."""
        return sum(answer == self.answer for answer in self.answers)


def outcomes(run: LoadedRun) -> list[ItemOutcome]:
    """One outcome per item that has at least one trial, sorted by item id."""
    result = []
    for item_id, lines in sorted(run.by_item.items()):
        item = run.items[item_id]
        result.append(
            ItemOutcome(
                item_id=item_id,
                paper_id=item.paper_id,
                reasoning_type=item.reasoning_type,
                entry_type=item.entry_type,
                year=publication_year(item),
                answer=item.answer,
                answers=tuple(t.record.parsed_answer for t in lines),
                lines=tuple(t.line for t in lines),
            )
        )
    return result


def publication_year(item: EvalItem) -> str:
    """'2024' from the paper's ISO date; `UNKNOWN_YEAR` when there is none."""
    year = item.published[:4]
    return year if len(year) == 4 and year.isdigit() else UNKNOWN_YEAR


@dataclass(frozen=True)
class Score:
    """A share of correct outcomes and the outcomes it counts."""

    correct: int
    total: int
    outcomes: tuple[ItemOutcome, ...]

    @property
    def value(self) -> float:
        """Correct / total (NaN when empty)."""
        return self.correct / self.total if self.total else math.nan


def accuracy(items: Iterable[ItemOutcome]) -> Score:
    """Majority-vote accuracy of `items`."""
    chosen = tuple(items)
    return Score(sum(o.correct for o in chosen), len(chosen), chosen)


GROUPINGS: dict[str, Callable[[ItemOutcome], str]] = {
    "reasoning_type": lambda o: o.reasoning_type,
    "entry_type": lambda o: o.entry_type,
    "year": lambda o: o.year,
}
"""The groupings a report breaks accuracy down by (seed 002, Tab. 3, plus the year)."""


def grouped(items: Iterable[ItemOutcome], key: Callable[[ItemOutcome], str]) -> dict[str, Score]:
    """Accuracy per value of `key`, sorted by value."""
    groups: dict[str, list[ItemOutcome]] = {}
    for outcome in items:
        groups.setdefault(key(outcome), []).append(outcome)
    return {name: accuracy(groups[name]) for name in sorted(groups)}


def pass_at_k(n: int, c: int, k: int) -> float:
    """Unbiased pass@k of one item with `c` correct of `n` trials: 1 - C(n-c,k)/C(n,k).

    >>> pass_at_k(3, 1, 2)  # 1 - C(2,2)/C(3,2) = 1 - 1/3
    0.6666666666666667
    """
    if not 0 <= c <= n:
        raise ValueError(f"pass@k: c={c} correct of n={n} trials is impossible")
    if not 1 <= k <= n:
        raise ValueError(f"pass@{k} needs 1 <= k <= n trials (n={n})")
    if n - c < k:
        return 1.0
    return 1.0 - math.comb(n - c, k) / math.comb(n, k)


def mean_pass_at_k(items: Sequence[ItemOutcome], k: int) -> float:
    """pass@k averaged over items (every item needs at least k trials)."""
    short = [o.item_id for o in items if o.trials < k]
    if short:
        raise ValueError(f"pass@{k}: {len(short)} items have fewer than {k} trials ({short[0]})")
    if not items:
        return math.nan
    return sum(pass_at_k(o.trials, o.correct_trials, k) for o in items) / len(items)


def mean_reliability(items: Sequence[ItemOutcome]) -> float:
    """The share of correct trials per item, averaged over items (SUPERChem's pass@1)."""
    if not items:
        return math.nan
    return sum(o.correct_trials / o.trials for o in items) / len(items)


def first_trial_accuracy(items: Sequence[ItemOutcome]) -> float:
    """The accuracy of each item's first recorded trial alone."""
    if not items:
        return math.nan
    return sum(o.answers[0] == o.answer for o in items) / len(items)
