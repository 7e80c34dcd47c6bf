"""Majority vote over an item's trials (seed 002, section 5.1).

"A question counts as incorrect when the three trials yield three different answers or
when an output cannot be parsed into an option." A letter wins only with a strict
majority of all the item's trials; an unparseable or failed trial is a vote for no
letter, so it can block a majority but never make one.

>>> from types import SimpleNamespace as T
>>> majority_vote([T(parsed_answer="B"), T(parsed_answer="B"), T(parsed_answer=None)])
'B'
>>> majority_vote([T(parsed_answer="A"), T(parsed_answer="B"), T(parsed_answer="C")]) is None
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Protocol

from chemx.evaluation.records import Letter, TrialRecord


class Answered(Protocol):
    """Anything with a parsed answer (a `TrialRecord`)."""

    @property
    def parsed_answer(self) -> Letter | None:
        """The letter the trial chose, or None."""
        ...


def majority_vote(records: Iterable[Answered]) -> Letter | None:
    """The letter more than half of `records` chose, or None (no majority, or no records)."""
    answers = [record.parsed_answer for record in records]
    counts = Counter(answer for answer in answers if answer is not None)
    if not counts:
        return None
    letter, count = counts.most_common(1)[0]
    return letter if 2 * count > len(answers) else None


def item_votes(records: Iterable[TrialRecord]) -> dict[str, Letter | None]:
    """Item id -> its majority vote; a trial recorded twice counts once (its last record)."""
    latest: dict[str, dict[int, TrialRecord]] = {}
    for record in records:
        latest.setdefault(record.item_id, {})[record.trial] = record
    return {item_id: majority_vote(trials.values()) for item_id, trials in latest.items()}


def majority_correct(votes: Mapping[str, Letter | None], answers: Mapping[str, Letter]) -> int:
    """How many items' majority vote is their answer (no vote counts as wrong)."""
    return sum(
        1 for item_id, vote in votes.items() if vote is not None and vote == answers[item_id]
    )


__all__ = ["Answered", "item_votes", "majority_correct", "majority_vote"]
