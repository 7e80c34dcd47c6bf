"""A stem's effect with the item's own compound label written as 'the compound shown'.

The image labels nothing for the reader: a stem that says "7c reacted in 2 h" names a
number the question never shows, and one that keeps the label's noun phrase whole
("Coumarin 1 behaves ...") must still read as English once the number is gone ("The
coumarin shown behaves ..."). A label after a modifier is a compound with that modifier
("oxidised 1", "intact 2c": "the oxidised compound shown"), and a label that is the
subject after an opening phrase ("Under simulated sunlight 3a had ...") keeps the phrase
and gains a comma. Another compound the item does not show is no reference a reader can
follow: `without_unseen_references` cuts "relative to 1" and "compared with 9 days for
12a" and gives up on "lower than that of 2a". Split from `chemx.generation.mcq`, which
builds the stem around it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import partial

from chemx.english import adjective_only
from chemx.generation.clauses import Tag, tokenise
from chemx.generation.extract import first_statement, is_structural
from chemx.generation.stem_wording import (
    SHOWN,
    systematic_name_start,
    without_structural_modifiers,
)
from chemx.generation.text import capitalise, decapitalise, squash, wordlist
from chemx.labels import find_mentions
from chemx.labels.grammar import COMPOUND_WORDS


def neutral_effect(effect: str, labels: Sequence[str]) -> str:
    """The effect with the structure's own label replaced: a stem names no compound number."""
    for label in labels:
        if not label:
            continue
        effect = _LABEL_COMPOUND_WORD.sub(
            partial(_label_compound_word, label=label), effect
        )  # "2c-containing cells" -> "cells containing the compound shown"
        for mention in reversed(find_mentions(label, effect)):
            start = mention.start
            rewritten = _introduced_subject(effect, start, mention.end) or _modified_label(
                effect, start, mention.end
            )
            if rewritten is not None:
                effect = rewritten
                continue
            noun = _COMPOUND_NOUN.search(effect[:start])  # "compound 17": not "compound the"
            named = _class_noun_before(effect[:start])
            if noun is not None and named == effect[:start].rstrip():
                # "the 2-fluorosubstituted product 2n": the phrase has its determiner
                effect = f"{without_structural_modifiers(named)} shown{effect[mention.end :]}"
                continue
            if noun is not None:
                start = noun.start()
                effect = f"{effect[:start]}{SHOWN}{effect[mention.end :]}"
                continue
            start = systematic_name_start(effect, start)  # "1,4-benzoquinone 5": one name
            named = _class_noun_before(effect[:start])
            if named is not None:  # "Coumarin 1 behaves ..." -> "The coumarin shown behaves ..."
                effect = f"{without_structural_modifiers(named)} shown{effect[mention.end :]}"
                continue
            prefix, shown = effect[:start], SHOWN
            article = _TRAILING_ARTICLE.search(prefix)
            if article is not None:  # "The N,N-dimethylcarbamate 3": one article, not two
                prefix = prefix[: article.start()]
                shown = capitalise(SHOWN) if article.group(0)[0].isupper() else SHOWN
            effect = f"{prefix}{shown}{effect[mention.end :]}"
    effect = squash(re.sub(r"\bshown\s+(?:itself|themselves)\b", "shown", effect))  # "2 itself"
    effect = without_structural_aside(effect)
    effect = _one_of_several(effect)
    fronted = _FRONTED_SHOWN.match(effect)
    if fronted:  # "with the phenyl thiourea 2b only 35% conversion was reached": a setting
        return f"{capitalise(fronted['phrase'])}, {fronted['rest']}"
    return effect


_QUANTIFIED_SHOWN = re.compile(
    r"^the\s+(?:all|both|each)\s+(?:(?:two|three|four|five|six|\d+)\s+)?(?P<noun>[a-z-]+?)s"
    r"\s+shown\s+(?P<verb>\S+)",
    re.I,
)
_SINGULAR_AUX = {"were": "was", "are": "is", "have": "has"}


