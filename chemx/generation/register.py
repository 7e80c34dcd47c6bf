"""One register for all four options: a shared causal chain, plain feature names, matched lengths.

An item gives its answer away when the correct option reads differently from the
distractors: the paper's wording against a table's (seed 002, section 5.2, and the
shortcut battery in `chemx.qc.shortcut_battery`). The template generator takes three
steps so that the four options differ only in the feature and what it does:

1. **A shared chain.** A paper's mechanism often says what the feature does and then
   how that leads to the effect: "binds Pd(II) too strongly *and slows the C–H cleavage
   step*", "enforces a twist *that speeds up RISC*". `split_chain` cuts it into the
   feature's *action* and the *chain*; every distractor then states its own action and
   the same chain, as the seed's published items do ("…, locking the dihedral angle and
   producing increased rigidity" closes all four of its options). A chain that refers
   back to the feature ("it", "its") or names it is not shared.
2. **Plain names.** `plain_feature` drops from the correct feature what no distractor
   name carries and what points at the answer: atom locants ("C6-methyl group"), words
   that state the mechanism ("electron-withdrawing 2-pyridyl substituent"); and
   `without_labels` drops compound labels and locants from the correct mechanism ("was
   placed at C5 in 4 to block ..." becomes "was placed to block ...").
3. **One length distribution.** Each distractor action has long and short readings
   (the table phrase, its first conjunct, a terse form); `pick_distractors` picks three
   distractors and their readings so that the correct option's length rank among the
   four is a seeded uniform draw, like its letter: the longest or shortest option is
   then right a quarter of the time where the readings allow it.

Long module: the three steps share their word tables and each reads the others' output;
split, the register's rules would sit apart from the words they test.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass

from chemx.english import noun_too
from chemx.generation.clauses import Tag, tokenise
from chemx.generation.label_free import dangling_participle
from chemx.generation.label_free import without_labels as without_labels
from chemx.generation.lexicon import (
    ADVERBS,
    BASE_OF,
    DETERMINERS,
    GRADING_WORDS,
    PREPOSITIONS,
    PRONOUNS,
    VERB_FORMS,
    plural_verb,
    singular_verb,
    third_person,
)
from chemx.generation.text import articles_fixed, distinctive_stems, squash, wordlist
from chemx.provenance.ids import digest

LENGTH_RANK_SALT = "answer-length-rank"
MIN_ACTION_WORDS = 2
MIN_CHAIN_WORDS = 3

_PRONOUNS = re.compile(r"\b(?:it|its|itself|they|their|them|this group|these groups)\b", re.I)
_LINKS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r",\s+which\s+(?=\S)"), ", which"),
    (re.compile(r",?\s+and\s+thereby\s+(?=\S)"), " and thereby"),
    (re.compile(r",\s+thereby\s+(?=\S)"), ", thereby"),
    (re.compile(r",?\s+and\s+so\s+(?=\S)"), " and so"),
    (
        re.compile(
            r",\s+(?=(?:directing|leading|giving|making|allowing|enabling|favouring|"
            r"favoring|raising|lowering|increasing|decreasing|reducing|slowing|"
            r"speeding|locking|preventing|blocking|stabilising|stabilizing)\b)"
        ),
        ",",
    ),
)
"""Explicit joints between a feature's action and its consequences, in priority order."""
_AND_VERB = re.compile(r"\s+and\s+(?P<verb>[a-z]+)\b")
_THAT_VERB = re.compile(r"\s+that\s+(?P<verb>[a-z]+)\b")
PRIVATIVE = re.compile(
    r"^(?:\w+ly\s+)?(?:lacks?|removes?|loses?|eliminates?|avoids?|has\s+no|have\s+no|"
    r"cannot|can\s+no\s+longer)\b",
    re.I,
)
"""Actions that take their object away ("lacks the electron-donating methyl that raises the
LUMO"): a 'that' clause after them says what the missing thing would do, not what the
action leads to, so no distractor can share it (blind-45)."""
_DESIGN = re.compile(
    r"^(?:was|were|is|are)\s+(?:\w+\s+)?(?:introduced|chosen|designed|installed|"
    r"placed|attached|kept|incorporated|selected|added|retained)\b",
    re.I,
)

