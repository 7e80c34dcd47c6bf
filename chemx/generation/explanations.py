"""The paper's own explanations, lent to the distractors of its other questions.

A paper explains several features of one compound series, each for its own effect: "the
cyclopropyl amide fills a small lipophilic pocket" (potency), "the N-methylpiperazine is
protonated in the hERG pore" (hERG binding). Each explanation is the answer of one
question; offered as a wrong answer of the paper's other questions, where the same
feature is drawn, it is

- in the paper's register, as the answer is (seed 002 asks for distractors "in the same
  style"; the curated table's textbook phrases stand out beside a paper's wording);
- true of the feature but not the cause of *this* effect, the kind of wrong answer that
  needs the chemistry to reject;
- seen in the release as often as the answer it was: an answer that is the only
  paper-worded, never-repeated option is what the ``rarest-feature`` and
  ``rarest-mechanism`` shortcuts find (`chemx.qc.shortcut_battery`).

Only sentences QC 2 credited as explanatory are read, and a mechanism is lent only where
it cannot be a second right answer: not when its own effect is the same as the
question's, not when it is hedged or names a compound label.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from chemx.generation.catalogue import (
    BY_KEY,
    group_for_feature,
    groups_inside_name,
    groups_named_in,
)
from chemx.generation.extract import Decomposition, decompose
from chemx.generation.features import LABEL_TOKEN, VisibleFeature, related
from chemx.generation.lexicon import HEDGING_TERMS, RECIPROCAL
from chemx.generation.nomenclature import names_group
from chemx.generation.properties import same_property
from chemx.generation.text import coverage
from chemx.records import ReasoningType

SAME_EFFECT_COVERAGE = 0.5
"""A lent mechanism whose own effect shares this share of the question's effect words
explains the same thing: it could be a second right answer, so it is not lent."""


@dataclass(frozen=True)
class PaperExplanation:
    """One explanatory sentence of the paper, decomposed."""

    sentence_id: str
    feature: str
    key: str | None
    """The feature's catalogue entry, when one names it."""
    mechanism: str
    effect: str
    condition: bool = False
    """Whether it explains why conditions were needed (a Condition reasoning type): lent
    only to Condition questions, and an effect explanation only to the others."""


def paper_explanations(
    sentences: Sequence[tuple[str, str]], credited: Iterable[str]
) -> tuple[PaperExplanation, ...]:
    """The credited explanatory sentences of a paper that decompose, in reading order.

    Args:
        sentences: the paper's (sentence id, text) in reading order.
        credited: ids of sentences QC 2 credited as explanatory in any accepted block.
    """
    wanted = set(credited)
    found = []
    for index, (sentence_id, text) in enumerate(sentences):
        if sentence_id not in wanted:
            continue
        previous = sentences[index - 1][1] if index > 0 else None
        read = decompose(text, previous)
        if not isinstance(read, Decomposition) or read.comparison is not None:
            continue
        if _names_a_change(read.feature) or UNDERGOES_CHANGE.match(read.mechanism):
            continue
        group = group_for_feature(read.feature)
        found.append(
            PaperExplanation(
                sentence_id,
                read.feature,
                group.key if group else None,
                read.mechanism,
                read.effect,
                read.reasoning_type is ReasoningType.CONDITION,
            )
        )
    return tuple(found)


_HEDGED = re.compile(r"\b(?:" + "|".join(re.escape(term) for term in HEDGING_TERMS) + r")\b", re.I)


CHANGE_HEAD = re.compile(
    r"^(?:the\s+)?\w+(?:ation|ition|ment|al|ing)\s+of\b|^(?:the\s+)?(?:replacement|"
    r"introduction|installation|removal|loss|addition|exchange|swap)\b",
    re.I,
)
"""'Methylation of the bridging nitrogen', 'replacement of the ester': a change, not a group."""


UNDERGOES_CHANGE = re.compile(
    r"^undergoes\s+(?:[A-Za-z-]+\s+)?[A-Za-z-]*(?:ylation|ination)$", re.I
)
"""'Direct borylation of the coumarin accelerated ...' (blind-51) read as "the coumarin
undergoes Direct borylation": a change the authors made to the group, not what it does."""