def _one_of_several(effect: str) -> str:
    """'All three precatalysts 2a–2c activated' asked on 2c: 'The precatalyst shown activated'.

    The item shows one compound of the range the paper names, and what all of them did,
    it did (blind-58: "The all three precatalysts shown activated ..."). A present-tense
    verb that would need a new number leaves the effect as it was.
    """
    match = _QUANTIFIED_SHOWN.match(effect)
    if match is None:
        return effect
    verb = match["verb"]
    singular = _SINGULAR_AUX.get(verb.lower(), verb if verb.lower().endswith("ed") else "")
    if not singular:
        return effect
    rest = effect[match.end() :]
    return f"The {match['noun']} shown {singular}{rest}"


STRUCTURAL_ASIDE = re.compile(
    r",\s+(?P<aside>(?:with|bearing|carrying|lacking|having|featuring|containing)\s+[^,;()]+),"
    r"(?=\s+[a-z])"
)
"""An aside after the subject that describes its groups ('The shortest homologue 2a, with
only three methylenes between the two nitrogen atoms, failed ...')."""


def without_structural_aside(effect: str) -> str:
    """The effect without an aside that says what the compound's structure is (blind-56).

    The drawing shows the structure; said in the stem ("with only three methylenes between
    the two nitrogen atoms") it tells the reader the answer (the truncated linker). An
    aside that names no structure ("with 5 mol% catalyst") stays.
    """
    match = STRUCTURAL_ASIDE.search(effect)
    if match is None or not is_structural(match["aside"].split(None, 1)[1]):
        return effect
    return f"{effect[: match.start()]}{effect[match.end() :]}"


_LABEL_COMPOUND_WORD = re.compile(
    r"\b(?P<label>[A-Za-z]?\d+[a-z]{0,2})[-‐‑](?P<link>containing|based|doped|treated|loaded|"
    r"coated|derived)\s+(?P<noun>[a-z]+)\b"
)
_LINK_PHRASES = {
    "containing": "containing",
    "based": "based on",
    "doped": "doped with",
    "treated": "treated with",
    "loaded": "loaded with",
    "coated": "coated with",
    "derived": "derived from",
}


def _label_compound_word(match: re.Match[str], *, label: str) -> str:
    """'2c-containing cells' -> 'cells containing the compound shown' for the item's label."""
    if match["label"] != label:
        return match[0]
    return f"{match['noun']} {_LINK_PHRASES[match['link']]} {SHOWN}"


_FRONTED_SHOWN = re.compile(
    r"^(?P<phrase>(?:with|for|using)\s+(?:the\s+)?(?:[\w-]+\s+){0,3}?shown)\s+"
    r"(?P<rest>(?!(?:and|or|as|in)\b)[^,\s].*)$",
    re.I,
)
"""A label in a fronted phrase with no comma before the clause it sets ('with ... 2b only
35% conversion was reached'): the phrase is the setting, and the stem gets its comma."""


_TRAILING_ARTICLE = re.compile(r"\b(?:the|a|an)\s+$", re.IGNORECASE)


_COMPOUND_NOUN = re.compile(rf"\b(?:the\s+)?(?:{COMPOUND_WORDS})\s+$", re.IGNORECASE)


CLASS_NOUN = re.compile(r"[^\W\d_](?:[^\W\d_]|-)*[^\W\d_]")
"""A word of letters, hyphens allowed inside ('β-anomer', 'thioglucoside')."""


