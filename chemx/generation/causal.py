"""Causal constructions of explanatory prose, as a table of token patterns.

A construction is a pattern over the tagged tokens of `chemx.generation.clauses` that
cuts a sentence into named parts: the ``cause`` (what the feature is and does), the
``effect`` (what was observed), and for a matched pair the two compound labels and the
groups exchanged. The table, `CONSTRUCTIONS`, is tried in order and the first pattern
that matches reads the sentence; the order encodes which connective wins when a sentence
has several (a sentence-initial "Because C, E" frames the whole sentence; an explicit
cause marker such as "due to" outranks a result verb that a procedure heads).

Long module: the construction table is one ordered list whose order is the rule (which
connective wins); split across modules, that order could no longer be read in one place.

Pattern syntax (space-separated elements):

==============  ======================================================================
``^``           the sentence start
``word|w2``     one of these words; ``due_to`` is the two-word sequence "due to"
``@TAG|TAG2``   one token of these word classes (`chemx.generation.clauses.Tag`)
``&class``      one phrase of a word class of `CLASSES` ("&effect_verb")
``=&class``     the next tokens are a phrase of the class (nothing is consumed)
``!&class``     the next tokens are not a phrase of the class (nothing is consumed)
``<name>``      a span of one or more tokens, as short as possible
``<name+>``     a span of one or more tokens, as long as possible
``<name=@TAG>`` one token of the class, captured under `name`
suffix ``?``    the element may be absent; suffix ``*``: zero or more times
==============  ======================================================================
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Literal

from chemx.generation.clauses import Tag, Token

EffectForm = Literal["np", "vp", "clause"]
"""How the effect reads: a noun phrase ("a 7-fold gain"), a verb phrase whose subject is
the feature ("improves potency 7-fold"), or a clause with its own subject ("no product
formed without base"). The stem and option frames depend on it."""

CLASSES: dict[str, str | tuple[str, ...]] = {
    "np_effect_verb": (
        "accounts for|account for|accounted for|explains|explain|explained|leads to|lead to"
        "|led to|results in|result in|resulted in|gives rise to|gave rise to|is responsible for"
        "|are responsible for|was responsible for|were responsible for|underlies|underlie",
    ),
    "vp_effect_verb": (
        "raises|raised|keeps|kept|extends|extended|ensures|ensured|enables|enabled|allows"
        "|allowed|improves|improved|accelerates|accelerated|increases|increased|reduces"
        "|reduced|shifts|shifted|switches on|switched on|speeds up|sped up|prevents|prevented"
        "|suppresses|suppressed|makes|made|renders|rendered|causes|caused|produces|produced"
        "|affords|afforded|gives|gave|lowers|lowered|shortens|shortened|favours|favoured"
        "|favors|favored|boosts|boosted|drives|drove|slows|slowed|leaves|left|decreases"
        "|decreased|enhances|enhanced|abolishes|abolished|blocks|blocked|halves|halved"
        "|doubles|doubled|quenches|quenched|red-shifts|red-shifted|restores|restored|cuts|cut",
    ),
    "and_effect_verb": (
        "shifts|shifted|raises|raised|improves|improved|increases|increased|accelerates"
        "|accelerated|extends|extended|enables|enabled|allows|allowed|keeps|kept|switches on"
        "|switched on|affords|afforded",
    ),
    "np_result_participle": (
        "leading to|resulting in|giving rise to|giving|affording|producing|yielding|causing",
    ),
    "vp_result_participle": (
        "allowing|enabling|making|rendering|raising|lowering|increasing|decreasing|reducing"
        "|improving|preventing|ensuring|favouring|favoring|accelerating|facilitating"
        "|eliminating|affecting|blocking|suppressing|keeping|extending",
    ),
    "consequence": "as a result|consequently|hence|therefore|thus|accordingly|as a consequence",
    "cause_marker": (
        "due to|owing to|because of|on account of|as a result of|thanks to|as a consequence of",
    ),
    "attribution": (
        "attributed to|ascribed to|attributable to|the result of|a result of|a consequence of"
        "|caused by|driven by|governed by|dictated by|controlled by|determined by|explained by"
        "|traced to|traceable to",
    ),
    # not "assign": "we assign the signal at 5.2 ppm to H-3" is spectroscopy
    "attribute_verb": "attribute|ascribe|trace",
    "origin_verb": (
        "arises from|arise from|arose from|stems from|stem from|stemmed from|originates from|"
        "originated from|originates in|originated in|results from|resulted from|derives from|"
        "derived from|reflects|reflect|reflected|is consistent with|are consistent with",
        # "the ΔΔG‡ of 2.1 kcal mol−1 arises mainly from a steric clash" (blind-59)
        "|".join(
            f"{verb} {degree} from"
            for verb in ("arises", "arise", "arose", "stems", "stem", "results", "derives")
            for degree in ("mainly", "largely", "partly", "chiefly", "primarily", "mostly")
        ),
    ),
    # an observation followed by the structure behind it, as a participle or an
    # adjective phrase ("..., reflecting destabilisation of the HOMO by the alkyl groups")
    "origin_participle": (
        "reflecting|consistent with|in line with|in keeping with|in accord with",
    ),
    "epistemic_verb": (
        "propose|suggest|believe|reason|think|speculate|postulate|hypothesise|hypothesize"
        "|surmise|suspect",
    ),
    "why": "which is why|this is why|that is why|which explains why|which explains how",
    "evidential": (
        "suggesting that|indicating that|implying that|which suggests that"
        "|which indicates that|which implies that",
    ),
    "hedge": (
        "likely|presumably|probably|possibly|perhaps|mostly|mainly|largely|partly|most likely"
        "|in part|at least in part|mainly|primarily|apparently|plausibly",
    ),
    "possession": "bearing|having|carrying|containing|lacking|featuring|possessing",
    "as_not_causal": (
        "for|to|with|in|well|such|part|a result|a consequence|shown|expected|described"
        "|mentioned|noted|reported|seen|observed|depicted|illustrated|outlined|summarized"
        "|summarised|discussed|previously|indicated|demonstrated|evidenced|determined"
        "|measured|judged|follows|opposed|compared|far as|long as|soon as|much as",
    ),
    "replace": (
        "replacing|replacement of|exchanging|exchange of|swapping|substituting|substitution of"
        "|switching|changing|conversion of|converting",
    ),
    "introduce": "introduction of|introducing|installation of|installing|addition of|adding",
    "remove": "removal of|removing|deletion of|deleting|loss of",
    "pair_result": "gave|afforded|provided|yielded|furnished|to give|giving|led to|resulted in",
}
"""Closed word classes of the constructions; '|' separates phrases."""


@cache
def phrases(name: str) -> tuple[tuple[str, ...], ...]:
    """The phrases of a class as word tuples, longest first (so 'most likely' beats 'likely')."""
    raw = CLASSES[name]
    text = "|".join(raw) if isinstance(raw, tuple) else raw
    found = {tuple(phrase.split()) for phrase in text.split("|") if phrase.strip()}
    return tuple(sorted(found, key=len, reverse=True))


@dataclass(frozen=True)
class Construction:
    """One causal construction: its pattern and how to read what it captures."""

    name: str
    pattern: str
    effect_form: EffectForm
    family: Literal[
        "cause_first", "effect_first", "means", "pair", "subject", "evidential", "gerund_lead"
    ]
    """Where the cause sits: before the effect ('cause_first'), after it ('effect_first'),
    in a 'by V-ing' adjunct ('means'), in a matched-pair comparison ('pair'), in the
    subject of an effect verb ('subject', which then needs a mechanism of its own), or
    in an inference drawn from the observation ('evidential': "X is not tolerated,
    suggesting that a crowded intermediate forms": X is the feature, the inference the
    mechanism)."""


CONSTRUCTIONS: tuple[Construction, ...] = (
    # matched pairs: two labelled compounds and the groups exchanged between them
    Construction(
        "pair_replace",
        "^ &replace <from_group> of|in|on <from=@LABEL> with|by|for|to <to_group> "
        "&pair_result <to=@LABEL> ,? <rest+>",
        "clause",
        "pair",
    ),
    Construction(
        "pair_replace",
        "^ &replace <from_group> of|in|on <from=@LABEL> with|by|for|to <to_group> "
        "<to=@LABEL> ,? <rest+>",
        "clause",
        "pair",
    ),
    # "Replacing the acid of the zwitterion 13a by a tetrazole ring (13b) cut ..."
    Construction(
        "pair_replace",
        "^ &replace <from_group> of|in|on the @WORD <from=@LABEL> with|by|for|to <to_group> "
        "<to=@LABEL> ,? <rest+>",
        "clause",
        "pair",
    ),
    Construction(
        "pair_introduce",
        "^ &introduce <to_group> of|in|on|into|to <from=@LABEL> &pair_result <to=@LABEL> ,? "
        "<rest+>",
        "clause",
        "pair",
    ),
    Construction(
        "pair_remove",
        "^ &remove <from_group> of|in|on|from <from=@LABEL> &pair_result <to=@LABEL> ,? <rest+>",
        "clause",
        "pair",
    ),
    Construction(
        "pair_relative",
        "^ compound|analogue|analog|derivative? <to=@LABEL> , in_which|where <from_group> "
        "of|in <from=@LABEL> is|was|are|were replaced|exchanged|substituted by|with|for "
        "<to_group> , <rest+>",
        "clause",
        "pair",
    ),
    Construction(
        "pair_comparative",
        "^ <to_group> <to=@LABEL> is|was|were|are <pair_effect> than <from=@LABEL> ,? <rest+>",
        "clause",
        "pair",
    ),
    # the whole sentence framed by a leading adverbial clause ("With its X bound to Y, ...")
    Construction(
        "because_lead", "^ because|since|given_that <cause> , <effect+>", "clause", "cause_first"
    ),
    # "As X, Y" is causal; "As for X", "As shown in Table 2", "As a result" are not
    Construction(
        "because_lead", "^ as !&as_not_causal <cause> , <effect+>", "clause", "cause_first"
    ),
    Construction("due_to_lead", "^ &cause_marker <cause> , <effect+>", "clause", "effect_first"),
    Construction(
        "when_lead", "^ when|whenever|once|if <cause> , <effect+>", "clause", "cause_first"
    ),
    Construction("participle_lead", "^ &possession <cause> , <effect+>", "clause", "cause_first"),
    Construction("means_lead", "^ by <cause> , <effect+>", "vp", "means"),
    # "Raising the HOMO of the polyene more than its LUMO, the para-methoxy groups of 5a
    # shift the band to 592 nm": what the effect's subject does, fronted (blind-60)
    Construction(
        "gerund_lead",
        "^ !&possession !&replace !&introduce !&remove <gerund=@VBG> <cause> , <effect+>",
        "vp",
        "gerund_lead",
    ),
    Construction("with_lead", "^ with <cause> , <effect+>", "clause", "cause_first"),
    # explicit cause markers: the cause follows
    Construction("attributed_to", "<effect> &attribution <cause+>", "np", "effect_first"),
    # the active voice: "We attribute the gain to X", "E, which we ascribe to X",
    # "E; we attribute this to X"
    Construction(
        "we_attribute",
        "^ we @ADV? &attribute_verb <effect> to <cause+>",
        "np",
        "effect_first",
    ),
    Construction(
        "we_attribute",
        "<effect> , which we @ADV? &attribute_verb @ADV? to <cause+>",
        "np",
        "effect_first",
    ),
    Construction(
        "we_attribute",
        "<effect> ;|, and? we @ADV? &attribute_verb this|these|it|that @ADV? to <cause+>",
        "np",
        "effect_first",
    ),
    # "E, an improvement we ascribe to X", "E, a difference that we attribute mainly to X"
    Construction(
        "we_attribute",
        "<effect> , a|an @WORD that|which? we @ADV? &attribute_verb @ADV? to <cause+>",
        "np",
        "effect_first",
    ),
    Construction("due_to", "<effect> &cause_marker <cause+>", "np", "effect_first"),
    Construction("arises_from", "<effect> &origin_verb <cause+>", "np", "effect_first"),
    Construction(
        "reflecting", "<effect> , &hedge? &origin_participle <cause+>", "np", "effect_first"
    ),
    # result connectives: the effect follows
    Construction(
        "consequence", "<cause+> ;|, and? &consequence ,? <effect>", "clause", "cause_first"
    ),
    Construction("consequence", "<cause+> and &consequence ,? <effect>", "clause", "cause_first"),
    Construction("which_is_why", "<cause+> ,|; &why <effect>", "clause", "cause_first"),
    Construction("effect_verb", "<cause+> &np_effect_verb <effect>", "np", "cause_first"),
    Construction(
        "which_effect",
        "<cause+> ,? which|that|and_thereby|thereby|and_this|and_thus|thus @ADV? =&vp_effect_verb "
        "<effect>",
        "vp",
        "cause_first",
    ),
    Construction("and_effect", "<cause+> ,? and =&and_effect_verb <effect>", "vp", "cause_first"),
    Construction(
        "participle",
        "<cause+> ,|and thereby|thus? &np_result_participle <effect>",
        "np",
        "cause_first",
    ),
    Construction(
        "participle",
        "<cause+> ,|and thereby|thus? =&vp_result_participle <effect>",
        "vp",
        "cause_first",
    ),
    Construction("thereby", "<cause+> ,? and? thereby|thus <effect>", "vp", "cause_first"),
    Construction("so", "<cause+> , so <effect>", "clause", "cause_first"),
    # subordinate cause after the main clause
    Construction("because", "<effect> ,? because|since <cause+>", "clause", "effect_first"),
    Construction("as", "<effect> , as !&as_not_causal <cause+>", "clause", "effect_first"),
    # "..., presumably as its para methyl group is oxidised" (blind-54)
    Construction("as", "<effect> , &hedge as !&as_not_causal <cause+>", "clause", "effect_first"),
    Construction("means", "<effect> by <cause+>", "vp", "means"),
    Construction("evidential", "<effect> , &evidential <cause+>", "vp", "evidential"),
    Construction("when", "<effect> ,? when|whenever <cause+>", "clause", "effect_first"),
    # "X hinders coordination ..., and so lowers the yield" (after 'because', the cause's)
    Construction("consequence", "<cause+> ,? and so <effect>", "clause", "cause_first"),
    # "X makes/renders Y": the subject is the feature and holds the mechanism; not passive
    Construction(
        "causal_verb", "<cause> !&attribution =&vp_effect_verb <effect+>", "vp", "subject"
    ),
    # an absolute clause: "A second nitro group (7) gave a further shift, the extra acceptor
    # withdrawing ..." (`chemx.generation.extract` reads it as a noun + participle only)
    Construction("absolute", "<effect> , the|its|their <cause+>", "clause", "effect_first"),
    # last: an observation, then a colon and the structure that explains it ("Without its
    # CF3 groups, 1e gave only 35% yield: the electron-poor aryl group of 1a acidifies ...")
    Construction("colon", "<effect> : <cause+>", "clause", "effect_first"),
    # the same after a semicolon, when the second clause opens on a structure: "4d gave only
    # 21% ee; its 3,5-bis(trifluoromethyl)phenyl groups make the acid markedly stronger",
    # "...; we propose that the ortho-methyl groups twist the carbamate ..."
    Construction(
        "colon", "<effect> ; &hedge? its|their|the|these|this <cause+>", "clause", "effect_first"
    ),
    Construction(
        "colon", "<effect> ; we @ADV? &epistemic_verb that <cause+>", "clause", "effect_first"
    ),
)
"""The constructions, in the order they are tried."""


@dataclass(frozen=True)
class Reading:
    """A construction matched on a sentence: the token spans it captured."""

    construction: Construction
    spans: dict[str, tuple[int, int]]
    """Capture name -> (start, end) token indices."""


# -- the pattern matcher -----------------------------------------------------------------


@dataclass(frozen=True)
class _Element:
    kind: Literal["start", "words", "tags", "class", "look", "not_look", "slot", "capture"]
    options: tuple[tuple[str, ...], ...] = ()
    tags: frozenset[Tag] = frozenset()
    name: str = ""
    greedy: bool = False
    quantity: Literal["one", "optional", "many"] = "one"


@cache
def compile_pattern(pattern: str) -> tuple[_Element, ...]:
    """Parse a pattern string (module docstring) into elements."""
    elements: list[_Element] = []
    for raw in pattern.split():
        quantity: Literal["one", "optional", "many"] = "one"
        if raw.endswith("?") and len(raw) > 1:
            raw, quantity = raw[:-1], "optional"
        elif raw.endswith("*") and len(raw) > 1:
            raw, quantity = raw[:-1], "many"
        if raw == "^":
            elements.append(_Element("start"))
        elif raw.startswith("<") and raw.endswith(">"):
            inner = raw[1:-1]
            if "=" in inner:
                name, _, tags = inner.partition("=")
                elements.append(_Element("capture", tags=_tags(tags), name=name))
            else:
                greedy = inner.endswith("+")
                elements.append(_Element("slot", name=inner.rstrip("+"), greedy=greedy))
        elif raw.startswith("=&"):
            elements.append(_Element("look", options=phrases(raw[2:])))
        elif raw.startswith("!&"):
            elements.append(_Element("not_look", options=phrases(raw[2:])))
        elif raw.startswith("&"):
            elements.append(_Element("class", options=phrases(raw[1:]), quantity=quantity))
        elif raw.startswith("@"):
            elements.append(_Element("tags", tags=_tags(raw), quantity=quantity))
        else:
            options = tuple(tuple(option.split("_")) for option in raw.split("|"))
            elements.append(_Element("words", options=options, quantity=quantity))
    return tuple(elements)


def _tags(text: str) -> frozenset[Tag]:
    return frozenset(Tag(name) for name in text.lstrip("@").split("|"))


def match(pattern: str, tokens: list[Token]) -> dict[str, tuple[int, int]] | None:
    """The captures of the first match of `pattern` on the whole token list, or None."""
    elements = compile_pattern(pattern)
    words = [token.lower for token in tokens]
    return next(_match(elements, 0, tokens, words, 0, {}), None)


def opens_with(name: str, words: list[str], at: int) -> bool:
    """Whether a phrase of the word class `name` starts at `words[at]` (lower-cased words)."""
    return next(_phrase_at(phrases(name), words, at), None) is not None


def _phrase_at(options: tuple[tuple[str, ...], ...], words: list[str], at: int) -> Iterator[int]:
    for option in options:
        if tuple(words[at : at + len(option)]) == option:
            yield at + len(option)


def _match(
    elements: tuple[_Element, ...],
    index: int,
    tokens: list[Token],
    words: list[str],
    at: int,
    spans: dict[str, tuple[int, int]],
) -> Iterator[dict[str, tuple[int, int]]]:
    if index == len(elements):
        if at == len(tokens):
            yield spans
        return
    element = elements[index]
    rest = (elements, index + 1, tokens, words)
    if element.kind == "start":
        if at == 0:
            yield from _match(*rest, at, spans)
        return
    if element.kind == "slot":
        ends = range(at + 1, len(tokens) + 1)
        for end in reversed(ends) if element.greedy else ends:
            yield from _match(*rest, end, {**spans, element.name: (at, end)})
        return
    if element.kind == "capture":
        if at < len(tokens) and tokens[at].tag in element.tags:
            yield from _match(*rest, at + 1, {**spans, element.name: (at, at + 1)})
        return
    if element.kind == "look":
        if any(True for _ in _phrase_at(element.options, words, at)):
            yield from _match(*rest, at, spans)
        return
    if element.kind == "not_look":
        if not any(True for _ in _phrase_at(element.options, words, at)):
            yield from _match(*rest, at, spans)
        return
    if element.quantity != "one":
        yield from _match(*rest, at, spans)  # absent
    for end in _single(element, tokens, words, at):
        if element.quantity == "many":
            yield from _match(elements, index, tokens, words, end, spans)
        else:
            yield from _match(*rest, end, spans)


def _single(element: _Element, tokens: list[Token], words: list[str], at: int) -> Iterator[int]:
    if at >= len(tokens):
        return
    if element.kind == "tags":
        if tokens[at].tag in element.tags:
            yield at + 1
        return
    yield from _phrase_at(element.options, words, at)


def _required_words(elements: tuple[_Element, ...]) -> list[frozenset[str]]:
    """For each obligatory word/class element, the first words any of its phrases start with."""
    needed = []
    for element in elements:
        if element.kind in ("words", "class", "look") and element.quantity == "one":
            needed.append(frozenset(option[0] for option in element.options))
    return needed


def readings(tokens: list[Token]) -> Iterator[Reading]:
    """Every construction that matches the sentence, in table order."""
    present = {token.lower for token in tokens}
    for construction in CONSTRUCTIONS:
        elements = compile_pattern(construction.pattern)
        if any(not (needed & present) for needed in _required_words(elements)):
            continue  # a required connective is missing: skip the search
        spans = match(construction.pattern, tokens)
        if spans is not None:
            yield Reading(construction, spans)
