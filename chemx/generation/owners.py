"""Which compound an explanation is about: the owners of its cause and of its effect.

A sentence that names several compounds can explain one of them only: "The ortho-methyl
groups on the meso-aryl ring of 6c raise the quantum yield ..., and a dimethylaminostyryl
donor shifts the emission of 6f" explains 6c, and "Without its CF3 groups, the thiourea 1e
gave only 35% yield: the ... aryl group of 1a acidifies the N–H" says that 1e gave 35%.
Asked on the other compound's drawing, a question would credit it with the explanation.

QC 2 asks this to tell whether a block's explanation is about its target (an entity
match, seed 002 section 3.2), and the offline generator asks it again for the drawing it
writes the question on (a matched pair's partner may own the cause there).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from chemx.generation.clauses import Tag, predicate_start, text_of, tokenise
from chemx.generation.extract import Decomposition, EffectForm
from chemx.generation.lexicon import making_verbs
from chemx.labels import canonical_text, find_mentions, is_label
from chemx.labels.codes import read_code


def feature_at(text: str, feature: str) -> int:
    """Where the sentence names the feature as the decomposition gave it, or -1."""
    return text.lower().find(feature.lower()) if feature else -1


def cause_owners(text: str, feature: str) -> tuple[str, ...]:
    """The labels the sentence gives the cause's owners ("the Boc carbamate of 1 and 2").

    The labels right after "of"/"in" (and "the", "compound", or one name: "the methyl
    groups of duroquinone 6") behind the feature or inside it, joined by 'and', 'or' or
    commas, up to the first other word, or in a place phrase just before the feature
    (`FRONTED_OWNER`); () when the sentence names none.
    """
    at = feature_at(text, feature)
    if at < 0:
        return ()
    after = text[at + len(feature) :].split()
    inside = feature.split()
    for index, word in enumerate(inside[1:], start=1):
        if word.lower() in ("of", "in"):
            owners = _owner_labels([*inside[index + 1 :], *after][:8])
            if owners:
                return owners
    if after and after[0].lower() in ("of", "in"):
        return _owner_labels(after[1:8])
    fronted = FRONTED_OWNER.search(text[:at])
    if fronted and is_label(fronted["label"]) and find_mentions(fronted["label"], fronted[0]):
        return (fronted["label"],)  # "because in the ortho-hydroxy imines of 3c the N lone pair"
    return ()


FRONTED_OWNER = re.compile(
    r"\b(?:in|for)\s+(?:(?:the|its|their)\s+)?(?:[\w′'–-]+\s+){0,4}?(?:(?:of|in)\s+)?"
    r"(?P<label>[^\s,;()]+)\s*,?\s+(?:the|its|their)\s+$",
    re.I,
)
"""A place phrase that names the compound just before the feature: "because in the
ortho-hydroxy imines of 3c the nitrogen lone pair is already engaged", "in 5, the ring"."""


NAME_BEFORE_LABEL = re.compile(
    r"[a-z][a-z]*|[A-Za-z][\w′'–-]*-(?:type|based|derived)|[A-Z][a-z]+[A-Z]\w*"
)
"""One name that may stand before an owner's label: 'duroquinone 6', 'BrettPhos-type 2c',
'XPhos 2b' (blind-69)."""


def _owner_labels(words_after: list[str]) -> tuple[str, ...]:
    """The labels that open `words_after` ("1 and 2", "the compound 6", "duroquinone 6")."""
    owners: list[str] = []
    named = False  # one name may stand before the label: "of duroquinone 6"
    for word in words_after:
        token = _label_token(word)
        if is_label(token) and find_mentions(token, word):
            owners.append(token)
        elif token.lower() in ("and", "or") or (
            not owners and token.lower() in ("the", "compound", "compounds")
        ):
            continue
        elif not owners and not named and NAME_BEFORE_LABEL.fullmatch(token):
            named = True
            continue
        else:
            break  # "of the ring": the owner is no compound named by its label
        if word.endswith((";", ":", ".")):
            break
    return tuple(owners)


def _label_token(word: str) -> str:
    """The word without punctuation around it, keeping a stereodescriptor ('(S)-4,')."""
    kept = word.strip(",;:.")
    return kept if is_label(kept) else word.strip(",;:.()")


def effect_subject(effect: str, form: EffectForm) -> str:
    """The subject of a clause effect, or ''.

    'A C-8 chlorine' of 'A C-8 chlorine raised potency' may be a cause; what a comparison
    names ('than cyclohexanecarboxylic acid') is not.
    """
    if form != "clause":
        return ""
    tokens = tokenise(effect)
    start = predicate_start(tokens)
    return text_of(effect, tokens, 0, start) if start else ""


USED_COMPOUND = re.compile(
    r"^(?:adding|using|employing|introducing)\s+(?:the\s+)?(?:[a-z]+\s+)?(?P<label>\S+)$", re.I
)
"""A gerund subject whose object is one compound ('Adding L1', 'Using catalyst C3'): the
observation is that compound's."""


CHANGE_RESULT = re.compile(r"\(\s*(?P<label>[^\s,;()]+)\s*\)\s*$")
"""The compound a gerund change made, in parentheses at its end ('Locking the amine into a
julolidine (1b)', 'Switching to PCy3 (1d)', 'Methylating the distal piperazine nitrogen
(3b)', blind-51): the observation is that compound's."""


def change_subject(reading: Decomposition) -> str:
    """The effect's subject when it is a change someone made, else ''.

    "Locking the amine into a julolidine (1b)", "Replacing PCy3 with PPh3": a gerund
    subject. Its groups are as defensible an answer as the cause, though the stem no
    longer names them ("One structural change raised ...").
    """
    subject = effect_subject(reading.effect, reading.effect_form)
    tokens = tokenise(subject)
    return subject if tokens and tokens[0].tag is Tag.VBG else ""


def _label_word(word: str, text: str) -> str:
    """The label a word of `text` is ('(R)-1c', '(5)' -> '5'), or ''."""
    for form in (word.rstrip(",;:."), word.strip(",;:()")):
        if form and is_label(form) and find_mentions(form, text):
            return form
    return ""


def effect_owners(reading: Decomposition) -> tuple[str, ...]:
    """The labels that the effect's subject names ("the thiourea 1e gave ..."); () if none.

    An effect taken from the sentence before is owned by the labels of its subject; one
    whose subject is a change someone made ("Replacing the acid of 13a by a tetrazole cut
    ...") has no owner here, unless it names what the change made ("... by a tetrazole
    (13b) cut ...": 13b's, but not when taken from the sentence before); one whose
    subject uses a compound ("Adding L1 raised the yield") is that compound's.
    """
    subject = effect_subject(reading.effect, reading.effect_form)
    if reading.effect_from_previous:
        # "4a inhibited HDAC1 ... . This class I selectivity originates in the
        # ortho-amino anilide itself, ...": the sentence before is 4a's (blind-64)
        if reading.effect_form != "clause" or change_subject(reading):
            return ()
        return tuple(label for word in subject.split() if (label := _label_word(word, subject)))
    if change_subject(reading):
        used = USED_COMPOUND.match(subject.strip())
        named = used["label"] if used else ""
        if not named:
            made = CHANGE_RESULT.search(subject)
            named = made["label"] if made else ""
        return (named,) if named and (is_label(named) or read_code(named)) else ()
    if reading.effect_form == "np":  # "the higher selectivity of 5b": 5b's (blind-55)
        return tuple(
            label
            for match in OWNED_BY_LABEL.finditer(reading.effect)
            if (label := _label_word(match["label"], reading.effect))
        )
    named = tuple(label for word in subject.split() if (label := _label_word(word, subject)))
    if not named and reading.effect_form == "vp":
        made = MADE_OBJECT.match(reading.effect)  # "makes 4c the most stable compound"
        if made and is_label(made["label"]) and find_mentions(made["label"], made[0]):
            return (made["label"],)
    if named or reading.effect_form != "clause":
        return named
    compared = COMPARED_FOR.search(reading.effect[len(subject) :])
    return (compared["first"],) if compared and is_label(compared["first"]) else ()


OWNED_BY_LABEL = re.compile(r"\bof\s+(?:compound\s+)?(?P<label>[^\s,;]+)")
"""A noun-phrase effect's owner: the label after 'of' ('the higher selectivity of 5b')."""


MADE_OBJECT = re.compile(
    r"^(?:makes?|made|renders?|rendered|leaves|left|keeps|kept)\s+(?:compound\s+)?"
    r"(?P<label>[^\s,;()]+)\s+(?:the|a|an|more|less|much|far|[a-z]+(?:er|ly)\b)",
    re.I,
)
"""A causative effect whose object is a compound ('makes 4c the most stable compound',
'renders 7 more soluble'): what the feature did, it did to that compound, which owns the
observation."""


def compound_subject(reading: Decomposition, own: Iterable[str]) -> Decomposition:
    """A verb-phrase effect as a clause about the compound, when the feature names it.

    "The methyl ester 5b does not bind either receptor ... yet is the most active
    compound": the subject is the compound, named by its class, so "One structural
    feature does not bind either receptor" would make a group the actor. The effect is
    then the clause "methyl ester 5b does not bind ...", which the stem writes about the
    compound shown. Other readings are returned unchanged.
    """
    if reading.effect_form != "vp" or reading.effect_from_previous:
        return reading
    words = reading.feature.split()
    if len(words) < 2 or words[-2].lower() in ("of", "in", "on", "for"):
        return reading  # "the 4-fluoro group of 5b" is a part of the compound
    named = words[-1].strip("()")
    if not is_label(named) or not any(same_compound(named, label) for label in own if label):
        return reading
    return replace(reading, effect=f"{reading.feature} {reading.effect}", effect_form="clause")


COMPARED_FOR = re.compile(
    r"\bfor\s+(?:compound\s+)?(?P<first>[^\s,;()]+)(?:[^.;]|\.(?=\d)){0,60}?"
    r"\b(?:than|but|whereas|while|compared|relative|versus|vs)\b(?:[^.;]|\.(?=\d)){0,30}?"
    r"\bfor\s+(?:compound\s+)?(?P<second>[^\s,;()]+)",
    re.I,
)
"""'Roll-off was much smaller for 7e than for 7b', 'α was 6.5 for 3c but only 1.3 for 3a':
a property compared between two compounds, said first of the one the explanation is
about (the cause that follows is 7e's methyl groups, 3c's rigid linker)."""


def same_compound(one: str, other: str) -> bool:
    """Whether two labels name one compound, by the label grammar's stereo rule.

    '(S)-4' and '4' do (authors drop the descriptor after the first mention); '(R)-4'
    and '(S)-4' do not (`chemx.labels.find_mentions`).
    """
    return bool(find_mentions(one, other))


def foreign_cause_owners(text: str, feature: str, own: Iterable[str]) -> tuple[str, ...]:
    """The cause's owners when the sentence names some and none of them is in `own`."""
    owners = cause_owners(text, feature)
    own = tuple(own)
    mine = any(same_compound(owner, label) for owner in owners for label in own)
    return owners if owners and not mine else ()


DATA_PARENTHESIS = re.compile(
    r"\(\s*(?:compound\s+)?(?P<label>[^\s,;()]+)\s*[,;]\s*[^()]*?(?:=|>|<|≈|%|\bnM\b|[µμ]M\b)"
)
"""'(2, IC50 > 30 μM)', '(10a, Ki = 2.0 nM)': the compound the observation was made on."""


def data_owners(text: str) -> tuple[str, ...]:
    """The labels that open the sentence's data parentheses ('abolished activity (2, ...)').

    When the observation's subject is a change ("N-Methylation of the pyrrole nitrogen
    abolished activity (2, IC50 > 30 μM), which we attribute to the loss of the hydrogen
    bond that the pyrrole NH of 1 donates"), the measured compound is named only there.
    """
    return tuple(
        match["label"]
        for match in DATA_PARENTHESIS.finditer(text)
        if is_label(match["label"]) and find_mentions(match["label"], match[0])
    )


def foreign_effect_owners(reading: Decomposition, own: Iterable[str], text: str = "") -> list[str]:
    """The effect's owners that are not in `own`.

    The owners are the labels the effect's subject names. An effect with no subject of its
    own (a verb phrase after the feature) is owned by the labels that open the sentence's
    data parentheses (`data_owners`); one of them in `own` is enough.
    """
    own = tuple(own)
    subject = effect_owners(reading)
    if reading.effect_from_previous:
        # "ortho-substituted anilines 3c and 3d gave lower yields. This might be due to
        # ...": the sentence before names the compound among others; one is enough
        foreign = _not_own(subject, own)
        return [] if len(foreign) < len(subject) else foreign
    if subject or reading.effect_form == "clause":
        return _not_own(subject, own)
    measured = data_owners(text)
    foreign = _not_own(measured, own)
    return [] if len(foreign) < len(measured) else foreign


MADE_PRODUCT = re.compile(
    rf"\b(?:{making_verbs('to', 'past', 'gerund')})\s+"
    r"(?:compound\s+)?(?P<label>\(?[A-Za-z]?\d+[a-z]{0,2}\)?)(?=[\s,;.)]|$)"
)


def made_compounds(reading: Decomposition) -> set[str]:
    """The labels an effect says its subject made ("3b reacted at C6 to give 4b").

    Such an effect is what the starting compound did; asked on the product's drawing,
    "One structural feature reacted ... to give the compound shown" (blind-52) says
    nothing a reader can check.
    """
    if reading.effect_form not in ("vp", "clause"):
        return set()  # "the yield of 4b": a noun phrase makes nothing
    return _effect_labels(MADE_PRODUCT, reading.effect)


def _effect_labels(pattern: re.Pattern[str], effect: str) -> set[str]:
    """The compound labels `pattern`'s `label` group finds in an effect, canonical."""
    found = (match["label"].strip("()") for match in pattern.finditer(effect))
    return {canonical_text(label) for label in found if is_label(label)}


MEASURED_OUTCOME = re.compile(
    r"\b(?:(?:(?<!quantum )(?<!fluorescence )(?<!luminescence )(?<!triplet )(?<!oxygen )"
    r"yields?|formation|amount)\s+of|(?:suppress|disfavou?r)(?:ed|es|ing)?)\s+"
    r"(?:the\s+)?(?:[\w′'–-]+\s+){0,3}?(?P<label>\(?[A-Za-z]?\d+[a-z]{0,2}\)?)(?=[\s,;.)]|$)",
    re.IGNORECASE,
)
"""A compound an effect measures as what a reaction made: 'the yield of 4 stalls',
'increased the yield of the cross-coupled product 4 and suppressed biaryl 5'. A quantum
yield is a property of the compound itself ('The quantum yield of 3 fell')."""


def outcome_compounds(reading: Decomposition) -> set[str]:
    """The labels an effect measures as a reaction's outcome, when its cause has no owner.

    "Adding a second methyl group (2b) was detrimental: the two flanking methyl groups
    distort the nickel coordination ..., so that ... the yield of 4 stalls at 34%": the
    methyl groups are the ligand's, and asked on the drawing of product 4 the question
    credits it with them (blind-63). A cause the sentence gives an owner ("its ester",
    "the ester of 4") is left to `explains_other`; a noun-phrase effect ("the higher
    yield of 4b") measures nothing a verb did.
    """
    if reading.effect_form not in ("vp", "clause"):
        return set()
    if reading.feature.lower().startswith(("its ", "their ")):
        return set()
    if cause_owners(f"{reading.feature} {reading.mechanism}", reading.feature):
        return set()
    return _effect_labels(MEASURED_OUTCOME, reading.effect)


def _not_own(owners: Iterable[str], own: tuple[str, ...]) -> list[str]:
    return [label for label in owners if not any(same_compound(label, mine) for mine in own)]


def explains_other(text: str, reading: Decomposition, own: Iterable[str]) -> str | None:
    """Why the explanation is another compound's and not one of `own`; None when it is not.

    The cause's owners must include one of `own` when the sentence names any; the effect's
    subject must name none but `own`.
    """
    own = tuple(own)
    owners = foreign_cause_owners(text, reading.feature, own)
    if owners:
        return f"the sentence gives the cause {reading.feature!r} to {' and '.join(owners)}"
    others = foreign_effect_owners(reading, own, text)
    if others:
        return f"the effect is {others[0]}'s"
    return None