def _class_noun_before(prefix: str) -> str | None:
    """`prefix` with 'the' before the class noun its label stands beside, or None.

    'Coumarin' -> 'the coumarin'; 'the pyridyl analogue' stays; None when the label
    follows anything else (a verb, a preposition, a bracket).

    A class noun and its label are one noun phrase ("coumarin 1", "ester 22"): replacing
    only the label wrote "Coumarin the compound shown behaves like 3".
    """
    tokens = tokenise(prefix)
    if not tokens or tokens[-1].tag is not Tag.WORD or not CLASS_NOUN.fullmatch(tokens[-1].text):
        return None
    if tokens[-1].lower in FOCUS_WORDS:
        return None  # "only 5 was effective": an adverb, not the compound's class
    if len(tokens) > 1 and tokens[-2].tag in (Tag.AUX, Tag.NEG, Tag.TO, Tag.PRON):
        return None  # "HOCl did not take 2 on to the sulfone": a verb and its object
    first = len(tokens) - 1
    while first > 0 and tokens[first - 1].tag in (Tag.WORD, Tag.VBN):
        first -= 1  # participles are modifiers here: "the 2-fluorosubstituted product 2n"
    if first > 0 and tokens[first - 1].tag is Tag.DET:
        owner = tokens[first - 1]
        if owner.lower in ("its", "their"):
            # "Its enantiomer (S)-7 was ..." (blind-65): the compound shown is the
            # enantiomer itself, so no owner is left to point back to
            article = "The" if owner.text[0].isupper() else "the"
            return f"{prefix[: owner.start]}{article}{prefix[owner.end :]}".rstrip()
        return prefix.rstrip()
    head = tokens[first]
    word = head.text if head.text[1:2].isupper() else head.text.lower()  # 'DMAP' stays
    return f"{prefix[: head.start]}the {word}{prefix[head.end :]}".rstrip()


def _introduced_subject(effect: str, start: int, end: int) -> str | None:
    """'Under simulated sunlight 3a had ...' -> 'Under simulated sunlight, the compound shown had'.

    A label that opens the clause after a sentence-initial prepositional phrase is the
    subject, not the phrase's noun: its verb follows at once. 'With aldehyde 7 the
    reaction stalled' is the phrase's own noun and stays for `_class_noun_before`.
    """
    before = tokenise(effect[:start])
    after = tokenise(effect[end:])
    if len(before) < 2 or before[0].tag is not Tag.PREP or not after:
        return None
    if any(token.tag not in (Tag.WORD, Tag.DET, Tag.VBN, Tag.NUM) for token in before[1:]):
        return None
    if after[0].tag not in (Tag.VERB, Tag.AUX) and not (
        after[0].tag is Tag.ADV and len(after) > 1 and after[1].tag in (Tag.VERB, Tag.AUX)
    ):
        return None
    return f"{effect[:start].rstrip().rstrip(',')}, {SHOWN}{effect[end:]}"


CONNECTIVES = wordlist("so thus hence then therefore yet also still now")
"""Adverbs that join a clause to the one before: the lexicon also knows 'so' and 'then' as
adjectives, but before a label they open its clause and modify nothing."""


def _modified_label(effect: str, start: int, end: int) -> str | None:
    """'oxidised 1', 'intact 2c': the modifier and the label are 'the oxidised compound shown'.

    A participle or an adjective the lexicon knows only as one is no class noun: read as
    one ("to intact 2c" -> "to the intact shown") the compound would be lost. An -ing
    word modifies the label only after a determiner ("the remaining 4"); elsewhere it is a
    participle or gerund taking the label as its object (", enabling 4 to dissolve").
    """
    match = _LAST_WORD.search(effect[:start])
    if match is None:
        return None
    word = match["word"]
    if word.lower() in FOCUS_WORDS:
        return None  # "only 5 was effective": 'only the compound shown', not 'the only ...'
    if word.lower() in CONNECTIVES:
        return None  # ", so 2b can be uncaged": 'so the compound shown', not 'the so ...'
    prefix = effect[: match.start("word")]
    tokens = tokenise(f"{prefix}{word}")
    if not tokens or tokens[-1].text != word:
        return None
    opens_phrase = len(tokens) == 1 or tokens[-2].tag in (Tag.PREP, Tag.DET)
    listed_participle = tokens[-1].tag is Tag.VERB and word.endswith("ed") and opens_phrase
    if word.endswith("ing"):
        if len(tokens) == 1 or tokens[-2].tag is not Tag.DET:
            return None  # ', enabling 4 to dissolve': a participle and its object
    elif not (
        tokens[-1].tag is Tag.VBN
        or adjective_only(word)
        or listed_participle
        or word.lower() in STATE_ADJECTIVES
    ):
        return None  # 'afforded 5': the verb's object
    article = "" if _TRAILING_ARTICLE.search(prefix) else "the "
    if not prefix.strip():  # "Closed 4d faded": the capital was the sentence's, not the word's
        article, word = "The ", decapitalise(word)
    return f"{prefix}{article}{word} compound shown{effect[end:]}"


