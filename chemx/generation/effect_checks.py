"""Whether an effect span is an observation a question can state, and its tail cleaned.

The decomposition cuts an effect out of the paper's sentence; some spans are no
observation about the drawn compound even when the cut is right: the part a compound
plays in the study ("2a is a useful negative control"), a comparison whose other side is
in the sentence before ("Faster still was 4e"), a design step ("The methoxy group was
exchanged for ... to shut down O-dealkylation"), a likeness with no effect of its own
("behaves like 3"), or only the claim that the cause is responsible ("..., and its
thioether sulfur bridge is probably responsible: ..."), where the effect stood in the
clause before, or only a verdict that something matters ("The point of attachment also
matters, since ..."). A stem written from any of them asks about nothing (issue 13, blind
corpora 12 and 13). `not_an_observation` names why; `without_evaluation` drops the
authors' verdict on the observation (", which is unsurprising"), which a stem would
state as if it were measured.
"""

from __future__ import annotations

import re

STUDY_ROLE = re.compile(
    r"\b(?:is|was|are|were|serves as|served as|makes)\s+(?:a|an)\s+(?:useful\s+|good\s+|"
    r"suitable\s+|convenient\s+|natural\s+|negative\s+|positive\s+|simple\s+)*"
    r"(?:control|reference|benchmark|example|exception|comparison|starting point|"
    r"model(?: compound)?|tool(?: compound)?|probe|candidate|lead|outlier)s?\b[^,;:]*$",
    re.I,
)
"""'2a is a useful negative control': the part a compound plays in the study, not an
effect measured on it; the explanation after it belongs to another observation."""
ELLIPTICAL_COMPARISON = re.compile(r"^\w+er\s+(?:still|yet)\s+(?:was|were|is|are)\b", re.I)
"""'Faster still was 4e': what was faster is in the sentence before."""
DESIGN_STEP = re.compile(
    r"\b(?:was|were)\s+(?:therefore\s+|then\s+|thus\s+)?(?:exchanged|replaced|swapped|"
    r"introduced|installed|incorporated|appended|attached)\b[^.]*\bto\s+[a-z]+\b",
    re.I,
)
"""'The methoxy group was exchanged for a difluoromethoxy group in 1c to shut down
O-dealkylation': a design step and its purpose, not an observed effect."""
ONLY_LIKE = re.compile(
    r"\b(?:behaves|behaved|acts|acted|performs|performed)\s+(?:much\s+)?like\s+\S+"
    r"(?:\s+(?:but|only|though|albeit|although)\b[^,;]*)?$",
    re.I,
)
"""'Coumarin 1 behaves like 3 but less dramatically': no observation of its own; the stem
would need compound 3's."""
RESPONSIBILITY_ONLY = re.compile(
    r"^(?:is|are|was|were|(?:may|might|must|could|would)\s+be|seems?\s+to\s+be|"
    r"appears?\s+to\s+be)\s+(?:\w+ly\s+)?(?:(?:also|then|in part)\s+)?"
    r"(?:responsible|to blame|at fault|(?:the|a|an)\s+(?:\w+\s+)?"
    r"(?:cause|reason|origin|culprit|source|explanation))"
    r"(?:\s+for\s+(?:this|that|it|these|those|the\s+\w+))?$",
    re.I,
)
"""'... is probably responsible', 'was the likely culprit': the claim that a cause
exists; the observation it explains is in another clause."""
IMPORTANCE_ONLY = re.compile(
    r"\b(?:(?:also|clearly|evidently|therefore|thus)\s+)*(?:matters|mattered|"
    r"(?:is|was|are|were)\s+(?:also\s+|equally\s+|therefore\s+)*(?:important|crucial|critical|"
    r"decisive|key|essential|relevant))\s*$",
    re.I,
)
"""'The point of attachment also matters': a verdict that something is important, with
no outcome that was measured; the stem would ask about nothing observed."""
EVALUATIVE_TAIL = re.compile(
    r",\s*which\s+(?:is|was|seems|appears)\s+(?:\w+ly\s+)?(?:not\s+)?(?:unsurprising|"
    r"surprising|unexpected|expected|noteworthy|notable|remarkable|striking|intriguing|"
    r"interesting|consistent\s+with\b.*|in\s+line\s+with\b.*|in\s+agreement\s+with\b.*)\s*$",
    re.I,
)
"""', which is unsurprising': the authors' verdict on the observation, not part of it."""


def not_an_observation(effect: str) -> str | None:
    """Why the effect span states no observation about the drawn compound; None if it does."""
    text = effect.strip()
    if ELLIPTICAL_COMPARISON.match(text):
        return f"{text!r} compares with a sentence the stem does not have"
    if DESIGN_STEP.search(text):
        return f"{text!r} is a change the authors made, not an outcome"
    if ONLY_LIKE.search(text):
        return f"the effect {text!r} says only that it resembles another"
    if STUDY_ROLE.search(text):
        return f"{text!r} names the compound's role in the study"
    if IMPORTANCE_ONLY.search(text):
        return f"{text!r} says only that something matters, not what was observed"
    if RESPONSIBILITY_ONLY.match(text):
        return f"{text!r} says only that the cause is responsible; the effect is elsewhere"
    return None


CONSISTENCY_TAIL = re.compile(
    r",\s+(?:(?:fully|entirely|largely)\s+)?(?:consistent|in\s+line|in\s+agreement)\s+"
    r"with\b.*$",
    re.I,
)
"""', consistent with loss of the hydrogen bond that the NH donates': an explanation the
authors attach to the observation; a stem that kept it would state a mechanism."""


def without_evaluation(effect: str) -> str:
    """The effect without a closing verdict or explanation ('consistent with ...')."""
    return CONSISTENCY_TAIL.sub("", EVALUATIVE_TAIL.sub("", effect)).rstrip()


__all__ = ["not_an_observation", "without_evaluation"]