STATING_WORDS = wordlist(
    """
    electron-withdrawing electron-donating electron-rich electron-poor electron-deficient
    strongly weakly bulky soft hard basic acidic lipophilic hydrophilic polar apolar labile
    strained rigid flexible reactive inert hindered sterically-demanding demanding
    hydrogen-bonding activating deactivating withdrawing donating conjugated twisted
    """
)
"""Adjectives that state what a feature does: in the answer's name they give the answer."""
_LOCANT = re.compile(
    r"^(?:[CNOS]\d+[a-z]?['′]*|\d+[a-z]?['′]*(?:,\d+[a-z]?['′]*)*|[α-ω]|N,N['′]?)-(?=\S)"
)
"""A leading locant prefix: "C6-", "2′-", "3',4',5'-", "N1-"."""


@dataclass(frozen=True)
class MechanismParts:
    """A mechanism cut into the feature's own action and the chain to the effect."""

    action: str
    link: str
    """How the chain attaches: ", which", " and", " and thereby", ", thereby", ","; or ""."""
    chain: str

    def joined(self, action: str) -> str:
        """Another action with this chain (the distractor's reading)."""
        return f"{action}{self.link} {self.chain}" if self.chain else action


CONSEQUENCE_VERBS = wordlist(
    """
    accounts explains causes leads results gives makes renders allows enables permits
    favours favors disfavours disfavors promotes suppresses prevents blocks hinders
    increases decreases raises lowers reduces improves enhances boosts weakens strengthens
    speeds accelerates slows retards shortens lengthens extends stabilises stabilizes
    destabilises destabilizes shifts narrows broadens limits restricts protects drives
    """
)
"""Verbs of a chain any feature's action can lead through: ", which speeds up RISC",
"and slows ..." ("and is then hydrolysed" is the answer's second action). After another
verb the "which" is the last noun's ("releases iodide, which binds Pd(II)"; "the phenolate
donors, which promote ...", by its number), and that chain belongs to the answer alone."""


def _sentential(chain: str) -> bool:
    """Whether a ", which" chain states the consequence of the whole action."""
    first = chain.split()[0].lower() if chain.split() else ""
    return first in CONSEQUENCE_VERBS


def _verb(word: str) -> bool:
    return word.lower() in VERB_FORMS and not word.lower().endswith("ing")


def split_chain(mechanism: str, feature: str = "") -> MechanismParts:
    """The action and the shared chain of a mechanism (whole action when it has no chain).

    Design mechanisms ("was introduced to ...") keep their frame whole: their purpose
    clause is the answer.
    """
    mechanism = squash(mechanism).rstrip(".;, ")
    whole = MechanismParts(mechanism, "", "")
    if _DESIGN.match(mechanism):
        return whole
    cuts: list[tuple[int, int, str]] = []
    for pattern, link in _LINKS:
        match = pattern.search(mechanism)
        if match:
            cuts.append((match.start(), match.end(), link))
    for match in _AND_VERB.finditer(mechanism):
        verb = match["verb"].lower()
        if _verb(verb) and (singular_verb(verb) or verb) in CONSEQUENCE_VERBS:  # a result
            cuts.append((match.start(), match.start("verb"), " and"))
            break
    for match in _THAT_VERB.finditer(mechanism):
        if _verb(match["verb"]) and not PRIVATIVE.match(mechanism):
            cuts.append((match.start(), match.start("verb"), ", which"))
            break
    for start, end, link in sorted(cuts):
        action, chain = mechanism[:start].strip(" ,"), mechanism[end:].strip()
        if len(action.split()) < MIN_ACTION_WORDS or len(chain.split()) < MIN_CHAIN_WORDS:
            continue
        if link == ", which" and not _sentential(chain):
            return whole
        if _PRONOUNS.search(chain) or (feature and _names(chain, feature)):
            return whole
        return MechanismParts(action, link, chain)
    return whole


