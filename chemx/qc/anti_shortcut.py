"""Anti-shortcut checks: run on every generated question before the judge sees it.

Seed 002 (section 3.3): "We apply two constraints to reduce textual shortcuts without
reading the image content. Same-effect competition requires every option to explain the
same observed effect, reducing the possibility of identifying the correct option
through simple textual matching. Matched confidence requires comparable tone and
assertiveness across options and excludes hedging terms that could reveal distractors.
Answer positions are randomized." The complete hedging list is in the seed's appendix H
(a figure); `HEDGING_TERMS` holds the terms it names ("indirect", "secondary") with the
standard hedges of scientific prose, in this one place.

Each rule below has a stable reason code (the first failing one becomes the Decision's
reason; all failures are listed in its detail):

=====================  ===============================================================
``malformed``          not exactly four options lettered A-D with one answer among them
``different_effect``   an option does not carry the item's effect (same-effect rule)
``length_imbalance``   longest / shortest option > `MAX_LENGTH_RATIO`: the longest
                       option is a classic give-away of the correct one
``hedging_term``       an option's feature or mechanism uses a hedging term
                       (matched-confidence rule; the shared effect is the paper's)
``stem_names_feature`` the stem names a content word of the correct Feature: the
                       answer leaks into the question
``stem_states_cause``  the stem's statement gives a cause ("..., consistent with loss of
                       the hydrogen bond", "we regard this buttressing as the origin"):
                       the question states an explanation it asks for
``stem_not_grammatical`` the stem's statement breaks the clause grammar: no agreeing
                       verb, a dangling word, a pointer to a sentence it lacks, "the
                       compound shown" twice (`chemx.qc.stem_grammar`)
``answer_not_grammatical`` the correct option's clause "The <feature> <mechanism>" is
                       not a well-formed sentence: the generator cut the paper's
                       sentence in the wrong place (`chemx.qc.option_grammar`)
``unsupported_feature`` the correct Feature's words are not in the evidence text: the
                       answer must come from the paper, not from the generator
``duplicate_feature``  two options name the same feature (by words or catalogue entry)
``distractor_names_cause`` a wrong option's mechanism works through the correct Feature
                       ("the Boc group masks the nitrogen lone pair" beside "the
                       nitrogen lone pair ..."): two defensible answers
``option_names_label`` an option's feature or mechanism names one of the paper's compound
                       labels ("makes 2 a strong electrophile", "the acetamide of 1"):
                       only the paper's own wording carries labels, so the label marks
                       the answer, and it names a compound the item does not show
=====================  ===============================================================
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from chemx.generation.catalogue import group_for_feature, groups_inside_name, groups_named_in
from chemx.generation.clauses import Tag, tokenise
from chemx.generation.feature_names import names_cause, same_feature
from chemx.generation.lexicon import HEDGING_TERMS
from chemx.generation.mcq import JOINTS
from chemx.generation.text import (
    coverage,
    distinctive_stems,
    named_by_root,
    stem,
    wordlist,
    words,
)
from chemx.labels import canonical_text
from chemx.provenance.decisions import accept, reject
from chemx.qc.option_grammar import answer_problems
from chemx.qc.stem_grammar import statement, stem_problems
from chemx.records import Decision, Gate, Option

BACKEND = "anti-shortcut-v1"

MAX_LENGTH_RATIO = 2.0
"""Longest option over shortest option, in characters. The seed's published examples
stay within 1.1-1.4; 2.0 leaves room for a paper's long mechanism against short
catalogue mechanisms while catching an option twice as long as another."""
SAME_EFFECT_MIN = 0.8
"""Share of the effect's content words every option must contain."""
SUPPORT_MIN = 0.5
"""Share of the Feature's distinctive words that must occur in the evidence text."""
POSITION_WORDS = wordlist(
    """
    ortho meta para peri alpha beta gamma α β γ cis trans syn anti endo exo
    """
)
"""Locants that name no feature on their own: a stem saying "para" does not leak
"para-cyano group"."""

