"""A grammar check of the correct option's own clause: "The <feature> <mechanism>".

The correct option is the one text of an item that the generator cuts from the paper's
sentence, so it is where a misread sentence shows: the cut can fall inside the feature's
noun phrase ("The aminoethylamino group allowing uptake through outer-membrane | channels
that favour cationic solutes"), before it ("The to a fold excess of ethylenediamine
undergoes Slow addition"), or join two halves that the sentence did not coordinate
("provides lower acidity of the urea NH donors and to self-association"). The stem check
(`chemx.qc.stem_grammar`) reads the statement a reader is asked about; this one reads the
answer a reader is asked to choose. Each problem has a stable code:

=========================  ===========================================================
``feature_not_noun``       the feature does not start with a noun phrase: its first
                           word is a preposition, conjunction, pronoun, relative or
                           verb ("to a fold excess of ethylenediamine")
``no_agreement``           the mechanism's verb does not agree with the feature ("The
                           steric clash between the nitrile and Phe80 sit", "The NH
                           protons next to the ring is"): the cut took the verb of
                           another clause
``mechanism_not_verb``     the mechanism does not start with a verb phrase (adverbs,
                           auxiliaries and negations aside): the cut fell inside the
                           subject ("... outer-membrane | channels that favour ...")
``capitalised_word``       a capitalised common word inside the clause ("undergoes Slow
                           addition"): a sentence start was read into the middle
``feature_holds_clause``   the feature holds a clause: a comma ("Compound , carrying
                           an N1 difluorophenyl ring"), a verb with its object ("the
                           unsubstituted H-tetrazine offers less steric hindrance to
                           the dienophile") or a participle that says what
                           the group does, not what it is ("group allowing uptake";
                           "the ring bearing a fluorine" and "leaving group" are names)
``unbalanced_to``          "and to <noun>" with no 'to' before it: the second half of a
                           coordination whose first half the cut left out
``bare_feature``           the feature is a bare structural noun ("The ring stacks less
                           favourably"): it does not say which part of the drawing
``dangling_word``          the mechanism ends on a word that needs more after it ("lacks
                           the NH donor, yet"): the cut fell inside a coordination
``unbalanced_bracket``     an opening bracket with no closing one ("trifluorobenzyl
                           amide (log D7.4 2.4"): the cut fell inside a parenthesis
=========================  ===========================================================

Distractors are written from the catalogue in one form and are not checked here; a
problem in the answer is the generator's misreading, and QC 3 refuses the question
(`answer_not_grammatical`, `chemx.qc.anti_shortcut`) rather than publish it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from chemx.english import noun_too
from chemx.generation.clauses import Tag, Token, normalise, tokenise
from chemx.generation.feature_names import is_plural
from chemx.generation.lexicon import (
    STRUCTURAL_NOUNS,
    past_or_third_person,
    plural_verb,
    singular_verb,
)
from chemx.generation.text import wordlist

NOT_NOUN_STARTS = frozenset(
    {Tag.PREP, Tag.TO, Tag.CONJ, Tag.SUB, Tag.REL, Tag.THAT, Tag.PRON, Tag.AUX, Tag.NEG}
)
"""First words that cannot open a feature's noun phrase."""
VERB_STARTS = frozenset({Tag.VERB, Tag.AUX, Tag.NEG, Tag.VBN})
"""First words of a predicate (after adverbs): a verb, an auxiliary, 'not', a past form."""
LEXICAL_CLASSES = ("ADJ", "ADV", "VERB")
"""Word classes of the English lexicon that a capitalised word mid-clause cannot be: a
name ('Heck', 'Arabidopsis', 'Tyr907') is a noun or unknown to the lexicon."""
STRUCTURAL_PARTICIPLES = wordlist(
    """
    bearing carrying containing lacking flanking linking joining connecting bridging
    spanning fusing fused attaching holding having leaving remaining neighbouring
    neighboring adjoining surrounding protecting
    """
)
"""Participles that describe what a group is or carries ("the ring bearing a fluorine",
"the leaving group"); any other participle in a feature says what the group does."""
BARE_HEADS = wordlist("ring rings group groups substituent substituents moiety moieties unit units")
"""Structural nouns that pick no part of a drawing without a modifier: a drug-like molecule
draws several rings and groups. A molecule's one chain, core, linker or backbone is named
by the bare noun ("The chain prevents crystallisation", blind-43, read as valid)."""
DANGLING_TAGS = frozenset(
    {Tag.DET, Tag.PREP, Tag.CONJ, Tag.TO, Tag.THAT, Tag.REL, Tag.SUB, Tag.AUX}
)
DANGLING_WORDS = wordlist("yet so thus hence therefore whereas while although")
"""Words that join what follows them: a clause cannot end on one."""
UNBALANCED_TO = re.compile(r"\band to (?!be\b)(?P<next>[\w-]+)", re.IGNORECASE)


@dataclass(frozen=True)
class AnswerProblem:
    """One way the correct option's clause is not well-formed English."""

    code: str
    detail: str


def answer_problems(feature: str, mechanism: str) -> tuple[AnswerProblem, ...]:
    """Every problem of the clause "The <feature> <mechanism>" (empty: it passes)."""
    feature_tokens = [t for t in tokenise(normalise(feature)) if t.tag is not Tag.PUNCT]
    problems = _feature_problems(feature, feature_tokens)
    problems += _mechanism_problems(feature_tokens, mechanism)
    for text in (feature, mechanism):
        if text.count("(") > text.count(")") or text.count("[") > text.count("]"):
            problems.append(AnswerProblem("unbalanced_bracket", f"{text[:40]!r}: no ')'"))
    for word in _capitalised_common_words(f"{feature} {mechanism}"):
        problems.append(AnswerProblem("capitalised_word", f"{word!r} inside the clause"))
    return tuple(problems)