def _names(text: str, feature: str) -> bool:
    wanted = distinctive_stems(feature)
    return bool(wanted) and bool(wanted & distinctive_stems(text))


def agree_chain(parts: MechanismParts, plural: bool) -> MechanismParts:
    """The chain's verb in the distractor's number when it shares the subject (" and ...")."""
    if parts.link not in (" and", " and thereby", " and so") or not parts.chain:
        return parts
    return MechanismParts(parts.action, parts.link, inflect(parts.chain, plural))


_SINGULAR = {"are": "is", "were": "was", "have": "has", "do": "does"}
_PLURAL = {value: key for key, value in _SINGULAR.items()}


def inflect(predicate: str, plural: bool) -> str:
    """A predicate's verbs in the subject's number ("interact" <-> "interacts").

    The first word, and each verb that "and" joins to it ("donates and accepts hydrogen
    bonds and raises polarity"): they share the subject. Adverbs before the verb stay as
    they are ("evidently prevent" -> "evidently prevents").
    """
    adverbs = _LEADING_ADVERBS.match(predicate)
    if adverbs and adverbs.end() < len(predicate):
        lead = adverbs.group(0)
        return lead + inflect(predicate[len(lead) :], plural)
    first, _, rest = predicate.partition(" ")
    verb = _inflected(first, plural)
    if verb is None:
        return predicate  # a past tense or an unknown word reads the same in both numbers
    clause = _NEW_SUBJECT.search(rest)  # "... that stores strain and releases it"
    own, after = (rest[: clause.start()], rest[clause.start() :]) if clause else (rest, "")
    own = _JOINED_VERB.sub(
        lambda m: m.group(1) + (_joined_inflected(m, own + after, plural) or m.group(2)), own
    )
    return f"{verb} {own}{after}".strip()


def _joined_inflected(match: re.Match[str], text: str, plural: bool) -> str | None:
    """The verb after 'and' in the subject's number, or None when it is a joined noun.

    "adds a second positive charge and bulk that the channel does not admit": a word that
    is also a noun, with no object after it, is the object's second noun, not a verb.
    """
    word = match.group(2)
    following = text[match.end() :].split(maxsplit=1)
    if noun_too(word) and (not following or following[0].lower() in _NOT_OBJECT):
        return None
    return _inflected(word, plural)


_NOT_OBJECT = frozenset({"that", "which", "who", "whose", "where", "and", "or", ",", ";"})


_LEADING_ADVERBS = re.compile(
    rf"^(?:(?:[a-z]{{3,}}ly|{'|'.join(sorted(ADVERBS))})\s+)+(?=[a-z])", re.IGNORECASE
)
"""Adverbs that open a predicate ('evidently', 'also', 'then'): the verb comes after them."""
_JOINED_VERB = re.compile(r"(\band (?:thereby |thus |so |hence |therefore )?)([a-z]+)\b(?!-)")
"""A verb 'and' joins to the first ('blue' of 'and blue-shifting' is no verb of its own)."""
_NEW_SUBJECT = re.compile(
    r"\b(?:that|which|who|whose|because|so|when|while|where|it|they)\b", re.IGNORECASE
)
"""Where a clause with a subject of its own starts: verbs after it are not the feature's."""


_CLOSED_CLASS = PREPOSITIONS | DETERMINERS | PRONOUNS | frozenset({"to", "not", "then"})
"""Words that are never the predicate's verb (a joined 'and to ...' is an infinitive)."""


