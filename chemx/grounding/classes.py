"""The three QC 2 sentence classes and the three reasoning types, as plain strings.

The names come from the records (`chemx.records.ExplanatoryLabel`, `ReasoningType`), so
a label means the same thing in the store, the classifier and its training data. The
tuple order is the classifier's column order.
"""

from __future__ import annotations

from chemx.records import ExplanatoryLabel, ReasoningType

EXPLANATORY = ExplanatoryLabel.EXPLANATORY.value
PARTIAL = ExplanatoryLabel.PARTIAL.value
NON_EXPLANATORY = ExplanatoryLabel.NON_EXPLANATORY.value
LABELS: tuple[str, ...] = (EXPLANATORY, PARTIAL, NON_EXPLANATORY)
"""Class order used everywhere: probabilities, weight columns, confusion matrices; never
reorder (the shipped weights and manifest depend on it)."""

REASONING_TYPES: tuple[str, ...] = tuple(reasoning.value for reasoning in ReasoningType)
"""Why an explanatory sentence explains: an observed effect, a design choice, a condition."""