DEGREE_CLASSES = (
    "amine amines amide amides alcohol alcohols alkyl carbon carbons hydroxyl carbocation "
    "radical phosphine sulfonamide ammonium aniline anilide amino"
)
"""Nouns after which "secondary" names a substitution degree, not a hedge ("the more
hindered secondary amine", "a secondary alcohol")."""
_HEDGES = re.compile(
    r"(?<![\w-])(?:"
    + "|".join(
        re.escape(t)
        + (rf"(?!\s+(?:{'|'.join(DEGREE_CLASSES.split())})\b)" if t == "secondary" else "")
        for t in HEDGING_TERMS
    )
    + r")(?![\w-])",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Failure:
    """One broken rule."""

    code: str
    detail: str


@dataclass(frozen=True)
class ShortcutReport:
    """All rules' outcome for one question, with the measured values."""

    failures: tuple[Failure, ...]
    metrics: dict[str, float] = field(default_factory=dict)

    @property
    def passed(self) -> bool:
        """Whether every rule held."""
        return not self.failures

    def decision(self, node_id: str) -> Decision:
        """The anti_shortcut Decision on the candidate."""
        if self.passed:
            return accept(
                node_id, Gate.ANTI_SHORTCUT, "passed", "all rules hold", BACKEND, self.metrics
            )
        detail = "; ".join(f"{f.code}: {f.detail}" for f in self.failures)
        return reject(
            node_id, Gate.ANTI_SHORTCUT, self.failures[0].code, detail, BACKEND, self.metrics
        )


def hedging_terms(text: str) -> list[str]:
    """The hedging terms in `text`, lower-cased, in order."""
    return [match.group(0).lower() for match in _HEDGES.finditer(text)]


def stem_leaks(stem_text: str, feature: str) -> set[str]:
    """Distinctive words of the Feature that the stem names (position locants excepted).

    A compound's name in the stem counts by its parts: "With 3-methylthiophene, arylation
    took place at C5" names the methyl group the answer is about, "2-bromopyridine
    gave ..." the pyridine (`chemx.generation.catalogue.groups_inside_name`), and "the
    hydroxyacetyl piperazine" the hydroxyl (`chemx.generation.text.named_by_root`).
    """
    parts = [w for part in words(stem_text) for w in re.split(r"[-–]", part) if w]
    named = {stem(w) for w in parts}
    mine = {s for s in distinctive_stems(feature) if s not in POSITION_WORDS}
    leaks = mine & named
    leaks |= named_by_root(mine, parts)  # "hydroxyacetyl" names the hydroxyl group
    removed = REMOVAL_LEAD.match(stem_text.strip())
    if removed:  # "Removing the trifluoromethyl groups lowered the affinity": the cause
        leaks.add(removed["what"].lower())
    group = group_for_feature(feature)
    if group is not None:
        # "The SF5 derivative shown": a formula or abbreviation names the answer's group
        leaks |= {group.key for named in groups_named_in(stem_text) if named.key == group.key}
        leaks |= {
            word
            for word in words(stem_text)
            if len(word) > NAME_MIN_LENGTH and group.key in groups_inside_name(word)
        }
    return leaks


REMOVAL_LEAD = re.compile(
    r"^(?:removing|deleting|omitting|excising|truncating|removal\s+of|deletion\s+of)\s+"
    r"(?P<what>[^,;:()]+?)(?=\s*(?:\(|,|\b(?:from|raised|lowered|cost|gave|led|made|"
    r"reduced|increased|decreased|abolished|improved)\b))",
    re.I,
)
"""A stem about what removing a group did: the group removed is the cause it names."""
CAUSE_IN_STEM = re.compile(
    r"\b(?:because|due to|owing to|attributed to|attribute|ascribed? to|we regard|"
    r"as a (?:result|consequence) of|(?:main|likely|probable) (?:origin|cause|reason)|"
    r"consistent with|in line with|thanks to|which reflects?|reflecting)\b",
    re.I,
)
"""Words that give a cause: in the stem they state part of the explanation asked for."""
NAME_MIN_LENGTH = 8
"""Only words longer than this are read as systematic names built from parts."""


RULE_ORDER = (
    "malformed",
    "different_effect",
    "length_imbalance",
    "hedging_term",
    "stem_names_feature",
    "stem_states_cause",
    "stem_not_grammatical",
    "answer_not_grammatical",
    "unsupported_feature",
    "duplicate_feature",
    "distractor_names_cause",
    "option_names_label",
)
"""The rules in the order they are reported (the first failing one is the reason)."""


def check(
    stem_text: str,
    options: Sequence[Option],
    answer: str,
    *,
    effect: str,
    feature: str,
    evidence_text: str,
    labels: Collection[str] = (),
) -> ShortcutReport:
    """Apply every rule to one question (see the module table).

    Args:
        stem_text: the question stem.
        options: the four options, in letter order.
        answer: the correct letter.
        effect: the decomposition's Effect (every option must explain it).
        feature: the decomposition's Feature (the cause the paper gives).
        evidence_text: the evidence block's text (the paper's support).
        labels: the compound labels of the paper's structures (``option_names_label``).
    """
    report = check_options(options, answer, effect=effect, feature=feature)
    if report.failures and report.failures[0].code == "malformed":
        return report
    failures = list(report.failures)
    metrics = dict(report.metrics)
    leaks = stem_leaks(stem_text, feature)
    metrics["stem_feature_words"] = float(len(leaks))
    if leaks:
        failures.append(
            Failure(
                "stem_names_feature", f"the stem names {sorted(leaks)} of the feature {feature!r}"
            )
        )
    cause = CAUSE_IN_STEM.search(statement(stem_text))
    if cause:
        failures.append(Failure("stem_states_cause", f"the stem says {cause.group(0)!r}"))
    problems = stem_problems(stem_text)
    metrics["stem_grammar_problems"] = float(len(problems))
    if problems:
        listed = "; ".join(f"{problem.code} ({problem.detail})" for problem in problems)
        failures.append(Failure("stem_not_grammatical", listed))
    correct = next(option for option in options if option.letter == answer)
    wrong = answer_problems(correct.feature, shown_mechanism(correct))
    metrics["answer_grammar_problems"] = float(len(wrong))
    if wrong:
        listed = "; ".join(f"{problem.code} ({problem.detail})" for problem in wrong)
        failures.append(Failure("answer_not_grammatical", listed))
    support = _support(feature, evidence_text)
    metrics["feature_support"] = round(support, 3)
    if support < SUPPORT_MIN:
        failures.append(
            Failure(
                "unsupported_feature", f"only {support:.0%} of {feature!r} occurs in the evidence"
            )
        )
    named = {o.letter: found for o in options if (found := labels_named(_own_words(o), labels))}
    metrics["options_naming_labels"] = float(len(named))
    if named:
        listed = ", ".join(f"{letter}: {'/'.join(found)}" for letter, found in named.items())
        failures.append(Failure("option_names_label", listed))
    failures.sort(key=lambda failure: RULE_ORDER.index(failure.code))
    return ShortcutReport(tuple(failures), metrics)


def check_options(
    options: Sequence[Option], answer: str, *, effect: str, feature: str
) -> ShortcutReport:
    """The rules that read the options alone (all but the stem and support rules).

    A release that letters a spare wrong answer in place of the generator's
    (`chemx.release.balance`) checks the new set with these: its stem and its answer,
    which the other rules read, are unchanged.
    """
    failures: list[Failure] = []
    metrics: dict[str, float] = {}
    letters = [option.letter for option in options]
    if len(options) != 4 or sorted(letters) != ["A", "B", "C", "D"] or answer not in letters:
        failures.append(Failure("malformed", f"letters {letters}, answer {answer!r}"))
        return ShortcutReport(tuple(failures), metrics)
    shares = [coverage(effect, option.text) for option in options]
    metrics["min_effect_coverage"] = round(min(shares), 3)
    off = [o.letter for o, share in zip(options, shares, strict=True) if share < SAME_EFFECT_MIN]
    if off:
        failures.append(
            Failure(
                "different_effect",
                f"option(s) {', '.join(off)} do not explain the effect {effect!r}",
            )
        )
    lengths = [len(option.text) for option in options]
    ratio = max(lengths) / max(1, min(lengths))
    metrics["length_ratio"] = round(ratio, 3)
    if ratio > MAX_LENGTH_RATIO:
        failures.append(
            Failure(
                "length_imbalance",
                f"option lengths {lengths} (ratio {ratio:.2f} > {MAX_LENGTH_RATIO})",
            )
        )
    hedged = {o.letter: terms for o in options if (terms := hedging_terms(_own_words(o)))}
    metrics["hedging_terms"] = float(sum(len(terms) for terms in hedged.values()))
    if hedged:
        listed = ", ".join(f"{letter}: {'/'.join(terms)}" for letter, terms in hedged.items())
        failures.append(Failure("hedging_term", listed))
    duplicates = [
        f"{a.letter}/{b.letter}"
        for i, a in enumerate(options)
        for b in options[i + 1 :]
        if same_feature(a.feature, b.feature)
    ]
    metrics["duplicate_pairs"] = float(len(duplicates))
    if duplicates:
        failures.append(
            Failure("duplicate_feature", f"options {', '.join(duplicates)} name the same feature")
        )
    correct = next((o for o in options if o.letter == answer), None)
    through_cause = [
        o.letter
        for o in options
        if correct is not None and o is not correct and names_cause(o.mechanism, feature)
    ]
    metrics["distractors_naming_cause"] = float(len(through_cause))
    if through_cause:
        failures.append(
            Failure(
                "distractor_names_cause",
                f"option(s) {', '.join(through_cause)} explain through {feature!r}",
            )
        )
    return ShortcutReport(tuple(failures), metrics)


LABEL_FOLLOWERS = frozenset(
    {Tag.PUNCT, Tag.CONJ, Tag.DET, Tag.REL, Tag.THAT, Tag.VERB, Tag.AUX, Tag.ADV}
)
"""Word classes after which a number of the paper's labels is the compound, not a count
("makes 2 a strong electrophile", "the acetamide of 1;"); "2 equivalents", "3 steps" and
"4 h" are followed by a noun or unit (open class) and stay numbers."""


OPTION_FRAME = re.compile("|".join(re.escape(joint) for joint in JOINTS.values()))
"""Where an option's own clause ends and the shared effect begins (`mcq.option_text`)."""


def shown_mechanism(option: Option) -> str:
    """The mechanism as the option's text words it: its verbs agree with the feature there.

    The record keeps the paper's mechanism; the text inflects it for the feature's number
    ("The steric clash between the nitrile and Phe80 sit ..." once read a plural), so the
    text is what a reader judges.
    """
    clause = OPTION_FRAME.split(option.text, maxsplit=1)[0]
    at = clause.find(option.feature)
    return clause[at + len(option.feature) :].strip() if at >= 0 else option.mechanism


def labels_named(text: str, labels: Collection[str]) -> list[str]:
    """The paper's compound labels that `text` names as compounds, in order.

    A word with a digit that is one of the paper's own labels counts even where the label
    grammar does not read it as one: catalysis papers label ligands "L3" (blind-45: "The
    P-aryl ring of L3 rigidifies the scaffold" beside the answer about that ligand).
    """
    known = {canonical_text(label) for label in labels if label}
    tokens = tokenise(text)
    found = []
    for index, token in enumerate(tokens):
        own_label = any(c.isdigit() for c in token.text) and token.tag is Tag.WORD
        if (token.tag is not Tag.LABEL and not own_label) or canonical_text(
            token.text
        ) not in known:
            continue
        following = tokens[index + 1] if index + 1 < len(tokens) else None
        if following is None or following.tag in LABEL_FOLLOWERS:
            found.append(token.text)
    return found


def _own_words(option: Option) -> str:
    """What an option says of its own: its feature and mechanism.

    The effect is the same in every option and is the paper's observation ("... could
    not be used"), so a hedge there reveals nothing about which option is correct.
    """
    return f"{option.feature} {option.mechanism}"


def _support(feature: str, evidence_text: str) -> float:
    mine = distinctive_stems(feature)
    if not mine:
        return 0.0
    theirs = distinctive_stems(evidence_text)
    return len(mine & theirs) / len(mine)
