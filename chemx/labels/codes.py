"""Codes and acronyms a paper uses for its compounds in place of a numbered label.

Numbered labels ('3c', '(S)-7', 'II') are the grammar's (`chemx.labels.grammar`); many
papers also print a code under a drawing: ligands 'L1'-'L7', intermediates 'INT23',
catalysts 'PC1', metabolites 'AICAR', 'PRPP', 'L-Arg', drug codes 'CF102',
'N-Me-TY3'. On the 13 journal PDFs of `shared/realworld/papers` 61 of the 397 drawn
compounds are named so. A code is never accepted on its looks alone (reagents,
solvents and drawn groups look the same: 'TFA', 'DMAP', 'OMe', 'CF3'): only when the
paper's text names it too (`chemx.labels.reconcile.PaperLabels.names`), which the
caller checks; `read_code` says whether printed text spells one code at all.

==========================  ============  ===========================================
printed                     code          rule
==========================  ============  ===========================================
``L3``, ``PC1``, ``INT23``  same          letters and digits, an uppercase letter
``AICAR``, ``L-Arg``        same          two or more uppercase letters, hyphens
``INT26, (8.6)``            ``INT26``     a bracketed number after it (an energy)
``(−)-XY12``                ``(-)-XY12``  an optical-rotation prefix
``CF3``, ``NO2``, ``CO2H``  none          a formula (element symbols and counts)
``THF``, ``OMe``, ``TFA``   none          solvents, reagents, groups (`NOT_CODES`)
``Me``, ``a``, ``iii``      none          one uppercase letter and no digit
``C4-arylation``            none          a lowercase word: a term with a locant
==========================  ============  ===========================================

A natural product or metabolite is often labelled by its name ('Adenosine',
'hypoxanthine', '(−)-Azaspirene', 'Salinosporamide A'); `read_name` says whether printed
text spells one: one to three words of letters with an optional rotation prefix and a
letter or Roman numeral after it, not a role word ('catalyst', 'ligand', `ROLE_NOUNS`),
not a process ('acetalization'), not a class in the plural ('dibenzofurans'), not an
adjective ('nucleophilic') and not common English (a word list's frequency:
'conditions', 'Trip', 'formidable'). Like a code, a name counts only when the paper's
text names it too.
"""

from __future__ import annotations

import re

from chemx.english import zipf
from chemx.labels.stop_lists import NOT_CODES, ROLE_NOUNS

_TAIL = re.compile(r"[,;]?\s*[\(\[]\s*[-−+]?\d+(?:\.\d+)?\s*[\)\]]?\s*$")
"""A bracketed number after the code: a relative energy or a yield ('INT26, (8.6)')."""
_CODE = re.compile(r"(?:\((?P<sign>[+\-−±])\)-)?(?P<body>[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*)")
_ELEMENTS = frozenset(
    " ".join(
        (
            "H He Li Be B C N O F Ne Na Mg Al Si P S Cl Ar K Ca Sc Ti V Cr Mn Fe Co Ni Cu Zn",
            "Ga Ge As Se Br Kr Rb Sr Y Zr Nb Mo Tc Ru Rh Pd Ag Cd In Sn Sb Te I Xe Cs Ba La",
            "Ce Pr Nd Sm Eu Gd Tb Dy Ho Er Tm Yb Lu Hf Ta W Re Os Ir Pt Au Hg Tl Pb Bi",
        )
    ).split()
)
_GROUPS = frozenset(
    {"Me", "Et", "Pr", "Bu", "Ph", "Bn", "Bz", "Ac", "Ts", "Tf", "Ms", "Boc", "Cbz", "Piv", "Ar"}
)
"""Group abbreviations of condensed formulae ('SO2Ph', 'NHBoc', 'CH2OtBu')."""
_FORMULA_PART = re.compile(r"(?:[nist](?=Bu|Pr))?(Boc|Cbz|Piv|[A-Z][a-z]?)((?:[2-9]|[1-9][0-9])?)")


CODE_NOTE = "a code the paper's text names for the compound, not a numbered label"
"""The note a reader puts on an identifier it accepted as a code."""