def _inflected(word: str, plural: bool) -> str | None:
    """One verb in the subject's number; None when `word` is no present-tense verb."""
    lowered = word.lower()
    if lowered in _CLOSED_CLASS:
        return None  # "and to give 8": 'to' is no verb, whatever the lexicon's 'toes' says
    swaps = _PLURAL if plural else _SINGULAR
    if lowered in swaps:
        return swaps[lowered]
    base = BASE_OF.get(lowered)
    if base is None:  # a verb the list lacks, by the lexicon ('feed' <-> 'feeds')
        return plural_verb(lowered) if plural else singular_verb(lowered)
    if lowered not in (base, third_person(base)):
        return None
    return base if plural else third_person(base)


def renumber(mechanism: str, plural: bool) -> str:
    """A mechanism for a subject of the other number: its action and a shared " and" chain."""
    parts = split_chain(mechanism)
    action = inflect(parts.action, plural)
    return agree_chain(MechanismParts(action, parts.link, parts.chain), plural).joined(action)


def plain_feature(feature: str) -> str:
    """The feature as a name: no locants, no words that state its mechanism.

    A trailing place ("iodines at C2 and C6", "the aryl group on N1") is a locant too:
    the drawing shows where the group sits, and an option that names the atom points at
    the answer (the locants alone were cut, leaving "iodines and C6").
    """
    feature = _TRAILING_PLACE.sub("", feature) or feature
    words_in = feature.split()
    stated = {i for i, t in enumerate(words_in) if t.lower() in STATING_WORDS}
    stated -= {i for i in stated if words_in[i + 1 : i + 2] == ["surface"]}  # "polar surface"
    grading = [w.lower() in GRADING_WORDS or w.lower().endswith("ly") for w in words_in]
    stated |= {i - 1 for i in stated if i and grading[i - 1]}  # "more acidic", "inductively"
    # "second, more basic ring nitrogen": the comma went with the words it set apart
    tokens = [
        _LOCANT.sub("", t.rstrip(",") if i + 1 in stated else t)
        for i, t in enumerate(words_in)
        if i not in stated
    ]
    if len(tokens) > 1 and tokens[0].lower() == "same":
        tokens = tokens[1:]  # "the same nitromethylene group": the option has no antecedent
    if not tokens:
        return feature
    name = " ".join(tokens)
    head = _OF_BARE_CLASS.sub("", name)  # "aromatic ring of electron-rich arenes" gives
    if len(tokens) < len(feature.split()) and len(head.split()) > 1:  # not "... of arenes"
        name = head
    name = _POSITION_CASE.sub(lambda m: m.group(1).lower() + m.group(2).lower(), name)
    return articles_fixed(name)  # "of a 2-aminobenzothiazole" lost its locant


_ATOM_LOCANT = r"(?:[CNOSP]\d+[a-z]?['′]*|\d+[a-z]?['′]*-(?:positions?)?)"  # "2- and 6-positions"
_TRAILING_PLACE = re.compile(
    rf"\s+(?:at|on)\s+(?:the\s+)?{_ATOM_LOCANT}(?:(?:,\s*|,?\s+and\s+){_ATOM_LOCANT})*$"
)
"""A place after the group's name: 'at C2 and C6', 'on N1', 'at the 4-position'."""
_OF_BARE_CLASS = re.compile(r"(?<=\w)\s+of\s+[a-z]+s$")
"""A trailing 'of <plural noun>' left bare once its stating adjective is dropped."""


_POSITION_CASE = re.compile(r"\b((?:[Oo]rtho|[Mm]eta|[Pp]ara)-)([A-Za-z])(?=[a-z])")
"""'ortho-Methyl', 'Ortho-Methyl' (a sentence-initial capital kept by the paper): the
group is 'ortho-methyl'; other capitals ('Boc', 'N-Boc') are the group's own."""


