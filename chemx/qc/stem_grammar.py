"""A grammar check of the question stem's statement, read with the clause grammar.

The stem is the paper's observed effect, rewritten so that it names "the compound shown"
instead of a label, followed by the question ("Which structural feature ... explains this
effect?"). The rewriting can break the statement in ways a reader sees at once and a
string rule does not (issue 13: five of nine invalid blind items on a fifth corpus). The
check reads the statement with the decomposition's clause grammar
(`chemx.generation.clauses`: its word classes and `predicate_start`, the root-verb and
agreement reading) and names each problem with a stable code:

======================  ==============================================================
``no_predicate``        the statement has no finite verb that agrees with a subject
                        ("Hydrogenation of the compound shown over Pd/C below 10%"),
                        or only a relative clause's ("The compound shown, which lacks
                        a PET-active amine.")
``second_predicate``    a copular frame's complement holds its own finite verb with no
                        word that opens a clause ("The observed outcome is hydrogenation
                        of the compound shown over Pd/C stalled below 10% conversion")
``dangling_word``       the statement ends on a determiner, pronoun, preposition,
                        conjunction or subordinator ("... 40-fold; this.", "... as.")
``unresolved_pointer``  the statement points back at a sentence the stem does not have
                        ("The same change lowered ...", "The observed outcome is this
                        loss of activity", "... behaved in the same way", "Its
                        oxidation was slower", "It remained active")
``shown_twice``         "the compound shown" twice: two compounds of the sentence became
                        one ("The compound shown reacted ... to give the compound shown")
``juxtaposed_nouns``    the rewritten compound follows a noun or label with nothing to
                        join them ("relative to 1,4-benzoquinone the compound shown")
``repeated_word``       one word twice in a row ("The compound shown shown, with ...")
``no_reference``        a comparative with nothing it compares to and no measure
                        ("The compound shown reacts faster.", "... lower yields.")
``noun_after_subject``  the stem's own subject ("The compound shown", "One structural
                        change") runs into a noun or number instead of a verb: the
                        rewrite cut the sentence's subject in two ("The compound shown
                        only 35% conversion was reached", "One structural change
                        group (6b) cost 12-fold", "One structural change as its tosyl
                        group was necessary")
``mixed_coordination``  a finite verb coordinated with an -ing form ("raises the LUMO
                        to -3.79 eV and blue-shifting the onset")
``shown_among_labels``  "the compound shown" in a list of labels ("across the compound
                        shown, 1b and 1d"): the statement is about a set of compounds,
                        of which the item shows one
``empty_effect``        nothing is observed: the statement holds only the stem's own
                        words ("One structural change gave the compound shown.")
``frame_adjective``     the copular frame's complement is an adjective phrase ("The
                        observed outcome is similar in size to CF2H"): a description
                        of a group, not an outcome
``frame_preposition``   the frame's complement opens on a preposition ("The observed
                        outcome is in the compound shown"): a place, not an outcome
``no_subject``          the statement opens on a comparative with no subject ("More
                        sensitive to the small difference ..., so that the ratio rose")
======================  ==============================================================

`scripts/bench_generation.py` reports the share of stems that pass, and
`chemx.qc.anti_shortcut` refuses a question whose stem does not (`stem_not_grammatical`).
It is the project's own grammar: no parser model with clear provenance installs offline
(Link Grammar, a maintained parser in Debian, was tried on the stems of indep5: it passed
"... stalled below 10% conversion" and failed "One structural feature cut the fade rate."
for its unknown noun compound, so it did not separate good stems from bad ones).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from chemx.generation.clauses import Tag, Token, normalise, predicate_start, tokenise
from chemx.generation.lexicon import own_past_tense, past_or_third_person
from chemx.generation.text import words
from chemx.qc.stem_rewrite_checks import (
    OWN_WORDS,
    SHOWN_AMONG_LABELS,
    frame_adjective,
    mixed_coordination,
    noun_after_subject,
)

SHOWN = "the compound shown"
REWRITTEN = re.compile(r"\b(?:the compound shown|the starting material)\b", re.IGNORECASE)
"""The phrases the stem writer puts where the paper had a compound's label."""
ONE_MOLECULE = re.compile(r"\bof the molecule shown\b", re.IGNORECASE)
"""The question of an item that shows one molecule (a reaction shows several)."""
NAMED_SHOWN = re.compile(r"\bthe\s+(?:[\w-]+\s+){1,3}?shown\b", re.IGNORECASE)
"""'the compound shown', 'the inactive control shown': a compound the stem says is drawn."""
QUESTION = re.compile(r"\s+(?=Which\b)")
COPULAR_FRAME = re.compile(r"^The observed (?:outcome|effect) is\s+", re.IGNORECASE)
"""The frame that turns a noun-phrase effect into a statement (`chemx.generation`)."""
POINTERS = frozenset({"this", "these", "those", "that", "such"})
NEAR_POINTERS = frozenset({"this", "these", "those"})
"""Pointer words that point back wherever they stand ('that' and 'such' also join clauses
or compare, so they count only at the head of the subject)."""
SAME_AS_WINDOW = 4
"""How far after "the same" an "as" makes it a comparison the stem itself completes."""
SHOWN_NOUNS = frozenset({"compound", "molecule", "structure"})
"""What "this" can point at in a stem without a sentence before it: the drawing itself."""
OPENERS = frozenset({Tag.REL, Tag.THAT, Tag.SUB, Tag.CONJ, Tag.TO, Tag.VBG, Tag.PUNCT})
"""Tokens after which a second finite verb starts its own clause."""
DANGLING = frozenset({Tag.DET, Tag.PRON, Tag.PREP, Tag.CONJ, Tag.TO, Tag.THAT, Tag.REL, Tag.SUB})