FOCUS_WORDS = frozenset({"only", "even", "just", "also", "both", "alone", "still", "again"})
"""Adverbs that may stand right before a label ('only 5', 'even 2a')."""
STATE_ADJECTIVES = frozenset(
    {"authentic", "crude", "racemic", "enantiopure", "synthetic", "commercial", "neat"}
    | {"free", "pure", "unbound", "uncomplexed"}  # "Free 1 is only weakly emissive"
)
"""Adjectives of a sample's state the lexicon also lists as nouns ('authentic 2')."""
_LAST_WORD = re.compile(r"(?:^|(?<=\s))(?P<word>[A-Za-z][a-z]+)\s+$")
"""The last word before a label, in lower case after its first letter ('oxidised')."""


def without_unseen_references(effect: str, others: Sequence[str]) -> str | None:
    """The effect without comparisons to compounds the item does not show, or None.

    "accelerates the cycloaddition 14-fold relative to 1" keeps its measure without the
    reference ("accelerates the cycloaddition 14-fold"), and so does "an hERG IC50 of 1.1
    µM vs. > 30 µM for 2a" and "below 5%, against 12% for 2c". A comparative whose only
    reference is the other compound ("82 K lower than that of 2a") says nothing without
    it: None, and so do "forty times that of 1a", "to the blue of 1a" and "from 0.003
    for 1a to 0.03", and an effect said of the other compound ("made 2b the least
    stable"). "its phenyl analogue 2a" says what the other compound is, and
    stays; a product named as what was made ("gave 3 in 97% ee") is no comparison.
    `others`: the labels of the paper's other drawn compounds.
    """
    for label in others:
        for mention in reversed(find_mentions(label, effect)):
            before, after = effect[: mention.start], effect[mention.end :]
            if _DESCRIBED_PARTNER.search(before):
                continue
            aside = _enclosing_aside(before, after)
            if aside is not None:
                # "extended the plasma half-life to 4.1 h (1.9 h for 2a)": the reference
                # value is another compound's, and the measure stands without it (blind-48)
                effect = f"{before[: aside[0]].rstrip()}{after[aside[1] :]}"
                continue
            if _RELATIVE_AFTER_LABEL.match(after):
                # "Replacing the thiocarbonyl of 2a by a carbonyl gave 2b, whose band lay 22
                # nm to the blue" (blind-68): the relative says what 2b did, unseen here
                return None
            contrast = _OTHER_SUBJECT_CLAUSE.search(before)
            if contrast is not None:
                # "BrettPhos delivered ... >99:1 selectivity, whereas 2c gave 14% of the
                # diarylated product": that clause is said of 2c, which the item does not
                # show; the shown compound's own statement stands without it (blind-47)
                effect = f"{before[: contrast.start()]}{_after_clause(after)}"
                continue
            cut = _REFERENCE_PHRASE.search(before)
            if cut is not None and not _FOLLOWING_WORD.match(after):
                effect = f"{before[: cut.start()]}{after}"
            elif _CAUSATIVE.search(before):
                # "also made 2b the least stable compound": what is said is said of 2b,
                # which the item does not show (blind-46, on 2a)
                return None
            elif _COMPARISON_MARKER.search(before) or _EQUATIVE_REFERENCE.search(before):
                # 'lower than 2a', 'unlike 2a', 'forty times that of 1a', 'to the blue of
                # 1a': the comparison needs the compound the item does not show
                return None
    return squash(effect).strip(" ,")