_CONJUNCT = re.compile(r",?\s+and\s+(?=[a-z]+\b)")
_MEANS = re.compile(
    r"(?<!\bside)(?<!\bstep)(?<!\bone)(?<!\bfurther)(?<!\baway)(?<!\bapart)(?<!\bfar)"
    r"\s+(?:through|by|via|with|from)\s+"
)
"""Where a mechanism's means begins; not "into", which completes its verb ("turns the
oxygen into a leaving group": cut there, the phrase says nothing), nor the "by" of
"side by side" or "step by step", nor a "from" that completes a distance ("holds the
N–H further from the ester")."""
"""Where a table phrase's shorter readings end: its first conjunct, its means phrase."""


def readings(phrase: str, *, keep_partner: bool = False) -> tuple[str, ...]:
    """A table phrase's readings: whole, first conjunct, head before "through", second conjunct.

    "donates a hydrogen bond through its N–H and fixes a planar amide geometry" also
    reads "donates a hydrogen bond through its N–H", "donates a hydrogen bond" and "fixes
    a planar amide geometry"; a cut that would end on an open word ("decomposes on
    heating or") is not a reading. The second conjunct is the other action alone, so a
    steric-and-electronic phrase is either, whichever the question needs. With
    `keep_partner` (the paper's own action, which is the answer) a verb keeps the partner
    its 'with' names ("collides with Tyr107", blind-64): the answer says what the paper
    says, while a table phrase cut there is still a plausible wrong answer.
    """
    found = [squash(phrase)]
    second = None
    for cut in (_CONJUNCT, _MEANS):
        match = cut.search(found[-1])
        if match and cut is _CONJUNCT:  # "and" joins two actions only before a verb
            following = found[-1][match.end() :].split()
            match = match if following and _verb(following[0]) else None
            if (
                match
                and len(following) >= MIN_CHAIN_WORDS
                and not _ELLIPTICAL_OBJECT.match(" ".join(following[1:]))
                and not _RELATIVE_BEFORE.search(found[-1][: match.start()])
            ):  # not "accepts one at its planar carbonyl": 'one' is the first conjunct's;
                # nor "..., which releases a phenol positioned to close ... and form ..."
                second = " ".join(following)
        if (
            match
            and cut is _MEANS
            and match.group().strip() == "from"
            and (
                _FROM_COMPLEMENT.search(found[-1][: match.start()])
                or _DISTANCE_BEFORE.search(found[-1][: match.start()])
            )
        ):
            match = None  # "prevent the amino group from twisting": a complement, no means
        if (
            keep_partner
            and match
            and cut is _MEANS
            and match.group().strip() == "with"
            and _WITH_COMPLEMENT.search(found[-1][: match.start()])
        ):
            match = None  # "collides with Tyr107": the verb's partner, no means (blind-64)
        if match and cut is _MEANS and _passive_agent(found[-1][: match.start()], match.group()):
            match = None  # "is not accepted by carboxylesterase 1c": the agent, no means
        if match:
            head = found[-1][: match.start()].strip(" ,")
            last = head.split()[-1].lower() if head else ""
            closed = head.count("(") == head.count(")")  # not "apart (compared"
            bare = _BARE_RELATIVE.search(head) or dangling_participle(head) is not None
            usable = last not in _OPEN_ENDS and closed and not bare
            if len(head.split()) >= MIN_CHAIN_WORDS and usable:
                found.append(head)
    if second is not None:
        found.append(second)
    return tuple(dict.fromkeys(found))


_RELATIVE_BEFORE = re.compile(r"\b(?:which|that|whose|who)\b", re.I)
"""A relative clause before the 'and': the verb after it is the clause's, not the phrase's."""
BE_FORMS = wordlist("is are was were be been being")


def _passive_agent(head: str, cut: str) -> bool:
    """Whether a 'by' follows a passive verb ('is not accepted by'): it names the agent.

    Cut there, the reading says nothing ("the anionic side chain is not accepted").
    """
    if cut.strip() != "by":
        return False
    tokens = [t for t in tokenise(head) if t.tag not in (Tag.NEG, Tag.ADV)]
    return (
        len(tokens) >= 2 and tokens[-1].tag in (Tag.VERB, Tag.VBN) and tokens[-2].lower in BE_FORMS
    )