REPEATED_WORD = re.compile(r"\b([^\W\d_]{2,})\s+\1\b", re.IGNORECASE)
"""A word of letters written twice in a row: a rewrite joined two copies."""


@dataclass(frozen=True)
class StemProblem:
    """One way the stem's statement is not a well-formed English sentence."""

    code: str
    detail: str


def statement(stem_text: str) -> str:
    """The stem's statement: the text before its question ("Which ...")."""
    return QUESTION.split(stem_text.strip(), maxsplit=1)[0].strip()


def stem_problems(stem_text: str) -> tuple[StemProblem, ...]:
    """Every problem the clause grammar finds in the stem's statement (empty: it passes)."""
    text = statement(stem_text)
    problems: list[StemProblem] = []
    shown = len(re.findall(re.escape(SHOWN), text, re.IGNORECASE))
    if shown > 1:
        problems.append(StemProblem("shown_twice", f"{shown} times 'the compound shown'"))
    elif ONE_MOLECULE.search(stem_text) and len(NAMED_SHOWN.findall(text)) > 1:
        # "The compound shown gave the inactive control shown": one drawing, two compounds
        problems.append(StemProblem("shown_twice", "two compounds 'shown' beside one molecule"))
    for match in REWRITTEN.finditer(text):
        before = text[: match.start()].rstrip()
        word = before.rsplit(None, 1)[-1] if before else ""
        if word and word[-1].isalnum() and _noun_like(word):
            problems.append(StemProblem("juxtaposed_nouns", f"{word!r} {match.group(0)!r}"))
    for match in REPEATED_WORD.finditer(text):
        problems.append(StemProblem("repeated_word", f"{match.group(0)!r}"))
    compared = _comparative(text)
    if compared is not None and not COMPARED_WITH.search(text):
        problems.append(StemProblem("no_reference", f"{compared!r} than what?"))
    among = SHOWN_AMONG_LABELS.search(text)
    if among:
        problems.append(StemProblem("shown_among_labels", f"{among.group(0)!r}"))
    if not set(words(text)) - OWN_WORDS:
        problems.append(StemProblem("empty_effect", f"{text!r} observes nothing"))
    sentences = [s for s in re.split(r"(?<=[.;!?])\s+(?=[A-Z])", text) if s]
    last = sentences[-1] if sentences else text
    problems += _clause_problems(last, first=len(sentences) == 1)
    return tuple(problems)


