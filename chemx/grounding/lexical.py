"""Hand-written lexical cues for the explanation classifier, all kept in this one table.

A sentence embedding captures topic and style well but can miss the small words that
decide the QC 2 label: whether a causal connective is followed by a mechanism
("... withdraws electron density, which lowers ...") or only by a feature ("... because
it bears a nitro group"). Each cue below is a binary indicator of one such family. They
are appended to the embedding only when the training script measures that they help on
held-out data (see the model manifest's `feature_set`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

_I = re.IGNORECASE

LEXICAL_CUES: tuple[tuple[str, re.Pattern[str]], ...] = (
    # Causal connectives that introduce a reason: the reason may be a mechanism or a mere
    # feature, so alone they separate partial from explanatory poorly.
    (
        "causal_connective",
        re.compile(r"\b(because|since|due to|owing to|as a result|thanks to|in view of)\b", _I),
    ),
    # Result connectives that chain a consequence onto a preceding step.
    (
        "result_connective",
        re.compile(
            r"\b(which|thereby|thus|therefore|hence|so that|accordingly|consequently)\b|, so\b",
            _I,
        ),
    ),
    # Verbs that assert an explanation outright.
    (
        "explains_verb",
        re.compile(
            r"\b(accounts? for|account for|explain(s|ed|ing)?|is why|origin of|basis of|"
            r"responsible for|underlies|is the reason)\b",
            _I,
        ),
    ),
    # Outcome links that make a causal chain ("leads to", "drives").
    (
        "outcome_link",
        re.compile(r"\b(leads? to|led to|results? in|gives rise to|drives|enables?|allows?)\b", _I),
    ),
    # Mechanism verbs: how a structural feature acts (electronic, steric, binding, ...).
    (
        "mechanism_verb",
        re.compile(
            r"\b(stabili[sz]\w*|destabili[sz]\w*|withdraw\w*|donat\w*|shield\w*|block\w*|"
            r"hinder\w*|twist\w*|clash\w*|conjugat\w*|delocali[sz]\w*|hydrogen[- ]bond\w*|"
            r"coordinat\w*|chelat\w*|polari[sz]\w*|preorgani[sz]\w*|lock\w*|stack\w*|"
            r"repel\w*|repuls\w*|strain\w*|hyperconjugat\w*|backdonat\w*|protonat\w*|"
            r"deprotonat\w*|trap\w*|prevent\w*|suppress\w*|enforc\w*|restrict\w*|mask\w*|"
            r"occup\w*|displac\w*|partition\w*|solvat\w*|activat\w*|deliver\w*|"
            r"weaken\w*|strengthen\w*|interact\w*|bind\w*|binds|attack\w*)\b",
            _I,
        ),
    ),
    # Physical-organic vocabulary of electronic structure and interactions.
    (
        "electronic_term",
        re.compile(
            r"electron(-| )(density|withdrawing|donating|rich|poor|deficient)|\b(inductive|"
            r"resonance|LUMO|HOMO|orbital|lone pair|spin–orbit|dipole|π–π|cation–π|"
            r"steric\w*|hydrophobic|electrostatic|entrop\w*|enthalp\w*)\b",
            _I,
        ),
    ),
    # A compound label such as 3c, 12a, (S)-7, ent-9 or TS-3b (not a number with a unit).
    (
        "compound_label",
        re.compile(
            r"(?<![\w.,:−+-])(?<!Fig\. )(?<!Table )(?<!Scheme )(?<!entry )(?<!ref\. )"
            r"(\((?:R|S|E|Z|R,R|S,S)\)-|ent-|[A-Z]{1,4}-)?\d{1,2}[a-k]?"
            r"(?![\w.,:%°×/−+-]|\s?(?:°|%|h\b|min\b|s\b|[mµn]?M\b|mol|equiv|[mµk]?g\b|"
            r"m?L\b|K\b|m?V\b|eV|nm|Å|kcal|kJ|bar|days?|weeks?|months?|cycles?|-?fold|"
            r"times|ppm|Hz|MHz|wt|units?|atoms?|steps?|sites?|°C))"
        ),
    ),
    # A named structural feature: substituent, group, ring, bond, ...
    (
        "feature_noun",
        re.compile(
            r"\b(group|substituent|ring|chain|moiety|atom|bond|linker|spacer|tether|unit|"
            r"core|scaffold|backbone|ester|amide|amine|nitrogen|oxygen|fluorine|chlorine|"
            r"methyl|hydroxyl|phenol|carbonyl|ketone|alkene|alkyne|pocket|cavity|ligand|"
            r"donor|acceptor)s?\b",
            _I,
        ),
    ),
    # Procedural verbs of a preparation, measurement or work-up.
    (
        "procedural",
        re.compile(
            r"\b(was|were)\s+(\w+\s+)?(added|stirred|heated|cooled|prepared|obtained|"
            r"isolated|purified|recorded|measured|determined|performed|carried out|dissolved|"
            r"filtered|washed|dried|synthesi[sz]ed|collected|conducted|run|calculated|"
            r"fitted|assessed|evaluated|analysed|analyzed|monitored|optimi[sz]ed|assembled|"
            r"fabricated|grown|expressed|incubated|stored|quenched)\b",
            _I,
        ),
    ),
    # Characterisation data, yields and instrument settings.
    (
        "characterisation",
        re.compile(
            r"(\bNMR\b|\bHRMS\b|\bm/z\b|δ|\bIR\b|\[α\]|\bRf\b|\bcalcd\b|\byield\b|\bmmol\b|"
            r"\bequiv\b|\bMHz\b|\bTable\b|\bFig\.|\bScheme\b|\bSI\b|\bentr(y|ies)\b)",
        ),
    ),
    # Hedges and admissions of ignorance.
    (
        "hedge",
        re.compile(
            r"\b(may|might|could|possibly|presumably|probably|perhaps|unclear|not known|"
            r"unknown|remains?|suggests?|tentative\w*|speculat\w*|whether)\b",
            _I,
        ),
    ),
    # Comparative outcome words: the "effect" half of a feature–effect statement.
    (
        "comparative",
        re.compile(
            r"\b(more|less|higher|lower|faster|slower|better|worse|weaker|stronger|most|least|"
            r"best|highest|lowest|fastest|slowest|-?fold|times)\b|-fold\b",
            _I,
        ),
    ),
    # Design intent: a feature introduced on purpose.
    (
        "design_intent",
        re.compile(
            r"\b(was|were)\s+(chosen|designed|introduced|installed|placed|attached|"
            r"incorporated|built|added|used|selected)\b.*\b(to|so that|because|since)\b",
            _I,
        ),
    ),
    # A reason clause that names only a feature ("because it bears a nitro group", "due to
    # its ester"): the decisive pattern of a partial sentence that has a connective.
    (
        "feature_only_reason",
        re.compile(
            r"\bbecause (it|they) (has|have|bears?|carr(y|ies)|contains?|lacks?|is an?)\b|"
            r"\b(because of|due to|owing to|thanks to|as a result of) (its|their)\b",
            _I,
        ),
    ),
    # A reason clause (before its comma) that contains a chemical process: how the feature
    # acts. Typical of Condition explanations ("Since the enol ether hydrolyses, ...").
    (
        "reason_with_process",
        re.compile(
            r"\b(because|since)\b(?! of)[^,;]{0,160}?\b(stabili[sz]\w*|withdraw\w*|"
            r"donat\w*|shield\w*|block\w*|hinder\w*|coordinat\w*|chelat\w*|hydroly[sz]\w*|"
            r"oxidi[sz]\w*|reduc\w*|condens\w*|adsorb\w*|eliminat\w*|decompos\w*|"
            r"isomeri[sz]\w*|epimeri[sz]\w*|racemi[sz]\w*|cleav\w*|react\w*|protonat\w*|"
            r"polymeri[sz]\w*|ioni[sz]\w*|opens?|attack\w*|binds?|lowers?|raises?|"
            r"delocali[sz]\w*|conjugat\w*|compet\w*|partition\w*|releases?|loses?)\b",
            _I,
        ),
    ),
    # Verbs that describe a structure without an outcome ("32 carries a chlorine at C6").
    (
        "structure_verb",
        re.compile(
            r"\b(carries|bears|contains|differs? from|in place of|instead of|replaces|"
            r"is built from|keeps the|is the \S+ (analogue|ester|salt) of)\b|\bha(s|ve) (an? |"
            r"the |two |three |four |five |six )",
            _I,
        ),
    ),
    # Outcome verbs: the observed effect of a feature–effect statement.
    (
        "outcome_verb",
        re.compile(
            r"\b(gave|showed|exhibited|reacted|bound|inhibited|lost|retained|reached|"
            r"improved|failed|persisted|decomposed|tolerated|outperformed|was (inactive|"
            r"active|stable|unstable|unreactive|ineffective|inert|the most|the least))\b",
            _I,
        ),
    ),
    # Background and literature framing rather than this work's compounds.
    (
        "background",
        re.compile(
            r"\b(et al\.|ref\.|reviewed|widely|generally|commonly|often|typically|"
            r"have been|has been|has become|attractive|attracted)\b",
            _I,
        ),
    ),
)
"""(name, pattern) pairs; the feature vector follows this order."""

LEXICAL_FEATURE_NAMES: tuple[str, ...] = tuple(name for name, _ in LEXICAL_CUES)


def lexical_features(texts: Sequence[str]) -> np.ndarray:
    """Binary cue matrix of shape (len(texts), len(LEXICAL_CUES)), float32."""
    matrix = np.zeros((len(texts), len(LEXICAL_CUES)), dtype=np.float32)
    for row, text in enumerate(texts):
        for column, (_, pattern) in enumerate(LEXICAL_CUES):
            if pattern.search(text):
                matrix[row, column] = 1.0
    return matrix
