"""Answer extraction: which letter a model's free text chose, by a chain of named rules.

The chain is data (`EXTRACTION_CHAIN`), tried in order; the first rule that finds a letter
decides, and its name goes into `TrialRecord.extraction`, so every parsed answer says how
it was read. Strict rules come first (the "FINAL ANSWER: X" line the prompts ask for),
then the forms models use instead, then looser patterns that must agree on one letter.
Text that no rule reads is unparseable and counts as wrong (seed 002, section 5.1).

>>> extract_answer("The CF2H group donates ... FINAL ANSWER: (B)")
Extraction(letter='B', rule='final_answer')
>>> extract_answer("I cannot tell.")
Extraction(letter=None, rule=None)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple, cast

from chemx.evaluation.records import Letter

_OPEN = r"[\s*_`\"'(\[{]*"
"""What may stand between a cue and its letter: spaces, markdown emphasis, brackets."""
_CLOSE = r"(?![A-Za-z0-9])"
"""The letter must end there: "A" of "Answer" or "As" is no answer."""
_LETTER = r"([A-D])"
"""Options are capital letters; "the answer is a mixture" names no option."""


@dataclass(frozen=True)
class ExtractionRule:
    """One way of reading the chosen letter from a model's text."""

    name: str
    """Recorded in `TrialRecord.extraction` when this rule decides."""
    pattern: re.Pattern[str]
    """Its first group is the letter."""
    pick: Literal["last", "agree"]
    """'last': the last match decides (a model restating its answer means the final one);
    'agree': every match must name the same letter, else the rule finds nothing."""


def _rule(name: str, pattern: str, pick: Literal["last", "agree"] = "last") -> ExtractionRule:
    return ExtractionRule(name, re.compile(pattern, re.MULTILINE), pick)


EXTRACTION_CHAIN: tuple[ExtractionRule, ...] = (
    _rule("final_answer", rf"(?i:final\s+answer)\s*(?:is)?\s*[:：\-]?{_OPEN}{_LETTER}{_CLOSE}"),
    _rule("boxed", rf"\\boxed\{{\s*(?:\\text\{{)?\s*{_LETTER}{_CLOSE}"),
    _rule("answer_colon", rf"(?i:\banswer)\s*[:：]{_OPEN}(?i:option\s+)?{_LETTER}{_CLOSE}"),
    _rule(
        "the_answer_is",
        rf"(?i:\b(?:correct|best|right)?\s*(?:answer|option|choice)\s+(?:is|would\s+be|:))"
        rf"{_OPEN}(?i:option\s+|choice\s+)?{_LETTER}{_CLOSE}",
    ),
    _rule("lone_letter", rf"^{_OPEN}{_LETTER}[\s*_`\"')\]}}.:]*$"),
    _rule("leading_letter", rf"\A{_OPEN}{_LETTER}[).:](?:\s|$)"),
    _rule(
        "option_named",
        rf"(?i:\b(?:option|choice)\s+){_OPEN}{_LETTER}{_CLOSE}",
        pick="agree",
    ),
)
"""Tried in order; see the module docstring."""

THINK_BLOCK = re.compile(r"<think>.*?</think>", re.DOTALL | re.IGNORECASE)
"""Reasoning models' hidden deliberation: its letters are options weighed, not answers."""


class Extraction(NamedTuple):
    """The letter found and the rule that found it (both None: unparseable)."""

    letter: Letter | None
    rule: str | None


def extract_answer(
    text: str | None, chain: Sequence[ExtractionRule] = EXTRACTION_CHAIN
) -> Extraction:
    """The letter `text` chose, by the first rule of `chain` that finds one."""
    if not text or not text.strip():
        return Extraction(None, None)
    visible = THINK_BLOCK.sub(" ", text)
    if not visible.strip():
        visible = text
    for rule in chain:
        letters = [match.group(1) for match in rule.pattern.finditer(visible)]
        if not letters:
            continue
        if rule.pick == "agree" and len(set(letters)) > 1:
            continue
        return Extraction(cast("Letter", letters[-1]), rule.name)
    return Extraction(None, None)


__all__ = ["EXTRACTION_CHAIN", "Extraction", "ExtractionRule", "extract_answer"]
