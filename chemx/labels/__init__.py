"""Compound labels ("3c", "(S)-7", "12a'"): one grammar, read from figures, found in text.

- `grammar`: what a label is (core, stereo prefix, primes, dashes, the decoration around
  it, ranges) and its canonical spelling; the only definition in the package.
- `normalise`: OCR or VLM text read beside a drawing -> one label or a refusal with a
  reason (look-alike glyphs repaired, yields and names around the label dropped; a
  substituent note "(R = CH3)" or an alias "RTI-13951-33 (1b)" kept as the label's
  note, a substituent note alone refused).
- `reconcile`: a label read from a drawing checked against the labels the paper's text
  names (footnote letters and look-alikes settled, an unnamed label doubted).
- `mentions`: the places in a sentence that name a label, boundary-aware ("1" is found
  in "compound 1" and "(1)", not in "DFA1", "1a", "10", "1.5 equiv" or "Table 1"), with
  the reference keywords, units and count nouns of `stop_lists`.

A label as a paper prints it is accepted by `normalise_label` exactly when
`parse_identifier` (the reading `find_mentions` starts from) accepts it, as the same
label: both read it with `read_label`. Only OCR's look-alike repair ("Sb" -> "5b") is
the normaliser's alone. This package sits below the stages: it imports only the
standard library and `chemx.records`.
"""

from chemx.labels.grammar import (
    DASHES,
    MAX_RANGE,
    PRIMES,
    STEREO_DESCRIPTORS,
    STEREO_WORDS,
    CompoundLabel,
    canonical_text,
    fold,
    is_label,
    read_label,
    strip_decoration,
)
from chemx.labels.mentions import (
    CLASS_NOUN_LABEL,
    REJECTION_REASONS,
    Mention,
    MentionKind,
    explain_rejection,
    find_mentions,
    labels_after_class_nouns,
    mentions_any,
    parse_identifier,
)
from chemx.labels.normalise import LabelKind, LabelParse, normalise_label, parse_label
from chemx.labels.stop_lists import COUNT_NOUNS, REFERENCE_KEYWORDS, UNITS, VALUE_SIGNS

__all__ = [
    "CLASS_NOUN_LABEL",
    "COUNT_NOUNS",
    "DASHES",
    "MAX_RANGE",
    "PRIMES",
    "REFERENCE_KEYWORDS",
    "REJECTION_REASONS",
    "STEREO_DESCRIPTORS",
    "STEREO_WORDS",
    "UNITS",
    "VALUE_SIGNS",
    "CompoundLabel",
    "LabelKind",
    "LabelParse",
    "Mention",
    "MentionKind",
    "canonical_text",
    "explain_rejection",
    "find_mentions",
    "fold",
    "is_label",
    "labels_after_class_nouns",
    "mentions_any",
    "normalise_label",
    "parse_identifier",
    "parse_label",
    "read_label",
    "strip_decoration",
]