def _feature_problems(feature: str, tokens: list[Token]) -> list[AnswerProblem]:
    """The feature is not one noun phrase that picks a part of the drawing."""
    problems = []
    if tokens and tokens[0].tag in NOT_NOUN_STARTS:
        problems.append(AnswerProblem("feature_not_noun", f"{feature!r} opens on a function word"))
    if len(tokens) == 1 and tokens[0].lower in BARE_HEADS:
        problems.append(AnswerProblem("bare_feature", f"which {feature}?"))
    clause = _clause_in_feature(feature, tokens)
    if clause:
        problems.append(AnswerProblem("feature_holds_clause", clause))
    return problems


def _mechanism_problems(feature_tokens: list[Token], mechanism: str) -> list[AnswerProblem]:
    """The mechanism is not a predicate of the feature from its first word to its last."""
    problems = []
    tokens = tokenise(normalise(f"It {mechanism}"))[1:]
    first = next((t for t in tokens if t.tag is not Tag.ADV), None)
    if first is not None and first.tag not in VERB_STARTS and not _any_verb(first.lower):
        problems.append(
            AnswerProblem("mechanism_not_verb", f"{mechanism[:40]!r} opens on {first.text!r}")
        )
    disagreeing = _disagreement(feature_tokens, first) if first is not None else ""
    if disagreeing:
        problems.append(AnswerProblem("no_agreement", disagreeing))
    last = next((t for t in reversed(tokens) if t.tag is not Tag.PUNCT), None)
    if last is not None and (last.tag in DANGLING_TAGS or last.lower in DANGLING_WORDS):
        problems.append(AnswerProblem("dangling_word", f"the mechanism ends on {last.text!r}"))
    unbalanced = UNBALANCED_TO.search(mechanism)
    if (
        unbalanced
        and not re.search(r"\bto\b", mechanism[: unbalanced.start()], re.IGNORECASE)
        and not _verb_form(unbalanced["next"].lower())
    ):
        problems.append(
            AnswerProblem("unbalanced_to", f"{unbalanced.group(0)!r} with no 'to' before it")
        )
    return problems


def _clause_in_feature(feature: str, tokens: list[Token]) -> str:
    """What makes the feature a clause rather than a noun phrase ('' when nothing does)."""
    if re.search(r"\s,|,\s", feature):
        return f"{feature!r} holds a comma"
    for index, token in enumerate(tokens[1:-1], start=1):
        if _finite_with_object(tokens, index):
            return f"{token.text!r} is the feature's own verb"
    for index, token in enumerate(tokens[1:], start=1):
        if token.tag is not Tag.VBG or token.lower in STRUCTURAL_PARTICIPLES:
            continue
        following = tokens[index + 1] if index + 1 < len(tokens) else None
        if following is not None and following.lower not in STRUCTURAL_NOUNS:
            return f"{token.text!r} says what the feature does"
    return ""


OBJECT_STARTS = wordlist("less more no a an the its their")


def _finite_with_object(tokens: list[Token], index: int) -> bool:
    """A verb form after a noun with its object after it: "H-tetrazine offers less ..."."""
    token, previous, following = tokens[index], tokens[index - 1], tokens[index + 1]
    return (
        token.tag in (Tag.VERB, Tag.WORD)
        and previous.tag in (Tag.WORD, Tag.LABEL)
        and (following.lower in OBJECT_STARTS or following.tag is Tag.DET)
        and past_or_third_person(token.lower)
    )


SINGULAR_AUXILIARIES = wordlist("is was has does")
PLURAL_AUXILIARIES = wordlist("are were have do")


def _disagreement(feature_tokens: list[Token], verb: Token) -> str:
    """How the mechanism's first verb fails to agree with the feature ('' when it agrees)."""
    cut = next(
        (i for i, t in enumerate(feature_tokens) if i and t.tag in (Tag.REL, Tag.THAT)),
        len(feature_tokens),
    )
    # the head also ends at a preposition ("steric clash between ..."): `is_plural` cuts it
    feature = " ".join(t.text for t in feature_tokens[:cut])
    plural = is_plural(feature)
    word = verb.lower
    if verb.tag is Tag.AUX:
        wrong = SINGULAR_AUXILIARIES if plural else PLURAL_AUXILIARIES
        return f"{feature!r} ... {verb.text!r}" if word in wrong else ""
    if verb.tag is not Tag.VERB:
        return ""
    # 'bound' is bind's past tense, not a base form that needs a plural subject
    if not plural and not past_or_third_person(word) and singular_verb(word) is not None:
        return f"a singular {feature!r} with the base form {verb.text!r}"
    if plural and plural_verb(word) is not None:
        return f"a plural {feature!r} with the -s form {verb.text!r}"
    return ""


def _any_verb(word: str) -> bool:
    """Whether the English lexicon knows `word` as a verb at all ('crowd', 'channels')."""
    from lemminflect import getAllLemmas

    return "VERB" in getAllLemmas(word)


def _verb_form(word: str) -> bool:
    """Whether the English lexicon reads `word` as a verb and never as a noun."""
    return _any_verb(word) and not noun_too(word)


def _capitalised_common_words(text: str) -> list[str]:
    """Capitalised words after the first that the lexicon knows only as common words."""
    from lemminflect import getAllLemmas

    found = []
    for match in re.finditer(r"(?<=\s)([A-Z][a-z]+)\b(?![-–])", text):
        word = match.group(1)
        lemmas = getAllLemmas(word.lower())
        common = any(kind in lemmas for kind in LEXICAL_CLASSES)
        if common and "NOUN" not in lemmas:
            found.append(word)
    return found
