"""The caption's evidence on whether a figure is chemistry, combined with the image's.

The image classifier sees pixels only; the caption says what the authors drew. A
"Scheme" or "Chart" in a chemistry paper is drawn chemistry, and "ECD spectra",
"X-ray structure", "dose-response curves" or "cryo-EM map" name figures that are not
2-D structures, whatever their pixels look like to a classifier trained on synthetic
renders. The decision is one documented rule:

    logit(p_chemistry) = logit(1 - p_image(non_chemistry)) + caption log-odds

and the figure is chemistry when p_chemistry > 0.5, with the chemistry class the
image's most probable one among the three. The caption log-odds are fixed, stated
weights (not fitted): +4 for a Scheme or Chart label, +2 for a graphical abstract (the
PDF source's uncaptioned TOC graphic), -3 for words that name a
non-structure picture (spectra, X-ray, ORTEP, crystal packing, dose-response, curves,
plot, cryo-EM, map, microscopy, gel, blot, expression, docking, binding pocket,
electron density, DFT energy profile, NMR data). Chemistry words in a caption
("synthesis", "mechanism", "catalyst", "coupling") carry no weight: measured on the
real-PDF gold (+2 for them) they also name the
biology and materials figures of chemistry papers ("G protein coupling", "catalyst
reusability" over a bar chart) and let plots through. Both the image's probabilities
and the caption's evidence go into the decision's scores.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from chemx.visual.classes import FIGURE_CLASSES, FigureClass

LABEL_WEIGHT = 4.0
"""Log-odds for chemistry from a Scheme or Chart label."""
GRAPHICAL_ABSTRACT_WEIGHT = 2.0
"""Log-odds for chemistry from the first page's uncaptioned TOC graphic: a chemistry
paper's graphical abstract draws its chemistry, but it also mixes in photos and
cartoons, so less than a Scheme label (QC 1 still rejects photo and 3-D crops)."""
NON_STRUCTURE_WORDS_WEIGHT = -3.0
_SCHEME_LABEL = re.compile(r"^\s*(scheme|chart)\b", re.IGNORECASE)
_NON_STRUCTURE = re.compile(
    r"\b(spectr(a|um)|ECD|CD|UV|x-ray|ORTEP|crystal (structure|packing)|packing|"
    r"dose[-–‒ ]response|curves?|plots?|cryo-?EM|maps?|microscop(y|ic)|micrographs?|"
    r"SEM|TEM|gels?|blots?|western|expression|docking|binding (pocket|site|mode)|"
    r"electron density|energy profiles?|free[- ]energy|photographs?|images? of|"
    r"fluorescence|absorption|cell viability|histolog|NMR data)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class CaptionDecision:
    """The combined verdict and what went into it."""

    figure_class: FigureClass
    scores: dict[str, float]
    reasons: tuple[str, ...]
    """What the caption said ("Scheme label", "non-structure words: ECD, spectra")."""


def caption_log_odds(label: str | None, caption: str) -> tuple[float, tuple[str, ...]]:
    """The caption's log-odds for chemistry, and the evidence it rests on."""
    odds = 0.0
    reasons: list[str] = []
    if label and _SCHEME_LABEL.match(label):
        odds += LABEL_WEIGHT
        reasons.append(f"{label.split()[0]} label")
    elif label and label.lower() == "graphical abstract":
        odds += GRAPHICAL_ABSTRACT_WEIGHT
        reasons.append("graphical abstract")
    other = sorted({match.group(0) for match in _NON_STRUCTURE.finditer(caption)})
    if other:
        odds += NON_STRUCTURE_WORDS_WEIGHT
        reasons.append("non-structure words: " + ", ".join(other[:4]))
    return odds, tuple(reasons)


def decide_class(
    probabilities: dict[str, float], label: str | None, caption: str
) -> CaptionDecision:
    """The figure's class from the image's probabilities and its caption (module rule)."""
    non = FigureClass.NON_CHEMISTRY.value
    p_image = min(max(1.0 - probabilities[non], 1e-6), 1 - 1e-6)
    odds, reasons = caption_log_odds(label, caption)
    combined = 1.0 / (1.0 + math.exp(-(math.log(p_image / (1 - p_image)) + odds)))
    figure_class: FigureClass = FigureClass.NON_CHEMISTRY
    if combined > 0.5:
        chemistry = [c for c in FIGURE_CLASSES if c is not FigureClass.NON_CHEMISTRY]
        figure_class = max(chemistry, key=lambda c: probabilities[c.value])
    scores = {
        **probabilities,
        "p_chemistry_image": round(p_image, 4),
        "caption_log_odds": odds,
        "p_chemistry": round(combined, 4),
    }
    return CaptionDecision(figure_class, scores, reasons)