_REFERENCE_PHRASE = re.compile(
    r",?\s+(?:(?:relative|compared)\s+(?:with|to)\s+(?:that\s+of\s+)?(?:compound\s+)?"
    r"|(?:compared\s+(?:with|to)|vs\.?|versus|against)\s+[^,;()]*?\bfor\s+(?:compound\s+)?)$"
    r"|,\s+[^,;()]*?\b(?:above|below|over)\s+(?:that\s+of\s+)?(?:compound\s+)?$",
    re.IGNORECASE,
)
"""A reference phrase ending at the label: 'relative to', 'compared with 9 days for',
'against 12% for', and an appended measure ('reached 2.9 × 10⁵ M⁻¹ s⁻¹, three orders of
magnitude above 1', blind-54)."""
_RELATIVE_AFTER_LABEL = re.compile(r"\s*\)?\s*,\s*(?:whose|which|who)\b", re.I)
"""A relative clause on a label (', whose band lay ...'): it is said of that compound."""
_OTHER_SUBJECT_CLAUSE = re.compile(
    r"[,;]\s*(?:whereas|while|but|and|although|though)\s+(?:(?:the|its|their)\s+[\w-]+\s+)?"
    r"(?:compound\s+)?$",
    re.IGNORECASE,
)
"""', whereas 2c', '; while the amide 3b': a joined clause whose subject is another compound."""


def _enclosing_aside(before: str, after: str) -> tuple[int, int] | None:
    """Where a data aside around a mention opens (in `before`) and closes (in `after`).

    Only an aside with a value besides the label ("(1.9 h for 2a)") is data; "(2a)"
    alone names the compound its clause is about, and goes with that clause.
    """
    opened = before.rfind("(")
    if opened < 0 or ")" in before[opened:]:
        return None
    closed = after.find(")")
    if closed < 0 or "(" in after[:closed]:
        return None
    if not re.search(r"\d", before[opened + 1 :] + after[:closed]):
        return None  # "the dimethyl analogue (2a)": the label names what the clause is about
    return opened, closed + 1


def _after_clause(text: str) -> str:
    """What follows the clause that opens `text`: from its first ';' outside brackets on."""
    return text if text.startswith(";") else text[len(first_statement(text)) :]


_CAUSATIVE = re.compile(
    r"\b(?:made|makes|make|rendered|renders|render|left|leaves|kept|keeps)\s+(?:compound\s+)?$",
    re.IGNORECASE,
)
"""A causative verb before the label: its object is the compound the effect is about."""
_FOLLOWING_WORD = re.compile(r"\s+(?:and|or)\s")
"""'relative to 1 and 2': a list, not cut."""
_COMPARISON_MARKER = re.compile(
    r"\b(?:than|relative to|compared (?:with|to)|versus|vs\.?|unlike|in contrast to|"
    r"as\s+\w+\s+as|that of|those of|to the (?:blue|red) of|from\s+[^,;()]{1,20}?\s+for|"
    r"above|below|matched|matches|equalled|equaled|rivalled|rivaled|exceeded|exceeds|"
    r"outperformed|outperforms|surpassed|surpasses)\s",
    re.IGNORECASE,
)
_EQUATIVE_REFERENCE = re.compile(
    r"\bas\s+(?:with|for|in|on|by|from|to|that\s+of)\s+(?:compound\s+)?$", re.IGNORECASE
)
"""'twice as fast with 1c as with 1b': the second term of an 'as ... as' comparison
(blind-49)."""
_DESCRIBED_PARTNER = re.compile(
    r"\b(?!(?:the|its|their|an?|this|that)\s)[\w-]+\s+(?:analogue|analog|isomer|congener|"
    r"counterpart|homologue|homolog|derivative|epimer|enantiomer)s?\s+$",
    re.IGNORECASE,
)
"""'its phenyl analogue 2a': the other compound said by how it differs ('the analogue 2a'
is not)."""
