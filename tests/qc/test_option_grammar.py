"""The answer grammar check names the misread answers of blind corpora and passes good ones.

The failing answers are the generator's own output on independently written corpora
(blind-28 to blind-42 at their base commits, issue 13), each judged invalid by a reader;
the passing ones are answers of items a reader judged valid, among them the shapes the
check must not mistake (a structural participle, a name in capitals, a coordination whose
first half has its own 'to', a verb the lists lack).
"""

from __future__ import annotations

import pytest

from chemx.qc.option_grammar import answer_problems


def codes(feature: str, mechanism: str) -> list[str]:
    return [problem.code for problem in answer_problems(feature, mechanism)]


@pytest.mark.parametrize(
    ("feature", "mechanism", "code"),
    [
        (
            "to a fold excess of ethylenediamine",
            "undergoes Slow addition in THF",
            "feature_not_noun",
        ),
        (
            "to a fold excess of ethylenediamine",
            "undergoes Slow addition in THF",
            "capitalised_word",
        ),
        ("whose remaining C–H bond", "is stronger and less electron-rich", "feature_not_noun"),
        (
            "aminoethylamino group allowing uptake through outer-membrane",
            "channels that favour cationic solutes",
            "feature_holds_clause",
        ),
        (
            "Compound , carrying an N1 difluorophenyl ring",
            "was eight-fold weaker than 1 against K. pneumoniae",
            "feature_holds_clause",
        ),
        (
            "urea carbonyl",
            "provides lower acidity of the urea NH donors and to self-association out of the cycle",
            "unbalanced_to",
        ),
        (
            "trifluorobenzyl amide (log D7.4 2.4",
            "has an added lipophilicity vs 1.9)",
            "unbalanced_bracket",
        ),
        ("ethylenediamine arm", "carbamate ion pair formed with CO2", "mechanism_not_verb"),
        ("methylsulfonylmethyl group", "lacks the NH donor, yet", "dangling_word"),
        ("ring", "stacks less favourably between Phe381 and Phe424", "bare_feature"),
        # blind-45
        (
            "unsubstituted H-tetrazine offers less steric hindrance to the dienophile",
            "lacks the electron-donating methyl",
            "feature_holds_clause",
        ),
        (
            "steric clash between the rod-like nitrile and Phe80",
            "sit about 0.7 Å closer to the hinge in CDK2",
            "no_agreement",
        ),
        ("NH protons next to the phenyl ring", "is two pKa units less acidic", "no_agreement"),
        ("gem-dimethyl group on the amino acid", "shield the ester carbonyl", "no_agreement"),
    ],
)
def test_a_misread_answer_is_named(feature: str, mechanism: str, code: str) -> None:
    assert code in codes(feature, mechanism)


@pytest.mark.parametrize(
    ("feature", "mechanism"),
    [
        ("ethylenediamine arm", "reacts with CO2 to form an intramolecular ammonium carbamate"),
        ("pentafluorophenoxy leaving group", "departs faster than a phenoxide"),
        ("aryl ring bearing a fluorine", "resists oxidation at its para position"),
        ("acetamido group", "must shed water to pass Pro197 at the channel entrance"),
        ("cyclopropyl ring", "cannot turn out of the ring plane to follow the cleft"),
        ("dienophile", "undergoes a Diels–Alder reaction with the Heck product"),
        ("diaryl ether oxygen", "acts as a hinge, letting the chlorophenyl ring swing away"),
        ("nitromethylene group", "photolyzes under sunlight within minutes"),
        ("amide N–H", "binds to Glu966 and to the backbone carbonyl of Leu959"),
        ("N-methyl group", "strongly prefers the cis geometry (ΔG = 2.1 kcal/mol)"),
        ("thiazole ring", "bound directly to Arg155 in the crystal structure"),
        ("two methoxy groups", "donate electron density into the ring"),
        ("methyl and the ring", "crowd the metal centre"),
        ("tert-butyl groups", "shield the metal and are what slows the reaction"),
    ],
)
def test_a_good_answer_passes(feature: str, mechanism: str) -> None:
    assert codes(feature, mechanism) == []