def _names_a_change(feature: str) -> bool:
    return bool(CHANGE_HEAD.search(feature.strip()))


_NO_ACTION = re.compile(
    r"^(?:did|does|do|had|has|have|was|were|is|are)\s+(?:not|no)\b|"
    r"\b(?:and|but|or|than|as|which|that|whereas|while)$",
    re.I,
)
"""A reading that states no action ('did not affect the yield') or stops on a joining
word ('... but'): the extractor cut a sentence that reports an outcome, not a cause."""


_CANCELS = re.compile(r"\bcancels?\b", re.I)
"""Parts that cancel: like a reciprocal, said of several parts of one feature together."""


def _lendable(mechanism: str) -> bool:
    """Not hedged (a hedged option is a give-away), an action, naming no compound label."""
    if _HEDGED.search(mechanism) or _NO_ACTION.search(mechanism.strip(" ,;")):
        return False
    if RECIPROCAL.search(mechanism) or _CANCELS.search(mechanism):
        return False  # "cancel while their longitudinal components add" (blind-61): said of
        # several parts of the paper's feature together, no other feature's
    return not any(LABEL_TOKEN.fullmatch(token.strip(",;:()")) for token in mechanism.split())


def _groups_drawn(mechanism: str, drawn: frozenset[str]) -> bool:
    """Whether each group the mechanism names is drawn (or a relative of one).

    A systematic name the catalogue cannot place ("the acridine plane" lent to a
    carbazole dye) may be of a part the drawing lacks, so it is not lent either.
    """
    present = [BY_KEY[key] for key in drawn if key in BY_KEY]
    named = [*groups_named_in(mechanism)]
    for word in re.findall(r"[A-Za-z][\w′'-]*", mechanism):
        if names_group(word):
            parts = groups_inside_name(word) or {g.key for g in groups_named_in(word)}
            if not parts:
                return False
            named.extend(BY_KEY[key] for key in parts)
    return all(
        any(group.key == have.key or related(group, have) for have in present) for group in named
    )


def lend_mechanisms(
    visible: Sequence[VisibleFeature],
    explanations: Sequence[PaperExplanation],
    *,
    basis_id: str | None,
    effect: str,
    condition: bool,
    drawn: frozenset[str] = frozenset(),
) -> tuple[VisibleFeature, ...]:
    """The visible features, each drawn one carrying the paper's mechanism for it, if any.

    Called by the offline generator once it knows the question's `effect` and kind
    (`condition`: whether it asks why conditions were needed). An explanation is lent
    to a feature read from the structure when

    - both name the same catalogue entry (a looser match lends "methylation of the
      bridging nitrogen removes the NH donor" to "the pyridine ring nitrogen");
    - it is not the basis sentence's own (that is the answer);
    - it is of the question's kind: an outcome's explanation does not say why conditions
      were needed, nor the reverse;
    - its own effect is not the question's, in words (`SAME_EFFECT_COVERAGE`) or in the
      property it reports (`chemx.generation.properties`: "non-emissive" and "dark"): it
      could be a second right answer;
    - it is not hedged and names no compound label;
    - every other group its mechanism names is drawn too (`drawn`: the structure's
      catalogue keys): "the diethylamino group donates and the nitro group withdraws
      electron density across the azo bridge" is not lent to a dye without a nitro group.

    An explanation of a change made to a group ("methylation of ...") is never among
    `explanations` (`paper_explanations`).
    """
    usable = [
        explanation
        for explanation in explanations
        if explanation.key is not None
        and explanation.sentence_id != basis_id
        and explanation.condition == condition
        and coverage(explanation.effect, effect) < SAME_EFFECT_COVERAGE
        and not same_property(explanation.effect, effect)
        and _lendable(explanation.mechanism)
    ]
    lent = []
    for feature in visible:
        explanation = next(
            (e for e in usable if e.key == feature.key and _groups_drawn(e.mechanism, drawn)),
            None,
        )
        if feature.in_structure and explanation is not None:
            feature = replace(
                feature,
                mechanism=explanation.mechanism,
                mechanism_sentence_id=explanation.sentence_id,
            )
        lent.append(feature)
    return tuple(lent)


__all__ = ["PaperExplanation", "lend_mechanisms", "paper_explanations"]
