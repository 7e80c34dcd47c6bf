"""Features the paper itself names for a compound: distractors in the paper's words.

Beside the groups read from the drawing (`chemx.generation.features`), a paper names
features of a compound in its prose: "nitroalkene 2, with its para-methoxy group, ...",
"the NHS ester of 1", the feature of another explanatory sentence about the same
compound. Such a feature is visible by the paper's own account. What a compound acts
on ("interact with a cationic lysine"), a spectrum's pattern or an institution's name
is not one of its features and is not read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from chemx.generation.catalogue import group_for_feature
from chemx.generation.extract import Decomposition, decompose, is_structural, not_drawn_part
from chemx.generation.feature_names import spelled_out
from chemx.generation.features import LABEL_TOKEN, VisibleFeature
from chemx.generation.lexicon import (
    BACK_REFERENCES,
    COMPOUND_HEADS,
    ROLE_WORDS,
    SPECTRAL_WORDS,
    VERB_FORMS,
)
from chemx.generation.owners import same_compound
from chemx.generation.text import (
    GENERIC_STRUCTURE_WORDS,
    STOP_WORDS,
    before_unopened_bracket,
    names_label,
)

MAX_TEXT_FEATURE_WORDS = 6
ATTACH_WINDOW = 40
"""Characters after a feature phrase within which its compound's label must appear."""

_NP = r"(?P<np>[A-Za-z0-9(][\w′'(),+–\-]*(?:\s+[\w′'(),+–\-]+){0,7})"
_STOP = re.compile(
    r"\s+(?:was|were|is|are|which|that|instead|than|and|but|while|so|gave|reached|showed|"
    r"responded|extracted|polymerised|partly|had|has|on|at|in|to|for|with|from|as|by|"
    r"relative|compared|shows?|shown|left|tolerates?|remained|remains|such|like|"
    r"trans|cis|syn|anti|gauche|adjacent|next|ortho|meta|para|opposite)\b(?![-–]).*$|[,;:.].*$",
    re.I,
)
TEXT_PATTERNS = (
    re.compile(
        rf"\b(?:with|bearing|carrying|featuring|containing|having)\s+(?:its|their|a|an|"
        rf"the|two|three|four|one)\s+{_NP}",
        re.I,
    ),
    re.compile(
        rf"\b(?:carries|bears|contains|features|possesses|has)\s+(?:its\s+\w+\s+as\s+)?"
        rf"(?:a|an|the|two|three|four|its)\s+{_NP}",
        re.I,
    ),
    re.compile(rf"\breplaces\s+.+?\s+with\s+(?:a|an|the)\s+{_NP}", re.I),
)
"""Descriptive phrasings that attach a feature to the compound named in the sentence."""


def _labels_pattern_hit(text: str, labels: Sequence[str]) -> bool:
    return any(names_label(text, label) for label in labels)


def _trim(phrase: str) -> str:
    phrase = _STOP.sub("", before_unopened_bracket(phrase.strip())).strip(" ,;:()")
    tokens = phrase.split()[:MAX_TEXT_FEATURE_WORDS]
    while tokens and tokens[0].lower() in ("the", "a", "an", "its", "their"):
        tokens = tokens[1:]
    return " ".join(tokens)


def text_features(
    sentences: Iterable[tuple[str | None, str]],
    labels: Sequence[str],
    *,
    skip: Iterable[str | None] = (),
) -> list[VisibleFeature]:
    """Features the paper names for the compound(s) `labels` in these sentences.

    Args:
        sentences: (sentence id, text) pairs, e.g. the evidence block.
        labels: the structure's identifier (and, for a reaction, its components').
        skip: sentence ids not to read (the basis sentence: its feature is the cause).
    """
    skipped = set(skip)
    found: list[VisibleFeature] = []
    for sentence_id, text in sentences:
        if sentence_id in skipped or sentence_id is None or not _labels_pattern_hit(text, labels):
            continue
        phrases: list[str] = []
        for pattern in TEXT_PATTERNS:
            phrases.extend(
                match["np"]
                for match in pattern.finditer(text)
                if not _with_another_owner(match, labels)
            )
        for label in labels:
            of_label = re.compile(
                rf"\b(?:[Tt]he|[Ii]ts)\s+(?P<np>(?:[\w′'–-]+\s+){{0,4}}[\w′'–-]+)\s+(?:of|in)\s+"
                rf"(?:\w+\s+)?{re.escape(label)}(?![\w-])"
            )
            phrases.extend(match["np"] for match in of_label.finditer(text))
        explained = decompose(text)
        if isinstance(explained, Decomposition) and _attached(explained.feature, text, labels):
            phrases.append(explained.feature)
        for phrase in phrases:
            name = _trim(phrase)
            if _acceptable(name):
                group = group_for_feature(name)
                key = group.key if group else None
                source = f"text:{sentence_id}"
                found.append(VisibleFeature(name, key, source, False, spelled_out(name, key)))
    return found