def read_code(text: str) -> str | None:
    """The one code `text` spells (see the module table), or None."""
    cleaned = _TAIL.sub("", text.strip()).strip(" .,;:")
    found = _CODE.fullmatch(cleaned)
    if found is None:
        return None
    body = found["body"]
    if any(len(part) >= 4 and part.islower() for part in body.split("-")):
        return None  # a term with a locant ('C4-arylation'), not a code
    uppercase = sum(char.isupper() for char in body)
    has_digit = any(char.isdigit() for char in body)
    if uppercase < 2 and not (uppercase and has_digit):
        return None
    if body in NOT_CODES or _is_formula(body):
        return None
    sign = found["sign"]
    return f"({'-' if sign == '−' else sign})-{body}" if sign else body


def _is_formula(token: str) -> bool:
    """Whether `token` is a condensed formula ('CF3', 'CO2H', 'SO2Ph'), not a code.

    A count is 2-99: no formula writes a 1, so 'PC1' is a code.
    """
    position = 0
    while position < len(token):
        part = _FORMULA_PART.match(token, position)
        if part is None or (part[1] not in _ELEMENTS and part[1] not in _GROUPS):
            return False
        position = part.end()
    return True


NAME_NOTE = "a name the paper's text uses for the compound, not a numbered label"
"""The note a reader puts on an identifier it accepted as a name."""
_NAME = re.compile(
    r"(?:\((?P<sign>[+\-−±])\)\s?-?\s?)?"
    r"(?P<body>[A-Za-z][a-z]{2,}(?:[- ][a-z]{3,})*)(?:\s(?P<suffix>[A-H]|I{1,3}|IV|V))?"
)
MIN_NAME_LETTERS = 6
"""A name is at least this long ('uric acid' is 8 letters, 'ICA' is a code)."""
MAX_NAME_WORDS = 3
MAX_NAME_ZIPF = 3.0
"""Its rarest word is rarer than this in English (wordfreq Zipf scale: 'adenosine' 2.7,
'hypoxanthine' 1.4; 'formidable' 3.7 and 'conditions' 5.0 are words of the prose, and so,
at this price, are 'glucose' 3.8 and 'caffeine' 3.7)."""
MAX_WORD_ZIPF = 5.5
"""... and none of its words is a function word of the prose ('two vicinal': 'two' 6.3;
'acid' 4.4 stays, for 'uric acid')."""
PROCESS_ENDINGS = ("tion", "sion", "ysis", "ment")
"""A word ending so names a process ('acetalization', 'hydrolysis'), not a compound."""
ADJECTIVE_ENDINGS = ("ic", "ous", "ive")
"""A one-word name ending so is an adjective of the prose ('nucleophilic')."""


def _singular(word: str) -> str:
    """A plural's singular ('synthons' -> 'synthon'); other words as they are."""
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "is", "us")):
        return word[:-1]
    return word


def read_name(text: str) -> str | None:
    """The one compound name `text` spells (see the module docstring), or None."""
    cleaned = _TAIL.sub("", text.strip()).strip(" .,;:")
    found = _NAME.fullmatch(cleaned)
    if found is None:
        return None
    words = [word.lower() for word in re.split(r"[- ]", found["body"])]
    if len(words) > MAX_NAME_WORDS or sum(len(word) for word in words) < MIN_NAME_LETTERS:
        return None
    if any(_singular(word) in ROLE_NOUNS or word.endswith(PROCESS_ENDINGS) for word in words):
        return None
    if _singular(words[-1]) != words[-1]:
        return None  # a class ('dibenzofurans', 'glyclauxins'), not one compound
    if len(words) == 1 and words[0].endswith(ADJECTIVE_ENDINGS):
        return None  # 'nucleophilic'
    frequencies = [zipf(word) for word in words]
    if min(frequencies) >= MAX_NAME_ZIPF or max(frequencies) >= MAX_WORD_ZIPF:
        return None
    sign = found["sign"]
    prefix = f"({'-' if sign == '−' else sign})-" if sign else ""
    suffix = f" {found['suffix']}" if found["suffix"] else ""
    return f"{prefix}{found['body']}{suffix}"


__all__ = ["CODE_NOTE", "NAME_NOTE", "read_code", "read_name"]