COMPARED_WITH = re.compile(
    r"\b(?:than|relative|compared|comparison|versus|vs|over|against|from|twice|half)\b"
    r"|\d|fold\b",
    re.IGNORECASE,
)
"""What completes a comparison: its reference ('than 1', 'relative to 5a', 'from 12 to 58
min') or a measure ('8-fold', '(71%)')."""


def _comparative(text: str) -> str | None:
    """The first comparative in `text` ('faster', 'more robust'), by the lexicon, or None."""
    from lemminflect import getAllLemmas

    words = re.findall(r"[A-Za-z][A-Za-z-]*", text)
    for index, word in enumerate(words):
        lower = word.lower()
        if lower in DEGREE_WORDS and index + 1 < len(words):
            return f"{lower} {words[index + 1]}"
        if lower.endswith("er") and len(lower) > 4:
            lemmas = getAllLemmas(lower)
            if any(lemmas.get(pos, (lower,))[0] != lower for pos in ("ADJ", "ADV")):
                return lower
    return None


def _clause_problems(sentence: str, *, first: bool) -> list[StemProblem]:
    framed = COPULAR_FRAME.match(sentence)
    # the rewritten compound is a plain noun phrase to the grammar ('shown' is no verb)
    tokens = tokenise(normalise(re.sub(re.escape(SHOWN), "the compound", sentence, flags=re.I)))
    words = [t for t in tokens if t.tag is not Tag.PUNCT]
    problems: list[StemProblem] = []
    if words and words[-1].tag in DANGLING:
        problems.append(StemProblem("dangling_word", f"ends on {words[-1].text!r}"))
    if first and _points_back(tokens, framed is not None):
        problems.append(StemProblem("unresolved_pointer", f"{sentence[:40]!r}..."))
    own = noun_after_subject(sentence) if first else None
    if own is not None:
        problems.append(StemProblem("noun_after_subject", own))
    adjective = frame_adjective(tokens) if framed is not None else None
    if adjective is not None:
        problems.append(StemProblem("frame_adjective", f"'is {adjective.text} ...'"))
    complement = _frame_complement(tokens) if framed is not None else []
    if complement and complement[0].tag is Tag.PREP:
        problems.append(StemProblem("frame_preposition", f"'is {complement[0].text} ...'"))
    if (
        first
        and len(words) > 1
        and words[0].lower in COMPARATIVE_OPENERS
        and words[1].tag not in (Tag.PREP, Tag.DET)  # "More of the compound shown was ..."
    ):
        problems.append(StemProblem("no_subject", f"opens on {words[0].text!r}"))
    start = predicate_start(tokens)
    if start is None:
        start = _own_past_predicate(tokens)
    mixed = mixed_coordination(tokens, start) if start is not None else None
    if mixed is not None:
        problems.append(StemProblem("mixed_coordination", f"a finite verb 'and {mixed.text}'"))
    if first and start is not None and _object_pronoun(tokens, start):
        problems.append(StemProblem("unresolved_pointer", f"{sentence[:40]!r}...: 'it' is what?"))
    if start is None:
        problems.append(StemProblem("no_predicate", "no finite verb agrees with a subject"))
    elif _relative_only(tokens, start):
        problems.append(StemProblem("no_predicate", "the only verb is a relative clause's"))
    elif framed is not None and _verb_after_frame(tokens):
        problems.append(StemProblem("verb_after_frame", "'is' followed by a verb and its object"))
    elif framed is not None:
        second = _second_predicate(tokens, start) or _verb_after_gerund(complement)
        if second is not None:
            problems.append(StemProblem("second_predicate", f"{second.text!r} after the frame"))
    return problems


DEGREE_WORDS = frozenset({"more", "less", "fewer"})
"""Words that make the next word a comparative ('more robust', 'fewer contacts')."""
COMPARATIVE_OPENERS = (DEGREE_WORDS - {"fewer"}) | {"most", "least"}
"""Words that open an adjective phrase, never a stem's subject ("More sensitive to ...");
'Fewer side products formed' opens a subject."""


def _frame_complement(tokens: list[Token]) -> list[Token]:
    """The tokens after the copular frame's 'is' ("The observed outcome is ...")."""
    index = next((i for i, t in enumerate(tokens) if t.lower == "is"), None)
    return [] if index is None else tokens[index + 1 :]