WITH_WINDOW = 30
"""Characters before 'with' within which the compound it describes must be named."""


LIKENED_TO = re.compile(
    r"\s+(?:such\s+as|like)\s+(?:that|those)\s+of\s+(?:compound\s+)?(?P<label>[\w′'-]+)", re.I
)
"""A phrase likened to another compound's ('such as that of 2'): it is that compound's."""


def _with_another_owner(match: re.Match[str], labels: Sequence[str]) -> bool:
    """Whether a 'with' phrase is not what the compound `labels` name carries.

    'With' attaches its phrase to the word just before it: "nitroalkene 2, with its
    para-methoxy group" describes 2. A verb there makes it what the compound acts on
    ("interact with a cationic lysine in loop D", blind-47: the lysine was offered as a
    group of imidacloprid); a label named nowhere close before it makes it another noun's
    ("... and a thioxanthone/amine pair with a new one-component thioxanthone", blind-48:
    offered as a group of the aminoketone 4).
    """
    if not match.group(0).lower().startswith("with"):
        return False
    # the phrase may stop before 'such' or run past it: look from its start, a little on
    likened = LIKENED_TO.search(match.string, match.start("np"), match.end("np") + 40)
    if likened and not any(same_compound(likened["label"], label) for label in labels):
        # "with a diboronic architecture such as that of 2" (blind-67): 2's, not ours
        return True
    before = match.string[: match.start()]
    last = before.split()[-1:]
    if last and last[0].lower().strip(",;:()") in VERB_FORMS:
        return True
    window = before[-WITH_WINDOW:]
    return not any(names_label(window, label) for label in labels)


def _attached(feature: str, text: str, labels: Sequence[str]) -> bool:
    """Whether a sentence's explained feature belongs to one of `labels`.

    "The difluoromethyl group of 12a ..., which the trifluoromethyl group of 12d cannot
    do" explains a feature of 12a, not of 12d: a target label must follow the feature
    closely.
    """
    start = text.find(feature)
    if start < 0:
        return False
    window = text[start + len(feature) : start + len(feature) + ATTACH_WINDOW]
    return any(names_label(window, label) for label in labels)


def _role_only(tokens: Sequence[str]) -> bool:
    """Whether the phrase is a generic head ("groups") with only role modifiers."""
    content = [t for t in tokens if t not in GENERIC_STRUCTURE_WORDS and t not in STOP_WORDS]
    return all(t in ROLE_WORDS for t in content)


_PROPER_NAME = re.compile(r"[A-Z][a-z]+(?:\s+(?:of\s+|for\s+|and\s+)?[A-Z][a-z]+)+")
"""Capitalised words only: a proper name (an institution, a database, a program), which a
paper's chemistry words are not ("the Cambridge Crystallographic Data Centre" names no
group, although 'centre' is a structural noun)."""


SOLID_FORMS = frozenset(
    {"salt", "salts", "solvate", "solvates", "hydrate", "hydrates", "polymorph", "polymorphs"}
    | {"cocrystal", "cocrystals", "crystal", "crystals", "form", "forms"}
)
"""Heads that name the solid a compound was isolated as, not a part of its structure."""


def _acceptable(name: str) -> bool:
    """A usable feature phrase: structural, no verb in it, no bare generic noun."""
    tokens = [t.lower().strip(",;:()") for t in name.split()]
    if not tokens or any(t in VERB_FORMS for t in tokens) or _role_only(tokens):
        return False
    if tokens[0] in BACK_REFERENCES or tokens[0] in ("appropriate", "suitable", "desired"):
        return False  # "the same acceptor", "the appropriate ... phosphorochloridate": a
        # group by reference, or a reagent chosen for a step
    if re.search(r"\w+ing\s+(?:the|a|an|its)\s", name.lower()):
        return False  # "pyridine N-oxide keeping the compound fully": a clause, not a name
    if any(t in SPECTRAL_WORDS for t in tokens):
        return False  # "the AA′BB′ patterns of both rings": a spectrum, not the drawing
    if any(LABEL_TOKEN.fullmatch(t) for t in tokens):
        return False
    if _PROPER_NAME.fullmatch(name.split("(")[0].strip()):
        return False  # "Cambridge Crystallographic Data Centre": an institution's name
    if len(tokens) == 1 and group_for_feature(name) is None:
        return False
    if tokens[-1] in COMPOUND_HEADS:
        return False  # "the 2′-chloro analogue": a compound, not one of its features
    if tokens[-1] in SOLID_FORMS:
        return False  # "the mesylate salt of 3c" (blind-59): a form the drawing does not show
    return is_structural(name) and not not_drawn_part(name)