_FROM_COMPLEMENT = re.compile(
    r"\b(?:prevent|keep|stop|protect|shield|block|hinder|bar|exclude|discourage|restrain)s?\b",
    re.I,
)
"""Verbs whose 'from' completes them ("prevents X from twisting"): cut there, the
reading would say the opposite ("prevents the amino group")."""
_DISTANCE_BEFORE = re.compile(
    r"\b(?:one|two|three|four|five|\d+)\s+(?:carbons?|atoms?|bonds?|methylenes?|positions?|"
    r"residues?|Å|nm)\s*(?:away\s*)?$",
    re.I,
)
"""A distance before 'from' ("places a protonatable amine one carbon from the ring"):
'from' completes the distance, and a reading cut there ends on "one carbon" (blind-68)."""
_ELLIPTICAL_OBJECT = re.compile(r"^(?:one|ones|two|them|it|the other|another)\b", re.I)
"""An object that stands for the first conjunct's ('donates two N–H hydrogen bonds and
accepts one'): the second conjunct alone would not say what it takes."""
_BARE_RELATIVE = re.compile(r"\b(?:that|which)\s+[a-z]+$")
"""A reading cannot stop on a relative clause's verb ("a dipolar group that reacts")."""
_WITH_COMPLEMENT = re.compile(
    r"\b(?:collid|clash|interact|react|compet|coordinat|overlap|conjugat|stack|align|pair"
    r"|associat|complex|coincid|bond|engag|contact|communicat)(?:es|e|s|ed|ing)?"
    r"(?:\s+[a-z]+ly)?\s*$",
    re.I,
)
"""Verbs whose 'with' names the partner they need ("collides with Tyr107", "stacks
face-to-face with"): cut there, the reading is a verb without its partner."""
_OPEN_ENDS = wordlist("or and but only than next close adjacent due such as its either neither")
"""Words a reading cannot end on ("decomposes on heating or" is cut mid-phrase; "stabilise
the sp3 form either" lost the pair 'either' opens)."""


def length_rank(candidate_id: str) -> int:
    """The correct option's seeded rank by length among four (0 = shortest)."""
    return random.Random(digest(LENGTH_RANK_SALT, candidate_id)).randrange(4)


def pick_distractors(
    correct_length: int, choices: Sequence[Sequence[int]], rank: int, count: int
) -> tuple[tuple[int, int], ...]:
    """Which `count` distractors, and which reading of each, give the answer rank `rank`.

    `choices` lists every usable distractor in preference order, each with the lengths
    of its readings. With only the first three to choose from, the answer's length rank
    is often out of reach (its paper wording is shorter or longer than every reading),
    and the shortest or longest option is then the answer more often than a quarter of
    the time (the ``shortest`` / ``longest`` shortcuts). So the choice is, in order: the
    rank nearest to `rank`; the most preferred distractors (lowest sum of positions);
    the smallest longest/shortest ratio; the first.

    Returns (distractor index, reading index) pairs, in `choices` order.
    """
    best: tuple[tuple[float, int, float], tuple[tuple[int, int], ...]] | None = None
    for chosen in itertools.combinations(range(len(choices)), min(count, len(choices))):
        for combo in itertools.product(*(range(len(choices[i])) for i in chosen)):
            lengths = [choices[i][r] for i, r in zip(chosen, combo, strict=True)]
            shorter = sum(1 for length in lengths if length < correct_length)
            everything = [*lengths, correct_length]
            spread = max(everything) / max(1, min(everything))
            score = (float(abs(shorter - rank)), sum(chosen), spread)
            if best is None or score < best[0]:
                best = (score, tuple(zip(chosen, combo, strict=True)))
    return best[1] if best else ()


__all__ = [
    "MechanismParts",
    "agree_chain",
    "inflect",
    "length_rank",
    "pick_distractors",
    "plain_feature",
    "readings",
    "renumber",
    "split_chain",
    "without_labels",
]