def _verb_after_gerund(complement: list[Token]) -> Token | None:
    """A finite verb after a framed gerund phrase: the gerund was a clause's subject.

    "The observed outcome is removing one of the two trifluoromethyl groups from this ring
    (to give the compound shown) cost almost 30-fold in buffer potency" (blind-66): the
    gerund phrase is the subject of 'cost', so the complement is a clause, not an outcome.
    """
    if not complement or complement[0].tag is not Tag.VBG:
        return None
    depth = 0
    for index in range(1, len(complement)):
        token, previous = complement[index], complement[index - 1]
        if token.text in "([":
            depth += 1
        elif token.text in ")]":
            depth = max(0, depth - 1)
        elif depth:
            continue
        elif token.tag in (Tag.REL, Tag.THAT, Tag.SUB, Tag.CONJ):
            return None  # a clause of its own opens: its verb is no second predicate
        elif (previous.tag in (Tag.WORD, Tag.LABEL) or previous.text == ")") and (
            own_past_tense(token.lower)
            or (token.tag is Tag.VERB and past_or_third_person(token.lower))
        ):
            return token
    return None


OBJECT_PRONOUNS = frozenset({"it", "them"})


def _object_pronoun(tokens: list[Token], start: int) -> bool:
    """Whether the predicate's verb takes 'it' or 'them' as its object.

    "The magnesium alkoxide of the compound shown displaces it selectively": a verb's
    object cannot be its own subject (that would be 'itself'), so the pronoun names
    something of a sentence the stem does not have.
    """
    index = start + 1
    while index < len(tokens) and tokens[index].tag is Tag.ADV:
        index += 1
    if index >= len(tokens) or tokens[index].lower not in OBJECT_PRONOUNS:
        return False
    # "made it possible to lower the loading": 'it' stands for the clause that follows
    return not any(t.lower in ("to", "that") for t in tokens[index + 2 : index + 4])


def _relative_only(tokens: list[Token], start: int) -> bool:
    """Whether the verb at `start` is a relative clause's and the statement has no other.

    "The compound shown, which lacks a PET-active amine.": the subject with its relative
    clause, and no predicate of its own; "..., which lacks X, showed no change" has one
    after the clause closes (a comma, then a verb).
    """
    for index in range(start - 1, 0, -1):
        if tokens[index].tag in (Tag.VERB, Tag.AUX):
            return False
        if tokens[index].tag is Tag.REL or (
            tokens[index].tag is Tag.THAT and tokens[index - 1].text == ","
        ):
            break
    else:
        return False
    closed = False
    for token in tokens[start + 1 :]:
        if token.text == ",":
            closed = True
        elif closed and token.tag in (Tag.VERB, Tag.AUX):
            return False
    return True


def _own_past_predicate(tokens: list[Token]) -> int | None:
    """A verb that is its own past tense right after the subject's noun head ('cut').

    `predicate_start` reads such a word after a singular noun as a base form that does not
    agree ("the para position"); in a stem, which reports what was observed, it is the
    past tense: "One structural feature cut hepatocyte clearance seven-fold".
    """
    for index in range(1, len(tokens)):
        token, previous = tokens[index], tokens[index - 1]
        if previous.tag in (Tag.WORD, Tag.LABEL) and own_past_tense(token.lower):
            return index
    return None


def _points_back(tokens: list[Token], framed: bool) -> bool:
    """Whether the subject (or the framed complement) starts with a pointer word."""
    if framed:
        complement = [t for t in tokens[4:] if t.tag is not Tag.PUNCT]
        return bool(complement) and complement[0].lower in POINTERS
    while len(tokens) > 2 and tokens[0].tag is Tag.ADV:
        tokens = tokens[1:]  # "Even its zinc complex emits weakly"
    if len(tokens) < 2:
        return False
    head = tokens[0].lower
    if head in ("its", "their", "it", "they"):
        return True  # "Its oxidation was fourfold slower than that of 1", "It remained": whose?
    if head in POINTERS and tokens[1].tag in (Tag.WORD, Tag.VERB, Tag.VBN):
        # "This loss of activity ...", "These analogues ..."; "This delayed termination"
        # (a noun phrase cut from "... is caused by", or 'this' as the subject: what?);
        # "This compound" is the drawing
        return tokens[1].lower not in SHOWN_NOUNS
    return any(_pointer_at(tokens, index) for index in range(len(tokens) - 1))


