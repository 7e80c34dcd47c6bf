r"""Answer extraction for ChemPro-style text benchmarks: the ``FINAL ANSWER`` field.

ChemPro (seeds 000/001) asks the model for a solution and then "ONLY return the letter
(A/B/C/D) of the correct choice" or "the correct answer ($ final numerical value $)"
under the heading ``FINAL ANSWER:``; "for numericals we extract the numeric value
(handling scientific notation and common formatting), and scoring is performed on the
resulting numeric value rather than raw string equality".

The field is the first non-empty line after the last ``FINAL ANSWER`` heading (markdown
emphasis, ``$`` and LaTeX spacing removed); without a heading, the content of the last
``\boxed{...}``; otherwise there is no answer (scored as wrong). In the field:

- a letter is the first capital letter among the allowed ones that stands alone (not
  part of a word or a formula like ``C6H6``): ``(B)``, ``**B**``, ``Option B``;
- a number is the first number not glued to a word (``CO2`` is not 2), with thousands
  separators (``1,234.5``) and a power of ten in any usual spelling: ``2.5e-3``,
  ``2.5 × 10^-3``, ``2.5x10^-3``, ``2.5 \times 10^{-3}``, ``2.5·10⁻³``, or a bare
  ``10^-3``. Units after it are ignored. Fractions are read as their numerator.

>>> extract_number("SOLUTION: ... FINAL ANSWER: 2.5 × 10^-3 mol L^-1")
0.0025
>>> extract_letter("FINAL ANSWER: (B)")
'B'
"""

from __future__ import annotations

import re

FINAL_ANSWER = re.compile(r"final\s*answer", re.IGNORECASE)
BOXED = re.compile(r"\\boxed\s*\{((?:[^{}]|\{[^{}]*\})*)\}")
LATEX_WRAPPERS = re.compile(r"\\(?:text|mathrm|mathbf|textbf|operatorname|rm)\s*\{([^{}]*)\}")
SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺", "0123456789-+")
TIMES = r"(?:[×xX*·∙]|\\times|\\cdot)"
EXPONENT = r"[-+]?\d+"
NUMBER = re.compile(
    r"(?<![\w.])"
    r"(?P<mantissa>[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|[-+]?\.\d+)"
    r"(?:"
    rf"\s*[eE]\s*(?P<e>{EXPONENT})(?![\w.])"
    rf"|\s*{TIMES}\s*10\s*(?:\^|\*\*)\s*[{{(]?\s*(?P<power>{EXPONENT})\s*[}})]?"
    rf"|\s*{TIMES}\s*10(?P<sup>[⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)"
    rf"|(?<=10)\s*(?:\^|\*\*)\s*[{{(]?\s*(?P<bare>{EXPONENT})\s*[}})]?"
    r"|(?<=10)(?P<baresup>[⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)"
    r")?"
)
"""A number and its power of ten; ``bare`` only after a mantissa of exactly 10 (checked)."""


def _clean(text: str) -> str:
    r"""Drop markdown emphasis, math delimiters and LaTeX spacing; unwrap \text{...}."""
    text = text.replace("\u2212", "-")  # the minus sign
    text = LATEX_WRAPPERS.sub(r" \1 ", text)
    for token in ("\\left", "\\right", "\\,", "\\;", "\\!", "\\ ", "$", "**", "__", "`"):
        text = text.replace(token, " " if token.startswith("\\") else "")
    return text.replace("~", " ")


def final_answer_field(text: str | None) -> str | None:
    """The text of the answer field (see the module docstring), or None."""
    if not text:
        return None
    headings = list(FINAL_ANSWER.finditer(text))
    if headings:
        rest = text[headings[-1].end() :]
        for line in rest.splitlines():
            line = _clean(line).strip().lstrip(":：#*> \t")
            line = line[2:].strip() if line.startswith("- ") else line.strip()  # a bullet
            if line:
                return line
        return None
    boxed = BOXED.findall(text)
    return _clean(boxed[-1]).strip() if boxed else None


def extract_letter(text: str | None, letters: str = "ABCD") -> str | None:
    r"""The letter in the answer field, or None.

    >>> extract_letter("FINAL ANSWER:\n**Option C** because ...")
    'C'
    >>> extract_letter("FINAL ANSWER: C6H6 (benzene) is option A")  # C6H6 is no letter
    'A'
    """
    field = final_answer_field(text)
    if field is None:
        return None
    match = re.search(rf"(?<![A-Za-z0-9])([{letters}])(?![A-Za-z0-9])", field)
    return match.group(1) if match else None


def parse_number(field: str) -> float | None:
    r"""The first number in `field` with its power of ten (see the module docstring).

    >>> parse_number("2.5 \\times 10^{-3}"), parse_number("1,234.5 J"), parse_number("10^-3 M")
    (0.0025, 1234.5, 0.001)
    """
    text = _clean(field)
    for match in NUMBER.finditer(text):
        mantissa = match.group("mantissa")
        bare = match.group("bare") or match.group("baresup")
        if bare is not None and mantissa.lstrip("+-") != "10":
            continue  # "5^2" is not a number this reader knows
        digits = mantissa.replace(",", "")
        exponent = match.group("e") or match.group("power") or match.group("sup")
        if bare is not None:  # 10^-3: the mantissa is the base
            digits, exponent = ("-1" if digits.startswith("-") else "1"), bare
        if exponent is not None:  # one decimal literal, so 6.022e23 is exactly float's
            return float(f"{digits}e{exponent.translate(SUPERSCRIPTS)}")
        return float(digits)
    return None


def extract_number(text: str | None) -> float | None:
    """The number in the answer field, or None."""
    field = final_answer_field(text)
    return parse_number(field) if field is not None else None
