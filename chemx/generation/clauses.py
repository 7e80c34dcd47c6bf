"""A small clause grammar for explanatory sentences: tokens, word classes, subject/predicate.

No parser model with clear provenance installs offline, so the decomposition reads a
sentence with a grammar written for the prose it meets. It works in three steps:

1. `normalise`: the sentence without what carries no clause structure: reference
   parentheticals ("(Scheme 3, entry 19)", "(Fig. 2c–f)"), bracketed citations
   ("[ 26 , 27 ]") and sentence-initial discourse adverbials ("However,", "Notably,").
2. `tokenise`: tokens with character offsets, tagged with a word class (`Tag`) from a
   closed-class lexicon, the verb list of `chemx.generation.lexicon` (else LemmInflect's
   English lexicon, `lexicon_verb`), the label grammar (`chemx.labels`) and suffix rules
   (-ly, -ing, -ed). Open-class words stay `Tag.WORD` (nouns and adjectives).
3. `predicate_start`: where the predicate begins: the first finite verb outside
   parentheses that follows no determiner or preposition ("the bridge", "a twist") and
   agrees with the subject (a bare base form needs a plural subject: "the gem-dimethyl
   bridge" is a noun phrase, "the methoxy oxygens interact" a clause).

The causal constructions that use these tokens are in `chemx.generation.causal`.

Long module: the tagger and the predicate finder share their word-class rules, and each
predicate rule is read against the tags it relies on.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from chemx.generation.lexicon import (
    ADVERBS,
    AUXILIARIES,
    COMPARATIVES,
    CONJUNCTIONS,
    DEGREE_ADVERBS,
    DETERMINERS,
    DIRECTION_OPENERS,
    GRADING_WORDS,
    IRREGULAR,
    NEGATIONS,
    NOT_ADVERBS,
    NOT_PARTICIPLES,
    OBJECT_OPENERS,
    POSTDETERMINERS,
    PREPOSITIONS,
    PRONOUNS,
    RELATIVES,
    STRUCTURAL_NOUNS,
    SUBORDINATORS,
    UNIT_WORDS,
    VERB_BASES,
    VERB_FORMS,
    VERB_PREFIXES,
    lexicon_verb,
)
from chemx.generation.normalise import normalise as normalise
from chemx.generation.text import wordlist
from chemx.generation.word_forms import ISE_VERB as ISE_VERB
from chemx.generation.word_forms import attributive_compound, coined_verb, is_gerund
from chemx.labels import is_label


class Tag(StrEnum):
    """Word classes of the clause grammar."""

    DET = "DET"
    PRON = "PRON"
    PREP = "PREP"
    CONJ = "CONJ"
    """Coordinators: and, or, but, nor."""
    SUB = "SUB"
    """Subordinators that open an adverbial clause: because, since, when, whereas, ..."""
    REL = "REL"
    """Relative pronouns: which, who, whom, whose (and 'that', tagged THAT)."""
    THAT = "THAT"
    TO = "TO"
    AUX = "AUX"
    """Forms of be/have/do and the modals."""
    NEG = "NEG"
    ADV = "ADV"
    VERB = "VERB"
    """A finite or base form of a listed verb ('shields', 'lowered', 'interact')."""
    VBG = "VBG"
    """An -ing form: gerund or present participle."""
    VBN = "VBN"
    """An -ed/-en form not in the verb list: participle, adjective or past tense."""
    NUM = "NUM"
    LABEL = "LABEL"
    """A compound label ('12a', '(S)-7', '5ag-ai')."""
    PUNCT = "PUNCT"
    WORD = "WORD"
    """Open class: nouns and adjectives."""


TOKEN = re.compile(r"\S+")
TRAILING_PUNCT = ",;:."
ABBREVIATIONS = wordlist("vs. e.g. i.e. et al. ca. approx. cf. Fig. Figs.")


@dataclass(frozen=True)
class Token:
    """One word or punctuation mark of a normalised sentence."""

    text: str
    tag: Tag
    start: int
    """Character offset in the normalised sentence."""
    end: int

    @property
    def lower(self) -> str:
        """The text lower-cased (lexicon lookups)."""
        return self.text.lower()


def tokenise(text: str) -> list[Token]:
    """Tokens of `text` with their word class (the text should be `normalise`d)."""
    pieces: list[tuple[str, int, int]] = []
    for match in TOKEN.finditer(text):
        pieces.extend(_split_punctuation(match.group(0), match.start()))
    tokens: list[Token] = []
    coordinated = False  # a plural subject: "X and Y crowd", "the groups flanking N leave"
    for index, (piece, start, end) in enumerate(pieces):
        following = pieces[index + 1][0] if index + 1 < len(pieces) else ""
        previous = tokens[-1] if tokens else None
        tag = _tag(piece, previous, following, coordinated=coordinated)
        tokens.append(Token(piece, tag, start, end))
        plural_head = tag is Tag.VBG and previous is not None and is_plural(previous.lower)
        if tag in _CLAUSE_BOUNDARIES or piece in ",;:":
            coordinated = False
        elif (tag is Tag.CONJ and piece.lower() == "and") or plural_head:
            coordinated = True
    return _plural_heads_before_verbs(tokens)


def _plural_heads_before_verbs(tokens: list[Token]) -> list[Token]:
    """An -s word read as a verb that is the plural head of the verb after it.

    "the two trimethylene bridges lock the nitrogen lone pair" (blind-63): 'bridges' and
    'lock' are both verb forms, but a finite -s verb is never followed by a bare base
    verb and its object; the -s word is the noun, the base form the clause's verb.
    """
    for index in range(1, len(tokens) - 2):
        word, after, then = tokens[index], tokens[index + 1], tokens[index + 2]
        if word.tag is not Tag.VERB or tokens[index - 1].tag is not Tag.WORD:
            continue
        noun = lexicon_verb(word.lower)
        base = lexicon_verb(after.lower)
        if (
            noun is not None
            and noun.noun_too
            and noun.third_person
            and after.tag is Tag.VERB
            and base is not None
            and not (base.third_person or base.past)
            and not after.lower.endswith(("ed", "ing"))
            and then.tag is Tag.DET
        ):
            tokens[index] = Token(word.text, Tag.WORD, word.start, word.end)
        relative = lexicon_verb(then.lower)
        if (
            noun is not None
            and noun.noun_too
            and noun.third_person
            and after.tag in (Tag.THAT, Tag.REL)
            and then.tag is Tag.VERB
            and (relative is None or not (relative.third_person or relative.past))
            and not then.lower.endswith(("s", "ed", "ing"))
        ):
            # "C–H···F contacts that planarise the backbone" (blind-65): the relative
            # clause's verb agrees with a plural head; "shows that the ring" has no verb
            tokens[index] = Token(word.text, Tag.WORD, word.start, word.end)
    return tokens


def _split_punctuation(raw: str, offset: int) -> list[tuple[str, int, int]]:
    """Peel unbalanced brackets and trailing commas/semicolons off one whitespace token."""
    lead: list[tuple[str, int, int]] = []
    trail: list[tuple[str, int, int]] = []
    start, end = 0, len(raw)
    while start < end and raw[start] in "([" and _unbalanced_open(raw[start:end]):
        lead.append((raw[start], offset + start, offset + start + 1))
        start += 1
    while end > start:
        last = raw[end - 1]
        body = raw[start:end]
        if (
            last in TRAILING_PUNCT
            and body not in ABBREVIATIONS
            and body.lower() not in ABBREVIATIONS
        ) or (last in ")]" and _unbalanced_close(body)):
            trail.insert(0, (last, offset + end - 1, offset + end))
            end -= 1
        else:
            break
    middle = [(raw[start:end], offset + start, offset + end)] if end > start else []
    return [*lead, *middle, *trail]


def _unbalanced_open(text: str) -> bool:
    return text.count("(") + text.count("[") > text.count(")") + text.count("]")


def _unbalanced_close(text: str) -> bool:
    return text.count(")") + text.count("]") > text.count("(") + text.count("[")


UNIT_SYMBOLS = frozenset({"%", "‰", "°"})
"""Symbols written apart from their number ("0.5 mol %", "90 °"): words, not punctuation."""

_CLAUSE_BOUNDARIES = frozenset({Tag.VERB, Tag.AUX, Tag.SUB, Tag.REL, Tag.THAT})
"""Tags after which a new subject may start (for coordinated subjects)."""


def _tag(word: str, previous: Token | None, following: str, *, coordinated: bool = False) -> Tag:
    lower = word.lower()
    if word in UNIT_SYMBOLS:
        return Tag.WORD  # "0.5 mol %": the unit of the number before, part of the phrase
    if not any(c.isalnum() for c in word):
        return Tag.PUNCT
    if lower == "log" and LOG_QUANTITY.match(following):
        return Tag.WORD  # "raising log D7.4 from 2.6": the quantity, not the verb 'log'
    if lower in DETERMINERS and lower not in ("that", "this", "these", "those", "its", "their"):
        return Tag.DET
    if lower in ("its", "their"):
        return Tag.DET  # possessive determiners, never a subject ("its twisted biaryl bond")
    if lower in POSTDETERMINERS and previous is not None and previous.tag is Tag.DET:
        return Tag.DET  # "the same positions": the word after it is a noun, never a verb
    if lower in ("this", "these", "those"):
        verb_next = following.lower() in VERB_FORMS or following.lower() in AUXILIARIES
        return Tag.DET if following[:1].isalnum() and not verb_next else Tag.PRON
    if lower == "that":
        return Tag.THAT
    if lower == "to":
        return Tag.TO
    if lower in RELATIVES:
        return Tag.REL
    if lower in SUBORDINATORS:
        return Tag.SUB
    if lower in CONJUNCTIONS:
        return Tag.CONJ
    if lower in NEGATIONS:
        return Tag.NEG
    if lower in AUXILIARIES:
        return Tag.AUX
    if lower in PREPOSITIONS:
        return Tag.PREP
    if lower in PRONOUNS:
        return Tag.PRON
    if lower in ADVERBS or (
        lower.endswith("ly") and len(lower) > 4 and lower not in NOT_ADVERBS and lower.isalpha()
    ):
        return Tag.ADV
    if _is_label(word, following):
        return Tag.LABEL
    if re.fullmatch(r"[−–-]?\d+(?:[.,]\d+)*%?", word):
        return Tag.NUM
    if (
        lower in STRUCTURAL_NOUNS
        and previous is not None
        and previous.tag is Tag.WORD
        and following.lower() in ("that", "which")
    ):
        return Tag.WORD  # "the tert-butyl groups that block C3" (blind-66): the clause's head
    if lower in PART_PLURALS and previous is not None and previous.tag is Tag.WORD:
        return Tag.WORD  # "Introducing methyl groups next to ... shut" (blind-65): a noun
    if lower == "left" and _left_as_verb(previous, following):
        return Tag.VERB  # "Replacing X by fluorine (3b) left potency unchanged"
    if lower in VERB_FORMS:
        if previous is not None and (
            previous.tag is Tag.DET or (previous.lower in DEGREE_ADVERBS and lower in COMPARATIVES)
        ):
            # "the protonated amine", "the much lower electrophilicity": a modifier
            return Tag.VBN if lower.endswith("ed") else Tag.WORD
        if attributive_compound(lower, following):
            return Tag.VBN  # "the two hydrogen-bonded amides": a modifier of the noun
        return Tag.VERB
    prefix, hyphen, unprefixed = lower.partition("-")
    if is_gerund(lower) or (hyphen and prefix in VERB_PREFIXES and is_gerund(unprefixed)):
        return Tag.VBG  # "pre-organising", "re-forming": a prefixed verb's gerund
    if (lower.endswith("ed") and len(lower) > 4 and lower not in NOT_PARTICIPLES) or (
        lower.endswith(("en", "wn")) and lower in _PARTICIPLES
    ):
        return Tag.VBN
    if previous is not None and previous.tag in (Tag.PRON,) and lower.endswith("s"):
        return Tag.VERB  # "it hampers": a pronoun subject makes an -s word its verb
    if (
        previous is not None
        and previous.lower in PLURAL_SUBJECT_PRONOUNS
        and (known := lexicon_verb(lower)) is not None
        and not (known.third_person or known.past)
    ):
        return Tag.VERB  # "they line the cleft" (blind-65): a plural pronoun's base verb
    if previous is not None and previous.lower in INTENSIFIERS and lexicon_verb(lower):
        return Tag.VERB  # "the polar oxetane itself helps solvation": after the subject
    if _lexicon_verb_here(lower, previous, following, coordinated=coordinated):
        return Tag.VERB
    if coined_verb(lower) and previous is not None and previous.tag in _NOUN_HEADS:
        # "the vinyl group of 6 copolymerises", "the amine catalyses", "7d red-shifts"
        return Tag.VERB
    if (
        lower in ATE_BASES
        and previous is not None
        and previous.lower in STRUCTURAL_NOUNS
        and is_plural(previous.lower)
    ):
        return Tag.VERB  # "the unbranched chains interdigitate readily" (blind-65)
    if (
        lower in ATE_VERBS
        and previous is not None
        and (previous.lower in STRUCTURAL_NOUNS or previous.tag is Tag.LABEL)
    ):
        # "the cyano group (of 1) solvates ionic impurities": after a part's head noun or a
        # label, a chemistry verb the lexicon lacks (not "Amide Substrates 1")
        return Tag.VERB
    return Tag.WORD


PART_PLURALS = frozenset({"groups", "rings", "chains", "units", "atoms", "moieties", "arms"})
"""Plural part nouns that a verb list also holds but that, after a modifier ('methyl
groups', 'pyridine rings'), chemistry prose never uses as verbs."""
PLURAL_SUBJECT_PRONOUNS = frozenset({"they", "we"})
"""Pronouns that are only ever subjects and take a verb's base form."""
LOG_QUANTITY = re.compile(r"[DPK](?:[\d.,]|oct|ow|$)|[DPK]\b")
"""What follows 'log' when it names a quantity ('log D7.4', 'log P', 'log K')."""


_ATE_STEMS = (
    *("solv", "chel", "proton", "deproton", "alkyl", "acyl", "methyl", "aryl"),
    *("hydroxyl", "complex", "sulfon", "phosphoryl", "interdigit", "intercal"),
)
ATE_VERBS = frozenset(f"{stem}ates" for stem in _ATE_STEMS)
ATE_BASES = frozenset(f"{stem}ate" for stem in _ATE_STEMS)
"""The base forms, verbs after a plural head ('the chains interdigitate')."""
"""Chemistry verbs in '-ates' that the English lexicon lacks ('solvates', 'chelates')."""


def _left_as_verb(previous: Token | None, following: str) -> bool:
    """Whether 'left' is the past tense of 'leave': right after a noun head or a label.

    "the left ring", "on the left" have a determiner before it; "left-hand", "left of"
    and "left side" name a place.
    """
    if previous is None or following.lower() in ("of", "side", "hand", "-hand"):
        return False
    closed = previous.text == ")" or previous.tag in (Tag.WORD, Tag.LABEL)
    return closed and following[:1].isalnum() and not following.startswith("-")


INTENSIFIERS = frozenset({"itself", "themselves", "alone"})
"""Words that close a subject ("the oxetane itself"): a verb form after them is its verb."""
_NOUN_HEADS = frozenset({Tag.WORD, Tag.LABEL})


def _lexicon_verb_here(
    lower: str, previous: Token | None, following: str, *, coordinated: bool = False
) -> bool:
    """A verb the English lexicon knows (`lexicon_verb`), where the clause makes it one.

    A word that is only a verb ('absorbs', 'becomes', 'extend') is one; a word that is
    also a noun ('leaves', 'shields', 'forms') is a verb only between a noun head and
    the start of an object: an -s form after any head ('the 4-methyl group leaves the
    acceptor weak'), a base form after a plural one ('the methyl groups partition the
    cages') or after a coordinated subject ('its methoxy group and the bulky ring crowd
    the palladium centre'): two nouns in a row never run straight into a determiner.
    Right after a relative pronoun the same holds: 'which leaves the ring open' is the
    relative clause's verb, since a noun there would need a determiner of its own.
    """
    verb = lexicon_verb(lower)
    if verb is None:
        return False
    if not verb.noun_too:
        return True
    if lower == "times" and previous is not None and previous.tag in (Tag.LABEL, Tag.NUM):
        return False  # "was 15 times more reactive": a multiplier, not a verb
    if (
        following.lower() in DIRECTION_OPENERS
        and verb.third_person
        and previous is not None
        and previous.tag is Tag.WORD
        and not is_plural(previous.lower)
    ):
        return True  # "the heteroaryl ring projects into the foot pocket" (blind-52)
    if (
        previous is not None
        and previous.tag is Tag.LABEL
        and verb.third_person
        and following[:1].isalpha()
        and lexicon_verb(following.lower()) is None
    ):
        return True  # "Acceptor 5 harvests little light" (blind-60): a label's own verb
    if following.lower() not in OBJECT_OPENERS:
        return False
    if previous is not None and previous.tag in (Tag.REL, Tag.THAT):
        return previous.lower != "whose"  # "whose forms the", "whose leaves the": nouns
    if previous is None or previous.tag not in (Tag.WORD, Tag.LABEL):
        return False
    return verb.third_person or coordinated or is_plural(previous.lower)


_PARTICIPLES = frozenset(form for forms in IRREGULAR.values() for form in forms[2:]) | wordlist(
    "shown taken given known seen drawn grown driven proven"
)


def _is_label(word: str, following: str) -> bool:
    """A compound label, not a quantity: '12a', '(S)-7', '3ea-ga'; not '50 %' or '2.5 h'."""
    if following in UNIT_WORDS or following.lower() in UNIT_WORDS:
        return False
    core = word.strip("()")
    if re.fullmatch(r"\d+[a-z]{1,3}(?:[–−-][a-z]{1,3}|,[a-z])?[′']*", core):
        return True
    if re.fullmatch(r"\d{1,3}", core):
        return True
    return is_label(word) and any(c.isdigit() for c in word)


def text_of(text: str, tokens: list[Token], start: int, end: int) -> str:
    """The original characters of tokens[start:end] (spacing and punctuation kept)."""
    if start >= end:
        return ""
    return text[tokens[start].start : tokens[end - 1].end]


def is_plural(word: str) -> bool:
    """A rough plural-noun test: 'rings', 'oxygens', 'these' yes; 'this', 'gas', 'bis' no."""
    lower = word.lower().rsplit("-", 1)[-1]  # "ortho-fluorines" is plural by its last part
    if lower in ("these", "those", "they", "both", "two", "three", "four", "several", "many"):
        return True
    return (
        len(lower) > 3
        and lower.endswith("s")
        and not lower.endswith(("ss", "us", "is", "ys"))
        and lower not in DETERMINERS
        and lower.isalpha()
    )


def predicate_start(tokens: list[Token]) -> int | None:
    """Index of the token that starts the clause's predicate, or None (no finite verb).

    The predicate starts at the first auxiliary or finite verb outside parentheses; an
    adverb right before it belongs to the predicate ("sterically shields"). A listed verb
    form after a determiner, preposition or number is a noun ("a twist", "the bridge");
    a bare base form needs a plural subject (agreement); an unlisted -ed form counts as a
    past tense only right after a noun head and when no listed verb follows.
    """
    depth = 0
    fallback: int | None = None
    for index, token in enumerate(tokens):
        if token.text in "([":
            depth += 1
            continue
        if token.text in ")]":
            depth = max(0, depth - 1)
            continue
        if depth or index == 0:
            continue
        if token.text == ";":
            break
        previous = tokens[index - 1]
        if previous.tag is Tag.TO:
            continue  # an infinitive ("to be attacked") is never the clause's finite verb
        if token.tag is Tag.AUX or (token.tag is Tag.VERB and _finite_here(tokens, index)):
            if fallback is not None and tokens[_with_adverbs(tokens, index) - 1].tag is Tag.CONJ:
                return _with_adverbs(tokens, fallback)  # "(3) quenched ... and gave ..."
            main = _main_verb_after_relative(tokens, index)
            if main is not None:
                return main
            return _with_adverbs(tokens, _gerund_verb_before(tokens, index))
        if fallback is None and token.tag is Tag.VBN and _past_after_subject(tokens, index):
            fallback = index
    if fallback is None and tokens and tokens[0].tag is Tag.VBG:
        fallback = _after_gerund_subject(tokens)
    return _with_adverbs(tokens, fallback) if fallback is not None else None


def _main_verb_after_relative(tokens: list[Token], index: int) -> int | None:
    """The clause's own verb after a restrictive relative clause on its subject, if any.

    "the methylene group that takes the place of one peroxide oxygen removes the O–O
    bond" (blind-59): the verb right after 'that' is the relative clause's; the next
    finite verb after a noun is the clause's. None where the verb found is not a relative
    clause's, or no such later verb exists ("the group that binds zinc": the relative
    clause is the only predicate there is).
    """
    if index < 2 or tokens[index - 1].tag is not Tag.THAT or tokens[index - 2].tag is not Tag.WORD:
        return None
    tail = tokens[index:]
    found = predicate_start(tail)
    if found is None or found == 0:
        return None
    if tail[found - 1].tag is not Tag.WORD or tail[found].tag not in (Tag.VERB, Tag.AUX):
        return None  # "..., which", "and gives": not the subject's own verb
    if tail[found - 1].lower in GRADING_WORDS:
        return None  # "that destroys less hindered nitroxides": an adjective, graded
    if any(t.tag is Tag.REL for t in tail[:found]):
        # "the groups that block C3 and C6, the positions at which the radical formed
        # ... couples" (blind-66): a later verb inside another relative clause
        return None
    return index + found


def _past_after_subject(tokens: list[Token], index: int) -> bool:
    """Whether the unlisted -ed form at `index` reads as the clause's past tense.

    After a noun head, label or pronoun, adverbs aside ("6d almost extinguished"); before
    a noun only after a label ("the compound substituted ring" is a modifier).
    """
    before = index - 3 if _more_than(tokens, index) else index - 1  # "(3) more than doubled"
    while before > 0 and tokens[before].tag is Tag.ADV:
        before -= 1
    head = tokens[before]
    if head.text == ")":  # "Iodination at the same positions (3) quenched ...": skip the aside
        opening = max((i for i in range(before) if tokens[i].text == "("), default=0)
        head = tokens[opening - 1] if opening > 0 else head
    noun_next = index + 1 < len(tokens) and tokens[index + 1].tag is Tag.WORD
    if head.tag is Tag.NUM and before > 0 and tokens[before - 1].tag is Tag.WORD:
        # "Addition of Cu2+ to 3a at pH 7.4 produced a 120-fold increase" (blind-69): a
        # subject may end on a measured value; before a noun the -ed form is a modifier
        return not noun_next
    if head.tag not in (Tag.WORD, Tag.LABEL, Tag.PRON):
        return False
    return not noun_next or head.tag is Tag.LABEL


def _gerund_verb_before(tokens: list[Token], found: int) -> int:
    """The gerund subject's own verb when it comes before the verb found at `found`.

    "Removing the 3-fluoro substituent, as in 5, cost four-fold in potency against both
    strains": 'strains' is a listed verb form, but the gerund phrase's verb ('cost') comes
    first.
    """
    if tokens[0].tag is not Tag.VBG or len(tokens) < 2 or tokens[1].tag is Tag.PREP:
        return found  # "Twisting of the group ... opens": a nominal, its verb is listed
    verb = _after_gerund_subject(tokens)
    return verb if verb is not None and verb < found else found


def _after_gerund_subject(tokens: list[Token]) -> int | None:
    """The verb after a gerund subject, when it is a word that is also a noun.

    "Converting the acrylate of 10 into the oxime 11 cost only 2-fold": the first word after
    the phrase's noun head that the lexicon knows as a singular or past finite verb.
    """
    for index in range(2, len(tokens)):
        token, previous = tokens[index], tokens[index - 1]
        if token.text == ";":
            return None
        after_aside = previous.text == "," and tokens[index - 2].tag in (Tag.WORD, Tag.LABEL)
        verb = lexicon_verb(token.lower) if token.tag is Tag.WORD else None
        if token.lower in PART_PLURALS:
            continue  # "Introducing methyl groups next to ... shut": the object's noun
        if verb is None or not (previous.tag in (Tag.WORD, Tag.LABEL) or after_aside):
            continue  # ", as in 5, cost"
        if not (verb.third_person or verb.past):
            continue  # "Removing the methoxy group (6b) cost": a gerund takes no base form
        following = tokens[index + 1] if index + 1 < len(tokens) else None
        if verb.noun_too and following is not None and following.tag in (Tag.PREP, Tag.TO):
            continue  # "Attaching a CF3 group to the ring lowers ...": a noun head
        if verb.noun_too and _verb_after_aside(tokens, index + 1):
            continue  # "Omitting the 1,7-methyl groups (3) reduces ...": a noun head
        return index
    return None


def _noun_of(tokens: list[Token], index: int) -> bool:
    """Whether a noun-and-verb form is the noun: before 'of' with a finite verb later.

    'the para positions of its rings carry ...'; or before a relative clause ('bridges,
    which tie back ...'), where a verb would lack its object.
    """
    verb = lexicon_verb(tokens[index].lower)
    if verb is None or not verb.noun_too or index + 1 >= len(tokens):
        return False
    later = tokens[index + 2 :]
    if tokens[index + 1].text == "," and later and later[0].tag is Tag.REL:
        return True  # "its methylenedioxy bridges, which tie back ...": no object, a noun
    return tokens[index + 1].lower == "of" and any(t.tag in (Tag.VERB, Tag.AUX) for t in later)


def _noun_before_verb(tokens: list[Token], index: int) -> bool:
    """Whether the word at `index` is a noun that is also a verb form, with a verb after it."""
    verb = lexicon_verb(tokens[index].lower)
    return verb is not None and verb.noun_too and _verb_after_aside(tokens, index + 1)


def _verb_after_aside(tokens: list[Token], index: int) -> bool:
    """Whether a finite verb follows at `index`, past any label or bracketed aside.

    Two finite verbs never stand side by side, so a word that is noun and verb before one
    ("groups (3) reduces", "positions (1c) also deepens") is the subject's noun head.
    """
    depth = 0
    for at in range(index, len(tokens)):
        token = tokens[at]
        depth += (token.text in "([") - (token.text in ")]")
        if token.tag in (Tag.LABEL, Tag.ADV) or token.lower in _COMPARING:
            continue  # "groups altogether (1b) lowered", "(3) more than doubled"
        if depth <= 0 and token.text not in ")]":
            compared = token.tag is Tag.VBN and _more_than(tokens, at)
            return token.tag in (Tag.VERB, Tag.AUX) or compared
    return False


_COMPARING = frozenset({"more", "less", "than"})
"""Words of a comparison before a verb ('more than doubled')."""


def _finite_here(tokens: list[Token], index: int) -> bool:
    token, previous = tokens[index], tokens[index - 1]
    if previous.tag in (Tag.DET, Tag.PREP, Tag.NUM, Tag.TO) and not _more_than(tokens, index):
        return False
    if tokens[0].tag is Tag.VBG and _noun_before_verb(tokens, index):
        return False  # "Moving the groups to the ortho positions (1c) also deepens ..."
    if _noun_of(tokens, index):
        return False  # "the para positions of its rings carry ...": a noun and its owner
    following = tokens[index + 1] if index + 1 < len(tokens) else None
    if following is not None and following.tag in (Tag.VERB, Tag.AUX) and token.lower in VERB_BASES:
        return False  # two finite verbs never stand side by side: "the para position resulted"
    if following is not None and following.lower in FLOATING_QUANTIFIERS:
        after = tokens[index + 2] if index + 2 < len(tokens) else None
        if after is not None and after.tag in (Tag.VERB, Tag.AUX):
            return False  # "the 6-chloro group both sit": the noun, then its verb
    lower = token.lower
    if (
        lower.endswith("ed")
        and previous.tag is Tag.ADV
        and index > 1
        and (
            tokens[index - 2].text == ","
            or tokens[index - 2].tag is Tag.DET
            or tokens[index - 2].lower in GRADING_WORDS  # "a less strongly polarised acceptor"
        )
        and following is not None
        and following.tag is Tag.WORD
    ):
        return False  # "its flexible, terminally protonated tail can reach": an adjective
    if previous.lower in FLOATING_QUANTIFIERS and index > 1 and tokens[index - 2].tag in _NOUNISH:
        return True  # "the two groups all point inward"
    if lower in VERB_BASES:  # a bare base form
        if previous.tag is Tag.WORD and not is_plural(previous.text):
            return _plural_head_before(tokens, index)  # no verb after "the para position"
        subject = tokens[:index]
        if previous.tag is Tag.REL and index > 2:  # "bridges, which tie": the antecedent's number
            antecedent = tokens[index - 3] if tokens[index - 2].text == "," else tokens[index - 2]
            if is_plural(antecedent.text):
                return True
        plural = any(is_plural(t.text) for t in subject if t.tag in (Tag.WORD, Tag.DET, Tag.PRON))
        coordinated = any(t.tag is Tag.CONJ for t in subject)
        return plural or coordinated or previous.tag in (Tag.ADV, Tag.PRON)
    return True


FLOATING_QUANTIFIERS = frozenset({"both", "all", "each"})
"""Quantifiers between a plural subject and its verb ('the two groups both sit')."""
_NOUNISH = frozenset({Tag.WORD, Tag.VERB, Tag.LABEL})
"""Tags a subject's head may carry ('groups' is also a verb form)."""


def _plural_head_before(tokens: list[Token], index: int) -> bool:
    """A plural subject ends in a noun: 'the groups of the ring hold it', 'X and the Y bind'."""
    following = tokens[index + 1] if index + 1 < len(tokens) else None
    if following is None or following.tag not in _OBJECT_TAGS:
        return False
    at = index - 1
    while at > 0 and tokens[at].tag in (Tag.WORD, Tag.DET, Tag.NUM, Tag.LABEL):
        at -= 1
    if tokens[at].lower == "and":
        return at > 0 and tokens[at - 1].tag is Tag.WORD
    # "the two methyl groups flanking the azo unit twist the Z isomer" (blind-65): a
    # participle's object ends the subject, whose head is the noun before the participle
    head = tokens[at - 1] if at > 0 and tokens[at].tag in (Tag.PREP, Tag.VBG) else None
    return head is not None and head.tag is Tag.WORD and is_plural(head.text)


_OBJECT_TAGS = frozenset({Tag.DET, Tag.PRON, Tag.WORD, Tag.ADV, Tag.NUM, Tag.LABEL})
_NO = ("longer", "more")


def _more_than(tokens: list[Token], index: int) -> bool:
    """'more than' or 'less than' right before `index` ('(3) more than doubled the mobility')."""
    return index > 2 and tokens[index - 1].lower == "than" and tokens[index - 2].lower in _COMPARING


def _with_adverbs(tokens: list[Token], index: int) -> int:
    while _more_than(tokens, index) and tokens[index].tag in (Tag.VERB, Tag.VBN):
        index -= 2
    while index > 1 and tokens[index - 1].tag in (Tag.ADV, Tag.NEG):
        index -= 1
    no_longer = index > 2 and tokens[index - 2].lower == "no" and tokens[index - 1].lower in _NO
    return _with_adverbs(tokens, index - 2) if no_longer else index  # "no longer fills"