def _pointer_at(tokens: list[Token], index: int) -> bool:
    """Whether a pointer stands at `index` inside the statement.

    "leaves this analogue untouched", "behaved in the same way"; not "the same yield as
    the parent", where the comparison follows.
    """
    token, following = tokens[index], tokens[index + 1]
    if token.lower in NEAR_POINTERS and following.tag is Tag.WORD:
        return following.lower not in SHOWN_NOUNS
    if token.lower == "the" and following.lower == "same":
        return not any(t.lower == "as" for t in tokens[index + 2 : index + 2 + SAME_AS_WINDOW])
    return False


QUANTITY_ADJECTIVES = frozenset(
    {"higher", "lower", "better", "greater", "poorer", "high", "low", "good", "moderate"}
    | {"excellent", "improved", "reduced", "comparable", "similar"}
)
"""Adjectives of amount and quality that stand before a noun a verb list also holds
('higher yields', 'good yields', 'improved rates')."""


def _second_predicate(tokens: list[Token], start: int) -> Token | None:
    """A finite verb inside the framed complement with nothing that opens a clause."""
    depth = 0
    for index in range(start + 1, len(tokens)):
        token = tokens[index]
        if token.text in "([":
            depth += 1
        elif token.text in ")]":
            depth = max(0, depth - 1)
        elif depth == 0 and token.tag in OPENERS:
            return None
        elif depth == 0 and _finite_verb(tokens, index):
            return token
    return None


def _finite_verb(tokens: list[Token], index: int) -> bool:
    """A past-tense or third-person verb form right after a noun head."""
    token, previous = tokens[index], tokens[index - 1]
    if token.tag not in (Tag.VERB, Tag.VBN) or previous.tag not in (Tag.WORD, Tag.LABEL):
        return False
    if previous.lower in QUANTITY_ADJECTIVES:
        return False  # "higher yields than ...": a noun after its adjective
    following = tokens[index + 1] if index + 1 < len(tokens) else None
    # "stalled below 10%": a participle modifier is followed by its own complement too, so
    # only a listed verb counts, and only when no noun follows it at once (not "... the
    # compound shown bound tightly" but "the bound ligand")
    return (
        token.tag is Tag.VERB
        and past_or_third_person(token.lower)
        and (following is None or following.tag is not Tag.WORD)
    )


def _verb_after_frame(tokens: list[Token]) -> bool:
    """'The observed outcome is lowered the conversion': a predicate, not an outcome.

    The frame's complement is a noun phrase; a listed verb right after 'is' (past an
    adverb) with a determiner after it ("raised the half-life"), or after an adverb
    ("almost abolished inhibition"), opens a verb phrase. "is lower yields" is a noun phrase.
    """
    index = next((i for i, t in enumerate(tokens) if t.lower == "is"), None)
    if index is None or index + 2 >= len(tokens):
        return False
    index += 1
    if tokens[index].lower in ("why", "how", "whether"):
        return True  # "The observed outcome is why the triphosphate is incorporated"
    adverb = tokens[index].tag is Tag.ADV
    while tokens[index].tag is Tag.ADV and index + 1 < len(tokens):
        index += 1
    verb, following = tokens[index], tokens[index + 1] if index + 1 < len(tokens) else None
    if verb.tag is not Tag.VERB or not past_or_third_person(verb.lower):
        return False
    return adverb or (following is not None and following.tag in (Tag.DET, Tag.NUM))


def _noun_like(word: str) -> bool:
    """A word that cannot join two noun phrases: not a verb, preposition or determiner."""
    tokens = tokenise(f"x {word}")
    return len(tokens) == 2 and tokens[1].tag in (Tag.WORD, Tag.LABEL, Tag.NUM)
